"""The built book in a real browser, offline: over http and from file://.

Every page loads with zero requests to any other host and zero console errors, and every
widget on a page renders its DOM from the state stored in the page (no kernel).
Rules: the widget shows cards of the deck (SJ-1) and lets the reader pick (YS-7).
"""

from __future__ import annotations

import pytest

WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


def open_page(page, url: str) -> None:
    page.goto(url, wait_until="load")
    views = page.locator(WIDGET_VIEW).count()
    if views:
        # html-manager replaces each view script with a rendered widget area.
        page.wait_for_function(
            f"document.querySelectorAll('.widget-subarea > *').length >= {views}", timeout=20_000)
    page.wait_for_load_state("networkidle")


def page_url(scheme: str, site_url: str, built_book, book_page: str) -> str:
    return site_url + book_page if scheme == "http" else (built_book / book_page).as_uri()


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_every_page_loads_offline_without_console_errors(offline_page, site_url, built_book, book_page, scheme):
    page, log = offline_page
    open_page(page, page_url(scheme, site_url, built_book, book_page))
    assert log.blocked == [], f"{book_page} asked other hosts for {log.blocked}"
    assert log.errors == [], f"{book_page} logged errors {log.errors}"


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_sj1_card_widget_renders_and_picks_cards_in_a_static_page(offline_page, site_url, built_book, scheme):
    page, log = offline_page
    open_page(page, page_url(scheme, site_url, built_book, "book/intro.html"))
    cards = page.locator(".cardbook-hand button.cardbook-card")
    assert cards.count() == 6
    assert cards.first.get_attribute("aria-label") == "ace of spades"
    assert cards.first.locator("svg[role=img]").count() == 1
    cards.nth(4).click()
    assert cards.nth(4).get_attribute("aria-pressed") == "true"
    assert page.locator(".cardbook-hand-status").inner_text() == "Selected: 10 of hearts"
    assert log.blocked == [] and log.errors == []


def test_offline_guard_blocks_and_records_other_hosts(offline_page):
    """The guard itself: a page that asks another host is caught, so the tests above can fail."""
    page, log = offline_page
    page.set_content('<img src="https://example.org/card.png">')
    page.wait_for_load_state("networkidle")
    assert log.blocked == ["https://example.org/card.png"]
