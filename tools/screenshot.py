"""Take the README's screenshot of the built book with headless Debian Chromium.

Usage: ``python tools/screenshot.py SITE_DIR OUT.png`` (``make screenshot``).  The page is opened
from ``file://`` with every request to another host refused, as the browser tests do.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--disable-background-networking", "--disable-component-update", "--no-first-run",
                  "--disable-sync"]


def screenshot(site: Path, out: Path, page_path: str = "book/intro.html") -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1350})
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
            ("file:", "data:", "blob:")) else route.abort())
        page.goto((site / page_path).resolve().as_uri(), wait_until="load")
        page.locator(".cardbook-hand button.cardbook-card").first.wait_for(timeout=20_000)
        page.locator(".cardbook-hand button.cardbook-card").nth(0).click()
        page.locator(".cardbook-hand button.cardbook-card").nth(1).click()
        page.evaluate("document.getElementById('intro-cards').scrollIntoView()")
        page.wait_for_timeout(500)  # the picked cards' lift is a short transition
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
        browser.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    screenshot(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"wrote {sys.argv[2]}")
