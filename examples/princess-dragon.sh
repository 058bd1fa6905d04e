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

# tell PHASE WHO MOVE: each volcano, portal, princess and fairy decision; the steps of a
# movement, then what it ate once it is over.
tell() {
	case $3 in
	PD01/* | PD03/* | PD05/* | PD15/* | PD17/* | PD21/*)
		echo "$2 places a volcano, and the dragon flies to it: $3" ;;
	dragon:*)
		[ -n "$steps" ] || before=$(figures "$work/game")
		steps="$steps ${3#dragon:}($2)" ;;
	portal:none | princess:none | fairy:none) ;;
	portal:*) echo "$2 sends a follower through the portal: $3" ;;
	princess:*) echo "$2's princess sends a follower home: $3" ;;
	fairy:*) echo "$2 moves the fairy: $3" ;;
	esac
	# the movement is over once the game waits for something else than a step
	if [ -n "$steps" ] && [ "$(carc-render --format phase < "$work/next" | cut -d' ' -f1)" != dragon ]; then
		echo "the dragon moves:$steps, and eats $((before - $(figures "$work/next"))) figure(s)"
		steps=
	fi
}

carc-deck --players "$players" --seed "$seed" --expansions base,princess-dragon > "$work/game"
steps= before=0
play_greedy tell
finish empty
