#!/usr/bin/env bats
# The Abbot and gardens, rule by rule (../shared/rules/RULES.md §1.8, B-60 .. B-64, §5.7): the
# abbot of the second edition's base box, `--expansions base,abbot` (a set of one figure and
# no tile), and the gardens that C2 tiles show.
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points. x grows east, y grows south; the start tile is at 0,0.
# Tile shapes used (rotation 0):
#   B   cloister, all field          E   city cap N          Eg  city cap N and a garden
#   U   road W-E                     W   roads E, S, W end at a junction

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with the abbot and
	# these options
	NEW_SETS=abbot
}

# --- B-61 where the abbot stands -----------------------------------------------------------------

@test "B-61 each player has one abbot, which the list offers on a garden and nowhere else" {
	new --start E --deck Eg,B
	run js '[.players[].supply | "\(.follower) \(.abbot)"] | join(",")'
	want "7 1,7 1"
	carc-draw < g > d
	run carc-place --list < d
	want "0,-1,180
0,-1,180,garden@abbot
0,-1,180,city:S
0,-1,180,field:Nw
-1,0,0
-1,0,0,garden@abbot
-1,0,0,city:N
-1,0,0,field:En
-1,0,180
-1,0,180,garden@abbot
-1,0,180,city:S
-1,0,180,field:Nw
-1,0,270
-1,0,270,garden@abbot
-1,0,270,city:W
-1,0,270,field:Nw
1,0,0
1,0,0,garden@abbot
1,0,0,city:N
1,0,0,field:En
1,0,90
1,0,90,garden@abbot
1,0,90,city:E
1,0,90,field:Nw
1,0,180
1,0,180,garden@abbot
1,0,180,city:S
1,0,180,field:Nw
0,1,90
0,1,90,garden@abbot
0,1,90,city:E
0,1,90,field:Nw
0,1,180
0,1,180,garden@abbot
0,1,180,city:S
0,1,180,field:Nw
0,1,270
0,1,270,garden@abbot
0,1,270,city:W
0,1,270,field:Nw"
	carc-place 0,1,180,garden@abbot < d > p
	run get p '.figures'
	want '[{"x":0,"y":1,"feature":"garden","owner":0,"type":"abbot"}]'
}

@test "B-61 the abbot stands on a cloister too, and on nothing else" {
	new --start B --deck B,U
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *$'\n0,-1,0,cloister\n0,-1,0,cloister@abbot\n0,-1,0,field:Nw\n'* ]]
	run --separate-stderr carc-place 0,-1,0,field:Nw@abbot < d
	refused carc-place "illegal move '0,-1,0,field:Nw@abbot': an abbot may not stand on a field"
}

@test "B-61 no follower stands on a garden, abbot or not" {
	new --start E --deck Eg
	carc-draw < g > d
	run --separate-stderr carc-place 0,1,180,garden < d
	refused carc-place "illegal move '0,1,180,garden': a follower may not stand on a garden"
	carc-deck --players ann,bob --seed 7 --start E --deck Eg > g
	carc-draw < g > d
	run --separate-stderr carc-place --list < d
	[ "$status" -eq 0 ] && [[ $output != *garden* ]]
}

@test "B-61 the abbot stays out of games without it, and a second one is refused" {
	carc-deck --players ann,bob --seed 7 --start B --deck B > g
	carc-draw < g > d
	run --separate-stderr carc-place 0,-1,0,cloister@abbot < d
	[ "$status" -eq 64 ] && [[ $stderr == *"unknown figure 'abbot'"* ]]
	new --start B --deck B,B,B
	step 0,-1,0,cloister@abbot
	step 0,1,0
	carc-draw < g > d
	run --separate-stderr carc-place 1,0,0,cloister@abbot < d
	refused carc-place "ann has no abbot left (B-25)"
}

# --- B-62 gardens score like cloisters -----------------------------------------------------------

#   B(-1,0)  E(0,0)   B(1,0)       ann's abbot on the garden of Eg, turned 180 below the start;
#   B(-1,1)  Eg(0,1)  B(1,1)       the eighth neighbour completes it: 9. ann declines the recall
#   B(-1,2)  E(0,2)   B(1,2)       offered after each of her placements without a figure.
@test "B-62 a garden completed with an abbot on it scores 9" {
	new --start E --deck Eg,B,B,B,B,E,B,B
	step 0,1,180,garden@abbot
	step -1,0,0
	step 1,0,0 recall:none
	step -1,1,0
	step 1,1,0 recall:none
	step 0,2,0
	step -1,2,0 recall:none
	run scores g; want "ann=0 bob=0"
	step 1,2,0
	run scores g; want "ann=9 bob=0"
	run js '.players[0].supply.abbot'; want 1
}

@test "B-62 a garden unfinished at the end scores 1 and 1 for each neighbour: 4" {
	new --start E --deck Eg,B,B
	step 0,1,180,garden@abbot
	step -1,1,0
	step 1,1,0 recall:none
	run phase_of; want over
	run scores g; want "ann=4 bob=0"
}

# --- B-63 the abbot's early return ---------------------------------------------------------------

#   B(0,0)  B(1,0) ann's abbot   B(2,0)      ann takes the abbot back when the cloister at 1,0
#   B(0,1)  B(1,1)               B(2,1)      has 5 neighbours: 1 + 5 = 6 at once.
@test "B-63 an abbot taken back from a cloister with 5 neighbours scores 6" {
	new --start B --deck B,B,B,B,B
	step 1,0,0,cloister@abbot
	step 0,1,0
	step 1,1,0 recall:none
	step 2,1,0
	carc-draw < g | carc-place 2,0,0 > p
	run get p .phase; want '"recall"'
	run carc-place --list < p
	want "recall:1,0
recall:none"
	carc-place recall:1,0 < p > q
	run get q '[[.players[].score], .figures, .players[0].supply.abbot, .phase]'
	want '[[6,0],[],1,"score"]'
	carc-score < q > g
	run js '.log | join(" ")'
	want "B/1,0,0,cloister@abbot B/0,1,0 B/1,1,0 recall:none B/2,1,0 B/2,0,0 recall:1,0"
	carc-deck --verify < g
}

@test "B-63 an abbot taken back from a garden scores its neighbours and 1" {
	new --start E --deck Eg,B,B
	step 0,1,180,garden@abbot
	step -1,1,0
	step 1,1,0 recall:0,1
	run scores g; want "ann=4 bob=0"
	run js '.figures | length'; want 0
}

@test "B-63 the recall is offered only after a placement without a figure" {
	new --start B --deck B,B,B
	step 1,0,0,cloister@abbot
	step 0,1,0
	carc-draw < g | carc-place 1,1,0,field:Nw > p
	run get p .phase; want '"score"'
	carc-draw < g | carc-place 1,1,0 > p
	run get p .phase; want '"recall"'
}

#   B(0,-1) B(1,-1) B(2,-1)     ann's abbot on the cloister at 1,0; bob's first tile at -1,0
#   B(0,0)  B(1,0)  B(2,0)      is no neighbour of it, so ann's own placement at 2,-1 fills
#   B(0,1)  B(1,1)  B(2,1)      the eighth cell: the cloister is complete, no recall is offered,
#                               and it scores 9 in step 3.
@test "B-63 no recall from a cloister the placement completes: it scores 9 in step 3" {
	new --start B --deck B,B,B,B,B,B,B,B,B
	step 1,0,0,cloister@abbot
	step -1,0,0
	step 0,1,0 recall:none
	step 1,1,0
	step 2,1,0 recall:none
	step 2,0,0
	step 0,-1,0 recall:none
	step 1,-1,0
	carc-draw < g | carc-place 2,-1,0 > p
	run get p .phase; want '"score"'
	carc-score < p > g
	run scores g; want "ann=9 bob=0"
}

@test "B-63 only the player's own abbot comes back, from the tile named" {
	new --start B --deck B,B,B,B
	step 1,0,0,cloister@abbot
	step 0,1,0,cloister@abbot
	carc-draw < g | carc-place 1,1,0 > p
	run --separate-stderr carc-place recall:0,1 < p
	refused carc-place "illegal move 'recall:0,1': ann has no abbot on an unfinished cloister or garden at 0,1 (B-63)"
	run --separate-stderr carc-place recall:5,5 < p
	refused carc-place "at 5,5 (B-63)"
	run --separate-stderr carc-place recall:1 < p
	[ "$status" -eq 64 ] && [[ $stderr == "carc-place: bad move 'recall:1': expected recall:X,Y or recall:none"* ]]
	run --separate-stderr carc-place 2,2,0 < p
	[ "$status" -eq 64 ] && [[ $stderr == *"may take an abbot back first"* ]]
}

@test "B-63 phase recall: carc-score and carc-draw wait for the decision" {
	new --start B --deck B,B,B
	step 1,0,0,cloister@abbot
	step 0,1,0
	carc-draw < g | carc-place 1,1,0 > p
	run --separate-stderr carc-score < p
	refused carc-score "an abbot may be taken back: ann decides with carc-place or carc-bot"
	run --separate-stderr carc-draw < p
	refused carc-draw "an abbot may be taken back: ann decides with carc-place or carc-bot"
	run carc-render --format ascii < p
	[[ $output == *"phase recall: ann may take an abbot back (recall:X,Y) or not (recall:none)"* ]]
	run carc-place --list --format json < p
	want '[
{"word": "recall:1,0", "kind": "recall", "x": 1, "y": 0},
{"word": "recall:none", "kind": "recall", "x": null, "y": null}
]'
}

@test "B-63 a state in phase recall where nothing may be recalled is refused" {
	new --start B --deck B,B,B
	step 1,0,0,cloister@abbot
	step 0,1,0
	carc-draw < g | carc-place 1,1,0,field:Nw > p
	carc-render --format json < p | jq '.phase = "recall"' > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	[ "$status" -eq 65 ] && [ -z "$output" ] &&
	    [[ $stderr == *"phase recall, but ann may take no abbot back after this placement"* ]]
}

# --- the edition, the pictures, whole games ------------------------------------------------------

@test "the first edition has no garden tiles: the abbot stands on cloisters alone" {
	new --rule edition=c1
	run js '[.supply[] | select(endswith("g"))] | length'
	want 0
	run js '.players[0].supply.abbot'; want 1
}

@test "the pictures show the abbot: A beside its owner's digit, a monk in SVG" {
	new --start B --deck B,B
	step 1,0,0,cloister@abbot
	run carc-render --format ascii < g
	[[ $output == *"1A"* ]] && [[ $output == *"7 followers, 0 abbots (A) left"* ]]
	run carc-render --format svg < g
	[[ $output == *'<path d="M0 -9.4C3.4 -9.4'* ]]
}

# bats test_tags=slow
@test "whole games with the abbot, 6 and 3 players: bots take every decision, recalls too" {
	games_with abbot 21 recall:
}
