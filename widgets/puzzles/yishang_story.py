"""一上一下 positions as the table saw them: random legal scripts, their replay under a ruleset,
the story of events a puzzle shows, and the words every 一上一下 puzzle shares: players named
as the guide names them (player A / 甲 …), why a player is to play, and a wrong answer's
explanation built from the engine's reasons (no rules decided here).

Rules: YS-4 … YS-14 are applied by the engine (:class:`cardlib.yishang.state.Game`), never here;
:func:`turn_why` says which rule put the next player to play (YS-3, YS-5, YS-10, YS-E1, YS-E2).
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import Card
from cardlib.explain import Param, Player, Reason
from cardlib.rule_ids import RuleId
from cardlib.words import player_name
from cardlib.yishang import reasons
from cardlib.yishang.events import EventKind
from cardlib.yishang.ranks import ORDER, is_below
from cardlib.yishang.rules import Ruleset, get_ruleset
from cardlib.yishang.state import Game

from .position import text
from .spec import RULE_PAGES, Difficulty, RulesetChoice


def rules_of(choice: RulesetChoice) -> Ruleset:
    return get_ruleset(choice.preset, choice.variant)


def player_label(seat: int) -> dict[str, str]:
    """A player as a label: ``Player A`` / ``甲`` (players 0-3 in turn order)."""
    en = player_name(seat, "en")
    return text(en[0].upper() + en[1:], player_name(seat, "zh"))


def citable(reason: Reason) -> Reason:
    """``reason``, or the same sentence citing YS-10 while the book has no page for YS-E2 yet
    (the lead adds ``RULE_PAGES["YS-E2"]`` and the anchor ``rule-ys-e2``)."""
    if reason.rule.value in RULE_PAGES:
        return reason
    return Reason(RuleId.YS_10, reason.template_en, reason.template_zh, reason.params)


def turn_why(game: Game, stand_told: bool = False) -> Reason:
    """Why :attr:`Game.next_player` is to play, citing the rule that decides it: the first player
    (YS-3), the taker of the pile (YS-10), turn order after a face-down card stood (YS-E1: the
    guide's slip is exactly there), and ordinary turn order after a face-up card (YS-5: players
    take turns round the table; the pile only decides the face).  ``stand_told``: a sentence before
    said the face-down card stood, so this one does not say it again ("then player A plays next in turn")."""
    player = game.next_player
    kinds = [e for e in game.log if e.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN, EventKind.STAND,
                                               EventKind.TAKE)]
    if not kinds:
        return game.turn_reason
    last = kinds[-1]
    if last.kind is EventKind.TAKE:
        return reasons.leads_round(player)
    before = (player - 1) % game.players
    if last.kind is EventKind.STAND or (last.kind is EventKind.PLAY_DOWN and game.window is not None):
        stood = last.kind is EventKind.STAND
        said = Reason.make(RuleId.YS_5, "then {player} plays next in turn", "然后按顺序轮到{player}",
                           player=Player(player)) if stood and stand_told else \
            Reason.make(RuleId.YS_5, "after {before}'s face-down card" + (" stood" if stood else "")
                        + ", {player} plays next in turn",
                        "{before}的暗牌" + ("成立" if stood else "") + "之后，按顺序轮到{player}",
                        before=Player(before), player=Player(player))
        if before == 1:  # player B's face-down card: the guide's worked example names player A here (YS-E1)
            return Reason(RuleId.YS_E1, said.template_en, said.template_zh, said.params,
                          (reasons.WORKED_EXAMPLE_SLIP,))
        return said
    return Reason.make(RuleId.YS_5, "players take turns round the table: after {before}, {player} plays",
                       "玩家按座次轮流出牌：{before}之后轮到{player}",
                       before=Player(before), player=Player(player))


def wrong(rule: RuleId, given: Param, right: Param, why: Reason, *, en: str | None = None,
          zh: str | None = None) -> Reason:
    """One wrong part of an answer: what was given, what is right, and the engine's reason why.

    The default sentence is "You said {given}, but {right}: {why}"; ``en``/``zh`` replace it
    (they may use the same three names)."""
    return Reason.make(rule, en or "{right}, not {given}: {why}.", zh or "是{right}，不是{given}：{why}。",
                       given=given, right=right, why=why).capitalised()


def combined(parts: list[Reason]) -> list[Reason]:
    """Several reasons as the parts of one explanation, each a sentence of its own (capitalised, a full
    stop); the front end shows each rule's sentences after that rule's id, once."""
    return [part.sentence() for part in parts]


def step(seat: int, cards: list[str] | None, en: str, zh: str, *, face_down: int = 0) -> dict[str, Any]:
    """One line of the table's story: who, the cards the table sees (``face_down`` of them only as
    backs: YS-7), what they did."""
    line: dict[str, Any] = {"label": player_label(seat), "cards": cards or [], "note": text(en, zh)}
    if face_down:
        line["backs"] = face_down
    return line


#: Per difficulty: players, how many actions, chance a face-down card is challenged, chance of a lie.
STATE_LEVELS = {"easy": ((3,), (2, 3), 0.0, 0.3), "normal": ((3, 4), (3, 5), 0.25, 0.4),
                "hard": ((3, 4), (5, 8), 0.6, 0.5)}


def random_script(rng: random.Random, game: Game, difficulty: Difficulty, close_window: bool = True) -> list[dict[str, Any]]:
    """Random legal actions in the ``replay`` format of ``check`` (docs/notation.md); unless ``close_window`` is false,
    the last leaves no challenge window open."""
    _players, lengths, challenge_chance, lie_chance = STATE_LEVELS[difficulty]
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
    steps: list[dict[str, Any]] = []
    for event in game.log:
        if event.kind is EventKind.STAND:
            steps.append({"label": text("Table", "牌桌"), "cards": [], "note": text("nobody challenges", "无人质疑")})
        elif event.seat is None:  # the deal: no player's move
            continue
        elif event.kind is EventKind.PLAY_UP:
            steps.append(step(event.seat, [str(event.card)], "plays face up", "打出明牌"))
        elif event.kind is EventKind.PLAY_DOWN:
            steps.append(step(event.seat, None, f"plays a card face down, claiming {event.claim}",
                               f"扣下一张暗牌，报{event.claim}", face_down=1))
        elif event.kind is EventKind.CHALLENGE:
            steps.append(step(event.seat, None, "challenges", "质疑"))
        elif event.kind is EventKind.REVEAL:
            steps.append(step(event.seat, [str(event.card)], "the face-down card is revealed", "暗牌翻开"))
        elif event.kind is EventKind.DRAW:
            steps.append(step(event.seat, None, "draws a card", "摸一张牌"))
    return steps
