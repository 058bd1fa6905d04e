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
