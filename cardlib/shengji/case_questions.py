"""The Shengji questions of ``python -m cardlib check`` (docs/notation.md): field parsing and dispatch.

Each question is answered by a function ``answer_<question>(case, context)`` in
:mod:`.questions_play` (following, tricks, shapes) or :mod:`.questions_score`
(points, kitty, levels, calling), marked with the fields it reads (:func:`takes`);
this module turns the common fields into engine values, checks that every field
a question needs is present, and refuses any field a question does not know
besides the :data:`META_FIELDS` every case may carry, so a misspelt field never
goes unnoticed.

>>> answer({"question": "trick_points", "cards": "H5 SK", "plays": ["H5"]})
Traceback (most recent call last):
...
cardlib.errors.CardlibError: case None: unknown field 'plays' for question 'trick_points'; it takes: cards
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..cards import Card, Rank, Suit, parse_cards
from ..errors import CardlibError, NotationError
from ..explain import Reason
from .rules import Ruleset, get_ruleset

#: Fields any case may carry, whatever its question (docs/notation.md; ``source`` names a public engine's test).
META_FIELDS = frozenset({"id", "question", "game", "ruleset", "variant", "expect", "expect_error", "note", "source"})


@dataclass(frozen=True, slots=True)
class CaseContext:
    """What every Shengji case may carry: the ruleset (preset + variant)."""

    rules: Ruleset


def require(case: dict[str, Any], name: str) -> Any:
    """A field the question needs, or an error naming it."""
    if name not in case:
        raise CardlibError(f"case {case.get('id')!r}: question {case.get('question')!r} needs the field {name!r}")
    return case[name]


def read_level(case: dict[str, Any]) -> Rank:
    """The ``level`` field: a plain rank such as ``"2"`` or ``"10"``."""
    value = require(case, "level")
    if not isinstance(value, str):
        raise NotationError(f"bad level {value!r}: expected a rank such as \"2\" or \"10\"")
    return Rank.parse(value)


def read_trump(case: dict[str, Any]) -> Suit | None:
    """The ``trump`` field: ``S``/``H``/``D``/``C`` (or a symbol), or ``none`` for no trump suit."""
    value = require(case, "trump")
    if isinstance(value, str) and value.strip().lower() in ("none", "nt", "无主"):
        return None
    if not isinstance(value, str):
        raise NotationError(f"bad trump {value!r}: expected S, H, D, C or none")
    return Suit.parse(value)


def read_cards(case: dict[str, Any], name: str) -> list[Card]:
    """A card-list field (a string in the notation, or a list of card strings)."""
    value = require(case, name)
    if not isinstance(value, (str, list)):
        raise NotationError(f"field {name!r} must be a card list, got {value!r}")
    try:
        return parse_cards(value)
    except NotationError as error:
        raise NotationError(f"field {name!r}: {error}") from None


def read_ruleset(case: dict[str, Any]) -> Ruleset:
    variant = case.get("variant")
    return get_ruleset(case.get("ruleset", "shengji"), variant)


Answerer = Callable[[dict[str, Any], CaseContext], tuple[Any, Reason]]
AnswererT = TypeVar("AnswererT", bound=Answerer)


def takes(*fields: str) -> Callable[[AnswererT], AnswererT]:
    """Mark an ``answer_<question>`` function with the case fields it reads (besides META_FIELDS)."""
    def mark(function: AnswererT) -> AnswererT:
        function.fields = fields  # type: ignore[attr-defined]
        return function
    return mark


def refuse_unknown_fields(case: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Raise if the case has a field neither its question nor every case (META_FIELDS) knows."""
    unknown = sorted(set(case) - META_FIELDS - set(fields))
    if unknown:
        raise CardlibError(f"case {case.get('id')!r}: unknown field {unknown[0]!r} for question "
                           f"{case.get('question')!r}; it takes: {', '.join(fields)}")


def _questions() -> dict[str, Answerer]:
    from . import questions_play, questions_score

    table: dict[str, Answerer] = {}
    for module in (questions_play, questions_score):
        for name in dir(module):
            if name.startswith("answer_"):
                table[name.removeprefix("answer_")] = getattr(module, name)
    return table


def answer(case: dict[str, Any]) -> tuple[Any, Reason]:
    """The answer to one Shengji case and the reason that decided it."""
    question = require(case, "question")
    table = _questions()
    if question not in table:
        raise CardlibError(f"unknown question {question!r}; Shengji questions are: {', '.join(sorted(table))}")
    answerer = table[question]
    refuse_unknown_fields(case, answerer.fields)  # type: ignore[attr-defined]
    return answerer(case, CaseContext(read_ruleset(case)))
