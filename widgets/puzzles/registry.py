"""The registry of puzzle kinds: which generator makes each, what a seed names, which rules
each kind exercises, and how to find the seed of a puzzle that exercises a rule.

A seed names one puzzle (``#puzzle=<kind>:<seed>``) and fixes its difficulty
(``seed % 3``: easy, normal, hard), so one seed always means one position.

Balance: a generator chooses the class of its right answer first, in turn by seed (a challenge that
succeeds or fails, a play or a challenge, a lead legal / a throw / mixed, a kitty won with a single,
a pair, a tractor or by the dealer's team, ...), then builds a position for it; the engine still
grades every answer.  No answer is right in more than 60% of a kind's puzzles under any ruleset, and
each kind's difficulty features grow from easy to hard (:mod:`.measure`, ``benchmarks/puzzle_balance.py``).

Rules: every register id is exercised by some kind (:data:`KIND_RULES`, checked by the tests).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from cardlib.rule_ids import RuleId

from .spec import DIFFICULTIES, Difficulty, PuzzleError, PuzzleKind, as_difficulty

#: Every kind and the generator that makes it (``module:function``), imported on first use.
KINDS: dict[PuzzleKind, str] = {
    "follow_legal": "shengji_follow:make_follow_legal",
    "pick_follow": "shengji_follow:make_pick_follow",
    "trick_winner": "shengji_trick:make_trick_winner",
    "shape": "shengji_trick:make_shape",
    "highest": "shengji_trick:make_highest",
    "kitty_score": "shengji_scoring:make_kitty_score",
    "last_trick": "shengji_scoring:make_last_trick",
    "level_change": "shengji_scoring:make_level_change",
    "calling": "shengji_calling:make_calling",
    "first_dealer": "shengji_calling:make_first_dealer",
    "deal": "shengji_table:make_deal",
    "next_leader": "shengji_table:make_next_leader",
    "after_hand": "shengji_table:make_after_hand",
    "trick_points": "shengji_cards:make_trick_points",
    "count_trumps": "shengji_cards:make_count_trumps",
    "bury": "shengji_cards:make_bury",
    "lead_legal": "shengji_cards:make_lead_legal",
    "throw": "shengji_throw:make_throw",
    "ys_challenge": "yishang_kinds:make_challenge",
    "ys_state": "yishang_kinds:make_state",
    "ys_deal": "yishang_moves:make_deal",
    "ys_first_player": "yishang_moves:make_first_player",
    "ys_action": "yishang_moves:make_action",
    "ys_draw": "yishang_moves:make_draw",
    "give_points": "strategy:make_give_points",
    "endgame": "endgame:make_endgame",
}

#: The register ids each kind's reasons can cite (measured over many seeds by the tests);
#: :func:`kinds_for` reads it to choose a kind for a rule.
KIND_RULES: dict[str, frozenset[str]] = {
    "follow_legal": frozenset({"SJ-9", "SG-5", "SS-5", "C-4", "C-7"}),
    "pick_follow": frozenset({"SJ-9", "SG-5", "SS-5", "C-4", "C-7"}),
    "trick_winner": frozenset({"SJ-10", "C-1", "C-5"}),
    "shape": frozenset({"SJ-6", "SG-4", "SS-4", "SG-E3"}),
    "highest": frozenset({"SJ-5"}),
    "kitty_score": frozenset({"SJ-12", "SG-6", "SS-6", "SG-E2", "C-2"}),
    "last_trick": frozenset({"SJ-12", "SG-E1"}),
    "level_change": frozenset({"SG-7", "SS-7", "SS-E2", "C-6"}),
    "calling": frozenset({"SG-1", "SS-1", "SG-3", "SS-3"}),
    "first_dealer": frozenset({"SG-1", "SS-1", "SG-2", "SS-2", "SG-3", "SS-3", "SG-9", "SS-9", "SS-E3"}),
    "deal": frozenset({"SJ-1", "SJ-2"}),
    "next_leader": frozenset({"SJ-8", "C-1", "C-5"}),
    "after_hand": frozenset({"SJ-3", "SJ-13", "SG-7", "SS-7", "SS-E2", "SG-8", "SS-8"}),
    "trick_points": frozenset({"SJ-11", "SS-E1"}),
    "count_trumps": frozenset({"SJ-4"}),
    "bury": frozenset({"SJ-4", "SJ-7", "SJ-11"}),
    "lead_legal": frozenset({"SJ-6", "C-3"}),
    "throw": frozenset({"C-3"}),
    "ys_challenge": frozenset({"YS-9", "YS-14"}),  # the answer stops at who takes the pile (YS-10 is the next lead's)
    "ys_state": frozenset({"YS-4", "YS-5", "YS-6", "YS-9", "YS-10", "YS-11", "YS-13", "YS-E1", "YS-E2"}),
    "ys_deal": frozenset({"YS-1"}),
    "ys_first_player": frozenset({"YS-2", "YS-3"}),
    "ys_action": frozenset({"YS-5", "YS-6", "YS-7", "YS-8", "YS-10", "YS-14", "YS-E1", "YS-E2"}),
    "ys_draw": frozenset({"YS-6", "YS-12", "YS-15", "YS-16"}),
    "give_points": frozenset({"SJ-9", "SJ-11", "SJ-12"}),
    "endgame": frozenset({"SJ-11", "SJ-12", "C-1"}),
}


def difficulty_of(seed: int) -> Difficulty:
    """The difficulty a seed names: ``DIFFICULTIES[seed % 3]``."""
    return DIFFICULTIES[seed % len(DIFFICULTIES)]


def seed_for(difficulty: str, number: int) -> int:
    """The ``number``-th seed of a difficulty (``seed_for("hard", 0) == 2``)."""
    return number * len(DIFFICULTIES) + DIFFICULTIES.index(as_difficulty(difficulty))


def generator(kind: str) -> Callable[[int, Difficulty], dict[str, Any]]:
    """The function that makes puzzles of ``kind``."""
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}")
    module, function = KINDS[kind].split(":")
    make: Callable[[int, Difficulty], dict[str, Any]] = getattr(importlib.import_module(f"{__package__}.{module}"), function)
    return make


def make_puzzle(kind: str, seed: int) -> dict[str, Any]:
    """The puzzle ``kind:seed``: a JSON-ready spec (see :mod:`.spec`), same seed, same puzzle."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PuzzleError(f"a puzzle seed is a whole number ≥ 0, not {seed!r}")
    return generator(kind)(seed, difficulty_of(seed))


#: How many seeds :func:`find_seed` tries before giving up.
SEARCH_LIMIT = 1000


@cache
def _cites(kind: str, seed: int) -> tuple[frozenset[str], bool]:
    """The rule ids the puzzle ``kind:seed`` cites, and whether its rulesets grade it differently."""
    spec = make_puzzle(kind, seed)
    return frozenset(spec["rules"]), spec["differs"]


@cache
def find_seed(kind: str, rule: str | None = None, differs: bool = False, difficulty: str | None = None,
              start: int = 0) -> int:
    """The first seed from ``start`` (of ``difficulty``, if given) whose puzzle cites ``rule`` and,
    if ``differs``, is graded differently by its rulesets: same arguments, same seed.

    >>> find_seed("level_change", "SS-E2", differs=True) >= 0
    True
    """
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}")
    wanted = None if rule is None else RuleId.parse(str(rule)).value
    if wanted is not None and wanted not in KIND_RULES[kind]:  # no seed can fit: say so now, not after the search
        others = kinds_for(wanted)
        raise PuzzleError(f"a {kind} puzzle never cites {wanted}: "
                          + (f"the kinds that do are {', '.join(others)}" if others else "no puzzle kind does"))
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise PuzzleError(f"a seed to start from is a whole number ≥ 0, not {start!r}")
    first, step = start, 1
    if difficulty is not None:  # the first seed ≥ start of that difficulty, then every third
        first, step = start + (seed_for(difficulty, 0) - start) % len(DIFFICULTIES), len(DIFFICULTIES)
    for seed in range(first, first + SEARCH_LIMIT * step, step):
        rules, graded_apart = _cites(kind, seed)
        if (wanted is None or wanted in rules) and (graded_apart or not differs):
            return seed
    what = f"cites {wanted}" if wanted else "fits"
    raise PuzzleError(f"no {kind} puzzle {what}{' and differs between rulesets' if differs else ''} "
                      f"among {SEARCH_LIMIT} seeds from {start}")


def seed_for_rule(rule: str, kind: str | None = None, differs: bool = False,
                  difficulty: str | None = None) -> tuple[str, int]:
    """The puzzle ``(kind, seed)`` that ``Puzzle.for_rule`` shows: the first kind (``kind`` if given,
    else in :data:`KINDS` order among those that exercise ``rule``) with a seed that fits.

    >>> seed_for_rule("SS-E2", differs=True)
    ('level_change', 68)
    """
    kinds = [kind] if kind is not None else kinds_for(rule)
    if not kinds:
        raise PuzzleError(f"no puzzle kind exercises {rule}")
    errors = []
    for candidate in kinds:
        try:
            return candidate, find_seed(candidate, rule, differs=differs, difficulty=difficulty)
        except PuzzleError as error:
            errors.append(str(error))
    raise PuzzleError("; ".join(errors))


def kinds_for(rule: str) -> list[str]:
    """The kinds whose puzzles can exercise ``rule``, in :data:`KINDS` order."""
    wanted = RuleId.parse(str(rule)).value
    return [kind for kind in KINDS if wanted in KIND_RULES[kind]]
