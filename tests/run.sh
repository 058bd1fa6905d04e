#!/usr/bin/env bash
# make check: the C unit tests, then every bats file, then one closing line with both counts.
set -u
cd "$(dirname "$0")/.."
# For a build with SANITIZE=1: undefined behaviour stops the tool like a memory error does,
# with a status no tool uses, so no test that expects a failure can mistake it for one.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=86}
# LeakSanitizer's check at exit costs each process ~40 ms, most of a sanitized suite's time: it
# runs for the unit tests, make valgrind checks every tool for leaks on its normal and error
# paths, and the bats files run without it. ASAN_OPTIONS set by hand is used for both.
bats_asan=${ASAN_OPTIONS:-exitcode=86:detect_leaks=0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

./tests/unit "$@" | tee "$log"
unit_status=${PIPESTATUS[0]}
unit_pass=$(sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log")
unit_fail=$(sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log")

# CHECK_SKIP names bats files (without .bats) left out of this run: the sanitized pass leaves
# out the files that only play whole games through the tools (see SAN_SKIP in the Makefile).
files=()
for f in tests/*.bats; do
	name=${f#tests/}
	case " ${CHECK_SKIP:-} " in
	*" ${name%.bats} "*) ;;
	*) files+=("$f") ;;
	esac
done
[ -n "${CHECK_SKIP:-}" ] && echo "bats: left out of this run: $CHECK_SKIP"
# CHECK_TAGS filters the tests by their tags (bats --filter-tags): the sanitized pass gives
# '!slow', leaving out the tests tagged slow, the repeats of whole games through the tools.
tags=()
if [ -n "${CHECK_TAGS:-}" ]; then
	tags=(--filter-tags "$CHECK_TAGS")
	echo "bats: only the tests whose tags match: $CHECK_TAGS"
fi

# The bats files run side by side, one per CPU (GNU parallel), each file's tests in order.
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
if [ "$jobs" -gt 1 ] && command -v parallel >/dev/null 2>&1; then
	ASAN_OPTIONS=$bats_asan bats --tap --jobs "$jobs" --no-parallelize-within-files \
	    ${tags[@]+"${tags[@]}"} "${files[@]}" | tee "$log"
else
	ASAN_OPTIONS=$bats_asan bats --tap ${tags[@]+"${tags[@]}"} "${files[@]}" | tee "$log"
fi
bats_status=${PIPESTATUS[0]}
bats_pass=$(grep -c '^ok ' "$log")
bats_fail=$(grep -c '^not ok ' "$log")
echo "bats: $((bats_pass + bats_fail)) tests, $bats_fail failures"

pass=$(( ${unit_pass:-0} + bats_pass ))
fail=$(( ${unit_fail:-1} + bats_fail ))
# a runner that died without counting is a failure too
[ "$unit_status" -ne 0 ] && [ "${unit_fail:-1}" -eq 0 ] && fail=$((fail + 1))
[ "$bats_status" -ne 0 ] && [ "$bats_fail" -eq 0 ] && fail=$((fail + 1))
echo "check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
