#!/usr/bin/env bash
# make bench: the speed and size figures that BENCHMARKS.md records, measured here and now.
# Figures are medians of several runs; the machines are shared, so compare ratios, not times.
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/bin:$PATH"
RUNS=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%g\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

ms() {
	echo $(( $(date +%s%N) / 1000000 ))
}

echo "machine: $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "carc: $(git rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')"
echo

# 1. Random self-play in one process, 2 players, base game, farmers on, pinned to one core.
echo "1. in-process random self-play, 2 players, base game (carc-bot --selfplay 20000 --strategies random)"
for i in $(seq "$RUNS"); do
	taskset -c 0 carc-bot --selfplay 20000 --strategies random --seed "$i" |
	    sed -n 's/.*: \([0-9]*\) games per second$/\1/p'
done > "$tmp/gps"
echo "   games per second, median of $RUNS: $(median < "$tmp/gps") (min $(sort -n "$tmp/gps" | head -1), max $(sort -n "$tmp/gps" | tail -1))"
echo

# 1b and 1c. What the expansions cost: random self-play with several sets against the base
# game, in games per CPU second (user plus sys, as /usr/bin/time says), both pinned to one
# core, one run of each in turn; the ratio of each pair, median of RUNS (the bar of issues 15
# and 16: 0.5). The same ratio per tile placed too: a game of more tiles is a longer game.
cpu() {
	/usr/bin/time -f '%U %S' taskset -c 0 carc-bot --selfplay "$1" --strategies random \
	    --expansions "$2" --seed "$3" 2>&1 > /dev/null | tail -1 | awk '{ print $1 + $2 }'
}
tiles() {
	carc-deck --seed 1 --expansions "$1" | carc-render --format json |
	    sed -n 's/.*"tiles_left": *\([0-9]*\).*/\1/p'
}
against_base() {	# NUMBER NAME SETS GAMES
	for i in $(seq "$RUNS"); do
		echo "$(cpu 20000 base "$i") $(cpu "$4" "$3" "$i")"
	done | awk -v n="$4" '{ printf "%.0f %.0f\n", 20000 / $1, n / $2 }' > "$tmp/sets"
	echo "$1. in-process random self-play against the base game, $2: $3"
	echo "   base: $(cut -d' ' -f1 "$tmp/sets" | median) games per CPU second, median of $RUNS (20,000 games a run)"
	echo "   $2: $(cut -d' ' -f2 "$tmp/sets" | median) games per CPU second, median of $RUNS ($4 games a run)"
	echo "   ratio to the base game, median of the runs' ratios: $(awk '{ printf "%.3f\n", $2 / $1 }' "$tmp/sets" | median)"
	echo "   per tile placed ($(tiles "$3") tiles against $(tiles base)): $(awk -v a="$(tiles "$3")" \
	    -v b="$(tiles base)" '{ printf "%.3f\n", $2 * a / ($1 * b) }' "$tmp/sets" | median)"
	echo
}
against_base 1b "all six (issue 15)" \
    base,inns-cathedrals,abbot,phantom,fortune-teller,catapult 10000
against_base 1c "all seven (issue 16)" \
    base,inns-cathedrals,abbot,phantom,traders-builders,fortune-teller,catapult 5000
against_base 1d "every set" \
    base,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,fortune-teller,catapult,princess-dragon,tower 1000

# 2. A whole game through real processes against cat processes that move the same bytes.
echo "2. a whole game through pipes, one carc-draw | carc-bot random | carc-score per turn,"
echo "   against as many cat | cat | cat moving the same states"
carc-deck --players ann,bob --seed 7 > "$tmp/g0"
n=0
cp "$tmp/g0" "$tmp/g"
while carc-draw < "$tmp/g" > "$tmp/d" 2> /dev/null; do
	carc-bot random < "$tmp/d" | carc-score > "$tmp/n"
	n=$((n + 1))
	cp "$tmp/g" "$tmp/s$n"
	mv "$tmp/n" "$tmp/g"
done
for i in $(seq "$RUNS"); do
	cp "$tmp/g0" "$tmp/g"
	t0=$(ms)
	while carc-draw < "$tmp/g" > "$tmp/d" 2> /dev/null; do
		carc-bot random < "$tmp/d" | carc-score > "$tmp/n"
		mv "$tmp/n" "$tmp/g"
	done
	t1=$(ms)
	for k in $(seq "$n"); do
		cat < "$tmp/s$k" > "$tmp/d"
		cat < "$tmp/d" | cat > "$tmp/n"
		mv "$tmp/n" "$tmp/c"
	done
	t2=$(ms)
	echo "$((t1 - t0)) $((t2 - t1))"
done > "$tmp/pipes"
echo "   $n turns; carc ms, median: $(cut -d' ' -f1 "$tmp/pipes" | median); cat ms, median: $(cut -d' ' -f2 "$tmp/pipes" | median)"
echo "   ratio carc/cat, median of the runs' ratios: $(awk '{ printf "%.2f\n", $1 / $2 }' "$tmp/pipes" | median)"
echo

# 3. Memory and size on a finished game.
echo "3. peak resident memory of each tool on a finished game, and its size"
mid=$tmp/s$((n / 2))
carc-draw < "$mid" > "$tmp/mid.d"
for cmd in "carc-deck --players ann,bob --seed 7" "carc-draw $mid" "carc-place --list $tmp/mid.d" \
    "carc-bot random $tmp/mid.d" "carc-bot greedy $tmp/mid.d" "carc-bot --iterations 1000 mcts $tmp/mid.d" \
    "carc-score $tmp/s$n" "carc-render --format ascii $tmp/g" "carc-render --format svg $tmp/g" \
    "carc-render --format json $tmp/g"; do
	# shellcheck disable=SC2086
	kb=$(/usr/bin/time -f %M $cmd 2>&1 > /dev/null | tail -1)
	printf '   %-40s %6s KiB\n' "${cmd%% "$tmp"*}" "$kb"
done
echo "   a finished game's state: $(wc -c < "$tmp/g") bytes"
echo

# 4. How a turn's cost grows with the board: a synthetic set of 1,000 tiles (the base tiles,
# 14 copies of each), a turn timed at tile 70 and at tile 1,000.
echo "4. time per turn (carc-draw | carc-bot random | carc-score) at tile 70 and at tile 1,000"
awk '
	/^name:/ { print "name: big"; next }
	/^start:/ { print "start: D_"; next }
	/^  - id:/ { print $0 "_"; next }
	/^    count:/ { print "    count: " $2 * 14; next }
	/^    plain:/ { next }
	{ print }' formats/base.yaml > "$tmp/big.yaml"
carc-deck --players ann,bob --seed 7 --expansions "" --tileset "$tmp/big.yaml" > "$tmp/b"
t=0
while carc-draw < "$tmp/b" > "$tmp/d" 2> /dev/null; do
	carc-bot random < "$tmp/d" | carc-score > "$tmp/n"
	mv "$tmp/n" "$tmp/b"
	t=$((t + 1))
	[ "$t" -eq 70 ] && cp "$tmp/b" "$tmp/b70"
	[ "$t" -eq 999 ] && cp "$tmp/b" "$tmp/b1000" && break
done
for at in 70 1000; do
	for i in $(seq $((RUNS * 4))); do
		t0=$(date +%s%N)
		carc-draw < "$tmp/b$at" | carc-bot random | carc-score > /dev/null
		echo $(( ($(date +%s%N) - t0) / 1000 ))
	done | median > "$tmp/us$at"
	echo "   at tile $at: $(cat "$tmp/us$at") us a turn (median of $((RUNS * 4))); state $(wc -c < "$tmp/b$at") bytes"
done
echo "   ratio 1,000/70: $(awk -v a="$(cat "$tmp/us1000")" -v b="$(cat "$tmp/us70")" 'BEGIN { printf "%.2f\n", a / b }')"
echo

# 5. The web page (make web), in headless Chromium through selenium (tests/web/drive.py): its
# size, how soon it shows the board, and random games in its engine (WebAssembly) against the
# same games native (carc-bot --selfplay plays them with the same seeds).
echo "5. the web page: size, time to the board, random self-play in the page's engine"
if ! carc-render --format html "$tmp/g0" > "$tmp/page.html" 2> /dev/null; then
	echo "   no web page in this build: make web builds it"
	exit 0
fi
if ! [ -x /usr/bin/chromium ] || ! /usr/bin/python3 -c 'import selenium' 2> /dev/null; then
	echo "   no chromium or python3-selenium: make deps-web installs them"
	exit 0
fi
echo "   carc-render --format html: $(wc -c < "$tmp/page.html") bytes"
games=20000
for i in $(seq "$RUNS"); do
	t0=$(date +%s%N)
	carc-bot --selfplay "$games" --strategies random --seed 1 > /dev/null
	native=$(( ($(date +%s%N) - t0) / 1000000 ))
	echo "$(/usr/bin/python3 tests/web/drive.py bench "$tmp/page.html" "$games") $native"
done > "$tmp/web"
echo "   board shown, ms from the start of navigation, median of $RUNS: $(cut -d' ' -f1 "$tmp/web" | median)"
echo "   $games random games: page ms, median: $(cut -d' ' -f2 "$tmp/web" | median); native ms, median: $(cut -d' ' -f3 "$tmp/web" | median)"
echo "   ratio page/native, median of the runs' ratios: $(awk '{ printf "%.2f\n", $2 / $3 }' "$tmp/web" | median)"
