#!/usr/bin/env bats
# The Catapult, rule by rule (../shared/rules/RULES.md §7, X-CA-1 .. X-CA-10, H-1; tiles
# TILES.md §5; the digital model in DESIGN.md "The catapult, digitally" and carc(7)).
#
# Every test builds a small board from a fixed supply (--deck) and fixed moves, and hurls with
# perfect aim (--rule scatter=0), so a token lands exactly where it is aimed. The expected
# values are worked out by hand from the figures' anchor points and the distances; the comment
# above each test shows the arithmetic. Lengths are in hundredths of a tile, as the engine
# counts them: tile X,Y spans X..X+1 and Y..Y+1 (x east, y south), its centre is X+0.5,Y+0.5.
#
# The fairground, the board most tests hurl on (start tile D at 0,0, all rotations 0):
#
#            x=0          x=1                   x=2
#   y=-1                  CA06 (the fair)
#   y=0      D            W, ann on field:Es    V, bob on road:S (the road W-S)
#
# ann places W, bob places V, ann places the fair tile CA06 and hurls first (X-CA-3, X-CA-4).
# Anchors (lib/tileset-tile.c ts_anchors_compute, the mean of the side or half-edge points,
# integer hundredths): W's field {Es, Se} = mean of Es (92,75) and Se (75,92) = (83,83), so ann's
# follower stands at 1.83,0.83; V's road {W, S} = mean of W (30,50) and S (50,70) = (40,60),
# so bob's stands at 2.40,0.60. They are sqrt(57^2 + 23^2) = 61.47 apart. The fair's square is
# x 1..2, y -1..0. A knock-out reaches 0.35 (35^2 = 1225); a catch counts past the ruler 2.00
# and up to 2.00 + 1.00 = 3.00, the ruler's own length included (seed 002: "at least as far as
# the ruler"). A knocked-out follower knocks out, as a chain, every follower within the chain
# length of it, by default the reach.

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	: > told
	# new OPTION... (tests/lib/game.bash): a game g for ann and bob with the catapult and
	# perfect aim
	NEW_SETS=catapult NEW_OPTS=(--rule scatter=0)
}

# fairground OPTION...: the board above, in phase hurl with ann to hurl; one tile (B) is left.
fairground() {
	new --deck W,V,CA06,B "$@"
	turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
}

# --- X-CA-1, X-CA-2 the fair tiles and the fair ---------------------------------------------

# The base game has 72 tiles, the start tile on the board and 71 in the supply; the catapult
# adds 12: 83 in the supply, CA01 .. CA12 once each.
@test "X-CA-1 the catapult set adds the twelve fair tiles CA01 .. CA12, one of each" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult > g
	run js '.tiles_left'; want 83
	run js '.setup.sets | map(.name) | join(",")'; want "base,catapult"
	run js '.setup.rules | "\(.catapult) \(.scatter) \(.reach) \(.ruler) \(.catch)"'
	want "sim 0.50 0.35 2.00 1.00"
}

# Start D (road W-E). ann: W at -1,0 with a follower on its east road (the junction ends the
# road there). bob: CA08 turned 90 at 1,0, so its road that ended at the fair from the south
# now comes in from the west and ends at the fair (X-CA-2). The road W - D - CA08 is closed at
# both ends: 3 tiles = 3 points for ann, and her follower comes home.
@test "X-CA-2 a road ends at the fair: W, D and CA08 make a closed road worth 3" {
	new --deck W,CA08,B,B
	turns -1,0,0,road:E
	run scores g; want "ann=0 bob=0"
	turns 1,0,90
	run scores g; want "ann=3 bob=0"
	run supplies; want "ann=7 bob=7"
}

# CA06 east of the start tile B: the fair takes no follower, the field around it does.
@test "X-CA-2 the fair cannot be claimed: FEATURE fair is refused and never listed" {
	new --start B --deck CA06,B
	carc-draw < g > d
	run --separate-stderr carc-place 1,0,0,fair < d
	refused carc-place "a follower may not stand on a fair"
	run carc-place --list < d
	[ "$status" -eq 0 ]
	[[ $output == *"1,0,0,field:Nw"* ]]
	[[ $output != *fair* ]]
}

# CA08 turned 90 east of D: its road W (ends at the fair) joins D's road, its fields are split
# by the fair into a north one ({Nw Ne En Wn} after the turn, named field:Nw) and a south one.
@test "X-CA-2 CA08 offers its two roads and its two fields, split by the fair" {
	new --deck CA08,B
	carc-draw < g > d
	run sh -c 'carc-place --list < d | grep "^1,0,90"'
	want "1,0,90
1,0,90,road:E
1,0,90,road:W
1,0,90,field:Es
1,0,90,field:Nw"
}

# --- X-CA-3 the round starts after the whole turn -------------------------------------------

# The turn of X-CA-2 again, with bob placing the fair tile: carc-score scores the road first
# (ann 3), then the round begins and bob, the placer, hurls first: the turn is not passed.
@test "X-CA-3 after the fair tile's turn is scored, the placer hurls first" {
	new --deck W,CA08,B,B
	turns -1,0,0,road:E 1,0,90
	run scores g; want "ann=3 bob=0"
	run turnof; want "hurl bob"
	run js '.catapult | "\(.fair) \(.first) \(.token) \(.landings | length)"'
	want "[1,0] 1 null 0"
	run js '.tiles_left'; want 2
}

@test "X-CA-3 carc-render shows the round: the phase line and who hurls next" {
	fairground
	run sh -c 'carc-render --format ascii < g | tail -n 3'
	want "phase hurl: ann chooses a token and hurls it at the fair at 1,-1
catapult round for the fair at 1,-1
ann hurls next"
}

# --- X-CA-4 the order of hurlers and one token type a round -----------------------------------

# Players ann, bob, carl; start B. ann places B at 1,0, bob places CA06 at -1,0. The round:
# bob (the placer) first, then clockwise carl, then ann; then the turn passes to the player
# after the placer, carl, who draws.
@test "X-CA-4 the placer hurls first, then clockwise; the turn then passes after the placer" {
	carc-deck --players ann,bob,carl --seed 7 --expansions base,catapult --rule scatter=0 \
	    --start B --deck B,CA06,B,B > g
	turns 1,0,0 -1,0,0
	run turnof; want "hurl bob"
	decide hurl:target:-0.50,0.50
	run turnof; want "hurl carl"
	decide hurl:target:-0.50,0.50
	run turnof; want "hurl ann"
	decide hurl:target:-0.50,0.50
	run turnof; want "draw carl"
	run js '.catapult'; want null
	run js '.log | join(" ")'
	want "B/1,0,0 CA06/-1,0,0 hurl:target:-0.50,0.50 hurl:target:-0.50,0.50 hurl:target:-0.50,0.50"
}

@test "X-CA-4 the first hurler chooses the token; another type from the next hurler is refused" {
	fairground
	decide hurl:knockout:5,5
	run js '.catapult.token'; want knockout
	run --separate-stderr carc-place hurl:target:1.50,-0.50 < g
	refused carc-place "illegal move 'hurl:target:1.50,-0.50': this round hurls knockout tokens (X-CA-4)"
	run --separate-stderr carc-place hurl:catch:2.50 < g
	refused carc-place "this round hurls knockout tokens"
	run --separate-stderr carc-place hurl:knockout:5,5 < g
	[ "$status" -eq 0 ]
}

# --list for the first hurler offers each token: knock-out and seduction at the other player's
# follower (bob at 2.40,0.60), target at the middle of the fair (1.50,-0.50), and catches of
# ruler + 0.10, ruler + catch/2 and ruler + catch. For the second hurler only the round's token.
@test "X-CA-4 carc-place --list offers every token to the first hurler, one type afterwards" {
	fairground
	run carc-place --list < g
	want "hurl:knockout:2.40,0.60
hurl:seduction:2.40,0.60
hurl:target:1.50,-0.50
hurl:catch:2.10
hurl:catch:2.50
hurl:catch:3.00"
	decide hurl:seduction:9,9
	run carc-place --list < g
	want "hurl:seduction:1.83,0.83"
}

# --- wrong phases ---------------------------------------------------------------------------

@test "X-CA-3 carc-draw and carc-score refuse a state in phase hurl, naming the tools to run" {
	fairground
	run --separate-stderr carc-draw < g
	refused carc-draw "a catapult round is on: ann decides with carc-place or carc-bot"
	run --separate-stderr carc-score < g
	refused carc-score "a catapult round is on: ann decides with carc-place or carc-bot"
}

@test "X-CA-7 carc-draw and carc-score refuse a state in phase seduce; a hurl is refused there" {
	fairground
	decide hurl:seduction:2.40,0.60
	run turnof; want "seduce ann"
	run --separate-stderr carc-draw < g
	refused carc-draw "a catapult round is on: ann decides with carc-place or carc-bot"
	run --separate-stderr carc-score < g
	refused carc-score "a catapult round is on"
	run --separate-stderr carc-place hurl:seduction:2.40,0.60 < g
	refused carc-place "ann decides where the seducer comes from"
}

@test "a misspelt hurl or seduce word: the nearest one is suggested" {
	fairground
	run --separate-stderr carc-place hurl:knokout:2,2 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[ "$stderr" = "carc-place: bad move 'hurl:knokout:2,2': unknown token 'knokout'; did you mean 'knockout'?" ]
	run --separate-stderr carc-place hrul:seduction:2.40,0.60 < g
	[ "$status" -eq 64 ]
	[ "$stderr" = "carc-place: bad move 'hrul:seduction:2.40,0.60': a catapult round waits for ann's hurl, as hurl:TOKEN:X,Y; did you mean 'hurl:seduction:2.40,0.60'?" ]
	decide hurl:seduction:2.40,0.60
	run --separate-stderr carc-place seduce:suply < g
	[ "$status" -eq 64 ]
	[ "$stderr" = "carc-place: bad move 'seduce:suply': expected seduce:supply, seduce:X,Y,FEATURE or seduce:none; did you mean 'seduce:supply'?" ]
	run --separate-stderr carc-place Seduce:none < g
	[ "$status" -eq 64 ]
	[ "$stderr" = "carc-place: bad move 'Seduce:none': ann decides where the seducer comes from: seduce:supply, seduce:X,Y,FEATURE or seduce:none; did you mean 'seduce:none'?" ]
}

@test "X-CA-3 a seduce word is refused in phase hurl; carc-draw refuses a hurl waiting for carc-score" {
	fairground
	run --separate-stderr carc-place seduce:supply < g
	refused carc-place "a catapult round waits for ann's hurl"
	carc-place hurl:target:1.50,-0.50 < g > p
	run sh -c 'carc-render --format json < p | jq -r .phase'
	want score
	run --separate-stderr carc-draw < p
	refused carc-draw "the turn is not over: run carc-score first"
}

@test "the hurl words are checked: a bad token, a bad aim and a catch too far are usage errors" {
	fairground
	run --separate-stderr carc-place hurl:throw:1,1 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[[ $stderr == "carc-place: bad move 'hurl:throw:1,1': expected hurl:TOKEN:X,Y"* ]]
	run --separate-stderr carc-place hurl:knockout:1.005,1 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[[ $stderr == *"the aim is X,Y in tiles with at most two decimals" ]]
	run --separate-stderr carc-place hurl:knockout:1 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	run --separate-stderr carc-place hurl:catch:20.01 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	# two keys from a catch --list suggests: named, as for any malformed word
	[ "$stderr" = "carc-place: bad move 'hurl:catch:20.01': a catch hurl names a distance from 0 to 20 tiles; did you mean 'hurl:catch:2.10'?" ]
	run --separate-stderr carc-place hurl:catch:99 < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
	[ "$stderr" = "carc-place: bad move 'hurl:catch:99': a catch hurl names a distance from 0 to 20 tiles" ]
}

# --- X-CA-6 knock-out -----------------------------------------------------------------------

# ann aims at 2.19,0.88. bob's follower (2.40,0.60): dx -21, dy 28, 441 + 784 = 1225 = 35^2,
# exactly the reach: knocked out. ann's own (1.83,0.83): dx 36, dy 5, 1296 + 25 = 1321 > 1225
# (0.3635 away): it stays. bob hurls at 5,5, far from both: nothing.
@test "X-CA-6 knock-out: the follower at exactly the reach goes home, one at 0.36 stays" {
	fairground
	decide hurl:knockout:2.19,0.88
	run figs; want "ann@1,0,field:Es"
	run supplies; want "ann=6 bob=7"
	run cat told; want "ann knocks out bob's follower at 2,0"
	decide hurl:knockout:5,5
	run figs; want "ann@1,0,field:Es"
	run turnof; want "draw bob"
	run scores g; want "ann=0 bob=0"
}

# From bob's follower at 2.40,0.60: aim 2.40,0.95 is 35 away (knocked out), 2.40,0.96 is 36
# away (stays); ann's follower is far from both (dx 57, dy 12 or 13).
@test "X-CA-6 knock-out: the reach is 0.35, 0.36 straight below a follower misses it" {
	fairground
	cp g start
	decide hurl:knockout:2.40,0.96
	run figs; want "ann@1,0,field:Es bob@2,0,road:S"
	cp start g
	decide hurl:knockout:2.40,0.95
	run figs; want "ann@1,0,field:Es"
}

# ann aims at 2.12,0.72, between the two followers. Hers (1.83,0.83): dx 29, dy -11,
# 841 + 121 = 962 <= 1225; bob's (2.40,0.60): dx -28, dy 12, 784 + 144 = 928 <= 1225. Both
# go home, the hurler's own too.
@test "X-CA-6 knock-out removes every follower in reach, the hurler's own included" {
	fairground
	decide hurl:knockout:2.12,0.72
	run figs; want ""
	run supplies; want "ann=7 bob=7"
	run cat told
	want "ann knocks out bob's follower at 2,0
ann knocks out ann's follower at 1,0"
}

# Aimed straight at her own follower (1.83,0.83): bob's is 61.47 away. Only ann's goes home.
@test "X-CA-6 knock-out aimed at the hurler's own follower sends it home" {
	fairground
	decide hurl:knockout:1.83,0.83
	run figs; want "bob@2,0,road:S"
	run supplies; want "ann=7 bob=6"
}

# The reach is a rule: with reach=0.70 the aim 2.12,0.72 still takes both (962 and 928 are
# below 4900), and 2.40,0.60 takes both too: ann's is 61.47 away, within 0.70.
@test "X-CA-6 --rule reach=0.70 widens the knock-out" {
	fairground --rule reach=0.70
	decide hurl:knockout:2.40,0.60
	run figs; want ""
}

# The cloister row, for the chains: start tile B at 0,0, then B at 1,0 (ann's monk), 2,0
# (bob's), 3,0 (ann's); bob puts the fair tile CA06 above 1,0 and hurls first. A monk stands in
# the middle of its tile: 1.50,0.50, 2.50,0.50, 3.50,0.50, one tile (100 hundredths) apart.
cloisters() {
	new --start B --deck B,B,B,CA06,B "$@"
	turns 1,0,0,cloister 2,0,0,cloister 3,0,0,cloister 1,-1,0
	run turnof; want "hurl bob"
}

# X-CA-6, seed 002: "if a follower is knocked over and hits another follower in the process,
# both must be removed". With reach 0.10 bob's token at 1.50,0.50 hits ann's monk at 1,0 only;
# with chain 1.00 that monk knocks over bob's at 2,0 (100 away, 100 <= 100), which knocks over
# ann's at 3,0 (100 from it, 200 from the landing): a chain of two steps. Each is told; those
# the token did not hit directly "in a chain reaction".
@test "X-CA-6 chain: a knocked-out follower knocks out the followers within the chain length" {
	cloisters --rule reach=0.10 --rule chain=1.00
	decide hurl:knockout:1.50,0.50
	run figs; want ""
	run supplies; want "ann=7 bob=7"
	run cat told
	want "bob knocks out ann's follower at 3,0 in a chain reaction
bob knocks out bob's follower at 2,0 in a chain reaction
bob knocks out ann's follower at 1,0"
}

# A chain one hundredth shorter than the gap stops at once; chain=0 turns chains off.
@test "X-CA-6 chain: 0.99 does not reach a follower 1.00 away, and chain=0 is no chain" {
	cloisters --rule reach=0.10 --rule chain=0.99
	decide hurl:knockout:1.50,0.50
	run figs; want "bob@2,0,cloister ann@3,0,cloister"
	cloisters --rule reach=1.00 --rule chain=0
	decide hurl:knockout:1.50,0.50
	run figs; want "ann@3,0,cloister"
	run cat told
	want "bob knocks out bob's follower at 2,0
bob knocks out ann's follower at 1,0"
}

# Without chain=, the chain length is the reach: --rule reach=1.00 knocks out the monks at 1,0
# (0 away) and 2,0 (1.00 away) directly, and the one at 3,0 (2.00 away) in a chain from 2,0.
# The state names no chain length of its own (a game without the option keeps its bytes).
@test "X-CA-6 chain: by default as long as the reach, so reach=1.00 widens both" {
	cloisters --rule reach=1.00
	run js '.setup.rules | has("chain")'; want false
	decide hurl:knockout:1.50,0.50
	run figs; want ""
	run cat told
	want "bob knocks out ann's follower at 3,0 in a chain reaction
bob knocks out bob's follower at 2,0
bob knocks out ann's follower at 1,0"
	cloisters --rule reach=1.00 --rule chain=0.50
	run js '.setup.rules.chain'; want 0.50
}

# The default reach and chain, 0.35, on the fairground: bob's follower is hit, ann's is 0.61
# from it, out of the chain's reach; with --rule chain=0.62 it falls too.
@test "X-CA-6 chain: the fairground's followers are 0.61 apart: a chain of 0.62 takes both" {
	fairground
	decide hurl:knockout:2.40,0.60
	run figs; want "ann@1,0,field:Es"
	fairground --rule chain=0.62
	decide hurl:knockout:2.40,0.60
	run figs; want ""
	run cat told
	want "ann knocks out bob's follower at 2,0
ann knocks out ann's follower at 1,0 in a chain reaction"
}

# The fair tile is the last tile: the round is played before the final scoring. Without the
# knock-out bob's road (W's east end to V, open to the south) would score 2 at the end; ann
# knocks bob's follower out (aim on it, ann's is 61.47 away) and nobody scores.
@test "X-CA-3 a fair tile played last: the round comes before the final scoring" {
	new --deck W,V,CA06
	turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
	run turnof; want "hurl ann"
	cp g start
	decide hurl:knockout:5,5 hurl:knockout:5,5
	run turnof; want "over"
	run scores g; want "ann=0 bob=2"
	cp start g
	decide hurl:knockout:2.40,0.60 hurl:knockout:5,5
	run turnof; want "over"
	run scores g; want "ann=0 bob=0"
}

# --- X-CA-7 seduction -----------------------------------------------------------------------

# ann lands on bob's follower (distance 0; hers is 61.47 away): it is the nearest, not hers,
# and she has followers, so she decides. From the supply: bob's goes home, one of ann's takes
# its exact place (V at 2,0, road:S). ann: 7 - 1 (W) - 1 = 5 left; bob 7.
@test "X-CA-7 seduction from the supply: the nearest follower is swapped for one of ann's" {
	fairground
	decide hurl:seduction:2.40,0.60
	run turnof; want "seduce ann"
	run js '.catapult.victim | "\(.x),\(.y),\(.feature)"'; want "2,0,road:S"
	run carc-place --list < g
	want "seduce:supply
seduce:1,0,field:Es
seduce:none"
	decide seduce:supply
	run figs; want "ann@1,0,field:Es ann@2,0,road:S"
	run supplies; want "ann=5 bob=7"
	run turnof; want "hurl bob"
}

# The same landing; ann moves her follower from W's field (1,0) to bob's place: she has one
# follower on the board, at 2,0, and 6 in supply.
@test "X-CA-7 seduction from the board: ann's follower leaves 1,0 and takes bob's place" {
	fairground
	decide hurl:seduction:2.40,0.60 seduce:1,0,field:Es
	run figs; want "ann@2,0,road:S"
	run supplies; want "ann=6 bob=7"
	run turnof; want "hurl bob"
}

@test "X-CA-7 seduce:none leaves everything as it was" {
	fairground
	decide hurl:seduction:2.40,0.60 seduce:none
	run figs; want "ann@1,0,field:Es bob@2,0,road:S"
	run supplies; want "ann=6 bob=6"
	run turnof; want "hurl bob"
}

@test "X-CA-7 seduce:X,Y,FEATURE must name one of the hurler's followers" {
	fairground
	decide hurl:seduction:2.40,0.60
	run --separate-stderr carc-place seduce:2,0,road:S < g
	refused carc-place "illegal move 'seduce:2,0,road:S': ann has no follower there"
	run --separate-stderr carc-place seduce:0,0,road:E < g
	refused carc-place "ann has no follower there"
	run --separate-stderr carc-place seduce:bogus < g
	[ "$status" -eq 64 ] && [ -z "$output" ]
}

# 2.40,1.05 is in the cell 2,1, where no tile lies: off the map. bob's follower is only 0.45
# away (straight above), but seduction needs the token on a tile: nothing, no seduce phase.
@test "X-CA-7 seduction landing off the board does nothing: no seduce phase" {
	fairground
	decide hurl:seduction:2.40,1.05
	run turnof; want "hurl bob"
	run figs; want "ann@1,0,field:Es bob@2,0,road:S"
	run supplies; want "ann=6 bob=6"
	run sh -c 'carc-render --format ascii < g | grep "landed"'
	want "  ann's token landed at 2.40,1.05 (off the map)"
}

# Seed 002: "which opponent's follower is closest". ann lands on her own follower (1.83,0.83,
# on W): hers is nearer (0 against 61.47) but is never a candidate, so bob's at 2.40,0.60 is
# the one she may seduce. (Before issue 11 the hurler's own follower was taken as the nearest
# and the token was wasted.)
@test "X-CA-7 seduction passes over the hurler's own follower to the nearest opponent's" {
	fairground
	decide hurl:seduction:1.83,0.83
	run turnof; want "seduce ann"
	run js '.catapult.victim | "\(.x),\(.y),\(.feature)"'; want "2,0,road:S"
	decide seduce:supply
	run figs; want "ann@1,0,field:Es ann@2,0,road:S"
}

# With only the hurler's own followers on the board, a seduction finds nobody: no seduce phase.
# bob places the fair and hurls off the map; ann lands on her own, the only follower there is.
@test "X-CA-7 seduction with no opponent's follower on the board does nothing" {
	new --deck W,CA06,B
	turns 1,0,0,field:Es 1,-1,0
	run turnof; want "hurl bob"
	decide hurl:seduction:9,9 hurl:seduction:1.83,0.83
	run turnof; want "draw ann"
	run figs; want "ann@1,0,field:Es"
}

# ann seduces bob's follower on V first, so both followers are hers: 1.83,0.83 (placed first)
# and 2.40,0.60. bob lands at 2.00,0.43 (on V): to the first, dx -17, dy 40, 289 + 1600 = 1889;
# to the second, dx 40, dy -17, 1600 + 289 = 1889. A tie goes to the follower placed first, so
# bob may seduce ann's on W's field.
@test "X-CA-7 seduction: a tie for the nearest goes to the follower placed first" {
	fairground
	decide hurl:seduction:2.40,0.60 seduce:supply
	run figs; want "ann@1,0,field:Es ann@2,0,road:S"
	decide hurl:seduction:2.00,0.43
	run turnof; want "seduce bob"
	run js '.catapult.victim | "\(.x),\(.y),\(.feature)"'; want "1,0,field:Es"
	decide seduce:supply
	run figs; want "ann@2,0,road:S bob@1,0,field:Es"
	run supplies; want "ann=6 bob=6"
	run turnof; want "draw bob"
}

# What carc-score -v tells after the seduce decision: the swap, like a knock-out's line.
@test "X-CA-7 carc-score -v reports the seduction" {
	fairground
	decide hurl:seduction:2.40,0.60 seduce:supply
	run cat told
	want "ann seduces bob's follower at 2,0"
}

# --- X-CA-8 target hurling ------------------------------------------------------------------

# ann lands at 1.50,-0.50, inside the fair's square: distance 0. bob at 2.50,0.50 (on V):
# dx 2.50 - 2 = 0.50, dy 0.50 - 0 = 0.50, 0.71. ann alone scores 5, after the last hurl.
@test "X-CA-8 target: the landing nearest the fair scores 5" {
	fairground
	decide hurl:target:1.50,-0.50
	run scores g; want "ann=0 bob=0"
	decide hurl:target:2.50,0.50
	run scores g; want "ann=5 bob=0"
	run cat told; want "ann scores 5 for the token nearest the fair"
	run turnof; want "draw bob"
}

# ann at 0.50,0.50 (on D): dx 1 - 0.50 = 0.50, dy 0.50 - 0 = 0.50. bob at 2.50,0.50 (on V):
# dx 0.50, dy 0.50. Both 0.71 from the fair: a tie, both score 5.
@test "X-CA-8 target: landings at the same distance all score 5" {
	fairground
	decide hurl:target:0.50,0.50 hurl:target:2.50,0.50
	run scores g; want "ann=5 bob=5"
}

# ann at 1.50,-1.01: cell 1,-2, no tile there, only 0.01 above the fair: off the map, it does
# not count. bob at 2.00,0.20 (cell 2,0, V): dx 0 (2.00 is the fair's east edge), dy 0.20.
# bob scores 5.
@test "X-CA-8 target: a landing off the map does not count, however near the fair" {
	fairground
	decide hurl:target:1.50,-1.01 hurl:target:2.00,0.20
	run scores g; want "ann=0 bob=5"
}

@test "X-CA-8 target: when every token lands off the map nobody scores" {
	fairground
	decide hurl:target:1.50,-1.01 hurl:target:-3,-3
	run scores g; want "ann=0 bob=0"
	run turnof; want "draw bob"
}

# --- X-CA-9 catch ---------------------------------------------------------------------------

# ann hurls 2.50: past the ruler (2.00), within 2.00 + 1.00: bob, her left neighbour, catches
# it, both score 5. bob hurls 1.99: short of the ruler, nothing.
@test "X-CA-9 catch: a hurl between the ruler and ruler + catch scores 5 for hurler and catcher" {
	fairground
	decide hurl:catch:2.50
	run scores g; want "ann=5 bob=5"
	run cat told; want "ann scores 5 for a hurl that was caught
bob scores 5 for catching ann's token"
	decide hurl:catch:1.99
	run scores g; want "ann=5 bob=5"
	run turnof; want "draw bob"
}

# Seed 002: the token must fly "at least as far as the ruler". 2.00 is exactly the ruler's
# length and counts; 3.00 is at the far end of the window: both count, 10 each.
@test "X-CA-9 catch: exactly the ruler's 2.00 and the far end 3.00 are both caught" {
	fairground
	decide hurl:catch:2.00 hurl:catch:3.00
	run scores g; want "ann=10 bob=10"
}

# 1.99 falls short of the ruler, 3.01 flies beyond the catcher: nothing.
@test "X-CA-9 catch: short of the ruler or too far, nobody scores" {
	fairground
	decide hurl:catch:1.99 hurl:catch:3.01
	run scores g; want "ann=0 bob=0"
	[ ! -s told ]
}

# Three players, bob places the fair: bob -> carl catches (bob 5, carl 5), carl -> ann catches
# (carl 10, ann 5), ann -> bob catches (ann 10, bob 10). The left neighbour of the last player
# is the first.
@test "X-CA-9 catch: the catcher is the next player clockwise, the last player's is the first" {
	carc-deck --players ann,bob,carl --seed 7 --expansions base,catapult --rule scatter=0 \
	    --start B --deck B,CA06,B,B > g
	turns 1,0,0 -1,0,0
	decide hurl:catch:2.50
	run scores g; want "ann=0 bob=5 carl=5"
	decide hurl:catch:2.50 hurl:catch:2.50
	run scores g; want "ann=10 bob=10 carl=10"
}

@test "X-CA-9 --rule ruler=1.00 --rule catch=0.50 move the catch window to 1.00 .. 1.50" {
	fairground --rule ruler=1.00 --rule catch=0.50
	decide hurl:catch:1.50 hurl:catch:1.51
	run scores g; want "ann=5 bob=5"
	fairground --rule ruler=1.00 --rule catch=0.50
	decide hurl:catch:1.00 hurl:catch:0.99
	run scores g; want "ann=5 bob=5"
}

# --- H-1 and the house rule: catapult=house, catapult=off -----------------------------------

# catapult=house: ann places CA06 east of B with a follower in its field: 5 points, no round,
# bob draws next.
@test "catapult=house: a follower on the fair tile scores 5 for its placer, and no round" {
	new --rule catapult=house --start B --deck CA06,B,B
	turns 1,0,0,field:Nw
	run scores g; want "ann=5 bob=0"
	run turnof; want "draw bob"
	run js '.catapult'; want null
}

@test "catapult=house: a fair tile placed without a follower scores nothing" {
	new --rule catapult=house --start B --deck CA06,B,B
	turns 1,0,0
	run scores g; want "ann=0 bob=0"
	run turnof; want "draw bob"
}

# The follower may stand on any feature of the fair tile, and the 5 come before the tile's own
# scoring: bob's follower on CA08's road W closes the road W - D - CA08 (3 tiles): 5 + 3 = 8.
@test "catapult=house: a follower on the fair tile's road that closes scores 5 and the road" {
	new --rule catapult=house --deck W,CA08,B,B
	turns -1,0,0 1,0,90,road:W
	run scores g; want "ann=0 bob=8"
	run supplies; want "ann=7 bob=7"
	run turnof; want "draw ann"
}

# H-1: the fair tiles are ordinary tiles.
@test "catapult=off: a fair tile starts no round and scores nothing" {
	new --rule catapult=off --start B --deck CA06,B,B
	turns 1,0,0,field:Nw
	run scores g; want "ann=0 bob=0"
	run turnof; want "draw bob"
	run js '.setup.rules.catapult'; want off
}

# --- the hurl model: scatter, determinism, the state ----------------------------------------

# The default scatter is 0.50: each coordinate lands within 0.50 of the aim. The landings come
# from the state's generator: the same seed and the same decisions give the same bytes.
@test "scatter: the same seed and the same hurls give byte-identical states" {
	local s
	for s in a b; do
		carc-deck --players ann,bob --seed 7 --expansions base,catapult \
		    --deck W,V,CA06,B > g
		turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
		decide hurl:target:1.50,-0.50
		carc-place hurl:target:1.50,-0.50 < g > "$s"
	done
	cmp a b
	run sh -c 'carc-render --format json < a | jq -c ".setup.rules.scatter, [.catapult.landings[] |
	    (.x - 150 | fabs) <= 50 and (.y + 50 | fabs) <= 50] "'
	want '"0.50"
[true,true]'
}

# The first hurl of the same game with seed 7 and with seed 8 (the supply is the same --deck
# list, so the seed feeds only the scatter).
@test "scatter: another seed gives other landings" {
	local s
	for s in 7 8; do
		carc-deck --players ann,bob --seed "$s" --expansions base,catapult \
		    --deck W,V,CA06,B > g
		turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
		carc-place hurl:target:1.50,-0.50 < g | carc-render --format json |
		    jq -c .catapult.landings > "l$s"
	done
	! cmp -s l7 l8
}

@test "scatter=0 lands exactly on the aim, in hundredths of a tile" {
	fairground
	carc-place hurl:knockout:-1.25,3.07 < g > p
	run sh -c 'carc-render --format json < p | jq -c .catapult.landings'
	want '[{"player":0,"x":-125,"y":307}]'
	run sh -c 'carc-render --format ascii < p | tail -n 4'
	want "phase score: ann has decided; carc-score resolves it
catapult round for the fair at 1,-1, knockout tokens
  ann's token landed at -1.25,3.07 (off the map)
the hurl waits for carc-score"
}

# carc-render --format svg draws each token where it came to rest as a dashed disc in its
# hurler's colour: ann red (#d7263d), bob blue (#1e5bc6), in the order they were hurled.
@test "carc-render --format svg shows the landed tokens as dashed discs in the hurlers' colours" {
	fairground
	run sh -c 'carc-render --format svg < g | grep stroke-dasharray | wc -l'
	want 0
	decide hurl:knockout:0.50,0.50
	carc-place hurl:knockout:1.50,-0.50 < g > p
	run sh -c "carc-render --format svg < p | sed -n 's/.*fill=\"\\(#[0-9a-f]*\\)\".*stroke-dasharray.*/\\1/p'"
	want "#d7263d
#1e5bc6"
}

# The JSON form keeps the round: a state in each phase of a round comes back byte for byte.
@test "a state in phase hurl, score (a hurl pending) and seduce survives JSON and back" {
	fairground
	cp g hurl
	carc-place hurl:seduction:2.40,0.60 < g > pending
	decide hurl:seduction:2.40,0.60
	cp g seduce
	local f
	for f in hurl pending seduce; do
		carc-render --format json < "$f" | carc-deck --from-json > back
		cmp "$f" back
	done
	run js '.phase'; want seduce
}

# --- whole games ----------------------------------------------------------------------------

# bot_game PLAYERS SEED (tests/lib/bots.bash) plays a game with base,catapult to the end by the
# phase-aware loop: phase draw -> carc-draw | carc-bot random | carc-score -v; phase hurl or
# seduce -> carc-bot random | carc-score -v. Every fair tile in the log is followed by one hurl
# per player (seduce decisions between them), and the points told add up to the final scores;
# one_token_a_round checks that a fair tile was played and each round's hurls were all of one
# token type.
one_token_a_round() {
	local n
	n=$(js '.players | length')
	[ "$(js '[.board[] | select(.tile | startswith("CA"))] | length')" -gt 0 ] ||
	    { echo "no fair tile played"; return 1; }
	[ "$(carc-render --format json < g | jq --argjson n "$n" '
	    [.log[] | select(startswith("hurl:")) | split(":")[1]] as $h |
	    [range(0; $h | length; $n) as $i | $h[$i:$i + $n] | unique | length] | all(. == 1)')" = true ]
}

@test "a whole game with base,catapult for 2 players: bots through the phase-aware loop" {
	bot_game ann,bob 11
	one_token_a_round
}

# bats test_tags=slow
@test "a whole game with base,catapult for 6 players: bots through the phase-aware loop" {
	bot_game ann,bob,carl,dee,eve,fay 15
	one_token_a_round
}

# The example script, run from another folder: seed 11 plays 12 rounds with every kind of
# token, and it ends with the board and the scores of the final state.
@test "examples/catapult.sh plays a whole game and tells every catapult round" {
	run --separate-stderr sh "$TOP/examples/catapult.sh" -o final ann,bob 11
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ $output == *"turn 2: bob places CA02 at 0,1: a catapult round
  bob hurls a target token at 0.50,1.50: it lands at 0.78,1.51
  ann hurls a target token at 0.50,1.50: it lands at 0.59,1.56
      bob scores 5 for the token nearest the fair
      ann scores 5 for the token nearest the fair"* ]]
	[[ $output == *"  ann hurls a catch token 3.00 tiles: it flies 2.82
      ann scores 5 for a hurl that was caught
      bob scores 5 for catching ann's token"* ]]
	[[ $output == *"      ann knocks out bob's follower at 0,1"* ]]
	[[ $output == *"      bob may seduce ann's follower at 0,2 (road:S) and answers seduce:-1,-1,field:Ws"* ]]
	[ "${lines[${#lines[@]}-2]}" = "83 turns, 12 catapult round(s): catch 4, knockout 5, seduction 2, target 1" ]
	[ "${lines[${#lines[@]}-1]}" = "final scores: ann 47, bob 49" ]
	run scores final; want "ann=47 bob=49"
	run sh "$TOP/examples/replay.sh" final
	want "replay: 111 moves replayed; the state is byte-identical to final"
}

# replay.sh rebuilds a catapult game from its log, hurls and seduce decisions included, also
# when it was saved in the middle of a round.
@test "examples/replay.sh replays the hurls and seduce decisions of a state in a round" {
	fairground
	decide hurl:seduction:2.40,0.60
	run sh "$TOP/examples/replay.sh" g
	want "replay: 4 moves replayed; the state is byte-identical to g"
	carc-place seduce:supply < g > pending
	run sh "$TOP/examples/replay.sh" pending
	want "replay: 5 moves replayed; the state is byte-identical to pending"
}

# The fairground, ann's seduction at bob's follower on V's road (2,0): the aim and the seducer
# spelt two ways are one decision each, logged as --list writes them.
@test "issue 35 X-CA-4 X-CA-7 the log keeps a hurl's aim and a seducer as --list writes them: one decision, one state" {
	fairground
	carc-place hurl:seduction:2.5,0.3 < g > a
	carc-place hurl:seduction:2.50,0.30 < g > b
	cmp a b
	run get a '.log[-1]'; want '"hurl:seduction:2.50,0.30"'
	carc-score < a > g
	run carc-place --list < g
	[[ $output == "seduce:supply"$'\n'* ]] || { echo "$output"; false; }
	carc-place seduce:supply < g > a
	carc-place seduce:supply@follower < g > b
	cmp a b
	run get b '.log[-1]'; want '"seduce:supply"'
}
