#!/usr/bin/env bats
# Hostile input, as a table: every tool that reads a state gets each input below, bad whatever
# the state was (empty, cut short, random, keys missing or of the wrong type, another version,
# two states, an armoured block damaged in each way it can be), and must refuse it with status 65, nothing on stdout and one line on stderr that
# says why. carc-deck --from-json gets the same inputs in JSON form. Then the limits a state is
# held to, each refused with status 65 and a message that names it. badinput.bats has the byte
# surgery of single keys and values; regress.bats the inputs that once broke a tool.

bats_require_minimum_version 1.5.0
load helper

# Every tool that reads a state, as the words that run it.
readers=(
	"carc-draw"
	"carc-place 0,2,0"
	"carc-place --list"
	"carc-score"
	"carc-render --format ascii"
	"carc-render --format ansi"
	"carc-render --format svg"
	"carc-render --format json"
	"carc-bot random"
	"carc-deck --replay -"
	"carc-deck --verify -"
)

# The tools that rewrite a state file in place: each must leave a file it refuses as it was.
inplace=(
	"carc-draw"
	"carc-place 0,2,0"
	"carc-score"
	"carc-bot random"
)

setup() {
	cd "$BATS_TEST_TMPDIR"
	# A real state, after one turn: U at 0,1 with ann's follower on its road; bob to draw.
	carc-deck --players ann,bob --seed 1 --stack U,U > good
	turn good 0,1,0,road:E
	carc-render --format json good > good.json
	carc-deck --from-json --armor < good.json > good.txt
}

# The bad inputs: each NAME makes NAME (the state form) and NAME.json (the JSON form).
make_input() {
	local name=$1 size

	case $name in
	empty)
		: > empty
		: > empty.json ;;
	cut-*)	# cut after that many bytes, or at a fraction of the whole
		size=$(wc -c < good)
		case ${name#cut-} in
		half) head -c $((size / 2)) good > "$name"
		    head -c $(($(wc -c < good.json) / 2)) good.json > "$name.json" ;;
		last) head -c $((size - 1)) good > "$name"
		    head -c $(($(wc -c < good.json) - 2)) good.json > "$name.json" ;;
		*) head -c "${name#cut-}" good > "$name"
		    head -c "${name#cut-}" good.json > "$name.json" ;;
		esac ;;
	random-*)	# random-SEED-COUNT
		set -- ${name//-/ }
		printf "$(noise "$2" "$3")" > "$name"
		cp "$name" "$name.json" ;;
	mixed-*)	# a real start, then random bytes
		{ head -c "${name#mixed-}" good; printf "$(noise "${name#mixed-}" 300)"; } > "$name"
		{ head -c "${name#mixed-}" good.json; printf "$(noise "${name#mixed-}" 300)"; } \
		    > "$name.json" ;;
	no-aside)
		patch good x '\x8d\xa6format' '\x8c\xa6format'
		patch x "$name" '\xa5aside\x90' ''
		jq 'del(.aside)' good.json > "$name.json" ;;
	no-seed)
		patch good x '\x87\xa4sets' '\x86\xa4sets'
		patch x "$name" '\xa4seed\x01' ''
		jq 'del(.setup.seed)' good.json > "$name.json" ;;
	no-format)
		patch good "$name" '\x8d\xa6format\xa4carc' '\x8c'
		jq 'del(.format)' good.json > "$name.json" ;;
	seed-string)
		patch good "$name" '\xa4seed\x01' '\xa4seed\xa11'
		jq '.setup.seed = "1"' good.json > "$name.json" ;;
	player-string)
		patch good "$name" '\xa6player\x01' '\xa6player\xa11'
		jq '.player = "1"' good.json > "$name.json" ;;
	drawn-string)
		patch good "$name" '\xa5drawn\x90' '\xa5drawn\xa0'
		jq '.drawn = ""' good.json > "$name.json" ;;
	version-*)
		patch good "$name" '\xa7version\x02' "\\xa7version\\x${name#version-}"
		jq ".version = $((16#${name#version-}))" good.json > "$name.json" ;;
	twice)
		cat good good > twice
		cat good.json good.json > twice.json ;;
	newline)
		{ cat good; echo; } > newline
		{ cat good.json; echo '{}'; } > newline.json ;;
	armor-*)	# the armoured state damaged; not JSON either
		case ${name#armor-} in
		sum) sed -E 's/^(Checksum: )0/\1f/; t; s/^(Checksum: )./\10/' good.txt ;;
		nosum) sed '/^Checksum: /d' good.txt ;;
		cut) head -c 300 good.txt ;;
		turn) sed 's/^Turn: 1$/Turn: 2/' good.txt ;;
		base64) sed '7s/^./!/' good.txt ;;
		short) sed "$(($(wc -l < good.txt) - 1))s/.\$//" good.txt ;;	# its last character
		esac > "$name"
		cmp -s "$name" good.txt && { echo "$name: the surgery did nothing"; return 1; }
		cp "$name" "$name.json" ;;
	*)
		echo "no input $name"
		return 1 ;;
	esac
}

# NAME, then what the state readers say after "stdin: ", then what carc-deck --from-json says,
# tab-separated. 32 lines, each refused by 11 state readers, carc-deck --from-json, and the 4
# tools that rewrite a file in place.
table='
empty	empty input, not a carc state	stdin:1:1: bad JSON: unexpected end of input
cut-1	truncated state (1 bytes)	stdin:1:2: bad JSON: expected a string key
cut-2	truncated state (2 bytes)	stdin:2:1: bad JSON: expected a string key
cut-13	truncated state (13 bytes)	stdin:2:12: bad JSON: unexpected end of input
cut-200	truncated state (200 bytes)	stdin:9:41: bad JSON: expected '\'':'\''
cut-half	truncated state	stdin:30:29: bad JSON: unexpected end of input
cut-last	truncated state	stdin:42:1: bad JSON: expected '\'','\'' or '\''}'\''
random-1-1	truncated state (1 bytes)	stdin:1:1: bad JSON: unexpected character
random-2-7	not a carc state (not a map)	stdin:1:1: bad JSON: unexpected character
random-3-100	not a carc state (not a map)	stdin:1:1: bad JSON: unexpected character
random-4-500	truncated state (500 bytes)	stdin:1:1: bad JSON: unexpected character
random-5-4000	not a carc state (not a map)	stdin:1:1: bad JSON: unexpected character
mixed-13	truncated state (313 bytes)	stdin:2:13: bad JSON: expected a string key
mixed-40	truncated state (340 bytes)	stdin:4:3: bad JSON: expected a string key
mixed-200	truncated state (500 bytes)	stdin:9:41: bad JSON: expected '\'':'\''
no-aside	bad state: the state has no '\''aside'\''	bad state: the state has no '\''aside'\''
no-seed	bad state: setup has no '\''seed'\''	bad state: setup has no '\''seed'\''
no-format	not a carc state (no format "carc")	not a carc state (no format "carc")
seed-string	'\''seed'\'' in setup must be a whole number	'\''seed'\'' in setup must be a whole number
player-string	'\''player'\'' in the state must be a whole number	'\''player'\'' in the state must be a whole number
drawn-string	'\''drawn'\'' in the state must be an array	'\''drawn'\'' in the state must be an array
version-03	state version 3 is not known	state version 3 is not known
version-00	state version 0 is not known	state version 0 is not known
version-7f	state version 127 is not known	state version 127 is not known
twice	620 bytes of trailing data after the state	stdin:43:1: bad JSON: trailing text after the state
newline	1 bytes of trailing data after the state	stdin:43:1: bad JSON: trailing text after the state
armor-sum	armoured state damaged: its checksum is 078525e4bc377ea8..., the data gives 178525e4bc377ea8...	stdin:1:1: bad JSON: a number needs digits
armor-nosum	armoured state without its Checksum line	stdin:1:1: bad JSON: a number needs digits
armor-cut	armoured state without its -----END CARC GAME----- line	stdin:1:1: bad JSON: a number needs digits
armor-turn	armoured state: its header says '\''Turn: 2'\'', the state inside '\''Turn: 1'\''	stdin:1:1: bad JSON: a number needs digits
armor-base64	armoured state: broken base64 (a '\''!'\'' in the data)	stdin:1:1: bad JSON: a number needs digits
armor-short	armoured state: broken base64 (827 characters, cut short or padded wrong)	stdin:1:1: bad JSON: a number needs digits
'

@test "the good state is read by every reader, and its JSON by carc-deck --from-json" {
	for reader in "${readers[@]}"; do
		run --separate-stderr $reader < good
		case $reader in
		carc-draw | carc-render* | carc-deck*) [ "$status" -eq 0 ] ;;
		*) [ "$status" -eq 1 ] ;;		# waits for carc-draw
		esac
	done
	carc-deck --from-json < good.json | cmp - good
	carc-draw < good.txt > /dev/null
}

@test "the table: every reader refuses every bad input with status 65, alone on stderr" {
	local name words jwords reader n=0 argv
	while IFS=$'\t' read -r name words jwords; do
		[ -n "$name" ] || continue
		make_input "$name"
		for reader in "${readers[@]}"; do
			refused_by 65 "$words" "$reader" stdin "$name"
			n=$((n + 1))
		done
		refused_by 65 "$jwords" "carc-deck --from-json" stdin "$name.json"
		n=$((n + 1))
		# -i FILE: refused the same way, naming the file, and the file is left as it was
		for reader in "${inplace[@]}"; do
			read -ra argv <<< "$reader"
			cp "$name" "in-$name"
			run --separate-stderr "${argv[0]}" -i "in-$name" "${argv[@]:1}"
			# and no temporary file is left beside it
			[ "$status" -eq 65 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
			    [[ $stderr == "${argv[0]}: in-$name: "* ]] && cmp -s "$name" "in-$name" &&
			    [ -z "$(find . -name '.in-*')" ] || {
				echo "${argv[0]} -i in-$name: $status, '$stderr'"
				return 1
			}
			n=$((n + 1))
		done
	done <<< "$table"
	[ "$n" -eq 512 ]
}

@test "a state cut short at every byte: carc-draw says truncated, every time" {
	local size at bad=
	size=$(wc -c < good)
	for ((at = 1; at < size; at++)); do
		head -c "$at" good > cut
		refused_by 65 "truncated state ($at bytes)" carc-draw stdin cut > /dev/null ||
		    bad="$bad $at"
	done
	[ -z "$bad" ] || { echo "cut at$bad of $size bytes: not refused as truncated"; false; }
}

@test "its JSON form cut short at every tenth byte: carc-deck --from-json says bad JSON" {
	local size at bad=
	size=$(wc -c < good.json)
	for ((at = 1; at < size - 1; at += 10)); do
		head -c "$at" good.json > cut.json
		refused_by 65 "bad JSON" "carc-deck --from-json" stdin cut.json > /dev/null ||
		    bad="$bad $at"
	done
	[ -z "$bad" ] || { echo "cut at$bad of $size bytes: not refused as bad JSON"; false; }
}

# ---- the limits ----

# The JSON form of the good state, edited by the jq FILTER, read by carc-deck --from-json:
# refused with status 65 and WORDS in the message.
json_refused() {
	carc-render --format json good | jq "$1" > edited.json
	refused_by 65 "$2" "carc-deck --from-json" stdin edited.json
}

@test "limit: an input larger than 64 MiB, armoured text or e-mail" {
	{ cat good.txt; head -c $((64 * 1024 * 1024)) /dev/zero | tr '\0' ' '; } > huge
	for reader in carc-draw "carc-render --format ascii" "carc-deck --replay -"; do
		refused_by 65 "stdin: larger than 64 MiB" "$reader" stdin huge
	done
}

@test "limit: a state larger than 16 MiB" {
	head -c $((16 * 1024 * 1024 + 1)) /dev/zero > big
	for reader in "${readers[@]}"; do
		refused_by 65 "stdin: state larger than 16 MiB" "$reader" stdin big
	done
}

@test "limit: MessagePack nested more than 16 deep" {
	{ for ((i = 0; i < 17; i++)); do printf '\x81\xa1k'; done; printf '\xc0'; } > deep
	for reader in "${readers[@]}"; do
		refused_by 65 "stdin: not a carc state (nested more than 16 deep)" "$reader" stdin \
		    deep
	done
	# 16 deep is MessagePack a reader takes apart, and then finds no state in
	{ for ((i = 0; i < 16; i++)); do printf '\x81\xa1k'; done; printf '\xc0'; } > deep16
	refused_by 65 "stdin: not a carc state (no format \"carc\")" carc-draw stdin deep16
}

@test "limit: JSON nested more than 16 deep" {
	{ for ((i = 0; i < 17; i++)); do printf '['; done
	  for ((i = 0; i < 17; i++)); do printf ']'; done; } > deep.json
	refused_by 65 "stdin:1:17: bad JSON: nested more than 16 deep" "carc-deck --from-json" \
	    stdin deep.json
}

@test "limit: more than 1048576 values, in MessagePack or JSON" {
	# an array of 2^20 nils: with the array itself, one value too many
	{ printf '\xdd\x00\x10\x00\x00'; head -c 1048576 /dev/zero | tr '\0' '\300'; } > many
	refused_by 65 "stdin: not a carc state (more than 1048576 values)" carc-render stdin many
	{ printf '['; head -c 1048576 /dev/zero | tr '\0' '0' | sed 's/0/0,/g'; printf '0]'; } \
	    > many.json
	refused_by 65 "bad JSON: more than 1048576 values" "carc-deck --from-json" stdin many.json
}

@test "limit: more than 4096 tiles in a game" {
	json_refused '.supply += [range(4100) | "C"]' "bad state: more than 4096 tiles"
}

@test "limit: coordinates from -30000 to 30000" {
	json_refused '.board[1].x = 30001' \
	    "bad state: 'x' in a board entry is 30001, outside -30000..30000"
	json_refused '.figures[0].y = -30001' \
	    "bad state: 'y' in a figure is -30001, outside -30000..30000"
}

@test "limit: 2 to 6 players" {
	json_refused '.players += [range(5) | {name: "p\(.)", score: 0, supply: {follower: 7}}]' \
	    "bad state: a game has 2 to 6 players, not 7"
	json_refused '.players = .players[:1]' "bad state: a game has 2 to 6 players, not 1"
}

@test "limit: a log no longer than 16 entries a tile" {
	json_refused '.log += [range(1200) | "hurl:x"]' \
	    "bad state: the log has 1201 entries, more than the 1168 a game of 72 tiles can make"
}

@test "limit: strings no longer than their fields" {
	json_refused '.players[0].name = "a" * 33' \
	    "bad state: 'name' in a player is longer than 32 bytes"
	json_refused '.supply[0] = "T" * 24' "bad state: 'supply' holds a tile id longer than 23 bytes"
	json_refused '.log[0] = "U/0,1,0,road:E" + "-" * 82' \
	    "bad state: log entry 1 is longer than 95 bytes"
	json_refused '.setup.stack = "U," * 40000' "bad state: setup 'stack' is longer than 65536 bytes"
	json_refused '.phase = "p" * 40' "bad state: 'phase' in the state is longer than 31 bytes"
}

@test "limit: a tile set no larger than 1 MiB, in a file or in a state" {
	{ cat "$TOP/tests/fixtures/tilesets/roads.yaml"; head -c 1048576 /dev/zero | tr '\0' '#'; } \
	    > big.yaml
	run --separate-stderr carc-deck --expansions '' --tileset big.yaml --start RS1
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: big.yaml: a tile set larger than 1 MiB" ]
	carc-deck --expansions '' --tileset "$TOP/tests/fixtures/tilesets/roads.yaml" --start RS1 |
	    carc-render --format json > user.json
	jq --rawfile y big.yaml '.setup.sets[0].yaml = $y' user.json > big.json
	refused_by 65 "stdin (set roads): a tile set larger than 1 MiB" "carc-deck --from-json" \
	    stdin big.json
}

@test "limit: no more tiles from the tile sets than a game may hold" {
	printf 'name: many\nstart: A1\ntiles:\n' > many.yaml
	for i in 1 2 3 4 5; do
		printf '  - {id: A%d, count: 999, edges: F F F F, fields: [{halves: Nw Ne En Es Se Sw Ws Wn}]}\n' \
		    "$i" >> many.yaml
	done
	run --separate-stderr carc-deck --expansions '' --tileset many.yaml
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: the tile sets hold 4995 tiles, more than the 4096 a game may have" ]
	awk 'BEGIN { printf "name: types\nstart: A0\ntiles:\n"
		for (i = 0; i <= 4096; i++)
			printf "  - {id: A%d, edges: F F F F, fields: [{halves: Nw Ne En Es Se Sw Ws Wn}]}\n", i }' \
	    > types.yaml
	run --separate-stderr carc-deck --expansions '' --tileset types.yaml
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: types.yaml:4:3: more than 4096 tile types" ]
}
