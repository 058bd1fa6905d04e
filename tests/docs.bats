#!/usr/bin/env bats
# The documents as tests: every command that README.md and the EXAMPLES of the manual pages show
# is run, and what it prints must be what they show (tests/doctest.sh says how they are read).
# A change of the tools that changes an example fails here with the diff to copy back.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "README.md: the tour, the bots and play by e-mail print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/README.md"
}

@test "carc(7): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc.7"
}

@test "carc-deck(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-deck.1"
}

@test "carc-draw(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-draw.1"
}

@test "carc-place(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-place.1"
}

@test "carc-score(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-score.1"
}

@test "carc-render(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-render.1"
}

@test "carc-bot(1): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-bot.1"
}

@test "carc-state(5): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-state.5"
}

@test "carc-tiles(5): the EXAMPLES print what they show" {
	"$TOP/tests/doctest.sh" "$TOP/man/carc-tiles.5"
}

@test "every manual page is checked here" {
	local page pages=() tested
	for page in "$TOP"/man/*.[157]; do
		pages+=("$(basename "$page")")
	done
	tested=$(sed -n 's|^\t"$TOP/tests/doctest.sh" "$TOP/man/\([^"]*\)".*|\1|p' "$BATS_TEST_FILENAME" | sort)
	[ "$(printf '%s\n' "${pages[@]}" | sort)" = "$tested" ]
}

@test "carc(7) RULES: every rule id of the messages, the manuals and README.md, one line each" {
	local used listed
	used=$(cd "$TOP" && grep -ohE '\b(B|F|H|PD|TW|X-CA|X-IC|X-TB|X-AM)-[0-9]+[a-z]?\b' lib/*.c lib/rules/*.c bin/*.c \
	    man/*.[157] README.md | sort -u)
	listed=$(awk '/^\.Sh RULES/ { f = 1; next } /^\.Sh / { f = 0 } f && /^\.It / { print $2 }' \
	    "$TOP/man/carc.7" | sort)
	[ -n "$used" ]
	[ "$(comm -23 <(echo "$used") <(echo "$listed"))" = "" ] ||
	    { echo "not in RULES: $(comm -23 <(echo "$used") <(echo "$listed"))"; false; }
	[ "$(comm -13 <(echo "$used") <(echo "$listed"))" = "" ] ||
	    { echo "used nowhere: $(comm -13 <(echo "$used") <(echo "$listed"))"; false; }
	# each listed once, with its rule on the lines after it
	[ "$(echo "$listed" | uniq -d)" = "" ]
	[ "$(echo "$listed" | wc -l)" -ge 40 ]
}

# The checker itself, on small documents of its own.

@test "doctest: a drifted output fails with the diff and the line of the command" {
	cat > doc.md <<'EOF'
A tool:

    $ carc-deck --players ann,bob --seed 7 > game
    $ carc-render game | tail -n 1
    phase draw: ann draws the next tile; 70 tiles left
EOF
	run "$TOP/tests/doctest.sh" doc.md
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "doc.md:4: the output differs from the document's:" ]
	[ "${lines[1]}" = '    $ carc-render game | tail -n 1' ]
	[[ $output == *'    -phase draw: ann draws the next tile; 70 tiles left'* ]]
	[[ $output == *'    +phase draw: ann draws the next tile; 71 tiles left'* ]]
	[ "${lines[-1]}" = "doctest: doc.md: 1 of 2 cases as shown" ]
}

@test "doctest: '...' stands for any lines, and status and errors are output too" {
	cat > doc.md <<'EOF'
    $ carc-deck --players ann,bob --seed 7 | carc-render --format json | jq .players
    [
    ...
    ]
    $ carc-draw < /dev/null
    carc-draw: stdin: empty input, not a carc state
    $ echo $?
    65
EOF
	run "$TOP/tests/doctest.sh" doc.md
	[ "$status" -eq 0 ]
	[ "$output" = "doctest: doc.md: 3 of 3 cases as shown" ]
}

@test "doctest: a script in a folder of its own, its output block, a file, a skip" {
	cat > doc.7 <<'EOF'
.Sh EXAMPLES
.\" doctest: file names.txt
.Bd -literal
ann
bob
.Ed
.\" doctest: script
.Bd -literal
ls names.txt 2>/dev/null
paste -sd, ../names.txt
.Ed
.\" doctest: output
.Bd -literal
ann,bob
.Ed
.\" doctest: skip it would print
.Bd -literal
$ echo printed
.Ed
.Bd -literal
$ tr a-z A-Z < names.txt | sed 1d
BOB
.Ed
EOF
	run "$TOP/tests/doctest.sh" doc.7
	[ "$status" -eq 0 ]
	[ "$output" = "doctest: doc.7: 3 of 3 cases as shown" ]
}

@test "doctest: a literal block of a manual's EXAMPLES must be a session or marked" {
	printf '.Sh EXAMPLES\n.Bd -literal\nwhile :; do :; done\n.Ed\n' > doc.1
	run "$TOP/tests/doctest.sh" doc.1
	[ "$status" -eq 1 ]
	[ "$output" = "doctest: doc.1:3: a literal block in EXAMPLES that is neither a session nor marked" ]
	printf '.Sh EXAMPLES\n.\\" doctest: skip\n.Bd -literal\n$ true\n.Ed\n' > doc.1
	run "$TOP/tests/doctest.sh" doc.1
	[ "$status" -eq 1 ]
	[ "$output" = "doctest: doc.1:4: skip needs a reason" ]
}
