"""Shapes: pairs and tractors under both adjacencies (SJ-6, SG-4 / SS-4), throws (C-3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import DECK_WITH_JOKERS, Rank, Suit, parse_cards
from cardlib.errors import CardlibError
from cardlib.shengji.combos import (
    NO_SHAPE,
    PAIR,
    SINGLE,
    Shape,
    classify,
    count_sub_multisets,
    find_pairs,
    find_tractors,
    split_units,
    sub_multisets,
)
from cardlib.shengji.rules import SHENGJI, SHUANGSHENG, get_ruleset
from cardlib.shengji.trump import TrumpContext

TWO_S = TrumpContext(Rank.TWO, Suit.SPADES)
FIVE_S = TrumpContext(Rank.FIVE, Suit.SPADES)
THROWS = get_ruleset("shengji", {"throws": True})


def shape(ctx, rules, text):
    return classify(ctx, rules, parse_cards(text))


def tractor(n):
    return Shape("tractor", n)


def test_sj6_single_and_pair():
    assert shape(TWO_S, SHENGJI, "H9") == SINGLE
    assert shape(TWO_S, SHENGJI, "H9 H9") == PAIR
    assert shape(TWO_S, SHENGJI, "BJ BJ") == PAIR


def test_sj6_two_off_suit_level_cards_of_different_suits_are_not_a_pair():
    assert shape(TWO_S, SHENGJI, "H2 D2") == NO_SHAPE
    assert shape(TWO_S, SHENGJI, "LJ BJ") == NO_SHAPE


def test_sj6_sg_no_trump_small_jokers_and_level_pair_are_a_tractor():
    """SG's own example: 打无主时 小王、小王、黑桃2、黑桃2 is a tractor (level 2)."""
    assert shape(TrumpContext(Rank.TWO, None), SHENGJI, "LJ LJ S2 S2") == tractor(2)


def test_sg4_level_rank_drops_out_so_44_66_is_a_tractor():
    assert shape(FIVE_S, SHENGJI, "H4 H4 H6 H6") == tractor(2)
    assert shape(FIVE_S, SHENGJI, "S4 S4 S6 S6 S7 S7") == tractor(3)


def test_ss4_natural_rank_level_pair_joins_its_neighbours():
    """SS: 打5时 ♠55 ♠66 是拖拉机; the level rank keeps its place, so 44-66 is not."""
    assert shape(FIVE_S, SHUANGSHENG, "S5 S5 S6 S6") == tractor(2)
    assert shape(FIVE_S, SHUANGSHENG, "S4 S4 S5 S5 S6 S6") == tractor(3)
    assert shape(FIVE_S, SHUANGSHENG, "S4 S4 S6 S6") == NO_SHAPE
    assert shape(FIVE_S, SHUANGSHENG, "H4 H4 H6 H6") == NO_SHAPE
    assert shape(FIVE_S, SHENGJI, "S5 S5 S6 S6") == NO_SHAPE


def test_ss4_natural_rank_level_pairs_do_not_join_jokers_or_other_level_pairs():
    assert shape(FIVE_S, SHUANGSHENG, "LJ LJ S5 S5") == NO_SHAPE
    assert shape(FIVE_S, SHUANGSHENG, "H5 H5 S5 S5") == NO_SHAPE
    assert shape(FIVE_S, SHUANGSHENG, "LJ LJ BJ BJ") == tractor(2)


def test_sg4_trump_order_around_the_level_cards():
    assert shape(TWO_S, SHENGJI, "S2 S2 H2 H2") == tractor(2)        # trump-suit level over off-suit level
    assert shape(TWO_S, SHENGJI, "H2 H2 SA SA") == tractor(2)        # off-suit level over trump ace
    assert shape(TWO_S, SHENGJI, "H2 H2 D2 D2") == NO_SHAPE          # equal, so not adjacent
    assert shape(TWO_S, SHENGJI, "LJ LJ S2 S2 H2 H2 SA SA") == tractor(4)
    assert shape(TWO_S, SHENGJI, "LJ LJ H2 H2") == NO_SHAPE          # S2 sits between them


def test_sj6_tractor_must_be_one_suit():
    """SS Q4: ♠44♠55 is a tractor, ♠44♥55 is not."""
    ctx = TrumpContext(Rank.TEN, Suit.CLUBS)
    assert shape(ctx, SHENGJI, "S4 S4 S5 S5") == tractor(2)
    assert shape(ctx, SHENGJI, "S4 S4 H5 H5") == NO_SHAPE


def test_c3_throw_shape_only_with_throws_on():
    assert shape(TWO_S, SHENGJI, "HA HK") == NO_SHAPE
    assert shape(TWO_S, THROWS, "HA HK HK") == Shape("throw", 1)
    assert shape(TWO_S, THROWS, "HA SK") == NO_SHAPE


def test_sj6_find_pairs_and_tractors_with_equal_level_pairs():
    cards = parse_cards("SA SA H2 H2 D2 D2 S2 S2 H9")
    assert [str(c) for c in find_pairs(TWO_S, cards)] == ["S2", "H2", "D2", "SA"]
    twos = {tuple(map(str, t)) for t in find_tractors(TWO_S, SHENGJI, cards, 2)}
    assert twos == {("S2", "H2"), ("S2", "D2"), ("H2", "SA"), ("D2", "SA")}
    threes = {tuple(map(str, t)) for t in find_tractors(TWO_S, SHENGJI, cards, 3)}
    assert threes == {("S2", "H2", "SA"), ("S2", "D2", "SA")}


def test_sj6_split_units_takes_longest_tractor_first():
    units = split_units(FIVE_S, SHENGJI, parse_cards("HA HK HK HQ HQ HJ HJ H3 H3"))
    assert [(u.pairs, str(u.top)) for u in units] == [(3, "HK"), (1, "H3"), (0, "HA")]


def test_sj6_bad_input_is_a_clear_error():
    with pytest.raises(CardlibError, match="at least one card"):
        shape(TWO_S, SHENGJI, "")
    with pytest.raises(CardlibError, match="3 copies"):
        shape(TWO_S, SHENGJI, "HA HA HA")
    with pytest.raises(CardlibError, match="at least 2 pairs"):
        find_tractors(TWO_S, SHENGJI, [], 1)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(DECK_WITH_JOKERS[:10]), max_size=12), st.integers(0, 8), st.integers(0, 3))
def test_counting_choices_agrees_with_listing_them(cards, size, doubles):
    """The polynomial count behind LegalFollows.count() (SJ-9) matches the lazy listing."""
    items = [(c, min(n, 2)) for c, n in Counter(cards).items()]
    listed = [tuple(p) for p in sub_multisets(items, size, doubles)]
    assert len(listed) == len(set(listed)) == count_sub_multisets([n for _, n in items], size, doubles)
    assert all(len(p) == size and sum(1 for n in Counter(p).values() if n == 2) >= doubles for p in listed)
