"""Following a lead: which plays a hand may follow with.

Rules: SJ-9, SJ-10, SG-5 / SS-5, C-3, C-4

One rule, three faces: :func:`is_legal_follow` (a bool), :func:`check_follow`
(a :class:`~cardlib.explain.Verdict` naming the deciding rule) and
:func:`legal_follows` (a lazy view with ``in``, ``count()`` and iteration).

What a follow owes the lead (:class:`FollowDuty`):

* as many cards of the led effective suit as it holds, up to the lead's size;
  the rest may be anything (SJ-9, SJ-10);
* a pair lead: a pair of the suit if the hand holds one (SJ-9); without one,
  any cards of the suit (C-4);
* a tractor lead of n pairs: a tractor of n pairs of the suit if the hand holds
  one (SJ-9; a longer tractor holds one).  Otherwise ``short_tractor_follow``
  decides:

  ``tractors_then_pairs`` (SG-5, the SS-5 default; what rbtying/shengji,
  yanlai00/shengji_plus and ejfn/Tractor do)
      as many pairs of the suit as held, up to n, then singles, *and* as much
      tractor structure as the hand allows (see :func:`best_structure`);
  ``pairs_then_singles``
      as many pairs as held, up to n, then singles; which pairs is free;
  ``suit_count_only``
      the suit count alone;
* a throw (C-3, optional): the suit count, and unless ``suit_count_only`` as
  many pairs of the suit as the throw holds, if held.

>>> from cardlib.cards import Rank, Suit
>>> from cardlib.shengji.rules import SHENGJI
>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> print(check_follow(ctx, SHENGJI, "HA HA", "H5 H5 H9 SK C3", "H5 H9").reason)
SJ-9: HA HA is a pair of hearts and the hand holds H5 H5, so it must play a pair of hearts; H5 H9 holds none.
>>> legal_follows(ctx, SHENGJI, "HA HA", "H5 H5 H9 SK C3").count()
1
>>> legal_follows(ctx, SHENGJI, "HA HA HK HK HQ HQ", "H9 H9 H8 H8 H6 H6 H5 H5").count()
4
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from typing import Iterator

from ..cards import Card, check_copies, format_cards, sort_cards
from ..errors import CardlibError, InvalidPositionError
from ..explain import Reason, Verdict
from ..rule_ids import RuleId
from .combos import (Shape, count_sub_multisets, find_pairs, find_tractors, longest_tractor, pair_runs,
                     shape_of, split_units, sub_multisets, tractor_lengths)
from .leads import CardsInput, as_cards, read_lead, require_context, require_copies, require_in_hand
from .rules import Ruleset, RulesetLike
from .trump import EffectiveSuit, TrumpContext, card_key


def short_tractor_rule(rules: Ruleset) -> RuleId:
    """The register id of ``short_tractor_follow`` for this ruleset's document (SG-5 or SS-5)."""
    return rules.rule_of("short_tractor_follow")


def best_structure(hand_lengths: tuple[int, ...], pairs: int) -> tuple[int, ...]:
    """The most tractor structure a follow of a ``pairs``-pair tractor can keep (SG-5 / SS-5).

    ``hand_lengths``: the pairs of each unit when the hand's pairs of the led
    suit split longest first (:func:`~.combos.tractor_lengths`).  The best is
    those lengths from the longest down, each capped by the pairs still owed:

    >>> best_structure((2, 2, 2), 3), best_structure((3, 2), 4), best_structure((2, 1), 4)
    ((2, 1), (3, 1), (2, 1))

    Why greedy is optimal: a play's units are disjoint tractors (and pairs) of
    the hand, each inside one maximal run of adjacent pairs.  k disjoint units
    inside runs of lengths r1 ≥ r2 ≥ … hold at most r1 + … + rk pairs (a
    run's greedy split is its whole length, then one pair per extra pair on
    the off-suit level step, and no k units of a run hold more), and never
    more than the ``pairs`` owed.  The greedy list reaches exactly
    min(pairs, r1 + … + rk) with its first k units, for every k, so it
    dominates every play's list in every prefix sum, hence also
    lexicographically; only its last entry may be cut from a longer run, and
    any window of that run's length will do.  A follow is legal when its own
    list (:func:`~.combos.tractor_lengths` of its pairs) equals this one.
    """
    best: list[int] = []
    owed = pairs
    for length in hand_lengths:
        if not owed:
            break
        best.append(min(length, owed))
        owed -= best[-1]
    return tuple(best)


@dataclass(frozen=True, slots=True)
class FollowDuty:
    """What SJ-9 asks of one hand against one lead; built once, then asked about plays.

    :meth:`breach` is the engine's fast path: it trusts that the play is a list
    of Cards from the hand with the lead's size (the public functions check that).
    """

    ctx: TrumpContext
    rules: Ruleset
    lead: list[Card]
    hand: list[Card]
    held: Counter[int]  # the hand's cards counted by card_key (the id of the shared object)
    suit: EffectiveSuit
    shape: Shape
    suit_cards: list[Card]
    must_suit: int      # cards of the led suit the play must hold
    must_pairs: int     # pairs of the led suit the play must hold
    tractor: bool       # the hand holds a tractor as long as the led one: it must play one
    structure: tuple[int, ...]  # tractors_then_pairs: the units the pairs must form, when a choice is left

    @property
    def size(self) -> int:
        return len(self.lead)

    @property
    def rest(self) -> list[Card]:
        """The hand's cards outside the led suit."""
        return [c for c in self.hand if self.ctx.effective_suit(c) is not self.suit]

    def breach(self, play: list[Card]) -> str | None:
        """The first duty ``play`` fails (``"suit"``, ``"tractor"``, ``"pairs"``), or None."""
        suit_of = self.ctx.effective_suit
        in_suit = [c for c in play if suit_of(c) is self.suit]
        if len(in_suit) < self.must_suit:
            return "suit"
        if self.tractor:
            return None if shape_of(self.ctx, self.rules, play) == self.shape else "tractor"
        if self.must_pairs:
            counts = Counter(map(card_key, in_suit))
            pairs = [c for c in {card_key(c): c for c in in_suit}.values() if counts[card_key(c)] == 2]
            if len(pairs) < self.must_pairs:
                return "pairs"
            if self.structure and tractor_lengths(self.ctx, self.rules, pairs) != self.structure:
                return "structure"
        return None

    def judge(self, play: list[Card]) -> Verdict:
        """The verdict on ``play`` with the rule that decides it (SJ-9, SJ-10, SG-5/SS-5, C-3, C-4)."""
        breach = self.breach(play)
        return Verdict(breach is None, _explain(self, play, breach))


def follow_duty(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput, hand: CardsInput) -> FollowDuty:
    """Check the lead and the hand, and work out what a follow owes (SJ-9, SG-5/SS-5, C-3, C-4)."""
    ctx, rules = require_context(ctx, rules)
    lead_cards = read_lead(ctx, rules, lead)
    cards = as_cards(hand, "hand")
    held = require_copies(cards)
    if any(held[id(c)] + n > 2 for c, n in zip(lead_cards, _multiplicities(lead_cards))):
        check_copies(cards + lead_cards, 2, what="lead and hand together")
    if len(cards) < len(lead_cards):
        raise InvalidPositionError(f"the hand holds {len(cards)} card{'s' if len(cards) != 1 else ''}, "
                                   f"too few to follow the {len(lead_cards)}-card lead {format_cards(lead_cards)}")
    suit = ctx.effective_suit(lead_cards[0])
    shape = shape_of(ctx, rules, lead_cards)
    suit_cards = [c for c in cards if ctx.effective_suit(c) is suit]
    size = len(lead_cards)
    tractor = (shape.kind == "tractor" and len(suit_cards) >= size
               and longest_tractor(ctx, rules, suit_cards) >= shape.pairs)
    pair_cards = [c for c in {id(c): c for c in suit_cards}.values() if held[id(c)] >= 2]
    if shape.kind == "pair" or (shape.pairs and rules.short_tractor_follow != "suit_count_only"):
        must_pairs = min(shape.pairs, len(pair_cards))
    else:
        must_pairs = 0
    structure: tuple[int, ...] = ()
    if (shape.kind == "tractor" and not tractor and len(pair_cards) > shape.pairs
            and rules.short_tractor_follow == "tractors_then_pairs"):
        # with no more pairs than owed, every pair is played and the structure follows
        structure = best_structure(tractor_lengths(ctx, rules, pair_cards), shape.pairs)
        structure = structure if structure[0] > 1 else ()
    return FollowDuty(ctx, rules, lead_cards, cards, held, suit, shape, suit_cards,
                      min(size, len(suit_cards)), must_pairs, tractor, structure)


def _read_play(duty: FollowDuty, play: CardsInput) -> list[Card]:
    cards = as_cards(play, "play")
    if len(cards) != duty.size:
        raise InvalidPositionError(f"the lead {format_cards(duty.lead)} has {duty.size} card"
                                   f"{'s' if duty.size != 1 else ''}, the play {format_cards(cards) or '(none)'} "
                                   f"has {len(cards)}: a follow plays as many cards as the lead")
    require_in_hand(duty.hand, cards, held=duty.held)
    return cards


def _multiplicities(cards: list[Card]) -> list[int]:
    """For each card, how many times it is in ``cards``."""
    counts = Counter(map(card_key, cards))
    return [counts[card_key(c)] for c in cards]


def is_legal_follow(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput, hand: CardsInput,
                    play: CardsInput) -> bool:
    """Whether ``hand`` may follow ``lead`` with ``play`` (SJ-9, SG-5/SS-5, C-4).

    Raises :class:`InvalidPositionError` for a play not in the hand, a wrong
    number of cards, a lead that may not be led, or impossible copies.
    """
    duty = follow_duty(ctx, rules, lead, hand)
    return duty.breach(_read_play(duty, play)) is None


def check_follow(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput, hand: CardsInput,
                 play: CardsInput) -> Verdict:
    """:func:`is_legal_follow` as a verdict whose reason names the deciding rule."""
    duty = follow_duty(ctx, rules, lead, hand)
    return duty.judge(_read_play(duty, play))


def legal_follows(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput, hand: CardsInput) -> "LegalFollows":
    """The lazy view of every distinct play ``hand`` may follow ``lead`` with (SJ-9)."""
    return LegalFollows(follow_duty(ctx, rules, lead, hand))


class LegalFollows:
    """Every distinct legal follow, without building them all: ``in``, ``count()``, iteration.

    Each play comes out as a list of Cards in canonical order (``Card.sort_key``).
    Counting multiplies out per-card choices, so a void hand's many plays are
    never listed.  Under the structure duty of ``tractors_then_pairs`` the play
    is n of the hand's pairs of the suit and nothing else; the choices are
    made run by run (:class:`_StructureSearch`), so no choice of pairs that
    misses the structure is ever built.
    Rules: SJ-9, SJ-10, SG-5 / SS-5, C-4
    """

    def __init__(self, duty: FollowDuty) -> None:
        self.duty = duty

    def __contains__(self, play: object) -> bool:
        try:
            cards = _read_play(self.duty, play)  # type: ignore[arg-type]
        except CardlibError:
            return False
        return self.duty.breach(cards) is None

    def _suit_items(self) -> list[tuple[Card, int]]:
        held = self.duty.held
        distinct = {card_key(c): c for c in self.duty.suit_cards}
        return [(c, held[k]) for k, c in sorted(distinct.items(), key=lambda item: item[1].sort_key)]

    def count(self) -> int:
        """How many distinct legal plays there are (never zero)."""
        duty = self.duty
        if len(duty.suit_cards) < duty.size:
            rest = Counter(duty.rest)
            return count_sub_multisets(rest.values(), duty.size - len(duty.suit_cards))
        if duty.tractor:
            return len(find_tractors(duty.ctx, duty.rules, duty.suit_cards, duty.shape.pairs))
        if duty.structure:
            return _StructureSearch(duty).count()
        return count_sub_multisets((n for _, n in self._suit_items()), duty.size, duty.must_pairs)

    def __iter__(self) -> Iterator[list[Card]]:
        duty = self.duty
        if len(duty.suit_cards) < duty.size:
            rest = sorted(Counter(duty.rest).items(), key=lambda item: item[0].sort_key)
            for extra in sub_multisets(rest, duty.size - len(duty.suit_cards)):
                yield sort_cards(duty.suit_cards + extra)
        elif duty.tractor:
            for tractor in find_tractors(duty.ctx, duty.rules, duty.suit_cards, duty.shape.pairs):
                yield sort_cards(c for c in tractor for _ in range(2))
        elif duty.structure:
            yield from _StructureSearch(duty)
        else:
            yield from sub_multisets(self._suit_items(), duty.size, duty.must_pairs)

    def __bool__(self) -> bool:
        return True  # the hand holds at least the lead's size, so some play always follows

    def __repr__(self) -> str:
        return f"<LegalFollows of {format_cards(self.duty.lead)} from {format_cards(self.duty.hand)}>"


class _StructureSearch:
    """The follows of a structure duty (SG-5 / SS-5): choices of pairs, one maximal run at a time.

    Pairs of different runs are never adjacent, so a play's units are the union
    of the units it takes from each run.  Each run's choices are grouped by the
    units they form; a choice is kept only if its units still fit in what the
    duty asks, and the count multiplies the choices out (a memoised sum over
    runs and units still owed) instead of listing them.
    """

    def __init__(self, duty: FollowDuty) -> None:
        pair_cards = [c for c in {card_key(c): c for c in duty.suit_cards}.values() if duty.held[card_key(c)] >= 2]
        self.runs = [self._run_choices(duty, run) for run in pair_runs(duty.ctx, duty.rules, pair_cards)]
        self.target = tuple(sorted(duty.structure))
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}

    @staticmethod
    def _run_choices(duty: FollowDuty, run: list[list[Card]]) -> dict[tuple[int, ...], list[list[Card]]]:
        """Every choice of pairs from one run (none included), keyed by the units it forms, sorted."""
        per_step = [[list(pick) for k in range(len(step) + 1) for pick in combinations(step, k)] for step in run]
        choices: dict[tuple[int, ...], list[list[Card]]] = {}
        for picks in product(*per_step):
            cards = [c for pick in picks for c in pick]
            units = tuple(sorted(tractor_lengths(duty.ctx, duty.rules, cards)))
            choices.setdefault(units, []).append(cards)
        return choices

    @staticmethod
    def _less(owed: tuple[int, ...], units: tuple[int, ...]) -> tuple[int, ...] | None:
        """``owed`` without ``units`` (both sorted), or None if ``units`` are not all owed."""
        left = list(owed)
        for unit in units:
            if unit not in left:
                return None
            left.remove(unit)
        return tuple(left)

    def _options(self, index: int, owed: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], list[list[Card]]]]:
        """The choices of run ``index`` that fit in ``owed`` and leave the later runs a way to finish."""
        for units, ways in self.runs[index].items():
            left = self._less(owed, units)
            if left is not None and self._count(index + 1, left):
                yield left, ways

    def _count(self, index: int, owed: tuple[int, ...]) -> int:
        if index == len(self.runs):
            return 0 if owed else 1
        key = (index, owed)
        if key not in self._ways:
            self._ways[key] = sum(len(ways) * self._count(index + 1, left) for left, ways in self._options(index, owed))
        return self._ways[key]

    def count(self) -> int:
        return self._count(0, self.target)

    def __iter__(self) -> Iterator[list[Card]]:
        def walk(index: int, owed: tuple[int, ...], chosen: list[Card]) -> Iterator[list[Card]]:
            if index == len(self.runs):
                yield sort_cards(c for c in chosen for _ in range(2))
                return
            for left, ways in self._options(index, owed):
                for cards in ways:
                    yield from walk(index + 1, left, chosen + cards)
        return walk(0, self.target, [])


def _explain(duty: FollowDuty, play: list[Card], breach: str | None) -> Reason:
    """One sentence per language naming the rule that decides ``play`` against ``duty``."""
    lead, cards = format_cards(duty.lead), format_cards(play)
    en, zh = duty.suit.en, duty.suit.zh
    shape = duty.shape
    held = len(duty.suit_cards)
    rule_for_pairs = {"pair": RuleId.SJ_9, "tractor": short_tractor_rule(duty.rules)}.get(shape.kind, RuleId.C_3)
    if breach == "suit":
        played = sum(1 for c in play if duty.ctx.effective_suit(c) is duty.suit)
        return Reason(RuleId.SJ_9,
                      f"{lead} leads {en} and the hand holds {held} of them, so the play must hold "
                      f"{duty.must_suit}; {cards} holds {played}.",
                      f"首出{lead}是{zh}，手中有{held}张{zh}，须出{duty.must_suit}张；{cards}只有{played}张。")
    if breach == "tractor":
        return Reason(RuleId.SJ_9,
                      f"{lead} is {shape.en} of {en} and the hand holds one, so it must play {shape.en} "
                      f"of {en}; {cards} is not one.",
                      f"首出{lead}是{zh}的{shape.zh}，手中有同样的拖拉机，必须跟出；{cards}不是。")
    if breach == "structure":
        played = tractor_lengths(duty.ctx, duty.rules, [c for c, n in Counter(play).items() if n == 2])
        held_en, held_zh = _held_tractors(duty)
        return Reason(rule_for_pairs,
                      f"{lead} is {shape.en} of {en}; the hand holds no such tractor but holds {held_en}, "
                      f"so it must keep as much of that shape as it can: {_units_en(duty.structure)}; "
                      f"{cards} plays {_units_en(played)}.",
                      f"首出{lead}是{zh}的{shape.zh}，手中没有同样的拖拉机，但有{held_zh}，须尽量保持牌型，"
                      f"跟出{_units_zh(duty.structure)}；{cards}只是{_units_zh(played)}。")
    if breach == "pairs":
        pair_text = format_cards(c for c in find_pairs(duty.ctx, duty.suit_cards) for _ in range(2))
        return Reason(rule_for_pairs,
                      f"{lead} is {shape.en} of {en} and the hand holds {pair_text}, so it must play "
                      f"{_pairs_en(duty.must_pairs, en)}; {cards} holds {_pair_count_en(play, duty)}.",
                      f"首出{lead}是{zh}的{shape.zh}，手中有{pair_text}，须跟出{duty.must_pairs}对{zh}；{cards}不够。")
    if held == 0:
        return Reason(RuleId.SJ_10, f"{lead} leads {en} and the hand holds none, so it may trump or "
                                    f"discard anything: {cards} follows.",
                      f"首出{lead}是{zh}，手中没有{zh}，可以毙牌或垫任意牌：{cards}可以。")
    if held < duty.size:
        return Reason(RuleId.SJ_9, f"{lead} leads {en} and the hand holds only {held}; {cards} plays all "
                                   f"of them, the rest may be anything.",
                      f"首出{lead}是{zh}，手中只有{held}张{zh}；{cards}全部跟出，其余可出任意牌。")
    if duty.tractor:
        return Reason(RuleId.SJ_9, f"{lead} is {shape.en} of {en}; {cards} follows with {shape.en} of {en}.",
                      f"首出{lead}是{zh}的{shape.zh}；{cards}跟出同样的拖拉机。")
    if shape.kind == "pair" and not duty.must_pairs:
        return Reason(RuleId.C_4, f"{lead} is a pair of {en} and the hand holds {en} but no pair of them, "
                                  f"so any 2 {en} follow: {cards} does.",
                      f"首出{lead}是{zh}对子，手中有{zh}但没有对子，任意两张{zh}即可：{cards}可以。")
    if duty.structure:
        held_en, held_zh = _held_tractors(duty)
        return Reason(short_tractor_rule(duty.rules),
                      f"{lead} is {shape.en} of {en} and the hand holds no such tractor but holds {held_en}; "
                      f"{cards} keeps {_units_en(duty.structure)}, as much of that shape as the hand allows.",
                      f"首出{lead}是{zh}的{shape.zh}，手中没有同样的拖拉机，但有{held_zh}；"
                      f"{cards}跟出{_units_zh(duty.structure)}，已尽量保持牌型。")
    if shape.kind in ("tractor", "throw"):
        rule = short_tractor_rule(duty.rules) if shape.kind == "tractor" else RuleId.C_3
        return Reason(rule, f"{lead} is {shape.en} of {en} and the hand holds no such tractor; {cards} "
                            f"plays {_pairs_en(duty.must_pairs, en)} as required, then other {en}.",
                      f"首出{lead}是{zh}的{shape.zh}，手中没有同样的拖拉机；{cards}跟出{duty.must_pairs}对，"
                      f"其余为{zh}。")
    return Reason(RuleId.SJ_9, f"{lead} is {shape.en} of {en}; {cards} follows with {shape.en} of {en}.",
                  f"首出{lead}是{zh}的{shape.zh}；{cards}跟出同门同型。")


def _pairs_en(n: int, suit: str) -> str:
    return {0: f"no pair of {suit}", 1: f"a pair of {suit}"}.get(n, f"{n} pairs of {suit}")


def _pair_count_en(play: list[Card], duty: FollowDuty) -> str:
    n = sum(1 for c, k in Counter(play).items() if k == 2 and duty.ctx.effective_suit(c) is duty.suit)
    return {0: "none", 1: "one"}.get(n, str(n))


def _held_tractors(duty: FollowDuty) -> tuple[str, str]:
    """The hand's tractors of the led suit, split longest first (SJ-6), in English and Chinese."""
    units = [format_cards(u.cards) for u in split_units(duty.ctx, duty.rules, duty.suit_cards) if u.pairs > 1]
    en = units[0] if len(units) == 1 else f"{', '.join(units[:-1])} and {units[-1]}"
    return en, "、".join(units)


def _units_en(lengths: tuple[int, ...]) -> str:
    """``(2, 1, 1)`` as "a tractor of 2 pairs and 2 pairs"."""
    parts = [f"a tractor of {n} pairs" for n in lengths if n > 1]
    single_pairs = sum(1 for n in lengths if n == 1)
    if single_pairs:
        parts.append("a pair" if single_pairs == 1 else f"{single_pairs} pairs")
    return " and ".join(parts)


def _units_zh(lengths: tuple[int, ...]) -> str:
    """``(2, 1, 1)`` as "2连对的拖拉机加2对"."""
    parts = [f"{n}连对的拖拉机" for n in lengths if n > 1]
    single_pairs = sum(1 for n in lengths if n == 1)
    if single_pairs:
        parts.append(f"{single_pairs}对")
    return "加".join(parts)
