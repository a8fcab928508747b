"""Rank order (YS-2), claims (YS-15) and rulesets (YS-10, YS-16)."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank
from cardlib.errors import CardlibError, NotationError, RulesetError
from cardlib.yishang.ranks import ORDER, is_below, parse_claim, parse_rank, strength
from cardlib.yishang.rules import PRESETS, YISHANG, get_ruleset


def test_ys2_order_is_3_to_2():
    assert [str(r) for r in ORDER] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


@pytest.mark.parametrize("low, high", [("3", "4"), ("10", "J"), ("K", "A"), ("A", "2"), ("3", "2")])
def test_ys2_is_below(low, high):
    assert is_below(parse_rank(low), parse_rank(high))
    assert not is_below(parse_rank(high), parse_rank(low))
    assert not is_below(parse_rank(low), parse_rank(low))


def test_ys2_strength_is_a_total_order():
    assert sorted(ORDER, key=strength) == list(ORDER)
    assert len({strength(r) for r in ORDER}) == 13


@pytest.mark.parametrize("text, rank", [("10", Rank.TEN), ("T", Rank.TEN), ("t", Rank.TEN), ("j", Rank.JACK),
                                        (" 2 ", Rank.TWO), ("A", Rank.ACE)])
def test_ys2_rank_spellings(text, rank):
    assert parse_rank(text) is rank


@pytest.mark.parametrize("bad", ["1", "11", "BJ", "LJ", "", "SA", None, 10, 3.0, Rank.BIG_JOKER, ["3"]])
def test_ys2_bad_ranks_are_one_notation_error(bad):
    with pytest.raises(NotationError, match="bad claim"):
        parse_claim(bad) if bad is not None else parse_rank(bad, "claim")


def test_ys15_missing_claim_counts_as_3():
    assert parse_claim(None) is Rank.THREE


def test_ys10_ys16_defaults_follow_the_register():
    assert YISHANG.target_reset is True
    assert YISHANG.fewest_cards_wins is False
    assert get_ruleset() is YISHANG
    assert PRESETS["yishang-fewest"].fewest_cards_wins is True


def test_ys16_variant_overrides_a_field():
    rules = get_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": 5})
    assert (rules.fewest_cards_wins, rules.stall_limit, rules.target_reset) == (True, 5, True)


@pytest.mark.parametrize("name, variant, message", [
    ("shengji", None, "unknown ruleset 'shengji'"),
    ("yishang", {"colour": 1}, "unknown ruleset field 'colour'"),
    ("yishang", {"target_reset": 1}, "takes a bool"),
    ("yishang", {"stall_limit": 0}, "at least 1"),
    ("yishang", {"stall_limit": True}, "takes a int"),
    ("yishang", [1], "must be an object"),
])
def test_ys10_ys16_bad_rulesets_are_one_error(name, variant, message):
    with pytest.raises(RulesetError, match=message):
        get_ruleset(name, variant)
    assert issubclass(RulesetError, CardlibError)
