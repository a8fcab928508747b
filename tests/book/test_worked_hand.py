"""The worked hand (book/shengji-hand.md): a whole 升级 hand told from the deal to the score.

Checked without building the book: the page stands in the table of contents right after the
scoring chapter, every heading has its label, its code cells run (their asserts tie the prose to
the engine: a change in the engine that makes the prose wrong fails here), the hand it replays is
a legal whole hand (SJ-1 cards conserved, SJ-2 25 cards each, SJ-11 / SJ-12 points and kitty
adding up to 200), and the stepper at its end steps through that very hand.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.reader_text import leaks

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "book" / "shengji-hand.md"


@pytest.fixture(scope="module")
def page() -> dict:
    """The page's code cells run in order in one namespace, as the kernel runs them (display prints)."""
    import jupytext

    namespace: dict = {}
    for number, cell in enumerate(jupytext.read(PAGE).cells):
        if cell.cell_type == "code":
            exec(compile(cell.source, f"{PAGE.name} cell {number}", "exec"), namespace)
    return namespace


def test_the_page_follows_the_scoring_chapter_in_the_table_of_contents():
    import yaml

    files = [chapter["file"] for chapter in yaml.safe_load((REPO / "_toc.yml").read_text())["chapters"]]
    assert "book/shengji-hand" in files
    assert files[files.index("book/shengji-hand") - 1] == "book/shengji-scoring"


def test_every_heading_has_a_label_used_nowhere_else_in_the_book():
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    in_code = False
    labels = []
    for number, line in enumerate(lines):
        in_code ^= line.startswith("```")
        if not in_code and re.match(r"#{1,6} ", line):
            match = re.fullmatch(r"\(([a-z0-9-]+)\)=", lines[number - 1]) if number else None
            assert match, f"{PAGE.name}:{number + 1} heading {line!r} has no (label)= line above it"
            labels.append(match[1])
    others = {label for chapter in (REPO / "book").glob("*.md") if chapter != PAGE
              for label in re.findall(r"^\(([a-z0-9-]+)\)=$", chapter.read_text(encoding="utf-8"), re.MULTILINE)}
    assert len(labels) == len(set(labels)) and not set(labels) & others


def test_the_prose_speaks_as_players_do():
    from tests.book.test_chapter_texts import prose

    assert leaks(prose(PAGE.read_text(encoding="utf-8"))) == []


def test_the_page_executes_and_tells_a_finished_hand(page):
    """Every cell runs, its asserts included; the hand ends with the level change (SJ-12, SG-7)."""
    hand = page["HAND"]
    assert hand.phase == "over" and hand.result is not None


def test_the_replayed_hand_is_a_legal_whole_hand(page):
    """SJ-1: the 108 cards of two decks, each once per deck; SJ-2: 25 cards played by each seat;
    SJ-11, SJ-12: both teams' trick points and the buried kitty make 200, as the engine reports."""
    from cardlib.shengji import TOTAL_POINTS, trick_points
    from cardlib.shengji.hand import FULL_DECK

    hand = page["HAND"]
    assert Counter(hand.all_cards()) == Counter(FULL_DECK)
    played = Counter(seat for trick in hand.tricks for seat, cards in trick.plays for _card in cards)
    assert played == {seat: 25 for seat in range(4)} and not any(hand.hands)
    result = hand.result
    kitty = trick_points(hand.buried)
    assert result.attacker_trick_points + result.defender_trick_points + kitty == TOTAL_POINTS
    assert sum(hand.points) + kitty == TOTAL_POINTS
    assert result.attacker_points == result.attacker_trick_points + result.kitty_points


def test_the_stepper_steps_through_the_same_hand(page):
    """The stepper's plays and tricks (SJ-8, SJ-10) are the page's, card for card."""
    from widgets.stepper import shengji_steps

    hand = page["HAND"]
    steps = shengji_steps(page["SG"], page["SEED"], bots=True)
    plays = [(s["seat"], s["cards"]) for s in steps if s["kind"] == "play"]
    assert plays == [(seat, [str(c) for c in cards]) for trick in hand.tricks for seat, cards in trick.plays]
    assert [s["seat"] for s in steps if s["kind"] == "trick"] == [trick.winner for trick in hand.tricks]
    assert [s["value"] for s in steps if s["kind"] == "kitty_score"] == [hand.result.kitty_points]
