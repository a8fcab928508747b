"""One whole hand of Shengji as a state machine, and a game of hands until one team wins.

Phases: ``deal`` (cards one at a time, calls at any moment, then :meth:`ShengjiHand.close_calls`)
→ ``bury`` (the dealer holds the kitty and buries 8) → ``play`` (25 tricks) → ``over`` (the
kitty is scored, levels move, the next dealer is known).  Every action returns the events it
caused, each with the :class:`~cardlib.explain.Reason` that decided it; a refused action
raises :class:`~cardlib.errors.IllegalActionError` and leaves the hand unchanged.

Rules: SJ-1, SJ-2, SJ-7, SJ-8, SJ-11, SJ-12, SJ-13, SG-E1, SG-2, SS-2, SG-9, SS-9

>>> from cardlib.shengji.rules import get_ruleset
>>> hand = ShengjiHand(get_ruleset("shengji"), seed=7)
>>> events = hand.deal_card()
>>> events[0].kind, events[0].seat, hand.phase
('deal', 0, 'deal')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, TypeAlias

from ..cards import DECK_WITH_JOKERS, Card, Rank, format_cards, parse_cards
from ..errors import IllegalActionError, InvalidPositionError
from ..explain import Reason, Seat, Verdict, Words
from ..result import short
from ..rule_ids import RuleId
from ..words import card_text, cards_text, seat_name
from .calling import (
    CallState,
    apply_call,
    check_call,
    explain_trump,
    first_hand_dealer,
    no_call_first_dealer,
    turn_kitty,
)
from .combos import shape_of
from .follow import check_follow
from .leads import check_lead
from .progression import Progress, after_hand, check_levels, check_seat, next_seat, team_of, team_words
from .rules import Cut, NoCall, Ruleset, RulesetLike, as_ruleset
from .scoring import KITTY_SIZE, LevelChange, kitty_score, level_change, trick_points
from .throws import resolve_throw
from .trick import find_trick_winner
from .trump import TrumpContext

SEATS = 4
#: SJ-1: two full decks with jokers.
FULL_DECK: tuple[Card, ...] = DECK_WITH_JOKERS * 2
#: SJ-2: 25 cards to each of the four players.
HAND_SIZE = 25
DEALT = HAND_SIZE * SEATS


#: The phases of a hand, in order (a snapshot's and the tutor's ``phase``, as JSON carries it).
Phase: TypeAlias = Literal["deal", "bury", "play", "over"]
#: What an :class:`Event` records (its ``kind``, as JSON and the front ends see it).
HandEventKind: TypeAlias = Literal["deal", "call", "redeal", "dealer", "turn", "trump", "kitty", "bury", "turn_to_lead",
                                   "throw", "play", "trick", "kitty_score", "level_change", "next"]


# --- the deal and the burial (SJ-2, SJ-7) ----------------------------------------------------

def deal_order(dealer: int) -> list[int]:
    """SJ-2: the seats in the order they are dealt to: the dealer first, then counterclockwise."""
    return [(check_seat(dealer, "dealer") + i) % SEATS for i in range(SEATS)]


def cut_by(rules: RulesetLike, dealer: int) -> int | None:
    """SJ-2: who cuts the deck: SG has the player after the dealer; SS is silent (None)."""
    return next_seat(check_seat(dealer, "dealer")) if as_ruleset(rules).cut is Cut.AFTER_DEALER else None


def shuffled_deck(rng: random.Random) -> list[Card]:
    """SJ-1, SJ-2: both decks (108 cards), shuffled by a seeded generator."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck


def check_bury(hand: Sequence[Card] | str, kitty: Sequence[Card] | str, bury: Sequence[Card] | str) -> Verdict:
    """SJ-7: the dealer may bury any 8 of the 33 cards it holds, trumps and points included.

    Raises :class:`InvalidPositionError` for a count other than 8 or cards not held, saying
    which cards are wrong:

    >>> check_bury("S5 H3", "S5 C3 C4 C6 C7 C8 C9", "S5 S5 S5 SJ C3 C4 C6 C7")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidPositionError: the dealer cannot bury ♠5 3 times (the hand and the kitty hold only 2)
    or ♠J (not held): the dealer buries 8 of the cards in the hand and the kitty (SJ-7)
    """
    hand, kitty, bury = parse_cards(hand), parse_cards(kitty), parse_cards(bury)
    if len(bury) != KITTY_SIZE:
        raise InvalidPositionError(f"the dealer buries exactly {KITTY_SIZE} cards (SJ-7), not {len(bury)}"
                                   + (f": {cards_text(bury)}" if bury else ""))
    held = Counter(hand) + Counter(kitty)
    wrong = []
    for card, count in Counter(bury).items():
        if held[card] < count:
            times = f" {count} times" if count > 1 else ""
            has = "not held" if not held[card] else f"the hand and the kitty hold only {held[card]}"
            wrong.append(f"{card_text(card)}{times} ({has})")
    if wrong:
        raise InvalidPositionError(f"the dealer cannot bury {' or '.join(wrong)}: the dealer buries {KITTY_SIZE} of "
                                   f"the cards in the hand and the kitty (SJ-7)")
    points = trick_points(bury)
    return Verdict(True, Reason.make(RuleId.SJ_7, "The dealer may bury any {size} cards, trumps and points included: "
                                                  "{bury} ({points} points) go down.",
                                     "庄家可扣任意{size}张牌，主牌和分牌都可以：扣下{bury}（{points}分）。",
                                     size=KITTY_SIZE, bury=list(bury), points=points))


#: Each phase in words, and the rule it belongs to (SJ-2 the deal, SJ-7 the burial, SJ-8 the play, SJ-12 the end).
_PHASES: dict[Phase, tuple[str, str, RuleId]] = {
    "deal": ("the deal", "发牌", RuleId.SJ_2), "bury": ("the burial of the kitty", "扣底", RuleId.SJ_7),
    "play": ("the play", "出牌", RuleId.SJ_8), "over": ("the end of the hand", "结束", RuleId.SJ_12)}
_ACTIONS = {"deal a card": Words("deal a card", "发牌"), "call": Words("call trump", "亮主"),
            "close the calls": Words("close the calls", "结束亮主"), "bury": Words("bury the kitty", "扣底"),
            "play": Words("play cards", "出牌")}


def _bury_refusal(hand: Sequence[Card], bury: Sequence[Card]) -> Reason:
    """SJ-7: why the dealer cannot bury ``bury`` (a count other than 8, or cards not held)."""
    if len(bury) != KITTY_SIZE:
        return Reason.make(RuleId.SJ_7, "The dealer buries exactly {size} cards, not {count}.",
                           "庄家须扣{size}张牌，不是{count}张。", size=KITTY_SIZE, count=len(bury))
    held = Counter(hand)
    card, count = next((c, n) for c, n in Counter(bury).items() if held[c] < n)
    return Reason.make(RuleId.SJ_7, "The dealer cannot bury {card} {count} × : the dealer's 33 cards hold {held}.",
                       "庄家扣不了{count}张{card}：手中只有{held}张。", card=card, count=count, held=held[card])


def _play_refusal(seat: int, hand: Sequence[Card], play: list[Card], lead: Sequence[Card] | None) -> Reason | None:
    """Why ``seat`` cannot play ``play`` at all: no cards, cards it does not hold, or (SJ-9) not as many
    cards as the lead; None when the rules of leading and following are to decide."""
    if not play:
        return Reason.make(RuleId.SJ_8, "{seat} must play at least one card.", "{seat}至少要出一张牌。", seat=Seat(seat))
    held = Counter(hand)
    missing = [c for c, n in Counter(play).items() if held[c] < n]
    if missing:
        return Reason.make(RuleId.SJ_8, "{seat} does not hold the cards {play}: {missing} is not in the hand.",
                           "{seat}手中没有{play}：没有{missing}。", seat=Seat(seat), play=play, missing=missing[:1])
    if lead is not None and len(play) != len(lead):
        return Reason.make(RuleId.SJ_9, "A follow plays as many cards as the lead: {lead} is {n} cards, {play} {m}.",
                           "跟牌张数须与首家相同：首家出{lead}共{n}张，{play}是{m}张。",
                           lead=list(lead), n=len(lead), play=play, m=len(play))
    return None


@cache
def _deal_reason(number: int, seat: int) -> Reason:
    """SJ-2: card ``number`` of 100 goes to ``seat`` (a reason is immutable, so each is made once)."""
    return Reason.make(RuleId.SJ_2, "Card {number} of {total} goes to {seat}.", "第{number}/{total}张牌发给{seat}。",
                       number=number, total=DEALT, seat=Seat(seat))


def _take(hand: list[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Remove ``cards`` (known to be held) from ``hand``; the very card objects dealt move on."""
    return tuple(hand.pop(hand.index(card)) for card in cards)


# --- events and snapshots -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Event:
    """What happened: a kind (``deal``, ``call``, ``trump``, ``redeal``, ``kitty``, ``bury``,
    ``play``, ``trick``, ``score``), the seat concerned, the cards, a value and the reason."""

    kind: HandEventKind
    seat: int | None
    cards: tuple[Card, ...]
    reason: Reason
    value: Any = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (for widgets stepping through a hand)."""
        return {"kind": self.kind, "seat": self.seat, "cards": [str(c) for c in self.cards],
                "reason": self.reason.to_dict(), "value": self.value}

    def __str__(self) -> str:
        """The event as a player reads it: ``deal: South ♠A (SJ-2: ...)``."""
        who = "" if self.seat is None else f"{seat_name(self.seat)} "
        cards = f"{cards_text(self.cards)} " if self.cards else ""
        return f"{self.kind}: {who}{cards}({self.reason})"

    def __repr__(self) -> str:
        """One short line: ``<Event deal: South ♠Q (SJ-2: Card 5 of 100 goes to South.)>``."""
        return f"<Event {short(str(self))}>"

    def _repr_html_(self) -> str:
        """A notebook shows the seat, the cards drawn and the reason (:func:`cardlib.render.event_html`)."""
        from ..render import event_html

        return event_html(self)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: points, kitty, level change and where the game goes next."""

    dealer: int
    attacker_trick_points: int
    kitty_points: int
    attacker_points: int
    defender_trick_points: int
    change: LevelChange
    progress: Progress

    def __repr__(self) -> str:
        levels = ", ".join(str(level) for level in self.progress.levels)
        return (f"<HandResult dealer={self.dealer} attackers {self.attacker_trick_points} + kitty {self.kitty_points}"
                f" = {self.attacker_points}, {self.change!r}, next dealer {self.progress.next_dealer}, levels "
                f"{levels}{'' if self.progress.winner is None else f', team {self.progress.winner} wins'}>")

    def _repr_html_(self) -> str:
        """A notebook shows the points, the kitty, the level change and the next hand (:mod:`cardlib.render`)."""
        from ..render import hand_result_html

        return hand_result_html(self)


@dataclass(frozen=True, slots=True)
class HandSnapshot:
    """A frozen copy of everything visible in a hand at one moment (for stepping a UI)."""

    phase: Phase
    dealer: int | None
    trump: str | None
    hands: tuple[tuple[Card, ...], ...]
    undealt: int
    kitty: tuple[Card, ...]
    buried: tuple[Card, ...]
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks_played: int
    points: tuple[int, int]
    to_act: int | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: cards as canonical strings."""
        return {"phase": self.phase, "dealer": self.dealer, "trump": self.trump,
                "hands": [[str(c) for c in hand] for hand in self.hands], "undealt": self.undealt,
                "kitty": [str(c) for c in self.kitty], "buried": [str(c) for c in self.buried],
                "trick": [[seat, [str(c) for c in cards]] for seat, cards in self.trick],
                "tricks_played": self.tricks_played, "points": list(self.points), "to_act": self.to_act}


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: the plays in order (seat, cards), the winning seat and its points."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


# --- the hand ---------------------------------------------------------------------------------

class ShengjiHand:
    """One hand from the shuffle to the level change.

    ``levels`` are team 0's and team 1's levels; ``dealer`` is None for the first hand of a
    game, whose dealer the calls decide (SS-9 / SG-9; the deal then begins at seat 0).
    """

    def __init__(self, rules: RulesetLike = "shengji", levels: Sequence[Rank | str] = (Rank.TWO, Rank.TWO),
                 dealer: int | None = None, seed: int = 0) -> None:
        self.rules: Ruleset = as_ruleset(rules)
        rules = self.rules
        self.levels = check_levels(levels)
        self.first_hand = dealer is None
        if dealer is None:
            if self.levels[0] is not self.levels[1]:
                raise InvalidPositionError("the first hand (no dealer yet) needs both teams at one level")
            dealer = first_hand_dealer(rules, CallState(self.levels[0]))[0]
        self.dealer: int | None = None if dealer is None else check_seat(dealer, "dealer")
        self.level = self.levels[0] if self.dealer is None else self.levels[team_of(self.dealer)]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidPositionError(f"a seed is a whole number, not {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)
        self.log: list[Event] = []
        self._actions: list[tuple[str, tuple[Any, ...]]] = []
        self._last_check: tuple[tuple[Any, ...], Verdict] | None = None
        self._start_deal()

    def _start_deal(self) -> None:
        self.phase: Phase = "deal"
        self._deck = shuffled_deck(self._rng)
        self._dealt = 0
        self._first_to = 0 if self.dealer is None else self.dealer
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.kitty: tuple[Card, ...] = tuple(self._deck[DEALT:])
        self.buried: tuple[Card, ...] = ()
        self.calls = CallState(self.level)
        self.ctx: TrumpContext | None = None
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.tricks: list[Trick] = []
        self.points = [0, 0]
        self.to_act: int | None = None
        self.result: HandResult | None = None

    # --- views ---

    def __repr__(self) -> str:
        trump = "" if self.ctx is None else f", trump={'none' if self.ctx.trump is None else self.ctx.trump.value!r}"
        return (f"<ShengjiHand {self.rules.name} level {self.level}{trump}, phase {self.phase!r}, "
                f"{len(self.tricks)} tricks played, points {self.points[0]}-{self.points[1]}>")

    def _repr_html_(self) -> str:
        """A notebook shows the table: level, trump, each seat's sorted cards, the trick, the points."""
        from ..render import shengji_hand_html

        return shengji_hand_html(self)

    @property
    def undealt(self) -> int:
        return DEALT - self._dealt

    @property
    def next_to_deal(self) -> int | None:
        """The seat the next card goes to (SJ-2), or None once all 100 are dealt."""
        return None if self._dealt >= DEALT else (self._first_to + self._dealt) % SEATS

    @property
    def attackers(self) -> int:
        """The non-dealer team (SJ-12)."""
        if self.dealer is None:
            raise IllegalActionError("no dealer yet: the attackers are not known")
        return 1 - team_of(self.dealer)

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led to the current trick, if one has been led."""
        return self.trick[0][1] if self.trick else None

    def all_cards(self) -> list[Card]:
        """Every card wherever it is (SJ-1: always the 108 of two decks)."""
        cards = self._deck[self._dealt:DEALT] + [c for hand in self.hands for c in hand]
        cards += self.kitty + self.buried
        cards += [c for _seat, play in self.trick for c in play]
        cards += [c for trick in self.tricks for _seat, play in trick.plays for c in play]
        return cards

    def snapshot(self) -> HandSnapshot:
        """A frozen copy of the visible state."""
        trump = None
        if self.ctx is not None:
            trump = "none" if self.ctx.trump is None else self.ctx.trump.value
        return HandSnapshot(self.phase, self.dealer, trump, tuple(tuple(h) for h in self.hands),
                            self.undealt, self.kitty, self.buried, tuple(self.trick), len(self.tricks),
                            (self.points[0], self.points[1]), self.to_act)

    def history(self) -> list[tuple[Event, HandSnapshot]]:
        """Every event with the snapshot after the action that caused it, by replaying the
        recorded actions on a fresh hand (so a UI can step forward and back)."""
        replay = ShengjiHand(self.rules, self.levels, None if self.first_hand else self.dealer, self.seed)
        steps: list[tuple[Event, HandSnapshot]] = []
        for name, args in self._actions:
            events = getattr(replay, name)(*args)
            snap = replay.snapshot()
            steps.extend((event, snap) for event in events)
        return steps

    # --- actions ---

    def _record(self, name: str, args: tuple[Any, ...], events: list[Event]) -> tuple[Event, ...]:
        self._actions.append((name, args))
        self.log.extend(events)
        return tuple(events)

    def _require_phase(self, phase: Phase, action: str) -> None:
        if self.phase != phase:
            now, then = _PHASES[self.phase], _PHASES[phase]
            raise IllegalActionError(Reason.make(
                then[2], "You cannot {action} now: the hand is in the phase of {now}, not of {then}.",
                "现在不能{action}：牌局处于{now}阶段，不是{then}阶段。",
                action=_ACTIONS[action], now=Words(now[0], now[1]), then=Words(then[0], then[1])))

    def deal_card(self) -> tuple[Event, ...]:
        """SJ-2: deal the next card to the next seat counterclockwise."""
        self._require_phase("deal", "deal a card")
        seat = self.next_to_deal
        if seat is None:
            raise IllegalActionError(Reason.make(RuleId.SJ_2, "The deal is done: all {dealt} cards are dealt; the last {kitty} are the kitty.",
                                                 "{dealt}张牌已发完，最后{kitty}张是底牌。", dealt=DEALT, kitty=KITTY_SIZE))
        card = self._deck[self._dealt]
        self._dealt += 1
        self.hands[seat].append(card)
        reason = _deal_reason(self._dealt, seat)
        return self._record("deal_card", (), [Event("deal", seat, (card,), reason)])

    def check_call(self, seat: int, cards: Iterable[Card] | str) -> Verdict:
        """Whether ``seat`` may show ``cards`` as a call now (SG-1 / SS-1); errors for bad input."""
        self._require_phase("deal", "call")
        seat = check_seat(seat)
        shown = parse_cards(cards)
        held = Counter(self.hands[seat])
        for card, count in Counter(shown).items():
            if held[card] < count:
                raise IllegalActionError(Reason.make(
                    self.rules.rule_of("calling"), "{seat} cannot show {shown}: {seat} does not hold {count} × {card}.",
                    "{seat}亮不出{shown}：手中没有{count}张{card}。", seat=Seat(seat), shown=shown, count=count,
                    card=card))
        return check_call(self.rules, self.calls, seat, shown)

    def call(self, seat: int, cards: Iterable[Card] | str) -> tuple[Event, ...]:
        """SG-1 / SS-1: show level cards or jokers during the deal to call or override trump."""
        verdict = self.check_call(seat, cards)
        if not verdict:
            raise IllegalActionError(verdict.reason)
        shown = tuple(parse_cards(cards))
        self.calls = apply_call(self.rules, self.calls, seat, shown)
        return self._record("call", (seat, format_cards(shown)), [Event("call", seat, shown, verdict.reason)])

    def close_calls(self) -> tuple[Event, ...]:
        """The deal is over: fix trump and dealer (or turn the kitty, SG-2, or deal again), and
        give the dealer the kitty (SJ-7)."""
        self._require_phase("deal", "close the calls")
        if self._dealt < DEALT:
            raise IllegalActionError(Reason.make(RuleId.SJ_2, "{left} cards are still to be dealt.", "还有{left}张牌没发。",
                                                 left=DEALT - self._dealt))
        events: list[Event] = []
        if not self.calls.has_call and self.rules.no_call is NoCall.REDEAL:
            self._start_deal()
            reason = Reason.make(RuleId.SG_2, "Nobody called: under this variant the cards are shuffled and dealt "
                                              "again (the 四人升级 guide turns the kitty instead).",
                                 "无人亮主：按此变体重新洗牌发牌（《四人升级》是翻底定主）。")
            return self._record("close_calls", (), [Event("redeal", None, (), reason)])
        if self.dealer is None:
            dealer, why = first_hand_dealer(self.rules, self.calls)
            if dealer is None or why is None:
                dealer = 0
                why = no_call_first_dealer(dealer)
            self.dealer = dealer
            events.append(Event("dealer", dealer, (), why, dealer))
        if self.calls.has_call:
            trump, why = self.calls.trump, explain_trump(self.rules, self.calls)
        else:
            trump, index, why = turn_kitty(self.kitty)
            events.append(Event("turn", self.dealer, self.kitty[:index + 1], why, trump))
        self.ctx = TrumpContext(self.level, trump)
        events.append(Event("trump", None, (), why, "none" if trump is None else trump.value))
        self.hands[self.dealer].extend(self.kitty)
        picked, self.kitty = self.kitty, ()
        events.append(Event("kitty", self.dealer, picked,
                            Reason.make(RuleId.SJ_7, "{seat}, the dealer, picks up the {size} kitty cards.",
                                        "庄家{seat}收起{size}张底牌。", seat=Seat(self.dealer), size=KITTY_SIZE)))
        self.phase = "bury"
        self.to_act = self.dealer
        return self._record("close_calls", (), events)

    def bury(self, cards: Iterable[Card] | str) -> tuple[Event, ...]:
        """SJ-7: the dealer buries any 8 cards; then the dealer leads the first trick (SJ-8)."""
        self._require_phase("bury", "bury")
        assert self.dealer is not None
        buried = parse_cards(cards)
        try:
            verdict = check_bury(self.hands[self.dealer], (), buried)
        except InvalidPositionError:
            raise IllegalActionError(_bury_refusal(self.hands[self.dealer], buried)) from None
        self.buried = _take(self.hands[self.dealer], buried)
        self.phase = "play"
        self.to_act = self.dealer
        lead = Reason.make(RuleId.SJ_8, "The dealer, {seat}, leads the first trick.", "庄家{seat}首先出牌。",
                           seat=Seat(self.dealer))
        return self._record("bury", (format_cards(buried),),
                            [Event("bury", self.dealer, self.buried, verdict.reason),
                             Event("turn_to_lead", self.dealer, (), lead)])

    def check_play(self, seat: int, cards: Iterable[Card] | str) -> Verdict:
        """Whether ``seat`` may play ``cards`` now: its turn, then SJ-6 / C-3 for a lead, SJ-9 /
        SJ-10 for a follow.  Bad input (cards not held, wrong count) raises IllegalActionError."""
        self._require_phase("play", "play")
        seat = check_seat(seat)
        if seat != self.to_act:
            raise IllegalActionError(Reason.make(RuleId.SJ_8, "It is {to_act}'s turn, not {seat}'s.",
                                                 "轮到{to_act}出牌，不是{seat}。", to_act=Seat(self.to_act or 0),
                                                 seat=Seat(seat)))
        assert self.ctx is not None
        key = (len(self._actions), seat, tuple(parse_cards(cards)))
        if self._last_check is not None and self._last_check[0] == key:
            return self._last_check[1]  # asked again before any action: same answer (cheap replay)
        refusal = _play_refusal(seat, self.hands[seat], list(key[2]), self.trick[0][1] if self.trick else None)
        if refusal is not None:
            raise IllegalActionError(refusal)
        try:
            if not self.trick:
                verdict = check_lead(self.ctx, self.rules, self.hands[seat], key[2])
            else:
                verdict = check_follow(self.ctx, self.rules, list(self.trick[0][1]), self.hands[seat], key[2],
                                       seat=seat)
        except InvalidPositionError as error:
            raise IllegalActionError(str(error)) from None
        self._last_check = (key, verdict)
        return verdict

    def play(self, seat: int, cards: Iterable[Card] | str) -> tuple[Event, ...]:
        """Play to the trick (SJ-8, SJ-9, SJ-10); the fourth play settles it (SJ-11), the last
        trick settles the hand (SJ-12, SJ-13).  A throw lead (C-3) that another hand beats is
        reduced to its smallest beaten unit; the rest stays in the hand."""
        verdict = self.check_play(seat, cards)
        if not verdict:
            raise IllegalActionError(verdict.reason)
        assert self.ctx is not None
        wanted = parse_cards(cards)
        events = []
        if not self.trick and self.rules.throws and shape_of(self.ctx, self.rules, wanted).kind == "throw":
            others = [self.hands[(seat + i) % SEATS] for i in range(1, SEATS)]
            throw = resolve_throw(self.ctx, self.rules, wanted, others, thrower=seat)
            events.append(Event("throw", seat, tuple(wanted), throw.reason, throw.stands))
            wanted = throw.play
        played = _take(self.hands[seat], wanted)
        self.trick.append((seat, played))
        events.append(Event("play", seat, played, verdict.reason))
        if len(self.trick) < SEATS:
            self.to_act = next_seat(seat)
        else:
            events.extend(self._finish_trick())
        return self._record("play", (seat, format_cards(played)), events)

    def _finish_trick(self) -> list[Event]:
        assert self.ctx is not None
        plays = [list(cards) for _seat, cards in self.trick]
        result = find_trick_winner(self.ctx, self.rules, plays, leader=self.trick[0][0])
        winner = self.trick[result.winner][0]
        points = trick_points(c for play in plays for c in play)
        self.points[team_of(winner)] += points
        self.tricks.append(Trick(tuple(self.trick), winner, points))
        self.trick = []
        self.to_act = winner
        events = [Event("trick", winner, (), result.reason, points)]
        if not any(self.hands):
            events.extend(self._score(plays, result.winner))
        return events

    def _score(self, last_plays: list[list[Card]], winning_index: int) -> list[Event]:
        """SJ-12 (SG-E1: the last trick is simply the last), SG-7 / SS-7, SG-8, SS-8."""
        assert self.ctx is not None and self.dealer is not None
        attackers = self.attackers
        won_last = team_of(self.tricks[-1].winner) == attackers
        kitty, kitty_reason = kitty_score(self.ctx, self.rules, self.buried, last_plays, won_last,
                                          winning_index, leader=self.tricks[-1].plays[0][0])
        total = self.points[attackers] + kitty
        change, change_reason = level_change(self.rules, total)
        progress = after_hand(self.rules, self.dealer, self.levels, change)
        self.result = HandResult(self.dealer, self.points[attackers], kitty, total, self.points[1 - attackers],
                                 change, progress)
        self.phase = "over"
        self.to_act = None
        return [Event("kitty_score", self.tricks[-1].winner, self.buried, kitty_reason, kitty),
                Event("level_change", None, (), change_reason, change.to_dict()),
                Event("next", progress.next_dealer, (), progress.reason, progress.to_dict())]


class ShengjiGame:
    """Hands one after another, levels and dealer carried over, until a team wins (SJ-13, SS-8).

    Each hand's seed comes from the game's seeded generator, so a game replays exactly.
    """

    def __init__(self, rules: RulesetLike = "shengji", seed: int = 0,
                 levels: Sequence[Rank | str] = (Rank.TWO, Rank.TWO)) -> None:
        self.rules: Ruleset = as_ruleset(rules)
        rules = self.rules
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidPositionError(f"a seed is a whole number, not {seed!r}")
        self._seeds = random.Random(seed)
        self.levels = check_levels(levels)
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.hand = ShengjiHand(rules, self.levels, None, self._seeds.getrandbits(64))

    @property
    def over(self) -> bool:
        return self.winner is not None

    def __repr__(self) -> str:
        levels = ", ".join(str(level) for level in self.levels)
        won = "" if self.winner is None else f", won by team {self.winner}"
        return f"<ShengjiGame {self.rules.name}, {len(self.results)} hands played, levels {levels}{won}>"

    def _repr_html_(self) -> str:
        """A notebook shows each finished hand's outcome, then the hand being played (:mod:`cardlib.render`)."""
        from ..render import shengji_game_html

        return shengji_game_html(self)

    def next_hand(self) -> ShengjiHand | None:
        """Take the finished hand into the game (levels, winner: SJ-13, SS-8) and start the
        next one with the next dealer (SG-8); None once a team has won."""
        result = self.hand.result
        if result is None:
            raise IllegalActionError("the current hand is not over yet")
        if self.winner is not None:
            raise IllegalActionError(f"the game is over: {team_words(self.winner).en} have won")
        self.results.append(result)
        self.levels = result.progress.levels
        self.winner = result.progress.winner
        if self.over:
            return None
        self.hand = ShengjiHand(self.rules, self.levels, result.progress.next_dealer, self._seeds.getrandbits(64))
        return self.hand
