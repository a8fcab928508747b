"""一上一下 positions as the table saw them: random legal scripts, their replay under a ruleset,
and the story of events a puzzle shows (shared by the 一上一下 puzzle modules; no rules here).

Rules: YS-4 … YS-14 are applied by the engine (:class:`cardlib.yishang.state.Game`), never here.
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import Card
from cardlib.yishang.events import EventKind
from cardlib.yishang.ranks import ORDER, is_below
from cardlib.yishang.rules import get_ruleset
from cardlib.yishang.state import Game

from .position import player_label, text
from .spec import RulesetChoice


def rules_of(choice: RulesetChoice):
    return get_ruleset(choice.preset, choice.variant)


def step(seat: int, cards: list[str] | None, en: str, zh: str) -> dict[str, Any]:
    """One line of the table's story: who, the cards the table sees, what they did."""
    return {"label": player_label(seat), "cards": cards or [], "note": text(en, zh)}


#: Per difficulty: players, how many actions, chance a face-down card is challenged, chance of a lie.
STATE_LEVELS = {"easy": ((3,), (2, 3), 0.0, 0.3), "normal": ((3, 4), (3, 5), 0.25, 0.4),
                "hard": ((3, 4), (5, 8), 0.6, 0.5)}


def random_script(rng: random.Random, game: Game, difficulty: str, close_window: bool = True) -> list[dict[str, Any]]:
    """Random legal actions in the ``replay`` format of cases.md; unless ``close_window`` is false,
    the last leaves no challenge window open."""
    players, lengths, challenge_chance, lie_chance = STATE_LEVELS[difficulty]
    actions: list[dict[str, Any]] = []
    wanted = rng.randint(*lengths)
    while game.winner is None and (len(actions) < wanted or (close_window and game.window is not None)):
        window = game.window
        if window is not None and (len(actions) >= wanted or window.last_card or rng.random() < 0.5):
            if rng.random() < challenge_chance and len(actions) < wanted + 1:
                seat = rng.choice([s for s in range(game.players) if s != window.seat])
                action: dict[str, Any] = {"challenge": seat}
                game.challenge(seat)
            else:
                action = {"pass": True}
                game.pass_challenge()
            actions.append(action)
            continue
        hand = game.hand(game.next_player)
        card = rng.choice(hand)
        if game.next_face.value == "up":
            game.play(card)
            actions.append({"play": str(card)})
            continue
        lie = rng.random() < lie_chance
        claim = rng.choice([r for r in ORDER if not is_below(r, game.target)]) if lie else card.rank
        game.play(card, claim=str(claim))
        actions.append({"play": str(card), "claim": str(claim)})
    return actions


def replay(hands: list[list[Card]], draw_pile: list[Card], first: int, choice: RulesetChoice,
           actions: list[dict[str, Any]]) -> Game:
    """The game after ``actions``, under one ruleset."""
    game = Game(hands, draw_pile, first=first, rules=rules_of(choice))
    for action in actions:
        if "challenge" in action:
            game.challenge(action["challenge"])
        elif "pass" in action:
            game.pass_challenge()
        else:
            game.play(action["play"], claim=action.get("claim"))
    return game


def story(game: Game) -> list[dict[str, Any]]:
    """What the table saw, event by event: plays, claims, challenges and reveals (not the outcomes)."""
    steps = []
    for event in game.log:
        if event.kind is EventKind.PLAY_UP:
            steps.append(step(event.seat, [str(event.card)], "plays face up", "打出明牌"))
        elif event.kind is EventKind.PLAY_DOWN:
            steps.append(step(event.seat, None, f"plays a card face down, claiming {event.claim}",
                               f"打出一张暗牌，声称是{event.claim}"))
        elif event.kind is EventKind.STAND:
            steps.append({"label": text("Table", "牌桌"), "cards": [], "note": text("nobody challenges", "无人质疑")})
        elif event.kind is EventKind.CHALLENGE:
            steps.append(step(event.seat, None, "challenges", "质疑"))
        elif event.kind is EventKind.REVEAL:
            steps.append(step(event.seat, [str(event.card)], "the face-down card is revealed", "暗牌翻开"))
        elif event.kind is EventKind.DRAW:
            steps.append(step(event.seat, None, "draws a card", "摸一张牌"))
    return steps
