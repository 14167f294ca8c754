#!/usr/bin/env bash
# Pace's tests, from a fresh clone: installs what the tests need when it is missing
# (Scripts/setup.sh test), builds the project and its tests, fails on any compiler warning in the
# project's own files (Sources, Tests, Benchmarks; dependencies are not ours to fix), then runs
# `swift test`. Arguments are passed to `swift test` (e.g. --filter LiveRecorderTests).
#
# A warning is reported only when its file is compiled, so the gate is complete on a clean build
# (CI's fresh clone); an incremental build checks the files it recompiles.
#
# At most 16 tests run at once (PACE_TEST_WIDTH to change it): on two cores, every test at once made
# each test take as long as the whole run, so time limits measured the crowd, not a hang
# (docs/DECISIONS.md 165).
#
# Debug information is line tables only (file and line for backtraces and crash reports, no
# variable or type information): the clean build CI makes took 21 minutes of its 30 with full
# debug information (docs/DECISIONS.md 166).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh test

flags=(-Xswiftc -gline-tables-only -Xcc -gline-tables-only)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift build --build-tests "${flags[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || exit "$status"
Scripts/check-warnings.sh "$log"

swift test --skip-build "${flags[@]}" --experimental-maximum-parallelization-width "${PACE_TEST_WIDTH:-16}" "$@"
