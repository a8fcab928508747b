"""Challenges of a face-down card: who challenges, whether it succeeds, who takes the pile.

Pure functions, for the game state and for puzzles.

Rules: YS-9 (outcome and taker), YS-14 (several challengers at once).

>>> from cardlib.cards import Rank
>>> succeeds, reason = challenge_outcome(Rank.EIGHT, Rank.FIVE, Rank.FIVE)
>>> succeeds, str(reason.rule)
(True, 'YS-9')
>>> challenge_outcome(Rank.EIGHT, Rank.TEN, Rank.TEN)[0]
False
>>> nearest_challenger(1, [0, 2], players=3)[0]
2
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Rank
from ..explain import Reason
from ..rule_ids import RuleId
from .ranks import is_below


def challenge_outcome(target: Rank, claim: Rank, actual: Rank) -> tuple[bool, Reason]:
    """Whether a challenge succeeds, given the target that stood before the card, its claim and its real rank.

    It succeeds if the real rank differs from the claim, or is below that target.

    Rules: YS-9
    """
    if actual != claim:
        return True, Reason(
            RuleId.YS_9,
            f"revealed {actual}, not the claimed {claim}: the challenge succeeds",
            f"翻开是{actual}，不是声明的{claim}：质疑成立")
    if is_below(actual, target):
        return True, Reason(
            RuleId.YS_9,
            f"revealed {actual} as claimed, but below the target {target} that stood before it: "
            f"the challenge succeeds",
            f"翻开确实是{actual}，但低于出牌前的目标{target}：质疑成立")
    return False, Reason(
        RuleId.YS_9,
        f"revealed {actual} as claimed, not below the target {target}: the challenge fails",
        f"翻开确实是{actual}，且不低于目标{target}：质疑失败")


def taker(player: int, challenger: int, succeeds: bool) -> int:
    """Who takes the central pile: the card's player if the challenge succeeds, else the challenger.

    Rules: YS-9
    """
    return player if succeeds else challenger


def nearest_challenger(player: int, challengers: Iterable[int], players: int) -> tuple[int, Reason]:
    """The challenger nearest in turn order after ``player`` (seats ``0 … players-1``).

    The caller has checked that every seat is another player's; duplicates are harmless.

    Rules: YS-14
    """
    seats = sorted(set(challengers), key=lambda seat: (seat - player) % players)
    chosen = seats[0]
    if len(seats) == 1:
        return chosen, Reason(RuleId.YS_8, f"player {chosen} challenges player {player}'s face-down card",
                              f"{chosen}号玩家质疑{player}号玩家的暗牌")
    others = ", ".join(str(s) for s in seats[1:])
    return chosen, Reason(
        RuleId.YS_14,
        f"players {chosen}, {others} challenge at once: player {chosen} is nearest after player {player} "
        f"in turn order and challenges",
        f"{chosen}号、{others.replace(', ', '号、')}号玩家同时质疑：按出牌顺序{chosen}号玩家紧接{player}号玩家，由其质疑")
