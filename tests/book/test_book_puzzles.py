"""Every puzzle the built book stores (each widget's shown puzzle and its bank), measured as a reader
meets them (a puzzle is worth solving only if guessing does not pay): per kind, no single answer
is right in more than 60% of them under each
document's preset, and no position shows a card more often than two decks hold (SJ-1)."""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import cache
from pathlib import Path

from tests.book.test_book_texts import page_specs
from tests.widgets.test_puzzle_positions import SHOWN
from widgets.puzzles.measure import MAX_SHARE, top_share

PRESETS = ("shengji", "shuangsheng", "yishang")


def stored_puzzles(built_book, book_pages) -> dict[str, list[dict]]:
    """The distinct puzzles stored in the book's pages, by kind (read once per session)."""
    return _stored(str(built_book), tuple(book_pages))


@cache
def _stored(built_book: str, book_pages: tuple[str, ...]) -> dict[str, list[dict]]:
    found: dict[str, dict] = {}
    for page in book_pages:
        for spec in page_specs((Path(built_book) / page).read_text(encoding="utf-8")):
            found[spec["id"]] = spec
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for spec in found.values():
        by_kind[spec["kind"]].append(spec)
    return by_kind


def test_no_answer_is_right_in_most_of_a_kinds_puzzles_in_the_book(built_book, book_pages):
    by_kind = stored_puzzles(built_book, book_pages)
    assert len(by_kind) >= 20, sorted(by_kind)
    over = [f"{kind} under {preset}: {answer!r} right in {share:.0%} of {count}"
            for kind, specs in sorted(by_kind.items())
            for preset, (answer, share, count) in top_share(specs, 10).items()
            if preset in PRESETS and share > MAX_SHARE]
    assert not over, over


def test_no_puzzle_in_the_book_shows_a_card_more_often_than_two_decks_hold_SJ_1(built_book, book_pages):
    by_kind = stored_puzzles(built_book, book_pages)
    bad = [f"{spec['id']}: {card} ×{n}" for kind, specs in by_kind.items() if kind in SHOWN
           for spec in specs for card, n in Counter(SHOWN[kind](spec["position"])).items() if n > 2]
    assert not bad, bad
