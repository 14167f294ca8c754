#!/usr/bin/env bash
# Large activity file import benchmark: `pace import` of the 1,000,000-point GPX, TCX and FIT files beside
# gpsbabel's conversion of the same files, alternating, each case in its own process, timed with
# /usr/bin/time (wall seconds, peak resident memory in KB, user and system CPU seconds: on a shared
# machine the CPU time is the steadier figure). Prints one line per run; the table in
# docs/BENCHMARKS.md ("Importing one large activity file") is made from them by hand.
#
# Usage: Scripts/bench-import.sh [--inputs DIR] [--runs N] [--before PACE] [--after PACE]
#   --inputs DIR   where run-1m.gpx, run-1m.tcx and run-1m.fit are, or are generated (default: a new temporary
#                  folder, deleted at the end). Never inside the repository.
#   --runs N       runs of each case (default 2).
#   --before PACE  a `pace` binary of another build to measure alternately (e.g. from a worktree of
#                  the commit before a change), labelled "before".
#   --after PACE   the `pace` binary measured as "after" (default: this checkout's release build,
#                  built first).
#
# Needs (checked, never installed silently): gpsbabel (apt install gpsbabel), GNU time at
# /usr/bin/time (apt install time), python3.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
INPUTS=""; RUNS=2; BEFORE=""; AFTER=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --inputs) INPUTS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    --before) BEFORE=$2; shift ;;
    --after) AFTER=$2; shift ;;
    *) echo "unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done
for tool in gpsbabel /usr/bin/time python3; do
  command -v "$tool" > /dev/null || { echo "missing $tool: see the comment at the top of $0" >&2; exit 2; }
done

if [[ -z "$AFTER" ]]; then
  (cd "$ROOT" && swift build -c release --product pace > /dev/null)
  AFTER="$ROOT/.build/release/pace"
fi
CLEAN_INPUTS=0
if [[ -z "$INPUTS" ]]; then INPUTS=$(mktemp -d); CLEAN_INPUTS=1; fi
STORES=$(mktemp -d)
trap 'rm -rf "$STORES"; [[ $CLEAN_INPUTS == 1 ]] && rm -rf "$INPUTS"' EXIT
python3 "$ROOT/Scripts/generate-large-inputs.py" "$INPUTS" --only gpx > /dev/null
python3 "$ROOT/Scripts/generate-large-inputs.py" "$INPUTS" --only fit > /dev/null
# The TCX holds the GPX's points as one running activity (gpsbabel writes a course unless told course=0).
[[ -f "$INPUTS/run-1m.tcx" ]] || gpsbabel -t -i gpx -f "$INPUTS/run-1m.gpx" -o gtrnctr,course=0,sport=Running -F "$INPUTS/run-1m.tcx"

echo "machine: $(uname -sr), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
for file in run-1m.gpx run-1m.tcx run-1m.fit; do
  input="$INPUTS/$file"
  format=gpx; [[ $file == *.fit ]] && format=garmin_fit; [[ $file == *.tcx ]] && format=gtrnctr
  cat "$input" > /dev/null   # every case reads it from the page cache
  for _ in $(seq "$RUNS"); do
    labels=(after); [[ -n "$BEFORE" ]] && labels=(before after)
    for label in "${labels[@]}"; do
      binary=$AFTER; [[ $label == before ]] && binary=$BEFORE
      rm -f "$STORES"/store.sqlite*
      /usr/bin/time -f "$file pace-$label %e s %M KB %U user %S sys" "$binary" import "$input" --store "$STORES/store.sqlite" 2>&1 > /dev/null | tail -1
    done
    /usr/bin/time -f "$file gpsbabel %e s %M KB %U user %S sys" gpsbabel -t -i "$format" -f "$input" -o unicsv -F /dev/null 2>&1 | tail -1
  done
done
