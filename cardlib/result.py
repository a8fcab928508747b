"""One shape for every answer the engine gives: a value and the reason that decided it.

Every check of the learner's API returns a :class:`Result` (or a subclass of it that adds fields:
:class:`~cardlib.explain.Verdict` for yes/no, ``TrickResult``, ``ThrowResult``, ``CallingResult``):
``result.value`` is the answer, ``result.reason`` the :class:`~cardlib.explain.Reason` citing the
deciding rule, ``result.rule`` its id; a notebook draws it with the reason in both languages
(``_repr_html_``), and its ``repr`` is one short line.  For the calls that used to return a
``(value, reason)`` pair, a result still unpacks and indexes like one.

>>> from cardlib.explain import Reason
>>> from cardlib.rule_ids import RuleId
>>> result = Result(25, Reason(RuleId.SJ_11, "Points: 5s count 5, 10s and Ks 10.", "5计5分，10和K计10分。"))
>>> result
<Result 25 · SJ-11: Points: 5s count 5, 10s and Ks 10.>
>>> points, why = result
>>> points, result[0], why.rule.value
(25, 25, 'SJ-11')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .cards import Card, Rank, Suit
from .rule_ids import RuleId
from .words import card_text, cards_text, player_name, rank_word, seat_name, suit_word

if TYPE_CHECKING:
    from .explain import Reason

T = TypeVar("T")

#: How much of the reason a one-line ``repr`` shows.
REPR_WIDTH = 72


def short(text: str, width: int = REPR_WIDTH) -> str:
    """``text`` on one line, cut to ``width`` characters with ``…`` when longer.

    >>> short("a b   c"), short("x" * 10, 5)
    ('a b c', 'xxxx…')
    """
    line = " ".join(text.split())
    return line if len(line) <= width else line[:width - 1].rstrip() + "…"


def value_words(value: object, lang: str = "en") -> str:
    """A result's value as a reader writes it: cards as ♠A / 大王, suits and ranks in words.

    >>> from cardlib.cards import parse_cards
    >>> value_words(parse_cards("HA BJ")), value_words(Suit.SPADES, "zh"), value_words(7)
    ('♥A and big joker', '黑桃', '7')
    """
    if isinstance(value, Card):
        return card_text(value, lang)
    if isinstance(value, Suit):
        return suit_word(value, lang)
    if isinstance(value, Rank):
        return rank_word(value, lang)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
        return cards_text(value, lang)
    en, zh = getattr(value, "en", None), getattr(value, "zh", None)
    if isinstance(en, str) and isinstance(zh, str):
        return zh if lang == "zh" else en
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    if value is None:
        return "none" if lang != "zh" else "无"
    return str(value)


@dataclass(frozen=True, slots=True)
class Result(Generic[T]):
    """An answer of the engine: ``value``, and the ``reason`` citing the rule that decided it."""

    value: T
    reason: Reason

    @property
    def rule(self) -> RuleId:
        """The id of the rule that decided (the reason's)."""
        return self.reason.rule

    @property
    def en(self) -> str:
        """The reason in English."""
        return self.reason.en

    @property
    def zh(self) -> str:
        """The reason in Chinese."""
        return self.reason.zh

    def shown(self, lang: str = "en") -> str:
        """The value in words (a subclass names it its own way: ✓ / ✗, a play and its cards …)."""
        return value_words(self.value, lang)

    def __iter__(self) -> Iterator[Any]:
        """``value, reason = result``: a result unpacks like the pair it replaces."""
        return iter((self.value, self.reason))

    def __getitem__(self, index: int) -> Any:
        """``result[0]`` is the value, ``result[1]`` the reason (as in the pair it replaces)."""
        return (self.value, self.reason)[index]

    def __str__(self) -> str:
        return f"{self.shown()} · {self.reason}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {short(str(self))}>"

    def _repr_html_(self) -> str:
        """A notebook shows the value, bold in both languages, above the reason (:mod:`cardlib.render`)."""
        from .render import result_html

        return result_html(self)



@dataclass(frozen=True, slots=True, repr=False)
class SeatResult(Result[int]):
    """A result whose value is a Shengji seat (0-3), shown by its place: South, East, North, West."""

    def shown(self, lang: str = "en") -> str:
        return seat_name(self.value, lang)


@dataclass(frozen=True, slots=True, repr=False)
class PlayerResult(Result[int]):
    """A result whose value is a 一上一下 player (0-3), shown by name: player A … / 甲 …"""

    def shown(self, lang: str = "en") -> str:
        return player_name(self.value, lang)
