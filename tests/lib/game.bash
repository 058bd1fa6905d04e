# The game file g and the moves made on it (tests/helper.bash loads this file): the expansions'
# and the scoring files work on one file, g, that new starts. A file says in its setup what its
# games have in common:
#   NEW_SETS=SET,...     the sets that new adds to base ("abbot", "fortune-teller,catapult"), and
#                        bot_game too; none: the base game alone
#   NEW_OPTS=(OPTION...) more carc-deck options of new, as (--rule scatter=0)
#   NEW_TAKES=players,deck
#                        new takes the players and the supply as its first two words
#   START=TILE           the start tile of new's games (unset: the sets' own)
#   DRAW_OPTS=(OPTION...)
#                        the carc-draw options of turn, turns, step and draw, as (--tiles 1)
# A test may set SETS (more sets after NEW_SETS) or START for one game: SETS=abbot new ...

# new [PLAYERS DECK] [OPTION...]: starts the game g, seed 7, for ann and bob (for PLAYERS with
# the supply DECK in that order where NEW_TAKES=players,deck), with base and the sets of NEW_SETS
# and SETS, the start tile START when set, NEW_OPTS, then the OPTIONs. The file told (what
# decide is told about g) starts empty.
new() {
	local players=ann,bob sets=base deck=() args

	: > told
	if [ -n "${NEW_TAKES:-}" ]; then
		[ "$NEW_TAKES" = players,deck ] || { echo "new: NEW_TAKES '$NEW_TAKES'"; return 1; }
		players=$1 deck=(--deck "$2")
		shift 2
	fi
	[ -z "${NEW_SETS:-}" ] || sets+=",$NEW_SETS"
	[ -z "${SETS:-}" ] || sets+=",$SETS"
	args=(--players "$players" --seed 7)
	[ "$sets" = base ] || args+=(--expansions "$sets")
	[ -z "${START:-}" ] || args+=(--start "$START")
	carc-deck "${args[@]}" ${deck[@]+"${deck[@]}"} ${NEW_OPTS[@]+"${NEW_OPTS[@]}"} "$@" > g
}

# turn FILE MOVE: one turn: draw, place MOVE, score. Reads FILE, writes it again; fails like the
# failing tool.
turn() {
	local f=$1 move=$2
	carc-draw ${DRAW_OPTS[@]+"${DRAW_OPTS[@]}"} < "$f" > "$f.d" &&
	    carc-place "$move" < "$f.d" > "$f.p" &&
	    carc-score < "$f.p" > "$f.s" && mv "$f.s" "$f" && rm -f "$f.d" "$f.p"
}

# turns MOVE...: one whole turn (draw, place, score) per move on g, in order.
turns() {
	local m
	for m; do
		turn g "$m" || { echo "the turn '$m' failed" >&2; return 1; }
	done
}

# step MOVE [DECISION...]: one turn on g: draw, place MOVE, make each DECISION of step 2 given (a
# recall, a phantom ...), and score.
step() {
	local d
	carc-draw ${DRAW_OPTS[@]+"${DRAW_OPTS[@]}"} < g > g.d && carc-place "$1" < g.d > g.p ||
	    return 1
	shift
	for d; do
		carc-place "$d" < g.p > g.q && mv g.q g.p || return 1
	done
	carc-score < g.p > g && rm -f g.d g.p
}

# decide WORD...: each decision WORD (a hurl, a seduction ...) made on g through carc-place, then
# carc-score -v; what carc-score tells is added to the file told.
decide() {
	local w
	for w; do
		carc-place "$w" < g > g.p && carc-score -v < g.p > g.s 2>> told && mv g.s g ||
		    { echo "the decision '$w' failed" >&2; return 1; }
	done
}

# draw: what the player to move on g draws, into the file d (g stays as it was).
draw() {
	carc-draw ${DRAW_OPTS[@]+"${DRAW_OPTS[@]}"} < g > d
}

# listed MOVE: carc-place --list on the drawn state d offers MOVE.
listed() {
	carc-place --list < d | grep -qxF -- "$1"
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

# scores_told [FILE [TOLD]]: the points carc-score -v told in the file TOLD (told) added up for
# each player of the state FILE (g), as "ann=3 bob=0" (scores gives the state's own).
scores_told() {
	local f=${1:-g} told=${2:-told}
	awk -v names="$(carc-render --format json < "$f" | jq -r '[.players[].name] | join(" ")')" '
	    BEGIN { n = split(names, p, " ") }
	    $2 == "scores" { s[$1] += $3 }
	    END { for (i = 1; i <= n; i++) printf "%s%s=%d", (i > 1 ? " " : ""), p[i], s[p[i]]; print "" }
	' "$told"
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
