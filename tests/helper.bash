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
