#!/usr/bin/env bats
# Play by e-mail without cheating: carc-deck --verify --since OLD FILE, where OLD is the game
# as the player checking last sent it, refuses a FILE that is not OLD's game continued by the
# other players' legal decisions: another setup (a deck dealt again, even with tiles the box
# does not have, and mended with carc-deck -i so that --verify alone passes), a move taken back
# or played otherwise, a turn of the player checking played for them.

bats_require_minimum_version 1.5.0
load helper

tool=carc-deck

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# turn FILE: the player to move plays a bot turn in place and draws the next player's tile,
# as a player does before mailing the game on.
turn() {
	carc-bot -i "$1" random
	carc-score -i "$1"
	carc-draw -i "$1" 2> /dev/null || true
}

# A game by e-mail for four turns: bob deals to ann; each player checks what they receive
# against what they sent last, plays, keeps a copy of what they send. Leaves ann.sent and
# bob.sent, and inbox, the game as bob last sent it, for ann to check.
honest() {
	carc-deck --players ann,bob --seed 7 "$@" | carc-draw > inbox
	cp inbox bob.sent
	carc-deck --verify inbox		# ann's first message: nothing sent yet to compare
	turn inbox && cp inbox ann.sent
	carc-deck --verify --since bob.sent inbox
	turn inbox && cp inbox bob.sent
	carc-deck --verify --since ann.sent inbox
	turn inbox && cp inbox ann.sent
	carc-deck --verify --since bob.sent inbox
	turn inbox && cp inbox bob.sent
}

@test "an honest game: every message continues the one last sent, and --verify --since is silent" {
	honest
	run --separate-stderr carc-deck --verify --since ann.sent inbox
	[ "$status" -eq 0 ] && [ -z "$output" ] && [ -z "$stderr" ]
	carc-deck --verify --since ann.sent --as ann inbox
	# the same game received twice, with nothing new: still the game last sent
	carc-deck --verify --since inbox inbox < /dev/null
	# armoured, and in a whole e-mail message
	carc-render --format email --from bob@example.org --to ann@example.org inbox > msg.eml
	carc-deck --armor --replay ann.sent > ann.txt
	carc-deck --verify --since ann.txt msg.eml
}

@test "a deck dealt again, mended with carc-deck -i: --verify passes, --since refuses it" {
	honest
	# bob gives himself crossroads the box has one of, and mends the rest to agree
	carc-render --format json inbox | jq '.setup.deck = ([.log[] | sub("/.*"; "")] + .aside +
	    .drawn + ["X", "X", "X", "X"] | join(",")) | .supply = ["X", "X", "X", "X"]' |
	    carc-deck --from-json > cheat
	carc-deck -i cheat
	carc-deck --verify cheat
	run --separate-stderr carc-deck --verify --since ann.sent cheat
	fails 1 "cheat: the setup's deck is '"
	[[ $stderr == *"X,X,X,X', in ann.sent none" ]]
}

@test "another seed, other players, other rules, another start, another tile set: refused, and said which" {
	carc-deck --players ann,bob --seed 7 > sent
	while IFS=$'\t' read -r options what; do
		[ -n "$options" ] || continue
		carc-deck $options > other
		run --separate-stderr carc-deck --verify --since sent other
		fails 1 "other: $what" || { echo "options $options"; false; }
	done <<'EOF'
--players ann,bob --seed 8	the seed is 8, in sent 7
--players ann,bo --seed 7	the players are ann,bo, in sent ann,bob
--players bob,ann --seed 7	the players are bob,ann, in sent ann,bob
--players ann,bob --seed 7 --rule farmers=off	the rule options are not those of sent
--players ann,bob --seed 7 --rule scatter=0.40	the rule options are not those of sent
--players ann,bob --seed 7 --expansions base,catapult	the game has 2 tile sets, sent 1
--players ann,bob --seed 7 --start D	the setup's start is 'D', in sent none
--players ann,bob --seed 7 --stack U	the setup's stack is 'U', in sent none
EOF
	# a set of one's own, its text changed but not its name
	carc-deck --players ann,bob --seed 7 --tileset "$TOP/tests/fixtures/tilesets/roads.yaml" > mine
	sed 's/count: 4/count: 3/' "$TOP/tests/fixtures/tilesets/roads.yaml" > roads.yaml
	carc-deck --players ann,bob --seed 7 --tileset roads.yaml > theirs
	run --separate-stderr carc-deck --verify --since mine theirs
	fails 1 "theirs: tile set 'roads' is not the one of mine"
}

@test "a move taken back and played otherwise, or the game taken back: refused" {
	honest
	# bob takes back his first move, which ann has seen, and plays another one
	carc-deck --players ann,bob --seed 7 | carc-draw > redo
	first=$(get inbox '.log[0]' | tr -d '"')
	carc-place -i redo "$first" && carc-score -i redo && carc-draw -i redo
	second=$(get inbox '.log[1]' | tr -d '"')
	other=$(carc-place --list redo | grep -v -x -F -e "${second#*/}" | head -n 1)
	carc-place -i redo "$other" && carc-score -i redo && carc-draw -i redo
	carc-deck --verify redo
	run --separate-stderr carc-deck --verify --since ann.sent redo
	fails 1 "redo: log entry 2 is '$(get redo '.log[1]' | tr -d '"')', in ann.sent '$second'"
	# the game dealt afresh, as if nothing had been played
	carc-deck --players ann,bob --seed 7 | carc-draw > short
	run --separate-stderr carc-deck --verify --since ann.sent short
	fails 1 "short: the log has 0 entries, ann.sent 3"
	carc-deck --verify short
}

@test "a turn of the player checking, played for them: refused with the decision named" {
	honest
	n=$(get ann.sent '.log | length')
	cp inbox cheat
	turn cheat	# bob plays ann's turn too, and his own again
	turn cheat
	carc-deck --verify cheat
	run --separate-stderr carc-deck --verify --since ann.sent cheat
	fails 1 "cheat: log entry $((n + 2)) '$(get cheat ".log[$((n + 1))]" | tr -d '"')' is a decision of ann, made after ann.sent by someone else"
	# --as names who checks: for bob, his own turns are the ones someone else may not play
	run --separate-stderr carc-deck --verify --since ann.sent --as bob cheat
	fails 1 "cheat: log entry $((n + 1)) '"
	[[ $stderr == *"' is a decision of bob, made after ann.sent by someone else" ]]
}

@test "a changed score is still found: --since checks the state against its log too" {
	honest
	carc-render --format json inbox | jq '.players[1].score += 10' | carc-deck --from-json > cheat
	run --separate-stderr carc-deck --verify --since ann.sent cheat
	fails 1 "cheat: player 2 (bob) score is "
	[[ $stderr == *", the log gives "* ]]
}

@test "at the end of the game: the last message checked, and a last turn played for another" {
	carc-deck --players ann,bob --seed 1 --deck U,U,V,E | carc-draw > inbox
	turn inbox && turn inbox && turn inbox && cp inbox ann.sent
	turn inbox
	[ "$(get inbox .phase)" = '"over"' ]
	# bob's last move ends the game; the message goes to ann, who would move next
	carc-deck --verify --since ann.sent --as ann inbox
	carc-deck --verify --since ann.sent inbox
	# bob plays ann's second turn and his own last one, after her first
	carc-deck --players ann,bob --seed 1 --deck U,U,V,E | carc-draw > early
	turn early && cp early ann.early
	turn early && turn early && turn early
	[ "$(get early .phase)" = '"over"' ]
	run --separate-stderr carc-deck --verify --since ann.early --as ann early
	fails 1 "early: log entry 3 '"
}

@test "--since: a missing OLD, a bad OLD, a name nobody has, both on standard input" {
	honest
	run --separate-stderr carc-deck --verify --since missing inbox
	fails 66 "missing: No such file or directory"
	echo junk > junk
	run --separate-stderr carc-deck --verify --since junk inbox
	fails 65 "junk: "
	run --separate-stderr carc-deck --verify --since ann.sent --as zed inbox
	misused "--as 'zed': no player of the game has that name"
	run --separate-stderr carc-deck --verify --since - < inbox
	misused "--since and FILE cannot both be standard input"
	carc-deck --verify --since ann.sent - < inbox
	carc-deck --verify --since - inbox < ann.sent
}

@test "three players, both expansions: hurls, seductions and draw:N pass as the mover's; a hurl made for her is refused" {
	local me n=0
	carc-deck --players ann,bob,cy --seed 4 --expansions base,fortune-teller,catapult \
	    --rule ft-draw=may --deck U,FT1,CA06,V,E,CA01,FT2,B,D,CA03,U,V,FT3,E,CA09,U | carc-draw > g
	# the game goes to whoever must decide next, who checks it against what they sent last
	while [ "$(get g .phase)" != '"over"' ]; do
		me=$(get g '.players[.player].name' | tr -d '"')
		if [ -f "$me.sent" ]; then
			carc-deck --verify --since "$me.sent" --as "$me" g
		else
			carc-deck --verify g
		fi
		# once: the hurl of the player to move made by someone else, before it reaches her
		if [ ! -f cheat ] && [ -f "$me.sent" ] && [ "$(get g .phase)" = '"hurl"' ]; then
			cp g cheat
			carc-bot -i cheat random
			run --separate-stderr carc-deck --verify --since "$me.sent" --as "$me" cheat
			fails 1 "' is a decision of $me, made after $me.sent by someone else"
			[[ $stderr == *"'hurl:"* ]]
		fi
		carc-bot -i g random
		carc-score -i g 2> /dev/null || true
		carc-draw -i g 2> /dev/null || true
		cp g "$me.sent"
		n=$((n + 1))
	done
	for me in ann bob cy; do
		carc-deck --verify --since "$me.sent" --as "$me" g
	done
	[ "$n" -eq "$(get g '.log | length')" ]
	# the decisions of the modules' own were among them, and the hurl played for another
	[ "$(get g '[.log[] | select(test("^(hurl|seduce|draw):"))] | length')" -ge 10 ]
	[ -f cheat ]
}
