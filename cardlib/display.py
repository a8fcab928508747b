"""Small display values: a hand and a trick that a notebook shows as cards.

A notebook cell whose value is a :class:`Hand` or a :class:`Trick` draws it with
:mod:`cardlib.render`, no widget needed, in the reader's language
(:func:`cardlib.words.reader_lang`).  ``str`` is the notation and ``repr`` the
call that builds the value again.

Rules: SJ-8 (seats play in turn, the leader first), YS-1 (cards of one deck).

>>> Hand.parse("sa 10h BJ")
Hand.parse('SA H10 BJ')
>>> str(Trick.parse(["SA", "S2", "", "SK"], leader=3))
'SA | S2 | - | SK'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .cards import Card, format_cards, parse_cards
from .render import check_seats, hand_html, trick_html


@dataclass(frozen=True, slots=True)
class Hand:
    """Cards in the order given, drawn as a held hand."""

    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, cards: str | Iterable[Card | str]) -> Hand:
        """A hand from the card notation (docs/notation.md); a bad token raises ``NotationError``."""
        return cls(tuple(parse_cards(cards)))

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def _repr_html_(self) -> str:
        return hand_html(self.cards)


@dataclass(frozen=True, slots=True)
class Trick:
    """What each of the four seats played (an empty tuple: not yet), who led and who won."""

    plays: tuple[tuple[Card, ...], ...]
    leader: int = 0
    winner: int | None = None

    def __post_init__(self) -> None:
        check_seats(len(self.plays), self.leader, self.winner)

    @classmethod
    def parse(cls, plays: Sequence[str | Iterable[Card | str] | None], *, leader: int = 0,
              winner: int | None = None) -> Trick:
        """A trick from four plays in seat order; ``""`` or ``None`` for a seat that has not played."""
        return cls(tuple(tuple(parse_cards(p or [])) for p in plays), leader, winner)

    def __str__(self) -> str:
        return " | ".join(format_cards(play) or "-" for play in self.plays)

    def __repr__(self) -> str:
        plays = [format_cards(play) for play in self.plays]
        return f"Trick.parse({plays!r}, leader={self.leader!r}, winner={self.winner!r})"

    def _repr_html_(self) -> str:
        return trick_html([play or None for play in self.plays], leader=self.leader, winner=self.winner)

