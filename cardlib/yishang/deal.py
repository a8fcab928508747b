"""Setting up a game: the deck, the player count, who plays first, the deal.

Rules: YS-1 (52 cards, 2-4 players, 7 each, the rest is the draw pile), YS-3 (first player).

>>> import random
>>> hands, draw_pile = deal(3, random.Random(7))
>>> [len(h) for h in hands], len(draw_pile)
([7, 7, 7], 31)
>>> seat, rounds = draw_for_first(4, random.Random(7))
>>> seat in range(4) and all(len(r) >= 1 for r in rounds)
True
>>> check_player_count(5)
Traceback (most recent call last):
...
cardlib.errors.InvalidPositionError: YS-1: 一上一下 is for 2 to 4 players, not 5
"""

from __future__ import annotations

import random

from ..cards import PLAIN_CARDS, Card
from ..errors import InvalidPositionError
from .ranks import strength

#: YS-1: one deck without jokers.
DECK: tuple[Card, ...] = PLAIN_CARDS
HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def check_player_count(players: object) -> int:
    """``players`` if it is a whole number from 2 to 4, else an error.

    Rules: YS-1
    """
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidPositionError(f"YS-1: 一上一下 is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def draw_for_first(players: int, rng: random.Random) -> tuple[int, list[list[tuple[int, Card]]]]:
    """The first player, and each round of draws as ``(seat, card)`` pairs.

    Every player draws a card from a shuffled deck; the highest rank (YS-2 order)
    plays first; players tied for highest draw again, from a freshly shuffled deck,
    until one is highest.

    Rules: YS-3
    """
    check_player_count(players)
    contenders = list(range(players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        draws = list(zip(contenders, deck))
        rounds.append(draws)
        best = max(strength(card.rank) for _seat, card in draws)
        contenders = [seat for seat, card in draws if strength(card.rank) == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def deal(players: int, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the deck and deal 7 cards to each player, one at a time from seat 0.

    Returns the hands and the draw pile, top card first.

    Rules: YS-1
    """
    check_player_count(players)
    deck = list(DECK)
    rng.shuffle(deck)
    hands: list[list[Card]] = [deck[seat:players * HAND_SIZE:players] for seat in range(players)]
    return hands, deck[players * HAND_SIZE:]
