#!/usr/bin/env bats
# Abbey & Mayor, rule by rule (../shared/rules/RULES.md §4, §5.2; tiles TILES.md §4, ids AM01
# .. AM12 of §6.1; the figures summary, seed 003, note 14). The abbey, the wagon and the barn
# are not built yet (issue 17).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points. Expected values are worked out by hand from the rules; the comment
# above each test shows the board. x grows east, y grows south; the start tile is at 0,0.
# Tile shapes used (rotation 0; turned clockwise):
#   AM01 a whole city with 2 pennants          AM02 city N-S (pennant) over city W-E
#   AM09 city cap W with a pennant             AM12 road N-S in a tunnel under city W-E (pennant)
#   E    city cap N                            U    road W-E, fields N and S
#   B    cloister in a field                   W    roads E, S, W end at a junction
#   V    road W-S                              CA06 fair in an all-field tile (The Catapult)
# A city cap E turned 90 faces east, 180 south, 270 west. The mayor is one each (@mayor).

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
}

# new OPTION...: the game g for ann and bob with Abbey & Mayor and these options.
new() {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor "$@" > g
}

# --- the tiles ---------------------------------------------------------------------------------

@test "the set holds 12 land tiles in either edition, AM10's garden of C2 printed plain in C1" {
	new
	run js '[.supply[]] | map(select(startswith("AM"))) | sort | join(",")'
	want "AM01,AM02,AM03,AM04,AM05,AM06,AM07,AM08,AM09,AM10g,AM11,AM12"
	new --rule edition=c1
	run js '[.supply[]] | map(select(startswith("AM"))) | sort | join(",")'
	want "AM01,AM02,AM03,AM04,AM05,AM06,AM07,AM08,AM09,AM10,AM11,AM12"
	run js '.supply | length'
	want 83
	run js '[.players[].supply.mayor] | join(",")'
	want "1,1"
}

@test "every tile of the set fits its own rotations: each is placed next to a start of its own kind" {
	local t
	for t in AM01 AM02 AM03 AM04 AM05 AM06 AM07 AM08 AM09 AM10 AM10g AM11 AM12; do
		new --start "$t" --deck "$t"
		carc-draw < g > d
		run carc-place --list < d
		[ "$status" -eq 0 ] && [ "${#lines[@]}" -gt 0 ] || { echo "$t: $output"; false; }
	done
}

#   AM12(0,0): ann's follower on the road of U(0,-1) turned 90, north of the start. The road
#   runs on under the city to the south edge: bob's U(0,1) turned 90 joins it, occupied, and
#   offers only its fields; the city W-E is another feature.
@test "AM12 the road runs through the tunnel under the city: one road from north to south" {
	new --start AM12 --deck U,U
	turns 0,-1,90,road:N
	carc-draw < g > d
	run carc-place --list < d
	[[ " ${lines[*]} " == *" 0,1,90 0,1,90,field:Ne 0,1,90,field:Nw "* ]] ||
	    { echo "$output"; false; }
	[[ $output != *"0,1,90,road"* ]] || { echo "$output"; false; }
	run get g '[.figures[] | .feature]'
	want '["road:N"]'
}

#   AM02(0,0): ann's follower in the N-S city through E(0,-1) turned 180. The W-E city crosses
#   it and is another: bob may put a follower in it from E(1,0) turned 270, and not in the
#   N-S one from E(0,1).
@test "AM02 the two cities cross: the N-S city occupied, the W-E one still free" {
	new --start AM02 --deck E,E,E
	turns 0,-1,180,city:S
	carc-draw < g > d
	run carc-place --list < d
	[[ " ${lines[*]} " == *" 1,0,270,city:W "* ]] || { echo "$output"; false; }
	[[ " ${lines[*]} " == *" 0,1,0 0,1,0,field:En "* ]] || { echo "$output"; false; }
	[[ " ${lines[*]} " != *" 0,1,0,city:N "* ]] || { echo "$output"; false; }
}

@test "a tile with two fields that touch no edge is refused: a move could not tell them apart" {
	cat > two.yaml <<'YAML'
name: two
tiles:
  - id: Z2
    count: 1
    edges: C C C C
    cities:
      - {sides: N S}
      - {sides: W E}
    fields:
      - {halves: inner, cities: [0, 1]}
      - {halves: inner, cities: [0]}
YAML
	run --separate-stderr carc-deck --players ann,bob --tileset two.yaml
	[ "$status" -eq 65 ] && [ -z "$output" ] || { echo "$status $output"; false; }
	[[ $stderr == *"tile Z2 has two fields that touch no edge: a move could not tell them apart"* ]] ||
	    { echo "$stderr"; false; }
}

# --- §5.2 the mayor ----------------------------------------------------------------------------

#   E(0,0) city cap N; ann closes it with E(0,-1) turned 180 and her mayor on it: two tiles, no
#   pennant. The mayor's strength is 0: the city scores for nobody, and the mayor goes home.
@test "§5.2 a mayor in a city with no pennant has strength 0: the completed city scores nobody" {
	new --start E --deck E,E
	turns 0,-1,180,city:S@mayor
	run scores g; want "ann=0 bob=0"
	run get g '.figures | length'; want 0
	run js '[.players[].supply.mayor] | join(",")'; want "1,1"
}

#   AM09(0,0) city cap W with a pennant; ann closes it with E(-1,0) turned 90 and her mayor:
#   two tiles and a pennant, 2 + 2 + 2 = 6 (B-40), the mayor's strength 1.
@test "§5.2 a mayor in a city with one pennant wins it alone: 6 points for two tiles and a pennant" {
	new --start AM09 --deck E,E
	turns -1,0,90,city:E@mayor
	run scores g; want "ann=6 bob=0"
}

# mayorcity LAST: AM12(0,0), city W-E with a pennant. ann's mayor in it from E(1,0) turned 270;
# bob's U(0,-1) turned 90; ann's B(1,1); bob's follower in the city cap of E(-1,-1) turned 180;
# ann's LAST at -1,0 joins the two: 4 tiles, unfinished at the end (LAST leaves W open).
mayorcity() {
	new --start AM12 --deck "E,U,B,E,$1"
	turns 1,0,270,city:W@mayor 0,-1,90 1,1,0 -1,-1,180,city:S -1,0,0
}

@test "§5.2 a mayor with 1 pennant in its city ties a follower: both score the unfinished city" {
	mayorcity R			# R: city N, E and W, no pennant
	run js .phase; want over
	run scores g; want "ann=5 bob=5"	# 4 tiles + 1 pennant (B-50)
}

@test "§5.2 a mayor with 3 pennants in its city beats a follower: 7 for the city, to ann alone" {
	mayorcity AM01			# AM01: two pennants more
	run carc-render < g
	[[ $output == *"#1M"* ]] || { echo "$output"; false; }
	run scores g; want "ann=7 bob=0"	# 4 tiles + 3 pennants
}

@test "§5.2 the mayor stands in cities only: --list offers it nowhere else, and a word elsewhere is refused" {
	new --start E --deck B,U
	carc-draw < g > d
	run carc-place --list < d
	[[ $output != *"cloister@mayor"* && $output != *"field"*"@mayor"* ]] ||
	    { echo "$output"; false; }
	run --separate-stderr carc-place 0,1,0,cloister@mayor < d
	refused carc-place "a mayor may not stand on a cloister"
	turns 0,1,0
	carc-draw < g > d
	run --separate-stderr carc-place 0,2,0,road:E@mayor < d
	refused carc-place "a mayor may not stand on a road"
}

# --- with the other expansions -------------------------------------------------------------------

@test "F-8 the mayor may not be a fortune teller" {
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller,abbey-mayor \
	    --deck FT1,B > g
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *"tent"* && $output != *"tent@mayor"* ]] || { echo "$output"; false; }
	local tent
	tent=$(carc-place --list < d | grep -m1 ',tent$')
	run --separate-stderr carc-place "$tent@mayor" < d
	refused carc-place "a mayor may not stand on a tent"
}

# The fairground of tests/catapult.bats: ann's farmer on W(1,0), bob's follower on the road of
# V(2,0), the fair CA06 at 1,-1; ann's seduction hits bob's road follower.
@test "X-CA-7 a mayor takes no follower's place on a road (seed 003 note 14)" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,abbey-mayor \
	    --rule scatter=0 --deck W,V,CA06,B > g
	turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
	carc-place hurl:seduction:2.40,0.60 < g > g.p && carc-score < g.p > g
	run carc-place --list < g
	want "seduce:supply
seduce:1,0,field:Es
seduce:none"
	run --separate-stderr carc-place seduce:supply@mayor < g
	refused carc-place "illegal move 'seduce:supply@mayor': a mayor may not stand on a road"
}

#   E(0,0); ann's mayor in the city N-S of F(0,-1) turned 90; bob's B(0,1); ann's second F at
#   0,-2 extends the city. A builder needs a follower of its owner's there: the mayor is one
#   (§5.5), so the builder is offered.
@test "§5.5 a mayor is a follower: the builder may stand with it" {
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,abbey-mayor \
	    --start E --deck F,B,F > g
	turns 0,-1,90,city:N@mayor 0,1,0
	carc-draw < g > d
	run carc-place --list < d
	[[ " ${lines[*]} " == *" 0,-2,90,city:N@builder "* ]] || { echo "$output"; false; }
}
