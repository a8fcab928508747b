"""Trick winner (SJ-10, C-1, C-5; throws C-3) and the next leader (SJ-8)."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank, Suit
from cardlib.errors import CardlibError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.case_questions import CaseContext
from cardlib.shengji.questions_play import answer_next_leader
from cardlib.shengji.rules import SHENGJI, SHUANGSHENG, get_ruleset
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext

TWO_S = TrumpContext(Rank.TWO, Suit.SPADES)


def winner(plays, ctx=TWO_S, rules=SHENGJI):
    return find_trick_winner(ctx, rules, plays)


def test_c1_equal_cards_the_first_played_wins():
    """The example of docs/notation.md: HK HK H3 C4 → the lead."""
    result = winner(["HK", "HK", "H3", "C4"])
    assert result.winner == 0 and result.reason.rule is RuleId.C_1


def test_sj10_higher_card_of_the_led_suit_wins():
    result = winner(["HK", "H3", "HA", "C4"])
    assert result.winner == 2 and result.reason.rule is RuleId.SJ_10


def test_sj10_discard_of_a_higher_plain_card_cannot_win():
    assert winner(["H3", "CA", "DA", "H4"]).winner == 3


def test_sj10_a_trump_beats_a_plain_lead_and_over_trump_must_be_higher():
    assert winner(["HA", "S3", "S4", "H5"]).winner == 2
    assert winner(["HA", "S4", "S3", "HK"]).winner == 1


def test_sj4_sj10_off_suit_level_cards_trump_and_tie_with_each_other():
    """Equal trumps on a plain lead: SJ-10 decides (to over-trump a play must be strictly higher), not C-1;
    the first words name the winning play and the level card that makes it a trump."""
    result = winner(["HA", "D2", "C2", "H3"])
    assert result.winner == 1 and result.reason.rule is RuleId.SJ_10
    assert result.reason.en.startswith("The second player wins with ♦2: ♦2 is a level card, so it is a trump.")
    assert "strictly higher" in result.reason.en and not result.reason.all_notes()
    assert winner(["HA", "D2", "S2", "H3"]).winner == 2


def test_c5_two_different_trump_singles_on_a_pair_lead_are_a_discard():
    result = winner(["HA HA", "S3 S4", "C4 C5", "H3 H3"])
    assert result.winner == 0 and result.reason.rule is RuleId.C_5
    assert result.reason.en == ("The leader wins with ♥A ♥A: the second player's ♠4 ♠3 is two different trumps, "
                                "not a pair, so it does not trump the pair lead.")
    assert "二家" in result.reason.zh
    [note] = result.reason.all_notes()  # C-5 is the book's convention: said behind the verdict, where it decides
    assert note.rule is RuleId.C_5 and "本书约定" in note.zh and "this book's convention" in note.en
    assert "杀牌也必须用对子或拖拉机" in note.zh and "The 双升 guide says" in note.en  # 双升 4.3 is not silent


def test_sj10_a_trump_pair_beats_a_plain_pair_and_equal_trump_pairs_keep_the_first():
    assert winner(["HA HA", "S3 S3", "C4 C5", "H3 H3"]).winner == 1
    result = winner(["HA HA", "H2 H2", "D2 D2", "H3 H3"])
    assert result.winner == 1 and result.reason.rule is RuleId.SJ_10  # equal trumps: to over-trump, strictly higher
    assert result.reason.en.startswith("The second player wins with ♥2 ♥2: ♥2 is a level card, so ♥2 ♥2 is a pair")


def test_sj10_tractor_lead_beaten_only_by_a_tractor_compared_by_its_top_pair():
    # trump pairs that are not adjacent cannot win; a trump tractor does
    assert winner(["HA HA HK HK", "S3 S3 S5 S5", "C3 C3 C4 C4", "H9 H9 H8 H8"]).winner == 0
    assert winner(["HA HA HK HK", "S3 S3 S4 S4", "H2 H2 SA SA", "H9 H9 H8 H8"]).winner == 2


def test_sg_no_trump_small_joker_tractor_wins():
    ctx = TrumpContext(Rank.TWO, None)
    assert winner(["HA HA HK HK", "LJ LJ S2 S2", "H9 H9 H8 H8"], ctx).winner == 1


def test_ss4_natural_rank_tractor_trumps_only_under_its_ruleset():
    five = TrumpContext(Rank.FIVE, Suit.SPADES)
    plays = ["HA HA HK HK", "S5 S5 S6 S6", "H9 H9 H8 H8"]
    assert winner(plays, five, SHUANGSHENG).winner == 1
    assert winner(plays, five, SHENGJI).winner == 0


def test_sj10_trump_lead_followed_by_higher_trump():
    assert winner(["S3", "BJ", "LJ", "S4"]).winner == 1
    assert winner(["H2", "S2", "LJ", "D2"]).winner == 2


def test_c3_throw_lead_beaten_only_by_trumps_of_the_same_structure():
    rules = get_ruleset("shengji", {"throws": True})
    assert winner(["HA HK HK", "S3 S4 S4", "HQ HQ H3", "S5 S6 S7"], rules=rules).winner == 1
    assert winner(["HA HK HK", "S3 S4 S4", "S5 S5 S6", "H3 H4 H5"], rules=rules).winner == 2
    assert winner(["HA HK HK", "HQ HQ HJ", "S5 S6 S7", "H3 H4 H5"], rules=rules).winner == 0


def test_sj10_bad_tricks_are_clear_errors():
    with pytest.raises(InvalidPositionError, match="has 1 card"):
        winner(["HA HA", "H3"])
    with pytest.raises(InvalidPositionError, match="at most 4"):
        winner(["HA"] * 2 + ["H3"] * 3)
    with pytest.raises(CardlibError, match="3 copies"):
        winner(["HA", "HA", "HA"])
    with pytest.raises(InvalidPositionError, match="non-empty"):
        winner([])


def test_sj8_next_leader_is_the_dealer_then_the_trick_winner():
    context = CaseContext(SHENGJI)
    assert answer_next_leader({"dealer": 2, "first_trick": True}, context)[0] == 2
    case = {"level": "2", "trump": "S", "leader": 3, "plays": ["HA", "HK", "S3", "C4"]}
    seat, reason = answer_next_leader(case, context)
    assert seat == 1 and reason.rule is RuleId.SJ_8
    with pytest.raises(InvalidPositionError, match="whole trick"):
        answer_next_leader({**case, "plays": ["HA", "HK"]}, context)


def test_sj10_a_later_lower_trump_is_a_failed_over_trump_not_the_winners():
    """SJ-10: the winner trumped first; the lower trump played after it is named as the failed over-trump."""
    result = find_trick_winner(TrumpContext(Rank.SEVEN, Suit.HEARTS), SHUANGSHENG, ["SK SK", "S3 S3", "H7 H7", "HQ HQ"],
                               leader=0)
    assert result.winner == 2 and result.reason.rule is RuleId.SJ_10
    assert ("played after it, is lower (♥7 is the level card of the trump suit), so it fails to over-trump"
            in result.reason.en)  # and why it is lower: the level card of the trump suit tops the suit (SJ-5)
    assert "over-trumps" not in result.reason.en and "后出的" in result.reason.zh
    earlier = find_trick_winner(TrumpContext(Rank.SEVEN, Suit.HEARTS), SHUANGSHENG, ["SK SK", "HQ HQ", "H7 H7", "S3 S3"])
    assert "and it over-trumps the second player's ♥Q ♥Q" in earlier.reason.en  # the winner over-trumped an earlier one
    assert "盖毙了二家先毙的♥Q ♥Q" in earlier.reason.zh


def test_sj5_sj10_an_over_trump_glosses_the_level_card_only_where_the_printed_ranks_do_not_show_it():
    """SJ-5: ♦8 ♦8 (level 8, diamonds trumps) over-trumping ♦4 ♦4 is higher by print as well: no "(♦8 is the
    level card of the trump suit)"; over ♦K ♦K it is the level card that decides, and the verdict says so."""
    ctx = TrumpContext(Rank.EIGHT, Suit.DIAMONDS)
    plain = find_trick_winner(ctx, SHUANGSHENG, ["HA HA", "D4 D4", "H3 H5", "D8 D8"], leader=0)
    assert plain.winner == 3 and "over-trumps East's ♦4 ♦4." in plain.reason.en
    assert "level card of the trump suit" not in plain.reason.en and "主花色的级牌" not in plain.reason.zh
    decided = find_trick_winner(ctx, SHUANGSHENG, ["HA HA", "DK DK", "H3 H5", "D8 D8"], leader=0)
    assert decided.winner == 3 and "(♦8 is the level card of the trump suit)" in decided.reason.en


def test_sj10_trumps_of_the_wrong_shape_are_named_when_the_lead_wins():
    """SJ-10: trumps that are not a tractor cannot trump a tractor lead; the reason says so, not "nobody trumps"."""
    result = find_trick_winner(TrumpContext(Rank.NINE, Suit.DIAMONDS), SHUANGSHENG,
                               ["C7 C7 C6 C6", "DJ D2 D2 S6", "D9 DK DK D6", "D9 D10 D6 D3"], leader=0)
    assert result.winner == 0 and result.reason.rule is RuleId.SJ_10
    assert "nobody follows with a higher tractor of 2 pairs of clubs, and North's and West's trumps are not a tractor of 2 pairs." in result.reason.en
    assert "or trumps it" not in result.reason.en and "虽是主牌" in result.reason.zh


def test_sj5_c1_a_plain_suit_level_card_leading_trumps_says_where_it_ranks_before_the_tie():
    """SJ-5: ♣8 led at level 8 with diamonds trump is a trump above ♦Q and ♦5; the verdict says so before the C-1
    tie with West's ♣8, or a reader learns that a club lead beats trumps."""
    result = find_trick_winner(TrumpContext(Rank.EIGHT, Suit.DIAMONDS), SHENGJI, ["C8", "D5", "DQ", "C8"])
    assert result.winner == 0
    assert result.reason.en.startswith("The leader wins with ♣8 (a level card: only the jokers and ♦8 rank above "
                                       "it): the fourth player's ♣8 is only as high")
    assert "♣8（级牌，只比大小王和♦8小）赢" in result.reason.zh
    alone = find_trick_winner(TrumpContext(Rank.EIGHT, Suit.DIAMONDS), SHENGJI, ["C8", "D5", "DQ", "DA"])
    assert "♣8 (a level card: only the jokers and ♦8 rank above it): nobody plays a higher single of trumps" in alone.reason.en


def test_sj10_a_trump_on_a_plain_lead_says_why_it_is_a_trump_and_that_it_beats_the_highest_follow():
    """SJ-10 (SJ-4): a trump that wins a plain lead is said to win because its suit (or its jokers, or its level
    card) makes it a trump, and so it beats every card of the led suit, the highest follow named: not the circular
    "spades are trumps, so it is a trump"."""
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    single = find_trick_winner(ctx, SHENGJI, ["DK", "D7", "S9", "DA"], leader=3)
    assert single.winner == 2
    assert single.reason.en == "East wins with ♠9: spades are trumps, so it beats every diamond, North's ♦A too."
    pair = find_trick_winner(ctx, SHENGJI, ["D6 D6", "D4 D4", "BJ BJ", "D9 D9"], leader=1)
    assert "jokers are trumps, so it beats every pair of diamonds, South's ♦9 ♦9 too" in pair.reason.en
    level = find_trick_winner(ctx, SHENGJI, ["DK", "D7", "H2", "D3"], leader=0)
    assert "♥2 is a level card and so a trump, so it beats every diamond, the lead ♦K too" in level.reason.en
    assert "so it is a trump" not in single.reason.en + pair.reason.en + level.reason.en
