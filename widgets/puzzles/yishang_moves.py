"""一上一下 puzzles about single moves: the deal, who leads after the draw, which action is allowed now,
and what a face-up card does (draw, no draw, or a win).

Every answer is graded by the engine (:mod:`cardlib.yishang.deal`, :class:`cardlib.yishang.state.Game`)
and explained by its reasons.

Rules: YS-1 (the deal); YS-2, YS-3 (first player); YS-1, YS-6, YS-7, YS-8, YS-12, YS-14, YS-E1 (allowed actions);
YS-6, YS-12, YS-15, YS-16 (a face-up card's outcome).
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import PLAIN_CARDS, Card, Rank
from cardlib.explain import Verdict
from cardlib.yishang import reasons
from cardlib.yishang.deal import draw_for_first
from cardlib.yishang.events import EventKind
from cardlib.yishang.ranks import ORDER, is_below
from cardlib.yishang.state import Game

from .position import player_label, text
from .spec import YISHANG_RULESETS, SpecBuilder
from .yishang_story import random_script, rules_of, step, story

RULES = rules_of(YISHANG_RULESETS[0])


# --- the deal (YS-1) --------------------------------------------------------------------------

def make_deal(seed: int, difficulty: str) -> dict[str, Any]:
    """How many cards are left for the draw pile after the deal? (YS-1: 52 cards, 7 each)"""
    rng = random.Random(f"ys_deal:{seed}")
    players = {"easy": 2, "normal": rng.choice((3, 4)), "hard": rng.choice((2, 3, 4))}[difficulty]
    game = Game.new(players, seed=rng.randrange(10**9), rules=RULES)
    reason = next(e.reason for e in game.log if e.kind is EventKind.DEAL)
    left = len(game.draw_pile)
    builder = SpecBuilder("ys_deal", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    for candidate in sorted({left, 52 - 7 * (players - 1), 52 - 5 * players, 54 - 7 * players, 52 - 8 * players}):
        builder.add_answer(str(candidate), None, {YISHANG_RULESETS[0].id: (candidate == left, reason)})
    builder.set_otherwise({YISHANG_RULESETS[0].id: reason})
    return builder.build(
        position={"players": players}, input_type="number",
        question=text(f"{players} players sit down to 一上一下. After the deal, how many cards are in the draw pile?",
                      f"{players}人玩一上一下。发完牌后，摸牌堆有几张？"),
        features={"players": players},
        extra={"display": [{"type": "facts", "items": [
            {"label": text("Players", "人数"), "value": text(str(players), str(players))}]}]})


# --- who leads? (YS-2, YS-3) ------------------------------------------------------------------

def make_first_player(seed: int, difficulty: str) -> dict[str, Any]:
    """Everyone drew a card: who leads, or do the tied players draw again? (YS-3; YS-2 when a 2 wins)"""
    rng = random.Random(f"ys_first_player:{seed}")
    players = 3 if difficulty == "easy" else 4
    want_tie = difficulty == "hard" and rng.random() < 0.6
    want_two = difficulty != "easy" and rng.random() < 0.4
    for _attempt in range(400):
        first, rounds = draw_for_first(players, random.Random(rng.randrange(10**9)))
        top = max(rounds[0], key=lambda draw: ORDER.index(draw[1].rank))[1]
        if (len(rounds) > 1) == want_tie and (top.rank is Rank.TWO) == (want_two and not want_tie):
            break
    tied = len(rounds) > 1
    two_wins = not tied and top.rank is Rank.TWO
    reason = reasons.two_is_highest(first, top) if two_wins else reasons.first_by_draw(first, rounds)
    builder = SpecBuilder("ys_first_player", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    for seat in range(players):
        label = player_label(seat)
        builder.add_answer(str(seat), text(f"{label['en']} leads", f"{label['zh']}先出"),
                           {YISHANG_RULESETS[0].id: (not tied and seat == first, reason)})
    builder.add_answer("again", text("The players tied for highest draw again", "点数并列最大的玩家重新抽"),
                       {YISHANG_RULESETS[0].id: (tied, reason)})
    draws = [{"label": player_label(seat), "cards": [str(card)]} for seat, card in rounds[0]]
    return builder.build(
        position={"players": players, "draws": [[seat, str(card)] for seat, card in rounds[0]]},
        input_type="choice", question=text("Each player drew a card. Who leads the game?", "每人抽了一张牌。谁先出？"),
        features={"players": players, "tie": tied, "two_wins": two_wins},
        extra={"display": [{"type": "plays", "label": text("The draw", "抽牌"), "plays": draws}]})


# --- which action is allowed now? (YS-6 … YS-8, YS-12, YS-14, YS-E1) ------------------------

def _candidates(rng: random.Random, game: Game) -> list[tuple[str, dict[str, str], Verdict]]:
    """Actions someone might try now, each with the engine's verdict: the right player's card,
    another player's turn, a card not held, and challenges by each seat."""
    options = []
    player, face = game.next_player, game.next_face
    mine = rng.choice(game.hand(player))
    claim = None if face.value == "up" else rng.choice([r for r in ORDER if not is_below(r, game.target)])
    words = f" face {face}" + (f", claiming {claim}" if claim else "")
    words_zh = face.zh + (f"，声称{claim}" if claim else "")
    options.append((f"play:{player}:{mine}", text(f"Player {player} plays {mine.symbol}{words}",
                                                  f"{player}号玩家打出{mine.symbol}（{words_zh}）"),
                    game.check_play(mine, claim)))
    other = rng.choice([s for s in range(game.players) if s != player])
    theirs = rng.choice(game.hand(other))
    options.append((f"play:{other}:{theirs}", text(f"Player {other} plays {theirs.symbol}{words}",
                                                   f"{other}号玩家打出{theirs.symbol}（{words_zh}）"),
                    game.check_play(theirs, claim, seat=other)))
    for seat in range(game.players):
        options.append((f"challenge:{seat}", text(f"Player {seat} challenges the last card",
                                                  f"{seat}号玩家质疑上一张牌"), game.check_challenge(seat)))
    return options


def make_action(seed: int, difficulty: str) -> dict[str, Any]:
    """What may happen now? Plays and challenges, each allowed or refused by the engine (YS-6 … YS-8, YS-12, YS-E1)."""
    rng = random.Random(f"ys_action:{seed}")
    players = 3 if difficulty == "easy" else rng.choice((3, 4))
    while True:
        game = Game.new(players, seed=rng.randrange(10**9), rules=RULES)
        hands = [" ".join(map(str, game.hand(s))) for s in range(players)]
        draw_pile, first = " ".join(map(str, game.draw_pile)), game.next_player
        actions = random_script(rng, game, difficulty, close_window=rng.random() < 0.4)
        if game.winner is None:
            break
    builder = SpecBuilder("ys_action", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    for key, label, verdict in _candidates(rng, game):
        builder.add_answer(key, label, {YISHANG_RULESETS[0].id: (verdict.ok, verdict.reason)})
    return builder.build(
        position={"players": players, "first": first, "hands": hands, "draw_pile": draw_pile, "actions": actions},
        input_type="choice",
        question=text("Which of these may happen now? (Any allowed one is right.)", "现在可以做哪一项？（任一合规的都对）"),
        features={"players": players, "actions": len(actions), "window_open": game.window is not None},
        extra={"display": [{"type": "facts", "items": [
            {"label": text("Players", "人数"), "value": text(str(players), str(players))},
            {"label": text("Target", "目标"), "value": text(str(game.target), str(game.target))}]},
            {"type": "plays", "label": text("What happened, in order", "经过（按顺序）"), "plays": story(game)}]})


# --- what does this face-up card do? (YS-6, YS-12, YS-15, YS-16) ------------------------------

DRAW_ANSWERS = (("draws", text("The player draws a card; play goes on", "该玩家摸一张牌，继续")),
                ("no-draw", text("No draw; play goes on", "不摸牌，继续")),
                ("wins", text("The player wins the game", "该玩家获胜")))


def _draw_position(rng: random.Random, difficulty: str) -> tuple[list[list[Card]], list[Card], Card, Card, str | None, Card]:
    """Three hands: seat 0 leads face up, seat 1 plays face down (claim, or none: YS-15), then seat 2
    plays a card face up, maybe its last; the draw pile may be empty (YS-16)."""
    deck = list(PLAIN_CARDS)
    rng.shuffle(deck)
    lead, down, last = deck[0], deck[1], deck[2]
    last_card = rng.random() < {"easy": 0.2, "normal": 0.4, "hard": 0.5}[difficulty]
    hands = [[lead] + deck[3:5], [down] + deck[5:7], [last] + ([] if last_card else deck[7:9])]
    empty = rng.random() < {"easy": 0.2, "normal": 0.4, "hard": 0.5}[difficulty]
    pile = [] if empty else deck[9:9 + rng.randint(1, 5)]
    no_claim = difficulty != "easy" and rng.random() < 0.3
    claim = None if no_claim else str(rng.choice([r for r in ORDER if not is_below(r, lead.rank)]))
    return hands, pile, lead, down, claim, last


def make_draw(seed: int, difficulty: str) -> dict[str, Any]:
    """A face-up card: does its player draw, or win? (YS-6; YS-16 with an empty draw pile; YS-12 on a last card)"""
    rng = random.Random(f"ys_draw:{seed}")
    hands, pile, lead, down, claim, last = _draw_position(rng, difficulty)
    game = Game(hands, pile, first=0, rules=RULES)
    game.play(lead)
    down_events = game.play(down, claim=claim)
    game.pass_challenge()
    target = game.target
    events = game.play(last)
    drew = any(e.kind is EventKind.DRAW and e.card is not None for e in events)
    outcome = "wins" if game.winner == 2 else "draws" if drew else "no-draw"
    reason = events[-1].reason  # the win, the draw (or none: YS-16), else the play itself (YS-6)
    no_claim_reason = next(e.reason for e in down_events if e.kind is EventKind.PLAY_DOWN)
    builder = SpecBuilder("ys_draw", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    for key, label in DRAW_ANSWERS:
        why = no_claim_reason if claim is None and key == "draws" and key != outcome else reason
        builder.add_answer(key, label, {YISHANG_RULESETS[0].id: (key == outcome, why)})
    return builder.build(
        position={"hands": [" ".join(map(str, h)) for h in hands], "draw_pile": " ".join(map(str, pile)),
                  "lead": str(lead), "down": str(down), "claim": claim, "last": str(last)},
        input_type="choice",
        question=text("Player 2 now plays this card face up. What happens?", "2号玩家现在打出这张明牌。会怎样？"),
        features={"below_target": is_below(last.rank, target), "last_card": len(hands[2]) == 1,
                  "empty_draw_pile": not pile, "no_claim": claim is None},
        extra={"display": [
            {"type": "facts", "items": [
                {"label": text("Draw pile", "摸牌堆"), "value": text(f"{len(pile)} cards", f"{len(pile)}张")},
                {"label": text("Cards in player 2's hand", "2号玩家手牌数"),
                 "value": text(str(len(hands[2])), str(len(hands[2])))}]},
            {"type": "plays", "label": text("So far", "目前为止"), "plays": [
                step(0, [str(lead)], "plays face up", "打出明牌"),
                step(1, None, f"plays a card face down, claiming {claim}" if claim else "plays a card face down, claiming nothing",
                     f"打出一张暗牌，声称是{claim}" if claim else "打出一张暗牌，没有声称点数"),
                {"label": text("Table", "牌桌"), "cards": [], "note": text("nobody challenges", "无人质疑")},
                step(2, [str(last)], "plays face up", "打出明牌")]}]})
