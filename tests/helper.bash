# The helper library of the bats files, which all `load helper`: the tools under test come from
# this checkout's bin/, and these functions are shared (each is described where it is defined).
#
# helper.bash
#   want TEXT: the last `run` exited 0 and printed exactly TEXT
#   get FILE FILTER: jq -c FILTER over the JSON form of the state FILE
#   scores FILE: the players' scores of FILE, as "ann=3 bob=0"
#   phases [MOVE]: one state in each phase, in the files draw, place, score and over
#   synopsis PAGE: the SYNOPSIS of a manual page on one line
#   unarmour FILE: the binary state inside the armoured block in FILE
#   patch FROM TO OLD NEW: FROM with the bytes OLD replaced by NEW, written to TO
#   noise SEED COUNT: COUNT pseudo-random bytes as a printf format
# lib/contract.bash: the failure contract (the status, one line on stderr, nothing on stdout)
#   fails [-p|-x] STATUS TEXT: the one check of the contract, after `run --separate-stderr`
#   misused MESSAGE: a usage error of $tool: 64 and "$tool: MESSAGE; try '$tool --help'"
#   refused TOOL WORDS: a move refused by the rules: 1 and a line from TOOL with WORDS
#   refused_by STATUS WORDS READER HOW FILE: READER run on FILE (operand or stdin) refuses it
#   spoilt JQ MESSAGE: spoil.json changed by JQ is refused by carc-deck --from-json, 65
# lib/game.bash: the game file g; a file's settings NEW_SETS, NEW_OPTS, NEW_TAKES, START, DRAW_OPTS
#   new [PLAYERS DECK] [OPTION...]: starts g (ann and bob, seed 7) with the file's settings
#   turn FILE MOVE: one turn: draw, place MOVE, score
#   turns MOVE...: one whole turn per move on g
#   step MOVE [DECISION...]: one turn on g, with the decisions of step 2 before the score
#   decide WORD...: decisions on g, each scored with -v, told into the file told
#   draw: the tile(s) drawn on g, into d
#   listed MOVE: carc-place --list on d offers MOVE
#   js FILTER: jq -r FILTER over the JSON view of g
#   figs: g's figures as OWNER@X,Y,FEATURE words
#   supplies: the followers each player of g has in supply
#   scores_told [FILE [TOLD]]: the points carc-score -v told in TOLD, added up per player
#   phase_of [FILE]: the phase of FILE (g), without jq
#   turnof: where g stands, "PHASE NAME"
# lib/bots.bash: bots playing whole games through the tools
#   bot_step FILE [ARG...]: one step as the phase asks, carc-bot ARG... deciding
#   bot_turn FILE [ARG...]: bot_step, but from phase draw a whole turn through a pipe
#   bots_play FILE [ARG...]: bot_steps to the end of the game
#   bot_game PLAYERS SEED [OPTION...]: a game of the file's NEW_SETS by random bots, checked
#   games_with SET SEED WORD: whole games of base,SET in which SET's decision WORD is taken

TOP="$(cd "$(dirname "${BATS_TEST_FILENAME}")/.." && pwd)"
PATH="$TOP/bin:$PATH"
export PATH

. "$TOP/tests/lib/contract.bash"
. "$TOP/tests/lib/game.bash"
. "$TOP/tests/lib/bots.bash"

# The players' scores of a state file, as "ann=3 bob=0".
scores() {
	carc-render --format json < "$1" | jq -r '[.players[] | "\(.name)=\(.score)"] | join(" ")'
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

# want TEXT: the last `run` exited 0 and printed exactly TEXT.
want() {
	if [ "$status" -ne 0 ] || [ "$output" != "$1" ]; then
		printf 'status %s\nexpected: %s\nactual:   %s\n' "$status" "$1" "$output"
		return 1
	fi
}

# unarmour FILE: the binary state inside the armoured block in FILE (carc-state(5)), by hand:
# the base64 lines decoded.
unarmour() {
	sed -n '/^-----BEGIN CARC GAME-----$/,/^-----END CARC GAME-----$/p' "$1" |
	    sed '1,/^$/d; $d' | base64 -d
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
