# Shared by the bats files: the tools under test come from this checkout's bin/.
TOP="$(cd "$(dirname "${BATS_TEST_FILENAME}")/.." && pwd)"
PATH="$TOP/bin:$PATH"
export PATH

# The players' scores of a state file, as "ann=3 bob=0".
scores() {
	carc-render --format json < "$1" | jq -r '[.players[] | "\(.name)=\(.score)"] | join(" ")'
}

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

# Copies FROM to TO with the bytes OLD replaced by NEW (printf formats, \xHH for a byte); OLD
# must occur exactly once.
patch() {
	local from=$1 to=$2 old new hex rest

	old=" $(echo $(printf "$3" | od -An -v -tx1)) "
	new=" $(echo $(printf "$4" | od -An -v -tx1)) "
	hex=" $(echo $(od -An -v -tx1 "$from")) "
	rest=" ${hex#*"$old"}"
	if [ "$rest" = " $hex" ] || [[ $rest == *"$old"* ]]; then
		echo "patch: '$3' does not occur exactly once in $from"
		return 1
	fi
	hex=${hex/"$old"/"$new"}
	printf "$(echo $hex | sed 's/\([0-9a-f][0-9a-f]\) */\\x\1/g')" > "$to"
}

# COUNT pseudo-random bytes as a printf format, the same on every machine for the same SEED
# (the Lehmer generator, exact in awk's doubles).
noise() {
	awk -v seed="$1" -v n="$2" 'BEGIN { x = seed
		for (i = 0; i < n; i++) { x = (x * 16807) % 2147483647; printf "\\x%02x", x % 256 } }'
}

# The failure contract after `run --separate-stderr`: STATUS, nothing on stdout, one line on
# stderr that contains WORDS, after "$tool: " when the file names its tool.
fails() {
	[ "$status" -eq "$1" ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [[ $stderr == "${tool:+$tool: }"*"$2"* ]] ||
	    { echo "want $1 and '$2', got $status, stdout '$(printf %s "${output:0:40}" | cat -v)', stderr '$stderr'"; false; }
}

# A usage error after `run --separate-stderr`: status 64, nothing on stdout, and the one line
# "$tool: MESSAGE; try '$tool --help'" on stderr.
misused() {
	[ "$status" -eq 64 ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [ "$stderr" = "$tool: $1; try '$tool --help'" ] ||
	    { echo "want 64 and '$tool: $1; try '$tool --help'', got $status, stdout '${output:0:40}', stderr '$stderr'"; false; }
}

# The jq FILTER of the JSON form of the state FILE, on one line.
get() {
	carc-render --format json < "$1" | jq -c "$2"
}

# The SYNOPSIS of a manual page on one line, as the usage must read without its "usage:".
synopsis() {
	groff -mdoc -Tascii -P-cbou "$TOP/man/$1.1" 2> /dev/null |
	    awk '/^SYNOPSIS/ { f = 1; next } /^[^ ]/ { f = 0 } f' | tr -s ' \n' '  ' |
	    sed 's/^ //; s/ $//'
}

# One state in each phase, in the files draw, place, score and over: U drawn and placed at 1,0
# by the MOVE (default 1,0,0, no figure).
phases() {
	local move=${1:-1,0,0}
	carc-deck --players ann,bob --seed 7 --stack U > draw
	carc-draw draw > place
	carc-place "$move" place > score
	carc-deck --players ann,bob --seed 7 --deck U | carc-draw | carc-place 1,0,0 | carc-score > over
}

# Runs READER (its words split on purpose) on FILE, as an operand or on standard input (HOW),
# and checks the failure contract: STATUS, nothing on stdout, one line on stderr naming the tool
# and containing WORDS.
refused_by() {
	local want=$1 words=$2 reader=$3 how=$4 file=$5

	if [ "$how" = operand ]; then
		run --separate-stderr $reader "$file"
	else
		run --separate-stderr $reader < "$file"
	fi
	[ "$status" -eq "$want" ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ] &&
	    [[ $stderr == "${reader%% *}: "*"$words"* ]] || {
		echo "$reader ($how $file): want $want and '$words', got $status," \
		    "stdout '$(printf %s "${output:0:40}" | cat -v)', stderr '$stderr'"
		return 1
	}
}

# --- the game file g (the expansions' and the scoring files work on one file, g) ---

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

# want TEXT: the last `run` exited 0 and printed exactly TEXT.
want() {
	if [ "$status" -ne 0 ] || [ "$output" != "$1" ]; then
		printf 'status %s\nexpected: %s\nactual:   %s\n' "$status" "$1" "$output"
		return 1
	fi
}

# refused TOOL WORDS: the last `run --separate-stderr` was refused by the rules: status 1,
# nothing on stdout, one line on stderr from TOOL that contains WORDS.
refused() {
	if [ "$status" -ne 1 ] || [ -n "$output" ] || [ "${#stderr_lines[@]}" -ne 1 ] ||
	    [ -z "${2:-}" ] || [[ $stderr != "$1: "*"$2"* ]]; then
		printf 'expected status 1, no output and one line from %s with "%s"\n' "$1" "${2:-}"
		printf 'got status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
		return 1
	fi
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
