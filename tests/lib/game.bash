# The game file g and the moves made on it (tests/helper.bash loads this file): the expansions'
# and the scoring files work on one file, g.

# One turn: draw, place MOVE, score. Reads $1, writes $1 again; fails like the failing tool.
turn() {
	local f=$1 move=$2
	carc-draw < "$f" > "$f.d" && carc-place "$move" < "$f.d" > "$f.p" &&
	    carc-score < "$f.p" > "$f.s" && mv "$f.s" "$f" && rm -f "$f.d" "$f.p"
}

# turns MOVE...: one whole turn (draw, place, score) per move on g, in order.
turns() {
	local m
	for m; do
		turn g "$m" || { echo "the turn '$m' failed" >&2; return 1; }
	done
}

# The jq FILTER of the JSON view of g, raw.
js() {
	carc-render --format json < g | jq -r "$1"
}

# The figures on the board of g as "OWNER@X,Y,FEATURE" words, in the state's order.
figs() {
	js '. as $s | [.figures[] | "\($s.players[.owner].name)@\(.x),\(.y),\(.feature)"] | join(" ")'
}

# The followers each player of g has in supply, as "ann=7 bob=6".
supplies() {
	js '[.players[] | "\(.name)=\(.supply.follower)"] | join(" ")'
}

# The phase FILE (g by default) waits in, one word, read without a JSON parser (jq's start costs
# far more than the tools' own: loops over whole games ask this every step).
phase_of() {
	local p who
	read -r p who < <(carc-render --format phase < "${1:-g}") && echo "$p"
}

# Where g stands: "PHASE NAME", NAME being the player to move ("over" alone at the end).
turnof() {
	carc-render --format phase < g
}
