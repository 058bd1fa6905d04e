#!/bin/sh
# A hot-seat game: people take turns at one terminal. The game file is saved after every step, so
# `hotseat.sh --resume FILE` carries on where the game stopped (after a quit, or a closed terminal).
set -eu

usage='usage: hotseat.sh [--players NAME,NAME,...] [--seed N] [--save FILE]
       hotseat.sh --resume FILE
  --players  who plays, in turn order (default ann,bob)
  --seed     the game seed (default: a random one, printed)
  --save     the game file, saved after every step (default hotseat.carc; never overwritten)
  --resume   carry on with the game in FILE'

top=$(cd "$(dirname "$0")/.." && pwd)
PATH="$top/bin:$PATH"

die() {
	echo "hotseat: $*" >&2
	exit 1
}

players='' seed='' file='' resume=''
while [ $# -gt 0 ]; do
	case $1 in
	--players|--seed|--save|--resume)
		if [ $# -lt 2 ]; then
			echo "hotseat: $1 needs a value" >&2
			echo "$usage" >&2
			exit 64
		fi
		case $1 in
		--players) players=$2 ;;
		--seed) seed=$2 ;;
		--save) file=$2 ;;
		--resume) resume=$2 ;;
		esac
		shift 2
		;;
	-h|--help)
		echo "$usage"
		exit 0
		;;
	*)
		echo "hotseat: unknown argument '$1'" >&2
		echo "$usage" >&2
		exit 64
		;;
	esac
done
for tool in carc-deck carc-draw carc-place carc-score carc-render; do
	[ -x "$top/bin/$tool" ] || command -v "$tool" >/dev/null ||
	    die "$tool is neither built in $top/bin nor installed on PATH; run make in $top first"
done
command -v jq >/dev/null || die "jq is missing; run make deps in $top"

work=$(mktemp -d "${TMPDIR:-/tmp}/carc-hotseat.XXXXXX")
trap 'rm -rf "$work"; [ -z "$file" ] || rm -f "$file.new"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

# Replaces the game file with $1 in one rename, so a game is never half-written.
save() {
	cp "$1" "$file.new"
	mv "$file.new" "$file"
}

if [ -n "$resume" ]; then
	[ -z "$players$seed$file" ] ||
	    die "--resume FILE takes the game from FILE; drop the other options"
	[ -f "$resume" ] || die "cannot resume '$resume': no such file"
	file=$resume
else
	file=${file:-hotseat.carc}
	[ ! -e "$file" ] || die "'$file' exists already: continue it with --resume $file," \
	    "or start another game with --save FILE"
	carc-deck --players "${players:-ann,bob}" ${seed:+--seed "$seed"} > "$work/new"
	save "$work/new"
	# jq 1.6 reads numbers as doubles: a seed above 2^53 is printed as given
	seed=${seed:-$(carc-render --format json < "$file" | jq -r .setup.seed)}
	echo "a new game in $file, seed $seed"
fi

# The board of the state in file $1, without the lines below it: one a player, a blank line and
# the phase line. Counting them keeps a player's name from being taken for the end of the board.
board_only() {
	carc-render < "$1" | awk -v n="$(jq '.players | length + 2' "$work/json")" '
		{ line[NR] = $0 }
		END { for (i = 1; i <= NR - n; i++) print line[i] }'
}

# The board of the state in file $1 with --legal marks that say how many of the moves listed in
# $work/moves each cell allows: "[ ]" becomes "[4]" or "[12]". carc-render draws each mark on
# its cell's middle row, whose y label starts the line, under the x label of its column; the
# colour escapes (a terminal's, unless NO_COLOR) are kept and skipped when counting columns.
legal_board() {
	# into awk's pipe, the colour a terminal would get from carc-render by itself
	format=ascii
	if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${TERM:-}" != dumb ]; then
		format=ansi
	fi
	carc-render --legal --format "$format" < "$1" | awk -v moves="$work/moves" '
	BEGIN {
		while ((getline w < moves) > 0) {
			sub(/^[^\/]*\//, "", w)	# TILE/ of several drawn tiles
			split(w, f, ",")
			count[f[1] "," f[2]]++
		}
	}
	# the line as visible characters ch[1..n], each with the escapes just before it
	function parse(line,   i, c, e) {
		n = 0
		e = ""
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (c == "\033") {
				match(substr(line, i), /^\033\[[0-9;]*m/)
				e = e substr(line, i, RLENGTH)
				i += RLENGTH - 1
				continue
			}
			ch[++n] = c
			esc[n] = e
			e = ""
		}
		tail = e
	}
	function visible(   i, s) {
		s = ""
		for (i = 1; i <= n; i++)
			s = s ch[i]
		return s
	}
	NR == 1 {
		parse($0)
		v = visible()
		# the x labels: the column of the middle of each number
		while (match(v, /-?[0-9]+/)) {
			nx++
			xcol[nx] = off + RSTART + (RLENGTH - 1) / 2
			xval[nx] = substr(v, RSTART, RLENGTH)
			off += RSTART + RLENGTH - 1
			v = substr(v, RSTART + RLENGTH)
		}
		print
		next
	}
	{
		parse($0)
		v = visible()
		if (!match(v, /^ *-?[0-9]+ /) || index(v, "[ ]") == 0) {
			print
			next
		}
		y = substr(v, 1, RLENGTH) + 0
		for (c = index(v, "[ ]"); c > 0; c = (k = index(substr(v, c + 3), "[ ]")) ? c + 2 + k : 0) {
			best = 1
			for (i = 2; i <= nx; i++)
				if ((xcol[i] - c - 1)^2 < (xcol[best] - c - 1)^2)
					best = i
			mark = "[" (count[xval[best] "," y] + 0) "]"
			moved = ""
			for (i = 0; i < length(mark); i++) {
				if (i > 0)
					moved = moved esc[c + i]
				ch[c + i] = substr(mark, i + 1, 1)
				if (i > 0)
					esc[c + i] = ""
				if (c + i > n)
					n = c + i
			}
			esc[c + length(mark)] = moved esc[c + length(mark)]
		}
		line = ""
		for (i = 1; i <= n; i++)
			line = line esc[i] ch[i]
		print line tail
	}'
}

# The legal moves, numbered, in three columns.
show_moves() {
	awk '{ w[NR] = $0 } END {
		rows = int((NR + 2) / 3)
		for (r = 1; r <= rows; r++) {
			line = ""
			for (c = 0; c < 3; c++)
				if ((i = r + c * rows) <= NR)
					line = line sprintf("%4d) %-26s", i, w[i])
			sub(/ +$/, "", line)
			print line
		}
	}' "$work/moves"
}

# Reads one answer into $answer; at the end of the input the game stops (it is saved already).
ask() {
	printf '%s' "$1"
	if ! IFS= read -r answer; then
		echo
		echo "end of input: the game is saved in $file; continue with: $0 --resume $file"
		exit 0
	fi
	# echo piped answers, so that a transcript reads like a session at the keyboard
	[ -t 0 ] || printf '%s\n' "$answer"
	answer=$(printf '%s' "$answer" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
}

# Turns $1 (a number from the list, or a move word) into $word; says why when it cannot.
pick() {
	case $1 in
	''|*[!0-9]*)
		word=$1
		return 0
		;;
	esac
	n=$1
	while :; do
		case $n in
		0?*) n=${n#0} ;;
		*) break ;;
		esac
	done
	if [ "${#n}" -gt 5 ] || [ "$n" -lt 1 ] || [ "$n" -gt "$nmoves" ]; then
		echo "there is no move $1: choose a number from 1 to $nmoves, or type a move word"
		return 1
	fi
	word=$(sed -n "${n}p" "$work/moves")
}

while :; do
	carc-render --format json < "$file" > "$work/json"
	phase=$(jq -r .phase "$work/json")
	name=$(jq -r '.players[.player].name' "$work/json")
	case $phase in
	over)
		break
		;;
	draw)
		carc-draw < "$file" > "$work/next"
		save "$work/next"
		;;
	score)
		carc-score -v < "$file" > "$work/next" 2> "$work/report"
		sed 's/^/    /' "$work/report"
		save "$work/next"
		;;
	place | hurl | seduce)
		echo
		case $phase in
		place) echo "==== turn $(jq '.log | length + 1' "$work/json"): $name to play ====" ;;
		*) echo "==== catapult round: $name to decide ====" ;;
		esac
		echo
		# below the board: the drawn tile at rotations 0, 90, 180 and 270, clockwise, or the
		# catapult round so far; a tile's cells are marked with the number of their moves
		carc-place --list < "$file" > "$work/moves"
		if [ "$phase" = place ]; then
			legal_board "$file"
		else
			carc-render < "$file"
		fi
		nmoves=$(wc -l < "$work/moves")
		nmoves=$((nmoves))
		echo
		case $phase in
		place)
			echo "[N] on the board: a cell where the tile fits, with its number of moves"
			echo "legal moves (X,Y,ROT[,FEATURE]: FEATURE is where your follower goes, if you want one):"
			;;
		hurl) echo "some hurls (any aim is legal: hurl:TOKEN:X,Y in tiles, or hurl:catch:DISTANCE):" ;;
		seduce) echo "where your follower comes from:" ;;
		esac
		show_moves
		while :; do
			echo
			ask "$name, your move (a number or a move word; 'show N' to see it, 'quit' to stop): "
			case $answer in
			'')
				continue
				;;
			quit|q|exit)
				echo "the game is saved in $file; continue with: $0 --resume $file"
				exit 0
				;;
			show\ *|s\ *)
				pick "${answer#* }" || continue
				if carc-place -- "$word" < "$file" > "$work/preview"; then
					board_only "$work/preview"
				fi
				continue
				;;
			esac
			pick "$answer" || continue
			if carc-place -- "$word" < "$file" > "$work/next" 2> "$work/err"; then
				break
			else
				status=$?
			fi
			cat "$work/err"
			[ "$status" -eq 1 ] || [ "$status" -eq 64 ] || exit "$status"
			echo "that move cannot be played; try another"
		done
		echo "$name plays $word"
		save "$work/next"
		;;
	*)
		die "cannot read the game in '$file'"
		;;
	esac
done

echo
echo "==== the game is over ===="
echo
carc-render < "$file"
echo
carc-render --format json < "$file" | jq -r '
	(.players | map(.score) | max) as $best
	| [.players[] | select(.score == $best) | .name]
	| if length == 1 then "\(.[0]) wins with \($best) points"
	  else "\(join(" and ")) share the win with \($best) points" end'
echo "the game is in $file"
