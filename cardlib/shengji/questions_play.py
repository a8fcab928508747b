"""The play questions of ``python -m cardlib check``: following, tricks, shapes, order, leaders.

Rules: SJ-5, SJ-6, SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-4 / SS-4, SG-5 / SS-5, SG-E3, C-1, C-3, C-4, C-5

Every ``answer_<question>(case, context)`` returns ``(answer, reason)`` in the
formats of docs/notation.md, and is marked with the fields it reads (:func:`.case_questions.takes`).
Card lists in answers are canonical strings whose cards
are in canonical order (``Card.sort_key``: jokers, then S H C D, high rank
first); ``legal_follows`` lists them in plain string order (Python ``sorted``).

>>> from cardlib.shengji.case_questions import CaseContext
>>> from cardlib.shengji.rules import SHENGJI
>>> case = {"level": "2", "trump": "S", "lead": "HA HA", "hand": "H5 H5 H9 SK C3"}
>>> answer_legal_follows(case, CaseContext(SHENGJI))[0]
['H5 H5']
>>> answer_order({"level": "2", "trump": "S", "cards": "SA H2 BJ D2 S2 LJ"}, CaseContext(SHENGJI))[0]
[['BJ'], ['LJ'], ['S2'], ['H2', 'D2'], ['SA']]
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, format_cards
from ..errors import InvalidPositionError
from ..explain import Reason, Seat
from ..rule_ids import RuleId
from .case_questions import CaseContext, read_cards, read_level, read_trump, require, takes
from .combos import classify, explain_shape
from .follow import check_follow, legal_follows
from .combos import as_cards
from .solver import solve_endgame
from .trick import find_trick_winner
from .trump import TrumpContext, explain_order, group_by_strength

SEATS = 4  # SJ-1


def read_context(case: dict[str, Any]) -> TrumpContext:
    """The case's ``level`` and ``trump`` as a trump context (SJ-3, SJ-4)."""
    return TrumpContext(read_level(case), read_trump(case))


def read_plays(case: dict[str, Any]) -> list[list[Card]]:
    """The ``plays`` field: a list of card lists, the lead first."""
    plays = require(case, "plays")
    if not isinstance(plays, list) or not plays:
        raise InvalidPositionError(f"field 'plays' must be a non-empty list of card lists, got {plays!r}")
    return [as_cards(p, f"play {i}") for i, p in enumerate(plays)]


def read_seat(case: dict[str, Any], name: str) -> int:
    """A seat field: an integer 0 … 3."""
    seat = require(case, name)
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise InvalidPositionError(f"field {name!r} must be a seat 0 … {SEATS - 1}, got {seat!r}")
    return seat


@takes("level", "trump", "lead", "hand", "play")
def answer_follow_legal(case: dict[str, Any], context: CaseContext) -> tuple[bool, Reason]:
    """May ``hand`` follow ``lead`` with ``play``?  (SJ-9, SJ-10, SG-5/SS-5, C-4)"""
    verdict = check_follow(read_context(case), context.rules, read_cards(case, "lead"),
                           read_cards(case, "hand"), read_cards(case, "play"))
    return verdict.ok, verdict.reason


@takes("level", "trump", "lead", "hand")
def answer_legal_follows(case: dict[str, Any], context: CaseContext) -> tuple[list[str], Reason]:
    """Every distinct legal follow, each a canonical string, in string order (SJ-9)."""
    view = legal_follows(read_context(case), context.rules, read_cards(case, "lead"), read_cards(case, "hand"))
    plays = sorted(format_cards(p) for p in view)
    example = view.duty.judge(next(iter(view))).reason
    count = f"{len(plays)} different legal follow{'s' if len(plays) != 1 else ''}"
    return plays, Reason.make(example.rule, "{count}; for one: {example}", "共{n}种合法跟牌；例如：{example}",
                              count=count, n=len(plays), example=example)


@takes("level", "trump", "plays")
def answer_trick_winner(case: dict[str, Any], context: CaseContext) -> tuple[int, Reason]:
    """The index of the winning play; a throw lead is taken as standing (SJ-10, C-1, C-5, C-3)."""
    result = find_trick_winner(read_context(case), context.rules, read_plays(case))
    return result.winner, result.reason


@takes("level", "trump", "cards")
def answer_shape(case: dict[str, Any], context: CaseContext) -> tuple[Any, Reason]:
    """The shape of ``cards``: single, pair, tractor with its pairs, throw, or none (SJ-6, SG-4/SS-4, SG-E3)."""
    ctx, rules, cards = read_context(case), context.rules, read_cards(case, "cards")
    return classify(ctx, rules, cards).to_answer(), explain_shape(ctx, rules, cards)


@takes("level", "trump", "cards")
def answer_order(case: dict[str, Any], context: CaseContext) -> tuple[list[list[str]], Reason]:
    """``cards`` (all trumps, or all one plain suit) high to low in groups of equal strength (SJ-5)."""
    ctx, cards = read_context(case), read_cards(case, "cards")
    if not cards:
        raise InvalidPositionError("field 'cards' is empty: nothing to order")
    suits = {ctx.effective_suit(c) for c in cards}
    if len(suits) != 1:
        raise InvalidPositionError(f"the cards {format_cards(cards)} mix {', '.join(sorted(s.en for s in suits))}: "
                                   f"order compares cards of one suit (all trumps, or one plain suit)")
    groups = group_by_strength(ctx, cards)
    return [[str(c) for c in g] for g in groups], explain_order(ctx, cards)


@takes("dealer", "first_trick", "level", "trump", "leader", "plays")
def answer_next_leader(case: dict[str, Any], context: CaseContext) -> tuple[int, Reason]:
    """Who leads next: the dealer on the first trick, else the trick's winner (SJ-8)."""
    if case.get("first_trick") is True:
        dealer = read_seat(case, "dealer")
        return dealer, Reason.make(RuleId.SJ_8, "The dealer, {dealer}, leads the first trick.",
                                   "第一轮由庄家{dealer}首出。", dealer=Seat(dealer))
    leader = read_seat(case, "leader")
    plays = read_plays(case)
    if len(plays) != SEATS:
        raise InvalidPositionError(f"field 'plays' must hold the {SEATS} plays of a whole trick, got {len(plays)}")
    result = find_trick_winner(read_context(case), context.rules, plays, leader=leader)
    seat = (leader + result.winner) % SEATS
    return seat, Reason.make(RuleId.SJ_8, "{why} So {seat} leads the next trick.", "{why}下一轮由{seat}首出。",
                             seat=Seat(seat), why=result.reason)  # the trick's reason names the winner first


@takes("level", "trump", "hands", "leader", "played", "attackers", "kitty")
def answer_endgame(case: dict[str, Any], context: CaseContext) -> tuple[dict[str, object], Reason]:
    """The attackers' points from here with best play on both sides, and the best plays of the seat
    to move (the double-dummy solver, :mod:`.solver`; SJ-8 … SJ-12, SG-6 / SS-6, C-2)."""
    hands, played = require(case, "hands"), require(case, "played")
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise InvalidPositionError(f"field 'hands' must be a list of {SEATS} card lists (seats 0 … 3), got {hands!r}")
    if not isinstance(played, list):
        raise InvalidPositionError(f"field 'played' must be a list of card lists (the lead first), got {played!r}")
    solution = solve_endgame(read_context(case), context.rules, [as_cards(h, f"hand {i}") for i, h in enumerate(hands)],
                             read_seat(case, "leader"), [as_cards(p, f"play {i}") for i, p in enumerate(played)],
                             attackers=require(case, "attackers"), kitty=read_cards(case, "kitty"))
    return solution.to_answer(), solution.reason
