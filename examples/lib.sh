# Sourced by the examples after they set $top (the checkout) and $me (their name, for
# messages): what each of them needs before its game, so that the scripts show the game.

PATH="$top/bin:$PATH"

# need TOOL...: exits 1 with one line when a carc tool is neither built in the checkout nor
# installed on PATH (as make install puts it, with the examples under share/doc/carc), or jq is
# missing.
need() {
	for tool in "$@"; do
		case $tool in
		jq) command -v jq >/dev/null ||
			{ echo "$me: jq is missing; run make deps in $top" >&2; exit 1; } ;;
		*) [ -x "$top/bin/$tool" ] || command -v "$tool" >/dev/null ||
			{ echo "$me: $tool is neither built in $top/bin nor installed on PATH;" \
			    "run make in $top first" >&2; exit 1; } ;;
		esac
	done
}

# options MIN MAX "$@": the options every example takes: -h prints $usage and exits 0, -o FILE
# sets $out; a bad option, or fewer than MIN or more than MAX words after the options, prints
# $usage on stderr and exits 64. The caller then drops the options: shift $((OPTIND - 1)).
options() {
	min=$1 max=$2
	shift 2
	out=
	while getopts ho: opt; do
		case $opt in
		h) echo "$usage"; exit 0 ;;
		o) out=$OPTARG ;;
		*) echo "$usage" >&2; exit 64 ;;
		esac
	done
	shift $((OPTIND - 1))
	if [ $# -lt "$min" ] || [ $# -gt "$max" ]; then
		echo "$usage" >&2
		exit 64
	fi
}

# workdir: a private folder in $work, removed however the script ends; a signal ends it with
# the status a shell gives for that signal.
workdir() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/carc-$me.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 141' PIPE
	trap 'exit 143' TERM
}

# play_greedy TELL: the game in $work/game played to its end through the tools, greedy bots
# deciding: carc-draw in phase draw (carc-bot when carc-place --list offers words there: the
# abbey, a second turn), carc-score -v in phase score, carc-bot --as PLAYER greedy in every
# other phase, which makes that player's decisions until another player, carc-score or
# carc-draw is to act. After each step the function TELL is called as TELL PHASE WHO MOVE for
# each word the step logged (once with MOVE empty when it logged none: carc-draw, carc-score):
# the phase and the player of the step, with the state before in $work/game, the state after
# in $work/next, and what carc-score -v said in $work/told.
play_greedy() {
	while :; do
		phase=$(carc-render --format phase < "$work/game")
		who=${phase#* }
		phase=${phase%% *}
		[ "$phase" != over ] || break
		: > "$work/told"
		move=
		if [ "$phase" = score ]; then
			carc-score -v < "$work/game" > "$work/next" 2> "$work/told"
		elif [ "$phase" = draw ] && ! carc-place --list < "$work/game" > /dev/null 2>&1; then
			carc-draw < "$work/game" > "$work/next"
		else
			# the words the bot's decisions logged (a draw logs none)
			logged=$(carc-render --format json < "$work/game" | jq '.log | length')
			carc-bot --as "$who" greedy < "$work/game" > "$work/next"
			move=$(carc-render --format json < "$work/next" |
			    jq -r --argjson n "$logged" '.log[$n:][]')
		fi
		if [ -z "$move" ]; then
			"$1" "$phase" "$who" ""
		else
			for word in $move; do
				"$1" "$phase" "$who" "$word"
			done
		fi
		mv "$work/next" "$work/game"
	done
}

# finish FILTER [JQ-OPTION...]: the game over, its state kept in $out when -o gave one, then
# the board, the lines jq -r FILTER makes of the state (with the options, as --arg NAME
# VALUE), and the final scores.
finish() {
	filter=$1
	shift
	if [ -n "$out" ]; then
		cp "$work/game" "$out"
	fi
	echo
	carc-render < "$work/game"
	echo
	carc-render --format json < "$work/game" | jq -r "$@" "($filter),
	    \"final scores: \" + ([.players[] | \"\\(.name) \\(.score)\"] | join(\", \"))"
}
