"""Overriding a game's ruleset field by field: a case's ``variant`` object (docs/notation.md).

Shared by both games' frozen ``Ruleset`` dataclasses (each has a ``name`` field).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from .errors import RulesetError

R = TypeVar("R")


def apply_variant(ruleset: R, variant: Mapping[str, Any] | None, fields: Iterable[str]) -> R:
    """``ruleset`` with the fields of ``variant`` overridden; unknown fields are a clear error.

    The result is named ``<preset>+variant``; the dataclass validates the new values.
    """
    if not variant:
        return ruleset
    if not isinstance(variant, Mapping):
        raise RulesetError("a variant must be an object of ruleset fields")
    known = list(fields)
    for key in variant:
        if key not in known:
            raise RulesetError(f"unknown ruleset field {key!r}; fields are: {', '.join(known)}")
    return replace(ruleset, name=f"{ruleset.name}+variant", **dict(variant))  # type: ignore[attr-defined, type-var]
