#!/usr/bin/env bats
# The big follower, the abbot and the phantom with The Fortune Teller and The Catapult
# (../shared/rules/RULES.md F-8, §5.1, §5.7, §5.8, X-CA-7; seed 003, the figures summary, note
# 16: "the abbot can only be exchanged with a follower in a monastic building or garden"):
# which of them may be a fortune teller, how many each one is, which may be knocked out and
# seduced, and which may take a victim's place; then whole games of every combination.
#
# Boards start on D (the default) or B at 0,0, x east, y south. Hurls are perfect (--rule
# scatter=0). A figure on a cloister or tent stands in the middle of its tile; bob's on V's
# road at 2,0 stands at 2.40,0.60 (tests/catapult.bats explains the anchors).

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# SETS=SET new OPTION... (tests/lib/game.bash): the game g for ann and bob with the
	# fortune teller and SET, on B, draws by choice
	NEW_SETS=fortune-teller START=B NEW_OPTS=(--rule ft-draw=may)
}

# --- F-8 who may be a fortune teller -----------------------------------------------------------

@test "F-8 the big follower may be a fortune teller, and is one: one more tile (F-4)" {
	SETS=inns-cathedrals new --deck FT1,B,B,B
	carc-draw < g > d
	run carc-place --list < d
	[[ $output == *$'\n0,-1,0,tent\n0,-1,0,tent@big\n'* ]]
	carc-place 0,-1,0,tent@big < d | carc-score > g
	turns 1,0,0
	run js '"\(.players[0].supply.big) \(.drawn | length)"'; want "0 0"
	carc-draw < g > d
	run get d '.drawn | length'; want 2
}

@test "F-8 the phantom may be a fortune teller" {
	SETS=phantom new --deck FT1,B,B,B
	carc-draw < g | carc-place 0,-1,0 > p
	run carc-place --list < p
	want "phantom:tent
phantom:field:Nw
phantom:none"
	carc-place phantom:tent < p | carc-score > g
	carc-draw --tiles 1 < g | carc-place 1,0,0 | carc-place phantom:none | carc-score > g.n &&
	    mv g.n g
	carc-draw < g > d
	run get d '.drawn | length'; want 2
}

@test "F-8 the abbot may not be a fortune teller" {
	SETS=abbot new --deck FT1,B
	carc-draw < g > d
	run carc-place --list < d
	[ "$status" -eq 0 ] && [[ $output != *tent@abbot* ]]
	run --separate-stderr carc-place 0,-1,0,tent@abbot < d
	refused carc-place "illegal move '0,-1,0,tent@abbot': an abbot may not stand on a tent"
}

@test "F-3 a big follower and a follower are two fortune tellers: a third is refused" {
	SETS=inns-cathedrals new --deck FT1,B,FT1,B,FT1
	carc-draw --tiles 1 < g | carc-place 0,-1,0,tent@big | carc-score > g.n && mv g.n g
	carc-draw --tiles 1 < g | carc-place 1,0,0 | carc-score > g.n && mv g.n g
	carc-draw --tiles 1 < g | carc-place 0,1,0,tent | carc-score > g.n && mv g.n g
	carc-draw --tiles 1 < g | carc-place -1,0,0 | carc-score > g.n && mv g.n g
	carc-draw --tiles 1 < g > d
	run --separate-stderr carc-place 0,-2,0,tent < d
	refused carc-place "ann has 2 fortune tellers already (F-3)"
}

# ft-big=two, the other reading of F-4: a big follower on a tent is two fortune tellers, as
# strong as it is: two more tiles, and the limit of F-3 reached with it alone.
@test "F-4 ft-big=two: a big follower on a tent draws two more tiles and fills the limit" {
	SETS=inns-cathedrals new --deck FT1,B,FT1,B,B --rule ft-big=two
	run js .setup.rules[\"ft-big\"]; want two
	carc-draw < g | carc-place 0,-1,0,tent@big | carc-score > g.n && mv g.n g
	carc-draw < g | carc-place 1,0,0 | carc-score > g.n && mv g.n g
	carc-draw < g > d
	run get d '.drawn | length'; want 3
	run --separate-stderr carc-place FT1/0,1,0,tent < d
	refused carc-place "ann has 2 fortune tellers already (F-3)"
	SETS=inns-cathedrals new --deck FT1,B,FT1 --rule ft-big=two
	carc-draw < g | carc-place 0,-1,0,tent | carc-score > g.n && mv g.n g
	carc-draw < g | carc-place 1,0,0 | carc-score > g.n && mv g.n g
	carc-draw --tiles 1 < g > d
	run --separate-stderr carc-place 0,1,0,tent@big < d
	refused carc-place "a big is 2 fortune tellers, and ann has 1 already (F-3, ft-big=two)"
}

# --- X-CA-6, X-CA-7 the catapult --------------------------------------------------------------

# fairground SETS MOVE...: the board of tests/catapult.bats (W at 1,0, V at 2,0, the fair CA06
# at 1,-1) with the sets given, the moves of ann, bob and ann; ann hurls next.
fairground() {
	carc-deck --players ann,bob --seed 7 --expansions "base,catapult,$1" --rule scatter=0 \
	    --deck W,V,CA06,B > g
	shift
	turns "$@"
}

@test "X-CA-7 a big follower seduced: a follower takes its place and counts 1, the big one goes home" {
	fairground inns-cathedrals 1,0,0,field:Es 2,0,0,road:W@big 1,-1,0
	decide hurl:seduction:2.40,0.60
	run carc-place --list < g
	want "seduce:supply
seduce:supply@big
seduce:1,0,field:Es
seduce:none"
	decide seduce:supply
	run get g '[.figures[] | "\(.owner) \(.type) \(.feature)"]'
	want '["0 follower field:Es","0 follower road:S"]'
	run js '[.players[].supply | "\(.follower) \(.big)"] | join(",")'
	want "5 1,7 1"
}

@test "X-CA-7 the hurler may seduce with a big follower from the hand: it counts 2 there" {
	fairground inns-cathedrals 1,0,0,field:Es 2,0,0,road:W 1,-1,0
	decide hurl:seduction:2.40,0.60 seduce:supply@big
	run get g '[.figures[] | "\(.owner) \(.type) \(.feature)"]'
	want '["0 follower field:Es","0 big road:S"]'
	run js '.log[-2:] | join(" ")'; want "hurl:seduction:2.40,0.60 seduce:supply@big"
	carc-deck --verify < g
}

# ann's abbot on the cloister B at 0,1; bob's follower on V's road at 1,0; the fair CA06 at
# 1,-1. The abbot stands only on cloisters and gardens (B-61), so it may not take the place of
# a follower on a road, from the board or from the hand (seed 003 note 16).
@test "X-CA-7 an abbot takes no follower's place on a road; ann's is on the board, none in hand" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,abbot --rule scatter=0 \
	    --deck B,V,CA06,B > g
	turns 0,1,0,cloister@abbot 1,0,0,road:S
	# ann places the fair tile without a figure: she may take the abbot back, and does not
	carc-draw < g | carc-place 1,-1,0 | carc-place recall:none | carc-score > g.n && mv g.n g
	decide hurl:seduction:1.40,0.60
	run carc-place --list < g
	want "seduce:supply
seduce:none"
	run --separate-stderr carc-place seduce:0,1,cloister < g
	refused carc-place "illegal move 'seduce:0,1,cloister': an abbot may not stand on a road"
	run --separate-stderr carc-place seduce:supply@abbot < g
	refused carc-place "illegal move 'seduce:supply@abbot': ann has no abbot left"
}

# bob's follower on the cloister B at 0,1: ann's abbot from the hand may take its place.
@test "X-CA-7 an abbot may take the place of a follower on a cloister (seed 003 note 16)" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,abbot --rule scatter=0 \
	    --deck W,B,CA06,B > g
	turns 1,0,0,field:Es 0,1,0,cloister 1,-1,0
	decide hurl:seduction:0.50,1.50
	run carc-place --list < g
	want "seduce:supply
seduce:supply@abbot
seduce:1,0,field:Es
seduce:none"
	decide seduce:supply@abbot
	run get g '[.figures[] | "\(.owner) \(.type) \(.feature)"]'
	want '["0 follower field:Es","0 abbot cloister"]'
}

@test "X-CA-6 a knock-out sends a big follower, an abbot and a phantom home" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult,inns-cathedrals,abbot,phantom \
	    --rule scatter=0 --deck W,B,CA06,B > g
	carc-draw < g | carc-place 1,0,0,field:Es@big | carc-place phantom:road:E | carc-score > g.n &&
	    mv g.n g
	carc-draw < g | carc-place 0,1,0,cloister@abbot | carc-place phantom:none | carc-score > g.n &&
	    mv g.n g
	carc-draw < g | carc-place 1,-1,0 | carc-score > g.n && mv g.n g
	run get g '[.figures[] | .type] | join(",")'; want '"big,phantom,abbot"'
	decide hurl:knockout:0.50,1.50 hurl:knockout:1.83,0.83
	run get g '[.figures[] | .type] | join(",")'; want '"phantom"'
	run js '[.players[].supply | "\(.big) \(.abbot) \(.phantom)"] | join(",")'
	want "1 1 0,1 1 1"
}

# --- whole games ---------------------------------------------------------------------------------

# bats test_tags=slow
@test "a whole game with every new set, the fortune teller and the catapult, 5 players" {
	carc-deck --players a,b,c,d,e --seed 32 --rule edition=c1 --rule ft-big=two \
	    --expansions base,inns-cathedrals,abbot,phantom,fortune-teller,catapult > g
	bots_play g random
	carc-deck --verify < g
}
