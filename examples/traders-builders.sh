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

# tell PHASE WHO MOVE: each builder and pig put down, each second turn earned or declined,
# each city's goods and each figure sent home, as carc-score -v tells them.
tell() {
	case $3 in
	again:none) echo "$2 declines the second turn" ;;
	*@builder | *@pig) echo "$2 puts a ${3##*@} down: $3" ;;
	esac
	while IFS= read -r line; do
		case $line in
		*"plays a second turn"*) seconds=$((seconds + 1)); echo "$line" ;;
		*" takes "*" for completing the city"* | *"goes home"*) echo "$line" ;;
		esac
	done < "$work/told"
}

carc-deck --players "$players" --seed "$seed" --expansions base,traders-builders > "$work/game"
seconds=0
play_greedy tell
finish '. as $s
	| "\($seconds) second turn(s) earned by builders",
	  "goods: " + ([range(0; .players | length) as $i
	      | "\($s.players[$i].name) " + ([("wine", "grain", "cloth") as $k
	          | "\($s.traders.goods[$k][$i] // 0) \($k)"] | join(" "))] | join(", "))' \
    --arg seconds "$seconds"
