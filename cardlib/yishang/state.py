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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from ..cards import Card, Rank, check_copies, format_cards, parse_cards
from ..errors import IllegalActionError, ImpossibleHandError, InvalidPositionError
from ..explain import Reason, Verdict
from ..rule_ids import RuleId
from .actions import Action, Challenge, Pass, Play
from .challenge import challenge_outcome, nearest_challenger, taker
from .deal import check_player_count, deal, draw_for_first
from .events import Event, EventKind
from .pile import Face, PileCard, face_from_pile
from .ranks import LOWEST, ORDER, is_below, parse_rank
from .rules import YISHANG, Ruleset


def _read_cards(value: object, what: str) -> list[Card]:
    """A card list given as a string in the notation or a list of cards / card strings."""
    if not isinstance(value, (str, list, tuple)):
        raise InvalidPositionError(f"{what} must be a card list such as \"S8 H3\", not {value!r}")
    return parse_cards(value)


class IllegalPlayError(IllegalActionError):
    """An action the state refuses; ``reason`` cites the rule.  The state is unchanged."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
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
                 first: int = 0, rules: Ruleset = YISHANG) -> None:
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise InvalidPositionError("hands must be a list with one card list per player")
        players = check_player_count(len(hands))
        parsed = [_read_cards(hand, f"player {seat}'s hand") for seat, hand in enumerate(hands)]
        drawn = _read_cards(draw_pile, "the draw pile")
        try:
            check_copies([c for hand in parsed for c in hand] + drawn, 1, jokers=False, what="position")
        except ImpossibleHandError as error:
            raise ImpossibleHandError(f"YS-1: {error}") from None
        for seat, hand in enumerate(parsed):
            if not hand:
                raise InvalidPositionError(f"YS-12: player {seat}'s hand is empty: the game would be over")
        if type(first) is not int or not 0 <= first < players:
            raise InvalidPositionError(f"YS-3: bad first player {first!r}: expected a seat from 0 to {players - 1}")
        if not isinstance(rules, Ruleset):
            raise InvalidPositionError(f"rules must be a 一上一下 Ruleset, not {rules!r}")
        self.rules = rules
        self._hands = parsed
        self._draw = drawn[::-1]  # top card last, so drawing is a pop()
        self._pile: list[PileCard] = []
        self._target = LOWEST
        self._next = first
        self._turn_reason = Reason(RuleId.YS_3, f"player {first} leads the game", f"{first}号玩家先手")
        self._window: Window | None = None
        self._winner: int | None = None
        self._log: list[Event] = []
        self._lows = [len(hand) for hand in parsed]
        self._stalled = 0

    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, rules: Ruleset = YISHANG) -> "Game":
        """A new game: draw for the first player, then shuffle and deal, with ``random.Random(seed)``.

        Rules: YS-1, YS-3
        """
        check_player_count(players)
        rng = random.Random(seed)
        first, rounds = draw_for_first(players, rng)
        hands, draw_pile = deal(players, rng)
        game = cls(hands, draw_pile, first, rules)
        draws = "; ".join(", ".join(f"{seat}: {card}" for seat, card in draws) for draws in rounds)
        game._log += [
            Event(EventKind.DEAL, None, Reason(
                RuleId.YS_1, f"{players} players get 7 cards each; {len(draw_pile)} cards form the draw pile",
                f"{players}人各发7张，其余{len(draw_pile)}张作为摸牌堆")),
            Event(EventKind.FIRST_PLAYER, first, Reason(
                RuleId.YS_3, f"draws for the lead ({draws}): player {first} drew highest and leads",
                f"抽牌定先手（{draws}）：{first}号玩家点数最大，先出")),
        ]
        return game

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
        return face_from_pile(self._pile)

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
        return tuple(self._log)

    @property
    def stalled_plays(self) -> int:
        """Plays in a row in which no hand got smaller than ever before (YS-16, see :mod:`.rules`)."""
        return self._stalled

    @property
    def turn_reason(self) -> Reason:
        """Why :attr:`next_player` is to play (YS-3, YS-E1 or YS-10)."""
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
        """The ``replay`` answer of cases.md: counts, target, turn and winner."""
        return {"target": str(self._target), "next_player": self._next, "next_face": self.next_face.value,
                "pile": len(self._pile), "hands": [len(hand) for hand in self._hands],
                "draw_pile": len(self._draw), "winner": self._winner}

    def copy(self) -> "Game":
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

    def _over_reason(self) -> Reason:
        return Reason(RuleId.YS_12, f"the game is over: player {self._winner} has won",
                      f"牌局已结束：{self._winner}号玩家已获胜")

    def check_play(self, card: Card | str, claim: Rank | str | None = None, seat: int | None = None) -> Verdict:
        """Whether the next player (or ``seat``) may play ``card`` with ``claim`` now.

        Rules: YS-6, YS-7, YS-12, YS-E1
        """
        try:
            player, card, claim = self._play_inputs(card, claim, seat)
        except IllegalPlayError as error:
            return Verdict(False, error.reason)
        face = self.next_face
        return Verdict(True, Reason(RuleId.YS_6 if face is Face.UP else RuleId.YS_7,
                                    f"player {player} may play {card} face {face}", f"{player}号玩家可以打出{card}作为{face.zh}"))

    def is_legal_play(self, card: Card | str, claim: Rank | str | None = None, seat: int | None = None) -> bool:
        return self.check_play(card, claim, seat).ok

    def _play_inputs(self, card: Card | str, claim: Rank | str | None, seat: int | None) -> tuple[int, Card, Rank | None]:
        """The validated play (seat, card, claim), or :class:`IllegalPlayError`."""
        card = card if isinstance(card, Card) else parse_cards([card])[0]
        claim = None if claim is None else parse_rank(claim, "claim")
        if self._winner is not None:
            raise IllegalPlayError(self._over_reason())
        player = self._next if seat is None else self._check_seat(seat)
        if player != self._next:
            raise IllegalPlayError(Reason(
                self._turn_reason.rule, f"it is player {self._next}'s turn, not player {player}'s "
                f"({self._turn_reason.en})", f"现在轮到{self._next}号玩家，不是{player}号玩家（{self._turn_reason.zh}）"))
        face = self.next_face
        rule = RuleId.YS_6 if face is Face.UP else RuleId.YS_7
        if card not in self._hands[player]:
            raise IllegalPlayError(self._not_held_reason(player, card, rule))
        window = self._window
        if window is not None and window.last_card:
            raise IllegalPlayError(Reason(
                RuleId.YS_12, f"player {window.seat}'s face-down card is their last: playing on would let it "
                f"stand and end the game, so first challenge it or pass",
                f"{window.seat}号玩家的暗牌是最后一张：再出牌就等于放行并结束牌局，请先质疑或放过"))
        if face is Face.UP and claim is not None and claim != card.rank:
            raise IllegalPlayError(Reason(
                RuleId.YS_6, f"a face-up card is claimed truthfully: {card} cannot be claimed as {claim}",
                f"明牌必须如实报点：{card}不能报成{claim}"))
        return player, card, claim

    def _not_held_reason(self, player: int, card: Card, rule: RuleId) -> Reason:
        """Why ``player`` cannot play ``card``: another player holds it (then it is not their turn), or nobody does."""
        owner = next((seat for seat, hand in enumerate(self._hands) if card in hand), None)
        if owner is None:
            return Reason(rule, f"player {player} does not hold {card}", f"{player}号玩家手里没有{card}")
        turn = self._turn_reason
        return Reason(turn.rule, f"{card} is player {owner}'s card, but it is player {player}'s turn: {turn.en}",
                      f"{card}是{owner}号玩家的牌，但现在轮到{player}号玩家：{turn.zh}")

    def _check_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalPlayError(Reason(RuleId.YS_1, f"there is no seat {seat!r} at a {self.players}-player table",
                                          f"{self.players}人牌桌没有座位{seat!r}"))
        return seat

    def check_challenge(self, seats: int | Iterable[int]) -> Verdict:
        """Whether ``seats`` (one or several at once) may challenge now.

        Rules: YS-8, YS-14
        """
        try:
            _challenger, reason = self._challenge_inputs(seats)
        except IllegalPlayError as error:
            return Verdict(False, error.reason)
        return Verdict(True, reason)

    def _no_window_reason(self, what: str, what_zh: str) -> Reason:
        """Why there is no face-down card to challenge or pass on now."""
        pile = self._pile
        if not pile:
            if self._log and self._log[-1].kind is EventKind.TAKE:
                return Reason(RuleId.YS_14, f"the face-down card was already challenged and the pile taken: {what}",
                              f"这张暗牌已被质疑、牌堆已被收走：{what_zh}")
            return Reason(RuleId.YS_8, f"the pile is empty, there is no face-down card: {what}",
                          f"出牌堆是空的，没有暗牌：{what_zh}")
        top = pile[-1]
        if top.face is Face.UP:
            if len(pile) >= 2 and pile[-2].face is Face.DOWN:
                return Reason(RuleId.YS_8, f"the face-down card is covered by {top.card}: too late, {what}",
                              f"暗牌已被{top.card}压住：为时已晚，{what_zh}")
            return Reason(RuleId.YS_8, f"the top card {top.card} is face up and cannot be challenged: {what}",
                          f"最上面的{top.card}是明牌，不能质疑：{what_zh}")
        return Reason(RuleId.YS_8, f"nobody challenged the face-down card and it stands: {what}",
                      f"暗牌无人质疑，已经成立：{what_zh}")

    def _challenge_inputs(self, seats: int | Iterable[int]) -> tuple[int, Reason]:
        if self._winner is not None:
            raise IllegalPlayError(self._over_reason())
        if isinstance(seats, int):
            seat_list: list[object] = [seats]
        elif isinstance(seats, (list, tuple, set, frozenset)):
            seat_list = list(seats)
        else:
            raise InvalidPositionError(f"bad challengers {seats!r}: expected a seat or a list of seats")
        checked = [self._check_seat(seat) for seat in seat_list]
        window = self._window
        if window is None:
            raise IllegalPlayError(self._no_window_reason("no challenge now", "现在不能质疑"))
        if not checked:
            raise IllegalPlayError(Reason(RuleId.YS_8, "a challenge needs a challenger", "质疑需要有质疑者"))
        if window.seat in checked:
            raise IllegalPlayError(Reason(
                RuleId.YS_8, f"player {window.seat} cannot challenge their own card; only other players can",
                f"{window.seat}号玩家不能质疑自己的牌，只有其他玩家可以"))
        return nearest_challenger(window.seat, checked, self.players)

    def check_pass(self) -> Verdict:
        """Whether there is an open window that nobody challenging would close.

        Rules: YS-8, YS-11
        """
        if self._winner is not None:
            return Verdict(False, self._over_reason())
        if self._window is None:
            return Verdict(False, self._no_window_reason("nothing to pass on", "无需放过"))
        return Verdict(True, Reason(RuleId.YS_11, "if nobody challenges, the face-down card stands at its claim",
                                    "若无人质疑，暗牌按声明点数成立"))

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
            if face is Face.UP:
                yield Play(card)
            else:
                yield Play(card)
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

    def play(self, card: Card | str, claim: Rank | str | None = None, seat: int | None = None) -> tuple[Event, ...]:
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
        self._count_progress()
        return self._finish(events)

    def _play_up(self, player: int, card: Card) -> list[Event]:
        before, rank = self._target, card.rank
        self._pile.append(PileCard(card, Face.UP, rank))
        self._target = rank
        self._pass_turn(player)
        hand = self._hands[player]
        if not is_below(rank, before):
            events = [Event(EventKind.PLAY_UP, player, Reason(
                RuleId.YS_6, f"player {player} plays {card} face up, not below the target {before}: "
                f"the target is now {rank}", f"{player}号玩家打出明牌{card}，不低于目标{before}：目标变为{rank}"), card)]
        else:
            events = [Event(EventKind.PLAY_UP, player, Reason(
                RuleId.YS_6, f"player {player} plays {card} face up, below the target {before}: "
                f"the target drops to {rank}", f"{player}号玩家打出明牌{card}，低于目标{before}：目标降为{rank}"), card)]
            if self._draw:
                drawn = self._draw.pop()
                hand.append(drawn)
                events.append(Event(EventKind.DRAW, player, Reason(
                    RuleId.YS_6, f"{card} is below the target {before}, so player {player} draws a card",
                    f"{card}低于目标{before}，{player}号玩家摸一张牌"), drawn))
            else:
                events.append(Event(EventKind.DRAW, player, Reason(
                    RuleId.YS_16, f"{card} is below the target {before}, but the draw pile is empty: no draw",
                    f"{card}低于目标{before}，但摸牌堆已空：不再摸牌")))
        if not hand:
            events.append(self._win(player, Reason(
                RuleId.YS_12, f"player {player}'s last card {card} is face up and established: player {player} wins",
                f"{player}号玩家最后一张明牌{card}已成立：{player}号玩家获胜")))
        return events

    def _play_down(self, player: int, card: Card, claim: Rank | None) -> list[Event]:
        counted = LOWEST if claim is None else claim
        self._pile.append(PileCard(card, Face.DOWN, counted))
        last = not self._hands[player]
        self._window = Window(player, counted, self._target, last)
        self._pass_turn(player)
        tail_en = " (their last card)" if last else ""
        tail_zh = "（最后一张）" if last else ""
        if claim is None:
            reason = Reason(RuleId.YS_15, f"player {player} plays a card face down without a claim{tail_en}: "
                            f"it counts as a claim of 3", f"{player}号玩家扣下一张暗牌未报点{tail_zh}：按报3处理")
        else:
            reason = Reason(RuleId.YS_7, f"player {player} plays a card face down and claims {claim}{tail_en}",
                            f"{player}号玩家扣下一张暗牌，报{claim}{tail_zh}")
        return [Event(EventKind.PLAY_DOWN, player, reason, card, counted)]

    def _pass_turn(self, player: int) -> None:
        """After a card is played the next seat plays (YS-E1: turn order decides)."""
        self._next = (player + 1) % self.players
        self._turn_reason = Reason(RuleId.YS_E1, f"player {self._next} plays next in turn order after player {player}",
                                   f"按出牌顺序，{player}号玩家之后轮到{self._next}号玩家")

    def _stand(self) -> list[Event]:
        """Close the window: the face-down card stands at its claim, unrevealed (YS-11); a last card wins (YS-12)."""
        window = self._window
        assert window is not None
        self._window = None
        self._target = window.claim
        events = [Event(EventKind.STAND, window.seat, Reason(
            RuleId.YS_11, f"nobody challenges player {window.seat}'s face-down card: it stands as {window.claim}, "
            f"unrevealed, and the target is now {window.claim}",
            f"无人质疑{window.seat}号玩家的暗牌：按声明的{window.claim}成立，不翻开，目标变为{window.claim}"),
            claim=window.claim)]
        if window.last_card:
            events.append(self._win(window.seat, Reason(
                RuleId.YS_12, f"player {window.seat}'s last card stands unchallenged: player {window.seat} wins",
                f"{window.seat}号玩家的最后一张暗牌无人质疑而成立：{window.seat}号玩家获胜")))
        return events

    def pass_challenge(self) -> tuple[Event, ...]:
        """Nobody challenges: the window closes and the face-down card stands.

        Rules: YS-8, YS-11, YS-12
        """
        verdict = self.check_pass()
        if not verdict:
            raise IllegalPlayError(verdict.reason)
        return self._finish(self._stand())

    def challenge(self, seats: int | Iterable[int]) -> tuple[Event, ...]:
        """One or several players challenge the open face-down card; the nearest after its player does.

        Rules: YS-8, YS-9, YS-10, YS-12, YS-14
        """
        challenger, why = self._challenge_inputs(seats)
        window = self._window
        assert window is not None
        revealed = self._pile[-1].card
        succeeds, outcome = challenge_outcome(window.target_before, window.claim, revealed.rank)
        taken_by = taker(window.seat, challenger, succeeds)
        taken = len(self._pile)
        self._hands[taken_by].extend(pile_card.card for pile_card in self._pile)
        self._pile.clear()
        self._window = None
        self._target = LOWEST if self.rules.target_reset else window.target_before
        events = [Event(EventKind.CHALLENGE, challenger, why, other=window.seat),
                  Event(EventKind.REVEAL, window.seat, outcome, revealed, window.claim, challenger)]
        if window.last_card and not succeeds:
            events.append(Event(EventKind.TAKE, taken_by, Reason(
                RuleId.YS_9, f"player {taken_by} takes the pile of {taken} cards, the revealed {revealed} included",
                f"{taken_by}号玩家收走中央{taken}张牌，包括翻开的{revealed}"), revealed))
            events.append(self._win(window.seat, Reason(
                RuleId.YS_12, f"the challenge of player {window.seat}'s last card fails: player {window.seat} wins",
                f"对{window.seat}号玩家最后一张暗牌的质疑失败：{window.seat}号玩家获胜")))
            return self._finish(events)
        self._next = taken_by
        target_en = "the target goes back to 3" if self.rules.target_reset else f"the target stays {self._target}"
        target_zh = "目标重新从3开始" if self.rules.target_reset else f"目标仍为{self._target}"
        self._turn_reason = Reason(RuleId.YS_10, f"player {taken_by} took the pile and leads a new round face up",
                                   f"{taken_by}号玩家收牌后以明牌领出新一轮")
        events.append(Event(EventKind.TAKE, taken_by, Reason(
            RuleId.YS_10, f"player {taken_by} takes the pile of {taken} cards, the revealed {revealed} included, "
            f"and leads a new round face up; {target_en}",
            f"{taken_by}号玩家收走中央{taken}张牌（包括翻开的{revealed}），以明牌领出新一轮；{target_zh}"), revealed))
        return self._finish(events)

    # -- the end of the game -------------------------------------------------------------

    def _win(self, seat: int, reason: Reason) -> Event:
        self._winner = seat
        return Event(EventKind.WIN, seat, reason)

    def _count_progress(self) -> None:
        """After a play: did some hand get smaller than ever before? (YS-16, see :mod:`.rules`)"""
        progress = False
        for seat, hand in enumerate(self._hands):
            if len(hand) < self._lows[seat]:
                self._lows[seat] = len(hand)
                progress = True
        self._stalled = 0 if progress else self._stalled + 1

    def _finish(self, events: list[Event]) -> tuple[Event, ...]:
        """Apply the optional stall rule when no window is open, log the events, return them.

        Rules: YS-16
        """
        rules = self.rules
        if (rules.fewest_cards_wins and self._winner is None and self._window is None
                and self._stalled >= rules.stall_limit):
            order = [(self._next + step) % self.players for step in range(self.players)]
            seat = min(order, key=lambda s: len(self._hands[s]))
            count = len(self._hands[seat])
            self._winner = seat
            events.append(Event(EventKind.STALL, seat, Reason(
                RuleId.YS_16, f"nobody can finish ({self._stalled} play{'s' * (self._stalled != 1)} without any hand "
                f"reaching a new low): "
                f"fewest cards wins, player {seat} with {count} (ties: nearest in turn order)",
                f"无人能打完手牌（连续{self._stalled}次出牌无人手牌创新低）：手牌最少者获胜，"
                f"{seat}号玩家剩{count}张（并列时按出牌顺序最近者）")))
        self._log.extend(events)
        return tuple(events)
