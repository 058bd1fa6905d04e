#!/usr/bin/env bats
# carc-bot: a drop-in for carc-place that picks the decision itself.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-bot [-h] [--armor] [--as NAME] [--iterations N] [--seed N] [--time MS]
                [--version] random|greedy|mcts [FILE]
       carc-bot [--armor] [--as NAME] [--iterations N] [--no-wait] [--seed N]
                [--time MS] -i FILE random|greedy|mcts
       carc-bot --selfplay N --strategies S,S,... [--expansions SET,...]
                [--iterations N] [--players NAME,...] [--rule KEY=VALUE] [--seed N]
                [--time MS]"
tool=carc-bot

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-bot -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-bot(1)" {
	[ -f "$TOP/man/carc-bot.1" ]
	run synopsis carc-bot
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$usage" | sed 's/^usage: //' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//')" ]
}

@test "no strategy, an unknown option or too many operands is a usage error" {
	phases
	run --separate-stderr carc-bot
	misused "no strategy given (random, greedy, mcts)"
	run --separate-stderr carc-bot -x random place
	misused "unknown option '-x'"
	run --separate-stderr carc-bot --time
	misused "option '--time' needs a value"
	run --separate-stderr carc-bot --seed
	misused "option '--seed' needs a value"
	run --separate-stderr carc-bot random place place
	misused "unexpected operand 'place'"
	run --separate-stderr carc-bot --no-wait random place
	misused "--no-wait goes with -i"
}

@test "an unknown strategy or a bad seed is a usage error" {
	phases
	run --separate-stderr carc-bot genius place
	fails 64 "unknown strategy 'genius'"
	for seed in -1 ' -1' x '' 1.5 18446744073709551616; do
		run --separate-stderr carc-bot --seed "$seed" random place
		fails 64 "bad --seed '$seed'"
	done
}

@test "random plays one of the moves carc-place --list prints, as carc-place would" {
	carc-deck --players ann,bob --seed 7 | carc-draw > drawn
	carc-bot random drawn > played
	move=$(get played '.log[-1]' | tr -d '"')
	[ "$(get played .phase)" = '"score"' ]
	carc-place --list drawn | sed 's|^|D/|' | grep -qxF -- "$move"
	carc-place "$move" drawn | cmp - played
}

@test "without --seed the same state gets the same move" {
	carc-deck --players ann,bob --seed 7 | carc-draw > drawn
	carc-bot random drawn > one
	carc-bot random < drawn > two
	cmp one two
}

@test "--seed picks the move: the same seed the same move, other seeds other moves" {
	carc-deck --players ann,bob --seed 7 | carc-draw > drawn
	carc-bot --seed 1 random drawn > one
	carc-bot --seed 1 random < drawn > again
	cmp one again
	for seed in 1 2 3 4 5 6 7 8; do
		carc-bot --seed "$seed" random drawn > played
		get played '.log[-1]' >> moves
	done
	[ "$(sort -u moves | wc -l)" -ge 3 ]
}

@test "before the draw: refused, and carc-draw named" {
	phases
	run --separate-stderr carc-bot random draw
	fails 1 "carc-draw"
}

@test "after the placement: refused, and carc-score named" {
	phases
	run --separate-stderr carc-bot random score
	fails 1 "carc-score"
}

@test "a game that is over takes no move" {
	phases
	run --separate-stderr carc-bot random over
	fails 1 "over"
}

@test "a file that cannot be opened: status 66" {
	run --separate-stderr carc-bot random nosuch
	fails 66 "nosuch: "
}

@test "something that is not a state: status 65" {
	echo hello > text
	run --separate-stderr carc-bot random text
	fails 65 "text: "
	run --separate-stderr carc-bot random < /dev/null
	fails 65 "stdin: "
}

@test "will not write a state to a terminal" {
	phases
	run --separate-stderr script -qec 'carc-bot random place 2> err' /dev/null
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(cat err)" = "carc-bot: will not write a binary state to a terminal; redirect it to a file or a pipe, or give --armor" ]
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	phases
	run --separate-stderr sh -c 'carc-bot random place > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-bot: "* ]]
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-bot -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-bot: "* ]]
}

# --- greedy, mcts and self-play -------------------------------------------------------------

# A city cap waits north of the start tile D: greedy closes it with its own knight at once
# (B-24: 4 points now) rather than any move that scores nothing.
@test "greedy takes the points on offer: it closes the city with its own knight" {
	carc-deck --players ann,bob --seed 1 --deck E,U,U > g
	carc-draw g > d
	carc-bot greedy d > p
	[ "$(get p '.log[-1]')" = '"E/0,-1,180,city:S"' ]
	carc-score p > s
	[ "$(get s '[.players[].score]')" = '[4,0]' ]
}

@test "greedy and mcts are deterministic: the same state and seed, the same move" {
	carc-deck --players ann,bob --seed 3 > g
	for i in 1 2 3 4 5; do carc-draw g | carc-bot greedy | carc-score > n && mv n g; done
	carc-draw g > d
	for s in greedy mcts; do
		carc-bot --seed 9 --iterations 200 "$s" d > a
		carc-bot --seed 9 --iterations 200 "$s" d > b
		cmp a b
	done
}

@test "mcts plays every phase: a whole game with the Catapult, bots through pipes" {
	carc-deck --players ann,bob --seed 4 --expansions base,catapult > g
	while :; do
		case $(get g .phase) in
		'"draw"') carc-draw g | carc-bot --iterations 30 mcts | carc-score > n ;;
		'"hurl"' | '"seduce"') carc-bot --iterations 30 mcts g | carc-score > n ;;
		'"over"') break ;;
		*) false ;;
		esac
		mv n g
	done
	[ "$(get g '.log | map(select(startswith("hurl:"))) | length')" -gt 0 ]
}

@test "--time bounds mcts by the clock and still moves" {
	carc-deck --players ann,bob --seed 3 | carc-draw > d
	run --separate-stderr carc-bot --time 50 mcts d
	[ "$status" -eq 0 ]
	[ -n "$output" ]
}

@test "bad numbers for --iterations, --time and --selfplay are usage errors" {
	phases
	run --separate-stderr carc-bot --iterations x mcts place
	fails 64 "bad --iterations 'x'"
	run --separate-stderr carc-bot --time -5 mcts place
	fails 64 "bad --time '-5'"
	run --separate-stderr carc-bot --selfplay 0 --strategies random
	fails 64 "--selfplay needs at least one game"
	run --separate-stderr carc-bot --selfplay 2
	misused "--selfplay needs --strategies"
	run --separate-stderr carc-bot --selfplay 2 --strategies random -i place
	misused "--selfplay does not go with -i"
	run --separate-stderr carc-bot --selfplay 2 --strategies genius
	fails 64 "unknown strategy 'genius'"
	run --separate-stderr carc-bot --strategies random mcts place
	misused "--strategies goes with --selfplay"
}

@test "--selfplay prints one row per strategy and the games per second" {
	run --separate-stderr carc-bot --selfplay 20 --strategies greedy,random --seed 2
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "strategy     seats      wins    win% mean score       sd" ]
	[[ ${lines[1]} == "greedy          20 "* ]]
	[[ ${lines[2]} == "random          20 "* ]]
	[[ ${lines[3]} == "20 games of 2 players in "*" games per second" ]]
	# the seats: 20 games of two seats, each strategy in one; the wins add up to 20
	[ "$(printf '%s\n' "${lines[1]}" "${lines[2]}" | awk '{ w += $3 } END { print w }')" = 20 ]
	# nothing on stderr when it is not a terminal: no progress bar
	[ -z "$stderr" ]
}

@test "--selfplay is deterministic for a seed and plays the expansions it is given" {
	carc-bot --selfplay 10 --strategies greedy,random --seed 5 --players a,b,c \
	    --expansions base,fortune-teller,catapult | sed '$d' > one
	carc-bot --selfplay 10 --strategies greedy,random --seed 5 --players a,b,c \
	    --expansions base,fortune-teller,catapult | sed '$d' > two
	cmp one two
	# 3 seats and 2 strategies taking turns: greedy sits twice in even games, once in odd ones
	[ "$(sed -n 2p one | awk '{ print $2 }')" = 15 ]
}
