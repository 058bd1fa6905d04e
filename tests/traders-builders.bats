#!/usr/bin/env bats
# Traders & Builders, rule by rule (../shared/rules/RULES.md §3, X-TB-1, X-TB-2; tiles
# TILES.md §3, ids TB01 .. TB24 of §6.1).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points and tokens. Expected values are worked out by hand from the rules;
# the comment above each test shows the board. x grows east, y grows south; the start tile is
# at 0,0. Tile shapes used (rotation 0; turned clockwise):
#   TB01 city N+W with grain, fields E and S   TB02 the same with wine
#   E    city cap N                            U    road W-E, fields N and S
#   W    roads E, S, W end at a junction       CA06 fair in an all-field tile (The Catapult)
#   FT3  road W-E past a tent (The Fortune Teller)
# A city cap E turned 90 faces east, 180 south, 270 west. The builder (@builder) and the pig
# (@pig) are one each (RULES.md §5.5, §5.6); --list names a road W-E by its side E.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with Traders & Builders and
	# these options
	NEW_SETS=traders-builders
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

# --- §5.5 the builder ---------------------------------------------------------------------------

# builders: the placements with a builder that --list offers on the drawn state d.
builders() {
	carc-place --list < d | grep '@builder' | tr '\n' ' '
}

#   U(0,0); ann's follower on the road at U(1,0), bob's U(-1,0). Ann's next U may take the
#   builder at either end of her road, nowhere else; bob, with no follower there, may not.
@test "§5.5 the builder goes only on a road or city holding a follower of its owner's" {
	new --start U --deck U,U,U,U,U
	turns 1,0,0,road:W -1,0,0
	carc-draw < g > d
	run builders; want "-2,0,0,road:E@builder 2,0,0,road:E@builder "
	run --separate-stderr carc-place 1,-1,0,road:E@builder < d
	refused carc-place "illegal move '1,-1,0,road:E@builder': a builder goes only on a road that holds a follower of ann's already"
	turns 2,0,0,road:E@builder
	carc-draw < g > d
	run builders; want ""
	run --separate-stderr carc-place 3,0,0,road:E@builder < d
	refused carc-place "a builder goes only on a road that holds a follower of bob's already"
	# the builder is no follower: it claims nothing, scores nothing, and is no field's
	run --separate-stderr carc-place 3,0,0,field:Nw@builder < d
	refused carc-place "illegal move '3,0,0,field:Nw@builder': a builder may not stand on a field"
}

#   W(0,0) junction; ann's follower on U(1,0); W(2,0) turned 180 closes the road: the builder
#   may not go on the road this tile completes.
@test "§5.5 the builder never goes on a feature the tile completes" {
	new --start W --deck U,U,W,U
	turns 1,0,0,road:W 0,1,90
	carc-draw < g > d
	run builders; want ""
	run --separate-stderr carc-place 2,0,180,road:W@builder < d
	refused carc-place "illegal move '2,0,180,road:W@builder': the tile completes that road, and a builder never goes on a completed one"
}

#   U(0,0): ann's follower at U(1,0), bob's U(-1,0), ann's builder at U(2,0), bob's U(-2,0).
#   Ann's U(3,0) extends the builder's road: after its scoring ann plays again (half 2), and
#   her U(4,0), extending it once more, gives no third turn: bob's turn follows.
@test "§5.5 extending the builder's road gives a second turn, and the second never a third" {
	new --start U --deck U,U,U,U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0
	carc-draw < g > d
	carc-place 3,0,0 < d > p
	carc-score -v < p > g 2> report
	run cat report; want "ann's builder: ann plays a second turn"
	run turnof; want "draw ann"
	run js '.traders.half'; want 2
	run carc-place --list < g; want "again:draw
again:none"
	run carc-place --list --format json < g
	want '[
{"word": "again:draw", "kind": "again", "take": true},
{"word": "again:none", "kind": "again", "take": false}
]'
	carc-render < g > pic
	grep -qx 'ann plays a second turn (the builder.s): carc-draw, or again:none to decline it' pic
	turns 4,0,0
	run turnof; want "draw bob"
	run js 'has("traders")'; want false
	run js '.log | join(" ")'
	want "U/1,0,0,road:E U/-1,0,0 U/2,0,0,road:E@builder U/-2,0,0 U/3,0,0 U/4,0,0"
	carc-deck --verify < g
}

@test "§5.5 the builder placed with the tile gives no second turn for that tile" {
	new --start U --deck U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder
	run turnof; want "draw bob"
}

@test "§5.5 the second turn is the player's choice: again:none passes to the next player" {
	new --start U --deck U,U,U,U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0 3,0,0
	run carc-place again:none < g
	[ "$status" -eq 0 ]
	carc-place again:none < g > n
	mv n g
	run turnof; want "draw bob"
	run js '.log[-1]'; want again:none
	run js '.tiles_left'; want 2
	carc-deck --verify < g
	# again:draw is carc-draw's draw
	new --start U --deck U,U,U,U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0 3,0,0
	carc-place again:draw < g > a
	carc-draw < g > b
	cmp a b
	run --separate-stderr carc-place again:maybe < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	# once drawn, the turn is taken: a word of phase draw is refused
	run --separate-stderr carc-place again:none < b
	refused carc-place "illegal move 'again:none': ann has drawn already; the tile drawn is placed now (carc-place --list)"
}

@test "§5.5 a second turn with no tile left: the game ends, the state reads back" {
	new --start U --deck U,U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0 3,0,0
	run turnof; want over
	run js 'has("traders")'; want false
	carc-deck --verify < g
}

#   The builder's road: ann's follower at U(1,0), her builder at U(2,0); bob's fair CA06(0,1)
#   starts a round whose knock-out at ann's follower (1.50,0.50) leaves the builder alone: it
#   goes home at once. The builder itself is never knocked out or seduced (X-CA-6, X-CA-7).
@test "§5.5 a builder goes home when its last follower is knocked out" {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,catapult \
	    --rule scatter=0 --start U --deck U,U,U,CA06 > g
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder 0,1,0
	run turnof; want "hurl bob"
	# no token is offered against the builder (2.50,0.50): it is never knocked out
	run bash -c "carc-place --list < g | grep -c '2.50,0.50' || :"; want 0
	carc-place hurl:knockout:1.50,0.50 < g > p
	carc-score -v < p > g 2> report
	run cat report
	want "bob knocks out ann's follower at 1,0
ann's builder at 2,0 goes home: no follower of ann's is left with it"
	run figs; want ""
	run js '.players[0].supply.builder'; want 1
}

@test "§5.5 a builder goes home when its last follower is seduced; the seducer's stays" {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,catapult \
	    --rule scatter=0 --start U --deck U,U,U,CA06 > g
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder 0,1,0
	carc-place hurl:seduction:1.50,0.50 < g > p && carc-score < p > g
	run turnof; want "seduce bob"
	carc-place seduce:supply < g > p
	carc-score -v < p > g 2> report
	run cat report
	want "bob seduces ann's follower at 1,0
ann's builder at 2,0 goes home: no follower of ann's is left with it"
	run figs; want "bob@1,0,road:E"
}

#   Ann's builder on the road U(1,0) U(2,0); her fair CA08(3,0) turned 90 extends it: a double
#   turn is one turn, so she plays her second turn first, and the round comes after the whole of
#   it (seed 002: the player "should fully complete his or her turn"; issue 36).
fair_builder() {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,catapult \
	    --rule scatter=0 --start U --deck "U,U,U,U,CA08${1-,U,U,U}" > g
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0 3,0,90
}

# hurls: ann's and bob's knock-out tokens thrown off the board, each resolved by carc-score.
hurls() {
	local p
	for p in ann bob; do
		run turnof; want "hurl $p"
		carc-place hurl:knockout:5,5 < g > p && carc-score < p > g
	done
}

@test "§5.5 X-CA-3 a fair that extends the builder's road: the second turn, then the round" {
	fair_builder
	run turnof; want "draw ann"
	run get g '[.traders, .catapult]'
	want '[{"half":2},{"later":true,"fair":[3,0],"first":0,"token":null,"pending":null,"landings":[],"victim":null,"from":null}]'
	turns 4,0,0
	hurls
	run turnof; want "draw bob"
	run get g '[has("traders"), has("catapult"), .log[5:]]'
	want '[false,false,["U/4,0,0","hurl:knockout:5.00,5.00","hurl:knockout:5.00,5.00"]]'
	carc-deck --verify < g
}

@test "§5.5 X-CA-3 the second turn declined: the round comes at once, then the next player" {
	fair_builder
	carc-place again:none < g > n && mv n g
	hurls
	run turnof; want "draw bob"
	carc-deck --verify < g
}

@test "§5.5 X-CA-3 no tile left for the second turn: the round, then the final scoring" {
	fair_builder ""
	hurls
	run turnof; want "over"
	carc-deck --verify < g
}

@test "X-CA-3 a round to come is checked when read: not of another player's turn, not begun" {
	fair_builder
	carc-render --format json < g | jq '.catapult.first = 1' > k
	run --separate-stderr carc-deck --from-json k
	tool=carc-deck fails 65 "inconsistent state: a catapult round to come of bob in ann's turn"
	carc-render --format json < g | jq '.catapult.token = "catch"' > k
	run --separate-stderr carc-deck --from-json k
	tool=carc-deck fails 65 "inconsistent state: a token type without a hurl, or a hurl without one"
	carc-render --format json < g | jq '.catapult.later = false' > k
	run --separate-stderr carc-deck --from-json k
	tool=carc-deck fails 65 "bad state: the catapult round's 'later' must be true"
}

@test "§5.5 a state with a builder and no follower of its owner's in its feature is refused" {
	new --start U --deck U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder
	carc-render --format json < g | jq 'del(.figures[0]) | .players[0].supply.follower = 7' > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: k: inconsistent state: ann's builder at 2,0 has no follower of ann's in its feature" ]
}

# --- F-9 the second turn with fortune tellers ----------------------------------------------------

# ft: a game of ann and bob with the fortune teller, every tile after the start (U) an FT3: a
# road W-E past a tent, so that whatever the reshuffles bring, the same moves are legal.
ft() {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,fortune-teller \
	    --start U --deck "$(printf 'FT3,%.0s' $(seq 15))FT3" > g
}

#   Ann's follower and builder on the road west to east (FT3 at 1,0 and 2,0), a fortune teller
#   on the tent of FT3(0,-1): she draws 2; her FT3(3,0) extends the builder's road, and her
#   second turn plays the tile she held, drawing none (F-9).
@test "F-9 with one fortune teller the second turn plays the tile held, drawing none" {
	ft
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder 0,1,0 0,-1,0,tent 0,2,0
	carc-draw < g > d
	run bash -c "carc-render --format json < d | jq -c '[.drawn, .tiles_left]'"
	want '[["FT3","FT3"],8]'
	carc-place FT3/3,0,0 < d > p
	carc-score < p > g
	run bash -c "carc-render --format json < g | jq -c '[.phase, .player, .drawn, .tiles_left]'"
	want '["draw",0,["FT3"],8]'
	carc-draw < g > d
	run bash -c "carc-render --format json < d | jq -c '[.phase, .drawn, .tiles_left]'"
	want '["place",["FT3"],8]'
	carc-place 4,0,0 < d > p
	carc-score < p > g
	run turnof; want "draw bob"
	run js '.tiles_left'; want 8
	carc-deck --verify < g
}

@test "F-9 with two fortune tellers the player chooses among the two tiles held" {
	ft
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder 0,1,0 0,-1,0,tent 0,2,0
	turns FT3/0,-2,0,tent 0,3,0
	carc-draw < g > d
	run bash -c "carc-render --format json < d | jq -c '[.drawn, .tiles_left]'"
	want '[["FT3","FT3","FT3"],5]'
	carc-place FT3/3,0,0 < d > p
	carc-score < p > g
	run bash -c "carc-render --format json < g | jq -c '[.phase, .drawn, .tiles_left]'"
	want '["draw",["FT3","FT3"],5]'
	run --separate-stderr carc-draw --tiles 1 < g
	refused carc-draw "ann plays the second turn from the 2 tiles held (F-9), and draws no other"
	carc-draw < g > d
	run bash -c "carc-render --format json < d | jq -c '[.phase, .drawn, .tiles_left]'"
	want '["place",["FT3","FT3"],5]'
	run bash -c "carc-place --list < d | grep -c '^FT3/4,0,0\$'"; want 1
	carc-place FT3/4,0,0 < d > p
	carc-score < p > g
	run turnof; want "draw bob"
	run js '.tiles_left'; want 6
}

# --- §5.6 the pig -----------------------------------------------------------------------------

#   Two fields that a cloister joins: north of the road U(0,0) U(1,0), ann's farmer (1,0) and
#   pig (U(1,-1), south of its road), and north of the road U(0,-1) U(1,-1), bob's farmer
#   (0,-1); A(2,-1) turned 90, its road W ending at the cloister, makes them one field: a tie,
#   both win it. E(0,-2) and E(0,-3) turned 180 make a city of 2 on it. Bob scores 3 for the
#   city, ann 3 and 1 for the pig (C2: 3 a completed city).
@test "§5.6 the pig adds 1 a completed city to its owner's field when he wins it, tied too" {
	new --start U --deck U,U,U,A,E,E
	turns 1,0,0,field:Nw 0,-1,0,field:Nw
	carc-draw < g > d
	run bash -c "carc-place --list < d | grep '@pig' | tr '\\n' ' '"
	want "-1,-1,0,field:Es@pig 1,-1,0,field:Es@pig -1,0,0,field:Nw@pig 2,0,0,field:Nw@pig "
	turns 1,-1,0,field:Es@pig 2,-1,90 0,-2,0 0,-3,180
	run js '.phase'; want over
	run scores g; want "ann=4 bob=3"
}

#   The same fields, bob's farmer a big follower (Inns & Cathedrals): bob wins the field
#   alone, 3 for the city; ann, with her farmer and her pig, scores nothing.
@test "§5.6 a pig's owner who loses the field gets no bonus" {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,inns-cathedrals \
	    --start U --deck U,U,U,A,E,E > g
	turns 1,0,0,field:Nw 0,-1,0,field:Nw@big 1,-1,0,field:Es@pig 2,-1,90 0,-2,0 0,-3,180
	run js '.phase'; want over
	run scores g; want "ann=0 bob=3"
}

#   Ann's farmer (1,0) and pig (2,0) in the field north of the road; bob's fair CA06(0,1)
#   starts a round whose knock-out takes the farmer (1.50,0.16): the pig leaves with it.
@test "§5.6 the pig goes home with the last farmer of its owner's in its field" {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,catapult \
	    --rule scatter=0 --start U --deck U,U,U,CA06 > g
	turns 1,0,0,field:Nw -1,0,0 2,0,0,field:Nw@pig 0,1,0
	carc-place hurl:knockout:1.50,0.16 < g > p
	carc-score -v < p > g 2> report
	run cat report
	want "bob knocks out ann's follower at 1,0
ann's pig at 2,0 goes home: no follower of ann's is left with it"
	run figs; want ""
}

@test "§5.6 the pig goes only on a field holding a farmer of its owner's, never with farmers off" {
	new --start U --deck U,U,U
	turns 1,0,0,field:Nw
	carc-draw < g > d
	run --separate-stderr carc-place -1,0,0,field:Nw@pig < d
	refused carc-place "illegal move '-1,0,0,field:Nw@pig': a pig goes only on a field that holds a follower of bob's already"
	new --start U --deck U,U,U --rule farmers=off
	turns 1,0,0,road:W
	carc-draw < g > d
	run bash -c "carc-place --list < d | grep -c '@pig' || :"; want 0
}

# --- what the tools show and check ---------------------------------------------------------------

@test "the goods held are in the JSON view, the text picture and the SVG" {
	new --start TB01 --deck TB02,E,E,U
	turns -1,0,90 0,-1,180 -1,-1,180
	run js '.traders.goods.wine[0]'; want 1
	run carc-render < g
	[[ $output == *"ann "*"1 pig (G) left; 1 wine, 1 grain"* ]] || { echo "$output"; false; }
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
	[ "$stderr" = "carc-deck: k: bad state: the goods 'wine' must be counts from 0 to 65536" ]
	# the key in a game without the set
	carc-deck --players ann,bob --seed 7 --deck E > b
	carc-render --format json < b |
	    jq '.traders = {goods: {wine: [0,0], grain: [0,0], cloth: [0,0]}}' > k
	run --separate-stderr carc-deck --from-json k
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: k: inconsistent state: 'traders' in a game without the traders-builders" ]
}

@test "a state whose second turn is malformed or impossible is refused" {
	new --start U --deck U,U,U,U,U,U,U
	turns 1,0,0,road:W -1,0,0 2,0,0,road:E@builder -2,0,0 3,0,0
	carc-render --format json < g > j
	refused_json() {
		jq "$1" j > k
		run --separate-stderr carc-deck --from-json k
		tool=carc-deck fails -x 65 "k: $2" || { echo "  spoilt by $1"; return 1; }
	}
	refused_json '.traders.half = 3' "bad state: 'half' in 'traders' is 3, outside 1..2"
	refused_json '.traders.half = "2"' "bad state: 'half' in 'traders' must be a whole number"
	refused_json '.traders.again = 1' "bad state: 'again' must be true or false"
	refused_json '.traders.again = true' "inconsistent state: a second turn that gives a third"
	refused_json '.traders = {again: true}' "inconsistent state: a second turn pending in phase draw"
	refused_json '.traders.turn = 2' "bad state: unknown key 'turn' in 'traders'"
}

# One whole game through the tools: the random bot for four players (seed 2: goods to three
# players, builders and pigs placed).
@test "a whole game with Traders & Builders: four players, random bots, verified" {
	carc-deck --players ann,bob,cy,dee --seed 2 --expansions base,traders-builders > g
	bots_play g random
	carc-deck --verify < g
	run js '.phase'; want over
	run js '.traders.goods | [.[] | add] | add'; want 5
	run js '[.log[] | select(test("@builder|@pig"))] | length'; want 4
}

# The example script, run from another folder: greedy bots, seed 3, through the tools.
@test "examples/traders-builders.sh plays a whole game and tells builders, second turns, goods" {
	run --separate-stderr sh "$TOP/examples/traders-builders.sh" -o final
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ $output == *"bob puts a builder down: V/2,0,0,road:S@builder
bob's builder: bob plays a second turn"* ]]
	[[ $output == *"ann takes 1 wine for completing the city at -2,3"* ]]
	[ "${lines[${#lines[@]}-3]}" = "6 second turn(s) earned by builders" ]
	[ "${lines[${#lines[@]}-2]}" = "goods: ann 1 wine 2 grain 0 cloth, bob 1 wine 0 grain 1 cloth" ]
	[ "${lines[${#lines[@]}-1]}" = "final scores: ann 163, bob 121" ]
	run scores final; want "ann=163 bob=121"
	carc-deck --verify < final
}

@test "examples/traders-builders.sh: -h prints the usage, a bad option or too many words 64" {
	run --separate-stderr sh "$TOP/examples/traders-builders.sh" -h
	[ "$status" -eq 0 ] && [ -z "$stderr" ]
	[[ ${lines[0]} == 'usage: traders-builders.sh [-o FILE] [PLAYERS [SEED]]' ]]
	run --separate-stderr sh "$TOP/examples/traders-builders.sh" -x
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[[ $stderr == *'usage: traders-builders.sh'* ]]
	run --separate-stderr sh "$TOP/examples/traders-builders.sh" ann,bob 3 extra
	[ "$status" -eq 64 ] && [ -z "$output" ]
}
