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
#: The SG preset with C-7, the public engines' keep-the-tractor reading (SG-5's words allow any pairs).
SG_KEEP = get_ruleset("shengji", {"short_tractor_follow": "tractors_then_pairs"})
SUIT_ONLY = get_ruleset("shengji", {"short_tractor_follow": "suit_count_only"})
ANY_PAIRS = get_ruleset("shengji", {"short_tractor_follow": "pairs_then_singles"})
TWO_H, ACE_H = TrumpContext(Rank.TWO, Suit.HEARTS), TrumpContext(Rank.ACE, Suit.HEARTS)
SIX_DIAMOND_PAIRS = "DK DK DQ DQ D10 D10 D9 D9 D7 D7 D6 D6"


def follows(ctx, rules, lead, hand):
    return sorted(format_cards(p) for p in legal_follows(ctx, rules, lead, hand))


def test_sj9_pair_lead_must_be_followed_with_a_held_pair():
    """The example of docs/notation.md: HA HA led, hand H5 H5 H9 SK C3: H5 H9 is illegal."""
    verdict = check_follow(TWO_S, SHENGJI, "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    assert not verdict.ok and verdict.rule is RuleId.SJ_9
    assert "your hand holds the pair ♥5 ♥5, so you must follow with a pair of hearts; ♥9 ♥5 is not a pair" \
        in verdict.reason.en and "红桃对子♥5 ♥5" in verdict.reason.zh
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


def test_ss5_c7_a_pair_owed_on_a_tractor_lead_says_the_shuangsheng_guide_is_silent_there():
    """SS-5 asks for the same shape only: the pair owed short of the tractor is the book's reading (C-7), a
    note behind the verdict under the SS preset, right or wrong; none under SG, whose guide asks for pairs."""
    for play in ("H7 H5 H3 H9", "H9 H9 H7 H5"):
        notes = check_follow(TWO_S, SHUANGSHENG, "HA HA HK HK", "H9 H9 H7 H5 H3", play).reason.all_notes()
        [note] = [n for n in notes if n.rule is RuleId.C_7]
        assert "silent on part of a tractor" in note.en and "先跟出对子" in note.zh
    notes = check_follow(TWO_S, SHENGJI, "HA HA HK HK", "H9 H9 H7 H5 H3", "H7 H5 H3 H9").reason.all_notes()
    assert not [n for n in notes if n.rule is RuleId.C_7]


def test_suit_count_only_variant_asks_only_for_the_suit():
    assert is_legal_follow(TWO_S, SUIT_ONLY, "HA HA HK HK", "H9 H9 H7 H7 H5 H3", "H9 H7 H5 H3")
    # holding the tractor itself is still SJ-9 under the variant
    assert not is_legal_follow(TWO_S, SUIT_ONLY, "HA HA HK HK", "H9 H9 H8 H8 H5 H3", "H9 H8 H5 H3")


def test_sg5_three_pair_tractor_lead_against_a_two_pair_tractor():
    """No more pairs held than owed: every pair is played, the shorter tractor with them (SG-5)."""
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


def test_c7_three_pair_lead_keeps_a_two_pair_tractor_and_a_pair():
    """yanlai00/shengji_plus test_matching_moves_tractor: 12 plays, a 2-pair tractor plus another pair."""
    plays = follows(TWO_H, SG_KEEP, "D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS)
    assert len(plays) == 12 == legal_follows(TWO_H, SG_KEEP, "D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS).count()
    assert "DK DK DQ DQ D6 D6" in plays and "DK DK D9 D9 D6 D6" not in plays
    assert len(follows(TWO_H, ANY_PAIRS, "D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS)) == comb(6, 3)


def test_c7_four_pair_lead_keeps_two_two_pair_tractors():
    """yanlai00/shengji_plus: level A, 4-pair lead, three 2-pair tractors held: 3 plays (15 with any pairs)."""
    assert follows(ACE_H, SG_KEEP, "D2 D2 D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS) == [
        "D10 D10 D9 D9 D7 D7 D6 D6", "DK DK DQ DQ D10 D10 D9 D9", "DK DK DQ DQ D7 D7 D6 D6"]
    assert legal_follows(ACE_H, ANY_PAIRS, "D2 D2 D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS).count() == comb(6, 4)


def test_c7_ss5_loose_pairs_reason_names_the_held_tractors_in_both_languages():
    verdict = check_follow(TWO_H, SHUANGSHENG, "D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS, "DK DK D9 D9 D6 D6")
    assert not verdict.ok and verdict.rule is RuleId.C_7
    assert "♦K ♦K ♦Q ♦Q, ♦10 ♦10 ♦9 ♦9 and ♦7 ♦7 ♦6 ♦6" in verdict.reason.en
    assert "must play a tractor of 2 pairs and a pair; ♦K ♦K ♦9 ♦9 ♦6 ♦6 plays three pairs." in verdict.reason.en
    assert "A legal follow: ♦" in verdict.reason.en
    assert "♦K ♦K ♦Q ♦Q、♦10 ♦10 ♦9 ♦9" in verdict.reason.zh and "一个两连对和一个对子" in verdict.reason.zh
    notes = {note.rule: note for note in verdict.reason.all_notes()}
    assert set(notes) == {RuleId.SG_5, RuleId.C_7}  # the convention, and SG-5 that grades this play otherwise
    assert "双升" in notes[RuleId.C_7].en and "本书的读法" in notes[RuleId.C_7].zh  # SS-5: the guide is silent
    assert "under it ♦K ♦K ♦9 ♦9 ♦6 ♦6 follows" in notes[RuleId.SG_5].en
    assert "双升" not in verdict.reason.en and "本书" not in verdict.reason.zh  # the main sentence: the deciding fact
    legal = check_follow(TWO_H, SG_KEEP, "D3 D3 D4 D4 D5 D5", SIX_DIAMOND_PAIRS, "DK DK DQ DQ D6 D6")
    assert legal.ok and legal.rule is RuleId.C_7 and "♦K ♦K ♦Q ♦Q ♦6 ♦6 is a tractor of 2 pairs and a pair" in legal.reason.en


def test_c7_a_longer_run_is_cut_to_what_is_still_owed():
    """4-pair lead, runs of 3 (H9-H7) and 3 (HK-HJ): one run whole, one pair from the other; 3+1 beats 2+2."""
    lead, hand = "H2 H2 H3 H3 H4 H4 H5 H5", "HK HK HQ HQ HJ HJ H9 H9 H8 H8 H7 H7"
    plays = follows(ACE_H, SG_KEEP, lead, hand)
    assert len(plays) == 6 and "HK HK HQ HQ HJ HJ H8 H8" in plays and "H9 H9 H8 H8 H7 H7 HQ HQ" not in plays
    assert "HK HK HQ HQ H9 H9 H8 H8" not in plays  # two 2-pair tractors keep less than 3 + 1


def test_sg4_c7_short_tractor_through_the_level_rank_follows_the_adjacency():
    """Level 5, spades trump: S6-S4 is a tractor in SG order, S6-S5-S4 a 3-pair tractor in SS natural rank."""
    five = TrumpContext(Rank.FIVE, Suit.SPADES)
    lead, hand = "S8 S8 S9 S9 S10 S10", "S6 S6 S5 S5 S4 S4 SK SK C3"
    assert follows(five, SG_KEEP, lead, hand) == ["S6 S6 S5 S5 S4 S4", "SK SK S6 S6 S4 S4"]
    assert follows(five, SHUANGSHENG, lead, hand) == ["S6 S6 S5 S5 S4 S4"]


def test_c7_structure_duty_on_a_full_hand_counts_what_it_lists():
    """25 cards, six spade pairs in three 2-pair tractors: 3 tractors x 4 other pairs (SG-5)."""
    hand = "SA SA SK SK SJ SJ S10 S10 S8 S8 S7 S7 HA HK HQ HJ H10 H9 H8 H7 H6 H5 H4 H3 C3"
    view = legal_follows(TrumpContext(Rank.TWO, Suit.DIAMONDS), SG_KEEP, "S4 S4 S5 S5 S6 S6", hand)
    assert view.count() == len(list(view)) == 12


@pytest.mark.parametrize("rules", [SG_KEEP, SHUANGSHENG], ids=["SG", "SS"])
@pytest.mark.parametrize("lead, hand", [
    ("S3 S3 S4 S4 S5 S5 S6 S6", "BJ BJ LJ LJ S2 S2 SA SA SK SK SQ SQ S10 S10 S9 S9 S8 S8 C3 C4 C5 C6 C7"),
    ("S3 S3 S4 S4 S5 S5", "BJ BJ LJ LJ SA SA SK SK SJ SJ S10 S10 S8 S8 S7 S7 H2 H2 C3 C4 C5 C6 C7"),
    ("S3 S3 S4 S4 S5 S5 S6 S6 S7 S7", "BJ BJ LJ LJ S2 S2 H2 H2 SK SK SQ SQ SJ SJ S9 S9 S8 S8 D2 D2 C3 C4 C5"),
])
def test_sg5_ss5_full_trump_hands_count_and_list_what_is_legal_pair_by_pair(rules, lead, hand):
    """25-card hands, many trump pairs in short runs (off-suit level pairs too): the run-by-run search
    agrees with asking is_legal_follow of every choice of the lead's number of pairs (SG-5 / SS-5)."""
    from itertools import combinations

    view = legal_follows(TWO_S, rules, lead, hand)
    pairs = sorted({c for c in parse_cards(hand) if parse_cards(hand).count(c) == 2}, key=lambda c: c.sort_key)
    legal = {format_cards(c for c in chosen for _ in range(2))
             for chosen in combinations(pairs, len(parse_cards(lead)) // 2)
             if is_legal_follow(TWO_S, rules, lead, hand, [c for c in chosen for _ in range(2)])}
    listed = [format_cards(p) for p in view]
    assert len(listed) == len(set(listed)) == view.count() == len(legal) and set(listed) == legal


def test_sj9_a_refused_follow_opens_with_the_mistake_and_names_a_lone_joker_with_its_article():
    """SJ-9: the little joker played on a diamond lead while ♦2 is held: the verdict opens with the mistake,
    "the little joker leaves out ♦2", then the duty it breaks."""
    verdict = check_follow(TrumpContext(Rank.SEVEN, Suit.SPADES), SHUANGSHENG, "D4", "D2 LJ S3", "LJ")
    assert not verdict and verdict.reason.en.startswith("the little joker leaves out ♦2: the lead ♦4 is in diamonds")
    assert verdict.reason.zh.startswith("小王漏了♦2：首家出♦4")


def test_sj9_sj4_a_hand_with_exactly_the_lead_size_of_the_suit_must_play_them_all_and_its_level_card_is_named():
    """SJ-9: a hand holding exactly as many cards of the led suit as the lead must play them all (no "any two
    spades" choice); SJ-4: its ♠A, a level card, is named as a trump, since it is why only two spades are held."""
    ctx = TrumpContext(Rank.ACE, Suit.DIAMONDS)
    verdict = check_follow(ctx, SHUANGSHENG, "S6 S6", "SA S8 S5 D3 H5 C8", "S8 S5")
    assert verdict
    assert verdict.reason.en.startswith("The lead ♠6 ♠6 is in spades (♠A is a level card, so a trump) and your hand "
                                        "holds only two (♠8 ♠5), so you must play both")
    assert "any two" not in verdict.reason.en and "（♠A是级牌，算主牌）" in verdict.reason.zh
    single = check_follow(TrumpContext(Rank.FOUR, Suit.SPADES), SHENGJI, "H9", "H4 H7 SA DK", "H7")
    assert single and "(♥4 is a level card, so a trump) and your hand holds only one (♥7), so you must play it" \
        in single.reason.en
    trump_lead = check_follow(ctx, SHUANGSHENG, "D9", "SA D7 D5 H5", "D7")
    assert trump_lead and "level card" not in trump_lead.reason.en, "only a plain lead names the hand's level cards"


def test_sj9_a_trump_played_while_holding_the_led_suit_is_named_a_trump_first():
    """SJ-9: trumping while the hand still holds the led suit is the likely slip: the verdict opens with it ("♥K is
    a trump, not a diamond"), then the duty; a level card printed in the led suit keeps its own note instead."""
    ctx = TrumpContext(Rank.TWO, Suit.HEARTS)
    verdict = check_follow(ctx, SHUANGSHENG, "DA", "D9 D7 HK S3", "HK")
    assert not verdict and verdict.reason.en.startswith("♥K is a trump, not a diamond: the lead ♦A is in diamonds")
    assert verdict.reason.zh.startswith("♥K是主牌，不是方块：首家出♦A")
    assert check_follow(ctx, SHUANGSHENG, "DA", "D9 D7 S2 S3", "S2").reason.en.startswith("♠2 is a trump, not a diamond")
    level = check_follow(ctx, SHUANGSHENG, "DA", "D9 D7 D2 S3", "D2")
    assert not level and level.reason.en.startswith("♦2 is not a diamond (♦2 is a level card, so a trump)")


def test_sj9_a_pair_of_jokers_owed_to_a_trump_pair_lead_is_named_as_players_say_it():
    """SJ-9 (SJ-6): the pair a hand owes is named "a pair of big jokers" / "一对大王", not "the pair big joker and
    big joker"."""
    verdict = check_follow(TrumpContext(Rank.TEN, Suit.SPADES), SHENGJI, "S10 S10", "BJ BJ S3 CQ D8", "CQ D8")
    assert not verdict and "your hand holds a pair of big jokers, so you must follow with a pair of trumps" \
        in verdict.reason.en
    assert "你手中有一对大王，必须跟出对子" in verdict.reason.zh and "the pair big joker" not in verdict.reason.en


def test_sj9_a_refused_follow_that_starts_with_a_joker_starts_its_sentence_with_a_capital():
    """SJ-9: a verdict that opens with the play (the mistake first) names a play led by a joker "The play of the little
    joker and …", so the sentence starts with a capital even after a puzzle's "Not legal."."""
    verdict = check_follow(TrumpContext(Rank.FIVE, Suit.CLUBS), SHENGJI, "C8 C8 C7 C7", "LJ H5 CQ C3 SK", "LJ H5 CQ SK")
    assert not verdict and verdict.reason.capitalised().en.startswith("The play of the little joker and ♥5 ♣Q ♠K leaves out ♣3")


def test_c7_keeping_tractors_first_is_noted_only_where_it_refuses_a_choice_of_pairs():
    """C-7 against SG-5's "other pairs": with ♠10 ♠10 ♠9 ♠9 ♠5 ♠5 ♠4 ♠4 (level 6) on a three-pair spade tractor,
    every three pairs hold a tractor of two, so keeping tractors first refuses nothing and its note is not
    shown; with a lone pair beside one two-pair tractor (♠10 ♠10 ♠9 ♠9 ♠4 ♠4 ♠2 ♠2) it refuses ♠10 ♠10 ♠4 ♠4
    ♠2 ♠2, and the note stands behind the verdict."""
    six = TrumpContext(Rank.SIX, Suit.HEARTS)
    lead = "SA SA SK SK SQ SQ"

    def keep_notes(hand: str, play: str) -> list[str]:
        verdict = check_follow(six, SHUANGSHENG, lead, hand, play)
        return [n.en for n in verdict.reason.all_notes() if n.rule is RuleId.C_7 and "shorter tractors" in n.en]

    assert keep_notes("S10 S10 S9 S9 S5 S5 S4 S4 CQ", "S10 S10 S9 S9 S5 S5") == []
    assert keep_notes("S10 S10 S9 S9 S4 S4 S2 S2 CQ", "S10 S10 S9 S9 S4 S4") != []
