#!/bin/sh
# A bot match: random bots play a whole game, one pipeline per turn
# (carc-draw | carc-bot random | carc-score), then the final board and the scores.
set -eu

usage='usage: botmatch.sh [-o FILE] PLAYERS [SEED]
  PLAYERS  names, comma-separated: ann,bob,cat
  SEED     the game seed (default: a random one, printed)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=botmatch
. "$top/examples/lib.sh"

options 1 2 "$@"
shift $((OPTIND - 1))
players=$1
seed=${2:-}

need carc-deck carc-draw carc-bot carc-score carc-render jq

workdir

carc-deck --players "$players" ${seed:+--seed "$seed"} > "$work/game"
turn=0
while [ "$(carc-render --format phase < "$work/game")" != over ]; do
	turn=$((turn + 1))
	# A failing tool writes nothing, so the tools after it fail too: the pipeline fails.
	if ! carc-draw < "$work/game" | carc-bot random | carc-score > "$work/next"; then
		echo "botmatch: turn $turn failed" >&2
		exit 1
	fi
	mv "$work/next" "$work/game"
done

if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
carc-render < "$work/game"
echo
# jq 1.6 reads numbers as doubles, so a seed above 2^53 is printed from the argument itself.
carc-render --format json < "$work/game" | jq -r --arg seed "$seed" --arg turns "$turn" '
	(.players | map(.score) | max) as $best
	| "seed \(if $seed == "" then .setup.seed else $seed end), \($turns) turns; final scores: "
	  + ([.players[] | "\(.name) \(.score)"] | join(", ")),
	  ([.players[] | select(.score == $best) | .name]
	   | if length == 1 then "\(.[0]) wins with \($best) points"
	     else "\(join(" and ")) share the win with \($best) points" end)'
