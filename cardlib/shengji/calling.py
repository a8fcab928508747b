"""Calling trump during the deal (亮主, 反主), and turning the kitty when nobody calls (翻底).

A call shows one level card, a pair of identical level cards, or a pair of jokers.
Shown cards stay in the caller's hand.  :class:`CallState` is the standing call;
:func:`check_call` says whether a new call is accepted and :func:`apply_call` makes it.

- ``calling="shengji"`` (SG-1): a single level card sets trump; another player's second
  card of that suit reinforces it (accepted, trump unchanged); a level pair overrides a
  single; any joker pair (small or big) overrides everything and nothing overrides it.
- ``calling="shuangsheng"`` (SS-1): single < level pair (高亮) < small-joker pair <
  big-joker pair; each overrides only weaker calls; a single never reinforces.
- After a joker pair (SG-3 / SS-3): ``joker_call_trump="no_trump"`` → no trump suit;
  ``"previous_suit"`` → the suit that stood before stays trump.
- First hand (SS-9 / SG-9): with ``first_dealer="first_single_caller"`` the seat of the
  first accepted call deals, whatever overrides it later (SS-E3).  In later hands a
  call never changes the dealer.

Rules: SG-1, SS-1, SG-2, SS-2, SG-3, SS-3, SG-9, SS-9, SS-E3

>>> from cardlib.cards import parse_cards
>>> from cardlib.shengji.rules import get_ruleset
>>> state = CallState(Rank.TWO)
>>> state = apply_call(get_ruleset("shengji"), state, 1, parse_cards("H2"))
>>> state = apply_call(get_ruleset("shengji"), state, 3, parse_cards("S2 S2"))
>>> state.trump, state.first_caller
(<Suit.SPADES: 'S'>, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Sequence

from ..cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit
from ..errors import IllegalActionError, InvalidPositionError
from ..explain import Reason, Verdict
from ..rule_ids import RuleId
from .rules import Ruleset


class CallKind(IntEnum):
    """What a call shows, weakest first."""

    SINGLE = 1
    LEVEL_PAIR = 2
    LITTLE_JOKER_PAIR = 3
    BIG_JOKER_PAIR = 4

    @property
    def is_joker_pair(self) -> bool:
        return self >= CallKind.LITTLE_JOKER_PAIR


_KIND_NAMES = {CallKind.SINGLE: ("a single level card", "单张级牌"),
               CallKind.LEVEL_PAIR: ("a pair of level cards", "一对级牌"),
               CallKind.LITTLE_JOKER_PAIR: ("a pair of small jokers", "一对小王"),
               CallKind.BIG_JOKER_PAIR: ("a pair of big jokers", "一对大王")}


@dataclass(frozen=True, slots=True)
class CallState:
    """The standing call: its kind, the trump it set, its caller, and the first caller."""

    level: Rank
    kind: CallKind | None = None
    trump: Suit | None = None
    caller: int | None = None
    first_caller: int | None = None

    @property
    def has_call(self) -> bool:
        return self.kind is not None


def _calling_rule(rules: Ruleset) -> RuleId:
    return RuleId.SS_1 if rules.calling == "shuangsheng" else RuleId.SG_1


def _strength(rules: Ruleset, kind: CallKind) -> int:
    """SG-1 ranks both joker pairs alike; SS-1 puts big jokers above small ones."""
    if rules.calling == "shengji" and kind.is_joker_pair:
        return int(CallKind.LITTLE_JOKER_PAIR)
    return int(kind)


def classify_call(level: Rank, cards: Sequence[Card]) -> CallKind | None:
    """What a call shows, or None if it is no call at all (SG-1 / SS-1).

    >>> from cardlib.cards import parse_cards
    >>> classify_call(Rank.TWO, parse_cards("D2 D2")), classify_call(Rank.TWO, parse_cards("D2 H2"))
    (<CallKind.LEVEL_PAIR: 2>, None)
    """
    if len(cards) == 1:
        return CallKind.SINGLE if cards[0].rank is level and cards[0].suit is not None else None
    if len(cards) == 2 and cards[0] == cards[1]:
        if cards[0] == BIG_JOKER:
            return CallKind.BIG_JOKER_PAIR
        if cards[0] == LITTLE_JOKER:
            return CallKind.LITTLE_JOKER_PAIR
        if cards[0].rank is level:
            return CallKind.LEVEL_PAIR
    return None


def _reject(rules: Ruleset, en: str, zh: str) -> Verdict:
    return Verdict(False, Reason(_calling_rule(rules), en, zh))


def check_call(rules: Ruleset, state: CallState, seat: int, cards: Sequence[Card]) -> Verdict:
    """Whether ``seat`` may show ``cards`` as a call now, and why (SG-1 / SS-1).

    Rules: SG-1, SS-1
    """
    rule = _calling_rule(rules)
    kind = classify_call(state.level, cards)
    shown = " ".join(map(str, cards))
    if kind is None:
        return _reject(rules, f"{shown} is no call: a call shows one level card ({state.level}), "
                              f"a pair of identical level cards, or a pair of jokers.",
                       f"{shown}不能亮主：亮主须亮一张级牌（{state.level}）、一对相同的级牌或一对王。")
    name, name_zh = _KIND_NAMES[kind]
    if state.kind is None:
        return Verdict(True, Reason(rule, f"No call stands: {name} ({shown}) is accepted.",
                                    f"尚无人亮主：{name_zh}（{shown}）有效。"))
    standing, standing_zh = _KIND_NAMES[state.kind]
    if (rules.calling == "shengji" and kind is CallKind.SINGLE and state.kind is CallKind.SINGLE
            and cards[0].suit is state.trump):
        if seat == state.caller:
            return _reject(rules, "A player cannot reinforce their own call; showing the pair overrides it instead.",
                           "不能加固自己的亮主；亮出一对即可反主。")
        return Verdict(True, Reason(rule, f"A second {cards[0]} reinforces the standing call: trump stays {state.trump}.",
                                    f"再亮一张{cards[0]}是加固：主花色仍为{state.trump}。"))
    if _strength(rules, kind) > _strength(rules, state.kind):
        return Verdict(True, Reason(rule, f"{name.capitalize()} ({shown}) overrides {standing}.",
                                    f"{name_zh}（{shown}）反掉{standing_zh}。"))
    return _reject(rules, f"{name.capitalize()} ({shown}) is too weak to override {standing}.",
                   f"{name_zh}（{shown}）不够大，反不了{standing_zh}。")


def apply_call(rules: Ruleset, state: CallState, seat: int, cards: Sequence[Card]) -> CallState:
    """The state after an accepted call; a refused call raises :class:`IllegalActionError`.

    Rules: SG-1, SS-1, SG-3, SS-3, SS-9, SS-E3
    """
    verdict = check_call(rules, state, seat, cards)
    if not verdict:
        raise IllegalActionError(str(verdict.reason))
    kind = classify_call(state.level, cards)
    assert kind is not None
    if state.kind is not None and kind is CallKind.SINGLE:  # SG-1 reinforcement: nothing changes
        return state
    if kind.is_joker_pair:
        trump = state.trump if rules.joker_call_trump == "previous_suit" else None
    else:
        trump = cards[0].suit
    first = state.first_caller if state.first_caller is not None else seat
    return replace(state, kind=kind, trump=trump, caller=seat, first_caller=first)


def explain_trump(rules: Ruleset, state: CallState) -> Reason:
    """Why the standing call sets the trump it does (SG-1 / SS-1, SG-3 / SS-3)."""
    if state.kind is None:
        return Reason(_calling_rule(rules), "No call stands: there is no trump yet.", "无人亮主：尚未定主。")
    name, name_zh = _KIND_NAMES[state.kind]
    if state.kind.is_joker_pair:
        joker_rule = RuleId.SS_3 if rules.calling == "shuangsheng" else RuleId.SG_3
        if state.trump is None:
            return Reason(joker_rule, f"{name.capitalize()} stands: there is no trump suit (无主); "
                                      f"trumps are the jokers and the level cards.",
                          f"{name_zh}反主：无主，主牌只有大小王和级牌。")
        return Reason(joker_rule, f"{name.capitalize()} stands and the suit called before, {state.trump}, stays trump.",
                      f"{name_zh}反主，之前的主花色{state.trump}仍为主。")
    return Reason(_calling_rule(rules), f"{name.capitalize()} of {state.trump} stands: {state.trump} is trump.",
                  f"{name_zh}（{state.trump}）定主：{state.trump}为主花色。")


def turn_kitty(kitty: Sequence[Card]) -> tuple[Suit, int, Reason]:
    """SG-2: nobody called; the dealer turns kitty cards one by one, and the first
    non-joker card's suit is trump.  Returns the suit, the index of that card, and why.

    Rules: SG-2, SS-2

    >>> from cardlib.cards import parse_cards
    >>> turn_kitty(parse_cards("BJ LJ D9 S2 S3 S4 S5 S6"))[:2]
    (<Suit.DIAMONDS: 'D'>, 2)
    """
    for index, card in enumerate(kitty):
        if card.suit is not None:
            skipped = f" after {index} joker{'s' * (index > 1)}" if index else ""
            return card.suit, index, Reason(
                RuleId.SG_2, f"Nobody called: the dealer turns the kitty; the first non-joker card{skipped} "
                             f"is {card}, so {card.suit} is trump.",
                f"无人亮主，翻底：第一张非王牌是{card}，{card.suit}为主花色。")
    raise InvalidPositionError("the kitty holds only jokers: there is no suit to turn (two decks have 4 jokers)")


@dataclass(frozen=True, slots=True)
class CallingResult:
    """The outcome of a sequence of calls (the ``calling`` question of cases.md)."""

    state: CallState
    accepted: tuple[bool, ...]
    reasons: tuple[Reason, ...]
    trump_set: bool
    trump: Suit | None
    dealer: int | None
    reason: Reason


def first_hand_dealer(rules: Ruleset, state: CallState) -> tuple[int | None, Reason | None]:
    """SS-9 / SG-9: the first hand's dealer: the first accepted caller (SS-E3), or seat 0
    under ``first_dealer="seat_zero"``; None while nobody has called.

    Rules: SS-9, SG-9, SS-E3
    """
    if rules.first_dealer == "seat_zero":
        return 0, Reason(RuleId.SG_9, "The first hand's dealer was chosen before the deal: seat 0.",
                         "首局庄家在发牌前已定：0号位。")
    if state.first_caller is None:
        return None, None
    seat = state.first_caller
    if state.kind is CallKind.LEVEL_PAIR and state.caller != seat:  # 高亮 by another player (SS-E3)
        return seat, Reason(RuleId.SS_E3, f"Seat {state.caller}'s pair of level cards sets the trump, yet seat {seat}, "
                                          f"who made the first call, deals the first hand (SS's unusual \"高亮\" passage).",
                            f"{state.caller}号位的一对级牌（高亮）定主，但首局仍由最先亮主的{seat}号位坐庄（SS中“高亮”一段的特别之处）。")
    return seat, Reason(RuleId.SS_9, f"Seat {seat} made the first call, so seat {seat} deals the first hand "
                                     f"(later overcalls change the trump, not the dealer).",
                        f"{seat}号位最先亮主，首局由其坐庄（之后的反主只改主花色，不改庄家）。")


def resolve_calls(rules: Ruleset, level: Rank, calls: Sequence[tuple[int, Sequence[Card]]],
                  first_hand: bool, kitty: Sequence[Card] | None = None) -> CallingResult:
    """Play out calls in order; if none stands and a kitty is given, turn it (SG-2).

    In the first hand nobody calling leaves seat 0 to deal, as the deal began from it.

    Rules: SG-1, SS-1, SG-2, SS-2, SG-3, SS-3, SG-9, SS-9

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> result = resolve_calls(get_ruleset("shuangsheng"), Rank.TWO,
    ...                        [(1, parse_cards("H2")), (2, parse_cards("S2 S2")), (3, parse_cards("D2"))], True)
    >>> result.trump, result.dealer, result.accepted
    (<Suit.SPADES: 'S'>, 1, (True, True, False))
    """
    state = CallState(level)
    accepted, reasons = [], []
    for seat, cards in calls:
        verdict = check_call(rules, state, seat, cards)
        accepted.append(verdict.ok)
        reasons.append(verdict.reason)
        if verdict:
            state = apply_call(rules, state, seat, cards)
    trump, trump_set, reason = state.trump, state.has_call, explain_trump(rules, state)
    dealer = None
    if first_hand:
        dealer, dealer_reason = first_hand_dealer(rules, state)
        if dealer_reason is not None and state.has_call:
            reason = Reason(reason.rule, f"{reason.en} {dealer_reason.en}", f"{reason.zh}{dealer_reason.zh}")
    if not state.has_call and kitty is not None:
        if rules.no_call == "redeal":
            reason = Reason(RuleId.SG_2, "Nobody called: the cards are dealt again.", "无人亮主：重新发牌。")
        else:
            trump, _index, reason = turn_kitty(kitty)
            if rules.calling == "shuangsheng":  # SS-2: SS is silent; the engine turns the kitty as SG does
                reason = Reason(RuleId.SS_2, f"{reason.en} (SS does not say what happens when nobody calls; "
                                             f"this follows SG.)", f"{reason.zh}（SS未说明无人亮主时怎么办，按SG处理。）")
            trump_set = True
            if first_hand and dealer is None:
                dealer = 0
    return CallingResult(state, tuple(accepted), tuple(reasons), trump_set, trump, dealer, reason)
