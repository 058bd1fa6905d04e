#!/usr/bin/env bats
# carc-draw: draws the tile for the player to move; tiles that fit nowhere are set aside.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-draw [-h] [-i FILE] [--armor] [--tiles N] [FILE]"
tool=carc-draw

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-draw -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-draw(1)" {
	[ -f "$TOP/man/carc-draw.1" ]
	run synopsis carc-draw
	[ "$status" -eq 0 ]
	[ "$output" = "${usage#usage: }" ]
}

@test "an unknown option or a second operand is a usage error" {
	phases
	run --separate-stderr carc-draw -x draw
	misused
	run --separate-stderr carc-draw draw draw
	misused
}

@test "draws the top tile of the supply for the player to move" {
	carc-deck --players ann,bob --seed 7 --stack X,B > game
	carc-draw game > drawn
	[ "$(get drawn '[.phase, .player, .drawn, .tiles_left, .supply[0], .aside]')" = '["place",0,["X"],70,"B",[]]' ]
	run carc-render drawn
	[ "${lines[${#lines[@]}-5]}" = "phase place: ann places X; 70 tiles left" ]
	[ "${lines[${#lines[@]}-2]}" = "X  ---o--- ---o--- ---o--- ---o---" ]
}

@test "changes nothing but the supply, the drawn tile and the phase" {
	carc-deck --players ann,bob --seed 7 > game
	carc-draw game > drawn
	[ "$(get game 'del(.phase, .drawn, .supply, .tiles_left)')" = "$(get drawn 'del(.phase, .drawn, .supply, .tiles_left)')" ]
	[ "$(get game '.supply[1:]')" = "$(get drawn .supply)" ]
	[ "$(get game '[.supply[0]]')" = "$(get drawn .drawn)" ]
}

@test "reads a FILE, '-' or standard input" {
	carc-deck --players ann,bob --seed 7 > game
	carc-draw game > one
	carc-draw - < game > two
	carc-draw < game > three
	cmp one two
	cmp one three
}

@test "a tile that fits nowhere is set aside and the next one drawn (B-12)" {
	carc-deck --players ann,bob --seed 1 --start C --deck U,E,U > game
	carc-draw game > drawn
	[ "$(get drawn '[.phase, .drawn, .aside, .supply, .tiles_left]')" = '["place",["E"],["U"],["U"],1]' ]
}

@test "every tile in a row that fits nowhere is set aside" {
	carc-deck --players ann,bob --seed 1 --start C --deck U,V,B,X,E > game
	carc-draw game > drawn
	[ "$(get drawn '[.drawn, .aside, .tiles_left]')" = '[["E"],["U","V","B","X"],0]' ]
}

@test "a drawn tile waits for carc-place or carc-bot" {
	phases
	run --separate-stderr carc-draw place
	fails 1 "carc-place"
}

@test "a placed tile waits for carc-score" {
	phases
	run --separate-stderr carc-draw score
	fails 1 "carc-score"
	run --separate-stderr carc-draw < score
	fails 1 "carc-score"
}

@test "a game that is over draws nothing" {
	phases
	[ "$(get over .phase)" = '"over"' ]
	run --separate-stderr carc-draw over
	fails 1 "the game is over"
}

@test "a file that cannot be opened: status 66" {
	run --separate-stderr carc-draw nosuch
	fails 66 "nosuch: "
	mkdir dir
	run --separate-stderr carc-draw dir
	fails 66 "dir: "
}

@test "something that is not a state: status 65, and the message names the input" {
	echo hello > text
	run --separate-stderr carc-draw text
	fails 65 "text: "
	carc-deck --seed 1 | carc-render --format json > json
	run --separate-stderr carc-draw < json
	fails 65 "stdin: "
}

@test "will not write a state to a terminal" {
	phases
	run --separate-stderr script -qec 'carc-draw draw 2> err' /dev/null
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(cat err)" = "carc-draw: will not write a binary state to a terminal; redirect it to a file or a pipe, or give --armor" ]
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	phases
	run --separate-stderr sh -c 'carc-draw draw > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-draw: "* ]]
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-draw -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-draw: "* ]]
}
