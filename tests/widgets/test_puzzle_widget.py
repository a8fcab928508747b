"""The Puzzle widget in Python: what it carries into a page, and how a kernel answers the front end.

Rules: every spec it carries is engine-graded (see test_puzzle_specs.py); SJ-9 for the follow kind.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

from widgets.front_ends import front_end
from widgets.puzzle_widget import Puzzle
from widgets.puzzles import KINDS, PuzzleError, make_puzzle


class Recorder(Puzzle):
    """A Puzzle whose messages to the front end are recorded instead of sent."""

    def send(self, content, buffers=None):  # the ipywidgets signature
        self.sent = [*getattr(self, "sent", []), content]


def test_widget_carries_the_shown_spec_and_a_packed_bank_of_its_kind():
    widget = Puzzle("pick_follow")
    assert widget.spec == make_puzzle("pick_follow", 0)
    bank = widget.bank_specs()
    assert len(bank) == 21 and {s["kind"] for s in bank} == {"pick_follow"}
    assert widget.get_state()["spec"]["kind"] == "pick_follow"


def test_the_shown_puzzle_is_always_in_the_bank_and_the_packed_bank_is_the_same_for_every_puzzle_of_a_kind():
    """Every puzzle a static page shows can be linked: a seed beyond the bank leads it; the packed bank
    itself stays the kind's (a page stores one copy)."""
    beyond, inside = Puzzle("calling", seed=44), Puzzle("calling", seed=4)
    assert beyond.bank_specs()[0] == make_puzzle("calling", 44) and len(beyond.bank_specs()) == 22
    assert [s["id"] for s in inside.bank_specs()].count("calling:4") == 1 and inside.bank_specs()[0]["id"] == "calling:4"
    assert beyond.bank == inside.bank
    assert sorted(s["id"] for s in inside.bank_specs()) == sorted(f"calling:{seed}" for seed in range(21))


def test_each_puzzle_gets_the_next_slot_of_its_kind_in_this_kernel():
    made = Puzzle._made["ys_deal"]
    first, second = Puzzle("ys_deal", bank_size=1), Puzzle.for_rule("YS-1", kind="ys_deal", bank_size=1)
    other = Puzzle("ys_draw", bank_size=1)
    assert (first.slot, second.slot) == (f"ys_deal-{made + 1}", f"ys_deal-{made + 2}")
    assert other.slot.startswith("ys_draw-") and first.get_state()["slot"] == first.slot
    assert Puzzle("ys_deal", bank_size=1, slot="intro").slot == "intro"


def test_lang_is_the_default_language_and_anything_else_is_refused():
    assert Puzzle("shape", bank_size=1, lang="zh").lang == "zh"
    with pytest.raises(PuzzleError, match="unknown language 'fr'"):
        Puzzle("shape", bank_size=1, lang="fr")


def test_a_seed_picks_the_shown_puzzle():
    assert Puzzle("shape", seed=7).spec["id"] == "shape:7"


def test_kernel_answers_hello_and_makes_a_fresh_puzzle_of_the_asked_difficulty():
    widget = Recorder("trick_winner")
    widget._on_message(widget, {"type": "hello"}, [])
    assert widget.sent == [{"type": "live"}]
    before = widget.spec["id"]
    widget._on_message(widget, {"type": "new", "difficulty": "hard"}, [])
    assert widget.spec["id"] != before and widget.spec["difficulty"] == "hard"
    widget._on_message(widget, {"type": "load", "seed": 44}, [])
    assert widget.spec == make_puzzle("trick_winner", 44)


def test_kernel_ignores_malformed_messages():
    widget = Recorder("calling")
    before = widget.spec
    for message in ("junk", {"type": "load", "seed": -3}, {"type": "load", "seed": "x"}, {"type": "other"}):
        widget._on_message(widget, message, [])
    assert widget.spec == before


def test_new_puzzle_refuses_an_unknown_difficulty():
    with pytest.raises(PuzzleError, match="unknown difficulty"):
        Puzzle("level_change").new_puzzle("impossible")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_makes_a_widget(kind):
    assert Puzzle(kind, bank_size=3).spec["kind"] == kind


@pytest.mark.parametrize("name", ["puzzle.js", "stepper.js", "class_puzzle.js", "class_session.js", "card_hand.js",
                                  "tutor.js", "join.js"])
def test_front_end_is_one_self_contained_module(name):
    """Loaded from a Blob URL, where a relative import cannot resolve: no import statements; the shared modules
    bundled in, once."""
    source = front_end(name)
    assert not re.search(r"^\s*import\b|\bimport\s*\(|\bfrom\s*[\"']", source, re.MULTILINE)
    assert len(re.findall(r"\bexport\s+default\b|\bas default\b", source)) == (name != "join.js")
    assert source.count("function h(") == 1
    assert source.count("const CARD_FACES = ") == ("function cardFace(" in source)  # one drawing of a card
