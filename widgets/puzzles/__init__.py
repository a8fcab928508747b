"""Puzzles graded by the engine: one spec model, one generator per kind, a static bank.

``make_puzzle(kind, seed)`` is the whole API a widget needs; ``build_bank(kind)`` gives the
puzzles a static page carries.  A chapter embeds a puzzle with one line in a code cell::

    from widgets.puzzle_widget import Puzzle; Puzzle("pick_follow")

(``Puzzle(kind, seed=n)`` shows a chosen position; the kinds are the keys of :data:`KINDS`;
rule links go to ``RULE_PAGES`` in :mod:`.spec`, anchors ``rule-<id>``.)

Rules: each kind's module names the rule ids it exercises.
"""

from __future__ import annotations

from .bank import BANK_SIZE, build_bank, json_size, pack_bank, unpack_bank
from .registry import KINDS, difficulty_of, generator, make_puzzle, seed_for
from .spec import DIFFICULTIES, PuzzleError

__all__ = ["KINDS", "DIFFICULTIES", "BANK_SIZE", "PuzzleError", "make_puzzle", "build_bank", "json_size", "pack_bank", "unpack_bank",
           "seed_for", "difficulty_of", "generator"]
