#!/usr/bin/env bats
# carc-render: shows a game as text for people (ascii) or the whole state for programs (json).
# The pictures themselves (ansi, svg, the marking options) are tested in carc-render-pictures.bats.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-render [-h] [--format ascii|ansi|svg|json] [--highlight X,Y] [--legal]
                   [--no-coords] [--player-colors COLOR,...] [--version] [FILE]
       carc-render --format phase|html [FILE]
       carc-render --format email [--attach-html] [--from ADDR] [--to ADDR] [FILE]"
tool=carc-render

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-render -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-render(1)" {
	[ -f "$TOP/man/carc-render.1" ]
	run synopsis carc-render
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$usage" | sed 's/^usage: //' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//')" ]
}

@test "an unknown option, an unknown format or a second operand is a usage error" {
	phases 1,0,0,road:E
	run --separate-stderr carc-render -x draw
	misused "unknown option '-x'"
	run --separate-stderr carc-render draw draw
	misused "unexpected operand 'draw'"
	run --separate-stderr carc-render --format
	misused "option '--format' needs a value"
	run --separate-stderr carc-render --f svg draw
	misused "ambiguous option '--f' (--format, --from)"
	run --separate-stderr carc-render --from a@b.c draw
	misused "--from and --to go with --format email"
	run --separate-stderr carc-render --format email --legal draw
	misused "--highlight, --legal, --no-coords and --player-colors do not go with --format email"
	run --separate-stderr carc-render --format phase --no-coords draw
	misused "--highlight, --legal, --no-coords and --player-colors do not go with --format phase"
	run --separate-stderr carc-render --format xml draw
	fails 64 "unknown format 'xml'"
}

@test "ascii: the board, the players and who does what next" {
	carc-deck --players ann,bob --seed 7 > game
	run --separate-stderr carc-render game
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

@test "ascii: a placed tile with its follower, and the turn waiting for carc-score" {
	phases 1,0,0,road:E
	run --separate-stderr carc-render --format ascii score
	[ "$status" -eq 0 ]
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

@test "ascii: the phase line tells what each phase waits for" {
	phases 1,0,0,road:E
	run carc-render draw
	[ "${lines[${#lines[@]}-1]}" = "phase draw: ann draws the next tile; 71 tiles left" ]
	# in phase place the drawn tile follows in its four rotations, below the phase line
	run carc-render place
	[ "${lines[${#lines[@]}-5]}" = "phase place: ann places U; 70 tiles left" ]
	[ "${lines[${#lines[@]}-4]}" = "      0      90      180     270" ]
	[ "${lines[${#lines[@]}-2]}" = "U  ------- ...|... ------- ...|..." ]
	run carc-render score
	[ "${lines[${#lines[@]}-1]}" = "phase score: ann has placed U; carc-score ends the turn" ]
	run carc-render over
	[ "${lines[${#lines[@]}-1]}" = "phase over: the game is over; ann and bob share the win with 0 points" ]
}

@test "phase: one line, the phase and the player it waits for; 'over' alone at the end" {
	phases 1,0,0,road:E
	for state in draw place score over; do
		run --separate-stderr carc-render --format phase "$state"
		[ "$status" -eq 0 ] && [ -z "$stderr" ]
		echo "$output" >> got
	done
	run cat got
	want "draw ann
place ann
score ann
over"
	# the JSON view's phase and its player's name, for the second player too
	carc-score score | carc-draw > bob
	run carc-render --format phase bob; want "place bob"
	run jq -r '"\(.phase) \(.players[.player].name)"' < <(carc-render --format json bob)
	want "place bob"
}

@test "json: the keys every bot may rely on, with their types" {
	phases 1,0,0,road:E
	for state in draw place score over; do
		run carc-render --format json "$state"
		[ "$status" -eq 0 ]
		run jq -c '[(.phase | type), (.player | type), (.players | map(.name, .score | type)),
		    (.board | map(.tile, .x, .y, .rot | type) | unique), (.tiles_left | type),
		    (.drawn | type)]' <<< "$output"
		[ "$output" = '["string","number",["string","number","string","number"],["number","string"],"number","array"]' ]
	done
}

@test "json: the values of a state waiting for its placement" {
	phases 1,0,0,road:E
	run carc-render --format json place
	[ "$status" -eq 0 ]
	run jq -c '[.phase, .player, [.players[] | [.name, .score]], [.board[] | [.tile, .x, .y, .rot]],
	    .tiles_left, .drawn]' <<< "$output"
	[ "$output" = '["place",0,[["ann",0],["bob",0]],[["D",0,0,0]],70,["U"]]' ]
}

@test "json: tiles_left counts the supply, and the state reads back byte for byte" {
	phases 1,0,0,road:E
	for state in draw place score over; do
		carc-render --format json "$state" > state.json
		[ "$(jq '.tiles_left == (.supply | length)' state.json)" = true ]
		carc-deck --from-json state.json | cmp - "$state"
	done
}

@test "renders a state in any phase, from a FILE, '-' or standard input" {
	phases 1,0,0,road:E
	for state in draw place score over; do
		for format in ascii ansi svg json; do
			carc-render --format "$format" "$state" > one
			carc-render --format "$format" - < "$state" > two
			carc-render --format "$format" < "$state" > three
			cmp one two
			cmp one three
			[ -s one ]
		done
	done
}

@test "a file that cannot be opened: status 66" {
	run --separate-stderr carc-render nosuch
	fails 66 "nosuch: "
	run --separate-stderr carc-render --format json nosuch
	fails 66 "nosuch: "
}

@test "something that is not a state: status 65" {
	echo hello > text
	run --separate-stderr carc-render text
	fails 65 "text: "
	run --separate-stderr carc-render --format json < text
	fails 65 "stdin: "
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	phases 1,0,0,road:E
	for cmd in 'carc-render draw' 'carc-render --format json draw'; do
		run --separate-stderr sh -c "$cmd > /dev/full"
		[ "$status" -eq 74 ]
		[ "${#stderr_lines[@]}" -eq 1 ]
		[[ $stderr == "carc-render: "* ]]
	done
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-render -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-render: "* ]]
}
