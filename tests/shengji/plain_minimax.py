"""A plain exhaustive minimax for 升级 endgames: every legal play at every turn, no pruning, no table of
positions (it remembers only the engine's answers: a hand's legal plays, a trick's winner).  The
solver (cardlib/shengji/solver.py) is checked against it (tests/shengji/test_solver.py) and
measured against it (benchmarks/solver.py).

Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6, C-2
"""

from __future__ import annotations

from functools import cache

from cardlib.cards import Card
from cardlib.shengji.endgames import Endgame
from cardlib.shengji.follow import legal_follows
from cardlib.shengji.leads import legal_leads
from cardlib.shengji.scoring import card_points, kitty_score
from cardlib.shengji.trick import find_trick_winner

Play = tuple[Card, ...]


class TooBig(Exception):
    """The tree has more positions than the limit asked for."""


class Minimax:
    """Every line to the end of the hand, the attackers maximising their points (SJ-11, SJ-12)."""

    def __init__(self, game: Endgame, limit: int | None = None) -> None:
        self.game = game
        self.limit = limit
        self.nodes = 0
        self.plays = cache(self._plays)
        self.winner = cache(self._winner)

    def _plays(self, hand: Play, lead: Play | None) -> list[Play]:
        g = self.game
        found = legal_leads(g.ctx, g.rules, list(hand)) if lead is None else legal_follows(g.ctx, g.rules, list(lead),
                                                                                            list(hand))
        return [tuple(p) for p in found]

    def _winner(self, trick: tuple[Play, ...]) -> int:
        return find_trick_winner(self.game.ctx, self.game.rules, [list(p) for p in trick]).winner

    def value(self, hands: tuple[Play, ...], leader: int, trick: tuple[Play, ...]) -> int:
        values = self.root(hands, leader, trick)
        seat = (leader + len(trick)) % 4
        return (max if seat % 2 == self.game.attackers else min)(values.values())

    def root(self, hands: tuple[Play, ...], leader: int, trick: tuple[Play, ...]) -> dict[Play, int]:
        """The value of every legal play of the seat to move."""
        seat = (leader + len(trick)) % 4
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooBig(self.nodes)
        out = {}
        for play in self.plays(hands[seat], trick[0] if trick else None):
            rest = list(hands[seat])
            for card in play:
                rest.remove(card)
            after = hands[:seat] + (tuple(rest),) + hands[seat + 1:]
            plays = trick + (play,)
            if len(plays) < 4:
                out[play] = self.value(after, leader, plays)
                continue
            index = self.winner(plays)
            winner = (leader + index) % 4
            ours = winner % 2 == self.game.attackers
            gain = sum(card_points(c) for p in plays for c in p) if ours else 0
            if not after[0]:
                kitty = kitty_score(self.game.ctx, self.game.rules, list(self.game.kitty), [list(p) for p in plays],
                                    True, index)[0] if ours else 0
                out[play] = gain + kitty
            else:
                out[play] = gain + self.value(after, winner, ())
        return out
