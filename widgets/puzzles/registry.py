"""The registry of puzzle kinds: which generator makes each, and what a seed names.

A seed names one puzzle (``#puzzle=<kind>:<seed>``) and fixes its difficulty
(``seed % 3``: easy, normal, hard), so one seed always means one position.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from .spec import DIFFICULTIES, PuzzleError

#: Every kind and the generator that makes it (``module:function``), imported on first use.
KINDS: dict[str, str] = {
    "follow_legal": "shengji_follow:make_follow_legal",
    "pick_follow": "shengji_follow:make_pick_follow",
    "trick_winner": "shengji_trick:make_trick_winner",
    "shape": "shengji_trick:make_shape",
    "highest": "shengji_trick:make_highest",
    "kitty_score": "shengji_scoring:make_kitty_score",
    "level_change": "shengji_scoring:make_level_change",
    "calling": "shengji_calling:make_calling",
    "ys_challenge": "yishang_kinds:make_challenge",
    "ys_state": "yishang_kinds:make_state",
}


def difficulty_of(seed: int) -> str:
    """The difficulty a seed names: ``DIFFICULTIES[seed % 3]``."""
    return DIFFICULTIES[seed % len(DIFFICULTIES)]


def seed_for(difficulty: str, number: int) -> int:
    """The ``number``-th seed of a difficulty (``seed_for("hard", 0) == 2``)."""
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"unknown difficulty {difficulty!r}: expected one of {', '.join(DIFFICULTIES)}")
    return number * len(DIFFICULTIES) + DIFFICULTIES.index(difficulty)


def generator(kind: str) -> Callable[[int, str], dict[str, Any]]:
    """The function that makes puzzles of ``kind``."""
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}")
    module, function = KINDS[kind].split(":")
    return getattr(importlib.import_module(f"{__package__}.{module}"), function)


def make_puzzle(kind: str, seed: int) -> dict[str, Any]:
    """The puzzle ``kind:seed``: a JSON-ready spec (see :mod:`.spec`), same seed, same puzzle."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PuzzleError(f"a puzzle seed is a whole number ≥ 0, not {seed!r}")
    return generator(kind)(seed, difficulty_of(seed))
