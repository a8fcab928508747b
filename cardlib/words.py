"""How players write things: cards, seats, players and suits in English and Chinese.

Everything a reader sees names cards as players write them (♠A, ♥10, big joker / 大王),
Shengji seats by their place at the table (South, East, North, West / 南家, 东家, 北家, 西家:
seats 0-3 in playing order, SJ-2; South and North are partners, SJ-1) and 一上一下 players
by the guide's names (A, B, C, D / 甲, 乙, 丙, 丁: players 0-3 in turn order, YS-3).
The engine's notation (``SA``, seat ``0``) stays inside the engine and the ``check`` command.

>>> from cardlib.cards import parse_cards
>>> cards_text(parse_cards("DJ DJ BJ"))
'♦J ♦J and big joker'
>>> cards_text(parse_cards("DJ BJ"), "zh")
'♦J 大王'
>>> seat_name(2), seat_name(2, "zh"), player_name(1), player_name(1, "zh")
('North', '北家', 'player B', '乙')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

from .cards import Card, Rank, Suit
from .errors import CardlibError, InvalidPositionError

SEAT_NAMES: tuple[tuple[str, str], ...] = (("South", "南家"), ("East", "东家"), ("North", "北家"), ("West", "西家"))
PLAYER_NAMES: tuple[tuple[str, str], ...] = (("player A", "甲"), ("player B", "乙"), ("player C", "丙"),
                                             ("player D", "丁"))
SUIT_WORDS = {Suit.SPADES: ("spades", "黑桃"), Suit.HEARTS: ("hearts", "红桃"),
              Suit.DIAMONDS: ("diamonds", "方块"), Suit.CLUBS: ("clubs", "梅花")}
JOKER_WORDS = {Rank.BIG_JOKER: ("big joker", "大王"), Rank.LITTLE_JOKER: ("little joker", "小王")}


class LanguageError(CardlibError):
    """A language the rendered output cannot be written in (only English and Chinese are)."""


_LANG_TAG = re.compile(r"(en|zh)([-_][a-z0-9]+)*", re.IGNORECASE)


def reader_lang() -> str:
    """The language of rendered output when none is asked for: ``"en"`` or ``"zh"``, from the
    environment variable ``CARDBOOK_LANG`` (unset or empty: ``"en"``; ``zh``, ``zh-Hans``,
    ``zh_CN`` ...: ``"zh"``).  Read at each call; any other value raises :class:`LanguageError`.
    A generic knob: the Chinese edition of a book sets it for the notebooks it executes.
    """
    value = os.environ.get("CARDBOOK_LANG", "").strip()
    if not value:
        return "en"
    if not _LANG_TAG.fullmatch(value):
        raise LanguageError(f"CARDBOOK_LANG={value!r} is not a language of the output: use en or zh")
    return "zh" if is_zh(value) else "en"


def is_zh(lang: str) -> bool:
    """Whether ``lang`` asks for Chinese (``"zh"``, ``"zh-Hans"``, ...); anything else is English."""
    return lang.lower().startswith("zh")


def card_text(card: Card, lang: str = "en") -> str:
    """One card as a player writes it: ``♠A``, ``♥10``; jokers in words (big joker / 大王)."""
    if card.suit is None:
        return JOKER_WORDS[card.rank][is_zh(lang)]
    return f"{card.suit.symbol}{card.rank}"


def cards_text(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as a player writes them, in the given order, separated by spaces (in English a comma next to a
    joker, the last such comma an "and", so two jokers never run together as "big joker big joker" and a
    play with a joker never reads as a list of things: "little joker and ♦Q").

    >>> cards_text(Card.parse(c) for c in ("BJ", "BJ", "LJ", "S2", "S2"))
    'big joker, big joker, little joker and ♠2 ♠2'
    >>> cards_text(Card.parse(c) for c in ("LJ", "DQ")), cards_text((Card.parse(c) for c in ("LJ", "DQ")), "zh")
    ('little joker and ♦Q', '小王 ♦Q')
    """
    cards = list(cards)
    if not cards:
        return "没有牌" if is_zh(lang) else "no cards"
    english = not is_zh(lang)
    gaps = [", " if english and (before.is_joker or card.is_joker) else " " for before, card in zip(cards, cards[1:])]
    if ", " in gaps:
        gaps[len(gaps) - 1 - gaps[::-1].index(", ")] = " and "
    return card_text(cards[0], lang) + "".join(gap + card_text(card, lang) for gap, card in zip(gaps, cards[1:]))


def seat_name(seat: int, lang: str = "en") -> str:
    """A Shengji seat by its place: 0 South, 1 East, 2 North, 3 West (SJ-1, SJ-2)."""
    if seat not in range(len(SEAT_NAMES)):
        raise InvalidPositionError(f"seat {seat!r} is not one of the seats 0-3")
    return SEAT_NAMES[seat][is_zh(lang)]


def player_name(player: int, lang: str = "en") -> str:
    """A 一上一下 player by the guide's names: 0 A / 甲, 1 B / 乙, 2 C / 丙, 3 D / 丁 (YS-1)."""
    if player not in range(len(PLAYER_NAMES)):
        raise InvalidPositionError(f"player {player!r} is not one of the players 0-3")
    return PLAYER_NAMES[player][is_zh(lang)]


def listed(items: Sequence[str], lang: str = "en", conjunction: str = "and") -> str:
    """Items as a reader lists them: ``a``, ``a and b``, ``a, b and c`` / ``a和b``, ``a、b和c``
    (``conjunction="or"``: ``a, b or c`` / ``a、b或c``).

    >>> listed(["player A", "player B", "player D"]), listed(["甲", "丙"], "zh", "or")
    ('player A, player B and player D', '甲或丙')
    """
    zh = is_zh(lang)
    word = {"and": ("and", "和"), "or": ("or", "或")}[conjunction][zh]
    if len(items) < 2:
        return "".join(items)
    return ("、" if zh else ", ").join(items[:-1]) + (word if zh else f" {word} ") + items[-1]


def suit_word(suit: Suit, lang: str = "en") -> str:
    """A suit in words: ``hearts`` / ``红桃``."""
    return SUIT_WORDS[suit][is_zh(lang)]


def rank_word(rank: Rank, lang: str = "en") -> str:
    """A rank as players say it (``10``, ``A``); jokers in words."""
    if rank.is_joker:
        return JOKER_WORDS[rank][is_zh(lang)]
    return str(rank)
