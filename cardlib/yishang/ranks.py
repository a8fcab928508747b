"""The 一上一下 rank order, and claimed ranks.

Rules: YS-2 (3 lowest … K A 2, suits never matter), YS-15 (a face-down card with no claim counts as 3).

>>> " ".join(str(r) for r in ORDER)
'3 4 5 6 7 8 9 10 J Q K A 2'
>>> is_below(Rank.ACE, Rank.TWO), is_below(Rank.TWO, Rank.ACE), is_below(Rank.FIVE, Rank.FIVE)
(True, False, False)
>>> parse_rank("t"), parse_claim(None)
(<Rank.TEN: 10>, <Rank.THREE: 3>)
>>> parse_rank("1")
Traceback (most recent call last):
...
cardlib.errors.NotationError: bad rank '1': expected 3-10, J, Q, K, A or 2 (T for 10)
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..errors import NotationError

#: YS-2: low to high.
ORDER: tuple[Rank, ...] = (Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
                           Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO)
LOWEST = ORDER[0]
HIGHEST = ORDER[-1]
_STRENGTH = {rank: index for index, rank in enumerate(ORDER)}


def strength(rank: Rank) -> int:
    """The place of ``rank`` in the YS-2 order: 0 for 3 … 12 for 2."""
    return _STRENGTH[rank]


def is_below(rank: Rank | str, target: Rank | str) -> bool:
    """Whether ``rank`` is strictly lower than ``target`` in the YS-2 order.

    Ranks may be given by name (``is_below("9", "10")``).

    Rules: YS-2
    """
    try:
        return _STRENGTH[rank] < _STRENGTH[target]  # type: ignore[index]
    except (KeyError, TypeError):
        return _STRENGTH[parse_rank(rank)] < _STRENGTH[parse_rank(target, "target")]


def parse_rank(value: object, what: str = "rank") -> Rank:
    """A rank of the 52-card deck from its name (``"10"``, ``"T"``, ``"q"``) or a :class:`Rank`.

    Rules: YS-2 (no jokers in this game, YS-1)
    """
    if isinstance(value, Rank) and value in _STRENGTH:
        return value
    if isinstance(value, str):
        try:
            return Rank.parse(value)
        except NotationError:
            pass
    raise NotationError(f"bad {what} {value!r}: expected 3-10, J, Q, K, A or 2 (T for 10)")


def parse_actual(value: object) -> Rank:
    """A revealed card's rank: a rank (``"10"``, :class:`Rank`) or a whole card (``"H10"``, :class:`Card`).

    >>> parse_actual("H10"), parse_actual("q")
    (<Rank.TEN: 10>, <Rank.QUEEN: 12>)

    Rules: YS-2, YS-9
    """
    if isinstance(value, Card) and value.suit is not None:
        return value.rank
    try:
        return parse_rank(value, "actual rank")
    except NotationError:
        if isinstance(value, str):
            try:
                card = Card.parse(value)
            except NotationError:
                pass
            else:
                if card.suit is not None:
                    return card.rank
        raise NotationError(f"bad actual rank {value!r}: expected a rank (3-10, J, Q, K, A or 2) "
                            "or a card such as \"H10\"") from None


def parse_claim(value: object) -> Rank:
    """A claimed rank; ``None`` (no claim) counts as 3.

    Rules: YS-15
    """
    return LOWEST if value is None else parse_rank(value, "claim")
