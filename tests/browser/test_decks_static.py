"""The decks' static export (tools/export_decks.py, `make decks`): every deck a page that needs no
server, opened from file:// in Debian's Chromium with every other request refused. Its widgets draw
from the stored state, a class puzzle reveals its answer, every slide has notes and a number, the
index lists the decks, and no file names another host.

Rules: SJ-4 / SJ-5 (deck 2's puzzle), SJ-12 (deck 5's kitty puzzle).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
from export_decks import export  # noqa: E402  (tools/ is a folder of scripts)

sys.path.insert(0, str(REPO / "teacher"))
from stage import DECKS  # noqa: E402


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("decks")
    export(out)
    return out


@pytest.fixture
def file_page(browser):
    """A 1920×1080 page that may load file:// only; yields ``(page, problems)``."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    problems: list[str] = []

    def route(route):
        if route.request.url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request off this machine: {route.request.url}")
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    yield page, problems
    context.close()


def test_sj_the_export_names_no_other_host(exported):
    loads = re.compile(r"""(?:url\(|@import\s+|src=|href=)["']?(?:https?:)?//""")
    pages = [p for p in exported.rglob("*") if p.is_file() and p.suffix in (".html", ".css", ".js")]
    assert len([p for p in pages if p.suffix == ".html"]) == len(DECKS) + 1
    assert [p.name for p in pages if loads.search(p.read_text(encoding="utf-8"))] == []


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_every_exported_deck_draws_its_widgets_from_file(file_page, exported, deck):
    page, problems = file_page
    page.goto((exported / f"{deck.stem}.html").as_uri(), wait_until="load")
    page.wait_for_selector("html[data-cardbook-widgets=ready]", timeout=60_000)
    slides = page.locator(".reveal .slides > section").count()
    noted = page.evaluate("() => Array.from(document.querySelectorAll('.reveal .slides > section'),"
                          " s => s.querySelectorAll('aside.notes').length)")
    assert noted == [1] * slides
    assert page.locator(".reveal .slide-number").inner_text() == f"1 / {slides}"
    assert page.locator(".reveal .slides .cbc, .reveal .slides .cbs").count() >= 2
    own, other = ("一上一下", "四人升级") if "yishang" in deck.stem else ("四人升级", "一上一下")
    badge = page.locator(".reveal > .cbt-ruleset.cbt-fixed").inner_text()
    assert own in badge and other not in badge  # each deck names its own game's rules
    assert problems == []


def test_sj4_an_exported_class_puzzle_reveals_without_a_kernel(file_page, exported):
    page, problems = file_page
    page.goto((exported / "2-shengji-cards-trumps.html").as_uri() + "#/4", wait_until="load")  # after the join slide
    page.wait_for_selector("html[data-cardbook-widgets=ready]", timeout=60_000)
    puzzle = page.locator(".reveal .slides section.present .cbc")
    puzzle.locator(".cbc-reveal").click()
    puzzle.locator(".cbc-answer .cbc-rule").wait_for(timeout=10_000)
    assert re.search(r"SJ-[45]", puzzle.locator(".cbc-answer .cbc-rule").inner_text())
    assert problems == []


def test_sj_the_export_index_lists_every_deck(file_page, exported):
    page, problems = file_page
    page.goto((exported / "index.html").as_uri(), wait_until="load")
    links = page.locator("ol.cbt-decks a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [f"{d.stem}.html" for d in DECKS]
    links.first.click()
    page.wait_for_selector("html[data-cardbook-widgets=ready]", timeout=60_000)
    assert problems == []


def test_an_exported_join_slide_says_class_mode_needs_the_server(file_page, exported):
    """A deck exported for a teacher without Python has no class server: its join slide says so
    calmly instead of offering a class it cannot open, and no puzzle shows a panel."""
    page, problems = file_page
    page.goto((exported / "1-yishang.html").as_uri() + "#/1", wait_until="load")
    page.wait_for_selector("html[data-cardbook-widgets=ready]", timeout=60_000)
    join = page.locator(".reveal .slides section.present .ccs-join")
    join.wait_for(timeout=10_000)
    assert "make present" in join.inner_text() and join.locator("button").count() == 0
    assert page.locator(".ccs-panel button").count() == 0
    assert problems == []
