#!/usr/bin/env bats
# carc-place: applies one decision of the player to move, or lists every legal one.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-place [-hv] [--armor] [--version] MOVE ... [FILE]
       carc-place [-v] [--armor] [--no-wait] -i FILE MOVE ...
       carc-place --list [--format text|json] [FILE]"
tool=carc-place

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# A straight road (U) drawn next to the start tile (D: city N, road W-E, field S): ann to place.
drawn_road() {
	carc-deck --players ann,bob --seed 1 --stack "${1:-U}" | carc-draw > drawn
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-place -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-place(1)" {
	[ -f "$TOP/man/carc-place.1" ]
	run synopsis carc-place
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$usage" | sed 's/^usage: //' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//')" ]
}

@test "no move, an unknown option or too many operands is a usage error" {
	drawn_road
	run --separate-stderr carc-place
	misused "no MOVE given"
	run --separate-stderr carc-place -x 1,0,0 drawn
	misused "unknown option '-x'"
	run --separate-stderr carc-place --lst drawn
	misused "unknown option '--lst'"
	run --separate-stderr carc-place 1,0,0 drawn drawn
	misused "unexpected operand 'drawn'"
	run --separate-stderr carc-place --list drawn drawn
	misused "unexpected operand 'drawn'"
	run --separate-stderr carc-place --list -i drawn
	misused "--list does not go with -i"
	run --separate-stderr carc-place --list --armor drawn
	misused "--list does not go with --armor"
}

@test "places the drawn tile: the board, the log and the phase say so" {
	drawn_road
	carc-place 1,0,0 drawn > placed
	[ "$(get placed '[.phase, .player, .drawn, .board[1], .log, .figures]')" = '["score",0,[],{"tile":"U","x":1,"y":0,"rot":0},["U/1,0,0"],[]]' ]
}

@test "places a follower: on the board, one fewer in the supply, in the log" {
	drawn_road
	carc-place 1,0,0,road:E drawn > placed
	[ "$(get placed '[.figures, .players[0].supply, .log]')" = '[[{"x":1,"y":0,"feature":"road:E","owner":0,"type":"follower"}],{"follower":6},["U/1,0,0,road:E"]]' ]
}

@test "a move with a negative x is a move, not an option" {
	drawn_road
	carc-place -1,0,180 drawn > placed
	[ "$(get placed .log)" = '["U/-1,0,180"]' ]
	carc-place -1,0,180 < drawn | cmp - placed
}

@test "reads a FILE, '-' or standard input" {
	drawn_road
	carc-place 0,1,0 drawn > one
	carc-place 0,1,0 - < drawn > two
	carc-place 0,1,0 < drawn > three
	cmp one two
	cmp one three
}

@test "any side of a feature names it, and the state keeps the canonical name" {
	carc-deck --players ann,bob --seed 1 --stack D | carc-draw > drawn
	carc-place 0,-1,180,field:Wn drawn > placed
	[ "$(get placed '[.figures[0].feature, .log[0]]')" = '["field:Nw","D/0,-1,180,field:Nw"]' ]
	carc-place 0,-1,180,field:Nw drawn | cmp - placed
}

@test "TILE/ and @follower may be spelt out" {
	drawn_road
	carc-place 1,0,0,road:E drawn > short
	carc-place U/1,0,0,road:E@follower drawn | cmp - short
}

@test "--list prints every legal placement, one word a line, one rotation of a symmetric tile" {
	drawn_road
	run --separate-stderr carc-place --list drawn
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "-1,0,0
-1,0,0,road:E
-1,0,0,field:Nw
-1,0,0,field:Es
1,0,0
1,0,0,road:E
1,0,0,field:Nw
1,0,0,field:Es
0,1,0
0,1,0,road:E
0,1,0,field:Nw
0,1,0,field:Es" ]
	# the rotation left out is still a legal move
	carc-place 1,0,180,road:E drawn > turned
	[ "$(get turned .log)" = '["U/1,0,180,road:E"]' ]
}

@test "--list --format json: the same decisions, each an object of its fields" {
	drawn_road
	carc-place --list drawn > words
	run --separate-stderr carc-place --list --format json drawn
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "[" ] && [ "${lines[-1]}" = "]" ]
	[ "${lines[1]}" = '{"word": "-1,0,0", "kind": "place", "tile": "U", "x": -1, "y": 0, "rot": 0, "feature": null, "figure": null},' ]
	printf '%s\n' "$output" > list.json
	[ "$(jq -r '.[].word' list.json)" = "$(cat words)" ]
	# every object says what its word says
	[ "$(jq -r '.[] | "\(.x),\(.y),\(.rot)\(if .feature then ",\(.feature)" else "" end)"' list.json)" = "$(cat words)" ]
	[ "$(jq '[.[] | select(.feature != null and .figure != "follower")] | length' list.json)" -eq 0 ]
	[ "$(carc-place --list --format text drawn)" = "$(cat words)" ]
}

@test "--list --format json: two drawn tiles, hurls, seduce decisions; a bad format" {
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller --stack FT1,U,V > g
	carc-draw g | carc-place 0,1,0,tent | carc-score | carc-draw | carc-place 1,0,0 |
	    carc-score | carc-draw > two
	carc-place --list --format json two > two.json
	[ "$(jq -r '[.[].tile] | unique | join(",")' two.json)" = F,V ]
	[ "$(jq -r '.[0].word' two.json)" = V/1,-1,90 ]
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > g
	carc-draw g | carc-place 1,0,0,field:Es | carc-score | carc-draw | carc-place 2,0,0,road:W |
	    carc-score | carc-draw | carc-place 1,-1,0 | carc-score > round
	run --separate-stderr carc-place --list --format json round
	[ "${lines[1]}" = '{"word": "hurl:knockout:2.40,0.60", "kind": "hurl", "token": "knockout", "x": 2.40, "y": 0.60},' ]
	[ "${lines[4]}" = '{"word": "hurl:catch:2.10", "kind": "hurl", "token": "catch", "distance": 2.10},' ]
	carc-place hurl:seduction:2.40,0.60 round | carc-score > seduce
	run --separate-stderr carc-place --list --format json seduce
	[ "$output" = '[
{"word": "seduce:supply", "kind": "seduce", "from": "supply"},
{"word": "seduce:1,0,field:Es", "kind": "seduce", "from": "board", "x": 1, "y": 0, "feature": "field:Es"},
{"word": "seduce:none", "kind": "seduce", "from": "none"}
]' ]
	run --separate-stderr carc-place --list --format xml seduce
	fails 64 "unknown format 'xml' for --list (text, json)"
	run --separate-stderr carc-place --format json seduce:none seduce
	misused "--format goes with --list"
}

@test "--list --format json in phase draw under ft-draw=may: the draws; draw:x suggests one" {
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller --start B \
	    --deck FT1,B,U,E,B --rule ft-draw=may > g
	carc-draw g | carc-place 0,1,0,tent | carc-score | carc-draw | carc-place 1,0,0 |
	    carc-score > may
	run --separate-stderr carc-place --list --format json may
	[ "$status" -eq 0 ]
	[ "$output" = '[
{"word": "draw:2", "kind": "draw", "tiles": 2},
{"word": "draw:1", "kind": "draw", "tiles": 1}
]' ]
	[ "$(printf '%s\n' "$output" | jq -r '.[].word')" = "$(carc-place --list may)" ]
	run --separate-stderr carc-place draw:x may
	fails 64 "bad move 'draw:x': expected draw:N, N from 1 to 3; did you mean 'draw:2'?"
}

@test "every word --list prints is accepted, and gives the state that word logs" {
	carc-deck --players ann,bob --seed 7 --stack L | carc-draw > drawn
	carc-place --list drawn > moves
	[ "$(wc -l < moves)" -gt 20 ]
	while read -r move; do
		carc-place "$move" drawn > placed
		logged=$(get placed '.log[-1]')
		carc-place "${logged//\"/}" drawn | cmp - placed
	done < moves
}

@test "--list leaves out a feature that already has a follower (B-22)" {
	carc-deck --players ann,bob --seed 1 --stack U,U > game
	turn game 1,0,0,road:E
	carc-draw game > drawn
	run carc-place --list drawn
	[ "$status" -eq 0 ]
	[[ " ${lines[*]} " == *" -1,0,0 "* ]]
	[[ " ${lines[*]} " != *" -1,0,0,road:E "* ]]
	[[ " ${lines[*]} " == *" 0,1,0,road:E "* ]]
}

@test "a follower on a feature that already has one is illegal (B-22)" {
	carc-deck --players ann,bob --seed 1 --stack U,U > game
	turn game 1,0,0,road:E
	carc-draw game > drawn
	run --separate-stderr carc-place -1,0,0,road:E drawn
	fails 1 "illegal move '-1,0,0,road:E'"
	[[ $stderr == *"B-22"* ]]
}

@test "a tile on another tile, away from the board, or with an edge that does not match is illegal" {
	drawn_road
	run --separate-stderr carc-place 0,0,0 drawn
	fails 1 "illegal move '0,0,0': the cell 0,0 holds tile D"
	run --separate-stderr carc-place 5,5,0 drawn
	fails 1 "illegal move '5,5,0': no tile next to 5,5 (B-10)"
	run --separate-stderr carc-place 1,1,0 drawn
	fails 1 "illegal move '1,1,0': no tile next to 1,1 (B-10)"
	run --separate-stderr carc-place 1,0,90 drawn
	fails 1 "illegal move '1,0,90': its west edge is a field, the tile at 0,0 shows a road (B-11)"
	run --separate-stderr carc-place 0,-1,0 drawn
	fails 1 "illegal move '0,-1,0': its south edge is a field, the tile at 0,0 shows a city (B-11)"
}

@test "a follower on a feature the tile does not have is illegal" {
	drawn_road
	for move in 1,0,0,city:N 1,0,0,city:E 1,0,0,cloister 1,0,0,road:N 1,0,0,garden; do
		run --separate-stderr carc-place "$move" drawn
		fails 1 "illegal move '$move': tile U turned 0 has no"
	done
}

@test "a tile that was not drawn is illegal" {
	drawn_road
	run --separate-stderr carc-place X/1,0,0 drawn
	fails 1 "illegal move 'X/1,0,0': tile X was not drawn"
}

@test "a farmer in a game without farmers is illegal" {
	carc-deck --players ann,bob --seed 1 --rule farmers=off --stack U | carc-draw > drawn
	run --separate-stderr carc-place 1,0,0,field:Nw drawn
	fails 1 "illegal move '1,0,0,field:Nw'"
}

@test "a player with no follower left places none (B-25)" {
	# a row of monasteries south of the start tile; ann puts a monk on each of hers
	carc-deck --players ann,bob --seed 1 --deck B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B > game
	for x in 0 1 2 3 4 5 6 7 8 9 10 11 12 13; do
		if [ $((x % 2)) -eq 0 ]; then turn game "$x,1,0,cloister"; else turn game "$x,1,0"; fi
	done
	[ "$(get game '.players | map(.supply.follower)')" = '[0,7]' ]
	carc-draw game > drawn
	run --separate-stderr carc-place 14,1,0,cloister drawn
	fails 1 "illegal move '14,1,0,cloister': ann has no follower left (B-25)"
	run carc-place --list drawn
	[ "$status" -eq 0 ]
	[[ " ${lines[*]} " == *" 14,1,0 "* ]]
	[[ " ${lines[*]} " != *",cloister "* ]]
	[[ " ${lines[*]} " != *",field:"* ]]
}

@test "a malformed move is a usage error" {
	drawn_road
	for move in '' x 1,0 1,,0 ,1,0,0 1,0,0, 1,0,0x 1.0,0,0 +1,0,0 ' 1,0,0' '1,0,0 ' \
	    1,0,45 1,0,-90 1,0,360 99999,0,0 /1,0,0 U/ 1,0,0@follower 1,0,0,road:E@ \
	    1,0,0,:E 1,0,0,lighthouse:N 1,0,0,ROAD:E; do
		run --separate-stderr carc-place "$move" drawn
		fails 64 "bad move '$move'"
	done
}

@test "a feature with a side that is no side is a malformed move" {
	drawn_road
	for move in 1,0,0,road:X 1,0,0,road: 1,0,0,road:E,city:N; do
		run --separate-stderr carc-place "$move" drawn
		fails 64 "bad move '$move'"
	done
}

@test "a misspelt feature or figure: the nearest valid one is suggested, case included" {
	drawn_road
	for pair in 'raod:E road:E' 'Road:E road:E' 'road:e road:E' 'ROAD:W road:W' \
	    'feild:Nw field:Nw' 'field:nw field:Nw' 'cloistr cloister' 'city:n city:N'; do
		set -- $pair
		run --separate-stderr carc-place "1,0,0,$1" drawn
		[ "$status" -eq 64 ] && [ -z "$output" ]
		[ "$stderr" = "carc-place: bad move '1,0,0,$1': unknown feature '$1'; did you mean '$2'?" ]
	done
	run --separate-stderr carc-place 1,0,0,road:E@Follower drawn
	[ "$stderr" = "carc-place: bad move '1,0,0,road:E@Follower': unknown figure 'Follower'; did you mean 'follower'?" ]
	# nothing near: the grammar, and no guess
	run --separate-stderr carc-place 1,0,0,lighthouse:N drawn
	fails 64 "bad move '1,0,0,lighthouse:N': unknown feature 'lighthouse:N' (KIND or KIND:SIDE, as road:E or field:Nw)"
	[[ $stderr != *"did you mean"* ]]
	run --separate-stderr carc-place 1,0,0,road:E@abbot drawn
	[ "$stderr" = "carc-place: bad move '1,0,0,road:E@abbot': unknown figure 'abbot'" ]
}

@test "a malformed move near a legal one suggests that move" {
	drawn_road
	run --separate-stderr carc-place 1,0,0road:E drawn
	fails 64 "bad move '1,0,0road:E': expected [TILE/]X,Y,ROT[,FEATURE][@FIGURE]; did you mean '1,0,0,road:E'?"
	run --separate-stderr carc-place 1,0,9 drawn
	fails 64 "bad move '1,0,9': the rotation must be 0, 90, 180 or 270; did you mean '1,0,0'?"
	run --separate-stderr carc-place 12345,0,0x drawn
	fails 64 "bad move '12345,0,0x': expected [TILE/]X,Y,ROT[,FEATURE][@FIGURE]"
	[[ $stderr != *"did you mean"* ]]
}

@test "before the draw: refused, and carc-draw named" {
	phases
	run --separate-stderr carc-place 1,0,0 draw
	fails 1 "carc-draw"
	run --separate-stderr carc-place --list draw
	fails 1 "carc-draw"
}

@test "after the placement: refused, and carc-score named" {
	phases
	run --separate-stderr carc-place 0,1,0 score
	fails 1 "carc-score"
	run --separate-stderr carc-place --list score
	fails 1 "carc-score"
}

@test "a game that is over takes no move" {
	phases
	run --separate-stderr carc-place 0,1,0 over
	fails 1 "over"
	run --separate-stderr carc-place --list over
	fails 1 "over"
}

@test "a file that cannot be opened: status 66" {
	run --separate-stderr carc-place 1,0,0 nosuch
	fails 66 "nosuch: "
	run --separate-stderr carc-place --list nosuch
	fails 66 "nosuch: "
}

@test "something that is not a state: status 65" {
	echo hello > text
	run --separate-stderr carc-place 1,0,0 text
	fails 65 "text: "
	run --separate-stderr carc-place --list < text
	fails 65 "stdin: "
}

@test "will not write a state to a terminal, but lists moves there" {
	drawn_road
	run --separate-stderr script -qec 'carc-place 1,0,0 drawn 2> err' /dev/null
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(cat err)" = "carc-place: will not write a binary state to a terminal; redirect it to a file or a pipe, or give --armor" ]
	run --separate-stderr script -qec 'carc-place --list drawn 2> err' /dev/null
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 12 ]
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	drawn_road
	for cmd in 'carc-place 1,0,0 drawn' 'carc-place --list drawn'; do
		run --separate-stderr sh -c "$cmd > /dev/full"
		[ "$status" -eq 74 ]
		[ "${#stderr_lines[@]}" -eq 1 ]
		[[ $stderr == "carc-place: "* ]]
	done
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-place -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-place: "* ]]
}
