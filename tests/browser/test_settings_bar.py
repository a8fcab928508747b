"""The book's one settings bar (settings.js settingsBar(), mounted by tools/site/page.js in the
theme's article header): on every page, on one row in both editions; its 中文 / English control is the
link to the page in the other edition (tests/browser/test_language_switch.py follows it); the
four-colour toggle recolours the chapters' cards and the puzzles' alike; the rules menu is
tests/browser/test_one_guide.py's; export and import live in one menu; stored data of any shape breaks
neither the bar nor grading.  The tests that open pages of their own share one kept tab (``kept_page``,
tests/browser/conftest.py), each starting with empty storage.  Rules: the cards are SJ-1's deck."""

from __future__ import annotations

import pytest

from .book_page import SETTINGS_BAR, open_book_page, settle

#: Two pages with puzzles and with chapter cards of both red suits (♦ among them).
PUZZLE_PAGE, OTHER_PAGE = "book/shengji-dealing.html", "book/yishang.html"
#: Ink of a diamond's text: two-colour red, four-colour blue (cardlib.render TWO_COLOURS / FOUR_COLOURS).
RED, BLUE = "rgb(200, 16, 46)", "rgb(31, 95, 191)"

#: The lang of every puzzle root on the page.
PUZZLE_LANGS = "() => [...document.querySelectorAll('[data-puzzle-kind]')].map((r) => r.closest('[lang]')?.lang || '')"


def bar(page):
    return page.locator(SETTINGS_BAR)


def language_button(page):
    return bar(page).locator("[data-control=lang]")


def follow_language_link(page) -> None:
    """Follow the bar's language link to the other edition and wait until that page has settled."""
    page.wait_for_load_state("networkidle")
    before = page.url
    language_button(page).click()
    page.wait_for_url(lambda url: url != before)
    settle(page)


def diamond_fill(page, within: str) -> str:
    """The computed fill of the first ♦ card's text drawn inside ``within``."""
    text = page.locator(f"{within} svg.cardlib-suit-d text").first
    return text.evaluate("(t) => getComputedStyle(t).fill")


def test_the_bar_is_in_the_header_of_every_page(tour, book_page):
    """On the page's one desktop visit (tests/browser/tour.py)."""
    visit = tour.desktop(book_page)
    seen = visit.bar
    assert seen["inHeader"] == 1, f"{book_page} has {seen['inHeader']} settings bars in its header"
    other = "English" if book_page.startswith("zh/") else "中文"  # the control names the other edition
    assert seen["lang"] == other
    assert seen["fourButtons"] == 1
    assert seen["inPage"] == 1, f"{book_page} shows a second settings bar"
    assert seen["height"] > 0
    assert visit.errors == [], f"{book_page} logged errors {visit.errors}"


@pytest.mark.parametrize("width", [320, 390, 1366])
def test_the_bar_fits_the_header_on_one_row_in_both_languages(kept_page, site_url, width):
    page, _log = kept_page
    page.set_viewport_size({"width": width, "height": 800})
    open_book_page(page, site_url + PUZZLE_PAGE)
    for label in ("中文", "English"):
        assert language_button(page).inner_text() == label
        header = page.locator(".bd-header-article").bounding_box()
        for name in ("lang", "four", "rules", "progress"):
            box = bar(page).locator(f"[data-control={name}]").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{name} leaves the {width} px page: {box}"
            assert header["y"] <= box["y"] and box["y"] + box["height"] <= header["y"] + header["height"], (
                f"{name} falls out of the {header['height']} px header at {width} px ({label}): {box}")
            assert box["height"] >= 24 and box["width"] >= 24, f"{name}: a touch target under 24 px (WCAG 2.5.8)"
        if label == "中文":
            follow_language_link(page)


def test_a_link_to_a_puzzle_the_page_lacks_says_so_calmly_in_both_languages(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE + "#puzzle=no_such_kind-9/no_such_kind:1")
    notice = page.locator(".bd-article [data-cardbook-page-notice][role=status]")
    assert notice.count() == 1
    page.wait_for_function("(n) => n.textContent.includes(\"doesn't have\")", arg=notice.element_handle(),
                           timeout=10_000)
    assert "不在本页" in notice.locator('[lang="zh-Hans"]').inner_text()
    assert notice.is_visible() and notice.bounding_box()["y"] < 400, "the notice is not at the top of the article"
    assert log.errors == []


def test_a_link_to_a_puzzle_the_page_has_shows_no_notice(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE)
    slot = page.locator("[data-puzzle-slot]").last.get_attribute("data-puzzle-slot")
    puzzle_id = page.locator("[data-puzzle-slot]").last.get_attribute("data-puzzle-id")
    open_book_page(page, f"{site_url}{PUZZLE_PAGE}#puzzle={slot}/{puzzle_id}")
    page.wait_for_timeout(5_000)  # past the page script's wait for the linked puzzle
    assert page.locator("[data-cardbook-page-notice]").inner_text().strip() == ""
    assert log.errors == []


def test_chinese_puzzles_hold_across_the_chinese_edition_and_reloads(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE)
    follow_language_link(page)
    for url in (site_url + "zh/" + OTHER_PAGE, site_url + "zh/" + OTHER_PAGE, site_url + "zh/" + PUZZLE_PAGE):
        open_book_page(page, url)  # a new page, a reload, back
        langs = page.evaluate(PUZZLE_LANGS)
        assert langs and all(lang.startswith("zh") for lang in langs), f"{url}: puzzles in {set(langs)}"
        assert language_button(page).inner_text() == "English"
    assert log.errors == []


def test_four_colours_recolour_the_chapter_cards_and_the_puzzles(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE)
    chapter = ".cell_output:not(:has([data-puzzle-kind]))"
    puzzles = "[data-puzzle-kind]"
    assert page.locator(f"{puzzles} svg.cardlib-suit-d").count(), f"{PUZZLE_PAGE}: no puzzle shows a ♦ card"
    assert (diamond_fill(page, chapter), diamond_fill(page, puzzles)) == (RED, RED)
    four = bar(page).locator("button[data-control=four]")
    four.click()
    assert four.get_attribute("aria-pressed") == "true"
    assert (diamond_fill(page, chapter), diamond_fill(page, puzzles)) == (BLUE, BLUE)
    open_book_page(page, site_url + OTHER_PAGE)
    assert diamond_fill(page, chapter) == BLUE, "the four-colour deck was forgotten on the next page"
    bar(page).locator("button[data-control=four]").click()
    assert diamond_fill(page, chapter) == RED
    assert log.errors == []


def test_export_and_import_live_in_one_menu(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE)
    menu = bar(page).locator("details.cb-settings-progress")
    assert menu.count() == 1
    for name in ("export", "import"):
        assert menu.locator(f"[data-control={name}]").count() == 1
        assert page.locator(f"[data-control={name}]").count() == 1, f"a second {name} control on the page"
    assert not menu.locator("[data-control=export]").is_visible(), "the menu's items show before it is opened"
    menu.locator("summary").click()
    assert menu.locator("[data-control=export]").is_visible() and menu.locator("[data-control=import]").is_visible()
    visible_file_inputs = page.locator("input[type=file]:visible")
    assert visible_file_inputs.count() == 0, "a browser 'Choose File' button shows"
    with page.expect_download() as download:
        menu.locator("[data-control=export]").click()
    assert download.value.suggested_filename.endswith(".json")
    assert log.errors == []


@pytest.mark.parametrize("stored", [
    {"cardbook-settings": "[1,2"},
    {"cardbook-settings": '{"lang": 7, "fourColour": "yes"}', "cardbook-puzzle-progress": '"lots"'},
    {"cardbook-puzzle-progress": '{"trick_winner": "lots", "deal": {"solved": -1, "streak": "2"}}'},
    {"cardbook-puzzle-progress": "[1,2"},
], ids=["settings-unreadable", "wrong-types", "progress-entries-wrong", "progress-unreadable"])
def test_stored_data_of_any_shape_breaks_neither_the_bar_nor_grading(kept_page, site_url, stored):
    page, log = kept_page
    open_book_page(page, site_url + PUZZLE_PAGE)
    page.evaluate("(stored) => Object.entries(stored).forEach(([k, v]) => localStorage.setItem(k, v))", stored)
    open_book_page(page, site_url + PUZZLE_PAGE)
    assert language_button(page).inner_text() == "中文"
    puzzle = page.locator("[data-puzzle-kind]:has(button.cbp-answer)").first
    puzzle.locator("button.cbp-answer").first.click()
    verdict = puzzle.locator('[role="status"]').first
    page.wait_for_function("(v) => v.textContent.trim().length > 0", arg=verdict.element_handle(), timeout=5_000)
    bar(page).locator("summary[data-control=progress]").click()
    assert "answered" in bar(page).locator(".cb-settings-totals").inner_text()
    follow_language_link(page)
    assert language_button(page).inner_text() == "English"
    assert log.errors == [], f"errors with stored {stored}: {log.errors}"
