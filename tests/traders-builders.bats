#!/usr/bin/env bats
# Traders & Builders, rule by rule (../shared/rules/RULES.md §3, X-TB-1, X-TB-2; tiles
# TILES.md §3, ids TB01 .. TB24 of §6.1).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points and tokens. Expected values are worked out by hand from the rules;
# the comment above each test shows the board. x grows east, y grows south; the start tile is
# at 0,0. Tile shapes used (rotation 0; turned clockwise):
#   TB01 city N+W with grain, fields E and S   TB02 the same with wine
#   E    city cap N                            U    road W-E
# A city cap E turned 90 faces east, 180 south, 270 west.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
}

# new OPTION...: the game g for ann and bob with Traders & Builders and these options.
new() {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders "$@" > g
}

# goods: each good's tokens per player of g, as "wine=0,1 grain=1,0 cloth=0,0" (all 0 when the
# state holds none: the key is written only when some are held).
goods() {
	js '(.traders.goods // {wine: [0,0], grain: [0,0], cloth: [0,0]}) as $g |
	    ["wine", "grain", "cloth"] | map("\(.)=\($g[.] | join(","))") | join(" ")'
}

# --- the tiles ---------------------------------------------------------------------------------

@test "the set holds 24 tiles in either edition, the gardens of C2 printed plain in C1" {
	new
	run js '[.supply[]] | map(select(startswith("TB"))) | sort | join(",")'
	want "TB01,TB02,TB03,TB04,TB05,TB06,TB07,TB08g,TB09,TB10,TB11g,TB12,TB13,TB14,TB15,TB16,TB17,TB18,TB19,TB20,TB21,TB22,TB23,TB24"
	new --rule edition=c1
	run js '[.supply[]] | map(select(startswith("TB"))) | sort | join(",")'
	want "TB01,TB02,TB03,TB04,TB05,TB06,TB07,TB08,TB09,TB10,TB11,TB12,TB13,TB14,TB15,TB16,TB17,TB18,TB19,TB20,TB21,TB22,TB23,TB24"
	run js '.supply | length'
	want 95
}

@test "every tile of the set fits its own rotations: each is placed next to a start of its own kind" {
	local t
	for t in TB01 TB02 TB03 TB04 TB05 TB06 TB07 TB08 TB08g TB09 TB10 TB11 TB11g TB12 TB13 \
	    TB14 TB15 TB16 TB17 TB18 TB19 TB20 TB21 TB22 TB23 TB24; do
		new --start "$t" --deck "$t"
		carc-draw < g > d
		run carc-place --list < d
		[ "$status" -eq 0 ] && [ "${#lines[@]}" -gt 0 ] || { echo "$t: $output"; false; }
	done
}

# --- X-TB-1 goods to the player who completes the city -------------------------------------------

#   TB01(0,0) with its grain city N+W: ann closes N with E(0,-1) turned 180 and puts a follower
#   on the city; bob, who owns nothing there, completes it with E(-1,0) turned 90. The grain is
#   bob's, the city's 6 points (3 tiles, no pennant) ann's.
@test "X-TB-1 the goods go to the player who completes the city, who owns nothing in it" {
	new --start TB01 --deck E,E
	turns 0,-1,180,city:S
	carc-draw < g > d
	carc-place -1,0,90 < d > p
	carc-score -v < p > g 2> report
	run cat report
	[[ $output == *"bob takes 1 grain for completing the city at -1,0"* ]] ||
	    { echo "$output"; false; }
	run goods; want "wine=0,0 grain=0,1 cloth=0,0"
	run js '.phase'; want over
	# X-TB-2 at the end: bob holds the most grain, 10; ann keeps the city's 6
	run scores g; want "ann=6 bob=10"
}

#   TB01(0,0) grain and TB02(-1,0) turned 90, wine, make one city with two goods; capped north
#   by E(0,-1) and E(-1,-1), both turned 180. Ann, who owns the city (a follower on TB02),
#   completes it: 4 tiles, 8 points, and both tokens; at the end the most grain and the most
#   wine, 20 more.
@test "X-TB-1 a city showing two goods gives a token of each, owner and completer alike" {
	new --start TB01 --deck TB02,E,E
	turns -1,0,90,city:N 0,-1,180 -1,-1,180
	run goods; want "wine=1,0 grain=1,0 cloth=0,0"
	run scores g; want "ann=28 bob=0"
}

@test "X-TB-1 an unfinished city gives no goods, and nobody has a majority of nothing" {
	new --start TB01 --deck E
	turns 0,-1,180,city:S
	run js '.phase'; want over
	run js 'has("traders")'; want false
	# the city scores 2 at the end (C2: 1 a tile), no goods bonus for anyone
	run scores g; want "ann=2 bob=0"
}

# --- X-TB-2 the majorities at the end ----------------------------------------------------------

#   Two grain cities: TB01(0,0) capped by E(0,-1) turned 180 and E(-1,0) turned 90, which ann
#   completes; TB01(1,0) turned 90 (city N+E) capped by E(2,0) turned 270 and E(1,-1) turned
#   180, which bob completes (ann's E(0,1) turned 180 between, away from both). One grain each:
#   a tie, and both score 10.
@test "X-TB-2 a tied majority of a good scores 10 for each tied player" {
	new --start TB01 --deck TB01,E,E,E,E,E
	turns 1,0,90 0,-1,180 -1,0,90 2,0,270 0,1,180
	run goods; want "wine=0,0 grain=1,0 cloth=0,0"
	turns 1,-1,180
	run goods; want "wine=0,0 grain=1,1 cloth=0,0"
	run js '.phase'; want over
	run scores g; want "ann=10 bob=10"
}

# --- what the tools show and check ---------------------------------------------------------------

@test "the goods held are in the JSON view, the text picture and the SVG" {
	new --start TB01 --deck TB02,E,E,U
	turns -1,0,90 0,-1,180 -1,-1,180
	run js '.traders.goods.wine[0]'; want 1
	run carc-render < g
	[[ $output == *"ann "*"followers left; 1 wine, 1 grain"* ]] || { echo "$output"; false; }
	run carc-render --format svg < g
	[[ $output == *"1 wine, 1 grain"* ]] || { echo "$output"; false; }
	# the goods on the tiles: a letter in their city in the text picture (w, g, c), the wine
	# of TB02 at -1,0 and the grain of TB01 at 0,0
	carc-render --no-coords < g > pic
	grep -qx ' ....w## ##g....' pic || { cat pic; false; }
	# and in the SVG, the grapes of the wine (purple) and the sheaf of the grain (gold)
	[[ $output == *'fill="#7b2d8e"'* && $output == *'fill="#e3c13b"'* ]]
}

@test "a state whose goods the completed cities do not account for is refused" {
	new --start TB01 --deck E,E,U
	turns 0,-1,180 -1,0,90
	carc-render --format json < g > j
	jq '.traders.goods.grain = [1,1]' j > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ] || { echo "$status $stderr"; false; }
	[ "$stderr" = "carc-deck: k: inconsistent state: the players hold 2 grain, the completed cities show 1" ]
	jq '.traders.goods.grain = [1]' j > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: k: bad state: the goods 'grain' must be a count for each player" ]
	jq '.traders.goods.silk = [0,0]' j > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[[ $stderr == "carc-deck: k: bad state: "*"silk"* ]]
	jq '.traders.goods.wine = [-1,0]' j > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: k: bad state: the goods 'wine' must be counts from 0 to 255" ]
	# the key in a game without the set
	carc-deck --players ann,bob --seed 7 --deck E > b
	carc-render --format json < b |
	    jq '.traders = {goods: {wine: [0,0], grain: [0,0], cloth: [0,0]}}' > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: k: inconsistent state: 'traders' in a game without the traders-builders" ]
}

# One whole game through the tools: the random bot for four players.
@test "a whole game with Traders & Builders: four players, random bots, verified" {
	carc-deck --players ann,bob,cy,dee --seed 3 --expansions base,traders-builders > g
	bots_play g random
	carc-deck --verify < g
	run js '.phase'; want over
	run js '[.traders.goods[] | add] | add'
	[ "$status" -eq 0 ] && [ "$output" -gt 0 ]
}
