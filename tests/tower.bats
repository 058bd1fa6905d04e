#!/usr/bin/env bats
# The Tower, rule by rule (../shared/rules/PRINCESS-TOWER-COUNT-BRIDGES.md §2, rule ids TW-..;
# tiles TW01 .. TW17 of §2.8 and Appendix A.2; the figures summary, seed 003, notes 5 and 23;
# seed 000, "A fortune teller can be captured by a tower").
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact lists of words, board, figures, prisoners and points. x grows east, y grows
# south; the start tile is at 0,0. Tile shapes used (rotation 0):
#   TW02g all field, a garden and a tower foundation (the start unless said)
#   TW01  city cap N and a foundation      TW03  cloister and a foundation
#   TW07  four roads ending at a foundation
#   B     cloister in a field              E     city cap N
#   U     road W-E                          D     city cap N, road W-E
# The tower's decisions are words of step 2, between the placement and carc-score: tower:X,Y
# (a floor), tower:X,Y,top[@FIGURE] (closing), tower:none; capture:X,Y,FEATURE or
# capture:none after a floor; exchange:FIGURE; ransom:HOLDER[@FIGURE] before the draw.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new PLAYERS DECK [OPTION...] (tests/lib/game.bash): the game g with The Tower (and SETS,
	# default none more), the start START (TW02g unless a test sets it) and the supply DECK in
	# that order
	NEW_SETS=tower START=TW02g NEW_TAKES=players,deck
}

# dec WORD: the decision WORD made on g.
dec() {
	carc-place "$1" < g > g.n && mv g.n g
}

# place WORD [DECISION...]: the next tile drawn and placed by WORD, then each DECISION.
place() {
	local w
	carc-draw < g > g.n && mv g.n g && dec "$1" || return 1
	shift
	for w; do
		dec "$w" || return 1
	done
}

# decline: every decision of step 2 left open declined (tower, capture, phantom, fairy,
# recall).
decline() {
	local p
	while :; do
		p=$(phase_of)
		case $p in
		tower | capture | phantom | fairy | recall) dec "$p:none" || return 1 ;;
		*) return 0 ;;
		esac
	done
}

# put WORD [DECISION...]: place, then decline what is left; turn: put and carc-score.
put() {
	place "$@" && decline
}
turn() {
	put "$@" && carc-score < g > g.n && mv g.n g
}
# tturns MOVE...: whole turns, one a move, with no tower decision.
tturns() {
	local m
	for m; do
		turn "$m" || { echo "the turn '$m' failed"; return 1; }
	done
}
score() {
	carc-score < g > g.n && mv g.n g
}

# The words carc-place --list gives for g, on one line.
words() {
	carc-place --list < g | tr '\n' ' ' | sed 's/ $//'
}

# Board P (plus): ann's and bob's monks around the start T0 (TW02g at 0,0) and T1 (TW03 at
# -1,0); 0,-1 stays empty (a gap), 1,-1 is diagonal to T0. Turns 1-13; bob moves next.
#   x:      -2    -1     0     1     2     3     4
#   y=-2:                [a]     B
#   y=-1:                  .   [a]
#   y= 0:    [b] T1[a]    T0   [a]   [b]   [a]   [b]   then B B B B B from 5,0 on
#   y= 1:                  B
#   y= 2:                  B
#   y= 3:                [a]
#   y= 4:                [b]
board_p() {
	new ann,bob B,B,B,B,B,B,B,B,TW03,B,B,B,B,B,B,B,B,B "$@"
	tturns 1,0,0,cloister 2,0,0,cloister 3,0,0,cloister 4,0,0,cloister 0,1,0 0,2,0 \
	    0,3,0,cloister 0,4,0,cloister -1,0,0,cloister -2,0,0,cloister 1,-1,0,cloister \
	    1,-2,0 0,-2,0,cloister
}

# --- the tiles and the floors ------------------------------------------------------------------

@test "TW-01 TW-42: 18 tiles with a foundation in either edition; C2's two gardens plain in C1" {
	carc-deck --players ann,bob --seed 7 --expansions base,tower > g
	run js '[.supply[] | select(startswith("TW"))] | length'
	want 18
	run js '[.supply[] | select(startswith("TW"))] | unique | join(",")'
	want "TW01,TW02g,TW03,TW04g,TW05,TW06,TW07,TW08,TW09,TW10,TW11,TW12,TW13,TW14,TW15,TW16,TW17"
	carc-deck --players ann,bob --seed 7 --expansions base,tower --rule edition=c1 > g
	run js '[.supply[] | select(test("^TW0[24]"))] | sort | join(",")'
	want "TW02,TW04"
	# the floors are nobody's figures: no player holds one
	run js '[.players[].supply | keys[]] | unique | join(",")'
	want "follower"
}

@test "TW-02: each player's floors by the number of players: 10, 9, 7, 6, 5" {
	local p n want_n=(10 9 7 6 5)
	n=0
	for p in a,b a,b,c a,b,c,d a,b,c,d,e a,b,c,d,e,f; do
		carc-deck --players $p --seed 7 --expansions base,tower > g
		run bash -c "carc-render --format ascii < g | grep -c '; ${want_n[$n]} floors\$'"
		want "$(( n + 2 ))"
		n=$((n + 1))
	done
}

@test "TW-05: every tile of the set may start a game; the foundation is no place for a figure with the tile" {
	local t
	for t in TW01 TW03 TW07 TW11 TW17; do
		START=$t new ann,bob B
	done
	new ann,bob TW03
	carc-draw < g > g.n && mv g.n g
	run --separate-stderr carc-place 1,0,0,tower < g
	refused carc-place "TW-05"
	run --separate-stderr carc-place 1,0,0,cloister < g
	[ "$status" -eq 0 ]
}

# --- floors and tops ---------------------------------------------------------------------------

# Board C: 1 ann 1,0,0 tower:0,0 (height 1, nothing in reach) · 2 bob -1,0,0 closes it · 3 ann
# 2,0,0 on TW01, a second foundation T2 · ...
@test "TW-04 TW-05 TW-06: a floor on any foundation; a follower closes a tower of a floor or more, which then grows no more" {
	new ann,bob B,B,TW01,B,B,B
	place 1,0,0
	run words
	want "tower:0,0 tower:none"
	dec tower:0,0
	run turnof
	want "score ann"
	score
	run js '.tower'
	[ "$(echo "$output" | jq -c .)" = '{"floors":[9,10],"towers":[{"x":0,"y":0,"height":1}],"prisoners":[]}' ]
	place -1,0,0
	run words
	want "tower:0,0 tower:0,0,top tower:none"
	dec tower:0,0,top
	score
	run figs
	want "bob@0,0,tower"
	run supplies
	want "ann=7 bob=6"
	place 2,0,0
	run words
	want "tower:2,0 tower:none"
	run --separate-stderr carc-place tower:0,0 < g
	refused carc-place "illegal move 'tower:0,0': bob's follower closes the tower at 0,0 (TW-06)"
	run --separate-stderr carc-place tower:2,0,top < g
	refused carc-place "the foundation at 2,0 has no floor yet, and no follower stands on a bare foundation (TW-05)"
	run --separate-stderr carc-place tower:1,0 < g
	refused carc-place "no tower foundation at 1,0 (TW-04)"
	dec tower:2,0
	score
	run js '[.tower.towers[] | "\(.x),\(.y)=\(.height)"] | join(" ")'
	want "0,0=1 2,0=1"
}

@test "TW-04: the floor is the turn's figure action: none after a follower placed with the tile" {
	new ann,bob B,B
	place 1,0,0,cloister
	run turnof
	want "score ann"
	new ann,bob B,B
	place 1,0,0 tower:0,0
	run --separate-stderr carc-place tower:0,0 < g
	refused carc-place "the tile is already placed: run carc-score to end the turn"
}

@test "TW-02: a player with no floor left is offered none" {
	new ann,bob,cy,dee,eve,fay B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B,B
	local i
	# ann builds a floor every sixth turn: five of them, her share with six players
	for i in 1 2 3 4 5; do
		turn "$i,0,0" tower:0,0 || return 1
		tturns "$i,1,0" "$i,-1,0" "$i,2,0" "$i,-2,0" "$i,3,0"
	done
	run bash -c "carc-render --format ascii < g | grep -c '; 0 floors\$'"
	want 1
	place 6,0,0
	run words
	want "tower:0,0,top tower:none"
	run --separate-stderr carc-place tower:0,0 < g
	refused carc-place "ann has no floor left (TW-02)"
}

# --- capture -------------------------------------------------------------------------------------

@test "TW-08 TW-09 TW-10: reach 1 to 4 in the four directions, over a gap and over another tower, never diagonally; any player's follower" {
	board_p
	place 5,0,0 tower:-1,0
	run words
	want "capture:-1,0,cloister capture:-2,0,cloister capture:none"
	dec capture:none
	score
	place 6,0,0 tower:0,0
	run words
	want "capture:1,0,cloister capture:-1,0,cloister capture:none"
	dec capture:none
	score
	place 7,0,0 tower:0,0
	run words
	want "capture:1,0,cloister capture:2,0,cloister capture:-1,0,cloister capture:-2,0,cloister capture:0,-2,cloister capture:none"
	dec capture:none
	score
	place 8,0,0 tower:0,0
	run words
	want "capture:1,0,cloister capture:2,0,cloister capture:3,0,cloister capture:0,3,cloister capture:-1,0,cloister capture:-2,0,cloister capture:0,-2,cloister capture:none"
	dec capture:none
	score
	place 9,0,0 tower:0,0
	run words
	want "capture:1,0,cloister capture:2,0,cloister capture:3,0,cloister capture:4,0,cloister capture:0,3,cloister capture:0,4,cloister capture:-1,0,cloister capture:-2,0,cloister capture:0,-2,cloister capture:none"
	run --separate-stderr carc-place capture:1,-1,cloister < g
	refused carc-place "out of the tower's reach: its own row or column, as many tiles as its height (TW-08)"
	run --separate-stderr carc-place capture:0,1,cloister < g
	refused carc-place "no follower stands on the cloister at 0,1"
}

@test "TW-13 TW-17: a prisoner is in nobody's supply and scores nothing; the capturer holds it to the end" {
	board_p
	local t
	for t in 5 6 7 8; do
		place "$t,0,0" tower:0,0 capture:none && score
	done
	place 9,0,0 tower:0,0 capture:0,3,cloister
	run js '.tower.prisoners'
	[ "$(echo "$output" | jq -c .)" = '[{"holder":1,"owner":0,"figure":"follower"}]' ]
	run js '.tower.floors | join(",")'
	want "8,7"
	run js '[.tower.towers[] | "\(.x),\(.y)=\(.height)"] | join(" ")'
	want "0,0=5"
	run supplies
	want "ann=1 bob=3"
	score
	run turnof
	want "over"
	# with her monk at 0,3 not captured ann ends with 24 (its cloister's 3 at the end)
	run scores g
	want "ann=21 bob=11"
	run js '.tower.prisoners | length'
	want 1
}

@test "TW-12 TW-40: one's own follower is captured too, back to one's supply; capture-own=no leaves it out" {
	board_p
	place 5,0,0 tower:-1,0
	carc-place -v capture:-2,0,cloister < g > g.n 2> told && mv g.n g
	run cat told
	want "bob captures bob's follower at -2,0 (TW-08): it goes back to bob's supply (TW-12)"
	run supplies
	want "ann=1 bob=4"
	run js '.tower.prisoners | length'
	want 0
	board_p --rule capture-own=no
	place 5,0,0 tower:-1,0
	run words
	want "capture:-1,0,cloister capture:none"
	run --separate-stderr carc-place capture:-2,0,cloister < g
	refused carc-place "with capture-own=no a player captures no follower of his own (TW-40)"
}

@test "TW-10 TW-14 TW-18: a tower top is captured, even by another tower, and its tower opens again; a top scores nothing" {
	new ann,bob B,B,TW01,B,B,B
	turn 1,0,0 tower:0,0
	turn -1,0,0 tower:0,0,top
	turn 2,0,0 tower:2,0
	turn 0,1,0
	place 0,-1,0 tower:2,0
	run words
	want "capture:0,0,tower capture:none"
	dec capture:0,0,tower
	score
	run figs
	want ""
	run js '.tower.prisoners[0] | "\(.holder) \(.owner) \(.figure)"'
	want "0 1 follower"
	place -2,0,0
	run words
	want "tower:0,0 tower:2,0 tower:0,0,top tower:2,0,top tower:none"
	# TW-18: the game ends with bob's follower on the top: it scores nothing
	new ann,bob B,B
	turn 1,0,0 tower:0,0
	turn -1,0,0 tower:0,0,top
	run turnof
	want "over"
	run scores g
	want "ann=0 bob=0"
	run figs
	want "bob@0,0,tower"
	run bash -c "carc-render --format ascii < g | grep '^towers:'"
	want "towers: 0,0 height 1 (closed by bob's follower)"
}

@test "TW-14 O-14: tower-reopen=no keeps a tower closed once its top is captured; the state keeps it" {
	new ann,bob B,B,TW01,B,B,B --rule tower-reopen=no
	turn 1,0,0 tower:0,0
	turn -1,0,0 tower:0,0,top
	turn 2,0,0 tower:2,0
	turn 0,1,0
	place 0,-1,0 tower:2,0
	dec capture:0,0,tower
	score
	run figs
	want ""
	place -2,0,0
	run words
	want "tower:2,0 tower:2,0,top tower:none"
	run --separate-stderr carc-place tower:0,0 < g
	refused carc-place "illegal move 'tower:0,0': the tower at 0,0 was closed, and with tower-reopen=no it stays closed (TW-14)"
	run --separate-stderr carc-place tower:0,0,top < g
	refused carc-place "illegal move 'tower:0,0,top': the tower at 0,0 was closed, and with tower-reopen=no it stays closed (TW-14)"
	run jq -c .tower.towers <(carc-render --format json < g)
	want '[{"x":0,"y":0,"height":1,"closed":true},{"x":2,"y":0,"height":2}]'
	run bash -c "carc-render --format ascii < g | grep '^towers:'"
	want "towers: 0,0 height 1 (closed, its top gone: tower-reopen=no); 2,0 height 2"
	carc-render --format json < g > spoil.json
	carc-deck --from-json < spoil.json | cmp - g
	run --separate-stderr carc-deck --from-json < <(jq '.tower.towers[0].closed = false' spoil.json)
	[ "$status" -eq 65 ] && [ "$stderr" = "carc-deck: stdin: bad state: a tower's closed is true when there, or not there" ]
	run --separate-stderr carc-deck --from-json < <(jq 'del(.setup.rules["tower-reopen"])' spoil.json)
	[ "$status" -eq 65 ] && [ "$stderr" = "carc-deck: stdin: inconsistent state: a tower kept closed, and no tower-reopen=no (TW-14)" ]
	# the default: the same game opens the tower again (the test above), and writes no "closed"
	new ann,bob B,B,TW01,B,B,B
	turn 1,0,0 tower:0,0
	turn -1,0,0 tower:0,0,top
	run jq -c .tower.towers <(carc-render --format json < g)
	want '[{"x":0,"y":0,"height":1}]'
}

@test "pictures: a T for a foundation and the top's owner on it; in SVG a turret, and each tower's height in a badge" {
	new ann,bob B,B,TW01,B,B,B
	turn 1,0,0 tower:0,0
	turn -1,0,0 tower:0,0,top
	turn 2,0,0 tower:2,0
	run bash -c "carc-render --format ascii < g | sed -n 4p"
	want "0  ..[+].. ...2... ..[+]..|...T...|"
	run bash -c "carc-render --format ascii < g | grep -E '^(towers|  1 ann|> 2 bob)'"
	want "  1 ann    0 points, 7 followers left; 8 floors
> 2 bob    0 points, 6 followers left; 10 floors
towers: 0,0 height 1 (closed by bob's follower); 2,0 height 1"
	carc-render --format svg < g > g.svg
	run grep -c 'fill="#9e9e9e"' g.svg
	want 2
	run bash -c "grep -o 'font-weight=\"bold\" text-anchor=\"middle\" fill=\"#4a3b2a\">[0-9]*<' g.svg | sed 's/.*>\([0-9]*\)<\$/\1/' | tr '\n' ' '"
	want "1 1 "
	xmllint --noout g.svg
}

@test "TW-21: a follower captured from the city the tile completes does not score" {
	new ann,bob B,E,E
	tturns 1,0,0 -1,0,0,city:N
	turn -1,-1,180 tower:0,0 capture:-1,0,city:N
	run turnof
	want "over"
	run scores g
	want "ann=0 bob=0"
	new ann,bob B,E,E
	tturns 1,0,0 -1,0,0,city:N -1,-1,180
	run scores g
	want "ann=0 bob=4"
}

# Board R: bob's city closed by ann (bob 4), then two monks of bob's captured by ann.
@test "TW-16: a ransom before the draw: 3 points to the holder, once a turn, never below 3 points" {
	new ann,bob B,E,E,B,B,B,B,B,B,B,B
	tturns 1,0,0 -1,0,0,city:N -1,-1,180 0,1,0,cloister
	turn 0,-1,0 tower:0,0 capture:0,1,cloister
	turn 2,0,0,cloister
	turn 3,0,0 tower:0,0 capture:2,0,cloister
	run supplies
	want "ann=7 bob=5"
	run words
	want "ransom:none ransom:ann"
	# the line names the figure's owner, bob, who pays for it
	carc-place -v ransom:ann < g > g.n 2> told && mv g.n g
	run cat told
	want "bob pays ann 3 points for bob's follower (TW-16)"
	run turnof
	want "draw bob"
	run scores g
	want "ann=3 bob=1"
	run supplies
	want "ann=7 bob=6"
	run --separate-stderr carc-place ransom:ann < g
	refused carc-place "illegal move 'ransom:ann': bob has paid a ransom this turn already (TW-16)"
	run --separate-stderr carc-place ransom:cy < g
	tool=carc-place fails 64 "bad move 'ransom:cy': no player 'cy' in this game"
	turn 4,0,0
	turn 5,0,0
	# bob has 1 point: no ransom offered, and refused
	run --separate-stderr carc-place ransom:ann < g
	refused carc-place "illegal move 'ransom:ann': bob has 1 point, and a ransom costs 3 (TW-16)"
	carc-draw < g > g.n && mv g.n g
	run --separate-stderr carc-place ransom:ann < g
	[ "$status" -ne 0 ]
	run js '.tower.prisoners | length'
	want 1
}

# Board R again: bob draws without paying and puts a monk with his tile, the turn's figure
# action; the ransom is still his to pay in phase tower, up to the end of step 2 (issue 36).
@test "TW-16: a ransom after the figure action, in step 2 (ransom=turn, the default)" {
	new ann,bob B,E,E,B,B,B,B,B,B,B,B
	tturns 1,0,0 -1,0,0,city:N -1,-1,180 0,1,0,cloister
	turn 0,-1,0 tower:0,0 capture:0,1,cloister
	turn 2,0,0,cloister
	turn 3,0,0 tower:0,0 capture:2,0,cloister
	place 4,0,0,cloister
	run turnof
	want "tower bob"
	run words
	want "ransom:ann tower:none"
	dec ransom:ann
	run turnof
	want "score bob"
	run scores g
	want "ann=3 bob=1"
	run supplies
	want "ann=7 bob=5"
	run get g '[(.tower.prisoners | length), .log[-2:]]'
	want '[1,["B/4,0,0,cloister","ransom:ann"]]'
	score
	carc-deck --verify < g
}

@test "TW-16: ransom=step2 moves the ransom into phase tower, where it is no figure action; ransom=draw keeps it out of it" {
	new ann,bob B,E,E,B,B,B,B,B,B,B,B --rule ransom=step2
	tturns 1,0,0 -1,0,0,city:N -1,-1,180 0,1,0,cloister
	turn 0,-1,0 tower:0,0 capture:0,1,cloister
	run turnof
	want "draw bob"
	run --separate-stderr carc-place ransom:ann < g
	refused carc-place "illegal move 'ransom:ann': with ransom=step2 a ransom is paid after the placement, in phase tower (TW-16)"
	place 2,0,0
	run words
	want "tower:0,0 tower:0,0,top ransom:ann tower:none"
	dec ransom:ann
	run words
	want "tower:0,0 tower:0,0,top tower:none"
	run scores g
	want "ann=3 bob=1"
	new ann,bob B,E,E,B,B,B,B,B,B,B,B --rule ransom=draw
	tturns 1,0,0 -1,0,0,city:N -1,-1,180 0,1,0,cloister
	turn 0,-1,0 tower:0,0 capture:0,1,cloister
	place 2,0,0
	run words
	want "tower:0,0 tower:0,0,top tower:none"
}

@test "TW-15: two players holding each other's prisoners exchange them at once" {
	new ann,bob B,B,B,B
	tturns 1,0,0,cloister -1,0,0,cloister
	turn 0,1,0 tower:0,0 capture:-1,0,cloister
	place 0,-1,0 tower:0,0 capture:1,0,cloister
	run turnof
	want "score bob"
	run supplies
	want "ann=7 bob=7"
	run js '.tower.prisoners | length'
	want 0
}

# Board X: ann holds bob's follower and big follower; bob captures ann's monk.
@test "TW-15: with a choice, the capturer chooses which of his comes back; prisoner-exchange=holder lets the other" {
	local o
	for o in capturer holder; do
		SETS=inns-cathedrals new ann,bob B,B,B,B,B,B,B --rule prisoner-exchange=$o
		tturns 1,0,0,cloister -1,0,0,cloister
		turn 0,1,0 tower:0,0 capture:-1,0,cloister
		turn -2,0,0,cloister@big
		turn 0,-1,0 tower:0,0 capture:-2,0,cloister
		place 2,0,0 tower:0,0 capture:1,0,cloister
		run turnof
		[ "$o" = capturer ] && want "exchange bob" || want "exchange ann"
		run words
		want "exchange:follower exchange:big"
		run --separate-stderr carc-place tower:none < g
		[ "$status" -eq 64 ]
		dec exchange:big
		run turnof
		want "score bob"
		run js '[.players[] | "\(.name)=\(.supply.follower)+\(.supply.big)"] | join(" ")'
		want "ann=7+1 bob=6+1"
		run js '.tower.prisoners[] | "\(.holder) \(.owner) \(.figure)"'
		want "0 1 follower"
	done
}

@test "carc-place --list --format json: the fields of tower, capture, exchange and ransom words" {
	new ann,bob B,E,E,B,B,B,B,B,B,B,B --rule ransom=step2
	tturns 1,0,0 -1,0,0,city:N -1,-1,180 0,1,0,cloister
	turn 0,-1,0 tower:0,0 capture:0,1,cloister
	place 2,0,0
	run carc-place --list --format json < g
	want '[
{"word": "tower:0,0", "kind": "tower", "x": 0, "y": 0, "top": false, "figure": null},
{"word": "tower:0,0,top", "kind": "tower", "x": 0, "y": 0, "top": true, "figure": "follower"},
{"word": "ransom:ann", "kind": "ransom", "holder": "ann", "figure": "follower"},
{"word": "tower:none", "kind": "tower", "x": null, "y": null, "top": false, "figure": null}
]'
	SETS=inns-cathedrals new ann,bob B,B,B,B,B,B,B
	tturns 1,0,0,cloister -1,0,0,cloister
	turn 0,1,0 tower:0,0 capture:-1,0,cloister
	turn -2,0,0,cloister@big
	turn 0,-1,0 tower:0,0 capture:-2,0,cloister
	place 2,0,0 tower:0,0
	run carc-place --list --format json < g
	want '[
{"word": "capture:1,0,cloister", "kind": "capture", "x": 1, "y": 0, "feature": "cloister"},
{"word": "capture:none", "kind": "capture", "x": null, "y": null, "feature": null}
]'
	dec capture:1,0,cloister
	run carc-place --list --format json < g
	want '[
{"word": "exchange:follower", "kind": "exchange", "figure": "follower"},
{"word": "exchange:big", "kind": "exchange", "figure": "big"}
]'
	SETS=abbot new ann,bob E,E,B,B,B,B,B
	tturns -1,0,0,city:N -1,-1,180 1,0,0,cloister@abbot
	turn 0,1,0 tower:0,0 capture:1,0,cloister
	run carc-place --list --format json < g
	want '[
{"word": "ransom:none", "kind": "ransom", "holder": null, "figure": null},
{"word": "ransom:bob@abbot", "kind": "ransom", "holder": "bob", "figure": "abbot"}
]'
}

@test "state: towers, prisoners, ransom and the phases are kept and checked" {
	SETS=inns-cathedrals new ann,bob B,B,B,B,B,B,B
	tturns 1,0,0,cloister -1,0,0,cloister
	turn 0,1,0 tower:0,0 capture:-1,0,cloister
	turn -2,0,0,cloister@big
	place 0,-1,0 tower:0,0
	run jq -c .tower <(carc-render --format json < g)
	want '{"floors":[8,10],"towers":[{"x":0,"y":0,"height":2}],"prisoners":[{"holder":0,"owner":1,"figure":"follower"}],"raised":{"x":0,"y":0}}'
	carc-render --format json < g > spoil.json
	carc-deck --from-json < spoil.json | cmp - g
	spoilt '.tower.towers[0].height = 3' \
	    "inconsistent state: the players have built 2 floors, and the towers are 3 high (TW-03)"
	spoilt '.tower.floors = [11, 10]' "bad state: a player's floors are 0 to 10 (TW-02)"
	spoilt '.tower.towers[0].x = 1' \
	    "inconsistent state: a tower at 1,0, where no tower foundation is"
	spoilt 'del(.tower.raised)' "inconsistent state: phase capture, and no tower raised"
	spoilt '.tower.prisoners[0].holder = 1' \
	    "inconsistent state: bob holds a figure of bob's own prisoner (TW-12)"
	spoilt '.tower.prisoners[0].figure = "builder"' \
	    "bad state: a builder is no figure a tower captures (TW-10)"
	spoilt '.tower.prisoners += [{"holder":1,"owner":0,"figure":"follower"}] | .players[0].supply.follower = 5' \
	    "inconsistent state: two players hold each other's prisoners (TW-15)"
	spoilt '.tower.ransomed = false' "bad state: ransomed is true when there, or not there"
	spoilt '.players[1].supply.follower = 7' \
	    "inconsistent state: bob's supply of follower is 7, the board leaves 6"
	spoilt '.tower.prisoners = []' \
	    "inconsistent state: bob's supply of follower is 6, the board leaves 7"
	spoilt '.figures += [{"x":0,"y":0,"feature":"tower","owner":1,"type":"abbot"}]' \
	    "bad state: unknown figure 'abbot'"
	spoilt '.figures += [{"x":0,"y":0,"feature":"tower","owner":0,"type":"follower"},
	    {"x":0,"y":0,"feature":"tower","owner":0,"type":"big"}] | .players[0].supply.follower = 5 |
	    .players[0].supply.big = 0' \
	    "inconsistent state: a figure stands on the foundation at 0,0 with no floor, or two on one tower (TW-05, TW-06)"
	carc-deck --verify < g > /dev/null
}

@test "state: the set's options are kept in the setup, only when set, and read back" {
	new ann,bob B
	run js '.setup.rules | has("capture-own") or has("ransom") or has("prisoner-exchange") or has("tower-fairy") or has("tower-reopen") or has("tower-dragon")'
	want false
	run js 'has("tower")'
	want false
	new ann,bob B --rule capture-own=no --rule prisoner-exchange=holder --rule ransom=step2 \
	    --rule tower-fairy=guards --rule tower-reopen=no --rule tower-dragon=spares
	run jq -c '.setup.rules | {"capture-own", "prisoner-exchange", ransom, "tower-fairy", "tower-reopen", "tower-dragon"}' <(carc-render --format json < g)
	want '{"capture-own":"no","prisoner-exchange":"holder","ransom":"step2","tower-fairy":"guards","tower-reopen":"no","tower-dragon":"spares"}'
	carc-render --format json < g | carc-deck --from-json | cmp - g
	run --separate-stderr carc-deck --players ann,bob --expansions base,tower --rule ransom=never
	[ "$status" -eq 64 ]
}

# --- with the other expansions -----------------------------------------------------------------

@test "TW-10 with The Fortune Teller (seed 000): a captured fortune teller gives no more draws" {
	SETS=fortune-teller new ann,bob FT1,B,B,B,B
	turn 1,0,0,tent
	turn 0,1,0
	run bash -c "carc-draw < g | carc-render --format json | jq -c .drawn"
	want '["B","B"]'
	SETS=fortune-teller new ann,bob FT1,B,B,B,B
	turn 1,0,0,tent
	turn 0,1,0 tower:0,0 capture:1,0,tent
	run js '.tower.prisoners[0] | "\(.holder) \(.owner) \(.figure)"'
	want "1 0 follower"
	run bash -c "carc-draw < g | carc-render --format json | jq -c .drawn"
	want '["B"]'
}

@test "TW-10 TW-13 with Traders & Builders: the builder is never captured, and goes home with its follower" {
	SETS=traders-builders START=TW07 new ann,bob U,U,U,U,U
	tturns 0,1,90 -1,0,0,road:E
	turn 0,-1,90 tower:0,0 capture:none
	turn -2,0,0,road:E@builder
	place 1,0,0 tower:0,0
	run words
	want "capture:-1,0,road:E capture:none"
	run --separate-stderr carc-place capture:-2,0,road:E < g
	refused carc-place "no follower stands on the road:E at -2,0"
	dec capture:-1,0,road:E
	run figs
	want ""
	run js '.players[1].supply | "\(.follower) \(.builder)"'
	want "6 1"
}

@test "TW-07 TW-10 with Abbey & Mayor: the mayor and the wagon never close a tower, and are captured" {
	SETS=abbey-mayor new ann,bob E,B,B
	turn 1,0,0,city:N@mayor
	turn -1,0,0 tower:0,0 capture:1,0,city:N
	run js '.tower.prisoners[0] | "\(.holder) \(.owner) \(.figure)"'
	want "1 0 mayor"
	place 0,1,0
	run words
	want "tower:0,0 tower:0,0,top tower:none"
	run --separate-stderr carc-place tower:0,0,top@wagon < g
	refused carc-place "illegal move 'tower:0,0,top@wagon': a wagon never closes a tower (TW-07)"
	run --separate-stderr carc-place tower:0,0,top@mayor < g
	refused carc-place "a mayor never closes a tower (TW-07)"
}

# ann's knight in the city bob closes (ann 4), then her abbot on the cloister at 1,0.
@test "TW-10 TW-16 with The Abbot: the abbot is captured and ransomed; a recall is the figure action, and no tower decision follows it" {
	SETS=abbot new ann,bob E,E,B,B,B,B,B
	tturns -1,0,0,city:N -1,-1,180 1,0,0,cloister@abbot 0,1,0
	place 0,-1,0
	run words
	want "recall:1,0 recall:none"
	dec recall:1,0
	run turnof
	want "score ann"
	SETS=abbot new ann,bob E,E,B,B,B,B,B
	tturns -1,0,0,city:N -1,-1,180 1,0,0,cloister@abbot
	turn 0,1,0 tower:0,0 capture:1,0,cloister
	run js '.tower.prisoners[0] | "\(.holder) \(.owner) \(.figure)"'
	want "1 0 abbot"
	run words
	want "ransom:none ransom:bob@abbot"
	dec ransom:bob@abbot
	run scores g
	want "ann=1 bob=3"
	run js '.players[0].supply | "\(.follower) \(.abbot)"'
	want "7 1"
	run js '.log[-1]'
	want "ransom:bob@abbot"
}

@test "TW-22 with The Phantom: the phantom closes a tower after the figure action, never alone; never on a bare foundation" {
	SETS=phantom new ann,bob B,TW01,B,B
	turn 1,0,0 phantom:none tower:0,0
	place 2,0,0
	run words
	want "phantom:city:N phantom:field:En phantom:none"
	dec phantom:none
	run words
	want "tower:0,0 tower:2,0 tower:0,0,top tower:none"
	run --separate-stderr carc-place tower:0,0,top@phantom < g
	refused carc-place "the phantom closes a tower as the second figure of the turn, after its figure action (TW-22)"
	dec tower:2,0
	run turnof
	want "tower bob"
	run words
	want "tower:0,0,top@phantom tower:2,0,top@phantom tower:none"
	dec tower:0,0,top@phantom
	run turnof
	want "score bob"
	run js '.figures[] | "\(.x),\(.y),\(.feature),\(.type)"'
	want "0,0,tower,phantom"
}

@test "TW-19 with The Princess & the Dragon: the dragon eats a tower's top, not its floors; the fairy may stand by a top" {
	SETS=princess-dragon START=D new ann,bob TW11,U,PD17,PD16,U,U
	turn 1,0,0 tower:1,0
	turn 2,0,0 tower:1,0,top
	turn 3,0,0
	place 4,0,0
	run words
	want "fairy:1,0,tower fairy:none"
	dec fairy:none
	dec dragon:W
	dec dragon:W
	dec dragon:W
	run figs
	want ""
	run js '[.tower.towers[] | "\(.x),\(.y)=\(.height)"] | join(" ")'
	want "1,0=1"
	run supplies
	want "ann=7 bob=7"
	# O-6: under tower-dragon=spares the dragon passes over bob's top and eats nothing there
	SETS=princess-dragon START=D new ann,bob TW11,U,PD17,PD16,U,U --rule tower-dragon=spares
	turn 1,0,0 tower:1,0
	turn 2,0,0 tower:1,0,top
	turn 3,0,0
	place 4,0,0
	dec fairy:none
	dec dragon:W
	carc-place -v dragon:W < g > g.n 2> report && mv g.n g
	run grep -c "^the dragon spares bob's follower on the tower's top at 1,0 (tower-dragon=spares)$" report
	want 1
	dec dragon:W
	run figs
	want "bob@1,0,tower"
	run supplies
	want "ann=7 bob=6"
}

# D at the start, TW03 (a foundation) south of it, bob's knight on F north of it; ann's
# princess tile PD11 then joins bob's city.
@test "PD-41 PD-42 with The Princess & the Dragon: under princess=must a princess into a city with followers leaves no tower decision" {
	SETS=princess-dragon START=D new ann,bob TW03,F,PD11,U --rule princess=must
	turn 0,1,0 tower:none
	turn 0,-1,90,city:N
	place 0,-2,180
	run turnof
	want "princess ann"
	run words
	want "princess:0,-1,city:N"
	run --separate-stderr carc-place tower:0,1 < g
	tool=carc-place fails 64 "bad move 'tower:0,1': ann must send a follower of the princess's city home (princess:X,Y,FEATURE)"
	# under princess=may the tower's decision comes first, and the princess's after it
	SETS=princess-dragon START=D new ann,bob TW03,F,PD11,U
	turn 0,1,0 tower:none
	turn 0,-1,90,city:N
	place 0,-2,180
	run words
	want "tower:0,1 tower:none"
	dec tower:0,1
	run turnof
	want "score ann"
}

# The phantom after a floor on a volcano turn: the volcano's tile takes no figure (PD-12),
# the tower at 1,0 does.
@test "TW-22 PD-12: on a volcano turn the phantom closes a tower elsewhere after the floor" {
	SETS=princess-dragon,phantom START=D new ann,bob TW11,PD17,U,U,U
	turn 1,0,0 phantom:none tower:1,0
	place -1,0,0
	run turnof
	want "tower bob"
	dec tower:1,0
	run words
	want "tower:1,0,top@phantom tower:none"
	dec tower:1,0,top@phantom
	run figs
	want "bob@1,0,tower"
}

@test "TW-11: tower-fairy=guards: no capture on the fairy's tile; by default the fairy guards nothing" {
	local o
	for o in open guards; do
		SETS=princess-dragon new ann,bob B,B,B,B --rule tower-fairy=$o
		tturns 1,0,0,cloister -1,0,0
		turn 0,1,0 tower:none fairy:1,0,cloister
		place 0,-1,0 tower:0,0
		run turnof
		[ "$o" = open ] && want "capture bob" || want "score bob"
	done
}

# The dragon comes from the volcano at 1,0 to a dead end at -1,0, the tower's tile.
# The dragon led west onto the tower at -1,0 (TW11, a floor of ann's) from the volcano PD17.
dragon_scene() {
	SETS=princess-dragon START=D new ann,bob TW11,PD17,PD16,U,U "$@"
	turn -1,0,0 tower:-1,0
	turn 1,0,0
	place 2,0,0 tower:none
	dec dragon:W
	dec dragon:W
	score
}

@test "PD-12 with The Princess & the Dragon: no follower closes a tower on the dragon's tile; a floor goes there" {
	dragon_scene
	run js '.neutral[0] | "\(.x),\(.y)"'
	want "-1,0"
	place 3,0,0
	run words
	want "tower:-1,0 tower:none"
	run --separate-stderr carc-place tower:-1,0,top < g
	refused carc-place "illegal move 'tower:-1,0,top': the dragon stands on -1,0, and no figure goes onto its tile (PD-12)"
	# O-7: under dragon-tile=free the dragon's tile takes a top like any other
	dragon_scene --rule dragon-tile=free
	place 3,0,0
	run words
	want "tower:-1,0 tower:-1,0,top tower:none"
}

# Bob's follower on the top of the tower at 1,0 (TW11 beside the start D), and ann's fair
# CA06 placed: a catapult round waits for ann's hurl.
top_scene() {
	SETS=catapult START=D new ann,bob TW11,U,CA06,U --rule scatter=0 "$@"
	turn 1,0,0 tower:1,0
	turn 2,0,0 tower:1,0,top
	put 1,1,0
	score
}

@test "with The Catapult: a tower's top stands at 0.28,0.28 of its tile: a knockout sends it home and the tower opens again" {
	top_scene
	run turnof
	want "hurl ann"
	dec hurl:knockout:1.28,0.28
	score
	run figs
	want ""
	run supplies
	want "ann=7 bob=7"
	run jq -c .tower.towers <(carc-render --format json < g)
	want '[{"x":1,"y":0,"height":1}]'
	# under tower-reopen=no the tower stays closed once its top is knocked out (TW-14, O-14)
	top_scene --rule tower-reopen=no
	dec hurl:knockout:1.28,0.28
	score
	run figs
	want ""
	run jq -c .tower.towers <(carc-render --format json < g)
	want '[{"x":1,"y":0,"height":1,"closed":true}]'
	# a seduction there: ann's follower from her supply takes bob's place on the top
	top_scene
	dec hurl:seduction:1.28,0.28
	score
	run turnof
	want "seduce ann"
	run words
	want "seduce:supply seduce:none"
	dec seduce:supply
	score
	run figs
	want "ann@1,0,tower"
	run supplies
	want "ann=6 bob=7"
}

@test "bots: greedy and mcts capture the other player's follower, not their own" {
	board_p
	place 5,0,0 tower:-1,0
	run words
	want "capture:-1,0,cloister capture:-2,0,cloister capture:none"
	run bash -c "carc-bot greedy < g | carc-render --format json | jq -r '.log[-1]'"
	want "capture:-1,0,cloister"
	run bash -c "carc-bot --iterations 300 mcts < g | carc-render --format json | jq -r '.log[-1]'"
	want "capture:-1,0,cloister"
}

@test "whole games of 2 to 6 players with floors and captures, through the tools" {
	games_with tower 31 capture:
}

@test "examples/tower.sh plays a whole game and tells the floors, captures, exchanges and ransoms" {
	run --separate-stderr sh "$TOP/examples/tower.sh" -o final ann,bob 3
	[ "$status" -eq 0 ] && [ -z "$stderr" ]
	[[ $output == *"ann builds a floor on the tower at "* ]]
	[[ $output == *"bob captures the figure at "* ]]
	[ "$(phase_of final)" = over ]
	carc-deck --verify < final
	[ "${lines[-2]}" = "$(carc-render --format json < final | jq -r '"\([.log[] | select(startswith("tower:") and (contains(",top") or . == "tower:none" | not))] | length) floor(s) built, \([.log[] | select(startswith("capture:") and . != "capture:none")] | length) capture(s), \([.log[] | select(startswith("ransom:"))] | length) ransom(s)"')" ]
	[ "${lines[-1]}" = "$(carc-render --format json < final | jq -r '"final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", "))')" ]
}

@test "examples/tower.sh: -h prints the usage, a bad option or too many words 64" {
	run --separate-stderr sh "$TOP/examples/tower.sh" -h
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == 'usage: tower.sh [-o FILE] [PLAYERS [SEED]]' ]]
	run --separate-stderr sh "$TOP/examples/tower.sh" -x
	[ "$status" -eq 64 ] && [[ $stderr == *'usage: tower.sh'* ]]
	run --separate-stderr sh "$TOP/examples/tower.sh" ann,bob 3 extra
	[ "$status" -eq 64 ]
}
