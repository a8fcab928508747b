"""Driving a tutor session the way a reader does with the hint and play buttons (helpers of the tutor tests; no tests here)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from widgets.tutor.session import TutorSession


def hinted_move(session: TutorSession) -> dict[str, Any]:
    """Ask for a hint and turn it into the act message the play button sends."""
    hint = session.handle({"type": "hint"})["hint"]
    message: dict[str, Any] = {"type": "act", "cards": hint["cards"]}
    if hint.get("claim"):
        message["claim"] = hint["claim"]
    if hint.get("choice"):
        message["choice"] = hint["choice"]
    return message


def play_out(session: TutorSession, limit: int = 400, *, grade: bool = False) -> Iterator[dict[str, Any]]:
    """Every view from the start to the review, by hint and play alone; then, with ``grade``, the review
    with its grades, asked for as the page asks once the game is over (until then they are None)."""
    view = session.handle({"type": "start"})
    yield view
    for _move in range(limit):
        if view["state"] == "over":
            assert view["review"]["graded"] is None, "the grades come when the page asks for them"
            if grade:
                yield session.handle({"type": "grade"})
            return
        view = session.handle(hinted_move(session))
        assert view["status"] is None, view["status"]
        yield view
    raise AssertionError(f"no end after {limit} moves")


def view_texts(value: Any, where: str = "view") -> Iterator[tuple[str, str]]:
    """Every text a reader reads in a view: each ``en`` / ``zh`` string and each reason part's text."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("en", "zh") and isinstance(item, str):
                yield f"{where}.{key}", item
            elif key == "parts" and isinstance(item, dict):
                for lang, parts in item.items():
                    for part in parts:
                        yield f"{where}.parts.{lang}", part if isinstance(part, str) else part["text"]
            else:
                yield from view_texts(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from view_texts(item, f"{where}[{index}]")
