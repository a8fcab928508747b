"""Cards and their notation (``docs/notation.md``).

A :class:`Card` is a small immutable value: ``str(card)`` is the canonical
notation and ``repr(card)`` the call that builds it again.  Card *order* is not
a property of the card: it belongs to a game's context (a Shengji trump context,
the 一上一下 rank order).

>>> Card.parse("♥10")
Card.parse('H10')
>>> str(Card.parse("a♠"))
'SA'
>>> [str(c) for c in parse_cards("SA, sa  BJ 小王")]
['SA', 'SA', 'BJ', 'LJ']
>>> format_cards(parse_cards("黑桃5 红桃10、方块K，梅花A 大王"))
'S5 H10 DK CA BJ'
>>> format_cards(parse_cards("10h Sj"))
'H10 SJ'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import Enum, IntEnum
from collections.abc import Iterable

from .errors import CardTextError, ImpossibleHandError, NotationError


class Suit(str, Enum):
    """The four suits; the value is the canonical letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or symbol (``"S"``, ``"♠"``, ``"♤"``, ``"s"``)."""
        suit = _SUIT_TOKENS.get(text.strip().upper())
        if suit is None:
            raise NotationError(f"bad suit {text!r}: expected S, H, D, C or ♠ ♥ ♦ ♣")
        return suit

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        """``Suit("♠")`` is ``Suit.parse("♠")``: a symbol or a lower-case letter works as well."""
        if isinstance(value, str):
            return cls.parse(value)
        raise NotationError(f"bad suit {value!r}: expected S, H, D, C or ♠ ♥ ♦ ♣")


class Rank(IntEnum):
    """Ranks by face value; jokers sit above the ace.  Games define their own order."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    @property
    def is_joker(self) -> bool:
        return self >= Rank.LITTLE_JOKER

    def __str__(self) -> str:
        return _RANK_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A plain rank (``"10"``, ``"T"``, ``"q"``); jokers are cards, not ranks."""
        rank = _RANK_TOKENS.get(text.strip().upper())
        if rank is None:
            raise NotationError(f"bad rank {text!r}: expected 2-10, J, Q, K, A (or T for 10)")
        return rank

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        """``Rank("10")`` is ``Rank.parse("10")`` (``Rank(10)`` is the enum's own lookup by value).

        >>> Rank("10"), Rank("q"), Rank(14)
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>, <Rank.ACE: 14>)
        """
        if isinstance(value, str):
            return cls.parse(value)
        raise NotationError(f"bad rank {value!r}: expected 2-10, J, Q, K, A (or T for 10), or a number 2-16")


PLAIN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)

_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_TOKENS: dict[str, Suit] = {
    **{s.value: s for s in Suit},
    "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
_RANK_NAMES = {r: str(r.value) for r in Rank if r <= Rank.TEN}
_RANK_NAMES.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
                    Rank.LITTLE_JOKER: "LJ", Rank.BIG_JOKER: "BJ"})
_RANK_TOKENS: dict[str, Rank] = {_RANK_NAMES[r]: r for r in PLAIN_RANKS}
_RANK_TOKENS["T"] = Rank.TEN
_JOKER_TOKENS = {"BJ": Rank.BIG_JOKER, "大王": Rank.BIG_JOKER,
                 "LJ": Rank.LITTLE_JOKER, "小王": Rank.LITTLE_JOKER}
#: The suits as players write them (黑桃5, 红桃10, 方块K, 梅花A; 红心, 方片, 草花 too), each with its symbol.
_CHINESE_SUITS = {"黑桃": "♠", "红桃": "♥", "红心": "♥", "方块": "♦", "方片": "♦", "梅花": "♣", "草花": "♣"}
_CHINESE_SUIT = re.compile("^(" + "|".join(_CHINESE_SUITS) + r")\s*")
_SPELLINGS_ZH = "请写花色和点数，如黑桃5、红桃10、♠A、10h，王写大王或小王"
_SUIT_CHARS = "".join(_SUIT_TOKENS)
_CARD_RE = re.compile(
    rf"^(?:(?P<s1>[{_SUIT_CHARS}])(?P<r1>10|[2-9TJQKA])|(?P<r2>10|[2-9TJQKA])(?P<s2>[{_SUIT_CHARS}]))$"
)
_SEPARATORS = re.compile(r"[\s,，、]+")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: a suit and a rank, or a joker (``suit is None``)."""

    suit: Suit | None
    rank: Rank

    def __post_init__(self) -> None:
        if (self.suit is None) != self.rank.is_joker:
            raise NotationError(f"a {'joker' if self.rank.is_joker else 'plain card'} "
                                f"{'has no' if self.rank.is_joker else 'needs a'} suit")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @classmethod
    def parse(cls, token: str) -> Card:
        """A card from any accepted spelling: ``SA``, ``A♠``, ``♠A``, ``10h``, ``大王``."""
        if isinstance(token, Card):
            return token
        if not isinstance(token, str):
            raise NotationError(f"bad card {token!r}: expected a card token such as 'SA' or 'H10'")
        text = _CHINESE_SUIT.sub(lambda m: _CHINESE_SUITS[m[1]], token.strip())
        upper = text.upper()
        if upper in _JOKER_TOKENS:
            return _card(None, _JOKER_TOKENS[upper])
        match = _CARD_RE.match(upper)
        if match is None:
            raise CardTextError(f"bad card {token!r}: expected suit and rank such as SA, H10, ♠A, "
                                f"10h, 黑桃5, 红桃10, or a joker BJ / LJ / 大王 / 小王",
                                zh=f"“{token}”不是一张牌：{_SPELLINGS_ZH}")
        suit = _SUIT_TOKENS[match["s1"] or match["s2"]]
        rank = _RANK_TOKENS[match["r1"] or match["r2"]]
        return _card(suit, rank)

    def __str__(self) -> str:
        if self.suit is None:
            return str(self.rank)
        return f"{self.suit.value}{self.rank}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card with a suit symbol (``♠A``), for display."""
        if self.suit is None:
            return "大王" if self.rank is Rank.BIG_JOKER else "小王"
        return f"{self.suit.symbol}{self.rank}"

    def _repr_html_(self) -> str:
        """The card drawn as a card in a notebook (drawing lives in :mod:`cardlib.render`)."""
        from .render import card_svg

        return card_svg(self)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical display order: jokers, then S H C D, each high rank first."""
        return (-1 if self.suit is None else _SUIT_DISPLAY_ORDER[self.suit], -int(self.rank))


_SUIT_DISPLAY_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
_INTERNED: dict[tuple[Suit | None, Rank], Card] = {}


def _card(suit: Suit | None, rank: Rank) -> Card:
    key = (suit, rank)
    card = _INTERNED.get(key)
    if card is None:
        card = _INTERNED[key] = Card(suit, rank)
    return card


BIG_JOKER = _card(None, Rank.BIG_JOKER)
LITTLE_JOKER = _card(None, Rank.LITTLE_JOKER)
#: The 52 plain cards, spades first, each suit 2 to A.
PLAIN_CARDS: tuple[Card, ...] = tuple(_card(s, r) for s in Suit for r in PLAIN_RANKS)
#: One deck with both jokers: 54 distinct cards.
DECK_WITH_JOKERS: tuple[Card, ...] = PLAIN_CARDS + (LITTLE_JOKER, BIG_JOKER)


def split_tokens(text: str) -> list[str]:
    """Tokens of a card list: separated by spaces or commas."""
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from a list in the notation; an error names the bad token and its position (1-based).

    >>> parse_cards("SA X9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.CardTextError: bad card 'X9' at position 2 of 'SA X9': expected suit and rank such as SA, H10, ♠A, 10h, ...
    """
    if isinstance(text, str):
        tokens: list[str | Card] = list(split_tokens(text))
        source = text
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, dict)):
        tokens = list(text)
        source = " ".join(str(t) for t in tokens)
    else:
        raise NotationError(f"bad cards {text!r}: expected a card list such as 'SA H10' or a list of cards")
    cards = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            raise NotationError(f"bad card {token!r} at position {position}: expected a string")
        try:
            cards.append(Card.parse(token))
        except NotationError as error:
            detail = str(error).split(": ", 1)[1]
            if isinstance(error, CardTextError):
                raise CardTextError(f"bad card {token!r} at position {position} of {source!r}: {detail}",
                                    zh=(f"“{source}”的第{position}张" if len(tokens) > 1 else "")
                                    + f"“{token}”不是一张牌：{_SPELLINGS_ZH}") from None
            raise NotationError(f"bad card {token!r} at position {position} of {source!r}: {detail}") from None
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical notation of a list of cards, in the given order."""
    return " ".join(str(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical display order (see :attr:`Card.sort_key`)."""
    return sorted(cards, key=lambda c: c.sort_key)


def check_copies(cards: Iterable[Card], decks: int, *, jokers: bool = True, what: str = "hand") -> None:
    """Raise :class:`ImpossibleHandError` if ``cards`` hold more copies than ``decks`` decks have."""
    for card, count in Counter(cards).items():
        if card.is_joker and not jokers:
            raise ImpossibleHandError(f"the {what} holds {card}, but this game is played without jokers")
        if count > decks:
            raise ImpossibleHandError(
                f"the {what} holds {count} copies of {card}, but {decks} deck{'s' if decks > 1 else ''} "
                f"hold{'' if decks > 1 else 's'} only {decks}")


def parse_hand(text: str | Iterable[str | Card], decks: int = 2, *, jokers: bool = True) -> list[Card]:
    """:func:`parse_cards`, then :func:`check_copies` against ``decks`` decks."""
    cards = parse_cards(text)
    check_copies(cards, decks, jokers=jokers)
    return cards
