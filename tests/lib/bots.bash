# Bots playing whole games through the tools (tests/helper.bash loads this file).

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

# bots_play FILE [BOT]: plays the game in FILE to its end, BOT (random by default) deciding for
# every player, one tool a step as the phase asks: carc-draw, carc-score, or carc-bot for any
# decision (a placement, a recall, a phantom, a hurl ...). Rewrites FILE.
bots_play() {
	local f=$1 bot=${2:-random} ph who steps=0

	while read -r ph who < <(carc-render --format phase < "$f") && [ "$ph" != over ]; do
		[ "$steps" -lt 3000 ] || { echo "no end after $steps steps"; return 1; }
		case $ph in
		draw) carc-draw < "$f" > "$f.n" ;;
		score) carc-score < "$f" > "$f.n" ;;
		*) carc-bot "$bot" < "$f" > "$f.n" ;;
		esac || { echo "step $steps failed in phase $ph"; return 1; }
		mv "$f.n" "$f"
		steps=$((steps + 1))
	done
}
