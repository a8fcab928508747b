"""Presentation helpers shared by the generators: labels and display blocks (no rules here).

A spec's ``display`` is a list of blocks the front end draws as they are:
``{"type": "facts", "items": [...]}``, ``{"type": "cards", "label": ..., "cards": [...]}``,
``{"type": "plays", "plays": [{"label": ..., "cards": [...]}]}`` or ``{"type": "text", ...}``.
Labels are ``{"en": ..., "zh": ...}`` pairs, written as players write them: seats by their
place at the table (South, East, North, West / 南家 …), 一上一下 players as player A … / 甲 …
(:mod:`cardlib.words`).

:func:`explain` builds the reason a wrong answer gets: what is wrong with the answer given,
and the right answer with the engine's own reason inlined.

>>> seat_label(2), player_label(0)
({'en': 'North', 'zh': '北家'}, {'en': 'player A', 'zh': '甲'})
"""

from __future__ import annotations

import random
import re
from typing import Any

from cardlib.cards import Card, Rank, Suit
from cardlib.explain import Param, Reason, Words
from cardlib.rule_ids import RuleId
from cardlib.words import player_name, seat_name

SUIT_NAMES = {Suit.SPADES: ("♠ spades", "♠ 黑桃"), Suit.HEARTS: ("♥ hearts", "♥ 红桃"),
              Suit.DIAMONDS: ("♦ diamonds", "♦ 方块"), Suit.CLUBS: ("♣ clubs", "♣ 梅花")}


def text(en: str, zh: str) -> dict[str, str]:
    """A label in both languages."""
    return {"en": en, "zh": zh}


def trump_label(trump: Suit | None) -> dict[str, str]:
    """The trump suit, or no trump suit (无主)."""
    if trump is None:
        return text("no trump suit (无主)", "无主")
    en, zh = SUIT_NAMES[trump]
    return text(en, zh)


def seat_label(seat: int) -> dict[str, str]:
    """A Shengji seat by its place at the table: South, East, North, West / 南家, 东家, 北家, 西家."""
    return text(seat_name(seat), seat_name(seat, "zh"))


def player_label(player: int) -> dict[str, str]:
    """A 一上一下 player: player A … D / 甲, 乙, 丙, 丁."""
    return text(player_name(player), player_name(player, "zh"))


def words(label: dict[str, str]) -> Words:
    """A label pair as a reason parameter."""
    return Words(label["en"], label["zh"])


def explain(why: Reason, en: str, zh: str, /, rule: RuleId | None = None, **params: Param | list[Card]) -> Reason:
    """A puzzle's sentence around the engine's reason ``why`` (inlined where ``{why}`` stands, its first letter
    capitalised where it starts a sentence), citing ``why``'s rule unless another is given."""
    starts = re.search(r"(?:^|[.!?] )\{why\}", en) is not None
    return Reason.make(rule or why.rule, en, zh, why=why.capitalised() if starts else why, **params)


def lower(label: dict[str, str]) -> Words:
    """An answer label inside a sentence: "A pair" → "a pair"."""
    return Words(label["en"][:1].lower() + label["en"][1:], label["zh"])


def wrong_choice(why: Reason, given: dict[str, str]) -> Reason:
    """A wrong choice: not the one given, then the engine's reason, which states the right one (the
    verdict's "correct answer" line names it too, so it is not echoed here)."""
    return explain(why, "Not “{given}”. {why}", "不是“{given}”。{why}", given=lower(given))


#: How a reason says a total of 0 in words, where it does ("add nothing to the attackers", "不计入闲家得分").
ZERO_SAID = {"en": re.compile(r"\bnothing\b"), "zh": re.compile("不计入")}


def wrong_number(why: Reason, given: int | None, right: int, en: str, zh: str,
                 slip: tuple[str, str] | None = None) -> Reason:
    """A wrong number (``given``; ``None`` for any number not listed): the likely ``slip`` that gives it, if
    known ("you left out the multiplier"), then the right one and how it is counted.  ``en`` / ``zh`` name
    what is counted, with ``{right}`` in them ("the kitty adds {right} points"), said only when the reason
    does not reach the number itself (a 0 it may say in words: "add nothing")."""
    said = re.compile(rf"(?<![0-9]){right}(?![0-9])")  # when the reason reaches the number, it is said once
    once = all(said.search(why.render(lang)) or (right == 0 and ZERO_SAID[lang].search(why.render(lang)))
               for lang in ("en", "zh"))
    head_en, head_zh, sep = ("", "", ".") if once else (f" {en}.", f"{zh}。", ":")
    if slip is not None:  # the slip first, after a colon; the right number follows in the reason
        head_en, head_zh, sep = f" {slip[0]}.{head_en}", f"{slip[1]}。{head_zh}", ":"
    sep_zh = "。" if sep == "." else "："  # as in English: a full stop where the reason says the number itself
    if given is None:
        return explain(why, f"No{sep}{head_en} {{why}}", f"不对{sep_zh}{head_zh}{{why}}", right=right)
    return explain(why, f"Not {{given}}{sep}{head_en} {{why}}", f"不是{{given}}{sep_zh}{head_zh}{{why}}", given=given,
                   right=right)


def wrong_parts(whys: list[Reason]) -> list[Reason]:
    """The reasons of a several-part answer's wrong parts, each once, in the parts' order: the fact that
    decides each part (the verdict's "correct answer" line names the right values, the answer shown the
    reader's).  Each reason is stored once per spec however many answers share it."""
    return list(dict.fromkeys(whys))


def facts(*items: tuple[dict[str, str], dict[str, str] | list[str]]) -> dict[str, Any]:
    """A facts block: each item a label and a value (a text pair, or a list of cards)."""
    rows = []
    for label, value in items:
        rows.append({"label": label, "cards": value} if isinstance(value, list) else {"label": label, "value": value})
    return {"type": "facts", "items": rows}


def context_facts(level: Rank, trump: Suit | None) -> tuple[tuple[dict[str, str], dict[str, str]], ...]:
    """The level and trump rows every Shengji position shows."""
    return ((text("Level", "级牌"), text(str(level), str(level))), (text("Trump", "主"), trump_label(trump)))


def cards_block(label: dict[str, str], cards: list[str]) -> dict[str, Any]:
    return {"type": "cards", "label": label, "cards": cards}


def random_level(rng: random.Random) -> Rank:
    """A level rank 2 … A."""
    return rng.choice([r for r in Rank if not r.is_joker])


def random_trump(rng: random.Random, no_trump_chance: float = 0.0) -> Suit | None:
    """A trump suit, or (with the given chance) no trump suit."""
    return None if rng.random() < no_trump_chance else rng.choice(list(Suit))

