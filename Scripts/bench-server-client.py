#!/usr/bin/env python3
"""The measuring side of Scripts/bench-server.sh: HTTP requests, timing, memory sampling, wrk runs
and the results table. Python 3, standard library only (wrk is run as a program).

Subcommands (the shell script calls them; each prints or writes JSON):

  pace-token URL USER PASSWORD_FILE            make a Pace token (Basic auth) reading and sharing
                                               workouts, routes and heart rate; prints the secret
  fittrackee-token URL EMAIL PASSWORD          sign in to FitTrackee; prints its session cookies
                                               (JWT and CSRF token, space-separated)
  upload-probe KIND URL TOKEN FILE             one upload: prints its HTTP status and seconds
  measure KIND URL TOKEN PID SMALL LARGE OUT   the rows of docs/BENCHMARKS.md "Server (issue 17)"
                                               for one server (KIND pace or fittrackee; PID the
                                               server's process, its children counted too)
  tiles PORT                                   a stand-in map tile server for FitTrackee (no network)
  report OUT_MD RESULT.json...                 the results table, written into OUT_MD between the
                                               bench-server markers

Memory: resident set size (VmRSS) of the server process and its descendants (gunicorn's workers),
summed, sampled every 0.1 s while an upload runs; VmHWM (the kernel's own peak per process) is
reported too. Latency during a large upload: GET of the workout list every 0.25 s, each with a
30 s timeout, from a second thread.

Sync: the push of BENCH_SYNC_SAMPLES heart-rate samples is timed, then two pulls: the pull of
exactly those samples (from the anchor a pull to the end gave before the push), and a full pull
from no anchor (everything the token reads, the imports' samples and routes too).

Soak (BENCH_SOAK_SECONDS, 0 = none): after the rows, wrk keeps loading the list, one workout and
its chart in turn, in rounds of 30 s, and the server's RSS is read after each round, to show
whether memory stays flat under sustained load.
"""
import base64
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

WRK_SECONDS = int(os.environ.get("BENCH_WRK_SECONDS", "10"))
WRK_CONNECTIONS = int(os.environ.get("BENCH_WRK_CONNECTIONS", "16"))
IMPORT_TIMEOUT = float(os.environ.get("BENCH_IMPORT_TIMEOUT", "240"))
SYNC_SAMPLES = int(os.environ.get("BENCH_SYNC_SAMPLES", "100000"))
SYNC_BATCH = 5000
SOAK_SECONDS = int(os.environ.get("BENCH_SOAK_SECONDS", "0"))
WEB = os.environ.get("BENCH_WEB", "0") == "1"  # the web pages in Chromium (bench_web.py, issue 18)
SOAK_ROUND = 30
HEART_RATE = "HKQuantityTypeIdentifierHeartRate"
SCOPES = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", HEART_RATE]


def auth_headers(token):
    """Pace's token as a Bearer header; FitTrackee's session ("ACCESS CSRF", from its login's
    cookies) as its cookies and the CSRF header its cookie sessions need on POST."""
    if " " in token:
        access, csrf = token.split(" ")
        return {"Cookie": f"access_token_cookie={access}; csrf_access_token={csrf}", "X-CSRF-TOKEN": csrf}
    return {"Authorization": f"Bearer {token}"}


def request(method, url, token=None, body=None, headers=None, timeout=IMPORT_TIMEOUT, basic=None):
    """One HTTP request; returns (status, body bytes)."""
    all_headers = dict(headers or {})
    if token:
        all_headers.update(auth_headers(token))
    if basic:
        all_headers["Authorization"] = "Basic " + base64.b64encode(basic.encode()).decode()
    req = urllib.request.Request(url, data=body, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def multipart(path, sport_id=1):
    """A multipart/form-data body with FitTrackee's `file` and `data` fields."""
    boundary = uuid.uuid4().hex
    with open(path, "rb") as handle:
        content = handle.read()
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n"
            f"{json.dumps({'sport_id': sport_id})}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{os.path.basename(path)}\"\r\n"
            f"Content-Type: application/gpx+xml\r\n\r\n").encode()
    return head + content + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


# --- Process memory ------------------------------------------------------------------------------

def tree(pid):
    """pid and its descendants."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry))
            except OSError:
                pass
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def status_kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_mb(pid):
    return sum(status_kb(p, "VmRSS") for p in tree(pid)) / 1024


def hwm_mb(pid):
    """The largest VmHWM of the processes (per-process peak; the kernel's own figure)."""
    return max(status_kb(p, "VmHWM") for p in tree(pid)) / 1024


class Sampler(threading.Thread):
    """Samples the summed RSS every 0.1 s until stopped; keeps the peak."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.1)


class Prober(threading.Thread):
    """GETs the workout list every 0.25 s until stopped; records each answer's status and seconds."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url, self.results, self.running = url, [], True

    def run(self):
        while self.running:
            start = time.monotonic()
            try:
                status, _ = request("GET", self.url[0], token=self.url[1], timeout=30)
            except Exception:  # a timeout or a refused connection is a failed probe
                status = 0
            self.results.append((status, time.monotonic() - start))
            time.sleep(0.25)


# --- The two servers' APIs -----------------------------------------------------------------------

class Pace:
    def __init__(self, url, token):
        self.url, self.token = url, token

    def get(self, path, timeout=IMPORT_TIMEOUT):
        status, body = request("GET", self.url + path, token=self.token, timeout=timeout)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {body[:300]!r}")
        return json.loads(body)

    def upload(self, path):
        """Uploads and waits until the job is done; returns (HTTP status of the POST, seconds, job)."""
        start = time.monotonic()
        with open(path, "rb") as handle:
            status, body = request("POST", self.url + "/api/v1/uploads?format=gpx", token=self.token, body=handle.read(),
                                   headers={"Content-Type": "application/octet-stream"})
        if status not in (200, 202):
            return status, time.monotonic() - start, body[:300].decode(errors="replace")
        job = json.loads(body)
        while job["status"] in ("queued", "running") and time.monotonic() - start < IMPORT_TIMEOUT:
            time.sleep(0.05)
            job = self.get(f"/api/v1/uploads/{job['id']}")
        return status, time.monotonic() - start, job

    def list_path(self):
        return "/api/v1/workouts"

    def workout_paths(self, workout):
        detail = self.get(f"/api/v1/workouts/{workout}")
        route = detail["routes"][0]
        chart = f"/api/v1/workouts/{workout}/series"
        status, _ = request("GET", self.url + chart, token=self.token)
        label = "series"
        if status != 200:
            chart, label = f"/api/v1/workouts/{workout}/routes/{route}?limit=1000", "route page (1,000 points; no /series on this build)"
        return f"/api/v1/workouts/{workout}", chart, label, route

    def newest(self, start_prefix):
        workouts = self.get("/api/v1/workouts?limit=500")["workouts"]
        return next((w["id"] for w in workouts if w["start"].startswith(start_prefix)), None)


class FitTrackee:
    def __init__(self, url, token):
        self.url, self.token = url, token

    def upload(self, path):
        """Uploads (synchronous import); returns (HTTP status, seconds, workout id or error text)."""
        body, content_type = multipart(path)
        start = time.monotonic()
        status, answer = request("POST", self.url + "/api/workouts", token=self.token, body=body,
                                 headers={"Content-Type": content_type})
        seconds = time.monotonic() - start
        if status != 201:
            return status, seconds, answer[:300].decode(errors="replace")
        return status, seconds, json.loads(answer)["data"]["workouts"][0]["id"]

    def list_path(self):
        return "/api/workouts"

    def workout_paths(self, workout):
        return f"/api/workouts/{workout}", f"/api/workouts/{workout}/chart_data", "chart_data", None


# --- Measurements --------------------------------------------------------------------------------

def wrk(url, token):
    """wrk on one URL; requests/s, p50 and p99 in ms, non-2xx answers."""
    headers = [arg for name, value in auth_headers(token).items() if name != "X-CSRF-TOKEN"
               for arg in ("-H", f"{name}: {value}")]
    out = subprocess.run(["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_SECONDS}s", "--latency", "--timeout", "30s",
                          *headers, url],
                         capture_output=True, text=True, timeout=WRK_SECONDS + 60).stdout

    def ms(label):
        match = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not match:
            return None
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    timeouts = re.search(r"Socket errors:.*timeout (\d+)", out)
    total = re.search(r"(\d+) requests in", out)
    return {"rps": float(rate.group(1)) if rate else None, "p50": ms("50%"), "p99": ms("99%"),
            "requests": int(total.group(1)) if total else 0,
            "non2xx": int(bad.group(1)) if bad else 0, "timeouts": int(timeouts.group(1)) if timeouts else 0}


def large_upload(server, pid, path, list_url):
    """Uploads the large file while sampling memory and probing the list; returns the row."""
    sampler, prober = Sampler(pid), Prober(list_url)
    sampler.start()
    prober.start()
    status, seconds, result = server.upload(path)
    prober.running = sampler.running = False
    prober.join(timeout=35)
    sampler.join(timeout=5)
    served = [s for status_code, s in prober.results if status_code == 200]
    return {"status": status, "seconds": seconds, "result": result, "peakRssMB": sampler.peak, "hwmMB": hwm_mb(pid),
            "probes": len(prober.results), "probesServed": len(served), "probeMaxSeconds": max(served, default=None)}


def heart_rate_samples(count, offset):
    start = 757_000_000.0  # 2024-12-27, seconds since 2001-01-01 (Pace's JSON dates in a push)
    for index in range(offset, offset + count):
        yield {"kind": "quantitySample", "object": {
            "id": str(uuid.uuid4()).upper(), "type": HEART_RATE,
            "quantity": {"value": 120 + index % 40, "unit": "count/min"},
            "startDate": start + index, "endDate": start + index,
            "source": {"name": "Bench", "bundleIdentifier": "org.pace.bench"}, "metadata": {}}}


def pull(server, anchor):
    """Pulls every change after `anchor` (None: from the start); (samples pulled, pages, anchor at the end)."""
    pulled, pages = 0, 0
    while True:
        query = "limit=10000" + (f"&anchor={urllib.request.quote(anchor)}" if anchor else "")
        page = server.get(f"/api/v1/sync/changes?{query}")
        pulled += sum(1 for o in page["objects"] if o["kind"] == "quantitySample")
        anchor, pages = page.get("anchor"), pages + 1
        if not page.get("hasMore"):
            return pulled, pages, anchor


def sync_rows(server):
    """Pushes SYNC_SAMPLES heart-rate samples in batches, pulls exactly them, then pulls everything; seconds of each."""
    batches = [json.dumps({"objects": list(heart_rate_samples(SYNC_BATCH, offset))}).encode()
               for offset in range(0, SYNC_SAMPLES, SYNC_BATCH)]
    _, _, before = pull(server, None)
    start = time.monotonic()
    saved = 0
    for batch in batches:
        status, body = request("POST", server.url + "/api/v1/sync/objects", token=server.token, body=batch,
                               headers={"Content-Type": "application/json"})
        if status != 200:
            raise RuntimeError(f"sync push: {status} {body[:300]!r}")
        saved += json.loads(body)["saved"]
    push = time.monotonic() - start
    start = time.monotonic()
    pushed_pulled, pushed_pages, _ = pull(server, before)
    pushed_seconds = time.monotonic() - start
    start = time.monotonic()
    pulled, pages, _ = pull(server, None)
    return {"pushSeconds": push, "saved": saved, "batch": SYNC_BATCH, "pullSeconds": time.monotonic() - start,
            "pulled": pulled, "pages": pages, "pushedPullSeconds": pushed_seconds, "pushedPulled": pushed_pulled,
            "pushedPages": pushed_pages}


def soak(url, token, pid, paths):
    """wrk on each path in turn, SOAK_ROUND seconds a round, for SOAK_SECONDS; RSS (MB) after each round."""
    global WRK_SECONDS
    saved, WRK_SECONDS = WRK_SECONDS, SOAK_ROUND
    rounds, started = [], time.monotonic()
    try:
        while time.monotonic() - started < SOAK_SECONDS:
            for path in paths:
                answer = wrk(url + path, token)
                rounds.append({"path": path, "rps": answer["rps"], "p99": answer["p99"], "non2xx": answer["non2xx"],
                               "timeouts": answer["timeouts"], "rssMB": rss_mb(pid)})
    finally:
        WRK_SECONDS = saved
    return rounds


def measure(kind, url, token, pid, small, large, out):
    server = Pace(url, token) if kind == "pace" else FitTrackee(url, token)
    notes = [line for line in os.environ.get("BENCH_NOTES", "").split("\n") if line]
    result = {"kind": kind, "label": os.environ["BENCH_LABEL"], "notes": notes, "rssBeforeMB": rss_mb(pid)}
    status, seconds, job = server.upload(small)
    result["small"] = {"status": status, "seconds": seconds, "result": job}
    list_url = (url + server.list_path(), token)
    result["large"] = large_upload(server, pid, large, list_url)
    if kind == "pace":
        small_id = server.newest("2024-05-01")
        large_id = server.newest("2024-06-01")
    else:
        small_id = job if status == 201 else None
        large_id = result["large"]["result"] if result["large"]["status"] == 201 else None
    if small_id is None:
        raise RuntimeError(f"the 1-hour GPX was not imported: {job}")
    one, chart, label, _ = server.workout_paths(small_id)
    result["chartLabel"] = label
    result["wrk"] = {"list": wrk(url + server.list_path(), token), "one": wrk(url + one, token),
                     "chart": wrk(url + chart, token)}
    if kind == "pace" and large_id is not None:
        _, _, _, route = server.workout_paths(large_id)
        start = time.monotonic()
        page = server.get(f"/api/v1/workouts/{large_id}/routes/{route}?limit=1000")
        result["routeFirstPage"] = {"seconds": time.monotonic() - start, "points": len(page["locations"])}
    if kind == "pace":
        try:
            result["sync"] = sync_rows(server)
        except Exception as error:  # kept in the table as what happened, the other rows still count
            result["notes"].append(f"the sync rows failed: {type(error).__name__}: {str(error)[:200]}")
    if WEB and large_id is not None:
        import bench_web  # Playwright is needed only here
        try:
            result["web"] = {"workout": bench_web.workout_page(kind, url, large_id)}
            if kind == "pace":
                result["web"]["dashboard"] = bench_web.dashboard(server, request, url, small_id)
        except Exception as error:  # kept in the table as what happened, the other rows still count
            result["notes"].append(f"the web rows failed: {type(error).__name__}: {str(error)[:300]}")
    result["rssAfterMB"] = rss_mb(pid)
    result["hwmAfterMB"] = hwm_mb(pid)
    if SOAK_SECONDS > 0:
        result["soak"] = soak(url, token, pid, [server.list_path(), one, chart])
    with open(out, "w") as handle:
        json.dump(result, handle, indent=1)


# --- Report --------------------------------------------------------------------------------------

def report(out_md, paths):
    runs = {}
    for path in paths:
        with open(path) as handle:
            data = json.load(handle)
        runs[data["label"]] = data
    names = [n for n in ("Pace, SQLite", "Pace, PostgreSQL", "FitTrackee 1.3.6") if n in runs]
    ft = runs.get("FitTrackee 1.3.6")

    def fmt(value, digits=2):
        return "—" if value is None else f"{value:,.{digits}f}"

    def ratio(pace_value, ft_value, lower_is_better=True):
        if pace_value is None or ft_value is None or not pace_value or not ft_value:
            return ""
        return f" ({pace_value / ft_value:.2f}×)"

    lines = ["| measure | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]

    def row(title, getter, digits=2, compare=True):
        cells = []
        for name in names:
            value = getter(runs[name])
            cell = value if isinstance(value, str) else fmt(value, digits)
            if compare and ft and name != "FitTrackee 1.3.6" and not isinstance(value, str):
                ft_value = getter(ft)
                if not isinstance(ft_value, str):
                    cell += ratio(value, ft_value)
            cells.append(cell)
        lines.append(f"| {title} | " + " | ".join(cells) + " |")

    def upload_cell(data, key):
        up = data.get(key)
        if not up:
            return "—"
        ok = (up["status"] in (200, 202) and isinstance(up["result"], dict) and up["result"].get("status") == "done") or up["status"] == 201
        if ok:
            return up["seconds"]
        if isinstance(up["result"], dict) and up["result"].get("status") in ("queued", "running"):
            return f"not imported after {up['seconds']:.0f} s (job {up['result']['status']})"
        return f"failed: HTTP {up['status']} after {up['seconds']:.2f} s ({str(up['result'])[:120]})"

    row("1-hour 1 Hz GPX (3,600 points, 0.85 MB): upload until imported, s", lambda d: upload_cell(d, "small"))
    large_points = f"{int(os.environ.get('BENCH_LARGE_POINT_COUNT', '106400')):,}"
    large_bytes = int(os.environ.get("BENCH_LARGE_BYTES", str(25 * 1048576)))
    large = f"{large_bytes / 1048576:.0f} MB GPX ({large_points} points)"
    row(f"{large}: upload until imported, s", lambda d: upload_cell(d, "large"))
    row("… peak RSS during it (server and workers, sampled), MB", lambda d: d["large"]["peakRssMB"], 0)
    row("… largest VmHWM of a server process after it, MB", lambda d: d["large"]["hwmMB"], 0)
    row("… workout list served meanwhile (answered / asked, slowest s)",
        lambda d: f"{d['large']['probesServed']} / {d['large']['probes']}, {fmt(d['large']['probeMaxSeconds'])}", compare=False)
    for key, title in (("list", "workout list"), ("one", "one workout"), ("chart", "chart data")):
        row(f"{title}: requests/s (wrk, {WRK_CONNECTIONS} connections, {WRK_SECONDS} s)", lambda d, k=key: d["wrk"][k]["rps"], 0)
        row(f"{title}: p99 latency, ms", lambda d, k=key: d["wrk"][k]["p99"])
        row(f"{title}: answers (non-2xx, timeouts)",
            lambda d, k=key: f"{d['wrk'][k]['requests']} ({d['wrk'][k]['non2xx']}, {d['wrk'][k].get('timeouts', 0)})", compare=False)
    row(f"first route page (1,000 points) of the {large_points}-point workout: one GET, s",
        lambda d: d.get("routeFirstPage", {}).get("seconds"), 3, compare=False)
    row(f"sync push of {SYNC_SAMPLES:,} heart-rate samples ({SYNC_BATCH:,} per POST), s",
        lambda d: d.get("sync", {}).get("pushSeconds"), compare=False)
    row("full sync pull from no anchor (GET /api/v1/sync/changes, 10,000 per page: the pushed samples, the "
        "imports' heart-rate samples, workouts and routes), s (samples pulled, pages)",
        lambda d: f"{d['sync']['pullSeconds']:.2f} ({d['sync']['pulled']:,}, {d['sync']['pages']})" if "sync" in d else "—",
        compare=False)
    row(f"sync pull of the {SYNC_SAMPLES:,} pushed samples (from the anchor before the push), s (samples pulled, pages)",
        lambda d: f"{d['sync']['pushedPullSeconds']:.2f} ({d['sync']['pushedPulled']:,}, {d['sync']['pushedPages']})"
        if "pushedPullSeconds" in d.get("sync", {}) else "—", compare=False)
    if any("web" in runs[name] for name in names):
        def web(data, *keys):
            value = data.get("web")
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            return value
        row(f"workout page of the {large_points}-point workout in Chromium, first visit (cache empty): server time for its HTML "
            "(responseStart − requestStart), ms", lambda d: web(d, "workout", "cold", "server"), 1)
        row("… bytes received for the page and everything it loads, KB",
            lambda d: (web(d, "workout", "cold", "bytes") or 0) / 1024 or None, 0)
        row("… of them the page's own (Pace: the libraries Leaflet and Chart.js, served from Debian's folders and cached, "
            "left out; FitTrackee bundles its libraries into its own scripts), KB",
            lambda d: ((web(d, "workout", "cold", "bytes") or 0) - (web(d, "workout", "cold", "libraryBytes") or 0)) / 1024 or None, 0)
        row("… ready (map and chart drawn) after the navigation's start, ms", lambda d: web(d, "workout", "cold", "readyMs"), 0)
        row(f"… warm visits (the browser's cache kept; median of {os.environ.get('BENCH_WEB_VISITS', '5')}): server time, ms",
            lambda d: web(d, "workout", "warmServerMs"), 1)
        row("… warm visits: ready, ms", lambda d: web(d, "workout", "warmReadyMs"), 0)
        row("dashboard of an account with 5,000 workouts (pushed by sync): server time for its HTML, first visit after "
            "the push (every workout digested), ms", lambda d: web(d, "dashboard", "cold", "server"), 1, compare=False)
        row("… warm visits (nothing changed): server time, median, ms",
            lambda d: web(d, "dashboard", "warmServerMs"), 1, compare=False)
        row("… the visit after one more workout is pushed (the digests caught up from the store's changes): server time, ms",
            lambda d: web(d, "dashboard", "afterOneMore", "server"), 1, compare=False)
    row("server RSS before the load, MB", lambda d: d["rssBeforeMB"], 0)
    row("server RSS after the load, MB", lambda d: d["rssAfterMB"], 0)

    def soak_cell(data):
        rounds = data.get("soak")
        if not rounds:
            return "—"
        rss = [r["rssMB"] for r in rounds]
        errors = sum(r["non2xx"] + r["timeouts"] for r in rounds)
        third = max(1, len(rss) // 3)
        return (f"{len(rounds)} rounds: RSS first {rss[0]:.0f}, max {max(rss):.0f}, last {rss[-1]:.0f} "
                f"(mean of the first third {sum(rss[:third]) / third:.0f}, of the last {sum(rss[-third:]) / third:.0f}); "
                f"{errors} errors")
    if any("soak" in runs[name] for name in names):
        row(f"soak: wrk on the list, one workout and its chart in turn, {SOAK_ROUND} s each, for {SOAK_SECONDS} s: "
            "server RSS after each round, MB", soak_cell, compare=False)
    notes = [f"Chart data: FitTrackee's `/api/workouts/<id>/chart_data`; for Pace — "
             + "; ".join(f"{n}: {runs[n]['chartLabel']}" for n in names if n != "FitTrackee 1.3.6") + "."]
    for name in names:
        for extra in runs[name].get("notes", []):
            notes.append(f"{name}: {extra}")
    table = "\n".join(lines) + "\n\n" + "\n\n".join(notes) + "\n"
    with open(out_md) as handle:
        text = handle.read()
    begin, end = "<!-- bench-server results begin -->", "<!-- bench-server results end -->"
    header = os.environ.get("BENCH_HEADER", "")
    block = f"{begin}\n{header}\n{table}{end}"
    if begin in text:
        text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n## Server (issue 17)\n\n" + block + "\n"
    with open(out_md, "w") as handle:
        handle.write(text)
    print(table)


def tiles(port):
    """Serves one plain 256×256 PNG for every path on 127.0.0.1:port until killed: the map tiles
    FitTrackee draws its workout map image from, without the network."""
    import http.server
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\xe8\xe8\xe0" * 256 for _ in range(256))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

    class Tile(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(png)))
            self.end_headers()
            self.wfile.write(png)

        def log_message(self, *args):
            pass

    http.server.ThreadingHTTPServer(("127.0.0.1", port), Tile).serve_forever()


def main(argv):
    command = argv[1]
    if command == "tiles":
        tiles(int(argv[2]))
    elif command == "pace-token":
        url, user, password_file = argv[2:5]
        with open(password_file) as handle:
            password = handle.readline().strip()
        body = json.dumps({"name": "bench", "read": SCOPES, "share": SCOPES}).encode()
        status, answer = request("POST", url + "/api/v1/tokens", body=body, basic=f"{user}:{password}",
                                 headers={"Content-Type": "application/json"})
        if status != 201:
            sys.exit(f"POST /api/v1/tokens: {status} {answer[:300]!r}")
        print(json.loads(answer)["token"])
    elif command == "fittrackee-token":
        url, email, password = argv[2:5]
        # FitTrackee 1.3 answers a sign-in with cookies (flask-jwt-extended): the JWT and its CSRF token.
        req = urllib.request.Request(url + "/api/auth/login", method="POST",
                                     data=json.dumps({"email": email, "password": password}).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as response:
                status, answer = response.status, response.read()
                cookies = dict(header.split(";")[0].split("=", 1) for header in response.headers.get_all("Set-Cookie") or [])
        except urllib.error.HTTPError as error:
            status, answer, cookies = error.code, error.read(), {}
        if status != 200:
            sys.exit(f"POST /api/auth/login: {status} {answer[:300]!r}")
        print(f"{cookies['access_token_cookie']} {cookies['csrf_access_token']}")
    elif command == "upload-probe":
        kind, url, token, path = argv[2:6]
        server = Pace(url, token) if kind == "pace" else FitTrackee(url, token)
        start = time.monotonic()
        try:
            status, seconds, result = server.upload(path)
            print(f"HTTP {status} after {seconds:.2f} s ({str(result)[:160]})")
        except urllib.error.URLError as error:  # a server may close the connection before reading a refused body
            print(f"a closed connection after {time.monotonic() - start:.2f} s, before the body was sent ({error.reason})")
    elif command == "measure":
        kind, url, token, pid, small, large, out = argv[2:9]
        measure(kind, url, token, int(pid), small, large, out)
    elif command == "report":
        report(argv[2], argv[3:])
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
