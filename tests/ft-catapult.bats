#!/usr/bin/env bats
# The Fortune Teller and The Catapult in one game (../shared/rules/RULES.md §6 and §7; seed 000
# "Exp. 7 - The Catapult": a fortune teller can be knocked out and seduced): a fair among a
# fortune teller's draw, a fortune teller knocked out and one seduced, a fair tile completing a
# tent, a seduction onto a tent at the F-3 limit, the state reader's limits, and whole games.
#
# The boards start on B (a cloister in an all-field tile) at 0,0, x east, y south. Where a
# player has fortune tellers the tests draw one tile at a time under --rule ft-draw=may
# (carc-draw --tiles 1), so that no tile goes back into the supply and the order of the --deck
# stays as written. Hurls are perfect (--rule scatter=0). A fortune teller stands in the middle
# of its tile: on FT1 at X,Y it stands at X+0.50,Y+0.50.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	: > told
	# new OPTION... (tests/lib/game.bash): a game g for ann and bob with both expansions,
	# perfect aim, draws by choice, on B
	NEW_SETS=fortune-teller,catapult START=B NEW_OPTS=(--rule scatter=0 --rule ft-draw=may)
	# turns MOVE...: one whole turn per move on g, drawing a single tile
	DRAW_OPTS=(--tiles 1)
}

# A fair among a fortune teller's draw (F-4, F-7d, X-CA-3): ann, with one fortune teller, draws
# all she may, CA06 and B, and plays the fair tile. B is held through the turn's scoring and goes
# back into the supply before the round begins; then ann hurls first.
@test "F-7d X-CA-3 a fair chosen from a fortune teller's draw: the other tile goes back, the round begins" {
	new --deck FT1,B,CA06,B,B
	turns 0,1,0,tent 1,0,0
	carc-draw < g > d
	run bash -c 'carc-render --format json d | jq -c "[.drawn, .tiles_left]"'
	want '[["CA06","B"],1]'
	carc-place CA06/-1,0,0 < d > p
	run bash -c 'carc-render --format json p | jq -c "[.phase, .drawn, .tiles_left]"'
	want '["score",["B"],1]'
	carc-score < p > g
	run js '[.phase, .players[.player].name, (.drawn | length), .tiles_left] | join(" ")'
	want "hurl ann 0 2"
	run js '.supply | sort | join(",")'; want "B,B"
}

# A fortune teller knocked out (seed 000, Catapult; X-CA-6): bob places the fair tile and aims at
# ann's fortune teller on FT1 at 0,1 (0.50,1.50). It goes home, so ann's next draw is one tile.
@test "X-CA-6 F-4 a fortune teller knocked out goes home and its extra draw with it" {
	new --deck FT1,CA06,B,B,B
	turns 0,1,0,tent 1,0,0
	run turnof; want "hurl bob"
	run js '.players[0].supply.follower'; want 6
	decide hurl:knockout:0.50,1.50 hurl:knockout:9,9
	run figs; want ""
	run supplies; want "ann=7 bob=7"
	run cat told; want "bob knocks out ann's follower at 0,1"
	carc-draw < g > d
	run bash -c 'carc-render --format json d | jq -c "[.players[.player].name, (.drawn | length)]"'
	want '["ann",1]'
}

# A fortune teller seduced (X-CA-7, F-2): bob seduces ann's fortune teller from his supply: the
# tent is his, so at his next turn he draws two tiles and ann draws one.
@test "X-CA-7 F-4 a fortune teller seduced: the seducer becomes the fortune teller and draws two" {
	new --deck FT1,CA06,B,B,B,B
	turns 0,1,0,tent 1,0,0
	decide hurl:seduction:0.50,1.50
	run turnof; want "seduce bob"
	run carc-place --list g
	want "seduce:supply
seduce:none"
	decide seduce:supply hurl:seduction:9,9
	run figs; want "bob@0,1,tent"
	run supplies; want "ann=7 bob=6"
	run turnof; want "draw ann"
	carc-draw < g > d
	run bash -c 'carc-render --format json d | jq ".drawn | length"'; want 1
	carc-place 0,-1,0 < d | carc-score > g
	carc-draw < g > d
	run bash -c 'carc-render --format json d | jq -c "[.players[.player].name, (.drawn | length)]"'
	want '["bob",2]'
}

# A fair tile completing a tent (F-5, X-CA-3): the tent FT1 at 0,1 (bob's fortune teller, placed
# last) has 0,0, 1,1 and -1,1 around it; ann's CA06 at 0,2 is the fourth side. Ann scores 3,
# bob's fortune teller goes home, then the round begins with ann. No player draws more than one
# tile before, so the deck is played in order.
@test "F-5 X-CA-3 a fair tile completing a tent scores 3 and then starts the round" {
	new --deck B,B,B,B,B,FT1,CA06,B,B
	turns 1,0,0 1,1,0 -1,0,0 -1,1,0 1,2,0 0,1,0,tent
	run supplies; want "ann=7 bob=6"
	carc-draw < g | carc-place 0,2,0 > p
	run --separate-stderr carc-score -v p
	[ "$status" -eq 0 ]
	[ "$stderr" = "ann scores 3 for completing the tent at 0,1" ] || { echo "$stderr"; false; }
	carc-score < p > g
	run js '[.players[].score] | join(" ")'; want "3 0"
	run supplies; want "ann=7 bob=7"
	run turnof; want "hurl ann"
}

# A seduction onto a tent at the limit (X-CA-7 with F-3): ann has two fortune tellers (0,1 and
# 0,-1), bob one (1,0). Bob places the fair and hurls off the map; ann's seduction lands on bob's
# fortune teller. A follower from her supply would be a third fortune teller: not offered,
# refused. Moving one of her own fortune tellers keeps her at two: offered and allowed.
@test "X-CA-7 F-3 a seduction onto a tent at the limit may only move one of the hurler's fortune tellers" {
	new --deck FT1,FT1,FT1,CA06,B,B
	turns 0,1,0,tent 1,0,0,tent 0,-1,0,tent -1,0,0
	run turnof; want "hurl bob"
	decide hurl:seduction:9,9 hurl:seduction:1.50,0.50
	run turnof; want "seduce ann"
	run carc-place --list g
	want "seduce:0,1,tent
seduce:0,-1,tent
seduce:none"
	run --separate-stderr carc-place seduce:supply g
	fails 1 "carc-place: illegal move 'seduce:supply': ann has 2 fortune tellers already (F-3)"
	decide seduce:0,1,tent
	run figs; want "ann@0,-1,tent ann@1,0,tent"
	run supplies; want "ann=5 bob=7"
	run cat told; want "ann seduces bob's follower at 1,0"
}

# The same limit on every path: a state in which ann has three fortune tellers is refused by
# every reader, however it was made (here: bob's fortune teller given to ann in the JSON).
@test "F-3 a state with three fortune tellers of one player is refused with status 65" {
	new --deck FT1,FT1,FT1,CA06,B,B
	turns 0,1,0,tent 1,0,0,tent 0,-1,0,tent
	carc-render --format json g |
	    jq '.figures[1].owner = 0 | .players[0].supply.follower = 4 |
	        .players[1].supply.follower = 7' > three.json
	run --separate-stderr carc-deck --from-json three.json
	fails 65 "carc-deck: three.json: inconsistent state: ann has 3 fortune tellers, more than 2 (F-3)"
}

# A decided seduction that would break the limit, written into a state by hand, is refused too.
@test "F-3 X-CA-7 a state holding a seduction decided from the supply onto a tent at the limit is refused" {
	new --deck FT1,FT1,FT1,CA06,B,B
	turns 0,1,0,tent 1,0,0,tent 0,-1,0,tent -1,0,0
	decide hurl:seduction:9,9
	carc-place hurl:seduction:1.50,0.50 < g | carc-score > s
	carc-place seduce:0,1,tent < s > p
	carc-render --format json p | jq '.catapult.from = "supply"' > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	fails 65 "inconsistent state: the seducer may not take the victim's place"
}

# --- whole games -------------------------------------------------------------------------------

# bot_game PLAYERS SEED OPTION... (tests/lib/bots.bash) plays a game with both expansions to
# the end by random bots through the tools, asking the phase at every step: in phase draw,
# carc-bot chooses the draw when there is a choice (ft-draw=may) and carc-draw draws otherwise.
# At the end the points told add up to the scores and every fair on the board was followed by
# one hurl a player; then carc-deck --verify finds the state the one its log gives.

@test "a whole game with the fortune teller and the catapult, 2 players" {
	bot_game ann,bob 21
	carc-deck --verify g
	# a tent was completed and a round was played
	grep -q "for completing the tent" told
	[ "$(js '[.log[] | select(startswith("hurl:"))] | length')" -gt 0 ]
}

# bats test_tags=slow
@test "a whole game with the fortune teller and the catapult, 3 players, ft-draw=may" {
	bot_game ann,bob,carl 22 --rule ft-draw=may
	carc-deck --verify g
	[ "$(js '[.log[] | select(startswith("draw:"))] | length')" -gt 0 ]
}

# bats test_tags=slow
@test "a whole game with the fortune teller and the catapult, 5 players, chain=0.60" {
	bot_game ann,bob,carl,dee,eve 24 --rule chain=0.60
	carc-deck --verify g
}

