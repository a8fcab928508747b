"""Puzzles graded by the engine: one spec model, one generator per kind, a static bank.

``make_puzzle(kind, seed)`` is the whole API a widget needs; ``build_bank(kind)`` gives the
puzzles a static page carries.  A chapter embeds a puzzle with one line in a code cell::

    from widgets.puzzle_widget import Puzzle; Puzzle("pick_follow")

(``Puzzle(kind, seed=n)`` shows a chosen position; the kinds are the keys of :data:`KINDS`;
rule links go to ``RULE_PAGES`` in :mod:`.spec`, anchors ``rule-<id>``.)  Under a rule's anchor,
``Puzzle.for_rule("SJ-9", kind="follow_legal")`` shows the first seed whose spec cites that id
(:func:`find_seed`); every spec lists the ids its reasons cite in ``spec["rules"]``.

Rules: every register id is cited by some kind (:data:`KIND_RULES`); each kind's module names its ids.
"""

from __future__ import annotations

from .bank import BANK_PER_DIFFICULTY, BANK_SIZE, build_bank, json_size, pack_bank, unpack_bank
from .registry import KIND_RULES, KINDS, difficulty_of, find_seed, generator, kinds_for, make_puzzle, seed_for, seed_for_rule
from .spec import DIFFICULTIES, PuzzleError

__all__ = ["KINDS", "KIND_RULES", "DIFFICULTIES", "BANK_SIZE", "BANK_PER_DIFFICULTY", "PuzzleError", "make_puzzle", "build_bank", "json_size",
           "pack_bank", "unpack_bank", "seed_for", "difficulty_of", "generator", "find_seed", "kinds_for", "seed_for_rule"]
