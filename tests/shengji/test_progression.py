"""Levels and dealers from hand to hand: SG-8 next dealer, SJ-13 / SS-8 the end of the game."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank
from cardlib.errors import CardlibError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.progression import (
    after_hand,
    check_levels,
    check_seat,
    next_dealer,
    partner_of,
    raise_level,
    team_of,
)
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import LevelChange, level_change

SG, SS = get_ruleset("shengji"), get_ruleset("shuangsheng")


def test_sj1_teams_sit_opposite():
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(s) for s in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize("variant, dealer, take_over, expected", [
    ("partner_or_next", 1, False, 3), ("partner_or_next", 3, True, 0),
    ("dealer_stays_or_next", 1, False, 1), ("dealer_stays_or_next", 2, True, 3),
])
def test_sg8_next_dealer(variant, dealer, take_over, expected):
    seat, reason = next_dealer(get_ruleset("shengji", {"next_dealer": variant}), dealer, take_over)
    assert seat == expected and reason.rule is RuleId.SG_8


def test_sj13_levels_stop_at_a_which_must_be_played():
    assert raise_level(Rank.QUEEN, 3, False) == (Rank.ACE, False)
    assert raise_level(Rank.TWO, 2, False) == (Rank.FOUR, False)
    assert raise_level(Rank.ACE, 0, True) == (Rank.ACE, False)


def test_sg7_sg8_dealer_team_keeps_the_deal_and_goes_up():
    progress = after_hand(SG, 1, (Rank.TWO, Rank.FIVE), level_change(SG, 0)[0])
    assert progress.to_dict() == {"next_dealer": 3, "levels": ["2", "8"], "winner": None}


def test_sg7_sg8_attackers_take_over_and_go_up_from_their_own_level():
    progress = after_hand(SG, 1, (Rank.SEVEN, Rank.FIVE), level_change(SG, 125)[0])
    assert progress.to_dict() == {"next_dealer": 2, "levels": ["9", "5"], "winner": None}


def test_ss_e2_exactly_80_takes_over_without_going_up():
    progress = after_hand(SS, 0, (Rank.TEN, Rank.THREE), level_change(SS, 80)[0])
    assert progress.to_dict() == {"next_dealer": 1, "levels": ["10", "3"], "winner": None}


def test_sj13_ss8_through_ace_the_dealer_team_playing_a_wins_by_going_up():
    progress = after_hand(SS, 2, (Rank.ACE, Rank.KING), level_change(SS, 40)[0])
    assert progress.winner == 0 and progress.reason.rule is RuleId.SJ_13


def test_sj13_reaching_a_is_not_yet_winning_through_ace():
    progress = after_hand(SG, 2, (Rank.QUEEN, Rank.KING), level_change(SG, 0)[0])
    assert progress.levels == (Rank.ACE, Rank.KING) and progress.winner is None


def test_sj13_attackers_at_a_taking_over_do_not_pass_a():
    progress = after_hand(SG, 0, (Rank.NINE, Rank.ACE), level_change(SG, 160)[0])
    assert progress.levels == (Rank.NINE, Rank.ACE) and progress.winner is None and progress.next_dealer == 1


def test_ss8_reach_ace_variant_wins_on_reaching_a():
    rules = get_ruleset("shengji", {"game_end": "reach_ace"})
    progress = after_hand(rules, 1, (Rank.TWO, Rank.QUEEN), level_change(rules, 0)[0])
    assert progress.winner == 1 and progress.reason.rule is RuleId.SS_8
    stay = after_hand(rules, 1, (Rank.TWO, Rank.QUEEN), LevelChange(0, True, 0))
    assert stay.winner is None


@pytest.mark.parametrize("levels", [("2",), ["2", "X"], ["2", "BJ"], "22", [2, 3], None])
def test_levels_must_be_two_ranks(levels):
    with pytest.raises(CardlibError):
        check_levels(levels)


@pytest.mark.parametrize("seat", [-1, 4, 1.0, True, "1", None])
def test_seats_are_0_to_3(seat):
    with pytest.raises(InvalidPositionError, match="seat"):
        check_seat(seat)
