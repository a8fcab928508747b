"""Presenting the decks, in Debian's Chromium with every request off this machine blocked: the
presenter console (``s``) follows the deck without a kernel of its own and shows the teacher the answer;
``?print-pdf`` draws the deck, not a red badge; printing gives one page per slide with every widget drawn; every slide has speaker notes;
slides are numbered; closing a tab shuts its kernel down (Jupyter's /api/kernels lists it no more).

The decks are served by the Voila every module of tests/browser shares (``present_url``, staged as
`make present` stages them); each page load starts a kernel, so a check at two screens changes the
screen of one page.

Rules: SJ-2 / SG-7 / SS-7 (deck 5's widgets), C-3 (the address's own keys beside reveal.js's).
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "teacher"))
from stage import DECKS  # noqa: E402  (teacher/ is a folder of scripts)

DECK = "voila/render/teacher/{}.ipynb"
WIDGET_DECK = "5-shengji-scoring-levels"  # a class puzzle, the level puzzle and a stepper
SCREENS = {"projector": (1920, 1080), "small": (1024, 768)}


def kernels(url: str) -> list[str]:
    with urllib.request.urlopen(url + "api/kernels", timeout=10) as response:
        return [kernel["id"] for kernel in json.load(response)]


def open_deck(page, url: str, deck: str, query: str = "", size: tuple[int, int] = SCREENS["projector"]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(url + DECK.format(deck) + query, wait_until="load", timeout=90_000)
    page.locator(".reveal .cbt-ruleset.cbt-fixed").first.wait_for(state="attached", timeout=90_000)


def assert_offline(log) -> None:
    assert log.blocked == [], f"requests off this machine: {log.blocked}"
    assert log.errors == [], f"console errors: {log.errors}"


def test_sj_the_start_page_lists_every_deck_and_opens_one(offline_page, present_url):
    page, log = offline_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(present_url, wait_until="load", timeout=60_000)
    links = page.locator("ol.cbt-decks a")
    assert links.count() == len(DECKS)
    assert "一上一下 · Up, down" in links.first.inner_text()
    assert page.locator("ol.cbt-decks [lang=zh-Hans]").count() == len(DECKS)
    links.nth(1).click()
    page.wait_for_url(re.compile(r"/voila/render/teacher/2-shengji-cards-trumps\.ipynb$"), timeout=60_000)
    page.locator(".reveal .slides section.present h1").wait_for(timeout=90_000)
    assert_offline(log)


def test_sj_every_slide_has_notes_and_a_number(offline_page, present_url):
    """At each screen (one page, its viewport changed): the slide number, reveal.js 6's help overlay and
    jump box, styled by reveal.js 6's stylesheet (4.0.2's left them bare)."""
    page, log = offline_page
    open_deck(page, present_url, "1-yishang", size=SCREENS["projector"])
    slides = page.locator(".reveal .slides > section")
    assert slides.count() >= 5
    noted = page.evaluate("() => Array.from(document.querySelectorAll('.reveal .slides > section'),"
                          " s => s.querySelectorAll('aside.notes').length)")
    assert noted == [1] * slides.count(), f"notes per slide: {noted}"
    for screen, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.locator("body").press("Home")
        page.wait_for_function("() => document.querySelector('.reveal .slide-number').innerText.startsWith('1 ')")
        assert page.locator(".reveal .slide-number").inner_text() == f"1 / {slides.count()}", screen
        page.locator("body").press("ArrowRight")
        page.wait_for_function("() => document.querySelector('.reveal .slide-number').innerText.startsWith('2 ')")
        page.locator("body").press("Shift+Slash")
        overlay = page.locator(".r-overlay.r-overlay-help")
        overlay.wait_for(timeout=10_000)
        assert overlay.evaluate("e => [getComputedStyle(e).position, getComputedStyle(e).zIndex]") == ["absolute", "99"], screen
        assert "Keyboard Shortcuts" in overlay.inner_text(), screen
        page.locator("body").press("Escape")
        overlay.wait_for(state="detached", timeout=10_000)
        page.locator("body").press("g")
        jump = page.locator(".reveal .jump-to-slide")
        jump.wait_for(timeout=10_000)
        assert jump.evaluate("e => [getComputedStyle(e).position, getComputedStyle(e).fontSize]") == ["absolute", "32px"], screen
        page.locator(".jump-to-slide-input").fill("4")
        page.locator(".jump-to-slide-input").press("Enter")
        page.wait_for_function("() => document.querySelector('.reveal .slide-number').innerText.startsWith('4 ')")
    assert_offline(log)


def test_sj12_the_presenter_console_follows_the_deck_shows_the_answer_to_the_teacher_only_and_starts_no_kernel(
        offline_page, present_url):
    """``s`` opens the presenter console: the slide the room sees, its notes, the next slide's title and, on a
    class puzzle's slide, that puzzle's answer (which the projected slide does not show); its Next button moves
    the deck and the console follows; a vote countdown runs; no kernel is started for it."""
    page, log = offline_page
    open_deck(page, present_url, WIDGET_DECK, "?rules=shuangsheng")
    before = kernels(present_url)
    page.locator(".cbc[data-teacher-answer]").first.wait_for(state="attached", timeout=90_000)  # drawn by its kernel
    puzzle_slide = page.evaluate("() => [...document.querySelectorAll('.reveal .slides > section')]"
                                 ".findIndex(s => s.querySelector('.cbc[data-teacher-answer]'))")
    assert puzzle_slide > 0
    for _ in range(puzzle_slide):
        page.locator("body").press("ArrowRight")
    with page.context.expect_page(timeout=30_000) as opened:
        page.locator("body").press("s")
    console = opened.value
    console.set_viewport_size({"width": 1366, "height": 800})
    total = page.locator(".reveal .slides > section").count()
    expect(console.locator(".cbp-position")).to_have_text(f"Slide {puzzle_slide + 1} of {total}", timeout=10_000)
    answer = page.locator(".reveal .slides > section.present .cbc").get_attribute("data-teacher-answer")
    assert answer.startswith("Answer: ")
    expect(console.locator(".cbp-answer")).to_have_text(answer)
    assert page.locator(".reveal .slides > section.present .cbc-answer").count() == 0  # the room does not see it
    expect(console.locator(".cbp-notes")).to_contain_text("Learners often")
    expect(console.locator(".cbp-frame .cbc")).to_have_count(1)  # the slide as the room sees it
    console.locator("button[data-minutes='2']").click()
    expect(console.locator(".cbp-count")).to_have_text(re.compile(r"^1:5\d$"))
    console.locator(".cbp-next").click()
    page.wait_for_function(f"() => document.querySelector('.reveal .slides > section.present') === "
                           f"document.querySelectorAll('.reveal .slides > section')[{puzzle_slide + 1}]")
    expect(console.locator(".cbp-position")).to_have_text(f"Slide {puzzle_slide + 2} of {total}")
    expect(console.locator(".cbp-answer")).to_have_text("No class puzzle on this slide.")
    assert kernels(present_url) == before, "the console started kernels"
    console.close()
    assert_offline(log)


def test_sj2_print_pdf_gives_one_page_per_slide_with_every_widget_drawn(offline_page, present_url):
    page, log = offline_page
    open_deck(page, present_url, WIDGET_DECK, "?print-pdf&rules=shuangsheng")
    page.wait_for_selector("html[data-cbt-print=ready]", timeout=120_000)
    slides = page.locator(".reveal .slides .pdf-page > section").count()
    assert slides == page.locator(".reveal .pdf-page").count() >= 5
    assert page.locator(".reveal .cbt-ruleset.cbt-error").count() == 0
    assert page.locator(".reveal .pdf-page .cbt-ruleset.cbt-fixed").count() == slides  # on every page
    for selector in ('.cbc[data-revealed="true"] .cbc-answer', ".cbs .cbs-next"):  # the puzzles (answered: a handout) and the stepper drew
        assert page.locator(f".reveal .pdf-page {selector}").count() >= 1
    for page_box, slide in zip(page.locator(".reveal .pdf-page").all(), page.locator(".reveal .pdf-page > section").all()):
        outer, inner = page_box.bounding_box(), slide.bounding_box()
        assert outer["y"] - 1 <= inner["y"] and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert int(re.findall(rb"/Count (\d+)", pdf)[0]) == slides
    assert page.locator(".reveal .pdf-page .cbc-toolbar").count() == 0  # no buttons on paper
    assert_offline(log)


def test_sj_closing_a_tab_shuts_its_kernel_down(offline_page, present_url):
    page, log = offline_page
    before = set(kernels(present_url))
    other = page.context.new_page()
    open_deck(other, present_url, "3-shengji-calling-kitty")
    mine = set(kernels(present_url)) - before
    assert len(mine) == 1, f"one new kernel for the tab, not {mine}"
    other.close(run_before_unload=True)
    deadline = time.monotonic() + 20
    while mine & set(kernels(present_url)) and time.monotonic() < deadline:
        time.sleep(0.3)
    assert not mine & set(kernels(present_url)), "the closed tab's kernel is still running"
    assert_offline(log)
