"""On a phone (320 and 390 px wide) no page of the book, in either edition (English, Chinese under zh/),
scrolls sideways, once its widgets are drawn: hands wrap, trick tables fit, wide tables and code scroll
inside their own box (issue 11).
Rules: the hands and tricks drawn are SJ-1's cards at SJ-8's seats."""

from __future__ import annotations

import pytest

from .book_page import open_book_page

#: Page width, and every drawn hand or trick (outside a table, which may scroll in its own box)
#: that runs past the page or past the box that scrolls it.
MEASURE = """() => {
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const box = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (scrolls(p)) return p; return null; };
  const right = (el) => el ? el.getBoundingClientRect().left + el.clientWidth : document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll(".cardlib-hand, .cardlib-trick, .cardlib-plays")) {
    if (el.closest("table") || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const limit = Math.min(right(box(el)), document.documentElement.clientWidth);
    if (r.right > limit + 1) {
      wide.push(`${el.className} (${el.getAttribute("aria-label")}) ends at ${Math.round(r.right)} px, `
                + `its box at ${Math.round(limit)} px`);
    }
  }
  const past = [...document.querySelectorAll("body *")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width && r.right > window.innerWidth + 1 && !box(el) && getComputedStyle(el).position !== "fixed";
  }).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).trim().replace(/ +/g, ".")}`);
  return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, wide, past };
}"""


@pytest.mark.parametrize("width", [320, 390])
def test_no_page_scrolls_sideways_on_a_phone(offline_page, site_url, book_page, width):
    page, log = offline_page
    page.set_viewport_size({"width": width, "height": 800})
    open_book_page(page, site_url + book_page)
    seen = page.evaluate(MEASURE)
    assert seen["scroll"] <= seen["inner"], (
        f"{book_page} at {width} px is {seen['scroll']} px wide; sticking out: {seen['past']}")
    assert seen["wide"] == [], f"{book_page} at {width} px: cards run off the side: {seen['wide']}"
    assert log.errors == [], f"{book_page} logged errors {log.errors}"
