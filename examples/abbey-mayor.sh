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

carc-deck --players "$players" --seed "$seed" --expansions base,abbey-mayor > "$work/game"
abbeys=0
while :; do
	phase=$(carc-render --format phase < "$work/game")
	who=${phase#* }
	phase=${phase%% *}
	[ "$phase" != over ] || break
	case $phase in
	draw)
		# with a hole on the board and the abbey in hand, the draw is a decision
		if ! carc-place --list < "$work/game" > /dev/null 2>&1; then
			carc-draw < "$work/game" > "$work/next"
			mv "$work/next" "$work/game"
			continue
		fi
		;;
	score)
		carc-score < "$work/game" > "$work/next"
		mv "$work/next" "$work/game"
		continue
		;;
	esac
	carc-bot greedy < "$work/game" > "$work/next"
	move=$(carc-render --format json < "$work/next" | jq -r '.log[-1] // ""')
	case $move in
	ABBEY/*) abbeys=$((abbeys + 1)); echo "$who puts the abbey down: $move" ;;
	*@mayor) echo "$who puts the mayor down: $move" ;;
	*@wagon) echo "$who puts the wagon down: $move" ;;
	*@barn) echo "$who puts the barn down: $move" ;;
	wagon:none) echo "$who takes the wagon back" ;;
	wagon:*) echo "$who moves the wagon: $move" ;;
	abbey:none) echo "$who keeps the abbey to the end" ;;
	esac
	mv "$work/next" "$work/game"
done

if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
echo
carc-render < "$work/game"
echo
carc-render --format json < "$work/game" | jq -r --arg abbeys "$abbeys" '
	"\($abbeys) abbey(s) placed",
	"final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", "))'
