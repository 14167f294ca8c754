#!/usr/bin/env bash
# Pace's main job, from a fresh clone: installs what building needs when it is missing
# (Scripts/setup.sh run), records the real 13 km run shipped with Pace — replayed 600× faster than
# real time, with the live dashboard — into your health store, and lists what the store holds.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh run
swift run pace record --demo --speed 600
swift run pace list
