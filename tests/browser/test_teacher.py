"""Teacher mode in Voila, in Debian's Chromium with every request off this machine blocked.

A deck opens with the address's ruleset on every slide and no code showing, slides advance,
the deal stepper reaches the end of a hand and comes back, a class puzzle reveals, and
``?rules=`` changes the revealed verdict; a bad address is met with a calm message, and an idle
kernel is culled.

Rules: SJ-2, SJ-12, SG-7 / SS-7 (the level_change verdicts that differ), YS-1, YS-12.
"""

from __future__ import annotations

import contextlib
import subprocess
import time
import urllib.request

import psutil
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import start_voila, stop_server

DECK = "voila/render/teacher/{}.ipynb"


def open_deck(page, url: str, deck: str, query: str = "") -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(url + DECK.format(deck) + query, wait_until="load", timeout=90_000)
    page.locator(".reveal .cbt-ruleset.cbt-fixed").wait_for(timeout=90_000)


#: The index of the present slide.
PRESENT = "() => [...document.querySelectorAll('.reveal .slides > section')].findIndex((s) => s.classList.contains('present'))"


def next_slide(page) -> None:
    """Press → and wait (up to five seconds: the caller's checks say if it did not move) until another
    slide is the present one."""
    before = page.evaluate(PRESENT)
    page.locator("body").press("ArrowRight")
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({PRESENT})() !== {before}", timeout=5_000)


def go_to_slide_with(page, selector: str, limit: int = 12):
    """Press → until the present slide shows ``selector``; the locator of it there.  Widgets
    render after the page loads, so first wait until one is on some slide."""
    page.locator(f".reveal .slides {selector}").first.wait_for(state="attached", timeout=90_000)
    for _ in range(limit):
        here = page.locator(f".reveal .slides section.present {selector}")
        if here.count():
            here.first.wait_for(timeout=30_000)
            return here.first
        next_slide(page)
    raise AssertionError(f"no slide shows {selector}")


def assert_offline(log) -> None:
    assert log.blocked == [], f"requests off this machine: {log.blocked}"
    assert log.errors == [], f"console errors: {log.errors}"


def test_sj2_a_deck_opens_with_the_ruleset_on_every_slide_and_no_code(offline_page, present_url):
    page, log = offline_page
    open_deck(page, present_url, "2-shengji-cards-trumps", "?rules=shuangsheng")
    badge = page.locator(".reveal > .cbt-ruleset")
    titles = []
    for _ in range(4):
        titles.append(page.locator(".reveal .slides section.present h1, .reveal .slides section.present h2")
                      .first.inner_text())
        assert badge.is_visible() and "双升" in badge.inner_text() and "规则" in badge.inner_text()
        assert "一上一下" not in badge.inner_text()  # a 升级 deck names its own game's rules only
        next_slide(page)
    assert len(set(titles)) == 4, f"slides did not advance: {titles}"
    text = page.locator(".reveal .slides").inner_text()
    assert "import" not in text and "ruleset_badge" not in text and "ClassPuzzle" not in text
    assert page.locator(".jp-CodeCell .jp-InputArea:visible").count() == 0
    assert_offline(log)


def test_sj12_the_deal_stepper_reaches_the_end_of_a_hand_and_back(offline_page, present_url):
    page, log = offline_page
    open_deck(page, present_url, "5-shengji-scoring-levels")
    stepper = go_to_slide_with(page, ".cbs")
    assert stepper.get_attribute("data-step") == "0" and stepper.get_attribute("data-kind") == "deal"
    stepper.locator(".cbs-next").click()
    assert stepper.get_attribute("data-step") == "1"
    stepper.locator(".cbs-last").click()
    assert stepper.get_attribute("data-last") == "true" and stepper.get_attribute("data-kind") == "next"
    assert "deals the next hand" in stepper.locator(".cbs-title").inner_text()
    assert stepper.locator(".cbs-rule").inner_text() == "SG-8"
    stepper.locator(".cbs-back").click()
    assert stepper.get_attribute("data-kind") == "level_change"
    assert stepper.locator(".cbs-rule").inner_text() in ("SG-7", "SS-7")
    stepper.locator(".cbs-first").click()
    assert stepper.get_attribute("data-step") == "0"
    stepper.locator(".cbs-next-trick").click()
    assert stepper.get_attribute("data-kind") == "trick" and stepper.locator(".cbs-winning").count() == 1
    page.set_viewport_size({"width": 1920, "height": 1080})  # a projector: cards for the back row
    page.wait_for_timeout(300)
    fit = page.evaluate("""() => { const box = document.querySelector('.reveal section.present .cbs').getBoundingClientRect();
      const cards = [...document.querySelectorAll('.reveal section.present .cbs-hand .cb-card, .reveal section.present .cbs-table .cb-card')];
      const hands = [...document.querySelectorAll('.reveal section.present .cbs-hand')];
      return {tallest: Math.min(...cards.map((c) => c.getBoundingClientRect().height)), cards: cards.length,
        bottom: box.bottom, overflow: Math.max(...hands.map((h) => h.scrollWidth - h.clientWidth))}; }""")
    assert fit["cards"] >= 96 and fit["tallest"] >= 90 and fit["bottom"] <= 1080 and fit["overflow"] <= 0, fit
    page.set_viewport_size({"width": 1280, "height": 860})
    stepper.press("ArrowRight")  # arrows step the hand while it has focus, not the slides
    assert stepper.get_attribute("data-kind") == "play"
    stepper.locator(".cbs-lang").click()
    assert "轮" in stepper.locator(".cbs-title").inner_text()
    assert_offline(log)


def test_ys12_the_yishang_stepper_hides_face_down_cards_on_request(offline_page, present_url):
    page, log = offline_page
    open_deck(page, present_url, "1-yishang")
    stepper = go_to_slide_with(page, ".cbs")
    stepper.locator(".cbs-last").click()
    assert stepper.get_attribute("data-kind") in ("win", "stall")
    assert stepper.locator(".cbs-winner").inner_text() != "—"
    stepper.locator(".cbs-table-view").check()
    assert stepper.locator(".cbs-count").count() == 4 and stepper.locator(".cbs-players .cbs-card").count() == 0
    assert_offline(log)


def _revealed(page, url: str, query: str) -> tuple[str, str]:
    open_deck(page, url, "5-shengji-scoring-levels", query)
    puzzle = go_to_slide_with(page, '.cbc[data-puzzle-id="level_change:16"]')
    assert puzzle.locator(".cbc-answer").count() == 0  # hidden until the teacher reveals it
    puzzle.locator(".cbc-reveal").click()
    answer = puzzle.locator(".cbc-answer")
    return answer.locator(".cbc-correct-list").inner_text(), answer.locator(".cbc-rule").inner_text()


def second_page(page, log):
    """Another tab of the same (offline) browser context, its errors logged like the first's.

    A tab, not a navigation: leaving a Voila page makes Voila 0.5.13 ask the server to shut its
    kernel down, a POST the server refuses (403, no XSRF token), so idle kernels are culled instead.
    """
    other = page.context.new_page()
    other.on("console", lambda message: message.type == "error" and log.errors.append(message.text))
    other.on("pageerror", lambda error: log.errors.append(f"uncaught: {error}"))
    return other


def test_sg7_ss7_a_class_puzzle_reveals_and_the_address_changes_its_verdict(offline_page, present_url):
    first, log = offline_page
    sg_answer, sg_rule = _revealed(first, present_url, "?rules=shengji")
    page = second_page(first, log)
    ss_answer, ss_rule = _revealed(page, present_url, "?rules=shuangsheng")
    assert (sg_rule, ss_rule) == ("SG-7", "SS-7")
    assert sg_answer != ss_answer
    puzzle = page.locator(".reveal .slides section.present .cbc")
    puzzle.locator(".cbc-another").click()  # another one, from the engine in the kernel
    page.wait_for_function(
        "() => document.querySelector('.reveal .slides section.present .cbc').dataset.puzzleId !== 'level_change:16'",
        timeout=30_000)
    assert puzzle.get_attribute("data-revealed") == "false"
    assert_offline(log)


def test_sj_a_bad_address_gets_a_calm_message_not_a_traceback(offline_page, present_url):
    page, log = offline_page
    open_deck(page, present_url, "4-shengji-following-tricks", "?rules=bridge")
    assert "bridge" in page.locator(".reveal > .cbt-ruleset.cbt-error").inner_text()
    calm = go_to_slide_with(page, ".cbc-calm")
    assert "bridge" in calm.inner_text()
    assert "Traceback" not in page.content() and "There was an error" not in page.content()
    assert_offline(log)


def _kernels(process: subprocess.Popen) -> list[psutil.Process]:
    """Voila's live kernel processes; one that ends while being looked at is not live."""
    live = []
    for child in psutil.Process(process.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                live.append(child)
        except psutil.Error:  # ended (or became a zombie) between the listing and the look
            continue
    return live


def test_sj_an_idle_kernel_is_culled(present_folder):
    """An idle limit of 8 s: with 3 s a loaded machine culled the kernel between two cells while Voila was
    still rendering the page, and the request never ended."""
    process, url = start_voila(present_folder, "--MappingKernelManager.cull_idle_timeout=8",
                               "--MappingKernelManager.cull_interval=1")
    try:
        with urllib.request.urlopen(url + DECK.format("3-shengji-calling-kitty"), timeout=90) as response:
            assert response.status == 200 and b"cbt-ruleset" in response.read()  # ran, then nobody came
        assert _kernels(process), "Voila started no kernel"
        deadline = time.monotonic() + 40
        while _kernels(process) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _kernels(process) == [], "the idle kernel was not culled"
    finally:
        stop_server(process)
