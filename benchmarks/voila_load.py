"""Teacher mode under a class's load: N concurrent sessions on one server (jupyter server with Voila).

Each session (a tab of Debian's headless Chromium, every request off this machine refused; the
tabs share one browser profile, so the harness compiles Voila's front end once, not 20 times,
and leaves the 2 cores to the server) opens a deck, waits for its first slide, goes to the deck's class puzzle,
reveals the answer and asks the kernel for another one.  Printed: time to first slide (median,
p95), time to a puzzle answered, failures (target 0), the memory of each kernel (RSS,
measured while every session is open) and the kernels left once every tab has closed.  Only 127.0.0.1 is contacted; every wait is bounded.

Usage: ``python benchmarks/voila_load.py [--sessions 20] [--deck 5-shengji-scoring-levels]``
(needs ``make deps``: the Python venv, node_modules and /usr/bin/chromium).

Rules: SG-7 / SS-7 (the deck's level_change puzzle), SJ-2 (its deal stepper).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psutil

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, ConsoleMessage, Route

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "teacher"))
from stage import stage, voila_command  # noqa: E402  (teacher/ is a folder of scripts)

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]
TIMEOUT_MS = 240_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"Voila exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"Voila did not answer {url} within {seconds} s")


def kernels(process: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """The server's kernel processes; one that exits meanwhile (a zombie, gone) is left out, not an error
    (the run died on psutil.ZombieProcess after about 6 minutes and printed nothing)."""
    found = []
    for child in psutil.Process(process.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            continue
    return found


def rss(process: psutil.Process) -> int | None:
    """The process's resident memory, or None once it has exited."""
    try:
        return int(process.memory_info().rss)
    except psutil.Error:
        return None


def tree_cpu(root: psutil.Process, match: str) -> float:
    """CPU seconds (user + system) used so far by ``root``'s descendants whose command names ``match``."""
    total = 0.0
    for process in root.children(recursive=True):
        try:
            if match in " ".join(process.cmdline()):
                times = process.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            pass
    return total


def fetch_all(url: str, sessions: int) -> list[float]:
    """Server side only: ``sessions`` concurrent GETs, each until Voila has sent the page it
    rendered after running the whole deck in a fresh kernel."""
    from concurrent.futures import ThreadPoolExecutor

    def fetch(_index: int) -> float:
        start = time.perf_counter()
        with urllib.request.urlopen(url, timeout=TIMEOUT_MS / 1000) as response:
            response.read()
        return time.perf_counter() - start

    with ThreadPoolExecutor(sessions) as pool:
        return list(pool.map(fetch, range(sessions)))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def session(context: BrowserContext, url: str, opened: asyncio.Event,
                  everyone: asyncio.Event) -> dict[str, Any]:
    """One student's tab: first slide, then the puzzle answered (revealed, and another one)."""
    page = await context.new_page()
    console: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text[:120])

    page.on("console", on_console)
    page.on("pageerror", lambda error: console.append(f"uncaught: {str(error)[:120]}"))
    result: dict[str, Any] = {}
    try:
        start = time.perf_counter()
        await page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        await page.locator(".reveal .cbt-ruleset.cbt-fixed").wait_for(timeout=TIMEOUT_MS)
        await page.locator(".reveal .slides section.present h1").wait_for(timeout=TIMEOUT_MS)
        result["first_slide"] = time.perf_counter() - start
        await page.locator(".reveal .slides .cbc").first.wait_for(state="attached", timeout=TIMEOUT_MS)
        for _ in range(12):
            puzzle = page.locator(".reveal .slides section.present .cbc")
            if await puzzle.count():
                break
            await page.locator("body").press("ArrowRight")
            await page.wait_for_timeout(200)
        before = await puzzle.get_attribute("data-puzzle-id")
        await puzzle.locator(".cbc-reveal").click()
        await puzzle.locator(".cbc-answer .cbc-rule").wait_for(timeout=TIMEOUT_MS)
        await puzzle.locator(".cbc-another").click()
        await page.wait_for_function(
            f"() => document.querySelector('.reveal .slides section.present .cbc').dataset.puzzleId !== {before!r}",
            timeout=TIMEOUT_MS)
        result["answered"] = time.perf_counter() - start
        result["ok"] = True
    except Exception as error:  # a failed session is counted, not fatal
        result["ok"] = False
        waiting = [line.strip() for line in str(error).splitlines() if "locator(" in line or "waiting" in line]
        result["error"] = (f"{type(error).__name__}: {str(error).splitlines()[0][:100]} {' '.join(waiting[:2])[:200]}"
                           f"; console: {console[:3]}")
    opened.set()
    await everyone.wait()  # stay open until memory is measured
    closed = asyncio.Event()
    page.on("close", lambda _page: closed.set())
    await page.close(run_before_unload=True)  # as a reader closing the tab: its unload handlers run
    await asyncio.wait_for(closed.wait(), 60)
    return result


async def kernels_left(voila: subprocess.Popen[bytes], seconds: float) -> int:
    """The kernels still alive ``seconds`` after the last tab closed (0 when every tab's kernel was shut down)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and live_kernels(voila):
        await asyncio.sleep(0.5)
    return len(live_kernels(voila))


def live_kernels(voila: subprocess.Popen[bytes]) -> list[psutil.Process]:
    alive = []
    for kernel in kernels(voila):
        try:
            if kernel.status() != psutil.STATUS_ZOMBIE:
                alive.append(kernel)
        except psutil.Error:
            continue
    return alive


async def run(url: str, sessions: int,
              voila: subprocess.Popen[bytes]) -> tuple[list[dict[str, Any]], list[int], dict[str, float], int]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 860})
        outside: list[str] = []

        async def route(route: Route) -> None:
            if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
                await route.continue_()
            else:
                outside.append(route.request.url)
                await route.abort()

        await context.route("**/*", route)
        events = [asyncio.Event() for _ in range(sessions)]
        everyone = asyncio.Event()
        tasks = [asyncio.create_task(session(context, url, event, everyone)) for event in events]
        # Each session makes at most six waits, each bounded by TIMEOUT_MS, then reports.
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in events)), 6 * TIMEOUT_MS / 1000 + 60)
        memory = [m for m in map(rss, kernels(voila)) if m is not None]
        server = psutil.Process(voila.pid)
        cpu = {"Voila and its kernels": sum(server.cpu_times()[:2]) + tree_cpu(server, "python"),
               "Chromium": tree_cpu(psutil.Process(), "chromium")}
        everyone.set()
        results = await asyncio.gather(*tasks)  # every tab closed: each asks for its kernel's shutdown
        # counted with the browser still running, as a reader's is after closing a tab (closing the
        # browser at once would drop the shutdown requests still on their way)
        left = await kernels_left(voila, seconds=15)
        await browser.close()
    results += [{"ok": False, "error": f"request off this machine: {url}"} for url in outside]
    return results, memory, cpu, left


def serve(out: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command, env = voila_command(out, port)
    voila = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    wait_for(f"http://127.0.0.1:{port}/", voila)
    return voila, port


def stop(voila: subprocess.Popen[bytes]) -> None:
    os.killpg(voila.pid, signal.SIGTERM)
    try:
        voila.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(voila.pid, signal.SIGKILL)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--deck", default="5-shengji-scoring-levels")
    parser.add_argument("--rules", default="shuangsheng")
    args = parser.parse_args(argv)
    path = f"voila/render/teacher/{args.deck}.ipynb?rules={args.rules}"
    with tempfile.TemporaryDirectory(prefix="voila-load-") as tmp:
        out = Path(tmp)
        stage(out)
        voila, port = serve(out)  # one server for the browsers ...
        try:
            start = time.perf_counter()
            results, memory, cpu, left = asyncio.run(run(f"http://127.0.0.1:{port}/{path}", args.sessions, voila))
            wall = time.perf_counter() - start
        finally:
            stop(voila)
        voila, port = serve(out)  # ... and a fresh one for the server-only measure
        try:
            served = fetch_all(f"http://127.0.0.1:{port}/{path}", args.sessions)
        finally:
            stop(voila)
    first = [r["first_slide"] for r in results if "first_slide" in r]
    answered = [r["answered"] for r in results if "answered" in r]
    failures = [r for r in results if not r["ok"]]
    print(f"voila_load: {args.sessions} concurrent sessions, deck {args.deck}, ?rules={args.rules}, "
          f"{os.cpu_count()} CPUs, {wall:.1f} s in all")
    if first:
        print(f"  time to first slide: median {statistics.median(first):.2f} s, p95 {percentile(first, 0.95):.2f} s, "
              f"max {max(first):.2f} s")
    if answered:
        print(f"  time to a puzzle answered (revealed, then another one from the kernel): median "
              f"{statistics.median(answered):.2f} s, p95 {percentile(answered, 0.95):.2f} s")
    print(f"  server side alone ({args.sessions} concurrent GETs, each a fresh kernel running the whole deck): "
          f"median {statistics.median(served):.2f} s, p95 {percentile(served, 0.95):.2f} s")
    print("  CPU seconds while the browsers ran (this machine serves and browses at once): "
          + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in cpu.items()))
    print(f"  failures: {len(failures)} (target 0)")
    for failure in failures[:5]:
        print(f"    {failure['error']}")
    if memory:
        mib = [m / 2**20 for m in memory]
        print(f"  kernels alive with every session open: {len(mib)}; memory per kernel (RSS): median "
              f"{statistics.median(mib):.0f} MiB, max {max(mib):.0f} MiB, all kernels {sum(mib):.0f} MiB")
    print(f"  kernels alive 15 s after every tab closed: {left} (each closed tab shuts its kernel down; target 0)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
