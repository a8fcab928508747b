"""一上一下 puzzles about single moves: the deal, who leads after the draw, which action is allowed now,
and what a face-up card does (draw, no draw, or a win).

Every answer is graded by the engine (:mod:`cardlib.yishang.deal`, :class:`cardlib.yishang.state.Game`)
and explained by its reasons; every wrong answer says what is wrong with it, what is right and why.

Rules: YS-1 (the deal); YS-2, YS-3 (first player); YS-1, YS-6, YS-7, YS-8, YS-12, YS-14, YS-E1 (allowed actions);
YS-6, YS-12, YS-15, YS-16 (a face-up card's outcome).
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import PLAIN_CARDS, Card, Rank
from cardlib.explain import Player, Reason, Verdict, Words
from cardlib.rule_ids import RuleId
from cardlib.words import card_text, listed
from cardlib.yishang import reasons
from cardlib.yishang.deal import draw_for_first
from cardlib.yishang.events import EventKind
from cardlib.yishang.pile import Face
from cardlib.yishang.ranks import ORDER, is_below
from cardlib.yishang.state import Game

from .position import explain, text
from .spec import YISHANG_RULESETS, Difficulty, SpecBuilder
from .yishang_story import (
    citable,
    player_label,
    random_script,
    rules_of,
    step,
    story,
    turn_why,
    wrong,
)

RULES = rules_of(YISHANG_RULESETS[0])


# --- the deal (YS-1) --------------------------------------------------------------------------

def make_deal(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """How many cards are left for the draw pile after the deal? (YS-1: 52 cards, 7 each)"""
    rng = random.Random(f"ys_deal:{seed}")
    players = {"easy": 2, "normal": rng.choice((2, 3)), "hard": rng.choice((3, 4))}[difficulty]
    game = Game.new(players, seed=rng.randrange(10**9), rules=RULES)
    reason = next(e.reason for e in game.log if e.kind is EventKind.DEAL)
    left = len(game.draw_pile)
    rid = YISHANG_RULESETS[0].id
    builder = SpecBuilder("ys_deal", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    slips = {52 - 7 * (players - 1): Words("counts one player too few", "少算了一个人"),
             52 - 5 * players: Words("deals 5 cards each instead of 7", "按每人5张算了，应是7张"),
             54 - 7 * players: Words("counts 54 cards, but 一上一下 is played without jokers",
                                     "按54张算了，但一上一下不用大小王"),
             52 - 8 * players: Words("deals 8 cards each instead of 7", "按每人8张算了，应是7张")}
    for candidate in sorted({left, *slips}):
        if candidate == left:
            builder.add_answer(str(candidate), None, {rid: (True, reason)})
            continue
        slip = slips[candidate]
        builder.add_answer(str(candidate), None, {rid: (False, Reason.make(
            RuleId.YS_1, "Not {given}: that {slip}. {why}.", "不是{given}张：{slip}。{why}。", given=candidate,
            slip=slip, why=reason.capitalised()))})
    builder.set_otherwise({rid: Reason.make(
        RuleId.YS_1, "That is not the number of cards left: {why}.", "这不是剩下的张数：{why}。", why=reason)})
    return builder.build(
        position={"players": players}, input_type="number",
        question=text(f"{players} players sit down to 一上一下. After the deal, how many cards are in the draw pile?",
                      f"{players}人玩一上一下。发完牌后，摸牌堆有几张？"),
        features={"players": players},
        extra={"display": [{"type": "facts", "items": [
            {"label": text("Players", "人数"), "value": text(str(players), str(players))}]}]})


# --- who leads? (YS-2, YS-3) ------------------------------------------------------------------

def label_of(seat: int) -> dict[str, str]:
    """A player named in a sentence: ``player A`` / ``甲``."""
    label = player_label(seat)
    return {"en": label["en"][0].lower() + label["en"][1:], "zh": label["zh"]}


def make_first_player(seed: int, difficulty: Difficulty) -> dict[str, Any]:
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
    rid = YISHANG_RULESETS[0].id
    best = [(seat, card) for seat, card in rounds[0] if card.rank is top.rank]
    rule = RuleId.YS_2 if two_wins else RuleId.YS_3
    builder = SpecBuilder("ys_first_player", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    drawn = dict(rounds[0])
    right = (Words("the players tied for highest draw again", "点数并列最大的玩家重新抽") if tied else
             Reason.make(rule, "{first} leads", "{first}先出", first=Player(first)))
    for seat in range(players):
        label = player_label(seat)
        if not tied and seat == first:
            verdict = (True, reason)
        elif seat in dict(best):
            verdict = (False, Reason.make(
                RuleId.YS_3, "{given}'s {card} only ties for the highest rank ({rank}) with {others}, so {right}.",
                "{given}的{card}与{others}并列最大（{rank}），所以{right}。", given=Player(seat), card=drawn[seat],
                rank=top.rank,
                others=Words(listed([card_text(c) + f" ({label_of(s)['en']})" for s, c in best if s != seat]),
                             "、".join(f"{label_of(s)['zh']}的{card_text(c, 'zh')}" for s, c in best if s != seat)),
                right=right).capitalised())
        else:
            verdict = (False, reasons.lower_draw(seat, drawn[seat], best).sentence())
        builder.add_answer(str(seat), text(f"{label['en']} leads", f"{label['zh']}先出"), {rid: verdict})
    if tied:  # the tie decides it; the second round is not in the position shown
        again = (True, reasons.tie_draws_again(best).sentence())
    else:
        again = (False, Reason.make(
            rule, "Nobody tied: {first} alone drew the highest card, {top}{two}, and leads.",
            "没有并列：只有{first}抽到最大的{top}{two}，由其先出。", first=Player(first), top=top,
            two=Words(" (2 is the highest rank)", "（2最大）") if two_wins else Words("", "")))
    builder.add_answer("again", text("The players tied for highest draw again", "点数并列最大的玩家重新抽"),
                       {rid: again})
    draws = [{"label": player_label(seat), "cards": [str(card)]} for seat, card in rounds[0]]
    return builder.build(
        position={"players": players, "draws": [[seat, str(card)] for seat, card in rounds[0]]},
        input_type="choice", question=text("Each player drew a card. Who leads the game?", "每人抽了一张牌。谁先出？"),
        features={"players": players, "tie": tied, "two_wins": two_wins},
        extra={"display": [{"type": "plays", "label": text("The draw", "抽牌"), "plays": draws}]})


# --- which action is allowed now? (YS-6 … YS-8, YS-12, YS-14, YS-E1) ------------------------

def _candidates(rng: random.Random, game: Game, want: str) -> list[tuple[str, dict[str, str], Verdict]]:
    """Actions someone might try now, each with the engine's verdict, and challenges by each seat:
    when ``want`` is "play", the player whose turn it is plays one of their cards and another player
    plays out of turn; when it is "challenge", two players other than the one whose turn it is try to
    play (the story shows whose turn it is), so only a challenge can be right."""
    options = []
    player, face = game.next_player, game.next_face
    claim = None if face is Face.UP else rng.choice([r for r in ORDER if not is_below(r, game.target)])
    how = (f" face {face}" + (f", claiming {claim}" if claim else ""), face.zh + (f"，报{claim}" if claim else ""))

    def play_label(seat: int, card: Card) -> dict[str, str]:
        who = player_label(seat)
        return text(f"{who['en']} plays {card_text(card)}{how[0]}", f"{who['zh']}打出{card_text(card, 'zh')}（{how[1]}）")

    others = [s for s in range(game.players) if s != player]
    seats = [player, rng.choice(others)] if want == "play" else rng.sample(others, 2)
    for seat in seats:
        card = rng.choice(game.hand(seat))
        options.append((f"play:{seat}:{card}", play_label(seat, card), game.check_play(card, claim, seat=seat)))
    for seat in range(game.players):
        who = player_label(seat)
        options.append((f"challenge:{seat}", text(f"{who['en']} challenges the last card", f"{who['zh']}质疑上一张牌"),
                        game.check_challenge(seat)))
    return options


def _action_right(game: Game, key: str, verdict: Verdict) -> Reason:
    """Why an allowed action is allowed: a challenge, with the fact that allows it (YS-8: the last card
    played is face down and still open); a play, whose turn it is and why (YS-5, YS-10, YS-3), then the
    engine's reason (which face, YS-6 / YS-7)."""
    if key.startswith("play:"):  # whose turn it is, and why, then the play the engine allows
        return explain(verdict.reason, "{turn}, so {why}.", "{turn}，所以{why}。", turn=turn_why(game))
    if game.window is None:
        return verdict.reason
    return explain(verdict.reason, "{why}: it is the last card played, so any other player may challenge it now.",
                   "{why}：这是刚打出的最后一张牌，其他人现在都可以质疑。")


def _allowed(game: Game, candidates: list[tuple[str, dict[str, str], Verdict]]) -> Reason:
    """What is allowed now, each player named once: the plays the engine allows (YS-6, YS-7), then the
    players who may challenge the open face-down card, as one choice (YS-8)."""
    parts = [verdict.reason for key, _label, verdict in candidates if verdict.ok and key.startswith("play:")]
    seats = [int(key.split(":")[1]) for key, _label, verdict in candidates if verdict.ok and key.startswith("challenge:")]
    if seats and game.window is not None:
        names = [f"{{c{i}}}" for i in range(len(seats))]
        parts.append(Reason.make(RuleId.YS_8, listed(names, "en", "or") + " may challenge {owner}'s face-down card",
                                 listed(names, "zh", "or") + "可以质疑{owner}的暗牌", owner=Player(game.window.seat),
                                 **{f"c{i}": Player(seat) for i, seat in enumerate(seats)}))
    params = {f"a{i}": part for i, part in enumerate(parts)}
    return Reason.make(parts[0].rule, "; ".join(f"{{{name}}}" for name in params),
                       "；".join(f"{{{name}}}" for name in params), **params)


def _action_wrong(game: Game, key: str, label: dict[str, str], verdict: Verdict, allowed: Reason) -> Reason:
    """Why a refused action is wrong: the action, the engine's refusal (a turn refusal citing the rule
    that put the next player to play, not the erratum, and naming the player once), and what is allowed
    instead (:func:`_allowed`)."""
    why = verdict.reason
    if why.rule is RuleId.YS_E1:  # the engine's turn order: say which rule really decides it
        turn = turn_why(game)
        why = Reason.make(turn.rule, "{turn}, not {player}", "{turn}，不是{player}", turn=turn,
                          player=Player(int(key.split(":")[1])))
    why = citable(why)
    return wrong(why.rule, Words(label["en"], label["zh"]), allowed, why,
                 en="Not allowed: {why}. Allowed now: {right}.",
                 zh="不可以：{why}。现在{right}。")


def make_action(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """What may happen now? Plays and challenges, each allowed or refused by the engine (YS-6 … YS-8, YS-12, YS-E1)."""
    rng = random.Random(f"ys_action:{seed}")
    players = 3 if difficulty == "easy" else rng.choice((3, 4))
    # The kind of right answer is chosen first, so neither dominates (the engine still grades every
    # option): "play" leaves no face-down card open, so no challenge is allowed; "challenge" leaves
    # one open and offers only plays out of turn or of a card another player holds.
    want = ("play", "challenge")[(seed // 3) % 2]
    while True:
        game = Game.new(players, seed=rng.randrange(10**9), rules=RULES)
        hands = [" ".join(map(str, game.hand(s))) for s in range(players)]
        draw_pile, first = " ".join(map(str, game.draw_pile)), game.next_player
        actions = random_script(rng, game, difficulty, close_window=want == "play")
        if game.winner is None and (game.window is not None) == (want == "challenge"):
            break
    builder = SpecBuilder("ys_action", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    candidates = _candidates(rng, game, want)
    allowed = _allowed(game, candidates)
    for key, label, verdict in candidates:
        reason = _action_right(game, key, verdict) if verdict.ok else _action_wrong(game, key, label, verdict, allowed)
        builder.add_answer(key, label, {YISHANG_RULESETS[0].id: (verdict.ok, reason)})
    return builder.build(
        position={"players": players, "first": first, "hands": hands, "draw_pile": draw_pile, "actions": actions},
        input_type="choice",
        question=text("Which of these may happen now? (Any allowed one is right.)", "现在可以做哪一项？（任一合法的都对）"),
        features={"players": players, "actions": len(actions), "window_open": game.window is not None},
        extra={"display": [{"type": "facts", "items": [
            {"label": text("Players", "人数"), "value": text(str(players), str(players))},
            {"label": text("Target", "目标点数"), "value": text(str(game.target), str(game.target))}]},
            {"type": "plays", "label": text("What happened, in order", "经过（按顺序）"), "plays": story(game)}]})


# --- what does this face-up card do? (YS-6, YS-12, YS-15, YS-16) ------------------------------

#: The player of the face-up card is always player C (seat 2: :func:`_draw_position`), named as the question names them.
DRAWER = 2
DRAW_ANSWERS = (("draws", text(f"{player_label(DRAWER)['en']} draws a card; play goes on",
                               f"{player_label(DRAWER)['zh']}摸一张牌，继续")),
                ("no-draw", text("No draw; play goes on", "不摸牌，继续")),
                ("wins", text(f"{player_label(DRAWER)['en']} wins the game", f"{player_label(DRAWER)['zh']}获胜")))


def _draw_position(rng: random.Random, difficulty: Difficulty) -> tuple[list[list[Card]], list[Card], Card, Card, str | None, Card]:
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


def _draw_facts(card: Card, target: Rank, pile: bool, last: bool, no_claim: bool) -> dict[str, Reason]:
    """The facts that decide a face-up card's outcome, one clause each and none with a colon, so that
    several make one sentence (YS-15, YS-6, YS-16, YS-12)."""
    player = Player(DRAWER)
    facts: dict[str, Reason] = {}
    if no_claim:  # player B's face-down card (:func:`_draw_position`)
        facts["target"] = Reason.make(RuleId.YS_15, "{down}'s face-down card had no claim, so it counts as {target}",
                                      "{down}的暗牌没有报点，按{target}算", down=Player(1), target=target)
    below = is_below(card.rank, target)
    if below:
        top = reasons.top_rank(target)  # YS-2 decides
        facts["below"] = (Reason.make(RuleId.YS_6, "{card} is below the target {target}{top}, so {player} draws a card",
                                      "{card}低于目标点数{target}{top}，所以{player}要从摸牌堆摸一张牌",
                                      card=card, target=target, top=top, player=player) if pile else
                          Reason.make(RuleId.YS_16, "{card} is below the target {target}{top}, but the draw pile is "
                                      "empty, so {player} draws nothing",
                                      "{card}低于目标点数{target}{top}，但摸牌堆已空，无牌可摸",
                                      card=card, target=target, top=top, player=player))
    else:
        highest = Words(" (2 is the highest rank)", "（2最大）") if card.rank is Rank.TWO else Words("", "")
        facts["below"] = Reason.make(RuleId.YS_6, "{card}{highest} is not below the target {target}, so nobody draws",
                                     "{card}{highest}不低于目标点数{target}，所以不摸牌", card=card, highest=highest,
                                     target=target)
    if not last:
        facts["last"] = Reason.make(RuleId.YS_12, "{player} still holds other cards, so this card does not end "
                                    "the game", "{player}手里还有别的牌，这张牌不会结束牌局", player=player)
    elif below and pile:
        facts["last"] = Reason.make(RuleId.YS_12, "it was {player}'s last card, but the drawn card leaves {player} "
                                    "with a card in hand, so {player} is not out", "这是{player}最后一张牌，但摸牌后"
                                    "{player}手里又有牌，所以没有打完", player=player)
    else:  # an empty pile leaves nothing to draw, so the hand is empty: the sources are silent on it (YS-16)
        facts["last"] = Reason.make(RuleId.YS_12, "it was {player}'s last card, and a face-up card stands at once, "
                                    "so {player} is out and wins", "这是{player}最后一张牌，明牌立即成立，"
                                    "手牌打完，获胜", player=player).with_notes(
                                        reasons.EMPTY_PILE_LAST_CARD if below else None)
    return facts


def _said(facts: list[Reason], rule: RuleId) -> Reason:
    """Several facts as one sentence citing ``rule``, each fact's notes kept behind it."""
    params = {f"m{i}": m for i, m in enumerate(facts)}
    said_en = "; ".join(f"{{m{i}}}" for i in range(len(facts)))
    said_zh = "；".join(f"{{m{i}}}" for i in range(len(facts)))
    return Reason.make(rule, f"{said_en}.", f"{said_zh}。", **params).capitalised()


def _draw_right(outcome: str, facts: dict[str, Reason], reason: Reason) -> Reason:
    """Why the outcome is right: for a win, what decides the draw (the target, 3 for a face-down card with no
    claim, YS-15; not below it, or below it with the draw pile empty, YS-16) and then the empty hand (YS-12):
    "a face-up last card stands" alone is as true of a card below the target, whose player draws; for no draw,
    the target and the card not below it; else the engine's reason."""
    below = facts["below"]
    target = [facts["target"]] if "target" in facts else []
    if outcome == "wins":  # the draw decides first (none, or none left), then the empty hand (YS-12)
        return _said([*target, below, facts["last"]], below.rule if below.rule is RuleId.YS_16 else facts["last"].rule)
    if outcome == "no-draw":  # what decides it: the target (3 for a face-down card with no claim, YS-15), not below it
        return _said([facts["target"], below] if "target" in facts else [below], below.rule)
    return reason


def _draw_wrong(key: str, outcome: str, facts: dict[str, Reason],
                reason: Reason) -> Reason:
    """Why the answer ``key`` is wrong: the facts it missed (the draw, the last card), then the right
    outcome with the engine's reason; a "no draw" that misses a win below the target is told of the
    empty draw pile first, which decides it (YS-16)."""
    below, last = facts["below"], facts["last"]
    if key == "draws":
        missed = [below] + ([last] if outcome == "wins" else [])
    elif key == "no-draw":
        missed = [below] if outcome == "draws" else [below, last] if below.rule is RuleId.YS_16 else [last]
    else:  # "wins": the draw first where there is one (it keeps the player in), else the cards still held and
        # then that nobody draws (the right answer)
        missed = [below, last] if outcome == "draws" else [last, below]
    rule = last.rule if key == "wins" else missed[0].rule  # a wrong "wins" misreads when a player is out (YS-12)
    if "target" in facts and below in missed:  # no claim: the target is 3 (YS-15), which decides the draw
        missed.insert(missed.index(below), facts["target"])
        rule = facts["target"].rule
    # the facts missed say the outcome (the verdict's "correct answer" line names it); the engine's sentence
    # is not repeated
    return _said(missed, rule).with_notes(*reason.all_notes())


def make_draw(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """A face-up card: does its player draw, or win? (YS-6; YS-16 with an empty draw pile; YS-12 on a last card)"""
    rng = random.Random(f"ys_draw:{seed}")
    hands, pile, lead, down, claim, last = _draw_position(rng, difficulty)
    game = Game(hands, pile, first=0, rules=RULES)
    game.play(lead)
    game.play(down, claim=claim)
    game.pass_challenge()
    target = game.target
    events = game.play(last)
    drew = any(e.kind is EventKind.DRAW and e.card is not None for e in events)
    outcome = "wins" if game.winner == 2 else "draws" if drew else "no-draw"
    reason = events[-1].reason  # the win, the draw (or none: YS-16), else the play itself (YS-6)
    builder = SpecBuilder("ys_draw", seed=seed, difficulty=difficulty, rulesets=YISHANG_RULESETS)
    facts = _draw_facts(last, target, bool(pile), len(hands[2]) == 1, claim is None)
    for key, label in DRAW_ANSWERS:
        verdict = ((True, _draw_right(outcome, facts, reason)) if key == outcome else
                   (False, _draw_wrong(key, outcome, facts, reason)))
        builder.add_answer(key, label, {YISHANG_RULESETS[0].id: verdict})
    return builder.build(
        position={"hands": [" ".join(map(str, h)) for h in hands], "draw_pile": " ".join(map(str, pile)),
                  "lead": str(lead), "down": str(down), "claim": claim, "last": str(last)},
        input_type="choice",
        question=text("Player C now plays this card face up. What happens?", "丙现在打出这张明牌。会怎样？"),
        features={"below_target": is_below(last.rank, target), "last_card": len(hands[2]) == 1,
                  "empty_draw_pile": not pile, "no_claim": claim is None},
        extra={"display": [
            {"type": "facts", "items": [
                {"label": text("Draw pile", "摸牌堆"), "value": text(f"{len(pile)} cards", f"{len(pile)}张")},
                {"label": text("Cards in player C's hand", "丙的手牌数"),
                 "value": text(str(len(hands[2])), str(len(hands[2])))}]},
            {"type": "plays", "label": text("So far", "目前为止"), "plays": [
                step(0, [str(lead)], "plays face up", "打出明牌"),
                step(1, None, f"plays a card face down, claiming {claim}" if claim else "plays a card face down, claiming nothing",
                     f"扣下一张暗牌，报{claim}" if claim else "扣下一张暗牌，没有报点", face_down=1),
                {"label": text("Table", "牌桌"), "cards": [], "note": text("nobody challenges", "无人质疑")},
                step(2, [str(last)], "plays face up", "打出明牌")]}]})
