"""What may be led, and the input checks every play shares.

Rules: SJ-6, SJ-8, C-3

A lead is a single, a pair or a tractor of one effective suit (SJ-6).  With the
optional ``throws`` field (C-3, off in both presets) a lead may also be a throw:
several units of one effective suit; :mod:`.throws` decides whether it stands.

>>> from cardlib.cards import Rank, Suit, parse_cards
>>> from cardlib.shengji.rules import SHENGJI
>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> print(check_lead(ctx, SHENGJI, "HA HK H5", "HA HK").reason)  # doctest: +NORMALIZE_WHITESPACE
C-3: ♥A ♥K is two singles, all hearts: leading them at once is a throw (甩牌), which this game leaves out. Lead
one of them, such as ♥A.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..cards import Card, check_copies, format_cards, sort_cards
from ..errors import InvalidPositionError
from ..explain import Param, Reason, Verdict, Words
from ..rule_ids import RuleId
from .combos import (
    SUIT_ORDER,
    THROWS_NOTE,
    CardsInput,
    as_cards,
    find_pairs,
    find_tractors,
    level_cards_note,
    longest_tractor,
    pairs_no_tractor,
    require_context,
    shape_in_suit,
    shape_of,
    split_units,
    sub_multisets,
    the_joker,
    the_play,
    units_words,
)
from .rules import Ruleset, RulesetLike
from .trump import EffectiveSuit, TrumpContext


def require_in_hand(hand: list[Card], play: list[Card], what: str = "play",
                    held: Counter[int] | None = None) -> Counter[int]:
    """The hand's card counts (by :func:`card_key`); raise if ``play`` holds a card the hand does not.

    Both lists come from :func:`as_cards` (shared objects, so ``id`` is the card key);
    ``held``: the hand's counts, if the caller has them already.
    """
    if held is None:
        held = Counter(map(id, hand))
    for key, count in Counter(map(id, play)).items():
        if held[key] < count:
            card = next(c for c in play if id(c) == key)
            has = "does not hold it" if not held[key] else f"holds only {held[key]}"
            raise InvalidPositionError(f"the {what} {format_cards(play)} is not in the hand: it plays "
                                       f"{card} {count} time{'s' if count > 1 else ''} and the hand {has}")
    return held


def require_copies(cards: list[Card], what: str = "hand") -> Counter[int]:
    """The counts of cards from :func:`as_cards` (by :func:`card_key`, here their ``id``);
    raise if any card is there more than twice (SJ-1)."""
    counts = Counter(map(id, cards))
    if counts and max(counts.values()) > 2:
        check_copies(cards, 2, what=what)
    return counts


def explain_lead(ctx: TrumpContext, rules: Ruleset, lead: list[Card]) -> Verdict:
    """Whether ``lead`` (valid Cards) has a shape that may be led, and why (SJ-6, C-3).

    A lead that may not be led is told what it is and what could be led instead.
    """
    shape = shape_of(ctx, rules, lead)
    cards = sorted(lead, key=ctx.order_key)
    said: dict[str, Param | list[Card]] = {"cards": the_joker(cards), "the": the_play(cards),
                                           "levels": level_cards_note(ctx, cards, so_trump=True)}
    if shape.kind == "throw":
        suit = ctx.effective_suit(lead[0])
        return Verdict(True, Reason.make(
            RuleId.C_3, "{the}{cards} is a throw (甩牌) of {suit}{levels}: several units led at once, which this game "
            "allows.", "{cards}是{suit}甩牌{levels}：一次出几个牌型，本局允许甩牌。",
            suit=suit, **said).with_notes(THROWS_NOTE))
    if shape.kind != "none":
        return Verdict(True, Reason.make(RuleId.SJ_6, "{the}{cards} is {shape}{levels}, and a single, a pair or a tractor "
                                         "of one suit may always be led.",
                                         "{cards}是{shape}{levels}；同一门的单张、对子、拖拉机总可以首出。",
                                         shape=shape_in_suit(shape, ctx.effective_suit(lead[0])), **said))
    suits = _ordered({ctx.effective_suit(c) for c in lead})
    if len(suits) == 1:
        units = split_units(ctx, rules, lead)
        if len(units) > 1 and all(u.pairs == 1 and len(u.cards) == 2 for u in units):  # pairs with a gap (SG-4 / SS-4)
            return Verdict(False, Reason.make(
                RuleId.C_3, "{the}{cards} is {apart}. Leading them at once is a throw (甩牌), which this game leaves "
                "out. Lead one pair, such as {unit}.",
                "{cards}是{apart}。一起出就是甩牌，本局不允许甩牌。只能出其中一对，例如{unit}。",
                apart=pairs_no_tractor(ctx, rules, [u.cards[0] for u in units], suits[0]),
                unit=the_joker(list(units[0].cards)), **said).with_notes(THROWS_NOTE))
        return Verdict(False, Reason.make(
            RuleId.C_3, "{the}{cards} is {units}, all {suit}{levels}: leading them at once is a throw (甩牌), which this "
            "game leaves out. Lead one of them, such as {unit}.",
            "{cards}是{units}，都是{suit}{levels}：一起出就是甩牌，本局不允许甩牌。只能出其中一个牌型，例如{unit}。",
            units=units_words([u.pairs for u in units]), suit=suits[0],
            unit=the_joker(list(units[0].cards)), **said).with_notes(THROWS_NOTE))
    mixes = Words(" and ".join(s.en for s in suits), "和".join(s.zh for s in suits))
    first = [c for c in cards if ctx.effective_suit(c) is suits[0]]
    if rules.throws:  # a lead of several units is allowed, but never of two suits (C-3)
        return Verdict(False, Reason.make(
            RuleId.C_3, "{the}{cards} mixes {suits}{levels}: even a throw (甩牌) must be all one suit (trumps count as "
            "one suit). You may lead {example} alone.",
            "{cards}混了{suits}{levels}：甩牌也必须是同一门（主牌算一门）。可以只出{example}。",
            suits=mixes, example=the_joker(first), **said))
    return Verdict(False, Reason.make(
        RuleId.SJ_6, "{the}{cards} mixes {suits}{levels}: a lead is a single, a pair or a tractor of one suit (trumps "
        "count as one suit). You may lead {example} alone.",
        "{cards}混了{suits}{levels}：首出须是同一门的单张、对子或拖拉机（主牌算一门）。可以只出{example}。",
        suits=mixes, example=the_joker(list(split_units(ctx, rules, first)[0].cards)), **said))


def _ordered(suits: set[EffectiveSuit]) -> list[EffectiveSuit]:
    """Suits in display order: trumps first, then spades, hearts, clubs, diamonds."""
    return [s for s in SUIT_ORDER if s in suits]


def read_lead(ctx: TrumpContext, rules: Ruleset, lead: CardsInput) -> list[Card]:
    """The lead as Cards; raise :class:`InvalidPositionError` unless it may be led (SJ-6, C-3)."""
    cards = as_cards(lead, "lead")
    if not cards:
        raise InvalidPositionError("the lead is empty: a lead has at least one card")
    require_copies(cards, what="lead")
    if shape_of(ctx, rules, cards).kind == "none":
        raise InvalidPositionError(f"the lead is not a play that may be led: {explain_lead(ctx, rules, cards).reason}")
    return cards


def check_lead(ctx: TrumpContext, rules: RulesetLike, hand: CardsInput, play: CardsInput) -> Verdict:
    """May ``hand`` lead ``play``?  A verdict with the deciding rule (SJ-6, C-3).

    Raises :class:`InvalidPositionError` if the play is empty or not in the hand.
    """
    ctx, rules = require_context(ctx, rules)
    cards, led = as_cards(hand, "hand"), as_cards(play, "play")
    held = require_copies(cards)
    if not led:
        raise InvalidPositionError("the play is empty: a lead has at least one card")
    require_in_hand(cards, led, held=held)
    return explain_lead(ctx, rules, led)


def legal_leads(ctx: TrumpContext, rules: RulesetLike, hand: CardsInput) -> Iterator[list[Card]]:
    """Every distinct play ``hand`` may lead, lazily: singles, pairs, tractors (SJ-6), throws (C-3).

    Each play's cards are in canonical order (``Card.sort_key``).
    """
    ctx, rules = require_context(ctx, rules)
    cards = as_cards(hand, "hand")
    require_copies(cards)
    return _leads(ctx, rules, cards)


def _leads(ctx: TrumpContext, rules: Ruleset, cards: list[Card]) -> Iterator[list[Card]]:
    for card in sort_cards(set(cards)):
        yield [card]
    for card in sort_cards(find_pairs(ctx, cards)):
        yield [card, card]
    for pairs in range(2, longest_tractor(ctx, rules, cards) + 1):
        for tractor in find_tractors(ctx, rules, cards, pairs):
            yield sort_cards(c for c in tractor for _ in range(2))
    if not rules.throws:
        return
    by_suit: dict[EffectiveSuit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(ctx.effective_suit(card), []).append(card)
    for suit_cards in by_suit.values():
        items = sorted(Counter(suit_cards).items(), key=lambda item: item[0].sort_key)
        for size in range(2, len(suit_cards) + 1):
            for play in sub_multisets(items, size):
                if shape_of(ctx, rules, play).kind == "throw":
                    yield play
