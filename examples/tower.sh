#!/bin/sh
# A whole game of The Tower, played by greedy bots through the real pipeline: each phase asks
# its tool (carc-draw, or carc-bot when a ransom may be paid before it; carc-bot for a
# placement, a floor or a top, a capture and an exchange of prisoners; carc-score). It tells
# each floor built, each tower closed, each capture, exchange and ransom, then the final board
# with the towers and the prisoners, and the scores.
set -eu

usage='usage: tower.sh [-o FILE] [PLAYERS [SEED]]
  PLAYERS  names, comma-separated (default: ann,bob,cy)
  SEED     the game seed (default: 5)
  -o FILE  keep the final state in FILE (for carc-render, replay.sh, ...)'

top=$(cd "$(dirname "$0")/.." && pwd)
me=tower
. "$top/examples/lib.sh"

options 0 2 "$@"
shift $((OPTIND - 1))
players=${1:-ann,bob,cy}
seed=${2:-5}

need carc-deck carc-draw carc-place carc-bot carc-score carc-render jq

workdir

# tell PHASE WHO MOVE: each tower decision taken, each ransom, counted.
tell() {
	case $3 in
	tower:none | capture:none) ;;
	tower:*,top*) echo "$2 closes the tower at ${3#tower:}" ;;
	tower:*) echo "$2 builds a floor on the tower at ${3#tower:}"; floors=$((floors + 1)) ;;
	capture:*) echo "$2 captures the figure at ${3#capture:}"; captures=$((captures + 1)) ;;
	exchange:*) echo "$2 has the prisoners exchanged: his ${3#exchange:} comes home" ;;
	ransom:*) echo "$2 pays a ransom to ${3#ransom:}"; ransoms=$((ransoms + 1)) ;;
	esac
}

carc-deck --players "$players" --seed "$seed" --expansions base,tower > "$work/game"
floors=0 captures=0 ransoms=0
play_greedy tell
# the towers, their tops and the prisoners are told below the board
finish '"\($f) floor(s) built, \($c) capture(s), \($r) ransom(s)"' --arg f "$floors" \
    --arg c "$captures" --arg r "$ransoms"
