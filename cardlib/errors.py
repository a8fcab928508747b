"""The engine's errors: every one is a ``ValueError`` that names the problem.

Callers catch :class:`CardlibError` (or plain ``ValueError``); nothing else
escapes the engine on bad input.
"""

from __future__ import annotations


class CardlibError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(CardlibError):
    """A card token or card list that does not follow the notation (cases.md)."""


class ImpossibleHandError(CardlibError):
    """Cards that cannot exist together: more copies of a card than the decks hold."""


class InvalidPositionError(CardlibError):
    """A position that does not fit the question: a play not in hand, a wrong count, ..."""


class RulesetError(CardlibError):
    """An unknown preset, an unknown ruleset field, or a value the field does not take."""


class IllegalActionError(CardlibError):
    """An action a game state refuses (out of turn, wrong phase, ...); the state is unchanged."""
