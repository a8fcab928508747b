"""On a phone (320 and 390 px wide) no page of the book, in either edition (English, Chinese under zh/),
scrolls sideways, once its widgets are drawn: hands wrap, trick tables fit, wide tables and code scroll
inside their own box.
Rules: the hands and tricks drawn are SJ-1's cards at SJ-8's seats."""

from __future__ import annotations

import pytest

from .tour import NARROW_WIDTH, PHONE


@pytest.mark.parametrize("width", [NARROW_WIDTH, PHONE["width"]])
def test_no_page_scrolls_sideways_on_a_phone(tour, book_page, width):
    """On the page's one phone visit, opened from disk at 390 px and then narrowed to 320 px
    (tests/browser/tour.py)."""
    visit = tour.phone(book_page)
    seen = visit.sideways[width]
    assert seen["scroll"] <= seen["inner"], (
        f"{book_page} at {width} px is {seen['scroll']} px wide; sticking out: {seen['past']}")
    assert seen["wide"] == [], f"{book_page} at {width} px: cards run off the side: {seen['wide']}"
    assert visit.errors == [], f"{book_page} logged errors {visit.errors}"
