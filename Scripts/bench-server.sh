#!/usr/bin/env bash
# Server benchmark (issue 17): Pace's server (`pace serve`, its stores on SQLite, then on PostgreSQL)
# beside FitTrackee 1.3.6 (gunicorn, 2 workers, PostgreSQL with PostGIS), on this machine, in one
# run, for the same work, one server at a time, everything on 127.0.0.1:
#
#   1. a 1-hour 1 Hz GPX (3,600 points, 0.85 MB) uploaded: seconds until imported (Pace: POST
#      /api/v1/uploads, then GET /api/v1/uploads/{id} until done; FitTrackee: POST /api/workouts,
#      which imports before it answers);
#   2. a 25 MB GPX (106,400 points): seconds, peak memory of the server's processes, and whether the
#      workout list is answered meanwhile. FitTrackee refuses it by default (its 1 MB file limit, HTTP
#      413): that answer is recorded, then its limit is raised in its app_config table and it is
#      restarted to measure the import;
#   3. wrk (2 threads, 16 connections, 10 s, --latency) on the workout list, one workout and its chart
#      data (FitTrackee /api/workouts/<id>/chart_data; Pace /api/v1/workouts/{id}/series when the
#      build has it, otherwise its route page of 1,000 points, labelled so);
#   4. Pace only: the first route page of the 106,400-point workout (one GET), a sync push of 100,000
#      heart-rate samples (5,000 per POST /api/v1/sync/objects) and a full pull from no anchor (GET
#      /api/v1/sync/changes, 10,000 per page; it carries the imports' samples, workouts, routes too);
#   5. the server's resident memory before and after.
# The table goes into docs/BENCHMARKS.md ("Server (issue 17)", between the bench-server markers) with
# the command, the machine and the load average; ratios are Pace ÷ FitTrackee of the same run.
#
# Usage: Scripts/bench-server.sh [--pace BINARY] [--servers LIST] [--out FILE]
#   --pace BINARY    the pace binary (default: this checkout's release build, built first)
#   --servers LIST   which to measure, comma-separated: pace-sqlite, pace-postgres, fittrackee
#                    (default: all three)
#   --out FILE       the Markdown file to write the results into (default docs/BENCHMARKS.md)
# Environment, for quick trials (the committed table uses the defaults): BENCH_LARGE_POINTS
# (106400), BENCH_WRK_SECONDS (10), BENCH_SYNC_SAMPLES (100000), BENCH_IMPORT_TIMEOUT (240 s),
# BENCH_SOAK_SECONDS (0: no soak; e.g. 600 keeps wrk loading each server ten minutes more and
# reads its memory every 30 s), BENCH_WEB (0; 1 adds the web pages in headless Chromium, issue 18:
# the large workout's page on each server — server time, bytes, ready — and, on Pace, the dashboard
# of 5,000 workouts pushed by sync; Scripts/bench_web.py; needs `Scripts/setup.sh test`'s Playwright
# and chromium), BENCH_WEB_VISITS (5 warm visits), BENCH_DASHBOARD_WORKOUTS (5000).
#
# Bounded: about 6 minutes with FitTrackee installed (each wrk run 10 s, nine of them; every import
# waits at most BENCH_IMPORT_TIMEOUT=240 s), under 15 minutes in the worst case, plus the first
# install (pip, about 3 minutes) and the release build when not given --pace.
#
# Needs Debian 12 (or a Debian/Ubuntu with PostgreSQL 13+): installs wrk, postgresql and postgis with
# apt-get when missing (root, or sudo), and FitTrackee 1.3.6 with gunicorn from PyPI into a virtual
# environment under ${XDG_CACHE_HOME:-~/.cache}/pace-bench (kept for the next run). PostgreSQL runs
# as its own cluster in a temporary folder on a free port (as the `postgres` user when run as root),
# and every server is stopped and every temporary file removed at the end, also on failure.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACE=""; SERVERS="pace-sqlite,pace-postgres,fittrackee"; OUT="$ROOT/docs/BENCHMARKS.md"
LARGE_POINTS=${BENCH_LARGE_POINTS:-106400}
COMMAND="Scripts/bench-server.sh $*"
COMMAND=$(sed -E 's#--pace [^ ]*/([^/ ]+)#--pace \1#' <<< "$COMMAND")   # no machine path in the table
while [[ $# -gt 0 ]]; do
  case "$1" in
    --pace) PACE=$2; shift ;;
    --servers) SERVERS=$2; shift ;;
    --out) OUT=$2; shift ;;
    *) echo "unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done
CLIENT="$ROOT/Scripts/bench-server-client.py"
WITH_FT=0; [[ ",$SERVERS," == *,fittrackee,* ]] && WITH_FT=1
say() { echo "bench-server: $*" >&2; }
as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo > /dev/null; then sudo "$@"
  else say "cannot run '$*': not root and no sudo"; return 1; fi
}

# --- What it needs ---------------------------------------------------------------------------------
missing=()
command -v wrk > /dev/null || missing+=(wrk)
command -v python3 > /dev/null || missing+=(python3 python3-venv)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
if [[ $WITH_FT == 1 ]] && ! compgen -G '/usr/share/postgresql/*/extension/postgis.control' > /dev/null; then
  missing+=(postgis)
fi
if [[ ${#missing[@]} -gt 0 ]]; then
  say "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" > /dev/null
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

FT_ERROR=""
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/pace-bench/fittrackee-1.3.6"
if [[ $WITH_FT == 1 && ! -x "$VENV/bin/fittrackee" ]]; then
  say "installing FitTrackee 1.3.6 and gunicorn into $VENV"
  if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q fittrackee==1.3.6 gunicorn; } > "/tmp/pace-bench-pip.$$" 2>&1; then
    FT_ERROR="\`python3 -m venv $VENV && pip install fittrackee==1.3.6 gunicorn\` failed: $(tail -3 "/tmp/pace-bench-pip.$$" | tr '\n' ' ')"
    say "$FT_ERROR"
  fi
  rm -f "/tmp/pace-bench-pip.$$"
fi

if [[ -z "$PACE" && "$SERVERS" == *pace* ]]; then
  say "building pace (release)"
  (cd "$ROOT" && swift build -c release --product pace > /dev/null)
  PACE="$ROOT/.build/release/pace"
  PACE_DESC="release build of $(git -C "$ROOT" rev-parse --short HEAD)"
fi
PACE_DESC=${BENCH_PACE_DESC:-${PACE_DESC:-"$(basename "${PACE:-none}") as given"}}

# --- Temporary folder, services, cleanup -------------------------------------------------------------
WORK=$(mktemp -d /tmp/pace-bench-server.XXXXXX)
chmod 755 "$WORK"
PIDS=()
PG_USER=""; [[ $(id -u) -eq 0 ]] && PG_USER=postgres
pg() { if [[ -n "$PG_USER" ]]; then runuser -u "$PG_USER" -- "$PGBIN/$1" "${@:2}"; else "$PGBIN/$1" "${@:2}"; fi; }
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2> /dev/null || true; done
  [[ -d "$WORK/pg" ]] && pg pg_ctl -D "$WORK/pg/data" -m immediate -w stop > /dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_http() {   # URL SECONDS: waits until URL answers anything
  local deadline=$((SECONDS + $2))
  until curl -s -o /dev/null "$1"; do
    [[ $SECONDS -lt $deadline ]] || return 1
    sleep 0.2
  done
}
stop_pid() {   # SIGTERM (a graceful stop), then SIGKILL after 30 s: a stop never holds the run
  kill "$1" 2> /dev/null || true
  local deadline=$((SECONDS + 30))
  while kill -0 "$1" 2> /dev/null && [[ $SECONDS -lt $deadline ]]; do sleep 0.5; done
  kill -9 "$1" 2> /dev/null || true
  wait "$1" 2> /dev/null || true
}

say "generating the GPX inputs"
python3 "$ROOT/Scripts/generate-large-inputs.py" "$WORK" --only gpx --gpx-points 3600 > /dev/null
mkdir "$WORK/large"
python3 "$ROOT/Scripts/generate-large-inputs.py" "$WORK/large" --only gpx --gpx-points "$LARGE_POINTS" > /dev/null
SMALL="$WORK/run-3600.gpx"; LARGE="$WORK/run-25mb.gpx"
# The large run starts a month later, so neither server takes it for the small one again.
sed 's/2024-05-/2024-06-/g' "$WORK"/large/run-*.gpx > "$LARGE"; rm -r "$WORK/large"

say "starting PostgreSQL ($PGBIN)"
mkdir -p "$WORK/pg"; [[ -n "$PG_USER" ]] && chown "$PG_USER" "$WORK/pg"
PG_PORT=$(free_port)
pg initdb -D "$WORK/pg/data" -U postgres -A trust -E UTF8 --locale=C --no-sync > /dev/null
pg pg_ctl -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c max_connections=200" start > /dev/null
psql_admin() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -q "$@"; }
psql_admin -d postgres -c "CREATE ROLE pace LOGIN" -c "CREATE DATABASE pace OWNER pace" \
  -c "CREATE ROLE fittrackee LOGIN" -c "CREATE DATABASE fittrackee OWNER fittrackee"

RESULTS=()
measure_pace() {   # LABEL DATABASE
  local label=$1 database=$2 data="$WORK/pace-$RANDOM" port
  port=$(free_port)
  mkdir -p "$data"; echo "bench-password-123" > "$data/password"
  "$PACE" serve --data "$data" --create-admin bench --password-file "$data/password" > /dev/null
  "$PACE" serve --data "$data" --port "$port" --database "$database" > "$data/server.log" 2>&1 &
  local pid=$!; PIDS+=("$pid")
  wait_http "http://127.0.0.1:$port/api/v1/health" 60 || { say "pace serve did not start:"; tail -5 "$data/server.log" >&2; exit 1; }
  local token
  token=$(python3 "$CLIENT" pace-token "http://127.0.0.1:$port" bench "$data/password")
  say "measuring $label"
  if BENCH_LABEL="$label" python3 "$CLIENT" measure pace "http://127.0.0.1:$port" "$token" "$pid" "$SMALL" "$LARGE" "$WORK/$port.json"; then
    RESULTS+=("$WORK/$port.json")
  else
    say "$label: the measurement failed (above); its column is left out"
  fi
  stop_pid "$pid"
}

[[ ",$SERVERS," == *,pace-sqlite,* ]] && measure_pace "Pace, SQLite" sqlite
[[ ",$SERVERS," == *,pace-postgres,* ]] && measure_pace "Pace, PostgreSQL" "postgres://pace@127.0.0.1:$PG_PORT/pace?sslmode=disable"

# --- FitTrackee ------------------------------------------------------------------------------------------
start_fittrackee() {   # PORT LOG: gunicorn with 2 workers through FitTrackee's own launcher
  HOST=127.0.0.1 PORT=$1 APP_WORKERS=2 APP_TIMEOUT=300 "$VENV/bin/fittrackee" > "$2" 2>&1 &
  FT_PID=$!; PIDS+=("$FT_PID")
  wait_http "http://127.0.0.1:$1/api/config" 90
}
if [[ $WITH_FT == 1 && -z "$FT_ERROR" ]]; then
  export DATABASE_URL="postgresql://fittrackee@127.0.0.1:$PG_PORT/fittrackee" APP_SECRET_KEY=$(python3 -c "import secrets; print(secrets.token_hex(32))") \
    UI_URL=http://127.0.0.1 UPLOAD_FOLDER="$WORK/fittrackee" REDIS_URL=redis://127.0.0.1:1
  mkdir -p "$WORK/fittrackee"
  # FitTrackee draws a map image of each imported workout from map tiles (OpenStreetMap's by
  # default): a stand-in on loopback serves them, so its import costs the drawing, not the network.
  TILE_PORT=$(free_port)
  python3 "$CLIENT" tiles "$TILE_PORT" &
  PIDS+=("$!")
  export TILE_SERVER_URL="http://127.0.0.1:$TILE_PORT/{z}/{x}/{y}.png"
  ft_log="$WORK/fittrackee/setup.log"
  if ! { psql_admin -d fittrackee -c "CREATE EXTENSION IF NOT EXISTS postgis" \
         && "$VENV/bin/ftcli" db upgrade \
         && "$VENV/bin/ftcli" users create bench --email bench@example.com --password bench-password-123 --role admin; } > "$ft_log" 2>&1; then
    FT_ERROR="FitTrackee's setup (\`ftcli db upgrade\`, \`ftcli users create\`) failed: $(tail -3 "$ft_log" | tr '\n' ' ')"
  fi
fi
if [[ $WITH_FT == 1 && -z "$FT_ERROR" ]]; then
  FT_PORT=$(free_port); FT_URL="http://127.0.0.1:$FT_PORT"
  say "starting FitTrackee (its default limits)"
  if start_fittrackee "$FT_PORT" "$WORK/fittrackee/server1.log"; then
    token=$(python3 "$CLIENT" fittrackee-token "$FT_URL" bench@example.com bench-password-123)
    default=$(python3 "$CLIENT" upload-probe fittrackee "$FT_URL" "$token" "$LARGE")
    stop_pid "$FT_PID"
    note="with its default limits (max_single_file_size 1 MB, max_zip_file_size 10 MB) the 25 MB GPX got: $default; the rows here are with both limits raised to 100 MB in its app_config table and APP_TIMEOUT=300"
    psql_admin -d fittrackee -c "UPDATE app_config SET max_single_file_size = 104857600, max_zip_file_size = 104857600"
    say "measuring FitTrackee (limits raised)"
    if start_fittrackee "$FT_PORT" "$WORK/fittrackee/server2.log"; then
      token=$(python3 "$CLIENT" fittrackee-token "$FT_URL" bench@example.com bench-password-123)
      if BENCH_LABEL="FitTrackee 1.3.6" BENCH_NOTES="$note" \
        python3 "$CLIENT" measure fittrackee "$FT_URL" "$token" "$FT_PID" "$SMALL" "$LARGE" "$WORK/ft.json" 2> "$WORK/ft.err"; then
        RESULTS+=("$WORK/ft.json")
      else
        FT_ERROR="the measurement failed: $(tail -2 "$WORK/ft.err" | tr '\n' ' ')"
      fi
      stop_pid "$FT_PID"
    else
      FT_ERROR="FitTrackee did not answer after its restart: $(tail -3 "$WORK/fittrackee/server2.log" | tr '\n' ' ')"
    fi
  else
    FT_ERROR="\`fittrackee\` (gunicorn) did not answer within 90 s: $(tail -3 "$WORK/fittrackee/server1.log" | tr '\n' ' ')"
  fi
fi
[[ -n "$FT_ERROR" ]] && say "FitTrackee not measured: $FT_ERROR"

# --- The table ---------------------------------------------------------------------------------------------
machine="$(uname -sr), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo), $(. /etc/os-release && echo "$PRETTY_NAME")"
settings=$(env | grep -E '^BENCH_(LARGE_POINTS|WRK_SECONDS|SYNC_SAMPLES|IMPORT_TIMEOUT|SOAK_SECONDS)=' | tr '\n' ' ' || true)
header="Command: \`${settings}$COMMAND\` (pace: $PACE_DESC; FitTrackee 1.3.6 through its \`fittrackee\` launcher, gunicorn with 2 workers; PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}')). Machine: $machine. Measured $(date -u '+%Y-%m-%d %H:%M') UTC; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg). Ratios in brackets: Pace ÷ FitTrackee, same run (below 1: Pace takes less time or memory; above 1 on requests/s: Pace serves more)."
[[ -n "$FT_ERROR" ]] && header+=$'\n\n'"FitTrackee was not measured: $FT_ERROR"
header+=$'\n'
# The large upload's own size and points label its rows (BENCH_LARGE_POINTS changes them).
BENCH_HEADER="$header" BENCH_LARGE_BYTES="$(stat -c %s "$LARGE")" BENCH_LARGE_POINT_COUNT="$LARGE_POINTS" \
    python3 "$CLIENT" report "$OUT" "${RESULTS[@]}"
