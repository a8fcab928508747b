"""Throws (甩牌), an optional variant (C-3)."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank, Suit, format_cards
from cardlib.errors import ImpossibleHandError, InvalidPositionError, RulesetError
from cardlib.rule_ids import RuleId
from cardlib.shengji.rules import SHENGJI, get_ruleset
from cardlib.shengji.throws import resolve_throw
from cardlib.shengji.trump import TrumpContext

TWO_S = TrumpContext(Rank.TWO, Suit.SPADES)
THROWS = get_ruleset("shengji", {"throws": True})


def resolve(lead, hands, rules=THROWS, thrower=None):
    return resolve_throw(TWO_S, rules, lead, hands, thrower=thrower)


def test_c3_a_throw_of_top_cards_stands():
    result = resolve("HA HK HK", ["HQ H3", "HA C3", "D4 D5"])
    assert result.stands and format_cards(result.play) == "HA HK HK"
    assert result.reason.rule is RuleId.C_3


def test_c3_a_beaten_single_reduces_the_throw_to_it():
    result = resolve("HA HK HQ", ["HA H3", "C4 C5", "D4 D5"])
    assert not result.stands and format_cards(result.play) == "HQ"
    assert result.reason.en.startswith("The next player holds ♥A, higher than ♥Q")
    assert "本书" in result.reason.notes_text("zh")  # C-3: throws are the book's optional variant, behind the verdict
    named = resolve("HA HK HQ", ["HA H3", "C4 C5", "D4 D5"], thrower=3)
    assert named.reason.en.startswith("South holds ♥A") and named.reason.zh.startswith("南家有♥A")


def test_c3_reduced_to_the_smallest_beaten_unit():
    # the pair HQ HQ is beaten by HK HK and the single H3 by H4: the single is smaller
    result = resolve("HA HQ HQ H3", ["HK HK H4", "C4 C5", "D4 D5"])
    assert format_cards(result.play) == "H3"
    result = resolve("HA HQ HQ", ["HK HK H4", "C4 C5", "D4 D5"])
    assert format_cards(result.play) == "HQ HQ"


def test_c3_a_tractor_unit_is_beaten_only_by_a_higher_tractor():
    assert resolve("HJ HJ H10 H10 HA", ["HK HK HQ", "H9 H9 H8 H8", "D4 D5"]).stands
    result = resolve("HJ HJ H10 H10 HA", ["HK HK HQ HQ", "C4 C5", "D4 D5"])
    assert format_cards(result.play) == "HJ HJ H10 H10"


def test_c3_other_suits_and_trumps_do_not_beat_a_throw():
    assert resolve("HA HK", ["BJ SA", "CA DA", "S3 S4"]).stands


def test_c3_throws_off_mixed_suits_and_copies_are_errors():
    with pytest.raises(RulesetError, match="throws are off"):
        resolve("HA HK", ["H3"], SHENGJI)
    with pytest.raises(InvalidPositionError, match="mixes suits"):
        resolve("HA SK", ["H3"])
    with pytest.raises(InvalidPositionError, match="1 to 3 hands"):
        resolve("HA HK", [])
    with pytest.raises(ImpossibleHandError, match="3 copies"):
        resolve("HA HK", ["HA HA"])
