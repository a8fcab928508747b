"""Following a lead: which plays a hand may follow with.

Rules: SJ-9, SJ-10, SG-5 / SS-5, C-3, C-4, C-7

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

  ``tractors_then_pairs`` (C-7: the SS preset, where SS-5 is silent, and an
  SG variant; what rbtying/shengji, yanlai00/shengji_plus and ejfn/Tractor do)
      as many pairs of the suit as held, up to n, then singles, *and* as much
      tractor structure as the hand allows (see :func:`best_structure`);
  ``pairs_then_singles`` (SG-5 as written: the SG preset)
      as many pairs as held, up to n, then singles; which pairs is free;
  ``suit_count_only``
      the suit count alone;
* a throw (C-3, optional): the suit count, and unless ``suit_count_only`` as
  many pairs of the suit as the throw holds, if held.

>>> from cardlib.cards import Rank, Suit
>>> from cardlib.shengji.rules import SHENGJI
>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> print(check_follow(ctx, SHENGJI, "HA HA", "H5 H5 H9 SK C3", "H5 H9").reason)  # doctest: +NORMALIZE_WHITESPACE
SJ-9: The lead ♥A ♥A is a pair of hearts and your hand holds the pair ♥5 ♥5, so you must follow with a pair of
hearts; ♥9 ♥5 is not a pair. The only legal follow: ♥5 ♥5.
>>> legal_follows(ctx, SHENGJI, "HA HA", "H5 H5 H9 SK C3").count()
1
>>> legal_follows(ctx, SHENGJI, "HA HA HK HK HQ HQ", "H9 H9 H8 H8 H6 H6 H5 H5").count()
4
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations, islice, product
from typing import Any, Literal, TypeAlias

from ..cards import Card, check_copies, format_cards, sort_cards
from ..errors import CardlibError, InvalidPositionError
from ..explain import Reason, Seat, Verdict, Words
from ..rule_ids import RuleId
from ..words import cards_text, seat_name
from .combos import (
    LazyReason,
    Shape,
    count_en,
    count_sub_multisets,
    count_zh,
    find_pairs,
    find_tractors,
    level_cards_note,
    longest_tractor,
    not_adjacent_reason,
    pair_runs,
    plain_level_cards,
    shape_in_suit,
    shape_of,
    split_units,
    sub_multisets,
    the_joker,
    the_play,
    tractor_lengths,
    units_words,
)
from .combos import CardsInput, as_cards, require_context
from .leads import read_lead, require_copies, require_in_hand
from .rules import Ruleset, RulesetLike, ShortTractorFollow
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


#: The duty a follow fails first (:meth:`FollowDuty.breach`): the suit count, the tractor, the pairs or their structure.
Breach: TypeAlias = Literal["suit", "tractor", "pairs", "structure"]


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
    shown: tuple[Card, ...] = ()  # the legal follow an illegal play's verdict shows, when the caller names one

    def showing(self, play: list[Card]) -> FollowDuty:
        """This duty, its verdicts on illegal plays showing ``play`` as the legal follow (a puzzle's best play,
        so the verdict names one play, not two) instead of the one closest to the play judged (SJ-9)."""
        if self.breach(play) is not None:
            raise InvalidPositionError(f"{format_cards(play)} does not follow {format_cards(self.lead)}: it cannot be "
                                       "shown as a legal follow")
        return replace(self, shown=tuple(play))

    @property
    def size(self) -> int:
        return len(self.lead)

    @property
    def rest(self) -> list[Card]:
        """The hand's cards outside the led suit."""
        return [c for c in self.hand if self.ctx.effective_suit(c) is not self.suit]

    def breach(self, play: list[Card]) -> Breach | None:
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

    def judge(self, play: list[Card], seat: int | None = None) -> Verdict:
        """The verdict on ``play`` with the rule that decides it (SJ-9, SJ-10, SG-5/SS-5, C-3, C-4);
        ``seat``: the follower's seat, to name it in the reason (else the reason says "you")."""
        breach = self.breach(play)
        return Verdict(breach is None, LazyReason(
            lambda: _explain(self, play, breach, seat).with_notes(*_follow_notes(self, play, breach))))


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
    if shape.kind == "pair" or (shape.pairs and rules.short_tractor_follow is not ShortTractorFollow.SUIT_COUNT_ONLY):
        must_pairs = min(shape.pairs, len(pair_cards))
    else:
        must_pairs = 0
    structure: tuple[int, ...] = ()
    if (shape.kind == "tractor" and not tractor and len(pair_cards) > shape.pairs
            and rules.short_tractor_follow is ShortTractorFollow.TRACTORS_THEN_PAIRS):
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
                 play: CardsInput, *, seat: int | None = None) -> Verdict:
    """:func:`is_legal_follow` as a verdict whose reason names the deciding rule.

    A play that does not follow is told why in the players' words and shown a legal follow.
    ``seat``: the follower's seat (0-3, South East North West), to name it in the reason;
    without it the reason speaks to "you".
    """
    duty = follow_duty(ctx, rules, lead, hand)
    return duty.judge(_read_play(duty, play), seat)


def legal_follows(ctx: TrumpContext, rules: RulesetLike, lead: CardsInput, hand: CardsInput) -> LegalFollows:
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
        return f"<LegalFollows of {cards_text(self.duty.lead)} from {cards_text(self.duty.hand)}>"

    def _repr_html_(self) -> str:
        """A notebook shows how many plays follow, and the first of them drawn as cards (SJ-9)."""
        from ..render import legal_follows_html

        return legal_follows_html(self.duty.lead, list(islice(self, 24)), self.count())


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


#: How many legal follows an illegal verdict looks through for the one closest to the play.
_EXAMPLE_WINDOW = 8


def _example(duty: FollowDuty, play: list[Card]) -> list[Card]:
    """A legal follow to show instead of ``play``: ``play`` mended (:func:`_mend`), else of the first
    few legal follows the one sharing most cards with it; the caller's, if it named one (:meth:`FollowDuty.showing`)."""
    if duty.shown:
        return list(duty.shown)
    mended = _mend(duty, play)
    if mended is not None:
        return mended
    mine = {id(c) for c in play}
    best: list[Card] | None = None
    score = -1
    for option in islice(LegalFollows(duty), _EXAMPLE_WINDOW):
        shared = sum(1 for c in option if id(c) in mine)
        if shared > score:
            best, score = option, shared
            if shared >= len(play) - 1:
                break
    assert best is not None  # a hand always has a legal follow (LegalFollows.__bool__)
    return best


def _mend(duty: FollowDuty, play: list[Card]) -> list[Card] | None:
    """``play`` with as few cards changed as the suit and pair duties need (SJ-9, SG-5 / SS-5), or
    None if that does not make it legal (a tractor or structure duty: the caller searches instead).

    Cards of the led suit come in for off-suit cards, a card that pairs one already played first;
    then each missing pair of the hand's comes in for off-suit cards or unpaired ones of the suit.
    """
    suit_of, suit = duty.ctx.effective_suit, duty.suit
    cand = list(play)
    in_play = Counter(c for c in cand if suit_of(c) is suit)
    spare = sorted((Counter(duty.suit_cards) - in_play).elements(),
                   key=lambda c: (c not in in_play, duty.ctx.order_key(c)))
    for card in spare:
        if sum(in_play.values()) >= duty.must_suit:
            break
        off = next(i for i, c in enumerate(cand) if suit_of(c) is not suit)
        cand[off] = card
        in_play[card] += 1
    if duty.must_pairs:
        pairs = sorted(find_pairs(duty.ctx, duty.suit_cards), key=lambda c: -in_play[c])
        for pair in pairs:
            if sum(1 for n in in_play.values() if n == 2) >= duty.must_pairs:
                break
            while in_play[pair] < 2:
                out = next((i for i, c in enumerate(cand) if suit_of(c) is not suit), None)
                if out is None:
                    out = next((i for i, c in enumerate(cand) if c != pair and in_play[c] == 1), None)
                if out is None:
                    return None
                removed = cand.pop(out)
                if suit_of(removed) is suit:
                    in_play[removed] -= 1
                cand.append(pair)
                in_play[pair] += 1
    return cand if duty.breach(cand) is None else None


_YOU: dict[str, Words | Seat] = {"you": Words("you", "你"), "hand": Words("your hand", "你手中")}
_NO_WORDS = Words("", "")


def _who(seat: int | None) -> dict[str, Words | Seat]:
    """Who follows: "you" / "your hand", or a seat when the caller names it."""
    if seat is None:
        return _YOU
    return {"you": Seat(seat), "hand": Words(f"{seat_name(seat)}'s hand", f"{seat_name(seat, 'zh')}手中")}


def _led(duty: FollowDuty) -> Words:
    """The lead's shape and suit in words: "a pair of hearts" / "红桃对子"."""
    return shape_in_suit(duty.shape, duty.suit)


#: Where the guides are silent on a follow and the book's convention decides (C-4), behind the disclosure.
_SILENT_NOTE = Reason(RuleId.C_4, "The guides are silent here; this is this book's convention.",
                      "两份指南都没有写这种情况；这是本书约定。")
#: Throws are in neither guide (C-3): the book's optional variant asks a follow for the throw's pairs.
_THROW_PAIRS_NOTE = Reason(RuleId.C_3, "Throws are in neither guide; this book's optional variant asks a follow for "
                                       "the throw's pairs, as far as the hand holds them.",
                           "两份指南都没有甩牌；本书的可选变体要求尽量跟出甩牌中的对子。")


#: The other guide's reading of a tractor followed without one (SG-5 as written; SS-5 silent, C-7).
_OTHER_SHORT: dict[str, tuple[ShortTractorFollow, RuleId, str, str]] = {
    "SG": (ShortTractorFollow.TRACTORS_THEN_PAIRS, RuleId.C_7,
           "The 双升 guide is silent on part of a tractor; this book keeps shorter tractors first there (C-7), "
           "so under it {play} {does}.",
           "《双升》没有说明只有部分牌型时怎么跟；本书在《双升》下先保留较短的拖拉机（C-7），按它{play}{does_zh}。"),
    "SS": (ShortTractorFollow.PAIRS_THEN_SINGLES, RuleId.SG_5,
           "The 四人升级 guide's words ask only for other pairs of the suit, then singles, so under it {play} {does}.",
           "《四人升级》原文只要求“出其他对子或单张”，按它{play}{does_zh}。"),
}


def _follow_notes(duty: FollowDuty, play: list[Card], breach: Breach | None) -> tuple[Reason, ...]:
    """The notes behind a follow's verdict, only where they bear on it: C-7 when keeping shorter
    tractors decides the play (the convention, and what SS and SG say), and the other guide's rule when
    the two presets grade this very play differently (SG-5 against C-7).

    Rules: SG-5, SS-5, C-7
    """
    if duty.shape.kind != "tractor" or duty.tractor or not duty.must_pairs:
        return ()
    notes: list[Reason] = []
    if duty.structure and duty.rules.short_tractor_follow is ShortTractorFollow.TRACTORS_THEN_PAIRS \
            and _structure_rules_out(duty):
        notes.append(Reason(RuleId.C_7, "To keep shorter tractors first is this book's reading of “other pairs”: "
                            "the 双升 guide is silent on part of a tractor, and the 四人升级 guide's words allow any pairs.",
                            "先保留较短的拖拉机是本书的读法：《双升》没有说明只有部分牌型时怎么跟，"
                            "《四人升级》原文允许任意对子。"))
    elif duty.rules.guide == "SS" and breach in (None, "pairs"):  # pairs first, where it bears on the play:
        # the 双升 guide asks for the shape, not for part of it
        notes.append(Reason(RuleId.C_7, "The 双升 guide asks for the same shape and is silent on part of a tractor; "
                            "this book asks for the pairs first, as the 四人升级 guide does.",
                            "《双升》只要求跟出同样的牌型，没有说明只有部分牌型时怎么跟；本书和《四人升级》一样，"
                            "要求先跟出对子。"))
    other_value, rule, en, zh = _OTHER_SHORT[duty.rules.guide]
    if other_value is not duty.rules.short_tractor_follow:
        other = follow_duty(duty.ctx, duty.rules.with_variant({"short_tractor_follow": other_value.value}),
                            duty.lead, duty.hand)
        other_ok = other.breach(play) is None
        if other_ok != (breach is None):
            notes.append(Reason.make(rule, en, zh, play=sorted(play, key=duty.ctx.order_key),
                                     does=Words("follows" if other_ok else "does not follow", ""),
                                     does_zh=Words("", "可以" if other_ok else "不可以")))
    return tuple(notes)


def _structure_rules_out(duty: FollowDuty) -> bool:
    """Whether keeping shorter tractors first (C-7) refuses some choice of pairs that the 四人升级 guide's words
    ("other pairs", SG-5) allow here: where every choice keeps the structure anyway, the convention decides
    nothing and its note would not bear on the position."""
    pairs_only = follow_duty(duty.ctx, duty.rules.with_variant(
        {"short_tractor_follow": ShortTractorFollow.PAIRS_THEN_SINGLES.value}), duty.lead, duty.hand)
    return LegalFollows(pairs_only).count() > LegalFollows(duty).count()


def _pairs_words(n: int, suit: EffectiveSuit) -> Words:
    """"a pair of hearts" / "2 pairs of hearts" and 一对红桃 / 两对红桃."""
    en = {0: f"no pair of {suit.en}", 1: f"a pair of {suit.en}"}.get(n, f"{count_en(n)} pairs of {suit.en}")
    return Words(en, f"{count_zh(n)}对{suit.zh}" if n else f"没有{suit.zh}对子")


def _cards_words(n: int, suit: EffectiveSuit, one: str = "a") -> Words:
    """"a heart" / "three hearts" (``one``: how a single card is counted, "a" or "one"; none: "no hearts")
    and 一张红桃 / 三张红桃."""
    if not n:
        return Words(f"no {suit.en}", f"没有{suit.zh}")
    return Words(f"{one} {suit.one}" if n == 1 else f"{count_en(n)} {suit.en}", f"{count_zh(n)}张{suit.zh}")


def _play_units(duty: FollowDuty, play: list[Card]) -> Words | Reason:
    """What a play of the led suit is, when it is not the tractor it should be."""
    pairs = [c for c, n in Counter(play).items() if n == 2]
    if pairs and len(pairs) * 2 == len(play) and len(pairs) > 1:
        return not_adjacent_reason(duty.ctx, duty.rules, sort_cards(pairs))
    units = split_units(duty.ctx, duty.rules, play)
    words = units_words([u.pairs for u in units])
    return Words(f"it is {words.en}", f"它是{words.zh}")


def legal_follow_words(count: int) -> Words:
    """How a wrong play's verdict brings in the follow it shows, given ``count``, the number of legal
    follows the engine finds (SJ-9): "The only legal follow" / 唯一合法的跟法 for one, else "A legal
    follow" / 可以这样跟."""
    if count == 1:
        return Words("The only legal follow", "唯一合法的跟法")
    return Words("A legal follow", "可以这样跟")


def _left_out(duty: FollowDuty, play: list[Card]) -> list[Card]:
    """The cards of the led suit the hand holds that ``play`` does not play (SJ-9)."""
    played = Counter(c for c in play if duty.ctx.effective_suit(c) is duty.suit)
    return list((Counter(duty.suit_cards) - played).elements())


def _level_notes(duty: FollowDuty, play: list[Card], example: list[Card] | None = None,
                 counted_play: bool = True, own_hand: bool = True) -> dict[str, Words | Reason]:
    """Why the verdict counts level cards printed in a plain suit as trumps (SJ-4), said once, after the
    first of the lead (``lead_levels``), the play (``play_levels``, where the verdict counts its cards:
    ``counted_play``) and the follow shown (``levels``) that holds one, naming them all.  On a trump lead
    every such card counts; on a plain lead, those printed in the led suit, where the English adds "so a
    trump" (a reader's likely slip: ♠5 is no spade when 5s are the level).  On a plain lead, a level card
    of the led suit's print that only the hand holds is named after the lead, where the hand is the reader's
    (``own_hand``; another seat's cards are not the reader's to see): it is why the hand holds fewer cards of
    the suit than a reader counts."""
    plain = duty.suit is not EffectiveSuit.TRUMP
    # a play short of the suit whose hand holds no more than the lead asks: the verdict names the cards it left
    # out first ("leaves out ♦5 ♣8 ♣7"), so a level card among them is explained there, "so a trump" said too
    short = counted_play and len(duty.suit_cards) <= duty.size
    missing = _left_out(duty, play) if short else []
    groups = {"missing_levels": missing, "lead_levels": duty.lead, "play_levels": play if counted_play else [],
              "levels": example or []}
    found = {name: plain_level_cards(duty.ctx, [c for c in cards if not plain or (
        c.suit is not None and EffectiveSuit(c.suit.value) is duty.suit)]) for name, cards in groups.items()}
    in_hand = plain_level_cards(duty.ctx, [c for c in duty.hand if c.suit is not None
                                           and EffectiveSuit(c.suit.value) is duty.suit]) if plain and own_hand else []
    first = next((name for name, cards in found.items() if cards), "lead_levels" if in_hand else None)
    note = level_cards_note(duty.ctx, [c for cards in found.values() for c in cards] + in_hand,
                            so_trump=plain or bool(found["missing_levels"]))
    return {name: note if name == first else Words("", "") for name in groups}


def _explain(duty: FollowDuty, play: list[Card], breach: Breach | None, seat: int | None = None) -> Reason:
    """One sentence per language naming the rule that decides ``play`` against ``duty`` (SJ-9, SJ-10,
    SG-5/SS-5, C-3, C-4): why it follows (:func:`_why_follows`) or why not (:func:`_why_not`)."""
    ctx = duty.ctx
    ordered = sorted(play, key=ctx.order_key)
    base: dict[str, Any] = {"lead": sorted(duty.lead, key=ctx.order_key), "play": the_joker(ordered),
                            "the": the_play(ordered),  # a sentence that starts with the play: "The play of the big joker …"
                            "suit": duty.suit, "led": _led(duty), **_who(seat)}
    own = seat is None  # the reader's own hand ("your hand"): its unplayed cards may be named
    if breach is None:
        return _why_follows(duty, play, {**base, **_level_notes(duty, play, own_hand=own)})
    example = sorted(_example(duty, play), key=ctx.order_key)
    return _why_not(duty, play, breach, {**base, **_level_notes(duty, play, example, breach == "suit", own),
                                         "example": example,
                                         "legal": legal_follow_words(LegalFollows(duty).count())})


def _shortfall(duty: FollowDuty, play: list[Card], breach: Breach) -> Words | Reason:
    """What ``play`` lacks, as the end of a sentence "{play} …": cards of the led suit, a pair, pairs, the
    tractor or the shape (SJ-9, SG-5/SS-5, C-7)."""
    ctx, suit = duty.ctx, duty.suit
    if breach == "suit":
        n = sum(1 for c in play if ctx.effective_suit(c) is suit)
        if not n and len(play) == 1:  # a trump played while holding the suit: the likely slip, named
            return Words(f"is a trump, not {_cards_words(1, suit).en}", f"是主牌，不是{suit.zh}") \
                if ctx.is_trump(play[0]) and not (play[0].suit is not None and EffectiveSuit(play[0].suit.value) is suit) \
                else Words(f"is not {_cards_words(1, suit).en}", f"不是{suit.zh}")  # a level card of the suit: its note
        if not n:
            return Words(f"holds {_cards_words(0, suit).en}", f"一张{suit.zh}也没有")
        return Words(f"holds only {_cards_words(n, suit, 'one').en}", f"只有{_cards_words(n, suit).zh}")
    if breach == "tractor":
        return Reason.make(RuleId.SJ_9, "is not a tractor: {units}", "不是拖拉机：{units}", units=_play_units(duty, play))
    pairs = [c for c, k in Counter(play).items() if k == 2 and ctx.effective_suit(c) is suit]
    if breach == "structure":
        played = units_words(tractor_lengths(ctx, duty.rules, pairs))
        return Words(f"plays {played.en}", f"只是{played.zh}")
    if duty.shape.kind == "pair":
        return Words("is not a pair", "不是对子")
    words = _pairs_words(len(pairs), suit)
    return Words(f"holds only {words.en}" if pairs else f"holds {words.en}", f"只有{words.zh}" if pairs else words.zh)


def _why_not(duty: FollowDuty, play: list[Card], breach: Breach, base: dict[str, Any]) -> Reason:
    """Why ``play`` does not follow, in the players' words, then a legal follow (SJ-9, SG-5/SS-5, C-3, C-7).

    When the hand holds the pair or tractor the lead asks for, that duty is what the verdict states, even
    where the play is short of cards of the suit too: a bare count would let a reader think any cards of
    the suit will do.
    """
    ctx, suit = duty.ctx, duty.suit
    held = len(duty.suit_cards)
    if breach == "suit" and held <= duty.size:
        missing = _left_out(duty, play)
        forced = held == duty.size  # the legal follow is the cards just listed: not listed again
        return Reason.make(RuleId.SJ_9,
                           "{the}{play} leaves out {missing}{missing_levels}{play_levels}: the lead {lead} is in "
                           "{suit}{lead_levels}; "
                           "{hand} holds only {n} ({held}), so {you} must play {all}."
                           + ("" if forced else " {legal}: {example}{levels}."),
                           "{play}漏了{missing}{missing_levels}{play_levels}：首家出{lead}，是{suit}{lead_levels}，"
                           "{hand}只有{n}张{suit}"
                           "（{held}），必须{all}跟出。" + ("" if forced else "{legal}：{example}{levels}。"),
                           n=Words(count_en(held), count_zh(held)), held=sorted(duty.suit_cards, key=ctx.order_key),
                           missing=sorted(missing, key=ctx.order_key),
                           all=Words("it" if held == 1 else "both" if held == 2 else "them all", "" if held == 1 else "全部"), **base)
    played = _shortfall(duty, play, breach)
    if breach == "suit" and not (duty.tractor or duty.must_pairs):
        # the reader's trumps that are level cards of a plain suit are why the hand holds trumps at all: said where
        # the hand's trumps are counted, not after the legal follow (a hand of ♦9 ♦9 with clubs trump, ♠3 played)
        said = isinstance(base["play_levels"], Reason) or isinstance(base["lead_levels"], Reason)  # a note already
        disguised = (suit is EffectiveSuit.TRUMP and base["hand"] is _YOU["hand"] and not said
                     and plain_level_cards(ctx, duty.suit_cards))
        held_levels = level_cards_note(ctx, duty.suit_cards, so_trump=True) if disguised else _NO_WORDS
        return Reason.make(RuleId.SJ_9,
                           "{the}{play} {played}{play_levels}: the lead {lead} is in {suit}{lead_levels} and {hand} holds "
                           "{n} of them{held_levels}, so {you} must follow with {must}. {legal}: {example}{levels}.",
                           "{play}{played}{play_levels}：首家出{lead}，是{suit}{lead_levels}，{hand}有{n}张{suit}{held_levels}，"
                           "必须跟出{must}。{legal}：{example}{levels}。",
                           n=Words(count_en(held), count_zh(held)), must=_cards_words(duty.must_suit, suit),
                           played=played, **{**base, "levels": _NO_WORDS if disguised else base["levels"]},
                           held_levels=held_levels)
    if breach == "suit" and (duty.tractor or duty.structure):
        # a tractor led, the hand holding more of its suit than the lead: the plainest fault, cards of another suit
        # played, first; then the shape the follow must keep (SG-5 / SS-5, C-7)
        keep = (Reason.make(RuleId.SJ_9, ", with a tractor as long", "，并跟出同样长的拖拉机") if duty.tractor else
                Reason.make(RuleId.C_7, ", keeping {structure}", "，并尽量保持牌型（{structure}）",
                            structure=units_words(duty.structure)))
        return Reason.make(RuleId.SJ_9,
                           "{the}{play} {played}{play_levels}: the lead {lead} is {led}{lead_levels} and {hand} holds "
                           "{n}, so {you} must play {size}{keep}. {legal}: {example}{levels}.",
                           "{play}{played}{play_levels}：首家出{lead}，是{led}{lead_levels}；{hand}有{n}张{suit}，"
                           "必须跟出{size}张{suit}{keep}。{legal}：{example}{levels}。",
                           n=Words(count_en(held), count_zh(held)), size=Words(count_en(duty.size), count_zh(duty.size)),
                           keep=keep, played=played, **base)
    if duty.tractor:
        return Reason.make(RuleId.SJ_9,
                           "The lead {lead} is {led}{lead_levels}, and {hand} holds a tractor as long, so {you} must "
                           "follow with one; {play} {played}{play_levels}. {legal}: {example}{levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}有同样长的拖拉机，必须跟出；"
                           "{play}{played}{play_levels}。{legal}：{example}{levels}。", played=played, **base)
    if duty.structure:
        return Reason.make(RuleId.C_7,
                           "The lead {lead} is {led}{lead_levels}; {hand} holds no tractor as long but {tractors}, "
                           "so {you} must play {structure}; {play} {played}{play_levels}. {legal}: {example}{levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}没有同样长的拖拉机，但有{tractors}，须尽量保持牌型，"
                           "跟出{structure}；{play}{played}{play_levels}。{legal}：{example}{levels}。",
                           tractors=_held_tractors(duty), structure=units_words(duty.structure), played=played, **base)
    pairs = find_pairs(ctx, duty.suit_cards)
    if duty.shape.kind == "pair":
        jokers = all(c.is_joker for c in pairs)  # "a pair of big jokers", as players say it
        return Reason.make(RuleId.SJ_9,
                           "The lead {lead} is {led}{lead_levels} and {hand} holds {which}{pairs}, so {you} must "
                           "follow with a pair of {suit}; {play} {played}{play_levels}. {legal}: {example}{levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}有{which}{pairs}，必须跟出对子；"
                           "{play}{played}{play_levels}。{legal}：{example}{levels}。",
                           which=Words("", "") if jokers else Words("the pair " if len(pairs) == 1 else "the pairs ",
                                                                    f"{duty.suit.zh}对子"),
                           pairs=_joker_pairs(pairs) if jokers else _groups(pairs), played=played, **base)
    return _why_not_pairs(duty, pairs, played, base)


def _why_not_pairs(duty: FollowDuty, pairs: list[Card], played: Words | Reason, base: dict[str, Any]) -> Reason:
    """A tractor (or throw) lead the hand cannot match with a tractor but owes pairs to: the pairs it must
    play, then other cards of the suit if the pairs do not fill the lead (SG-5/SS-5, C-3)."""
    suit, must = duty.suit, duty.must_pairs
    fills = 2 * must >= duty.size  # the pairs fill the lead: no single follows them
    tractor = duty.shape.kind == "tractor"
    if len(pairs) == must:
        holds = ("holds no tractor as long, so {you} must play its {must_bare}" if tractor
                 else "holds {must}, so {you} must play " + ("it" if must == 1 else "them"))
    else:
        holds = ("holds no tractor as long but " if tractor else "holds ") + "{k} {pairs_of}, so {you} must play {n} of them"
    reason = Reason.make(short_tractor_rule(duty.rules) if tractor else RuleId.C_3,
                         "{the}{play} {played}{play_levels}: the lead {lead} is {led}{lead_levels}; {hand} " + holds
                         + ("" if fills else ", then other {suit}") + ". {legal}: {example}{levels}.",
                         "{play}{played}{play_levels}：首家出{lead}，是{led}{lead_levels}；{hand}{no_tractor}有{k_zh}对{suit}，"
                         + (("须跟出其中{must}。" if len(pairs) > must else "须跟出{must}。") if fills
                            else "须先跟出{must}，再跟其他{suit}。")
                         + "{legal}：{example}{levels}。",
                         k=Words(count_en(len(pairs)), ""), k_zh=Words("", count_zh(len(pairs))), n=Words(count_en(must), ""),
                         pairs_of=Words(f"pair{'s' * (len(pairs) > 1)} of {suit.en}", ""),
                         must=_pairs_words(must, suit), must_bare=Words(_pairs_words(must, suit).en.removeprefix("a "), ""),
                         no_tractor=Words("", "没有同样长的拖拉机，但") if tractor else Words("", ""), played=played, **base)
    return reason if tractor else reason.with_notes(_THROW_PAIRS_NOTE)


def _why_follows(duty: FollowDuty, play: list[Card], base: dict[str, Any]) -> Reason:
    """Why ``play`` follows: the duty it meets, in the players' words (SJ-9, SJ-10, SG-5/SS-5, C-3, C-4, C-7)."""
    ctx, shape = duty.ctx, duty.shape
    held = len(duty.suit_cards)
    if held == 0:
        return Reason.make(RuleId.SJ_10, "The lead {lead} is in {suit}{lead_levels} and {hand} holds none, so {you} may "
                           "trump (毙) or discard anything: {play} follows{play_levels}.",
                           "首家出{lead}，是{suit}{lead_levels}；{hand}没有{suit}，可以毙牌或垫任意牌：{play}可以{play_levels}。",
                           **base)
    if held < duty.size:
        return Reason.make(RuleId.SJ_9, "The lead {lead} is in {suit}{lead_levels} and {hand} holds only {n}; {play} "
                           "plays {all}{play_levels}, and {rest} may be anything.",
                           "首家出{lead}，是{suit}{lead_levels}；{hand}只有{n}张{suit}：{held}，{all}跟出了{play_levels}，"
                           "{rest}出什么都行。",
                           n=Words(count_en(held), count_zh(held)), held=sorted(duty.suit_cards, key=ctx.order_key),
                           all=Words("it" if held == 1 else "all of them", "已" if held == 1 else "都"),
                           rest=Words("the other card", "另一张") if duty.size - held == 1 else
                           Words(f"the other {count_en(duty.size - held)}", f"另外{count_zh(duty.size - held)}张"), **base)
    if held == duty.size:  # no choice: the hand's cards of the suit are the follow
        return Reason.make(RuleId.SJ_9, "The lead {lead} is in {suit}{lead_levels} and {hand} holds only {n} ({held}), "
                           "so {you} must play {all}{play_levels}.",
                           "首家出{lead}，是{suit}{lead_levels}；{hand}只有{n}张{suit}（{held}），必须{all}跟出{play_levels}。",
                           n=Words(count_en(held), count_zh(held)), held=sorted(duty.suit_cards, key=ctx.order_key),
                           all=Words("it" if held == 1 else "both" if held == 2 else "them all", "" if held == 1 else "全部"),
                           **base)
    if shape.kind == "pair" and not duty.must_pairs:
        return Reason.make(RuleId.C_4, "The lead {lead} is {led}{lead_levels} and {hand} holds {suit} but no pair of "
                           "them, so any two {suit} follow, as {play} does{play_levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}有{suit}但没有对子，跟任意两张{suit}即可，"
                           "{play}就是两张{suit}{play_levels}。", **base).with_notes(_SILENT_NOTE)
    if duty.structure:
        return Reason.make(RuleId.C_7,
                           "The lead {lead} is {led}{lead_levels} and {hand} holds no tractor as long, so the follow keeps "
                           "as much of its shape as it can: {play} is {structure}{play_levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}没有同样长的拖拉机，须尽量保持牌型：{play}是"
                           "{structure}{play_levels}。",
                           structure=units_words(duty.structure), **base)
    if shape.kind in ("tractor", "throw") and not duty.tractor:
        return _why_follows_short(duty, play, base)
    return Reason.make(RuleId.SJ_9, "The lead {lead} is {led}{lead_levels}; {play} is {led} too{play_levels}: the same "
                       "suit and shape.",
                       "首家出{lead}，是{led}{lead_levels}；{you}跟{play}{play_levels}，同门同型，合法。", **base)


def _why_follows_short(duty: FollowDuty, play: list[Card], base: dict[str, Any]) -> Reason:
    """Why ``play`` follows a tractor the hand cannot match, or a throw: any cards of the suit without a pair
    of it (C-4), the count alone (SS-5 read literally), or the pairs owed then other cards of the suit
    (SG-5/SS-5, C-3)."""
    ctx, shape, suit = duty.ctx, duty.shape, duty.suit
    rule = short_tractor_rule(duty.rules) if shape.kind == "tractor" else RuleId.C_3
    if not duty.must_pairs and (shape.kind == "throw" or not find_pairs(ctx, duty.suit_cards)):  # no pair of the suit held: any cards
        # of it, under every reading (first); pairs held but not required is the suit-count reading below
        return Reason.make(rule, "The lead {lead} is {led}{lead_levels} and {hand} holds no pair of {suit}, so any {n} "
                           "{suit} follow, as {play} does{play_levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}没有{suit}对子，跟任意{n}张{suit}即可，"
                           "{play}就是{n}张{suit}{play_levels}。",
                           n=Words(count_en(duty.size), count_zh(duty.size)), **base).with_notes(_SILENT_NOTE)
    if shape.kind == "tractor" and duty.rules.short_tractor_follow is ShortTractorFollow.SUIT_COUNT_ONLY:
        return Reason.make(rule, "The lead {lead} is {led}{lead_levels} and {hand} holds no tractor as long; under "
                           "this variant only the count of {suit} matters then, so {play} follows{play_levels}.",
                           "首家出{lead}，是{led}{lead_levels}；{hand}没有同样长的拖拉机；按此变体，这时只看{suit}的张数："
                           "{play}都是{suit}{play_levels}。", **base)
    more = len(play) > 2 * duty.must_pairs  # cards of the suit besides the pairs owed
    rest_en, rest_zh = (", then other {suit}." if more else "."), ("，其余为{suit}。" if more else "，合法。")
    if shape.kind == "throw":
        return Reason.make(rule, "The lead {lead} is {led}{lead_levels} holding {must_n}; {play} plays {must} as "
                           "required{play_levels}" + rest_en,
                           "首家出{lead}，是{led}{lead_levels}，其中有{must_n}；{play}按要求跟出{must}{play_levels}" + rest_zh,
                           must=_pairs_words(duty.must_pairs, suit),
                           must_n=_pairs_words(shape.pairs, suit), **base).with_notes(_THROW_PAIRS_NOTE)
    return Reason.make(rule, "The lead {lead} is {led}{lead_levels} and {hand} holds no tractor as long; {play} plays "
                       "{must} as required{play_levels}" + rest_en,
                       "首家出{lead}，是{led}{lead_levels}；{hand}没有同样长的拖拉机；{play}按要求跟出{must}{play_levels}"
                       + rest_zh, must=_pairs_words(duty.must_pairs, suit), **base)


def _held_tractors(duty: FollowDuty) -> Reason:
    """The hand's tractors of the led suit, split longest first (SJ-6), as cards in both languages."""
    return _groups([list(u.cards) for u in split_units(duty.ctx, duty.rules, duty.suit_cards) if u.pairs > 1])


def _joker_pairs(jokers: list[Card]) -> Reason:
    """Pairs of jokers as players name them: "a pair of big jokers and a pair of little jokers" (SJ-6)."""
    params = {f"j{i}": the_joker([card, card]) for i, card in enumerate(jokers)}
    return Reason.make(RuleId.SJ_6, " and ".join(f"{{{name}}}" for name in params), "、".join(f"{{{name}}}" for name in params),
                       **params)


def _groups(groups: list[list[Card]] | list[Card]) -> Reason:
    """Groups of cards named one by one: "♥8 ♥8, ♥6 ♥6 and ♥5 ♥5" / "♥8 ♥8、♥6 ♥6、♥5 ♥5"; a bare card
    stands for its pair."""
    lists = [g if isinstance(g, list) else [g, g] for g in groups]
    params = {f"g{i}": group for i, group in enumerate(lists)}
    names = [f"{{g{i}}}" for i in range(len(lists))]
    en = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return Reason.make(RuleId.SJ_6, en, "、".join(names), **params)
