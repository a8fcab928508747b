"""The ``Puzzle`` widget: one engine-made puzzle spec plus its static bank, drawn by ``puzzle.js``.

Everything the browser needs is in synced traits (``spec``, and ``bank``: the static bank
as gzip-compressed JSON in base64, about a twelfth of its plain size), so the widget works in a
static page with no kernel.  With a kernel, the front end asks for a fresh puzzle by a custom
message and Python answers by setting ``spec``: the engine made the new puzzle, the browser
still only looks up verdicts.

Rules: every verdict in a spec cites a register id (see :mod:`widgets.puzzles.spec`).
"""

from __future__ import annotations

import random
from typing import Any

import anywidget
import traitlets

from .front_ends import front_end, style
from .puzzles import build_bank, make_puzzle, pack_bank, seed_for, unpack_bank
from .puzzles.registry import seed_for_rule
from .puzzles.spec import DIFFICULTIES, PuzzleError




class Puzzle(anywidget.AnyWidget):
    """A puzzle of one kind: ``Puzzle("pick_follow")``, ``Puzzle("trick_winner", seed=4)``.

    ``base`` is the URL from the page showing the widget to the book's root (chapters live in
    ``book/``, so the default is ``"../"``); rule links are ``base + page + ".html#rule-…"``.
    """

    _esm = front_end("puzzle.js")
    _css = style("puzzle.css")

    spec = traitlets.Dict().tag(sync=True)
    bank = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    ruleset = traitlets.Unicode("").tag(sync=True)
    difficulty = traitlets.Unicode("normal").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    base = traitlets.Unicode("../").tag(sync=True)

    def __init__(self, kind: str, seed: int | None = None, *, bank_size: int = 21,
                 lang: str = "en", **kwargs: Any) -> None:
        bank = build_bank(kind, bank_size)
        spec = bank[0] if seed is None else make_puzzle(kind, seed)
        super().__init__(spec=spec, bank=pack_bank(bank), lang=lang, difficulty=spec["difficulty"], **kwargs)
        self._rng = random.Random()
        self.on_msg(self._on_message)

    @classmethod
    def for_rule(cls, rule: str, kind: str | None = None, differs: bool = False, **traits: Any) -> Puzzle:
        """A puzzle whose spec cites ``rule``: ``Puzzle.for_rule("SJ-9", kind="follow_legal")``.

        ``kind=None`` takes the first kind (in ``KINDS`` order) that exercises the rule; ``differs``
        asks for a position the rulesets grade differently.  The seed is the first that fits, so
        a chapter shows the same puzzle on every build.  ``difficulty="hard"`` picks the first hard
        one; an ``SS-…`` rule opens under the 双升 preset.
        """
        chosen, seed = seed_for_rule(rule, kind, differs, traits.pop("difficulty", None))
        if str(rule).startswith("SS-"):
            traits.setdefault("ruleset", "shuangsheng")
        return cls(chosen, seed=seed, **traits)

    def bank_specs(self) -> list[dict[str, Any]]:
        """The specs the widget carries for a page with no kernel."""
        return unpack_bank(self.bank)

    def new_puzzle(self, difficulty: str | None = None) -> dict[str, Any]:
        """Replace the shown puzzle with a freshly generated one of ``difficulty``."""
        wanted = difficulty or self.difficulty
        if wanted not in DIFFICULTIES:
            raise PuzzleError(f"unknown difficulty {wanted!r}: expected one of {', '.join(DIFFICULTIES)}")
        seed = seed_for(wanted, self._rng.randrange(10**6))
        self.spec = make_puzzle(self.spec["kind"], seed)
        return self.spec

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "hello":
            self.send({"type": "live"})
        elif content.get("type") == "new":
            difficulty = content.get("difficulty")
            self.new_puzzle(difficulty if difficulty in DIFFICULTIES else None)
        elif content.get("type") == "load" and isinstance(content.get("seed"), int) and content["seed"] >= 0:
            self.spec = make_puzzle(self.spec["kind"], content["seed"])
