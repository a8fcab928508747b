"""A random legal player: calls, burial, leads and follows chosen by a seeded generator.

It asks the engine what is legal (``legal_leads``, ``legal_follows``, ``check_call``) and
never decides a rule itself, so a simulated hand tests the engine's faces against each
other.

Rules: SG-1, SS-1, SJ-7, SJ-8, SJ-9
"""

from __future__ import annotations

import random
from itertools import islice

from ..cards import Card
from ..errors import InvalidPositionError
from ..words import cards_text, seat_name
from .follow import legal_follows
from .hand import ShengjiHand
from .leads import legal_leads

#: How far into a lazy view of legal plays a choice looks (the views can be huge when void).
_CHOICE_WINDOW = 64


class RandomPlayer:
    """Chooses uniformly among a few legal options; the same seed gives the same choices."""

    def __init__(self, rng: random.Random, call_chance: float = 0.5) -> None:
        self.rng = rng
        self.call_chance = call_chance

    def choose_call(self, hand: ShengjiHand, seat: int) -> list[Card] | None:
        """A call the seat may make now (SG-1 / SS-1) with the card it was just dealt, or None."""
        card = hand.hands[seat][-1]
        if card.rank is not hand.level and not card.is_joker:
            return None
        options = [[card, card]] if hand.hands[seat].count(card) >= 2 else []
        if not card.is_joker:
            options.append([card])
        for cards in options:
            if self.rng.random() < self.call_chance and hand.check_call(seat, cards):
                return cards
        return None

    def choose_burial(self, hand: ShengjiHand) -> list[Card]:
        """Any 8 of the dealer's 33 cards (SJ-7)."""
        assert hand.dealer is not None
        return self.rng.sample(hand.hands[hand.dealer], 8)

    def choose_lead(self, hand: ShengjiHand, seat: int) -> list[Card]:
        """A random legal lead (SJ-6, C-3); raises if there is none."""
        assert hand.ctx is not None
        leads = list(islice(legal_leads(hand.ctx, hand.rules, hand.hands[seat]), _CHOICE_WINDOW * 4))
        if not leads:
            raise InvalidPositionError(f"{seat_name(seat)} has no legal lead")
        return self.rng.choice(leads)

    def choose_follow(self, hand: ShengjiHand, seat: int) -> list[Card]:
        """A random legal follow (SJ-9, SJ-10): a random guess the hand accepts, else a pick
        among the first legal plays the engine lists; raises if there is none."""
        assert hand.ctx is not None and hand.lead is not None
        lead, held = list(hand.lead), hand.hands[seat]
        guess = self._guess_follow(hand, held, len(lead))
        if hand.check_play(seat, guess):
            return guess
        options = list(islice(legal_follows(hand.ctx, hand.rules, lead, held), _CHOICE_WINDOW))
        if not options:
            raise InvalidPositionError(f"{seat_name(seat)} has no legal follow to {cards_text(lead)}")
        return self.rng.choice(options)

    def _guess_follow(self, hand: ShengjiHand, held: list[Card], size: int) -> list[Card]:
        """Cards of the led suit first, the rest at random (often legal, always cheap)."""
        assert hand.ctx is not None and hand.lead is not None
        suit = hand.ctx.effective_suit(hand.lead[0])
        in_suit = [c for c in held if hand.ctx.effective_suit(c) is suit]
        if len(in_suit) >= size:
            return self.rng.sample(in_suit, size)
        rest = [c for c in held if hand.ctx.effective_suit(c) is not suit]
        return in_suit + self.rng.sample(rest, size - len(in_suit))
