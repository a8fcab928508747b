"""One idiom for the engine's answers: every check returns a :class:`cardlib.Result`
(``value``, ``reason``, ``rule``, ``_repr_html_``, a one-line ``repr``); the pairs it replaces still
unpack; one name per meaning (``score_kitty`` is a deprecated alias of ``kitty_score``);
``Rank("10")``; a clean ``dir()``; an impossible puzzle request fails at once; ``Puzzle`` from
``cardbook`` with a one-line repr.

Rules: SJ-9, SJ-10, SJ-11, SJ-12, SG-2, SG-7, SG-8, C-3, YS-8, YS-9 (the checks called).
"""

from __future__ import annotations

import time
import warnings

import pytest

import cardlib
import cardlib.shengji as shengji
import cardlib.yishang as yishang
from cardlib import Rank, Result, RuleId, Suit, Verdict
from cardlib.errors import NotationError
from cardlib.shengji import TrumpContext

CTX = TrumpContext("2", "S")
KITTY = "S5 S5 HK H10 C3 C4 C6 C7"
LAST = ["BJ BJ", "S3 S4", "D6 D7", "H8 H8"]
THROWS = shengji.get_ruleset("shengji", {"throws": True})

#: One call of every check of the learner's API, and the type its result is.
CHECKS = {
    "check_follow": (lambda: shengji.check_follow(CTX, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9"), Verdict),
    "check_lead": (lambda: shengji.check_lead(CTX, "shengji", "HA HA H3", "HA HA"), Verdict),
    "find_trick_winner": (lambda: shengji.find_trick_winner(CTX, "shengji", ["HK", "HA", "H3", "S3"]),
                          shengji.TrickResult),
    "resolve_throw": (lambda: shengji.resolve_throw(CTX, THROWS, "HA HK", ["HQ H3", "D3 D4", "C3 C4"]),
                      shengji.ThrowResult),
    "points_left": (lambda: shengji.points_left("S5 H10"), Result),
    "kitty_multiplier": (lambda: shengji.kitty_multiplier("shengji", 1, 2, 2), Result),
    "kitty_score": (lambda: shengji.kitty_score(CTX, "shengji", KITTY, LAST, True), Result),
    "level_change": (lambda: shengji.level_change("shengji", 80), Result),
    "level_played": (lambda: shengji.level_played(("2", "5"), 1), Result),
    "next_dealer": (lambda: shengji.next_dealer("shengji", 0, True), Result),
    "turn_kitty": (lambda: shengji.turn_kitty("BJ LJ D9 S2 S3 S4 S5 S6"), shengji.KittyTurn),
    "resolve_calls": (lambda: shengji.resolve_calls("shengji", "2", [(0, "H2")], True), shengji.CallingResult),
    "challenge_outcome": (lambda: yishang.challenge_outcome("8", "10", "H6"), Result),
    "nearest_challenger": (lambda: yishang.nearest_challenger(0, [2, 3], 4), Result),
}


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_every_check_returns_a_result_with_a_short_repr(name):
    """Each check: a Result with value, reason, rule, both languages in HTML, a repr under 120 characters."""
    call, kind = CHECKS[name]
    result = call()
    assert isinstance(result, Result) and isinstance(result, kind)
    assert isinstance(result.rule, RuleId) and result.reason.rule is result.rule
    assert result.en == result.reason.en and result.zh == result.reason.zh
    text = repr(result)
    assert text.startswith(f"<{type(result).__name__} ") and "\n" not in text and len(text) <= 120, text
    assert result.rule.value in text
    html = result._repr_html_()
    assert 'lang="zh-Hans"' in html and result.rule.value in html


def test_results_unpack_like_the_pairs_they_replace():
    """``value, reason = ...`` and ``[0]`` / ``[1]`` keep working for the calls that returned pairs."""
    change, why = shengji.level_change("shengji", 80)
    assert change.attackers_take_over and why.rule is RuleId.SG_7
    assert shengji.level_change("shengji", 80)[0] == change
    suit, index, reason = shengji.turn_kitty("BJ LJ D9 S2 S3 S4 S5 S6")
    assert (suit, index, reason.rule) == (Suit.DIAMONDS, 2, RuleId.SG_2)
    assert shengji.kitty_score(CTX, "shengji", KITTY, LAST, True).value == 120


def test_verdict_is_a_result_of_a_bool():
    """SJ-9: ``ok`` is the value; the repr says ✗ and the rule."""
    verdict = shengji.check_follow(CTX, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    assert not verdict and verdict.ok is False and verdict.value is False
    assert repr(verdict).startswith("<Verdict ✗ · SJ-9: The lead ♥A ♥A")


def test_reasons_and_events_have_one_line_reprs():
    """Reasons and events of both games print in one short line, cards as players write them."""
    reason = shengji.check_follow(CTX, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9").reason
    assert repr(reason).startswith("<Reason SJ-9: The lead ♥A ♥A") and len(repr(reason)) <= 90
    hand = shengji.play_random_hand(seed=1)
    assert all(len(repr(event)) <= 90 for event in hand.log)
    game = yishang.Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
    (event,) = game.play("S8")
    assert repr(event).startswith("<Event play_up · YS-6: player A plays ♠8") and len(repr(event)) <= 100


def test_kitty_score_is_the_one_name_and_score_kitty_warns():
    """SJ-12: both argument forms under ``kitty_score``; ``score_kitty`` still answers, with a warning."""
    from_numbers = shengji.kitty_score("shengji", "S5 SK H2 H3 H4 H6 H7 H8", True, unit_pairs=1, cards=2,
                                       lead_cards=2)
    assert from_numbers.value == 60
    with pytest.warns(DeprecationWarning, match="kitty_score"):
        old = shengji.score_kitty(CTX, "shengji", KITTY, LAST, True)
    assert old == shengji.kitty_score(CTX, "shengji", KITTY, LAST, True)
    assert "score_kitty" not in shengji.__all__


def test_rank_and_suit_from_their_notation():
    """``Rank("10")`` is ``Rank.parse("10")``; bad text raises the notation error, a ValueError."""
    assert Rank("10") is Rank.TEN is Rank.parse("10") and Rank("q") is Rank.QUEEN and Rank(14) is Rank.ACE
    assert Suit("♠") is Suit.SPADES and Suit("S") is Suit.SPADES
    with pytest.raises(NotationError, match="bad rank 'Z'"):
        Rank("Z")


@pytest.mark.parametrize("module", [cardlib, shengji, yishang])
def test_dir_shows_the_api_only(module):
    """``dir()`` of each package is its ``__all__``: no ``random``, ``annotations`` or submodules."""
    names = dir(module)
    assert names == sorted(module.__all__)
    assert "random" not in names and "annotations" not in names


def test_rule_ids_say_their_rule_and_source_in_both_languages():
    """The register's text and source, in English and Chinese, from the id itself."""
    assert "pair" in RuleId.SJ_9.text.en and "对子" in RuleId.SJ_9.text.zh
    assert RuleId.SS_E1.source.zh == "《双升》" and RuleId.C_1.source.en.startswith("none")


def test_an_impossible_puzzle_request_fails_at_once():
    """A kind that never cites the rule: a PuzzleError (a ValueError) naming the kinds that do, within a second."""
    from widgets.puzzles.registry import seed_for_rule
    from widgets.puzzles.spec import PuzzleError

    started = time.perf_counter()
    with pytest.raises(PuzzleError, match="never cites YS-9: the kinds that do are ys_challenge"):
        seed_for_rule("YS-9", "trick_winner")
    assert time.perf_counter() - started < 1
    assert issubclass(PuzzleError, ValueError)


def test_puzzle_from_cardbook_with_a_one_line_repr():
    """``from cardbook import Puzzle`` is the widget; its repr names the puzzle, its rule and question."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the widget library's own
        from cardbook import Puzzle
        from widgets.puzzle_widget import Puzzle as Home

        puzzle = Puzzle("trick_winner", seed=4, bank_size=3)
    assert Puzzle is Home
    assert repr(puzzle) == "<Puzzle trick_winner:4 normal · SJ-10 · Who wins this trick? · 这一轮谁赢？>"
