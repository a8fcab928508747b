"""Simple bots for simulations: a bluffing rate and a challenging rate.

A bot plays the lowest card that keeps it off the draw; on a face-down turn it
tells the truth with such a card unless it bluffs (or has to).  Every other
player challenges a face-down card with the challenging rate.

Rules: YS-6, YS-7, YS-8, YS-14, YS-15 (a bot sometimes forgets to claim).

>>> import random
>>> from cardlib.yishang.state import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], first=0)
>>> str(Bot().next_action(game, random.Random(1)))
'{"play": "H3"}'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import Card, Rank
from ..errors import CardlibError
from .actions import Action, Challenge, Pass, Play
from .pile import Face
from .ranks import ORDER, is_below, strength
from .state import Game


@dataclass(frozen=True, slots=True)
class Bot:
    """Rates are probabilities: ``bluff_rate`` of lying when the truth is possible,
    ``challenge_rate`` of each other player challenging, ``silent_rate`` of not claiming."""

    bluff_rate: float = 0.2
    challenge_rate: float = 0.25
    silent_rate: float = 0.05

    def __post_init__(self) -> None:
        for name in ("bluff_rate", "challenge_rate", "silent_rate"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise CardlibError(f"bot {name} must be a probability from 0 to 1, not {value!r}")

    def next_action(self, game: Game, rng: random.Random) -> Action:
        """What happens next at the table: challenges or a pass on an open window, else a play."""
        window = game.window
        if window is not None:
            challengers = [seat for seat in range(game.players)
                           if seat != window.seat and rng.random() < self.challenge_rate]
            if challengers:
                return Challenge(tuple(challengers))
            if window.last_card or rng.random() < 0.5:
                return Pass()
        return self.choose_play(game, rng)

    def choose_play(self, game: Game, rng: random.Random) -> Play:
        """The next player's card (and claim on a face-down turn)."""
        hand = sorted(game.hand(game.next_player), key=lambda card: strength(card.rank))
        target = game.target if game.window is None else game.window.claim
        honest = [card for card in hand if not is_below(card.rank, target)]
        if game.next_face is Face.UP:
            return Play(honest[0] if honest else hand[0])
        if honest and rng.random() >= self.bluff_rate:
            return Play(honest[0], honest[0].rank)
        return self._bluff(hand[0], target, rng)

    def _bluff(self, card: Card, target: Rank, rng: random.Random) -> Play:
        """``card`` claimed as one of the three ranks from the target up, or (rarely) with no claim."""
        if rng.random() < self.silent_rate:
            return Play(card)
        above = ORDER[strength(target):strength(target) + 3]
        return Play(card, rng.choice(above))
