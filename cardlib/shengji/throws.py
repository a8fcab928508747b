"""Throws (甩牌): leading several top units of one suit at once.

Rules: C-3 (an optional field, ``throws``; off in both presets since no source has it)

A throw is split into units (:func:`~cardlib.shengji.combos.split_units`:
tractors, then pairs, then singles).  It stands if no other hand holds, in the
same effective suit, a unit of the same shape that is higher (for a tractor: a
tractor of as many pairs with a higher top pair).  Otherwise the thrower must
lead only the smallest beaten unit: the one with the fewest cards, and among
those the lowest.

>>> from cardlib.cards import Rank, Suit
>>> from cardlib.shengji.rules import get_ruleset
>>> from cardlib.shengji.trump import TrumpContext
>>> ctx, rules = TrumpContext(Rank.TWO, Suit.SPADES), get_ruleset("shengji", {"throws": True})
>>> result = resolve_throw(ctx, rules, "HA HK HK", ["HQ H3", "HA C3", "D4 D5"])
>>> result.stands, [str(c) for c in result.play]
(True, ['HA', 'HK', 'HK'])
>>> result = resolve_throw(ctx, rules, "HA HQ", ["HK H3", "C4 C5", "D4 D5"])
>>> result.stands, [str(c) for c in result.play]
(False, ['HQ'])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, check_copies, format_cards
from ..errors import InvalidPositionError, RulesetError
from ..explain import Reason, Seat, Words
from ..result import Result
from ..rule_ids import RuleId
from ..words import cards_text
from .combos import (THROWS_NOTE, CardsInput, Plays, Unit, as_cards, find_pairs, find_tractors, require_context, split_units,
                     the_joker)
from .rules import Ruleset, RulesetLike
from .trump import EffectiveSuit, TrumpContext


@dataclass(frozen=True, slots=True, repr=False)
class ThrowResult(Result[bool]):
    """Whether the throw stands (``value``, also ``stands``); ``play`` is what is led (the throw, or its
    smallest beaten unit); ``beaten``: each other part some hand beats, with what beats it ("East holds ♦K ♦K,
    higher than ♦Q ♦Q"), so a reader who picks one of them is answered on it first."""

    play: list[Card]
    beaten: tuple[tuple[tuple[Card, ...], Reason], ...] = ()

    @property
    def stands(self) -> bool:
        """Whether the whole throw stands (C-3)."""
        return self.value

    def shown(self, lang: str = "en") -> str:
        """What is led: ``stands: ♠A ♠K`` or ``reduced to ♠Q``."""
        cards = cards_text(self.play, lang)
        if lang == "zh":
            return f"{'甩牌成立' if self.value else '甩牌失败，改出'}：{cards}"
        return f"{'stands' if self.value else 'reduced to'}: {cards}"


def _beater(ctx: TrumpContext, rules: Ruleset, unit: Unit, cards: list[Card]) -> tuple[Card, ...] | None:
    """A unit of ``cards`` (one effective suit) of ``unit``'s shape that is higher, or None (C-3)."""
    if unit.pairs == 0:
        options: list[tuple[Card, ...]] = [(c,) for c in cards]
    elif unit.pairs == 1:
        options = [(c,) for c in find_pairs(ctx, cards)]
    else:
        options = find_tractors(ctx, rules, cards, unit.pairs)
    top = ctx.strength(unit.top)
    higher = [o for o in options if ctx.strength(o[0]) > top]
    return max(higher, key=lambda o: ctx.strength(o[0])) if higher else None


#: The other hands, in playing order after the thrower, named by place when no seat is known.
OTHER_HANDS = (("the next player", "下家"), ("the thrower's partner", "对家"), ("the player before the thrower", "上家"))


def _unbeaten_parts(ctx: TrumpContext, units: list[Unit], suit: EffectiveSuit, paired: bool) -> Reason:
    """What the other hands lack against each shape of a throw that stands, in its own cards, the lowest
    part of each shape (nothing beats the higher ones then) (C-3): "no single above ♠J; nobody holds a pair
    of spades"."""
    en: list[str] = []
    zh: list[str] = []
    params: dict[str, list[Card]] = {}
    lowest = {u.pairs: u for u in sorted(units, key=lambda u: -ctx.strength(u.top))}  # the last of each shape
    for i, unit in enumerate(lowest.values()):
        params[f"u{i}"] = list(unit.cards)
        if unit.pairs == 0:
            en.append(f"no single above {{u{i}}}")
            zh.append(f"没有比{{u{i}}}大的单张")
        elif not paired:
            en.append("nobody holds a pair of {suit}")
            zh.append("没有人有{suit}对子")
        else:
            shape = ("pair", "对子") if unit.pairs == 1 else ("tractor", "拖拉机")
            en.append(f"no {shape[0]} above {{u{i}}}")
            zh.append(f"没有比{{u{i}}}大的{shape[1]}")
    return Reason.make(RuleId.C_3, "; ".join(dict.fromkeys(en)), "；".join(dict.fromkeys(zh)), suit=suit, **params)


def resolve_throw(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput,
                  other_hands: Plays, *, thrower: int | None = None) -> ThrowResult:
    """Whether a throw stands against the other hands, or the unit it is reduced to (C-3).

    ``other_hands``: the other players' hands in playing order after the thrower.  ``thrower``:
    the thrower's seat (0-3, South East North West), to name the hands by seat in the reason;
    without it they are named by place (the next player, the thrower's partner, ...).
    """
    ctx, rules = require_context(ctx, rules)
    if not rules.throws:
        raise RulesetError("throws are off in this ruleset (C-3): set the field 'throws' to true")
    throw = as_cards(lead, "throw")
    if not throw:
        raise InvalidPositionError("the throw is empty")
    suit = ctx.effective_suit(throw[0])
    if any(ctx.effective_suit(c) is not suit for c in throw):
        raise InvalidPositionError(f"the throw {format_cards(throw)} mixes suits: a throw is of one suit (C-3)")
    if not isinstance(other_hands, (list, tuple)) or not 1 <= len(other_hands) <= 3:
        raise InvalidPositionError("other_hands must be a list of 1 to 3 hands")
    if thrower is not None and (type(thrower) is not int or not 0 <= thrower < 4):
        raise InvalidPositionError(f"the thrower must be a seat 0-3 (South, East, North, West), got {thrower!r}")
    hands = [as_cards(h, f"hand {i}") for i, h in enumerate(other_hands)]
    check_copies(throw + [c for h in hands for c in h], 2, what="throw and other hands together")
    throw = sorted(throw, key=ctx.order_key)
    beaten: list[tuple[Unit, int, tuple[Card, ...]]] = []
    units = split_units(ctx, rules, throw)
    for unit in units:
        for i, hand in enumerate(hands):
            beater = _beater(ctx, rules, unit, [c for c in hand if ctx.effective_suit(c) is suit])
            if beater is not None:
                beaten.append((unit, i, beater))
                break
    if not beaten:
        paired = any(find_pairs(ctx, [c for c in h if ctx.effective_suit(c) is suit]) for h in hands)
        return ThrowResult(True, play=throw, reason=Reason.make(
            RuleId.C_3, "No other hand beats a part of {throw}: {parts}, so the throw stands.",
            "其他人都管不住{throw}的任何一部分：{parts}，甩牌成立。",
            throw=throw, parts=_unbeaten_parts(ctx, units, suit, paired)).with_notes(THROWS_NOTE))
    beaten.sort(key=lambda b: (b[0].size, ctx.strength(b[0].top)))  # the smallest part first, the lowest of a size
    unit, i, beater = beaten[0]
    who = _hand_name(thrower, i)
    return ThrowResult(False, play=list(unit.cards), reason=Reason.make(
        RuleId.C_3, "{who_cap} holds {beater}, higher than {unit} in the throw, so the throw fails and only {unit}"
        "{smallest} is led.", "{who}有{beater}，比甩牌中的{unit}大，甩牌失败，只能出{unit}{smallest}。",
        who_cap=_capitalised(who), who=who, beater=_beating_cards(unit, beater), unit=the_joker(list(unit.cards)),
        smallest=_smallest_words(unit, [b[0] for b in beaten[1:]])).with_notes(THROWS_NOTE),
        beaten=tuple((part[0].cards, _also_beaten(thrower, part, beaten[0])) for part in beaten[1:]))


def _also_beaten(thrower: int | None, part: tuple[Unit, int, tuple[Card, ...]],
                 led: tuple[Unit, int, tuple[Card, ...]]) -> Reason:
    """What beats a part of a failed throw that is not led (C-3): "East holds ♦K ♦K, higher than ♦Q ♦Q", or,
    when the cards that beat the part led beat it too, only that it can be beaten."""
    unit, hand, beater = part
    if (hand, beater) == led[1:]:
        return Reason.make(RuleId.C_3, "{unit} can be beaten too", "{unit}也会被管住", unit=the_joker(list(unit.cards)))
    who = _hand_name(thrower, hand)
    return Reason.make(RuleId.C_3, "{who_cap} holds {beater}, higher than {unit}", "{who}有{beater}，比{unit}大",
                       who_cap=_capitalised(who), who=who, beater=_beating_cards(unit, beater),
                       unit=the_joker(list(unit.cards)))


def _hand_name(thrower: int | None, hand: int) -> Seat | Words:
    """The ``hand``-th other hand after the thrower: by seat when the thrower's is known, else by place."""
    return Seat((thrower + 1 + hand) % 4) if thrower is not None else Words(*OTHER_HANDS[hand])


def _capitalised(who: Seat | Words) -> Seat | Words:
    """A hand's name to start a sentence (a seat's name has its capital already)."""
    return Words(who.en[0].upper() + who.en[1:], who.zh) if isinstance(who, Words) else who


def _beating_cards(unit: Unit, beater: tuple[Card, ...]) -> Reason | list[Card]:
    """The cards that beat ``unit``, as a sentence names them: a single, or each pair card twice; a joker with
    its article ("the little joker", "a pair of big jokers")."""
    return the_joker([c for c in beater for _ in range(1 if unit.pairs == 0 else 2)])


_SHAPE_NAMES = {0: ("a single", "单张"), 1: ("a pair", "对子")}


def _smallest_words(led: Unit, others: list[Unit]) -> Words:
    """Why ``led`` is led when ``others`` are beaten too (C-3): the part with the fewest cards ("a single before
    a pair"), and of one size the lowest; nothing when it is the only part beaten."""
    if not others:
        return Words("", "")
    if all(u.size == led.size for u in others):
        return Words(", the lowest part that can be beaten,", "（被管住的几部分里最小的）")
    if others[0].size == led.size:
        return Words(", the lowest of the smallest parts that can be beaten,", "（被管住的几部分里张数最少、点数最小的）")
    small, big = (_SHAPE_NAMES.get(u.pairs, ("a tractor", "拖拉机")) for u in (led, others[0]))
    return Words(f", the smallest part that can be beaten ({small[0]} before {big[0]}),",
                 f"（被管住的几部分里最小的，{small[1]}小于{big[1]}）")
