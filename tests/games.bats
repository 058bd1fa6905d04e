#!/usr/bin/env bats
# Whole games through real pipes: bots to the end for 2 to 6 players, games driven by
# carc-place --list, determinism, replay from the log, and the perft fixture of move counts.

bats_require_minimum_version 1.5.0
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	set -o pipefail
}

# play_piped FILE [DIR]: plays the game in FILE to its end, one `carc-draw | carc-bot random |
# carc-score -v` a turn; what carc-score tells goes to FILE.told. With DIR, keeps a copy of the
# state of every turn. (The phase asked with phase_of, not jq: the loops ask every turn.)
play_piped() {
	local f=$1 dir=${2:-} turns=0

	: > "$f.told"
	while [ "$(phase_of "$f")" != over ]; do
		[ "$turns" -lt 72 ] || { echo "no end after $turns turns"; return 1; }
		carc-draw < "$f" | carc-bot random | carc-score -v > "$f.next" 2>> "$f.told" ||
		    { echo "turn $((turns + 1)) failed:"; tail -n 2 "$f.told"; return 1; }
		mv "$f.next" "$f"
		turns=$((turns + 1))
		[ -z "$dir" ] || cp "$f" "$dir/$turns"
	done
}

# The scores as "name=points" words, from the JSON (scores), from carc-score -v (scores_told)
# and from the ascii view.
scores_shown() {
	carc-render "$1" | sed -n 's/^[> ] [0-9] \([^ ]*\) *\([0-9]*\) points.*/\1=\2/p' | tr '\n' ' ' |
	    sed 's/ $//'
}

# A game of bots for PLAYERS with SEED: it ends, every tile was placed or set aside, and the
# scores add up.
whole_game() {
	carc-deck --players "$1" --seed "$2" > game
	play_piped game
	[ "$(get game '[.phase, (.board | length) - 1 + (.aside | length), .tiles_left,
	    (.log | length) == (.board | length) - 1]')" = '["over",71,0,true]' ]
	[ "$(scores_told game game.told)" = "$(scores game)" ]
	[ "$(scores_shown game)" = "$(scores game)" ]
	[ "$(get game '[.players[].score] | add')" -gt 0 ]
}

@test "a whole game of bots for 2 players through pipes" {
	whole_game ann,bob 1
}

@test "a whole game of bots for 4 players through pipes" {
	whole_game ann,bob,cy,dee 3
}

@test "a whole game of bots for 6 players through pipes" {
	whole_game ann,bob,cy,dee,eve,fay 5
}

@test "a game over takes no more turns" {
	carc-deck --players ann,bob --seed 1 --deck U,E > game
	play_piped game
	[ "$(phase_of game)" = over ]
	run --separate-stderr carc-draw game
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "carc-draw: the game is over" ]
}

@test "a game where each turn plays the last move --list prints; every listed move is legal" {
	carc-deck --players ann,bob,cy --seed 5 > game
	turns=0
	while [ "$(phase_of game)" != over ]; do
		turns=$((turns + 1))
		[ "$turns" -le 71 ]
		carc-draw game > drawn
		carc-place --list drawn > moves
		[ -s moves ]
		[ "$(sort moves | uniq -d)" = "" ]
		if [ $((turns % 10)) -eq 1 ]; then
			while read -r move; do
				carc-place "$move" drawn > /dev/null || { echo "turn $turns: '$move'"; false; }
			done < moves
		fi
		move=$(tail -n 1 moves)
		carc-place "$move" drawn | carc-score > game || { echo "turn $turns: '$move'"; false; }
	done
	[ "$(get game '[(.board | length) - 1 + (.aside | length), (.figures | length) > 0]')" = '[71,true]' ]
}

@test "the same seed and the same decisions give the same states, byte for byte" {
	mkdir one two
	carc-deck --players ann,bob,cy,dee --seed 6 > a
	carc-deck --players ann,bob,cy,dee --seed 6 > b
	cmp a b
	play_piped a one
	play_piped b two
	cmp a b
	diff -r one two
	[ "$(ls one | wc -l)" -ge 60 ]
}

@test "different seeds shuffle different supplies of the same tiles" {
	for seed in 1 2 3 4 5 6; do
		carc-deck --players ann,bob --seed "$seed" > "s$seed"
		get "s$seed" .supply >> supplies
		get "s$seed" '.supply | sort' >> sorted
	done
	[ "$(sort -u supplies | wc -l)" -eq 6 ]
	[ "$(sort -u sorted | wc -l)" -eq 1 ]
}

@test "the log of a finished game, replayed on a fresh game, gives the same state" {
	carc-deck --players ann,bob,cy --seed 9 > game
	play_piped game
	get game '.log[]' | tr -d '"' > log
	[ "$(wc -l < log)" -eq "$(get game '(.board | length) - 1')" ]
	# each entry is TILE/X,Y,ROT[,FEATURE]
	[ "$(grep -cvE '^[A-Za-z0-9]+/-?[0-9]+,-?[0-9]+,(0|90|180|270)(,(road|city|field|cloister|garden)(:(N|E|S|W|Nw|Ne|En|Es|Se|Sw|Ws|Wn))?)?$' log)" -eq 0 ]
	grep -q , log
	carc-deck --players ann,bob,cy --seed 9 > replay
	while read -r move; do
		turn replay "$move" || { echo "refused: $move"; false; }
	done < log
	cmp game replay
}

# The perft of seed 7 for ann,bob: each turn "TURN TILE MOVES", MOVES the number of lines of
# carc-place --list, and each turn plays the first of them.
perft() {
	local n=0

	carc-deck --players ann,bob --seed 7 > game
	while [ "$(phase_of game)" != over ]; do
		n=$((n + 1))
		[ "$n" -le 71 ] || return 1
		carc-draw game > drawn
		carc-place --list drawn > moves
		echo "$n $(wc -l < moves)" >> counts
		carc-place "$(head -n 1 moves)" drawn | carc-score > game
	done
	get game '.log[]' | sed 's|^"\([^/]*\)/.*|\1|' > tiles
	paste -d ' ' counts tiles | awk '{ print $1, $3, $2 }'
}

@test "perft: the number of legal moves at every turn of seed 7 is the fixture's" {
	run perft
	[ "$status" -eq 0 ]
	diff <(grep -v '^#' "$TOP/tests/fixtures/perft-seed7.txt") <(printf '%s\n' "$output")
}

# The perft of a game of every phase for ann,bob,cy, seed 7, with the sets SETS: each decision
# "STEP PHASE MOVES", MOVES the number of lines of carc-place --list, and each decision plays
# the word at (STEP * 7) % MOVES of the list, so that figures of every type, recalls and
# phantoms come into play, as do hurls and seductions.
perft_phases() {
	local n=0 ph k

	carc-deck --players ann,bob,cy --seed 7 --expansions "$1" > game
	while ph=$(phase_of game) && [ "$ph" != over ]; do
		n=$((n + 1))
		[ "$n" -le 1000 ] || return 1
		case $ph in
		draw) carc-draw game > next ;;
		score) carc-score game > next ;;
		*)
			carc-place --list game > moves
			k=$(wc -l < moves)
			echo "$n $ph $k"
			carc-place "$(sed -n "$((n * 7 % k + 1))p" moves)" game > next
			;;
		esac || return 1
		mv next game
	done
}

@test "perft: every decision of seed 7 with Inns & Cathedrals, the abbot and the phantom" {
	run perft_phases base,inns-cathedrals,abbot,phantom
	[ "$status" -eq 0 ]
	diff <(grep -v '^#' "$TOP/tests/fixtures/perft-seed7-figures.txt") <(printf '%s\n' "$output")
}

@test "perft: every decision of seed 7 with every set" {
	run perft_phases base,inns-cathedrals,abbot,phantom,fortune-teller,catapult
	[ "$status" -eq 0 ]
	diff <(grep -v '^#' "$TOP/tests/fixtures/perft-seed7-all.txt") <(printf '%s\n' "$output")
}
