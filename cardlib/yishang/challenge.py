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

from collections.abc import Iterable

from ..cards import Rank
from ..errors import InvalidPositionError
from ..explain import Player, Reason
from ..result import PlayerResult, Result
from ..rule_ids import RuleId
from ..words import listed
from .players import PlayerLike, parse_player
from .ranks import is_below, parse_actual, parse_claim, parse_rank


def challenge_outcome(target: Rank | str, claim: Rank | str | None, actual: Rank | str) -> Result[bool]:
    """Whether a challenge succeeds, given the target that stood before the card, its claim and its real rank.

    It succeeds if the real rank differs from the claim, or is below that target.  Ranks may be
    given as :class:`Rank` or as their names (``"8"``, ``"10"``, ``"T"``, ``"q"``), the real card
    also as a card (``"H10"``); a claim of
    ``None`` (no claim) counts as 3 (YS-15).

    >>> challenge_outcome("8", "10", "10")[1].en
    'the card is 10 as claimed, not below the target 8: the challenge fails'

    Rules: YS-9, YS-15
    """
    target, claim, actual = parse_rank(target, "target"), parse_claim(claim), parse_actual(actual)
    if actual != claim:
        return Result(True, Reason.make(
            RuleId.YS_9, "the card is {actual}, not the claimed {claim}: the challenge succeeds",
            "翻开是{actual}，不是报的{claim}：质疑成立", actual=actual, claim=claim))
    if is_below(actual, target):
        return Result(True, Reason.make(
            RuleId.YS_9, "the card is {actual} as claimed, but below the target {target}: the challenge succeeds",
            "翻开确实是{actual}，但低于出牌前的目标点数{target}：质疑成立",
            actual=actual, target=target))
    return Result(False, Reason.make(
        RuleId.YS_9, "the card is {actual} as claimed, not below the target {target}: the challenge fails",
        "翻开确实是{actual}，且不低于目标点数{target}：质疑失败", actual=actual, target=target))


def taker(player: int, challenger: int, succeeds: bool) -> int:
    """Who takes the central pile: the card's player if the challenge succeeds, else the challenger.

    Rules: YS-9
    """
    return player if succeeds else challenger


def _check_player(value: object, players: int, what: str) -> int:
    return parse_player(value, players, what)


def nearest_challenger(player: PlayerLike, challengers: Iterable[PlayerLike], players: int) -> PlayerResult:
    """The challenger nearest in turn order after ``player`` (players ``0 … players-1``, 0 = 甲;
    or by name: ``"B"``, ``"player B"``, ``"乙"``).

    Duplicates are harmless; the card's own player cannot challenge.

    >>> nearest_challenger(1, [0, 2], players=3)[1].en
    'player C and player A both challenge: player C, first after player B, goes'

    Rules: YS-8, YS-14
    """
    if type(players) is not int or not 2 <= players <= 4:
        raise InvalidPositionError(f"YS-1: 一上一下 is for 2 to 4 players, not {players!r}")
    player = _check_player(player, players, "player")
    if isinstance(challengers, (str, bytes)) or not isinstance(challengers, Iterable):
        raise InvalidPositionError(f"bad challengers {challengers!r}: expected a list of player numbers")
    seats = sorted({_check_player(s, players, "challenger") for s in challengers},
                   key=lambda seat: (seat - player) % players)
    if not seats:
        raise InvalidPositionError("a challenge needs at least one challenger")
    if player in seats:
        raise InvalidPositionError(f"YS-8: player {'ABCD'[player]} cannot challenge their own card")
    chosen = seats[0]
    if len(seats) == 1:
        return PlayerResult(chosen, Reason.make(RuleId.YS_8, "{chosen} challenges {player}'s face-down card",
                                   "{chosen}质疑{player}的暗牌", chosen=Player(chosen), player=Player(player)))
    params = {f"s{i}": Player(s) for i, s in enumerate(seats)}
    names_en = listed([f"{{s{i}}}" for i in range(len(seats))])
    names_zh = "、".join(f"{{s{i}}}" for i in range(len(seats)))
    return PlayerResult(chosen, Reason.make(
        RuleId.YS_14, f"{names_en} both challenge: {{s0}}, first after {{player}}, goes" if len(seats) == 2 else
        f"{names_en} challenge at once: {{s0}}, first after {{player}}, goes",
        f"{names_zh}同时质疑：按出牌顺序{{s0}}紧接{{player}}之后，由{{s0}}质疑", player=Player(player), **params))
