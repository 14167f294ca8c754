"""The web pages' benchmark (issue 18), used by bench-server-client.py when BENCH_WEB=1.

In headless Chromium (Playwright over Debian's chromium, as the browser tests), for one server:
- the workout page of the large workout (106,400 points): the server's time for the page's HTML (the
  navigation's responseStart − requestStart, on loopback), the bytes the browser received for the
  page and everything it loaded (transfer sizes of the navigation and every resource, cache empty),
  and when the page was ready — its map and chart drawn — in milliseconds from the navigation's start;
  one cold visit (new browser context), then BENCH_WEB_VISITS warm ones (the browser's cache kept);
- Pace only: the dashboard of an account with BENCH_DASHBOARD_WORKOUTS workouts (5,000), pushed through
  the sync API as copies of the 1-hour workout's pulled objects with new identifiers, a day apart, each
  route thinned to every 30th point: the server's time for the dashboard's HTML, the first visit after
  the push (every workout digested), warm visits after it, and the visit after one more workout is
  pushed (the digests caught up from the store's changes).

Pace marks `pace-map-drawn` and `pace-chart-drawn` with performance.mark when its map and chart are
drawn; FitTrackee has no such marks, so its page counts as ready when its route's path and its chart's
canvas are in the page, polled every 25 ms from the page's own clock (performance.now)."""
import json
import os
import statistics
import sys
import time
import urllib.request
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "PaceCLITests", "Browser"))

VISITS = int(os.environ.get("BENCH_WEB_VISITS", "5"))
DASHBOARD_WORKOUTS = int(os.environ.get("BENCH_DASHBOARD_WORKOUTS", "5000"))
ROUTE_STRIDE = 30
PUSH_BATCH = 100
PASSWORD = "bench-password-123"

NAVIGATION = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const library = (entry) => /^\/assets\/(leaflet|chart\.js)\//.test(new URL(entry.name).pathname);
  const sum = (entries) => entries.reduce((total, entry) => total + entry.transferSize, 0);
  return {server: nav.responseStart - nav.requestStart, html: nav.transferSize,
          bytes: nav.transferSize + sum(resources),
          libraryBytes: sum(resources.filter(library)),
          resources: resources.length};
}"""

PACE_READY = """() => {
  const marks = ['pace-map-drawn', 'pace-chart-drawn'].map((name) => performance.getEntriesByName(name)[0]);
  return marks.every((mark) => mark) ? Math.max(...marks.map((mark) => mark.startTime)) : null;
}"""

FITTRACKEE_READY = """() => {
  const path = document.querySelector('.leaflet-overlay-pane path');
  const chart = document.querySelector('canvas');
  return path && chart ? performance.now() : null;
}"""


def wait_ready(page, script, seconds=60):
    """Polls the page until `script` answers a time (ms from the navigation's start), or gives up (None)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready = page.evaluate(script)
        if ready is not None:
            return ready
        page.wait_for_timeout(25)
    return None


def visit(page, address, ready_script):
    page.goto(address, wait_until="load", timeout=120_000)
    ready = wait_ready(page, ready_script)
    figures = page.evaluate(NAVIGATION)
    figures["readyMs"] = ready
    return figures


def summary(cold, warm):
    def median(key):
        values = [v[key] for v in warm if v.get(key) is not None]
        return statistics.median(values) if values else None
    return {"cold": cold, "warmServerMs": median("server"), "warmReadyMs": median("readyMs"), "visits": len(warm)}


def pace_sign_in(context, base):
    import pace_browser
    page = context.new_page()
    pace_browser.sign_in(page, base, "/workouts", "bench", PASSWORD)
    return page


def fittrackee_sign_in(context, base):
    page = context.new_page()
    page.goto(base + "/login", wait_until="load", timeout=60_000)
    page.fill("input[type=email]", "bench@example.com")
    page.fill("input[type=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda address: "/login" not in address, timeout=60_000)
    return page


def workout_page(kind, base, workout):
    """The workout page of `workout`: a cold visit in a fresh context, then warm visits."""
    from playwright.sync_api import sync_playwright
    import pace_browser
    with sync_playwright() as playwright:
        problems = []
        browser, _ = pace_browser.open_page(playwright, problems)
        try:
            sign_in = pace_sign_in if kind == "pace" else fittrackee_sign_in
            address = base + f"/workouts/{workout}"
            ready = PACE_READY if kind == "pace" else FITTRACKEE_READY
            # A fresh context per cold visit: signed in, but nothing of the page cached.
            context = browser.new_context(viewport={"width": 1200, "height": 1000})
            page = sign_in(context, base)
            cold = visit(page, address, ready)
            warm = [visit(page, address, ready) for _ in range(VISITS)]
            context.close()
            result = summary(cold, warm)
            result["problems"] = problems[:5]
            return result
        finally:
            browser.close()


# --- Pace's dashboard of many workouts ----------------------------------------------------------------

def shifted(value, seconds):
    return value + seconds if isinstance(value, (int, float)) else value


def without_sync_keys(obj):
    """Drops the sync identifier and version from an object's metadata: a copy is a new object, not a new version."""
    metadata = obj.get("metadata")
    if isinstance(metadata, dict):
        for key in [k for k in metadata if "SyncIdentifier" in k or "SyncVersion" in k]:
            del metadata[key]


def copies(workout, route, count):
    """`count` copies of a pulled workout and its route: new identifiers, a day apart going back, the
    route thinned to every ROUTE_STRIDE-th point."""
    route = json.loads(json.dumps(route))
    route["object"]["locations"] = route["object"]["locations"][::ROUTE_STRIDE]
    for index in range(count):
        offset = -86_400.0 * (index + 1)
        new_workout = json.loads(json.dumps(workout))
        new_workout["object"]["id"] = str(uuid.uuid4()).upper()
        without_sync_keys(new_workout["object"])
        for key in ("startDate", "endDate"):
            new_workout["object"][key] = shifted(new_workout["object"][key], offset)
        for event in new_workout["object"].get("events", []):
            for key in ("startDate", "endDate", "date"):
                if key in event:
                    event[key] = shifted(event[key], offset)
        new_route = json.loads(json.dumps(route))
        new_route["object"]["id"] = str(uuid.uuid4()).upper()
        without_sync_keys(new_route["object"])
        new_route["object"]["workoutID"] = new_workout["object"]["id"]
        for key in ("startDate", "endDate"):
            if key in new_route["object"]:
                new_route["object"][key] = shifted(new_route["object"][key], offset)
        for location in new_route["object"]["locations"]:
            location["timestamp"] = shifted(location["timestamp"], offset)
        yield new_workout
        yield new_route


def pulled_workout(server, workout_id):
    """The workout `workout_id` and its route as the sync pull encodes them."""
    anchor, found = None, {}
    while True:
        query = "limit=10000" + (f"&anchor={urllib.request.quote(anchor)}" if anchor else "")
        page = server.get(f"/api/v1/sync/changes?{query}")
        for entry in page["objects"]:
            obj = entry["object"]
            if entry["kind"] == "workout" and obj["id"] == workout_id:
                found["workout"] = entry
            elif entry["kind"] in ("workoutRoute", "route") and obj.get("workoutID") == workout_id:
                found["route"] = entry
        anchor = page.get("anchor")
        if not page.get("hasMore"):
            break
    if "workout" not in found or "route" not in found:
        raise RuntimeError(f"the pull did not carry workout {workout_id} and its route: {sorted(found)}")
    return found["workout"], found["route"]


def push_history(server, request, workout, route):
    """Pushes DASHBOARD_WORKOUTS copies of the workout; returns seconds."""
    start = time.monotonic()
    batch = []
    for entry in copies(workout, route, DASHBOARD_WORKOUTS):
        batch.append(entry)
        if len(batch) == 2 * PUSH_BATCH:
            send(server, request, batch)
            batch = []
    if batch:
        send(server, request, batch)
    return time.monotonic() - start


def send(server, request, objects):
    status, body = request("POST", server.url + "/api/v1/sync/objects", token=server.token,
                           body=json.dumps({"objects": objects}).encode(), headers={"Content-Type": "application/json"})
    if status != 200:
        raise RuntimeError(f"push of {len(objects)} objects: {status} {body[:300]!r}")


def dashboard(server, request, base, small_id):
    from playwright.sync_api import sync_playwright
    import pace_browser
    workout, route = pulled_workout(server, small_id)
    pushed = push_history(server, request, workout, route)
    with sync_playwright() as playwright:
        problems = []
        browser, _ = pace_browser.open_page(playwright, problems)
        try:
            context = browser.new_context(viewport={"width": 1200, "height": 1000})
            page = pace_sign_in(context, base)
            first = visit(page, base + "/dashboard", "() => performance.now()")
            warm = [visit(page, base + "/dashboard", "() => performance.now()") for _ in range(VISITS)]
            # One more workout arrives (a day before the others): the page after it.
            send(server, request, list(copies(workout, route, DASHBOARD_WORKOUTS + 1))[-2:])
            after_one = visit(page, base + "/dashboard", "() => performance.now()")
            context.close()
            result = summary(first, warm)
            result["afterOneMore"] = after_one
            result.update({"workouts": DASHBOARD_WORKOUTS, "pushSeconds": pushed, "problems": problems[:5]})
            return result
        finally:
            browser.close()
