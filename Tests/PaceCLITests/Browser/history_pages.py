"""Drives Pace's history pages in headless Chromium (Playwright over Debian's chromium), for WebHistoryBrowserTests.

Usage: history_pages.py BASE NAME PASSWORD WORKOUT_ID EXPECTED_WEEK_DISTANCE SCREENSHOT_DIR
Signs in, opens the dashboard (this week's distance, a record linking the workout, a screenshot),
the filtered workout list, the calendar, statistics (the bar chart drawn), records, trends and the
heatmap (at least one route drawn), following links with the keyboard where it matters. Fails on
any console error or uncaught exception. Prints one JSON object of what it saw; exits 1 on a failure.
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

        seen["anonymous"] = sign_in(page, base, "/dashboard", name, password)

        # The home page is the dashboard once signed in.
        page.goto(base + "/")
        seen["home"] = page.url
        seen["weekDistance"] = page.inner_text("#week-distance") if page.query_selector("#week-distance") else None
        seen["records"] = page.eval_on_selector_all("#dashboard-records tbody tr", "rows => rows.map(row => row.innerText)")
        seen["recordLinks"] = page.eval_on_selector_all("#dashboard-records a", "links => links.map(link => link.getAttribute('href'))")
        seen["recent"] = page.eval_on_selector_all("#recent a", "links => links.map(link => link.getAttribute('href'))")
        seen["rings"] = page.inner_text("#rings-title")
        page.screenshot(path=os.path.join(screenshots, "dashboard.png"), full_page=True)

        # The list's filter form, submitted from the keyboard.
        page.goto(base + "/workouts")
        page.select_option("#filter-activity", "running")
        page.focus(".filters button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: "activity=running" in url, timeout=30_000)
        seen["filtered"] = page.eval_on_selector_all("#workouts a", "links => links.map(link => link.getAttribute('href'))")
        page.goto(base + "/workouts?activity=cycling")
        seen["filteredOut"] = page.query_selector("#no-match") is not None

        page.goto(base + "/workouts/calendar")
        seen["calendarHeading"] = page.inner_text("h1")
        page.focus("#previous-month")
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: "month=" in url, timeout=30_000)
        seen["previousMonth"] = page.inner_text("h1")
        page.goto(base + "/workouts/calendar")
        page.screenshot(path=os.path.join(screenshots, "calendar.png"), full_page=True)

        page.goto(base + "/statistics?period=month")
        page.wait_for_selector("#bar-chart[data-drawn], #bar-chart[data-failed]", timeout=30_000)
        seen["chartFailed"] = page.get_attribute("#bar-chart", "data-failed")
        seen["chartValues"] = int(page.get_attribute("#bar-chart", "data-drawn") or 0)
        seen["statisticsRows"] = page.eval_on_selector_all("#statistics tbody tr", "rows => rows.length")
        page.screenshot(path=os.path.join(screenshots, "statistics.png"), full_page=True)

        page.goto(base + "/records")
        seen["recordsPage"] = page.eval_on_selector_all("table.records tbody tr", "rows => rows.map(row => row.innerText)")

        page.goto(base + "/trends")
        page.wait_for_selector("#load-chart[data-drawn], #load-chart[data-failed]", timeout=30_000)
        seen["loadFailed"] = page.get_attribute("#load-chart", "data-failed")
        seen["healthEmpty"] = page.eval_on_selector_all("p.empty", "items => items.length")
        page.screenshot(path=os.path.join(screenshots, "trends.png"), full_page=True)

        page.goto(base + "/heatmap")
        page.wait_for_selector("#heatmap[data-drawn], #heatmap[data-failed]", timeout=30_000)
        seen["heatmapFailed"] = page.get_attribute("#heatmap", "data-failed")
        seen["heatmapLines"] = int(page.get_attribute("#heatmap", "data-drawn") or 0)
        seen["heatmapPaths"] = page.eval_on_selector_all(".leaflet-overlay-pane path", "paths => paths.length")
        page.screenshot(path=os.path.join(screenshots, "heatmap.png"), full_page=True)
        browser.close()

    link = f"/workouts/{workout}"
    if seen["anonymous"] != base + "/sign-in":
        problems.append("an anonymous reader was not sent to the sign-in page: " + seen["anonymous"])
    if seen["home"] != base + "/dashboard":
        problems.append("the home page is not the dashboard: " + seen["home"])
    if seen["weekDistance"] != expected_distance:
        problems.append(f"this week's distance is {seen['weekDistance']!r}, the library says {expected_distance!r}")
    if not any(row.startswith("Running\t400 m") for row in seen["records"]) or link not in seen["recordLinks"]:
        problems.append("the dashboard shows no 400 m record linking the workout")
    if link not in seen["recent"]:
        problems.append("the dashboard does not link the recent workout")
    if link not in seen["filtered"] or not seen["filteredOut"]:
        problems.append("the activity filter does not keep to its activity")
    if seen["calendarHeading"] == seen["previousMonth"]:
        problems.append("the calendar's previous-month link did not change the month")
    if seen["chartFailed"] or seen["chartValues"] < 1 or seen["statisticsRows"] < 1:
        problems.append("the statistics chart did not draw")
    if not any(row.startswith("400 m") for row in seen["recordsPage"]):
        problems.append("the records page shows no 400 m record")
    if seen["loadFailed"] or seen["healthEmpty"] != 5:
        problems.append("the trends page did not draw its load or lacks the health metrics' empty states")
    if seen["heatmapFailed"] or seen["heatmapLines"] < 1 or seen["heatmapPaths"] < 1:
        problems.append("the heatmap drew no route")
    print(json.dumps({"seen": seen, "problems": problems}))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
