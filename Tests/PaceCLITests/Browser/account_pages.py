"""Drives Pace's account pages in headless Chromium (Playwright over Debian's chromium), for WebAccountBrowserTests.

Usage: account_pages.py BASE NAME PASSWORD GPX_FILE PUBLISH_TOKEN SCREENSHOT_DIR
Signs in; imports GPX_FILE through the upload page and follows the link to the imported workout;
makes a token on the tokens page (its secret shown once) and revokes it; switches the settings to
imperial units and finds miles in the workout list; opens the live list and a live recording while
publishing its batches through the live API with PUBLISH_TOKEN, waits for the points to arrive and
the end to show, and saves live.png. Fails on any console error or uncaught exception. Prints one
JSON object of what it saw; exits 1 on a failure.
"""
import datetime
import json
import os
import sys
import time
import urllib.request
import uuid

from playwright.sync_api import sync_playwright

from pace_browser import open_page, sign_in


def wait_until(condition, seconds=30):
    """Polls `condition` from Python until it holds (at most `seconds`). Playwright's
    wait_for_function evaluates its predicate from a string, which the pages' content security
    policy (no 'unsafe-eval') refuses whenever its first check does not already pass."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"still not true after {seconds} s")
        time.sleep(0.1)


def publish(base, token, session, sequence, first, count, end=False):
    """Sends batch `sequence` of `session`: `count` points a second apart from point `first`."""
    start = datetime.datetime(2026, 11, 26, 8, 0, 0, tzinfo=datetime.timezone.utc)
    stamp = lambda seconds: (start + datetime.timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")
    points = [{"time": stamp(index), "latitude": 47.37 + index * 0.0002, "longitude": 8.54 + index * 0.0001,
               "heartRate": 140 + index % 10, "speed": 3.2, "distance": index * 3.2}
              for index in range(first, first + count)]
    last = first + count
    body = {"sequence": sequence, "points": points,
            "snapshot": {"state": "active", "time": stamp(last), "activityType": "running", "elapsedTime": float(last),
                         "distance": last * 3.2, "currentSpeed": 3.2, "heartRate": 150.0}}
    if end:
        body["end"] = {"outcome": "saved"}
    request = urllib.request.Request(base + f"/api/v1/live/{session}/batches", data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status in (200, 201), response.status


def main():
    base, name, password, gpx, publish_token, screenshots = sys.argv[1:7]
    problems, seen = [], {}
    with sync_playwright() as playwright:
        browser, page = open_page(playwright, problems)

        seen["anonymous"] = sign_in(page, base, "/upload", name, password)

        # Upload: the file goes through the page, the job is followed, the workout linked.
        page.goto(base + "/upload")
        page.set_input_files("#upload-file", gpx)
        page.wait_for_selector("a.imported, #upload-error:not([hidden])", timeout=60_000)
        seen["uploadError"] = page.inner_text("#upload-error") if page.is_visible("#upload-error") else None
        seen["progress"] = page.get_attribute("#upload-progress", "value")
        seen["imported"] = page.get_attribute("a.imported", "href") if page.query_selector("a.imported") else None
        page.screenshot(path=os.path.join(screenshots, "upload.png"), full_page=True)
        if seen["imported"]:
            page.click("a.imported")
            page.wait_for_selector("#figure-distance", timeout=30_000)
            seen["workoutURL"] = page.url

        # Tokens: one made (its secret shown once), then revoked.
        page.goto(base + "/tokens")
        page.fill("#token-name", "watch")
        page.check("input[name=read][value=HKWorkoutTypeIdentifier]")
        page.check("input[name=share][value=HKWorkoutTypeIdentifier]")
        page.click("#new-token button[type=submit]")
        page.wait_for_selector("#new-secret:not([hidden])", timeout=30_000)
        seen["secret"] = page.inner_text("#secret-value")
        page.goto(base + "/tokens")
        row = page.locator("tr[data-token]", has_text="watch")
        seen["tokenRows"] = row.count()
        row.locator("button.revoke").click()
        wait_until(lambda: row.locator(".state").inner_text().strip() == "Revoked")
        page.goto(base + "/tokens")
        seen["revokedAfterReload"] = page.locator("tr[data-token]", has_text="watch").locator(".state").inner_text().strip()
        page.screenshot(path=os.path.join(screenshots, "tokens.png"), full_page=True)

        # Settings: imperial, and the list writes miles.
        page.goto(base + "/settings")
        page.check("input[name=units][value=imperial]")
        page.fill("#time-zone", "America/New_York")
        page.click("#settings button[type=submit]")
        page.wait_for_url("**/settings?saved=1", timeout=30_000)
        page.screenshot(path=os.path.join(screenshots, "settings.png"), full_page=True)
        page.goto(base + "/workouts")
        seen["listDistances"] = page.eval_on_selector_all("table.list tbody tr td:nth-child(3)", "cells => cells.map(cell => cell.textContent)")

        # Live: the list shows the recording; its page shows points as they are published.
        session = str(uuid.uuid4()).upper()
        publish(base, publish_token, session, 1, 0, 5)
        page.goto(base + "/live")
        seen["liveListed"] = page.query_selector(f"a[href='/live/{session}']") is not None
        page.goto(base + f"/live/{session}")
        wait_until(lambda: int(page.get_attribute("#live-map", "data-points") or 0) >= 5)
        for sequence in range(2, 6):
            publish(base, publish_token, session, sequence, (sequence - 1) * 5, 5)
            time.sleep(0.3)
        wait_until(lambda: int(page.get_attribute("#live-map", "data-points") or 0) >= 25)
        seen["livePoints"] = int(page.get_attribute("#live-map", "data-points"))
        seen["liveMarkers"] = page.eval_on_selector_all(".leaflet-overlay-pane path", "paths => paths.length")
        seen["liveElapsed"] = page.inner_text("#live-elapsed")
        seen["livePace"] = page.inner_text("#live-pace")
        seen["liveHeartRate"] = page.inner_text("#live-heart-rate")
        page.screenshot(path=os.path.join(screenshots, "live.png"), full_page=True)
        publish(base, publish_token, session, 6, 25, 2, end=True)
        page.wait_for_selector("#live-state[data-ended=true]", timeout=30_000)
        seen["liveState"] = page.inner_text("#live-state")
        browser.close()

    if seen["anonymous"] != base + "/sign-in":
        problems.append("an anonymous reader was not sent to the sign-in page: " + seen["anonymous"])
    if not seen["imported"] or "/workouts/" not in seen.get("workoutURL", ""):
        problems.append(f"the upload did not link the imported workout: {seen['uploadError']!r}")
    if seen["progress"] != "100":
        problems.append(f"the progress bar ended at {seen['progress']}")
    if not seen["secret"].startswith("pace_"):
        problems.append("the new token's secret was not shown")
    if seen["tokenRows"] != 1 or seen["revokedAfterReload"] != "Revoked":
        problems.append("the token was not listed once and revoked")
    if not seen["listDistances"] or not all(text.endswith(" mi") for text in seen["listDistances"]):
        problems.append(f"the list is not in miles: {seen['listDistances']}")
    if not seen["liveListed"]:
        problems.append("the live list does not show the recording")
    if seen["livePoints"] < 25 or seen["liveMarkers"] < 2:
        problems.append("the live map did not draw the points")
    if seen["liveElapsed"] != "0:25" or not seen["livePace"].endswith("/mi") or seen["liveHeartRate"] != "150 bpm":
        problems.append("the live figures are not the last snapshot's")
    if "Ended" not in seen["liveState"]:
        problems.append("the end of the recording is not shown")
    print(json.dumps({"seen": seen, "problems": problems}))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
