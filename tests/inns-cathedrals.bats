#!/usr/bin/env bats
# Inns & Cathedrals, rule by rule (../shared/rules/RULES.md §2, X-IC-1, X-IC-2; the big
# follower §5.1; tiles TILES.md §2, ids IC01 .. IC17 of §6.1).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points. Expected values are worked out by hand from the rules; the comment
# above each test shows the board. x grows east, y grows south; the start tile is at 0,0.
# Tile shapes used (rotation 0):
#   IC01 city on all four sides, cathedral   IC14 roads E (inn), S, W end at a junction
#   IC15 road W-E with an inn                IC16 road curve W-S with an inn
#   B    cloister, all field                 C    city on all four sides, a pennant
#   E    city cap N                          U    road W-E
#   W    roads E, S, W end at a junction

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with Inns & Cathedrals and
	# these options
	NEW_SETS=inns-cathedrals
}

# --- the tiles ---------------------------------------------------------------------------------

@test "the set holds 18 tiles in either edition, the gardens of C2 printed plain in C1" {
	new
	run js '[.supply[]] | map(select(startswith("IC"))) | sort | join(",")'
	want "IC01,IC01,IC02,IC03g,IC04,IC05,IC06,IC07,IC08,IC09,IC10,IC11,IC12,IC13,IC14,IC15g,IC16,IC17"
	new --rule edition=c1
	run js '[.supply[]] | map(select(startswith("IC"))) | sort | join(",")'
	want "IC01,IC01,IC02,IC03,IC04,IC05,IC06,IC07,IC08,IC09,IC10,IC11,IC12,IC13,IC14,IC15,IC16,IC17"
	run js '.supply | length'
	want 89
}

@test "every tile of the set fits its own rotations: each is placed next to a start of its own kind" {
	local t
	for t in IC01 IC02 IC03 IC03g IC04 IC05 IC06 IC07 IC08 IC09 IC10 IC11 IC12 IC13 IC14 \
	    IC15 IC15g IC16 IC17; do
		new --start "$t" --deck "$t"
		carc-draw < g > d
		run carc-place --list < d
		[ "$status" -eq 0 ] && [ "${#lines[@]}" -gt 0 ] || { echo "$t: $output"; false; }
	done
}

# --- X-IC-1 the inn ----------------------------------------------------------------------------

#   W(0,0) IC14(1,0) turned 180: its inn road now faces west and ends at W's junction. A road
#   of 2 tiles with an inn, complete: 2 a tile, 4 (a plain road would give 2).
@test "X-IC-1 a completed road with an inn scores 2 a tile" {
	new --start W --deck IC14
	turns 1,0,180,road:W
	run scores g; want "ann=4 bob=0"
}

#   W(-1,0) IC15(0,0) IC16(1,0) W(1,1) turned 180: a road of 4 tiles with two inns, closed at
#   both junctions: still 2 a tile, 8 (inns do not stack).
@test "X-IC-1 two inns on one road do not stack: 2 a tile" {
	new --start IC15 --deck W,IC16,W
	turns -1,0,0,road:E 1,0,0 1,1,180
	run scores g; want "ann=8 bob=0"
}

#   U(0,0) IC16(1,0): the road is open at both ends when the supply runs out: 0 (a plain road
#   would give 2).
@test "X-IC-1 a road with an inn unfinished at the end scores 0" {
	new --start U --deck IC16
	turns 1,0,0,road:S
	run js '.phase'; want over
	run scores g; want "ann=0 bob=0"
}

#   The same, told: carc-score -v names the 0-point scoring and the rule that left it nothing.
@test "X-IC-1 carc-score -v tells the unfinished inn road's 0 points and why" {
	new --start U --deck IC16
	carc-draw < g | carc-place 1,0,0,road:S > p
	carc-score -v < p > g 2> told
	run cat told
	want "final scoring:
ann scores 0 for the road at 1,0: an unfinished road with an inn is worth nothing (X-IC-1)"
}

@test "X-IC-1 the same road without the inn scores 1 a tile at the end: 2" {
	new --start U --deck V
	turns 1,0,0,road:S
	run scores g; want "ann=2 bob=0"
}

# --- X-IC-2 the cathedral ----------------------------------------------------------------------

#            E(0,-1) turned 180
#   E(-1,0)  IC01(0,0)  E(1,0)     four caps close the cathedral city of 5 tiles: 3 a tile, 15
#            E(0,1)                (C, a pennant, would give 2 a tile + 2: 12)
@test "X-IC-2 a completed city with a cathedral scores 3 a tile and 3 a pennant" {
	new --start IC01 --deck E,E,E,E
	turns 0,-1,180,city:S 1,0,270 0,1,0 -1,0,90
	run scores g; want "ann=15 bob=0"
}

#            E(0,-1) E(1,-1)       IC06 (city N+W with a pennant, cap S) at 1,0 joins its N+W
#   E(-1,0)  IC01(0,0) IC06(1,0)    city to the cathedral; five caps (turned to face it) close
#            E(0,1)                 it: 6 tiles, 1 pennant, 3 * 6 + 3 = 21
@test "X-IC-2 a pennant in a cathedral city counts 3 too" {
	new --start IC01 --deck IC06,E,E,E,E
	turns 1,0,0,city:N 0,-1,180 1,-1,180 0,1,0 -1,0,90
	run scores g; want "ann=21 bob=0"
}

#   IC01(0,0), E(0,-1) turned 180 with ann's follower; the supply runs out: a city with a
#   cathedral unfinished at the end scores 0.
@test "X-IC-2 a city with a cathedral unfinished at the end scores 0, and -v says why" {
	new --start IC01 --deck E
	carc-draw < g | carc-place 0,-1,180,city:S > p
	carc-score -v < p > g 2> told
	run js '.phase'; want over
	run scores g; want "ann=0 bob=0"
	run cat told
	want "final scoring:
ann scores 0 for the city at 0,-1: an unfinished city with a cathedral is worth nothing (X-IC-2)"
}

@test "X-IC-2 the same city without a cathedral (C, one pennant) scores 1 a tile and 1 a pennant: 3" {
	new --start C --deck E
	turns 0,-1,180,city:S
	run scores g; want "ann=3 bob=0"
}

# --- §5.1 the big follower ---------------------------------------------------------------------

@test "5.1 each player has one big follower, placed as @big and listed beside the follower" {
	new --start U --deck U,U,U
	run js '[.players[].supply | "\(.follower) \(.big)"] | join(",")'
	want "7 1,7 1"
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *$'\n1,0,0,road:E\n1,0,0,road:E@big\n'* ]]
	carc-place 1,0,0,road:E@big < d > p
	run get p '.figures'
	want '[{"x":1,"y":0,"feature":"road:E","owner":0,"type":"big"}]'
	carc-score < p > g
	run js '[.players[].supply.big] | join(",")'; want "0,1"
	turns 2,0,0
	carc-draw < g > d
	run carc-place --list < d
	[ "$status" -eq 0 ] && [[ $output == *road:E* ]] && [[ $output != *@big* ]]
}

@test "5.1 a second big follower is refused: ann has none left" {
	new --start U --deck U,U,U
	turns 1,0,0,road:E@big 2,0,0
	carc-draw < g > d
	run --separate-stderr carc-place 3,0,0,road:E@big < d
	refused carc-place "ann has no big left (B-25)"
}

@test "5.1 the big follower stays out of games without Inns & Cathedrals" {
	carc-deck --players ann,bob --seed 7 --start U --deck U > g
	carc-draw < g > d
	run --separate-stderr carc-place 1,0,0,road:E@big < d
	[ "$status" -eq 64 ] && [[ $stderr == *"unknown figure 'big'"* ]]
}

#   A road along y=0 from W(-1,0) to W(6,0): ann's big follower at 1,0, bob's follower at 3,0,
#   cat's at 5,0, each placed on a part of its own, then joined by U(4,0) and U(2,0): 8 tiles,
#   closed. Strengths: ann 2, bob 1, cat 1: ann alone scores the 8 (B-44, §5.1).
@test "5.1 a big follower (2) beats two followers tied at 1: the road is ann's alone" {
	carc-deck --players ann,bob,cat --seed 7 --expansions base,inns-cathedrals --start U \
	    --deck U,B,B,B,B,B,B,U,U,W,W,U,U > g
	turns 1,0,0,road:E@big 0,1,0 1,1,0 2,1,0 3,1,0 4,1,0 5,1,0 3,0,0,road:E 5,0,0,road:E \
	    -1,0,0 6,0,180 4,0,0 2,0,0
	run scores g; want "ann=8 bob=0 cat=0"
}

@test "5.1 with a follower in the big follower's place, the three tie and each scores 8" {
	carc-deck --players ann,bob,cat --seed 7 --expansions base,inns-cathedrals --start U \
	    --deck U,B,B,B,B,B,B,U,U,W,W,U,U > g
	turns 1,0,0,road:E 0,1,0 1,1,0 2,1,0 3,1,0 4,1,0 5,1,0 3,0,0,road:E 5,0,0,road:E \
	    -1,0,0 6,0,180 4,0,0 2,0,0
	run scores g; want "ann=8 bob=8 cat=8"
}

#   The same road for two: bob holds two parts (3,0 and 5,0), 2 against the 2 of ann's big
#   follower, a tie: both score the full 8 (B-44).
@test "5.1 a big follower ties two followers of one player: both score 8" {
	new --start U --deck U,B,B,B,B,B,B,U,W,U,W,U,U
	turns 1,0,0,road:E@big 0,1,0 1,1,0 2,1,0 3,1,0 4,1,0 5,1,0 3,0,0,road:E -1,0,0 \
	    5,0,0,road:E 6,0,180 4,0,0 2,0,0
	run scores g; want "ann=8 bob=8"
}

# --- six players, the pictures, the view -------------------------------------------------------

# bats test_tags=slow
@test "six players play a whole game with Inns & Cathedrals, each with a big follower" {
	carc-deck --players a,b,c,d,e,f --seed 11 --expansions base,inns-cathedrals > g
	run js '[.players[].supply.big] | add'; want 6
	while [ "$(phase_of g)" != over ]; do
		carc-draw < g | carc-bot random | carc-score > n || false
		mv n g
	done
	carc-deck --verify < g
}

@test "the text picture marks a big follower B beside its owner's digit, and names B below" {
	new --start IC15 --deck W,IC16
	turns -1,0,0,road:E@big
	run carc-render --format ascii < g
	[[ $output == *"1B"* ]]
	[[ $output == *"ann    0 points, 7 followers, 0 big followers (B) left"* ]]
	[[ $output == *"bob    0 points, 7 followers, 1 big follower (B) left"* ]]
}

@test "the text picture shows an inn's lake (~) by its road and a cathedral (+) in its city" {
	new --start IC15 --deck IC01
	run carc-render --format ascii < g
	[ "${lines[1]}" = "   ..~...." ] && [ "${lines[2]}" = "0  -------" ] &&
	    [ "${lines[3]}" = "   ......." ]
	new --start IC01 --deck IC01
	run carc-render --format ascii < g
	[ "${lines[1]}" = "   ###+###" ] && [ "${lines[2]}" = "0  #######" ]
}

@test "the SVG picture draws the big follower larger, the inn and the cathedral" {
	new --start IC15 --deck W,IC01
	turns -1,0,0,road:E@big
	run carc-render --format svg < g
	[[ $output == *"scale(1.4)"* ]]
	[[ $output == *'fill="#4f8fd6"'* ]]
	new --start IC01 --deck E
	run carc-render --format svg < g
	[[ $output == *'h12v-7l-6-4-6 4z'* ]]
}
