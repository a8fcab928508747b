"""Voila smoke test: `make present` serves the chapters with Voila; a chapter shows its card
widget, the kernel answers, and stopping Voila stops its kernels too.

Voila's own lab template links Font Awesome's stylesheet from a CDN (offline-book.md); the
chapters are served with the project's ``offline`` template instead, so no outside request is
allowed at all.
Rules: SJ-1 (the cards drawn), YS-7 (picking).
"""

from __future__ import annotations

import sys

import psutil

from .conftest import free_port, start_server, stop_server


def test_sj1_make_present_serves_a_chapter_with_its_widget_and_stops_with_its_kernels(offline_page, repo_root):
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    voila = start_server(["make", "--no-print-directory", "present", f"PORT={port}", f"VENV={sys.prefix}"],
                         url, cwd=repo_root)
    page, log = offline_page
    try:
        page.goto(url + "voila/render/intro.ipynb", wait_until="load", timeout=60_000)
        cards = page.locator(".cardbook-hand button.cardbook-card")
        cards.first.wait_for(timeout=60_000)
        assert cards.count() == 6
        cards.nth(0).click()
        assert cards.nth(0).get_attribute("aria-pressed") == "true"
        kernels = [p for p in psutil.Process(voila.pid).children(recursive=True)
                   if "ipykernel" in " ".join(p.cmdline())]
    finally:
        stop_server(voila)
    assert kernels, "Voila started no kernel"
    assert not [k for k in kernels if k.is_running() and k.status() != psutil.STATUS_ZOMBIE], \
        "a kernel outlived Voila"
    assert log.blocked == []
    assert [e for e in log.errors if "net::ERR_FAILED" not in e] == []
