"""The ``Puzzle`` widget: one engine-made puzzle spec plus its static bank, drawn by ``puzzle.js``.

Everything the browser needs is in synced traits (``spec``, and ``bank``: the static bank of the
kind as gzip-compressed JSON in base64, about a twelfth of its plain size, the same string for
every puzzle of a kind so a page can store it once), so the widget works in a static page with no
kernel: there it moves through its bank, the shown spec first (:meth:`Puzzle.bank_specs`), so
every puzzle it shows can be linked.  With a kernel, the front end asks for a fresh puzzle by a
custom message and Python answers by setting ``spec``: the engine made the new puzzle, the
browser still only looks up verdicts.  A static page served over http answers the same messages
in the browser, with :class:`widgets.puzzles.service.PuzzleService` on the book's Python.

``slot`` names the widget on its page (``"calling-2"``: the second ``calling`` puzzle made in this
kernel, so a chapter executed top-down gives the same slots on every build); a link
``#puzzle=<slot>/<puzzle id>`` opens that puzzle in that widget.  The reader's language and deck
come from the book's settings (``settings.js``); ``lang`` is only the language shown until the
reader has chosen one.

Rules: every verdict in a spec cites a register id (see :mod:`widgets.puzzles.spec`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

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
    ``lang`` (``"en"`` or ``"zh"``) is the language until the reader picks one in the settings bar.
    """

    _esm = front_end("puzzle.js")
    _css = style("puzzle.css")

    spec = traitlets.Dict().tag(sync=True)
    bank = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    ruleset = traitlets.Unicode("").tag(sync=True)
    difficulty = traitlets.Unicode("normal").tag(sync=True)
    base = traitlets.Unicode("../").tag(sync=True)
    slot = traitlets.Unicode("").tag(sync=True)
    #: A static page has no kernel: its browser engine (tools/site/widget-loader.js) answers the
    #: widget's messages with this service, started with these traits, setting ``spec``.
    kind = traitlets.Unicode("").tag(sync=True)
    _py_service = traitlets.Unicode("widgets.puzzles.service:PuzzleService").tag(sync=True)
    _py_start = traitlets.List(["kind"]).tag(sync=True)
    _py_reply = traitlets.Unicode("spec").tag(sync=True)

    #: Puzzles made so far in this kernel, per kind: the ``n`` of each new slot ``<kind>-<n>``.
    _made: ClassVar[Counter[str]] = Counter()

    def __init__(self, kind: str, seed: int | None = None, *, bank_size: int = 21,
                 lang: str = "en", **kwargs: Any) -> None:
        if lang not in ("en", "zh"):
            raise PuzzleError(f"unknown language {lang!r}: expected 'en' or 'zh'")
        bank = build_bank(kind, bank_size)
        spec = bank[0] if seed is None else make_puzzle(kind, seed)
        Puzzle._made[kind] += 1
        kwargs.setdefault("slot", f"{kind}-{Puzzle._made[kind]}")
        super().__init__(spec=spec, bank=pack_bank(bank), lang=lang, difficulty=spec["difficulty"], kind=kind, **kwargs)
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

    def __repr__(self) -> str:
        """One line: ``<Puzzle trick_winner:4 normal · SJ-10 · Who wins this trick? · 这一轮谁赢？>``."""
        question = self.spec.get("question", {})
        rules = ", ".join(self.spec.get("rules", []))
        return (f"<Puzzle {self.spec.get('id', self.kind)} {self.spec.get('difficulty', '')} · {rules} · "
                f"{question.get('en', '')} · {question.get('zh', '')}>")

    def bank_specs(self) -> list[dict[str, Any]]:
        """The puzzles the widget moves through in a page with no kernel: the shown spec, then the
        packed bank of its kind without it (as ``puzzle.js`` reads them)."""
        return [self.spec, *(s for s in unpack_bank(self.bank) if s["id"] != self.spec["id"])]

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
