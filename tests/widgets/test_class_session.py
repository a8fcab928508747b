"""The teacher's class-mode widgets on the Python side: the join slide names its deck, a panel
follows its class puzzle (spec, ruleset, "another one") without the puzzle knowing, and bad
arguments get clear errors.

Rules: SG-7 / SS-7 (level_change:16 grades differently under the two guides), YS-9.
"""

from __future__ import annotations

import doctest

import pytest

import widgets.class_session
from widgets.class_puzzle import ClassPuzzle
from widgets.class_session import ClassPanel, ClassSession
from widgets.query import parse_query


def test_the_module_examples_hold():
    assert doctest.testmod(widgets.class_session).failed == 0


def test_ys9_a_panel_follows_another_puzzle_of_its_slide():
    puzzle = ClassPuzzle("ys_challenge", seed=1, lang="en")
    panel = ClassSession("1-yishang").attach(puzzle)
    assert isinstance(panel, ClassPanel) and panel.part == "panel" and panel.deck == "1-yishang"
    assert panel.spec == puzzle.spec and panel.spec["correct"]  # the whole spec, answers included, for grading
    puzzle.another()
    assert panel.spec["id"] == puzzle.spec["id"] != "ys_challenge:1"
    assert panel.slide == "1-yishang#ys_challenge:1"  # the slide keeps its name across puzzles


def test_sg7_ss7_the_panel_posts_the_ruleset_the_address_grades_under():
    spec_rules = {name: ClassPuzzle("level_change", seed=16, rules=parse_query(f"rules={name}")) for name in ("shengji", "shuangsheng")}
    session = ClassSession("5-shengji-scoring-levels")
    panels = {name: session.attach(puzzle) for name, puzzle in spec_rules.items()}
    assert {name: panel.ruleset for name, panel in panels.items()} == {"shengji": "shengji", "shuangsheng": "shuangsheng"}
    sg, ss = (panels[name].spec["correct"][panels[name].ruleset] for name in ("shengji", "shuangsheng"))
    assert sg != ss


def test_the_address_language_reaches_the_join_slide_and_its_panels(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng&lang=zh")
    session = ClassSession("2-shengji-cards-trumps")
    assert (session.lang, session.part) == ("zh", "join")
    assert session.attach(ClassPuzzle("count_trumps", seed=3), slide="trumps").slide == "2-shengji-cards-trumps#trumps"
    assert session.attach(ClassPuzzle("count_trumps", seed=3)).lang == "zh"
    monkeypatch.setenv("QUERY_STRING", "")
    assert ClassSession("2-shengji-cards-trumps").lang == ""


@pytest.mark.parametrize("deck", ["", "../etc", "a deck", "x" * 81, 7])
def test_a_bad_deck_name_is_refused_in_words(deck):
    with pytest.raises(ValueError, match="a class needs a deck name such as '1-yishang'"):
        ClassSession(deck)


def test_attach_takes_a_class_puzzle_and_a_plain_slide_key():
    session = ClassSession("1-yishang")
    with pytest.raises(TypeError, match="attach takes a ClassPuzzle, not dict"):
        session.attach({"id": "ys_state:2"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a slide key such as"):
        session.attach(ClassPuzzle("ys_state", seed=2), slide="two words")


def test_both_parts_share_one_front_end_with_the_shared_drawing_code():
    session = ClassSession("1-yishang")
    panel = session.attach(ClassPuzzle("ys_state", seed=2))
    assert session._esm == panel._esm and "function cardChips" in session._esm and "cardbook-class/api/" in session._esm
    assert ".ccs-qr" in session._css and ".cb-card" in session._css
