#!/bin/sh
# A tournament of carc-bot self-play spread over cores or hosts with GNU parallel.
#
# carc-bot --selfplay plays its games one after another in one process. For thousands of games
# this script cuts the N games into jobs of M games, job k (from 0) being
#     carc-bot --selfplay M --seed S+k --strategies ... [the arguments after --]
# so that every job plays other deals (carc-bot deals game i of a job from the seed
# (S+k)*1000003+i), lets GNU parallel run the jobs (one per CPU thread by default, on this
# machine or on the hosts of --sshlogin), and merges the jobs' tables with awk into one table of
# the same form: seats and wins added, the mean and the standard deviation recomputed from each
# job's sum and sum of squares (sum = mean*n, sum of squares = sd^2*(n-1) + n*mean^2), and the
# games per second over the wall time of the whole run, from parallel's job log. carc-bot prints
# the means and sds to a tenth, so the merged ones can be a tenth off those of one carc-bot run.
#
# The strategies take turns in the seats within each job, so with more strategies than seats
# a -j that is a multiple of the number of strategies gives each of them as many seats.
#
# The same options give the same table, but for the time: the deals and the bots' choices are
# seeded (with mcts, bound it with --iterations, not --time). Options of parallel itself go in
# the environment variable PARALLEL, for instance PARALLEL=--eta.
set -eu

usage='usage: tournament.sh -n GAMES [-j PER_JOB] [--jobs N] [--sshlogin LOGIN]... [--seed S]
                     --strategies S,S,... [--players NAME,...] [--expansions SET,...]
                     [-- CARC-BOT-OPTION...]
  -n, --games GAMES       games in all
  -j, --per-job PER_JOB   games in one job, one carc-bot process (default 100; at most 1000003)
  --jobs N                jobs at once on each host, as parallel --jobs (default: one per
                          CPU thread)
  --sshlogin LOGIN        run jobs on [N/][USER@]HOST as parallel --sshlogin, ":" for this
                          machine; repeat it or separate logins with commas. carc must be
                          installed on every host (make install), carc-bot on its PATH
  --seed S                job k plays with carc-bot --seed S+k (default 0)
  --strategies, --players, --expansions   passed to carc-bot --selfplay
  -- ...                  more carc-bot options for every job: --iterations N, --rule K=V, ...
example: tournament.sh -n 2000 -j 200 --strategies mcts,greedy -- --iterations 300'

top=$(cd "$(dirname "$0")/.." && pwd)
PATH="$top/bin:$PATH"

# bad MESSAGE: a usage error.
bad() {
	echo "tournament: $1" >&2
	echo "$usage" >&2
	exit 64
}

# whole NAME VALUE MAX_DIGITS: VALUE must be a whole number of at most MAX_DIGITS digits.
whole() {
	case $2 in
	'' | *[!0-9]* | 0?*) bad "bad $1 '$2': expected a whole number" ;;
	esac
	[ ${#2} -le "$3" ] || bad "bad $1 '$2': at most $3 digits"
}

games='' per_job=100 jobs='' sshlogin='' seed=0
strategies='' players='' expansions=''
while [ $# -gt 0 ]; do
	case $1 in
	-h | --help) echo "$usage"; exit 0 ;;
	--) shift; break ;;
	-n | --games | -j | --per-job | --jobs | --sshlogin | --seed | --strategies | --players | \
	    --expansions)
		[ $# -ge 2 ] || bad "$1 needs a value"
		case $1 in
		-n | --games) games=$2 ;;
		-j | --per-job) per_job=$2 ;;
		--jobs) jobs=$2 ;;
		--sshlogin) sshlogin=${sshlogin:+$sshlogin,}$2 ;;
		--seed) seed=$2 ;;
		--strategies) strategies=$2 ;;
		--players) players=$2 ;;
		--expansions) expansions=$2 ;;
		esac
		shift 2 ;;
	-*) bad "unknown option '$1' (carc-bot options go after --)" ;;
	*) bad "unexpected argument '$1'" ;;
	esac
done
# "$@" now holds the options for carc-bot after --.
for arg in "$@"; do
	case $arg in
	--selfplay | --selfplay=* | --seed | --seed=*)
		bad "'$arg' after --: the script sets carc-bot's --selfplay and --seed itself" ;;
	esac
done

[ -n "$games" ] || bad "say how many games with -n"
[ -n "$strategies" ] || bad "say which strategies play with --strategies"
# 15 digits keep S+k and the sums exact in the shell and in awk.
whole "-n" "$games" 15
whole "-j" "$per_job" 7
whole "--seed" "$seed" 15
[ "$games" -gt 0 ] || bad "bad -n '$games': at least one game"
[ "$per_job" -gt 0 ] || bad "bad -j '$per_job': at least one game a job"
# More games in a job would deal some of the next job's games again.
[ "$per_job" -le 1000003 ] || bad "bad -j '$per_job': at most 1000003 games a job"
[ $(((games + per_job - 1) / per_job)) -le 1000000 ] ||
    bad "-n $games -j $per_job: more than 1000000 jobs; make the jobs larger"
digits=${jobs#[+-]}
digits=${digits%\%}
case $jobs/$digits in
/) ;;
*/ | */*[!0-9]*) bad "bad --jobs '$jobs': expected N, +N, -N or N% as parallel --jobs" ;;
esac

if ! command -v parallel >/dev/null || ! parallel --version 2>/dev/null | grep -q '^GNU parallel'
then
	echo "tournament: GNU parallel is missing; install the Debian package parallel" \
	    "(make deps in $top)" >&2
	exit 1
fi
if [ -z "$sshlogin" ] && ! command -v carc-bot >/dev/null; then
	echo "tournament: carc-bot is missing; run make in $top first" >&2
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/carc-tournament.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# The jobs, one a line: the seed and the number of games; the last job takes what is left.
k=0
left=$games
while [ "$left" -gt 0 ]; do
	if [ "$left" -lt "$per_job" ]; then m=$left; else m=$per_job; fi
	echo "$((seed + k)) $m"
	k=$((k + 1))
	left=$((left - m))
done > "$work/jobs"

# -q: the command's words reach carc-bot as they are, here and through ssh. --keep-order: the
# tables come in the order of the jobs, so the merged figures do not depend on which job ends
# first. --halt soon,fail=1: the first failing job starts no more, lets the running ones end (so
# their messages are printed), and its status is the status.
status=0
parallel -q --colsep ' ' --keep-order --halt soon,fail=1 --joblog "$work/log" \
    ${jobs:+--jobs "$jobs"} ${sshlogin:+--sshlogin "$sshlogin"} \
    carc-bot --selfplay '{2}' --seed '{1}' --strategies "$strategies" \
    ${players:+--players "$players"} ${expansions:+--expansions "$expansions"} "$@" \
    :::: "$work/jobs" > "$work/tables" || status=$?
if [ "$status" -ne 0 ]; then
	echo "tournament: a job failed (status $status); no table" >&2
	exit "$status"
fi

# The wall time: from the start of the first job to the end of the last, by parallel's log
# (tab-separated: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command).
wall=$(awk -F '\t' 'NR > 1 {
		end = $3 + $4
		if (first == "" || $3 < first) first = $3
		if (last == "" || end > last) last = end
	}
	END { printf "%.3f\n", last - first }' "$work/log")

# Merges the tables. A job table is a header, one row per strategy
# (name seats wins win% mean sd) and a last line "M games of P players in T s: ...".
awk -v jobs="$k" -v games="$games" -v wall="$wall" '
function fail(msg) {
	print "tournament: " msg > "/dev/stderr"
	failed = 1
	exit 1
}
/^strategy +seats +wins +win% +mean score +sd$/ { tables++; next }
/^[0-9]+ games of [0-9]+ players in / {
	played += $1
	if (players != "" && $4 != players)
		fail("jobs with " players " and " $4 " players")
	players = $4
	next
}
NF == 6 && $2 ~ /^[0-9]+$/ && $4 ~ /%$/ {
	name = $1; n = $2; mean = $5; sd = $6
	if (!(name in seats)) order[++names] = name
	seats[name] += n
	wins[name] += $3
	sum[name] += mean * n
	if (n > 0) sumsq[name] += sd * sd * (n - 1) + n * mean * mean
	next
}
{ fail("unexpected line from carc-bot: " $0) }
END {
	if (failed) exit 1
	if (tables != jobs || played != games)
		fail("expected " jobs " tables of " games " games in all, got " tables " of " played)
	printf "%-10s %7s %9s %7s %10s %8s\n", "strategy", "seats", "wins", "win%", "mean score", "sd"
	for (i = 1; i <= names; i++) {
		s = order[i]; n = seats[s]
		mean = n ? sum[s] / n : 0
		var = n > 1 ? (sumsq[s] - sum[s] * mean) / (n - 1) : 0
		# (parentheses: a bare > in the arguments of printf would redirect it)
		printf "%-10s %7.0f %9.1f %6.1f%% %10.1f %8.1f\n", s, n, wins[s],
		    (n ? 100 * wins[s] / n : 0), mean, (var > 0 ? sqrt(var) : 0)
	}
	printf "%.0f games of %d players in %.2f s: %.0f games per second\n", games, players,
	    wall, (wall > 0 ? games / wall : 0)
}' "$work/tables"
