"""Class puzzles: the puzzle model of :mod:`widgets.puzzles`, presented to a room.

The position and question are shown large with the answers hidden; the teacher reveals the
correct answer(s) and the engine's explanation under the ruleset of the address
(``?rules=shuangsheng``, see :mod:`widgets.query`); "another one" asks the engine for a fresh
puzzle of the same kind.  The spec is F's: every verdict was computed by the engine, the
browser only looks it up.

Rules: every verdict cites a register id (see :mod:`widgets.puzzles.spec`).

>>> from widgets.query import parse_query
>>> ruleset_choice(make_puzzle("level_change", 16), parse_query("rules=shuangsheng"))
('shuangsheng', {})
>>> ruleset_choice(make_puzzle("level_change", 16), parse_query("rules=shuangsheng&takeover_line=85"))[0]
'ss-line-85'
>>> ruleset_choice(make_puzzle("level_change", 16), parse_query("rules=shuangsheng&throws=true"))[1]["en"]
'This puzzle is graded under the 双升 guide as written, without the setting the address asks for (throws (甩牌): allowed).'

What the room reads names rules and settings in words (:func:`widgets.query.setting_answer`),
and cards as players write them (♠A; big joker / 大王).
"""

from __future__ import annotations

import random
from typing import Any

import anywidget
import traitlets

from cardlib.errors import CardlibError

from .front_ends import front_end, style
from .puzzles import KINDS, make_puzzle
from .puzzles.spec import PuzzleError
from .query import PRESET_LABELS, AddressRules, address_rules, setting_answer, setting_question
from .stepper import calm_error, deck_lang


def ruleset_choice(spec: dict[str, Any], rules: AddressRules) -> tuple[str, dict[str, str]]:
    """The spec's ruleset that the address asks for, and a note when it can only come close.

    An exact match (preset and variant fields) wins; otherwise the preset itself, with a note
    naming the fields this puzzle was not graded under.
    """
    yishang = spec["rulesets"][0]["preset"] in ("yishang", "yishang-fewest")
    preset = rules.yishang_preset if yishang else rules.shengji_preset
    wanted = rules.yishang if yishang else rules.shengji
    fields = {name for name in rules.variant if hasattr(wanted, name)}
    variant = {name: rules.variant[name] for name in fields}
    for choice in spec["rulesets"]:
        if choice["preset"] == preset and choice["variant"] == variant:
            return choice["id"], {}
    for choice in spec["rulesets"]:
        if choice["preset"] == preset and not choice["variant"]:
            missing = {lang: sep.join(f"{setting_question(name, lang)}{colon}{setting_answer(name, variant[name], lang)}"
                                      for name in sorted(fields))
                       for lang, sep, colon in (("en", "; ", ": "), ("zh", "；", "："))}
            plural = "s" if len(fields) > 1 else ""
            name_en, name_zh = PRESET_LABELS[preset]
            return choice["id"], {
                "en": f"This puzzle is graded under the {name_en} as written, without the setting{plural} the "
                      f"address asks for ({missing['en']}).",
                "zh": f"本题按{name_zh}原文判定，未计入地址要求的设置（{missing['zh']}）。"}
    first = spec["rulesets"][0]
    return first["id"], {"en": f"This puzzle is graded under {first['label']['en']}.",
                         "zh": f"本题按{first['label']['zh']}判定。"}


class ClassPuzzle(anywidget.AnyWidget):
    """``ClassPuzzle("level_change", seed=16)``: one puzzle, large, answer hidden until revealed;
    ``lang`` as for :class:`~widgets.stepper.DealStepper`."""

    _esm = front_end("class_puzzle.js")
    _css = style("class_puzzle.css")

    spec = traitlets.Dict().tag(sync=True)
    ruleset = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Dict().tag(sync=True)
    rules_label = traitlets.Dict().tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    #: "en" or "zh" when the address (or the caller) fixes the language, "" for the reader's setting.
    lang = traitlets.Enum(("", "en", "zh"), default_value="").tag(sync=True)

    def __init__(self, kind: str, seed: int = 0, rules: AddressRules | None = None, **kwargs: Any) -> None:
        if kind not in KINDS:
            raise PuzzleError(f"unknown puzzle kind {kind!r}: kinds are {', '.join(KINDS)}")
        super().__init__(lang=kwargs.pop("lang", deck_lang()), **kwargs)
        self.kind = kind
        self._rules = rules
        self._rng = random.Random(seed)
        self.show(seed)
        self.on_msg(self._on_message)

    def show(self, seed: int) -> None:
        """Show puzzle ``kind:seed`` graded under the address's ruleset; an engine refusal (or a
        bad address) becomes a calm message in ``error``."""
        try:
            rules = self._rules if self._rules is not None else address_rules()
            spec = make_puzzle(self.kind, seed)
            ruleset, note = ruleset_choice(spec, rules)
        except CardlibError as error:
            self.error = calm_error(error)
            return
        label = next(r["label"] for r in spec["rulesets"] if r["id"] == ruleset)
        with self.hold_sync():
            self.spec, self.ruleset, self.note, self.error = spec, ruleset, note, {}
            self.rules_label = {"en": f"Rules: {label['en']}", "zh": f"规则：{label['zh']}"}

    def another(self) -> None:
        """A fresh puzzle of the same kind, made by the engine."""
        self.show(self._rng.randrange(10**6))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "another":
            self.another()
