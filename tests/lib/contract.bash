# The failure contract of the tools (tests/helper.bash loads this file): a refused input gives
# the documented exit status, exactly one line on stderr and nothing on stdout. fails checks it;
# the others here say what they expect through it.

# fails [-p | -x] STATUS TEXT: the failure contract after `run --separate-stderr`: exit status
# STATUS, nothing on stdout, exactly one line on stderr. The line starts with "$tool: " when
# tool is set (by the file, or for one call: tool=carc-place fails ...) and contains TEXT after
# it; with -p TEXT comes at once after "$tool: "; with -x the line is "$tool: TEXT" exactly.
fails() {
	local how=contains shape

	case $1 in
	-p) how=begins; shift ;;
	-x) how=is; shift ;;
	esac
	local want=$1 text=$2 head=${tool:+$tool: }
	if [ "$status" -eq "$want" ] && [ -z "$output" ] && [ "${#stderr_lines[@]}" -eq 1 ]; then
		case $how in
		contains) [[ $stderr == "$head"*"$text"* ]] && return 0 ;;
		begins) [[ $stderr == "$head$text"* ]] && return 0 ;;
		is) [ "$stderr" = "$head$text" ] && return 0 ;;
		esac
	fi
	case $how in
	contains) shape="$head...$text..." ;;
	begins) shape="$head$text..." ;;
	is) shape="$head$text" ;;
	esac
	echo "want $want and the one line '$shape', got $status," \
	    "stdout '$(printf %s "${output:0:40}" | cat -v)', stderr '$stderr'"
	return 1
}

# misused MESSAGE: a usage error after `run --separate-stderr`: status 64, nothing on stdout,
# and the one line "$tool: MESSAGE; try '$tool --help'" on stderr.
misused() {
	fails -x 64 "$1; try '$tool --help'"
}

# refused TOOL WORDS: the last `run --separate-stderr` was refused by the rules: status 1,
# nothing on stdout, one line on stderr from TOOL that contains WORDS (not empty).
refused() {
	[ -n "${2:-}" ] || { echo "refused $1: no WORDS to look for"; return 1; }
	tool=$1 fails 1 "$2"
}

# refused_by STATUS WORDS READER HOW FILE: runs READER (its words split on purpose) on FILE, as
# an operand or on standard input (HOW: operand or stdin), and checks the failure contract:
# STATUS, nothing on stdout, one line on stderr naming the tool and containing WORDS.
refused_by() {
	local want=$1 words=$2 reader=$3 how=$4 file=$5

	if [ "$how" = operand ]; then
		run --separate-stderr $reader "$file"
	else
		run --separate-stderr $reader < "$file"
	fi
	tool=${reader%% *} fails "$want" "$words" || { echo "  by $reader ($how $file)"; return 1; }
}

# spoilt JQ MESSAGE: the JSON state spoil.json (written from g when there is none yet), changed
# by the jq program JQ, is refused by carc-deck --from-json on standard input: status 65 and
# the line "carc-deck: stdin: MESSAGE".
spoilt() {
	[ -e spoil.json ] || carc-render --format json < g > spoil.json || return 1
	run --separate-stderr carc-deck --from-json < <(jq "$1" spoil.json)
	tool=carc-deck fails -x 65 "stdin: $2" || { echo "  spoilt by $1"; return 1; }
}
