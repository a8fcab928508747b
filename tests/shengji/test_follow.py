"""Following a lead (SJ-9, SJ-10, SG-5 / SS-5, C-4) and leading (SJ-6, C-3)."""

from __future__ import annotations

from math import comb

import pytest

from cardlib.cards import Rank, Suit, format_cards, parse_cards
from cardlib.errors import ImpossibleHandError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.follow import check_follow, is_legal_follow, legal_follows
from cardlib.shengji.leads import check_lead, legal_leads
from cardlib.shengji.rules import SHENGJI, SHUANGSHENG, get_ruleset
from cardlib.shengji.trump import TrumpContext

TWO_S = TrumpContext(Rank.TWO, Suit.SPADES)
SUIT_ONLY = get_ruleset("shengji", {"short_tractor_follow": "suit_count_only"})


def follows(ctx, rules, lead, hand):
    return sorted(format_cards(p) for p in legal_follows(ctx, rules, lead, hand))


def test_sj9_pair_lead_must_be_followed_with_a_held_pair():
    """cases.md example: HA HA led, hand H5 H5 H9 SK C3: H5 H9 is illegal."""
    verdict = check_follow(TWO_S, SHENGJI, "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    assert not verdict.ok and verdict.rule is RuleId.SJ_9
    assert "H5 H5" in verdict.reason.en and "红桃" in verdict.reason.zh
    assert follows(TWO_S, SHENGJI, "HA HA", "H5 H5 H9 SK C3") == ["H5 H5"]


def test_c4_pair_lead_without_a_pair_any_two_of_the_suit():
    verdict = check_follow(TWO_S, SHENGJI, "HA HA", "H5 H9 H7 SK C3", "H9 H5")
    assert verdict.ok and verdict.rule is RuleId.C_4
    assert follows(TWO_S, SHENGJI, "HA HA", "H5 H9 H7 SK C3") == ["H7 H5", "H9 H5", "H9 H7"]


def test_sj9_single_lead_must_follow_suit_while_held():
    assert not is_legal_follow(TWO_S, SHENGJI, "HA", "H5 SK", "SK")
    assert is_legal_follow(TWO_S, SHENGJI, "HA", "H5 SK", "H5")


def test_sj4_sj9_off_suit_level_card_is_a_trump_when_following():
    """A heart lead is not followed by H2 (a trump at level 2); a trump lead is."""
    assert not is_legal_follow(TWO_S, SHENGJI, "HA", "H2 H5", "H2")
    assert follows(TWO_S, SHENGJI, "S9", "H2 H5") == ["H2"]


def test_sj9_short_suit_plays_all_of_it_then_anything():
    verdict = check_follow(TWO_S, SHENGJI, "HA HA", "H5 C3 C4", "H5 C4")
    assert verdict.ok and verdict.rule is RuleId.SJ_9
    assert not is_legal_follow(TWO_S, SHENGJI, "HA HA", "H5 C3 C4", "C3 C4")
    assert follows(TWO_S, SHENGJI, "HA HA", "H5 C3 C4") == ["H5 C3", "H5 C4"]


def test_sj10_void_hand_may_trump_or_discard_anything():
    verdict = check_follow(TWO_S, SHENGJI, "HA HA", "S3 D4 C4", "S3 D4")
    assert verdict.ok and verdict.rule is RuleId.SJ_10
    assert legal_follows(TWO_S, SHENGJI, "HA HA", "S3 D4 C4").count() == 3


def test_sj9_tractor_lead_must_be_followed_with_a_held_tractor():
    hand = "H9 H9 H8 H8 H5 H5 C3 C4"
    assert follows(TWO_S, SHENGJI, "HA HA HK HK", hand) == ["H9 H9 H8 H8"]
    verdict = check_follow(TWO_S, SHENGJI, "HA HA HK HK", hand, "H9 H9 H5 H5")
    assert not verdict.ok and verdict.rule is RuleId.SJ_9


def test_sj9_longer_held_tractor_gives_every_window():
    assert follows(TWO_S, SHENGJI, "HA HA HK HK", "H9 H9 H8 H8 H7 H7") == ["H8 H8 H7 H7", "H9 H9 H8 H8"]


def test_sg5_short_of_a_tractor_play_pairs_then_singles():
    hand = "H9 H9 H7 H7 H5 H3 C4"
    verdict = check_follow(TWO_S, SHENGJI, "HA HA HK HK", hand, "H9 H9 H5 H3")
    assert not verdict.ok and verdict.rule is RuleId.SG_5
    assert follows(TWO_S, SHENGJI, "HA HA HK HK", hand) == ["H9 H9 H7 H7"]


def test_ss5_names_the_shuangsheng_row_and_defaults_as_sg():
    verdict = check_follow(TWO_S, SHUANGSHENG, "HA HA HK HK", "H9 H9 H7 H5 H3", "H7 H5 H3 H9")
    assert not verdict.ok and verdict.rule is RuleId.SS_5
    assert check_follow(TWO_S, SHUANGSHENG, "HA HA HK HK", "H9 H9 H7 H5 H3", "H9 H9 H7 H5").rule is RuleId.SS_5


def test_suit_count_only_variant_asks_only_for_the_suit():
    assert is_legal_follow(TWO_S, SUIT_ONLY, "HA HA HK HK", "H9 H9 H7 H7 H5 H3", "H9 H7 H5 H3")
    # holding the tractor itself is still SJ-9 under the variant
    assert not is_legal_follow(TWO_S, SUIT_ONLY, "HA HA HK HK", "H9 H9 H8 H8 H5 H3", "H9 H8 H5 H3")


def test_sg5_three_pair_tractor_lead_against_a_two_pair_tractor():
    """Documented choice: the shorter tractor's pairs count as pairs; as many pairs as held, up to 3."""
    hand = "H9 H9 H8 H8 H5 H4 H3 C3"
    assert follows(TWO_S, SHENGJI, "HA HA HK HK HQ HQ", hand) == [
        "H9 H9 H8 H8 H4 H3", "H9 H9 H8 H8 H5 H3", "H9 H9 H8 H8 H5 H4"]
    hand = "H9 H9 H8 H8 H4 H4 H3 C3"   # three pairs held: all three must be played
    assert follows(TWO_S, SHENGJI, "HA HA HK HK HQ HQ", hand) == ["H9 H9 H8 H8 H4 H4"]


def test_sg4_ss4_the_tractor_duty_follows_the_adjacency_field():
    five = TrumpContext(Rank.FIVE, Suit.SPADES)
    hand = "S6 S6 S5 S5 S3 C2"
    # SG: S5 S5 (trump level) and S6 S6 are not adjacent, so two pairs, any way
    assert is_legal_follow(five, SHENGJI, "SA SA SK SK", hand, "S6 S6 S5 S5")
    # SS: S5S5 S6S6 is a tractor and the hand must play it
    assert follows(five, SHUANGSHENG, "SA SA SK SK", hand) == ["S6 S6 S5 S5"]
    assert not is_legal_follow(five, SHUANGSHENG, "SA SA SK SK", "S6 S6 S5 S5 S3 S3", "S6 S6 S3 S3")


def test_sj9_legal_follows_view_contains_and_counts_without_listing():
    hand = parse_cards("SA SK SQ SJ S10 S9 S8 S7 S6 S5 S4 S3 DA DK DQ DJ D10 D9 D8 D7 D6 D5 D4 D3 CA")
    view = legal_follows(TWO_S, SHENGJI, "HA HA HK HK", hand)
    assert view.count() == comb(25, 4)
    assert parse_cards("SA DA D3 CA") in view
    assert parse_cards("HA HA HK HK") not in view
    assert "not cards" not in view


def test_sj9_wrong_count_and_cards_not_held_are_errors():
    with pytest.raises(InvalidPositionError, match="has 2 cards, the play"):
        is_legal_follow(TWO_S, SHENGJI, "HA HA", "H5 H5 H9", "H5")
    with pytest.raises(InvalidPositionError, match="not in the hand"):
        check_follow(TWO_S, SHENGJI, "HA HA", "H5 H5 H9", "H5 H6")
    with pytest.raises(InvalidPositionError, match="too few"):
        legal_follows(TWO_S, SHENGJI, "HA HA", "H5")
    with pytest.raises(InvalidPositionError, match="may be led"):
        legal_follows(TWO_S, SHENGJI, "HA HK", "H5 H6")
    with pytest.raises(ImpossibleHandError, match="lead and hand together"):
        legal_follows(TWO_S, SHENGJI, "HA HA", "HA H6")


def test_sj6_c3_leads():
    assert check_lead(TWO_S, SHENGJI, "H9 H9 H8 H8 C3", "H9 H9 H8 H8").rule is RuleId.SJ_6
    verdict = check_lead(TWO_S, SHENGJI, "H9 H9 H8 C3", "H9 H8")
    assert not verdict.ok and verdict.rule is RuleId.C_3
    assert not check_lead(TWO_S, SHENGJI, "H9 C3", "H9 C3").ok
    leads = {format_cards(p) for p in legal_leads(TWO_S, SHENGJI, "H9 H9 H8 H8 C3")}
    assert leads == {"H9", "H8", "C3", "H9 H9", "H8 H8", "H9 H9 H8 H8"}
    throws = {format_cards(p) for p in legal_leads(TWO_S, get_ruleset("shengji", {"throws": True}), "H9 H8 C3")}
    assert throws == {"H9", "H8", "C3", "H9 H8"}


def test_sj9_cards_built_directly_count_like_parsed_ones():
    """Counting by identity must not split equal cards: Card(...) objects equal parsed ones (SJ-9, SJ-1)."""
    from cardlib.cards import Card

    h5 = Card(Suit.HEARTS, Rank.FIVE)
    hand = [h5, Card.parse("H5"), Card(Suit.HEARTS, Rank.NINE), Card.parse("C3")]
    assert not is_legal_follow(TWO_S, SHENGJI, "HA HA", hand, [h5, Card.parse("H9")])
    assert follows(TWO_S, SHENGJI, [Card(Suit.HEARTS, Rank.ACE)] * 2, hand) == ["H5 H5"]
    with pytest.raises(ImpossibleHandError, match="3 copies"):
        legal_follows(TWO_S, SHENGJI, "HA", hand + [Card(Suit.HEARTS, Rank.FIVE)])
