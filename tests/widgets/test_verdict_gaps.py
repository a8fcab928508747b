"""Verdicts that name what decides where the reader's eye slips (the ninth referee's items): the gap that
keeps two pairs from being a tractor (in a lead, a trick, a shape of jokers), the trump that beats the led
suit's highest card in the last trick, the part a failed throw must lead, the point cards of a burial.

Rules: SG-4 / SS-4, SJ-6, SJ-10, SJ-11, SJ-12, C-3.
"""

from __future__ import annotations

import pytest

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.shengji.combos import explain_shape
from cardlib.shengji.leads import check_lead
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import card_points, kitty_score
from cardlib.shengji.throws import resolve_throw
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext
from cardlib.words import cards_text
from widgets.puzzles import make_puzzle
from widgets.puzzles.shengji_trick import wrong_winner
from widgets.puzzles.spec import verdict_of

SG = get_ruleset("shengji")


def test_c3_sg4_pairs_led_together_with_a_gap_say_which_card_sits_between():
    """♠10 ♠10 ♠7 ♠7 at level 9, no trump: the reader thinks a tractor; ♠8 sits between (♠9 is a level card)."""
    ctx = TrumpContext(Rank.NINE, None)
    verdict = check_lead(ctx, SG, "S10 S10 S7 S7 H3", "S10 S10 S7 S7")
    assert not verdict.ok
    assert verdict.reason.en.startswith("♠10 ♠10 ♠7 ♠7 is two pairs of spades but no tractor: ♠8 sits between")
    assert "中间隔着♠8" in verdict.reason.zh and "Lead one pair, such as ♠10 ♠10." in verdict.reason.en


def test_sj6_sg4_a_pair_of_jokers_is_named_as_players_say_it_where_it_makes_no_tractor():
    reason = explain_shape(TrumpContext(Rank.EIGHT, Suit.SPADES), SG, "LJ LJ S6 S6")
    assert reason.capitalised().en.startswith("A pair of little jokers and ♠6 ♠6 are two pairs of trumps but no tractor")
    assert "little joker little joker" not in reason.en and "little joker, little joker" not in reason.en
    assert reason.zh.startswith("一对小王和♠6 ♠6是两对主牌")


def test_sj12_a_last_trick_trumped_says_the_trump_beats_the_led_suits_highest_card():
    """Clubs trump, West leads ♦7, North (an attacker) plays ♦A, East (dealer's team) trumps with ♣2."""
    ctx = TrumpContext(Rank.THREE, Suit.CLUBS)
    trick = [parse_cards(p) for p in ("D7", "D10", "C2", "DA")]  # West, South, East, North
    result = kitty_score(ctx, SG, "C10 S5 H3 H4 H6 H7 H8 H9", trick, False, leader=3)
    assert result.value == 0
    assert "won the last trick with ♣2 (clubs are trumps, so it beats ♦A)" in result.reason.en  # North's, the highest
    assert "东家用♣2（梅花是主，毙了♦A）赢得最后一轮" in result.reason.zh


def test_sj10_sg4_trump_pairs_that_are_no_tractor_say_the_gap_before_who_wins():
    """A spade tractor led by North; South's ♣9 ♣9 ♣7 ♣7 (clubs trump, level 10) has ♣8 between its pairs."""
    ctx, rules = TrumpContext(Rank.TEN, Suit.CLUBS), get_ruleset("shuangsheng")
    plays = [parse_cards(p) for p in ("SK SK SQ SQ", "CK SJ S6 S6", "C9 C9 C7 C7", "LJ D10 CJ CJ")]
    seats = [2, 3, 0, 1]
    result = find_trick_winner(ctx, rules, plays)
    assert result.winner == 0
    reason = wrong_winner(ctx, rules, plays, seats, 2, result)
    assert reason.en.startswith("South's ♣9 ♣9 ♣7 ♣7 is two pairs of trumps but no tractor: ♣8 sits between")
    assert reason.en.endswith("North's lead ♠K ♠K ♠Q ♠Q wins: nobody beats it.")
    assert reason.zh.startswith("南家的♣9 ♣9 ♣7 ♣7是两对主牌，但不是拖拉机")


def test_c3_leading_a_part_nobody_can_beat_is_told_a_failed_throw_does_not_lead_it():
    """Each part of a failed throw that no other hand beats (worked out here by the engine, part by part) is
    answered "Not ♦A: nobody can beat it, so a failed throw does not lead it", then which part is led and why."""
    seen = 0
    for seed in range(80):
        spec = make_puzzle("throw", seed)
        rid, position = spec["rulesets"][0]["id"], spec["position"]
        ctx = TrumpContext(Rank.parse(position["level"]), None if position["trump"] == "none" else Suit(position["trump"]))
        rules = get_ruleset(spec["rulesets"][0]["preset"], spec["rulesets"][0]["variant"])
        hands = [parse_cards(" ".join(h)) for h in position["other_hands"]]
        if spec["correct"][rid] == ["stands"]:
            continue
        for answer in spec["answers"]:
            key = answer["key"]
            if not key.startswith("unit:") or key in spec["correct"][rid]:
                continue
            part = parse_cards(key.removeprefix("unit:"))
            if not resolve_throw(ctx, rules, part, hands).stands:  # another hand beats this part
                continue
            ok, reason = verdict_of(spec, rid, key)
            assert not ok and reason["en"].startswith(
                f"Not {cards_text(part)}: nobody can beat it, so a failed throw does not lead it."), reason["en"]
            assert "没人管得住，甩牌失败时不出它" in reason["zh"]
            seen += 1
    assert seen >= 5


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_sj11_a_burials_right_answer_names_the_cards_that_carry_its_points(seed):
    spec = make_puzzle("bury", seed)
    rid = spec["rulesets"][0]["id"]
    ok, reason = verdict_of(spec, rid, spec["correct"][rid][0])
    assert ok and "may bury any" not in reason["en"]
    counted = [c for c in parse_cards(" ".join(spec["position"]["bury"])) if card_points(c)]
    for card in counted:
        assert cards_text([card]) in reason["en"].split(". ")[0]


def test_sj13_ss8_naming_a_winner_where_nobody_has_won_is_answered_first_with_the_sg_reading_behind_it():
    """A team climbs to A under the 四人升级 preset: a reader who names a winner is told first that nobody has
    won (through A is the book's default, SJ-13), and the note says the guide's own words read as reaching A."""
    seen = 0
    for seed in range(90):
        spec = make_puzzle("after_hand", seed)
        if "shengji" not in spec["verdicts"] or spec["correct"]["shengji"][0].split("|")[-1] != "none":
            continue
        for answer in spec["answers"]:
            key = answer["key"]
            if key.split("|")[-1] == "none":
                continue
            ok, reason = verdict_of(spec, "shengji", key)
            assert not ok and reason["en"].startswith("No team has won"), reason["en"]
            assert reason["zh"].startswith("还没有队赢"), reason["zh"]
            if "A, where the climb stops" in reason["en"]:
                assert any("四人升级" in n["en"] and "reach" in n["en"] for n in reason.get("notes", [])), reason
                seen += 1
    assert seen


def test_sj4_sj10_a_discard_holding_a_level_card_says_the_level_card_is_a_trump_and_the_rest_is_not():
    """Level 8, diamonds trump, a heart pair led: East's ♠8 ♠7 looks like a pair of spades or of trumps; ♠8 is a
    level card (a trump), ♠7 is not, so it is a discard."""
    from widgets.puzzles.shengji_trick import why_not_winning

    ctx = TrumpContext(Rank.EIGHT, Suit.DIAMONDS)
    plays = [parse_cards(p) for p in ("H5 H5", "S8 S7", "D4 D4", "D8 D8")]
    result = find_trick_winner(ctx, SG, plays)
    reason = why_not_winning(ctx, SG, plays, [0, 1, 2, 3], 1, result.winner)
    assert reason.en == "East's ♠8 ♠7 is a discard: ♠8 is a level card, a trump, but ♠7 is not"
    assert reason.zh == "东家的♠8 ♠7是垫牌：♠8是级牌，算主牌，♠7却不是，不能赢"
