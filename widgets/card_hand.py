"""A hand of cards a reader can pick from: the smallest widget, proving widgets render offline.

The faces are drawn by :mod:`cardlib.render` in Python and handed to the browser by
value, so the same widget shows in JupyterLab, in Voila and in the static book
(where no kernel runs).  Picking cards is done in the browser and synced back.

Rules: SJ-1, YS-1 (cards of the deck), YS-7 (a hand the player chooses from).
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable

import anywidget
import traitlets

from cardlib.cards import Card, parse_cards
from cardlib.errors import InvalidPositionError
from cardlib.render import card_label, card_svg

STATIC = Path(__file__).parent / "static"


class CardHand(anywidget.AnyWidget):
    """Cards in a row; clicking a card selects or unselects it (``selected`` holds positions)."""

    _esm = STATIC / "card_hand.js"
    _css = STATIC / "card_hand.css"

    faces = traitlets.List(traitlets.Dict(), read_only=True).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)

    def __init__(self, cards: str | Iterable[Card | str], *, caption: str = "", four_colour: bool = False,
                 **kwargs) -> None:
        hand = parse_cards(cards)
        super().__init__(caption=caption, **kwargs)
        self.set_trait("faces", [{"card": str(c), "label": card_label(c), "svg": card_svg(c, four_colour=four_colour)}
                                 for c in hand])
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
    def _check_selected(self, proposal: dict) -> list[int]:
        positions = list(proposal["value"])
        for position in positions:
            if not 0 <= position < len(self._cards):
                raise InvalidPositionError(f"card position {position} is not in a hand of {len(self._cards)} cards")
        if len(set(positions)) != len(positions):
            raise InvalidPositionError(f"card positions {positions} pick one card twice")
        return positions
