#!/bin/sh
# Rebuilds a game from its own log: a new game with the same setup, then every logged move through
# carc-draw | carc-place WORD | carc-score (a catapult hurl or seduce decision through
# carc-place WORD | carc-score, with no tile to draw), and cmp checks the result is
# byte-identical to GAME.
set -eu

usage='usage: replay.sh [-o FILE] GAME
  -o FILE  keep the rebuilt state in FILE'

top=$(cd "$(dirname "$0")/.." && pwd)
PATH="$top/bin:$PATH"

out=
while getopts ho: opt; do
	case $opt in
	h) echo "$usage"; exit 0 ;;
	o) out=$OPTARG ;;
	*) echo "$usage" >&2; exit 64 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ]; then
	echo "$usage" >&2
	exit 64
fi
game=$1
[ -f "$game" ] || { echo "replay: cannot open '$game'" >&2; exit 66; }

for tool in carc-deck carc-draw carc-place carc-score carc-render; do
	if [ ! -x "$top/bin/$tool" ]; then
		echo "replay: $top/bin/$tool is not built; run make in $top first" >&2
		exit 1
	fi
done
command -v jq >/dev/null || { echo "replay: jq is missing; run make deps in $top" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/carc-replay.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

carc-render --format json < "$game" > "$work/json"
jq -r '.log[]' "$work/json" > "$work/log"
phase=$(jq -r .phase "$work/json")
nmoves=$(wc -l < "$work/log")
nmoves=$((nmoves))

# The setup as carc-deck options, one a line. jq 1.6 reads numbers as doubles, so the seed, which
# may not fit in 53 bits, is taken from the JSON text: the first "seed" key is setup.seed.
seed=$(sed -n 's/^ *"seed": \([0-9][0-9]*\),\{0,1\}$/\1/p' "$work/json" | head -n 1)
[ -n "$seed" ] || { echo "replay: no seed in '$game'" >&2; exit 65; }
jq -r --arg dir "$work" '
	"--players", ([.players[].name] | join(",")),
	([.setup.sets[] | select(.yaml == null) | .name] | join(",") | select(. != "")
	 | "--expansions", .),
	(.setup.sets | to_entries[] | select(.value.yaml != null)
	 | "--tileset", "\($dir)/set-\(.key).yaml"),
	(.setup.rules | to_entries[] | "--rule", "\(.key)=\(.value)"),
	(.setup | ("start", "stack", "deck") as $k | select(.[$k] != null) | "--\($k)", .[$k])
' "$work/json" > "$work/options"
# A user's tile set travels inside the state: write it out again, byte for byte (jq -j).
for k in $(jq -r '.setup.sets | to_entries[] | select(.value.yaml != null) | .key' "$work/json"); do
	jq -j --argjson k "$k" '.setup.sets[$k].yaml' "$work/json" > "$work/set-$k.yaml"
done

# carc-deck "$@" with the options read back, one word a line.
set --
while IFS= read -r word; do
	set -- "$@" "$word"
done < "$work/options"
carc-deck --seed "$seed" "$@" > "$work/game"

# A game saved in the middle of a turn: its last logged move is placed but not scored (phase
# score), or its next tile is drawn already (phase place). A game saved in a catapult round
# (phase hurl or seduce) needs nothing more: its last decision was scored.
i=0
while IFS= read -r word; do
	i=$((i + 1))
	case $word in
	hurl:* | seduce:*) cp "$work/game" "$work/drawn" ;;
	*) carc-draw < "$work/game" > "$work/drawn" ;;
	esac &&
	if [ "$i" -eq "$nmoves" ] && [ "$phase" = score ]; then
		carc-place -- "$word" < "$work/drawn" > "$work/next"
	else
		carc-place -- "$word" < "$work/drawn" | carc-score > "$work/next"
	fi || {
		echo "replay: move $i of $nmoves, '$word', failed" >&2
		exit 1
	}
	mv "$work/next" "$work/game"
done < "$work/log"
if [ "$phase" = place ]; then
	carc-draw < "$work/game" > "$work/next"
	mv "$work/next" "$work/game"
fi

if [ -n "$out" ]; then
	cp "$work/game" "$out"
fi
if cmp "$work/game" "$game"; then
	echo "replay: $nmoves moves replayed; the state is byte-identical to $game"
else
	echo "replay: $nmoves moves replayed, but the state differs from $game" >&2
	exit 1
fi
