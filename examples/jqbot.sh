#!/bin/sh
# A bot written outside carc, in the shell with jq: the template for a bot in any language.
#
# A bot is a pipeline stage, a stand-in for carc-place (or carc-bot): it reads a state on
# standard input, makes every decision it waits for until it waits for carc-score, carc-draw
# or the end (the whole turn), and writes the new state on standard output:
#
#     carc-draw < game | examples/jqbot.sh | carc-score > next
#     examples/jqbot.sh < game | carc-score > next        (a catapult round: phase hurl or seduce)
#
# It needs only two things from carc, which any language can call:
#   1. what the game looks like: carc-render --format json (the phase, the player to move, the
#      players' scores and supplies, the board, the drawn tiles, the log; see carc-state(5));
#   2. what it may do: carc-place --list, every legal decision as one word a line;
# and it applies its choice with carc-place WORD, which checks it and writes the new state.
#
# The rule here is simple and deterministic, so the same state always gets the same move:
#   phase place: a follower on a city if the player has a follower in supply, else one on a
#                road, else the tile alone; always the first such word in the list;
#   phase hurl or seduce: the first word listed.
# To plug in your own bot, replace choose() below (or the whole file: keep reading the state
# from standard input, writing one state or nothing on standard output, and the exit status).
#
# When carc refuses the state (a wrong phase, the game over, not a carc state, ...) the bot
# writes nothing and exits with the failing tool's status and message, as the tools do, so a
# pipeline never passes on half a state.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
PATH="$top/bin:$PATH"

command -v jq >/dev/null || { echo "jqbot: jq is missing; run make deps in $top" >&2; exit 1; }

# The state is binary (MessagePack), so it goes into a file, which the tools read twice or more.
work=$(mktemp -d "${TMPDIR:-/tmp}/carc-jqbot.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM
cat > "$work/state"

# Each tool runs on its own, not in a pipe, so that its status is the bot's when it fails.
status=0
look() {
	carc-render --format json < "$work/state" > "$work/json" || status=$?
	[ "$status" -eq 0 ] || exit "$status"
	carc-place --list < "$work/state" > "$work/moves" || status=$?
	[ "$status" -eq 0 ] || exit "$status"
}

# choose: the decision, one word of the list in $work/moves, judged from the state in
# $work/json. One jq program does it all, as each jq process takes a while to start.
choose() {
	jq -r --rawfile list "$work/moves" '
		# the legal words, one a line from carc-place --list
		($list | split("\n") | map(select(. != ""))) as $moves
		| if .phase == "place" then
			# followers the player to move still has in supply
			(.players[.player].supply.follower // 0) as $followers
			# the candidates in order of preference; the first one wins:
			# a follower on a city, then on a road, then the tile alone, then anything
			| [ (if $followers > 0 then
				($moves[] | select(test(",city:"))),
				($moves[] | select(test(",road:")))
			     else empty end),
			    ($moves[] | select(test("^[^:@]*$"))),
			    $moves[] ]
		  else
			# hurl or seduce: the first word suggested
			$moves
		  end
		| .[0] // empty' "$work/json"
}

# Every decision the state waits for, until it waits for carc-score, carc-draw or the end, as
# carc-bot plays: one stage is the player's whole part of a turn (the phantom after the tile,
# the dragon's steps ...).
while :; do
	look
	move=$(choose)
	if [ -z "$move" ]; then
		echo "jqbot: carc-place --list offered no decision" >&2
		exit 1
	fi
	carc-place "$move" < "$work/state" > "$work/next" || exit $?
	mv "$work/next" "$work/state"
	case $(carc-render --format phase < "$work/state") in
	draw\ * | score\ * | over) break ;;
	esac
done
# The new state on standard output; nothing and a message when a tool failed.
cat "$work/state"
