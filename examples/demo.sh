#!/bin/sh
# What `make demo` runs: three random bots play a whole game, one pipeline of processes per turn
# (carc-draw | carc-bot random | carc-score -v), keeping every turn's state in demo/.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
me=demo
. "$top/examples/lib.sh"
players=ann,bob,cat
seed=3
dir=$top/demo

need carc-deck carc-draw carc-bot carc-score carc-render jq

mkdir -p "$dir"
rm -f "$dir"/turn-*.carc "$dir/game.carc" "$dir/game.json" "$dir/board.txt" "$dir/board.svg" \
    "$dir/scoring.txt"

echo "carc demo: $players play seed $seed with random bots; each turn is"
echo "  carc-draw < demo/turn-N.carc | carc-bot random | carc-score -v > demo/turn-N+1.carc"
echo

carc-deck --players "$players" --seed "$seed" > "$dir/turn-00.carc"
turn=0
cur=$dir/turn-00.carc
while :; do
	phase=$(carc-render --format phase < "$cur")
	if [ "$phase" = over ]; then
		break
	fi
	if [ "$turn" -gt 0 ] && [ $((turn % 10)) -eq 0 ]; then
		carc-render --format json < "$cur" | jq -r --arg turn "$turn" '
			"after turn \($turn): " + ([.players[] | "\(.name) \(.score)"] | join(", "))
			+ "; \(.tiles_left) tile\(if .tiles_left == 1 then "" else "s" end) left"'
	fi
	turn=$((turn + 1))
	next=$dir/turn-$(printf '%02d' "$turn").carc
	# A tool that fails writes nothing, so every tool after it fails too: the pipeline's status,
	# carc-score's, is non-zero whichever tool failed first.
	if ! carc-draw < "$cur" | carc-bot random | carc-score -v > "$next" 2> "$dir/scoring.txt"; then
		cat "$dir/scoring.txt" >&2
		rm -f "$next" "$dir/scoring.txt"
		echo "demo: turn $turn failed; the state before it is $cur" >&2
		exit 1
	fi
	sed "s/^/  turn $turn: /" "$dir/scoring.txt"
	cur=$next
	if [ "$turn" -ge 200 ]; then
		echo "demo: still not over after $turn turns" >&2
		exit 1
	fi
done
rm -f "$dir/scoring.txt"

cp "$cur" "$dir/game.carc"
carc-render --format json < "$cur" > "$dir/game.json"
carc-render < "$cur" > "$dir/board.txt"
carc-render --format svg < "$cur" > "$dir/board.svg"

echo
echo "the final board after $turn turns:"
echo
cat "$dir/board.txt"
echo
jq -r '
	(.players | map(.score) | max) as $best
	| "final scores: " + ([.players[] | "\(.name) \(.score)"] | join(", ")),
	  ([.players[] | select(.score == $best) | .name]
	   | if length == 1 then "the winner is \(.[0]) with \($best) points"
	     else "\(join(" and ")) share the win with \($best) points" end)
' "$dir/game.json"
echo
echo "the final board as a picture: $dir/board.svg (open it in a browser)"
echo "every turn's state is in $dir (turn-00.carc ... game.carc); in $top, look at one with"
echo "  bin/carc-render demo/turn-30.carc"
echo "  bin/carc-render --format json demo/game.carc | jq ."
