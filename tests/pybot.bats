#!/usr/bin/env bats
# examples/pybot.py, a bot in Python with the standard library only, through real pipes: it
# reads the JSON view and the decisions as JSON, plays whole games, and beats carc-bot random.

bats_require_minimum_version 1.5.0
load helper

PYBOT="$TOP/examples/pybot.py"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# A whole base game between pybot and carc-bot random, seeded with SEED; PLAYERS is py,rnd or
# rnd,py. Each turn is carc-draw | BOT | carc-score, the bot of the player to move (the base
# game's players alternate); prints the final scores as "name=points ...".
match() {
	local seed=$1 players=$2 n=0 first=${2%%,*}
	carc-deck --players "$players" --seed "$seed" > g
	while carc-draw < g > d 2> /dev/null; do
		if [ $((n % 2)) -eq "$([ "$first" = py ] && echo 0 || echo 1)" ]; then
			"$PYBOT" < d
		else
			carc-bot --seed "$seed" random < d
		fi | carc-score > next || return 1
		mv next g
		n=$((n + 1))
	done
	[ "$(get g .phase)" = '"over"' ] || return 1
	scores g
}

@test "pybot is a pipeline stage: a state in, the state after its decision out" {
	carc-deck --players ann,bob --seed 7 | carc-draw > drawn
	"$PYBOT" < drawn > placed
	[ "$(get placed .phase)" = '"score"' ]
	# its choice by its rule: a follower on the city of D, the first such decision listed
	[ "$(get placed '.log[-1]')" = '"D/0,-1,180,city:S"' ]
	"$PYBOT" drawn | cmp - placed
}

@test "pybot passes on a tool's refusal and writes nothing" {
	carc-deck --players ann,bob --seed 7 > new
	run --separate-stderr "$PYBOT" new
	[ "$status" -eq 1 ] && [ -z "$output" ]
	[ "$stderr" = "carc-place: the game waits for carc-draw, not for a placement" ]
	run --separate-stderr "$PYBOT" no-such-file
	[ "$status" -eq 66 ] && [ -z "$output" ]
	[ "$stderr" = "pybot: no-such-file: No such file or directory" ]
	run --separate-stderr "$PYBOT" -x
	[ "$status" -eq 64 ] && [ "$stderr" = "usage: pybot.py [FILE]" ]
}

@test "pybot plays whole games and beats random from either seat" {
	run match 1 py,rnd
	[ "$status" -eq 0 ]
	[ "$output" = "py=17 rnd=4" ]
	run match 2 rnd,py
	[ "$status" -eq 0 ]
	[ "$output" = "rnd=2 py=23" ]
}

@test "pybot plays a catapult round: a hurl and a seduce decision" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > game
	carc-draw game | carc-place 1,0,0,field:Es | carc-score | carc-draw | carc-place 2,0,0,road:W |
	    carc-score | carc-draw | carc-place 1,-1,0 | carc-score > round
	"$PYBOT" < round > hurled
	[ "$(get hurled '.log[-1]')" = '"hurl:target:1.50,-0.50"' ]
	carc-place hurl:seduction:2.40,0.60 round | carc-score | "$PYBOT" > seduced
	[ "$(get seduced '.log[-1]')" = '"seduce:supply"' ]
}

@test "pybot in phase draw under ft-draw=may draws all its fortune tellers allow, then plays on" {
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller --start B \
	    --deck FT1,B,U,E,B --rule ft-draw=may > g
	carc-draw g | carc-place 0,1,0,tent | carc-score | carc-draw | carc-place 1,0,0 |
	    carc-score > may
	# it draws both, then places one (its whole turn): the other is held to the scoring
	"$PYBOT" < may > drew
	[ "$(get drew '[.phase, (.drawn | length)]')" = '["score",1]' ]
	carc-draw may | "$PYBOT" | cmp - drew
}
