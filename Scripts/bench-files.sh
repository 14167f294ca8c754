#!/usr/bin/env bash
# File-reading benchmark: Pace beside its peers in the same run, one case per process, timed with
# /usr/bin/time (wall seconds, peak resident memory). Writes the "File reading" section of
# docs/BENCHMARKS.md (other sections are kept).
#
# Usage: Scripts/bench-files.sh [--quick] [--inputs DIR] [--cases LIST] [--no-2gb] [--keep-2gb] [--no-write] [--doc FILE]
#   --quick       skip the slowest peers (gpxpy, healthkit-to-sqlite, the Python FIT decoders on 1M records)
#                 and gpsbabel's separate counting runs; the real run includes them.
#   --inputs DIR  where the generated inputs are, or are generated (reused when present;
#                 default: a new temporary folder, deleted at the end). Never inside the repository.
#   --cases LIST  comma-separated cases to run: gpx, fit, health, big (default: all four; the report
#                 then has only those tables).
#   --no-2gb      skip the 2 GB GPX case ("big": generated, measured, then deleted unless --keep-2gb).
#   --no-write    print the section instead of writing docs/BENCHMARKS.md.
#   --doc FILE    write the section into FILE instead of docs/BENCHMARKS.md.
# Environment:
#   PACE_BENCH_SCRATCH   swift build scratch path (default .build)
#   PACE_BENCH_TIMEOUT   seconds before a peer is stopped (default 3600)
#   PACE_BENCH_BIG_GB    size in GiB of the big GPX (default 2; smaller for a smoke test)
#   PACE_BENCH_APIS      Pace's GPX and FIT reading APIs to measure, in order (default "document stream";
#                        the last one is the reference for ratios and targets)
#
# Needs (checked, never installed silently): python3 with gpxpy, fitdecode, garmin-fit-sdk and the
# healthkit-to-sqlite command (pip install gpxpy fitdecode garmin-fit-sdk healthkit-to-sqlite),
# gpsbabel and xmllint (apt install gpsbabel libxml2-utils), GNU time at /usr/bin/time (apt install time).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRATCH=${PACE_BENCH_SCRATCH:-.build}
TIMEOUT=${PACE_BENCH_TIMEOUT:-3600}
APIS=${PACE_BENCH_APIS:-document stream}
BIG_GB=${PACE_BENCH_BIG_GB:-2}
QUICK=0; INPUTS=""; CASES="gpx,fit,health,big"; KEEP_2GB=0; WRITE=1; DOC="$ROOT/docs/BENCHMARKS.md"
COMMAND_LINE="Scripts/bench-files.sh $*"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --inputs) INPUTS=$2; shift ;;
    --cases) CASES=$2; shift ;;
    --no-2gb) CASES=${CASES//big/} ;;
    --keep-2gb) KEEP_2GB=1 ;;
    --no-write) WRITE=0 ;;
    --doc) DOC=$2; shift ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-files.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# --- Check the tools; tell how to install what is missing -----------------------------------------
missing=()
[[ -x /usr/bin/time ]] || missing+=("GNU time: apt install time")
command -v python3 >/dev/null || missing+=("python3")
command -v gpsbabel >/dev/null || missing+=("gpsbabel: apt install gpsbabel")
command -v xmllint >/dev/null || missing+=("xmllint: apt install libxml2-utils")
command -v swift >/dev/null || missing+=("swift: https://www.swift.org/install/")
for module in gpxpy:gpxpy fitdecode:fitdecode garmin_fit_sdk:garmin-fit-sdk; do
  python3 -c "import ${module%%:*}" 2>/dev/null || missing+=("${module#*:}: pip install ${module#*:}")
done
command -v healthkit-to-sqlite >/dev/null || missing+=("healthkit-to-sqlite: pip install healthkit-to-sqlite")
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "bench-files.sh: missing tools; install them, then run again:" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi

if [[ -n "$INPUTS" && "$(realpath -m "$INPUTS")/" == "$ROOT/"* ]]; then
  echo "bench-files.sh: --inputs must be outside the repository (the files are hundreds of MB)." >&2
  exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pace-bench-files.XXXXXX")
if [[ -z "$INPUTS" ]]; then INPUTS="$WORK/inputs"; fi
BIG_GPX="$INPUTS/run-${BIG_GB}gb.gpx"
cleanup() {
  if [[ $KEEP_2GB -eq 0 ]]; then rm -f "$BIG_GPX" "$BIG_GPX.partial"; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- Build and generate -------------------------------------------------------------------------
echo "== building pace-bench (release, scratch path $SCRATCH)"
(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product pace-bench >&2)
BIN="$(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/pace-bench"

# has_case NAME: whether NAME is among --cases.
has_case() { [[ ",$CASES," == *",$1,"* ]]; }
# size_of FILE: its size in bytes, 0 when absent.
size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }

echo "== generating inputs in $INPUTS (kept files are reused)"
only=()
for kind in gpx fit health; do has_case "$kind" && only+=(--only "$kind"); done
if [[ ${#only[@]} -gt 0 ]]; then python3 "$ROOT/Scripts/generate-large-inputs.py" "$INPUTS" "${only[@]}"; fi
GPX="$INPUTS/run-1m.gpx"; FIT100K="$INPUTS/run-100k.fit"; FIT1M="$INPUTS/run-1m.fit"; HEALTH="$INPUTS/export-1m.xml"

# --- Peer programs (run, not vendored) ------------------------------------------------------------
cat > "$WORK/gpxpy_count.py" <<'EOF'
import sys, gpxpy
with open(sys.argv[1], encoding="utf-8") as f:
    gpx = gpxpy.parse(f)
print("points=%d" % sum(len(s.points) for t in gpx.tracks for s in t.segments))
EOF
cat > "$WORK/garmin_fit_count.py" <<'EOF'
import sys
from garmin_fit_sdk import Decoder, Stream
messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
records = messages.get("record_mesgs", [])
print("points=%d hr_sum=%d errors=%d" % (len(records), sum(r.get("heart_rate") or 0 for r in records), len(errors)))
EOF
cat > "$WORK/fitdecode_count.py" <<'EOF'
import sys, fitdecode
points = hr = 0
with fitdecode.FitReader(sys.argv[1]) as fit:
    for frame in fit:
        if frame.frame_type == fitdecode.FIT_FRAME_DATA and frame.name == "record":
            points += 1
            hr += frame.get_value("heart_rate", fallback=None) or 0
print("points=%d hr_sum=%d" % (points, hr))
EOF
cat > "$WORK/sqlite_count.py" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'r%'")]
print("points=%d" % sum(db.execute('SELECT COUNT(*) FROM "%s"' % t).fetchone()[0] for t in tables))
EOF

# --- Measuring ---------------------------------------------------------------------------------
RESULTS="$WORK/results.tsv"
: > "$RESULTS"

# measure GROUP TOOL COMMAND...: runs COMMAND under /usr/bin/time and appends one row to $RESULTS:
# group, tool, wall s, peak KB, points, Pace parse s, exit status, load average before, note (its stdout/stderr).
measure() {
  local group=$1 tool=$2; shift 2
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  echo "-- $group: $tool" >&2
  local status=0
  /usr/bin/time -f '%e %M' -o "$WORK/time.txt" timeout "$TIMEOUT" "$@" > "$WORK/out.txt" 2> "$WORK/err.txt" || status=$?
  local wall peak points seconds note
  read -r wall peak < <(tail -n1 "$WORK/time.txt")
  points=$(grep -o 'points=[0-9]*' "$WORK/out.txt" | head -n1 | cut -d= -f2 || true)
  seconds=$(grep -o 'seconds=[0-9.]*' "$WORK/out.txt" | head -n1 | cut -d= -f2 || true)
  note=$(tr '\n\t' '  ' < "$WORK/out.txt" | cut -c1-300)
  if [[ $status -ne 0 ]]; then
    note="exit $status: $( (grep -E -m2 'error=|Fatal error|Crash|terminated|Killed' "$WORK/err.txt" || tail -n3 "$WORK/err.txt") \
      | grep -v '^Command exited' | tr '\n\t' '  ' | cut -c1-300)"
    [[ $status -eq 124 ]] && note="stopped after ${TIMEOUT} s"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$group" "$tool" "$wall" "$peak" "${points:-}" "${seconds:-}" \
    "$status" "$load" "$note" >> "$RESULTS"
  echo "   wall ${wall}s peak ${peak}KB ${note}" >&2
}

# gpsbabel_count FORMAT FILE: the number of track points gpsbabel reads (an untimed second run writing CSV).
gpsbabel_count() {
  if [[ $QUICK -eq 1 ]]; then echo ""; return; fi
  gpsbabel -t -i "$1" -f "$2" -o unicsv -F - 2>/dev/null | tail -n1 | cut -d, -f1
}
# set_points GROUP TOOL POINTS: fills the points column of a row measured without a count.
set_points() {
  [[ -n "$3" ]] || return 0
  python3 - "$RESULTS" "$1" "$2" "$3" <<'EOF'
import sys
path, group, tool, points = sys.argv[1:]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
for row in rows:
    if row[0] == group and row[1] == tool:
        row[4] = points
open(path, "w").write("".join("\t".join(row) + "\n" for row in rows))
EOF
}

# measure_pace GROUP FORMAT FILE: one row per API of $APIS.
# Reads a file once so that every tool then reads it from the page cache: the tables compare parsing,
# not whichever tool happens to read the file first from disk.
warm() { cat "$1" > /dev/null; }

measure_pace() {
  local api
  for api in $APIS; do
    measure "$1" "Pace, $api API (pace-bench files $2 --api $api)" "$BIN" files "$2" --api "$api" "$3"
  done
}

if has_case gpx; then
  echo "== GPX, 1,000,000 points ($(du -h "$GPX" | cut -f1))"
  warm "$GPX"
  measure_pace "GPX 1M" gpx "$GPX"
  measure "GPX 1M" "xmllint --stream --noout (libxml2 parse only)" xmllint --stream --noout "$GPX"
  measure "GPX 1M" "gpsbabel -t -i gpx -o unicsv -F /dev/null" gpsbabel -t -i gpx -f "$GPX" -o unicsv -F /dev/null
  set_points "GPX 1M" "gpsbabel -t -i gpx -o unicsv -F /dev/null" "$(gpsbabel_count gpx "$GPX")"
  if [[ $QUICK -eq 0 ]]; then
    measure "GPX 1M" "gpxpy (gpxpy.parse)" python3 "$WORK/gpxpy_count.py" "$GPX"
  fi
fi

for size in 100k 1m; do
  has_case fit || break
  file="$INPUTS/run-$size.fit"; group="FIT ${size^^}"
  echo "== $group ($(du -h "$file" | cut -f1))"
  warm "$file"
  measure_pace "$group" fit "$file"
  measure "$group" "gpsbabel -t -i garmin_fit -o unicsv -F /dev/null" gpsbabel -t -i garmin_fit -f "$file" -o unicsv -F /dev/null
  set_points "$group" "gpsbabel -t -i garmin_fit -o unicsv -F /dev/null" "$(gpsbabel_count garmin_fit "$file")"
  if [[ $QUICK -eq 0 || $size == 100k ]]; then
    measure "$group" "garmin-fit-sdk (Decoder.read)" python3 "$WORK/garmin_fit_count.py" "$file"
    measure "$group" "fitdecode (FitReader, all frames)" python3 "$WORK/fitdecode_count.py" "$file"
  fi
done

if has_case health; then
  echo "== Apple Health, 1,000,000 records ($(du -h "$HEALTH" | cut -f1))"
  warm "$HEALTH"
  measure "Apple Health 1M" "Pace (pace-bench files applehealth, fresh store)" \
    "$BIN" files applehealth "$HEALTH" --store "$WORK/pace-store/health.sqlite"
  # The same export again into that store, as an athlete re-imports the cumulative export each month:
  # every record is a duplicate, left out by its sync identifier.
  if [[ -f "$WORK/pace-store/health.sqlite" ]]; then
    measure "Apple Health 1M" "(re-import) Pace, the same export again into that store (pace-bench files applehealth --again)" \
      "$BIN" files applehealth "$HEALTH" --store "$WORK/pace-store/health.sqlite" --again
  fi
  # The same rows written by SQLite alone into a fresh store (INSERT … SELECT from memory, no Pace code
  # per row): the bound for any importer keeping Pace's schema. Its "Pace parse s" column is the timed part.
  if [[ -f "$WORK/pace-store/health.sqlite" ]]; then
    measure "Apple Health 1M" "SQLite alone, the same rows into Pace's schema (pace-bench store-floor)" \
      "$BIN" store-floor "$WORK/pace-store/health.sqlite" --store "$WORK/floor-store/health.sqlite"
    # And into the leanest schema that still answers HealthKit's lookups, indexes kept as rows arrive or
    # built at the end: the bound for any schema Pace could move to.
    rm -rf "$WORK/floor-store"
    measure "Apple Health 1M" "SQLite alone, the same rows into a lean schema (pace-bench store-floor --schema lean)" \
      "$BIN" store-floor "$WORK/pace-store/health.sqlite" --store "$WORK/floor-store/health.sqlite" --schema lean
    rm -rf "$WORK/floor-store"
    measure "Apple Health 1M" "SQLite alone, lean schema, indexes built at the end (--schema lean-index-after)" \
      "$BIN" store-floor "$WORK/pace-store/health.sqlite" --store "$WORK/floor-store/health.sqlite" --schema lean-index-after
  fi
  rm -rf "$WORK/pace-store" "$WORK/floor-store"
  if [[ $QUICK -eq 0 ]]; then
    # healthkit-to-sqlite --help: "--xml  Input is XML, not a zip file": it reads the same export.xml.
    measure "Apple Health 1M" "healthkit-to-sqlite --xml (fresh SQLite)" \
      healthkit-to-sqlite --xml -s "$HEALTH" "$WORK/healthkit.sqlite"
    set_points "Apple Health 1M" "healthkit-to-sqlite --xml (fresh SQLite)" \
      "$(python3 "$WORK/sqlite_count.py" "$WORK/healthkit.sqlite" 2>/dev/null | cut -d= -f2 || true)"
    rm -f "$WORK/healthkit.sqlite"
  fi
fi

if has_case big; then
  echo "== GPX, $BIG_GB GiB"
  python3 "$ROOT/Scripts/generate-large-inputs.py" "$INPUTS" --only gpx-size --gpx-size-gb "$BIG_GB"
  BIG_SIZE=$(size_of "$BIG_GPX")
  measure_pace "GPX $BIG_GB GiB" gpx "$BIG_GPX"
  if [[ $KEEP_2GB -eq 0 ]]; then rm -f "$BIG_GPX"; fi
else
  BIG_SIZE=0
fi

# --- Report ---------------------------------------------------------------------------------------
SECTION="$WORK/section.md"
python3 - "$RESULTS" "$SECTION" "$COMMAND_LINE" "$QUICK" "$BIG_SIZE" "$KEEP_2GB" \
  "$(size_of "$GPX")" "$(size_of "$FIT100K")" "$(size_of "$FIT1M")" "$(size_of "$HEALTH")" <<'EOF'
import datetime, os, platform, subprocess, sys
results, section, command, quick, big, keep, gpx_size, fit100k_size, fit1m_size, health_size = sys.argv[1:]
rows = [line.rstrip("\n").split("\t") for line in open(results)]

def lscpu(field):
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        if line.startswith(field + ":"):
            return line.split(":", 1)[1].strip()
    return "?"

def os_name():
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()

def mb(size):
    return "%.0f MB" % (int(size) / 1e6)

loads = [float(row[7]) for row in rows if row[7]]
quiet = loads and max(loads) < 0.5
groups = []
for row in rows:
    if row[0] not in groups:
        groups.append(row[0])
out = []
out.append("## File reading")
out.append("")
out.append("Command: `%s` (it builds `pace-bench` in release mode, then runs one process per case under "
           "`/usr/bin/time -f '%%e %%M'`: wall seconds, peak resident memory)." % command.strip())
out.append("")
out.append("Machine: %s, %s cores, %s; measured %s UTC%s." % (
    lscpu("Model name"), os.cpu_count(), os_name(),
    datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
    "" if quiet else (", on a shared machine (1-minute load average %.1f–%.1f before the cases: other "
                      "builds were running), so times are noisy and likely pessimistic" % (min(loads), max(loads)))))
if quick == "1":
    out.append("")
    out.append("**Quick run**: the slowest peers (gpxpy, healthkit-to-sqlite, Python FIT decoders on 1M records) were skipped.")
out.append("")
inputs = []
if "GPX 1M" in groups:
    inputs.append("`run-1m.gpx` (%s: 1,000,000 trkpt at 1 Hz with ele, time, TrackPointExtension hr and cad)" % mb(gpx_size))
if "FIT 1M" in groups:
    inputs.append("`run-100k.fit` (%s) and `run-1m.fit` (%s) (file_id, events, records with position, altitude, "
                  "distance, speed, heart rate, cadence; lap, session, activity)" % (mb(fit100k_size), mb(fit1m_size)))
if "Apple Health 1M" in groups:
    inputs.append("`export-1m.xml` (%s: Apple Health export with its DTD and 1,000,000 `<Record>`)" % mb(health_size))
if int(big):
    inputs.append("a %.2f GiB GPX of the same run (%s after the run)" % (int(big) / 2**30, "kept" if keep == "1" else "deleted"))
out.append("Inputs from `Scripts/generate-large-inputs.py` (seed 42): %s. Each input is read once before its "
           "case (`cat FILE > /dev/null`), so every tool reads it from the page cache: the times compare parsing, "
           "not which tool happened to read the file from disk first." % "; ".join(inputs))
out.append("")
out.append("Pace reads GPX and FIT through each reading API this build has (`pace-bench files --api`): *document* = "
           "`GPXReader().read(contentsOf:)` / `FITDecoder().decode(Data)`, the whole file and its points in memory; "
           "*stream* = `GPXReader().stream(contentsOf:handler:)` / `FITDecoder().decode(contentsOf:handler:)`, one "
           "point at a time in constant memory. Apple Health is imported with `AppleHealthImporter(store:).import(at:)`, which streams, "
           "into a fresh `HealthStore` file. *parse s* is Pace's own monotonic-clock time from opening the file to the "
           "last point; *wall s* and *peak MB* are the whole process for every tool. *ratio* = tool's wall s ÷ the wall s "
           "of Pace's last listed API (above 1: Pace is faster). *points* is what each tool reports reading "
           "(— when it reports nothing).")
if "Apple Health 1M" in groups:
    out.append("")
    out.append("The *store-floor* row is not an importer: `pace-bench store-floor` copies the samples Pace's import just "
               "wrote into memory (untimed) and writes them into a fresh store with `INSERT … SELECT` in the import's "
               "batches of 12,000 per transaction — the same schema, indexes and pragmas, no XML and no Swift per row. "
               "Its *parse s* (the timed writes) bounds what any importer keeping this schema can reach on this machine. "
               "The *lean schema* rows write the same samples into the smallest schema that still answers HealthKit's "
               "lookups (16-byte UUID, integer type, source and unit ids, NULL for empty metadata, no rollup; unique UUID, "
               "unique sync identifier per source, type and start, type and anchor), keeping the indexes as rows arrive or "
               "building them at the end: they bound any schema Pace could move to.")
out.append("")
out.append("The *(re-import)* row imports the same export a second time into the store the fresh import made, as an "
           "athlete does with each month's cumulative export: every record is already stored and is left out by its "
           "sync identifier (its *points read* is the items read; the output's `duplicates=` says how many were left "
           "out). Its ratio is to Pace's fresh import: below 1, the re-import is the faster of the two.")
pace = {}
for group in groups:
    out.append("")
    out.append("### %s" % group)
    out.append("")
    out.append("| tool | wall s | peak MB | points read | parse s | ratio |")
    out.append("|---|---|---|---|---|---|")
    group_rows = [r for r in rows if r[0] == group]
    pace_row = next((r for r in reversed(group_rows) if r[1].startswith("Pace") and r[6] == "0"), None)
    if pace_row and pace_row[6] == "0":
        pace[group] = pace_row
    for r in group_rows:
        tool, wall, peak, points, parse, status, note = r[1], r[2], r[3], r[4], r[5], r[6], r[8]
        ratio = ""
        if pace_row and status == "0" and pace_row[6] == "0" and float(pace_row[2]) > 0:
            ratio = "%.2f×" % (float(wall) / float(pace_row[2])) if r is not pace_row else "1×"
        cell_points = "{:,}".format(int(points)) if points else "—"
        if status != "0":
            cell_points = "failed: %s" % note.replace("|", "\\|")
        out.append("| %s | %s | %.0f | %s | %s | %s |" % (tool, wall, int(peak) / 1024, cell_points, parse or "", ratio))

def target(name, ok, detail):
    return "| %s | %s | %s |" % (name, "met" if ok else "**not met**", detail)

out.append("")
out.append("### Targets")
out.append("")
out.append("| target | result | measured |")
out.append("|---|---|---|")
for group, name, limit in (("GPX 1M", "GPX 1M points parsed in ≤ 0.7 s", 0.7),
                           ("FIT 1M", "FIT 1M records decoded in ≤ 0.3 s", 0.3)):
    if group in pace:
        s = float(pace[group][5] or "inf")
        out.append(target(name, s <= limit, "%.3f s" % s))
    elif group in groups:
        out.append(target(name, False, "Pace failed to read the file (see the table)"))
hk = next((r for r in rows if r[0] == "Apple Health 1M" and r[1].startswith("healthkit")), None)
if "Apple Health 1M" in pace and hk and hk[6] == "0":
    ratio = float(hk[2]) / float(pace["Apple Health 1M"][2])
    out.append(target("Apple Health 1M imported ≥ 20× faster than healthkit-to-sqlite", ratio >= 20,
                      "%.1f× (%s s vs %s s)" % (ratio, pace["Apple Health 1M"][2], hk[2])))
    floors = [r for r in rows if r[0] == "Apple Health 1M" and r[1].startswith("SQLite alone") and r[6] == "0" and r[5]]
    for floor in floors:
        what = "a lean schema" + (", indexes built at the end" if "index-after" in floor[1] else "") \
            if "lean" in floor[1] else "Pace's schema"
        out.append("| (bound) SQLite alone writing the same rows into %s | %.2f s | healthkit-to-sqlite ÷ it = "
                   "%.1f×: no importer with that schema can reach more here |" % (what, float(floor[5]), float(hk[2]) / float(floor[5])))
elif "Apple Health 1M" in pace:
    out.append("| Apple Health 1M imported ≥ 20× faster than healthkit-to-sqlite | not measured | "
               "healthkit-to-sqlite %s |" % ("skipped (--quick)" if quick == "1" else "failed"))
pace_peaks = [(g, int(r[3])) for g, r in pace.items()]
if pace_peaks:
    worst = max(pace_peaks, key=lambda p: p[1])
    failed = sorted({r[0] for r in rows if r[1].startswith("Pace")} - set(pace))
    out.append(target("peak memory ≤ 150 MB for every Pace case (last listed API), whatever the file size",
                      worst[1] <= 150 * 1024 and not failed,
                      "largest %.0f MB (%s)%s" % (worst[1] / 1024, worst[0],
                                                  "; failed: " + ", ".join(failed) if failed else "")))
out.append("")
out.append("Timings are measured by hand with the command above; tests never assert them.")
open(section, "w").write("\n".join(out) + "\n")
EOF

if [[ $WRITE -eq 1 ]]; then
  python3 - "$DOC" "$SECTION" <<'EOF'
import sys
doc, section = sys.argv[1:]
try:
    lines = open(doc).read().splitlines(keepends=True)
except FileNotFoundError:
    lines = ["# Benchmarks\n"]
new = open(section).read()
start = next((i for i, l in enumerate(lines) if l.rstrip() == "## File reading"), None)
if start is None:
    text = "".join(lines).rstrip("\n") + "\n\n" + new
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    rest = "".join(lines[end:])
    text = "".join(lines[:start]) + new + ("\n" + rest if rest else "")
open(doc, "w").write(text)
EOF
  echo "== wrote the File reading section of $DOC"
fi
cat "$SECTION"
