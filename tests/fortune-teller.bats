#!/usr/bin/env bats
# The Fortune Teller, rule by rule (../shared/rules/RULES.md §6, F-1 .. F-8; tiles TILES.md §6).
#
# Every test builds a small board from a fixed supply (--deck, --start) and fixed moves, then
# checks the exact points and the exact number of drawn tiles (`.drawn | length`). Expected
# values are worked out by hand from the rules; the comment above each test shows the board.
#
# Coordinates: x grows east, y grows south; the start tile is at 0,0 with rotation 0.
# Most tests start on B (a cloister in an all-field tile) so that every all-field tile fits
# next to every other. Tile shapes used (rotation 0):
#   FT1 tent in an all-field tile      FT2 tent, road S ends at it      FT3 tent, road W-E, garden
#   B   cloister, all field            C   city on all four sides       D   city N, road W-E
#   E   city cap N                     U   road W-E                     W   roads E S W end
# A player with fortune tellers draws more than one tile, and after choosing one the others go
# back and the supply is shuffled again (F-7d). So a deck whose order matters after such a turn
# is made of one kind of tile only (FT1 or B): whatever comes up, the same moves are legal and
# the points are the same.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with the fortune teller and
	# these options
	NEW_SETS=fortune-teller
}

# ndrawn: how many tiles d holds drawn (draw, tests/lib/game.bash, draws them there).
ndrawn() {
	carc-render --format json < d | jq '.drawn | length'
}

# many N ID: N copies of the tile ID joined by commas, for --deck.
many() {
	local i list=$2
	for ((i = 1; i < $1; i++)); do list="$list,$2"; done
	echo "$list"
}

# --- F-1, F-2 the tiles and the tent ---------------------------------------------------------

# FT1 under the start tile B: the follower may go on the tent or into the field, nowhere else.
@test "F-2 a follower may stand on the tent: X,Y,ROT,tent is listed and placed" {
	new --start B --deck FT1,B
	draw
	run ndrawn; want 1
	listed 0,1,0,tent
	carc-place 0,1,0,tent < d > p
	carc-render --format json < p | jq -c '.figures' > figs
	run cat figs
	want '[{"x":0,"y":1,"feature":"tent","owner":0,"type":"follower"}]'
	carc-score < p > g
	run supplies; want "ann=6 bob=7"
	run js '.log[0]'; want "FT1/0,1,0,tent"
}

# The list is checked whole, in the order --list prints it (cells north to south, west to east).
@test "F-2 the list for FT1 next to B holds every cell with and without a fortune teller" {
	new --start B --deck FT1,B
	draw
	run carc-place --list < d
	want "0,-1,0
0,-1,0,tent
0,-1,0,field:Nw
-1,0,0
-1,0,0,tent
-1,0,0,field:Nw
1,0,0
1,0,0,tent
1,0,0,field:Nw
0,1,0
0,1,0,tent
0,1,0,field:Nw"
}

# FT3 (road W-E, tent north of it, garden in the south field) east of D: the tent takes a
# follower, the garden does not (B-61: only abbots stand on gardens).
@test "F-2 FT3: the tent takes a fortune teller, its garden takes no follower" {
	new --deck FT3,B
	draw
	listed 1,0,0,tent
	listed 1,0,0,road:E
	run listed 1,0,0,garden
	[ "$status" -ne 0 ]
	run --separate-stderr carc-place 1,0,0,garden < d
	refused carc-place "a follower may not stand on a garden"
	run --separate-stderr carc-place 1,0,0,tent < d
	[ "$status" -eq 0 ]
}

# D(0,0) road W-E; ann: FT2 r90 (its road now faces W) at 1,0 with a thief; bob: W(-1,0) r0
# (roads E S W end at the junction). The road W - D - FT2 ends at the junction and at the tent:
# closed, 3 tiles = 3 for ann (F-1: a road that reaches the tent ends there).
@test "F-1 a road ends at the tent: W, D and FT2 make a closed road worth 3" {
	new --deck FT2,W,B
	turns 1,0,90,road:W
	run scores g; want "ann=0 bob=0"
	turns -1,0,0
	run scores g; want "ann=3 bob=0"
	run supplies; want "ann=7 bob=7"
}

@test "F-1 --expansions base,fortune-teller puts 79 tiles in the supply, FT1..FT8 once each" {
	carc-deck --players ann,bob --seed 3 --expansions base,fortune-teller > g
	run js '.tiles_left'; want 79
	run js '[.supply[] | select(startswith("FT"))] | sort | join(",")'
	want "FT1,FT2,FT3,FT4,FT5,FT6,FT7,FT8"
}

# An unoccupied tent shows as T in the middle of its tile; the fortune teller, by its player's
# number, hides it.
@test "F-2 carc-render shows a tent as /^\\ in the middle of its tile" {
	new --start B --deck FT1,FT1,B
	turns 0,1,0 1,0,0,tent
	run carc-render --format ascii g
	[ "$status" -eq 0 ]
	# bob's fortune teller stands on the tent at 1,0; the empty tent at 0,1 shows whole
	[ "${lines[3]}" = '0  ..[+]..|../2\..|' ] || { printf '%s\n' "${lines[@]}"; false; }
	[ "${lines[7]}" = '1  ../^\..' ] || { printf '%s\n' "${lines[@]}"; false; }
}

# --- F-5 completion ----------------------------------------------------------------------------

# Ann's fortune teller on FT1(0,1) under B. Its four sides: 0,0 (the start tile), then bob's
# B(1,1), ann's B(-1,1), bob's B(0,2): bob's tile completes it. The diagonals 1,0, -1,0, 1,2,
# -1,2 stay empty: only the four orthogonal sides count. Bob scores 3, ann nothing; ann's
# fortune teller goes home (6 -> 7 followers).
@test "F-5 the player completing another player's tent scores 3; the owner scores nothing" {
	new --start B --deck FT1,B,B,B,B,B
	turns 0,1,0,tent 1,1,0 B/-1,1,0
	run scores g; want "ann=0 bob=0"
	run supplies; want "ann=6 bob=7"
	turns 0,2,0
	run scores g; want "ann=0 bob=3"
	run supplies; want "ann=7 bob=7"
	run js '.figures | length'; want 0
	run phase_of; want draw
}

# The same tent; bob puts his B(1,0) off the tent's sides, and ann's own B(0,2) completes it.
@test "F-5 the owner completing her own tent scores 3 and gets her fortune teller back" {
	new --start B --deck FT1,B,B,B,B,B
	turns 0,1,0,tent 1,1,0 B/-1,1,0 1,0,0
	run scores g; want "ann=0 bob=0"
	run supplies; want "ann=6 bob=7"
	turns B/0,2,0
	run scores g; want "ann=3 bob=0"
	run supplies; want "ann=7 bob=7"
	run js '.figures | length'; want 0
}

# The same tent, completed by the last tile of the supply: the 3 points count, then the game
# ends (no final scoring for the tent, its fortune teller is home already).
@test "F-5 the last tile of the game completing a tent scores 3 before the end" {
	new --start B --deck FT1,B,B,B
	turns 0,1,0,tent 1,1,0 B/-1,1,0 0,2,0
	run phase_of; want over
	run scores g; want "ann=0 bob=3"
	run supplies; want "ann=7 bob=7"
}

# carc-score -v tells the completion on stderr.
@test "F-5 carc-score -v names the player and the tent it scored" {
	new --start B --deck FT1,B,B,B,B,B
	turns 0,1,0,tent 1,1,0 B/-1,1,0
	carc-draw < g | carc-place 0,2,0 > p
	run --separate-stderr carc-score -v p
	[ "$status" -eq 0 ]
	[ "$stderr" = "bob scores 3 for completing the tent at 0,1" ] || { echo "$stderr"; false; }
}

# FT1 at 0,1 without a fortune teller, closed by B(1,1), B(-1,1), B(0,2): bob, who placed the
# last of the four, scores 3. Both seeds score the completion of the tent whoever stands on it,
# or nobody. (Before issue 11 a tent without a fortune teller scored nothing.)
@test "F-5 a completed tent without a fortune teller scores 3 for its completer" {
	new --start B --deck FT1,B,B,B,B
	turns 0,1,0 1,1,0 -1,1,0
	run scores g; want "ann=0 bob=0"
	carc-draw < g | carc-place 0,2,0 > p
	run --separate-stderr carc-score -v p
	[ "$status" -eq 0 ]
	[ "$stderr" = "bob scores 3 for completing the tent at 0,1" ] || { echo "$stderr"; false; }
	carc-score < p > g
	run scores g; want "ann=0 bob=3"
	run phase_of; want draw
}

# Ann's tent at 0,1 (F-5) and bob's tent at 2,1 share the hole 1,1. Around them: 1,0, 2,0, 0,2,
# 2,2, -1,1, 3,1, and ann's 1,2 under the hole. Every tile is FT1, a tent too: none of those
# completes (each has an empty side). Bob's FT1 into the hole completes three tents: its own
# (four sides filled, nobody on it), ann's and his own fortune teller's: 3 + 3 + 3 = 9 for
# bob, both fortune tellers go home. (The order after the reshuffles does not matter.)
@test "F-5 one tile completing three tents, one of them empty, scores 3 for each: 9" {
	new --start B --deck "$(many 14 FT1)"
	turns 0,1,0,tent 1,0,0 FT1/2,0,0 2,1,0,tent FT1/0,2,0 FT1/2,2,0 FT1/-1,1,0 FT1/3,1,0 \
	    FT1/1,2,0
	run scores g; want "ann=0 bob=0"
	run supplies; want "ann=6 bob=6"
	carc-draw < g | carc-place FT1/1,1,0 > p
	run --separate-stderr carc-score -v p
	[ "$status" -eq 0 ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	[[ $stderr == *"bob scores 3 for completing the tent at 1,1"* ]]
	[[ $stderr == *"bob scores 3 for completing the tent at 0,1"* ]]
	[[ $stderr == *"bob scores 3 for completing the tent at 2,1"* ]]
	carc-score p > g
	run scores g; want "ann=0 bob=9"
	run supplies; want "ann=7 bob=7"
}

# --- F-8 a tent placed into a hole -------------------------------------------------------------

# B(1,0), B(1,1), B(-1,0), B(-1,1), B(-1,2), B(0,2) leave the hole 0,1 with four sides filled.
# Ann's FT1 there with a fortune teller: complete at once, 3 for ann, the follower comes back.
@test "F-8 a tent tile with a fortune teller placed into a four-sided hole scores 3 at once" {
	new --start B --deck B,B,B,B,B,B,FT1,B
	turns 1,0,0 1,1,0 -1,0,0 -1,1,0 -1,2,0 0,2,0
	run scores g; want "ann=0 bob=0"
	draw
	run ndrawn; want 1
	listed 0,1,0,tent
	carc-place 0,1,0,tent < d > p
	carc-render --format json < p | jq -c '[.players[0].supply.follower, (.figures | length)]' > x
	run cat x; want "[6,1]"
	carc-score < p > g
	run scores g; want "ann=3 bob=0"
	run supplies; want "ann=7 bob=7"
	run js '.figures | length'; want 0
}

# The same hole filled by FT1 without a fortune teller: the tent is complete at once, ann
# scores 3 (F-5: the completion scores, whoever stands on the tent).
@test "F-8 a tent tile without a fortune teller placed into a four-sided hole scores 3" {
	new --start B --deck B,B,B,B,B,B,FT1,B
	turns 1,0,0 1,1,0 -1,0,0 -1,1,0 -1,2,0 0,2,0 0,1,0
	run scores g; want "ann=3 bob=0"
}

# --- F-6 the end of the game -------------------------------------------------------------------

# Ann's fortune teller on FT1(0,1), the last tile: no final scoring for tents.
# (A monk on a cloister in the same place would score 1 + 1 neighbour = 2, see the next test.)
@test "F-6 a fortune teller left on the board at the end scores nothing" {
	new --start B --deck FT1
	turns 0,1,0,tent
	run phase_of; want over
	run scores g; want "ann=0 bob=0"
}

@test "F-6 (contrast) a monk in the same place at the end scores 2" {
	new --start B --deck B
	turns 0,1,0,cloister
	run phase_of; want over
	run scores g; want "ann=2 bob=0"
}

# --- F-3 at most two fortune tellers -----------------------------------------------------------

# Ann: tents at 0,1 and 0,-1; bob's FT1s at 1,0 and 1,1 carry nobody. Ann then draws 3 FT1s
# and may not put a third fortune teller on any of them.
@test "F-3 a third fortune teller is refused with status 1 and is not in --list" {
	new --start B --deck "$(many 10 FT1)"
	turns 0,1,0,tent 1,0,0 FT1/0,-1,0,tent 1,1,0
	run js '[.figures[] | select(.feature == "tent") | .owner] | join(",")'; want "0,0"
	draw
	run ndrawn; want 3
	run --separate-stderr carc-place FT1/-1,1,0,tent < d
	refused carc-place "illegal move 'FT1/-1,1,0,tent': ann has 2 fortune tellers already (F-3)"
	run bash -c 'carc-place --list < d | grep -c ",tent$"'
	[ "$output" = 0 ]
	listed FT1/-1,1,0
	listed FT1/-1,1,0,field:Nw
	run --separate-stderr carc-place FT1/-1,1,0,field:Nw < d
	[ "$status" -eq 0 ]
}

# After bob completes ann's first tent she has one fortune teller again and may place another.
@test "F-3 a fortune teller that came home may be placed on a tent again" {
	new --start B --deck "$(many 10 FT1)"
	turns 0,1,0,tent 1,0,0 FT1/0,-1,0,tent 1,1,0 FT1/-1,1,0 0,2,0
	run scores g; want "ann=0 bob=3"
	draw
	listed FT1/-1,0,0,tent
	run --separate-stderr carc-place FT1/-1,0,0,tent < d
	[ "$status" -eq 0 ]
}

# The limit is per player: bob may have his own two while ann has two.
@test "F-3 the limit counts one player's fortune tellers, not everyone's" {
	new --start B --deck "$(many 12 FT1)"
	turns 0,1,0,tent 1,0,0,tent FT1/0,-1,0,tent FT1/1,1,0
	draw
	run ndrawn; want 3
	listed FT1/2,0,0
	run bash -c 'carc-place --list < d | grep -c ",tent$"'
	[ "$output" = 0 ]
	turns FT1/2,0,0
	draw
	run ndrawn; want 2
	listed FT1/2,1,0,tent
}

# --- F-4 how many tiles are drawn --------------------------------------------------------------

# Every tile is FT1. Ann: 1 tile with no fortune teller; 2 with one; 3 with two. Bob, with none,
# draws 1 each time. Bob's FT1(0,2) completes ann's tent at 0,1 (sides 0,0, 1,1, -1,1, 0,2):
# ann is back to one fortune teller and draws 2.
@test "F-4 the draw rises to 2 and 3 with fortune tellers and drops after a completion" {
	new --start B --deck "$(many 10 FT1)"
	draw; run ndrawn; want 1
	turns 0,1,0,tent
	draw; run ndrawn; want 1
	turns 1,0,0
	draw; run ndrawn; want 2
	turns FT1/0,-1,0,tent
	draw; run ndrawn; want 1
	turns 1,1,0
	draw; run ndrawn; want 3
	turns FT1/-1,1,0
	draw; run ndrawn; want 1
	turns 0,2,0
	run scores g; want "ann=0 bob=3"
	draw; run ndrawn; want 2
}

# Bob's fortune teller makes bob draw 2 and leaves ann's draw at 1.
@test "F-4 the draw counts the fortune tellers of the player to move only" {
	new --start B --deck "$(many 6 FT1)"
	turns 0,1,0 1,0,0,tent
	draw; run ndrawn; want 1
	turns 0,-1,0
	draw; run ndrawn; want 2
}

# The tiles drawn come off the top of the supply: with the deck FT1, B, U, E, ann's 2 tiles at
# her second turn are U and E, and 1 tile is left.
@test "F-4 the tiles drawn are the top of the supply, in order" {
	new --start B --deck FT1,B,U,E,B
	turns 0,1,0,tent 1,0,0
	draw
	run bash -c 'carc-render --format json d | jq -c "[.drawn, .tiles_left]"'
	want '[["U","E"],1]'
}

# --- F-4 drawing fewer: the rule option ft-draw=may -----------------------------------------

# The same board: ann has one fortune teller and may draw 2 tiles, U and E.
mayboard() {
	new --start B --deck FT1,B,U,E,B "$@"
	turns 0,1,0,tent 1,0,0
}

# Seed 000's rule text says a player "may draw" the extra tile; seed 001 and the publisher say
# the maximum is always drawn. By default the maximum; under ft-draw=may, --tiles 1 draws one
# tile, the top one, and the log keeps the choice as the decision draw:1, so the game replays.
@test "F-4 ft-draw=may: carc-draw --tiles 1 draws one tile and the log keeps draw:1" {
	mayboard --rule ft-draw=may
	run js '.setup.rules["ft-draw"]'; want may
	carc-draw --tiles 1 < g > d
	run bash -c 'carc-render --format json d | jq -c "[.drawn, .tiles_left, .log[-1]]"'
	want '[["U"],2,"draw:1"]'
	carc-place 0,-1,0 < d | carc-score > g
	run js '[.log[-2:][], (.supply | length)] | join(" ")'; want "draw:1 U/0,-1,0 2"
	carc-deck --verify g
	carc-deck --replay g > r
	cmp r g
}

# Drawing all that is allowed is the ordinary draw: the same bytes, no word in the log.
@test "F-4 ft-draw=may: --tiles 2 is the ordinary draw, and leaves no word in the log" {
	mayboard --rule ft-draw=may
	carc-draw < g > all
	carc-draw --tiles 2 < g > two
	cmp all two
	run bash -c 'carc-render --format json two | jq -c "[.drawn, .log[-1]]"'
	want '[["U","E"],"B/1,0,0"]'
}

@test "F-4 --tiles: more than allowed, or fewer without ft-draw=may, is refused with status 1" {
	mayboard --rule ft-draw=may
	run --separate-stderr carc-draw --tiles 3 g
	fails 1 "carc-draw: ann may draw 2 tiles now, not 3 (F-4)"
	mayboard
	run js '.setup.rules | has("ft-draw")'; want false
	run --separate-stderr carc-draw --tiles 1 g
	fails 1 "carc-draw: ann draws all 2 tiles the fortune tellers give (F-4); --rule ft-draw=may lets a player draw fewer"
	run --separate-stderr carc-draw --tiles 0 g
	fails 64 "carc-draw: bad --tiles '0'"
	run --separate-stderr carc-draw --tiles x g
	fails 64 "carc-draw: bad --tiles 'x'"
}

# In phase draw, under ft-draw=may and with a choice to make, --list offers the draws (the
# most first) and carc-place takes them: draw:1 gives the bytes of carc-draw --tiles 1. Without
# a choice (no fortune teller, or no option) the draw is carc-draw's, as ever.
@test "F-4 ft-draw=may: --list offers draw:2 and draw:1 in phase draw, and carc-place takes them" {
	mayboard --rule ft-draw=may
	run carc-place --list g
	want "draw:2
draw:1"
	carc-place draw:1 < g > p
	carc-draw --tiles 1 < g > d
	cmp p d
	run --separate-stderr carc-place draw:3 g
	fails 1 "ann may draw 2 tiles now, not 3 (F-4)"
	run --separate-stderr carc-place draw:x g
	fails 64 "bad move 'draw:x': expected draw:N"
	mayboard
	run --separate-stderr carc-place --list g
	fails 1 "the game waits for carc-draw, not for a placement"
	new --start B --deck B,B --rule ft-draw=may
	run --separate-stderr carc-place --list g
	fails 1 "the game waits for carc-draw, not for a placement"
}

# carc-bot in phase draw: greedy and mcts draw all they may (a wider choice costs nothing, the
# tiles not chosen go back); random tries every decision, so over ten seeds both counts come up.
# The bot then places a tile, the rest of its turn (issue 36): in phase score the state still
# holds the tiles drawn and not chosen (F-7d), one fewer than drawn.
@test "F-4 ft-draw=may: the thinking bots draw the most, random tries both" {
	mayboard --rule ft-draw=may
	carc-bot greedy < g > p
	run bash -c 'carc-render --format json p | jq -c "[.phase, (.drawn | length) + 1]"'
	want '["score",2]'
	carc-bot --iterations 10 mcts < g > p
	run bash -c 'carc-render --format json p | jq -c "[.phase, (.drawn | length) + 1]"'
	want '["score",2]'
	for seed in 1 2 3 4 5 6 7 8 9 10; do
		carc-bot --seed "$seed" random < g | carc-render --format json |
		    jq '(.drawn | length) + 1'
	done | sort -u > counts
	run cat counts; want "1
2"
	mayboard
	run --separate-stderr carc-bot greedy g
	fails 1 "the game waits for carc-draw, not for a placement"
}

# F-7d: the tile not chosen is held until the turn ends, and carc-render says so.
@test "F-7d in phase score the tile not chosen is held, and carc-render says it goes back" {
	mayboard
	carc-draw < g | carc-place U/0,-1,0 > p
	run bash -c 'carc-render p | grep "^phase"'
	want "phase score: ann has placed U; carc-score ends the turn and returns E"
	run bash -c 'carc-render --format json p | jq -c "[.drawn, .tiles_left]"'
	want '[["E"],1]'
	carc-score < p > g
	run js '[.drawn, .tiles_left] | tojson'; want '[[],2]'
}

# --list after a multi-draw: every drawn tile's placements, in the order drawn, each with its
# TILE/ prefix; the same placements as when that tile alone is drawn on the same board.
@test "F-4 --list after a multi-draw is every drawn tile's placements with the TILE/ prefix" {
	new --start B --deck FT1,B,U,E,B
	turns 0,1,0,tent 1,0,0
	draw
	carc-place --list < d > both
	# the same board with the fortune teller not placed: ann draws U or E alone
	new --start B --deck FT1,B,U,B
	turns 0,1,0 1,0,0
	draw
	carc-place --list < d | sed 's|^|U/|' > alone
	new --start B --deck FT1,B,E,B
	turns 0,1,0 1,0,0
	draw
	carc-place --list < d | sed 's|^|E/|' >> alone
	grep -q '^U/' alone
	grep -q '^E/' alone
	cmp both alone
}

# Ann draws two copies of B. The board is B(0,0), FT1(0,1), B(1,1): 7 free cells, B has one
# rotation that counts, and 3 words a cell (none, cloister, field:Nw) = 21 decisions. Each is
# one decision, so --list names it once, as it names a symmetric tile's placement once.
@test "F-4 --list names each decision once when two copies of a tile are drawn" {
	new --start B --deck FT1,B,B,B,B
	turns 0,1,0,tent 1,1,0
	draw
	run bash -c 'carc-render --format json d | jq -c .drawn'
	want '["B","B"]'
	run bash -c 'carc-place --list < d | sort | uniq -d | head -n 3'
	want ""
	run bash -c 'carc-place --list < d | wc -l'
	want 21
}

# --- the TILE/ prefix ----------------------------------------------------------------------------

@test "F-4 with several tiles drawn a move without TILE/ is refused with a clear message" {
	new --start B --deck FT1,B,B,B,B
	turns 0,1,0,tent 1,1,0
	draw
	run ndrawn; want 2
	run --separate-stderr carc-place -1,1,0 < d
	refused carc-place "illegal move '-1,1,0': 2 tiles were drawn, say which as TILE/X,Y,ROT"
	run --separate-stderr carc-place B/-1,1,0 < d
	[ "$status" -eq 0 ]
}

@test "F-4 a TILE/ naming a tile that was not drawn is refused" {
	new --start B --deck FT1,B,B,B,B
	turns 0,1,0,tent 1,1,0
	draw
	run --separate-stderr carc-place FT1/-1,1,0 < d
	refused carc-place "illegal move 'FT1/-1,1,0': tile FT1 was not drawn"
	run --separate-stderr carc-place X/-1,1,0 < d
	refused carc-place "illegal move 'X/-1,1,0': tile X was not drawn"
	run --separate-stderr carc-place NOPE/-1,1,0 < d
	refused carc-place "tile NOPE was not drawn"
}

# With one tile drawn the prefix is optional, but it must name that tile.
@test "F-4 with one tile drawn TILE/ may name it and may not name another" {
	new --start B --deck FT1,B
	draw
	run --separate-stderr carc-place B/0,1,0 < d
	refused carc-place "illegal move 'B/0,1,0': tile B was not drawn"
	run --separate-stderr carc-place FT1/0,1,0,tent < d
	[ "$status" -eq 0 ]
}

# --- F-7 drawing ---------------------------------------------------------------------------------

# Ann (one fortune teller) draws C and B; C (a city on every side) fits nowhere on this board
# of fields. Only B's moves are listed, choosing C is refused; C is held until the turn ends
# (F-7d: in phase score it is still among the drawn tiles) and then goes back to the supply.
@test "F-7b of two drawn tiles only the one that fits may be chosen" {
	new --start B --deck FT1,B,C,B,B,B
	turns 0,1,0,tent 1,1,0
	draw
	run bash -c 'carc-render --format json d | jq -c "[.drawn, .tiles_left]"'
	want '[["C","B"],2]'
	run bash -c 'carc-place --list < d | grep -vc "^B/"'
	[ "$output" = 0 ]
	listed B/-1,1,0
	listed B/-1,1,0,cloister
	run --separate-stderr carc-place C/-1,1,0 < d
	refused carc-place "illegal move 'C/-1,1,0': tile C fits nowhere; choose a drawn tile that fits (F-7)"
	carc-place B/-1,1,0 < d > p
	run bash -c 'carc-render --format json p | jq -c "[(.supply | sort), .aside, .drawn]"'
	want '[["B","B"],[],["C"]]'
	carc-score < p > g
	run js '[(.supply | sort), .aside, .drawn] | tojson'
	want '[["B","B","C"],[],[]]'
}

# The same draw handed to the bot: whatever its seed, it places B, holds C, and C goes back
# when carc-score ends the turn.
@test "F-7b carc-bot chooses among the drawn tiles that fit" {
	new --start B --deck FT1,B,C,B,B,B
	turns 0,1,0,tent 1,1,0
	draw
	for seed in 1 2 3 4 5; do
		carc-bot --seed "$seed" random < d | carc-score > p
		run bash -c 'carc-render --format json p | jq -r "[.log[-1][0:2], (.supply | sort | join(\",\"))] | join(\" \")"'
		want "B/ B,B,C"
	done
}

# Ann (one fortune teller) draws C and C: neither fits. Both are set aside and single tiles are
# drawn: C (set aside too), then B, which fits: one tile drawn, 1 B left, aside C, C, C.
@test "F-7c when no drawn tile fits all are set aside and single tiles are drawn until one fits" {
	new --start B --deck FT1,B,C,C,C,B,B
	turns 0,1,0,tent 1,1,0
	draw
	run bash -c 'carc-render --format json d | jq -c "[.drawn, .aside, .tiles_left]"'
	want '[["B"],["C","C","C"],1]'
	run --separate-stderr carc-place -1,1,0 < d
	[ "$status" -eq 0 ]
}

# Ann holds two fortune tellers (a draw of 3) with only 2 tiles left: she draws both.
# After her choice one goes back; bob draws it and the game ends. The tents score nothing (F-6).
@test "F-7a with fewer tiles left than the draw, all that remain are drawn" {
	new --start B --deck "$(many 6 FT1)"
	turns 0,1,0,tent 1,0,0 FT1/0,-1,0,tent 1,1,0
	run js .tiles_left; want 2
	draw
	run ndrawn; want 2
	run bash -c 'carc-render --format json d | jq .tiles_left'; want 0
	turns FT1/-1,0,0
	run js .tiles_left; want 1
	turns 2,0,0
	run phase_of; want over
	run scores g; want "ann=0 bob=0"
}

# The same with one tile left: ann draws 1, and needs no TILE/ prefix.
@test "F-7a with one tile left a player with two fortune tellers draws 1" {
	new --start B --deck "$(many 5 FT1)"
	turns 0,1,0,tent 1,0,0 FT1/0,-1,0,tent 1,1,0
	draw
	run ndrawn; want 1
	run --separate-stderr carc-place -1,0,0 < d
	[ "$status" -eq 0 ]
	turns -1,0,0
	run phase_of; want over
	run scores g; want "ann=0 bob=0"
}

# --- F-7d the reshuffle is seeded ------------------------------------------------------------

# turns3 SEED MOVE: into g, FT1 with a fortune teller, B, then ann's choice MOVE among U and E.
turns3() {
	new --seed "$1" --start B --deck FT1,B,U,E,V,W,A,X,B,B
	turns 0,1,0,tent 1,0,0 "$2"
}

@test "F-7d the tiles not chosen go back and the supply is shuffled again, by the seed" {
	turns3 7 U/0,-1,0
	run js '.supply | join(",")'
	# not the old order with E put back on top or at the bottom
	[ "$output" != "E,V,W,A,X,B,B" ]
	[ "$output" != "V,W,A,X,B,B,E" ]
	run js '.supply | sort | join(",")'; want "A,B,B,E,V,W,X"
	cp g a
	turns3 7 U/0,-1,0
	cmp a g
	# one more turn each, by a seeded bot: still the same bytes
	carc-draw < a | carc-bot --seed 5 random | carc-score > a2
	carc-draw < g | carc-bot --seed 5 random | carc-score > g2
	cmp a2 g2
	# another seed, same decisions: the same tiles in another order
	turns3 8 U/0,-1,0
	run js '.supply | sort | join(",")'; want "A,B,B,E,V,W,X"
	run cmp -s a g
	[ "$status" -eq 1 ]
	[ "$(carc-render --format json a | jq -r '.supply | join(",")')" != "$(js '.supply | join(",")')" ]
}

@test "F-7d choosing the other tile gives another supply" {
	turns3 7 U/0,-1,0
	cp g a
	turns3 7 E/0,-1,0
	run cmp -s a g
	[ "$status" -eq 1 ]
	run js '.supply | sort | join(",")'; want "A,B,B,U,V,W,X"
	[ "$(carc-render --format json a | jq -r '.supply | join(",")')" != "$(js '.supply | join(",")')" ]
}

# --- whole games -------------------------------------------------------------------------------

# Plays g to its end with random bots, `carc-score -v` telling into told; fails after 80 turns.
# Writes the size of every draw of more than one tile to multi. F-3 is checked at every turn by
# the tools themselves: each reads the state, and the reader refuses a third fortune teller.
bots() {
	local turns=0 n
	: > multi
	: > told
	while [ "$(phase_of g)" != over ]; do
		[ "$turns" -lt 80 ] || { echo "no end after $turns turns"; return 1; }
		carc-draw < g > d || return 1
		n=$(carc-render --format json d | jq '.drawn | length')
		[ "$n" -ge 1 ] && [ "$n" -le 3 ] || { echo "turn $turns: $n tiles drawn"; return 1; }
		[ "$n" -eq 1 ] || echo "$n" >> multi
		carc-bot random < d | carc-score -v > g.next 2>> told || return 1
		mv g.next g
		turns=$((turns + 1))
	done
}

# A game for PLAYERS with SEED: it ends, every one of the 79 tiles (besides the start tile) is
# on the board or set aside, nothing is left drawn, some player drew more than one tile, and the
# points told add up to the scores. The seeds are ones whose games have multi-draws.
whole_game() {
	carc-deck --players "$1" --seed "$2" --expansions base,fortune-teller > g
	bots
	run js '[.phase, (.board | length) - 1 + (.aside | length), .tiles_left, (.drawn | length)]
	    | map(tostring) | join(" ")'
	want "over 79 0 0"
	[ -s multi ]
	[ "$(scores_told g told)" = "$(scores g)" ]
	[ "$(js '[.players[].score] | add')" -gt 0 ]
}

@test "a whole game with the fortune teller, 2 players, bots through pipes; a tent is completed" {
	whole_game ann,bob 6
	grep -q "scores 3 for completing the tent at" told
}

# bats test_tags=slow
@test "a whole game with the fortune teller, 6 players" {
	whole_game ann,bob,cy,dee,eve,fay 3
}

# The example script, run from another folder: it tells the multi-draws and the completed tent
# of seed 6 (the 2-player game above) and ends with the board and the scores.
@test "examples/fortune-teller.sh plays a whole game and tells the draws and the tents" {
	run --separate-stderr sh "$TOP/examples/fortune-teller.sh" -o final ann,bob 6
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ $output == *"turn 6: bob draws 2 tiles for 1 fortune teller (Rg, B) and plays Rg"* ]]
	[[ $output == *"turn 66: bob scores 3 for completing the tent at -3,-1"* ]]
	[ "${lines[${#lines[@]}-1]}" = "final scores: ann 11, bob 20" ]
	run scores final; want "ann=11 bob=20"
	run bash -c "carc-render --format json final | jq -r .phase"; want over
}
