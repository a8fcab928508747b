"""Class puzzles: F's engine-made specs, graded under the address's ruleset, calm on errors.

Rules: SG-7 / SS-7 (level_change puzzles grade differently), SG-6 / SS-6 (kitty_score).
"""

from __future__ import annotations

import pytest

from tests.reader_text import leaks, spec_texts
from widgets.class_puzzle import ClassPuzzle, ruleset_choice
from widgets.puzzles import KINDS, make_puzzle
from widgets.puzzles.spec import PuzzleError
from widgets.query import parse_query


def _first_differing_seed(kind):
    return next(seed for seed in range(300) if (lambda s: s["correct"]["shengji"] != s["correct"]["shuangsheng"])(
        make_puzzle(kind, seed)))


def test_sg7_ss7_the_address_picks_the_ruleset_whose_verdict_is_revealed(monkeypatch):
    seed = _first_differing_seed("level_change")
    monkeypatch.setenv("QUERY_STRING", "rules=shengji")
    sg = ClassPuzzle("level_change", seed=seed)
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng")
    ss = ClassPuzzle("level_change", seed=seed)
    assert (sg.ruleset, ss.ruleset) == ("shengji", "shuangsheng")
    assert sg.spec == ss.spec and sg.spec["correct"]["shengji"] != ss.spec["correct"]["shuangsheng"]
    assert "SG" in sg.rules_label["en"] and "SS" in ss.rules_label["en"] and ss.rules_label["zh"].startswith("规则")


def test_ss7_variant_fields_pick_the_matching_graded_variant_or_say_what_is_missing():
    spec = make_puzzle("level_change", 16)
    assert ruleset_choice(spec, parse_query("rules=shuangsheng&takeover_line=85")) == ("ss-line-85", {})
    rid, note = ruleset_choice(spec, parse_query("rules=shuangsheng&throws=true"))
    assert rid == "shuangsheng" and "throws (甩牌): allowed" in note["en"] and "甩牌：允许" in note["zh"]
    assert leaks(note["en"]) == [] and leaks(note["zh"]) == []
    assert ruleset_choice(make_puzzle("ys_challenge", 1), parse_query("rules=shuangsheng")) == ("yishang", {})


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_sj_every_kind_gives_a_class_puzzle_with_a_correct_answer(kind, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = ClassPuzzle(kind, seed=1)
    assert widget.error == {} and widget.spec["correct"][widget.ruleset]


def test_sj_another_one_comes_from_the_engine_and_bad_input_is_calm(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = ClassPuzzle("calling", seed=1)
    first = widget.spec["id"]
    widget._on_message(widget, {"type": "another"}, [])
    assert widget.spec["id"] != first and widget.spec["kind"] == "calling"
    monkeypatch.setenv("QUERY_STRING", "rules=shengji&throws=maybe")  # a field of the ruleset, a value it has not
    calm = ClassPuzzle("calling", seed=1)
    assert calm.spec == {} and "maybe" in calm.error["en"] and "Traceback" not in calm.error["en"]
    with pytest.raises(PuzzleError):
        ClassPuzzle("chess")


#: The class puzzles the decks show (teacher/decks/*.md), kind and seed.
DECK_PUZZLES = [("ys_challenge", 1), ("ys_state", 2), ("highest", 1), ("shape", 2), ("calling", 17),
                ("follow_legal", 4), ("pick_follow", 1), ("trick_winner", 2), ("kitty_score", 1), ("level_change", 16)]


@pytest.mark.parametrize("kind, seed", DECK_PUZZLES)
@pytest.mark.parametrize("query", ["rules=shengji", "rules=shuangsheng&throws=true"])
def test_sj_ys_what_the_room_reads_names_cards_seats_and_rules_as_players_do(kind, seed, query, monkeypatch):
    """Every rule a deck's puzzle cites (SJ-…, SG-/SS-…, YS-…): the rules line, the note, the question,
    the answers' labels, the display and the reasons hold no card code, seat number or engine name."""
    monkeypatch.setenv("QUERY_STRING", query)
    widget = ClassPuzzle(kind, seed=seed)
    texts = [("rules", widget.rules_label[lang]) for lang in ("en", "zh")]
    texts += [("note", widget.note[lang]) for lang in ("en", "zh") if widget.note]
    texts += list(spec_texts(widget.spec))
    assert [f"{where}: {text!r} {leaks(text)}" for where, text in texts if leaks(text)] == []
