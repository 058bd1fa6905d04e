#!/usr/bin/env bats
# One check of every string: a player name, a log word, a key, an armour header, a tile set's
# text is UTF-8 and a line of text (no control character, line separator or bidirectional
# control) within its length, whoever reads or writes it: carc-deck --players, the state
# reader, carc-deck --from-json, the armour reader and writer. The JSON reader follows RFC 8259
# exactly, and takes memory in proportion to the text.

bats_require_minimum_version 1.5.0
load helper

tool=carc-deck

setup() {
	cd "$BATS_TEST_TMPDIR"
	carc-deck --players ann,bob --seed 1 --stack U,U > good
	carc-render --format json good > good.json
}

# Every tool that reads a state, as the words that run it.
readers=(
	"carc-draw"
	"carc-place 0,1,0"
	"carc-place --list"
	"carc-score"
	"carc-render --format json"
	"carc-bot random"
	"carc-deck --verify -"
	"carc-deck --replay -"
)

# NAME, as printf writes it, then what carc-deck --players says about it after
# "bad player name 'NAME': ", tab-separated.
names='
a\xff	not UTF-8 at byte 2 (0xff)
a\xc0\xaf	not UTF-8 at byte 2 (0xc0)
\xed\xa0\x80x	not UTF-8 at byte 1 (0xed)
a\xf4\x90\x80\x80	not UTF-8 at byte 2 (0xf4)
ann\xc3	not UTF-8 at byte 4 (0xc3)
a\x1b	letters, digits, '\''_'\'', '\''-'\'' and '\''.'\'' only
a b	letters, digits, '\''_'\'', '\''-'\'' and '\''.'\'' only
a\xc2\x85	a control character at byte 2 (U+0085)
a\xe2\x80\xa8	a line separator at byte 2 (U+2028)
a\xe2\x80\xae	a bidirectional control at byte 2 (U+202E)
\xe2\x81\xa6ann	a bidirectional control at byte 1 (U+2066)
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa	1 to 32 bytes
'

@test "--players: a name that is not UTF-8 or not a line of text is refused, and said why" {
	local name why n=0 shown
	while IFS=$'\t' read -r name why; do
		[ -n "$name" ] || continue
		run --separate-stderr carc-deck --players "$(printf "$name"),bob"
		# the message quotes the name with what is not text escaped
		shown=$(printf "$name" | od -An -v -tx1 | tr -d ' \n')
		[ "$status" -eq 64 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
		    [[ $stderr == "carc-deck: bad player name '"*"': $why" ]] ||
		    { echo "'$name': $status '$stderr'"; false; }
		n=$((n + 1))
	done <<< "$names"
	[ "$n" -eq 12 ]
	# the message itself is text: the bad bytes are escapes
	run --separate-stderr carc-deck --players $'a\xff\x1b,b'
	[ "$stderr" = "carc-deck: bad player name 'a\\xff\\x1b': not UTF-8 at byte 2 (0xff)" ]
}

@test "--players: names beyond ASCII are welcome, and the JSON view stays JSON" {
	carc-deck --players 'José,李,Zoë.2_x-y' --seed 1 > g
	[ "$(get g '[.players[].name]')" = '["José","李","Zoë.2_x-y"]' ]
	carc-render --format json g | carc-deck --from-json | cmp - g
	carc-draw --armor g | head -n 2 | tail -n 1 | grep -qx 'Players: José, 李, Zoë.2_x-y'
}

@test "the state reader refuses every name --players refuses: in MessagePack, JSON and armour" {
	local name why
	# in JSON, with escapes (jq would mend bytes that are not UTF-8; the JSON tests below and
	# the MessagePack surgery after this have those)
	while IFS=$'\t' read -r name why; do
		[ -n "$name" ] || continue
		jq ".players[0].name = \"$name\"" good.json > bad.json
		run --separate-stderr carc-deck --from-json bad.json
		fails 65 "bad.json: bad state: $why" || { echo "name $name"; false; }
	done <<'EOF'
a\u001b	a string in 'players' is not text: a control character at byte 2 (U+001B)
a b	bad player name 'a b': letters, digits, '_', '-' and '.' only
a\u0085	a string in 'players' is not text: a control character at byte 2 (U+0085)
a\u2028	a string in 'players' is not text: a line separator at byte 2 (U+2028)
a\u202e	a string in 'players' is not text: a bidirectional control at byte 2 (U+202E)
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa	'name' in a player is longer than 32 bytes
EOF
	# byte surgery on the name, the same length: 'ann' becomes each bad name of 3 bytes
	for bad in 'a\xffn' 'a\x1bn' 'a\nB' '\xc2\x85n' 'a\x7fn'; do
		patch good bad '\xa3ann' "\\xa3$bad"
		for reader in "${readers[@]}"; do
			refused_by 65 "stdin: bad state: " "$reader" stdin bad
		done
		carc-draw --armor < good > /dev/null
		run --separate-stderr carc-draw --armor bad
		[ "$status" -eq 65 ] && [ -z "$output" ]
	done
	patch good bad '\xa3ann' '\xa3a\xffn'
	run --separate-stderr carc-render bad
	tool=carc-render fails 65 "bad: bad state: a string in 'players' is not text: not UTF-8 at byte 2 (0xff)"
	patch good bad '\xa3ann' '\xa3a\nB'
	run --separate-stderr carc-render bad
	tool=carc-render fails 65 "bad: bad state: a string in 'players' is not text: a control character at byte 2 (U+000A)"
	patch good bad '\xa3ann' '\xa3a-n'
	carc-render --format json bad | jq -e '.players[0].name == "a-n"'
	patch good bad '\xa3ann' '\xa3a n'
	run --separate-stderr carc-render bad
	tool=carc-render fails 65 "bad: bad state: bad player name 'a n': letters, digits, '_', '-' and '.' only"
}

@test "a name with a line break cannot inject an armour header: no state holds one" {
	run --separate-stderr carc-deck --players $'ann\nBcc: x@example.org,bob'
	[ "$status" -eq 64 ]
	jq '.players[0].name = "ann\nBcc: x@example.org"' good.json > bad.json
	run --separate-stderr carc-deck --from-json --armor bad.json
	[ "$status" -eq 65 ] && [ -z "$output" ]
	[ "$stderr" = "carc-deck: bad.json: bad state: a string in 'players' is not text: a control character at byte 4 (U+000A)" ]
}

@test "an armoured block whose header a mailer decoded into a line break or an escape is refused" {
	carc-render --format json good | carc-deck --from-json --armor > good.txt
	# quoted-printable in the header: =0A is a line break, =1B an escape
	sed 's/^Players: ann, bob$/Players: ann=0ABcc: x, bob/' good.txt > qp.txt
	run --separate-stderr carc-draw qp.txt
	tool=carc-draw fails 65 "qp.txt: armoured state: a header line is not text: a control character at byte 13 (U+000A)"
	sed 's/^Players: ann, bob$/Players: ann=1B[31m, bob/' good.txt > esc.txt
	run --separate-stderr carc-draw esc.txt
	tool=carc-draw fails 65 "esc.txt: armoured state: a header line is not text: a control character at byte 13 (U+001B)"
	sed 's/^Players: ann, bob$/Players: ann\xc3, bob/' good.txt > utf.txt
	run --separate-stderr carc-draw utf.txt
	tool=carc-draw fails 65 "utf.txt: armoured state: a header line is not text: not UTF-8 at byte 13 (0xc3)"
	carc-draw good.txt > /dev/null
}

@test "every string of a state is checked, not only names: log words, keys, setup, tile ids" {
	local filter why
	while IFS=$'\t' read -r filter why; do
		[ -n "$filter" ] || continue
		jq "$filter" good.json > bad.json
		run --separate-stderr carc-deck --from-json bad.json
		fails 65 "bad.json: bad state: $why"
	done <<'EOF'
.log = ["hurl:\u001b[31m"]	a string in 'log' is not text: a control character at byte 6 (U+001B)
.log = ["hurl:\u202e"]	a string in 'log' is not text: a bidirectional control at byte 6 (U+202E)
.setup.stack = "U\u0085"	a string in 'setup' is not text: a control character at byte 2 (U+0085)
.supply[0] = "U\u2029"	a string in 'supply' is not text: a line separator at byte 2 (U+2029)
.setup.rules["far\u0000mers"] = "on"	a key in 'setup' is not text: a control character at byte 4 (U+0000)
. + {"\u001bx": 1}	a key in the state is not text: a control character at byte 1 (U+001B)
.phase = "dr\taw"	a string in 'phase' is not text: a control character at byte 3 (U+0009)
EOF
}

@test "a user's tile set is UTF-8 text in a file and in a state; its lines may hold tabs" {
	local FIX="$TOP/tests/fixtures/tilesets"
	iconv -f UTF-8 -t UTF-16 "$FIX/roads.yaml" > utf16.yaml
	run --separate-stderr carc-deck --expansions '' --tileset utf16.yaml --start RS1
	fails 65 "utf16.yaml:1:1: not UTF-8 (byte 0xff)"
	{ cat "$FIX/roads.yaml"; printf '# caf\xe9\n'; } > latin1.yaml
	run --separate-stderr carc-deck --expansions '' --tileset latin1.yaml --start RS1
	fails 65 "latin1.yaml:20:6: not UTF-8 (byte 0xe9)"
	{ cat "$FIX/roads.yaml"; printf '# a tab\there, and caf\xc3\xa9\r\n'; } > ok.yaml
	carc-deck --expansions '' --tileset ok.yaml --start RS1 > g
	carc-render --format json g | carc-deck --from-json | cmp - g
}

# ---- JSON, RFC 8259 ----

# JSON TEXT, as printf writes it, given as the value of an unknown key: the JSON reader takes
# it when the state reader then complains of the key, and refuses it with WORDS otherwise.
json_value() {
	printf '{"format":"carc","version":1,"x":'"$1"'}' > v.json
	run --separate-stderr carc-deck --from-json v.json
}

@test "JSON that RFC 8259 allows is read: escapes, pairs, -0, whitespace" {
	for v in '"\\u00e9"' '"\\ud83d\\ude00"' '"\\/\\"\\\\"' '-0' '0' '12' \
	    '" caf\xc3\xa9 \xf0\x9f\x98\x80"' '[ 1 ,\t2\r\n]' '{"a": [], "b": {}}' 'true' 'null' \
	    '"\\uDBFF\\uDFFF"' '18446744073709551615' '-9223372036854775808'; do
		json_value "$v"
		fails 65 "v.json: bad state: unknown key 'x' in the state" || { echo "value $v"; false; }
	done
	# escapes of control characters are JSON; a state holds none of them
	for v in b f n r t u0001; do
		json_value '"a\\'"$v"'"'
		[[ $stderr == "carc-deck: v.json: bad state: a string in 'x' is not text: a control character at byte 2 "* ]]
	done
}

@test "JSON that RFC 8259 does not allow is refused at its line and column" {
	local v why
	while IFS=$'\t' read -r v why; do
		[ -n "$v" ] || continue
		json_value "$v"
		fails 65 "v.json:1:$why" || { echo "value $v"; false; }
	done <<'EOF'
"a\xff"	36: bad JSON: not UTF-8 in a string (byte 0xff)
"\xc0\xaf"	35: bad JSON: not UTF-8 in a string (byte 0xc0)
"\xed\xa0\x80"	35: bad JSON: not UTF-8 in a string (byte 0xed)
"\xf4\x90\x80\x80"	35: bad JSON: not UTF-8 in a string (byte 0xf4)
"\\ud800"	35: bad JSON: a lone surrogate \ud800: the second half of the pair must follow
"\\ud800\\u0041"	35: bad JSON: a lone surrogate \ud800: the second half of the pair must follow
"\\ud800\\ud800"	35: bad JSON: a lone surrogate \ud800: the second half of the pair must follow
"\\udc00"	35: bad JSON: a lone surrogate \udc00
"\\u12"	35: bad JSON: bad \u escape
"\\x"	35: bad JSON: bad escape in a string
"a\tb"	36: bad JSON: control character in a string
03	34: bad JSON: a number may not start with a 0 followed by digits
-01	34: bad JSON: a number may not start with a 0 followed by digits
-	34: bad JSON: a number needs digits
+1	34: bad JSON: unexpected character
.5	34: bad JSON: unexpected character
1.	34: bad JSON: a '.' in a number needs digits after it
1e	34: bad JSON: an exponent needs digits
1.5	34: bad JSON: numbers must be whole and in range
1e3	34: bad JSON: numbers must be whole and in range
18446744073709551616	34: bad JSON: numbers must be whole and in range
-9223372036854775809	34: bad JSON: numbers must be whole and in range
[1,]	37: bad JSON: unexpected character
{"a":1,}	41: bad JSON: expected a string key
{"a" 1}	39: bad JSON: expected ':'
'\''a'\''	34: bad JSON: unexpected character
NaN	34: bad JSON: unexpected character
tru	34: bad JSON: unknown word
\v1	34: bad JSON: unexpected character
EOF
}

@test "--from-json on a million short strings: memory within a small multiple of the text" {
	grep -q fsanitize "$TOP/.flags" 2> /dev/null && skip "sanitizers change the memory taken"
	python3 -c 'import sys; sys.stdout.write("{\"format\":\"carc\",\"version\":1,\"log\":[" +
	    ",".join(["\"a\""] * 1000000) + "]}")' > million.json
	[ "$(wc -c < million.json)" -eq 4000037 ]
	run python3 - <<'EOF'
import resource, subprocess
p = subprocess.run(['carc-deck', '--from-json', 'million.json'], capture_output=True)
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(p.returncode, p.stderr.decode().strip(), kib)
EOF
	set -- $output
	[ "$1" -eq 65 ]
	[[ $output == *"million.json: bad state: the state has no 'setup'"* ]]
	# 335 MiB before; now the MessagePack it becomes and msgpack-c's 24 bytes a value
	[ "${!#}" -lt $((48 * 1024)) ] || { echo "took ${!#} KiB"; false; }
}
