#!/usr/bin/env bats
# Bad input to every tool that reads a state: each refuses it with the exact status, nothing on
# stdout and one line on stderr. Bad states are made by byte surgery on a real one, or by
# editing its JSON form with jq and reading it back with carc-deck --from-json. The inputs that
# are bad whatever the state (empty, cut short, random, two states, another version) and the
# limits of a state are in hostile.bats.

bats_require_minimum_version 1.5.0
load helper

# Every tool that reads a state, as the words that run it.
readers=(
	"carc-draw"
	"carc-place 0,2,0"
	"carc-place --list"
	"carc-score"
	"carc-render"
	"carc-render --format json"
	"carc-bot random"
)

setup() {
	cd "$BATS_TEST_TMPDIR"
	# A real state, after one turn: U at 0,1 with ann's follower on its road; bob to draw.
	carc-deck --players ann,bob --seed 1 --stack U,U > good
	turn good 0,1,0,road:E
}

# FILE is refused by every reader, as an operand and on standard input.
all_refuse() {
	local want=$1 words=$2 file=$3 reader

	for reader in "${readers[@]}"; do
		refused_by "$want" "$words" "$reader" operand "$file"
		refused_by "$want" "$words" "$reader" stdin "$file"
	done
}

# Writes the JSON form of the good state, edited by the jq FILTER, to FILE.
edited_json() {
	carc-render --format json good | jq "$1" > "$2"
}

@test "the good state is read by every reader" {
	for reader in "${readers[@]}"; do
		run --separate-stderr $reader good
		case $reader in
		carc-draw | carc-render*) [ "$status" -eq 0 ] ;;
		*) [ "$status" -eq 1 ] ;;		# waits for carc-draw
		esac
	done
	carc-draw good | carc-place 0,2,0 | carc-score > next
	[ "$(carc-render --format json next | jq -c .log)" = '["U/0,1,0,road:E","U/0,2,0"]' ]
}

@test "the surgery works: the same bytes back give the same state" {
	patch good same '\xa7version\x02' '\xa7version\x02'
	cmp good same
	patch good other '\xa6road:E' '\xa6road:E'
	cmp good other
	run patch good x '\xa7version\x07' '\xa7version\x02'
	[ "$status" -eq 1 ]
}

@test "the JSON form instead of the state" {
	carc-render --format json good > json
	all_refuse 65 "" json
}

@test "MessagePack that is not a map" {
	printf '\x93\x01\x02\x03' > array
	all_refuse 65 "not a map" array
	printf '\xa4carc' > string
	all_refuse 65 "not a map" string
}

@test "a state without its format" {
	patch good noformat '\x8d\xa6format\xa4carc' '\x8c'
	all_refuse 65 "format" noformat
	patch good otherformat '\xa6format\xa4carc' '\xa6format\xa4card'
	all_refuse 65 "format" otherformat
}

@test "a key that is not known, or a key twice" {
	patch good unknown '\xa5aside' '\xa5asido'
	all_refuse 65 "unknown key 'asido'" unknown
	patch good twice '\xa5aside' '\xa5board'
	all_refuse 65 "'board' twice" twice
}

@test "a value of the wrong type or out of range" {
	patch good nilplayer '\xa6player\x01' '\xa6player\xc0'
	all_refuse 65 "'player'" nilplayer
	patch good farplayer '\xa6player\x01' '\xa6player\x02'
	all_refuse 65 "'player'" farplayer
	patch good negative '\xa3ann\xa5score\x00' '\xa3ann\xa5score\xff'
	all_refuse 65 "'score'" negative
	patch good notile '\xa4tile\xa1U' '\xa4tile\xa1Z'
	all_refuse 65 "'Z'" notile
}

@test "a message about a wrong type names the type it wants" {
	patch good arrayphase '\xa5phase\xa4draw' '\xa5phase\x94draw'
	all_refuse 65 "'phase' in the state must be a string" arrayphase
	edited_json '.board = {}' board.json
	run --separate-stderr carc-deck --from-json board.json
	[ "$status" -eq 65 ]
	[ "$stderr" = "carc-deck: board.json: bad state: 'board' in the state must be an array" ]
	edited_json '.setup = []' setup.json
	run --separate-stderr carc-deck --from-json setup.json
	[ "$status" -eq 65 ]
	[ "$stderr" = "carc-deck: setup.json: bad state: 'setup' in the state must be a map" ]
}

@test "a tile moved so that its edges do not match" {
	patch good moved '\xa1U\xa1x\x00\xa1y\x01' '\xa1U\xa1x\x00\xa1y\xff'
	all_refuse 65 "inconsistent state: tile 1 (U at 0,-1) does not match its neighbours" moved
}

@test "a tile moved away from the others, or onto another" {
	patch good away '\xa1U\xa1x\x00\xa1y\x01' '\xa1U\xa1x\x00\xa1y\x05'
	all_refuse 65 "inconsistent state: tile 1 (U at 0,5) touches no other tile" away
	patch good onto '\xa1U\xa1x\x00\xa1y\x01' '\xa1U\xa1x\x00\xa1y\x00'
	all_refuse 65 "inconsistent state: tile 1 (U at 0,0) lies on another tile" onto
}

@test "a figure on a feature that the tile does not have" {
	patch good nocity '\xa6road:E' '\xa6city:E'
	all_refuse 65 "inconsistent state: tile U at 0,1 has no city:E" nocity
}

@test "a player's supply that disagrees with the board" {
	patch good supply '\xa3ann\xa5score\x00\xa6supply\x81\xa8follower\x06' \
	    '\xa3ann\xa5score\x00\xa6supply\x81\xa8follower\x07'
	all_refuse 65 "inconsistent state: ann" supply
}

@test "a phase that disagrees with the drawn tiles" {
	patch good place '\xa5phase\xa4draw' '\xa5phase\xa5place'
	all_refuse 65 "inconsistent state: phase place with 0 drawn tiles" place
}

@test "a log that disagrees with the board" {
	patch good log '\xaeU/0,1,0,road:E' '\xaeU/0,2,0,road:E'
	all_refuse 65 "inconsistent state" log
}

@test "a farmer in a game without farmers" {
	patch good nofarmers '\xa7farmers\xa2on' '\xa7farmers\xa3off'
	patch nofarmers farmer '\xa6road:E' '\xa8field:Nw'
	all_refuse 65 "inconsistent state" farmer
}

@test "more copies of a tile than the tile set holds" {
	edited_json '.supply += ["C", "C"]' more.json
	run --separate-stderr carc-deck --from-json more.json
	[ "$status" -eq 65 ]
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "JSON with values of the wrong type: carc-deck --from-json refuses it" {
	while read -r edit; do
		edited_json "$edit" bad.json
		run --separate-stderr carc-deck --from-json bad.json
		[ "$status" -eq 65 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
		    [[ $stderr == "carc-deck: bad.json"* ]] ||
		    { echo "$edit: got $status, stderr '$stderr'"; false; }
	done <<-'EDITS'
	.format = 1
	.version = "1"
	.version = 1.5
	.setup = []
	.setup.seed = "1"
	.setup.seed = -1
	.setup.sets = {}
	.setup.rules.farmers = false
	.players = {}
	.players = []
	.players[0] = "ann"
	.players[0].name = 7
	.players[0].score = "0"
	.players[0].supply = 6
	.players[0].supply.follower = true
	.phase = 0
	.player = "1"
	.player = null
	.drawn = "U"
	.drawn = [1]
	.supply = "U"
	.supply = [null]
	.aside = {}
	.rng = 5
	.rng = "xyz"
	.board = {}
	.board[0] = ["D", 0, 0, 0]
	.board[1].x = "0"
	.board[1].rot = 45
	.board[1].tile = 5
	.figures = null
	.figures[0].owner = "ann"
	.figures[0].feature = ["road:E"]
	.log = "U/0,1,0"
	.log = [1]
	EDITS
}

@test "JSON of an inconsistent state: carc-deck --from-json refuses it" {
	while read -r edit words; do
		edited_json "$edit" bad.json
		run --separate-stderr carc-deck --from-json bad.json
		[ "$status" -eq 65 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
		    [[ $stderr == "carc-deck: bad.json: inconsistent state: $words"* ]] ||
		    { echo "$edit: got $status, stderr '$stderr'"; false; }
	done <<-'EDITS'
	.board[1].y=-1	tile 1 (U at 0,-1) does not match its neighbours
	.board[1].rot=90	tile 1 (U at 0,1) does not match its neighbours
	.board[1].x=3	tile 1 (U at 3,1) touches no other tile
	.board[0].x=1	the start tile is not at 0,0
	.figures[0].feature="cloister"	tile U at 0,1 has no cloister
	.figures[0].x=5	a figure stands at 5,1, where no tile is
	.players[0].supply.follower=7	ann
	.players[1].supply.follower=6	bob
	.phase="place"	phase place with 0 drawn tiles
	.drawn=["U"]	phase draw with 1 drawn tiles
	EDITS
}

@test "issue 35: a key twice in any map of a state is refused by every reader: 65, one line" {
	patch good twice '\x8d\xa6format\xa4carc' '\x8e\xa6format\xa4carc\xa6format\xa4carc'
	all_refuse 65 "bad state: key 'format' twice in the state" twice
	carc-deck --players ann,bob --seed 1 --expansions base,tower --rule ransom=step2 > tower
	patch tower twice '\xa5rules\x88' '\xa5rules\x89\xa6ransom\xa4turn'
	all_refuse 65 "bad state: key 'ransom' twice in 'setup'" twice
	patch good twice '\x83\xa4name\xa3ann\xa5score\x00' '\x84\xa4name\xa3ann\xa5score\x00\xa5score\x00'
	all_refuse 65 "" twice
	run --separate-stderr carc-render twice
	[ "$stderr" = "carc-render: twice: bad state: key 'score' twice in 'players'" ] ||
	    { echo "$stderr"; false; }
}

@test "issue 35: a tile set named twice in a state is bad data (65), on the command line a usage error (64)" {
	patch good twice '\xa4sets\x91\x82\xa4name\xa4base' \
	    '\xa4sets\x92\x82\xa4name\xa4base\xa6digest\xb01147fe233e9361c5\x82\xa4name\xa4base'
	all_refuse 65 "bad state: tile set 'base' is named twice" twice
	edited_json '.setup.sets += [.setup.sets[0]]' twice.json
	run --separate-stderr carc-deck --from-json twice.json
	fails 65 "carc-deck: twice.json: bad state: tile set 'base' is named twice"
	run --separate-stderr carc-deck --expansions base,base
	fails 64 "carc-deck: formats/base.yaml: tile set 'base' is used twice"
}

@test "issue 35 X-AM-1: a tile the players hold (the abbey) in the supply or set aside is refused" {
	carc-deck --players ann,bob --seed 1 --expansions base,abbey-mayor > am
	local edit
	for edit in supply aside; do
		carc-render --format json am | jq ".$edit = [\"ABBEY\"] + .$edit" > bad.json
		run --separate-stderr carc-deck --from-json bad.json
		fails 65 "carc-deck: bad.json: bad state: '$edit' names tile 'ABBEY', which the players hold and nobody draws"
	done
}

@test "a state in the wrong phase: refused with status 1 and the tool to run named" {
	carc-deck --players ann,bob --seed 7 --stack U > draw
	carc-draw draw > place
	carc-place 1,0,0 place > score
	carc-deck --players ann,bob --seed 7 --deck U | carc-draw | carc-place 1,0,0 | carc-score > over
	for reader in "carc-place 0,2,0" "carc-place --list" "carc-score" "carc-bot random"; do
		refused_by 1 "carc-draw" "$reader" stdin draw
	done
	for reader in "carc-draw" "carc-score"; do
		refused_by 1 "carc-place" "$reader" stdin place
	done
	for reader in "carc-draw" "carc-place 0,2,0" "carc-place --list" "carc-bot random"; do
		refused_by 1 "carc-score" "$reader" stdin score
	done
	for reader in "carc-draw" "carc-place 0,2,0" "carc-place --list" "carc-score" \
	    "carc-bot random"; do
		refused_by 1 "over" "$reader" stdin over
	done
}

# --- coordinates in the modules' words (issue 35) ------------------------------------------------

# bad_cells FILE WORD...: each WORD, made on FILE, is a usage error: status 64, nothing on
# stdout, one line "carc-place: bad move 'WORD': ..." on stderr; never another cell.
bad_cells() {
	local file=$1 w
	shift
	for w; do
		run --separate-stderr carc-place "$w" < "$file"
		tool=carc-place fails 64 "bad move '$w'" || { echo "the word: $w"; return 1; }
	done
}

@test "issue 35 TW-04 TW-08: a tower's or a capture's X,Y that overflows, lies out of range or is spelled otherwise is a usage error" {
	carc-deck --players ann,bob --seed 7 --expansions base,tower --start TW02g --deck B,B,B,B > g
	carc-draw < g | carc-place 1,0,0,cloister | carc-score | carc-draw | carc-place -1,0,0 > tw
	bad_cells tw tower:9223372036854775808,0 tower:4294967296,0 tower:30001,0 tower:0,-30001 \
	    tower:+0,0 tower:-0,0 tower:00,0 "tower:0, 0" "tower: 0,0" tower:0,0x tower:0,0,top0
	carc-place tower:0,0 < tw > cap
	bad_cells cap capture:4294967297,0,cloister capture:1,18446744073709551616,cloister \
	    capture:30001,0,cloister capture:+1,0,cloister capture:01,0,cloister
	carc-place capture:1,0,cloister < cap > /dev/null
}

@test "issue 35 §5.3: wagon:99999999999999999999,-6,city:E is a usage error, and a wagon's move is logged as the list writes it" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start D --deck E,U,U > g
	carc-draw < g | carc-place 0,-1,180,city:S@wagon | carc-score > wg
	bad_cells wg wagon:99999999999999999999,-6,city:E wagon:4294967296,0,road:E \
	    wagon:30001,0,road:E wagon:+0,0,road:E wagon:-0,0,road:E wagon:0,00,road:E
	carc-place wagon:0,0,road:W < wg > a
	carc-place wagon:0,0,road:E < wg > b
	cmp a b
	run get a '.log[-1]'
	want '"wagon:0,0,road:E"'
}

# The hole of abbey-mayor.bats: the cell 1,1 with tiles on all four sides, ann to move.
@test "issue 35 X-AM-1: an abbey's X,Y that overflows is a usage error; every rotation of the abbey is one move, one state, one log word" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbey-mayor --start B \
	    --deck E,A,B,B,B,E,B > g
	turns 1,0,180,city:S 0,1,270,road:E 2,0,0 2,1,0 0,2,0 1,2,0
	bad_cells g abbey:1,4294967297 abbey:9223372036854775808,1 abbey:30001,1 abbey:+1,1 \
	    abbey:01,1 abbey:1,1,00 abbey:1,1,360 abbey:1,1,-90 ABBEY/4294967297,1,0
	carc-place abbey:1,1,0 < g > r0
	carc-place abbey:1,1,90 < g > r90
	cmp r0 r90
	carc-place abbey:1,1 < g > r
	carc-place ABBEY/1,1,270 < g > r270
	cmp r0 r && cmp r0 r270
	run get r90 '.log[-1]'
	want '"ABBEY/1,1,0"'
	carc-place abbey:1,1,cloister < g > c0
	carc-place abbey:1,1,180,cloister < g > c180
	cmp c0 c180
}

@test "issue 35 PD-50 PD-30: a portal's or the fairy's X,Y that overflows or lies out of range is a usage error" {
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,PD08 > g
	carc-draw < g | carc-place 1,0,0,road:E | carc-score | carc-draw | carc-place 2,0,0 > portal
	bad_cells portal portal:0,4294967296,city:N portal:9223372036854775808,0,city:N \
	    portal:30001,0,city:N portal:0,-0,city:N portal:+0,0,city:N
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,U,U,U,A,A > g
	carc-draw < g | carc-place 1,0,0,road:E | carc-score | carc-draw | carc-place -1,0,0 |
	    carc-score | carc-draw | carc-place 2,0,0 > fairy
	bad_cells fairy fairy:1,4294967296,road:E fairy:9223372036854775809,0,road:E \
	    fairy:1,30001,road:E fairy:01,0,road:E
	carc-deck --players ann,bob --seed 7 --expansions base,princess-dragon --start D \
	    --deck U,U,U,U,A,A --rule fairy=on-tile > g
	carc-draw < g | carc-place 1,0,0,road:E | carc-score | carc-draw | carc-place -1,0,0 |
	    carc-score | carc-draw | carc-place 2,0,0 > fairy
	bad_cells fairy fairy:1,4294967296 fairy:4294967297,0 fairy:1,-0
}

@test "issue 35 B-63 X-CA-7: a recall's or a seduction's X,Y that overflows or lies out of range is a usage error" {
	carc-deck --players ann,bob --seed 7 --expansions base,abbot --start B --deck B,B,B,B,B > g
	carc-draw < g | carc-place 1,0,0,cloister@abbot | carc-score | carc-draw |
	    carc-place 0,1,0 | carc-score | carc-draw | carc-place 1,1,0 > recall
	bad_cells recall recall:4294967297,0 recall:1,18446744073709551616 recall:30001,0 \
	    recall:01,0 recall:+1,0 "recall:1,0 "
	carc-deck --players ann,bob --seed 7 --expansions base,catapult --rule scatter=0 \
	    --deck W,V,CA06,B > g
	turns 1,0,0,field:Es 2,0,0,road:W 1,-1,0
	carc-place hurl:seduction:2.40,0.60 < g | carc-score > seduce
	bad_cells seduce seduce:4294967297,0,field:Es seduce:1,9223372036854775808,field:Es \
	    seduce:30001,0,field:Es seduce:+1,0,field:Es
}
