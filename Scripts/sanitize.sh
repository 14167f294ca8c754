#!/usr/bin/env bash
# Pace's test suite under a sanitizer (issue 19, docs/RELIABILITY.md "Sanitizers").
#
#   Scripts/sanitize.sh thread|address [SWIFT_TEST_ARGS…]   e.g. Scripts/sanitize.sh thread --filter PaceStoreTests
#
# Builds the package and its tests with `--sanitize=KIND` into a scratch folder of its own
# (.build/sanitize-KIND; nothing of the debug build is reused, so the first build takes about half an
# hour on two cores), then runs `swift test` there. The tests that start the `pace` executable start
# the sanitized one built beside them. A report does not stop the run (halt_on_error=0, so one run
# shows every report); the script fails when any test fails or any report was printed, and leaves
# the whole log in .build/sanitize-KIND.log. Environment: SANITIZE_NICE (default 5) is the niceness;
# PACE_TEST_TIME_SCALE (default 4 for address, 8 for thread) lengthens the tests' time limits and waits.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-}
case "$kind" in
    thread | address) shift ;;
    *) echo "usage: Scripts/sanitize.sh thread|address [SWIFT_TEST_ARGS…]" >&2; exit 64 ;;
esac
Scripts/setup.sh test

scratch=.build/sanitize-$kind
log=.build/sanitize-$kind.log
say() { echo "sanitize: $*" >&2; }
nice=(nice -n "${SANITIZE_NICE:-5}")

start=$SECONDS
"${nice[@]}" swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" >&2
say "built in $((SECONDS - start)) s"

# Swift's backtracer would read a crashed process's memory under the sanitizer; the sanitizer's own
# report is the one wanted. LeakSanitizer is off: the suite's processes end without freeing what
# they keep for their lifetime, which is not a leak (the fuzz runs check leaks per input).
export SWIFT_BACKTRACE=enable=no
# A sanitized build runs several times slower (ThreadSanitizer more than AddressSanitizer): every
# time limit and wait of the tests is lengthened by PACE_TEST_TIME_SCALE (PaceTestSupport.TestTime),
# so that the suites end on what they test, not on their clocks.
if [ "$kind" = thread ]; then default_scale=8; else default_scale=4; fi
export PACE_TEST_TIME_SCALE=${PACE_TEST_TIME_SCALE:-$default_scale}
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=0 detect_leaks=0 ${ASAN_OPTIONS:-}"

start=$SECONDS
set +e
"${nice[@]}" swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" \
    --experimental-maximum-parallelization-width "${PACE_TEST_WIDTH:-16}" "$@" >"$log" 2>&1
status=$?
set -e
reports=$(grep -c -E "^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: AddressSanitizer|SUMMARY: (Thread|Address)Sanitizer)" "$log" || true)
summary=$(grep -E "^(✔|✘) Test run with" "$log" | tail -1)
say "ran in $((SECONDS - start)) s: ${summary:-no summary (see $log)}; sanitizer report lines: $reports; exit $status"
if [ "$reports" -gt 0 ]; then
    # The first report of each kind, by its top frame (head closing the pipe is not a failure).
    grep -E -A3 "^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: AddressSanitizer)" "$log" | grep -E "#0 " | sed 's/ (.*//' \
        | sort | uniq -c | sort -rn | head -40 >&2 || true
fi
[ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
