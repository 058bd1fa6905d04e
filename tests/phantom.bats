#!/usr/bin/env bats
# The Phantom, rule by rule (../shared/rules/RULES.md §5.8): `--expansions base,phantom` (a set
# of one figure and no tile). After the tile and its figure, if any, a second decision may put
# the phantom on another free feature of the same tile: phantom:FEATURE, or phantom:none.
#
# x grows east, y grows south; the start tile is at 0,0. Tile shapes used (rotation 0):
#   U   road W-E           W   roads E, S, W end at a junction        C   city on all four sides
#   B   cloister           Ug  road W-E and a garden                  E   city cap N

bats_require_minimum_version 1.5.0

load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
	# new OPTION... (tests/lib/game.bash): the game g for ann and bob with the phantom and
	# these options
	NEW_SETS=phantom
}

@test "5.8 each player has one phantom; after the placement the list offers every free feature" {
	new --start U --deck U,U
	run js '[.players[].supply | "\(.follower) \(.phantom)"] | join(",")'
	want "7 1,7 1"
	carc-draw < g > d
	carc-place 1,0,0,road:E < d > p
	run get p .phase; want '"phantom"'
	run carc-place --list < p
	want "phantom:field:Nw
phantom:field:Es
phantom:none"
	run carc-render --format ascii < p
	[[ $output == *"phase phantom: ann may put the phantom on the tile at 1,0 (phantom:FEATURE) or not (phantom:none)"* ]]
}

@test "5.8 a phantom and a follower on one tile, in two features" {
	new --start U --deck U,U
	carc-draw < g | carc-place 1,0,0,road:E | carc-place phantom:field:Nw > p
	run get p '[.phase, .figures]'
	want '["score",[{"x":1,"y":0,"feature":"road:E","owner":0,"type":"follower"},{"x":1,"y":0,"feature":"field:Nw","owner":0,"type":"phantom"}]]'
	carc-score < p > g
	run js '[.players[0].supply.follower, .players[0].supply.phantom, (.log | join(" "))]'
	[ "$(echo $output | tr -d ' \n')" = '[6,0,"U/1,0,0,road:Ephantom:field:Nw"]' ]
	carc-deck --verify < g
}

@test "5.8 the phantom is refused on the feature the first figure took (B-22)" {
	new --start U --deck U,U
	carc-draw < g | carc-place 1,0,0,road:E > p
	run --separate-stderr carc-place phantom:road:E < p
	refused carc-place "illegal move 'phantom:road:E': that road already has a follower (B-22)"
	run --separate-stderr carc-place phantom:road:W < p
	refused carc-place "illegal move 'phantom:road:W': that road already has a follower (B-22)"
}

@test "5.8 the phantom alone, on a road the tile completes: it scores 2 and comes back (B-24)" {
	new --start W --deck W,U
	carc-draw < g | carc-place 1,0,180 > p
	run carc-place --list < p
	want "phantom:road:W
phantom:road:N
phantom:road:E
phantom:field:Es
phantom:field:Nw
phantom:field:Ne
phantom:none"
	carc-place phantom:road:W < p | carc-score > g
	run scores g; want "ann=2 bob=0"
	run js '.players[0].supply.phantom'; want 1
}

@test "5.8 the phantom is not put with the tile: @phantom is refused and never listed" {
	new --start U --deck U,U
	carc-draw < g > d
	run carc-place --list < d
	[ "$status" -eq 0 ] && [[ $output != *phantom* ]]
	run --separate-stderr carc-place 1,0,0,road:E@phantom < d
	refused carc-place "illegal move '1,0,0,road:E@phantom': the phantom is put after the placement, with phantom:FEATURE"
}

@test "5.8 never on a garden: the phantom is a follower there" {
	new --start U --deck Ug,U
	carc-draw < g | carc-place 1,0,0 > p
	run carc-place --list < p
	want "phantom:road:E
phantom:field:Nw
phantom:field:Es
phantom:none"
	run --separate-stderr carc-place phantom:garden < p
	refused carc-place "illegal move 'phantom:garden': a phantom may not stand on a garden"
}

@test "5.8 no phantom decision without a phantom in hand or a free feature" {
	new --start U --deck U,U,U,C,C
	step 1,0,0,road:E phantom:field:Nw
	step 2,0,0 phantom:none
	carc-draw < g | carc-place 3,0,0 > p
	run get p .phase; want '"score"'
	# a city on all four sides joined to a claimed city: no free feature
	carc-deck --players ann,bob --seed 7 --expansions base,phantom --start C --deck C > g
	carc-draw < g | carc-place 1,0,0 > p
	run get p .phase; want '"phantom"'
	carc-deck --players ann,bob --seed 7 --expansions base,phantom --start C --deck C,C,C > g
	step 1,0,0,city:N
	carc-draw < g | carc-place 0,1,0 > p
	run get p .phase; want '"score"'
}

@test "5.8 phase phantom: the tools wait for the decision, JSON lists it, bad words are told" {
	new --start U --deck U,U
	carc-draw < g | carc-place 1,0,0,road:E > p
	run --separate-stderr carc-score < p
	refused carc-score "the phantom may follow the placement: ann decides with carc-place or carc-bot"
	run carc-place --list --format json < p
	want '[
{"word": "phantom:field:Nw", "kind": "phantom", "feature": "field:Nw"},
{"word": "phantom:field:Es", "kind": "phantom", "feature": "field:Es"},
{"word": "phantom:none", "kind": "phantom", "feature": null}
]'
	run --separate-stderr carc-place phantom:feild:Nw < p
	[ "$status" -eq 64 ] && [[ $stderr == *"unknown feature 'feild:Nw'; did you mean 'field:Nw'?"* ]]
	run --separate-stderr carc-place 2,0,0 < p
	[ "$status" -eq 64 ] && [[ $stderr == *"may put the phantom on the tile first"* ]]
	carc-render --format json < p | jq '.players[0].supply.phantom = 0 | .figures += [{"x": 1,
	    "y": 0, "feature": "field:Es", "owner": 0, "type": "phantom"}]' > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	[ "$status" -eq 65 ] && [[ $stderr == *"phase phantom, but ann may put no phantom on the tile placed"* ]]
}

@test "5.8 with the abbot: the recall comes first, then the phantom" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbot,phantom --start B --deck B,B,B > g
	step 1,0,0,cloister@abbot phantom:none
	step 0,1,0 phantom:none
	carc-draw < g | carc-place 1,1,0 > p
	run get p .phase; want '"recall"'
	carc-place recall:1,0 < p > q
	# the cloister at 1,0 has three neighbours: 1 + 3
	run get q '[.phase, [.players[].score]]'; want '["phantom",[4,0]]'
	carc-place phantom:cloister < q | carc-score > g
	run js '.log | join(" ")'
	want "B/1,0,0,cloister@abbot phantom:none B/0,1,0 phantom:none B/1,1,0 recall:1,0 phantom:cloister"
	carc-deck --verify < g
}

@test "the pictures show the phantom: P beside its owner's digit, see-through in SVG" {
	new --start U --deck U,U
	step 1,0,0 phantom:road:E
	run carc-render --format ascii < g
	[[ $output == *"1P"* ]] && [[ $output == *"7 followers, 0 phantoms (P) left"* ]]
	run carc-render --format svg < g
	[[ $output == *'fill-opacity=".45" stroke-dasharray="2 1.5"'* ]]
}

# bats test_tags=slow
@test "whole games with the phantom, 6 and 3 players: bots take the second decision too" {
	games_with phantom 23 phantom:
}
