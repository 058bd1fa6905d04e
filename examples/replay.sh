#!/bin/sh
# Rebuilds a game from its own log with carc-deck --replay (a new game with the same setup, then
# every logged decision through the steps of a turn) and checks with cmp that the result is
# byte-identical; carc-deck --verify says where it is not.
set -eu

usage='usage: replay.sh [-o FILE] GAME
  -o FILE  keep the rebuilt state in FILE'

top=$(cd "$(dirname "$0")/.." && pwd)
me=replay
. "$top/examples/lib.sh"

options 1 1 "$@"
shift $((OPTIND - 1))
game=$1
[ -f "$game" ] || { echo "replay: cannot open '$game'" >&2; exit 66; }
need carc-deck carc-render jq
workdir

carc-deck --replay "$game" > "$work/game"
if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
# an armoured game, or one in an e-mail, compares as the binary state it holds
carc-render --format json "$game" > "$work/json"
carc-deck --from-json "$work/json" > "$work/given"
n=$(jq '.log | length' "$work/json")
if cmp -s "$work/game" "$work/given"; then
	echo "replay: $n moves replayed; the state is byte-identical to $game"
else
	carc-deck --verify "$game" || true
	echo "replay: $n moves replayed, but the state differs from $game" >&2
	exit 1
fi
