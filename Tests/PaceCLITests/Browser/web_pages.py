"""Drives Pace's web pages in headless Chromium (Playwright over Debian's chromium), for WebBrowserTests.

Usage: web_pages.py BASE NAME PASSWORD WORKOUT_ID EXPECTED_DISTANCE SCREENSHOT_DIR
Signs in through the sign-in page, opens the workout list and the workout's page, waits for the
map and the chart to draw, compares the distance figure, saves screenshots, and fails on any
console error or uncaught exception. Prints one JSON object of what it saw; exits 1 on a failure.
"""
import json
import os
import sys

from playwright.sync_api import sync_playwright

from pace_browser import open_page, sign_in


def main():
    base, name, password, workout, expected_distance, screenshots = sys.argv[1:7]
    problems, seen = [], {}
    with sync_playwright() as playwright:
        browser, page = open_page(playwright, problems)

        seen["anonymous"] = sign_in(page, base, "/workouts", name, password)
        seen["links"] = page.eval_on_selector_all("a[href^='/workouts/']", "links => links.map(link => link.getAttribute('href'))")
        page.screenshot(path=os.path.join(screenshots, "workouts.png"), full_page=True)

        page.click(f"a[href='/workouts/{workout}']")
        page.wait_for_selector("#map[data-drawn], #map[data-failed]", timeout=30_000)
        page.wait_for_selector("#chart[data-drawn], #chart[data-failed]", timeout=30_000)
        seen["mapFailed"] = page.get_attribute("#map", "data-failed")
        seen["chartFailed"] = page.get_attribute("#chart", "data-failed")
        seen["mapPoints"] = int(page.get_attribute("#map", "data-drawn") or 0)
        seen["chartPoints"] = int(page.get_attribute("#chart", "data-drawn") or 0)
        seen["routePaths"] = page.eval_on_selector_all(".leaflet-overlay-pane path", "paths => paths.length")
        seen["distance"] = page.inner_text("#figure-distance")
        seen["splits"] = page.eval_on_selector_all("#splits tbody tr", "rows => rows.length")
        page.screenshot(path=os.path.join(screenshots, "workout.png"), full_page=True)
        browser.close()

    if seen["anonymous"] != base + "/sign-in":
        problems.append("an anonymous reader was not sent to the sign-in page: " + seen["anonymous"])
    if f"/workouts/{workout}" not in seen["links"]:
        problems.append("the list does not link the workout")
    if seen["mapFailed"] or seen["mapPoints"] < 2 or seen["routePaths"] < 1:
        problems.append("the map did not draw the route")
    if seen["chartFailed"] or seen["chartPoints"] < 2:
        problems.append("the chart did not draw its series")
    if seen["distance"] != expected_distance:
        problems.append(f"the distance shown is {seen['distance']!r}, the analysis says {expected_distance!r}")
    print(json.dumps({"seen": seen, "problems": problems}))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
