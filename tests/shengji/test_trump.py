"""Trumps and card order (SJ-3, SJ-4, SJ-5)."""

from __future__ import annotations

import pytest

from cardlib.cards import DECK_WITH_JOKERS, Card, Rank, Suit
from cardlib.errors import CardlibError
from cardlib.shengji.trump import EffectiveSuit, TrumpContext, group_by_strength

C = Card.parse


def names(groups):
    return [[str(c) for c in g] for g in groups]


def test_sj5_ss_example_order_level_2_spades():
    """SJ-5, the SS example: BJ > LJ > S2 > H2/D2/C2 > SA > … > S3."""
    order = names(TrumpContext(Rank.TWO, Suit.SPADES).trump_order())
    assert order[:4] == [["BJ"], ["LJ"], ["S2"], ["H2", "C2", "D2"]]
    assert order[4:] == [[f"S{r}"] for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")]


def test_sj5_no_trump_level_cards_of_all_suits_are_equal_below_the_jokers():
    order = names(TrumpContext(Rank.SEVEN, None).trump_order())
    assert order == [["BJ"], ["LJ"], ["S7", "H7", "C7", "D7"]]


@pytest.mark.parametrize("token", ["H2", "D2", "C2", "S2", "S9", "BJ", "LJ"])
def test_sj4_jokers_level_cards_and_trump_suit_are_trump(token):
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    assert ctx.is_trump(C(token))
    assert ctx.effective_suit(C(token)) is EffectiveSuit.TRUMP


def test_sj4_plain_cards_follow_their_own_suit():
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    assert ctx.effective_suit(C("H3")) is EffectiveSuit.HEARTS
    assert not ctx.is_trump(C("DA"))


def test_sj5_off_suit_level_cards_equal_each_other_and_above_trump_ace():
    ctx = TrumpContext(Rank.TEN, Suit.HEARTS)
    s = ctx.strength
    assert s(C("S10")) == s(C("D10")) == s(C("C10"))
    assert s(C("H10")) > s(C("S10")) > s(C("HA"))
    assert s(C("BJ")) > s(C("LJ")) > s(C("H10"))


def test_sj5_plain_suit_skips_the_level_rank_so_strengths_stay_adjacent():
    ctx = TrumpContext(Rank.FIVE, Suit.SPADES)
    assert ctx.strength(C("H6")) - ctx.strength(C("H4")) == 1


@pytest.mark.parametrize("level", list(Rank)[:13])
@pytest.mark.parametrize("trump", [None, *Suit])
def test_sj5_strengths_are_dense_inside_each_effective_suit(level, trump):
    """The docstring promise behind tractor adjacency (SJ-6): strengths are consecutive per suit."""
    ctx = TrumpContext(level, trump)
    for suit in EffectiveSuit:
        cards = [c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is suit]
        if not cards:  # the trump suit's own plain suit is empty
            continue
        strengths = sorted({ctx.strength(c) for c in cards})
        assert strengths == list(range(strengths[0], strengths[0] + len(group_by_strength(ctx, cards))))


def test_sj3_bad_level_and_bad_cards_are_clear_errors():
    with pytest.raises(CardlibError, match="bad level"):
        TrumpContext(Rank.BIG_JOKER, Suit.SPADES)
    with pytest.raises(CardlibError, match="bad trump"):
        TrumpContext(Rank.TWO, "Z")  # "S" is spades (the notation); "Z" is no suit
    with pytest.raises(CardlibError, match="not a card"):
        TrumpContext(Rank.TWO, None).strength("SA")
