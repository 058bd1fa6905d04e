#!/usr/bin/env bats
# Abbey & Mayor, rule by rule (../shared/rules/RULES.md §4, §5.2; tiles TILES.md §4, ids AM01
# .. AM12 of §6.1; the figures summary, seed 003, notes 14, 15, and §5.3, §5.4 for the wagon
# and the barn).
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
#   A    cloister with a road S                ABBEY the abbey: a cloister, edges '*'
#   D    city cap N, road W-E                  F    city W-E with a pennant (turned 90: N-S)
#   N    city N+W, no pennant
# A city cap E turned 90 faces east, 180 south, 270 west. The mayor, the wagon, the barn and
# the abbey are one each (@mayor, @wagon; X,Y,ROT,corner:NE@barn on a corner of the tile
# placed; abbey:X,Y in phase draw).

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with Abbey & Mayor and
	# these options
	NEW_SETS=abbey-mayor
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
seduce:supply@wagon
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

# --- X-AM-1 .. X-AM-3 the abbey ------------------------------------------------------------------

# hole [SPARE]: B(0,0) is the start; ann's follower in the city cap of E(1,0) turned 180 (it
# faces the hole at 1,1), bob's on the road of A(0,1) turned 270 (it runs east into the hole),
# then B(2,0), B(2,1), B(0,2) and E(1,2), whose city cap faces the hole from the south. The
# cell 1,1 has tiles on all four sides. SPARE: tiles left in the supply (none: the end).
#
#          0       1       2
#   0     [B]   E:city S  [B]
#   1  A:road E   hole    [B]
#   2     [B]   E:city N
hole() {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck "E,A,B,B,B,E${1:+,$1}" > g
	turns 1,0,180,city:S 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0
}

@test "X-AM-1 with a hole on the board, phase draw offers the abbey: abbey:none (the draw) first" {
	hole B
	run carc-place --list < g
	want "abbey:none
abbey:1,1
abbey:1,1,cloister
abbey:1,1,cloister@wagon"
	run carc-place --list --format json < g
	want '[
{"word": "abbey:none", "kind": "abbey", "x": null, "y": null, "feature": null, "figure": null},
{"word": "abbey:1,1", "kind": "abbey", "x": 1, "y": 1, "feature": null, "figure": null},
{"word": "abbey:1,1,cloister", "kind": "abbey", "x": 1, "y": 1, "feature": "cloister", "figure": "follower"},
{"word": "abbey:1,1,cloister@wagon", "kind": "abbey", "x": 1, "y": 1, "feature": "cloister", "figure": "wagon"}
]'
	run carc-render --format phase < g; want "draw ann"
	# carc-draw stays the default: the draw, as abbey:none
	carc-draw < g > d1
	carc-place abbey:none < g > d2
	cmp d1 d2
	run get d1 '.drawn'; want '["B"]'
}

@test "X-AM-1 no abbey is offered before a cell has tiles on all four sides" {
	new --start B --deck B,B
	run --separate-stderr carc-place --list < g
	[ "$status" -eq 1 ] && [[ $stderr == *"carc-draw"* ]] || { echo "$status $stderr"; false; }
	run --separate-stderr carc-place abbey:1,0 < g
	refused carc-place "illegal move 'abbey:1,0': an abbey goes only into an empty cell with tiles on all four sides (X-AM-1)"
}

#   The abbey in the hole ends ann's city (1 tile: 2 points, B-40), bob's road (1 tile: 1
#   point) and the city of E(1,2), which holds nobody; the abbey is none of their tiles.
@test "X-AM-1 an abbey closes the road and the cities around it at once: 2 for ann, 1 for bob" {
	hole B
	carc-place abbey:1,1,cloister < g > p
	run get p '.log[-1]'; want '"ABBEY/1,1,0,cloister"'
	run get p '.abbey_mayor.placed'; want '[true,false]'
	carc-score -v < p > g 2> report
	run cat report
	want "ann scores 2 for the city at 1,0
bob scores 1 for the road at 0,1"
	run scores g; want "ann=2 bob=1"
	run js '.players[0].supply.follower'; want 6
	carc-deck --verify < g
	run carc-render < g
	[[ $output == *"ann    2 points, 6 followers, 1 mayor (M), 1 wagon (W), 1 barn (N) left"$'\n'* ]] &&
	    [[ $output == *"bob    1 point, 7 followers, 1 mayor (M), 1 wagon (W), 1 barn (N) left; 1 abbey"* ]] ||
	    { echo "$output"; false; }
}

@test "X-AM-1 one abbey each: a second is refused, and nobody else's is taken" {
	hole B,B
	carc-place abbey:1,1 < g | carc-score > g2
	run --separate-stderr carc-place --list < g2
	[[ $output != *abbey* ]] || { echo "$output"; false; }
	run get g2 '.abbey_mayor.placed'; want '[true,false]'
}

@test "X-AM-1 the abbey words: a rotation may be given, a bad one is a usage error, a figure is checked" {
	hole B
	carc-place abbey:1,1,0,cloister < g > p1
	carc-place abbey:1,1,cloister < g > p2
	cmp p1 p2
	run --separate-stderr carc-place abbey:x < g
	[ "$status" -eq 64 ] && [ -z "$output" ] &&
	    [ "$stderr" = "carc-place: bad move 'abbey:x': expected abbey:X,Y[,FEATURE][@FIGURE] or abbey:none" ] ||
	    { echo "$status $stderr"; false; }
	run --separate-stderr carc-place abbey:1,1,cloister@mayor < g
	refused carc-place "illegal move 'abbey:1,1,cloister@mayor': a mayor may not stand on a cloister"
	run --separate-stderr carc-place abbey:1,1,road:N < g
	refused carc-place "illegal move 'abbey:1,1,road:N': tile ABBEY turned 0 has no road:N"
}

@test "X-AM-1 the abbey is placed instead of drawing: once drawn, it is refused" {
	hole B
	carc-draw < g > d
	run --separate-stderr carc-place abbey:1,1 < d
	refused carc-place "illegal move 'abbey:1,1': ann has drawn already; the tile drawn is placed now"
}

@test "X-AM-1 the abbey tile is never dealt: --deck and --start refuse it" {
	run --separate-stderr carc-deck --players ann,bob --expansions base,abbey-mayor --deck B,ABBEY
	[ "$status" -eq 64 ] && [ -z "$output" ] &&
	    [ "$stderr" = "carc-deck: --deck: tile ABBEY is held by the players, never dealt" ] ||
	    { echo "$status $stderr"; false; }
	run --separate-stderr carc-deck --players ann,bob --expansions base,abbey-mayor --start ABBEY
	[ "$status" -eq 64 ] &&
	    [ "$stderr" = "carc-deck: --start: tile ABBEY is held by the players, never dealt" ] ||
	    { echo "$status $stderr"; false; }
}

#   The last tile is bob's E(1,2): ann, at his left, is asked first and keeps hers; bob puts
#   his into the hole, which ends ann's city (2) and his road (1); then the final scoring.
@test "X-AM-3 after the last tile, each player who holds an abbey may place it, from the left of the last placer" {
	hole
	run carc-render --format phase < g; want "abbey ann"
	run carc-place --list < g
	want "abbey:none
abbey:1,1
abbey:1,1,cloister
abbey:1,1,cloister@wagon"
	run --separate-stderr carc-draw < g
	refused carc-draw "an abbey may be placed before the final scoring: ann decides with carc-place or carc-bot"
	carc-place abbey:none < g > g.n && mv g.n g
	run carc-render --format phase < g; want "abbey bob"
	carc-place abbey:1,1 < g | carc-score -v > g.n 2> report && mv g.n g
	run cat report
	want "ann scores 2 for the city at 1,0
bob scores 1 for the road at 0,1
final scoring:"
	run js .phase; want over
	run js '.log[-2:] | join(" ")'; want "abbey:none ABBEY/1,1,0"
	carc-deck --verify < g
}

#   ann places hers at the end with a follower: her city (2), bob's road (1); the abbey, a
#   cloister with seven neighbours, is unfinished at the end: 8 (B-51). bob has no hole left.
@test "X-AM-3 an abbey placed at the end scores as a cloister in the final scoring" {
	hole
	carc-place abbey:1,1,cloister < g | carc-score -v > g.n 2> report && mv g.n g
	run js .phase; want over
	run scores g; want "ann=10 bob=1"
	run cat report
	[[ $output == *"ann scores 8 for the cloister at 1,1"* ]] || { echo "$output"; false; }
}

@test "X-AM-1 carc-bot decides in phase draw: the abbey or the draw, each bot a listed word" {
	local bot words
	for bot in random greedy mcts; do
		hole B
		words=$(carc-place --list < g)
		carc-bot --iterations 50 "$bot" < g > b
		run get b '.log | length'
		if [ "$output" -eq 7 ]; then
			run get b '.log[-1]'
			[ "$output" = '"ABBEY/1,1,0"' ] || [ "$output" = '"ABBEY/1,1,0,cloister"' ] ||
			    { echo "$bot: $output"; false; }
		else
			run get b '.phase'; want '"place"'
		fi
		[[ $words == *abbey:none* ]]
	done
}

# --- §5.3 the wagon -----------------------------------------------------------------------------

#   D(0,0): city cap N, road W-E. ann closes the city with E(0,-1) turned 180 and her wagon in
#   it: 4 points; then the wagon moves, in phase wagon, to an unoccupied, unfinished feature on
#   its tile or the eight around it: D's road.
@test "§5.3 after its city is scored, the wagon moves to the road next to it" {
	new --start D --deck E,U,U
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score -v > g.n 2> report
	mv g.n g
	run cat report; want "ann scores 4 for the city at 0,-1"
	run carc-render --format phase < g; want "wagon ann"
	run carc-place --list < g
	want "wagon:none
wagon:0,0,road:E"
	run carc-place --list --format json < g
	want '[
{"word": "wagon:none", "kind": "wagon", "x": null, "y": null, "feature": null},
{"word": "wagon:0,0,road:E", "kind": "wagon", "x": 0, "y": 0, "feature": "road:E"}
]'
	run --separate-stderr carc-draw < g
	refused carc-draw "a wagon moves: ann decides with carc-place or carc-bot"
	carc-place wagon:0,0,road:E < g > g.n && mv g.n g
	run carc-render --format phase < g; want "draw bob"
	run figs; want "ann@0,0,road:E"
	run js '.players[0].supply.wagon'; want 0
	run js '.log[-1]'; want "wagon:0,0,road:E"
	carc-deck --verify < g
}

@test "§5.3 wagon:none takes the wagon back" {
	new --start D --deck E,U,U
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score > g.n && mv g.n g
	carc-place wagon:none < g > g.n && mv g.n g
	run carc-render --format phase < g; want "draw bob"
	run js '.players[0].supply.wagon'; want 1
	run get g '.abbey_mayor'; want null
}

#   E(0,0): ann closes the city with E(0,-1) turned 180 and her wagon: around it nothing but
#   the finished city and fields. The wagon stays home at once, no decision asked.
@test "§5.3 a wagon with no feature to go to goes home" {
	new --start E --deck E,U
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score -v > g.n 2> report
	mv g.n g
	run cat report
	want "ann scores 4 for the city at 0,-1
ann's wagon stays home: no unoccupied, unfinished feature near 0,-1 (§5.3)"
	run carc-render --format phase < g; want "draw bob"
	run js '.players[0].supply.wagon'; want 1
}

@test "§5.3 a wagon's move is refused off its reach, on a field, or into a finished feature" {
	new --start D --deck E,U,U
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score > g.n && mv g.n g
	run --separate-stderr carc-place wagon:0,-1,city:S < g
	refused carc-place "illegal move 'wagon:0,-1,city:S': the city is complete (§5.3)"
	run --separate-stderr carc-place wagon:0,0,field:Es < g
	refused carc-place "illegal move 'wagon:0,0,field:Es': a wagon may not stand on a field (§5.3)"
	run --separate-stderr carc-place wagon:5,5,road:E < g
	refused carc-place "illegal move 'wagon:5,5,road:E': no tile at 5,5"
	run --separate-stderr carc-place wagon:x < g
	[ "$status" -eq 64 ] && [ -z "$output" ] &&
	    [ "$stderr" = "carc-place: bad move 'wagon:x': expected wagon:X,Y,FEATURE or wagon:none" ] ||
	    { echo "$status $stderr"; false; }
}

#   ann's wagon in the city N-S of F(0,-1) turned 90 above the start E; bob's B(1,-1), ann's
#   B(-1,0); bob's wagon in the cap of E(1,-2) turned 270; ann's B(-1,1); bob's N(0,-2)
#   turned 180 joins both and closes the city: 4 tiles and a pennant, 10 each. The wagons
#   move in turn order from bob, whose turn it is: his to the cloister B(1,-1), then ann's to
#   the cloister B(-1,0).
@test "§5.3 two wagons of one city move in turn order from the player whose turn it is" {
	new --start E --deck F,B,B,E,B,N,B
	turns 0,-1,90,city:N@wagon 1,-1,0 -1,0,0 1,-2,270,city:W@wagon -1,1,0
	carc-draw < g | carc-place 0,-2,180 | carc-score > g.n && mv g.n g
	run scores g; want "ann=10 bob=10"
	run carc-render --format phase < g; want "wagon bob"
	run get g '.abbey_mayor.wagons'; want '[[0,-1],[1,-2]]'
	carc-place wagon:1,-1,cloister < g > g.n && mv g.n g
	run carc-render --format phase < g; want "wagon ann"
	run carc-place --list < g
	want "wagon:none
wagon:-1,0,cloister"
	carc-place wagon:-1,0,cloister < g > g.n && mv g.n g
	run carc-render --format phase < g; want "draw ann"
	run figs; want "bob@1,-1,cloister ann@-1,0,cloister"
	carc-deck --verify < g
}

@test "§5.3 the wagon stands on roads, cities, cloisters and abbeys, never on a field" {
	hole B
	carc-place abbey:1,1,cloister@wagon < g > p
	run get p '.figures[-1].type'; want '"wagon"'
	new --start B --deck U
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *"0,-1,0,road:E@wagon"* ]] || { echo "$output"; false; }
	run grep -c 'field.*@wagon' <<< "$output"
	[ "$output" = 0 ]
}

#   The start B(0,0); ann's fortune teller is her wagon, on the tent of FT1(1,0); bob's
#   B(2,0), ann's B(1,-1) (of the two she draws, F-2), bob's FT2(1,1) fills the fourth side:
#   the tent is complete, bob scores it (F-5, F-6), and the wagon moves (§5.3): to a cloister
#   around it or to FT2's tent or road, all unoccupied and unfinished.
@test "F-8 §5.3 the wagon stands on a tent, leaves it complete, and moves onto another tent" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,fortune-teller \
	    --start B --deck FT1,B,B,B,FT2,B > g
	turns 1,0,0,tent@wagon 2,0,0 B/1,-1,0
	carc-draw < g | carc-place 1,1,0 | carc-score -v > g.n 2> report && mv g.n g
	run cat report; want "bob scores 3 for completing the tent at 1,0"
	run carc-place --list < g
	want "wagon:none
wagon:1,-1,cloister
wagon:0,0,cloister
wagon:2,0,cloister
wagon:1,1,tent
wagon:1,1,road:S"
	carc-place wagon:1,1,tent < g > g.n && mv g.n g
	run figs; want "ann@1,1,tent"
	run carc-render --format phase < g; want "draw ann"
	carc-deck --verify < g
}

# --- the wagon's first-edition reach (wagon=c1) ----------------------------------------------

#   The start S(0,0): a city N+W+E (1 pennant) whose gate the road S runs into. ann's wagon
#   in the city of E(0,-1) turned 180; bob's B(1,-1); ann's E(-1,0) turned 90; bob's E(1,0)
#   turned 270 closes the city: 4 tiles and a pennant, 10 for ann. With the C2 reach her wagon
#   may go to the cloister beside it or to S's road; with wagon=c1 only to the road, which
#   meets the city at its gate (formats/meets.yaml).
wagoncity() {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start S \
	    --deck E,B,E,E,U "$@" > g
	turns 0,-1,180,city:S@wagon 1,-1,0 -1,0,90 1,0,270
}

@test "§5.3 wagon=c1 the wagon goes only to a feature that meets the one scored: the road into the city's gate" {
	wagoncity
	run carc-place --list < g
	want "wagon:none
wagon:1,-1,cloister
wagon:0,0,road:S"
	wagoncity --rule wagon=c1
	run scores g; want "ann=10 bob=0"
	run carc-place --list < g
	want "wagon:none
wagon:0,0,road:S"
	run get g '.abbey_mayor.wagons'; want '[[0,-1,"city:S"],null]'
	run get g '.setup.rules.wagon'; want '"c1"'
	run --separate-stderr carc-place wagon:1,-1,cloister < g
	refused carc-place "illegal move 'wagon:1,-1,cloister': that cloister does not meet, on its tile, the feature scored at 0,-1 (wagon=c1, §5.3)"
	carc-place wagon:0,0,road:S < g > g.n && mv g.n g
	run figs; want "ann@0,0,road:S"
	carc-deck --verify < g
}

#   The start D(0,0): its road runs by the city, never into it. ann closes the city with
#   E(0,-1) turned 180 and her wagon: with wagon=c1 nothing meets the city, and the wagon stays
#   home (the C2 reach would offer D's road).
@test "§5.3 wagon=c1 a wagon whose feature meets nothing goes home" {
	new --start D --deck E,U,U --rule wagon=c1
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score -v > g.n 2> report
	mv g.n g
	run cat report
	want "ann scores 4 for the city at 0,-1
ann's wagon stays home: no unoccupied, unfinished feature meets the one scored at 0,-1 (§5.3)"
	run carc-render --format phase < g; want "draw bob"
}

#   hole's board, bob's wagon on A's road (0,1, the cloister's road east): ann's abbey at 1,1
#   ends the road (1 for bob). Under wagon=c1 the road meets A's cloister on its tile and the
#   abbey across its edge (an abbey is a monastery, X-AM-1); c2 offers the cloisters around.
@test "§5.3 X-AM-1 wagon=c1 a road ending at an abbey meets it: the wagon may move onto the abbey" {
	local c
	for c in c2 c1; do
		carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --rule wagon=$c \
		    --start B --deck E,A,B,B,B,E,B > g
		turns 1,0,180,city:S 0,1,270,road:E@wagon 2,0,0 2,1,0 0,2,0 1,2,0
		carc-place abbey:1,1 < g | carc-score -v > g.n 2> report && mv g.n g
		run cat report
		want "ann scores 2 for the city at 1,0
bob scores 1 for the road at 0,1"
		run carc-place --list < g
		if [ $c = c1 ]; then
			want "wagon:none
wagon:0,1,cloister
wagon:1,1,cloister"
		else
			want "wagon:none
wagon:0,0,cloister
wagon:0,1,cloister
wagon:1,1,cloister
wagon:0,2,cloister"
		fi
	done
	carc-place wagon:1,1,cloister < g > g.n && mv g.n g
	run figs; want "bob@1,1,cloister"
	carc-deck --verify < g
}

@test "wagon=c1 a state whose waiting wagon does not name the feature scored is refused" {
	wagoncity --rule wagon=c1
	carc-render --format json < g > spoil.json
	spoilt '.abbey_mayor.wagons = [[0,-1],null]' \
	    "bad state: a waiting wagon's cell must be that of a tile, with the feature scored (wagon=c1)"
	spoilt '.abbey_mayor.wagons = [[0,-1,"road:S"],null]' \
	    "bad state: a waiting wagon's feature must be a completed feature of its tile"
	run --separate-stderr carc-deck --players ann,bob --rule wagon=c3
	[ "$status" -eq 64 ] && [ -z "$output" ] || { echo "$status $stderr"; false; }
	[[ $stderr == *"wagon"*"c2"*"c1"* ]] || { echo "$stderr"; false; }
}

# The fairground of tests/catapult.bats with bob's farmer on V(2,0): ann's seduction hits it;
# neither her wagon nor her mayor may take a farmer's place (seed 003 notes 14, 15).
@test "X-CA-7 the wagon takes no farmer's place (seed 003 note 15)" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,abbey-mayor \
	    --rule scatter=0 --deck W,V,CA06,B > g
	turns 1,0,0,road:E 2,0,0,field:Ne 1,-1,0
	carc-place hurl:seduction:2.50,0.30 < g > g.p && carc-score < g.p > g
	run get g '.catapult.victim'; want '{"x":2,"y":0,"feature":"field:Nw"}'
	run carc-place --list < g
	want "seduce:supply
seduce:1,0,road:E
seduce:none"
	run --separate-stderr carc-place seduce:supply@wagon < g
	refused carc-place "illegal move 'seduce:supply@wagon': a wagon may not stand on a field"
	run --separate-stderr carc-place seduce:supply@barn < g
	refused carc-place "illegal move 'seduce:supply@barn': the barn is no follower, and only a follower takes the place of one (X-CA-7)"
}

@test "a state whose wagons do not add up is refused" {
	new --start D --deck E,U,U
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score > g.n && mv g.n g
	carc-render --format json < g > spoil.json
	spoilt '.abbey_mayor.wagons = [null,null]' "bad state: 'wagons' with no wagon waiting"
	spoilt '.abbey_mayor.wagons = [[9,9],null]' \
	    "bad state: a waiting wagon's cell must be that of a tile"
	spoilt '.abbey_mayor.wagons = [null,[0,0]]' \
	    "inconsistent state: phase wagon with wagons waiting to move"
	spoilt 'del(.abbey_mayor)' "inconsistent state: phase wagon with no wagon waiting to move"
}

# --- the barn -----------------------------------------------------------------------------------

# barnfield: the start B(0,0); ann's E(0,1) turned 180 and bob's E(0,2) close a city of two
# tiles, south of B's field; ann's farmer on B(1,0). bob's B(1,1) is drawn: four tiles meet
# at its NW corner, all field.
barnfield() {
	carc-deck --players ann,bob --seed 7 --expansions "base,abbey-mayor$1" --start B \
	    --deck "E,E,B,B${2:+,$2}" > g
	turns 0,1,180 0,2,0 1,0,0,field:Nw
}

@test "§5.4 a barn comes into a field with a farmer: 3 for its city to the farmer, who goes home; 4 to the barn at the end" {
	barnfield
	carc-draw < g > d
	run sh -c 'carc-place --list < d | grep barn'
	want "1,1,0,corner:NW@barn"
	carc-place 1,1,0,corner:NW@barn < d > g
	run figs; want "ann@1,0,field:Nw bob@1,1,corner:NW"
	carc-score -v < g > g.n 2> report && mv g.n g
	run cat report
	want "ann scores 3 for the field at 1,1: a barn comes into it (§5.4)
ann's follower at 1,0 goes home from the barn's field
final scoring:
bob scores 4 for the field at 1,1"
	run scores g; want "ann=3 bob=4"
	run figs; want "bob@1,1,corner:NW"
	run js '[.players[].supply.barn] | join(",")'; want "1,0"
	carc-deck --verify < g
}

#   The start U(0,0), road W-E; ann's U(-1,0); bob's farmer on E(0,1) turned 180, south of
#   the road, whose city ann's E(0,2) closes; bob's B(0,-1); ann's barn on the SE corner of
#   her B(-1,-1), north of the road. bob's A(1,0) turned 90 ends the road at its cloister and
#   joins the fields north and south of it: his farmer scores 1 for the city and goes home.
@test "§5.4 a farmer's field joined to a barn's: 1 a completed city, the farmers go home; none goes into a barn's field" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start U \
	    --deck U,E,E,B,B,A > g
	turns -1,0,0 0,1,180,field:Nw 0,2,0 0,-1,0 -1,-1,0,corner:SE@barn
	run scores g; want "ann=0 bob=0"
	carc-draw < g > d
	run --separate-stderr carc-place 1,0,90,field:Nw < d
	refused carc-place "illegal move '1,0,90,field:Nw': that field holds a barn, and no farmer goes there (§5.4)"
	run carc-place --list < d
	[[ $output != *"1,0,90,field"* ]] || { echo "$output"; false; }
	carc-place 1,0,90 < d | carc-score -v > g.n 2> report && mv g.n g
	run cat report
	want "bob scores 1 for the field at 1,0: it joins a barn's field (§5.4)
bob's follower at 0,1 goes home from the barn's field
final scoring:
ann scores 4 for the field at -1,-1"
	run scores g; want "ann=4 bob=1"
	carc-deck --verify < g
}

#   barnfield with Traders & Builders: ann's pig joins her farmer's field on B(2,-1), after
#   bob's B(2,0); bob's barn comes: ann's farmer scores 3 and her pig 1 for the city, and both
#   go home (§5.6: the pig needs her farmer).
@test "§5.4 §5.6 a pig adds its point as the barn comes, and goes home with its farmer" {
	barnfield ,traders-builders B,B
	turns 2,0,0 2,-1,0,field:Nw@pig
	carc-draw < g | carc-place 1,1,0,corner:NW@barn | carc-score -v > g.n 2> report
	mv g.n g
	run cat report
	want "ann scores 4 for the field at 1,1: a barn comes into it (§5.4)
ann's follower at 1,0 goes home from the barn's field
ann's pig at 2,-1 goes home: no follower of ann's is left with it
final scoring:
bob scores 4 for the field at 1,1"
	run scores g; want "ann=4 bob=4"
}

#   As the join above, with no farmer: ann's barn north of the road; bob's on the NE corner of
#   his B(-1,1), south of it. ann's A(1,0) turned 90 joins the two barns' fields: nothing is
#   scored then; at the end the barns tie, 4 each for the city.
@test "§5.4 barn fields joined score nothing then; at the end tied barns score 4 a city each" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start U \
	    --deck U,E,E,B,B,B,A > g
	turns -1,0,0 0,1,180 0,2,0 0,-1,0 -1,-1,0,corner:SE@barn
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *"-1,1,0,corner:NE@barn"* ]] || { echo "$output"; false; }
	carc-place -1,1,0,corner:NE@barn < d | carc-score > g.n && mv g.n g
	carc-draw < g | carc-place 1,0,90 | carc-score -v > g.n 2> report && mv g.n g
	run cat report
	want "final scoring:
ann scores 4 for the field at -1,1
bob scores 4 for the field at -1,1"
	run scores g; want "ann=4 bob=4"
}

@test "§5.4 the barn's refusals: no field at the corner, tiles not meeting, a second barn, a follower on a corner" {
	barnfield "" B,B,B
	carc-draw < g > d
	run --separate-stderr carc-place 2,0,0,corner:NW@barn < d
	refused carc-place "illegal move '2,0,0,corner:NW@barn': a barn stands where four tiles meet, each showing field at the corner, and 2,-1 is empty (§5.4)"
	run --separate-stderr carc-place 1,1,0,corner:NW < d
	refused carc-place "illegal move '1,1,0,corner:NW': a follower stands on a feature of the tile, not on a corner"
	run --separate-stderr carc-place 1,1,0,cloister@barn < d
	refused carc-place "illegal move '1,1,0,cloister@barn': a barn stands on a corner of the tile, as 1,1,0,corner:NE@barn (§5.4)"
	run --separate-stderr carc-place 1,1,0,corner:N@barn < d
	[ "$status" -eq 64 ] && [ -z "$output" ] &&
	    [ "$stderr" = "carc-place: bad move '1,1,0,corner:N@barn': unknown corner 'N' (corner:NE, corner:SE, corner:SW or corner:NW); did you mean '1,1,0,corner:NW@barn'?" ] ||
	    { echo "$status $stderr"; false; }
	carc-place 1,1,0,corner:NW@barn < d | carc-score > g
	turn g 1,-1,0
	carc-draw < g > d
	run --separate-stderr carc-place 0,-1,0,corner:SE@barn < d
	refused carc-place "illegal move '0,-1,0,corner:SE@barn': bob has no barn left"
	# the corner of the city: E turned 0 shows its city at its NW and NE corners
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck B,B,E > g
	turns 1,0,0 0,-1,0
	carc-draw < g > d
	run --separate-stderr carc-place 1,-1,0,corner:NW@barn < d
	refused carc-place "illegal move '1,-1,0,corner:NW@barn': the NW corner of tile E turned 0 is not field (§5.4)"
	run sh -c 'carc-place --list < d | grep barn'
	want "1,-1,0,corner:SW@barn
1,-1,90,corner:SW@barn"
}

#   barnfield with The Catapult; bob's barn on B(1,1), then ann's fair CA06(2,0): no hurl is
#   offered at the barn, and a knock-out token right on its corner (1.00,1.00) leaves it.
@test "X-CA-6 a barn is never knocked out: the catapult offers no aim at it and misses it" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,catapult --rule scatter=0 \
	    --start B --deck E,E,B,B,CA06,B > g
	turns 0,1,180 0,2,0 1,0,0,field:Nw 1,1,0,corner:NW@barn 2,0,0
	run carc-place --list < g
	want "hurl:knockout:2.50,0.50
hurl:seduction:2.50,0.50
hurl:target:2.50,0.50
hurl:catch:2.10
hurl:catch:2.50
hurl:catch:3.00"
	carc-place hurl:knockout:1.00,1.00 < g > g.n && mv g.n g
	run figs; want "bob@1,1,corner:NW"
}

@test "a state whose barns do not stand on a corner of four field tiles is refused" {
	barnfield
	carc-draw < g | carc-place 1,1,0,corner:NW@barn > g.n && mv g.n g
	carc-render --format json < g > spoil.json
	spoilt '.figures[1].feature = "corner:NE"' \
	    "inconsistent state: the barn at 1,1 stands at its NE corner, and the tile at 2,1 is not there or shows no field at it"
	spoilt '.figures[1].feature = "field:Nw"' \
	    "inconsistent state: a barn at 1,1 stands on a feature, not on a corner"
	spoilt '.figures[0].feature = "corner:SE"' \
	    "inconsistent state: a follower at 1,0 stands on a corner, which only a figure that stands on corners does"
	spoilt '.figures[1].feature = "corner:XX"' "inconsistent state: tile B at 1,1 has no corner:XX"
}

# --- the abbey with the other expansions ---------------------------------------------------------

@test "F-7e once a player has drawn for his fortune tellers, the abbey is refused" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,fortune-teller --start B \
	    --deck E,A,B,B,B,E,FT1,B,B > g
	turns 1,0,180,city:S 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0
	run carc-place --list < g
	[[ $output == "abbey:none"* ]] || { echo "$output"; false; }
	carc-draw < g > d
	run --separate-stderr carc-place abbey:1,1 < d
	refused carc-place "illegal move 'abbey:1,1': ann has drawn already"
}

#   ann's follower on the road of U(0,1) running east into the hole, her builder on A(-1,1)
#   turned 270, where the road ends at a cloister; the other tiles as in hole(), and B(-1,0).
#   Her abbey ends the road (2 tiles: 2 points) but does not extend it: no second turn (X-AM-2).
@test "X-AM-2 an abbey that completes a builder's road gives no second turn" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,traders-builders \
	    --start B --deck U,E,A,B,B,B,E,B,B > g
	turns 0,1,0,road:E 1,0,180 -1,1,270,road:E@builder 2,0,0 2,1,0 0,2,0 1,2,0 -1,0,0
	carc-place abbey:1,1 < g | carc-score -v > g.n 2> report && mv g.n g
	run cat report; want "ann scores 2 for the road at -1,1"
	run carc-render --format phase < g; want "draw bob"
	run get g '.traders'; want null
}

#   the city at 1,0 (TB15 turned 90: a city N-S with wine, its cap E at 1,-1), ann's follower
#   on it, is closed by bob's abbey at 1,1 in phase draw and again, in a game one tile
#   shorter, at the end (X-AM-3): the state written in phase score reads back, bob takes the
#   wine (X-TB-1: the abbey is the tile that completes the city), ann scores 4, and at the end
#   bob's one wine is the most (10).
@test "X-TB-1 X-AM-1 X-AM-3 an abbey that completes a city with goods gives them to its placer, in phase draw and at the end" {
	local last end phase
	for last in B ''; do
		phase=draw end=
		[ -z "$last" ] && phase=abbey end=$'\nfinal scoring:\nbob scores 10 for the most wine (1)'
		carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,traders-builders \
		    --start B --deck "TB15,E,A,B,B,B,E${last:+,$last}" > g
		turns 1,0,90,city:N 1,-1,180 0,1,270 2,0,0 2,1,0 0,2,0 1,2,0
		run carc-render --format phase < g; want "$phase bob"
		carc-place abbey:1,1 < g > p
		run carc-render --format phase < p; want "score bob"
		carc-score -v < p > g 2> report
		run cat report
		want "bob takes 1 wine for completing the city at 1,0
ann scores 4 for the city at 1,0$end"
		run get g '.traders.goods.wine'; want '[0,1]'
		[ -n "$last" ] && turns 2,-1,0
		run scores g; want "ann=4 bob=10"
		carc-deck --verify < g
	done
}

@test "a state whose abbeys do not add up is refused, each with its reason" {
	hole
	carc-render --format json < g > spoil.json
	spoilt '.drawn = ["B"]' "inconsistent state: phase abbey with 1 drawn tiles"
	spoilt '.abbey_mayor.placed = [true,false]' \
	    "inconsistent state: 0 abbeys on the board, 1 placed by the players"
	spoilt '.player = 1' "inconsistent state: phase abbey, but bob may not place an abbey now"
	spoilt 'del(.abbey_mayor)' "inconsistent state: phase abbey, but ann may not place an abbey now"
	spoilt '.phase = "draw"' "inconsistent state: the abbeys of the end asked for in phase draw"
	spoilt '.abbey_mayor.placed = [1,0]' \
	    "bad state: 'placed' must be true or false for each player"
	spoilt '.abbey_mayor.first = 7' "bad state: 'first' in 'abbey_mayor' is 7, outside 0..1"
}

# The example script, run from another folder: greedy bots, seed 2, through the tools.
@test "examples/abbey-mayor.sh plays a whole game and tells the mayors, wagons, barns and abbeys" {
	run --separate-stderr sh "$TOP/examples/abbey-mayor.sh" -o final
	[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$status $stderr"; false; }
	[ "${lines[0]}" = "ann puts the wagon down: P/0,-1,180,city:E@wagon" ]
	[[ $output == *"ann moves the wagon: wagon:-1,-2,city:N
ann puts the abbey down: ABBEY/0,-2,0,cloister
bob moves the wagon: wagon:0,0,road:E
ann puts the mayor down: S/2,1,180,city:E@mayor
ann puts the barn down: U/2,-1,0,corner:SW@barn"* ]] || { echo "$output"; false; }
	[ "${lines[${#lines[@]}-2]}" = "2 abbey(s) placed" ]
	[ "${lines[${#lines[@]}-1]}" = "final scores: ann 122, bob 155" ]
	run scores final; want "ann=122 bob=155"
	carc-deck --verify < final
}

@test "examples/abbey-mayor.sh: -h prints the usage, a bad option or too many words 64" {
	run --separate-stderr sh "$TOP/examples/abbey-mayor.sh" -h
	[ "$status" -eq 0 ] && [ -z "$stderr" ]
	[[ ${lines[0]} == 'usage: abbey-mayor.sh [-o FILE] [PLAYERS [SEED]]' ]]
	run --separate-stderr sh "$TOP/examples/abbey-mayor.sh" -x
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[[ $stderr == *'usage: abbey-mayor.sh'* ]]
	run --separate-stderr sh "$TOP/examples/abbey-mayor.sh" ann,bob 3 extra
	[ "$status" -eq 64 ] && [ -z "$output" ]
}
