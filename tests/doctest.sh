#!/usr/bin/env bash
# Runs the commands a document shows and compares what they print with what it shows, so that
# README.md and the EXAMPLES of the manual pages cannot drift from the tools.
#
# usage: tests/doctest.sh FILE
#
# FILE is Markdown (README.md: its indented blocks) or an mdoc page (man/*: the .Bd -literal
# blocks of its EXAMPLES section). A block whose first line starts with "$ " is a session: each
# "$ " line is a command (a line ending in "|", "\" or "&&" goes on on the next line), and the
# lines after it up to the next "$ " are what it prints, standard output and standard error
# together. A line "..." alone stands for any number of lines (the documented placeholder for
# what changes from run to run, such as a speed). A directive just before a block (Markdown
# "<!-- doctest: WORD -->", mdoc ".\" doctest: WORD") says what else it is:
#   script       run the block as one shell script, in a subshell and a folder of its own
#                (so it leaves the files of the sessions alone); the block marked "output"
#                after it (if any) is what it prints
#   output       what the script before it prints
#   file NAME    the text of a file that the document says to save as NAME
#   skip REASON  not run, for the REASON given (say why in the document's source)
# In a manual page every literal block of EXAMPLES must be one of these or a session; in
# Markdown, indented blocks that are none of them are text (grammars, tables) and not run.
#
# The blocks of one FILE run in order in one bash, in a fresh folder that holds links to the
# checkout's bin, examples and formats, with the tools first on PATH and standard input
# /dev/null. What cannot run in a test is replaced, and only that: sendmail saves the message
# it is given as game.eml (the name under which the documents' players save their mail), less
# reads its input and shows nothing, vi edits nothing, clear and sleep do nothing.
#
# A difference is shown as a unified diff under the FILE:LINE of the command, expected first;
# to update a document after a deliberate change, copy the "+" lines into it.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
doc=$1
[ -r "$doc" ] || { echo "doctest: cannot read $doc" >&2; exit 66; }
case $doc in
*.md) mode=md ;;
*) mode=man ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=$work/.cases
mkdir "$cases"

# The cases, numbered in order: N.type (session, script or file), N.where (FILE:LINE), N.cmd
# (the commands, or the file's name), N.want (what they print, or the file's text).
LC_ALL=C awk -v mode="$mode" -v dir="$cases" -v name="${doc#"$top"/}" '
function unescape(s) {
	gsub(/\\-/, "-", s)
	gsub(/\\&/, "", s)
	gsub(/\\e/, "\\", s)
	return s
}
function put(n, what, text) {
	printf "%s", text > (dir "/" n "." what)
	close(dir "/" n "." what)
}
function fail(msg) {
	printf "doctest: %s:%d: %s\n", name, start, msg > "/dev/stderr"
	bad = 1
	exit 1
}
# A block of nb lines in b[1..nb], starting at line start, after the directive dir_.
function block(   i, cmd, want, incmd, d, w) {
	while (nb > 0 && b[nb] ~ /^[ \t]*$/)
		nb--
	d = directive
	directive = ""
	if (nb == 0)
		return
	split(d, w, " ")
	if (w[1] == "skip") {
		if (w[2] == "")
			fail("skip needs a reason")
		return
	}
	if (w[1] == "output") {
		if (pending == 0)
			fail("an output block with no script before it")
		want = ""
		for (i = 1; i <= nb; i++)
			want = want b[i] "\n"
		put(pending, "want", want)
		pending = 0
		return
	}
	pending = 0
	if (w[1] == "file" || w[1] == "script") {
		n++
		put(n, "type", w[1])
		put(n, "where", name ":" start)
		cmd = ""
		for (i = 1; i <= nb; i++)
			cmd = cmd b[i] "\n"
		if (w[1] == "file") {
			if (w[2] == "")
				fail("file needs a name")
			put(n, "cmd", w[2])
			put(n, "want", cmd)
		} else {
			put(n, "cmd", cmd)
			put(n, "want", "")
			pending = n
		}
		return
	}
	if (d != "")
		fail("unknown directive \"" d "\"")
	if (b[1] !~ /^\$ /) {
		if (mode == "man")
			fail("a literal block in EXAMPLES that is neither a session nor marked")
		return
	}
	incmd = 0
	for (i = 1; i <= nb; i++) {
		if (b[i] ~ /^\$ / && !incmd) {
			if (n > first)
				put(n, "want", want)
			n++
			put(n, "type", "session")
			put(n, "where", name ":" (start + i - 1))
			cmd = substr(b[i], 3)
			want = ""
		} else if (incmd)
			cmd = cmd "\n" b[i]
		else {
			want = want b[i] "\n"
			continue
		}
		incmd = cmd ~ /(\||\\|&&)[ \t]*$/
		if (!incmd)
			put(n, "cmd", cmd "\n")
	}
	put(n, "want", want)
}
BEGIN { n = 0; first = 0; prevblank = 1 }
mode == "md" && /^<!-- doctest: .* -->$/ {
	directive = $0
	sub(/^<!-- doctest: /, "", directive)
	sub(/ -->$/, "", directive)
	next
}
mode == "md" {
	if (inb && ($0 ~ /^    / || $0 ~ /^[ \t]*$/)) {
		b[++nb] = substr($0, 5)
		next
	}
	if (inb) {
		inb = 0
		first = n
		block()
	}
	if ($0 ~ /^    / && prevblank) {
		inb = 1
		nb = 0
		start = NR
		b[++nb] = substr($0, 5)
		next
	}
	if ($0 !~ /^[ \t]*$/ && $0 !~ /^<!--/)
		directive = ""
	prevblank = $0 ~ /^[ \t]*$/
	next
}
# mdoc: the literal blocks of EXAMPLES
/^\.Sh / { ex = $0 == ".Sh EXAMPLES"; next }
!ex { next }
/^\.\\" doctest: / {
	directive = $0
	sub(/^\.\\" doctest: /, "", directive)
	next
}
/^\.Bd -literal/ { inb = 1; nb = 0; start = NR + 1; next }
inb && /^\.Ed/ { inb = 0; first = n; block(); next }
inb { b[++nb] = unescape($0); next }
END {
	if (inb && mode == "md" && !bad) {
		first = n
		block()
	}
}
' "$doc" || exit 1

ncases=$(ls "$cases" | grep -c '\.type$')
if [ "$ncases" -eq 0 ]; then
	echo "doctest: $doc shows no command to run" >&2
	exit 1
fi

# One script: every case in order, each one's output to N.got.
for d in bin examples formats; do
	ln -s "$top/$d" "$work/$d"
done
{
	printf 'cd %q || exit 1\n' "$work"
	printf 'PATH=%q:"$PATH"\n' "$top/bin"
	cat <<'EOF'
export LC_ALL=C
sendmail() { cat > .sent.eml && mv .sent.eml game.eml; }
less() { cat > /dev/null; }
vi() { :; }
clear() { :; }
sleep() { :; }
EOF
	for ((i = 1; i <= ncases; i++)); do
		case $(cat "$cases/$i.type") in
		file)
			printf 'cat %q > %q\n' "$cases/$i.want" "$(cat "$cases/$i.cmd")"
			;;
		script)
			printf '(\nmkdir .script%d && cd .script%d || exit 1\n' "$i" "$i"
			cat "$cases/$i.cmd"
			printf ') > %q 2>&1\n' "$cases/$i.got"
			;;
		*)
			echo '{'
			cat "$cases/$i.cmd"
			printf '} > %q 2>&1\n' "$cases/$i.got"
			;;
		esac
	done
} > "$cases/run.sh"
bash "$cases/run.sh" < /dev/null > /dev/null 2>&1

# WANT matches GOT line by line, a "..." line of WANT matching any lines of GOT.
matches() {
	awk '
	function m(i, j,   k) {
		if (i > nw)
			return j > ng
		if (w[i] == "...") {
			for (k = j; k <= ng + 1; k++)
				if (m(i + 1, k))
					return 1
			return 0
		}
		return j <= ng && w[i] == g[j] && m(i + 1, j + 1)
	}
	FNR == NR { w[++nw] = $0; next }
	{ g[++ng] = $0 }
	END { exit !m(1, 1) }
	' "$1" "$2"
}

failed=0
for ((i = 1; i <= ncases; i++)); do
	[ "$(cat "$cases/$i.type")" = file ] && continue
	if [ ! -e "$cases/$i.got" ]; then
		echo "$(cat "$cases/$i.where"): not run (a command before it ended the shell)"
		failed=$((failed + 1))
		continue
	fi
	if ! matches "$cases/$i.want" "$cases/$i.got"; then
		echo "$(cat "$cases/$i.where"): the output differs from the document's:"
		sed 's/^/    $ /' "$cases/$i.cmd" | sed '2,$s/^    \$ /      /'
		diff -u --label shown --label printed "$cases/$i.want" "$cases/$i.got" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
done
echo "doctest: ${doc#"$top"/}: $((ncases - failed)) of $ncases cases as shown"
[ "$failed" -eq 0 ]
