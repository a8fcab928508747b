"""The rulesets a page's address asks for: ``?rules=shuangsheng&throws=true&takeover_line=85``.

Voila hands a notebook its URL query as the ``QUERY_STRING`` environment variable.  ``rules``
names a preset of either game (升级: ``shengji``, ``shuangsheng``; 一上一下: ``yishang``,
``yishang-fewest``); a key that is a ruleset field of either game sets it, its value written as
in a URL (``true``/``false``, digits, words); ``lang`` is the deck's language.  The game the
preset does not name keeps its default preset.  Only these keys are read: every other key
(reveal.js's ``receiver``, ``print-pdf``, ``showNotes``, Voila's, a typo) is left to whoever
reads it.  A preset or a value that does not exist is one clear :class:`AddressError`.

Rules: SG-1…SG-9 / SS-1…SS-9 and C-1…C-5 (升级 fields), YS-10 and YS-16 (一上一下 fields).

>>> rules = parse_query("rules=shuangsheng&throws=true&receiver&print-pdf")
>>> rules.shengji.name, rules.shengji.throws, rules.yishang.name
('shuangsheng+variant', True, 'yishang')
>>> parse_query("").label()["en"]
'Rules: 四人升级 guide · 一上一下'
>>> parse_query("rules=shuangsheng&takeover_line=85").label("shengji")["zh"]
'规则：《双升》指南；上台分数线：85分'
>>> parse_query("rules=shuangsheng&takeover_line=85").label("yishang")["en"]
'Rules: 一上一下'
>>> parse_query("rules=bridge")
Traceback (most recent call last):
...
widgets.query.AddressError: the address asks for rules 'bridge'; presets are: shengji, shuangsheng, yishang, yishang-fewest
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal, TypeAlias
from urllib.parse import parse_qsl

from cardlib.errors import CardlibError
from cardlib.shengji import rules as shengji_rules
from cardlib.yishang import rules as yishang_rules

#: How each preset is named to a class.
PRESET_LABELS: dict[str, tuple[str, str]] = {
    "shengji": ("四人升级 guide", "《四人升级》指南"),
    "shuangsheng": ("双升 guide", "《双升》指南"),
    "yishang": ("一上一下", "一上一下"),
    "yishang-fewest": ("一上一下, fewest cards wins a stall", "一上一下（僵局时牌少者胜）"),
}


#: The two games, as the widgets, their options and the front ends name them.
GameName: TypeAlias = Literal["shengji", "yishang"]

#: Every ruleset setting of either game as the question it answers (keyed by the engine's field).
SETTING_QUESTIONS: dict[str, tuple[str, str]] = {
    "calling": ("which call overrides which", "哪种亮主能反哪种"),
    "no_call": ("nobody calls trump", "无人亮主"),
    "joker_call_trump": ("trump after a joker pair", "王对反主后的主花色"),
    "tractor_adjacency": ("level cards in tractors", "级牌在拖拉机中如何相连"),
    "short_tractor_follow": ("following a tractor without one", "没有拖拉机时如何跟拖拉机"),
    "kitty_multiplier": ("the kitty multiplier", "抠底倍数"),
    "level_table": ("the level table", "升级表"),
    "takeover_line": ("the take-over line", "上台分数线"),
    "first_dealer": ("who deals the first hand", "首局庄家"),
    "next_dealer": ("who deals next", "下一局庄家"),
    "game_end": ("the end of the game", "终局"),
    "equal_cards": ("two equal cards in a trick", "一轮中两张相同的牌"),
    "kitty_shape": ("the shape that sets the kitty multiplier", "决定抠底倍数的牌型"),
    "throws": ("throws (甩牌)", "甩牌"),
    "pair_lead_without_pair": ("a pair led, no pair held", "首家出对子而手中无对子"),
    "mixed_trump_singles": ("two different trumps on a pair", "用两张不同的主牌跟对子"),
    "cut": ("cutting the deck", "切牌"),
    "target_reset": ("the target after a pile is taken", "收牌后的目标"),
    "fewest_cards_wins": ("a game nobody can finish", "无人能出完时"),
    "stall_limit": ("when a game stalls", "何时算僵局"),
}

#: Every value a setting can take, in a player's words (keyed by the field and the engine's value).
SETTING_ANSWERS: dict[tuple[str, str], tuple[str, str]] = {
    ("calling", "shengji"): ("single, then level pair, then joker pair; a second single reinforces",
                             "单张、级牌对子、王对依次更大；同花色再亮一张为加固"),
    ("calling", "shuangsheng"): ("single, then level pair, little-joker pair, big-joker pair",
                                 "单张、级牌对子、小王对、大王对依次更大"),
    ("no_call", "turn_kitty"): ("turn the kitty", "翻底"),
    ("no_call", "redeal"): ("deal again", "重新发牌"),
    ("joker_call_trump", "no_trump"): ("no trump suit", "无主"),
    ("joker_call_trump", "previous_suit"): ("the suit called before stays trump", "原先亮的花色仍为主"),
    ("tractor_adjacency", "trump_order"): ("in the order of the trumps", "按主牌的大小顺序"),
    ("tractor_adjacency", "natural_rank"): ("by printed rank", "按牌面点数"),
    ("short_tractor_follow", "tractors_then_pairs"): ("as much tractor as held, then pairs, then singles",
                                                      "尽量保留拖拉机，再出对子，再出单张"),
    ("short_tractor_follow", "pairs_then_singles"): ("any pairs, then singles", "任意对子，再出单张"),
    ("short_tractor_follow", "suit_count_only"): ("any cards of the suit", "同花色任意牌"),
    ("kitty_multiplier", "shengji"): ("single ×2, pair ×4, tractor of n pairs ×2ⁿ",
                                      "单张×2，对子×4，n对的拖拉机×2ⁿ"),
    ("kitty_multiplier", "double"): ("×2 whatever the shape", "不论牌型×2"),
    ("kitty_multiplier", "pair2_tractor4"): ("single or pair ×2, tractor ×4", "单张或对子×2，拖拉机×4"),
    ("kitty_multiplier", "doubling"): ("single ×2, pair ×4, tractor of n pairs ×2ⁿ⁺¹",
                                       "单张×2，对子×4，n对的拖拉机×2ⁿ⁺¹"),
    ("kitty_multiplier", "largest_unit"): ("2 × the cards of the largest unit", "最大牌型的张数×2"),
    ("kitty_multiplier", "power_of_cards"): ("2 to the power of the cards played", "2的出牌张数次方"),
    ("kitty_multiplier", "lead_size"): ("2 × the cards led", "首家出牌张数×2"),
    ("level_table", "shengji"): ("SG's table: from 80 the attackers take over and go up one, from 120 two",
                                 "《四人升级》：80分起闲家上台并升一级，120分起升两级"),
    ("level_table", "shuangsheng"): ("SS's table: 80 takes over without going up, 85 one level, 120 two, 160 three",
                                     "《双升》：80分上台不升级，85分升一级，120分升两级，160分升三级"),
    ("first_dealer", "first_single_caller"): ("the first player to show a single level card",
                                              "最先亮出单张级牌的玩家"),
    ("first_dealer", "seat_zero"): ("a dealer the table picks", "由牌桌指定"),
    ("next_dealer", "partner_or_next"): ("the dealer's partner, or the next player when the attackers take over",
                                         "庄家的对家；闲家上台时由庄家的下家坐庄"),
    ("next_dealer", "dealer_stays_or_next"): ("the same dealer, or the next player when the attackers take over",
                                              "庄家连庄；闲家上台时由庄家的下家坐庄"),
    ("game_end", "through_ace"): ("play through A", "打过A"),
    ("game_end", "reach_ace"): ("reach A", "升到A即胜"),
    ("equal_cards", "first_wins"): ("the first played wins", "先出者大"),
    ("kitty_shape", "winning_play"): ("the winning play's", "赢牌一手的牌型"),
    ("kitty_shape", "lead"): ("the lead's", "首家的牌型"),
    ("throws", "False"): ("not allowed", "不允许"),
    ("throws", "True"): ("allowed", "允许"),
    ("pair_lead_without_pair", "suit_count_only"): ("any cards of the suit, as many as led",
                                                    "同花色任意牌，张数与首家相同"),
    ("mixed_trump_singles", "discard"): ("a discard that cannot win", "算垫牌，不能赢"),
    ("cut", "after_dealer"): ("the player after the dealer cuts", "庄家的下家切牌"),
    ("cut", "none"): ("no cut", "不切牌"),
    ("target_reset", "True"): ("back to 3", "回到3"),
    ("target_reset", "False"): ("the old target stays", "保持原目标"),
    ("fewest_cards_wins", "True"): ("the fewest cards win", "牌最少者胜"),
    ("fewest_cards_wins", "False"): ("play goes on", "继续打"),
}


def _lang_index(lang: str) -> int:
    return 1 if lang.lower().startswith("zh") else 0


def setting_question(field: str, lang: str = "en") -> str:
    """A ruleset setting as the question it answers: ``"the take-over line"`` / ``"上台分数线"``."""
    return SETTING_QUESTIONS[field][_lang_index(lang)]


def setting_answer(field: str, value: Any, lang: str = "en") -> str:
    """A setting's value in a player's words: ``setting_answer("throws", True)`` is ``"allowed"``.

    >>> setting_answer("takeover_line", 85), setting_answer("tractor_adjacency", "natural_rank", "zh")
    ('85 points', '按牌面点数')
    """
    if field == "takeover_line":
        return f"{value} points" if _lang_index(lang) == 0 else f"{value}分"
    if field == "stall_limit":
        return f"after {value} plays without progress" if _lang_index(lang) == 0 else f"连续{value}手没有进展"
    return SETTING_ANSWERS[(field, str(value))][_lang_index(lang)]


def ruleset_label(rules: Any, lang: str = "en") -> str:
    """A ruleset as a class reads it: its guide, then every setting changed from that guide's rules.

    >>> from cardlib.shengji.rules import get_ruleset
    >>> ruleset_label(get_ruleset("shuangsheng", {"throws": True}))
    '双升 guide; throws (甩牌): allowed'
    """
    preset = rules.name.removesuffix("+variant")
    base = _preset_rules(preset)
    changed = [name for name in _setting_names(rules) if getattr(rules, name) != getattr(base, name)]
    name = PRESET_LABELS[preset][_lang_index(lang)]
    return "".join([name, *(("；" if _lang_index(lang) else "; ") + _setting_text(field, getattr(rules, field), lang)
                            for field in changed)])


def _setting_text(field: str, value: Any, lang: str) -> str:
    colon = "：" if _lang_index(lang) else ": "
    return f"{setting_question(field, lang)}{colon}{setting_answer(field, value, lang)}"


def _preset_rules(preset: str) -> Any:
    if preset in shengji_rules.PRESETS:
        return shengji_rules.PRESETS[preset]
    return yishang_rules.PRESETS[preset]


def _setting_names(rules: Any) -> list[str]:
    if isinstance(rules, shengji_rules.Ruleset):
        return list(shengji_rules.FIELD_CHOICES)
    return list(yishang_rules.FIELD_RULES)


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

    def label(self, game: GameName | None = None) -> dict[str, str]:
        """One line per language naming the rules of ``game`` (both games if none is given), then
        each of its settings the address changed, in words (the question it answers and the answer
        chosen).  A deck names its own game only: a 升级 deck's badge does not say 一上一下."""
        games: tuple[GameName, ...] = ("shengji", "yishang") if game is None else (game,)
        presets = {"shengji": self.shengji_preset, "yishang": self.yishang_preset}
        types = _field_types()
        label = {}
        for lang, head, sep in (("en", "Rules: ", "; "), ("zh", "规则：", "；")):
            names = [PRESET_LABELS[presets[name]][_lang_index(lang)] for name in games]
            changed = "".join(sep + _setting_text(key, value, lang) for key, value in self.variant.items()
                              if types[key][0] in games)
            label[lang] = head + " · ".join(names) + changed
        return label


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


def _field_types() -> dict[str, tuple[GameName, type]]:
    """Every ruleset field of either game: the game that has it and its value type."""
    types: dict[str, tuple[GameName, type]] = {
        name: ("shengji", type(choices[0])) for name, (choices, _ids) in shengji_rules.FIELD_CHOICES.items()}
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


def address_query(environ: Mapping[str, str] | None = None) -> str:
    """The query of the page Voila is showing (``QUERY_STRING``; none outside Voila), read when it is
    asked for: a kernel Voila preheated runs before anyone opens the page, so it first waits for the
    request that takes it (Voila's ``wait_for_request``, which sets ``QUERY_STRING``)."""
    if environ is not None:
        return environ.get("QUERY_STRING", "")
    if "QUERY_STRING" not in os.environ and os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import wait_for_request

        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def address_rules(environ: Mapping[str, str] | None = None) -> AddressRules:
    """The rulesets of the page Voila is showing (see :func:`address_query`)."""
    return parse_query(address_query(environ))


def address_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the address asks for (``?lang=zh``), English otherwise."""
    return "zh" if dict(parse_qsl(address_query(environ))).get("lang") == "zh" else "en"


def ruleset_badge(game: GameName, environ: Mapping[str, str] | None = None) -> str:
    """The HTML badge a deck of ``game`` shows on every slide: that game's rules as the address
    asks for them, in both languages, or, for an address that cannot be read, a calm line saying
    so (never a traceback)."""
    try:
        label, css = address_rules(environ).label(game), "cbt-ruleset"
    except AddressError as error:
        label = {"en": f"This address asks for rules that do not exist ({error}).",
                 "zh": f"地址中的规则无法识别（{error}）。"}
        css = "cbt-ruleset cbt-error"
    return (f'<div class="{css}" role="note"><span lang="en">{escape(label["en"])}</span><br>'
            f'<span lang="zh-Hans">{escape(label["zh"])}</span></div>')
