#!/usr/bin/env bats
# formats/state.schema.json, the JSON Schema of carc-render --format json, against real states:
# every step of whole games of each expansion and rule option, so every phase is met, and
# hand-spoilt states that it must refuse. The validator is Debian's python3-jsonschema, run by
# Debian's python3 (tests/schema.py).

bats_require_minimum_version 1.5.0
load helper

SCHEMA="$TOP/formats/state.schema.json"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# play_steps FILE MAX: plays the game in the state file FILE with random bots for at most MAX
# steps, or to its end, keeping the JSON form of every state on the way as FILE.N.json, whatever
# the phase.
play_steps() {
	local f=$1 max=$2 n=0 phase
	carc-render --format json "$f" > "$f.$n.json"
	while [ "$n" -lt "$max" ]; do
		phase=$(sed -n 's/^  "phase": "\(.*\)",$/\1/p' "$f.$n.json")
		case $phase in
		draw) carc-draw "$f" > "$f.next" ;;
		place | hurl | seduce | recall | phantom | abbey | dragon | portal | princess | fairy)
			carc-bot --seed "$n" random "$f" > "$f.next" ;;
		score) carc-score "$f" > "$f.next" ;;
		over) return 0 ;;
		*) echo "no phase in $f.$n.json"; return 1 ;;
		esac || return 1
		mv "$f.next" "$f"
		n=$((n + 1))
		carc-render --format json "$f" > "$f.$n.json"
	done
}

validate() {
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" "$@"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ -z "$output" ]
}

@test "schema: it is a valid JSON Schema (draft 2020-12)" {
	echo '{}' > empty.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" empty.json
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "empty.json: /: 'format' is a required property" ]
}

@test "schema: every state of games of each expansion and rule option fits it" {
	carc-deck --players ann,bob --seed 3 > base
	carc-deck --players a,b,c,d,e,f --seed 4 --rule farmers=off --rule edition=c1 > six
	carc-deck --players ann,bob --seed 5 --expansions base,fortune-teller --stack FT1,U,V > ft
	carc-draw ft | carc-place 0,1,0,tent | carc-score > ft.next && mv ft.next ft
	carc-deck --players ann,bob,cy --seed 6 --expansions base,catapult --stack CA06,CA01 > cat
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule catapult=house > house
	carc-deck --players ann,bob --seed 8 --expansions base,fortune-teller,catapult \
	    --deck FT1,CA06,B,U,V,E --rule catapult=off > off
	printf '%s\n' 'name: booth' 'tiles:' '  - id: booth' '    count: 2' '    edges: F F R F' \
	    '    tent: true' '    roads:' '      - S' '    fields:' \
	    '      - {halves: Nw Ne En Es Se Sw Ws Wn}' > booth.yaml
	carc-deck --players ann,bob --seed 9 --tileset booth.yaml --stack booth,booth > user
	# ann's abbot on the first cloister, taken back after her next placement
	carc-deck --players ann,bob --seed 10 --expansions base,inns-cathedrals,abbot --start B \
	    --deck B,B,B,IC01,B,B > abbot
	carc-draw abbot | carc-place 1,0,0,cloister@abbot | carc-score | carc-draw |
	    carc-place 0,1,0 | carc-score | carc-draw | carc-place 1,1,0 > abbot.next &&
	    mv abbot.next abbot
	# ann's phantom waits to be put after her first placement
	carc-deck --players ann,bob --seed 11 --expansions base,phantom --start U --deck U,U,U > ph
	carc-draw ph | carc-place 1,0,0,road:E > ph.next && mv ph.next ph
	play_steps base 30
	play_steps six 15
	play_steps ft 30
	play_steps cat 40
	play_steps house 15
	play_steps off 100
	play_steps user 10
	play_steps abbot 40
	play_steps ph 20
	validate *.json
	# every phase but seduce (the next test) was met, several drawn tiles, a user's set
	[ "$(jq -r .phase *.json | sort -u | tr '\n' ' ')" = "draw hurl over phantom place recall score " ]
	[ "$(jq -s 'map(select(.drawn | length > 1)) | length > 0' ft.*.json)" = true ]
	[ "$(jq -s 'map(select(.catapult.pending == "hurl")) | length > 0' cat.*.json)" = true ]
	[ "$(jq -s 'map(select(.setup.sets[1].yaml != null)) | length > 0' user.*.json)" = true ]
	[ "$(get off .phase)" = '"over"' ]
}

@test "schema: the abbeys of Abbey & Mayor, placed in a turn and in the end's phase abbey" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck E,A,B,B,B,E > am
	for m in 1,0,180,city:S@mayor 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0; do
		carc-draw am | carc-place "$m" | carc-score > am.next && mv am.next am
	done
	carc-render --format json am > end.json
	carc-place abbey:none am | carc-render --format json > passed.json
	carc-place abbey:1,1,cloister am > placed
	carc-render --format json placed > placed.json
	carc-score placed | carc-render --format json > over.json
	validate end.json passed.json placed.json over.json
	[ "$(jq -c '[.phase, .abbey_mayor]' end.json)" = '["abbey",{"placed":[false,false],"first":0,"asked":[true,false]}]' ]
	[ "$(jq -c '[.phase, .abbey_mayor.placed, .log[-1]]' placed.json)" = '["score",[true,false],"ABBEY/1,1,0,cloister"]' ]
	jq '.phase = "abbey" | .drawn = ["B"]' end.json > spoilt.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" spoilt.json
	[ "$status" -eq 1 ]
}

@test "schema: a barn on its corner, and a wagon of wagon=c1 waiting with the feature scored" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck E,E,B,B > barn
	for m in 0,1,180 0,2,0 1,0,0,field:Nw 1,1,0,corner:NW@barn; do
		carc-draw barn | carc-place "$m" | carc-score > barn.next && mv barn.next barn
	done
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --rule wagon=c1 \
	    --start S --deck E,B,E,E,U > c1
	for m in 0,-1,180,city:S@wagon 1,-1,0 -1,0,90 1,0,270; do
		carc-draw c1 | carc-place "$m" | carc-score > c1.next && mv c1.next c1
	done
	carc-render --format json barn > barn.json
	carc-render --format json c1 > c1.json
	validate barn.json c1.json
	[ "$(jq -c '.figures' barn.json)" = '[{"x":1,"y":1,"feature":"corner:NW","owner":1,"type":"barn"}]' ]
	[ "$(jq -c '.abbey_mayor.wagons' c1.json)" = '[[0,-1,"city:S"],null]' ]
	jq '.figures[0].feature = "corner:N"' barn.json > spoilt.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" spoilt.json
	[ "$status" -eq 1 ]
}

@test "schema: the dragon on the board and moving, its path kept (The Princess & the Dragon)" {
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,U,PD17,PD16 > dr
	for m in 1,0,0 2,0,0,field:Nw 3,0,0; do
		carc-draw dr | carc-place "$m" | carc-score > dr.next && mv dr.next dr
	done
	carc-render --format json dr > on.json
	carc-draw dr | carc-place 4,0,0 > at
	carc-place fairy:2,0,field:Nw at | carc-render --format json > guarded.json
	carc-place fairy:none at | carc-place dragon:W > dr
	carc-render --format json dr > moving.json
	play_steps dr 20
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon \
	    --rule princess=must --rule dragon-timing=after-scoring --rule fairy=on-tile \
	    --rule fairy-final=off | carc-render --format json > options.json
	validate on.json guarded.json moving.json options.json dr.*.json
	[ "$(jq -c '.neutral' on.json)" = '[{"type":"dragon","x":3,"y":0}]' ]
	[ "$(jq -c '.neutral[1]' guarded.json)" = '{"type":"fairy","x":2,"y":0,"feature":"field:Nw"}' ]
	# the fairy's move was the turn's figure action
	[ "$(jq -c '.acted' guarded.json)" = true ]
	[ "$(jq -c '.setup.rules | [.fairy, ."fairy-final"]' options.json)" = '["on-tile","off"]' ]
	[ "$(jq -c '[.phase, .princess_dragon]' moving.json)" = '["dragon",{"turn":1,"path":[[3,0],[2,0]]}]' ]
	jq '.princess_dragon.path += [[1,0], [0,0], [-1,0], [-2,0], [-3,0]]' moving.json > spoilt.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" spoilt.json
	[ "$status" -eq 1 ]
}

@test "schema: towers, prisoners, a capture and an exchange (The Tower)" {
	local n=0 w
	carc-deck --players ann,bob --seed 7 --expansions base,inns-cathedrals,tower --start TW02g \
	    --deck B,B,B,B,B,B,B,B > g
	# ann and bob take each other's monks, bob's big follower too; bob's capture at 2,0
	# makes an exchange, with a choice
	for w in draw 1,0,0,cloister score draw -1,0,0,cloister score draw 0,1,0 tower:0,0 \
	    capture:-1,0,cloister score draw -2,0,0,cloister@big score draw 0,-1,0 tower:0,0 \
	    capture:-2,0,cloister score draw 2,0,0 tower:0,0 capture:1,0,cloister exchange:big \
	    score; do
		case $w in
		draw) carc-draw g > g.n ;;
		score) carc-score g > g.n ;;
		*) carc-place "$w" g > g.n ;;
		esac || { echo "$w failed"; return 1; }
		mv g.n g
		n=$((n + 1))
		carc-render --format json g > "tw.$n.json"
	done
	validate tw.*.json
	[ "$(jq -r .phase tw.*.json | sort -u | tr '\n' ' ')" = "capture draw exchange place score tower " ]
	[ "$(jq -c .tower "tw.$n.json")" = '{"floors":[8,9],"towers":[{"x":0,"y":0,"height":3}],"prisoners":[{"holder":0,"owner":1,"figure":"follower"}]}' ]
	jq '.tower.ransomed = true' "tw.$n.json" > ransomed.json
	validate ransomed.json
	jq '.tower.towers[0].height = 0' "tw.$n.json" > spoilt.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" spoilt.json
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "spoilt.json: /tower/towers/0/height: 0 is less than the minimum of 1" ]
}

@test "schema: a seduction waiting and resolved, with its victim and where the seducer comes from" {
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > game
	carc-draw game | carc-place 1,0,0,field:Es | carc-score |
	    carc-draw | carc-place 2,0,0,road:W | carc-score |
	    carc-draw | carc-place 1,-1,0 | carc-score | carc-place hurl:seduction:2.40,0.60 |
	    carc-score > seduce
	carc-place seduce:1,0,field:Es seduce > pending
	carc-score pending > after
	for f in seduce pending after; do
		carc-render --format json $f > $f.json
	done
	[ "$(jq -r .phase seduce.json)" = seduce ]
	[ "$(jq -c .catapult.victim seduce.json)" = '{"x":2,"y":0,"feature":"road:S"}' ]
	[ "$(jq -r .catapult.from pending.json)" = 1,0,field:Es ]
	validate seduce.json pending.json after.json
}

# Version 2's own: the figure table's digest, options written only when set, the tiles held in
# phase score (F-7d), a draw of fewer tiles in the log, no catapult key outside a round.
@test "schema: version 2: figure digest, later options, held tiles, draw:N, no idle catapult" {
	carc-deck --players ann,bob --seed 7 --expansions base,fortune-teller,catapult \
	    --start B --deck FT1,B,U,E,B --rule ft-draw=may --rule chain=0.50 > g
	carc-draw g | carc-place 0,1,0,tent | carc-score | carc-draw | carc-place 1,0,0 |
	    carc-score > may
	carc-place draw:1 may | carc-place 0,-1,0 | carc-score > one
	carc-draw may | carc-place U/0,-1,0 > held
	for f in g may one held; do
		carc-render --format json $f > $f.json
	done
	[ "$(jq -c '[.version, .setup.figures, .setup.rules.chain, .setup.rules["ft-draw"]]' g.json)" = \
	    '[2,"e85a47f9f594f09d","0.50","may"]' ]
	[ "$(jq -c '[.phase, .drawn]' held.json)" = '["score",["E"]]' ]
	[ "$(jq -r '.log[-2]' one.json)" = draw:1 ]
	[ "$(jq 'has("catapult")' one.json)" = false ]
	validate g.json may.json one.json held.json
	# and what a version 2 state may not be
	jq '.setup |= del(.figures)' g.json > nodigest.json
	jq '.drawn = ["U", "E", "B"]' held.json > held3.json
	jq '.log += ["draw:0"]' one.json > draw0.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" nodigest.json held3.json draw0.json
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "nodigest.json: /setup: 'figures' is a required property" ]
	[ "${lines[1]}" = "held3.json: /drawn: ['U', 'E', 'B'] is too long" ]
	[ "${lines[2]}" = "draw0.json: /log/4: 'draw:0' is not valid under any of the given schemas" ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "schema: spoilt states are refused, each with the path and the reason" {
	carc-deck --players ann,bob --seed 7 | carc-draw | carc-render --format json > place.json
	jq '.phase = "draw"' place.json > drawn-in-draw.json
	jq '.players[0].score = -1' place.json > score.json
	jq '.board[0].rot = 45' place.json > rot.json
	jq '.figures = [{"x": 0, "y": 0, "feature": "road:X", "owner": 0, "type": "follower"}]' \
	    place.json > feature.json
	jq '.setup.rules.scatter = "0.5"' place.json > length.json
	jq '.log = ["D/1,0,0,road:E", "1,0"]' place.json > log.json
	jq 'del(.tiles_left) | .colour = "red"' place.json > keys.json
	run "$PY" "$TOP/tests/schema.py" "$SCHEMA" drawn-in-draw.json score.json rot.json \
	    feature.json length.json log.json keys.json
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "drawn-in-draw.json: /drawn: ['D'] is too long" ]
	[ "${lines[1]}" = "score.json: /players/0/score: -1 is less than the minimum of 0" ]
	[ "${lines[2]}" = "rot.json: /board/0/rot: 45 is not one of [0, 90, 180, 270]" ]
	[[ ${lines[3]} == "feature.json: /figures/0/feature: 'road:X' does not match "* ]]
	[[ ${lines[4]} == "length.json: /setup/rules/scatter: '0.5' does not match "* ]]
	[[ ${lines[5]} == "log.json: /log/1: '1,0' is not valid under any of the given schemas" ]]
	[ "${lines[6]}" = "keys.json: /: Additional properties are not allowed ('colour' was unexpected)" ]
	[ "${lines[7]}" = "keys.json: /: 'tiles_left' is a required property" ]
	[ "${#lines[@]}" -eq 8 ]
}

@test "schema: a player name is what carc-deck --players takes, no more" {
	local name n=0
	carc-deck --players 'José,李,Zoë.2_x-y' --seed 7 | carc-render --format json > ok.json
	validate ok.json
	# each name carc-deck refuses (text.bats has the bytes the JSON view never holds)
	for name in 'a b' 'a\u001b' 'a\u0085' 'a\u2028' 'a\u202e' '\u2066ann' 'a/b' 'a,b' ''; do
		jq ".players[0].name = \"$name\"" ok.json > bad.json
		run "$PY" "$TOP/tests/schema.py" "$SCHEMA" bad.json
		[ "$status" -eq 1 ] && [[ ${lines[0]} == "bad.json: /players/0/name: "* ]] ||
		    { echo "'$name': $output"; false; }
		run --separate-stderr carc-deck --from-json bad.json
		[ "$status" -eq 65 ]
		n=$((n + 1))
	done
	[ "$n" -eq 9 ]
}
