"""Trumps and card order: which cards are trump, and how strong each card is.

Rules: SJ-3, SJ-4, SJ-5

The order belongs to a :class:`TrumpContext` (the level and the trump suit),
never to the card.  The SS example (level 2, spades trump):

>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> [[str(c) for c in group] for group in ctx.trump_order()][:5]
[['BJ'], ['LJ'], ['S2'], ['H2', 'C2', 'D2'], ['SA']]
>>> str(ctx.trump_order()[-1][0])
'S3'
>>> ctx.effective_suit(Card.parse("H2")), ctx.effective_suit(Card.parse("H3"))
(<EffectiveSuit.TRUMP: 'T'>, <EffectiveSuit.HEARTS: 'H'>)
>>> ctx.strength(Card.parse("H2")) == ctx.strength(Card.parse("D2"))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar
from functools import cache

from ..cards import BIG_JOKER, DECK_WITH_JOKERS, LITTLE_JOKER, PLAIN_RANKS, Card, Rank, Suit, parse_cards
from ..errors import InvalidPositionError, NotationError
from ..explain import Reason, Words
from ..words import SUIT_WORDS
from ..rule_ids import RuleId


class EffectiveSuit(str, Enum):
    """The suit a card counts as when following: its own suit, or TRUMP (SJ-4)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMP = "T"

    @property
    def en(self) -> str:
        return _SUIT_NAMES[self][0]

    @property
    def zh(self) -> str:
        return _SUIT_NAMES[self][1]

    @property
    def one(self) -> str:
        """One card of the suit, in English: "spade", "trump"."""
        return _SUIT_NAMES[self][0].removesuffix("s")


_SUIT_NAMES = {**{EffectiveSuit(suit.value): words for suit, words in SUIT_WORDS.items()},
               EffectiveSuit.TRUMP: ("trumps", "主牌")}
_T = TypeVar("_T")
#: Display order of effective suits: trumps first, then S H C D as in ``Card.sort_key``.
_SUIT_RANKING = {EffectiveSuit.TRUMP: 0, EffectiveSuit.SPADES: 1, EffectiveSuit.HEARTS: 2,
                 EffectiveSuit.CLUBS: 3, EffectiveSuit.DIAMONDS: 4}


@dataclass(frozen=True, slots=True)
class TrumpContext:
    """The level being played and the trump suit (``None``: no trump suit, 无主).

    :meth:`strength` is dense: inside one effective suit the strengths are
    consecutive integers, so two cards are neighbours in the SJ-5 order exactly
    when their strengths differ by one.

    Rules: SJ-3, SJ-4, SJ-5
    """

    level: Rank
    trump: Suit | None
    _suits: dict[Card, EffectiveSuit] = field(init=False, repr=False, compare=False, hash=False)
    _strengths: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)
    _by_id: dict[int, tuple[EffectiveSuit, int]] = field(init=False, repr=False, compare=False, hash=False)

    def __init__(self, level: Rank | str | int, trump: Suit | str | None) -> None:
        """``TrumpContext("2", "S")``: the level (:func:`as_level`) and the trump suit (:func:`as_trump`)."""
        object.__setattr__(self, "level", as_level(level))
        object.__setattr__(self, "trump", as_trump(trump))
        suits, strengths = _order_tables(self.level, self.trump)
        object.__setattr__(self, "_suits", suits)
        object.__setattr__(self, "_strengths", strengths)
        object.__setattr__(self, "_by_id", {id(c): (suits[c], strengths[c]) for c in DECK_WITH_JOKERS})

    def __repr__(self) -> str:
        """The call that builds this context again, in the notation: ``TrumpContext('2', 'S')``."""
        return f"TrumpContext({str(self.level)!r}, {'none' if self.trump is None else self.trump.value!r})"

    def is_trump(self, card: Card) -> bool:
        """Jokers, every level card and every card of the trump suit (SJ-4)."""
        return self.effective_suit(card) is EffectiveSuit.TRUMP

    def effective_suit(self, card: Card) -> EffectiveSuit:
        """The suit ``card`` follows as: TRUMP for trumps, else its own suit (SJ-4)."""
        entry = self._by_id.get(id(card))
        return entry[0] if entry is not None else self._lookup(self._suits, card)

    def strength(self, card: Card) -> int:
        """Order key inside the card's effective suit (SJ-5); off-suit level cards are equal."""
        entry = self._by_id.get(id(card))
        return entry[1] if entry is not None else self._lookup(self._strengths, card)

    @staticmethod
    def _lookup(table: dict[Card, _T], card: Card) -> _T:
        """A card that is not the notation's shared object: found by equality (slower)."""
        try:
            return table[card]
        except (KeyError, TypeError):
            raise NotationError(f"not a card: {card!r}") from None

    def order_key(self, card: Card) -> tuple[int, int, tuple[int, int]]:
        """Sort key for showing a hand: trumps first, each suit from high to low."""
        entry = self._by_id.get(id(card))  # the shared card objects: no hashing
        if entry is None:
            entry = (self._lookup(self._suits, card), self._strengths[card])
        return (_SUIT_RANKING[entry[0]], -entry[1], card.sort_key)

    def trump_order(self) -> list[list[Card]]:
        """Every distinct trump card, high to low, in groups of equal strength (SJ-5)."""
        trumps = [c for c in DECK_WITH_JOKERS if self._suits[c] is EffectiveSuit.TRUMP]
        return group_by_strength(self, trumps)


def as_level(level: Rank | str | int) -> Rank:
    """A level from a Rank or its notation (``"2"``, ``"10"``, ``"A"``, or the number 2-14) (SJ-3).

    >>> as_level("q"), as_level(10)
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>)
    """
    if isinstance(level, Rank) and not level.is_joker:
        return level
    if isinstance(level, str):
        try:
            return Rank.parse(level)
        except NotationError:
            raise NotationError(f"bad level {level!r}: expected a plain rank 2-10, J, Q, K or A") from None
    if isinstance(level, int) and not isinstance(level, bool) and Rank.TWO <= level <= Rank.ACE:
        return Rank(level)
    raise InvalidPositionError(f"bad level {level!r}: expected a plain rank 2 … A such as '2', '10' or 'A'")


#: Spellings of "no trump suit" (无主).
_NO_TRUMP = frozenset({"", "NONE", "NT", "无主", "-"})


def as_trump(trump: Suit | str | None) -> Suit | None:
    """A trump suit from a Suit, its letter or symbol (``"S"``, ``"♠"``), or ``None`` / ``"none"``
    (无主: no trump suit, SJ-4).

    >>> as_trump("♥"), as_trump("none")
    (<Suit.HEARTS: 'H'>, None)
    """
    if trump is None or isinstance(trump, Suit):
        return trump
    if isinstance(trump, str):
        if trump.strip().upper() in _NO_TRUMP:
            return None
        try:
            return Suit.parse(trump)
        except NotationError:
            raise NotationError(f"bad trump suit {trump!r}: expected S, H, D, C, ♠ ♥ ♦ ♣ or 'none'") from None
    raise InvalidPositionError(f"bad trump suit {trump!r}: expected a Suit, a suit letter such as 'S', or None")


#: The 54 distinct cards as the notation's shared objects (``parse_cards`` returns these).
_CANONICAL: dict[Card, Card] = {c: c for c in DECK_WITH_JOKERS}
_CANONICAL_IDS = frozenset(id(c) for c in DECK_WITH_JOKERS)


def explain_trumps(ctx: TrumpContext, cards: list[Card] | str, name_plain: bool = True) -> Reason:
    """SJ-4: which of ``cards`` are trumps (jokers, level cards, the trump suit), in both languages; the
    plain cards named too unless ``name_plain`` is false (where a sentence beside it names them already).

    >>> explain_trumps(TrumpContext(Rank.FIVE, Suit.HEARTS), [Card(Suit.SPADES, Rank.FIVE), Card(Suit.CLUBS, Rank.ACE)]).en
    'Trumps are the jokers, the level cards (every 5) and every heart: ♠5 is a trump (1 of 2 cards); ♣A is a plain card.'
    >>> explain_trumps(TrumpContext(Rank.FIVE, None), parse_cards("BJ S6")).en
    'With no trump suit, the only trumps are the jokers and the level cards (every 5): the big joker is a trump (1 of 2 cards); ♠6 is a plain card.'
    >>> explain_trumps(TrumpContext(Rank.FIVE, None), [Card(Suit.SPADES, Rank.FIVE)]).zh
    '无主时主牌只有大小王和级牌（这局打5）：♠5是主牌（1张中有1张）。'
    """
    ctx, cards = _checked(ctx, cards)
    trumps = [c for c in cards if ctx.is_trump(c)]
    plain = [c for c in cards if not ctx.is_trump(c)]
    if ctx.trump is None:  # 无主: said first, not as a gloss after the level cards
        head = Reason.make(RuleId.SJ_4, "With no trump suit, the only trumps are the jokers and the level cards "
                           "(every {level})", "无主时主牌只有大小王和级牌（这局打{level}）", level=ctx.level)
    else:
        head = Reason.make(RuleId.SJ_4, "Trumps are the jokers, the level cards (every {level}) and every "
                           + EffectiveSuit(ctx.trump.value).one, "主牌是大小王、级牌（这局打{level}）和所有"
                           + _SUIT_NAMES[EffectiveSuit(ctx.trump.value)][1], level=ctx.level)
    which: Words | Reason
    rest: Words | Reason
    if len(trumps) == 1:
        the = "the " if trumps[0].is_joker else ""  # "the big joker is a trump", as a sentence names one joker
        which = Reason.make(RuleId.SJ_4, the + "{trumps} is a trump", "{trumps}是主牌", trumps=trumps)
    else:
        which = Reason.make(RuleId.SJ_4, "{trumps} are trumps", "{trumps}是主牌", trumps=trumps)
    if not plain or not trumps or not name_plain:
        rest = Words("", "")
    elif len(plain) == 1:
        rest = Reason.make(RuleId.SJ_4, "; {plain} is a plain card", "；{plain}不是主牌", plain=plain)
    else:
        rest = Reason.make(RuleId.SJ_4, "; {plain} are plain cards", "；{plain}不是主牌", plain=plain)
    if not trumps:  # "none is a trump" says the count: no "(0 of 8 cards)"
        return Reason.make(RuleId.SJ_4, "{head}: none of the {total} cards is a trump.",
                           "{head}：这{total}张里一张主牌都没有。", head=head, total=len(cards))
    return Reason.make(RuleId.SJ_4, "{head}: {which} ({count} of {total} cards){rest}.",
                       "{head}：{which}（{total}张中有{count}张）{rest}。",
                       head=head, which=which, count=len(trumps), total=len(cards), rest=rest)


def explain_order(ctx: TrumpContext, cards: list[Card] | str) -> Reason:
    """SJ-5: ``cards`` (of one effective suit) from high to low, equal cards shown as equal.

    >>> from cardlib.cards import parse_cards
    >>> print(explain_order(TrumpContext(Rank.TWO, Suit.SPADES), parse_cards("SA H2 BJ D2 S2 LJ")))
    SJ-5: In trumps, from high to low: big joker > little joker > ♠2 > ♥2 = ♦2 > ♠A.
    >>> explain_order(TrumpContext(Rank.TWO, Suit.SPADES), parse_cards("SA H2 D2")).zh
    '主牌从大到小：♥2 = ♦2 > ♠A。'
    """
    ctx, cards = _checked(ctx, cards)
    groups = group_by_strength(ctx, cards)
    suits = {ctx.effective_suit(c) for c in cards}
    if len(suits) != 1:
        raise InvalidPositionError("the order compares cards of one suit (all trumps, or one plain suit)")
    params: dict[str, Card] = {}
    steps = []
    for i, group in enumerate(groups):
        names = []
        for j, card in enumerate(group):
            params[f"c{i}_{j}"] = card
            names.append(f"{{c{i}_{j}}}")
        steps.append(" = ".join(names))
    text = " > ".join(steps)
    return Reason.make(RuleId.SJ_5, f"In {{suit}}, from high to low: {text}.", f"{{suit}}从大到小：{text}。",
                       suit=suits.pop(), **params)


def _checked(ctx: object, cards: object) -> tuple[TrumpContext, list[Card]]:
    """``ctx`` checked to be a TrumpContext, and ``cards`` as the notation's shared Card objects."""
    if not isinstance(ctx, TrumpContext):
        raise InvalidPositionError(f"expected a TrumpContext such as TrumpContext('2', 'S'), got {ctx!r}")
    return ctx, [canonical(c) for c in parse_cards(cards)]  # type: ignore[arg-type]


def canonical(card: Card) -> Card:
    """The shared object equal to ``card``, so identity can stand for equality (fast paths)."""
    return card if id(card) in _CANONICAL_IDS else _CANONICAL[card]


def card_key(card: Card) -> int:
    """A small hashable key, equal for equal cards, cheaper than hashing a Card."""
    key = id(card)
    return key if key in _CANONICAL_IDS else id(_CANONICAL[card])


def all_canonical(cards: list[Card]) -> bool:
    """Whether every item is one of the shared card objects."""
    return all(id(c) in _CANONICAL_IDS for c in cards)


def group_by_strength(ctx: TrumpContext, cards: list[Card]) -> list[list[Card]]:
    """``cards`` (all of one effective suit) from high to low, equal strengths grouped (SJ-5)."""
    groups: dict[int, list[Card]] = {}
    for card in sorted(cards, key=ctx.order_key):
        groups.setdefault(ctx.strength(card), []).append(card)
    return list(groups.values())


@cache
def _order_tables(level: Rank, trump: Suit | None) -> tuple[dict[Card, EffectiveSuit], dict[Card, int]]:
    """Effective suit and dense strength of each of the 54 distinct cards (SJ-4, SJ-5)."""
    plain_steps = {rank: step for step, rank in enumerate(r for r in PLAIN_RANKS if r is not level)}
    off_level = len(plain_steps)                       # other level cards: one shared step
    trump_level = off_level + (1 if trump is not None else 0)
    suits: dict[Card, EffectiveSuit] = {}
    strengths: dict[Card, int] = {}
    for card in DECK_WITH_JOKERS:
        if card.is_joker:
            continue
        if card.rank is level:
            suits[card] = EffectiveSuit.TRUMP
            strengths[card] = trump_level if card.suit is trump else off_level
        else:
            suits[card] = EffectiveSuit.TRUMP if card.suit is trump else EffectiveSuit(card.suit.value)  # type: ignore[union-attr]
            strengths[card] = plain_steps[card.rank]
    suits[LITTLE_JOKER] = suits[BIG_JOKER] = EffectiveSuit.TRUMP
    strengths[LITTLE_JOKER] = trump_level + 1
    strengths[BIG_JOKER] = trump_level + 2
    return suits, strengths
