"""The engine in the reader's browser: ``python benchmarks/tutor.py [SITE]`` (SITE: a built book,
``_build/html`` by default; from the repository, in .venv; headless Debian Chromium).

Prints
- the engine payload: the bytes of the staged Pyodide files, the project's zip and the worker;
- opening ``book/play.html`` over http to the first playable position of its 升级 tutor
  (``data-turn="you"``: the page stores it) and to its first hint answered by the engine (the worker
  booted), cold (a fresh browser context) and warm (the same context, a second visit), target ≤ 8 s cold;
- the browser's time per bot move, from the worker's timing of ``handle()`` (the performance marks
  "cardbook-engine:handle"): a hint is one bot decision (in the reader's seat); a play is the reader's
  move and every bot move up to the reader's next turn, also given per bot move (counted from the
  same game replayed in Python), target p95 ≤ 150 ms;
- "New puzzle" in the browser: a page of one engine widget per kind, the worker's ``handle()`` and the
  click-to-spec round trip, p95 over every kind (target ≤ 100 ms), with the slowest kinds; the reader
  pauses ``--pause`` ms between puzzles (the worker makes the next puzzle meanwhile: PuzzleService.idle);
  ``--pause 0`` measures making every puzzle while the reader waits;
- ``--throttled [--reference SITE]``: instead of the above, the first visit on a slow link, through
  Chromium's network emulation (CDP ``Network.emulateNetworkConditions``: 4 and 10 Mbit/s down, 150 ms
  latency): opening ``book/play.html`` in a fresh browser context and asking the 升级 tutor for a hint, the
  bytes the server sent (the engine's files, and all), the time to the engine's first answer (or when the
  page gave the engine up), then a warm revisit (same context) and an offline one (the context offline);
  side by side with the reference build (an older ``make site`` output), targets: engine ≤ 8 MB over the
  wire, first answer at 4 Mbit/s ≤ 20 s and never abandoned while bytes arrive, warm ≤ 2 s, offline works.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, free_port, start_server, stop_server  # noqa: E402
from tests.browser.engine_page import tutor_options, write_engine_page  # noqa: E402
from tests.widgets.test_tutor_drive import play_out  # noqa: E402
from widgets.puzzles import KINDS  # noqa: E402
from widgets.tutor.session import TutorSession  # noqa: E402

MARKS = "() => performance.getEntriesByName('cardbook-engine:handle').map(m => m.detail)"
PLAYABLE = "(game) => document.querySelector(`[data-tutor=${game}][data-turn=you]`) !== null"
OVER = "(game) => { const r = document.querySelector(`[data-tutor=${game}]`); return r.dataset.state === 'over' || r.dataset.turn === 'you'; }"
ANSWERED = "([root, before]) => root.dataset.serial !== undefined && root.dataset.serial !== before"
TIMEOUT_MS = 120_000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def row(name: str, values: list[float], target: float | None = None, unit: str = "ms") -> str:
    p95 = percentile(values, 0.95)
    verdict = "" if target is None else ("  ok" if p95 <= target else f"  OVER target {target:g}")
    return f"  {name:<44} median {statistics.median(values):8.1f}  p95 {p95:8.1f} {unit} (n={len(values)}){verdict}"


def payload(site: Path) -> None:
    runtime = site / "widget-runtime"
    files = [*sorted((runtime / "pyodide").iterdir()), *sorted(runtime.glob("cardbook-engine.zip*")),
             runtime / "engine-worker.js"]
    print("Engine payload (bytes, fetched once per browser cache):")
    for path in files:
        print(f"  {path.relative_to(runtime).as_posix():<44} {path.stat().st_size:>12,}")
    print(f"  {'total':<44} {sum(p.stat().st_size for p in files):>12,}")


def first_playable(browser: Browser, url: str) -> None:
    print("Opening play.html (s): the 升级 tutor's first position drawn, playable (the page stores it);")
    print("then its first hint answered by the engine (the worker booted), target ≤ 8 s cold:")
    context = browser.new_context()
    try:
        for visit in ("cold (fresh context)", "warm (same context, second visit)"):
            page = context.new_page()
            began = time.perf_counter()
            page.goto(url + "book/play.html")
            page.wait_for_function(PLAYABLE, arg="shengji", timeout=TIMEOUT_MS, polling="raf")
            drawn = time.perf_counter() - began
            press(page, page.locator("[data-tutor=shengji]"), "hint")
            answered = time.perf_counter() - began
            verdict = ("  ok" if answered <= 8 else "  OVER target 8") if visit.startswith("cold") else ""
            print(f"  {visit:<36} drawn {drawn:6.2f}  first hint answered {answered:6.2f}{verdict}")
            page.close()
    finally:
        context.close()


def press(page: Page, root: Locator, action: str) -> None:
    before = root.get_attribute("data-serial")
    root.locator(f"[data-action={action}]").first.click()
    page.wait_for_function(ANSWERED, arg=[root.element_handle(), before], timeout=TIMEOUT_MS)


def bots_per_move(options: dict[str, Any]) -> list[int]:
    """The bot moves after each of the reader's moves in the game ``options`` deals (hint and play)."""
    views = list(play_out(TutorSession.start(options)))
    return [sum(1 for event in (view["table"].get("recent") or []) if event.get("seat") != view["you"])
            for view in views[1:]]


def bot_moves(browser: Browser, url: str, site: Path) -> None:
    print("Bot moves in the browser (the worker's handle(), ms):")
    hints: list[float] = []
    plays: list[float] = []
    per_bot: list[float] = []
    for game in ("shengji", "yishang"):
        options = tutor_options(site, game)
        page = browser.new_page()
        page.goto(f"{url}book/play.html#deal={game}:{options['seed']}")
        root = page.locator(f"[data-tutor={game}]")
        while True:
            page.wait_for_function(OVER, arg=game, timeout=TIMEOUT_MS)
            if root.get_attribute("data-state") == "over":
                break
            press(page, root, "hint")
            press(page, root, "play")
        marks = page.evaluate(MARKS)
        page.close()
        game_plays = [m["ms"] for m in marks if m["type"] == "act"]
        hints += [m["ms"] for m in marks if m["type"] == "hint"]
        plays += game_plays
        counts = bots_per_move(options)
        if len(counts) == len(game_plays):
            per_bot += [ms / n for ms, n in zip(game_plays, counts, strict=True) if n]
        else:
            print(f"  ({game}: the browser made {len(game_plays)} moves, Python {len(counts)}: no per-bot figure)")
    print(row("a bot decision (a hint)", hints, target=150))
    print(row("a play, with the bots' replies", plays))
    if per_bot:
        print(row("a play's time per bot move", per_bot, target=150))


def new_puzzles(browser: Browser, rounds: int, pause_ms: int) -> None:
    print(f"New puzzle in the browser ({rounds} per kind after the first, the reader pausing {pause_ms} ms, ms):")
    with tempfile.TemporaryDirectory() as folder:
        write_engine_page(Path(folder), kinds=list(KINDS))
        port = free_port()
        server = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", folder], f"http://127.0.0.1:{port}/")
        try:
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/index.html")
            probes = page.locator(".cardbook-widget")
            page.wait_for_function("() => document.querySelectorAll('.cardbook-widget[data-engine]').length"
                                   f" === {len(KINDS)}")
            began = time.perf_counter()
            probes.first.locator("[data-action=new]").click()
            page.wait_for_selector(".cardbook-widget[data-spec]", timeout=TIMEOUT_MS)
            print(f"  the first (boots the engine){'':<20} {(time.perf_counter() - began) * 1000:8.0f}")
            by_kind: dict[str, list[float]] = {}
            trips_by_kind: dict[str, list[float]] = {}
            for index, kind in enumerate(KINDS):
                probe = probes.nth(index)
                for _ in range(rounds):
                    page.wait_for_timeout(pause_ms)
                    replies = int(probe.get_attribute("data-replies") or 0)
                    probe.locator("[data-action=new]").click()
                    page.wait_for_function(f"(p) => Number(p.dataset.replies || 0) > {replies}",
                                           arg=probe.element_handle(), timeout=TIMEOUT_MS)
                    trips_by_kind.setdefault(kind, []).append(float(probe.get_attribute("data-ms") or "nan"))
                marks = page.evaluate(MARKS)
                by_kind[kind] = [m["ms"] for m in marks[-rounds:]]
            page.close()
        finally:
            stop_server(server)
    print(row("handle(), every kind", [ms for values in by_kind.values() for ms in values], target=100))
    print(row("click to spec, every kind", [ms for values in trips_by_kind.values() for ms in values], target=100))
    slowest = sorted(trips_by_kind, key=lambda kind: percentile(trips_by_kind[kind], 0.95), reverse=True)[:5]
    print("  the slowest kinds, click to spec:")
    for slow in slowest:
        print(row(f"  {slow}", trips_by_kind[slow]))


# ---- a slow link ----

#: (label, download bits per second, latency ms): a phone's link.
LINKS = (("4 Mbit/s, 150 ms", 4_000_000, 150), ("10 Mbit/s, 150 ms", 10_000_000, 150))
#: The engine's files (either build's): what "engine bytes" counts.
ENGINE_PATHS = ("widget-runtime/engine-worker.js", "widget-runtime/pyodide/", "widget-runtime/cardbook-engine.zip")
GAVE_UP = ("could not start", "could not be downloaded")


class CountingServer:
    """A static server for a site on a free loopback port (a thread of this process), counting the body bytes it sends."""

    def __init__(self, site: Path) -> None:
        import functools
        import http.server
        import threading

        self.sent: list[tuple[str, int]] = []
        sent = self.sent

        class Handler(http.server.SimpleHTTPRequestHandler):
            def copyfile(self, source: Any, outputfile: Any) -> None:
                count = 0
                while chunk := source.read(64 * 1024):
                    outputfile.write(chunk)
                    count += len(chunk)
                sent.append((self.path, count))

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def bytes_since(self, mark: int) -> tuple[int, int]:
        """(engine bytes, all bytes) sent since ``mark`` (a length of ``sent``)."""
        sent = self.sent[mark:]
        return (sum(n for path, n in sent if any(part in path for part in ENGINE_PATHS)), sum(n for _, n in sent))

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def visit(context: Any, url: str, bits: int, latency: int, limit_s: float) -> dict[str, Any]:
    """Open the play page on an emulated link and ask the 升级 tutor for a hint: seconds to the engine's answer,
    or to the page giving the engine up (``gave_up``), or None for a page that did not load."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                  "downloadThroughput": bits / 8, "uploadThroughput": bits / 8})
    gave_up: list[float] = []
    began = time.perf_counter()
    def heard(message: Any) -> None:
        if message.type == "error" and any(words in message.text for words in GAVE_UP):
            gave_up.append(time.perf_counter() - began)

    page.on("console", heard)
    try:
        page.goto(url + "book/play.html", timeout=limit_s * 1000)
        page.wait_for_function(PLAYABLE, arg="shengji", timeout=limit_s * 1000, polling=100)
    except Exception as error:  # a page that cannot load offline is a result
        page.close()
        print(f"  ({url}: the page did not load: {str(error).splitlines()[0][:200]})")
        return {"answered": None, "gave_up": None, "note": "page did not load"}
    drawn = time.perf_counter() - began
    root = page.locator("[data-tutor=shengji]")
    before = root.get_attribute("data-serial")
    root.locator("[data-action=hint]").first.click()
    clicked = time.perf_counter() - began
    answered = None
    deadline = time.perf_counter() + limit_s
    while time.perf_counter() < deadline and not gave_up:
        if page.evaluate(ANSWERED, [root.element_handle(), before]):
            answered = time.perf_counter() - began
            break
        page.wait_for_timeout(100)
    page.close()
    return {"answered": answered, "gave_up": gave_up[0] if gave_up else None, "note": "", "drawn": drawn,
            "engine_s": None if answered is None else answered - clicked}


def throttled(browser: Browser, builds: list[tuple[str, Path]], limit_s: float) -> None:
    print("A phone's first visit (Chromium's network emulation, 150 ms latency): book/play.html, the 升级 tutor's")
    print("first hint; bytes the server sent (engine / all), seconds to the engine's answer; then a warm revisit")
    print("(same browser context) and an offline one (the context offline). Targets: engine <= 8 MB, first answer")
    print("at 4 Mbit/s <= 20 s and never abandoned, warm <= 2 s, offline works.")
    results: dict[tuple[str, str, str], dict[str, Any]] = {}
    for label, site in builds:
        server = CountingServer(site)
        try:
            for link, bits, latency in LINKS:
                context = browser.new_context()
                for kind in ("first", "warm", "offline"):
                    if kind == "offline":
                        context.set_offline(True)
                    mark = len(server.sent)
                    result = visit(context, server.url, bits, latency, limit_s)
                    result["engine"], result["all"] = server.bytes_since(mark)
                    results[(label, link, kind)] = result
                context.close()
        finally:
            server.close()

    def cell(result: dict[str, Any]) -> str:
        if result["answered"] is not None:
            said = f"{result['answered']:5.1f} s (click {result['engine_s']:4.1f})"
        elif result["gave_up"] is not None:
            said = f"gave up at {result['gave_up']:.1f} s"
        else:
            said = result["note"][:24] or f"no answer in {limit_s:.0f} s"
        return f"{said:<25} {result['engine'] / 1e6:5.1f} / {result['all'] / 1e6:5.1f} MB"

    labels = [label for label, _ in builds]
    print("  each cell: seconds from opening the page to the engine's first answer (from the click on Hint to it),")
    print("  then MB sent by the server: the engine's files / everything")
    print(f"  {'link':<18} {'visit':<8} " + "".join(f"{label:<44}" for label in labels))
    for link, _, _ in LINKS:
        for kind in ("first", "warm", "offline"):
            print(f"  {link:<18} {kind:<8} " + "".join(f"{cell(results[(label, link, kind)]):<44}" for label in labels))
    mine = labels[-1]
    first4 = results[(mine, LINKS[0][0], "first")]
    checks = [("engine bytes over the wire <= 8 MB", first4["engine"] <= 8e6),
              ("first answer at 4 Mbit/s <= 20 s", first4["answered"] is not None and first4["answered"] <= 20),
              ("never abandoned", all(results[(mine, link, "first")]["gave_up"] is None for link, _, _ in LINKS)),
              ("warm revisit: the engine answers <= 2 s after the click",
               all((results[(mine, link, "warm")]["engine_s"] or 99) <= 2 for link, _, _ in LINKS)),
              ("offline revisit answers", all(results[(mine, link, "offline")]["answered"] is not None for link, _, _ in LINKS))]
    for name, ok in checks:
        print(f"  {mine}: {name:<56} {'ok' if ok else 'MISSED'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--puzzles", type=int, default=12, help="new puzzles per kind (default 12)")
    parser.add_argument("--pause", type=int, default=1000, help="ms the reader takes between new puzzles (default 1000)")
    parser.add_argument("--skip-tutor", action="store_true", help="only the payload and New puzzle")
    parser.add_argument("--throttled", action="store_true", help="only the first visit on a slow link, warm and offline")
    parser.add_argument("--reference", type=Path, help="with --throttled: an older build to compare with")
    parser.add_argument("--limit", type=float, default=90, help="with --throttled: seconds to wait for an answer")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    payload(args.site)
    if args.throttled:
        builds = ([("reference", args.reference)] if args.reference else []) + [("this build", args.site)]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            throttled(browser, builds, args.limit)
            browser.close()
        return 0
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                           "--directory", str(args.site)], url)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            if not args.skip_tutor:
                first_playable(browser, url)
                bot_moves(browser, url, args.site)
            new_puzzles(browser, args.puzzles, args.pause)
            browser.close()
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
