"""`make present` smoke test: it prints the address of a start page that lists the decks; a deck
opened from there draws its widgets, and stopping the server stops its kernels too.

Only the decks are offered: Voila shows a notebook's markdown without MyST (labels, roles and
directives would show raw), so the chapters stay in the static book.  No outside request at all.
Rules: SJ-1 (deck 2's table), SJ-4 / SJ-5 (its class puzzle).
"""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.error
import urllib.request

import psutil
import pytest

from .conftest import free_port, stop_server, wait_for_http


def test_sj1_make_present_prints_a_start_page_of_decks_and_stops_with_its_kernels(offline_page, repo_root):
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    make = subprocess.Popen(["make", "--no-print-directory", "present", f"PORT={port}", f"VENV={sys.prefix}"],
                            cwd=repo_root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    page, log = offline_page
    try:
        printed = ""
        while url not in printed:  # the address is printed before the server answers
            line = make.stdout.readline()
            assert line, f"make present ended without printing {url}: {printed}"
            printed += line
        wait_for_http(url, make)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(url, wait_until="load", timeout=60_000)
        decks = page.locator("ol.cbt-decks a")
        assert decks.count() == 5 and "Cards and trumps" in decks.nth(1).inner_text()
        with pytest.raises(urllib.error.HTTPError, match="404"):  # no chapter is served
            urllib.request.urlopen(url + "voila/render/intro.ipynb", timeout=30)
        decks.nth(1).click()
        page.wait_for_url(re.compile(r"2-shengji-cards-trumps\.ipynb"), timeout=60_000)
        page.locator(".reveal .slides .cbc").first.wait_for(state="attached", timeout=90_000)
        kernels = [p for p in psutil.Process(make.pid).children(recursive=True)
                   if "ipykernel" in " ".join(p.cmdline())]
    finally:
        stop_server(make)
    assert kernels, "the server started no kernel"
    assert not [k for k in kernels if k.is_running() and k.status() != psutil.STATUS_ZOMBIE], \
        "a kernel outlived the server"
    assert log.blocked == []
    assert [e for e in log.errors if "net::ERR_FAILED" not in e] == []
