"""Shapes of a set of cards: single, pair, tractor (and, with throws on, a throw).

Also the two input checks every play function starts with: :func:`as_cards`
(card lists as the notation's shared objects) and :func:`require_context`.

Rules: SJ-6, SG-4 / SS-4, C-3

A pair is two identical cards.  A tractor is two or more pairs of one effective
suit whose ranks are adjacent; *adjacent* is the ruleset field
``tractor_adjacency``:

``trump_order`` (SG-4)
    neighbours in the SJ-5 order of that effective suit.  The level rank drops
    out (level 5: ``44 66`` is a tractor), the trump-suit level pair sits
    between the small joker and the off-suit level pairs, and the off-suit
    level pairs share one step, so two of them (``H5H5 D5D5``) are never
    adjacent to each other.  In no-trump, ``LJ LJ S2 S2`` at level 2 is a tractor.

``natural_rank`` (SS-4)
    neighbours by printed rank inside one real suit (both jokers count as one
    suit, ``LJ`` below ``BJ``).  The level rank keeps its natural place, so at
    level 5 with spades trump ``S5S5 S6S6`` and ``S4S4 S5S5`` are tractors but
    ``S4S4 S6S6`` is not (the ``S5`` sits between them), nor ``H4H4 H6H6`` in a
    plain suit.  The trump-suit level pair joins only its own suit's natural
    neighbours, not the jokers; an off-suit level pair is a trump whose natural
    neighbours are plain cards, so it joins no tractor.

>>> from cardlib.cards import Rank, Suit, parse_cards
>>> from cardlib.shengji.rules import SHENGJI, SHUANGSHENG
>>> from cardlib.shengji.trump import TrumpContext
>>> five = TrumpContext(Rank.FIVE, Suit.SPADES)
>>> classify(five, SHENGJI, parse_cards("H4 H4 H6 H6"))
Shape(kind='tractor', pairs=2)
>>> classify(five, SHUANGSHENG, parse_cards("S5 S5 S6 S6"))
Shape(kind='tractor', pairs=2)
>>> classify(TrumpContext(Rank.TWO, None), SHENGJI, parse_cards("LJ LJ S2 S2")).kind
'tractor'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Hashable, Iterable, Iterator

from ..cards import Card, check_copies, parse_cards
from ..errors import InvalidPositionError, NotationError, RulesetError
from ..rule_ids import RuleId
from .rules import Ruleset, RulesetLike, as_ruleset
from .trump import TrumpContext, all_canonical, canonical, card_key

CardsInput = Iterable[Card] | str


def as_cards(cards: CardsInput, what: str) -> list[Card]:
    """``cards`` as a list of the shared Card objects (from Cards, card strings, or one string)."""
    if isinstance(cards, (list, tuple)) and all_canonical(cards):  # type: ignore[arg-type]
        return list(cards)
    if not isinstance(cards, (str, list, tuple)):
        raise NotationError(f"the {what} must be a list of cards, not {type(cards).__name__}")
    try:
        return [canonical(c) for c in parse_cards(cards)]
    except NotationError as error:
        raise NotationError(f"the {what}: {error}") from None


def require_context(ctx: object, rules: object) -> tuple[TrumpContext, Ruleset]:
    """``ctx`` and ``rules`` checked: a :class:`TrumpContext`, and a :class:`Ruleset` or a preset's
    name (``"shengji"``, :func:`~.rules.as_ruleset`); raise a :class:`~cardlib.errors.CardlibError` otherwise."""
    if not isinstance(ctx, TrumpContext):
        raise InvalidPositionError(f"expected a TrumpContext (level and trump) such as TrumpContext('2', 'S'), "
                                   f"got {ctx!r}")
    if type(rules) is Ruleset:
        return ctx, rules
    if not isinstance(rules, (Ruleset, str)):
        raise RulesetError(f"expected a Ruleset or a preset's name such as 'shengji', got {rules!r}")
    return ctx, as_ruleset(rules)


@dataclass(frozen=True, slots=True)
class Shape:
    """A play's shape: ``kind`` and its number of ``pairs`` (0 single, 1 pair, n tractor).

    Rules: SJ-6, C-3
    """

    kind: str
    pairs: int

    def to_answer(self) -> str | dict[str, object]:
        """The ``shape`` answer of cases.md: a name, or ``{"shape": "tractor", "pairs": n}``."""
        if self.kind == "tractor":
            return {"shape": "tractor", "pairs": self.pairs}
        return self.kind

    @property
    def en(self) -> str:
        if self.kind == "tractor":
            return f"a tractor of {self.pairs} pairs"
        return {"single": "a single", "pair": "a pair", "throw": "a throw", "none": "no shape"}[self.kind]

    @property
    def zh(self) -> str:
        if self.kind == "tractor":
            return f"{self.pairs}连对的拖拉机"
        return {"single": "单张", "pair": "对子", "throw": "甩牌", "none": "不成牌型"}[self.kind]


SINGLE = Shape("single", 0)
PAIR = Shape("pair", 1)
NO_SHAPE = Shape("none", 0)


def tractor_rule(rules: Ruleset) -> RuleId:
    """The register id of the ruleset's ``tractor_adjacency`` choice (SG-4 or SS-4)."""
    return RuleId.SS_4 if rules.tractor_adjacency == "natural_rank" else RuleId.SG_4


def chain_key(ctx: TrumpContext, rules: Ruleset, card: Card) -> tuple[Hashable, int]:
    """``(chain, step)``: pairs are adjacent when on one chain with steps one apart (SJ-6, SG-4/SS-4)."""
    suit = ctx.effective_suit(card)
    if rules.tractor_adjacency == "natural_rank":
        return (suit, card.suit), int(card.rank)
    return suit, ctx.strength(card)


def find_pairs(ctx: TrumpContext, cards: CardsInput) -> list[Card]:
    """Each card held at least twice, once, from high to low (SJ-6)."""
    if not isinstance(ctx, TrumpContext):
        raise InvalidPositionError(f"expected a TrumpContext (level and trump), got {type(ctx).__name__}")
    held = as_cards(cards, "cards")
    counts = Counter(map(card_key, held))
    pairs = {card_key(c): c for c in held if counts[card_key(c)] >= 2}
    return sorted(pairs.values(), key=ctx.order_key)


def pair_runs(ctx: TrumpContext, rules: Ruleset, pair_cards: Iterable[Card]) -> list[list[list[Card]]]:
    """Maximal runs of adjacent steps: each run high to low, each step the pair cards on it (SJ-6)."""
    steps: dict[Hashable, dict[int, list[Card]]] = {}
    for card in pair_cards:
        chain, step = chain_key(ctx, rules, card)
        steps.setdefault(chain, {}).setdefault(step, []).append(card)
    runs: list[list[list[Card]]] = []
    for by_step in steps.values():
        run: list[list[Card]] = []
        previous = None
        for step in sorted(by_step, reverse=True):
            if previous is not None and step != previous - 1:
                runs.append(run)
                run = []
            run.append(sorted(by_step[step], key=lambda c: c.sort_key))
            previous = step
        runs.append(run)
    return runs


def longest_tractor(ctx: TrumpContext, rules: Ruleset, cards: Iterable[Card]) -> int:
    """The most pairs in one tractor among ``cards`` (1 if only pairs, 0 if no pair) (SJ-6)."""
    return max((len(run) for run in pair_runs(ctx, rules, find_pairs(ctx, cards))), default=0)


def tractor_lengths(ctx: TrumpContext, rules: Ruleset, pair_cards: Iterable[Card]) -> tuple[int, ...]:
    """The pairs of each unit when pairs split into tractors longest first, as :func:`split_units` does.

    ``pair_cards`` holds each pair once.  A maximal run of adjacent steps gives
    one tractor as long as the run (a pair when the run is one step), plus a
    pair for each further pair on a step: only the off-suit level step holds
    more than one pair (SJ-5), its other pairs' neighbours are then used up.
    Longest first; ``(2, 1)`` is a 2-pair tractor and a pair.

    >>> from cardlib.cards import Rank, Suit, parse_cards
    >>> from cardlib.shengji.rules import SHENGJI
    >>> tractor_lengths(TrumpContext(Rank.TWO, Suit.SPADES), SHENGJI, parse_cards("S2 H2 D2 SA S9"))
    (3, 1, 1)

    Rules: SJ-6, SG-4 / SS-4
    """
    runs = pair_runs(ctx, rules, pair_cards)
    lengths = [len(run) for run in runs] + [1 for run in runs for step in run for _ in step[1:]]
    return tuple(sorted(lengths, reverse=True))


def find_tractors(ctx: TrumpContext, rules: RulesetLike, cards: CardsInput, pairs: int) -> list[tuple[Card, ...]]:
    """Every distinct tractor of exactly ``pairs`` pairs among ``cards``.

    Each tractor is the tuple of its pair cards (one card per pair), high to low.
    Rules: SJ-6, SG-4 / SS-4
    """
    ctx, rules = require_context(ctx, rules)
    if type(pairs) is not int or pairs < 2:
        raise InvalidPositionError(f"a tractor has at least 2 pairs, not {pairs!r}")
    cards = as_cards(cards, "cards")
    found: list[tuple[Card, ...]] = []
    for run in pair_runs(ctx, rules, find_pairs(ctx, cards)):
        for top in range(len(run) - pairs + 1):
            found.extend(product(*run[top:top + pairs]))
    return found


def is_chain(ctx: TrumpContext, rules: Ruleset, pair_cards: list[Card]) -> bool:
    """Whether distinct pair cards stand on one chain at consecutive steps (SJ-6)."""
    keys = [chain_key(ctx, rules, c) for c in pair_cards]
    if len({chain for chain, _ in keys}) != 1:
        return False
    steps = sorted(step for _, step in keys)
    return all(b == a + 1 for a, b in zip(steps, steps[1:]))


def shape_of(ctx: TrumpContext, rules: Ruleset, cards: list[Card]) -> Shape:
    """:func:`classify` without validating: ``cards`` are known Cards of a possible hand."""
    if len(cards) == 1:
        return SINGLE
    suit = ctx.effective_suit(cards[0])
    if any(ctx.effective_suit(c) is not suit for c in cards):
        return NO_SHAPE
    counts = Counter(map(card_key, cards))
    pairs = [c for c in {card_key(c): c for c in cards}.values() if counts[card_key(c)] == 2]
    if len(pairs) * 2 == len(cards):
        if len(pairs) == 1:
            return PAIR
        if is_chain(ctx, rules, pairs):
            return Shape("tractor", len(pairs))
    if rules.throws:
        return Shape("throw", len(pairs))
    return NO_SHAPE


def classify(ctx: TrumpContext, rules: RulesetLike, cards: Iterable[Card] | str) -> Shape:
    """The shape of a set of cards (SJ-6, SG-4 / SS-4; a throw only with ``rules.throws``, C-3).

    Cards of more than one effective suit have no shape (``"none"``).
    """
    ctx, rules = require_context(ctx, rules)
    played = as_cards(cards, "cards")
    if not played:
        raise InvalidPositionError("no cards to classify: a shape needs at least one card")
    check_copies(played, 2, what="set of cards")
    return shape_of(ctx, rules, played)


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a play: a single, a pair or a tractor; ``top`` is its highest card."""

    cards: tuple[Card, ...]
    pairs: int
    top: Card

    @property
    def size(self) -> int:
        return len(self.cards)


def split_units(ctx: TrumpContext, rules: Ruleset, cards: Iterable[Card]) -> list[Unit]:
    """Cards of one effective suit split into units: longest tractors first, then pairs, singles.

    Greedy and canonical: the longest tractor (highest first) is taken out
    until none is left, then the pairs, then the singles.  Units come out
    largest first, each kind from high to low.  Rules: SJ-6, C-3
    """
    left = Counter(cards)
    units: list[Unit] = []
    while True:
        runs = pair_runs(ctx, rules, [c for c, n in left.items() if n >= 2])
        best = max(runs, key=len, default=[])
        if len(best) < 2:
            break
        chosen = [step[0] for step in best]
        units.append(Unit(tuple(c for c in chosen for _ in range(2)), len(chosen), chosen[0]))
        left.subtract({c: 2 for c in chosen})
    for card in sorted((c for c, n in left.items() if n >= 2), key=ctx.order_key):
        units.append(Unit((card, card), 1, card))
        left[card] -= 2
    for card in sorted((c for c, n in left.items() if n == 1), key=ctx.order_key):
        units.append(Unit((card,), 0, card))
    return units



def sub_multisets(items: list[tuple[Card, int]], size: int, min_doubles: int = 0) -> Iterator[list[Card]]:
    """Every distinct choice of ``size`` cards from ``(card, copies)`` items, in the items' order.

    ``min_doubles``: only choices holding at least that many cards twice (pairs).
    Lazy: nothing is built before it is asked for.
    """
    room = [0] * (len(items) + 1)
    doubles = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        room[i] = room[i + 1] + items[i][1]
        doubles[i] = doubles[i + 1] + (items[i][1] >= 2)

    def choose(i: int, need: int, pairs_needed: int, chosen: list[Card]) -> Iterator[list[Card]]:
        if need == 0:
            if pairs_needed <= 0:
                yield list(chosen)
            return
        if room[i] < need or doubles[i] < pairs_needed or need < 2 * pairs_needed:
            return
        card, copies = items[i]
        for take in range(min(copies, need), -1, -1):
            chosen.extend([card] * take)
            yield from choose(i + 1, need - take, pairs_needed - (take == 2), chosen)
            del chosen[len(chosen) - take:]

    yield from choose(0, size, min_doubles, [])


def count_sub_multisets(copies: Iterable[int], size: int, min_doubles: int = 0) -> int:
    """How many choices :func:`sub_multisets` yields, by a polynomial count (no enumeration)."""
    # ways[k][d]: choices of k cards holding min(d, min_doubles) pairs so far
    top = max(min_doubles, 0)
    ways = [[0] * (top + 1) for _ in range(size + 1)]
    ways[0][0] = 1
    for n in copies:
        new = [row[:] for row in ways]  # taking 0 copies
        for k in range(size + 1):
            for d in range(top + 1):
                w = ways[k][d]
                if not w:
                    continue
                for take in range(1, min(n, size - k) + 1):
                    nd = min(top, d + (take == 2))
                    new[k + take][nd] += w
        ways = new
    return ways[size][top]
