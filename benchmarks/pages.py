"""Weight and speed of every page of the built book, side by side with the plain glossary page.

For each page, in a fresh browser context (empty cache) of Debian's headless Chromium, with every
request off this machine refused: the bytes transferred until the network is idle (bodies and
headers of every response) and two times from the start of navigation: the ``load`` event, and
the moment the page's first puzzle can be answered (its root ``[data-puzzle-kind]`` holds an
enabled answer control), noted in the page itself as the DOM changes, so that the moment is not
held back by the test driver's round trips.  The browser engine's files (Pyodide and the book's
Python, which only a widget that runs Python loads: the tutor) are counted apart and left out of the
bytes ratio; benchmarks/tutor.py measures them.  The plain page is measured in the same run, alternating with the others,
and each figure is the median of ``--repeat`` visits.  Printed: one row per page with its ratios
to the plain page (targets: bytes ≤ 1.65×, first puzzle answerable ≤ 1.5× the plain page's load; the bytes
target was 1.5× until the plain page lost the theme's 1.5 MB fontawesome.js, tools/lean_theme.py).

Usage: ``python benchmarks/pages.py [SITE] [--repeat 3] [--plain book/glossary.html] [--pages PAGE ...]``
where SITE is a built book (default ``_build/html``; ``make site`` builds it) and ``--pages`` measures only
those pages (default: every page under ``book/``).  No timing is asserted.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import statistics
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Request, Route

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]
#: An answer control of a puzzle: the first puzzle is answerable once one is in the page.
ANSWERABLE = "[data-puzzle-kind] :is(button, input, select):not([disabled])"
#: Run in each page before its own scripts: notes when an answer control first exists.
ANSWERABLE_PROBE = f"""
new MutationObserver((changes, observer) => {{
  if (document.querySelector({ANSWERABLE!r})) {{
    window.__answerableMs = performance.now();
    observer.disconnect();
  }}
}}).observe(document, {{ childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] }});
"""
#: The targets against the plain page: its bytes (see the docstring), the first puzzle's answerable time.
BYTES_TARGET, TIME_TARGET = 1.65, 1.5
#: The browser engine's files in the site (tools/stage_engine.py), by URL path.
ENGINE_FILES = re.compile(r"/widget-runtime/(pyodide/|cardbook-engine\.zip(\.gz)?$|engine-worker\.js$)")


@dataclass
class Visit:
    """One visit of one page."""

    bytes: int
    engine_bytes: int  #: of ``bytes``, the browser engine's files
    load_ms: float
    answerable_ms: float | None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def visit(browser: Browser, url: str) -> Visit:
    """Open ``url`` in a fresh context and measure it."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    sizes: list[int] = []
    engine: list[int] = []

    def route(route: Route) -> None:
        host = urlsplit(route.request.url).hostname
        if urlsplit(route.request.url).scheme in ("data", "blob") or host == "127.0.0.1":
            route.continue_()
        else:
            route.abort()

    context.route("**/*", route)
    context.add_init_script(ANSWERABLE_PROBE)
    page = context.new_page()

    def finished(request: Request) -> None:
        try:
            measured = request.sizes()
        except Exception:  # a request torn down with its page
            return
        size = measured["responseBodySize"] + measured["responseHeadersSize"]
        sizes.append(size)
        if ENGINE_FILES.search(urlsplit(request.url).path):
            engine.append(size)

    page.on("requestfinished", finished)
    page.goto(url, wait_until="load", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)  # and where the page redirects
    load_ms = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")
    answerable_ms = None
    if page.evaluate("document.querySelector('script[type*=\"widget-view\"], [data-puzzle-kind]') !== null"):
        # A page whose widgets are all drawn (the book's loader says so) may have no puzzle at all.
        found = page.wait_for_function(
            "window.__answerableMs || (document.documentElement.dataset.cardbookWidgets === 'ready' && -1)",
            timeout=120_000).json_value()
        answerable_ms = found if found > 0 else None
    context.close()
    return Visit(sum(sizes), sum(engine), load_ms, answerable_ms)


def measure(site: Path, plain: str, repeat: int, only: list[str] | None = None) -> dict[str, list[Visit]]:
    """Every visit of each page (``only``, else every page under ``book/``) and of the plain page."""
    from playwright.sync_api import sync_playwright

    pages = sorted({plain, *only} if only else (str(p.relative_to(site)) for p in (site / "book").glob("*.html")))
    missing = [page for page in pages if not (site / page).is_file()]
    if missing:
        raise SystemExit(f"pages.py: {', '.join(missing)} not in {site}")
    server, base = serve(site)
    visits: dict[str, list[Visit]] = {page: [] for page in pages}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(repeat):
                for page in pages:  # the plain page again before each page: same machine state
                    if page != plain:
                        visits[plain].append(visit(browser, base + plain))
                        visits[page].append(visit(browser, base + page))
            browser.close()
    finally:
        server.shutdown()
    return visits


def report(visits: dict[str, list[Visit]], plain: str) -> list[str]:
    def median(values: list[float]) -> float:
        return statistics.median(values)

    plain_bytes = median([v.bytes for v in visits[plain]])
    plain_load = median([v.load_ms for v in visits[plain]])
    lines = [f"plain page {plain}: {plain_bytes / 1e6:.2f} MB, load {plain_load:.0f} ms "
             f"(median of {len(visits[plain])})",
             f"{'page':34} {'MB':>6} {'engine MB':>9} {'× bytes':>8} {'load ms':>8} {'answerable ms':>14} "
             f"{'× time':>7}  verdict"]
    for page, runs in visits.items():
        if page == plain:
            continue
        size = median([v.bytes for v in runs])
        engine = median([v.engine_bytes for v in runs])
        load = median([v.load_ms for v in runs])
        ready = [v.answerable_ms for v in runs if v.answerable_ms is not None]
        ratio_bytes = median([v.bytes - v.engine_bytes for v in runs]) / plain_bytes
        answerable = median(ready) if ready else None
        ratio_time = (answerable if answerable is not None else load) / plain_load
        ok = ratio_bytes <= BYTES_TARGET and ratio_time <= TIME_TARGET
        lines.append(f"{page:34} {size / 1e6:6.2f} {engine / 1e6:9.2f} {ratio_bytes:8.2f} {load:8.0f} "
                     f"{answerable if answerable is not None else float('nan'):14.0f} {ratio_time:7.2f}  "
                     f"{'ok' if ok else 'OVER'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain", default="book/glossary.html")
    parser.add_argument("--pages", nargs="+", metavar="PAGE", help="only these pages (book/intro.html ...)")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "book").is_dir():
        raise SystemExit(f"pages.py: {site} is not a built book (run make site)")
    if args.repeat < 1:
        raise SystemExit("pages.py: --repeat must be at least 1")
    print("\n".join(report(measure(site, args.plain, args.repeat, args.pages), args.plain)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
