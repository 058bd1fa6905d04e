# Bots playing whole games through the tools (tests/helper.bash loads this file). A loop asks
# the phase with carc-render --format phase, never jq: jq's start costs more than a step.

# bot_step FILE [ARG...]: one step of the game in FILE, as its phase asks: carc-draw, carc-score,
# or carc-bot ARG... (random when none) for any decision (a placement, a recall, a hurl ...).
# Rewrites FILE; fails when the game is over.
bot_step() {
	local ph who
	read -r ph who < <(carc-render --format phase < "$1") || return 1
	bot_step_in "$ph" "$@"
}

# bot_step_in PHASE FILE [ARG...]: bot_step when the phase of FILE is known already.
bot_step_in() {
	local ph=$1 f=$2
	shift 2
	[ "$#" -gt 0 ] || set -- random
	case $ph in
	over) return 1 ;;
	draw) carc-draw < "$f" > "$f.n" ;;
	score) carc-score < "$f" > "$f.n" ;;
	*) carc-bot "$@" < "$f" > "$f.n" ;;
	esac && mv "$f.n" "$f"
}

# bot_turn FILE [ARG...]: bot_step, but when the game waits for a draw a whole turn through a
# pipe, `carc-draw | carc-bot ARG... | carc-score`, as the README plays one (a turn whose
# placement asks no other decision; one process less to wait for at each step).
bot_turn() {
	local f=$1 ph who
	shift
	[ "$#" -gt 0 ] || set -- random
	read -r ph who < <(carc-render --format phase < "$f") || return 1
	if [ "$ph" = draw ]; then
		carc-draw < "$f" | carc-bot "$@" | carc-score > "$f.n" && mv "$f.n" "$f"
	else
		bot_step_in "$ph" "$f" "$@"
	fi
}

# bots_play FILE [ARG...]: plays the game in FILE to its end, a bot_step at a time, carc-bot ARG...
# (random when none, as greedy or --seed 3 random) deciding for every player. Rewrites FILE.
bots_play() {
	local f=$1 ph who steps=0
	shift

	while read -r ph who < <(carc-render --format phase < "$f") && [ "$ph" != over ]; do
		[ "$steps" -lt 3000 ] || { echo "no end after $steps steps"; return 1; }
		bot_step_in "$ph" "$f" "$@" || { echo "step $steps failed in phase $ph"; return 1; }
		steps=$((steps + 1))
	done
}

# bot_game PLAYERS SEED [OPTION...]: a game of base and the file's NEW_SETS for PLAYERS (carc-deck
# --seed SEED and the OPTIONs) in g, played to its end by random bots through the tools, the
# phase asked at every step: in phase draw carc-bot chooses the draw when there is a choice
# (ft-draw=may) and carc-draw draws otherwise, then `carc-bot random | carc-score -v`; in a
# catapult round (hurl, seduce) `carc-bot random | carc-score -v`. What carc-score tells goes to
# told, which starts empty. At the end the points told add up to the scores, and every fair tile
# in the log is followed by one hurl a player (seduce and draw decisions between them).
bot_game() {
	local ph steps=0 n may

	: > told
	carc-deck --players "$1" --seed "$2" --expansions "base,$NEW_SETS" "${@:3}" > g
	n=$(js '.players | length')
	may=$(js '.setup.rules["ft-draw"] // "max"')
	while ph=$(phase_of g) && [ "$ph" != over ]; do
		[ "$steps" -lt 500 ] || { echo "no end after $steps steps"; return 1; }
		case $ph in
		draw)
			# with a choice of draws the bot's stage is the whole turn: it draws,
			# then places
			if [ "$may" = may ] && carc-place --list g > /dev/null 2>&1; then
				carc-bot random < g
			else
				carc-draw < g | carc-bot random
			fi | carc-score -v > g.n 2>> told ;;
		hurl | seduce) carc-bot random < g | carc-score -v > g.n 2>> told ;;
		*) echo "unexpected phase $ph"; return 1 ;;
		esac || { echo "step $steps failed in phase $ph"; return 1; }
		mv g.n g
		steps=$((steps + 1))
	done
	[ "$(awk '$2 == "scores" { t += $3 } END { print t + 0 }' told)" -eq \
	    "$(js '[.players[].score] | add')" ] ||
	    { echo "the points told do not add up to the scores"; return 1; }
	[ "$(js '[.log[] | if startswith("hurl:") then "h" elif startswith("seduce:") or
	    startswith("draw:") then "" elif startswith("CA") then "C" else "T" end] |
	    join("")' | sed -E "s/^(T|C(h){$n})*\$/ok/")" = ok ] ||
	    { echo "a fair tile not followed by one hurl a player"; return 1; }
}

# games_with SET SEED WORD: whole games of base,SET that bots play through the tools, random for
# six players (seed SEED) and greedy for three (seed 5), each checked by carc-deck --verify; in
# the random one some decision logged starts with WORD and is not WORD"none" (the set's own
# decision is taken, not only passed). The other player counts and every combination of sets
# are played in-process by tests/unit (combinations), far faster than a process a step.
games_with() {
	local set=$1 seed=$2 word=$3 p
	for p in ann,bob,cat,dee,eve,fay; do
		carc-deck --players "$p" --seed "$seed" --expansions "base,$set" > g
		bots_play g random
		carc-deck --verify < g
		[ "$(carc-render --format json < g | jq --arg w "$word" '[.log[] |
		    select(startswith($w) and . != $w + "none")] | length')" -gt 0 ] ||
		    { echo "$p: no $word decision taken"; return 1; }
	done
	carc-deck --players ann,bob,cat --seed 5 --expansions "base,$set" > g
	bots_play g greedy
	carc-deck --verify < g
}
