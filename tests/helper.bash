# Shared by the bats files: the tools under test come from this checkout's bin/.
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
