#!/bin/bash
# The first visit of a freshly uploaded 106,400-point workout's page in Chromium (issue 18), RUNS
# times, each on a new server and data folder: upload the GPX, wait until the workout is listed and
# two seconds more, then one cold visit and five warm ones (Scripts/bench_web.py's workout_page).
# Prints one JSON line per run: server time of the HTML and ready time of the first visit, its bytes,
# and the warm medians (ms, bytes). Needs what BENCH_WEB=1 Scripts/bench-server.sh needs (Playwright,
# chromium) and a release build.
#
# Usage: Scripts/bench-web-first-visit.sh [--pace BINARY] [--runs N]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PACE="$ROOT/.build/release/pace"
RUNS=3
while [ $# -gt 0 ]; do
  case $1 in
    --pace) PACE=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
WORK=$(mktemp -d /tmp/pace-first-visit.XXXXXX)
PID=
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
python3 "$ROOT/Scripts/generate-large-inputs.py" "$WORK" --only gpx --gpx-points 106400 > /dev/null
GPX=$(ls "$WORK"/*.gpx)
echo "bench-password-123" > "$WORK/password"
PORT=18556
for run in $(seq 1 "$RUNS"); do
  DATA="$WORK/data-$run"
  "$PACE" serve --data "$DATA" --create-admin bench --password-file "$WORK/password" > /dev/null 2>&1
  "$PACE" serve --data "$DATA" --port $PORT > "$WORK/serve-$run.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/api/v1/health" > /dev/null && break; sleep 0.1; done
  TOKEN=$(python3 "$ROOT/Scripts/bench-server-client.py" pace-token "http://127.0.0.1:$PORT" bench "$WORK/password")
  curl -s -X POST -H "Authorization: Bearer $TOKEN" --data-binary @"$GPX" "http://127.0.0.1:$PORT/api/v1/uploads?format=gpx" > /dev/null
  WORKOUT=
  for _ in $(seq 1 240); do
    WORKOUT=$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/workouts" \
      | python3 -c "import json, sys; w = json.load(sys.stdin)['workouts']; print(w[0]['id'] if w else '')")
    [ -n "$WORKOUT" ] && break
    sleep 0.5
  done
  sleep 2
  python3 - "$ROOT/Scripts" "http://127.0.0.1:$PORT" "$WORKOUT" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[1])
import bench_web
result = bench_web.workout_page("pace", sys.argv[2], sys.argv[3])
cold = result["cold"]
print(json.dumps({"serverMs": round(cold["server"], 1), "readyMs": round(cold["readyMs"] or -1), "bytes": cold["bytes"],
                  "warmServerMs": round(result["warmServerMs"], 1), "warmReadyMs": round(result["warmReadyMs"])}))
PY
  kill "$PID"; wait "$PID" 2>/dev/null || true
  PID=
done
