#!/usr/bin/env bats
# carc-render's pictures: the board in characters (ascii, ansi) and as an SVG image, with the
# options that mark cells and colour the players. Needs xmllint (Debian libxml2-utils) and
# rsvg-convert (Debian librsvg2-bin). After a deliberate change of the pictures, rewrite the
# golden files with: CARC_UPDATE_GOLDEN=1 bats tests/carc-render-pictures.bats

bats_require_minimum_version 1.5.0
load helper

tool=carc-render

setup_file() {
	# the golden game: every tile of the base set, played to the end by a seeded bot
	cd "$BATS_FILE_TMPDIR"
	carc-deck --players ann,bob --seed 1 > whole
	play_out whole
	# one golden game for each other tile set the project ships; for the Catapult also the
	# first moment of a round when a token lies on the board
	carc-deck --players ann,bob --seed 6 --expansions base,fortune-teller > ft
	play_all ft
	carc-deck --players ann,bob,cy --seed 2 --expansions base,catapult > cat
	play_all cat round
}

# Plays the game in file $1 to its end whatever it waits for; with $2, keeps in that file the
# first state of a catapult round in which a token lies on the board and the next player hurls.
play_all() {
	local f=$1 keep=${2:-} phase
	while :; do
		phase=$(phase_of "$f")
		case $phase in
		draw) carc-draw < "$f" | carc-bot --seed 1 random | carc-score > "$f.n" ;;
		hurl | seduce) carc-bot --seed 1 random < "$f" | carc-score > "$f.n" ;;
		over) return 0 ;;
		*) return 1 ;;
		esac || return 1
		mv "$f.n" "$f"
		if [ -n "$keep" ] && [ ! -e "$keep" ] &&
		    [ "$(carc-render --format json "$f" | jq '[.phase, (.catapult.landings // [] | length)] == ["hurl", 1] and
		    .catapult.token != "catch"')" = true ]; then
			cp "$f" "$keep"
		fi
	done
}

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# Plays the game in file $1 to its end, every turn chosen by `carc-bot --seed 1 random`.
play_out() {
	local f=$1
	while carc-draw < "$f" > "$f.d" 2> "$f.err"; do
		carc-bot --seed 1 random < "$f.d" | carc-score > "$f.n" && mv "$f.n" "$f" || return 1
	done
	grep -q "game is over" "$f.err"
}

# play_turns FILE N: plays N turns of the game in FILE with the seeded bot.
play_turns() {
	local f=$1 n=$2
	while [ "$n" -gt 0 ]; do
		carc-draw < "$f" | carc-bot --seed 1 random | carc-score > "$f.n" && mv "$f.n" "$f" ||
		    return 1
		n=$((n - 1))
	done
}

# A small board built by hand: the start tile D; a city corner with a pennant and ann's
# follower north of it; bob's monk in a cloister to the east, its road running into the
# start tile's; ann's farmer in the small field of a road bend to the west; and, placed last,
# bob's follower on a city cap south, beside a garden.
handbuilt() {
	carc-deck --players ann,bob --deck M,A,V,Eg,U > board
	turn board 0,-1,270,city:S
	turn board 1,0,90,cloister
	turn board -1,0,180,field:Ne
	turn board 0,1,180,city:S
}

handbuilt_ascii="      -1       0       1

            .......
-1          ##*....
            ###1##.

    ...|1.. .#####. .......
 0  ...+--- ------- --[2]..
    ....... ....... .......
           +-------+
           |.......|
 1         |..(%)..|
           |.##2##.|
           +-------+

> 1 ann    0 points, 5 followers left
  2 bob    0 points, 5 followers left
phase draw: ann draws the next tile; 1 tile left"

plain() {
	sed 's/\x1b\[[0-9;]*m//g'
}

# The width and height an SVG says it has, and those of a PNG from its header, as WxH.
svg_size() {
	sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1x\2/p' "$1"
}

png_size() {
	od -An -tu1 -j16 -N8 "$1" |
	    awk '{ printf "%dx%d\n", $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
		$5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

# Checks that SVG file $1 is well-formed XML and renders to a PNG of the size it claims.
svg_ok() {
	xmllint --noout "$1"
	rsvg-convert "$1" -o "$1.png" 2> "$1.err"
	[ ! -s "$1.err" ]
	[ "$(head -c 4 "$1.png" | od -An -c | tr -d ' ')" = '211PNG' ]
	[ -n "$(svg_size "$1")" ]
	[ "$(png_size "$1.png")" = "$(svg_size "$1")" ] ||
	    { echo "png $(png_size "$1.png"), svg $(svg_size "$1")"; false; }
}

# Compares standard input with the golden file tests/golden/$1.
golden() {
	cat > "got.$1"
	if [ -n "${CARC_UPDATE_GOLDEN:-}" ]; then
		mkdir -p "$TOP/tests/golden"
		cp "got.$1" "$TOP/tests/golden/$1"
	fi
	cmp "got.$1" "$TOP/tests/golden/$1"
}

# The board part of a picture without coordinates: the lines above the players.
board_lines() {
	sed '/^[> ] [1-9] /,$d'
}

@test "ascii: the start tile, the players and what the game waits for" {
	carc-deck --players ann,bob --seed 7 > game
	run --separate-stderr carc-render --format ascii game
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "      0

   .#####.
0  -------
   .......

> 1 ann    0 points, 7 followers left
  2 bob    0 points, 7 followers left
phase draw: ann draws the next tile; 71 tiles left" ]
}

@test "ascii: a hand-built board with a city, a pennant, a cloister, a garden and figures" {
	handbuilt
	run --separate-stderr carc-render --format ascii board
	[ "$status" -eq 0 ]
	[ "$output" = "$handbuilt_ascii" ]
}

@test "ascii: a drawn tile is shown in its four rotations, the placed one is framed" {
	carc-deck --players ann,bob --seed 7 --stack U > game
	carc-draw game > place
	run --separate-stderr carc-render --format ascii place
	[ "$status" -eq 0 ]
	[ "$output" = "      0

   .#####.
0  -------
   .......

> 1 ann    0 points, 7 followers left
  2 bob    0 points, 7 followers left
phase place: ann places U; 70 tiles left
      0      90      180     270
   ....... ...|... ....... ...|...
U  ------- ...|... ------- ...|...
   ....... ...|... ....... ...|..." ]
	carc-place 1,0,0,road:E place > score
	run --separate-stderr carc-render --format ascii score
	[ "$output" = "      0       1
          +-------+
   .#####.|.......|
0  -------|---1---|
   .......|.......|
          +-------+

> 1 ann    0 points, 6 followers left
  2 bob    0 points, 7 followers left
phase score: ann has placed U; carc-score ends the turn" ]
}

@test "ascii: the end of a game names the winner; the whole board matches its golden file" {
	run --separate-stderr carc-render --format ascii "$BATS_FILE_TMPDIR/whole"
	[ "$status" -eq 0 ]
	[ "${lines[${#lines[@]}-1]}" = "phase over: the game is over; ann wins with 15 points" ]
	printf '%s\n' "$output" | golden base.txt
}

@test "ascii: every figure on the board shows, one digit each, at every stage of games" {
	for seed in 1 2 3; do
		carc-deck --players ann,bob,cat --seed "$seed" > game
		for step in 10 10 10 10 10 10 10; do
			play_turns game "$step" || break
			n=$(carc-render --format ascii --no-coords game | board_lines | tr -cd '1-9' | wc -c)
			[ "$n" -eq "$(carc-render --format json game | jq '.figures | length')" ]
		done
	done
	n=$(carc-render --no-coords "$BATS_FILE_TMPDIR/whole" | board_lines | tr -cd '1-9' | wc -c)
	[ "$n" -eq "$(carc-render --format json "$BATS_FILE_TMPDIR/whole" | jq '.figures | length')" ]
}

@test "ansi: the ascii picture in colour, each follower in its player's colour" {
	handbuilt
	run --separate-stderr carc-render --format ansi board
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | plain)" = "$handbuilt_ascii" ]
	# ann red and bob blue, on the board and beside their names; the last tile framed orange
	[[ $output == *$'\e[0;38;5;231;48;5;160;1m1'* ]]
	[[ $output == *$'\e[0;38;5;231;48;5;26;1m2'* ]]
	[[ $output == *$'\e[0;38;5;214;1m+-------+'* ]]
	[[ $output == *$'\e[0;38;5;231;48;5;160;1m1\e[0m ann'* ]]
	# fields green, city walls dark on the city's colour, the cloister
	[[ $output == *$'\e[0;38;5;22;48;5;107m.'* ]]
	[[ $output == *$'\e[0;38;5;52;48;5;180;1m#'* ]]
	[[ $output == *$'\e[0;38;5;124;48;5;224;1m['* ]]
	# no colour leaks past the end of a line: the last escape on a line switches colours off
	while IFS= read -r line; do
		[[ $line != *$'\e'* || ${line##*$'\e['} == 0m* ]]
	done <<< "$output"
}

@test "ansi is the default on a terminal, ascii into a pipe or a file" {
	handbuilt
	carc-render board > file
	[ "$(cat file)" = "$handbuilt_ascii" ]
	command -v script > /dev/null || skip "script(1) is missing"
	script -qec "carc-render board" /dev/null > tty
	grep -q $'\e\\[0;38;5;22;48;5;107m' tty
	[ "$(tr -d '\r' < tty | plain)" = "$handbuilt_ascii" ]
}

@test "NO_COLOR or TERM=dumb: plain text on a terminal too, unless ansi is asked for" {
	handbuilt
	command -v script > /dev/null || skip "script(1) is missing"
	NO_COLOR=1 script -qec "carc-render board" /dev/null > tty
	! grep -q $'\e' tty
	[ "$(tr -d '\r' < tty)" = "$handbuilt_ascii" ]
	TERM=dumb script -qec "carc-render board" /dev/null > tty
	! grep -q $'\e' tty
	[ "$(tr -d '\r' < tty)" = "$handbuilt_ascii" ]
	# set but empty is not set (no-color.org); a format given is the format given
	NO_COLOR= TERM=xterm script -qec "carc-render board" /dev/null > tty
	grep -q $'\e\\[0;38;5;22;48;5;107m' tty
	NO_COLOR=1 script -qec "carc-render --format ansi board" /dev/null > tty
	grep -q $'\e\\[0;38;5;22;48;5;107m' tty
}

@test "--no-coords leaves out the x and y labels and nothing else" {
	handbuilt
	run --separate-stderr carc-render --format ascii --no-coords board
	[ "$status" -eq 0 ]
	[ "$output" = "         .......
         ##*....
         ###1##.

 ...|1.. .#####. .......
 ...+--- ------- --[2]..
 ....... ....... .......
        +-------+
        |.......|
        |..(%)..|
        |.##2##.|
        +-------+

> 1 ann    0 points, 5 followers left
  2 bob    0 points, 5 followers left
phase draw: ann draws the next tile; 1 tile left" ]
	carc-render --format svg board > with.svg
	carc-render --format svg --no-coords board > without.svg
	grep -q '>-1</text>' with.svg
	! grep -q '>-1</text>' without.svg
	svg_ok without.svg
}

@test "--highlight X,Y frames a cell, empty or not; it may be given more than once" {
	handbuilt
	run --separate-stderr carc-render --format ascii --highlight -1,1 board
	[ "$status" -eq 0 ]
	[ "$output" = "      -1       0       1

            .......
-1          ##*....
            ###1##.

    ...|1.. .#####. .......
 0  ...+--- ------- --[2]..
    ....... ....... .......
   +-------+-------+
   |       |.......|
 1 |       |..(%)..|
   |       |.##2##.|
   +-------+-------+

> 1 ann    0 points, 5 followers left
  2 bob    0 points, 5 followers left
phase draw: ann draws the next tile; 1 tile left" ]
	run carc-render --format ascii --highlight 2,-1 --highlight -1,-1 board
	[ "${lines[1]}" = "   +-------+               +-------+" ]
	# a cell beyond the board's edge widens the picture by one cell at most
	run carc-render --format ascii --highlight 2,0 board
	[ "${lines[0]}" = "      -1       0       1       2" ]
	run carc-render --format ascii --highlight 9,0 board
	[ "$output" = "$handbuilt_ascii" ]
	carc-render --format svg --highlight -1,1 --highlight 1,1 board > h.svg
	[ "$(grep -c 'stroke="#d81b7a"' h.svg)" -eq 2 ]
	carc-render --format svg board | grep -vq 'stroke="#d81b7a"'
	svg_ok h.svg
}

@test "--legal marks every empty cell where the drawn tile fits, and only in phase place" {
	for seed in 1 2 3; do
		carc-deck --players ann,bob --seed "$seed" > game
		play_turns game 12
		carc-draw game > place
		cells=$(carc-place --list place | cut -d, -f1,2 | sed 's,^.*/,,' | sort -u | wc -l)
		[ "$cells" -gt 0 ]
		[ "$(carc-render --format ascii --legal place | grep -o '\[ \]' | wc -l)" -eq "$cells" ]
		carc-render --format svg --legal place > legal.svg
		[ "$(grep -c 'stroke-dasharray="5 3"' legal.svg)" -eq "$cells" ]
		svg_ok legal.svg
		# without --legal, and in the other phases, no marks
		! carc-render --format ascii place | grep -q '\[ \]'
		cmp <(carc-render --format ascii --legal game) <(carc-render --format ascii game)
		cmp <(carc-render --format svg --legal game) <(carc-render --format svg game)
	done
}

@test "--player-colors gives the players their colours in ansi and svg" {
	handbuilt
	run --separate-stderr carc-render --format ansi --player-colors green,yellow board
	[ "$status" -eq 0 ]
	[[ $output == *$'\e[0;38;5;231;48;5;28;1m1'* ]]
	[[ $output == *$'\e[0;38;5;16;48;5;220;1m2'* ]]
	[[ $output != *$'48;5;160;1m1'* ]]
	# a player without a colour takes the first one nobody has
	run carc-render --format ansi --player-colors red board
	[[ $output == *$'\e[0;38;5;231;48;5;26;1m2'* ]]
	run carc-render --format ansi --player-colors blue board
	[[ $output == *$'\e[0;38;5;231;48;5;26;1m1'* ]]
	[[ $output == *$'\e[0;38;5;231;48;5;160;1m2'* ]]
	carc-render --format svg --player-colors purple,orange board > c.svg
	grep -q 'fill="#7b3fa8"' c.svg
	grep -q 'fill="#f07f12"' c.svg
	! grep -q 'fill="#d7263d"' c.svg
	svg_ok c.svg
	# ascii has no colours to give
	cmp <(carc-render --format ascii --player-colors green,yellow board) <(carc-render --format ascii board)
}

@test "bad option values: status 64, nothing on standard output, one line on stderr" {
	handbuilt
	for cell in 1 1,2,3 a,b 1, ,1 1,-x 99999,0 ''; do
		run --separate-stderr carc-render --highlight "$cell" board
		fails 64 "bad cell '$cell' for --highlight"
	done
	for colors in mauve red,,blue '' red,blue,green,yellow,black,purple,orange RED; do
		run --separate-stderr carc-render --format svg --player-colors "$colors" board
		[ "$status" -eq 64 ]
		[ -z "$output" ]
		[ "${#stderr_lines[@]}" -eq 1 ]
	done
	run --separate-stderr carc-render --player-colors mauve board
	fails 64 "unknown color 'mauve' (red, blue, green, yellow, black, purple, orange, pink, grey)"
	for format in xml ANSI '' png; do
		run --separate-stderr carc-render --format "$format" board
		fails 64 "unknown format '$format' (ascii, ansi, svg, json, phase, html, email)"
	done
	# options are checked before the state is read
	run --separate-stderr carc-render --player-colors mauve nosuch
	fails 64 "unknown color"
	run --separate-stderr carc-render --legal --no-coords --frobnicate board
	misused "unknown option '--frobnicate'"
}

@test "-h shows every option in the usage" {
	run --separate-stderr carc-render -h
	[ "$status" -eq 0 ]
	[ "$output" = "usage: carc-render [-h] [--format ascii|ansi|svg|json] [--highlight X,Y] [--legal]
                   [--no-coords] [--player-colors COLOR,...] [--version] [FILE]
       carc-render --format phase|html [FILE]
       carc-render --format email [--attach-html] [--from ADDR] [--to ADDR] [FILE]" ]
}

@test "every tile set the project ships: a whole game matches its golden pictures" {
	for set in ft:fortune-teller cat:catapult; do
		carc-render --format ascii "$BATS_FILE_TMPDIR/${set%%:*}" | golden "${set#*:}.txt"
		carc-render --format svg "$BATS_FILE_TMPDIR/${set%%:*}" > "${set#*:}.svg"
		svg_ok "${set#*:}.svg"
		golden "${set#*:}.svg" < "${set#*:}.svg"
	done
	# the tents and fairs are drawn (the sets' own marks), not as unknown features
	grep -q '/^\\' "$TOP/tests/golden/fortune-teller.txt"
	grep -q '<&>' "$TOP/tests/golden/catapult.txt"
	! grep -q '?' "$TOP/tests/golden/fortune-teller.txt"
	! grep -q '?' "$TOP/tests/golden/catapult.txt"
}

@test "catapult: a round in progress shows the fair, whose hurl it is and where the token lies" {
	run --separate-stderr carc-render --format ascii "$BATS_FILE_TMPDIR/round"
	[ "$status" -eq 0 ]
	[[ ${lines[${#lines[@]}-1]} == *" hurls next" ]]
	[[ $output == *"token landed at "* ]]
	printf '%s\n' "$output" | golden catapult-round.txt
	carc-render --format svg "$BATS_FILE_TMPDIR/round" > round.svg
	svg_ok round.svg
	grep -q 'stroke-dasharray="3 2"' round.svg	# the token on the board
	golden catapult-round.svg < round.svg
}

@test "svg: the whole base game matches its golden picture, byte for byte" {
	carc-render --format svg "$BATS_FILE_TMPDIR/whole" > whole.svg
	svg_ok whole.svg
	golden base.svg < whole.svg
	# the same bytes again, and from the same game read back from JSON
	carc-render --format svg "$BATS_FILE_TMPDIR/whole" | cmp - whole.svg
	carc-render --format json "$BATS_FILE_TMPDIR/whole" | carc-deck --from-json |
	    carc-render --format svg | cmp - whole.svg
}

@test "svg: an SVG 1.1 document with a size, a view box, a title and a background" {
	handbuilt
	carc-render --format svg board > b.svg
	svg_ok b.svg
	[ "$(sed -n 1p b.svg)" = '<?xml version="1.0" encoding="UTF-8"?>' ]
	[ "$(sed -n 2p b.svg)" = '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="402" height="412" viewBox="0 0 402 412">' ]
	[ "$(sed -n 3p b.svg)" = '<title>carc: phase draw: ann draws the next tile; 1 tile left</title>' ]
	[ "$(sed -n 5p b.svg)" = '<rect x="0" y="0" width="402" height="412" fill="#efe6d2"/>' ]
	[ "$(tail -n 1 b.svg)" = '</svg>' ]
	# the last tile placed, at 0,1, has the gold outline
	grep -q '<rect x="139.5" y="197.5" width="61" height="61" fill="none" stroke="#ffd23f"' b.svg
}

@test "svg: the tiles drawn from their segments: cities, walls, pennants, roads, marks" {
	handbuilt
	carc-render --format svg board > b.svg
	# five tiles on the field colour, with the city of M, D and Eg, each with its wall
	[ "$(grep -c 'fill="#8fbd5a"' b.svg)" -eq 5 ]
	[ "$(grep -c 'fill="#d9b47c"' b.svg)" -eq 3 ]
	[ "$(grep -c 'stroke="#6b4a27"' b.svg)" -eq 3 ]
	# one pennant, three roads with their verges, one cloister with its cross, one bush
	[ "$(grep -c 'fill="#5fffff"' b.svg)" -eq 1 ]
	[ "$(grep -c 'stroke="#f3ecd8"' b.svg)" -eq 3 ]
	[ "$(grep -c 'stroke="#7b6c52"' b.svg)" -eq 3 ]
	[ "$(grep -c 'stroke-width="1.5"/>' b.svg)" -eq 1 ]
	[ "$(grep -c 'fill="#3d7a2a"' b.svg)" -eq 3 ]
	# a city cap on N is a curve across the top; M turned to S and W is a corner; Eg turned
	# half round has its cap on S
	grep -q '<path d="M0 0L64 0Q32 34 0 0Z" fill="#d9b47c"/>' b.svg
	grep -q '<path d="M64 64L0 64L0 0Q36 28 64 64Z" fill="#d9b47c"/>' b.svg
	grep -q '<path d="M64 64L0 64Q32 30 64 64Z" fill="#d9b47c"/>' b.svg
}

@test "svg: a completed road is paved and a completed city walled in stone; open ones are not" {
	# ann's W east of the start tile, bob's W west of it: the start tile's road runs between
	# two villages and is complete; ann's E north of it closes the start tile's city
	carc-deck --players ann,bob --seed 1 --deck W,W,E > g
	carc-draw g | carc-place 1,0,0,road:W | carc-score | carc-draw | carc-place -1,0,0 |
	    carc-score | carc-draw | carc-place 0,-1,180 | carc-score > done
	carc-render --format svg done > done.svg
	svg_ok done.svg
	# the city of D and of E: the full colour, roofs at full strength, battlements of stone
	[ "$(grep -c 'fill="#e8b96a"' done.svg)" -eq 2 ]
	[ "$(grep -c 'fill="#d9b47c"' done.svg)" -eq 0 ]
	[ "$(grep -c 'fill="url(#roofs)"/>' done.svg)" -eq 2 ]
	[ "$(grep -c 'stroke="#d8cdb4" stroke-width="2" stroke-dasharray="3 2"' done.svg)" -eq 2 ]
	# the road of D and the two roads of the W's that meet it: paved, with cobbles; the other
	# four roads of the W's are open
	[ "$(grep -c 'stroke="#cdb68a" stroke-width="5"' done.svg)" -eq 3 ]
	[ "$(grep -c 'stroke-dasharray="2 2"' done.svg)" -eq 3 ]
	[ "$(grep -c 'stroke="#f3ecd8" stroke-width="5"' done.svg)" -eq 4 ]
	# a moment before, the city was open: faint roofs, a plain wall
	carc-draw g | carc-place 1,0,0,road:W | carc-score > open
	carc-render --format svg open > open.svg
	[ "$(grep -c 'fill="url(#roofs)" fill-opacity=".35"' open.svg)" -eq 1 ]
	[ "$(grep -c 'stroke-dasharray' open.svg)" -eq 0 ]
}

@test "svg: a score track of 50 spaces around the board, a marker per player, laps written on it" {
	carc-deck --players ann,bob --seed 1 --deck W,W,E > g
	carc-draw g | carc-place 1,0,0,road:W | carc-score | carc-draw | carc-place -1,0,0 |
	    carc-score > three
	carc-render --format svg three > t.svg
	# the band, 50 spaces, the numbers 0, 5, ..., 45
	grep -q '<rect x="28" y="28" width="238" height="160" fill="none" stroke="#d8cdb4" stroke-width="24"/>' t.svg
	[ "$(grep -c '^<path d="M[0-9.]* [0-9.]*[hv]24"/>$' t.svg)" -eq 50 ]
	[ "$(grep '^<text x="[0-9.]*" y="[0-9.]*">[0-9]*</text>$' t.svg | sed 's/<[^>]*>//g' |
	    tr '\n' ' ')" = "0 5 10 15 20 25 30 35 40 45 " ]
	# ann's marker on space 3, bob's on 0, in their colours: 796 px around, 15.92 a space
	grep -q '<circle cx="83.7" cy="28" r="5.5" fill="#d7263d" stroke="#1a1a1a"/>' t.svg
	grep -q '<circle cx="36" cy="28" r="5.5" fill="#1e5bc6" stroke="#1a1a1a"/>' t.svg
	# 62 points: space 12 and one lap, written on the marker
	jq '.players[0].score = 62' < <(carc-render --format json three) | carc-deck --from-json > lap
	carc-render --format svg lap > lap.svg
	grep -q '<circle cx="[0-9.]*" cy="[0-9.]*" r="5.5" fill="#d7263d"' lap.svg
	grep -q 'font-weight="bold" text-anchor="middle" fill="#1a1a1a">1</text>' lap.svg
	[ "$(grep -c 'font-size="7"' lap.svg)" -eq 1 ]
}

# The smallest distance, in RGB, from the colour of the first line to those of the others:
# #rrggbb, or an xterm 256-colour number.
nearest_colour() {
	awk '
	function rgb(c, v,   n, lv) {
		if (c ~ /^#/) {
			v[1] = hex(substr(c, 2, 2)); v[2] = hex(substr(c, 4, 2)); v[3] = hex(substr(c, 6, 2))
		} else if (c >= 232) {
			v[1] = v[2] = v[3] = 8 + 10 * (c - 232)
		} else {
			n = c - 16; split("0 95 135 175 215 255", lv, " ")
			v[1] = lv[int(n / 36) + 1]; v[2] = lv[int(n / 6) % 6 + 1]; v[3] = lv[n % 6 + 1]
		}
	}
	function hex(h) { return index("0123456789abcdef", substr(h, 1, 1)) * 16 - 17 + \
	    index("0123456789abcdef", substr(h, 2, 1)) }
	NR == 1 { rgb($1, p); next }
	{ rgb($1, q); d = sqrt((p[1] - q[1])^2 + (p[2] - q[2])^2 + (p[3] - q[3])^2)
	  if (min == "" || d < min) min = d }
	END { printf "%d\n", min }'
}

@test "pennants are drawn in a colour that no player colour is near, in text and SVG" {
	carc-deck --players a,b,c,d,e,f --seed 7 --stack C | carc-draw | carc-place 0,-1,0 |
	    carc-score > six
	carc-deck --players a,b,c --seed 7 --stack C | carc-draw | carc-place 0,-1,0 |
	    carc-score > three
	# every player colour, from the pictures themselves: the meeples beside the names
	{
		carc-render --format svg --player-colors red,blue,green,yellow,black,purple six
		carc-render --format svg --player-colors orange,pink,grey three
	} > all.svg
	sed -n 's/.*h9v5.5q0 4-4.5 6q-4.5-2-4.5-6z" fill="\(#[0-9a-f]*\)".*/\1/p' all.svg |
	    sort -u > svg.colours
	[ "$(wc -l < svg.colours)" -eq 1 ]
	sed -n 's/.*transform="translate(38 [0-9]*)" fill="\(#[0-9a-f]*\)".*/\1/p' all.svg |
	    sort -u >> svg.colours
	[ "$(wc -l < svg.colours)" -eq 10 ]
	[ "$(nearest_colour < svg.colours)" -ge 150 ]
	# the same in ansi: the background of '*' against that of each player's digit
	{
		carc-render --format ansi --player-colors red,blue,green,yellow,black,purple six
		carc-render --format ansi --player-colors orange,pink,grey three
	} > all.ansi
	grep -o $'48;5;[0-9]*;1m\\*' all.ansi | sed 's/48;5;\([0-9]*\).*/\1/' | sort -u > ansi.colours
	[ "$(wc -l < ansi.colours)" -eq 1 ]
	grep -o $'48;5;[0-9]*;1m[1-6]\e\\[0m [a-f] ' all.ansi | sed 's/48;5;\([0-9]*\).*/\1/' |
	    sort -u >> ansi.colours
	[ "$(wc -l < ansi.colours)" -eq 10 ]
	[ "$(nearest_colour < ansi.colours)" -ge 150 ]
	# and the old blue was near player 2's: the measure tells them apart
	printf '%s\n' '#2456a6' '#1e5bc6' | nearest_colour > old
	[ "$(cat old)" -lt 40 ]
}

@test "svg: a meeple for every figure, farmers lying down, and one beside each name" {
	for state in "$BATS_FILE_TMPDIR/whole" board; do
		[ "$state" = board ] && handbuilt
		carc-render --format svg "$state" > f.svg
		figures=$(carc-render --format json "$state" | jq '.figures | length')
		farmers=$(carc-render --format json "$state" |
		    jq '[.figures[] | select(.feature | startswith("field"))] | length')
		[ "$figures" -gt 0 ]
		[ "$farmers" -gt 0 ]
		[ "$(grep -c '<path d="M-2.6 -3C' f.svg)" -eq $((figures + 2)) ]
		[ "$(grep -c 'rotate(90)' f.svg)" -eq "$farmers" ]
	done
}

@test "svg: every phase renders, the drawn tile shown while it waits to be placed" {
	carc-deck --players ann,bob,cat --seed 4 > draw
	play_turns draw 5
	carc-draw draw > place
	carc-bot --seed 1 random place > score
	for state in draw place score "$BATS_FILE_TMPDIR/whole"; do
		carc-render --format svg "$state" > p.svg
		svg_ok p.svg
		carc-render --format svg --legal --no-coords --highlight 0,0 "$state" > q.svg
		svg_ok q.svg
	done
	tile=$(carc-render --format json place | jq -r '.drawn[0]')
	grep -q ">$tile</text>" <(carc-render --format svg place)
	! grep -q ">$tile</text>" <(carc-render --format svg draw)
}

@test "svg: a user's own tile set draws from its data" {
	cat > mine.yaml <<-'EOF'
	name: mine
	tiles:
	  - id: Y1
	    count: 2
	    edges: C R C R
	    cities:
	      - {sides: N S, pennants: 2}
	    roads:
	      - W
	      - E
	    fields:
	      - {halves: Wn Ws}
	      - {halves: En Es}
	  - id: Y2
	    count: 2
	    edges: R R R F
	    cloister: true
	    garden: true
	    roads:
	      - N E S
	    fields:
	      - {halves: Ne En}
	      - {halves: Es Se Sw Ws Wn Nw}
	  - id: Y3
	    count: 2
	    edges: C C C C
	    cities:
	      - {sides: N}
	      - {sides: E}
	      - {sides: S}
	      - {sides: W}
	    fields:
	      - {halves: inner}
	EOF
	carc-deck --players ann,bob,cat --seed 3 --tileset mine.yaml --stack Y1,Y2,Y3,Y1,Y2,Y3 > game
	play_turns game 12
	carc-render --format svg game > u.svg
	svg_ok u.svg
	# a shield for every pennant: two on Y1, one on the base tiles that have one
	carc-render --format json game > game.json
	[ "$(jq '[.board[] | select(.tile | test("^Y[123]$"))] | length' game.json)" -eq 6 ]
	pennants=$(jq '[.board[].tile | {"Y1": 2, "C": 1, "F": 1, "M": 1, "Mg": 1, "O": 1, "Q": 1,
	    "S": 1}[.] // 0] | add' game.json)
	[ "$(grep -c 'fill="#5fffff"' u.svg)" -eq "$pennants" ]
	# Y3's four caps each have a wall of their own
	[ "$(grep -c '<path d="M64 0Q32 34 0 0"' u.svg)" -ge 1 ]
	n=$(carc-render --no-coords game | board_lines | tr -cd '1-9' | wc -c)
	[ "$n" -eq "$(carc-render --format json game | jq '.figures | length')" ]
}

@test "names that would break the XML or steer the terminal never reach a picture" {
	handbuilt
	# the state reader takes no such name (text.bats has the whole rule)
	carc-render --format json board | jq '.players[0].name = "<b>&\"x"' > odd.json
	run --separate-stderr carc-deck --from-json odd.json
	tool=carc-deck fails 65 "odd.json: bad state: bad player name '<b>&\"x': letters, digits"
	carc-render --format json board | jq '.players[0].name = "x\u001b[31m"' > odd.json
	run --separate-stderr carc-deck --from-json odd.json
	tool=carc-deck fails 65 "odd.json: bad state: a string in 'players' is not text: a control character at byte 2 (U+001B)"
	# a name beyond ASCII is drawn as it is
	carc-render --format json board | jq '.players[1].name = "\u00e9l\u00e9a"' > odd.json
	carc-deck --from-json odd.json > odd
	carc-render --format svg odd > odd.svg
	svg_ok odd.svg
	grep -q ">éléa</text>" odd.svg
	run carc-render --format ansi odd
	[[ $output == *"éléa"* ]]
}
