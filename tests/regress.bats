#!/usr/bin/env bats
# Inputs that once crashed a tool, made it write a state no tool could read, or broke the
# one-line rule, found by fuzzing (tests/fuzz) and by review. Each lives in tests/fuzz/regress
# and goes through the tools that met it, which now answer with the status they should.

bats_require_minimum_version 1.5.0
load helper

R=$TOP/tests/fuzz/regress

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "a move word with a newline in it: the message quotes it on one line" {
	carc-deck --players ann,bob --seed 1 | carc-draw > placing
	run --separate-stderr carc-place "$(cat "$R/move-newline")" placing
	fails -x 64 "carc-place: bad move '0,1,0\\n,road:E': expected [TILE/]X,Y,ROT[,FEATURE][@FIGURE]"
	run --separate-stderr carc-deck --players $'ann\tbob'
	fails -x 64 "carc-deck: bad player name 'ann\\tbob': letters, digits, '_', '-' and '.' only"
}

@test "a tile set whose sides nest 100000 deep: refused at once, not after a minute and a crash" {
	SECONDS=0
	run --separate-stderr carc-deck --expansions '' --tileset "$R/deep-sides.yaml"
	fails -x 65 "carc-deck: $R/deep-sides.yaml:8:21: nested more than 16 deep"
	[ "$SECONDS" -lt 10 ]
}

@test "a tile set whose sides hold themselves: refused, not a stack overflow" {
	run --separate-stderr carc-deck --expansions '' --tileset "$R/self-sides.yaml"
	fails -x 65 "carc-deck: $R/self-sides.yaml:8:9: side must be a plain value"
}

@test "a tile set of 257 anchors: refused before libyaml compares them all" {
	run --separate-stderr carc-deck --expansions '' --tileset "$R/anchors.yaml"
	fails -x 65 "carc-deck: $R/anchors.yaml:261:5: more than 256 anchors"
	head -n 260 "$R/anchors.yaml" > 256.yaml
	carc-deck --expansions '' --tileset 256.yaml | carc-draw > /dev/null
}

@test "a tile set of 4995 tiles: refused, not a game that no tool can read" {
	run --separate-stderr carc-deck --expansions '' --tileset "$R/big-box.yaml"
	fails -x 65 "carc-deck: the tile sets hold 4995 tiles, more than the 4096 a game may have"
}

@test "a deck of 4096 tiles and the start tile: refused, not a game that no tool can read" {
	run --separate-stderr carc-deck --deck "$(cat "$R/deck-4096")"
	fails -x 64 "carc-deck: --deck: more than 4095 tiles besides the start tile"
	carc-deck --deck "$(cut -c 3- "$R/deck-4096")" | carc-draw | carc-place 0,1,0 | carc-score |
	    carc-render --format json | jq -e '.tiles_left == 4094'
}

@test "a hurl when every player has hurled: the state is refused on reading" {
	for reader in "carc-place hurl:knockout:0,0" "carc-bot random" "carc-render"; do
		run --separate-stderr $reader "$R/hurl-after-all.state"
		fails -x 65 "${reader%% *}: $R/hurl-after-all.state: inconsistent state: phase hurl after every player has hurled"
	done
}

@test "a hurl at the edge of the world that scatters past it: the landing stays readable" {
	carc-place hurl:knockout:30000,30000 "$R/hurl-scatter.state" > hurled
	carc-render --format json hurled | jq -ce '.catapult.landings[0] | [.x, .y]' > landing
	[ "$(cat landing)" = "[2999387,3000000]" ]
	carc-place hurl:knockout:-30000,-30000 "$R/hurl-scatter.state" | carc-score > scored
	carc-render scored > /dev/null
}

@test "a seduction from a cell beyond any coordinate: a bad move, not an overflow" {
	run --separate-stderr carc-place seduce:2147483647,0,road:N "$R/seduce.state"
	fails -x 64 "carc-place: bad move 'seduce:2147483647,0,road:N': expected seduce:supply, seduce:X,Y,FEATURE or seduce:none"
	run --separate-stderr carc-place seduce:30001,0,road:N "$R/seduce.state"
	[ "$status" -eq 64 ]
	carc-place seduce:1,0,road:S "$R/seduce.state" | carc-score > seduced
	carc-render seduced > /dev/null
}

@test "issue 35: a state naming a built-in set twice is bad data, 65, in every form; so is a key twice and the abbey in the supply" {
	run --separate-stderr carc-deck --from-json "$R/twice-set.json"
	fails -x 65 "carc-deck: $R/twice-set.json: bad state: tile set 'base' is named twice"
	run --separate-stderr carc-draw "$R/twice-set.state"
	fails -x 65 "carc-draw: $R/twice-set.state: bad state: tile set 'base' is named twice"
	run --separate-stderr carc-render "$R/twice-key.state"
	fails -x 65 "carc-render: $R/twice-key.state: bad state: key 'format' twice in the state"
	run --separate-stderr carc-deck --from-json "$R/abbey-supply.json"
	fails -x 65 "carc-deck: $R/abbey-supply.json: bad state: 'supply' names tile 'ABBEY', which the players hold and nobody draws"
}


@test "a state whose user's tile set comes before a built-in one reads, and keeps no built-in sets for it" {
	carc-deck --players ann,bob --seed 1 --expansions base --tileset "$TOP/tests/fixtures/tilesets/roads.yaml" |
	    carc-render --format json | jq '.setup.sets |= reverse' > rev.json
	carc-deck --from-json rev.json > rev
	run get rev '[.setup.sets[].name] | join(",")'
	[ "$status" -eq 0 ] && [ "$output" = '"roads,base"' ] || { echo "$output"; false; }
}
