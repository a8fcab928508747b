"""One guide first: a reader follows one 升级 guide, SG until they pick SS under the bar's Rules menu, and the
pages and puzzles follow it; the sources' differences, the book's conventions and the guides' errata sit behind
one remembered switch, "Show where the sources differ", always on in the differences chapter (settings.js
sourcesShown, tools/site/page.css).  A link into a hidden block shows that block.  The chapter's blocks are
marked in its source (``cardbook-sources``, ``cardbook-guide-sg`` / ``-ss``); the puzzles' rules are the
engine's (SG-7 / SS-7 grade the take-over at 80 points differently)."""

from __future__ import annotations

from functools import cache

from playwright.sync_api import expect

from .book_page import SETTINGS_BAR, open_book_page

PAGE = "book/shengji-scoring.html"
DIFFERENCES_PAGE = "book/shengji-differences.html"
#: Blocks of the scoring chapter: SG's kitty rule, SS's, the convention on other take-over lines (C-6), an
#: erratum (SG-E2), and a section that is all erratum (SS-E2's "80 points, listed twice").
SG_RULE, SS_RULE, CONVENTION, ERRATUM, ERRATUM_SECTION = (
    "#rule-sg-6", "#rule-ss-6", "#rule-c-6", "#rule-sg-e2", "#points-listed-twice-by-ss")


@cache
def level_puzzle() -> dict:
    """The chapter's SG-7 puzzle (its spec, as the page embeds it), whose answer depends on the guide."""
    from widgets.puzzle_widget import Puzzle

    return Puzzle.for_rule("SG-7", kind="level_change", differs=True).spec


def answer_only_right_under(ruleset: str) -> str:
    """A key of the SG-7 puzzle that is right under ``ruleset`` and wrong under the other guide."""
    spec = level_puzzle()
    other = next(r["id"] for r in spec["rulesets"] if r["id"] != ruleset)
    return next(key for key in spec["correct"][ruleset] if key not in spec["correct"][other])


def answer(page, ruleset: str) -> str:
    """Answer the SG-7 puzzle with what only ``ruleset`` counts right; the verdict's outcome."""
    widget = page.locator(f'[data-puzzle-id="{level_puzzle()["id"]}"]')
    widget.locator(f'button.cbp-answer[data-key="{answer_only_right_under(ruleset)}"]').click()
    return widget.locator(".cbp-outcome").inner_text()


def shown(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def rules_menu(page):
    """The bar's Rules menu, opened."""
    menu = page.locator(f"{SETTINGS_BAR} details.cb-settings-rules")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    return menu


def test_a_new_reader_follows_sg_with_the_sources_hidden(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE)
    assert shown(page, SG_RULE) and not shown(page, SS_RULE), "SG's rule shows, SS's does not"
    for hidden in (CONVENTION, ERRATUM, ERRATUM_SECTION, ".admonition.cardbook-sources"):
        assert not shown(page, hidden), f"{hidden} shows before the reader asked for the sources"
    assert page.locator("details.cbp-rules").count() == 0, "a puzzle offers a rules menu"
    assert answer(page, "shengji") == "Correct!"
    assert page.locator(".cbp-differs").count() == 0
    menu = rules_menu(page)
    assert menu.locator("[data-control=guide-shengji]").get_attribute("aria-pressed") == "true"
    assert menu.locator("[data-control=differences]").get_attribute("aria-pressed") == "false"
    assert log.errors == []


def test_picking_ss_shows_its_rules_and_grades_by_them_after_a_reload(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE)
    rules_menu(page).locator("[data-control=guide-shuangsheng]").click()
    assert shown(page, SS_RULE) and not shown(page, SG_RULE)
    open_book_page(page, site_url + PAGE)  # remembered
    expect(page.locator(f"{SETTINGS_BAR} details.cb-settings-rules summary")).to_contain_text("SS")
    assert shown(page, SS_RULE) and not shown(page, SG_RULE) and not shown(page, CONVENTION)
    assert answer(page, "shuangsheng") == "Correct!"
    assert log.errors == []


def test_showing_where_the_sources_differ_shows_every_block_and_the_rules_menus(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE)
    rules_menu(page).locator("[data-control=differences]").click()
    for block in (SG_RULE, SS_RULE, CONVENTION, ERRATUM, ERRATUM_SECTION):
        assert shown(page, block), f"{block} is still hidden"
    assert page.locator("details.cbp-rules").count() > 0
    open_book_page(page, site_url + PAGE)  # remembered
    assert shown(page, ERRATUM) and page.locator("details.cbp-rules").count() > 0
    answer(page, "shengji")
    assert page.locator(".cbp-differs").count() == 1, "the verdict does not say the guides grade it differently"
    rules_menu(page).locator("[data-control=differences]").click()
    assert not shown(page, ERRATUM) and page.locator("details.cbp-rules").count() == 0
    assert log.errors == []


#: The page's contents entry of the section that is all erratum (SS-E2).
ERRATUM_ENTRY = f'nav.page-toc a[href="{ERRATUM_SECTION}"]'


def test_the_page_contents_list_only_the_sections_shown(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE)
    assert page.locator(ERRATUM_ENTRY).evaluate("(a) => a.closest('li').hidden"), "a hidden section is in the contents"
    rules_menu(page).locator("[data-control=differences]").click()
    assert not page.locator(ERRATUM_ENTRY).evaluate("(a) => a.closest('li').hidden")
    assert log.errors == []


def test_with_the_differences_shown_each_puzzle_opens_under_the_guide_followed(kept_page, site_url):
    """The dealing chapter opens some puzzles under SS (an SS rule's); outside the differences chapter the
    reader's guide comes first, so with the differences shown every rules menu starts on SG."""
    page, log = kept_page
    open_book_page(page, site_url + "book/shengji-dealing.html")
    rules_menu(page).locator("[data-control=differences]").click()
    chosen = page.locator("details.cbp-rules .cbp-rules-chosen").all_inner_texts()
    assert chosen and all("(SG)" in text for text in chosen), chosen
    assert log.errors == []


def test_the_differences_chapter_always_shows_them(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + DIFFERENCES_PAGE)
    assert "cardbook-sources-shown" in page.evaluate("document.documentElement.className")
    assert page.locator("details.cbp-rules").count() > 0, "its puzzles offer no rules menu"
    switch = rules_menu(page).locator("[data-control=differences]")
    assert switch.get_attribute("aria-pressed") == "true" and switch.is_disabled()
    assert "always show here" in rules_menu(page).inner_text()
    assert log.errors == []


def test_a_link_to_a_hidden_rule_shows_it(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE + SS_RULE)
    assert shown(page, SS_RULE), "the linked rule stays hidden"
    top = page.locator(SS_RULE).evaluate("(e) => e.getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2, f"the linked rule is at {top} px"
    assert not shown(page, CONVENTION), "the link showed more than its block"
    assert "not the guide you follow" in page.locator(SS_RULE).inner_text(), "the shown block does not say why"
    open_book_page(page, site_url + PAGE + "#rule-ss-e2")  # an erratum in a section that is all erratum
    assert shown(page, "#rule-ss-e2") and shown(page, ERRATUM_SECTION)
    assert log.errors == []


def test_the_chinese_edition_names_the_guides_in_chinese(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + "zh/" + PAGE)
    menu = rules_menu(page)
    assert "按《双升》指南（SS）" in menu.locator("[data-control=guide-shuangsheng]").inner_text()
    assert "显示各来源的不同之处" in menu.locator("[data-control=differences]").inner_text()
    assert log.errors == []
