"""The 一上一下 questions of ``python -m cardlib check`` (docs/notation.md): ``challenge`` and ``replay``.

Rules: YS-9 (``challenge``); every YS rule through the state machine (``replay``).

>>> answer({"game": "yishang", "question": "challenge", "target": "8", "claim": "5", "actual": "5"})[0]
'succeeds'
>>> case = {"question": "replay", "players": 3, "hands": ["S8 H3", "D10 C4", "H5 S6"],
...         "draw_pile": "C9", "first": 0, "actions": [{"play": "S8"}, {"play": "D10", "claim": "10"},
...         {"pass": True}]}
>>> result, reason = answer(case)
>>> result["next_player"], result["target"], str(reason)[:5]
(2, '10', 'YS-11')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import CardlibError, InvalidPositionError, NotationError
from ..explain import Player, Reason
from ..rule_ids import RuleId
from .actions import parse_action
from .challenge import challenge_outcome
from .deal import check_player_count
from .events import Event, EventKind
from .rules import Ruleset, get_ruleset
from .state import Game, IllegalPlayError

COMMON_FIELDS = {"id", "game", "question", "ruleset", "variant", "expect", "expect_error", "note"}
QUESTION_FIELDS = {
    "challenge": ({"target", "actual"}, {"claim"}),
    "replay": ({"players", "hands", "first", "actions"}, {"draw_pile"}),
}


def _check_fields(case: dict[str, Any], question: str) -> None:
    required, optional = QUESTION_FIELDS[question]
    for name in sorted(required):
        if name not in case:
            raise CardlibError(f"case {case.get('id')!r}: question {question!r} needs the field {name!r}")
    unknown = set(case) - COMMON_FIELDS - required - optional
    if unknown:
        raise CardlibError(f"case {case.get('id')!r}: unknown field {min(unknown)!r} for question "
                           f"{question!r}; its fields are: {', '.join(sorted(required | optional))}")


def answer_challenge(case: dict[str, Any], _rules: Ruleset) -> tuple[Any, Reason]:
    """Does a challenge succeed, given the target before the card, the claim and the real rank? (YS-9, YS-15)"""
    succeeds, reason = challenge_outcome(case["target"], case.get("claim"), case["actual"])
    return ("succeeds" if succeeds else "fails"), reason


def answer_replay(case: dict[str, Any], rules: Ruleset) -> tuple[Any, Reason]:
    """Play the actions from the given position; the state at the end, or the first illegal action."""
    hands, actions = case["hands"], case["actions"]
    if not isinstance(hands, list):
        raise InvalidPositionError(f"field 'hands' must be a list of card lists, got {hands!r}")
    if check_player_count(case["players"]) != len(hands):
        raise InvalidPositionError(f"field 'players' is {case['players']!r} but 'hands' has {len(hands)} hands")
    if not isinstance(actions, list):
        raise InvalidPositionError(f"field 'actions' must be a list of actions, got {actions!r}")
    parsed = [parse_action(action) for action in actions]
    try:
        game = Game(hands, case.get("draw_pile", ""), case["first"], rules)
    except NotationError as error:
        raise NotationError(f"position: {error}") from None
    first = game.next_player
    reason = Reason.make(RuleId.YS_3, "no action yet: {first} leads, the target is 3 and the first card goes face up",
                         "尚未出牌：{first}先手，目标点数为3，第一张出明牌", first=Player(first))
    for index, action in enumerate(parsed):
        try:
            events = game.apply(action)
        except IllegalPlayError as error:
            return {"illegal": index}, error.reason
        reason = deciding_event(events).reason
    return game.summary(), reason


#: Which event of an action explains it best: the end of the game, then a challenge's outcome.
_PRIORITY = {EventKind.WIN: 0, EventKind.STALL: 0, EventKind.REVEAL: 1}


def deciding_event(events: tuple[Event, ...]) -> Event:
    """The event that decided an action: a win, else a revealed challenge (YS-9), else the last event."""
    return min(reversed(events), key=lambda event: _PRIORITY.get(event.kind, 2))


ANSWERS: dict[str, Callable[[dict[str, Any], Ruleset], tuple[Any, Reason]]] = {
    "challenge": answer_challenge, "replay": answer_replay}


def answer(case: dict[str, Any]) -> tuple[Any, Reason]:
    """The answer to one 一上一下 case and the reason that decided it."""
    question = case.get("question")
    if not isinstance(question, str) or question not in ANSWERS:
        raise CardlibError(f"unknown question {question!r}; 一上一下 questions are: {', '.join(ANSWERS)}")
    _check_fields(case, question)
    rules = get_ruleset(case.get("ruleset", "yishang"), case.get("variant"))
    return ANSWERS[question](case, rules)
