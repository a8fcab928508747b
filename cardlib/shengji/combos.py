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
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any, Literal, TypeAlias
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ..cards import DECK_WITH_JOKERS, Card, Rank, check_copies, parse_cards
from ..errors import InvalidPositionError, NotationError, RulesetError
from ..explain import Param, Reason, Words
from ..rule_ids import RuleId
from .rules import Ruleset, RulesetLike, TractorAdjacency, as_ruleset
from .trump import EffectiveSuit, TrumpContext, all_canonical, canonical, card_key

CardsInput = Iterable[Card | str] | str  # Cards, card tokens, or one string in the notation
#: Plays or hands, one per player, in a list or tuple: never one string (a type checker reports ``"HK HA"``).
#: A list is invariant, so the lists callers build are named one by one; a tuple takes any of them.
Plays: TypeAlias = (tuple[CardsInput, ...] | list[str] | list[list[str]] | list[list[Card]] | list[tuple[Card, ...]]
                    | list[Sequence[Card]] | list[Iterable[Card]] | list[CardsInput])


class LazyReason(Reason):
    """A :class:`~cardlib.explain.Reason` worked out when first read.

    The play functions answer with one (``check_follow``'s verdict, ``find_trick_winner``'s result),
    so a caller that asks only *whether* a play follows or *who* wins (a bot, a simulation, a hand
    that records its events) pays nothing for the sentence; reading any part of it (``rule``,
    ``en``, ``parts``, ``to_dict``, ...) builds it once.  It equals the plain reason it stands for.

    >>> from cardlib.rule_ids import RuleId
    >>> lazy = LazyReason(lambda: Reason(RuleId.SJ_9, "It follows.", "可以。"))
    >>> str(lazy), lazy == Reason(RuleId.SJ_9, "It follows.", "可以。")
    ('SJ-9: It follows.', True)
    """

    __slots__ = ("_made", "_make")
    _make: Callable[[], Reason] | None
    _made: Reason | None

    def __init__(self, make: Callable[[], Reason]) -> None:  # the fields are the made reason's
        object.__setattr__(self, "_make", make)
        object.__setattr__(self, "_made", None)

    def made(self) -> Reason:
        """The reason itself (built on the first call)."""
        made = self._made
        if made is None:
            assert self._make is not None
            made = self._make()
            object.__setattr__(self, "_made", made)
            object.__setattr__(self, "_make", None)  # let go of the position it was made from
        return made

    @property
    def rule(self) -> RuleId:
        return self.made().rule

    @property
    def template_en(self) -> str:
        return self.made().template_en

    @property
    def template_zh(self) -> str:
        return self.made().template_zh

    @property
    def params(self) -> tuple[tuple[str, Param], ...]:
        return self.made().params

    @property
    def notes(self) -> tuple[Reason, ...]:
        return self.made().notes

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyReason):
            other = other.made()
        return self.made() == other

    def __hash__(self) -> int:
        return hash(self.made())

    def __repr__(self) -> str:
        return repr(self.made())

    def __reduce__(self) -> tuple[type[Reason], tuple[RuleId, str, str, tuple[tuple[str, Param], ...],
                                                      tuple[Reason, ...]]]:
        made = self.made()
        return Reason, (made.rule, made.template_en, made.template_zh, made.params, made.notes)


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


#: A play's shape (the ``shape`` question's answer, as cases and JSON write it).
ShapeKind: TypeAlias = Literal["single", "pair", "tractor", "throw", "none"]


@dataclass(frozen=True, slots=True)
class Shape:
    """A play's shape: ``kind`` and its number of ``pairs`` (0 single, 1 pair, n tractor).

    Rules: SJ-6, C-3
    """

    kind: ShapeKind
    pairs: int

    def to_answer(self) -> str | dict[str, object]:
        """The answer of the ``shape`` question: a name, or ``{"shape": "tractor", "pairs": n}``."""
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
            return f"{count_zh(self.pairs)}连对"
        return {"single": "单张", "pair": "对子", "throw": "甩牌", "none": "不成牌型"}[self.kind]


_EN_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ZH_NUMBERS = "零一两三四五六七八九十"


def count_en(n: int) -> str:
    """A small count in words (``two``); larger ones as digits."""
    return _EN_NUMBERS[n] if 0 <= n < len(_EN_NUMBERS) else str(n)


def count_zh(n: int) -> str:
    """A small count as a Chinese numeral before a measure word (两对, 三张); larger ones as digits."""
    return _ZH_NUMBERS[n] if 0 <= n < len(_ZH_NUMBERS) else str(n)


SINGLE = Shape("single", 0)
PAIR = Shape("pair", 1)
NO_SHAPE = Shape("none", 0)


def tractor_rule(rules: Ruleset) -> RuleId:
    """The register id of the ruleset's ``tractor_adjacency`` choice (SG-4 or SS-4)."""
    return RuleId.SS_4 if rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK else RuleId.SG_4


def chain_key(ctx: TrumpContext, rules: Ruleset, card: Card) -> tuple[Hashable, int]:
    """``(chain, step)``: pairs are adjacent when on one chain with steps one apart (SJ-6, SG-4/SS-4)."""
    suit = ctx.effective_suit(card)
    if rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK:
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


#: SG-E3: the 四人升级 guide's example of a tractor, "77JJ", is two pairs that are not adjacent.
SG_E3_NOTE = Reason(RuleId.SG_E3, "The 四人升级 guide's own example of a tractor, “77JJ”, has the same flaw: 7 and J are "
                    "not adjacent, so it is no tractor (77 88 would be one).",
                    "《四人升级》自己举的拖拉机例子“77JJ”也有同样的问题：7和J不相连，不是拖拉机（77 88才是）。")


def explain_shape(ctx: TrumpContext, rules: RulesetLike, cards: Iterable[Card] | str) -> Reason:
    """Why ``cards`` have the shape :func:`classify` gives, in the players' words (SJ-6, SG-4 / SS-4, SG-E3).

    Two pairs that make no tractor are told why: which cards sit between them,
    or that they are of different suits, or equal (two off-suit level pairs).

    >>> from cardlib.cards import Rank, Suit
    >>> from cardlib.shengji.rules import SHENGJI, SHUANGSHENG
    >>> from cardlib.shengji.trump import TrumpContext
    >>> five = TrumpContext(Rank.FIVE, Suit.SPADES)
    >>> print(explain_shape(five, SHUANGSHENG, "S4 S4 S6 S6"))  # doctest: +NORMALIZE_WHITESPACE
    SS-4: ♠6 ♠6 ♠4 ♠4 is two pairs of trumps but no tractor: ♠5 sits between ♠6 ♠6 and ♠4 ♠4 (counting by
    printed rank, the level card keeps its place).
    >>> print(explain_shape(five, SHENGJI, "S4 S4 S6 S6"))  # doctest: +NORMALIZE_WHITESPACE
    SG-4: ♠6 ♠6 ♠4 ♠4 is a tractor of 2 pairs: its pairs are next to each other in the order of trumps (the
    level cards leave their rank's place, so ♠6 and ♠4 are neighbours).
    >>> explain_shape(five, SHENGJI, "H5 H5 H6 H6").zh
    '♥5 ♥5 ♥6 ♥6混了主牌和红桃：♥5是级牌，属于主牌，不算红桃；单张、对子和拖拉机都须是同一门的牌（主牌算一门）。'
    """
    ctx, rules = require_context(ctx, rules)
    played = as_cards(cards, "cards")
    if not played:
        raise InvalidPositionError("no cards to classify: a shape needs at least one card")
    check_copies(played, 2, what="set of cards")
    played = sorted(played, key=ctx.order_key)
    the, named = the_play(played), the_joker(played)
    shape = shape_of(ctx, rules, played)
    if shape.kind == "single":
        return Reason.make(RuleId.SJ_6, "{the}{cards} is a single.", "{cards}是单张。", cards=named, the=the)
    if shape.kind == "pair":
        return Reason.make(RuleId.SJ_6, "{the}{cards} is a pair: two identical cards.", "{cards}是对子：两张相同的牌。",
                           cards=named, the=the)
    suits = [s for s in SUIT_ORDER if any(ctx.effective_suit(c) is s for c in played)]
    pairs = [c for c in dict.fromkeys(played) if played.count(c) == 2]
    if shape.kind == "tractor":
        count = _COUNT_WORDS.get(len(pairs), Words(str(len(pairs)), str(len(pairs))))
        return Reason.make(tractor_rule(rules), "{the}{cards} is {shape}: its pairs are next to each other {how}.",
                           "{cards}是{shape}：{count}个对子{how}相连。", cards=named, the=the, shape=shape,
                           count=count, how=_adjacency_words(ctx, rules, suits[0], pairs))
    if len(suits) > 1:
        return Reason.make(RuleId.SJ_6, "{the}{cards} mixes {suits}{why}; a single, a pair and a tractor are each of one "
                           "suit (trumps count as one suit).",
                           "{cards}混了{suits}{why}；单张、对子和拖拉机都须是同一门的牌（主牌算一门）。",
                           cards=named, the=the, suits=_and_words(suits), why=_level_trumps_words(ctx, played, suits))
    suit = suits[0]
    units = _units_words(ctx, rules, played)
    if len(pairs) * 2 == len(played):
        natural = rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK
        why = _not_adjacent_words(ctx, natural, pairs)
        params: dict[str, Any] = dict(cards=named, the=the, n=Words(count_en(len(pairs)), count_zh(len(pairs))),
                                      suit=suit, why=why)
        if any(card.is_joker for card in pairs):  # "A pair of little jokers and ♠6 ♠6 are …", as players say it
            params.update(cards=_pairs_words(pairs), the=_NOTHING)
            main = Reason.make(tractor_rule(rules), "{cards} are {n} pairs of {suit} but no tractor: {why}.",
                               "{cards}是{n}对{suit}，但不是拖拉机：{why}。", **params)
        else:
            main = Reason.make(tractor_rule(rules), "{the}{cards} is {n} pairs of {suit} but no tractor: {why}.",
                               "{cards}是{n}对{suit}，但不是拖拉机：{why}。", **params)
        if not _adjacent_in_some_reading(ctx, pairs):  # the other reading (SG-4 / SS-4) does not join them either
            other_why = _not_adjacent_words(ctx, not natural, pairs)
            if other_why.render("en") != why.render("en"):  # a note only where the other guide's reason differs
                main = main.with_notes(_other_reading_note(rules, other_why))
            if len(pairs) == 2:  # two pairs apart, like the 四人升级 guide's "77JJ" (SG-E3): its note, only here
                return main.with_notes(SG_E3_NOTE)
        return main
    if shape.kind == "throw":
        return Reason.make(RuleId.SJ_6, "{the}{cards} is {units}, all {suit}: several units at once, a throw (甩牌).",
                           "{cards}是{units}，都是{suit}：一次出几个牌型，即甩牌。",
                           cards=named, the=the, units=units, suit=suit).with_notes(THROWS_NOTE)
    return Reason.make(RuleId.SJ_6, "{the}{cards} is {units}, all {suit}, not a single, a pair or a tractor: no shape.",
                       "{cards}是{units}，都是{suit}，不是单张、对子或拖拉机，不成牌型。",
                       cards=named, the=the, units=units, suit=suit)


def _other_reading_note(rules: Ruleset, other_why: Reason) -> Reason:
    """The other guide's reading of pairs that neither joins (SG-4 / SS-4): the same answer, for its own reason
    ("Under the 双升 guide, which joins pairs by printed rank, the answer is the same: ...")."""
    return _other_guide_words(rules, "the answer is the same: {other}.", "结论也一样：{other}。", other=other_why)


def other_guide_differs_note(rules: Ruleset, other_answer: Words) -> Reason:
    """Where the other guide's reading of pairs (SG-4 / SS-4) gives another answer than ``rules``, what it gives
    ("Under the 双升 guide, which joins pairs by printed rank, the answer differs: it is neither …")."""
    return _other_guide_words(rules, "the answer differs: it is {other}.", "结论不同：这{other}。", other=other_answer)


def _other_guide_words(rules: Ruleset, en: str, zh: str, **params: Param) -> Reason:
    """A note on the other guide's reading of pairs (SG-4 / SS-4), named with how it joins them, then ``en``/``zh``."""
    if rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK:
        return Reason.make(RuleId.SG_4, "Under the 四人升级 guide, which joins pairs in card order, " + en,
                           "《四人升级》按牌的大小顺序连对，" + zh, **params)
    return Reason.make(RuleId.SS_4, "Under the 双升 guide, which joins pairs by printed rank, " + en,
                       "《双升》按牌面点数连对，" + zh, **params)


#: Throws (甩牌) are in neither guide (C-3): where a play would be one, this note stands behind the verdict.
THROWS_NOTE = Reason(RuleId.C_3, "Neither guide has throws (甩牌); this book offers them as a variant you can turn on.",
                     "两份指南都没有甩牌；本书把它作为可选的变体。")  # the sentence it stands behind says what a throw is


def the_joker(won: list[Card]) -> Reason | list[Card]:
    """Cards a trick was won with, as a sentence names them: a lone joker with its article, "the little
    joker" (the Chinese 小王 needs none); a pair of jokers as players say it, "a pair of little jokers",
    "一对小王"; any other play as its cards (SJ-6)."""
    if len(won) == 1 and won[0].is_joker:
        return Reason.make(RuleId.SJ_6, "the {card}", "{card}", card=won)
    if len(won) == 2 and won[0].is_joker and won[0] == won[1]:  # English in words: no drawn card takes a plural
        jokers = "big jokers" if won[0].rank is Rank.BIG_JOKER else "little jokers"
        return Reason.make(RuleId.SJ_6, "a pair of {jokers}", "一对{card}", jokers=Words(jokers, ""), card=won[:1])
    return won


_THE_PLAY = Words("The play of the ", "")
_NOTHING = Words("", "")


def the_play(cards: list[Card]) -> Words:
    """What starts an English sentence about ``cards`` (named by :func:`the_joker`): nothing, or "The play of the "
    when a joker starts a list of cards, so the sentence still starts with a capital and the list is not read
    as part of a noun ("The play of the big joker and ♠2 ♠2 is …"; the verb is then singular); a lone joker or a
    pair of jokers starts it by name ("The little joker is …")."""
    return _THE_PLAY if cards and cards[0].is_joker and isinstance(the_joker(cards), list) else _NOTHING


def pairs_no_tractor(ctx: TrumpContext, rules: Ruleset, pairs: list[Card], suit: Words | EffectiveSuit) -> Reason:
    """"two pairs of spades but no tractor: ♠8 sits between …" / "两对黑桃，但不是拖拉机：…" (SG-4 / SS-4): pairs
    (each named by one card) that make no tractor, and the cards that keep them apart."""
    return Reason.make(tractor_rule(rules), "{n} pairs of {suit} but no tractor: {why}", "{n}对{suit}，但不是拖拉机：{why}",
                       n=Words(count_en(len(pairs)), count_zh(len(pairs))), suit=suit,
                       why=not_adjacent_reason(ctx, rules, pairs))


def not_adjacent_reason(ctx: TrumpContext, rules: Ruleset, pairs: list[Card]) -> Reason:
    """Why distinct pair cards of one effective suit make no tractor under the ruleset's reading
    (SG-4 / SS-4): the cards between two of them, or why they never join."""
    return _not_adjacent_words(ctx, rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK, pairs)


@lru_cache(maxsize=256)
def shape_in_suit(shape: Shape, suit: EffectiveSuit) -> Words:
    """A shape of a suit in words: "a pair of hearts" / "红桃对子", "a tractor of 2 pairs of trumps" /
    "主牌拖拉机（两连对）"."""
    if shape.kind == "tractor":
        zh = f"{suit.zh}拖拉机（{count_zh(shape.pairs)}连对）"
    else:
        zh = suit.zh + {"single": "单张", "pair": "对子", "throw": "甩牌"}.get(shape.kind, "")
    return Words(f"{shape.en} of {suit.en}", zh)


#: Effective suits in display order (as ``TrumpContext.order_key``): trumps, then S H C D.
SUIT_ORDER = (EffectiveSuit.TRUMP, EffectiveSuit.SPADES, EffectiveSuit.HEARTS, EffectiveSuit.CLUBS,
               EffectiveSuit.DIAMONDS)


def _and_words(suits: list[EffectiveSuit]) -> Words:
    en = [s.en for s in suits]
    return Words(en[0] if len(en) == 1 else f"{', '.join(en[:-1])} and {en[-1]}", "和".join(s.zh for s in suits))


def _units_words(ctx: TrumpContext, rules: Ruleset, cards: list[Card]) -> Words:
    """The units ``cards`` split into (SJ-6), counted in words: "a pair and a single" / "一个对子和一张单张"."""
    units = split_units(ctx, rules, cards)
    return units_words([u.pairs for u in units])


def units_words(unit_pairs: Iterable[int]) -> Words:
    """Units given by their pairs (0 single, 1 pair, n tractor), counted in words, largest first."""
    counts = Counter(unit_pairs)
    en: list[str] = []
    zh: list[str] = []
    for pairs in sorted(counts, reverse=True):
        n = counts[pairs]
        if pairs > 1:
            en.append(f"a tractor of {pairs} pairs" if n == 1 else f"{count_en(n)} tractors of {pairs} pairs")
            zh.append(f"{count_zh(n) if n > 1 else '一'}个{count_zh(pairs)}连对")
        elif pairs == 1:
            en.append("a pair" if n == 1 else f"{count_en(n)} pairs")
            zh.append(f"{count_zh(n)}个对子" if n > 1 else "一个对子")
        else:
            en.append("a single" if n == 1 else f"{count_en(n)} singles")
            zh.append(f"{count_zh(n)}张单张" if n > 1 else "一张单张")
    text_en = en[0] if len(en) == 1 else f"{', '.join(en[:-1])} and {en[-1]}"
    return Words(text_en, "和".join(zh))


def _level_trumps_words(ctx: TrumpContext, cards: list[Card], suits: list[EffectiveSuit]) -> Words | Reason:
    """Why a level card in a mixed play is not of its printed suit: level cards are trumps (SJ-4)."""
    level = [c for c in dict.fromkeys(cards) if c.rank is ctx.level and c.suit is not None
             and EffectiveSuit(c.suit.value) in suits] \
        if EffectiveSuit.TRUMP in suits else []
    if not level:
        return Words("", "")
    card = level[0]
    return Reason.make(RuleId.SJ_4, ": {card} is a level card, so a trump, not one of the {suit}",
                       "：{card}是级牌，属于主牌，不算{suit}", card=card,
                       suit=EffectiveSuit(card.suit.value))  # type: ignore[union-attr]


def plain_level_cards(ctx: TrumpContext, cards: Iterable[Card]) -> list[Card]:
    """The level cards among ``cards`` printed in a plain suit (every level card under 无主), each once, in
    order: trumps a reader may take for cards of their printed suit (SJ-4)."""
    return sorted(dict.fromkeys(c for c in cards if not c.is_joker and c.rank is ctx.level and c.suit is not ctx.trump),
                  key=ctx.order_key)


def level_cards_note(ctx: TrumpContext, cards: Iterable[Card], so_trump: bool = False) -> Words | Reason:
    """" (♦5 is a level card)" / "（♦5是级牌，算主牌）" for the level cards among ``cards`` printed in a plain
    suit (every level card under 无主), where a sentence counts them as trumps (SJ-4); ``so_trump``: the
    English says so too, where the sentence does not (", so a trump").  Nothing when there is none.

    >>> from cardlib.cards import Suit
    >>> level_cards_note(TrumpContext(Rank.FIVE, Suit.HEARTS), parse_cards("D5 SJ H5 D5"), so_trump=True).en
    ' (♦5 is a level card, so a trump)'
    """
    levels = plain_level_cards(ctx, cards)
    if not levels:
        return _NOTHING
    one = len(levels) == 1
    en = ("is a level card" if one else "are level cards") + ((", so a trump" if one else ", so trumps") if so_trump else "")
    return Reason.make(RuleId.SJ_4, " ({levels} " + en + ")", "（{levels}是级牌，算主牌）", levels=levels)


def level_card_rank_words(ctx: TrumpContext, named: Words | Reason) -> Reason:
    """Where a plain-suit level card stands among the trumps (SJ-5), after ``named`` (its name and "is ", or
    nothing where the card was just named): " (♠7 is a level card: only the jokers and ♥7 rank above it)".

    >>> from cardlib.cards import Suit
    >>> level_card_rank_words(TrumpContext(Rank.SEVEN, Suit.HEARTS), Words("", "")).en
    ' (a level card: only the jokers and ♥7 rank above it)'
    """
    if ctx.trump is None:
        return Reason.make(RuleId.SJ_5, " ({named}a level card: only the jokers rank above it)",
                           "（{named}级牌，只比大小王小）", named=named)
    return Reason.make(RuleId.SJ_5, " ({named}a level card: only the jokers and {top} rank above it)",
                       "（{named}级牌，只比大小王和{top}小）", named=named, top=[Card(ctx.trump, ctx.level)])


#: How many pairs a tractor has, as a player says it (两连对, 三连对: docs/terms.md).
_COUNT_WORDS = {n: Words(str(n), zh) for n, zh in enumerate("两三四五六", start=2)}


def _adjacency_words(ctx: TrumpContext, rules: Ruleset, suit: EffectiveSuit, pairs: list[Card]) -> Words | Reason:
    """How the pairs of a tractor are adjacent under the ruleset's reading (SG-4 / SS-4)."""
    if rules.tractor_adjacency is TractorAdjacency.NATURAL_RANK:
        if suit is EffectiveSuit.TRUMP and all(c.is_joker for c in pairs):
            return Words("by printed rank (the two jokers count as one suit, little joker below big joker)",
                         "按牌面大小（大小王算一门，小王在大王之下）")
        return Words("by printed rank within one suit", "在同一花色中按牌面大小")
    name = suit
    ranks = sorted(int(c.rank) for c in pairs if not c.is_joker and c.rank is not ctx.level)
    skips = any(a < int(ctx.level) < b for a, b in zip(ranks, ranks[1:]))
    if skips:
        low = min((c for c in pairs if not c.is_joker and int(c.rank) < int(ctx.level)), key=lambda c: c.rank)
        high = min((c for c in pairs if not c.is_joker and int(c.rank) > int(ctx.level)), key=lambda c: c.rank)
        return Reason.make(tractor_rule(rules), "in the order of {suit} (the level cards leave their rank's place, "
                           "so {high} and {low} are neighbours)",
                           "按{suit}的大小顺序（级牌不在原来的位置，所以{high}和{low}相邻）", suit=name, high=high, low=low)
    return Words(f"in the order of {name.en}", f"按{name.zh}的大小顺序")


def _natural_key(card: Card) -> tuple[str, int]:
    """SS-4's chain and step: the printed suit (jokers one suit) and the printed rank."""
    return ("jokers" if card.suit is None else card.suit.value), int(card.rank)


def _adjacent_in_some_reading(ctx: TrumpContext, pairs: list[Card]) -> bool:
    """Whether distinct pair cards of one effective suit form a tractor under either reading (SG-4 / SS-4)."""
    for key in (lambda c: ("", ctx.strength(c)), _natural_key):
        keys = [key(c) for c in pairs]
        steps = sorted(step for _chain, step in keys)
        if len({chain for chain, _ in keys}) == 1 and all(b == a + 1 for a, b in zip(steps, steps[1:])):
            return True
    return False


def _not_adjacent_words(ctx: TrumpContext, natural: bool, pairs: list[Card]) -> Reason:
    """The first gap between pairs that are not a tractor: the cards between them, or why they never join."""
    suit = ctx.effective_suit(pairs[0])
    if natural:
        chains: dict[str, list[Card]] = {}
        for card in pairs:
            chains.setdefault(_natural_key(card)[0], []).append(card)
        if len(chains) > 1:
            first, second = (group[0] for group in list(chains.values())[:2])
            jokers = [c for c in (first, second) if c.is_joker]
            if jokers:
                other = second if jokers[0] is first else first
                return Reason.make(RuleId.SS_4, "counting by printed rank, the jokers join only each other, "
                                   "so {joker} and {other} are not adjacent",
                                   "按牌面大小算，大小王只与大小王相连，所以{joker}和{other}不相连",
                                   joker=_pair_words(jokers[0]), other=_pair_words(other))
            return Reason.make(RuleId.SS_4, "{a} {a} and {b} {b} are of different printed suits, and only pairs of "
                               "one printed suit join", "{a} {a}和{b} {b}花色不同，只有同一花色的对子才相连",
                               a=first, b=second)
        ordered = sorted(pairs, key=lambda c: -int(c.rank))
        for high, low in zip(ordered, ordered[1:]):
            if int(high.rank) - int(low.rank) > 1:
                between = [c for c in DECK_WITH_JOKERS if c.suit is high.suit and int(low.rank) < int(c.rank) < int(high.rank)]
                between.sort(key=lambda c: -int(c.rank))
                note: Words | Reason = Words(" (counting by printed rank, the level card keeps its place)",
                             "（按牌面大小算，级牌仍在原位）") if all(c.rank is ctx.level for c in between) \
                    else Words("", "")
                return _between_reason(RuleId.SS_4, high, low, [[c] for c in between], note)
        raise AssertionError("pairs said to be no tractor are adjacent")  # pragma: no cover
    ordered = sorted(pairs, key=lambda c: -ctx.strength(c))
    for high, low in zip(ordered, ordered[1:]):
        gap = ctx.strength(high) - ctx.strength(low)
        if gap == 0:
            return Reason.make(RuleId.SG_4, "{a} {a} and {b} {b} are both level cards outside the trump suit, equal "
                               "in the order of trumps, so neither is next to the other",
                               "{a} {a}和{b} {b}都是副级牌，在主牌中一样大，所以不相连", a=high, b=low)
        if gap > 1:
            steps: dict[int, list[Card]] = {}
            for card in sorted(DECK_WITH_JOKERS, key=ctx.order_key):
                if ctx.effective_suit(card) is suit and ctx.strength(low) < ctx.strength(card) < ctx.strength(high):
                    steps.setdefault(ctx.strength(card), []).append(card)
            level = [c for c in (high, low) if c.rank is ctx.level]
            note = Reason.make(RuleId.SG_4, " (among trumps, level cards rank above {top})",
                               "（在主牌中级牌排在{top}之上）",
                               top=Card(ctx.trump, Rank.ACE if ctx.level is not Rank.ACE else Rank.KING)) \
                if level and ctx.trump is not None else Words("", "")
            return _between_reason(RuleId.SG_4, high, low, list(steps.values()), note)
    raise AssertionError("pairs said to be no tractor are adjacent")  # pragma: no cover


def _pair_words(card: Card) -> Reason | list[Card]:
    """A pair as players name it: ♠6 ♠6, or "a pair of little jokers" / 一对小王 (SJ-6)."""
    return the_joker([card, card])


def _pairs_words(pairs: list[Card]) -> Reason:
    """Pairs listed as players name them: "a pair of little jokers and ♠6 ♠6" (SJ-6)."""
    named = {f"p{i}": _pair_words(card) for i, card in enumerate(pairs)}
    names = [f"{{{name}}}" for name in named]
    return Reason.make(RuleId.SJ_6, ", ".join(names[:-1]) + " and " + names[-1], "、".join(names[:-1]) + "和" + names[-1],
                       **named)


def _between_reason(rule: RuleId, high: Card, low: Card, steps: list[list[Card]], note: Words | Reason) -> Reason:
    """"{cards} sit(s) between {high} and {low}" (each pair as :func:`_pair_words` names it) with the cards of
    every step between, or the first and last of a long gap."""
    pairs = {"high": _pair_words(high), "low": _pair_words(low)}
    if len(steps) <= 2:
        shown = [c for step in steps for c in step]
        verb = ("sits", "") if len(shown) == 1 else ("sit", "")
        return Reason.make(rule, "{between} " + verb[0] + " between {high} and {low}{note}",
                           "{high}和{low}中间隔着{between}{note}", between=shown, note=note, **pairs)
    return Reason.make(rule, "{first} … {last} sit between {high} and {low}{note}",
                       "{high}和{low}中间隔着{first}……{last}{note}", first=steps[0][0],
                       last=steps[-1][0], note=note, **pairs)


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
