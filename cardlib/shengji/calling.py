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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any

from ..cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit, parse_cards
from ..errors import IllegalActionError, InvalidPositionError
from ..explain import Param, Reason, Seat, Verdict, Words
from ..result import Result, value_words
from ..rule_ids import RuleId
from .progression import check_seat
from .rules import Calling, FirstDealer, JokerCallTrump, NoCall, Ruleset, RulesetLike, as_ruleset
from .trump import as_level


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
               CallKind.LITTLE_JOKER_PAIR: ("a pair of little jokers", "一对小王"),
               CallKind.BIG_JOKER_PAIR: ("a pair of big jokers", "一对大王")}


def kind_words(kind: CallKind) -> Words:
    """What a call shows, in words: a single level card, a pair of level cards, a pair of jokers."""
    en, zh = _KIND_NAMES[kind]
    return Words(en, zh)


@dataclass(frozen=True, slots=True)
class CallState:
    """The standing call: its kind, the trump it set, its caller, and the first caller.

    ``CallState("2")`` starts a deal at level 2 with no call yet (the level as :func:`~.trump.as_level` reads it).
    """

    level: Rank
    kind: CallKind | None = None
    trump: Suit | None = None
    caller: int | None = None
    first_caller: int | None = None
    first_kind: CallKind | None = None  #: what the first caller showed (SS-9 names the player who shows a single)

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", as_level(self.level))

    @property
    def has_call(self) -> bool:
        return self.kind is not None

    def shown(self) -> list[Card]:
        """The cards the standing call showed (a single, a level pair, a joker pair); none if no call.

        >>> from cardlib.cards import Suit
        >>> [str(c) for c in CallState(Rank.TWO, CallKind.LEVEL_PAIR, Suit.HEARTS, 1, 1).shown()]
        ['H2', 'H2']
        """
        if self.kind is None:
            return []
        if self.kind is CallKind.BIG_JOKER_PAIR:
            return [BIG_JOKER, BIG_JOKER]
        if self.kind is CallKind.LITTLE_JOKER_PAIR:
            return [LITTLE_JOKER, LITTLE_JOKER]
        card = Card(self.trump, self.level)
        return [card] if self.kind is CallKind.SINGLE else [card, card]


def _calling_rule(rules: Ruleset) -> RuleId:
    return RuleId.SS_1 if rules.calling is Calling.SHUANGSHENG else RuleId.SG_1


def _strength(rules: Ruleset, kind: CallKind) -> int:
    """SG-1 ranks both joker pairs alike; SS-1 puts big jokers above small ones."""
    if rules.calling is Calling.SHENGJI and kind.is_joker_pair:
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


def call_words(kind: CallKind, cards: Sequence[Card], article: str = "a") -> Reason:
    """A call in words with its cards: "a single level card (♠2)", "the pair of big jokers"
    (a joker pair's name says its cards).  ``article`` "A", "the" or "The" replaces "a"; "" leaves none
    (after a seat's name: "West's pair of level cards (♠2 ♠2)")."""
    en, zh = _KIND_NAMES[kind]
    en = (article + en.removeprefix("a")).lstrip()
    if kind.is_joker_pair:
        return Reason.make(RuleId.SG_1, en, zh)
    return Reason.make(RuleId.SG_1, en + " ({cards})", zh + "（{cards}）", cards=cards)


def _suit_of(card: Card) -> Suit:
    """The suit of a level card shown in a call (a joker has none and calls only as a pair)."""
    assert card.suit is not None
    return card.suit


def guide_words(rules: Ruleset) -> Words:
    """The guide whose calling rule is in force, by its name: the 四人升级 guide / the 双升 guide."""
    if rules.calling is Calling.SHUANGSHENG:
        return Words("the 双升 guide", "《双升》")
    return Words("the 四人升级 guide", "《四人升级》")


def _not_a_call(rules: Ruleset, level: Rank, cards: Sequence[Card]) -> Reason:
    """What is wrong with cards that make no call, and what a call shows (SG-1 / SS-1)."""
    if not cards:
        what = Reason.make(_calling_rule(rules), "No cards are shown", "没有亮出牌")
    elif len(cards) == 1 and cards[0].is_joker:
        what = Reason.make(_calling_rule(rules), "A single {card} cannot call: jokers call only as a pair",
                           "单张{card}不能亮主：王只能成对亮", card=cards[0])
    elif len(cards) == 1:
        what = Reason.make(_calling_rule(rules), "{card} cannot call: it is not a level card (the hand is played "
                                                 "at {level})", "{card}不能亮主：它不是级牌（本局打{level}）",
                           card=cards[0], level=level)
    elif len(cards) == 2 and cards[0] != cards[1]:
        what = Reason.make(_calling_rule(rules), "{cards} cannot call: the two cards are not a pair of identical "
                                                 "cards", "{cards}不能亮主：两张牌不是一对相同的牌", cards=cards)
    elif len(cards) == 2:
        what = Reason.make(_calling_rule(rules), "{cards} cannot call: it is a pair, but not of level cards (the "
                                                 "hand is played at {level})",
                           "{cards}不能亮主：是对子，但不是级牌（本局打{level}）", cards=cards, level=level)
    else:
        what = Reason.make(_calling_rule(rules), "{cards} cannot call: a call shows one or two cards, not {count}",
                           "{cards}不能亮主：亮主只亮一张或两张，不是{count}张", cards=cards, count=len(cards))
    return Reason.make(_calling_rule(rules), "{what}. A call shows one level card (a {level} of any suit), a pair of "
                                             "identical level cards, or a pair of jokers.",
                       "{what}。亮主须亮一张级牌（任一花色的{level}）、一对相同的级牌或一对王。",
                       what=what, level=level)


def _effect(rules: Ruleset, state: CallState, kind: CallKind, cards: Sequence[Card]) -> Words | Reason:
    """What an accepted call does to trump, in words."""
    if not kind.is_joker_pair:
        return Reason.make(_calling_rule(rules), "{suit} become trump", "{suit}为主", suit=_suit_of(cards[0]))
    if rules.joker_call_trump is JokerCallTrump.PREVIOUS_SUIT and state.trump is not None:
        return Reason.make(_calling_rule(rules), "the suit called before, {suit}, stays trump",
                           "之前的主花色{suit}仍为主", suit=state.trump)
    return Words("there is no trump suit (无主)", "无主")


def _equal_call_silent(rule: RuleId) -> Reason:
    """SG-1 / SS-1 (``rule``): neither guide says whether an equal call overrides; the book says it does not."""
    return Reason(rule, "The guides do not say that an equal call overrides; this book's convention is that it does "
                        "not.", "指南没有写同级的亮主能不能反；本书约定不能。")


def _why_too_weak(rules: Ruleset, kind: CallKind, standing: CallKind) -> Reason:
    """Why a call cannot override the standing one, in the guide's own terms (SG-1 / SS-1): what the guide
    ranks above what, and the book's convention only where the guide is silent (an equal call)."""
    rule = _calling_rule(rules)
    shuangsheng = rules.calling is Calling.SHUANGSHENG
    if standing is CallKind.SINGLE:
        if shuangsheng:  # the note behind says this is the book's convention
            return Reason.make(rule, "only a pair, of level cards or jokers, overrides a single",
                               "单张只能被一对级牌或一对王反掉").with_notes(
                Reason(rule, "The 双升 guide does not say what a second single level card does; this book's convention: "
                             "a second single never overrides the first, as under the 四人升级 guide.",
                       "《双升》没有说第二张单张级牌算什么；本书约定：单张反不了单张，和《四人升级》一样。"))
        return Reason.make(rule, "under the 四人升级 guide only a pair, of level cards or jokers, overrides a "
                                 "single", "按《四人升级》，单张只能被一对级牌或一对王反掉").with_notes(
            Reason(rule, "The 四人升级 guide lets a pair override a single and a second single of the same suit "
                         "reinforce it; it says nothing of a single of another suit, and this book's convention is "
                         "that it does not override.",
                   "《四人升级》只说一对可以反单张、别人再亮同花色的一张只是加固；没有说另一花色的单张，本书约定不能反。"))
    if standing is CallKind.BIG_JOKER_PAIR and shuangsheng:
        return Reason.make(rule, "under the 双升 guide nothing overrides a pair of big jokers",
                           "按《双升》，一对大王最大，谁也反不了")
    if standing.is_joker_pair and not shuangsheng and kind.is_joker_pair:  # the guide ranks no joker above the other
        return Reason.make(rule, "under the 四人升级 guide a pair of jokers, of either kind, is the highest call, and an "
                                 "equal call does not override", "按《四人升级》，一对王（不分大小）是最高级的亮主，"
                                 "同样大的亮主不能反").with_notes(_equal_call_silent(rule))
    if standing.is_joker_pair and not shuangsheng:
        return Reason.make(rule, "under the 四人升级 guide a pair of jokers is the highest call",
                           "按《四人升级》，一对王是最高级的亮主")
    if kind is standing:
        return Reason.make(rule, "an equal call does not override", "同样大的亮主不能反").with_notes(_equal_call_silent(rule))
    if standing is CallKind.LEVEL_PAIR:  # a single under a pair
        if shuangsheng:
            return Reason.make(rule, "under the 双升 guide a pair of level cards (高亮) ranks above a single",
                               "按《双升》，一对级牌（高亮）比单张大")
        return Reason.make(rule, "under the 四人升级 guide a pair of level cards overrides a single, not the other way "
                                 "round", "按《四人升级》，一对级牌可以反单张，单张反不了一对")
    return Reason.make(rule, "under the 双升 guide only a pair of big jokers is higher",
                       "按《双升》，只有一对大王比一对小王大")


def check_call(rules: RulesetLike, state: CallState, seat: int, cards: Sequence[Card] | str) -> Verdict:
    """Whether ``seat`` may show ``cards`` as a call now, and why (SG-1 / SS-1).

    A refused call says what is wrong with it and what would do.

    Rules: SG-1, SS-1

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> state = apply_call(get_ruleset("shengji"), CallState(Rank.TWO), 1, parse_cards("H2 H2"))
    >>> print(check_call(get_ruleset("shengji"), state, 2, parse_cards("S2")).reason)  # doctest: +NORMALIZE_WHITESPACE
    SG-1: North's single level card (♠2) cannot override East's pair of level cards (♥2 ♥2): under the 四人升级 guide
    a pair of level cards overrides a single, not the other way round.
    """
    rules, cards = as_ruleset(rules), parse_cards(cards)
    if not isinstance(state, CallState):
        raise InvalidPositionError(f"expected the CallState of the calls so far, such as CallState(Rank.TWO), got {state!r}")
    seat = check_seat(seat)
    rule = _calling_rule(rules)
    kind = classify_call(state.level, cards)
    if kind is None:
        return Verdict(False, _not_a_call(rules, state.level, cards))
    if state.kind is None or state.caller is None:
        return Verdict(True, Reason.make(rule, "No call stands: {call} is accepted: {effect}.",
                                         "尚无人亮主：{call}有效：{effect}。",
                                         call=call_words(kind, cards), effect=_effect(rules, state, kind, cards)))
    shown, caller = state.shown(), Seat(state.caller)
    standing = call_words(state.kind, shown, "")
    if (rules.calling is Calling.SHENGJI and kind is CallKind.SINGLE and state.kind is CallKind.SINGLE
            and cards[0].suit is state.trump):
        if seat == state.caller:
            return Verdict(False, Reason.make(
                rule, "{seat} already called with {shown}: a player cannot reinforce their own call with a second "
                      "{card}; showing the two together as the pair {pair} would override it instead.",
                "{seat}已经亮了{shown}：不能再亮一张{card}加固自己的亮主；把两张一起亮成对子{pair}才能反主。",
                seat=Seat(seat), shown=shown, card=cards[0], pair=[cards[0], cards[0]]))
        return Verdict(True, Reason.make(
            rule, "A second {card} from {seat} reinforces {caller}'s call: trump stays {suit} (under the 四人升级 guide "
                  "a second level card of the same suit reinforces, it does not override).",
            "{seat}再亮一张{card}是加固{caller}的亮主：主花色仍为{suit}（按《四人升级》，别人亮同花色的第二张级牌只是加固，"
            "不是反主）。", card=cards[0], seat=Seat(seat), caller=caller, suit=_suit_of(cards[0])))
    whose = Words("their own", "自己") if seat == state.caller else \
        Reason.make(rule, "{caller}'s", "{caller}", caller=caller)
    if _strength(rules, kind) > _strength(rules, state.kind):
        return Verdict(True, Reason.make(rule, "{seat}'s {call} overrides {whose} {standing}: {effect}.",
                                         "{seat}亮的{call}反掉{whose}亮的{standing}：{effect}。", seat=Seat(seat),
                                         call=call_words(kind, cards, ""), standing=standing,
                                         whose=whose, effect=_effect(rules, state, kind, cards)))
    return Verdict(False, _cannot_override(rule, Seat(seat), call_words(kind, cards, ""), whose, standing,
                                           _why_too_weak(rules, kind, state.kind)))


def _cannot_override(rule: RuleId, seat: Param, call: Param, whose: Param, standing: Param, why: Param) -> Reason:
    """"{seat}'s {call} cannot override {whose} {standing}: {why}." (SG-1 / SS-1): one refused call, or several of
    one seat refused for one reason (:func:`_merge_refusals`)."""
    return Reason.make(rule, "{seat}'s {call} cannot override {whose} {standing}: {why}.",
                       "{seat}亮的{call}反不了{whose}已亮的{standing}：{why}。",
                       seat=seat, call=call, standing=standing, whose=whose, why=why)


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
        trump = state.trump if rules.joker_call_trump is JokerCallTrump.PREVIOUS_SUIT else None
    else:
        trump = cards[0].suit
    if state.first_caller is not None:
        return replace(state, kind=kind, trump=trump, caller=seat)
    return replace(state, kind=kind, trump=trump, caller=seat, first_caller=seat, first_kind=kind)


#: A call shown after the standing one and refused as no stronger than it: its seat and cards.
LaterCall = tuple[int, tuple[Card, ...]]


def _no_stronger(rules: Ruleset, later: Sequence[LaterCall]) -> Reason:
    """", since the later calls (East's ♣6 ♣6, North's ♠6 ♠6) are no stronger" (SG-1 / SS-1): what keeps the
    standing call standing, said where it stands; each refusal's own reason stays behind it."""
    rule = _calling_rule(rules)
    named = [Reason.make(rule, "{seat}'s {call}", "{seat}亮的{call}", seat=Seat(seat),
                         call=call_words(kind, cards, "") if (kind := classify_call(cards[0].rank, cards)) is not None
                         and kind.is_joker_pair else Reason.make(rule, "{cards}", "{cards}", cards=cards))
             for seat, cards in later]
    calls = {f"c{i}": call for i, call in enumerate(named)}
    listed = Reason.make(rule, ", ".join(f"{{{name}}}" for name in calls), "、".join(f"{{{name}}}" for name in calls),
                         **calls)
    if len(later) == 1:
        return Reason.make(rule, ", since the later call ({later}) is no stronger", "，之后{later}不比它大",
                           later=listed)
    return Reason.make(rule, ", since the later calls ({later}) are no stronger", "，之后{later}都不比它大",
                       later=listed)


def _overrides_words(state: CallState, before: CallState | None) -> Words | Reason:
    """"overrides East's pair of little jokers" / "反掉东家亮的一对小王": the call that stood before (SG-1 / SS-1),
    or "overrides the call before it" / "反主" where it is not known."""
    if before is None or before.kind is None or before.caller is None:
        return Words("overrides the call before it", "反主")
    whose = Words("their own", "自己") if before.caller == state.caller else \
        Reason.make(RuleId.SG_1, "{seat}'s", "{seat}", seat=Seat(before.caller))
    return Reason.make(RuleId.SG_1, "overrides {whose} {standing}", "反掉{whose}亮的{standing}", whose=whose,
                       standing=call_words(before.kind, before.shown(), ""))


def names_later_calls(state: CallState) -> bool:
    """Whether :func:`explain_trump` says the standing call "stands" (the first call, or a plain overcall), and
    so names the later calls that could not override it; a joker pair overriding another call, or keeping its
    suit under a variant, is said otherwise."""
    if state.kind is None or not state.kind.is_joker_pair:
        return True
    return state.trump is None and state.first_caller == state.caller and state.first_kind is state.kind


def explain_trump(rules: Ruleset, state: CallState, later: Sequence[LaterCall] = (),
                  before: CallState | None = None) -> Reason:
    """Why the standing call sets the trump it does (SG-1 / SS-1, SG-3 / SS-3); ``later``, the calls refused
    after it as no stronger, are named where it is said to stand; ``before``, the calls as they stood before it,
    name the call a joker pair overrides ("overrides East's pair of little jokers"), not "the call before it",
    which may be one that never stood.

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> state = apply_call(get_ruleset("shuangsheng"), CallState(Rank.TWO), 3, parse_cards("BJ BJ"))
    >>> print(explain_trump(get_ruleset("shuangsheng"), state))  # doctest: +NORMALIZE_WHITESPACE
    SS-3: West's pair of big jokers stands: no trump suit (无主); only the jokers and the level cards are trumps.
    """
    if state.kind is None or state.caller is None:
        return Reason.make(_calling_rule(rules), "No call stands: there is no trump yet.", "无人亮主：尚未定主。")
    call, caller = call_words(state.kind, state.shown(), ""), Seat(state.caller)
    since = _no_stronger(rules, later) if later and names_later_calls(state) else Words("", "")
    if state.kind.is_joker_pair:
        joker_rule = RuleId.SS_3 if rules.calling is Calling.SHUANGSHENG else RuleId.SG_3
        if state.trump is None:
            silent = Reason(RuleId.SS_3, "The 双升 guide says the new call's suit becomes trump, but jokers have no "
                            "suit; this book's convention follows the 四人升级 guide: no trump suit.",
                            "《双升》说以新亮主的花色为主，但王没有花色；本书约定按《四人升级》：无主。") \
                if joker_rule is RuleId.SS_3 else None
            overcall = not names_later_calls(state)
            return Reason.make(joker_rule, "{caller}'s {call} {how}{since}: no trump suit (无主); only the jokers "
                                           "and the level cards are trumps.",
                               "{caller}亮的{call}{how}{since}：无主，主牌只有大小王和级牌。", call=call, caller=caller,
                               how=_overrides_words(state, before) if overcall
                               else Words("stands", "定主"), since=since).with_notes(silent)
        return Reason.make(joker_rule, "{caller}'s {call} stands, and the suit called before, "
                                       "{suit}, stays trump.",
                           "{caller}亮的{call}反主，之前的主花色{suit}仍为主。",
                           call=call, caller=caller, suit=state.trump).with_notes(
            Reason(joker_rule, "This is a variant: the book's default after a pair of jokers is no trump suit.",
                   "这是变体；本书默认一对王反主后无主。"))
    return Reason.make(_calling_rule(rules), "{caller}'s {call} stands{since}: {suit} are trump.",
                       "{caller}亮的{call}定主{since}：{suit}为主。", call=call, caller=caller,
                       suit=_suit_of(state.shown()[0]), since=since)


@dataclass(frozen=True, slots=True, repr=False)
class KittyTurn(Result[Suit]):
    """The trump suit turned from the kitty (``value``) and ``index``, the place of the card that set it;
    it unpacks as ``suit, index, reason`` (SG-2)."""

    index: int

    def __iter__(self) -> Iterator[Any]:
        return iter((self.value, self.index, self.reason))

    def __getitem__(self, index: int) -> Any:
        return (self.value, self.index, self.reason)[index]


def turn_kitty(kitty: Sequence[Card] | str) -> KittyTurn:
    """SG-2: nobody called; the dealer turns kitty cards one by one, and the first
    non-joker card's suit is trump.  The result: the suit, ``index`` (the place of that card), and why.

    Rules: SG-2, SS-2

    >>> from cardlib.cards import parse_cards
    >>> suit, index, reason = turn_kitty(parse_cards("BJ LJ D9 S2 S3 S4 S5 S6"))
    >>> suit, index
    (<Suit.DIAMONDS: 'D'>, 2)
    >>> print(reason.zh)
    无人亮主，庄家逐张翻底牌：大王 小王是王，没有花色，跳过；第一张不是王的牌是♦9，方块为主。
    """
    kitty = parse_cards(kitty)
    for index, card in enumerate(kitty):
        if card.suit is not None:
            skipped = Reason.make(RuleId.SG_2, "after {jokers} (jokers have no suit) ", "{jokers}是王，没有花色，跳过；",
                                  jokers=list(kitty[:index])) if index else Words("", "")
            return KittyTurn(card.suit, Reason.make(
                RuleId.SG_2, "Nobody called: the kitty is turned card by card; {skipped}the first card that is not a "
                             "joker is {card}, so {suit} are trump.",
                "无人亮主，庄家逐张翻底牌：{skipped}第一张不是王的牌是{card}，{suit}为主。",
                skipped=skipped, card=card, suit=card.suit), index)
    raise InvalidPositionError("the kitty holds only jokers: there is no suit to turn (two decks have 4 jokers)")


def no_call_first_dealer(seat: int = 0) -> Reason:
    """SS-9 / SG-9: nobody called in the first hand: the seat the deal began at deals (the book's convention).

    >>> print(no_call_first_dealer())  # doctest: +NORMALIZE_WHITESPACE
    SS-9: Nobody called in the first hand, so South, where the deal began, deals it.
    """
    return Reason.make(RuleId.SS_9, "Nobody called in the first hand, so {seat}, where the deal began, deals it.",
                       "首局无人亮主：由开始发牌的{seat}坐庄。", seat=Seat(seat)).with_notes(
        Reason(RuleId.SS_9, "The guides are silent on a first hand nobody calls in; this is this book's convention.",
               "两份指南都没有写首局无人亮主时谁坐庄；这是本书约定。"))


@dataclass(frozen=True, slots=True, repr=False)
class CallingResult(Result[Suit | None]):
    """The outcome of a sequence of calls (the ``calling`` question of ``check``): ``value`` (also
    ``trump``) is the trump suit they set, ``None`` for no trump suit or while nothing is set."""

    state: CallState
    accepted: tuple[bool, ...]
    reasons: tuple[Reason, ...]
    trump_set: bool
    dealer: int | None
    #: why trump is what it is, alone (``reason`` adds the first hand's dealer)
    trump_reason: Reason | None = None

    @property
    def trump(self) -> Suit | None:
        """The trump suit set (``None``: no trump suit, or nothing set yet; see ``trump_set``)."""
        return self.value

    def shown(self, lang: str = "en") -> str:
        """The trump the calls set, in words."""
        if not self.trump_set:
            return "尚未定主" if lang == "zh" else "no trump set yet"
        return value_words(self.value, lang) if self.value is not None else ("无主" if lang == "zh" else "no trump")


def first_hand_dealer(rules: Ruleset, state: CallState) -> tuple[int | None, Reason | None]:
    """SS-9 / SG-9: the first hand's dealer: the first accepted caller (SS-E3), or seat 0
    under ``first_dealer="seat_zero"``; None while nobody has called.

    Rules: SS-9, SG-9, SS-E3
    """
    if rules.first_dealer is FirstDealer.SEAT_ZERO:
        return 0, Reason.make(RuleId.SG_9, "Under this variant {seat}, chosen before the deal, deals first.",
                              "按此变体，首局庄家在发牌前已定：由{seat}坐庄，不论谁亮主。", seat=Seat(0))
    if state.first_caller is None:
        return None, None
    seat = Seat(state.first_caller)
    shengji = rules.calling is Calling.SHENGJI
    silent = FIRST_DEALER_SG_SILENT if shengji else (  # only where the guide does not say it
        FIRST_DEALER_SS_PAIR if state.first_kind not in (None, CallKind.SINGLE) else None)
    rule = RuleId.SG_9 if shengji else RuleId.SS_9  # under SG the book's convention (SG-9), under SS the guide's rule
    if (not shengji and state.kind is CallKind.LEVEL_PAIR and state.caller is not None
            and state.caller != state.first_caller):
        return seat.index, Reason.make(  # 高亮 by another player (SS-E3)
            RuleId.SS_E3, "The first caller, {seat}, deals the first hand, though {caller} overrides later.",
            "虽然之后{caller}高亮反主，首局仍由最先亮主的{seat}坐庄。",
            caller=Seat(state.caller), seat=seat).with_notes(silent or
            Reason(RuleId.SS_E3, "The 双升 guide's unusual “高亮” passage keeps the first single caller as dealer.",
                   "这是《双升》“高亮”一段的特别之处：首局仍由最先亮单张的人坐庄。"))
    if state.caller is not None and state.caller != state.first_caller:  # another's overcall: it moves no deal
        return seat.index, Reason.make(
            rule, "The first caller, {seat}, deals the first hand; a later overcall sets only the trump.",
            "{seat}最先亮主，首局由{seat}坐庄；之后的反主只定主，不换庄家。", seat=seat).with_notes(silent)  # the
        # trump's own sentence names the overcall
    return seat.index, Reason.make(rule, "{seat} called first, so {seat} deals the first hand.",
                                   "{seat}最先亮主，首局由{seat}坐庄。", seat=seat).with_notes(silent)


#: SG-9: the 四人升级 guide does not say who deals the first hand; the book follows 双升 (SS-9).
FIRST_DEALER_SG_SILENT = Reason(RuleId.SG_9, "The 四人升级 guide is silent on the first dealer; this book follows the "
                                "双升 guide, where the player who shows a single level card deals, and gives the deal "
                                "to the first caller whatever the call.",
                                "《四人升级》没有说明首局庄家；本书按《双升》“亮出单张级牌的玩家为庄家”，"
                                "由最先亮主的人坐庄，不论亮的是什么。")

#: SS-9: the 双升 guide gives the first deal to the player who shows a single level card; when the first call
#: is a pair it says nothing, and the book gives the deal to the first caller.
FIRST_DEALER_SS_PAIR = Reason(RuleId.SS_9, "The 双升 guide gives the first hand to the player who shows a single level "
                              "card and does not say who deals when the first call is a pair; this book's convention: "
                              "the first caller deals.",
                              "《双升》只说“亮出单张级牌的玩家为庄家”，没有写最先亮的是一对时谁坐庄；本书约定由最先亮主的人坐庄。")


def _merge_refusals(refused: list[Reason]) -> list[Reason]:
    """Refused calls of one seat against the same standing call, for the same reason, as one sentence: "South's
    pair of level cards (♣A ♣A) and single level card (♥A) cannot override …" (SG-1 / SS-1), not that sentence
    once per call."""
    groups: dict[tuple[object, ...], list[Reason]] = {}
    for why in refused:
        params = dict(why.params)
        key = (why.rule, *(params.get(name) for name in ("seat", "standing", "whose", "why"))) \
            if {"seat", "call", "standing", "whose", "why"} <= params.keys() else (id(why),)
        groups.setdefault(key, []).append(why)
    merged = []
    for group in groups.values():
        if len(group) == 1:
            merged.append(group[0])
            continue
        first = dict(group[0].params)
        calls = {f"c{i}": dict(why.params)["call"] for i, why in enumerate(group)}
        names = [f"{{{name}}}" for name in calls]
        call = Reason.make(group[0].rule, " and ".join(names), "和".join(names), **calls)
        merged.append(_cannot_override(group[0].rule, first["seat"], call, first["whose"], first["standing"],
                                       first["why"]))
    return merged


def resolve_calls(rules: RulesetLike, level: Rank | str, calls: Sequence[tuple[int, Sequence[Card] | str]],
                  first_hand: bool, kitty: Sequence[Card] | str | None = None) -> CallingResult:
    """Play out calls in order; if none stands and a kitty is given, turn it (SG-2).

    In the first hand nobody calling leaves seat 0 to deal, as the deal began from it.

    Rules: SG-1, SS-1, SG-2, SS-2, SG-3, SS-3, SG-9, SS-9

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> result = resolve_calls(get_ruleset("shuangsheng"), Rank.TWO,
    ...                        [(1, parse_cards("H2")), (2, parse_cards("S2 S2")), (3, parse_cards("D2"))], True)
    >>> result.trump, result.dealer, result.accepted
    (<Suit.SPADES: 'S'>, 1, (True, True, False))
    >>> print([n for n in result.reason.all_notes() if "cannot override" in n.en][-1].en)  # doctest: +NORMALIZE_WHITESPACE
    West's single level card (♦2) cannot override North's pair of level cards (♠2 ♠2): under the 双升 guide a pair
    of level cards (高亮) ranks above a single.
    """
    rules, level = as_ruleset(rules), as_level(level)
    if not isinstance(calls, (list, tuple)) or not all(isinstance(c, (list, tuple)) and len(c) == 2 for c in calls):
        raise InvalidPositionError(f"calls must be a list of (seat, cards) pairs such as [(1, 'H2')], got {calls!r}")
    shown = [(check_seat(seat), parse_cards(cards)) for seat, cards in calls]
    kitty = None if kitty is None else parse_cards(kitty)
    state = CallState(level)
    accepted, reasons = [], []
    before = state  # the calls as they stood before the last accepted one
    later: list[int] = []  # the calls (by index) refused as no stronger than the call standing now
    equal: set[int] = set()  # of those, the ones equal to it: the standing call's sentence says enough for them
    for index, (seat, cards) in enumerate(shown):
        verdict = check_call(rules, state, seat, cards)
        accepted.append(verdict.ok)
        reasons.append(verdict.reason)
        if verdict:
            before, state = state, apply_call(rules, state, seat, cards)
            later.clear()
        elif (kind := classify_call(level, cards)) is not None and state.kind is not None and not (
                kind is CallKind.SINGLE and state.kind is CallKind.SINGLE and seat == state.caller
                and rules.calling is Calling.SHENGJI):  # not a call, or one's own reinforcement: its own reasons
            later.append(index)
            if _strength(rules, kind) == _strength(rules, state.kind):
                equal.add(index)
    trump, trump_set, reason = state.trump, state.has_call, explain_trump(
        rules, state, [(shown[index][0], tuple(shown[index][1])) for index in later], before)
    trump_reason = reason
    dealer = None
    if first_hand:
        dealer, dealer_reason = first_hand_dealer(rules, state)
        if dealer_reason is not None and state.has_call:
            reason = Reason.make(reason.rule, "{trump} {dealer}", "{trump}{dealer}", trump=reason, dealer=dealer_reason)
    if not state.has_call and kitty is not None:
        if rules.no_call is NoCall.REDEAL:
            reason = Reason.make(RuleId.SG_2, "Nobody called: under this variant the cards are dealt again (the "
                                              "四人升级 guide turns the kitty instead).",
                                 "无人亮主：按此变体重新发牌（《四人升级》是翻底定主）。")
        else:
            trump, _index, reason = turn_kitty(kitty)
            if rules.calling is Calling.SHUANGSHENG:  # SS-2: SS is silent; the engine turns the kitty as SG does
                reason = Reason.make(RuleId.SS_2, "{turn}", "{turn}", turn=reason).with_notes(
                    Reason(RuleId.SS_2, "The 双升 guide does not say what happens when nobody calls; this book's "
                           "convention turns the kitty as the 四人升级 guide does.",
                           "《双升》没有说明无人亮主时怎么办；本书约定按《四人升级》翻底定主。"))
            trump_set = True
            trump_reason = reason
            if first_hand and dealer is None:
                dealer = 0
                reason = Reason.make(reason.rule, "{turn} {dealer}", "{turn}{dealer}", turn=reason,
                                     dealer=no_call_first_dealer(dealer))
    named = equal.intersection(later) if names_later_calls(state) else set()
    refused = [why for index, (ok, why) in enumerate(zip(accepted, reasons, strict=True))
               if not ok and index not in named]
    notes = [note for index in sorted(named) for note in reasons[index].all_notes()]  # the equal-call convention
    if refused:  # the outcome says what stands; every refused call, named by its seat and cards, says why behind it,
        # and what the guides leave to the book in that (a note's own notes come up beside it: notes are not nested)
        refused = _merge_refusals(refused)
    notes += [*refused, *(note for why in refused for note in why.all_notes())]
    if notes:
        reason = reason.with_notes(*notes)
    return CallingResult(trump, reason, state, tuple(accepted), tuple(reasons), trump_set, dealer, trump_reason)
