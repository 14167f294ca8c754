#!/usr/bin/env bash
# Reproduces docs/ACCURACY.md in one command: installs the accuracy benchmark's Python
# dependencies, makes its dataset (5 scenarios x 2 noise profiles x 5 seeds, deterministic) in a
# temporary directory, and runs `pace-bench accuracy` on it, which writes the table.
#
# usage: Scripts/accuracy.sh [extra pace-bench accuracy options]
#   PACE_ACCURACY_DIR   the benchmark's scripts (default: ../shared/accuracy)
#   PACE_SCRATCH_PATH   a separate SwiftPM build directory (optional)
#   PACE_ACCURACY_SEEDS the dataset's seeds (default "1 2 3 4 5", the benchmark's own)
#   PACE_ACCURACY_DOC   the report written (default docs/ACCURACY.md)
# Other seeds (docs/ACCURACY-SEEDS-6-10.md holds seeds 6–10, a harder draw):
#   PACE_ACCURACY_SEEDS="6 7 8 9 10" PACE_ACCURACY_DOC=docs/ACCURACY-SEEDS-6-10.md Scripts/accuracy.sh
set -euo pipefail
cd "$(dirname "$0")/.."

accuracy="${PACE_ACCURACY_DIR:-../shared/accuracy}"
if [ ! -f "$accuracy/make_dataset.py" ]; then
    echo "error: no make_dataset.py in '$accuracy'; set PACE_ACCURACY_DIR to the benchmark's directory" >&2
    exit 1
fi

python3 -m pip install --quiet numpy scipy pyproj

dataset="$(mktemp -d)"
trap 'rm -rf "$dataset"' EXIT
read -r -a seeds <<< "${PACE_ACCURACY_SEEDS:-1 2 3 4 5}"
python3 "$accuracy/make_dataset.py" "$dataset" --seeds "${seeds[@]}" > /dev/null

scratch=()
if [ -n "${PACE_SCRATCH_PATH:-}" ]; then scratch=(--scratch-path "$PACE_SCRATCH_PATH"); fi
swift build "${scratch[@]}" -c release --product pace-bench
swift run "${scratch[@]}" -c release --skip-build pace-bench accuracy "$dataset" \
    --scorer "$accuracy/score.py" --output "$dataset/out" --write "${PACE_ACCURACY_DOC:-docs/ACCURACY.md}" "$@"
