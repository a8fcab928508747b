"""New puzzles on request, for a page with no kernel: the service the browser engine runs.

The static book's engine (a Pyodide worker, ``tools/site/engine-worker.js``) keeps one
``PuzzleService.start({"kind": kind})`` per puzzle widget and answers each of its messages with
:meth:`PuzzleService.handle`, which returns the new spec (the widget's ``spec`` trait).  Once it has
answered, the worker calls :meth:`PuzzleService.idle`, which makes the next puzzle of the difficulty
last asked while the reader reads this one, so the next "New puzzle" is answered at once:

>>> service = PuzzleService.start({"kind": "trick_points"})
>>> spec = service.handle({"type": "new", "difficulty": "hard"})
>>> spec["kind"], spec["difficulty"]
('trick_points', 'hard')
>>> service.handle({"type": "new", "seed": 4}) == make_puzzle("trick_points", 4)
True

Pure Python on the engine (no anywidget, no traitlets): it imports in the browser.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .registry import KINDS, difficulty_of, make_puzzle, seed_for
from .spec import DIFFICULTIES, PuzzleError

#: Fresh seeds are drawn from ``range(SEED_SPAN)`` times the number of difficulties.
SEED_SPAN = 10**6


def fresh_seed(difficulty: str, rng: random.Random) -> int:
    """A random seed of ``difficulty`` (``seed % 3`` names it)."""
    return seed_for(difficulty, rng.randrange(SEED_SPAN))


class PuzzleService:
    """Makes puzzles of one kind: ``{"type": "new", "difficulty": d}``, or the puzzle a seed names,
    ``{"type": "new", "seed": n}`` or (as the kernel's widget reads a link) ``{"type": "load", "seed": n}``."""

    def __init__(self, kind: str, rng: random.Random | None = None) -> None:
        if kind not in KINDS:
            raise PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}")
        self.kind = kind
        self.rng = rng or random.Random()
        self.asked: str | None = None  # the difficulty of the last fresh puzzle asked for
        self.ready: dict[str, dict[str, Any]] = {}  # a fresh puzzle made ahead, per difficulty

    @classmethod
    def start(cls, options: Mapping[str, Any]) -> PuzzleService:
        """The service for ``options["kind"]``; any other option is an error."""
        if not isinstance(options, Mapping) or set(options) != {"kind"}:
            raise PuzzleError(f"a puzzle service starts with options {{'kind': …}}, not {options!r}")
        return cls(options["kind"])

    def handle(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """The spec of a new puzzle: the ``seed`` given, else a fresh one of ``difficulty``."""
        if not isinstance(message, Mapping) or message.get("type") not in ("new", "load"):
            raise PuzzleError(f"a puzzle service answers {{'type': 'new' or 'load', …}}, not {message!r}")
        if message["type"] == "load" and "seed" not in message:
            raise PuzzleError(f"a puzzle to load needs its seed: {message!r}")
        unknown = set(message) - {"type", "difficulty", "seed"}
        if unknown:
            raise PuzzleError(f"unknown fields in a new-puzzle message: {', '.join(sorted(unknown))}")
        difficulty = message.get("difficulty")
        if difficulty is not None and difficulty not in DIFFICULTIES:
            raise PuzzleError(f"unknown difficulty {difficulty!r}: expected one of {', '.join(DIFFICULTIES)}")
        if "seed" not in message:
            self.asked = difficulty or "normal"
            return self.ready.pop(self.asked, None) or self.fresh(self.asked)
        seed = message["seed"]
        spec = make_puzzle(self.kind, seed)
        if difficulty is not None and difficulty_of(seed) != difficulty:
            raise PuzzleError(f"seed {seed} names a {difficulty_of(seed)} puzzle, not a {difficulty} one")
        return spec

    def fresh(self, difficulty: str) -> dict[str, Any]:
        """A new puzzle of ``difficulty`` from a random seed."""
        return make_puzzle(self.kind, fresh_seed(difficulty, self.rng))

    def idle(self) -> None:
        """Make the next puzzle of the difficulty last asked for, if none is waiting."""
        if self.asked is not None and self.asked not in self.ready:
            self.ready[self.asked] = self.fresh(self.asked)
