"""The scoring questions of ``python -m cardlib check``: points, kitty, levels, calls, deal, burial.

Rules: SJ-2, SJ-7, SJ-11, SJ-12, SJ-13, SG-1 / SS-1, SG-2 / SS-2, SG-6 / SS-6, SG-7 / SS-7,
SG-8, SS-8, SG-9 / SS-9, C-2

Every ``answer_<question>(case, context)`` returns ``(answer, reason)`` in the formats of
docs/notation.md, the extra questions among them: ``deal``, ``bury`` and ``after_hand``; each is
marked with the fields it reads, and :func:`.case_questions.answer` refuses any other.

>>> from cardlib.shengji.rules import SHENGJI, SHUANGSHENG
>>> answer_level_change({"attacker_points": 80}, CaseContext(SHUANGSHENG))[0]
{'dealer_team_levels': 0, 'attackers_take_over': True, 'attacker_levels': 0}
>>> answer_deal({"dealer": 3}, CaseContext(SHENGJI))[0]
{'order': [3, 0, 1, 2], 'cards_each': 25, 'kitty': 8, 'kitty_to': 3, 'cut_by': 0}
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, check_copies
from ..errors import InvalidPositionError
from ..explain import Reason, Seat
from ..rule_ids import RuleId
from .calling import resolve_calls
from .case_questions import CaseContext, read_cards, read_level, require, takes
from .combos import as_cards
from .hand import HAND_SIZE, check_bury, cut_by, deal_order
from .progression import after_hand, check_levels
from .questions_play import read_context, read_seat
from .scoring import KITTY_SIZE, explain_trick_points, kitty_score, level_change, trick_points


def _read_count(case: dict[str, Any], name: str, size: int, rule: str) -> list[Card]:
    cards = read_cards(case, name)
    if len(cards) != size:
        raise InvalidPositionError(f"field {name!r} must hold {size} cards ({rule}), got {len(cards)}")
    return cards


@takes("cards")
def answer_trick_points(case: dict[str, Any], context: CaseContext) -> tuple[int, Reason]:
    """SJ-11: the points among ``cards``."""
    cards = read_cards(case, "cards")
    check_copies(cards, 2, what="set of cards")
    return trick_points(cards), explain_trick_points(cards)


@takes("level", "trump", "kitty", "last_trick", "last_trick_winner_team")
def answer_kitty_score(case: dict[str, Any], context: CaseContext) -> tuple[int, Reason]:
    """SJ-12, SG-6 / SS-6, C-2: the points the kitty adds to the attackers."""
    ctx = read_context(case)
    kitty = _read_count(case, "kitty", KITTY_SIZE, "SJ-2")
    plays = require(case, "last_trick")
    if not isinstance(plays, list):
        raise InvalidPositionError(f"field 'last_trick' must be a list of plays, the lead first, got {plays!r}")
    team = require(case, "last_trick_winner_team")
    if team not in ("attackers", "defenders"):
        raise InvalidPositionError(f"field 'last_trick_winner_team' must be \"attackers\" or \"defenders\", "
                                   f"got {team!r}")
    played = [as_cards(play, f"play {index} of the last trick") for index, play in enumerate(plays)]
    check_copies(kitty + [card for play in played for card in play], 2, what="kitty and last trick together")
    result = kitty_score(ctx, context.rules, kitty, played, team == "attackers")
    return result.value, result.reason


@takes("attacker_points")
def answer_level_change(case: dict[str, Any], context: CaseContext) -> tuple[dict[str, Any], Reason]:
    """SG-7 / SS-7 (SS-E2, take-over line): the level change for ``attacker_points``."""
    change, reason = level_change(context.rules, require(case, "attacker_points"))
    return change.to_dict(), reason


def _read_calls(case: dict[str, Any]) -> list[tuple[int, list[Card]]]:
    calls = require(case, "calls")
    if not isinstance(calls, list):
        raise InvalidPositionError(f"field 'calls' must be a list of {{\"seat\", \"cards\"}} objects, got {calls!r}")
    parsed = []
    shown_by_seat: list[dict[Card, int]] = [{} for _ in range(4)]
    for index, call in enumerate(calls):
        if not isinstance(call, dict) or set(call) != {"seat", "cards"}:
            raise InvalidPositionError(f"call {index} must be an object with exactly \"seat\" and \"cards\", got {call!r}")
        seat = read_seat(call, "seat")
        cards = read_cards(call, "cards")
        if not cards:
            raise InvalidPositionError(f"call {index} shows no cards")
        check_copies(cards, 2, what=f"call {index}")
        for card in set(cards):
            shown_by_seat[seat][card] = max(shown_by_seat[seat].get(card, 0), cards.count(card))
        parsed.append((seat, cards))
    for card in {c for shown in shown_by_seat for c in shown}:
        total = sum(shown.get(card, 0) for shown in shown_by_seat)
        if total > 2:
            raise InvalidPositionError(f"the calls show {total} copies of {card} between the seats, "
                                       f"but two decks hold only 2")
    return parsed


@takes("level", "calls", "first_hand", "kitty")
def answer_calling(case: dict[str, Any], context: CaseContext) -> tuple[dict[str, Any], Reason]:
    """SG-1 / SS-1, SG-3 / SS-3, SG-9 / SS-9, and SG-2 / SS-2 when a ``kitty`` is given."""
    level = read_level(case)
    calls = _read_calls(case)
    first_hand = require(case, "first_hand")
    if not isinstance(first_hand, bool):
        raise InvalidPositionError(f"field 'first_hand' must be true or false, got {first_hand!r}")
    kitty = _read_count(case, "kitty", KITTY_SIZE, "SJ-2") if "kitty" in case else None
    result = resolve_calls(context.rules, level, calls, first_hand, kitty)
    trump = None if not result.trump_set else ("none" if result.trump is None else result.trump.value)
    answer = {"trump": trump, "dealer": result.dealer, "accepted": list(result.accepted)}
    return answer, result.reason


@takes("dealer")
def answer_deal(case: dict[str, Any], context: CaseContext) -> tuple[dict[str, Any], Reason]:
    """SJ-2: the deal's order, sizes, kitty and cut."""
    dealer = read_seat(case, "dealer")
    order, cutter = deal_order(dealer), cut_by(context.rules, dealer)
    answer = {"order": order, "cards_each": HAND_SIZE, "kitty": KITTY_SIZE, "kitty_to": dealer, "cut_by": cutter}
    seats = {f"s{i}": Seat(seat) for i, seat in enumerate(order)}
    if cutter is not None:
        cut = Reason.make(RuleId.SJ_2, "{cutter}, the player after the dealer, cuts (as the 四人升级 guide says)",
                          "庄家的下家{cutter}切牌（按《四人升级》）", cutter=Seat(cutter))
    else:
        cut = Reason.make(RuleId.SJ_2, "nobody is named to cut (the 双升 guide is silent on the cut)",
                          "不指定切牌的人（《双升》没有说明切牌）")
    return answer, Reason.make(RuleId.SJ_2, "Dealing starts at the dealer, {s0}, and goes counterclockwise ({s0}, {s1}, "
                                            "{s2}, {s3}), one card at a time, {each} each; the last {kitty} go to the "
                                            "dealer; {cut}.",
                               "从庄家{s0}开始逆时针发牌（{s0}、{s1}、{s2}、{s3}），每次一张，每人{each}张，"
                               "最后{kitty}张归庄家；{cut}。", each=HAND_SIZE, kitty=KITTY_SIZE, cut=cut, **seats)


@takes("level", "trump", "hand", "kitty", "bury")
def answer_bury(case: dict[str, Any], context: CaseContext) -> tuple[bool, Reason]:
    """SJ-7: any 8 of the dealer's hand and kitty may be buried."""
    read_context(case)
    hand = _read_count(case, "hand", HAND_SIZE, "SJ-2")
    kitty = _read_count(case, "kitty", KITTY_SIZE, "SJ-2")
    check_copies(hand + kitty, 2, what="hand and kitty together")
    verdict = check_bury(hand, kitty, read_cards(case, "bury"))
    return verdict.ok, verdict.reason


@takes("dealer", "levels", "attacker_points")
def answer_after_hand(case: dict[str, Any], context: CaseContext) -> tuple[dict[str, Any], Reason]:
    """SG-7 / SS-7, SG-8, SS-8, SJ-13: next dealer, new levels and the winner after a hand."""
    dealer = read_seat(case, "dealer")
    levels = check_levels(require(case, "levels"))
    change, change_reason = level_change(context.rules, require(case, "attacker_points"))
    progress = after_hand(context.rules, dealer, levels, change)
    rule = change_reason.rule if progress.winner is None else progress.reason.rule
    return progress.to_dict(), Reason.make(rule, "{change} {progress}", "{change}{progress}",
                                           change=change_reason, progress=progress.reason)
