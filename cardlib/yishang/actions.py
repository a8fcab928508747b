"""The three things a player can do, as small values that print in the case notation.

Rules: YS-6 / YS-7 (a play, with a claim on a face-down turn), YS-8 (a challenge), YS-11
(nobody challenges: the window closes and the card stands).

>>> parse_action({"play": "h10", "claim": "t"})
Play(card=Card.parse('H10'), claim=<Rank.TEN: 10>)
>>> str(parse_action({"challenge": [2, 0]})), str(parse_action({"pass": True}))
('{"challenge": [2, 0]}', '{"pass": true}')
>>> parse_action({"draw": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.errors.InvalidPositionError: unknown action {'draw': 1}: expected {"play": card}, ... or {"pass": true}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank
from ..errors import InvalidPositionError, NotationError
from .ranks import parse_rank


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (by whoever is to play); ``claim`` is the claimed rank, ``None`` for no claim."""

    card: Card
    claim: Rank | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"play": str(self.card)}
        if self.claim is not None:
            data["claim"] = str(self.claim)
        return data

    def __str__(self) -> str:
        return json.dumps(self.to_dict())


@dataclass(frozen=True, slots=True)
class Challenge:
    """One or more players challenge the face-down card at once (YS-14 picks one)."""

    seats: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"challenge": self.seats[0] if len(self.seats) == 1 else list(self.seats)}

    def __str__(self) -> str:
        return json.dumps(self.to_dict())


@dataclass(frozen=True, slots=True)
class Pass:
    """Nobody challenges: the window closes and the face-down card stands."""

    def to_dict(self) -> dict[str, Any]:
        return {"pass": True}

    def __str__(self) -> str:
        return json.dumps(self.to_dict())


#: What a player does at the table: play a card (YS-6, YS-7), challenge it (YS-8), or let it stand.
Action = Play | Challenge | Pass
_FORMS = '{"play": card}, {"play": card, "claim": rank}, {"challenge": seat} or {"pass": true}'


def _seat(value: object) -> int:
    if type(value) is not int:
        raise InvalidPositionError(f"bad seat {value!r}: expected a whole number")
    return value


def parse_action(obj: object) -> Action:
    """An action from its JSON form (the ``replay`` question); a malformed one is an error naming it."""
    if not isinstance(obj, dict):
        raise InvalidPositionError(f"bad action {obj!r}: expected an object such as {_FORMS}")
    keys = set(obj)
    if keys in ({"play"}, {"play", "claim"}):
        card = obj["play"]
        if not isinstance(card, str):
            raise NotationError(f"bad card {card!r}: expected a string such as \"S8\"")
        claim = obj.get("claim")
        return Play(Card.parse(card), None if claim is None else parse_rank(claim, "claim"))
    if keys == {"challenge"}:
        seats = obj["challenge"]
        seats = seats if isinstance(seats, list) else [seats]
        if not seats:
            raise InvalidPositionError("bad action {\"challenge\": []}: name at least one challenger")
        return Challenge(tuple(_seat(s) for s in seats))
    if keys == {"pass"} and obj["pass"] is True:
        return Pass()
    raise InvalidPositionError(f"unknown action {obj!r}: expected {_FORMS}")
