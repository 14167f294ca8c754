"""What the browser scripts share: headless Chromium (Playwright over Debian's chromium, or the one
PACE_CHROMIUM names) with a page that records every console error and uncaught exception, and the
sign-in through Pace's sign-in page."""
import os


def open_page(playwright, problems):
    """Launches Chromium and opens a 1200×1000 page; console errors and uncaught exceptions go to
    `problems`, each with the page's address. Returns (browser, page)."""
    browser = playwright.chromium.launch(
        executable_path=os.environ.get("PACE_CHROMIUM", "/usr/bin/chromium"),
        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    page.on("console", lambda message: message.type == "error" and problems.append(page.url + " console: " + message.text))
    page.on("pageerror", lambda error: problems.append(page.url + " exception: " + str(error)))
    return browser, page


def sign_in(page, base, path, name, password):
    """Opens `path` signed out, signs in on the page it is sent to, waits for the workout list;
    returns the address the signed-out reader was sent to."""
    page.goto(base + path)
    sent_to = page.url
    page.fill("#name", name)
    page.fill("#password", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/workouts", timeout=30_000)
    return sent_to
