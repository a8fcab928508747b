"""The game state machine of 一上一下: whose turn, which face, the target, challenges, the winner.

Rules: YS-1 … YS-16, YS-E1.  Turn order: after a card is played the next seat
plays (YS-E1: after 乙's card stands it is 丙, not 甲); after a challenge the
taker leads (YS-10).  Every transition returns the events it caused, each with a
reason; an illegal action raises :class:`IllegalPlayError` and changes nothing.

Conventions where the document is silent (all documented in the book):

- A face-up card is established at once (it cannot be challenged, YS-8), so a
  face-up last card wins at once if it is not below the target; below the target
  it draws, and the player is not out, unless the draw pile is empty: then there
  is nothing to draw and the card wins (YS-12 with YS-16).
- A face-down last card wins when its window closes unchallenged (``pass``) or a
  challenge fails.  The next player may not close that window by playing, since
  the game would already be over: they pass or challenge (YS-12).
- A claim on a face-up turn must name the card's real rank (YS-6: claimed truthfully).
- While a window is open, :attr:`Game.target` is still the target that stood
  before the face-down card; it becomes the claim when the card stands (YS-4, YS-11).

>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
>>> _ = game.play("S8"); _ = game.play("D10", claim="10")
>>> [str(e.reason.rule) for e in game.pass_challenge()], game.next_player, str(game.target)
(['YS-11'], 2, '10')
>>> game
<Game 3 players, player C to play face up, target 10, pile 2, hands [1, 1, 2], draw pile 1>
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank, check_copies, format_cards, parse_cards
from ..errors import (
    IllegalActionError,
    ImpossibleHandError,
    InvalidPositionError,
    NotationError,
    RulesetError,
)
from ..explain import Reason, Verdict
from ..words import player_name
from . import reasons
from .actions import Action, Challenge, Pass, Play
from .challenge import challenge_outcome, nearest_challenger, taker
from .deal import check_player_count, deal, draw_for_first
from .events import Event, EventKind, Events
from .pile import Face, PileCard
from .pile import next_face as _face_of
from .players import PlayerLike, parse_player
from .ranks import LOWEST, ORDER, is_below, parse_rank
from .rules import YISHANG, Ruleset, get_ruleset


def _read_cards(value: object, what: str) -> list[Card]:
    """A card list given as a string in the notation or a list of cards / card strings."""
    if not isinstance(value, (str, list, tuple)):
        raise InvalidPositionError(f"{what} must be a card list such as \"S8 H3\", not {value!r}")
    try:
        return parse_cards(value)
    except NotationError as error:
        raise NotationError(f"{what}: {error}") from None


def _read_card(value: object) -> Card:
    """One card: a :class:`Card` or a token such as ``"S8"``."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise NotationError(f"bad card {value!r}: expected a card such as \"S8\" (♠8)")
    cards = parse_cards(value)
    if len(cards) != 1:
        raise NotationError(f"bad card {value!r}: expected one card such as \"S8\" (♠8)")
    return cards[0]


def _read_rules(rules: object) -> Ruleset:
    """A ruleset, or a preset's name (``"yishang"``, ``"yishang-fewest"``)."""
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str):
        return get_ruleset(rules)
    raise RulesetError(f"rules must be a 一上一下 Ruleset or a preset name such as \"yishang\", not {rules!r}")


class IllegalPlayError(IllegalActionError):
    """An action the state refuses; ``reason`` cites the rule.  The state is unchanged."""

    reason: Reason

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Window:
    """An open challenge window: the face-down card on top of the pile, not yet covered.

    Rules: YS-8
    """

    seat: int
    claim: Rank
    target_before: Rank
    last_card: bool


class Game:
    """One game of 一上一下, from a deal (:meth:`new`) or from a given position.

    ``hands``: one card list per seat (seats play in order 0 … n-1); ``draw_pile``:
    top card first; ``first``: the seat that leads.  The cards must be distinct cards
    of one 52-card deck; every hand needs at least one card.
    """

    def __init__(self, hands: Sequence[str | Iterable[str | Card]], draw_pile: str | Iterable[str | Card] = (),
                 first: int | str = 0, rules: Ruleset | str = YISHANG) -> None:
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise InvalidPositionError("hands must be a list with one card list per player")
        players = check_player_count(len(hands))
        parsed = [_read_cards(hand, f"player {'ABCD'[seat]}'s hand") for seat, hand in enumerate(hands)]
        drawn = _read_cards(draw_pile, "the draw pile")
        try:
            check_copies([c for hand in parsed for c in hand] + drawn, 1, jokers=False, what="position")
        except ImpossibleHandError as error:
            raise ImpossibleHandError(f"YS-1: {error}") from None
        for seat, hand in enumerate(parsed):
            if not hand:
                raise InvalidPositionError(f"YS-12: player {'ABCD'[seat]}'s hand is empty: the game would be over")
        first = parse_player(first, players, "YS-3: bad first player")
        self.rules = _read_rules(rules)
        self._hands = parsed
        self._draw = drawn[::-1]  # top card last, so drawing is a pop()
        self._pile: list[PileCard] = []
        self._target = LOWEST
        self._next = first
        self._turn_reason: Reason | None = reasons.leads_game(first)
        self._turn_from = first  # after a play, the player who played (the reason is made when asked)
        self._window: Window | None = None
        self._winner: int | None = None
        self._log: list[Event] = []
        self._lows = [len(hand) for hand in parsed]
        self._outled: int | None = None  # a challenger whose successful challenge gave the lead away (YS-E2)
        self._stalled = 0

    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, rules: Ruleset | str = YISHANG) -> Game:
        """A new game: draw for the first player, then shuffle and deal, with ``random.Random(seed)``.

        Rules: YS-1, YS-3
        """
        check_player_count(players)
        if seed is not None and type(seed) is not int:
            raise InvalidPositionError(f"bad seed {seed!r}: expected a whole number or None")
        rng = random.Random(seed)
        first, rounds = draw_for_first(players, rng)
        hands, draw_pile = deal(players, rng)
        game = cls(hands, draw_pile, first, _read_rules(rules))
        game._log += [Event(EventKind.DEAL, None, reasons.dealt(players, len(draw_pile))),
                      Event(EventKind.FIRST_PLAYER, first, reasons.first_by_draw(first, rounds))]
        return game

    def __repr__(self) -> str:
        state = f"{player_name(self._winner)} has won" if self._winner is not None else \
            f"{player_name(self._next)} to play face {self.next_face}"
        window = f", window open on {player_name(self._window.seat)}'s card" if self._window else ""
        return (f"<Game {self.players} players, {state}, target {self._target}, pile {len(self._pile)}, "
                f"hands {[len(h) for h in self._hands]}, draw pile {len(self._draw)}{window}>")

    def _repr_html_(self) -> str:
        """A notebook draws the game: hands as cards, the pile, the target and whose turn (:mod:`.display`)."""
        from .display import game_html

        return game_html(self)

    # -- what the table shows -------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self._hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._hands[seat])

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top card first."""
        return tuple(reversed(self._draw))

    @property
    def pile(self) -> tuple[PileCard, ...]:
        """The central pile, bottom card first."""
        return tuple(self._pile)

    @property
    def target(self) -> Rank:
        """The established target (YS-4); during an open window, the one before the face-down card."""
        return self._target

    @property
    def next_player(self) -> int:
        return self._next

    @property
    def next_face(self) -> Face:
        """The face of the next card; always equal to :func:`face_from_pile` of the pile (YS-13)."""
        return _face_of(self._pile)

    @property
    def window(self) -> Window | None:
        """The open challenge window, or ``None`` (YS-8)."""
        return self._window

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def log(self) -> tuple[Event, ...]:
        return Events(self._log)

    @property
    def outled_challenger(self) -> int | None:
        """The challenger whose successful challenge gave the lead to the card's player, until the next
        play (YS-E2); None otherwise."""
        return self._outled

    @property
    def deciding_reveal(self) -> Event | None:
        """The challenged card turned over, when the last thing done (draws aside) is the take it decided
        (YS-9); None otherwise."""
        done = [event for event in self._log if event.kind is not EventKind.DRAW]
        if len(done) >= 2 and done[-1].kind is EventKind.TAKE and done[-2].kind is EventKind.REVEAL:
            return done[-2]
        return None

    @property
    def stalled_plays(self) -> int:
        """Plays in a row in which no hand got smaller than ever before (YS-16, see :mod:`.rules`)."""
        return self._stalled

    @property
    def turn_reason(self) -> Reason:
        """Why :attr:`next_player` is to play (YS-3, YS-5, YS-10; YS-E1 after a face-down card stood)."""
        if self._turn_reason is None:  # made on demand: most turns are never asked why
            after_down = self._window is None and bool(self._pile) and self._pile[-1].face is Face.DOWN
            self._turn_reason = reasons.next_in_turn(self._turn_from, self._next, after_down)
        return self._turn_reason

    def card_count(self) -> int:
        """All cards in hands, the draw pile and the central pile (constant through a game)."""
        return sum(map(len, self._hands)) + len(self._draw) + len(self._pile)

    def to_dict(self) -> dict[str, Any]:
        """The whole state, JSON-ready (real cards included: the engine's view, not a player's)."""
        window = self._window
        return {
            "players": self.players, "rules": self.rules.to_dict(),
            "hands": [format_cards(hand) for hand in self._hands],
            "draw_pile": format_cards(self.draw_pile), "pile": [card.to_dict() for card in self._pile],
            "target": str(self._target), "next_player": self._next, "next_face": self.next_face.value,
            "window": None if window is None else {
                "seat": window.seat, "claim": str(window.claim),
                "target_before": str(window.target_before), "last_card": window.last_card},
            "winner": self._winner, "stalled_plays": self._stalled, "log": [e.to_dict() for e in self._log],
        }

    def summary(self) -> dict[str, Any]:
        """The answer of the ``replay`` question: counts, target, turn and winner."""
        return {"target": str(self._target), "next_player": self._next, "next_face": self.next_face.value,
                "pile": len(self._pile), "hands": [len(hand) for hand in self._hands],
                "draw_pile": len(self._draw), "winner": self._winner}

    def copy(self) -> Game:
        """An independent copy (the log is shared by value)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._hands = [list(hand) for hand in self._hands]
        other._draw = list(self._draw)
        other._pile = list(self._pile)
        other._log = list(self._log)
        other._lows = list(self._lows)
        return other

    # -- checks: a verdict with the deciding rule ------------------------------------------

    def check_play(self, card: Card | str, claim: Rank | str | None = None, seat: PlayerLike | None = None) -> Verdict:
        """Whether the next player (or ``seat``) may play ``card`` with ``claim`` now.

        Rules: YS-6, YS-7, YS-12, YS-E1
        """
        try:
            player, card, claim = self._play_inputs(card, claim, seat)
        except IllegalPlayError as error:
            return Verdict(False, error.reason)
        return Verdict(True, reasons.may_play(player, card, self.next_face, claim))

    def is_legal_play(self, card: Card | str, claim: Rank | str | None = None, seat: PlayerLike | None = None) -> bool:
        return self.check_play(card, claim, seat).ok

    def _play_inputs(self, card: Card | str, claim: Rank | str | None, seat: PlayerLike | None) -> tuple[int, Card, Rank | None]:
        """The validated play (seat, card, claim), or :class:`IllegalPlayError`."""
        card = _read_card(card)
        claim = None if claim is None else parse_rank(claim, "claim")
        if self._winner is not None:
            raise IllegalPlayError(reasons.game_over(self._winner))
        player = self._next if seat is None else self._check_seat(seat)
        if player != self._next:
            raise IllegalPlayError(self._turn_refusal(player))
        face = self.next_face
        if card not in self._hands[player]:
            owner = next((s for s, hand in enumerate(self._hands) if card in hand), None)
            if owner is None:
                raise IllegalPlayError(reasons.not_held(player, card, face))
            turn = (reasons.challenger_does_not_lead(owner, self._next) if owner == self._outled
                    else self.turn_reason)
            raise IllegalPlayError(reasons.someone_elses_card(card, owner, turn))
        if self._window is not None and self._window.last_card:
            raise IllegalPlayError(reasons.last_card_pending(self._window.seat))
        if face is Face.UP and claim is not None and claim != card.rank:
            raise IllegalPlayError(reasons.untruthful_face_up(card, claim))
        return player, card, claim

    def _turn_refusal(self, player: int) -> Reason:
        """Why ``player`` may not play now: they played the last card (YS-5), or their successful challenge
        gave the lead to the card's player (YS-E2), or whose turn it is and why."""
        if self._pile and player == self._turn_from:
            return reasons.just_played(player, self._next)
        turn = (reasons.challenger_does_not_lead(player, self._next) if player == self._outled
                else self.turn_reason)
        return reasons.not_your_turn(player, turn)

    def _check_seat(self, seat: object) -> int:
        try:
            return parse_player(seat, self.players)
        except InvalidPositionError:
            raise IllegalPlayError(reasons.no_seat(seat, self.players)) from None

    def check_challenge(self, seats: PlayerLike | Iterable[PlayerLike]) -> Verdict:
        """Whether ``seats`` (one or several at once) may challenge now.

        Rules: YS-8, YS-14
        """
        try:
            _challenger, reason = self._challenge_inputs(seats)
        except IllegalPlayError as error:
            return Verdict(False, error.reason)
        return Verdict(True, reason)

    def _no_window_reason(self, what: str, what_zh: str) -> Reason:
        """Why there is no face-down card to challenge or pass on now (YS-8, YS-14)."""
        pile = self._pile
        if not pile:
            if self._log and self._log[-1].kind is EventKind.TAKE:
                return reasons.already_challenged(what, what_zh)
            return reasons.empty_pile(what, what_zh)
        top = pile[-1]
        if top.face is Face.DOWN:
            return reasons.window_closed(what, what_zh)
        if len(pile) >= 2 and pile[-2].face is Face.DOWN:
            return reasons.covered(top.card, what, what_zh)
        return reasons.face_up_top(top.card, what, what_zh)

    def _standing_down_owner(self) -> int | None:
        """Who played the face-down card on top of the pile, once it stood (its window closed); else None."""
        if not self._pile or self._pile[-1].face is not Face.DOWN:
            return None
        played = next((e for e in reversed(self._log) if e.kind is EventKind.PLAY_DOWN), None)
        return None if played is None else played.seat

    def _challenge_inputs(self, seats: PlayerLike | Iterable[PlayerLike]) -> tuple[int, Reason]:
        if self._winner is not None:
            raise IllegalPlayError(reasons.game_over(self._winner))
        if isinstance(seats, (int, str)):
            seat_list: list[object] = [seats]
        elif isinstance(seats, (list, tuple, set, frozenset)):
            seat_list = list(seats)
        else:
            raise InvalidPositionError(f"bad challengers {seats!r}: expected a seat or a list of seats")
        checked = [self._check_seat(seat) for seat in seat_list]
        window = self._window
        if window is None:
            owner = self._standing_down_owner()
            if owner is not None and owner in checked:  # YS-8: one's own card first, then that it stood
                raise IllegalPlayError(reasons.own_card_stood(owner))
            raise IllegalPlayError(self._no_window_reason("no challenge is possible now", "现在不能质疑"))
        if not checked:
            raise IllegalPlayError(reasons.no_challenger())
        if window.seat in checked:
            raise IllegalPlayError(reasons.own_card(window.seat))
        nearest = nearest_challenger(window.seat, checked, self.players)
        return nearest.value, nearest.reason

    def check_pass(self) -> Verdict:
        """Whether there is an open window that nobody challenging would close.

        Rules: YS-8, YS-11
        """
        if self._winner is not None:
            return Verdict(False, reasons.game_over(self._winner))
        if self._window is None:
            return Verdict(False, self._no_window_reason("there is nothing to pass on", "无需放过"))
        return Verdict(True, reasons.may_pass())

    def legal_actions(self) -> Iterator[Action]:
        """Every legal action now, lazily: challenges (one seat each; several at once resolve to
        one of these, YS-14), the pass, then plays (on a face-down turn each card with no
        claim and with each rank).

        Rules: YS-6, YS-7, YS-8, YS-12, YS-15
        """
        if self._winner is not None:
            return
        window = self._window
        if window is not None:
            yield from (Challenge((seat,)) for seat in range(self.players) if seat != window.seat)
            yield Pass()
            if window.last_card:
                return
        face = self.next_face
        for card in dict.fromkeys(self._hands[self._next]):
            yield Play(card)
            if face is Face.DOWN:
                yield from (Play(card, rank) for rank in ORDER)

    # -- transitions ---------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply an action value (:mod:`.actions`)."""
        if isinstance(action, Play):
            return self.play(action.card, action.claim)
        if isinstance(action, Challenge):
            return self.challenge(action.seats)
        if isinstance(action, Pass):
            return self.pass_challenge()
        raise InvalidPositionError(f"not an action: {action!r}")

    def play(self, card: Card | str, claim: Rank | str | None = None, seat: PlayerLike | None = None) -> tuple[Event, ...]:
        """The next player plays ``card``, face up or face down as the pile says (YS-13).

        A play while a window is open first lets the face-down card stand (YS-8, YS-11).

        Rules: YS-4, YS-5, YS-6, YS-7, YS-11, YS-12, YS-15, YS-16
        """
        player, card, claim = self._play_inputs(card, claim, seat)
        events: list[Event] = []
        if self._window is not None:
            events += self._stand()
        face = self.next_face
        self._hands[player].remove(card)
        if face is Face.UP:
            events += self._play_up(player, card)
        else:
            events += self._play_down(player, card, claim)
        self._count_progress(player)
        return self._finish(events)

    def _play_up(self, player: int, card: Card) -> list[Event]:
        before = self._target
        below = is_below(card.rank, before)
        self._pile.append(PileCard(card, Face.UP, card.rank))
        self._target = card.rank
        self._pass_turn(player)
        hand = self._hands[player]
        events = [Event(EventKind.PLAY_UP, player, reasons.played_up(player, card, before, below), card)]
        if below and self._draw:
            drawn = self._draw.pop()
            hand.append(drawn)
            events.append(Event(EventKind.DRAW, player, reasons.drew(player, card, before), drawn))
        elif below:
            events.append(Event(EventKind.DRAW, player, reasons.nothing_to_draw(card, before)))
        if not hand:
            events.append(self._win(player, reasons.wins_face_up(player, card)))
        return events

    def _play_down(self, player: int, card: Card, claim: Rank | None) -> list[Event]:
        counted = LOWEST if claim is None else claim
        self._pile.append(PileCard(card, Face.DOWN, counted))
        last = not self._hands[player]
        self._window = Window(player, counted, self._target, last)
        self._pass_turn(player)
        return [Event(EventKind.PLAY_DOWN, player, reasons.played_down(player, claim, last), card, counted)]

    def _pass_turn(self, player: int) -> None:
        """After a card is played the next seat plays (YS-E1: turn order decides)."""
        self._next = (player + 1) % self.players
        self._outled = None
        self._turn_reason = None
        self._turn_from = player

    def _stand(self) -> list[Event]:
        """Close the window: the face-down card stands at its claim, unrevealed (YS-11); a last card wins (YS-12)."""
        window = self._window
        assert window is not None
        self._window = None
        self._target = window.claim
        events = [Event(EventKind.STAND, window.seat, reasons.stands(window.seat, window.claim), claim=window.claim)]
        if window.last_card:
            events.append(self._win(window.seat, reasons.wins_unchallenged(window.seat)))
        return events

    def pass_challenge(self) -> tuple[Event, ...]:
        """Nobody challenges: the window closes and the face-down card stands.

        Rules: YS-8, YS-11, YS-12
        """
        verdict = self.check_pass()
        if not verdict:
            raise IllegalPlayError(verdict.reason)
        return self._finish(self._stand())

    def challenge(self, seats: PlayerLike | Iterable[PlayerLike]) -> tuple[Event, ...]:
        """One or several players challenge the open face-down card; the nearest after its player does.

        Rules: YS-8, YS-9, YS-10, YS-12, YS-14
        """
        challenger, why = self._challenge_inputs(seats)
        window = self._window
        assert window is not None
        revealed = self._pile[-1].card
        succeeds, outcome = challenge_outcome(window.target_before, window.claim, revealed.rank)
        taken_by = taker(window.seat, challenger, succeeds)
        count = len(self._pile)
        self._hands[taken_by].extend(pile_card.card for pile_card in self._pile)
        self._pile.clear()
        self._window = None
        # kept (YS-10's variant): the last card that stands sets it, the revealed card itself when the challenge
        # failed (it is established, YS-4, YS-12), else the target that stood before it
        self._target = LOWEST if self.rules.target_reset else window.target_before if succeeds else window.claim
        events = [Event(EventKind.CHALLENGE, challenger, why, other=window.seat),
                  Event(EventKind.REVEAL, window.seat, outcome, revealed, window.claim, challenger)]
        if window.last_card and not succeeds:
            events.append(Event(EventKind.TAKE, taken_by, reasons.takes(taken_by, count, revealed), revealed))
            events.append(self._win(window.seat, reasons.wins_challenge_failed(window.seat)))
            return self._finish(events)
        self._next = taken_by
        self._outled = challenger if succeeds else None
        self._turn_reason = reasons.leads_round(taken_by)
        events.append(Event(EventKind.TAKE, taken_by, reasons.takes_and_leads(
            taken_by, count, revealed, self._target, self.rules.target_reset, stood=not succeeds), revealed))
        return self._finish(events)

    # -- the end of the game -------------------------------------------------------------

    def _win(self, seat: int, reason: Reason) -> Event:
        self._winner = seat
        return Event(EventKind.WIN, seat, reason)

    def _count_progress(self, player: int) -> None:
        """After ``player``'s play (the only hand a play can shrink): is it smaller than ever
        before?  (YS-16, see :mod:`.rules`)"""
        size = len(self._hands[player])
        if size < self._lows[player]:
            self._lows[player] = size
            self._stalled = 0
        else:
            self._stalled += 1

    def _finish(self, events: list[Event]) -> tuple[Event, ...]:
        """Apply the optional stall rule when no window is open, log the events, return them.

        Rules: YS-16
        """
        rules = self.rules
        if (rules.fewest_cards_wins and self._winner is None and self._window is None
                and self._stalled >= rules.stall_limit):
            order = [(self._next + step) % self.players for step in range(self.players)]
            seat = min(order, key=lambda s: len(self._hands[s]))
            self._winner = seat
            events.append(Event(EventKind.STALL, seat,
                                reasons.wins_by_fewest_cards(seat, len(self._hands[seat]), self._stalled)))
        self._log.extend(events)
        return Events(events)
