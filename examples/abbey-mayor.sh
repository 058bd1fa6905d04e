#!/bin/sh
# A whole game of Abbey & Mayor, played by greedy bots through the real pipeline: each phase
# asks its tool (carc-bot in phase draw when an abbey may go down instead of the draw, else
# carc-draw; carc-bot for a placement, a wagon's move or the end's abbey; carc-score). It tells
# each mayor, wagon, barn and abbey put down and each wagon moved, then the final board and
# scores.
set -eu

usage='usage: abbey-mayor.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob)
  SEED     the game seed (default: 2)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=abbey-mayor
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob}
seed=${2:-2}

need carc-deck carc-draw carc-place carc-bot carc-score carc-render jq

workdir

# tell PHASE WHO MOVE: each abbey, mayor, wagon and barn put down, and each wagon's move.
tell() {
	case $3 in
	ABBEY/*) abbeys=$((abbeys + 1)); echo "$2 puts the abbey down: $3" ;;
	*@mayor) echo "$2 puts the mayor down: $3" ;;
	*@wagon) echo "$2 puts the wagon down: $3" ;;
	*@barn) echo "$2 puts the barn down: $3" ;;
	wagon:none) echo "$2 takes the wagon back" ;;
	wagon:*) echo "$2 moves the wagon: $3" ;;
	abbey:none) echo "$2 keeps the abbey to the end" ;;
	esac
}

carc-deck --players "$players" --seed "$seed" --expansions base,abbey-mayor > "$work/game"
abbeys=0
play_greedy tell
finish '"\($abbeys) abbey(s) placed"' --arg abbeys "$abbeys"
