"""What both tutors share: the error a bad message raises, texts in two languages, message fields.

Pure Python on :mod:`cardlib` only (it runs in Pyodide as well as in the kernel).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, IllegalActionError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId

Text = dict[str, str]
View = dict[str, Any]


class TutorError(ValueError):
    """A message the tutor cannot read (unknown type, a field of the wrong kind, an action after
    the end); the widget shows it as a status line and nothing changes."""


def text(en: str, zh: str) -> Text:
    """A text in both languages."""
    return {"en": en, "zh": zh}


def reason(value: Reason) -> dict[str, Any]:
    """A reason as the view carries it: rule id, both sentences and, with cards, their parts."""
    return value.to_dict()


def refusal(error: IllegalActionError) -> dict[str, Any]:
    """The engine's reason for refusing an action (a plain message becomes a reason of no rule's text)."""
    if error.reason is not None:
        return reason(error.reason)
    return {"rule": "", "en": str(error), "zh": str(error)}


def message_cards(message: dict[str, Any]) -> list[Card]:
    """The ``cards`` of an act message: a list of card tokens ("SA", "H10", "BJ")."""
    cards = message.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise TutorError(f"an action's cards are a list of card tokens such as [\"SA\", \"H10\"], not {cards!r}")
    try:
        return parse_cards(cards)
    except CardlibError as error:
        raise TutorError(f"an action's cards: {error}") from None


def seed_of(value: object) -> int:
    """A deal's seed: a whole number from 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TutorError(f"a deal's seed is a whole number from 0, not {value!r}")
    return value


def plain(rule: RuleId, en: str, zh: str) -> dict[str, Any]:
    """A sentence of the tutor's own (a prompt, a note) in the shape of an engine reason."""
    return reason(Reason.make(rule, en, zh))


class ReplayedTable(ABC):
    """A tutor's table rebuilt from its seed and the reader's moves, so a take-back is exact (the
    bots choose without chance): ``_replay`` deals again and replays ``moves``."""

    moves: list[Any]

    @abstractmethod
    def _replay(self) -> None:
        """Deal again from the seed and replay ``moves``."""

    @abstractmethod
    def grade(self) -> dict[str, Any]:
        """The reader's decisions of the finished game graded by the engine's review, worked out once
        (the session sends them when the page asks: the search takes most of a hand's time)."""

    def undo(self) -> bool:
        """Take back the reader's last move (and what the bots did after it); False if there is none."""
        if not self.moves:
            return False
        self.moves.pop()
        self._replay()
        return True

    def restart(self) -> None:
        """The same deal from the start."""
        self.moves = []
        self._replay()

    def rewind(self, count: int) -> bool:
        """Keep only the reader's first ``count`` moves and replay ("replay from here" in the review:
        the position before move ``count``); False if ``count`` is not an earlier move."""
        if not 0 <= count < len(self.moves):
            return False
        del self.moves[count:]
        self._replay()
        return True
