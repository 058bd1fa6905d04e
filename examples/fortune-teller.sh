#!/bin/sh
# A whole game with The Fortune Teller, played by random bots through the real pipeline
# (carc-draw | carc-bot random | carc-score -v): it tells each fortune teller put on a tent,
# each draw of more than one tile and each tent completed, then shows the final board and scores.
set -eu

usage='usage: fortune-teller.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob)
  SEED     the game seed (default: 6, a game with multi-draws and a completed tent)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=fortune-teller
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob}
seed=${2:-6}

need carc-deck carc-draw carc-bot carc-score carc-render jq

workdir

carc-deck --players "$players" --seed "$seed" --expansions base,fortune-teller > "$work/game"
echo "seed $seed: $(carc-render "$work/game" | tail -n 1)"
turn=0
multi=0
tents=0
while [ "$(carc-render --format phase < "$work/game")" != over ]; do
	turn=$((turn + 1))
	if ! carc-draw < "$work/game" > "$work/drawn"; then
		echo "fortune-teller: turn $turn: carc-draw failed" >&2
		exit 1
	fi
	# who draws, and what: "ann<TAB>2<TAB>V, F<TAB>1" (the last field: fortune tellers on the board)
	carc-render --format json < "$work/drawn" | jq -r '
		.players[.player].name as $me | .player as $p
		| [$me, (.drawn | length), (.drawn | join(", ")),
		   ([.figures[] | select(.owner == $p and .feature == "tent")] | length)]
		| map(tostring) | join("\t")' > "$work/who"
	IFS='	' read -r name ndrawn drawn tellers < "$work/who"
	if ! carc-bot random < "$work/drawn" | carc-score -v > "$work/next" 2> "$work/told"; then
		echo "fortune-teller: turn $turn failed" >&2
		cat "$work/told" >&2
		exit 1
	fi
	move=$(carc-render --format json < "$work/next" | jq -r '.log[-1]')
	if [ "$ndrawn" -gt 1 ]; then
		multi=$((multi + 1))
		[ "$tellers" -eq 1 ] && of="1 fortune teller" || of="$tellers fortune tellers"
		echo "turn $turn: $name draws $ndrawn tiles for $of ($drawn) and plays ${move%%/*}"
	fi
	case $move in
	*,tent) echo "turn $turn: $name puts a fortune teller on the tent of $move" ;;
	esac
	while IFS= read -r line; do
		case $line in
		*"completing the tent"*)
			tents=$((tents + 1))
			echo "turn $turn: $line"
			;;
		esac
	done < "$work/told"
	mv "$work/next" "$work/game"
done

finish '"\($turns) turns, \($multi) of them with more than one tile drawn, \($tents) tent(s) completed"' \
    --arg turns "$turn" --arg multi "$multi" --arg tents "$tents"
