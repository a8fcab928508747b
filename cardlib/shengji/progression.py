"""Seats, teams and levels from hand to hand: who deals next and when the game ends.

Seats are numbered in playing order (counterclockwise) 0..3; seats 0 & 2 are team 0,
seats 1 & 3 team 1.  A team's level runs 2..A.

Rules: SJ-1, SJ-3, SJ-13, SG-8, SS-8

>>> from cardlib.shengji.rules import get_ruleset
>>> from cardlib.shengji.scoring import level_change
>>> progress = after_hand(get_ruleset("shengji"), 0, (Rank.TWO, Rank.TWO), level_change(get_ruleset("shengji"), 30)[0])
>>> progress.next_dealer, [str(level) for level in progress.levels], progress.winner
(2, ['4', '2'], None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import PLAIN_RANKS, Rank
from ..errors import InvalidPositionError
from ..explain import Reason
from ..rule_ids import RuleId
from .rules import Ruleset
from .scoring import LevelChange

SEATS = 4
#: SJ-3: the levels a team plays, low to high.
LEVELS: tuple[Rank, ...] = PLAIN_RANKS


def check_seat(seat: object, what: str = "seat") -> int:
    """A seat number 0..3, or an error naming the bad value."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise InvalidPositionError(f"{what} must be a seat number 0-3, got {seat!r}")
    return seat


def team_of(seat: int) -> int:
    """SJ-1: partners sit opposite: seats 0 & 2 are team 0, seats 1 & 3 team 1."""
    return seat % 2


def partner_of(seat: int) -> int:
    """SJ-1: the partner sits opposite."""
    return (seat + 2) % SEATS


def explain_partner(seat: int) -> Reason:
    """SJ-1: who partners ``seat``: the player sitting opposite.

    >>> explain_partner(1).en
    'Partners sit opposite: seat 1 and seat 3 are one team.'
    """
    partner = partner_of(check_seat(seat))
    return Reason(RuleId.SJ_1, f"Partners sit opposite: seat {seat} and seat {partner} are one team.",
                  f"对家是搭档：{seat}号位和{partner}号位是一队。")


def level_played(levels: tuple[Rank, Rank], dealer: int) -> tuple[Rank, Reason]:
    """SJ-3: the level a hand is played at: the dealer team's own level.

    >>> level_played((Rank.FIVE, Rank.NINE), 1)[0]
    <Rank.NINE: 9>
    """
    team = team_of(check_seat(dealer, "dealer"))
    level = levels[team]
    return level, Reason(RuleId.SJ_3, f"Seat {dealer} deals, so the hand is played at the level of the dealer's team "
                                      f"(team {team}): {level}.",
                         f"{dealer}号位坐庄，本局打庄家方（{team}队）的级：{level}。")


def next_seat(seat: int) -> int:
    """The next seat in playing order (counterclockwise)."""
    return (seat + 1) % SEATS


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a hand leaves the game: the next dealer, both teams' levels, and the winner if any."""

    next_dealer: int
    levels: tuple[Rank, Rank]
    winner: int | None
    reason: Reason

    def to_dict(self) -> dict[str, object]:
        return {"next_dealer": self.next_dealer, "levels": [str(level) for level in self.levels],
                "winner": self.winner}


def raise_level(level: Rank, steps: int, playing_ace: bool) -> tuple[Rank, bool]:
    """SJ-13: a level after going up ``steps``, and whether the team went up from A.

    Going up stops at A: A must be played.  Only a team that plays A as the dealer
    team and goes up passes it (the sources are silent on skipping A; this is the
    common "must play A" reading).

    >>> raise_level(Rank.QUEEN, 3, False)
    (<Rank.ACE: 14>, False)
    >>> raise_level(Rank.ACE, 1, True)
    (<Rank.ACE: 14>, True)
    """
    if steps <= 0:
        return level, False
    if playing_ace:
        return level, True
    return Rank(min(int(level) + steps, int(Rank.ACE))), False


def check_levels(levels: object) -> tuple[Rank, Rank]:
    """Both teams' levels (team 0 = seats 0 & 2 first), each a plain rank 2..A."""
    if not isinstance(levels, (list, tuple)) or len(levels) != 2:
        raise InvalidPositionError(f"levels must be two ranks, team 0 then team 1, got {levels!r}")
    parsed = []
    for level in levels:
        if isinstance(level, Rank) and level in LEVELS:
            parsed.append(level)
        elif isinstance(level, str):
            parsed.append(Rank.parse(level))
        else:
            raise InvalidPositionError(f"a level must be a rank such as \"2\" or \"A\", got {level!r}")
    return parsed[0], parsed[1]


def next_dealer(rules: Ruleset, dealer: int, attackers_take_over: bool) -> tuple[int, Reason]:
    """SG-8: the dealer team keeps the deal (the dealer's partner deals, or the dealer again
    under ``dealer_stays_or_next``); when the attackers take over, the player after the dealer deals.

    Rules: SG-8
    """
    if attackers_take_over:
        seat = next_seat(dealer)
        return seat, Reason(RuleId.SG_8, f"The attackers take over: the player after the dealer, seat {seat}, deals next.",
                            f"闲家上台：庄家的下家（{seat}号位）坐庄。")
    if rules.next_dealer == "partner_or_next":
        seat = partner_of(dealer)
        return seat, Reason(RuleId.SG_8, f"The dealer team keeps the deal: the dealer's partner, seat {seat}, deals next.",
                            f"庄家方保庄：庄家的对家（{seat}号位）坐庄。")
    return dealer, Reason(RuleId.SG_8, f"The dealer team keeps the deal: seat {dealer} deals again.",
                          f"庄家方保庄：{dealer}号位继续坐庄。")


def after_hand(rules: Ruleset, dealer: int, levels: tuple[Rank, Rank], change: LevelChange) -> Progress:
    """SJ-13, SS-8: apply a hand's level change; find the next dealer and the winner, if any.

    ``through_ace``: a team wins when, playing A as the dealer team, it goes up.
    ``reach_ace``: a team wins as soon as its level reaches A.

    Rules: SJ-13, SS-8, SG-8, SG-7, SS-7
    """
    dealer = check_seat(dealer, "dealer")
    dealer_team = team_of(dealer)
    gaining_team = 1 - dealer_team if change.attackers_take_over else dealer_team
    steps = change.attacker_levels if change.attackers_take_over else change.dealer_team_levels
    playing_ace = not change.attackers_take_over and levels[dealer_team] is Rank.ACE
    new_level, through = raise_level(levels[gaining_team], steps, playing_ace)
    new_levels = list(levels)
    new_levels[gaining_team] = new_level
    seat, dealer_reason = next_dealer(rules, dealer, change.attackers_take_over)
    winner = None
    if rules.game_end == "through_ace" and through:
        winner = gaining_team
        reason = Reason(RuleId.SJ_13, f"Team {gaining_team} played A as the dealer team and went up: "
                        f"it has played through A and wins the game.",
                        f"{gaining_team}队作为庄家打A并升级：打过A，赢得全局。")
    elif rules.game_end == "reach_ace" and new_level is Rank.ACE and steps > 0:
        winner = gaining_team
        reason = Reason(RuleId.SS_8, f"Team {gaining_team} reached A, the agreed level: it wins the game.",
                        f"{gaining_team}队升到约定的A级，赢得全局。")
    else:
        reason = dealer_reason
    return Progress(seat, (new_levels[0], new_levels[1]), winner, reason)

