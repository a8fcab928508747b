"""The Shengji questions of ``python -m cardlib check`` (cases.md): field parsing and dispatch.

Each question is answered by a function ``answer_<question>(case, context)`` in
:mod:`.questions_play` (following, tricks, shapes) or :mod:`.questions_score`
(points, kitty, levels, calling); this module turns the common fields into
engine values and checks that every field a question needs is present.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..cards import Card, Rank, Suit, parse_cards
from ..errors import CardlibError, NotationError
from ..explain import Reason
from .rules import Ruleset, get_ruleset


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
    return table[question](case, CaseContext(read_ruleset(case)))
