"""Every Chinese text on every page of both editions, widgets included, is inside an element marked
lang="zh…", so a screen reader speaks it in Chinese and the browser picks a Chinese font (and the
English edition's widgets speak English, the Chinese edition's Chinese)."""

from __future__ import annotations


def test_every_chinese_text_is_marked_zh(tour, book_page):
    """On the page's one desktop visit (tests/browser/tour.py): widgets, bar and chapter text alike."""
    seen = tour.desktop(book_page).chinese
    assert seen["total"] > 0, f"{book_page} shows no Chinese at all: the check would prove nothing"
    assert seen["found"] == [], (f"{book_page}: {len(seen['found'])} of {seen['total']} Chinese texts unmarked, "
                                 f"e.g. {seen['found'][:8]}")
