"""Naming a player: by number (0 = the first seat in turn order) or by the guide's names.

A learner may write ``1``, ``"B"``, ``"player B"`` or ``"乙"`` for the same player (YS-1: 2 to 4
players, seated in turn order; the guide's worked example calls them 甲, 乙, 丙).

>>> parse_player("乙", 3), parse_player("player c", 3), parse_player(0, 3)
(1, 2, 0)
>>> parse_player("E", 4)
Traceback (most recent call last):
...
cardlib.errors.InvalidPositionError: bad player 'E': expected 0-3, A-D or 甲乙丙丁 at a 4-player table

Rules: YS-1
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from ..errors import InvalidPositionError

_LETTERS = "ABCD"
_NAMES_ZH = "甲乙丙丁"


#: A player's name as the API takes it (a type checker reports any other string): A-D, "player A" … or 甲乙丙丁.
PlayerName: TypeAlias = Literal["A", "B", "C", "D", "a", "b", "c", "d", "player A", "player B", "player C",
                                "player D", "甲", "乙", "丙", "丁"]
#: A player: their number in turn order (0-3) or their name.
PlayerLike: TypeAlias = int | PlayerName


def parse_player(value: object, players: int, what: str = "player") -> int:
    """The player number (0 … players-1) of ``value``: a number, a letter A-D, ``"player A"`` or 甲乙丙丁."""
    index: int | None = None
    if type(value) is int:
        index = value
    elif isinstance(value, str):
        token = value.strip()
        if token.lower().startswith("player "):
            token = token[len("player "):].strip()
        if token.upper() in _LETTERS and len(token) == 1:
            index = _LETTERS.index(token.upper())
        elif token in _NAMES_ZH and len(token) == 1:
            index = _NAMES_ZH.index(token)
    if index is None or not 0 <= index < players:
        raise InvalidPositionError(f"bad {what} {value!r}: expected 0-{players - 1}, A-{_LETTERS[players - 1]} or "
                                   f"{_NAMES_ZH[:players]} at a {players}-player table")
    return index
