#!/usr/bin/env bats
# carc-deck: sets up a new game from options, or reads a state back from its JSON form.

bats_require_minimum_version 1.5.0
load helper

usage="usage: carc-deck [-h] [--armor] [--players NAME,...] [--seed N] [--expansions SET,...]
                 [--tileset FILE] [--rule KEY=VALUE] [--start ID] [--stack ID,...]
                 [--deck ID,...] [--version]
       carc-deck [--armor] --from-json [FILE]
       carc-deck [--armor] --replay FILE
       carc-deck [--armor] [--no-wait] -i FILE
       carc-deck --verify [--since OLD [--as NAME]] [FILE]"
tool=carc-deck

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# What a bot reads of the state FILE, on one line.
summary() {
	carc-render --format json < "$1" | jq -c '[.phase, .player,
	    [.players[] | [.name, .score]], [.board[] | [.tile, .x, .y, .rot]], .tiles_left, .drawn]'
}

@test "-h prints the usage on stdout and exits 0" {
	run --separate-stderr carc-deck -h
	[ "$status" -eq 0 ]
	[ "$output" = "$usage" ]
	[ -z "$stderr" ]
}

@test "the usage is the SYNOPSIS of carc-deck(1)" {
	[ -f "$TOP/man/carc-deck.1" ]
	run synopsis carc-deck
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$usage" | sed 's/^usage: //' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//')" ]
}

@test "a usage error is one line that names the fault and points at --help" {
	run --separate-stderr carc-deck --bogus
	misused "unknown option '--bogus'"
	run --separate-stderr carc-deck --sede 3
	misused "unknown option '--sede'"
	run --separate-stderr carc-deck --seed 1 ann,bob
	misused "unexpected operand 'ann,bob'"
	run --separate-stderr carc-deck --players
	misused "option '--players' needs a value"
	run --separate-stderr carc-deck --s 1
	misused "ambiguous option '--s' (--seed, --since, --stack, --start)"
	run --separate-stderr carc-deck --armor=1
	misused "option '--armor' takes no value"
	run --separate-stderr carc-deck -q
	misused "unknown option '-q'"
	run --separate-stderr carc-deck --from-json a.json b.json
	misused "unexpected operand 'b.json'"
	run --separate-stderr carc-deck --from-json --verify
	misused "--from-json, --replay, --verify and -i exclude each other"
	run --separate-stderr carc-deck --verify --armor game
	misused "--verify writes no state: --armor does not go with it"
	run --separate-stderr carc-deck --since old
	misused "--since goes with --verify"
	run --separate-stderr carc-deck --verify --as ann game
	misused "--as goes with --since"
	run --separate-stderr carc-deck --no-wait
	misused "--no-wait goes with -i"
	run --separate-stderr carc-deck --replay game --seed 3
	misused "--replay takes the whole game from the state; drop the other options"
	run --separate-stderr carc-deck -i -
	misused "-i updates a file: it cannot update standard input"
}

@test "a new game: the start tile at 0,0, 71 tiles to draw, the first player to draw" {
	carc-deck --players ann,bob --seed 7 > game
	run summary game
	[ "$output" = '["draw",0,[["ann",0],["bob",0]],[["D",0,0,0]],71,[]]' ]
	run get game '[.players[].supply, .figures, .log, .aside]'
	[ "$output" = '[{"follower":7},{"follower":7},[],[],[]]' ]
}

@test "the JSON form names the phase, the player to move, players, board, tiles left, drawn" {
	carc-deck --players ann,bob,cy --seed 3 | carc-draw > game
	run get game '[(.phase | type), (.player | type), (.players | map(.name, .score | type)),
	    (.board | map(.tile, .x, .y, .rot | type)), (.tiles_left | type), (.drawn | map(type))]'
	[ "$output" = '["string","number",["string","number","string","number","string","number"],["string","number","number","number"],"number",["string"]]' ]
	run get game '[.phase, .player, .tiles_left, (.drawn | length)]'
	[ "$output" = '["place",0,70,1]' ]
}

@test "the same options and seed give the same state, byte for byte" {
	carc-deck --players ann,bob,cy --seed 2024 > one
	carc-deck --players ann,bob,cy --seed 2024 > two
	cmp one two
}

@test "another seed shuffles another supply from the same tiles" {
	carc-deck --players ann,bob --seed 1 > one
	carc-deck --players ann,bob --seed 2 > two
	[ "$(get one .supply)" != "$(get two .supply)" ]
	[ "$(get one '.supply | sort')" = "$(get two '.supply | sort')" ]
}

@test "without --seed a seed is chosen and kept, so the game can be set up again" {
	carc-deck --players ann,bob > game
	seed=$(get game .setup.seed)
	[[ $seed =~ ^[0-9]+$ ]]
	[ "$seed" -lt 1000000000 ]
	carc-deck --players ann,bob --seed "$seed" | cmp - game
}

@test "a seed is a whole number from 0 to 2^53-1, which jq reads exactly" {
	carc-deck --seed 0 > game
	[ "$(get game .setup.seed)" = 0 ]
	carc-deck --seed 9007199254740991 > game
	[ "$(get game .setup.seed)" = 9007199254740991 ]
	for bad in -1 ' -1' ' 7' +7 abc '' 1.5 1e3 9007199254740992 18446744073709551616; do
		run --separate-stderr carc-deck --seed "$bad"
		fails 64 "bad seed '$bad'"
	done
	# and carc-deck(1) says the same range
	run --separate-stderr carc-deck --seed 9007199254740992
	fails 64 "bad seed '9007199254740992': seeds go up to 9007199254740991"
	[ "$(sed -n '/^\.It Fl -seed Ar N$/,/^\.It /p' "$TOP/man/carc-deck.1" |
	    grep -c '^a whole number from 0 to 9007199254740991$')" -eq 1 ]
}

@test "two to six players play, in the order given" {
	for players in ann,bob ann,bob,cy ann,bob,cy,dee ann,bob,cy,dee,eve ann,bob,cy,dee,eve,fay; do
		carc-deck --players "$players" --seed 1 > game
		[ "$(get game '[.players[].name] | join(",")')" = "\"$players\"" ]
		[ "$(get game '[.players[].score] | add')" = 0 ]
	done
}

@test "one player or seven players is a usage error" {
	run --separate-stderr carc-deck --players ann --seed 1
	fails 64 "too few players: 2 to 6 play"
	run --separate-stderr carc-deck --players ann,bob,cy,dee,eve,fay,gus --seed 1
	fails 64 "too many players: 2 to 6 play"
}

@test "a player named twice is a usage error" {
	run --separate-stderr carc-deck --players ann,bob,ann --seed 1
	fails 64 "player 'ann' is named twice"
}

@test "a bad player name is a usage error" {
	for players in '' ann, ,ann ann,,bob 'ann,b b' 'ann,b/b' \
	    ann,abcdefghijklmnopqrstuvwxyzabcdefg; do
		run --separate-stderr carc-deck --players "$players" --seed 1
		fails 64 "bad player name"
	done
	carc-deck --players ann,abcdefghijklmnopqrstuvwxyzabcdef,j.r_r-t,Zoë --seed 1 > game
	[ "$(get game '[.players[].name]')" = '["ann","abcdefghijklmnopqrstuvwxyzabcdef","j.r_r-t","Zoë"]' ]
}

@test "--rule farmers=off is kept in the state, and no move puts a farmer" {
	carc-deck --players ann,bob --seed 1 --rule farmers=off --stack U > game
	[ "$(get game .setup.rules)" = '{"edition":"c2","farmers":"off","catapult":"sim","scatter":"0.50","reach":"0.35","ruler":"2.00","catch":"1.00"}' ]
	run carc-place --list < <(carc-draw game)
	[ "$status" -eq 0 ]
	[ "${lines[*]}" = "-1,0,0 -1,0,0,road:E 1,0,0 1,0,0,road:E 0,1,0 0,1,0,road:E" ]
}

@test "--rule edition=c1 puts the garden tiles in the supply plain" {
	carc-deck --seed 5 > c2
	carc-deck --seed 5 --rule edition=c1 > c1
	[ "$(get c1 .setup.rules)" = '{"edition":"c1","farmers":"on","catapult":"sim","scatter":"0.50","reach":"0.35","ruler":"2.00","catch":"1.00"}' ]
	[ "$(get c2 '[.supply[] | select(endswith("g"))] | sort')" = '["Eg","Hg","Ig","Mg","Ng","Rg","Ug","Vg"]' ]
	[ "$(get c1 '[.supply[] | select(endswith("g"))]')" = '[]' ]
	[ "$(get c1 .tiles_left)" = 71 ]
	[ "$(get c1 '[.supply[] | select(. == "E")] | length')" = 5 ]
}

@test "a later --rule for the same key wins" {
	carc-deck --seed 5 --rule farmers=off --rule farmers=on > game
	[ "$(get game .setup.rules.farmers)" = '"on"' ]
}

@test "an unknown rule or a bad rule value is a usage error" {
	run --separate-stderr carc-deck --seed 1 --rule color=red
	fails 64 "unknown rule 'color'"
	for rule in farmers=maybe edition=c3 farmers farmers= =on; do
		run --separate-stderr carc-deck --seed 1 --rule "$rule"
		fails 64 "rule"
	done
}

@test "--expansions base is the default" {
	carc-deck --seed 4 --expansions base > with
	carc-deck --seed 4 > without
	cmp with without
	[ "$(get with '.setup.sets | map(.name)')" = '["base"]' ]
}

@test "an unknown expansion is a usage error" {
	run --separate-stderr carc-deck --seed 1 --expansions river
	fails 64 "unknown expansion 'river'"
	run --separate-stderr carc-deck --seed 1 --expansions base,river
	fails 64 "unknown expansion 'river'"
	run --separate-stderr carc-deck --seed 1 --expansions figures
	fails 64 "figures"
	run --separate-stderr carc-deck --seed 1 --expansions ''
	fails 64 "expansion"
}

@test "--start picks the start tile, and one copy of it leaves the supply" {
	carc-deck --seed 1 --start B > game
	[ "$(get game '.board')" = '[{"tile":"B","x":0,"y":0,"rot":0}]' ]
	[ "$(get game '[.tiles_left, ([.supply[] | select(. == "B")] | length),
	    ([.supply[] | select(. == "D")] | length)]')" = '[71,3,4]' ]
}

@test "--start with a tile no set has is a usage error" {
	run --separate-stderr carc-deck --seed 1 --start ZZ
	fails 64 "--start: no tile 'ZZ'"
}

@test "--stack puts its tiles on top of the supply, in that order" {
	carc-deck --players ann,bob --seed 7 --stack X,B > game
	[ "$(get game '[.supply[0:2], .tiles_left]')" = '[["X","B"],71]' ]
	carc-deck --players ann,bob --seed 7 > plain
	[ "$(get game '.supply | sort')" = "$(get plain '.supply | sort')" ]
	run carc-render < <(carc-draw game)
	[ "${lines[${#lines[@]}-5]}" = "phase place: ann places X; 70 tiles left" ]
	[ "${lines[${#lines[@]}-2]}" = "X  ---o--- ---o--- ---o--- ---o---" ]
}

@test "--stack with a tile no set has, or more copies than the box holds, is a usage error" {
	run --separate-stderr carc-deck --seed 1 --stack A,ZZ
	fails 64 "--stack: no tile 'ZZ'"
	run --separate-stderr carc-deck --seed 1 --stack C,C
	fails 64 "--stack: no tile 'C' left in the supply"
	run --separate-stderr carc-deck --seed 1 --stack A,,B
	fails 64 "--stack: bad tile id"
}

@test "--deck makes the supply exactly that list, in that order" {
	carc-deck --players ann,bob --seed 1 --deck U,U,V,E > game
	[ "$(get game '[.supply, .tiles_left, .board]')" = '[["U","U","V","E"],4,[{"tile":"D","x":0,"y":0,"rot":0}]]' ]
	carc-deck --players ann,bob --seed 1 --deck D,D,E --stack E > game
	[ "$(get game '.supply')" = '["E","D","D"]' ]
}

@test "--deck with a tile no set has is a usage error" {
	run --separate-stderr carc-deck --seed 1 --deck U,ZZ,E
	fails 64 "--deck: no tile 'ZZ'"
}

@test "an empty --deck ends the game at once" {
	carc-deck --players ann,bob --seed 1 --deck '' > game
	[ "$(get game '[.phase, .tiles_left]')" = '["over",0]' ]
}

@test "--tileset with a file that cannot be opened: status 66" {
	run --separate-stderr carc-deck --seed 1 --tileset nosuch.yaml
	fails 66 "nosuch.yaml"
}

@test "--tileset with bad YAML: status 65, and the message names file:line:column" {
	printf 'name: mine\ntiles: [\n  - id: Z\n' > bad.yaml
	run --separate-stderr carc-deck --seed 1 --tileset bad.yaml
	fails 65 "bad.yaml:3:3: "
	printf 'name: mine\ntiles:\n  - id: Z\n    count: 1\n    edges: F F X F\n' > bad.yaml
	run --separate-stderr carc-deck --seed 1 --tileset bad.yaml
	fails 65 "bad.yaml:5:12: "
}

@test "--from-json reads back carc-render --format json, byte for byte, in every phase" {
	carc-deck --players ann,bob,cy --seed 11 --stack U,E > draw
	carc-draw draw > place
	carc-place 1,0,0,road:E place > score
	carc-score score > next
	carc-deck --players ann,bob --seed 1 --deck U | carc-draw | carc-place 1,0,0,road:E |
	    carc-score > over
	[ "$(get over .phase)" = '"over"' ]
	for state in draw place score next over; do
		carc-render --format json "$state" | carc-deck --from-json > back
		cmp "$state" back
	done
}

@test "--from-json reads a FILE, '-' or standard input" {
	carc-deck --players ann,bob --seed 3 > game
	carc-render --format json game > game.json
	carc-deck --from-json game.json | cmp - game
	carc-deck --from-json - < game.json | cmp - game
	carc-deck --from-json < game.json | cmp - game
}

@test "--from-json takes no other option" {
	carc-deck --seed 3 | carc-render --format json > game.json
	run --separate-stderr carc-deck --from-json --seed 3 game.json
	fails 64 "--from-json"
	run --separate-stderr carc-deck --players a,b --from-json game.json
	fails 64 "--from-json"
}

@test "--from-json with a file that cannot be opened: status 66" {
	run --separate-stderr carc-deck --from-json nosuch.json
	fails 66 "nosuch.json: "
}

@test "--from-json with text that is not JSON: status 65, and the message names line:column" {
	printf '{"format": "carc",' > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	fails 65 "bad.json:1:19: bad JSON"
	run --separate-stderr carc-deck --from-json < /dev/null
	fails 65 "stdin:1:1: bad JSON"
	printf '{"format": "carc"} x\n' > bad.json
	run --separate-stderr carc-deck --from-json bad.json
	fails 65 "bad.json:1:20: bad JSON"
}

@test "will not write a state to a terminal" {
	run --separate-stderr script -qec 'carc-deck --seed 1 2> err' /dev/null
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(cat err)" = "carc-deck: will not write a binary state to a terminal; redirect it to a file or a pipe, or give --armor" ]
}

@test "an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-deck --seed 1 > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-deck: "* ]]
}

@test "-h to an output that cannot be written: status 74 and one line on stderr" {
	run --separate-stderr sh -c 'carc-deck -h > /dev/full'
	[ "$status" -eq 74 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ $stderr == "carc-deck: "* ]]
}
