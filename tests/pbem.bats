#!/usr/bin/env bats
# Play by e-mail: the armoured state and the readers that find it in real messages, -i (in
# place, atomically), carc-render --format email, and carc-deck --replay and --verify against
# every kind of tampering. Messages are made and read with Python's email package (mail.py).

bats_require_minimum_version 1.5.0
load helper

MAIL="$TOP/tests/mail.py"

# Every tool that reads a state, as the words that run it.
readers=(
	"carc-draw"
	"carc-place 0,1,0"
	"carc-place --list"
	"carc-score"
	"carc-render"
	"carc-render --format json"
	"carc-render --format email"
	"carc-bot random"
	"carc-deck --verify"
	"carc-deck --replay"
)

# A game is played by bots_play FILE to its end, or a bot_step FILE at a time
# (tests/lib/bots.bash), through a file rather than -i, which waits for the disk at every step.

setup_file() {
	cd "$BATS_FILE_TMPDIR"
	carc-deck --players ann,bob --seed 11 > base
	bots_play base
	carc-deck --players ann,bob --seed 9 --expansions base,fortune-teller > ft
	bots_play ft
	carc-deck --players ann,bob,cy --seed 9 --expansions base,catapult > cat
	bots_play cat
	# a game in each phase: bob has the first tile of the second turn drawn
	carc-deck --players ann,bob --seed 7 > draw
	carc-draw draw | carc-place 0,-1,180,city:S | carc-score > next
	carc-draw next > place
	carc-place 0,1,0,cloister place > score
	mv next draw
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	cp "$BATS_FILE_TMPDIR"/{base,ft,cat,draw,place,score} .
}

# Succeeds when the command fails (bats does not fail a test on "! command").
not() {
	! "$@"
}

# FILE is an armoured block exactly as carc-state(5) has it, and its checksum is right.
armour_ok() {
	local f=$1 sum
	awk 'function no(why) { bad = why; exit }
	    NR == 1 { if ($0 != "-----BEGIN CARC GAME-----") no(1); next }
	    NR == 2 { if ($0 !~ /^Players: [^ ,]+(, [^ ,]+)+$/) no(2); next }
	    NR == 3 { if ($0 !~ /^Turn: [0-9]+$/) no(3); next }
	    NR == 4 { if ($0 !~ /^Phase: (draw|place|score|hurl|seduce|over)$/) no(4); next }
	    NR == 5 { if ($0 !~ /^Checksum: [0-9a-f]+$/ || length($0) != 74) no(5); next }
	    NR == 6 { if ($0 != "") no(6); next }
	    { last = $0 }
	    $0 != "-----END CARC GAME-----" && ($0 !~ /^[A-Za-z0-9+\/=]+$/ || length($0) > 64) { no(7) }
	    END { if (bad) exit bad; if (last != "-----END CARC GAME-----") exit 8 }' "$f" ||
	    { echo "$f: not an armoured block (awk $?)"; cat "$f"; return 1; }
	sum=$(unarmour "$f" | sha256sum)
	[ "Checksum: ${sum%% *}" = "$(sed -n 5p "$f")" ] ||
	    { echo "$f: the checksum is not the SHA-256 of the data"; return 1; }
}

# ---- the armour ----

@test "--armor: every writer writes the block of carc-state(5), and it holds the binary state" {
	cmds=(
		"carc-deck --players ann,bob --seed 7"
		"carc-deck --from-json draw.json"
		"carc-deck --replay place"
		"carc-draw draw"
		"carc-place 0,1,0,cloister place"
		"carc-score score"
		"carc-bot random place"
	)
	carc-render --format json draw > draw.json
	for cmd in "${cmds[@]}"; do
		$cmd > binary
		${cmd%% *} --armor ${cmd#* } > text
		armour_ok text
		unarmour text | cmp - binary || { echo "$cmd --armor is not the state"; false; }
	done
}

@test "the armour's header lines say the players, the decisions so far and the phase" {
	carc-place --armor 0,1,0 place > text
	[ "$(sed -n 2,4p text)" = "Players: ann, bob
Turn: 2
Phase: score" ]
	carc-deck --armor --players ann,bob,cy,dee --seed 1 > text
	[ "$(sed -n 2,4p text)" = "Players: ann, bob, cy, dee
Turn: 0
Phase: draw" ]
	carc-deck --armor --replay cat > text
	armour_ok text
	[ "$(sed -n 3p text)" = "Turn: $(carc-render --format json cat | jq '.log | length')" ]
}

@test "a terminal takes armoured output, since it is text" {
	run --separate-stderr script -qec 'carc-draw --armor draw' /dev/null
	[ "$status" -eq 0 ]
	[[ $output == "-----BEGIN CARC GAME-----"* ]]
	[ -z "$stderr" ]
}

@test "every reading tool reads the armour as it reads the binary state, as operand and on stdin" {
	for f in place score base cat; do
		carc-deck --replay "$f" --armor > "$f.txt"
		for reader in "${readers[@]}"; do
			st=0 && $reader "$f" > want 2>&1 || st=$?
			got=0 && $reader "$f.txt" > out 2>&1 || got=$?
			sed -i "s/$f\.txt/$f/g" out
			[ "$st" -eq "$got" ] && cmp -s want out ||
			    { echo "$reader $f.txt: $got, not $st as from $f"; diff want out; false; }
			got=0 && $reader - < "$f.txt" > out 2>&1 || got=$?
			$reader - < "$f" > want 2>&1 || true
			[ "$st" -eq "$got" ] && cmp -s want out ||
			    { echo "$reader < $f.txt: $got, not $st"; diff want out; false; }
		done
	done
}

@test "binary to armour to binary is byte-identical, through every tool that writes" {
	for f in draw place score base ft cat; do
		carc-render --format json "$f" | carc-deck --armor --from-json > "$f.txt"
		armour_ok "$f.txt"
		carc-render --format json "$f.txt" | carc-deck --from-json | cmp - "$f"
		carc-deck --replay "$f.txt" | cmp - "$f"
	done
	carc-draw draw.txt | cmp - <(carc-draw draw)
	carc-place 0,1,0 place.txt | cmp - <(carc-place 0,1,0 place)
	carc-bot random place.txt | cmp - <(carc-bot random place)
	carc-score score.txt | cmp - <(carc-score score)
}

# ---- real e-mail ----

@test "through real e-mail: quoted-printable, soft breaks, base64, CRLF, quoting, multipart, forwarded" {
	carc-deck --armor --replay place > place.txt
	for mode in qp qp-narrow base64 crlf quoted quoted-deep multipart forward; do
		python3 "$MAIL" wrap "$mode" < place.txt > "$mode.eml"
		for reader in "${readers[@]}"; do
			$reader place > want 2>&1 || true
			$reader "$mode.eml" > out 2>&1 || true
			sed -i "s/$mode\.eml/place/g" out
			cmp -s want out || { echo "$reader on $mode.eml"; diff want out; false; }
		done
	done
	# the mail really was encoded as named
	grep -q '^Content-Transfer-Encoding: base64' base64.eml
	not grep -q 'BEGIN CARC' base64.eml
	grep -q '=$' qp-narrow.eml
	grep -q $'\r$' crlf.eml
	grep -q '^> -----BEGIN CARC GAME-----$' quoted.eml
	grep -q '^>> > >-----BEGIN CARC GAME-----$' quoted-deep.eml
	grep -q '^-- $' quoted.eml
}

@test "a reply with the new state above the quoted old one gives the new one" {
	carc-deck --armor --replay place > new.txt
	carc-deck --armor --replay draw > old.txt
	python3 "$MAIL" wrap reply old.txt < new.txt > reply.eml
	[ "$(grep -c 'BEGIN CARC GAME' reply.eml)" -eq 2 ]
	carc-render --format json reply.eml | cmp - <(carc-render --format json place)
	# and the same when the reply quotes it above
	{ sed 's/^/> /' old.txt; cat new.txt; } > above.txt
	carc-render --format json above.txt | cmp - <(carc-render --format json place)
}

# ---- damaged armour ----

# armour_refused WORDS FILE: the armoured FILE is refused by every reader, as an operand and as
# - on standard input, with status 65 and one line containing WORDS: "READER: FILE: armoured
# state ..." and "stdin: WORDS".
armour_refused() {
	local words=$1 file=$2 reader
	for reader in "${readers[@]}"; do
		run --separate-stderr $reader "$file"
		fails 65 "$words" && tool=${reader%% *} fails -p 65 "$file: armoured state" ||
		    { echo "  by $reader"; return 1; }
		run --separate-stderr $reader - < "$file"
		fails 65 "stdin: $words" || { echo "  by $reader - on stdin"; return 1; }
	done
}

@test "a bad checksum: status 65, nothing on stdout, one line that says damaged" {
	carc-draw --armor draw > good.txt
	# one base64 character changed: the state may even still decode
	awk 'NR == 8 { $0 = (substr($0, 1, 10) == "AAAAAAAAAA" ? "B" : "A") substr($0, 2) } 1' \
	    good.txt > bad.txt
	armour_refused "armoured state damaged: its checksum is" bad.txt
	sed '5s/Checksum: ./Checksum: 0/' good.txt > badsum.txt
	cmp -s good.txt badsum.txt && sed -i '5s/Checksum: ./Checksum: 1/' badsum.txt
	armour_refused "armoured state damaged" badsum.txt
}

@test "base64 cut short: status 65 and one line that says so" {
	carc-draw --armor draw > good.txt
	last=$(grep -n '^-----END' good.txt | cut -d: -f1)
	# the last data line loses characters, so the length is no multiple of 4
	awk -v n=$((last - 1)) 'NR == n { $0 = substr($0, 1, length($0) - 3) } 1' good.txt > cut.txt
	armour_refused "armoured state: broken base64" cut.txt
	# a whole line lost: a multiple of 4 again, so the checksum finds it
	sed "$((last - 2))d" good.txt > short.txt
	armour_refused "armoured state damaged" short.txt
}

@test "a missing END line: status 65, whether the block is cut short or the line is lost" {
	carc-draw --armor draw > good.txt
	grep -v '^-----END' good.txt > noend.txt
	armour_refused "armoured state without its -----END CARC GAME----- line" noend.txt
	head -n 6 good.txt > headers.txt
	armour_refused "armoured state without its -----END CARC GAME----- line" headers.txt
}

@test "no Checksum, a character that is not base64, no data, a header that disagrees: 65" {
	carc-draw --armor draw > good.txt
	sed '/^Checksum/d' good.txt > nosum.txt
	armour_refused "armoured state without its Checksum line" nosum.txt
	sed '8s/^./!/' good.txt > bang.txt
	armour_refused "armoured state: broken base64 (a '!' in the data)" bang.txt
	sed '7,/^-----END/{/^-----END/!d}' good.txt > nodata.txt
	armour_refused "armoured state without data" nodata.txt
	sed 's/^Turn: 1/Turn: 12/' good.txt > turn.txt
	armour_refused "armoured state: its header says 'Turn: 12', the state inside 'Turn: 1'" turn.txt
	sed 's/^Phase: place/Phase: over/' good.txt > phase.txt
	armour_refused "armoured state: its header says 'Phase: over'" phase.txt
}

@test "damage inside an e-mail is found too, and an e-mail without a game says so" {
	carc-draw --armor draw > good.txt
	python3 "$MAIL" wrap qp < good.txt > good.eml
	# the first whole base64 line of the block: a character changed
	awk '!done && length($0) == 64 && $0 ~ /^[A-Za-z0-9+\/]+$/ {
		$0 = (substr($0, 1, 1) == "A" ? "B" : "A") substr($0, 2); done = 1 } 1' \
	    good.eml > bad.eml
	not cmp -s good.eml bad.eml
	armour_refused "armoured state damaged" bad.eml
	python3 "$MAIL" wrap base64 < /dev/null > empty.eml
	run --separate-stderr carc-draw empty.eml
	fails 65 "carc-draw: empty.eml: no armoured carc state in the text (no -----BEGIN CARC GAME----- line)"
}

# ---- in place ----

@test "-i: every writer updates the file in place, silent on stdout, no temporary file left" {
	cp draw d && carc-draw draw > want
	run --separate-stderr carc-draw -i d
	[ "$status" -eq 0 ] && [ -z "$output" ] && [ -z "$stderr" ]
	cmp d want
	cp place p && carc-place 0,1,0,cloister place > want
	carc-place -i p 0,1,0,cloister
	cmp p want
	cp place b && carc-bot random place > want
	carc-bot -i b random
	cmp b want
	cp score s && carc-score score > want
	carc-score -v -i s 2> report
	cmp s want
	# a whole game in one file, the same as through pipes
	carc-deck --players ann,bob --seed 11 --deck U,V,E,K,L,B,D > g
	cp g piped
	while carc-draw -i g 2> /dev/null; do
		carc-bot -i g random
		carc-score -i g
	done
	bots_play piped
	cmp g piped
	[ -z "$(ls -A | grep '^\.')" ] || { echo "left behind:" $(ls -A | grep '^\.'); false; }
}

@test "-i keeps the form: armour stays armour, a message becomes its block, --armor armours" {
	carc-deck --armor --replay draw > d.txt
	carc-draw -i d.txt
	armour_ok d.txt
	unarmour d.txt | cmp - <(carc-draw draw)
	carc-render --format email place > p.eml
	carc-place -i p.eml 0,1,0
	armour_ok p.eml
	unarmour p.eml | cmp - <(carc-place 0,1,0 place)
	cp score s
	carc-score -i s --armor
	armour_ok s
	unarmour s | cmp - <(carc-score score)
}

@test "-i on a refusal leaves the file byte for byte as it was, and makes no temporary file" {
	carc-deck --armor --replay place > place.txt
	carc-render --format email place > place.eml
	for f in draw place score place.txt place.eml; do
		cp "$f" "$f.orig"
	done
	run --separate-stderr carc-score -i draw
	fails 1 "carc-score: no tile drawn yet: run carc-draw first"
	run --separate-stderr carc-draw -i place
	fails 1 "a tile is drawn already"
	run --separate-stderr carc-place -i place 9,9,0
	fails 1 "illegal move '9,9,0': no tile next to 9,9 (B-10)"
	run --separate-stderr carc-place -i place.txt 0,0,90
	fails 1 "illegal move '0,0,90': the cell 0,0 holds tile D"
	run --separate-stderr carc-place -i place.eml 1,2,3
	fails 64 "bad move '1,2,3'"
	run --separate-stderr carc-bot -i score random
	fails 1 "not for a placement"
	run --separate-stderr carc-draw -i score --frobnicate
	[ "$status" -eq 64 ] && [ -z "$output" ]
	for f in draw place score place.txt place.eml; do
		cmp "$f" "$f.orig"
	done
	# damaged input: 65, and the file as it was
	carc-draw --armor draw > bad.txt
	sed -i '8s/^./!/' bad.txt
	cp bad.txt bad.orig
	run --separate-stderr carc-draw -i bad.txt
	fails 65 "broken base64"
	cmp bad.txt bad.orig
	[ -z "$(ls -A | grep '^\.')" ]
}

@test "-i with a FILE operand, on standard input, or on a missing file is refused" {
	cp draw d
	run --separate-stderr carc-draw -i d draw
	fails 64 "carc-draw: unexpected operand 'draw': -i names the file; try 'carc-draw --help'"
	run --separate-stderr carc-place -i d 0,1,0 place
	fails 64 "carc-place: unexpected operand 'place': -i names the file; try 'carc-place --help'"
	run --separate-stderr carc-score -i -
	fails 64 "carc-score: -i updates a file: it cannot update standard input"
	run --separate-stderr carc-bot -i nosuch random
	fails 66 "carc-bot: nosuch: No such file or directory"
	run --separate-stderr carc-place --list -i d
	fails 64 "carc-place: --list does not go with -i; try 'carc-place --help'"
	cmp d draw
}

@test "-i follows a symbolic link to the game and keeps the file's mode and owner" {
	mkdir games
	cp draw games/g
	chmod 640 games/g
	ln -s games/g link
	carc-draw -i link
	[ -L link ]
	carc-draw draw | cmp - games/g
	[ "$(stat -c %a games/g)" = 640 ]
	[ -z "$(ls -A games | grep -v '^g$')" ]
	# root updating someone else's game leaves it theirs
	if [ "$(id -u)" -eq 0 ] && id nobody > /dev/null 2>&1; then
		chown nobody games/g
		carc-bot -i link random
		[ "$(stat -c %U games/g)" = nobody ]
	fi
}

@test "-i in a folder that cannot be written: status 74, one line, and the file as it was" {
	[ "$(id -u)" -ne 0 ] || skip "root writes in any folder"
	mkdir ro
	cp draw ro/g
	chmod 555 ro
	run --separate-stderr carc-draw -i ro/g
	chmod 755 ro
	fails 74 "carc-draw: ro/g: cannot create a temporary file beside it"
	cmp ro/g draw
	[ "$(ls -A ro)" = g ]
}

# A state of about 7 MiB (seven user tile sets of 1 MiB, mostly comments), so that a tool takes
# long enough on it to be interrupted.
big_state() {
	local k args=()
	for k in 1 2 3 4 5 6 7; do
		sed "s/RS1/RS$k/; s/RC1/RC$k/; s/^name: roads/name: roads$k/" \
		    "$TOP/tests/fixtures/tilesets/roads.yaml" > "set$k.yaml"
		awk -v k="$k" 'BEGIN { for (i = 0; i < 12900; i++) printf "# padding %d %068d\n", k, i }' \
		    >> "set$k.yaml"
		args+=(--tileset "set$k.yaml")
	done
	carc-deck --players ann,bob --seed 1 "${args[@]}" > "$1"
	rm -f set?.yaml
	[ "$(wc -c < "$1")" -gt 7000000 ]
}

@test "-i interrupted by SIGTERM or SIGINT: the old state or the new one, and no temporary file" {
	big_state old
	cp old g
	carc-draw -i g
	mv g new
	for sig in TERM INT HUP; do
		for delay in 0.005 0.02 0.04 0.06 0.08 0.1 0.15; do
			cp old g
			timeout -s "$sig" "$delay" carc-draw -i g 2> /dev/null || true
			cmp -s g old || cmp -s g new ||
			    { echo "SIG$sig after ${delay}s: neither the old state nor the new"; false; }
			[ -z "$(ls -A | grep '^\.')" ] ||
			    { echo "SIG$sig after ${delay}s left $(ls -A | grep '^\.')"; false; }
		done
	done
}

@test "-i killed with SIGKILL: never part of a state, and the next run works" {
	big_state old
	cp old g
	carc-draw -i g
	mv g new
	for delay in 0.005 0.01 0.02 0.03 0.04 0.05 0.06 0.07 0.08 0.09 0.1 0.12 0.15; do
		cp old g
		timeout -s KILL "$delay" carc-draw -i g 2> /dev/null || true
		cmp -s g old || cmp -s g new ||
		    { echo "killed after ${delay}s: neither the old state nor the new"; false; }
		# a temporary file may stay behind; the next run does not mind it
		if cmp -s g old; then
			carc-draw -i g
		fi
		cmp g new
	done
	# whatever was left is a temporary file, named for g
	ls -A | grep '^\.' | grep -v '^\.g\.' && false || true
}

# ---- replay and verify ----

@test "--replay rebuilds base, fortune-teller and catapult games byte for byte; --verify is silent" {
	for f in base ft cat draw place score; do
		carc-deck --replay "$f" | cmp - "$f"
		run --separate-stderr carc-deck --verify "$f"
		[ "$status" -eq 0 ] && [ -z "$output" ] && [ -z "$stderr" ]
	done
	# the catapult game had hurls and seductions, the fortune-teller game extra draws
	carc-render --format json cat | jq -e '[.log[] | select(startswith("hurl:"))] | length > 0'
	carc-render --format json cat | jq -e '[.log[] | select(startswith("seduce:"))] | length > 0'
	carc-render --format json ft | jq -e '[.log[] | select(contains(",tent"))] | length > 0'
}

@test "every state of a catapult game and a fortune-teller game verifies, in every phase" {
	# short games, so that the fairs and tents come soon and often
	carc-deck --players ann,bob,cy --seed 3 --expansions base,catapult \
	    --deck CA01,U,CA02,V,CA03,E,CA04,K,CA05,L,CA06,U,CA07,V > g1
	carc-deck --players ann,bob --seed 9 --expansions base,fortune-teller \
	    --deck FT1,U,FT2,V,FT3,E,FT4,K,FT5,L,U,V,E > g2
	for g in g1 g2; do
		phases=
		while bot_step "$g"; do
			carc-deck --verify "$g"
			phases="$phases $(carc-render --format ascii "$g" | sed -n 's/^phase \([a-z]*\):.*/\1/p')"
		done
		carc-deck --replay "$g" | cmp - "$g"
		for p in draw place score over; do
			[[ $phases == *" $p"* ]] || { echo "$g: no phase $p in$phases"; false; }
		done
	done
	[[ $phases$(carc-render --format json g1 | jq -r '.log[]') == *hurl:* ]]
}

@test "--verify and --replay read the game from an e-mail" {
	carc-render --format email --to ann@example.org cat > cat.eml
	carc-deck --verify cat.eml
	carc-deck --replay cat.eml | cmp - cat
	python3 "$MAIL" wrap crlf < <(carc-deck --armor --replay base) > base.eml
	carc-deck --verify base.eml
	carc-deck --verify - < base.eml
}

# Writes the JSON form of GAME, edited by the jq FILTER, back as the state TO.
tamper() {
	carc-render --format json "$1" | jq "$2" | carc-deck --from-json > "$3"
}

@test "tampering: a changed score is found, with the first difference in one line" {
	tamper base '.players[1].score += 8' t
	run --separate-stderr carc-deck --verify t
	want=$(carc-render --format json base | jq -r .players[1].score)
	fails 1 "carc-deck: t: player 2 (bob) score is $((want + 8)), the log gives $want"
}

@test "carc-deck -i mends a tampered game in place: what stays is what its log gives" {
	tamper base '.players[1].score += 8 | .players[0].score += 3' t
	carc-deck --armor --from-json <(carc-render --format json t) > t.txt
	cp t t.bin
	run --separate-stderr carc-deck -i t
	[ "$status" -eq 0 ] && [ -z "$output" ] && [ -z "$stderr" ]
	cmp t base
	# armour stays armour, and the mended block holds the game its log gives
	run --separate-stderr carc-deck -i t.txt
	[ "$status" -eq 0 ] && [ -z "$output" ]
	[ "$(head -n 1 t.txt)" = "-----BEGIN CARC GAME-----" ]
	carc-render --format json t.txt | carc-deck --from-json | cmp - base
	carc-deck --verify t.txt
	# a state whose log does not replay is refused, and the file stays as it was
	tamper base '.setup.seed += 1' bad
	cp bad bad.before
	run --separate-stderr carc-deck -i bad
	[ "$status" -eq 65 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-deck: bad: log entry 1 "*"does not replay"* ]]
	cmp bad bad.before
	[ -z "$(find . -name '.bad.*')" ]
	run --separate-stderr carc-deck -i t --seed 3
	fails 64 "-i takes the whole game from the state; drop the other options"
	run --separate-stderr carc-deck -i t --replay t
	[ "$status" -eq 64 ] && [ -z "$output" ]
	run --separate-stderr carc-deck -i -
	fails 64 "-i updates a file: it cannot update standard input"
}

@test "tampering: a changed order of the supply is found" {
	tamper place '.supply |= (.[1:2] + .[0:1] + .[2:])' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: the supply holds "
	[[ $stderr == *"from tile 1 on, the log gives"* ]]
	# a tile swapped from the supply to the drawn one: the reader counts right, the deal is wrong
	tamper place '(.drawn[0]) as $d | .drawn[0] = .supply[0] | .supply[0] = $d' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: the drawn tiles are "
}

@test "tampering: a changed random number generator is found" {
	tamper ft '.rng = "0123456789abcdef"' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: the rng is 0123456789abcdef, the log gives $(carc-render --format json ft | jq -r .rng)"
}

@test "tampering: a moved tile is refused by the reader, with its log word or without" {
	tamper base '.board[5].x += 1' t 2> err || true
	[ ! -s t ]
	grep -q "inconsistent state: " err
	# moved with the log word changed too: the board no longer fits together
	run --separate-stderr bash -c "carc-render --format json base |
	    jq '.board[1].x += 5 | .log[0] |= sub(\"/(?<x>-?[0-9]+),\"; \"/\\(.x | tonumber + 5),\")' |
	    carc-deck --from-json"
	fails 65 "inconsistent state: tile 1"
}

@test "tampering: a removed figure is refused by the reader, or by --verify when its supply is mended" {
	run --separate-stderr bash -c "carc-render --format json score | jq 'del(.figures[0])' |
	    carc-deck --from-json"
	fails 65 "inconsistent state: bob's supply of follower is 6, the board leaves 7"
	tamper score '.figures[0].owner as $o | del(.figures[0]) | .players[$o].supply.follower += 1' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: player 2 (bob) supply of follower is 7, the log gives 6"
}

@test "tampering: an extra log word: a placement is refused by the reader, a hurl by --verify" {
	run --separate-stderr bash -c "carc-render --format json draw | jq '.log += [\"U/1,0,0\"]' |
	    carc-deck --from-json"
	fails 65 "inconsistent state: log entry 2 'U/1,0,0' is not the placement on the board"
	tamper draw '.log += ["hurl:knockout:0.50,0.50"]' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: log entry 2 'hurl:knockout:0.50,0.50' does not replay: illegal move 'hurl:knockout:0.50,0.50': bob has drawn already"
	run --separate-stderr carc-deck --replay t
	fails 65 "carc-deck: t: log entry 2 'hurl:knockout:0.50,0.50' does not replay"
}

@test "tampering: a changed rule is found: farmers, the edition, the catapult's scatter" {
	# a farmer on the board in a game without farmers: the reader refuses it
	carc-render --format json base | jq -e '[.figures[] | select(.feature | startswith("field"))] |
	    length > 0' > /dev/null || skip "no farmer in the fixture"
	run --separate-stderr bash -c "carc-render --format json base |
	    jq '.setup.rules.farmers = \"off\"' | carc-deck --from-json"
	fails 65 "a farmer at"
	# farmers off before any farmer: the final scoring of the fields is gone
	tamper draw '.setup.rules.farmers = "off"' t
	carc-deck --verify t
	# the first edition's box has no garden tiles: the tiles do not add up
	run --separate-stderr bash -c "carc-render --format json draw |
	    jq '.setup.rules.edition = \"c1\"' | carc-deck --from-json"
	fails 65 "inconsistent state: tile "
	# another scatter: the tokens land elsewhere
	tamper cat '.setup.rules.scatter = "0.40"' t
	run --separate-stderr carc-deck --verify t
	[ "$status" -eq 1 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-deck: t: "* ]]
}

@test "tampering: another seed, or a logged move changed, does not replay" {
	tamper place '.setup.seed = 8' t
	run --separate-stderr carc-deck --verify t
	fails 1 "carc-deck: t: log entry 1 'D/0,-1,180,city:S' does not replay: illegal move"
	tamper score '.log[1] = "D/1,0,0" | .board[2].tile = "D"' t 2> err || true
	[ ! -s t ] || { run --separate-stderr carc-deck --verify t; [ "$status" -eq 1 ]; }
}

@test "--verify and --replay: other options, a missing file and bad data" {
	run --separate-stderr carc-deck --verify base --seed 3
	fails 64 "--verify takes the whole game from the state; drop the other options"
	run --separate-stderr carc-deck --verify base --armor
	fails 64 "carc-deck: --verify writes no state: --armor does not go with it; try 'carc-deck --help'"
	run --separate-stderr carc-deck --verify base --replay base
	fails 64 "carc-deck: --from-json, --replay, --verify and -i exclude each other; try 'carc-deck --help'"
	run --separate-stderr carc-deck --replay nosuch
	fails 66 "carc-deck: nosuch: No such file or directory"
	echo hello > text
	run --separate-stderr carc-deck --verify text
	[ "$status" -eq 65 ] && [ -z "$output" ]
	# without FILE, standard input
	run --separate-stderr carc-deck --verify < /dev/null
	fails 65 "carc-deck: stdin: empty input, not a carc state"
	run --separate-stderr carc-deck --verify base base
	fails 64 "carc-deck: unexpected operand 'base'; try 'carc-deck --help'"
}

# ---- carc-render --format email ----

@test "--format email: a message Python reads: the subject, MIME, a text part, an SVG attachment" {
	carc-render --format email --from "Bob <bob@example.org>" --to ann@example.org place > m.eml
	python3 "$MAIL" parse < m.eml > m.json
	[ "$(jq -r .subject m.json)" = "carc: ann, bob — turn 1, bob to move" ]
	[ "$(jq -r .from m.json)" = "Bob <bob@example.org>" ]
	[ "$(jq -r .to m.json)" = "ann@example.org" ]
	[ "$(jq -r .mime m.json)" = "1.0" ]
	[ "$(jq -r .type m.json)" = multipart/mixed ]
	[ "$(jq -r .defects m.json)" -eq 0 ]
	[ "$(jq -c '[.parts[] | [.type, .filename, .cte]]' m.json)" = \
	    '[["text/plain",null,"7bit"],["image/svg+xml","board.svg","base64"]]' ]
	[ "$(jq -r '.parts[1].root' m.json)" = "{http://www.w3.org/2000/svg}svg" ]
	# the attachment is the SVG picture, byte for byte
	[ "$(jq -r '.parts[1].size' m.json)" -eq "$(carc-render --format svg place | wc -c)" ]
	# a header, a blank line, a body: what sendmail -t reads
	sed '/^$/q' m.eml | grep -q '^To: ann@example.org$'
	sed '/^$/q' m.eml > head
	not grep -q '^Date:' head
	# 7-bit text with short lines, fit for any mail system
	not env LC_ALL=C grep -q '[^ -~]' m.eml
	[ "$(awk '{ if (length > n) n = length } END { print n }' m.eml)" -le 998 ]
}

@test "--format email: the text part holds the board, the decisions as --list prints them, the state" {
	carc-render --format email place > m.eml
	python3 "$MAIL" parse < m.eml | jq -r .text > text
	head -n 1 text | grep -qx "bob, it is your turn in the carc game of ann and bob, after 1 decision."
	carc-render --format ascii place > board
	grep -qF "$(cat board)" text
	carc-place --list place > moves
	grep -qF "$(cat moves)" text
	grep -q "carc-place -i game.eml MOVE" text
	# the answer begins with the check against the game last sent, and keeps what it sends
	[ "$(grep -n -e '--verify --since sent.eml game.eml$' -e '^    cp game.eml sent.eml$' text |
	    cut -d: -f2-)" = "    carc-deck --verify --since sent.eml game.eml
    cp game.eml sent.eml" ]
	sed -n '/^-----BEGIN CARC GAME-----$/,/^-----END CARC GAME-----$/p' text > block
	armour_ok block
	unarmour block | cmp - place
}

@test "--format email in the other phases says which tool to run, and at the end game over" {
	carc-render --format email draw | python3 "$MAIL" parse > d.json
	jq -r .text d.json | grep -q "run carc-draw -i game.eml"
	carc-render --format email score | python3 "$MAIL" parse > s.json
	jq -r .text s.json | grep -q "run carc-score -i game.eml"
	[ "$(jq -r .subject s.json)" = "carc: ann, bob — turn 2, bob to move" ]
	carc-render --format email base | python3 "$MAIL" parse > o.json
	[ "$(jq -r .subject o.json)" = "carc: ann, bob — turn $(carc-render --format json base |
	    jq '.log | length'), game over" ]
	jq -r .text o.json | grep -q "^The carc game of ann and bob is over"
	jq -r .text o.json | grep -q "^phase over: the game is over"
}

@test "--format email in a catapult round lists the hurls" {
	carc-deck --players ann,bob --seed 1 --expansions base,catapult --rule scatter=0 \
	    --stack CA01 > g
	carc-draw -i g
	carc-place -i g "$(carc-place --list g | head -n 1)"
	carc-score -i g
	[ "$(carc-render --format json g | jq -r .phase)" = hurl ]
	carc-render --format email g | python3 "$MAIL" parse | jq -r .text > text
	grep -q '^hurl:' text
}

@test "--format email: names that are not ASCII make quoted-printable text and an encoded subject" {
	carc-deck --players jörg,zoë --seed 7 | carc-draw > g
	carc-render --format email --to zoe@example.org g > m.eml
	grep -q '^Content-Transfer-Encoding: quoted-printable$' m.eml
	grep -q '^Subject: =?UTF-8?Q?' m.eml
	not env LC_ALL=C grep -q '[^ -~]' m.eml
	python3 "$MAIL" parse < m.eml > m.json
	[ "$(jq -r .subject m.json)" = "carc: jörg, zoë — turn 0, jörg to move" ]
	jq -r .text m.json | grep -q "^Players: jörg, zoë$"
	carc-render --format json m.eml | cmp - <(carc-render --format json g)
}

@test "--format email: long subjects fold into encoded words; the same state gives the same bytes" {
	names=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
	names=$names,cccccccccccccccccccccccccccccccc,dddddddddddddddddddddddddddddddd
	names=$names,eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee,ffffffffffffffffffffffffffffffff
	carc-deck --players "$names" --seed 7 > g
	carc-render --format email g > m.eml
	[ "$(awk '/^$/ { exit } { if (length > n) n = length } END { print n }' m.eml)" -le 78 ]
	python3 "$MAIL" parse < m.eml > m.json
	[ "$(jq -r .subject m.json)" = "carc: ${names//,/, } — turn 0, aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa to move" ]
	carc-render --format email g | cmp - m.eml
}

@test "--format email: From and To only when given, line breaks refused, picture options refused" {
	carc-render --format email draw > m.eml
	sed '/^$/q' m.eml > head
	not grep -q '^From:\|^To:' head
	run --separate-stderr carc-render --format email --to $'ann@example.org\nBcc: eve@example.org' draw
	fails 64 "carc-render: bad To address: a line break or a control character would break the message"
	run --separate-stderr carc-render --format email --from $'a\rb' nosuch
	fails 64 "bad From address"
	run --separate-stderr carc-render --format email --legal draw
	[ "$status" -eq 64 ] && [ -z "$output" ]
	run --separate-stderr carc-render --format svg --to ann@example.org draw
	[ "$status" -eq 64 ] && [ -z "$output" ]
}

@test "every tool reads the game back out of the message carc-render wrote" {
	carc-render --format email place > m.eml
	for reader in "${readers[@]}"; do
		$reader place > want 2>&1 || true
		$reader m.eml > out 2>&1 || true
		sed -i 's/m\.eml/place/g' out
		cmp -s want out || { echo "$reader"; diff want out; false; }
	done
}

# ---- the example ----

@test "examples/pbem/play.sh: a short game by e-mail over two mailboxes that Python reads" {
	printf '%s\n' 0,-1,180,city:S 9,9,0 bot > moves
	run --separate-stderr "$TOP/examples/pbem/play.sh" -q -d pb -m moves -s 7 -t D,U,V,E,B
	[ "$status" -eq 0 ]
	[[ $output == *"turn 1: ann plays D/0,-1,180,city:S"* ]]
	[[ $output == *"bob's move '9,9,0' is refused; the file is as it was, and the bot plays"* ]]
	[[ $output == *"every message in both mailboxes is a beginning of the final game"* ]]
	python3 -c '
import mailbox, sys
for who in ("ann", "bob"):
    box = mailbox.mbox("pb/%s.mbox" % who)
    assert len(box) == 3, (who, len(box))
    for m in box:
        assert m["To"] == who + "@example.org", m["To"]
        assert m.get_content_type() == "multipart/mixed"
'
	carc-deck --verify pb/ann.eml
	carc-deck --verify pb/bob.eml
	[ "$(carc-render --format json pb/bob.eml | jq -r .phase)" = over ]
}

@test "examples/pbem/play.sh checks every message: the first with --verify, each later one --since the game last sent" {
	printf '%s\n' 0,-1,180,city:S bot > moves
	run --separate-stderr sh -x "$TOP/examples/pbem/play.sh" -q -d pb -m moves -s 7 -t D,U,V,E,B
	[ "$status" -eq 0 ]
	# six messages: ann's first has nothing sent before it; bob dealt, so he kept bob.sent
	[ "$(cat pb/ann.mbox pb/bob.mbox | grep -c '^From ')" -eq 6 ]
	[ "$(printf '%s\n' "${stderr_lines[@]}" | grep '^+ carc-deck --verify')" = "+ carc-deck --verify pb/ann.eml
+ carc-deck --verify --since pb/bob.sent --as bob pb/bob.eml
+ carc-deck --verify --since pb/ann.sent --as ann pb/ann.eml
+ carc-deck --verify --since pb/bob.sent --as bob pb/bob.eml
+ carc-deck --verify --since pb/ann.sent --as ann pb/ann.eml
+ carc-deck --verify --since pb/bob.sent --as bob pb/bob.eml" ]
}
