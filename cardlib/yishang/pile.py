"""The central pile and the orientation of the next card.

Rules: YS-5 (first card of a round up, each established play flips), YS-13 (the pile decides).

>>> from cardlib.cards import Card
>>> face_from_pile([])
<Face.UP: 'up'>
>>> up = PileCard(Card.parse("S8"), Face.UP, Card.parse("S8").rank)
>>> face_from_pile([up]), str(up)
(<Face.DOWN: 'down'>, 'S8')
>>> down = PileCard(Card.parse("H6"), Face.DOWN, Rank.TEN)
>>> face_from_pile([up, down]), str(down), down.hidden()
(<Face.UP: 'up'>, 'H6 down as 10', {'face': 'down', 'claim': '10'})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..cards import Card, Rank
from ..errors import InvalidPositionError, NotationError


class Face(str, Enum):
    """How a card lies on the pile."""

    UP = "up"
    DOWN = "down"

    def __str__(self) -> str:
        return self.value

    @property
    def zh(self) -> str:
        return "明牌" if self is Face.UP else "暗牌"


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card on the central pile: the card, how it lies, and the rank it counts as.

    A face-up card counts as its real rank; a face-down card as its claim (YS-4, YS-11).
    The engine knows the real card; :meth:`hidden` is what the other players see.
    """

    card: Card
    face: Face
    claim: Rank

    def __str__(self) -> str:
        return str(self.card) if self.face is Face.UP else f"{self.card} down as {self.claim}"

    def to_dict(self) -> dict[str, str]:
        return {"card": str(self.card), "face": self.face.value, "claim": str(self.claim)}

    @classmethod
    def parse(cls, text: str | PileCard) -> PileCard:
        """A pile card as :func:`str` writes it: ``"S8"`` (face up) or ``"H6 down as 10"``.

        >>> PileCard.parse("H6 down as 10").claim, PileCard.parse("s8").face
        (<Rank.TEN: 10>, <Face.UP: 'up'>)
        """
        if isinstance(text, PileCard):
            return text
        if not isinstance(text, str):
            raise NotationError(f"bad pile card {text!r}: expected \"S8\" (face up) or \"H6 down as 10\"")
        words = text.split()
        if len(words) == 1:
            card = Card.parse(words[0])
            return cls(card, Face.UP, card.rank)
        if len(words) == 4 and words[1].lower() == "down" and words[2].lower() == "as":
            from .ranks import parse_claim

            return cls(Card.parse(words[0]), Face.DOWN, parse_claim(words[3]))
        raise NotationError(f"bad pile card {text!r}: expected \"S8\" (face up) or \"H6 down as 10\"")

    def hidden(self) -> dict[str, str]:
        """The card as the table sees it: a face-down card shows only its claim."""
        if self.face is Face.UP:
            return self.to_dict()
        return {"face": self.face.value, "claim": str(self.claim)}


def face_from_pile(pile: Sequence[PileCard | str]) -> Face:
    """The face of the next card, derived from the pile alone.

    The last card decides: up → next down, down → next up; an empty pile (a new
    round, or just taken) → up.  Every card on the pile is established or, for the
    last face-down card while its challenge window is open, will be established
    by the very next card, so the last card is the last established card.  Pile cards may be
    written as :meth:`PileCard.parse` reads them: ``face_from_pile(["S8", "H6 down as 10"])``.

    Rules: YS-13, YS-5
    """
    if type(pile) in (list, tuple):
        for pile_card in pile:
            if type(pile_card) is not PileCard:
                break
        else:  # the engine's own pile: no parsing
            return next_face(pile)  # type: ignore[arg-type]
    if isinstance(pile, (str, bytes)) or not isinstance(pile, Sequence):
        raise InvalidPositionError(f"a pile is a list of pile cards, bottom card first (such as "
                                   f"[\"S8\", \"H6 down as 10\"]), not {pile!r}")
    return next_face([PileCard.parse(p) for p in pile])


def next_face(pile: Sequence[PileCard]) -> Face:
    """:func:`face_from_pile` without checking its input (the game state's own pile)."""
    if not pile or pile[-1].face is Face.DOWN:
        return Face.UP
    return Face.DOWN
