"""The switch between the book's two editions: the settings bar's 中文 / English button is the
link to the page's counterpart in the other language, both ways; it stores that language as the book-wide
setting, so the puzzles of the page it lands on speak it; a page's edition wins over the stored setting on
arrival; the Chinese search page finds Chinese words.  The tests over http that store no language
before the page opens share one kept tab (``kept_page``, tests/browser/conftest.py).
Rules: the puzzles are SJ-8 … SJ-10's (calling and burying, on the dealing page)."""

from __future__ import annotations

import pytest

from .book_page import SETTINGS_BAR, open_book_page, read_in, settle

PAGE = "book/shengji-dealing.html"
#: The lang of every puzzle root on the page.
PUZZLE_LANGS = "() => [...document.querySelectorAll('[data-puzzle-kind]')].map((r) => r.closest('[lang]')?.lang || '')"
STORED_LANG = "() => JSON.parse(localStorage.getItem('cardbook-settings') || '{}').lang"


def language_link(page):
    return page.locator(f"{SETTINGS_BAR} a[data-control=lang]")


def switch(page, to: str) -> None:
    """Follow the bar's language link (once the page has loaded everything, its icon too) to ``to``."""
    page.wait_for_load_state("networkidle")
    language_link(page).click()
    page.wait_for_url(to)
    settle(page)


def assert_puzzles_speak(page, lang: str) -> None:
    langs = page.evaluate(PUZZLE_LANGS)
    assert langs, f"{page.url} shows no puzzle: the check would prove nothing"
    assert all(found.startswith(lang) for found in langs), f"{page.url}: puzzles in {set(langs)}, not {lang}"


def test_the_switch_goes_to_the_counterpart_and_back_and_sets_the_widgets_language(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + PAGE + "#rule-sg-1")
    assert_puzzles_speak(page, "en")
    link = language_link(page)
    name = link.locator("span[lang]")
    assert (link.inner_text(), name.get_attribute("lang"), link.get_attribute("hreflang")) == ("中文", "zh-Hans", "zh-Hans")
    assert link.get_attribute("title").startswith("本页的中文版"), "the link's title is the page's language"
    switch(page, site_url + "zh/" + PAGE + "#rule-sg-1")  # the same anchor, in the other edition
    assert page.evaluate("document.documentElement.lang").startswith("zh")
    assert page.evaluate(STORED_LANG) == "zh"
    assert_puzzles_speak(page, "zh")
    assert language_link(page).inner_text() == "English"
    assert page.locator(f"{SETTINGS_BAR} [data-control=progress]").inner_text().startswith("进度")
    switch(page, site_url + PAGE + "#rule-sg-1")
    assert page.evaluate(STORED_LANG) == "en"
    assert_puzzles_speak(page, "en")
    assert log.errors == [] and log.blocked == []


@pytest.mark.parametrize(("stored", "edition", "lang"), [("en", "zh/", "zh"), ("zh", "", "en")])
def test_the_edition_wins_over_the_stored_language_on_arrival(offline_page, site_url, stored, edition, lang):
    page, log = offline_page
    read_in(page, stored)
    open_book_page(page, site_url + edition + PAGE)
    assert_puzzles_speak(page, lang)
    assert page.evaluate("document.documentElement.dataset.cardbookLang") == lang
    assert log.errors == []


def test_the_switch_works_from_disk(offline_page, built_book):
    page, log = offline_page
    open_book_page(page, (built_book / "zh" / PAGE).as_uri())
    switch(page, (built_book / PAGE).as_uri())
    assert_puzzles_speak(page, "en")
    assert log.errors == [] and log.blocked == []


@pytest.mark.parametrize("word", ["拖拉机", "抠底"])
def test_the_chinese_search_page_finds_chinese_words(kept_page, site_url, word):
    page, log = kept_page
    page.goto(f"{site_url}zh/search.html?q={word}", wait_until="load")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20_000)
    assert results.count() >= 1
    assert page.locator("#search-results").inner_text().count(word) >= 1
    assert log.errors == [] and log.blocked == []
