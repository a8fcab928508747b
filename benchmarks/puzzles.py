"""Puzzle benchmarks: run with ``python benchmarks/puzzles.py`` (from the repository, in .venv).

Prints
- in a kernel: making a new puzzle (``Puzzle.new_puzzle``: the engine builds the spec and the
  trait is set) per kind, median and p95 in ms (target p95 ≤ 50 ms);
- in a static page (headless Debian Chromium, no kernel): click → verdict shown, measured in the
  page with ``performance.now()`` around a click on an answer (the grading by lookup and the
  verdict's DOM update run synchronously in the click), median and p95 in ms (target p95 ≤ 16 ms);
  the same for submitting a typed follow in the largest spec (pick a follow);
- the size of a chapter-like page with one puzzle of each kind, and of one puzzle per page.

Needs node_modules (``make deps``) for the widget runtime and /usr/bin/chromium for the page.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from widgets.puzzle_widget import Puzzle  # noqa: E402
from widgets.puzzles import KINDS  # noqa: E402
from widgets.puzzles.page import page_html, write_page  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def row(name: str, values: list[float], target: float | None = None) -> str:
    p95 = percentile(values, 0.95)
    verdict = "" if target is None else ("  ok" if p95 <= target else f"  OVER target {target}")
    return f"  {name:<28} median {statistics.median(values):7.2f}  p95 {p95:7.2f}  (n={len(values)}){verdict}"


def bench_kernel(rounds: int = 60) -> None:
    print("Making a new puzzle in a kernel (ms, Puzzle.new_puzzle):")
    rng = random.Random(1)
    for kind in KINDS:
        widget = Puzzle(kind, bank_size=1)
        widget._rng = rng
        times = []
        for index in range(rounds):
            start = time.perf_counter()
            widget.new_puzzle(("easy", "normal", "hard")[index % 3])
            times.append((time.perf_counter() - start) * 1000)
        print(row(kind, times, target=50))


CLICK_LOOP = """(rounds) => {
  const times = [];
  const buttons = [...document.querySelectorAll("button.cbp-answer")];
  for (let i = 0; i < rounds; i++) {
    const button = buttons[i % buttons.length];
    const status = button.closest("[data-puzzle-kind]").querySelector('[role="status"]');
    const start = performance.now();
    button.click();
    if (!status.querySelector(".cbp-outcome")) throw new Error("no verdict shown");
    times.push(performance.now() - start);
  }
  return times;
}"""

SUBMIT_LOOP = """(rounds) => {
  const root = document.querySelector('[data-puzzle-kind="pick_follow"]');
  const typed = root.querySelector("input.cbp-type");
  const form = typed.closest("form");
  const hand = [...root.querySelectorAll("button.cbp-hand-card")].map((b) => b.dataset.card);
  const pick = Number(root.querySelector(".cbp-hint").textContent.match(/\\d+/)[0]);
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const start_at = i % (hand.length - pick + 1);
    typed.value = hand.slice(start_at, start_at + pick).join(" ");
    const start = performance.now();
    form.requestSubmit();
    times.push(performance.now() - start);
  }
  return times;
}"""


def bench_page() -> None:
    sys.path.insert(0, str(REPO / "tools"))
    from stage_widget_runtime import stage
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stage(folder)
        widgets = [Puzzle(kind) for kind in KINDS]
        page_path = write_page(folder, widgets)
        print("Page size:")
        print(f"  one puzzle of each kind ({len(widgets)})  {page_path.stat().st_size / 1024:8.1f} KiB (HTML with widget state)")
        sizes = {kind: len(page_html([w]).encode("utf-8")) / 1024 for kind, w in zip(KINDS, widgets)}
        print(f"  one puzzle per page: median {statistics.median(sizes.values()):.1f} KiB, "
              f"largest {max(sizes.values()):.1f} KiB ({max(sizes, key=lambda kind: sizes[kind])})")
        runtime = sum(p.stat().st_size for p in (folder / "widget-runtime").rglob("*.js")) / 1024
        print(f"  widget runtime scripts (shared by every page, cached)  {runtime:8.1f} KiB")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
            page.goto(page_path.as_uri())
            page.wait_for_selector('[data-puzzle-kind="ys_state"]', timeout=30_000)
            print("Static page, no kernel (ms, measured in the page with performance.now()):")
            print(row("click -> verdict shown", page.evaluate(CLICK_LOOP, 400), target=16))
            print(row("typed follow -> verdict", page.evaluate(SUBMIT_LOOP, 200), target=16))
            browser.close()


if __name__ == "__main__":
    bench_kernel()
    bench_page()
