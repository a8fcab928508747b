"""What happened in a game, and why: every transition returns events, each with a reason.

Rules: every YS rule that moves the game cites itself in the reason of its event.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..cards import Card, Rank
from ..explain import Reason
from ..result import short


class EventKind(str, Enum):
    """The kinds of things that happen at the table."""

    DEAL = "deal"                  # YS-1
    FIRST_PLAYER = "first_player"  # YS-3
    PLAY_UP = "play_up"            # YS-4, YS-6
    DRAW = "draw"                  # YS-6, YS-16
    PLAY_DOWN = "play_down"        # YS-7, YS-15
    STAND = "stand"                # YS-11: the window closed unchallenged
    CHALLENGE = "challenge"        # YS-8, YS-14
    REVEAL = "reveal"              # YS-9
    TAKE = "take"                  # YS-9, YS-10
    WIN = "win"                    # YS-12
    STALL = "stall"                # YS-16

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its kind, the seat it concerns, the reason, and its details.

    ``card`` is the card played, drawn or revealed; ``claim`` the rank claimed;
    ``other`` a second seat (the challenger of a reveal, the taker of a pile).
    """

    kind: EventKind
    seat: int | None
    reason: Reason
    card: Card | None = None
    claim: Rank | None = None
    other: int | None = None

    def __str__(self) -> str:
        return str(self.reason)

    def __repr__(self) -> str:
        """One short line: ``<Event play_up · YS-6: Player A plays ♠8 face up, …>``."""
        return f"<Event {self.kind.value} · {short(str(self.reason))}>"

    def _repr_html_(self) -> str:
        """A notebook shows the event's card and its reason (:mod:`.display`)."""
        from .display import event_html

        return event_html(self)

    def to_dict(self, reveal: bool = True) -> dict[str, Any]:
        """A JSON-ready form, for the teacher's stepper and puzzle specs.

        With ``reveal=False`` it is what the table sees: the card of a face-down play
        (YS-11: never shown unless challenged) and a drawn card are left out.
        """
        data: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat, "reason": self.reason.to_dict()}
        if self.card is not None and (reveal or self.kind not in _HIDDEN):
            data["card"] = str(self.card)
        if self.claim is not None:
            data["claim"] = str(self.claim)
        if self.other is not None:
            data["other"] = self.other
        return data


#: Events whose card only its player sees.
_HIDDEN = frozenset({EventKind.PLAY_DOWN, EventKind.DRAW})


class Events(tuple[Event, ...]):
    """The events of one action (or a game's log): a tuple that a notebook draws as cards and reasons."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from .display import events_html

        return events_html(self)
