"""The engine's errors: every one is a ``ValueError`` that names the problem.

Callers catch :class:`CardlibError` (or plain ``ValueError``); nothing else
escapes the engine on bad input.  A refused action carries the engine's
:class:`~cardlib.explain.Reason`:

>>> from cardlib.explain import Reason
>>> from cardlib.rule_ids import RuleId
>>> error = IllegalActionError(Reason(RuleId.SJ_8, "It is East's turn, not South's.", "轮到东家出牌，不是南家。"))
>>> str(error), error.rule
("SJ-8: It is East's turn, not South's.", <RuleId.SJ_8: 'SJ-8'>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .explain import Reason
    from .rule_ids import RuleId


class CardlibError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(CardlibError):
    """A card token or card list that does not follow the notation (docs/notation.md)."""


class CardTextError(NotationError):
    """A typed card that is no card: the message names the token and the spellings accepted (SA, ♠A, 10h,
    黑桃5, 大王); ``zh`` says the same in Chinese, for a Chinese reader (``python -m cardlib check``).

    >>> CardTextError("bad card 'X9'", zh="“X9”不是一张牌").zh
    '“X9”不是一张牌'
    """

    def __init__(self, message: str, *, zh: str = "") -> None:
        super().__init__(message)
        self.zh = zh or message


class ImpossibleHandError(CardlibError):
    """Cards that cannot exist together: more copies of a card than the decks hold."""


class InvalidPositionError(CardlibError):
    """A position that does not fit the question: a play not in hand, a wrong count, ..."""


class RulesetError(CardlibError):
    """An unknown preset, an unknown ruleset field, or a value the field does not take."""


class IllegalActionError(CardlibError):
    """An action a game state refuses (out of turn, an illegal follow, a bad burial or call);
    the state is unchanged.

    ``reason`` is the :class:`~cardlib.explain.Reason` that refuses it (its rule id and its
    sentence in English and Chinese); ``str(error)`` is ``"<rule id>: <English>"``.  An error
    made from a plain message (no rule decides it) has ``reason`` None.
    """

    reason: Reason | None

    def __init__(self, reason: Reason | str) -> None:
        if isinstance(reason, str):
            self.reason = None
            super().__init__(reason)
        else:
            self.reason = reason
            super().__init__(str(reason))

    @property
    def rule(self) -> RuleId | None:
        """The rule id of the reason, if any."""
        return None if self.reason is None else self.reason.rule

    def _repr_html_(self) -> str:
        """A notebook shows the refusal's reason (drawn by :mod:`cardlib.render`)."""
        from html import escape

        if self.reason is None:
            return f'<div class="cardlib-refusal"><p>{escape(str(self))}</p></div>'
        from .render import refusal_html

        return refusal_html(self.reason)
