#!/bin/sh
# A whole game of Traders & Builders, played by greedy bots through the real pipeline: each
# phase asks its tool (carc-draw, carc-score -v, carc-bot for a placement or for the choice a
# builder's second turn offers). It tells each builder and pig put down, each second turn and
# each goods token taken, then shows the final board, the goods and the scores.
set -eu

usage='usage: traders-builders.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob)
  SEED     the game seed (default: 3, a game with second turns, a pig and goods)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=traders-builders
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob}
seed=${2:-3}

need carc-deck carc-draw carc-place carc-bot carc-score carc-render jq

workdir

carc-deck --players "$players" --seed "$seed" --expansions base,traders-builders > "$work/game"
steps=0
seconds=0
while :; do
	phase=$(carc-render --format phase < "$work/game")
	who=${phase#* }
	phase=${phase%% *}
	[ "$phase" != over ] || break
	steps=$((steps + 1))
	: > "$work/told"
	case $phase in
	draw)
		# a second turn offers again:draw and again:none: the bot chooses; else carc-draw
		if carc-place --list < "$work/game" > "$work/words" 2> /dev/null; then
			carc-bot greedy < "$work/game" > "$work/next"
			word=$(carc-render --format json < "$work/next" | jq -r '.log[-1]')
			[ "$word" != again:none ] || echo "$who declines the second turn"
		else
			carc-draw < "$work/game" > "$work/next"
		fi
		;;
	score) carc-score -v < "$work/game" > "$work/next" 2> "$work/told" ;;
	*)
		carc-bot greedy < "$work/game" > "$work/next"
		move=$(carc-render --format json < "$work/next" | jq -r '.log[-1]')
		case $move in
		*@builder | *@pig) echo "$who puts a ${move##*@} down: $move" ;;
		esac
		;;
	esac
	while IFS= read -r line; do
		case $line in
		*"plays a second turn"*) seconds=$((seconds + 1)); echo "$line" ;;
		*" takes "*" for completing the city"* | *"goes home"*) echo "$line" ;;
		esac
	done < "$work/told"
	mv "$work/next" "$work/game"
done

if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
echo
carc-render < "$work/game"
echo
carc-render --format json < "$work/game" | jq -r --arg seconds "$seconds" '
	. as $s
	| "\($seconds) second turn(s) earned by builders",
	  "goods: " + ([range(0; .players | length) as $i
	      | "\($s.players[$i].name) " + ([("wine", "grain", "cloth") as $k
	          | "\($s.traders.goods[$k][$i] // 0) \($k)"] | join(" "))] | join(", ")),
	  "final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", "))'
