"""Random 升级 endgames: four hands of a few cards each, a kitty and a trick begun, for the solver's
tests, its benchmark and the endgame puzzles.

Rules: SJ-1, SJ-2, SJ-4, SJ-6, SJ-9

The cards come from the two decks (SJ-1: at most two copies of a card), dealt at random: a
level, a trump suit (or none), the same number of cards to each seat, 8 to the kitty, a leader
and the attacking team.  ``played`` plays of the current trick are made at random among the
legal ones the engine lists (a lead, SJ-6, then follows, SJ-9).

>>> game = deal_endgame(7, 3, "shengji", played=1)  # the leader has led one card of its three
>>> sorted(len(h) for h in game.hands), len(game.played), len(game.kitty), game.to_move == (game.leader + 1) % 4
([2, 3, 3, 3], 1, 8, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK_WITH_JOKERS, PLAIN_RANKS, Suit
from ..errors import InvalidPositionError
from .follow import legal_follows
from .leads import legal_leads
from .rules import Ruleset, RulesetLike, as_ruleset
from .scoring import KITTY_SIZE
from .solver import EndgameSolution, EndgameSolver, Play
from .trump import TrumpContext

SEATS = 4  # SJ-1


@dataclass(frozen=True, slots=True)
class Endgame:
    """A position for the solver: the hands now (seat 0 first), the leader, the plays so far, the
    attacking team (0: South–North, 1: East–West) and the kitty."""

    ctx: TrumpContext
    rules: Ruleset
    hands: tuple[Play, ...]
    leader: int
    played: tuple[Play, ...]
    attackers: int
    kitty: Play

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (SJ-8)."""
        return (self.leader + len(self.played)) % SEATS

    def solver(self) -> EndgameSolver:
        """A solver for this deal (its table can be kept for the positions that follow)."""
        return EndgameSolver(self.ctx, self.rules, self.attackers, self.kitty)

    def solve(self) -> EndgameSolution:
        """The solver's answer for this position."""
        return self.solver().solve(list(self.hands), self.leader, list(self.played))


def deal_endgame(seed: int, cards_each: int, rules: RulesetLike = "shengji", *, played: int = 0) -> Endgame:
    """A random endgame with ``cards_each`` cards to each seat before the current trick and
    ``played`` plays (0 … 3) of it made; the same seed gives the same position (SJ-1, SJ-2)."""
    rules = as_ruleset(rules)
    if not 1 <= cards_each <= 25 or not 0 <= played < SEATS:
        raise InvalidPositionError(f"an endgame deals 1 … 25 cards a seat and has 0 … 3 plays made, got "
                                   f"{cards_each} and {played}")
    rng = random.Random(seed)
    ctx = TrumpContext(rng.choice(PLAIN_RANKS), rng.choice([*Suit, None]))
    deck = list(DECK_WITH_JOKERS) * 2
    rng.shuffle(deck)
    hands = [sorted(deck[s * cards_each:(s + 1) * cards_each], key=lambda c: c.sort_key) for s in range(SEATS)]
    kitty = tuple(deck[SEATS * cards_each:SEATS * cards_each + KITTY_SIZE])
    leader = rng.randrange(SEATS)
    plays: list[Play] = []
    for i in range(played):
        seat = (leader + i) % SEATS
        options = (list(legal_leads(ctx, rules, hands[seat])) if not plays
                   else list(legal_follows(ctx, rules, list(plays[0]), hands[seat])))
        play = tuple(rng.choice(options))
        plays.append(play)
        for card in play:
            hands[seat].remove(card)
    return Endgame(ctx, rules, tuple(tuple(h) for h in hands), leader, tuple(plays), rng.randrange(2),
                   tuple(kitty))

