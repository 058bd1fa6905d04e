#!/usr/bin/env bats
# What every tool does the same way, before any rule of the game: --version, a usage error in
# one line that names the fault and points at --help, and standard input that cannot hold a
# state (a terminal, a file the shell emptied, JSON) refused at once with a message that says
# what to do instead.

bats_require_minimum_version 1.5.0
load helper

tools=(carc-deck carc-draw carc-place carc-score carc-render carc-bot)

setup() {
	cd "$BATS_TEST_TMPDIR"
	phases
}

# Runs the words with a pseudo-terminal on standard input, output and error (Python's pty);
# prints what they wrote, then "status N".
on_terminal() {
	python3 - "$@" <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        d = os.read(fd, 1024)
    except OSError:
        break
    if not d:
        break
    out += d
_, st = os.waitpid(pid, 0)
sys.stdout.write(out.decode().replace('\r\n', '\n'))
print('status', os.waitstatus_to_exitcode(st))
EOF
}

@test "--version: carc-TOOL and the version of carc.h on stdout, status 0, for every tool" {
	local version
	version=$(sed -n 's/^#define CARC_VERSION "\(.*\)"$/\1/p' "$TOP/lib/carc.h")
	[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
	for tool in "${tools[@]}"; do
		run --separate-stderr "$tool" --version
		[ "$status" -eq 0 ] && [ "$output" = "$tool $version" ] && [ -z "$stderr" ] ||
		    { echo "$tool --version: $status '$output' '$stderr'"; false; }
		# and its manual says so
		grep -q "^\.Ql $tool $version ,\$" "$TOP/man/$tool.1" ||
		    { echo "man/$tool.1 does not show '$tool $version'"; false; }
		groff -mdoc -Tascii -P-cbou "$TOP/man/$tool.1" | grep -q -- '--version'
	done
}

@test "--version and --help win over the rest of the line, even a bad state" {
	: > empty
	for tool in "${tools[@]}"; do
		run --separate-stderr "$tool" --version empty
		[ "$status" -eq 0 ] && [[ $output == "$tool "* ]]
		run --separate-stderr "$tool" --help
		[ "$status" -eq 0 ] && [[ $output == "usage: $tool "* ]] && [ -z "$stderr" ]
	done
}

# TOOL, then its arguments, then the message, tab-separated: each a usage error in one line.
usage_table='
carc-deck	--sede 3	unknown option '\''--sede'\''
carc-deck	-x	unknown option '\''-x'\''
carc-deck	--seed	option '\''--seed'\'' needs a value
carc-deck	--armor=no	option '\''--armor'\'' takes no value
carc-deck	--st X	ambiguous option '\''--st'\'' (--stack, --start)
carc-deck	--verify draw place	unexpected operand '\''place'\''
carc-draw	--armour draw	unknown option '\''--armour'\''
carc-draw	-i	option '\''-i'\'' needs a value
carc-draw	draw place	unexpected operand '\''place'\''
carc-place	--lst draw	unknown option '\''--lst'\''
carc-place	-q 1,0,0 place	unknown option '\''-q'\''
carc-place	--list --no-wait place	--list does not go with --no-wait
carc-place	-i place	no MOVE given
carc-place	-i place 1,0,0 place	unexpected operand '\''place'\'': -i names the file
carc-score	--verb score	unknown option '\''--verb'\''
carc-score	-i score score	unexpected operand '\''score'\'': -i names the file
carc-render	--fromat svg draw	unknown option '\''--fromat'\''
carc-render	--legal=yes draw	option '\''--legal'\'' takes no value
carc-render	--highlight	option '\''--highlight'\'' needs a value
carc-bot	--strategy random	unknown option '\''--strategy'\''
carc-bot	--selfplay 3 --strategies random -i place	--selfplay does not go with -i
carc-bot	--players a,b random place	--players goes with --selfplay
carc-bot	-i place random place	unexpected operand '\''place'\'': -i names the file
'

@test "a usage error: status 64, nothing on stdout, one line: the fault, then try 'TOOL --help'" {
	local tool args words n=0
	while IFS=$'\t' read -r tool args words; do
		[ -n "$tool" ] || continue
		run --separate-stderr $tool $args
		misused "$words"
		n=$((n + 1))
	done <<< "$usage_table"
	[ "$n" -eq 23 ]
}

@test "the old usage errors of every tool are one line now: never the synopsis on stderr" {
	for tool in "${tools[@]}"; do
		for args in "--bogus" "-Z" "--help=1"; do
			run --separate-stderr "$tool" $args
			[ "$status" -eq 64 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
			    [[ $stderr == "$tool: "*"; try '$tool --help'" ]] ||
			    { echo "$tool $args: $status '$stderr'"; false; }
		done
	done
}

@test "a terminal on standard input is refused at once with 64, not waited on" {
	local words
	for words in "carc-draw" "carc-place 1,0,0" "carc-place --list" "carc-score" \
	    "carc-render" "carc-bot random" "carc-deck --from-json" "carc-deck --verify" \
	    "carc-deck --replay -"; do
		run timeout 10 bash -c "$(declare -f on_terminal); on_terminal $words"
		[ "$status" -eq 0 ] &&
		    [ "${lines[0]}" = "${words%% *}: stdin is a terminal: give FILE, or redirect standard input from a file or a pipe" ] &&
		    [ "${lines[1]}" = "status 64" ] && [ "${#lines[@]}" -eq 2 ] ||
		    { echo "$words: $output"; false; }
	done
}

@test "stdin emptied by the shell because stdout is the same file: 64 and the way to do it" {
	local words
	for words in "carc-draw" "carc-place 1,0,0" "carc-score" "carc-bot random"; do
		cp draw game
		run --separate-stderr bash -c "$words < game > game"
		[ "$status" -eq 64 ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
		    [ "$stderr" = "${words%% *}: stdin is empty: it is the file standard output goes to, which the shell emptied before ${words%% *} began; update a file in place with -i FILE" ] ||
		    { echo "$words: $status '$stderr'"; false; }
		[ ! -s game ]
	done
	for words in "carc-render" "carc-place --list" "carc-deck --from-json" "carc-deck --verify"; do
		carc-render --format json draw > game
		run --separate-stderr bash -c "$words < game > game"
		[ "$status" -eq 64 ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
		    [ "$stderr" = "${words%% *}: stdin is empty: it is the file standard output goes to, which the shell emptied before ${words%% *} began; write to another file" ] ||
		    { echo "$words: $status '$stderr'"; false; }
	done
	carc-deck --replay draw > game
	run --separate-stderr bash -c "carc-deck --replay - < game > game"
	[[ $stderr == *"; update a file in place with -i FILE" ]]
	# an empty file that is not standard output, or is but was not emptied (>>), is only empty
	: > empty
	run --separate-stderr carc-draw < empty
	tool=carc-draw fails 65 "stdin: empty input, not a carc state"
	run --separate-stderr bash -c "carc-draw < empty >> empty"
	tool=carc-draw fails 65 "stdin: empty input, not a carc state"
}

@test "JSON where a state is expected: 65, and carc-deck --from-json named" {
	local words
	carc-render --format json draw > draw.json
	for words in "carc-draw" "carc-place 1,0,0" "carc-place --list" "carc-score" \
	    "carc-render" "carc-bot random" "carc-deck --verify" "carc-deck --replay"; do
		refused_by 65 "draw.json: JSON, not a carc state: carc-deck --from-json reads it" \
		    "$words" operand draw.json
		[ "$words" = "carc-deck --replay" ] && words="carc-deck --replay -"
		refused_by 65 "stdin: JSON, not a carc state: carc-deck --from-json reads it" \
		    "$words" stdin draw.json
	done
	cp draw.json g
	run --separate-stderr carc-draw -i g
	tool=carc-draw fails 65 "g: JSON, not a carc state: carc-deck --from-json reads it"
	cmp g draw.json
	carc-deck --from-json draw.json | carc-draw > /dev/null
}
