"""Presentation helpers shared by the generators: labels and display blocks (no rules here).

A spec's ``display`` is a list of blocks the front end draws as they are:
``{"type": "facts", "items": [...]}``, ``{"type": "cards", "label": ..., "cards": [...]}``,
``{"type": "plays", "plays": [{"label": ..., "cards": [...]}]}`` or ``{"type": "text", ...}``.
Labels are ``{"en": ..., "zh": ...}`` pairs.
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import Rank, Suit

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
    return text(f"Seat {seat}", f"{seat}号位")


def player_label(seat: int) -> dict[str, str]:
    return text(f"Player {seat}", f"{seat}号玩家")


def facts(*items: tuple[dict[str, str], dict[str, str] | list[str]]) -> dict[str, Any]:
    """A facts block: each item a label and a value (a text pair, or a list of cards)."""
    rows = []
    for label, value in items:
        rows.append({"label": label, "cards": value} if isinstance(value, list) else {"label": label, "value": value})
    return {"type": "facts", "items": rows}


def context_facts(level: Rank, trump: Suit | None) -> tuple[tuple[dict[str, str], dict[str, str]], ...]:
    """The level and trump rows every Shengji position shows."""
    return ((text("Level", "级数"), text(str(level), str(level))), (text("Trump", "主"), trump_label(trump)))


def cards_block(label: dict[str, str], cards: list[str]) -> dict[str, Any]:
    return {"type": "cards", "label": label, "cards": cards}


def random_level(rng: random.Random) -> Rank:
    """A level rank 2 … A."""
    return rng.choice([r for r in Rank if not r.is_joker])


def random_trump(rng: random.Random, no_trump_chance: float = 0.0) -> Suit | None:
    """A trump suit, or (with the given chance) no trump suit."""
    return None if rng.random() < no_trump_chance else rng.choice(list(Suit))

