"""一上一下 puzzles: does this challenge succeed and who takes the pile; what are the target,
the face and the player now.

Every position is a real game of the engine (:class:`cardlib.yishang.state.Game`), replayed
under each ruleset; the answers' reasons are the engine's own events.

Every wrong answer explains itself: what was answered, what is right, and why, one sentence
per wrong part, each citing its own rule.

Rules: YS-8, YS-9, YS-10, YS-14 (challenges); YS-4, YS-5, YS-6, YS-10, YS-11, YS-13, YS-E1, YS-E2 (the state).
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from cardlib.cards import PLAIN_CARDS, Card, Rank
from cardlib.errors import CardlibError
from cardlib.explain import Player, Reason, Words
from cardlib.rule_ids import RuleId
from cardlib.words import listed
from cardlib.yishang import reasons
from cardlib.yishang.events import Event, EventKind
from cardlib.yishang.pile import Face
from cardlib.yishang.ranks import ORDER, is_below
from cardlib.yishang.reasons import face_words
from cardlib.yishang.state import Game

from .position import text
from .spec import YISHANG_RULESETS, Difficulty, RulesetChoice, SpecBuilder
from .yishang_story import (
    STATE_LEVELS,
    citable,
    combined,
    player_label,
    random_script,
    replay,
    rules_of,
    step,
    story,
    turn_why,
    wrong,
)

#: The document, plus YS-10 read the other way: after a pile is taken the target stays.
STATE_RULESETS: tuple[RulesetChoice, ...] = YISHANG_RULESETS + (
    RulesetChoice("yishang-target-kept", "yishang", "一上一下, target kept after a take (YS-10 variant)",
                  "一上一下：收牌后目标不重置（YS-10 变体）", {"target_reset": False}),
)

FACE_LABELS = {"up": text("face up", "明牌"), "down": text("face down", "暗牌")}


# --- does this challenge succeed? ----------------------------------------------------------

def _challenge_position(rng: random.Random, difficulty: Difficulty, succeed: bool) -> dict[str, Any]:
    """Ranks and seats for one challenge built for the outcome ``succeed`` (chosen first, so neither
    outcome dominates; the engine still decides it): a lie succeeds, a true claim not below the target
    fails; hard ones sit on the YS-9 edge (half their successes are true claims below the target)."""
    players = rng.choice((3, 4)) if difficulty != "easy" else 3
    target = rng.choice(ORDER[1:-1])
    at_or_above = [r for r in ORDER if not is_below(r, target)]
    below = [r for r in ORDER if is_below(r, target)]
    if not succeed:  # a true claim, not below the target
        claim = actual = rng.choice(at_or_above)
    elif difficulty == "hard" and rng.random() < 0.5:  # a true claim below the target (YS-9's edge)
        claim = actual = rng.choice(below)
    else:  # a lie: easy ones claim at or above the target, hard ones anything
        claim = rng.choice(ORDER if difficulty == "hard" else at_or_above)
        actual = rng.choice([r for r in ORDER if r != claim])
    first = rng.randrange(players)
    player = (first + 1) % players
    others = [s for s in range(players) if s != player]
    several = difficulty == "hard" and players > 2 and rng.random() < 0.5
    challengers = sorted(rng.sample(others, 2)) if several else [rng.choice(others)]
    return {"players": players, "target": target, "claim": claim, "actual": actual, "first": first,
            "player": player, "challengers": challengers}


def _challenge_deal(rng: random.Random, pos: dict[str, Any]) -> tuple[list[list[Card]], list[Card], Card, Card]:
    """Hands in which ``first`` holds a card of the target's rank and ``player`` the card to play down."""
    deck = list(PLAIN_CARDS)
    rng.shuffle(deck)
    up = next(c for c in deck if c.rank is pos["target"])
    down = next(c for c in deck if c.rank is pos["actual"] and c != up)
    rest = [c for c in deck if c not in (up, down)]
    hands: list[list[Card]] = [[rest.pop() for _ in range(3)] for _ in range(pos["players"])]
    hands[pos["first"]][0] = up
    hands[pos["player"]][0] = down
    return hands, rest[:10], up, down


def _outcome_words(succeeds: bool) -> Words:
    return Words("the challenge succeeds", "质疑成立") if succeeds else Words("the challenge fails", "质疑失败")


def _challenge_wrong(given: tuple[bool, int], right: tuple[bool, int], player: int, challengers: list[int],
                     outcome: Reason) -> list[Reason]:
    """Why the answer ``given`` (succeeds?, taker) is wrong: one sentence per wrong part, each with
    its rule (YS-9 for the outcome and for who takes the pile, YS-14 for which challenger counts)."""
    (says, taker), (real, real_taker) = given, right
    parts = []
    if says != real:
        parts.append(wrong(RuleId.YS_9, _outcome_words(says), _outcome_words(real), outcome,
                           en="{why}.", zh="{why}。"))
    if says != real and (real or taker in (real_taker, player)):
        # the outcome was just said: who takes follows from it, said once (YS-9), also where the answer named the
        # right taker with the wrong outcome (a misreading of who takes on which); which of several challengers
        # counts is YS-14's, below
        parts.append(Reason.make(RuleId.YS_9, "So {player}, who played the face-down card, takes the whole pile."
                                 if real else "So the challenger, {player}, takes the whole pile.",
                                 "所以由出暗牌的{player}收走整堆牌。" if real else "所以由质疑者{player}收走整堆牌。",
                                 player=Player(real_taker)))
    elif taker != real_taker:
        if real:
            rule, why = RuleId.YS_9, Reason.make(
                RuleId.YS_9, "a successful challenge hands the whole pile to the player of the face-down card, "
                "{player}", "质疑成立时，由出暗牌的{player}收走整堆牌", player=Player(player))
        elif taker == player:
            rule, why = RuleId.YS_9, Reason.make(
                RuleId.YS_9, "a failed challenge hands the whole pile to the challenger, {taker}",
                "质疑失败时，由质疑者{taker}收走整堆牌", taker=Player(real_taker))
        else:  # several challenge together: the first after the card's player counts (YS-14)
            names = {f"c{i}": Player(seat) for i, seat in enumerate(challengers)}
            rule, why = RuleId.YS_14, Reason.make(
                RuleId.YS_14, listed([f"{{{n}}}" for n in names]) + " challenge together, but {taker} comes first "
                "after {player}, and a failed challenge hands the pile to the challenger",
                listed([f"{{{n}}}" for n in names], "zh") + "同时质疑，按出牌顺序{taker}紧接{player}之后，由{taker}质疑；"
                "质疑失败由质疑者收牌", taker=Player(real_taker), player=Player(player), **names)
        parts.append(wrong(rule, Player(taker), Player(real_taker), why,
                           en="{right} takes the pile: {why}.", zh="收牌的是{right}：{why}。"))
    return parts


def make_challenge(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """A face-down card is challenged: does the challenge succeed, and who takes the pile? (YS-9, YS-14)"""
    rng = random.Random(f"ys_challenge:{seed}")
    pos = _challenge_position(rng, difficulty, succeed=(seed // 3) % 2 == 0)
    hands, draw_pile, up, down = _challenge_deal(rng, pos)
    events: dict[str, dict[EventKind, Any]] = {}
    count = 0
    for choice in YISHANG_RULESETS:
        game = Game(hands, draw_pile, first=pos["first"], rules=rules_of(choice))
        game.play(up)
        game.play(down, claim=str(pos["claim"]))
        count = len(game.pile)  # the cards the taker takes
        events[choice.id] = {e.kind: e for e in game.challenge(pos["challengers"])}
    builder = SpecBuilder("ys_challenge", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    player = pos["player"]
    for succeeds, taker in product((True, False), [player] + pos["challengers"]):
        verdicts: dict[str, tuple[bool, Reason | list[Reason]]] = {}
        for rid, by_kind in events.items():
            reveal, take, challenge = by_kind[EventKind.REVEAL], by_kind[EventKind.TAKE], by_kind[EventKind.CHALLENGE]
            real_succeeds = take.seat == player
            ok = succeeds == real_succeeds and taker == take.seat
            reason: Reason | list[Reason]
            if ok:  # the question is who takes the pile (YS-9), not the next lead or target (YS-10)
                took = reasons.takes(take.seat, count, take.card)
                # the revealed card decides first; who of several challengers goes (YS-14) matters only when the
                # challenge fails, and the challenger takes the pile
                reason = combined([reveal.reason, took]) if challenge.reason.rule is not RuleId.YS_14 or real_succeeds \
                    else combined([reveal.reason, challenge.reason, took])
            else:
                reason = _challenge_wrong((succeeds, taker), (real_succeeds, take.seat), player, pos["challengers"],
                                          reveal.reason)
            verdicts[rid] = (ok, reason)
        who = player_label(taker)
        builder.add_answer(f"{'succeeds' if succeeds else 'fails'}:{taker}", {
            "en": f"{'Succeeds' if succeeds else 'Fails'}; {who['en']} takes the pile",
            "zh": f"质疑{'成立' if succeeds else '失败'}；{who['zh']}收牌"}, verdicts)
    names = [player_label(s) for s in pos["challengers"]]
    claim = str(pos["claim"])
    display = [{"type": "plays", "label": text("At the table", "牌桌上"), "plays": [
        step(pos["first"], [str(up)],
             "plays face up: the target is now its rank", "打出明牌：目标点数变为其点数"),
        step(player, None, f"plays a card face down, claiming {claim}", f"扣下一张暗牌，报{claim}", face_down=1),
        step(pos["challengers"][0], None, f"{' and '.join(n['en'] for n in names)} challenge at once",
             f"{'、'.join(n['zh'] for n in names)}同时质疑")
        if len(pos["challengers"]) > 1 else step(pos["challengers"][0], None, "challenges", "质疑"),
        step(player, [str(down)],
             "the face-down card is revealed", "暗牌翻开"),
    ]}]
    return builder.build(
        position={"players": pos["players"], "target": str(pos["target"]), "claim": str(pos["claim"]),
                  "actual": str(pos["actual"]), "player": player, "challengers": pos["challengers"]},
        input_type="choice", question=text("Does the challenge succeed, and who takes the pile?",
                                           "质疑成立吗？谁收走牌堆？"),
        features={"players": pos["players"], "lie": pos["claim"] != pos["actual"],
                  "true_claim_below_target": pos["claim"] == pos["actual"] and is_below(pos["actual"], pos["target"]),
                  "challengers": len(pos["challengers"])},
        extra={"display": display})


# --- what are the target, the face and the player now? --------------------------------------

def _state_event(game: Game) -> Event:
    """The event that last set the target and the face: a face-up play, a stand or a take."""
    setting = (EventKind.PLAY_UP, EventKind.STAND, EventKind.TAKE)
    return next(e for e in reversed(game.log) if e.kind in setting)


def _state_reason(game: Game) -> Reason:
    """The engine's reason for the event that last set the target and the face (YS-6, YS-11, YS-10)."""
    return _state_event(game).reason


def _turn_wrong(game: Game, given: int) -> Reason:
    """Why ``given`` is not the player to play now: the challenger of a successful challenge
    (YS-E2), else the rule that put the next player to play (:func:`turn_why`)."""
    if game.outled_challenger == given:
        why = citable(reasons.challenger_does_not_lead(given, game.next_player))
    else:
        why = citable(turn_why(game))
    return wrong(why.rule, Player(given), Player(game.next_player), why,
                 en="{why}.", zh="{why}。")


def _state_verdict(game: Game, target: Rank, face: str, seat: int) -> tuple[bool, Reason | list[Reason]]:
    """The verdict on one answer (target, face, player): right, with the three reasons, or wrong,
    with one sentence per wrong part citing its own rule (YS-4/YS-10, YS-5/YS-13, the turn's rule)."""
    top = game.pile[-1] if game.pile else None
    taken = _state_event(game).kind is EventKind.TAKE
    target_why, face_why = reasons.target_is(game.target, top, taken, game.rules.target_reset), reasons.face_is(game.next_face, top)
    parts = []
    if target is not game.target:
        parts.append(wrong(target_why.rule, target, game.target, target_why,
                           en="{why}.", zh="{why}。"))
    turn = _turn_wrong(game, seat) if seat != game.next_player else None
    led_anew = turn is not None and turn.rule is RuleId.YS_10  # "… leads a new round face up": the face said
    if face != game.next_face.value and not (taken and led_anew):
        parts.append(wrong(face_why.rule, face_words(Face(face)), face_words(game.next_face), face_why,
                           en="{why}.", zh="{why}。"))
    if turn is not None:
        parts.append(turn)
    # what decided the take: the challenged card turned over (YS-9); the erratum's sentence (YS-E2) says it already
    revealed = _revealed(game) if taken and not (turn is not None and turn.rule is RuleId.YS_E2) else []
    if parts:
        return False, revealed + parts
    if taken:  # the take says it all: the taker leads a new round face up, and the target (YS-10)
        return True, revealed + combined([_state_reason(game)])
    stood = _state_event(game).kind is EventKind.STAND  # the state's sentence says the card stood
    return True, combined([_state_reason(game), face_why, citable(turn_why(game, stand_told=stood))])


def _revealed(game: Game) -> list[Reason]:
    """Before a take, the challenged card turned over and what that decided (YS-9), as a sentence; none if the
    take followed no reveal."""
    reveal = game.deciding_reveal
    return combined([reveal.reason]) if reveal is not None else []


def make_state(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """After a few plays: what is the target, which face comes next, and who plays now? (YS-4, YS-5, YS-10, YS-13, YS-E1)"""
    rng = random.Random(f"ys_state:{seed}")
    players = rng.choice(STATE_LEVELS[difficulty][0])
    want_face = ("up", "down")[(seed // 3) % 2]  # chosen first, so neither face dominates
    while True:
        base = Game.new(players, seed=rng.randrange(10**9), rules=rules_of(STATE_RULESETS[0]))
        hands = [list(base.hand(s)) for s in range(players)]
        draw_pile, first = list(base.draw_pile), base.next_player
        actions = random_script(rng, base, difficulty)
        if base.winner is not None:
            continue
        try:
            games = {choice.id: replay(hands, draw_pile, first, choice, actions) for choice in STATE_RULESETS}
        except CardlibError:
            continue  # the variant's target made this script illegal there: draw another
        if all(g.winner is None and g.window is None for g in games.values()) and \
                len({repr(story(g)) for g in games.values()}) == 1 and \
                games[STATE_RULESETS[0].id].next_face.value == want_face:
            break  # the history shown is the same under every ruleset (draws can differ with the target)
    builder = SpecBuilder("ys_state", seed=seed, difficulty=difficulty, rulesets=STATE_RULESETS)
    for target, face, seat in product(ORDER, ("up", "down"), range(players)):
        verdicts = {rid: _state_verdict(game, target, face, seat) for rid, game in games.items()}
        builder.add_answer(f"{target}|{face}|{seat}", None, verdicts)
    fields = [
        {"name": "target", "label": text("Target", "目标"), "options": [{"value": str(r)} for r in ORDER]},
        {"name": "face", "label": text("Next card", "下一张"),
         "options": [{"value": f, "label": FACE_LABELS[f]} for f in ("up", "down")]},
        {"name": "player", "label": text("Plays now", "轮到"),
         "options": [{"value": str(s), "label": player_label(s)} for s in range(players)]},
    ]
    told = story(games[STATE_RULESETS[0].id])
    return builder.build(
        position={"players": players, "first": first, "hands": [" ".join(map(str, h)) for h in hands],
                  "draw_pile": " ".join(map(str, draw_pile)), "actions": actions},
        input_type="fields",
        question=text("Now: what is the target, is the next card face up or face down, and who plays?",
                      "现在：目标是几？下一张是明牌还是暗牌？轮到谁出？"),
        features={"players": players, "actions": len(actions),
                  "challenges": sum(1 for a in actions if "challenge" in a),
                  "face_down": sum(1 for a in actions if "claim" in a)},
        extra={"display": [{"type": "facts", "items": [
                   {"label": text("Players", "人数"), "value": text(str(players), str(players))},
                   {"label": text("First to play", "先手"), "value": player_label(first)}]},
                   {"type": "plays", "label": text("What happened, in order", "经过（按顺序）"), "plays": told}],
               "fields": fields})
