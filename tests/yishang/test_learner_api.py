"""The learner's API of 一上一下: one import line, plain strings everywhere, clear errors, notebook displays.

Rules: YS-1 (players, the deck), YS-2 (ranks by name), YS-3 (the first player), YS-8, YS-14
(challengers by name), YS-9 (a challenge from strings), YS-10, YS-16 (rulesets by name), YS-6,
YS-7, YS-E1, YS-E2 (refusals carry their reason).
"""

from __future__ import annotations

import pytest

from cardlib.errors import CardlibError, IllegalActionError, NotationError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId
from cardlib.yishang import (
    YISHANG_FEWEST,
    Events,
    Face,
    Game,
    IllegalPlayError,
    challenge_outcome,
    face_from_pile,
    get_ruleset,
    is_below,
    nearest_challenger,
    parse_player,
    play_game,
)
from tests.reader_text import leaks


def test_ys_2_ranks_by_name():
    assert is_below("9", "10") and not is_below("2", "A") and is_below("A", "2") and is_below("t", "Q")


def test_ys_9_challenge_outcome_from_strings_the_real_card_may_be_a_card():
    assert challenge_outcome("8", "10", "10")[0] is False
    assert challenge_outcome("8", "10", "H6")[0] is True
    assert challenge_outcome("8", None, "3")[0] is True  # YS-15: no claim counts as 3, below 8
    succeeds, reason = challenge_outcome("8", "5", "5")
    assert succeeds and reason.rule is RuleId.YS_9 and "below the target 8" in reason.en


def test_ys_13_the_face_from_a_pile_written_in_the_notation():
    assert face_from_pile(["S8"]) is Face.DOWN and face_from_pile(["S8", "H6 down as 10"]) is Face.UP
    assert face_from_pile([]) is Face.UP


def test_ys_14_challengers_by_letter_or_chinese_name():
    chosen, reason = nearest_challenger("B", ["A", "丙"], players=3)
    assert chosen == 2 and reason.rule is RuleId.YS_14
    assert reason.en.startswith("player C and player A both challenge")
    assert parse_player("player d", 4) == 3 and parse_player("甲", 2) == 0


def test_ys_10_ys_16_rulesets_by_name():
    game = Game.new(3, seed=4, rules="yishang-fewest")
    assert game.rules == YISHANG_FEWEST
    assert Game(["S8", "H3"], rules="YiShang").rules.target_reset and get_ruleset().rule_of("target_reset").value == "YS-10"
    assert play_game(2, seed=1, rules="yishang-fewest").winner in (0, 1)


def test_ys_6_ys_7_a_whole_turn_in_strings():
    game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first="A")
    events = game.play("S8")
    assert isinstance(events, Events) and events[0].reason.rule is RuleId.YS_6
    game.play("D10", claim="10")
    game.challenge("丙")
    assert game.next_player == 2 and game.next_face is Face.UP


def test_ys_e1_a_refused_play_raises_a_typed_error_carrying_its_reason():
    game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
    game.play("S8")
    game.play("D10", claim="10")
    game.pass_challenge()
    with pytest.raises(IllegalPlayError) as refused:
        game.play("H3", seat="A")
    error = refused.value
    assert isinstance(error, IllegalActionError) and isinstance(error, ValueError)
    assert isinstance(error.reason, Reason) and error.reason.rule is RuleId.YS_E1
    assert str(error) == str(error.reason) and "not player A's turn; player B's face-down card stood, and player C plays next" in str(error)
    assert leaks(error.reason.en) == [] and leaks(error.reason.zh) == []


@pytest.mark.parametrize("call, token", [
    (lambda: is_below("1", "8"), "'1'"),
    (lambda: is_below("8", "joker"), "'joker'"),
    (lambda: challenge_outcome("8", "Z", "8"), "'Z'"),
    (lambda: challenge_outcome("8", "8", "S1"), "'S1'"),
    (lambda: challenge_outcome(None, "8", "8"), "None"),
    (lambda: nearest_challenger("B", ["E"], 3), "'E'"),
    (lambda: nearest_challenger(1, [1], 3), "own card"),
    (lambda: nearest_challenger(1, "AC", 3), "'AC'"),
    (lambda: Game(["S8 X9", "H3"]), "'X9'"),
    (lambda: Game(["S8", "H3"], first="丁"), "'丁'"),
    (lambda: Game(["S8", "H3"], rules="nope"), "'nope'"),
    (lambda: Game(["S8", "H3"], rules=5), "5"),
    (lambda: Game(["S8", "H3"]).play(5), "5"),
    (lambda: Game(["S8", "H3"]).play("S8 H3"), "'S8 H3'"),
    (lambda: Game(["S8", "H3"]).play("Q"), "'Q'"),
    (lambda: Game(["S8", "H3"]).play("S8", claim="20"), "'20'"),
    (lambda: Game(["S8", "H3"]).play("S9"), "♠9"),
    (lambda: Game(["S8", "H3"]).check_play("S8", seat="Z").ok or Game(["S8", "H3"]).play("S8", seat="Z"), "'Z'"),
    (lambda: Game(["S8", "H3"]).challenge(["X"]), "'X'"),
    (lambda: Game.new(5), "5"),
    (lambda: Game.new(3, rules="shengji"), "'shengji'"),
    (lambda: get_ruleset("yishang", {"jokers": True}), "'jokers'"),
    (lambda: face_from_pile("S8"), "'S8'"),
    (lambda: face_from_pile(["S8", "H6 up as 10"]), "'H6 up as 10'"),
    (lambda: face_from_pile([8]), "8"),
])
def test_bad_input_is_a_value_error_naming_the_token(call, token):
    """Rules: YS-1, YS-2, YS-3, YS-6, YS-8, YS-14 — never an AttributeError, TypeError or KeyError."""
    with pytest.raises(CardlibError) as raised:
        call()
    assert isinstance(raised.value, ValueError) and token in str(raised.value), str(raised.value)


def test_notation_errors_are_their_own_type_ys_1():
    with pytest.raises(NotationError):
        Game(["S8", "H3"]).play("S1")


def test_ys_4_ys_5_a_game_draws_itself_in_a_notebook():
    game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
    events = game.play("S8")
    html = game._repr_html_()
    assert html.count("<svg") == 6  # five cards in hand, one on the pile
    assert "Player B to play face down, target 8" in html and "乙" in html
    assert 'aria-label="8 of spades"' in html and "Draw pile: 1 card ·" in html
    assert "YS-5" in html and "YS-E1" not in html  # ordinary turn order is not an erratum
    assert "♠8" in events._repr_html_() and "YS-6" in events[0]._repr_html_()
    game.play("D10", claim="10")
    assert "claims 10" in game._repr_html_() and "may still be challenged" in game._repr_html_()
    assert "cardlib-back" in game.log._repr_html_(), "the face-down play is drawn as a back (YS-11)"


def test_ys_12_a_finished_game_says_who_won():
    game = Game(["S8", "H3 C4"], first=0)
    game.play("S8")
    assert "Player A has won" in game._repr_html_() and "甲获胜" in game._repr_html_()
    assert "player A has won" in repr(game)
