#!/usr/bin/env bats
# The Princess & the Dragon, rule by rule (../shared/rules/PRINCESS-TOWER-COUNT-BRIDGES.md §1,
# rule ids PD-..; tiles PD01 .. PD29 of §1.11; the figures summary, seed 003, §5.1 and §5.2).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact board, figures and points. The comment above each test shows the board. x
# grows east, y grows south; the start tile is at 0,0.
# Tile shapes used (rotation 0):
#   D     city cap N, road W-E (the start)     U     road W-E, fields N and S
#   PD17  road W-E, a volcano                  PD16  road W-E, a dragon
#   PD14  road S-W, a dragon                   PD01  all field, a volcano
#   B     cloister in a field
# The dragon's steps are dragon:N, dragon:E, dragon:S, dragon:W, each a decision of its own in
# phase dragon, between the placement and carc-score.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new PLAYERS DECK [OPTION...] (tests/lib/game.bash): the game g with The Princess & the
	# Dragon, D at the start and the supply DECK in that order
	NEW_SETS=princess-dragon START=D NEW_TAKES=players,deck
}

# put WORD: the next tile of g drawn and placed by WORD into g, the fairy's move declined
# when it is offered (a player with a follower on the board who put no figure, PD-30).
put() {
	carc-draw < g > g.d && carc-place "$1" < g.d > g || return 1
	if [ "$(phase_of)" = fairy ]; then
		carc-place fairy:none < g > g.n && mv g.n g
	fi
}

# turn G WORD: one whole turn, as helper.bash's, the fairy's move declined (put).
turn() {
	put "$2" && carc-score < g > g.n && mv g.n g
}

# row PLAYERS [OPTION...]: the road of seven tiles from -2,0 to 4,0, the volcano PD17 at 4,0
# with the dragon on it, and PD16, a dragon tile, still to come; on the way the first player's
# follower on the road (from 1,0), the second's farmer north of it (2,0) and the third's (the
# first's with two players) south of it (3,0).
#
#   x:  -2   -1    0    1    2    3    4    5
#       U    U     D    U    U    U  PD17  (PD16)
row() {
	new "$1" U,U,U,U,U,PD17,PD16 "${@:2}"
	# with more than two players the third and fourth moves are theirs
	turns 1,0,0,road:E 2,0,0,field:Nw 3,0,0,field:Es -1,0,0 -2,0,0 4,0,0
}

# dragon_step WORD WHO: the dragon step WORD, made by WHO, the player the game waits for.
dragon_step() {
	[ "$(turnof)" = "dragon $2" ] || { echo "waits for '$(turnof)', not dragon $2"; return 1; }
	carc-place "$1" < g > g.n && mv g.n g
}

# --- the tiles ---------------------------------------------------------------------------------

@test "PD-01 PD-03: 30 tiles in either edition, 6 volcanoes, 12 dragons, 6 princesses, 6 portals; C2's two gardens plain in C1" {
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon > g
	run js '[.supply[] | select(startswith("PD"))] | length'
	want 30
	run js '[.supply[] | select(startswith("PD"))] | unique | join(",")'
	want "PD01,PD02,PD03,PD04g,PD05,PD06,PD07,PD08,PD09,PD10,PD11,PD12,PD13,PD14,PD15,PD16,PD17,PD18,PD19,PD20g,PD21,PD22,PD23,PD24,PD25,PD26,PD27,PD28,PD29"
	run js '.supply | length'
	want 101
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --rule edition=c1 > g
	run js '[.supply[] | select(test("^PD(04|20)"))] | sort | join(",")'
	want "PD04,PD20"
	# the neutral figures are nobody's: no player holds a dragon or a fairy
	run js '[.players[].supply | keys[]] | unique | join(",")'
	want "follower"
	run js '.neutral'
	want "null"
}

@test "PD-04: every tile of the set may start a game; its symbol is no feature a figure takes" {
	local t
	for t in PD01 PD02 PD04 PD04g PD06 PD07 PD08 PD09 PD10 PD11 PD12 PD13 PD14 PD15 PD16 \
	    PD18 PD20 PD20g PD22 PD23 PD24 PD25 PD26 PD27 PD28 PD29; do
		carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start "$t" \
		    > g || { echo "$t refused"; return 1; }
	done
	# the start tile PD16, road W-E: a follower on its road or fields, not on its dragon
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start PD16 \
	    --deck U > g
	carc-draw < g > g.d
	run --separate-stderr carc-place 1,0,0,dragon < g.d
	tool=carc-place fails 1 "illegal move '1,0,0,dragon': tile U turned 0 has no dragon"
}

# --- volcanoes and the dragon tiles set aside ----------------------------------------------------

@test "PD-13: the dragon tiles are passed over by the draws while the dragon is beside the board" {
	new ann,bob PD14,PD16,U,PD01,B
	carc-draw < g > g.d
	run js '.drawn | join(",")'
	want ""
	mv g.d g
	run js '(.drawn | join(",")) + " / " + (.supply | join(","))'
	want "U / PD14,PD16,PD01,B"
	run carc-render g
	[[ $output == *"the dragon waits beside the board; no dragon tile is drawn before the first volcano (PD-13)"* ]]
	carc-place 1,0,0 < g | carc-score > g.n && mv g.n g
	carc-draw < g > g.d && mv g.d g
	run js '.drawn | join(",")'
	want "PD01"
}

@test "PD-10 PD-13: the first volcano takes the dragon, and the dragon tiles come back into the supply, shuffled" {
	new ann,bob PD14,PD16,PD01,B,U
	turn g 0,1,0
	run js '.neutral | length'
	want 1
	run js '.neutral[0] | "\(.type) \(.x),\(.y)"'
	want "dragon 0,1"
	run js '.supply | sort | join(",")'
	want "B,PD14,PD16,U"
	# bob draws the first tile of the shuffled supply, a dragon tile or not
	carc-draw < g > g.d
	run jq -r '.drawn[0]' <(carc-render --format json < g.d)
	[ "$output" = "$(js '.supply[0]')" ]
}

@test "PD-14: a game may end with dragon tiles never drawn: no volcano came" {
	new ann,bob PD14,U,PD16
	turn g 1,0,0
	run turnof
	want "over"
	run js '.aside | sort | join(",")'
	want "PD14,PD16"
}

@test "PD-11: no follower and no special figure on a volcano tile; the placement alone is taken" {
	new ann,bob U,U,PD17
	turns 1,0,0 2,0,0
	carc-draw < g > g.d
	run --separate-stderr carc-place 3,0,0,field:Nw < g.d
	tool=carc-place fails 1 "illegal move '3,0,0,field:Nw': no figure goes on a volcano tile: the dragon lands there (PD-11)"
	run grep '^3,0,' <(carc-place --list < g.d)
	want "3,0,0"
	carc-place 3,0,0 < g.d > g
	run js '[.neutral[0].x, .neutral[0].y] | join(",")'
	want "3,0"
}

@test "PD-10: a later volcano takes the dragon from where it stands, eating nothing" {
	new ann,bob U,PD17,PD01
	turn g 1,0,0,field:Nw
	turn g 2,0,0
	turn g 0,1,0
	run js '.neutral[0] | "\(.x),\(.y)"'
	want "0,1"
	run figs
	want "ann@1,0,field:Nw"
}

# --- the dragon's movement ---------------------------------------------------------------------

@test "PD-16 PD-17 PD-22: six steps round the table of two, each eating the figures of the tile it enters" {
	row ann,bob
	# ann places the dragon tile at 5,0; the dragon at 4,0 moves six steps, ann first
	put 5,0,0
	run turnof
	want "dragon ann"
	run carc-place --list < g
	want "dragon:E
dragon:W"
	dragon_step dragon:W ann
	run figs
	want "ann@1,0,road:E bob@2,0,field:Nw"
	dragon_step dragon:W bob
	run figs
	want "ann@1,0,road:E"
	dragon_step dragon:W ann
	run figs
	want ""
	dragon_step dragon:W bob
	dragon_step dragon:W ann
	run carc-render g
	[[ $output == *"the dragon stands at -1,0; its path: 4,0 > 3,0 > 2,0 > 1,0 > 0,0 > -1,0 (5 of 6 steps)"* ]]
	dragon_step dragon:W bob
	# six steps made: the turn is ann's again, to be scored
	run turnof
	want "score ann"
	run js '[.neutral[0].x, .neutral[0].y] | join(",")'
	want "-2,0"
	run js '[.players[] | "\(.name)=\(.supply.follower)"] | join(" ")'
	want "ann=7 bob=7"
	run js '[.log[] | select(startswith("dragon"))] | join(" ")'
	want "dragon:W dragon:W dragon:W dragon:W dragon:W dragon:W"
	carc-deck --verify < g
}

@test "carc-place -v tells on standard error what the step did: the dragon's meal" {
	row ann,bob
	put 5,0,0
	run --separate-stderr carc-place -v dragon:W g
	[ "$status" -eq 0 ]
	[ "$stderr" = "ann moves the dragon W to 3,0
the dragon eats ann's follower on field:Es at 3,0 (PD-22)" ]
	run --separate-stderr carc-place -v --list g
	[ "$status" -eq 64 ] && [[ $stderr == *"--list does not go with -v"* ]]
}

@test "PD-17: with four players the steps go round the table from the player whose turn it is" {
	row ann,bob,cat,dee
	# the seventh tile, PD16, is cat's
	run turnof
	want "draw cat"
	put 5,0,0
	dragon_step dragon:W cat
	dragon_step dragon:W dee
	dragon_step dragon:W ann
	dragon_step dragon:W bob
	dragon_step dragon:W cat
	dragon_step dragon:W dee
	run turnof
	want "score cat"
}

@test "PD-18 PD-19: never back, never onto an empty cell; a dead end stops the dragon after 3 steps" {
	new ann,bob U,U,PD17,PD16
	turns 1,0,0 2,0,0 3,0,0
	put 4,0,0
	dragon_step dragon:W bob
	run --separate-stderr carc-place dragon:E < g
	tool=carc-place fails 1 "illegal move 'dragon:E': the dragon has been at 3,0 in this movement already (PD-18)"
	run --separate-stderr carc-place dragon:N < g
	tool=carc-place fails 1 "illegal move 'dragon:N': no tile at 2,-1, and the dragon steps only onto tiles (PD-18)"
	run --separate-stderr carc-place dragon:up < g
	[ "$status" -eq 64 ]
	dragon_step dragon:W ann
	dragon_step dragon:W bob
	# at 0,0 every cell beside is empty or visited: the movement ends, and the turn is scored
	run turnof
	want "score bob"
	run js '[.neutral[0].x, .neutral[0].y] | join(",")'
	want "0,0"
	run --separate-stderr carc-place dragon:W < g
	[ "$status" -eq 1 ]
}

@test "PD-19: a dragon with no step open from the start does not move at all" {
	# the dragon tile is placed where the volcano's only other neighbour was: the dragon steps
	# onto it, and from there nothing is open
	new ann,bob PD17,PD16
	turn g 1,0,0
	put 2,0,0
	dragon_step dragon:E bob
	run turnof
	want "score bob"
}

@test "PD-16: the option dragon-timing=after-scoring moves the dragon after the turn's scoring" {
	#   x:   0    1    2
	#   0:   D    U   PD14      the volcano PD17 at 0,1 under D, the dragon on it
	#   1:  PD17
	new ann,bob U,PD17,PD14 --rule dragon-timing=after-scoring
	turns 1,0,0,road:E 0,1,0
	put 2,0,0
	run turnof
	want "score ann"
	carc-score < g > g.n && mv g.n g
	run turnof
	want "dragon ann"
}

@test "state: the movement under way is kept and checked: path, turn, and whose step it is" {
	row ann,bob
	put 5,0,0
	dragon_step dragon:W ann
	run jq -c .princess_dragon <(carc-render --format json < g)
	want '{"turn":0,"path":[[4,0],[3,0]]}'
	carc-render --format json < g > spoil.json
	spoilt '.princess_dragon.path = [[4,0],[2,0]]' \
	    "inconsistent state: the dragon's path jumps from 4,0 to 2,0"
	spoilt '.princess_dragon.path = [[4,0],[3,0],[4,0],[3,0]]' \
	    "inconsistent state: the dragon's path visits 4,0 twice (PD-18)"
	spoilt '.player = 0' \
	    "inconsistent state: step 2 of the dragon is bob's to make (PD-17), not ann's"
	spoilt '.neutral[0].x = 9' \
	    "inconsistent state: the dragon stands at 9,0, where no tile is"
	spoilt '.neutral += [.neutral[0]]' \
	    "inconsistent state: the dragon stands on the board twice"
	spoilt '.neutral[0].type = "wyvern"' \
	    "bad state: no neutral figure 'wyvern' in this game"
	spoilt 'del(.princess_dragon)' \
	    "inconsistent state: phase dragon with no dragon moving"
	carc-deck --from-json < spoil.json | cmp - g
}

# --- with the other expansions -----------------------------------------------------------------

@test "PD-22 PD-24 with Traders & Builders: the dragon eats ann's follower, and her builder on that road goes home" {
	#   x:  -1    0    1    2         ann's builder at -1,0, her follower at 1,0, on one road
	#   0:   U    D    U    U         the volcano PD01 at 0,1, the dragon tile PD16 at 0,2
	#   1:       PD01                 (the first volcano shuffles the supply: it comes when
	#   2:       PD16                 the dragon tile alone is left)
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,princess-dragon \
	    --start D --deck U,U,U,PD01,PD16 > g
	turns 1,0,0,road:E 2,0,0 -1,0,0,road:E@builder 0,1,0
	run figs
	want "ann@1,0,road:E ann@-1,0,road:E"
	put 0,2,0
	dragon_step dragon:N ann
	dragon_step dragon:E bob
	run figs
	want ""
	run js '[.players[0].supply.follower, .players[0].supply.builder] | join(",")'
	want "7,1"
	dragon_step dragon:E ann
	# at 2,0 nothing is open: three steps
	run turnof
	want "score ann"
}

@test "PD-22 with Abbey & Mayor: the dragon eats a wagon" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,princess-dragon \
	    --start D --deck U,U,PD17,PD16 > g
	turns 1,0,0,road:E@wagon 2,0,0 3,0,0
	put 4,0,0
	dragon_step dragon:W bob
	dragon_step dragon:W ann
	run figs
	want ""
	run js '.players[0].supply.wagon'
	want 1
}

@test "PD-70 with The Fortune Teller: the dragon eats a fortune teller, its owner's own" {
	#   x:   0    1    2    3    4
	#        D    U   FT3 PD17 PD16     bob's fortune teller on FT3's tent
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller,princess-dragon \
	    --start D --deck U,FT3,PD17,PD16 > g
	turns 1,0,0 2,0,0,tent 3,0,0
	run figs
	want "bob@2,0,tent"
	put 4,0,0
	dragon_step dragon:W bob
	run figs
	want ""
	run js '.players[1].supply.follower'
	want 7
	dragon_step dragon:W ann
	dragon_step dragon:W bob
	run turnof
	want "score bob"
}

@test "PD-12 with The Phantom: no phantom on the volcano just placed; on another tile it is offered" {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom,princess-dragon --start D \
	    --deck U,PD17 > g
	put 1,0,0
	run turnof
	want "phantom ann"
	carc-place phantom:none < g | carc-score > g.n && mv g.n g
	put 2,0,0
	run turnof
	want "score bob"
}

# ann's follower on the road D-U-PD08 at 1,0; bob places PD08 (a portal tile) at 2,0
phantom_portal() {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom,princess-dragon --start D \
	    --deck U,PD08 > g
	put 1,0,0,road:E
	carc-place phantom:none < g | carc-score > g.n && mv g.n g
	put "$1"
}

@test "PD-53, seed 003 note 9: a portal tile placed with no figure: the phantom may go through the portal" {
	phantom_portal 2,0,0
	run turnof
	want "phantom bob"
	carc-place phantom:none < g > g.n && mv g.n g
	run turnof
	want "portal bob"
	run carc-place --list < g
	want "portal:0,0,city:N
portal:0,0,city:N@phantom
portal:0,0,field:En
portal:0,0,field:En@phantom
portal:0,0,field:Es
portal:0,0,field:Es@phantom
portal:1,0,field:Nw
portal:1,0,field:Nw@phantom
portal:1,0,field:Es
portal:1,0,field:Es@phantom
portal:none"
	carc-place portal:0,0,city:N@phantom < g > g.n && mv g.n g
	run js '[.log[-1], .phase] | join(" ")'
	want "portal:0,0,city:N@phantom score"
	run js '[.figures[] | "\(.x),\(.y),\(.feature)@\(.type)"] | join(" ")'
	want "1,0,road:E@follower 0,0,city:N@phantom"
	run js '[.players[] | "\(.supply.follower)/\(.supply.phantom)"] | join(" ")'
	want "6/1 7/0"
	carc-deck --verify < g
	# the last tile: the final scoring counts the phantom's city of one tile, 1 point, and
	# ann's road of three, 3
	carc-score < g > g.n && mv g.n g
	run turnof
	want "over"
	run scores g
	want "ann=3 bob=1"
}

@test "PD-53, seed 003 note 9: one figure a turn through the portal: a follower or the phantom, not both" {
	phantom_portal 2,0,0
	carc-place phantom:none < g > g.p
	# a follower through the portal ends the decision: no phantom after it
	carc-place portal:0,0,city:N < g.p > g.n
	run carc-render --format phase < g.n
	want "score bob"
	run --separate-stderr carc-place --list < g.n
	tool=carc-place fails 1 "the game waits for carc-score"
	run --separate-stderr carc-place portal:1,0,field:Nw@phantom < g.n
	tool=carc-place fails 1 "run carc-score"
	# the phantom on the tile: the portal is the followers' alone
	carc-place phantom:road:S < g > g.n
	run carc-place --list < g.n
	want "portal:0,0,city:N
portal:0,0,field:En
portal:0,0,field:Es
portal:1,0,field:Nw
portal:1,0,field:Es
portal:none"
	run --separate-stderr carc-place portal:0,0,city:N@phantom < g.n
	tool=carc-place fails 1 "illegal move 'portal:0,0,city:N@phantom': bob has no phantom left to send through the portal"
	# a follower with the tile: the portal is the phantom's alone
	phantom_portal 2,0,0,road:S
	run turnof
	want "phantom bob"
	carc-place phantom:none < g > g.n && mv g.n g
	run carc-place --list < g
	want "portal:0,0,city:N@phantom
portal:0,0,field:En@phantom
portal:0,0,field:Es@phantom
portal:1,0,field:Nw@phantom
portal:1,0,field:Es@phantom
portal:none"
	run --separate-stderr carc-place portal:0,0,city:N < g
	tool=carc-place fails 1 "illegal move 'portal:0,0,city:N': the turn's figure action is taken; only the phantom may go through the portal now (PD-53)"
	carc-place portal:1,0,field:Es@phantom < g > g.n && mv g.n g
	run js '[.figures[] | "\(.x),\(.y),\(.feature)@\(.type)"] | join(" ")'
	want "1,0,road:E@follower 2,0,road:S@follower 1,0,field:Es@phantom"
	run turnof
	want "score bob"
}

@test "PD-53: --list --format json takes the phantom's portal word apart" {
	phantom_portal 2,0,0
	carc-place phantom:none < g > g.n && mv g.n g
	run bash -c "carc-place --list --format json < g | sed -n '3p'"
	want '{"word": "portal:0,0,city:N@phantom", "kind": "portal", "x": 0, "y": 0, "feature": "city:N", "figure": "phantom"},'
}

@test "whole games of 2 to 6 players with the dragon's steps, through the tools" {
	games_with princess-dragon 11 dragon:
}

# --- the magic portal and the princess -----------------------------------------------------------

@test "PD-50 PD-51: a portal tile placed without a figure: one follower to any unoccupied, unfinished feature of another tile" {
	#   x:   0    1    2          PD08: roads E, S, W end at a junction; a magic portal
	#        D    U   PD08        ann's follower on the road D-U-PD08
	new ann,bob U,PD08
	turn g 1,0,0,road:E
	put 2,0,0
	run turnof
	want "portal bob"
	run carc-place --list < g
	want "portal:0,0,city:N
portal:0,0,field:En
portal:0,0,field:Es
portal:1,0,field:Nw
portal:1,0,field:Es
portal:none"
	run bash -c "carc-place --list --format json < g | sed -n '2p;7p'"
	want '{"word": "portal:0,0,city:N", "kind": "portal", "x": 0, "y": 0, "feature": "city:N", "figure": "follower"},
{"word": "portal:none", "kind": "portal", "x": null, "y": null, "feature": null, "figure": null}'
	run --separate-stderr carc-place portal:1,0,road:E < g
	tool=carc-place fails 1 "illegal move 'portal:1,0,road:E': no unoccupied, unfinished feature there that bob's follower may reach through the portal (PD-51)"
	run --separate-stderr carc-place portal:2,0,road:E < g
	tool=carc-place fails 1 "(PD-51)"
	run --separate-stderr carc-place portal:x < g
	tool=carc-place fails 64 "bad move 'portal:x': write portal:X,Y,FEATURE[@FIGURE]"
	run --separate-stderr carc-place portal:0,0,moat < g
	tool=carc-place fails 64 "bad move 'portal:0,0,moat': unknown feature 'moat'"
	# a feature is named by any of its sides, and logged by its first
	run jq -r '.log[-1]' <(carc-place portal:0,0,field:Wn < g | carc-render --format json)
	want "portal:0,0,field:En"
	carc-place portal:0,0,city:N < g > g.n && mv g.n g
	run turnof
	want "score bob"
	run figs
	want "ann@1,0,road:E bob@0,0,city:N"
	run js '.log[-1]'
	want "portal:0,0,city:N"
	carc-deck --verify < g
}

@test "PD-50: with a figure on the portal tile, or nothing left to reach, no portal decision comes" {
	new ann,bob U,PD08
	turn g 1,0,0
	put 2,0,0,road:E
	run turnof
	want "score bob"
}

@test "PD-40 PD-44: a princess placed into a city with a follower: the follower may be sent home" {
	#   y:  -2  PD11 turned 180: city S, W, E; the princess
	#       -1  F turned 90: city N-S, bob's follower
	#        0  D: city N
	new ann,bob U,F,PD11
	turns 1,0,0 0,-1,90,city:N
	put 0,-2,180
	run turnof
	want "princess ann"
	run carc-place --list < g
	want "princess:0,-1,city:N
princess:none"
	carc-place princess:0,-1,city:N < g > g.n && mv g.n g
	run figs
	want ""
	run js '[.players[1].supply.follower, .log[-1]] | join(" ")'
	want "7 princess:0,-1,city:N"
	run turnof
	want "score ann"
}

@test "state: the set's options are kept in the setup, only when set, and read back" {
	new ann,bob U
	run js '.setup.rules | has("princess") or has("dragon-timing")'
	want false
	new ann,bob U --rule princess=must --rule dragon-timing=after-scoring
	run jq -c '.setup.rules | {princess, "dragon-timing"}' <(carc-render --format json < g)
	want '{"princess":"must","dragon-timing":"after-scoring"}'
	carc-render --format json < g | carc-deck --from-json | cmp - g
}

@test "PD-42: princess=must lists no princess:none and refuses it" {
	new ann,bob U,F,PD11 --rule princess=must
	turns 1,0,0 0,-1,90,city:N
	put 0,-2,180
	run carc-place --list < g
	want "princess:0,-1,city:N"
	run --separate-stderr carc-place princess:none < g
	tool=carc-place fails 1 "illegal move 'princess:none': with princess=must a follower of her city goes home (PD-42)"
}

@test "PD-41 PD-45: the princess's removal and the phantom exclude each other; a princess in an empty city does nothing" {
	carc-deck --players ann,bob --seed 7 --expansions base,phantom,princess-dragon --start D \
	    --deck U,F,PD11,PD11 > g
	carc-draw < g | carc-place 1,0,0 | carc-place phantom:none | carc-score > g.n
	carc-draw < g.n | carc-place 0,-1,90,city:N | carc-place phantom:none | carc-score > g
	# ann's princess at 0,-2 joins bob's city: the phantom's decision comes first
	carc-draw < g | carc-place 0,-2,180 > g.p
	run carc-render --format phase < g.p
	want "phantom ann"
	# declined, the princess's follows; put, none follows
	carc-place phantom:none < g.p > g
	run turnof
	want "princess ann"
	carc-place phantom:field:Nw < g.p > g
	run turnof
	want "score ann"
	# bob's princess at 0,-3 starts a city of her own: no decision of hers; his figure action
	# still open, the fairy's move is offered instead
	carc-score < g | carc-draw | carc-place 0,-3,0 | carc-place phantom:none > g.n && mv g.n g
	run turnof
	want "fairy bob"
}

@test "PD-30 PD-32 PD-33 PD-34: the fairy beside ann's follower: 1 at the start of her turn, 3 when its road is scored, then nothing" {
	#   x:  -2   -1    0    1    2    3    4     the road of A, U, D, U, U, U, A
	#        A    U    D    U    U    U    A     ann's follower at 1,0; the fairy beside it
	new ann,bob U,U,U,U,A,A
	turn g 1,0,0,road:E
	turn g -1,0,0
	# ann puts no figure: she may move the fairy beside her follower
	carc-draw < g > g.d
	carc-place 2,0,0 < g.d > g
	run carc-place --list < g
	want "fairy:1,0,road:E
fairy:none"
	carc-place fairy:1,0,road:E < g > g.n && mv g.n g
	run js '.neutral[0] | "\(.type) \(.x),\(.y) \(.feature)"'
	want "fairy 1,0 road:E"
	carc-score < g > g.n && mv g.n g
	run scores g
	want "ann=0 bob=0"
	# bob's turn passes to ann: 1 for the fairy (PD-32)
	turn g 3,0,0
	run scores g
	want "ann=1 bob=0"
	# the fairy is with her only follower: no move is offered to ann
	put 4,0,90
	run turnof
	want "score ann"
	carc-score < g > g.n && mv g.n g
	run scores g
	want "ann=1 bob=0"
	# bob closes the road: 7 tiles for ann, 3 for the fairy (PD-33); her follower home, the
	# fairy stays on its tile and gives nothing more (PD-34)
	turn g -2,0,270
	run scores g
	want "ann=11 bob=0"
	run js '.neutral[0] | "\(.x),\(.y)"'
	want "1,0"
	run turnof
	want "over"
}

@test "PD-18 PD-31: the dragon never steps onto the fairy's tile, and what stands there is safe" {
	row ann,bob
	# ann moves the fairy beside her farmer at 3,0 as she places the dragon tile
	carc-draw < g > g.d
	carc-place 5,0,0 < g.d > g
	run carc-place --list < g
	want "fairy:1,0,road:E
fairy:3,0,field:Es
fairy:none"
	carc-place fairy:3,0,field:Es < g > g.n && mv g.n g
	run --separate-stderr carc-place dragon:W < g
	tool=carc-place fails 1 "illegal move 'dragon:W': the fairy guards 3,0, and the dragon never enters its tile (PD-18)"
	run carc-place --list < g
	want "dragon:E"
	dragon_step dragon:E ann
	# from 5,0 nothing is open: one step, and every figure stands
	run turnof
	want "score ann"
	run figs
	want "ann@1,0,road:E bob@2,0,field:Nw ann@3,0,field:Es"
}

@test "PD-41 with The Abbot: a recall is the turn's figure action: no follower through the portal, only the phantom, and no fairy after it; the state keeps it" {
	#   x:   0    1    2         ann's abbot in the cloister B at 0,1; her follower at 1,0
	#        D    U   PD08       (a portal tile, placed by ann without a figure)
	#   y=1  B
	carc-deck --players ann,bob --seed 7 --expansions base,abbot,phantom,princess-dragon \
	    --start D --deck B,U,PD08 > g
	carc-draw < g | carc-place 0,1,0,cloister@abbot | carc-place phantom:none | carc-score |
	    carc-draw | carc-place 1,0,0,road:E | carc-place phantom:none | carc-score > g.n
	carc-draw < g.n | carc-place 2,0,0 > g
	run turnof
	want "recall ann"
	carc-place recall:0,1 < g > g.n && mv g.n g
	# the phantom is a figure of its own: still offered; the portal and the fairy are not
	run turnof
	want "phantom ann"
	run js '.acted'
	want true
	carc-deck --verify < g
	carc-place phantom:none < g > g.n && mv g.n g
	# no follower went through the portal: the phantom still may (PD-53), alone
	run turnof
	want "portal ann"
	run carc-place --list < g
	want "portal:0,0,city:N@phantom
portal:0,0,field:En@phantom
portal:0,0,field:Es@phantom
portal:0,1,cloister@phantom
portal:0,1,field:Nw@phantom
portal:1,0,field:Nw@phantom
portal:1,0,field:Es@phantom
portal:none"
	carc-place portal:none < g > g.n && mv g.n g
	run turnof
	want "score ann"
	run js '[.acted, (.players[0].supply | .abbot, .follower)] | join(" ")'
	want "true 1 7"
	# the turn over, the key goes
	carc-score < g > g.n && mv g.n g
	run js 'has("acted")'
	want false
}

@test "state: acted is checked: only after a placement, never with a figure put with the tile" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbot,princess-dragon --start D \
	    --deck B,U,PD08 > g
	carc-draw < g | carc-place 0,1,0,cloister@abbot | carc-score | carc-draw |
	    carc-place 1,0,0,road:E | carc-score | carc-draw | carc-place 2,0,0 |
	    carc-place recall:0,1 > g.n && mv g.n g
	run turnof
	want "score ann"
	spoilt '.phase = "portal"' "inconsistent state: phase portal, but ann may send no follower through it"
	spoilt '.phase = "draw"' "inconsistent state: acted in phase draw, before a placement"
	spoilt '.acted = false' "bad state: acted is true when there, or not there"
	spoilt '.figures += [{"x": 2, "y": 0, "feature": "road:E", "owner": 0, "type": "follower"}] | .players[0].supply.follower -= 1 | .log[-2] += ",road:E"' \
	    "inconsistent state: acted, and a figure went with the tile placed: the turn has one figure action"
	carc-render --format json < g | jq 'del(.acted)' | carc-deck --from-json > g.n
	run --separate-stderr carc-deck --verify < g.n
	[ "$status" -eq 1 ] && [[ $stderr == *"the turn's figure action is open, the log gives taken"* ]]
}

@test "PD-42 PD-41: princess=must: no figure goes with a princess placed into a city with followers, the phantom neither" {
	#   y:  -2  PD11 turned 180: city S, W, E; the princess
	#       -1  F turned 90: city N-S, bob's follower
	#        0  D: city N
	carc-deck --players ann,bob --seed 7 --expansions base,phantom,princess-dragon --start D \
	    --deck U,F,PD11 --rule princess=must > g
	carc-draw < g | carc-place 1,0,0 | carc-place phantom:none | carc-score | carc-draw |
	    carc-place 0,-1,90,city:N | carc-place phantom:none | carc-score | carc-draw > g.n
	mv g.n g
	run --separate-stderr carc-place 0,-2,180,city:S < g
	tool=carc-place fails 1 "illegal move '0,-2,180,city:S': with princess=must, the princess placed into a city with followers sends one home, and no figure goes with her tile (PD-42)"
	# at 0,-2 the placements alone; away from bob's city, figures as ever
	run bash -c "carc-place --list < g | grep -c '^0,-2,'"
	want 3
	run bash -c "carc-place --list < g | grep -c '^1,1,180'"
	want 3
	carc-place 0,-2,180 < g > g.n && mv g.n g
	run turnof
	want "princess ann"
	run --separate-stderr carc-place phantom:field:Nw < g
	tool=carc-place fails 64 "bad move 'phantom:field:Nw': ann must send a follower of the princess's city home (princess:X,Y,FEATURE)"
}

@test "PD-21 PD-25 with Traders & Builders: a builder eaten in the first half still gives the second, whose dragon tile moves the dragon again" {
	#   x:  -2   -1    0    1    2    3    4     ann's follower at 1,0 and builder at 2,0 on
	#      PD17  U     D    U    U   PD16 PD16   the road; the volcano PD17 at -2,0 (bob's)
	carc-deck --players ann,bob --seed 7 --expansions base,traders-builders,princess-dragon \
	    --start D --deck U,U,U,PD17,PD16,PD16 > g
	turns 1,0,0,road:E -1,0,0 2,0,0,road:E@builder -2,0,0
	# ann's dragon tile extends her builder's road: the second turn is earned as it is placed
	put 3,0,0
	run js '.traders.again'
	want true
	dragon_step dragon:E ann
	dragon_step dragon:E bob
	dragon_step dragon:E ann
	# the dragon ate her follower at 1,0; her builder went home with it (PD-24)
	run figs
	want ""
	dragon_step dragon:E bob
	dragon_step dragon:E ann
	run js '"\(.neutral[0].x),\(.neutral[0].y)"'
	want "3,0"
	carc-score < g > g.n && mv g.n g
	run turnof
	want "draw ann"
	run js '.traders.half'
	want 2
	# the second half's dragon tile: a movement of its own, from 3,0, the path new (PD-20)
	carc-draw < g | carc-place 4,0,0 > g.n && mv g.n g
	run turnof
	want "dragon ann"
	run carc-place --list < g
	want "dragon:E
dragon:W"
}

@test "PD-22 with Abbey & Mayor: the dragon eats a mayor" {
	#   y:  -1   F turned 90, ann's mayor in its city
	#        0   D    PD17 (the volcano, bob's)    PD16 at 2,0 (ann's)
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,princess-dragon \
	    --start D --deck F,PD17,PD16 > g
	turns 0,-1,90,city:N@mayor 1,0,0
	put 2,0,0
	dragon_step dragon:W ann
	carc-place -v dragon:N < g 2> report > g.n
	mv g.n g
	run cat report
	want "bob moves the dragon N to 0,-1
the dragon eats ann's mayor on city:N at 0,-1 (PD-22)
the dragon stops at 0,-1 after 2 steps: no tile open beside it (PD-19)"
	run js '[(.figures | length), .players[0].supply.mayor] | join(" ")'
	want "0 1"
}

# Ann's wagon on the road -1,0 .. 2,0, closed by bob: phase wagon, with the dragon on the
# volcano PD17 at 0,1, one of the nine cells around the wagon's tile.
wagon_scene() {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor,princess-dragon \
	    --start D --deck U,PD17,A,A "$@" > g
	turns 1,0,0,road:E@wagon 0,1,0 2,0,90 -1,0,270
	run turnof
	want "wagon ann"
}

@test "PD-12 with Abbey & Mayor: a wagon never moves onto the dragon's tile" {
	#   x:  -1    0    1    2      ann's wagon on the road -1,0 .. 2,0, closed by bob; the
	#        A    D    U    A      volcano PD17 at 0,1 holds the dragon, one of the nine
	#   y=1      PD17              cells around the wagon's tile
	wagon_scene
	run carc-place --list < g
	want "wagon:none
wagon:0,0,city:N
wagon:2,0,cloister"
	run --separate-stderr carc-place wagon:0,1,road:E < g
	tool=carc-place fails 1 "illegal move 'wagon:0,1,road:E': the dragon stands on 0,1, and no figure goes onto its tile (PD-12)"
}

@test "O-7 dragon-tile=free: only the volcano just placed takes no figure; a wagon moves onto the dragon's tile" {
	wagon_scene --rule dragon-tile=free
	run carc-place --list < g
	want "wagon:none
wagon:0,0,city:N
wagon:2,0,cloister
wagon:0,1,road:E"
	carc-place wagon:0,1,road:E < g > g.n && mv g.n g
	run js '.figures[] | select(.type == "wagon") | "\(.x),\(.y),\(.feature)"'
	want "0,1,road:E"
	run js '.setup.rules["dragon-tile"]'
	want "free"
	# the volcano just placed still takes no figure (PD-11)
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck PD17 --rule dragon-tile=free > g
	carc-draw < g > d
	run --separate-stderr carc-place 0,1,0,road:E < d
	refused carc-place "illegal move '0,1,0,road:E': no figure goes on a volcano tile: the dragon lands there (PD-11)"
}

@test "PD-71 with The Fortune Teller: the fairy beside a fortune teller: 1 at its owner's turn, 3 when the tent is completed by another" {
	#   y:  -1             B          bob's fortune teller on FT3's tent at 2,0; the fairy
	#        0   D    U   FT3   U     beside it; ann completes the tent with B at 2,1
	#        1   B    B    B
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller,princess-dragon \
	    --start D --deck U,FT3,U,B,B,B,B,B > g
	turns 1,0,0 2,0,0,tent 3,0,0
	carc-draw < g | carc-place B/2,-1,0 > g.n && mv g.n g
	run carc-place --list < g
	want "fairy:2,0,tent
fairy:none"
	carc-place fairy:2,0,tent < g | carc-score > g.n && mv g.n g
	turn g 0,1,0
	run scores g
	want "ann=0 bob=1"
	carc-draw < g | carc-place B/1,1,0 | carc-score > g.n && mv g.n g
	carc-draw < g | carc-place 2,1,0 > g.n && mv g.n g
	run carc-score -v < g
	[ "$status" -eq 0 ]
	carc-score -v < g 2> report > g.n && mv g.n g
	run cat report
	want "bob scores 3: the fairy is with his follower (PD-33)
ann scores 3 for completing the tent at 2,0"
	run scores g
	want "ann=3 bob=4"
	# the fortune teller home, the fairy stays on the tent's tile, with nobody
	run js '[(.figures | length), (.neutral[0] | "\(.x),\(.y) \(has("feature"))")] | join(" ")'
	want "0 2,0 false"
}

@test "PD-72 with The Fortune Teller: a portal sends a follower onto an unoccupied tent, and its owner draws one more" {
	#   x:   0    1    2    3       FT3's tent at 2,0 empty; ann's portal PD08 at 3,0
	#        D    U   FT3  PD08
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller,princess-dragon \
	    --start D --deck U,FT3,PD08,U,U,U > g
	turns 1,0,0 2,0,0
	put 3,0,0
	run bash -c "carc-place --list < g | grep tent"
	want "portal:2,0,tent"
	carc-place portal:2,0,tent < g | carc-score > g.n && mv g.n g
	run figs
	want "ann@2,0,tent"
	turn g 4,0,0
	run bash -c "carc-draw < g | carc-render --format json | jq -c .drawn"
	want '["U","U"]'
}

@test "PD-34: the fairy stays on its tile when its follower goes; a follower that comes to that place later is not its" {
	#   y:  -2  PD11, bob's princess: she sends ann's follower at 0,-1 home
	#       -1  F turned 90, ann's follower, the fairy beside it
	#        0  U    D    U   PD08 (ann's portal: her follower back to 0,-1)
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck F,U,U,PD11,PD08,U,U > g
	turns 0,-1,90,city:N 1,0,0
	carc-draw < g | carc-place -- -1,0,0 | carc-place fairy:0,-1,city:N | carc-score > g.n
	mv g.n g
	carc-draw < g | carc-place 0,-2,180 | carc-place princess:0,-1,city:N | carc-score > g.n
	mv g.n g
	run js '.neutral | tostring'
	want '[{"type":"fairy","x":0,"y":-1}]'
	carc-draw < g | carc-place 2,0,0 | carc-place portal:0,-1,city:N | carc-score > g.n
	mv g.n g
	run figs
	want "ann@0,-1,city:N"
	run js '.neutral | tostring'
	want '[{"type":"fairy","x":0,"y":-1}]'
	# no point as ann's turn begins
	turn g -2,0,0
	run scores g
	want "ann=0 bob=0"
	# a fairy beside a place where no follower stands is refused
	spoilt '.neutral[0].feature = "field:En"' \
	    "inconsistent state: the fairy stands beside the field:En of 0,-1, where no follower is"
}

@test "PD-60 fairy=on-tile: the fairy on a tile: 1 a turn for each follower of the player's there, 3 for the first of a feature scored" {
	#   x:  -3   -2   -1    0    1    2    3    4     ann's follower on the road and, through
	#        A    U    U    D    U    U  PD08   U     the portal, her farmer at 1,0; the fairy
	#   y=1                 U                         onto that tile
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,U,PD08,U,U,U,U,A --rule fairy=on-tile > g
	turns 1,0,0,road:E 2,0,0
	put 3,0,0
	carc-place portal:1,0,field:Nw < g | carc-score > g.n && mv g.n g
	turn g -1,0,0
	carc-draw < g | carc-place -- -2,0,0 > g.n && mv g.n g
	# one word a tile
	run carc-place --list < g
	want "fairy:1,0
fairy:none"
	run --separate-stderr carc-place fairy:1,0,road:E < g
	tool=carc-place fails 64 "bad move 'fairy:1,0,road:E': write fairy:X,Y, a tile (fairy=on-tile)"
	carc-place fairy:1,0 < g | carc-score > g.n && mv g.n g
	run js '.neutral | tostring'
	want '[{"type":"fairy","x":1,"y":0}]'
	spoilt '.neutral[0].feature = "road:E"' \
	    "inconsistent state: the fairy stands beside a follower, and fairy=on-tile puts it on a tile (PD-60)"
	# two of her followers on its tile: 2 as her turn begins
	turn g 4,0,0
	run scores g
	want "ann=2 bob=0"
	turn g 0,1,0
	# bob closes the road: 7 and 3 for the fairy
	carc-draw < g | carc-place -- -3,0,270 > g.n && mv g.n g
	carc-score -v < g 2> report > g.n && mv g.n g
	run cat report
	# the game over, her farmer's field scores nothing (told, issue 35), and the fairy
	# gives 3 for it too
	want "ann scores 3: the fairy stands on the tile of his follower (PD-60)
ann scores 7 for the road at 1,0
final scoring:
ann scores 0 for the field at 1,0
ann scores 3: the fairy stands on the tile of his follower (PD-60)"
	run scores g
	want "ann=15 bob=0"
}

@test "PD-33 fairy-final: at the end the fairy's follower's road gives 3 more, majority or not; none with fairy-final=off" {
	#   x:  -1    0    1    2      ann's follower on the road, the fairy beside it; the game
	#        U    D    U    U      ends with the road open
	for o in on off; do
		carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
		    --deck U,U,U --rule fairy-final=$o > g
		turns 1,0,0,road:E 2,0,0
		carc-draw < g | carc-place -- -1,0,0 | carc-place fairy:1,0,road:E | carc-score > g.n
		mv g.n g
		run turnof
		want "over"
		run scores g
		[ "$o" = on ] && want "ann=7 bob=0" || want "ann=4 bob=0"
	done
}

@test "with The Catapult (seed 000): a follower the fairy is with may be knocked out or seduced; the fairy stays, by nobody" {
	#   x:   0    1    2       ann's farmer on W at 1,0, bob's follower on V's road at 2,0
	#   y=0  D    W    V       with the fairy; ann's fair CA06 at 1,-1 starts a round
	#   y=1  B                 (scatter=0: the tokens land where aimed)
	#   y=2  B
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,princess-dragon \
	    --rule scatter=0 --deck W,V,B,B,CA06,U,U > g
	turns 1,0,0,field:Es 2,0,0,road:W 0,1,0
	carc-draw < g | carc-place 0,2,0 | carc-place fairy:2,0,road:S | carc-score > g.n
	mv g.n g
	carc-draw < g | carc-place 1,-1,0 | carc-place fairy:none | carc-score > g.n && mv g.n g
	run turnof
	want "hurl ann"
	cp g round
	carc-place hurl:knockout:2.40,0.60 < g | carc-score > g.n && mv g.n g
	run figs
	want "ann@1,0,field:Es"
	run js '.neutral | tostring'
	want '[{"type":"fairy","x":2,"y":0}]'
	cp round g
	carc-place hurl:seduction:2.40,0.60 < g | carc-score | carc-place seduce:supply |
	    carc-score > g.n && mv g.n g
	run figs
	want "ann@1,0,field:Es ann@2,0,road:S"
	run js '.neutral | tostring'
	want '[{"type":"fairy","x":2,"y":0}]'
}

@test "bots: the mover steers the dragon onto another player's follower rather than an empty tile" {
	#   x:  -3   -2   -1    0    1    2    3    4     5       ann's follower at 1,0 and farmer
	#        U    U    U    D    U    U    U  PD17  PD16     at 3,0, bob's farmer at 2,0; bob's
	#                                                         dragon tile at 5,0: his step first
	new ann,bob U,U,U,U,U,U,PD17,PD16
	turns 1,0,0,road:E 2,0,0,field:Nw 3,0,0,field:Es -1,0,0 -2,0,0 -3,0,0 4,0,0
	put 5,0,0
	run carc-place --list < g
	want "dragon:E
dragon:W"
	run bash -c "carc-bot greedy < g | carc-render --format json | jq -r '.log[-1]'"
	want "dragon:W"
	run bash -c "carc-bot --seed 1 --iterations 300 mcts < g | carc-render --format json | jq -r '.log[-1]'"
	want "dragon:W"
}

@test "examples/princess-dragon.sh plays a whole game and tells the volcanoes, the dragon's movements, portals, princesses and fairy moves" {
	run --separate-stderr sh "$TOP/examples/princess-dragon.sh" -o final
	[ "$status" -eq 0 ] && [ -z "$stderr" ]
	[[ $output == *"places a volcano, and the dragon flies to it: PD"* ]]
	[[ $output == *"the dragon moves: "*"("*"), and eats "*" figure(s)"* ]]
	[[ $output == *"moves the fairy: fairy:"* ]]
	[ "$(phase_of final)" = over ]
	carc-deck --verify < final
	[ "${lines[-1]}" = "$(carc-render --format json < final | jq -r '"final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", "))')" ]
}

@test "examples/princess-dragon.sh: -h prints the usage, a bad option or too many words 64" {
	run --separate-stderr sh "$TOP/examples/princess-dragon.sh" -h
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == 'usage: princess-dragon.sh [-o FILE] [PLAYERS [SEED]]' ]]
	run --separate-stderr sh "$TOP/examples/princess-dragon.sh" -x
	[ "$status" -eq 64 ] && [[ $stderr == *'usage: princess-dragon.sh'* ]]
	run --separate-stderr sh "$TOP/examples/princess-dragon.sh" ann,bob 3 extra
	[ "$status" -eq 64 ]
}

