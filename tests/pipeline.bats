#!/usr/bin/env bats
# One turn, one pipeline (issue 36, item 8): `carc-draw | carc-bot S | carc-score` plays a whole
# turn in every set, the bot making every decision until the state waits for carc-score,
# carc-draw or the end (with --as NAME, only NAME's); `carc-place W1 W2 ...` makes a turn's
# words in order, all or nothing.

bats_require_minimum_version 1.5.0

load helper

ALL=base,fortune-teller,catapult,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,princess-dragon,tower

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	set -o pipefail
}

# pipe_play FILE BOT [TURNS]: plays FILE to its end (or for TURNS turns), a turn being the one
# pipeline `carc-draw | carc-bot BOT | carc-score -v`; a state that waits after carc-score for
# the decisions of the turn's end (a wagon's move, a catapult round's hurls, an abbey at the
# end) goes to carc-bot BOT alone, and to carc-score when those ask for it. What carc-score
# tells goes to FILE.told; the turns played to FILE.turns. BOT is split into words on purpose
# ("--iterations 20 mcts").
pipe_play() {
	local f=$1 bot=$2 max=${3:-1000} ph who turns=0 steps=0

	: > "$f.told"
	while read -r ph who < <(carc-render --format phase < "$f") && [ "$ph" != over ]; do
		[ "$steps" -lt 1000 ] || { echo "no end after $steps steps"; return 1; }
		case $ph in
		draw)	[ "$turns" -lt "$max" ] || break
			carc-draw < "$f" | carc-bot $bot | carc-score -v > "$f.n" 2>> "$f.told" ||
			    { echo "turn $((turns + 1)) ($who) failed: $(tail -n 1 "$f.told")"; return 1; }
			turns=$((turns + 1)) ;;
		score)	carc-score -v < "$f" > "$f.n" 2>> "$f.told" ;;
		*)	carc-bot $bot < "$f" > "$f.n" ;;
		esac || { echo "step $steps failed in phase $ph"; return 1; }
		mv "$f.n" "$f"
		steps=$((steps + 1))
	done
	echo "$turns" > "$f.turns"
}

# step_play FILE BOT TURNS: the same game, one decision a process: carc-draw, carc-score, or
# carc-bot --as the player the state waits for.
step_play() {
	local f=$1 bot=$2 max=$3 ph who turns=0

	while read -r ph who < <(carc-render --format phase < "$f") && [ "$ph" != over ]; do
		case $ph in
		draw)	[ "$turns" -lt "$max" ] || break
			carc-draw < "$f" > "$f.n"
			turns=$((turns + 1)) ;;
		score)	carc-score < "$f" > "$f.n" ;;
		*)	carc-bot --as "$who" "$bot" < "$f" > "$f.n" ;;
		esac || { echo "failed in phase $ph ($who)"; return 1; }
		mv "$f.n" "$f"
	done
}

@test "the README's turn with --expansions base,phantom: the bot's placement and its phantom in one stage" {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom > g
	carc-draw < g | carc-bot random | carc-score > n
	run carc-render --format phase < n
	want "draw bob"
	run get n '[.player, (.log | length), (.log[1] | startswith("phantom:"))]'
	want '[1,2,true]'
}

# bats test_tags=slow
@test "every built-in set: a whole game of random bots, one pipeline a turn, verified" {
	carc-deck --players ann,bob,cat --seed 3 --expansions "$ALL" > g
	pipe_play g random
	# every tile of the supply (193) placed or set aside, and the abbeys put down
	run get g '[.phase, .tiles_left, (.board | length) + (.aside | length) - 1 -
	    ([.board[] | select(.tile == "ABBEY")] | length)]'
	want '["over",0,193]'
	[ "$(cat g.turns)" -ge 150 ]
	# the sets' own decisions were made in the turns' pipelines: the dragon's steps, a
	# phantom, a tower floor
	[ "$(get g '[.log[] | select(startswith("dragon:"))] | length')" -gt 0 ]
	[ "$(get g '[.log[] | select(startswith("phantom:") and . != "phantom:none")] | length')" -gt 0 ]
	[ "$(get g '[.log[] | select(test("^tower:-?[0-9]+,-?[0-9]+$"))] | length')" -gt 0 ]
	carc-deck --verify < g
}

@test "every built-in set: a turn's stage makes the state one decision a process makes, byte for byte" {
	carc-deck --players ann,bob,cat --seed 5 --expansions "$ALL" > g
	cp g h
	pipe_play g random 60
	step_play h random 60
	cmp g h
	# the stretch held decisions of other players inside turns (the dragon's steps) and
	# after them (a catapult round's hurls)
	run get g '[[.log[] | select(startswith("dragon:"))], [.log[] | select(startswith("hurl:"))]] |
	    map(length > 0)'
	want '[true,true]'
}

@test "greedy and mcts play whole turns with every set in one stage" {
	carc-deck --players ann,bob --seed 11 --expansions "$ALL" > g
	pipe_play g greedy 8
	[ "$(cat g.turns)" -eq 8 ]
	carc-deck --verify < g
	pipe_play g "--iterations 20 mcts" 3
	[ "$(cat g.turns)" -eq 3 ]
	carc-deck --verify < g
}

# The dragon tile PD16 comes after the road of princess-dragon.bats: the volcano PD17 at 4,0
# with the dragon on it; ann's placement of PD16 moves the dragon, ann's step first (PD-17).
# The fairy's move, offered to a player with a follower who put none (PD-30), is declined.
dragon_row() {
	local w
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,U,U,U,U,PD17,PD16 > g
	for w in 1,0,0,road:E 2,0,0,field:Nw 3,0,0,field:Es -1,0,0 -2,0,0 4,0,0; do
		carc-draw < g | carc-place "$w" > g.p
		if [ "$(phase_of g.p)" = fairy ]; then
			carc-place fairy:none < g.p > g.q && mv g.q g.p
		fi
		carc-score < g.p > g
	done
}

@test "PD-17 carc-bot --as ann: ann's decisions only, up to bob's step of the dragon" {
	dragon_row
	# the bot's seed 4 puts PD16 at 0,1: the dragon has five steps to make
	carc-draw < g | carc-bot --seed 4 --as ann random > s
	run carc-render --format phase < s
	want "dragon bob"
	run get s '[.log[] | select(startswith("dragon:"))] | length'
	want 1
	# bob's stage goes on from there, one step, and the next is ann's again
	carc-bot --seed 4 --as bob random < s > t
	run carc-render --format phase < t
	want "dragon ann"
}

@test "PD-17 carc-bot without --as makes the other players' dragon steps inside the turn" {
	dragon_row
	carc-draw < g | carc-bot --seed 4 random | carc-score > whole
	run get whole '[.phase, .log[9:]]'
	want '["over",["PD16/0,1,0,road:E","dragon:W","dragon:W","dragon:W","dragon:W","dragon:S"]]'

	# the same game, a decision a process, each by the player it waits for
	cp g h
	carc-draw < h > h.n && mv h.n h
	while read -r ph who < <(carc-render --format phase < h) && [ "$ph" != score ]; do
		carc-bot --seed 4 --as "$who" random < h > h.n && mv h.n h
	done
	carc-score < h > h.n
	cmp whole h.n
}

@test "carc-bot --as refuses a state that waits for another player, and a name not in the game" {
	carc-deck --players ann,bob --seed 7 > g
	run --separate-stderr carc-bot --as bob random g
	tool=carc-bot fails 1 "the game waits for ann, not for bob"
	run --separate-stderr carc-bot --as cat random g
	tool=carc-bot misused "--as 'cat': no player of the game has that name"
	run --separate-stderr carc-bot --selfplay 1 --strategies random --as ann
	tool=carc-bot misused "--selfplay does not go with --as"
}

@test "5.8 carc-place W1 W2: a placement and the phantom in one call, as two calls make them" {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom --start U --deck U,U > g
	carc-draw < g > d
	carc-place 1,0,0,road:E < d | carc-place phantom:field:Nw > two
	carc-place 1,0,0,road:E phantom:field:Nw < d > one
	cmp one two
	# the last operand is the FILE when it has no ',' or ':', or names a file
	carc-place 1,0,0,road:E phantom:field:Nw d > file
	cmp one file
	cp d d:1,2
	carc-place 1,0,0,road:E phantom:field:Nw d:1,2 > odd
	cmp one odd
	# -i FILE: every operand is a move
	cp d inplace
	carc-place -i inplace 1,0,0,road:E phantom:field:Nw
	cmp one inplace
	run get one '[.phase, .log[-2:]]'
	want '["score",["U/1,0,0,road:E","phantom:field:Nw"]]'
}

@test "carc-place W1 W2: one word refused and nothing is written; a missing FILE is still one" {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom --start U --deck U,U > g
	carc-draw < g > d
	run --separate-stderr carc-place 1,0,0,road:E phantom:road:E d
	tool=carc-place fails 1 "illegal move 'phantom:road:E'"
	run --separate-stderr carc-place 1,0,0,road:E phantom:nowhere d
	tool=carc-place fails 64 "phantom:nowhere"
	run --separate-stderr carc-place 1,0,0,road:E phantom:none nosuch
	tool=carc-place fails 66 "nosuch"
}
