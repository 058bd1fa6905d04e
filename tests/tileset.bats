#!/usr/bin/env bats
# User tile sets (carc-deck --tileset FILE): the loader's complaints about bad sets, and a
# small good set that plays whole games and travels inside the state.
#
# Every bad set in fixtures/tilesets/ holds exactly one fault. The expected LINE:COLUMN is the
# node that holds the fault, counted by hand in the fixture (both from 1, as editors count):
# a bad key or value points at that key or value, a segment that does not fit its tile points
# at that segment, a duplicate id at the second id.

bats_require_minimum_version 1.5.0

load helper

FIX="$TOP/tests/fixtures/tilesets"

setup() {
	cd "$FIX" || return 1
}

# bad_set FILE LINE COLUMN REGEX: carc-deck refuses FILE with status 65, writes nothing on
# stdout and one line on stderr: "carc-deck: FILE:LINE:COLUMN: message", the message
# matching REGEX.
bad_set() {
	local file=$1 line=$2 col=$3 re=$4

	run --separate-stderr carc-deck --players a,b --seed 1 --tileset "$file"
	echo "status $status, stderr: $stderr"
	tool=carc-deck fails -p 65 "$file:$line:$col: "
	[[ "${stderr#"carc-deck: $file:$line:$col: "}" =~ $re ]]
}

# jsof FILE FILTER: jq -r FILTER over the JSON rendering of the state FILE.
jsof() {
	carc-render --format json < "$1" | jq -r "$2"
}

# play_out FILE: plays the state FILE to the end, one carc-draw | carc-bot random | carc-score
# pipeline a turn.
play_out() {
	local f=$1 n=0

	set -o pipefail
	while [ "$(jsof "$f" .phase)" != over ]; do
		carc-draw < "$f" | carc-bot random | carc-score > "$f.next" || {
			echo "turn $n failed" >&2
			return 1
		}
		mv "$f.next" "$f"
		n=$((n + 1))
		[ "$n" -le 200 ] || { echo "no end after 200 turns" >&2; return 1; }
	done
}

@test "bad YAML syntax: a flow map closed by ']' is refused at the ']'" {
	# line 7: '      - {halves: Nw Ne En Es Se Sw Ws Wn]', the ']' is character 41
	bad_set syntax.yaml 7 41 "'}'"
}

@test "an unknown key in a tile is refused at the key" {
	# line 6: '    monastery: true' (the key is cloister)
	bad_set unknown-key.yaml 6 5 "monastery"
}

@test "an edge letter other than F, R, C is refused at the edges value and named" {
	# line 5: '    edges: F R X R', the value starts at character 12
	bad_set bad-edge.yaml 5 12 "'X'"
}

@test "a road that reaches a field edge is refused at that road" {
	# line 7: '      - W E N': the north edge is F
	bad_set road-to-field.yaml 7 9 "road.*N|N.*road"
}

@test "a sign on a kind of segment that cannot show it is refused at the key" {
	# line 7: '      - {sides: W E, cathedral: true}': a cathedral stands in a city
	bad_set sign-kind.yaml 7 22 "^unknown key 'cathedral' in a road$"
}

@test "a road written as a map needs its sides" {
	# line 7: '      - {inn: true}'
	bad_set road-no-sides.yaml 7 9 "^a road needs its sides$"
}

@test "a user's tiles may show inns and cathedrals, which score as Inns & Cathedrals says" {
	cd "$BATS_TEST_TMPDIR"
	# LK2 (city cap N, a cathedral) under LK2 turned 180: a city of 2 tiles with a cathedral,
	# complete, 3 a tile: 6 (X-IC-2)
	carc-deck --players ann,bob --seed 1 --expansions base --tileset "$FIX/lakes.yaml" \
	    --start LK2 --deck LK2 > g
	turns 0,-1,180,city:S
	run scores g; want "ann=6 bob=0"
	# LK1 (road W-E with an inn) east of LK1, both ends open at the end: 0 (X-IC-1)
	carc-deck --players ann,bob --seed 1 --expansions base --tileset "$FIX/lakes.yaml" \
	    --start LK1 --deck LK1 > g
	turns 1,0,0,road:E
	run scores g; want "ann=0 bob=0"
}

@test "a road or city edge that no segment reaches is refused at the edges" {
	# line 5: '    edges: C R F R' but no road is listed: side E (and W) has no segment
	bad_set side-without-segment.yaml 5 12 "road"
}

@test "a half-edge claimed by two fields is refused at the second claim" {
	# line 10: '      - {halves: Wn Es Se Sw Ws}': Wn is in the field on line 9 as well
	bad_set half-twice.yaml 10 18 "Wn"
}

@test "a field's city number beyond the tile's cities is refused at the number" {
	# line 9: '      - {halves: En Es Se Sw Ws Wn, cities: [1]}': one city, numbered 0
	bad_set city-index.yaml 9 46 "1"
}

@test "a tile id defined twice in one set is refused at the second id" {
	# line 9: '  - id: DU1', the id value starts at character 9
	bad_set duplicate-id.yaml 9 9 "DU1"
}

@test "features that meet (meets:, the wagon's C1 reach) must be the tile's own" {
	# line 9: '    meets: [road:N cloister]', the list's string starts at character 13
	bad_set meets-unknown.yaml 9 13 "^tile MU1 has no road:N$"
}

@test "a group of features that meet is two or more" {
	# line 11: '      - cloister', the string starts at character 9
	bad_set meets-alone.yaml 11 9 "^features that meet are two or more"
}

@test "formats/meets.yaml names tiles of the built-in sets, each feature its own" {
	# every id is a tile of a built-in set; a feature a tile lacks would stop every game
	for id in $(sed -n 's/^  \([A-Za-z0-9]*\): .*/\1/p' "$TOP/formats/meets.yaml"); do
		grep -q "^  - id: $id\$" "$TOP"/formats/*.yaml || { echo "no tile $id"; false; }
	done
	run carc-deck --players a,b --seed 1 --expansions \
	    base,fortune-teller,catapult,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,princess-dragon
	[ "$status" -eq 0 ]
	run --separate-stderr carc-deck --players a,b --expansions base,meets
	[ "$status" -eq 64 ] && [[ $stderr == *"unknown expansion 'meets'"* ]]
}

@test "a key twice in one map is refused at the second, which names the first" {
	# line 7: '    count: 3', after 'count: 1' on line 4
	bad_set duplicate-key.yaml 7 5 "^key 'count' twice in one map \\(first at 4:5\\)$"
	# line 8: '      - {halves: Nw Ne En Es, halves: Se Sw Ws Wn}', in a flow map, the second at 31
	bad_set duplicate-flow-key.yaml 8 31 "^key 'halves' twice in one map \\(first at 8:10\\)$"
}

@test "a second YAML document is refused at its start, not dropped" {
	# line 9: '---'
	bad_set two-documents.yaml 9 1 "^a second YAML document: a tile set is one document$"
}

@test "a set with a key twice is refused inside a state too" {
	cd "$BATS_TEST_TMPDIR"
	carc-deck --expansions base --tileset "$FIX/roads.yaml" --seed 1 |
	    carc-render --format json > g.json
	jq --rawfile y "$FIX/duplicate-key.yaml" '.setup.sets[1].yaml = ($y | sub("duplicate-key"; "roads"))' \
	    g.json > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: bad.json (set roads):7:5: key 'count' twice in one map (first at 4:5)" ]
}

@test "a tile id that the base set already has is refused at that id" {
	# line 3: '  - id: U' (U is the base game's straight road)
	bad_set base-id.yaml 3 9 "'U'"
}

@test "a tile-set file that cannot be opened exits 66" {
	run --separate-stderr carc-deck --players a,b --seed 1 --tileset no-such-set.yaml
	echo "status $status, stderr: $stderr"
	[ "$status" -eq 66 ]
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ "$stderr" == "carc-deck: no-such-set.yaml: "* ]]
}

@test "a good user set loads: its tiles join the base game's supply" {
	carc-deck --players a,b --seed 1 --tileset roads.yaml > "$BATS_TEST_TMPDIR/g"
	cd "$BATS_TEST_TMPDIR"
	[ "$(jsof g '[.setup.sets[].name] | join(",")')" = base,roads ]
	# 71 base tiles besides the start tile, 4 RS1 and 2 RC1
	[ "$(jsof g .tiles_left)" -eq 77 ]
	[ "$(jsof g '[.supply[] | select(. == "RS1")] | length')" -eq 4 ]
	[ "$(jsof g '[.supply[] | select(. == "RC1")] | length')" -eq 2 ]
	[ "$(jsof g '.board | length')" -eq 1 ]
}

@test "a game with a user set plays to the end with carc-draw | carc-bot random | carc-score" {
	carc-deck --players a,b,c --seed 11 --tileset roads.yaml > "$BATS_TEST_TMPDIR/g"
	cd "$BATS_TEST_TMPDIR"
	play_out g
	[ "$(jsof g .phase)" = over ]
	[ "$(jsof g .tiles_left)" -eq 0 ]
	# 72 base tiles and 6 of the user's: each placed or set aside (B-12)
	[ "$(jsof g '(.board | length) + (.aside | length)')" -eq 78 ]
	[ "$(jsof g '[(.board[].tile), (.aside[]) | select(. == "RS1")] | length')" -eq 4 ]
	[ "$(jsof g '[(.board[].tile), (.aside[]) | select(. == "RC1")] | length')" -eq 2 ]
	[ "$(jsof g '[.board[].tile | select(. == "RS1" or . == "RC1")] | length')" -gt 0 ]
}

@test "the user set's YAML travels inside the state: the game goes on without the file" {
	cp roads.yaml "$BATS_TEST_TMPDIR/mine.yaml"
	cd "$BATS_TEST_TMPDIR"
	carc-deck --players a,b --seed 3 --tileset mine.yaml --deck RS1,RC1,RS1,RS1,RC1,RS1 > g
	rm mine.yaml
	# the text itself, byte for byte
	carc-render --format json < g | jq -j '.setup.sets[1].yaml' > kept.yaml
	cmp kept.yaml "$FIX/roads.yaml"
	[ "$(jsof g '.setup.sets[1].name')" = roads ]
	play_out g
	[ "$(jsof g .phase)" = over ]
	[ "$(jsof g '(.board | length) + (.aside | length)')" -eq 7 ]
	[ "$(jsof g '[.board[].tile | select(. == "RS1" or . == "RC1")] | length')" -gt 0 ]
	[ "$(jsof g '.log | length')" -eq "$(jsof g '.board | length - 1')" ]
}

@test "a state with a user set goes through JSON and back without the file" {
	cp roads.yaml "$BATS_TEST_TMPDIR/mine.yaml"
	cd "$BATS_TEST_TMPDIR"
	carc-deck --players a,b --seed 5 --tileset mine.yaml --stack RC1,RS1 > g
	rm mine.yaml
	carc-draw < g | carc-bot random | carc-score > g1
	carc-render --format json < g1 > g1.json
	carc-deck --from-json g1.json > g2
	cmp g1 g2
}
