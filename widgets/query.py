"""The rulesets a page's address asks for: ``?rules=shuangsheng&throws=true&takeover_line=85``.

Voila hands a notebook its URL query as the ``QUERY_STRING`` environment variable.  ``rules``
names a preset of either game (升级: ``shengji``, ``shuangsheng``; 一上一下: ``yishang``,
``yishang-fewest``); every other key is a ruleset field of the game that has it, its value
written as in a URL (``true``/``false``, digits, words).  The game the preset does not name
keeps its default preset.  Anything unknown is one clear :class:`AddressError`.

Rules: SG-1…SG-9 / SS-1…SS-9 and C-1…C-5 (升级 fields), YS-10 and YS-16 (一上一下 fields).

>>> rules = parse_query("rules=shuangsheng&throws=true")
>>> rules.shengji.name, rules.shengji.throws, rules.yishang.name
('shuangsheng+variant', True, 'yishang')
>>> parse_query("").label()["en"]
'Rules: 四人升级 guide (shengji) · 一上一下 (yishang)'
>>> parse_query("rules=bridge")
Traceback (most recent call last):
...
widgets.query.AddressError: the address asks for rules 'bridge'; presets are: shengji, shuangsheng, yishang, yishang-fewest
"""

from __future__ import annotations

import os
from html import escape
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import parse_qsl

from cardlib.errors import CardlibError
from cardlib.shengji import rules as shengji_rules
from cardlib.yishang import rules as yishang_rules

#: The query keys that are not ruleset fields (Voila's own, and the deck's language).
_OTHER_KEYS = frozenset({"rules", "lang", "voila-template", "voila-theme", "template", "theme"})

#: How each preset is named to a class.
PRESET_LABELS: dict[str, tuple[str, str]] = {
    "shengji": ("四人升级 guide", "《四人升级》规则"),
    "shuangsheng": ("双升 guide", "《双升》规则"),
    "yishang": ("一上一下", "一上一下"),
    "yishang-fewest": ("一上一下, fewest cards wins a stall", "一上一下（僵局时牌少者胜）"),
}


class AddressError(CardlibError):
    """The address asks for a ruleset, field or value that does not exist."""


@dataclass(frozen=True)
class AddressRules:
    """The two games' rulesets an address asks for, and the fields it overrode."""

    shengji: shengji_rules.Ruleset = shengji_rules.SHENGJI
    yishang: yishang_rules.Ruleset = yishang_rules.YISHANG
    variant: Mapping[str, Any] = field(default_factory=dict)

    @property
    def shengji_preset(self) -> str:
        """The 升级 preset the ruleset starts from (``shengji`` or ``shuangsheng``)."""
        return self.shengji.name.removesuffix("+variant")

    @property
    def yishang_preset(self) -> str:
        return self.yishang.name.removesuffix("+variant")

    def label(self) -> dict[str, str]:
        """One line per language naming both games' rules and any overridden field."""
        en, zh = [], []
        for preset in (self.shengji_preset, self.yishang_preset):
            name_en, name_zh = PRESET_LABELS[preset]
            en.append(f"{name_en} ({preset})")
            zh.append(f"{name_zh}（{preset}）")
        fields = "".join(f" · {key}={_show(value)}" for key, value in self.variant.items())
        return {"en": "Rules: " + " · ".join(en) + fields, "zh": "规则：" + " · ".join(zh) + fields}


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _coerce(key: str, text: str, kind: type) -> Any:
    """A URL value as the field's type: ``true``/``false``, a whole number, or the word."""
    if kind is bool:
        if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise AddressError(f"the address sets {key}={text!r}; it takes true or false")
        return text.lower() in ("true", "1", "yes")
    if kind is int:
        if not text.lstrip("-").isdigit():
            raise AddressError(f"the address sets {key}={text!r}; it takes a whole number")
        return int(text)
    return text


def _field_types() -> dict[str, tuple[str, type]]:
    """Every ruleset field of either game: the game that has it and its value type."""
    types = {name: ("shengji", type(choices[0])) for name, (choices, _ids) in shengji_rules.FIELD_CHOICES.items()}
    types.update({name: ("yishang", kind) for name, (kind, _id) in yishang_rules.FIELD_RULES.items()})
    return types


def parse_query(query: str) -> AddressRules:
    """The rulesets a URL query string asks for (see the module docstring)."""
    if not isinstance(query, str):
        raise AddressError(f"a query string is text, not {type(query).__name__}")
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    preset = None
    variants: dict[str, dict[str, Any]] = {"shengji": {}, "yishang": {}}
    types = _field_types()
    for key, text in pairs:
        if key == "rules":
            preset = text
        elif key in types:
            game, kind = types[key]
            variants[game][key] = _coerce(key, text, kind)
        elif key not in _OTHER_KEYS:
            raise AddressError(f"the address sets {key!r}, which is no ruleset field; fields are: "
                               f"{', '.join(types)}")
    shengji_preset = preset if preset in shengji_rules.PRESETS else None
    yishang_preset = preset if preset in yishang_rules.PRESETS else None
    if preset is not None and shengji_preset is None and yishang_preset is None:
        raise AddressError(f"the address asks for rules {preset!r}; presets are: "
                           f"{', '.join([*shengji_rules.PRESETS, *yishang_rules.PRESETS])}")
    try:
        shengji = shengji_rules.get_ruleset(shengji_preset, variants["shengji"])
        yishang = yishang_rules.get_ruleset(yishang_preset, variants["yishang"])
    except CardlibError as error:
        raise AddressError(f"the address asks for rules that do not exist: {error}") from None
    return AddressRules(shengji, yishang, {**variants["shengji"], **variants["yishang"]})


def address_rules(environ: Mapping[str, str] | None = None) -> AddressRules:
    """The rulesets of the page Voila is showing (its ``QUERY_STRING``; none outside Voila)."""
    env = os.environ if environ is None else environ
    return parse_query(env.get("QUERY_STRING", ""))


def address_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the address asks for (``?lang=zh``), English otherwise."""
    env = os.environ if environ is None else environ
    return "zh" if dict(parse_qsl(env.get("QUERY_STRING", ""))).get("lang") == "zh" else "en"


def ruleset_badge(environ: Mapping[str, str] | None = None) -> str:
    """The HTML badge a deck shows on every slide: the address's rulesets in both languages,
    or, for an address that cannot be read, a calm line saying so (never a traceback)."""
    try:
        label, css = address_rules(environ).label(), "cbt-ruleset"
    except AddressError as error:
        label = {"en": f"This address asks for rules that do not exist ({error}).",
                 "zh": f"地址中的规则无法识别（{error}）。"}
        css = "cbt-ruleset cbt-error"
    return (f'<div class="{css}" role="note"><span lang="en">{escape(label["en"])}</span><br>'
            f'<span lang="zh-CN">{escape(label["zh"])}</span></div>')
