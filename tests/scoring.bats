#!/usr/bin/env bats
# Scoring of the base game, rule by rule (../shared/rules/RULES.md B-22 .. B-83).
#
# Every test builds a small board from a fixed supply (--deck, sometimes --start) and fixed
# moves, then checks the exact points. The expected numbers are worked out by hand from the
# rules; the comment above each test shows the board and the arithmetic.
#
# Coordinates: x grows east, y grows south; the start tile is at 0,0 with rotation 0.
# The start tile is D (city cap N, road W-E) unless the test says otherwise.
# Tile shapes used (base.yaml, rotation 0; "rN" = rotated N degrees clockwise):
#   A cloister, road ends S      B cloister           E city cap N        F city W-E, pennant
#   G city W-E                   H city caps N and S  I city caps N and W
#   L city cap N, roads E S W end at a village        M city N+W, pennant N city N+W
#   R city N+E+W                 U road W-E           V road W-S          W roads E S W end
# Many tests keep one tile more in the supply than they place, so that the checked turn is
# scored during the game and not mixed with the final scoring.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): start the game g for ann and bob with these
	# carc-deck options; no NEW_SETS: the base game alone
}

# --- B-40 / B-30 roads ----------------------------------------------------------------------

# W(-1,0) r0 (road end E) - D(0,0) - U(1,0) - W(2,0) r0 (road end W): closed, 4 tiles.
@test "B-40 a closed road of 4 tiles scores 4, one point per tile" {
	new --deck U,W,W,B
	turns 1,0,0,road:E 2,0,0
	run scores g; want "ann=0 bob=0"
	turns -1,0,0
	run scores g; want "ann=4 bob=0"
	run phase_of; want "draw"
}

# Four curves in a ring under D: V(0,1) r270 (E,S), V(1,1) r0 (W,S), V(0,2) r180 (N,E),
# V(1,2) r90 (N,W). No open end: complete, 4 tiles = 4.
@test "B-30 a road that loops into itself is complete and scores 4 for 4 tiles" {
	new --deck V,V,V,V,B
	turns 0,1,270,road:E 1,1,0 0,2,180
	run scores g; want "ann=0 bob=0"
	turns 1,2,90
	run scores g; want "ann=4 bob=0"
	run supplies; want "ann=7 bob=7"
}

# Start W (roads end E, S, W). The road leaves its E end, runs V(1,0) r0, V(1,1) r90,
# V(0,1) r180 and comes back into its S end: both ends closed at the junction.
# Tiles: W, V, V, V = 4 distinct tiles (W holds two segments of the road) -> 4, not 5.
@test "B-43 a road that ends twice at the same junction counts that tile once: 4" {
	new --start W --deck V,V,V,B
	turns 1,0,0,road:S 1,1,90
	run scores g; want "ann=0 bob=0"
	turns 0,1,180
	run scores g; want "ann=4 bob=0"
}

# --- B-41 / B-43 cities ---------------------------------------------------------------------

# D(0,0) cap N, F(0,-1) r90 (city N-S, pennant), E(0,-2) r180 (cap S).
# 3 tiles x 2 + 1 pennant x 2 = 8. Bob completes ann's city: ann scores.
@test "B-41 a closed city of 3 tiles with a pennant scores 8" {
	new --deck F,E,B
	turns 0,-1,90,city:N
	run scores g; want "ann=0 bob=0"
	turns 0,-2,180
	run scores g; want "ann=8 bob=0"
}

# D(0,0), F(0,-1) r90 (pennant), M(0,-2) r180 (city S+E, pennant), E(1,-2) r270 (cap W).
# 4 tiles x 2 + 2 pennants x 2 = 12.
@test "B-41 a closed city of 4 tiles with 2 pennants scores 12" {
	new --deck F,M,E,B
	turns 0,-1,90,city:N 0,-2,180
	run scores g; want "ann=0 bob=0"
	turns 1,-2,270
	run scores g; want "ann=12 bob=0"
}

# Start I (caps N and W, not joined on the tile). N(0,-1) r270 (city W+S), N(-1,-1) r180
# (city E+S), Ng(-1,0) r90 (city N+E) join both caps of I into one closed city.
# Distinct tiles: I, N, N, Ng = 4 -> 4 x 2 = 8 (counting I twice would give 10).
@test "B-43 a closed city passing the same tile twice counts it once: 8" {
	new --start I --deck N,N,Ng,B
	turns 0,-1,270,city:S -1,-1,180
	run scores g; want "ann=0 bob=0"
	turns -1,0,90
	run scores g; want "ann=8 bob=0"
}

# As above, but R(-1,-1) r90 (city N+E+S) leaves the city open to the north; the game ends.
# Incomplete: distinct tiles I, N, R, N = 4 -> 4 x 1 = 4 (not 5).
@test "B-43 an incomplete city passing the same tile twice counts it once at the end: 4" {
	new --start I --deck N,R,N
	turns 0,-1,270,city:S -1,-1,90 -1,0,90
	run phase_of; want "over"
	run scores g; want "ann=4 bob=0"
}

# --- B-42 cloisters -------------------------------------------------------------------------

# B(0,1) with a monk under D; around it U(1,0), U(-1,0), B(1,1), B(-1,1), U(-1,2), U(0,2),
# and last U(1,2): the 8th neighbour completes it -> 9. With 7 neighbours it scores nothing.
@test "B-42 a cloister surrounded by 8 tiles scores 9" {
	new --deck B,U,U,B,B,U,U,U,E
	turns 0,1,0,cloister 1,0,0 -1,0,0 1,1,0 -1,1,0 -1,2,0 0,2,0
	run scores g; want "ann=0 bob=0"
	turns 1,2,0
	run scores g; want "ann=9 bob=0"
	run supplies; want "ann=7 bob=7"
}

# --- B-24 a follower on a feature its own tile completes -----------------------------------

# E(0,-1) r180 closes D's city cap: 2 tiles x 2 = 4 (C2; the C1 small-city rule B-70 is not
# the default). The knight scores at once and is back in supply after carc-score.
@test "B-24 a knight on the city its own tile completes scores 4 at once and returns" {
	new --deck E,B
	carc-draw < g > d
	carc-place 0,-1,180,city:S < d > p
	carc-render --format json < p > p.json
	run jq -r '.players[0].supply.follower' p.json; want "6"
	carc-score < p > g
	run scores g; want "ann=4 bob=0"
	run supplies; want "ann=7 bob=7"
	run js '.figures | length'; want "0"
}

# The 8 cells around 0,1 are filled first (U(1,0), U(-1,0), B(1,1), B(-1,1), U(-1,2),
# U(0,2), U(1,2)); then bob puts B(0,1) into the hole with a monk: complete at once -> 9.
@test "B-24 a monk on a cloister placed into a full ring scores 9 at once and returns" {
	new --deck U,U,B,B,U,U,U,B,E
	turns 1,0,0 -1,0,0 1,1,0 -1,1,0 -1,2,0 0,2,0 1,2,0
	run scores g; want "ann=0 bob=0"
	turns 0,1,0,cloister
	run scores g; want "ann=0 bob=9"
	run supplies; want "ann=7 bob=7"
}

# --- B-44 majority, B-23 joining, B-45 return ----------------------------------------------

# Start G (city W-E). Ann: E(0,-1) r90, a separate cap facing east, knight. Bob: N(1,0) r0
# (city N+W) joins G's city, knight. Ann: N(1,-1) r270 (city W+S) joins both parts.
@test "B-23 joining separately claimed cities is legal; both knights stay on the joined city" {
	new --start G --deck E,N,N,E,B
	turns 0,-1,90,city:E 1,0,0,city:N
	carc-draw < g > d
	listed 1,-1,270
	run --separate-stderr carc-place 1,-1,270 < d
	[ "$status" -eq 0 ]
	turns 1,-1,270
	run js '[.figures[] | "\(.owner)@\(.x),\(.y)"] | sort | join(" ")'
	want "0@0,-1 1@1,0"
	run scores g; want "ann=0 bob=0"
}

# The same board. The joining tile itself may not take a knight: both parts are occupied.
@test "B-22 the tile that joins two claimed cities cannot take a knight on that city" {
	new --start G --deck E,N,N,E,B
	turns 0,-1,90,city:E 1,0,0,city:N
	carc-draw < g > d
	run listed 1,-1,270,city:W
	[ "$status" -ne 0 ]
	run --separate-stderr carc-place 1,-1,270,city:W < d
	refused carc-place "illegal move '1,-1,270,city:W': that city already has a follower (B-22)"
}

# The same board, then bob closes G's west end with E(-1,0) r90.
# City: E(0,-1), N(1,-1), N(1,0), G(0,0), E(-1,0) = 5 tiles, no pennant = 10.
# One knight each: a tie, both score the full 10.
@test "B-44 two players tied on a joined city both score the full 10" {
	new --start G --deck E,N,N,E,B
	turns 0,-1,90,city:E 1,0,0,city:N 1,-1,270
	turns -1,0,90
	run scores g; want "ann=10 bob=10"
	run supplies; want "ann=7 bob=7"
}

# Start G. Ann: E(0,-1) r90 knight; bob: R(1,0) r270 (city N+W+S) knight on G's city;
# ann: E(0,1) r90 knight; bob: N(1,-1) r270 joins the north part; ann: Ng(1,1) r0 (city N+W)
# joins the south part; bob: E(-1,0) r90 closes it.
# City: E, N, R, Ng, E, G, E = 7 tiles, no pennant = 14. Ann 2 knights, bob 1: ann 14, bob 0.
@test "B-44 a 2-vs-1 majority: only the majority scores 14" {
	new --start G --deck E,R,E,N,Ng,E,B
	turns 0,-1,90,city:E 1,0,270,city:N 0,1,90,city:E 1,-1,270 1,1,0
	run scores g; want "ann=0 bob=0"
	turns -1,0,90
	run scores g; want "ann=14 bob=0"
}

# The same 2-vs-1 city: before the closing tile ann has 5 followers in supply and bob 6;
# after scoring every knight, the winner's and the loser's, is back: 7 and 7.
@test "B-45 all followers in a scored feature return, winners and losers" {
	new --start G --deck E,R,E,N,Ng,E,B
	turns 0,-1,90,city:E 1,0,270,city:N 0,1,90,city:E 1,-1,270 1,1,0
	run supplies; want "ann=5 bob=6"
	run js '.figures | length'; want "3"
	turns -1,0,90
	run supplies; want "ann=7 bob=7"
	run js '.figures | length'; want "0"
}

# --- B-46 several features completed by one tile -------------------------------------------

# D(0,0); ann V(1,0) r90 (road W-N) thief; bob V(1,-1) r0 (road W-S); ann W(-1,0) r0 closes
# the west end; bob L(0,-1) r180 (city S; roads N E W end) with a knight closes both the road
# W(-1,0)-D-V-V-L (5 tiles = 5 for ann) and the city D+L (2 tiles = 4 for bob).
@test "B-46 one tile completing a road and a city scores both: 5 and 4" {
	new --deck V,V,W,L,B
	turns 1,0,90,road:N 1,-1,0 -1,0,0
	run scores g; want "ann=0 bob=0"
	turns 0,-1,180,city:S
	run scores g; want "ann=5 bob=4"
	run supplies; want "ann=7 bob=7"
}

# --- B-47 nobody there ------------------------------------------------------------------------

# E(0,-1) r180 closes D's city (4 points) and W(-1,0), W(1,0) close D's road (3 points), all
# without followers: nobody scores.
@test "B-47 completed features without followers score nobody" {
	new --deck E,W,W,B
	turns 0,-1,180 1,0,0 -1,0,0
	run scores g; want "ann=0 bob=0"
	run supplies; want "ann=7 bob=7"
	run phase_of; want "draw"
}

# --- B-22 the occupied rule ------------------------------------------------------------------

# Ann's thief on U(1,0); bob U(2,0); ann U(3,0) may not put a second follower of her own on
# the road (her thief is two tiles away).
@test "B-22 a follower on a road occupied by your own follower is refused" {
	new --deck U,U,U,U,B
	turns 1,0,0,road:E 2,0,0
	carc-draw < g > d
	run listed 3,0,0,road:E
	[ "$status" -ne 0 ]
	run --separate-stderr carc-place 3,0,0,road:E < d
	refused carc-place "illegal move '3,0,0,road:E': that road already has a follower (B-22)"
	listed 3,0,0
	listed 3,0,0,field:Nw
}

# Ann's thief on U(1,0); U(2,0), U(3,0) follow; bob's U at the far west end, -1,0, may not
# take a thief: the road is occupied three tiles away.
@test "B-22 a follower on a road occupied far away is refused with status 1 and no output" {
	new --deck U,U,U,U,B
	turns 1,0,0,road:E 2,0,0 3,0,0
	carc-draw < g > d
	run listed -1,0,0,road:E
	[ "$status" -ne 0 ]
	run --separate-stderr carc-place -1,0,0,road:E < d
	refused carc-place "illegal move '-1,0,0,road:E': that road already has a follower (B-22)"
	listed -1,0,0
	run --separate-stderr carc-place -1,0,0 < d
	[ "$status" -eq 0 ]
	[ -n "$output" ]
}

# Ann's farmer in the field north of the road (D's En Wn half joined with U(1,0)'s north
# field); bob's U(-1,0) joins that same field on its north side: no farmer there.
@test "B-80 a farmer in a field already holding a farmer is refused" {
	new --deck U,U,B
	turns 1,0,0,field:Nw
	carc-draw < g > d
	run listed -1,0,0,field:Nw
	[ "$status" -ne 0 ]
	run --separate-stderr carc-place -1,0,0,field:Nw < d
	refused carc-place "illegal move '-1,0,0,field:Nw': that field already has a follower (B-22)"
	listed -1,0,0,field:Es
}

# --- B-25 no follower left -------------------------------------------------------------------

# Ann puts all 7 followers on incomplete features: monks on B(0,1), B(1,1), B(2,1), B(3,1),
# A(4,1), A(5,1) and a knight on E(6,1) r180; bob extends the road with U(1,0) .. Ug(7,0).
@test "B-25 with no follower left a placement with a figure is refused" {
	new --deck B,U,B,U,B,U,B,U,A,U,A,U,E,Ug,E,V
	turns 0,1,0,cloister 1,0,0 1,1,0,cloister 2,0,0 2,1,0,cloister 3,0,0 3,1,0,cloister \
	    4,0,0 4,1,0,cloister 5,0,0 5,1,0,cloister 6,0,0 6,1,180,city:S 7,0,0
	run supplies; want "ann=0 bob=7"
	run scores g; want "ann=0 bob=0"
	carc-draw < g > d
	run --separate-stderr carc-place 7,1,180,city:S < d
	refused carc-place "illegal move '7,1,180,city:S': ann has no follower left (B-25)"
	run bash -c 'carc-place --list < d | grep -c "^[^,]*,[^,]*,[^,]*,"'
	[ "$output" = "0" ]
	listed 7,1,180
	turns 7,1,180
}

# --- B-50 / B-51 end of the game -------------------------------------------------------------

# Ann's thief on U(1,0); the supply is empty afterwards. Road D+U, open both ends: 2 x 1 = 2.
@test "B-51 final scoring: an incomplete road scores 1 per tile: 2" {
	new --deck U
	turns 1,0,0,road:E
	run phase_of; want "over"
	run scores g; want "ann=2 bob=0"
}

# Ann's knight on F(0,-1) r90 (pennant) above D; open to the north at the end.
# 2 tiles x 1 + 1 pennant x 1 = 3.
@test "B-51 final scoring: an incomplete city scores 1 per tile and 1 per pennant: 3" {
	new --deck F
	turns 0,-1,90,city:N
	run phase_of; want "over"
	run scores g; want "ann=3 bob=0"
}

# U(1,0), U(-1,0), then ann's monk on B(0,1). Neighbours present: (-1,0), (0,0), (1,0).
# 1 for the cloister + 3 = 4.
@test "B-51 final scoring: an incomplete cloister scores 1 plus 1 per neighbour: 4" {
	new --deck U,U,B
	turns 1,0,0 -1,0,0 0,1,0,cloister
	run phase_of; want "over"
	run scores g; want "ann=4 bob=0"
}

# The 2-vs-1 city of B-44 left open at G's west end when the supply runs out:
# 6 tiles (E, N, R, Ng, E, G) x 1 = 6 for ann, nothing for bob.
@test "B-51 final scoring of an incomplete city uses the majority: 6 for the 2-vs-1 winner" {
	new --start G --deck E,R,E,N,Ng
	turns 0,-1,90,city:E 1,0,270,city:N 0,1,90,city:E 1,-1,270 1,1,0
	run phase_of; want "over"
	run scores g; want "ann=6 bob=0"
}

# Two tiles: after the first the game goes on; after the last it is over, and a city the last
# tile completes is scored as complete (4, not the final-scoring 2).
@test "B-50 the game ends after the last tile, including that tile's scoring" {
	new --deck U,E
	turns 1,0,0
	run phase_of; want "draw"
	run js .tiles_left; want "1"
	turns 0,-1,180,city:S
	run phase_of; want "over"
	run js .tiles_left; want "0"
	run scores g; want "ann=0 bob=4"
	run --separate-stderr carc-draw < g
	refused carc-draw "the game is over"
}

# After E(0,-1) r180 closes D's city no open edge is a city, so the C left in the supply fits
# nowhere (B-12): the game ends after ann's turn with her 4 points.
@test "B-50 the game ends when the tiles left fit nowhere" {
	new --deck E,C
	turns 0,-1,180,city:S
	run phase_of; want "over"
	run scores g; want "ann=4 bob=0"
	run --separate-stderr carc-draw < g
	refused carc-draw "the game is over"
}

# --- B-83 farmers ------------------------------------------------------------------------------

# Ann's farmer on U(1,0)'s north field, joined with D's north field (borders D's city, open)
# and with E(1,-1) r0's field (borders that tile's city, closed by E(1,-2) r180).
# Final: 1 completed adjacent city x 3 = 3; the incomplete D city gives nothing.
# The farmer stays on the board when the adjacent city is completed during the game.
@test "B-83 a farmer scores 3 per completed adjacent city, incomplete cities give nothing" {
	new --deck U,E,E,B
	turns 1,0,0,field:Nw 1,-1,0 1,-2,180
	run scores g; want "ann=0 bob=0"
	run supplies; want "ann=6 bob=7"
	run js '[.figures[] | "\(.owner)@\(.x),\(.y):\(.feature)"] | join(" ")'
	want "0@1,0:field:Nw"
	turns 0,1,0
	run phase_of; want "over"
	run scores g; want "ann=3 bob=0"
}

# Start H (caps N and S, one field between). Ann's farmer on B(1,0), whose field joins H's
# field; E(0,-1) r180 and E(0,1) r0 close both caps. 2 completed cities x 3 = 6.
@test "B-83 one field touching two completed cities scores 6" {
	new --start H --deck B,E,E
	turns 1,0,0,field:Nw 0,-1,180 0,1,0
	run phase_of; want "over"
	run scores g; want "ann=6 bob=0"
}

# Start G (city W-E). Ann's farmer on E(-1,0) r90, bob's on E(1,0) r270: each E closes one end
# of the city and each field (one per E tile) borders it; the two fields are not connected.
# The city (3 tiles) is complete: ann 3, bob 3.
@test "B-83 one city touching two fields: farmers of both players each score it, 3 and 3" {
	new --start G --deck E,E
	turns -1,0,90,field:Nw 1,0,270,field:Nw
	run phase_of; want "over"
	run scores g; want "ann=3 bob=3"
}

# The same, both farmers ann's (bob plays B(0,1) between): the city is scored once per field,
# so twice for ann (the 3rd-version farmer rule B-71 kept in C2): 6.
@test "B-83 one player's farmers in two fields next to the same city score it twice: 6" {
	new --start G --deck E,B,E
	turns -1,0,90,field:Nw 0,1,0 1,0,270,field:Nw
	run phase_of; want "over"
	run scores g; want "ann=6 bob=0"
}

# Ann's farmer on U(1,0)'s north field; E(0,-1) r180 closes D's city; B(1,-1) joins E's field
# to the farmer's field. The field borders the same city on D and on E: 1 city x 3 = 3.
@test "B-83 a field bordering one city on two tiles scores that city once: 3" {
	new --deck U,E,B
	turns 1,0,0,field:Nw 0,-1,180 1,-1,0
	run phase_of; want "over"
	run scores g; want "ann=3 bob=0"
}

# Ann's farmer south of the road (D's Es Se Sw Ws field, U(1,0)'s south field): it never
# touches D's city, which E(0,-1) r180 completes. 0 points.
@test "B-82 a field that does not touch the completed city scores nothing for it" {
	new --deck U,E
	turns 1,0,0,field:Es 0,-1,180
	run phase_of; want "over"
	run scores g; want "ann=0 bob=0"
}

# Ann's farmer north of the road (U(1,0)), bob's farmer south of it (B(0,1)); ann's A(2,0) r90
# ends the road at its cloister, so its field joins north and south; E(0,-1) r180 closes
# D's city, which the joined field borders. One farmer each: tie, both 3.
@test "B-83 tied farmers in a joined field both score the full 3" {
	new --deck U,B,A,E
	turns 1,0,0,field:Nw 0,1,0,field:Nw 2,0,90 0,-1,180
	run phase_of; want "over"
	run scores g; want "ann=3 bob=3"
}

# Ann's farmer north of the road (U(1,0)), bob's south of it (B(0,1)), ann's second farmer in
# the south-west corner of W(-1,0) r0 (its own field). Bob's A(2,0) r90 joins north and south
# as in the tie above; ann's A(-1,1) r180 (road ends N at the cloister) joins the south-west
# corner to the south field; E(0,-1) r180 closes D's city. One field, ann 2 farmers, bob 1:
# ann 3, bob 0 (had the corner stayed apart, it would be 3 and 3).
@test "B-83 a 2-vs-1 farmer majority: only the majority scores the field's 3" {
	new --deck U,B,W,A,A,E
	turns 1,0,0,field:Nw 0,1,0,field:Nw -1,0,0,field:Sw 2,0,90 -1,1,180 0,-1,180
	run phase_of; want "over"
	run scores g; want "ann=3 bob=0"
}

# Start I. N(0,-1) r270, N(-1,-1) r180, Ng(-1,0) r90 join I's two caps into one closed city
# (as in B-43); bob's farmer on B(1,0) joins I's field, which borders that one city through
# both caps: 1 city x 3 = 3, not 6.
@test "B-83 a field touching one city through two segments of a tile scores it once: 3" {
	new --start I --deck N,N,Ng,B
	turns 0,-1,270 -1,-1,180 -1,0,90 1,0,0,field:Nw
	run phase_of; want "over"
	run scores g; want "ann=0 bob=3"
}

# With farmers off no field placement is offered or accepted.
@test "B-83 farmers=off: field moves are absent from --list and refused" {
	new --rule farmers=off --deck U,E
	carc-draw < g > d
	run bash -c 'carc-place --list < d | grep -c field'
	[ "$output" = "0" ]
	listed 1,0,0
	listed 1,0,0,road:E
	run --separate-stderr carc-place 1,0,0,field:Nw < d
	refused carc-place "illegal move '1,0,0,field:Nw': this game is played without farmers"
	run --separate-stderr carc-place 1,0,0,field:Es < d
	refused carc-place "illegal move '1,0,0,field:Es': this game is played without farmers"
	turns 1,0,0,road:E 0,-1,180
	run scores g; want "ann=2 bob=0"
}
