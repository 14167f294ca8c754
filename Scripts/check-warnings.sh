#!/usr/bin/env bash
# Fails when a compiler log names a warning in the project's own files (Sources/, Tests/, Examples/,
# Benchmarks/ below the repository root; not .build/, where dependencies live).
#   Scripts/check-warnings.sh BUILD_LOG
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
found=$(grep -E "^[^ ]+:[0-9]+:[0-9]+: warning: " "$1" \
    | grep -F -e "$root/Sources/" -e "$root/Tests/" -e "$root/Benchmarks/" -e "$root/Examples/" | sort -u || true)
if [ -n "$found" ]; then
    echo "error: the build has compiler warnings in Pace's own files; fix them (a clean build must have none):" >&2
    echo "$found" >&2
    exit 1
fi
echo "check-warnings: no compiler warnings in Sources, Tests, Examples or Benchmarks" >&2
