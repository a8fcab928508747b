"""The engine's reasons cite the erratum or rule a position is about, so a puzzle on it names that id.

Rules: SG-E2, SG-E3, SS-E1, SS-E3, SS-2, SJ-1, SJ-3, SJ-4
"""

from __future__ import annotations

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.check import answer_case
from cardlib.rule_ids import RuleId
from cardlib.shengji.calling import resolve_calls
from cardlib.shengji.progression import explain_partner, level_played
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import POINTS_SLIP_NOTE, kitty_multiplier, points_left
from cardlib.shengji.trump import TrumpContext, explain_trumps


def test_sg_e2_a_two_pair_tractor_under_sg_cites_the_erratum_and_other_units_do_not():
    """The multiplier's main sentence cites the scheme's row (SG-6); the SG-E2 note goes with it exactly
    when the play is a tractor of 2 pairs under the 四人升级 guide's scheme, and never otherwise."""
    rules = get_ruleset("shengji")
    two_pairs = kitty_multiplier(rules, 2, 4, 4)[1]
    assert two_pairs.rule is RuleId.SG_6 and RuleId.SG_E2 in [n.rule for n in two_pairs.all_notes()]
    assert "slip" not in two_pairs.en
    others = [kitty_multiplier(rules, n, 2 * n or 1, 2 * n or 1)[1] for n in (0, 1, 3)]
    assert [r.rule for r in others] == [RuleId.SG_6] * 3
    assert all(RuleId.SG_E2 not in [n.rule for n in r.all_notes()] for r in others)
    ss = kitty_multiplier(get_ruleset("shuangsheng"), 2, 4, 4)[1]
    assert ss.rule is RuleId.SS_6 and RuleId.SG_E2 not in [n.rule for n in ss.all_notes()]


def test_sg_e3_pairs_adjacent_in_neither_reading_cite_the_77jj_erratum():
    """Two pairs adjacent in neither reading (the guide's own "77JJ"): the tractor rule decides, and the
    SG-E3 note goes with it; three such pairs are not the guide's example, so no SG-E3 note."""
    for preset in ("shengji", "shuangsheng"):
        answer, reason = answer_case({"question": "shape", "level": "5", "trump": "H", "cards": "S7 S7 SJ SJ",
                                      "ruleset": preset})
        assert answer == "none" and reason.rule in (RuleId.SG_4, RuleId.SS_4) and "77JJ" not in reason.en
        erratum = [n for n in reason.all_notes() if n.rule is RuleId.SG_E3]
        assert len(erratum) == 1 and "77JJ" in erratum[0].en
        answer, reason = answer_case({"question": "shape", "level": "5", "trump": "H",
                                      "cards": "S3 S3 S7 S7 SJ SJ", "ruleset": preset})
        assert answer == "none" and RuleId.SG_E3 not in [n.rule for n in reason.all_notes()]
    # where the readings differ, the difference is cited, not the erratum (SG-4 / SS-4)
    _answer, reason = answer_case({"question": "shape", "level": "5", "trump": "H", "cards": "S4 S4 S6 S6",
                                   "ruleset": "shuangsheng"})
    assert reason.rule is RuleId.SS_4


def test_ss_e1_points_left_count_two_hundred():
    """The count is SJ-11's (200 points); the 双升 guide's slip (SS-E1) is a note the points-left puzzle
    adds under the 双升 ruleset only (tests/widgets/test_verdict_budget.py)."""
    left, reason = points_left(parse_cards("S5 S10 SK H9"))
    assert left == 175 and reason.rule is RuleId.SJ_11 and "200" in reason.en and "200" in reason.zh
    assert "slip" not in reason.en and POINTS_SLIP_NOTE.rule is RuleId.SS_E1 and "100" in POINTS_SLIP_NOTE.en
    assert points_left([])[0] == 200


def test_ss_e3_a_level_pair_by_another_player_keeps_the_first_single_caller_dealing():
    rules = get_ruleset("shuangsheng")
    result = resolve_calls(rules, Rank.TWO, [(1, parse_cards("H2")), (2, parse_cards("S2 S2"))], True)
    assert result.dealer == 1 and result.trump is Suit.SPADES
    from cardlib.shengji.calling import first_hand_dealer
    assert first_hand_dealer(rules, result.state)[1].rule is RuleId.SS_E3
    alone = resolve_calls(rules, Rank.TWO, [(1, parse_cards("H2"))], True)
    assert first_hand_dealer(rules, alone.state)[1].rule is RuleId.SS_9


def test_ss_2_nobody_calls_under_ss_cites_its_silence_and_turns_the_kitty_as_sg():
    kitty = parse_cards("BJ D9 S2 S3 S4 S5 S6 S7")
    sg = resolve_calls(get_ruleset("shengji"), Rank.TWO, [], False, kitty)
    ss = resolve_calls(get_ruleset("shuangsheng"), Rank.TWO, [], False, kitty)
    assert sg.trump is ss.trump is Suit.DIAMONDS
    assert sg.reason.rule is RuleId.SG_2 and ss.reason.rule is RuleId.SS_2


def test_sj_1_sj_3_partners_and_the_level_played():
    assert explain_partner(2).rule is RuleId.SJ_1 and "South" in explain_partner(2).en and "南家" in explain_partner(2).zh
    level, reason = level_played((Rank.FIVE, Rank.NINE), 3)
    assert level is Rank.NINE and reason.rule is RuleId.SJ_3


def test_sj_4_the_trumps_among_some_cards():
    reason = explain_trumps(TrumpContext(Rank.FIVE, Suit.HEARTS), parse_cards("LJ S5 H9 C9"))
    assert reason.rule is RuleId.SJ_4 and "3 of 4" in reason.en and "4张中有3张" in reason.zh


def test_sg_e1_the_kitty_goes_with_the_last_trick_whatever_its_number():
    from cardlib.shengji.scoring import explain_last_trick

    assert explain_last_trick(4, 4)[0] and not explain_last_trick(25, 1)[0]
    # the kitty's rule decides (SJ-12); the guide's "13th" is the SG-E1 note, only where it would mislead:
    # a last trick that is not the 13th, a 13th that is not the last, or a trick whose number is not given
    reason = explain_last_trick(1, 1)[1]
    assert reason.rule is RuleId.SJ_12 and "13th" not in reason.en
    assert [n.rule for n in reason.all_notes()] == [RuleId.SG_E1] and "13th" in reason.all_notes()[0].en
    notes = {(number, each): [n.rule for n in explain_last_trick(each, 2, number)[1].all_notes()]
             for number in (12, 13, 14) for each in (2, 3)}
    assert notes == {(12, 2): [RuleId.SG_E1], (12, 3): [], (13, 2): [], (13, 3): [RuleId.SG_E1],
                     (14, 2): [RuleId.SG_E1], (14, 3): []}
    import pytest

    from cardlib.errors import CardlibError
    with pytest.raises(CardlibError, match="at least that many"):
        explain_last_trick(1, 2)


def test_c_2_a_follower_winning_the_last_trick_sets_the_multiplier_with_its_own_play():
    from cardlib.shengji.scoring import kitty_score

    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    kitty = parse_cards("S5 S5 HK H10 C3 C4 C6 C7")
    follower_wins = [parse_cards(p) for p in ("H8 H8", "H3 H4", "SA SA", "D6 D7")]
    points, reason = kitty_score(ctx, get_ruleset("shengji"), kitty, follower_wins, True)
    assert points == 120 and reason.rule is RuleId.C_2
    lead_wins = [parse_cards(p) for p in ("HA HA", "H3 H4", "D5 D6", "D6 D7")]
    assert kitty_score(ctx, get_ruleset("shengji"), kitty, lead_wins, True)[1].rule is RuleId.SG_6
    # a follower's 2-pair tractor under SG: the erratum (SG-E2) is the more specific citation
    tractor_wins = [parse_cards(p) for p in ("H8 H8 H9 H9", "H3 H4 H5 H6", "SK SK SA SA", "D6 D7 D8 D9")]
    reason = kitty_score(ctx, get_ruleset("shengji"), kitty, tractor_wins, True)[1]
    # C-2 decides whose shape counts; the erratum (SG-E2) and the convention are notes behind it
    assert reason.rule is RuleId.C_2 and {RuleId.SG_E2, RuleId.C_2} <= {n.rule for n in reason.all_notes()}
