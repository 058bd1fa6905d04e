#!/usr/bin/env bats
# carc-score: scores what the placement completed, passes the turn, ends the game at the end.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-score [-hv] [--armor] [--version] [FILE]
       carc-score [-v] [--armor] [--no-wait] -i FILE"
tool=carc-score

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-score -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-score(1)" {
	[ -f "$TOP/man/carc-score.1" ]
	run synopsis carc-score
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$usage" | sed 's/^usage: //' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//')" ]
}

@test "an unknown option or a second operand is a usage error" {
	phases
	run --separate-stderr carc-score -x score
	misused "unknown option '-x'"
	run --separate-stderr carc-score -vx score
	misused "unknown option '-x'"
	run --separate-stderr carc-score --verbose score
	misused "unknown option '--verbose'"
	run --separate-stderr carc-score score score
	misused "unexpected operand 'score'"
	run --separate-stderr carc-score --no-wait score
	misused "--no-wait goes with -i"
}

@test "a placement that completes nothing passes the turn to the next player" {
	phases
	carc-score score > next
	[ "$(get next '[.phase, .player, (.players | map(.score)), .tiles_left, .log]')" = '["draw",1,[0,0],70,["U/1,0,0"]]' ]
	[ "$(get score 'del(.phase, .player)')" = "$(get next 'del(.phase, .player)')" ]
}

@test "after the last player, the first plays again" {
	carc-deck --players ann,bob,cy --seed 7 > game
	for turn in 1 2 3; do
		carc-draw game > drawn
		run carc-place --list drawn
		[ "$status" -eq 0 ]
		carc-place "${lines[0]}" drawn | carc-score > game
	done
	[ "$(get game '[.phase, .player, (.log | length)]')" = '["draw",0,3]' ]
}

@test "a completed city scores 2 a tile and its follower goes home" {
	carc-deck --players ann,bob --seed 1 --stack D | carc-draw | carc-place 0,-1,180,city:S > placed
	[ "$(get placed '.players[0].supply.follower')" = 6 ]
	carc-score placed > scored
	[ "$(get scored '[(.players | map(.score)), .players[0].supply.follower, .figures, .player]')" = '[[4,0],7,[],1]' ]
}

@test "-v tells on stderr what was scored, and writes the same state" {
	carc-deck --players ann,bob --seed 1 --stack D | carc-draw | carc-place 0,-1,180,city:S > placed
	carc-score placed > quiet
	carc-score -v placed > loud 2> told
	cmp quiet loud
	[ "$(cat told)" = "ann scores 4 for the city at 0,-1" ]
}

@test "the last tile ends the game with the final scoring" {
	carc-deck --players ann,bob --seed 1 --deck U | carc-draw | carc-place 1,0,0,road:E > placed
	carc-score -v placed > over 2> told
	[ "$(get over '[.phase, .tiles_left, (.players | map(.score))]')" = '["over",0,[2,0]]' ]
	[ "$(cat told)" = "final scoring:
ann scores 2 for the road at 1,0" ]
}

@test "the game ends when no tile left fits anywhere" {
	carc-deck --players ann,bob --seed 1 --start C --deck E,X | carc-draw |
	    carc-place 0,-1,180,city:S | carc-score > over
	[ "$(get over '[.phase, .tiles_left, (.players | map(.score))]')" = '["over",0,[3,0]]' ]
}

@test "before the draw: refused, and carc-draw named" {
	phases
	run --separate-stderr carc-score draw
	fails 1 "carc-draw"
}

@test "before the placement: refused, and carc-place named" {
	phases
	run --separate-stderr carc-score place
	fails 1 "carc-place"
	run --separate-stderr carc-score < place
	fails 1 "carc-place"
}

@test "a game that is over is not scored again" {
	phases
	run --separate-stderr carc-score over
	fails 1 "the game is over"
}

@test "reads a FILE, '-' or standard input" {
	phases
	carc-score score > one
	carc-score - < score > two
	carc-score < score > three
	cmp one two
	cmp one three
}

@test "a file that cannot be opened: status 66" {
	run --separate-stderr carc-score nosuch
	fails 66 "nosuch: "
}

@test "something that is not a state: status 65" {
	echo hello > text
	run --separate-stderr carc-score text
	fails 65 "text: "
	run --separate-stderr carc-score < /dev/null
	fails 65 "stdin: "
}

@test "will not write a state to a terminal" {
	phases
	run --separate-stderr script -qec 'carc-score score 2> err' /dev/null
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(cat err)" = "carc-score: will not write a binary state to a terminal; redirect it to a file or a pipe, or give --armor" ]
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	phases
	run --separate-stderr sh -c 'carc-score score > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-score: "* ]]
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-score -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-score: "* ]]
}
