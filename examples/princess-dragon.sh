#!/bin/sh
# A whole game of The Princess & the Dragon, played by greedy bots through the real pipeline:
# each phase asks its tool (carc-draw; carc-bot for a placement, a follower through a magic
# portal, a princess's removal, the fairy's move and each step of the dragon; carc-score). It
# tells each volcano, each movement of the dragon with the figures it ate, each portal,
# princess and fairy decision taken, then the final board and scores.
set -eu

usage='usage: princess-dragon.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob,cy)
  SEED     the game seed (default: 5)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=princess-dragon
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob,cy}
seed=${2:-5}

need carc-deck carc-draw carc-place carc-bot carc-score carc-render jq

workdir

# how many figures stand on the board of state $1: what a movement of the dragon ate
figures() {
	carc-render --format json < "$1" | jq -r '.figures | length'
}

carc-deck --players "$players" --seed "$seed" --expansions base,princess-dragon > "$work/game"
steps= before=0
while :; do
	phase=$(carc-render --format phase < "$work/game")
	who=${phase#* }
	phase=${phase%% *}
	[ "$phase" != over ] || break
	case $phase in
	draw) carc-draw < "$work/game" > "$work/next" ;;
	score) carc-score < "$work/game" > "$work/next" ;;
	*) carc-bot greedy < "$work/game" > "$work/next" ;;
	esac
	if [ "$phase" = draw ] || [ "$phase" = score ]; then
		mv "$work/next" "$work/game"
		continue
	fi
	move=$(carc-render --format json < "$work/next" | jq -r '.log[-1] // ""')
	case $move in
	PD01/* | PD03/* | PD05/* | PD15/* | PD17/* | PD21/*)
		echo "$who places a volcano, and the dragon flies to it: $move" ;;
	dragon:*)
		[ -n "$steps" ] || before=$(figures "$work/game")
		steps="$steps ${move#dragon:}($who)" ;;
	portal:none | princess:none | fairy:none) ;;
	portal:*) echo "$who sends a follower through the portal: $move" ;;
	princess:*) echo "$who's princess sends a follower home: $move" ;;
	fairy:*) echo "$who moves the fairy: $move" ;;
	esac
	mv "$work/next" "$work/game"
	# the movement is over once the game waits for something else than a step
	if [ -n "$steps" ] && [ "$(carc-render --format phase < "$work/game" | cut -d' ' -f1)" != dragon ]; then
		echo "the dragon moves:$steps, and eats $((before - $(figures "$work/game"))) figure(s)"
		steps=
	fi
done

if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
echo
carc-render < "$work/game"
echo
carc-render --format json < "$work/game" | jq -r '
	"final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", "))'
