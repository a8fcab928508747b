"""Calling trump during the deal: SG-1 / SS-1 overrides, SG-3 / SS-3 joker pairs, SG-9 / SS-9 and
SS-E3 the first hand's dealer, SG-2 / SS-2 turning the kitty when nobody calls."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.errors import IllegalActionError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.calling import (
    CallKind,
    CallState,
    apply_call,
    check_call,
    classify_call,
    first_hand_dealer,
    resolve_calls,
    turn_kitty,
)
from cardlib.shengji.rules import get_ruleset

SG, SS = get_ruleset("shengji"), get_ruleset("shuangsheng")


def run(rules, calls, first_hand=True, kitty=None, level=Rank.TWO):
    return resolve_calls(rules, level, [(seat, parse_cards(cards)) for seat, cards in calls], first_hand,
                         None if kitty is None else parse_cards(kitty))


@pytest.mark.parametrize("cards, kind", [("H2", CallKind.SINGLE), ("H2 H2", CallKind.LEVEL_PAIR),
                                         ("LJ LJ", CallKind.LITTLE_JOKER_PAIR), ("BJ BJ", CallKind.BIG_JOKER_PAIR),
                                         ("H3", None), ("H2 D2", None), ("BJ LJ", None), ("BJ", None),
                                         ("H2 H2 H2", None)])
def test_sg1_ss1_what_a_call_shows(cards, kind):
    assert classify_call(Rank.TWO, parse_cards(cards)) is kind


def test_sg1_single_sets_trump_and_another_players_second_card_reinforces():
    result = run(SG, [(1, "H2"), (3, "H2")])
    assert (result.trump, result.dealer, result.accepted) == (Suit.HEARTS, 1, (True, True))
    assert "reinforces" in result.reasons[1].en and result.reasons[1].rule is RuleId.SG_1


def test_sg1_a_player_cannot_reinforce_their_own_call():
    result = run(SG, [(1, "H2"), (1, "H2")])
    assert result.accepted == (True, False)


def test_sg1_a_pair_overrides_a_single_but_not_a_pair():
    result = run(SG, [(1, "H2"), (2, "S2 S2"), (3, "D2 D2"), (0, "C2")])
    assert (result.trump, result.dealer, result.accepted) == (Suit.SPADES, 1, (True, True, False, False))
    refused = result.reasons[2]
    assert "West's pair of level cards (♦2 ♦2) cannot override North's pair of level cards (♠2 ♠2)" in refused.en
    # an equal call: the fact first, with no rule the guide does not write ("only a pair of jokers"); the guides
    # are silent, and the book's convention (it does not override) is the note behind it
    assert refused.en.endswith(": an equal call does not override.") and "only" not in refused.en
    assert "本书约定" not in refused.zh and "本书约定" in refused.notes_text("zh")


def test_sg1_sg3_any_joker_pair_overrides_everything_giving_no_trump():
    for jokers in ("LJ LJ", "BJ BJ"):
        result = run(SG, [(1, "H2"), (2, "S2 S2"), (3, jokers)])
        assert result.trump is None and result.trump_set and result.accepted == (True, True, True)
        assert result.reason.rule is RuleId.SG_3
    # SG-1: the joker pair is the top call; a later joker pair does not override it
    assert run(SG, [(1, "LJ LJ"), (2, "BJ BJ")]).accepted == (True, False)


def test_ss1_order_single_level_pair_small_jokers_big_jokers():
    result = run(SS, [(1, "H2"), (2, "S2"), (3, "D2 D2"), (0, "LJ LJ"), (2, "BJ BJ"), (3, "LJ LJ")])
    assert result.accepted == (True, False, True, True, True, False)
    assert result.trump is None and result.dealer == 1
    assert result.reasons[1].rule is RuleId.SS_1


def test_ss1_a_refusal_under_a_level_pair_says_what_the_guide_says_and_no_only_it_lacks():
    """SS-1 names one override of a pair of level cards, a pair of little jokers: the refusal says so in the
    guide's terms, not "only a pair of jokers" (a rule the 双升 guide does not write)."""
    refused = run(SS, [(1, "H2 H2"), (2, "S2")]).reasons[1]
    assert "North's single level card (♠2) cannot override East's pair of level cards (♥2 ♥2)" in refused.en
    # the reason a single fails: the guide's 高亮 ranks above it (not what overrides the pair, which explains nothing)
    assert "under the 双升 guide a pair of level cards (高亮) ranks above a single" in refused.en
    assert "按《双升》，一对级牌（高亮）比单张大" in refused.zh and "只能" not in refused.zh
    equal = run(SS, [(1, "H2 H2"), (2, "S2 S2")]).reasons[1]
    assert equal.en.endswith("an equal call does not override.") and "本书约定" in equal.notes_text("zh")


def test_ss1_ss_e3_a_level_pair_sets_trump_yet_the_first_single_caller_deals():
    result = run(SS, [(1, "H2"), (2, "S2 S2")])
    assert (result.trump, result.dealer) == (Suit.SPADES, 1)
    assert result.reason.rule is RuleId.SS_1 and "first call" in result.reason.en


def test_ss9_ss_e3_the_first_dealer_reason_says_the_dealer_once_and_no_trump_twice():
    """SS-9 / SS-E3: the dealer reason names the first caller and leaves the trump to the trump reason; a
    later call is mentioned only when another player made it."""
    state = run(SS, [(1, "H2"), (2, "S2 S2")]).state
    _seat, reason = first_hand_dealer(SS, state)
    assert reason is not None and reason.rule is RuleId.SS_E3 and "trump" not in reason.en and "定主" not in reason.zh
    _seat, own = first_hand_dealer(SS, run(SS, [(1, "H2"), (1, "BJ BJ")]).state)
    assert own is not None and own.rule is RuleId.SS_9 and "later call" not in own.en and "反主" not in own.zh
    _seat, other = first_hand_dealer(SS, run(SS, [(1, "H2"), (3, "BJ BJ")]).state)
    assert other is not None and "a later overcall sets only the trump" in other.en  # the trump's sentence names it


def test_ss3_joker_call_trump_previous_suit_keeps_the_suit():
    rules = get_ruleset("shuangsheng", {"joker_call_trump": "previous_suit"})
    result = run(rules, [(1, "H2"), (2, "S2 S2"), (3, "LJ LJ")])
    assert result.trump is Suit.SPADES and result.reason.rule is RuleId.SS_3


def test_sg1_ss1_non_level_cards_are_not_accepted_and_say_why():
    result = run(SG, [(0, "H3"), (1, "BJ LJ"), (2, "S2 H2")])
    assert result.accepted == (False, False, False)
    assert all("cannot call" in reason.en and "A call shows one level card (a 2 of any suit)" in reason.en
               and "不能亮主" in reason.zh for reason in result.reasons)
    assert "♥3 cannot call: it is not a level card" in result.reasons[0].en
    assert "jokers call only as a pair" not in result.reasons[1].en  # BJ LJ is two cards, not a single joker
    assert "not a pair of identical cards" in result.reasons[1].en and "♠2 ♥2" in result.reasons[2].en
    assert result.trump_set is False and result.trump is None and result.dealer is None


def test_ss9_not_first_hand_the_call_does_not_change_the_dealer():
    result = run(SS, [(3, "H2")], first_hand=False)
    assert (result.trump, result.dealer) == (Suit.HEARTS, None)


def test_sg9_seat_zero_deals_the_first_hand_whoever_calls():
    result = run(get_ruleset("shengji", {"first_dealer": "seat_zero"}), [(3, "H2")])
    assert result.dealer == 0


def test_level_cards_follow_the_level():
    assert run(SG, [(0, "HK")], level=Rank.KING).trump is Suit.HEARTS
    assert run(SG, [(0, "H2")], level=Rank.KING).accepted == (False,)


def test_sg2_ss2_nobody_calls_the_kitty_is_turned_skipping_jokers():
    suit, index, reason = turn_kitty(parse_cards("BJ LJ LJ C9 S2 S3 S4 S5"))
    assert (suit, index, reason.rule) == (Suit.CLUBS, 3, RuleId.SG_2)
    result = run(SS, [(0, "H3")], first_hand=True, kitty="LJ D9 S2 S3 S4 S5 S6 S7")
    assert (result.trump, result.trump_set, result.dealer) == (Suit.DIAMONDS, True, 0)


def test_sg2_redeal_variant_leaves_no_trump_standing():
    result = run(get_ruleset("shengji", {"no_call": "redeal"}), [], kitty="D9 S2 S3 S4 S5 S6 S7 S8")
    assert result.trump_set is False and "dealt again" in result.reason.en


def test_sg2_a_standing_call_is_not_replaced_by_the_kitty():
    assert run(SG, [(2, "C2")], kitty="D9 S2 S3 S4 S5 S6 S7 S8").trump is Suit.CLUBS


def test_a_kitty_of_jokers_only_is_impossible():
    with pytest.raises(InvalidPositionError, match="only jokers"):
        turn_kitty(parse_cards("BJ BJ LJ LJ"))


def test_apply_call_refuses_a_weak_call_and_leaves_the_state():
    state = apply_call(SG, CallState(Rank.TWO), 0, parse_cards("H2 H2"))
    with pytest.raises(IllegalActionError, match="cannot override South's pair of level cards"):
        apply_call(SG, state, 1, parse_cards("S2"))
    with pytest.raises(IllegalActionError, match="a pair of level cards overrides a single, not the other way round"):
        apply_call(SG, state, 1, parse_cards("S2"))
    assert state == CallState(Rank.TWO, CallKind.LEVEL_PAIR, Suit.HEARTS, 0, 0, CallKind.LEVEL_PAIR)
    assert not check_call(SG, state, 1, parse_cards("S2 S2"))


def test_ss1_a_second_single_is_refused_as_the_books_convention():
    """SS-1: the 双升 guide is silent on a second single call; the refusal says so and what would override."""
    result = run(SS, [(1, "H2"), (2, "S2"), (3, "H2")])
    assert result.accepted == (True, False, False)
    for reason in result.reasons[1:]:
        assert reason.rule is RuleId.SS_1 and "cannot override East's single level card (♥2)" in reason.en
        assert any("The 双升 guide does not say what a second single level card does" in note.en
                   and "本书约定" in note.zh for note in reason.all_notes())  # the convention said once, behind
        assert "only a pair, of level cards or jokers, overrides" in reason.en


def test_sg1_ss1_the_top_calls_cannot_be_overridden_and_say_so():
    """SG-1: any joker pair is the top call; SS-1: big jokers over little jokers over a level pair."""
    sg = run(SG, [(1, "LJ LJ"), (2, "BJ BJ")]).reasons[1]
    assert "a pair of jokers, of either kind, is the highest call, and an equal call does not override" in sg.en
    assert "一对王（不分大小）是最高级的亮主" in sg.zh and "本书约定不能" in sg.notes_text("zh")
    over_pair = run(SG, [(1, "LJ LJ"), (2, "S2 S2")]).reasons[1]
    assert "a pair of jokers is the highest call" in over_pair.en and "either kind" not in over_pair.en
    ss = run(SS, [(1, "LJ LJ"), (2, "LJ LJ"), (3, "BJ BJ"), (0, "BJ BJ")]).reasons
    assert ss[1].en.endswith("an equal call does not override.")
    under = run(SS, [(1, "LJ LJ"), (2, "S2 S2")]).reasons[1]
    assert "under the 双升 guide only a pair of big jokers is higher" in under.en
    assert "只有一对大王比一对小王大" in under.zh
    assert "West's pair of big jokers overrides East's pair of little jokers" in ss[2].en
    assert "nothing overrides a pair of big jokers" in ss[3].en


def test_sg1_reinforcing_ones_own_call_is_refused_and_says_what_would_override():
    """SG-1: a player cannot reinforce their own single; the pair would override it."""
    reason = run(SG, [(1, "H2"), (1, "H2")]).reasons[1]
    assert reason.en.startswith("East already called with ♥2") and "the pair ♥2 ♥2 would override it" in reason.en


def test_ss3_no_trump_after_a_joker_pair_is_the_books_reading():
    """SS-3: 双升 says the new call's suit becomes trump, which jokers lack; the book follows 四人升级."""
    reason = run(SS, [(1, "H2"), (2, "BJ BJ")]).reason
    assert reason.rule is RuleId.SS_3 and "no trump suit (无主)" in reason.en
    assert "jokers have no suit; this book's convention" in reason.notes_text("en")  # the convention, behind it


def test_sg2_ss2_ss9_nobody_calls_in_the_first_hand_the_turned_kitty_and_the_dealer_are_explained():
    """SG-2 / SS-2: the turned card is named, the skipped jokers too; SS-2 and the dealer are the book's convention."""
    reason = run(SS, [], first_hand=True, kitty="BJ LJ D9 S2 S3 S4 S5 S6").reason
    assert reason.rule is RuleId.SS_2
    assert "after big joker and little joker (jokers have no suit) the first card that is not a joker is ♦9" in reason.en
    assert "The 双升 guide does not say what happens when nobody calls" in reason.notes_text("en")
    assert "does not say" not in reason.en  # the main text says what decides; the silence is a note
    assert "so South, where the deal began, deals it" in reason.en and "南家" in reason.zh


def test_sg9_under_the_sg_preset_the_first_dealer_cites_the_books_convention_not_the_ss_passage():
    """SG-9: the 四人升级 guide is silent on the first dealer; the book's convention (SG-9) decides it, so an
    overcall by a pair under SG cites SG-9 in the 四人升级 words (no 双升 “高亮”, no SS-E3)."""
    seat, reason = first_hand_dealer(SG, run(SG, [(1, "H2"), (2, "S2 S2")]).state)
    assert seat == 1 and reason is not None and reason.rule is RuleId.SG_9
    assert "高亮" not in reason.zh and "本书按《双升》" in reason.notes_text("zh")
    _seat, alone = first_hand_dealer(SG, run(SG, [(1, "H2")]).state)
    assert alone is not None and alone.rule is RuleId.SG_9
    _seat, ss = first_hand_dealer(SS, run(SS, [(1, "H2"), (2, "S2 S2")]).state)
    assert ss is not None and ss.rule is RuleId.SS_E3 and "高亮" in ss.zh


def test_ss9_a_first_call_that_is_a_pair_gives_the_deal_by_the_books_convention_and_says_so():
    """SS-9: the 双升 guide gives the first deal to the player who shows a single level card; when the first call is
    a pair it is silent, and the note says the book's convention decides (the first caller deals).  A first single
    needs no such note."""
    pair_first = run(SS, [(3, "C2 C2"), (0, "S2")])
    seat, reason = first_hand_dealer(SS, pair_first.state)
    assert seat == 3 and reason is not None and "本书约定由最先亮主的人坐庄" in reason.notes_text("zh")
    assert "does not say who deals when the first call is a pair" in pair_first.reason.notes_text("en")
    _seat, single_first = first_hand_dealer(SS, run(SS, [(3, "C2"), (0, "S2 S2")]).state)
    assert single_first is not None and "first call is a pair" not in single_first.notes_text("en")


def test_ss3_a_joker_pair_says_it_overrides_only_where_it_did_and_an_equal_calls_convention_is_not_lost():
    """SS-3: a pair of jokers over an earlier call overrides the call that stood, named (反掉…), not a refused
    call shown between; a first call "stands"
    (定主).  SG-1: a refused equal call keeps the note that the guides are silent on it (this book's convention)."""
    over = run(SS, [(1, "S2 S2"), (2, "BJ BJ")]).reason
    assert "overrides East's pair of level cards (♠2 ♠2)" in over.en and "反掉东家亮的一对级牌（♠2 ♠2）" in over.zh
    refused_between = run(SS, [(1, "LJ LJ"), (3, "S2 S2"), (2, "BJ BJ")]).reason  # West's pair never stood
    assert refused_between.en.startswith("North's pair of big jokers overrides East's pair of little jokers")
    first = run(SS, [(2, "BJ BJ")]).reason
    assert "stands" in first.en and "定主" in first.zh and "反主" not in first.zh
    equal = run(SG, [(0, "H2 H2"), (1, "C2 C2")]).reason
    assert "本书约定不能" in equal.notes_text("zh")


def test_sg1_calls_of_one_seat_refused_for_one_reason_are_one_note():
    """SG-1: two calls of one seat refused by the same standing call for the same reason are said in one note
    ("South's pair of level cards (♣2 ♣2) and single level card (♥2) cannot override …"), not one sentence twice."""
    result = run(SG, [(0, "BJ BJ"), (0, "C2 C2"), (0, "H2")])
    refusals = [note for note in result.reason.notes if "cannot override" in note.en]
    assert len(refusals) == 1, [note.en for note in refusals]
    assert refusals[0].en.startswith("South's pair of level cards (♣2 ♣2) and single level card (♥2) cannot override")
    assert "南家亮的一对级牌（♣2 ♣2）和单张级牌（♥2）反不了" in refusals[0].zh


def test_sg1_ss1_a_call_that_stands_says_the_later_calls_are_no_stronger_and_an_equal_one_is_not_said_twice():
    """SG-1 / SS-1: what keeps the first call standing (the later pairs are no stronger) is in the sentence that
    says it stands; an equal call's own refusal is not repeated behind it, only the book's convention on equal
    calls, once.  A weaker call of another kind keeps its own note (what the guide ranks above what)."""
    for rules in (SG, SS):
        result = run(rules, [(2, "H6 H6"), (1, "C6 C6"), (2, "S6 S6")], level="6")
        assert result.reason.en.startswith("North's pair of level cards (♥6 ♥6) stands, since the later calls "
                                           "(East's ♣6 ♣6, North's ♠6 ♠6) are no stronger: hearts are trump.")
        assert "之后东家亮的♣6 ♣6、北家亮的♠6 ♠6都不比它大" in result.reason.zh
        notes = [note.en for note in result.reason.all_notes()]
        assert not any("cannot override" in note for note in notes), notes
        assert sum("equal call" in note for note in notes) == 1, notes
    single = run(SS, [(2, "H6 H6"), (1, "C6")], level="6").reason
    assert "since the later call (East's ♣6) is no stronger" in single.en
    assert any("ranks above a single" in note.en for note in single.all_notes())


def test_sg1_a_single_of_another_suit_is_refused_with_the_note_on_what_the_guide_leaves_unsaid():
    """SG-1: the 四人升级 guide names a pair overriding a single and a second single of the same suit reinforcing
    it; East's ♣2 after West's ♦2 is neither, and the note says so (not the same-suit note, which is beside it)."""
    rules = get_ruleset("shengji")
    state = apply_call(rules, CallState(Rank.TWO), 3, parse_cards("D2"))
    verdict = check_call(rules, state, 1, parse_cards("C2"))
    assert not verdict.ok
    notes = [n for n in verdict.reason.all_notes()]
    assert any("a single of another suit" in n.en and "另一花色的单张" in n.zh for n in notes), notes
    assert not any(n.en.startswith("A second single of the same suit") for n in notes)
