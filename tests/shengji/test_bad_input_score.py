"""Bad input to the scoring questions (SJ-2, SJ-7, SJ-11, SJ-12, SG-1, SG-7, SG-8) gets one clear
CardlibError that names the problem, never a traceback from deep inside or a wrong answer."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.check import answer_case
from cardlib.errors import CardlibError
from cardlib.rule_ids import RuleId

HAND = "S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA D3"
KITTY = "BJ LJ C5 C5 C10 CK D4 D5"
VALID = {
    "trick_points": {"cards": "S5 H10 DK"},
    "kitty_score": {"level": "2", "trump": "S", "kitty": KITTY, "last_trick": ["HA", "H3", "D6", "C8"],
                    "last_trick_winner_team": "attackers"},
    "level_change": {"attacker_points": 85},
    "calling": {"level": "2", "calls": [{"seat": 1, "cards": "H2"}, {"seat": 2, "cards": "S2 S2"}],
                "first_hand": True, "kitty": KITTY},
    "deal": {"dealer": 1},
    "bury": {"level": "2", "trump": "S", "hand": HAND, "kitty": KITTY, "bury": "BJ LJ C5 C5 C10 CK S5 SK"},
    "after_hand": {"dealer": 0, "levels": ["2", "5"], "attacker_points": 40},
}
JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=False) |
                    st.text(max_size=12) | st.sampled_from(["S2", "BJ BJ BJ", "XX", "H2 H2", "none", "10"]),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=12)


def case(question, **changes):
    built = {"id": "t", "question": question, **copy.deepcopy(VALID[question])}
    built.update(changes)
    return built


@pytest.mark.parametrize("question", sorted(VALID))
def test_every_valid_base_case_is_answered_with_a_rule(question):
    _answer, reason = answer_case(case(question))
    assert isinstance(reason.rule, RuleId) and reason.en and reason.zh


@settings(max_examples=examples(200), deadline=None)
@given(question=st.sampled_from(sorted(VALID)), data=st.data())
def test_fuzzed_fields_give_an_answer_or_a_cardlib_error(question, data):
    built = case(question)
    field = data.draw(st.sampled_from(sorted(VALID[question]) + ["extra"]))
    if data.draw(st.booleans()) and field in built:
        del built[field]
    else:
        built[field] = data.draw(JSON)
    try:
        _answer, reason = answer_case(built)
    except CardlibError as error:
        assert str(error)
    else:
        assert isinstance(reason.rule, RuleId)


@pytest.mark.parametrize("question, changes, message", [
    ("trick_points", {"cards": "S5 X9"}, "bad card 'X9'"),
    ("trick_points", {"cards": "S5 S5 S5"}, "3 copies of S5"),
    ("kitty_score", {"kitty": "S5 S6"}, "must hold 8 cards"),
    ("kitty_score", {"last_trick": ["HA", "H3 H4", "D6", "C8"]}, "play 1"),
    ("kitty_score", {"last_trick": ["C5", "H3", "D6", "C8"]}, "3 copies of C5"),
    ("kitty_score", {"last_trick_winner_team": "dealer"}, "attackers"),
    ("kitty_score", {"last_trick": "HA H3"}, "list of plays"),
    ("level_change", {"attacker_points": 83}, "multiple of 5"),
    ("level_change", {"attacker_points": -5}, "at least 0"),
    ("calling", {"calls": [{"seat": 5, "cards": "H2"}]}, "seat"),
    ("calling", {"calls": [{"seat": 1, "cards": ""}]}, "no cards"),
    ("calling", {"calls": [{"seat": 1, "card": "H2"}]}, "exactly"),
    ("calling", {"first_hand": "yes"}, "true or false"),
    ("calling", {"kitty": "S2"}, "must hold 8 cards"),
    ("deal", {"dealer": "north"}, "seat"),
    ("bury", {"bury": "BJ"}, "exactly 8"),
    ("bury", {"bury": "BJ BJ C5 C5 C10 CK S5 SK"}, "cannot bury big joker 2 times"),
    ("bury", {"hand": "S3"}, "must hold 25 cards"),
    ("after_hand", {"levels": ["2"]}, "two ranks"),
    ("after_hand", {"levels": ["2", "Z"]}, "bad rank"),
    ("after_hand", {"colour": "red"}, "unknown field 'colour'"),
])
def test_named_errors(question, changes, message):
    with pytest.raises(CardlibError, match=message):
        answer_case(case(question, **changes))


def test_a_missing_field_is_named():
    built = case("deal")
    del built["dealer"]
    with pytest.raises(CardlibError, match="needs the field 'dealer'"):
        answer_case(built)
