#!/usr/bin/env bash
# Fuzzes Pace's byte readers with libFuzzer (issue 19, docs/RELIABILITY.md).
#
#   Scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER_FLAGS…]   fuzz one target (default 60 s)
#   Scripts/fuzz.sh all [SECONDS] [LIBFUZZER_FLAGS…]      every target, SECONDS shared between them (default 60)
#   Scripts/fuzz.sh list                                  the targets' names
#   Scripts/fuzz.sh minimize TARGET FILE [SECONDS]        shrink a failing input (default 120 s) into FILE.min
#
# Builds FuzzTesting/ (release, libFuzzer + AddressSanitizer) into .build/fuzz when needed, assembles
# each target's corpus from the project's fixtures and generated seeds into .build/fuzz-corpus/TARGET
# (which keeps what libFuzzer finds between runs), and runs it. A crash, a sanitizer report or a
# broken invariant leaves the input in .build/fuzz-artifacts/TARGET/ and makes the script fail; the
# summary line gives executions, coverage (cov: edges, ft: features) and any crash file. Long runs
# on a machine of N cores may pass -fork=N: N worker processes share the corpus, and the executions
# are their total.
# Environment: FUZZ_NICE (default 10) is the niceness of the fuzzing process; FUZZ_TMPDIR (default
# /dev/shm when writable) is where targets write their temporary files. LeakSanitizer reads
# FuzzTesting/lsan.supp (for dependencies' known leaks only; empty now, DECISIONS 169).
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/FuzzTesting/lsan.supp"
# Swift's own crash backtracer, reading the crashed process's memory under AddressSanitizer, turns an
# abort (a broken invariant) into a misleading "unknown-crash" report; libFuzzer's report is enough.
export SWIFT_BACKTRACE=enable=no
# The zip target writes each input to a temporary file (archives are read from files): on a RAM disk
# that costs no disk I/O, which otherwise took most of the target's time (docs/RELIABILITY.md).
if [ -z "${FUZZ_TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then FUZZ_TMPDIR=/dev/shm; fi
# Only the fuzzing process is given it: SwiftPM, built under it, left its lock files and empty
# temporary directories there on every build.
fuzzer() { if [ -n "${FUZZ_TMPDIR:-}" ]; then TMPDIR=$FUZZ_TMPDIR "$@"; else "$@"; fi; }

usage() { echo "usage: Scripts/fuzz.sh TARGET|all|list [SECONDS] [LIBFUZZER_FLAGS…] | minimize TARGET FILE [SECONDS]" >&2; exit 64; }
[ $# -ge 1 ] || usage
what=$1
if [ "$what" = minimize ]; then
    [ $# -ge 3 ] && [ -f "$3" ] || usage
    minimize_target=$2 minimize_input=$3 seconds=${4:-120}
else
    seconds=${2:-60}
    shift $(( $# >= 2 ? 2 : 1 ))
fi
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] || usage

scratch=.build/fuzz
binary=$scratch/release/pace-fuzz
say() { echo "fuzz: $*" >&2; }

build() {
    say "building FuzzTesting (release, -sanitize=fuzzer,address) into $scratch"
    local start=$SECONDS listing
    # SwiftPM keeps the build plan of a path dependency while its manifest is unchanged, so a Swift
    # file added to or removed from Sources/ would not be seen: a new listing discards the plan.
    listing=$(find Sources -name '*.swift' | sort | cksum)
    if [ -f "$scratch/sources.cksum" ] && [ "$(cat "$scratch/sources.cksum")" != "$listing" ]; then
        rm -f "$scratch/release.yaml"
    fi
    # SwiftPM's --sanitize flags make it link libFuzzer's main; the -Xswiftc flag makes the compiler
    # instrument the code for coverage too, which the --sanitize flags alone do not (Swift 6.3).
    swift build --package-path FuzzTesting --scratch-path "$scratch" -c release \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address >&2
    echo "$listing" >"$scratch/sources.cksum"
    say "built in $((SECONDS - start)) s"
}

build
mapfile -t targets < <(PACE_FUZZ_TARGET=list "$binary")

run() {
    local target=$1 time=$2; shift 2
    local corpus=.build/fuzz-corpus/$target artifacts=.build/fuzz-artifacts/$target log
    mkdir -p "$corpus" "$artifacts"
    log=$(mktemp)
    # The import target runs the importer in a Swift task, and its inputs' allocations and frees
    # differ without a leak (memory the Swift runtime keeps or frees on its own threads), so
    # libFuzzer scanned the whole heap for leaks after most inputs (two thirds of the time). Its per-input
    # check is off; LeakSanitizer's check at the run's end still fails the run on any leak
    # (docs/RELIABILITY.md, DECISIONS 170).
    local leaks=()
    if [ "$target" = import ]; then leaks=(-detect_leaks=0); fi
    PACE_FUZZ_TARGET=$target PACE_FUZZ_SEED_DIR=$corpus PACE_FUZZ_ROOT=$PWD fuzzer "$binary" >&2
    say "$target: fuzzing for $time s"
    set +e
    PACE_FUZZ_TARGET=$target fuzzer nice -n "${FUZZ_NICE:-10}" "$binary" "$corpus" -max_total_time="$time" \
        -artifact_prefix="$artifacts/" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${leaks[@]}" "$@" >"$log" 2>&1
    local status=$?
    set -e
    grep -E '^#[0-9]+ +(INITED|DONE)|^(==[0-9]+==ERROR|SUMMARY|pace-fuzz: invariant)|^artifact_prefix|Test unit written|^Suppressions used|^ +[0-9]+ +[0-9]+ [^ ]+$' "$log" >&2 || true
    local last executions cov ft crash
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    # With -fork=N the workers' statistics are not printed: the last status line's count is the total.
    # With -fork=N a worker that fails prints its own final statistics (its share only), so the larger
    # of that and the last status line's count is the run's total.
    executions=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1 || true)
    local status_count
    status_count=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
    if [ -z "$executions" ] || { [ -n "$status_count" ] && [ "$status_count" -gt "$executions" ]; }; then
        executions=$status_count
    fi
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    crash=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -1)
    echo "$target: ${time}s executions=${executions:-?} cov=${cov:-?} ft=${ft:-?} exit=$status${crash:+ crash=$crash}"
    rm -f "$log"
    return "$status"
}

# Shrinks a failing input with libFuzzer's -minimize_crash: the smallest input found that still fails
# the same target is written to FILE.min (for the regression fixtures, docs/RELIABILITY.md).
minimize() {
    local target=$1 input=$2 time=$3 output=$2.min log
    printf '%s\n' "${targets[@]}" | grep -qx "$target" || { say "unknown target '$target'; targets: ${targets[*]}"; exit 64; }
    log=$(mktemp)
    say "$target: minimising $input ($(wc -c <"$input") bytes) for $time s"
    set +e
    PACE_FUZZ_TARGET=$target fuzzer nice -n "${FUZZ_NICE:-10}" "$binary" -minimize_crash=1 -max_total_time="$time" \
        -exact_artifact_path="$output" -max_len=65536 -timeout=10 "$input" >"$log" 2>&1
    set -e
    rm -f "$log"
    if [ ! -s "$output" ]; then say "$target: $input does not fail the target; nothing to minimise"; exit 1; fi
    echo "$target: $output $(wc -c <"$output") bytes (from $(wc -c <"$input"))"
}

case "$what" in
    list) printf '%s\n' "${targets[@]}" ;;
    minimize) minimize "$minimize_target" "$minimize_input" "$seconds" ;;
    all)
        share=$(( seconds / ${#targets[@]} ))
        [ "$share" -ge 1 ] || share=1
        failed=()
        for target in "${targets[@]}"; do
            run "$target" "$share" "$@" || failed+=("$target")
        done
        if [ ${#failed[@]} -gt 0 ]; then say "failed: ${failed[*]}"; exit 1; fi
        ;;
    *)
        printf '%s\n' "${targets[@]}" | grep -qx "$what" || { say "unknown target '$what'; targets: ${targets[*]}"; exit 64; }
        run "$what" "$seconds" "$@"
        ;;
esac
