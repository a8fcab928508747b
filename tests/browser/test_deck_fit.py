"""Every deck on a projector (1920 × 1080) and an old one (1024 × 768), served by Voila as `make
present` serves it, in Debian's Chromium with every request off this machine blocked.

Every slide fits the screen with its answer revealed and, on a stepper slide, at every step of the
hand or game; card faces are at least 60 px tall at 1920 × 1080; a clicker's keys (PageDown,
PageUp, arrows) move the slides after a stepper or class puzzle button was clicked, and the stepper
takes arrows only while its region is focused (Escape leaves it); opening or reloading a widget
slide by its address (#/N) lays it out once the widget has drawn.

Every Voila page load starts a kernel, so each deck is loaded once: opened at its widget slide's
address (that slide's layout checked there), then walked at both screens, the viewport changed in
place.  A stepper's steps are walked inside the page with no frame painted between them (reveal.js's
layout run on the stepper's own "resize" event at once); the stepper's re-layout by itself is then
checked at its shortest and tallest steps.

Rules: SJ-2 … SG-8 (the 升级 hands stepped), YS-1 … YS-16 (the 一上一下 game), every rule a class
puzzle reveals.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .test_teacher import DECK, assert_offline

REPO = Path(__file__).resolve().parents[2]
DECKS = sorted(path.stem for path in (REPO / "teacher" / "decks").glob("*.md"))
SCREENS = ({"width": 1920, "height": 1080}, {"width": 1024, "height": 768})
MIN_CARD = 90  # px on screen at 1920 × 1080: a card read from the back row (projector mode)

#: The present slide's drawn extent on screen (every element with a size), and its card faces' heights.
EXTENT = """() => {
  const slide = document.querySelector('.reveal .slides section.present:not(.stack)');
  const box = { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity, cards: [], widgets: 0 };
  for (const node of slide.querySelectorAll('*')) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
    box.top = Math.min(box.top, r.top); box.bottom = Math.max(box.bottom, r.bottom);
    box.left = Math.min(box.left, r.left); box.right = Math.max(box.right, r.right);
  }
  box.cards = [...slide.querySelectorAll('.cb-card')].map((c) => c.getBoundingClientRect().height);
  box.widgets = slide.querySelectorAll('.cbs, .cbc').length;
  box.title = (slide.querySelector('h1, h2') || { textContent: '' }).textContent.trim();
  return box;
}"""

#: Walk the present slide's stepper through every step as its slider does, in the page (one call, not a
#: round trip per step).  After each step the slide is laid out as reveal.js lays it out on the "resize" the
#: stepper's ResizeObserver sends when its height changes, that event sent here at once (reveal.js lays out
#: on it synchronously), so the walk paints no frame between steps; then the slide is measured.  The steps
#: that run off ``screen``, or (on the projector) draw a card smaller than ``min``, with their extent; how
#: many steps there are.  Then the stepper's own re-layout, with no event sent here: at the walk's shortest,
#: tallest and shortest step again (a shrink and a growth), the slide settles within five seconds where the
#: walk measured it; the steps where it did not, with both extents.
STEP_THROUGH = """async ({ screen, min }) => {
  const extent = """ + EXTENT + """;
  const slide = document.querySelector('.reveal .slides section.present:not(.stack)');
  const slider = slide.querySelector('.cbs-slider');  // its input handler still steps once a step redraws it
  const steps = Number(slider.max) + 1, bad = [], boxes = [], unsettled = [];
  const go = (i) => { slider.value = String(i); slider.dispatchEvent(new Event('input', { bubbles: true })); };
  const frames = (n) => new Promise((r) => { const f = () => (--n ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); });
  const fits = (b) => b.top >= -1 && b.left >= -1 && b.bottom <= screen.height + 1 && b.right <= screen.width + 1;
  for (let i = 0; i < steps; i++) {
    go(i);
    window.dispatchEvent(new Event('resize'));
    const box = extent();
    boxes.push(box);
    const small = min && box.cards.length ? Math.min(...box.cards) : Infinity;
    if (!fits(box) || small < min) bad.push({ step: i + 1, top: box.top, bottom: box.bottom, left: box.left, right: box.right, smallestCard: small });
  }
  await frames(2);  // the stepper's ResizeObserver catches up with the last step
  const height = (b) => b.bottom - b.top;
  const same = (a, b) => ['top', 'bottom', 'left', 'right'].every((k) => Math.abs(a[k] - b[k]) <= 1);
  const shortest = boxes.reduce((s, b, i) => (height(b) < height(boxes[s]) ? i : s), 0);
  const tallest = boxes.reduce((t, b, i) => (height(b) > height(boxes[t]) ? i : t), 0);
  for (const i of [shortest, tallest, shortest]) {
    go(i);
    let box = extent();
    for (const t0 = performance.now(); !same(box, boxes[i]) && performance.now() - t0 < 5000; box = extent()) await frames(1);
    if (!same(box, boxes[i])) unsettled.push({ step: i + 1, walked: boxes[i], byItself: box });
  }
  return { steps, bad, unsettled };
}"""

PRESENT = "() => [...document.querySelectorAll('.reveal .slides > section')].findIndex((s) => s.classList.contains('present'))"


#: A code line that makes a widget: ``DealStepper(…)`` or ``puzzle = ClassPuzzle(…)``.
MADE = r"^(?:\w+\s*=\s*)?"


def _source(deck: str) -> str:
    return (REPO / "teacher" / "decks" / f"{deck}.md").read_text(encoding="utf-8")


def widget_cells(deck: str) -> int:
    """How many widgets the deck's code cells make (a stepper or a class puzzle each)."""
    return len(re.findall(rf"{MADE}(?:DealStepper|ClassPuzzle)\(", _source(deck), flags=re.MULTILINE))


def slide_of(deck: str, call: str) -> int:
    """The index (#/N) of the deck's first slide whose code makes ``call`` (``DealStepper(``), or -1."""
    slides = re.split(r'^\+\+\+ \{"slideshow": \{"slide_type": "slide"\}\}', _source(deck), flags=re.MULTILINE)[1:]
    return next((i for i, text in enumerate(slides) if re.search(MADE + re.escape(call), text, re.MULTILINE)), -1)


STEPPER_DECK = next(d for d in DECKS if slide_of(d, "DealStepper(") >= 0)


def open_deck(page, url: str, deck: str, address: str = "") -> None:
    """The deck at ``address`` (``#/N``), once every widget on it has drawn."""
    page.goto(url + DECK.format(deck) + address, wait_until="load", timeout=90_000)
    page.wait_for_function("(n) => document.querySelectorAll('.reveal .slides .cbs, .reveal .slides .cbc').length >= n",
                           arg=widget_cells(deck), timeout=90_000)
    page.wait_for_timeout(300)


def assert_fits(page, screen: dict, where: str) -> dict:
    """The present slide fits ``screen`` once its layout has settled: a stepper's new step or a revealed
    answer changes the slide's height, and reveal.js re-scales it on the next resize (ResizeObserver →
    resize → layout); under load that lands a few frames later, so give it up to two seconds."""
    with contextlib.suppress(PlaywrightTimeout):  # the measurement below says what is off screen
        page.wait_for_function(f"(s) => {{ const b = ({EXTENT})(); return b.bottom <= s.height + 1 && b.right <= s.width + 1; }}",
                               arg=screen, timeout=2_000, polling="raf")
    box = page.evaluate(EXTENT)
    assert box["top"] >= -1 and box["left"] >= -1, f"{where}: starts off screen ({box})"
    assert box["bottom"] <= screen["height"] + 1 and box["right"] <= screen["width"] + 1, \
        f"{where} '{box['title']}': runs off the {screen['width']}×{screen['height']} screen to {box['bottom']:.0f} × {box['right']:.0f}"
    if screen["width"] == 1920 and box["cards"]:
        assert min(box["cards"]) >= MIN_CARD, f"{where} '{box['title']}': a card {min(box['cards']):.0f} px tall"
    return box


def reveal_answer(page) -> None:
    """The teacher reveals the present slide's class puzzle (if it has one and it is hidden)."""
    puzzle = page.locator(".reveal .slides section.present .cbc")
    if puzzle.count() and puzzle.get_attribute("data-revealed") == "false":
        puzzle.locator(".cbc-reveal").click()
        page.wait_for_function("() => document.querySelector('.reveal .slides section.present .cbc-answer')")
        page.wait_for_timeout(200)  # the slide re-laid out (ResizeObserver → resize → reveal.js)


def on_slide(page, index: int) -> None:
    """Wait until slide ``index`` is the present one and the page has drawn it (the decks move with no
    transition, so two frames lay it out)."""
    page.wait_for_function(f"() => ({PRESENT})() === {index}")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def first_widget_slide(deck: str) -> int:
    """The index of the deck's stepper slide, or else of its first class puzzle's."""
    here = slide_of(deck, "DealStepper(")
    return here if here >= 0 else slide_of(deck, "ClassPuzzle(")


def assert_laid_out_by_address(page, screen: dict, deck: str, here: int, attempt: str) -> None:
    """Slide ``here``, opened or reloaded by its address (``#/N``), is the present one, fits ``screen`` and
    is laid out for what its widget drew: centred on the screen, not left where the empty slide was."""
    assert _present(page) == here, f"{deck} #/{here} {attempt}: slide {_present(page)} shows"
    box = assert_fits(page, screen, f"{deck} #/{here} {attempt}")
    assert abs((screen["height"] - box["bottom"]) - box["top"]) < 0.2 * screen["height"], \
        f"{deck} #/{here} {attempt} at {screen['width']}×{screen['height']}: not centred once drawn ({box})"


@pytest.mark.parametrize("deck", DECKS)
def test_every_slide_fits_both_screens_with_its_answer_revealed_and_every_step(offline_page, present_url, deck):
    """One page load per deck (each starts a kernel): opened on the projector at its stepper's (else first
    puzzle's) address, that slide is laid out once drawn; then every slide at each screen, the screen
    changed in place (reveal.js lays out again on the resize)."""
    page, log = offline_page
    page.set_viewport_size(SCREENS[0])
    here = first_widget_slide(deck)
    open_deck(page, present_url, deck, f"#/{here}")
    assert_laid_out_by_address(page, SCREENS[0], deck, here, "opened")
    slides = page.locator(".reveal .slides > section").count()
    for screen in SCREENS:
        page.set_viewport_size(screen)
        page.keyboard.press("Home")  # reveal.js: the first slide
        on_slide(page, 0)
        for index in range(slides):
            assert page.evaluate(PRESENT) == index
            where = f"{deck} #/{index} at {screen['width']}×{screen['height']}"
            reveal_answer(page)
            assert_fits(page, screen, where)
            if page.locator(".reveal .slides section.present .cbs").count():
                walk = page.evaluate(STEP_THROUGH, {"screen": screen, "min": MIN_CARD if screen["width"] == 1920 else 0})
                assert walk["steps"] > 1 and not walk["bad"], \
                    f"{where}: {len(walk['bad'])} of {walk['steps']} steps run off the screen or draw small cards, first: {walk['bad'][:1]}"
                assert not walk["unsettled"], \
                    f"{where}: the stepper did not re-lay the slide out by itself at a step, first: {walk['unsettled'][:1]}"
            page.locator("body").press("PageDown")
            if index + 1 < slides:
                on_slide(page, index + 1)
    assert_offline(log)


def _present(page) -> int:
    return page.evaluate(PRESENT)


def assert_present(page, index: int, message: str) -> None:
    """Slide ``index`` is the present one within three seconds (a key just pressed moves it)."""
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says where the deck is
        page.wait_for_function(f"() => ({PRESENT})() === {index}", timeout=3_000)
    assert _present(page) == index, f"{message}: slide {_present(page)} shows, not {index}"


def test_clicker_keys_move_the_slides_after_a_stepper_button_and_arrows_step_it_only_when_focused(offline_page, present_url):
    page, log = offline_page
    page.set_viewport_size(SCREENS[0])
    deck, here = STEPPER_DECK, slide_of(STEPPER_DECK, "DealStepper(")
    open_deck(page, present_url, deck, f"#/{here}")
    stepper = page.locator(".reveal .slides > section").nth(here).locator(".cbs")  # present or not
    stepper.locator(".cbs-next").click()
    assert stepper.get_attribute("data-step") == "1"
    page.keyboard.press("ArrowRight")  # a clicker sending arrows, right after the button
    assert_present(page, here + 1, "ArrowRight after a stepper button")
    assert stepper.get_attribute("data-step") == "1", "the stepper kept the arrows"
    page.keyboard.press("ArrowLeft")
    assert_present(page, here, "ArrowLeft back to the stepper")
    page.keyboard.press("PageDown")  # the clicker, after the button
    assert_present(page, here + 1, "PageDown after a stepper button")
    page.keyboard.press("PageUp")
    assert_present(page, here, "PageUp back to the stepper")
    assert stepper.get_attribute("data-step") == "1"
    stepper.locator(".cbs-slider").click()  # the slider too gives its focus back
    page.wait_for_function("() => !document.activeElement || !document.activeElement.closest('.cbs')", timeout=3_000)
    moved = stepper.get_attribute("data-step")
    page.keyboard.press("ArrowRight")
    assert_present(page, here + 1, "ArrowRight after the stepper's slider")
    assert stepper.get_attribute("data-step") == moved
    page.keyboard.press("ArrowLeft")
    assert_present(page, here, "ArrowLeft back to the stepper")

    stepper.locator(".cbs-rules").click()  # the teacher clicks into the stepper's region: it takes the arrows
    assert page.evaluate("() => document.activeElement.classList.contains('cbs')")
    assert page.evaluate("() => getComputedStyle(document.activeElement).boxShadow") != "none"  # the focus ring
    before = int(stepper.get_attribute("data-step"))
    page.keyboard.press("ArrowRight")
    assert int(stepper.get_attribute("data-step")) == before + 1 and _present(page) == here
    page.keyboard.press("PageDown")  # even focused, the clicker's PageDown is the slides'
    assert_present(page, here + 1, "PageDown with the stepper focused")
    page.keyboard.press("PageUp")
    assert_present(page, here, "PageUp back to the stepper")
    stepper.locator(".cbs-rules").click()
    page.keyboard.press("Escape")  # leaves the stepper: arrows are the slides' again
    assert not page.evaluate("() => document.activeElement.classList.contains('cbs')")
    page.keyboard.press("ArrowRight")
    assert_present(page, here + 1, "ArrowRight after Escape left the stepper")
    assert int(stepper.get_attribute("data-step")) == before + 1

    puzzle_slide = slide_of(deck, "ClassPuzzle(")
    if puzzle_slide >= 0:  # a class puzzle's reveal button gives its focus back too
        page.keyboard.press("Home")
        for _ in range(puzzle_slide):
            page.keyboard.press("PageDown")
        assert_present(page, puzzle_slide, "Home then PageDown to the class puzzle")
        page.locator(".reveal .slides section.present .cbc-reveal").click()
        page.keyboard.press("PageDown")
        assert_present(page, puzzle_slide + 1, "PageDown after a class puzzle's reveal button")
    assert_offline(log)


def test_a_widget_slide_opened_or_reloaded_by_its_address_is_laid_out_once_drawn(offline_page, present_url):
    """The stepper slide opened by its address on the old screen, then reloaded on the projector (the
    teacher moved to it).  Opened on the projector, every deck's widget slide is checked the same way in
    the test above, on the page load it walks; a reload on the old screen is not checked (the reload lays
    the page out from scratch as the first load does, on whichever screen)."""
    page, log = offline_page
    page.set_viewport_size(SCREENS[1])
    deck, here = STEPPER_DECK, slide_of(STEPPER_DECK, "DealStepper(")
    open_deck(page, present_url, deck, f"#/{here}")
    assert_laid_out_by_address(page, SCREENS[1], deck, here, "opened")
    page.set_viewport_size(SCREENS[0])
    page.reload(wait_until="load", timeout=90_000)
    page.locator(".reveal .slides section.present .cbs").wait_for(timeout=90_000)
    page.wait_for_timeout(300)
    assert_laid_out_by_address(page, SCREENS[0], deck, here, "reloaded")
    # Leaving the first load shuts its kernel down (Voila's shutdown request, which the reload itself
    # cuts short in the browser): that request, and nothing else, may fail.
    log.errors = [e for e in log.errors if not re.fullmatch(r"failed: \S+/voila/api/shutdown/\S+ \(net::ERR_ABORTED\)", e)]
    assert_offline(log)
