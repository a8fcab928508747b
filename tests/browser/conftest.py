"""Headless Debian Chromium driven by Playwright, with every request off this machine blocked.

Never ``playwright install``: the browser is /usr/bin/chromium (``make test`` installs it).
A page is "offline" when it made no request outside 127.0.0.1, ``file:``, ``data:`` and ``blob:``;
each page fixture records what was blocked and every console error, for the test to assert on.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil
import pytest

TEACHER = Path(__file__).resolve().parents[2] / "teacher"
if str(TEACHER) not in sys.path:
    sys.path.insert(0, str(TEACHER))  # teacher/stage.py: the staging `make present` runs

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--disable-background-networking", "--disable-component-update", "--no-first-run",
                  "--disable-sync"]
LOCAL_SCHEMES = ("file", "data", "blob")
LOCAL_HOSTS = ("127.0.0.1",)


def is_local(url: str) -> bool:
    """True for the URLs a built book may load: loopback, files, data and blobs."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


def refuse_other_hosts(context: Any, record: Callable[[str], None]) -> None:
    """Route every request of the browser ``context``: a local one (:func:`is_local`) goes on, any other is
    refused and its URL given to ``record``."""

    def route(route: Any) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            record(route.request.url)
            route.abort()

    context.route("**/*", route)


@dataclass
class PageLog:
    """What one page did that the offline tests forbid."""

    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def log_errors(page: Any, log: PageLog) -> dict[str, Any]:
    """Log the page's console errors, uncaught errors and failed local requests in ``log``; the listeners."""
    listeners = {
        "console": lambda message: message.type == "error" and log.errors.append(message.text),
        "pageerror": lambda error: log.errors.append(f"uncaught: {error}"),
        "requestfailed": lambda request: is_local(request.url) and log.errors.append(
            f"failed: {request.url} ({request.failure})"),
    }
    for event, listener in listeners.items():
        page.on(event, listener)
    return listeners


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_http(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    """Poll ``url`` until it answers; fail early if the server process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"no answer from {url} after {timeout} s")


def start_server(command: list[str], url: str, cwd: Path | None = None) -> subprocess.Popen:
    """Start a server in its own process group (so it stops with all its children) and wait for it."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        wait_for_http(url, process)
    except Exception:
        stop_server(process)
        raise
    return process


def stop_server(process: subprocess.Popen) -> list[psutil.Process]:
    """Stop a server, its process group and every descendant (Jupyter kernels run in sessions of
    their own); returns the descendants it found, all of them stopped."""
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        for child in children:
            with contextlib.suppress(psutil.NoSuchProcess):
                child.send_signal(sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=grace)
        _, alive = psutil.wait_procs(children, timeout=grace)
        if process.poll() is not None and not alive:
            break
    return children


@contextlib.contextmanager
def served(folder: Path):
    """``folder`` served over http on a free loopback port while the block runs; yields its URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                           "--directory", str(folder)], url)
    try:
        yield url
    finally:
        stop_server(server)


@pytest.fixture(scope="session")
def site_url(built_book):
    """The built book served over http on a free loopback port."""
    with served(built_book) as url:
        yield url


@pytest.fixture(scope="session")
def tour(browser, site_url, built_book):
    """Every page of the built book visited once per viewport, each visit made when a test first asks
    (tests/browser/tour.py)."""
    from .tour import AXE, Tour

    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is in package.json)")
    tour = Tour(browser, site_url, built_book)
    yield tour
    tour.close()


#: What a page of the site stored: emptied before each test that uses the kept tab.
FORGET = "() => { localStorage.clear(); sessionStorage.clear(); }"


@dataclass
class KeptTab:
    """The tab ``kept_page`` hands from test to test, and the log of the test using it."""

    page: Any
    log: PageLog | None = None


@pytest.fixture(scope="session")
def kept_tab(browser):
    """One tab kept for the run (each worker's), its requests off this machine refused and logged."""
    context = browser.new_context()
    tab = KeptTab(None)
    refuse_other_hosts(context, lambda url: tab.log.blocked.append(url) if tab.log is not None else None)
    tab.page = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def kept_page(kept_tab, site_url):
    """Like ``offline_page`` (yields ``(page, log)``), for tests of the served book, in a tab kept from test
    to test: its renderer stays warm, so a page load costs about half the CPU of one in a fresh context.
    Before each test the tab leaves its last page (whose unload may store things), its storage for the
    site is emptied and its viewport is a new context's, so the test starts as in a new browser but for
    the renderer's memory (the HTTP cache is off: routing turns it off).  Not for tests that add init
    scripts (``read_in``): those would stay with the tab."""
    page = kept_tab.page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(site_url + "_static/favicon.svg")  # the site's origin, with no script that stores anything
    page.evaluate(FORGET)
    log = kept_tab.log = PageLog()
    listeners = log_errors(page, log)
    yield page, log
    for event, listener in listeners.items():
        page.remove_listener(event, listener)
    kept_tab.log = None


@dataclass
class LabServer:
    """`make lab` running: its address and its process (the kernels it starts are descendants)."""

    url: str
    process: subprocess.Popen


@pytest.fixture(scope="module")
def lab(repo_root, tmp_path_factory):
    """`make lab` on a free loopback port, the token off, with empty user settings and workspaces of its own
    (nobody's own settings or last layout apply).  At teardown Lab and every kernel it started are stopped."""
    port = free_port()
    env = [f"JUPYTERLAB_SETTINGS_DIR={tmp_path_factory.mktemp('lab-settings')}",
           f"JUPYTERLAB_WORKSPACES_DIR={tmp_path_factory.mktemp('lab-ws')}"]
    url = f"http://127.0.0.1:{port}/"
    process = start_server(["env", *env, "make", "--no-print-directory", "lab", f"LAB_PORT={port}",
                            f"VENV={sys.prefix}", "LAB_FLAGS=--IdentityProvider.token="], url + "api/status",
                           cwd=repo_root)
    yield LabServer(url, process)
    descendants = stop_server(process)
    alive = [p for p in descendants if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert not alive, f"still running after Lab stopped: {[' '.join(p.cmdline()) for p in alive]}"


def start_voila(out: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """Voila serving a folder staged by teacher/stage.py, as `make present` runs it (``extra``: more
    options), on a free loopback port; the process and its address once it answers."""
    from stage import voila_command  # teacher/ (on sys.path below) is a folder of scripts, not a package

    port = free_port()
    command, env = voila_command(out, port)
    process = subprocess.Popen(command + list(extra), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_http(url, process)
    except Exception:
        stop_server(process)
        raise
    return process, url


@pytest.fixture(scope="session")
def present_folder(tmp_path_factory):
    """The decks and chapters staged as `make present` stages them (teacher/stage.py), once per worker."""
    from stage import stage

    out = tmp_path_factory.mktemp("present")
    stage(out)
    return out


@pytest.fixture(scope="session")
def present_url(present_folder):
    """Voila on the staged decks and chapters, shared by the tests of every module that only reads pages
    (each page load starts its own kernel), once per worker; stopped with its kernels at the end."""
    process, url = start_voila(present_folder)
    yield url
    stop_server(process)
