"""Bad input, fuzzed: malformed ranks and cards, wrong player counts, out-of-range seats, junk cases.

Whatever comes in, the engine answers or raises one :class:`CardlibError` (a ``ValueError``)
that names the problem, never another exception.  Rules: YS-1, YS-2, YS-3, YS-8.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from tests.examples import examples

from cardlib.check import answer_case, check_line
from cardlib.errors import CardlibError
from cardlib.yishang import Game
from cardlib.yishang.actions import parse_action
from cardlib.yishang.ranks import parse_claim

FUZZ = settings(max_examples=examples(200), deadline=None)
junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
tokens = st.sampled_from(["S8", "H3", "D10", "T", "10", "1", "BJ", "大王", "♠A", "SJ", "X9", "", " ", "s8", "h", "2"])

REPLAY = {"game": "yishang", "question": "replay", "players": 3, "hands": ["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"],
          "draw_pile": "C9 DA", "first": 0, "actions": [{"play": "S8"}, {"play": "D10", "claim": "10"}, {"pass": True}]}
CHALLENGE = {"game": "yishang", "question": "challenge", "target": "8", "claim": "5", "actual": "5"}


def answers_or_refuses(call) -> None:
    try:
        call()
    except CardlibError as error:
        assert str(error), "the error names the problem"


@FUZZ
@given(st.text(max_size=8) | junk)
def test_ys2_any_claim_parses_or_is_a_notation_error(value):
    answers_or_refuses(lambda: parse_claim(value))


@FUZZ
@given(junk)
def test_any_action_object_parses_or_is_an_error(value):
    answers_or_refuses(lambda: parse_action(value))


@FUZZ
@given(st.sampled_from([REPLAY, CHALLENGE]), st.sampled_from(
    ["players", "hands", "draw_pile", "first", "actions", "target", "claim", "actual", "question", "ruleset",
     "variant", "extra"]), junk)
def test_a_case_with_one_field_replaced_by_junk_gets_one_error(base, field, value):
    case = copy.deepcopy(base)
    case[field] = value
    answers_or_refuses(lambda: answer_case(case))


@FUZZ
@given(st.lists(st.one_of(junk, st.fixed_dictionaries({"play": tokens}),
                          st.fixed_dictionaries({"play": tokens, "claim": tokens | junk}),
                          st.fixed_dictionaries({"challenge": st.integers(-2, 5) | st.lists(st.integers(-2, 5))}),
                          st.just({"pass": True})), max_size=8))
def test_junk_action_lists_replay_or_get_one_error(actions):
    case = dict(REPLAY, actions=actions)
    answers_or_refuses(lambda: answer_case(case))
    result, _agrees = check_line(__import__("json").dumps(case))
    assert "answer" in result or "error" in result


@FUZZ
@given(st.lists(st.text(max_size=12) | junk, max_size=6), junk, junk)
def test_ys1_ys3_junk_positions_get_one_error(hands, draw_pile, first):
    answers_or_refuses(lambda: Game(hands, draw_pile, first))


@FUZZ
@given(tokens | junk, tokens | junk, junk)
def test_junk_plays_and_challenges_are_refused_without_change(card, claim, seat):
    game = Game(["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"], "C9 DA", 0)
    game.play("S8")
    game.play("D10", "10")
    before = game.to_dict()
    for call in (lambda: game.copy().play(card, claim, seat), lambda: game.copy().challenge(seat)):
        answers_or_refuses(call)
    try:
        game.play(card, claim, seat)
    except CardlibError:
        assert game.to_dict() == before


@pytest.mark.parametrize("players", [1, 5, 0, -1])
def test_ys1_wrong_player_counts(players):
    case = {"game": "yishang", "question": "replay", "players": players, "hands": ["S2"] * max(players, 0),
            "first": 0, "actions": []}
    with pytest.raises(CardlibError, match="2 to 4 players"):
        answer_case(case)
