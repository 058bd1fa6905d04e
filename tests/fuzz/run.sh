#!/bin/sh
# make fuzz: runs each libFuzzer target SECONDS seconds, starting from its seed corpus in
# tests/fuzz/corpus/TARGET; what it learns stays in tests/fuzz/build/corpus/TARGET for the
# next run. The targets run side by side, one per CPU. Prints one line per target
# (executions, seconds, crashes); the status is 1 if any target failed, and the input that did
# it is kept as tests/fuzz/build/TARGET-crash-* (or TARGET-timeout-*, TARGET-oom-*).
set -u
cd "$(dirname "$0")/../.."
seconds=$1
shift

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# one target: its line (and the first lines of what it found) into tests/fuzz/build/TARGET.said
one() {
	t=$1
	work=tests/fuzz/build/corpus/$t
	log=tests/fuzz/build/fuzz-$t.log
	said=tests/fuzz/build/$t.said
	mkdir -p "$work"
	# -timeout: an input that takes seconds is a bug too; -rss_limit_mb: so is 1 GB of memory.
	# The dictionary holds the words of the format, which mutations rarely find alone.
	tests/fuzz/build/fuzz-"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
	    -max_len=16384 -print_final_stats=1 -artifact_prefix=tests/fuzz/build/"$t"- \
	    -dict=tests/fuzz/dict/"$t".dict "$work" tests/fuzz/corpus/"$t" > "$log" 2>&1
	status=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
	if [ "$status" -eq 0 ]; then
		echo "fuzz: $t: ${runs:-?} executions in ${took:-$seconds} s, no crash" > "$said"
	else
		{
			echo "fuzz: $t: status $status after ${runs:-?} executions: see $log"
			grep -m 3 -e '^==[0-9]*==ERROR' -e 'runtime error' -e '^fuzz: ' "$log" |
			    sed 's/^/  /'
		} > "$said"
		return 1
	fi
}

# The targets run side by side, one per CPU (each is one process), and are told in order.
jobs=$(nproc 2>/dev/null || echo 1)
failed=0
while [ $# -gt 0 ]; do
	batch=
	i=0
	while [ $# -gt 0 ] && [ "$i" -lt "$jobs" ]; do
		one "$1" &
		batch="$batch $1:$!"
		shift
		i=$((i + 1))
	done
	for b in $batch; do
		wait "${b#*:}" || failed=1
		cat tests/fuzz/build/"${b%%:*}".said
	done
done
exit $failed
