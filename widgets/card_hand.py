"""A hand of cards a reader can pick from: the smallest widget, proving widgets render offline.

The cards go to the browser as their names (``"SA"``, ``"BJ"``) and are drawn there by the book's
one drawing of a card (``cards.js``, faces from :mod:`cardlib.render`), in the reader's language
and four-colour choice (``settings.js``), so the same widget shows in JupyterLab, in Voila and in
the static book (where no kernel runs).  Picking cards is done in the browser and synced back.

Rules: SJ-1, YS-1 (cards of the deck), YS-7 (a hand the player chooses from).

>>> hand = CardHand("SA BJ h10", caption="Pick one")
>>> hand.hand, hand.cards[1]
(['SA', 'BJ', 'H10'], Card.parse('BJ'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from cardlib.cards import Card, parse_cards
from cardlib.errors import InvalidPositionError

from .front_ends import front_end, style


class CardHand(anywidget.AnyWidget):
    """Cards in a row; clicking a card selects or unselects it (``selected`` holds positions)."""

    _esm = front_end("card_hand.js")
    _css = style("card_hand.css")

    hand = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)

    def __init__(self, cards: str | Iterable[Card | str], *, caption: str = "", **kwargs: Any) -> None:
        hand = parse_cards(cards)
        super().__init__(caption=caption, **kwargs)
        self.set_trait("hand", [str(c) for c in hand])
        self._cards = tuple(hand)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand, in the order shown."""
        return self._cards

    @property
    def selected_cards(self) -> list[Card]:
        """The cards the reader has picked, in hand order."""
        return [self._cards[i] for i in sorted(self.selected)]

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> list[int]:
        positions = list(proposal["value"])
        for position in positions:
            if not 0 <= position < len(self._cards):
                raise InvalidPositionError(f"card position {position} is not in a hand of {len(self._cards)} cards")
        if len(set(positions)) != len(positions):
            raise InvalidPositionError(f"card positions {positions} pick one card twice")
        return positions
