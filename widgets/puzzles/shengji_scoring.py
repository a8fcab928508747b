"""Scoring puzzles: the kitty (koudi) score, which trick is the last, and the level change from the
attackers' points.

Rules: SJ-11, SJ-12, SG-6 / SS-6, SG-E2, C-2 (kitty), SG-E1 (the last trick), SG-7 / SS-7, SS-E2 (level change).
"""

from __future__ import annotations

import random
from dataclasses import replace
from collections import Counter
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card
from cardlib.explain import Reason
from cardlib.shengji.progression import team_of
from cardlib.shengji.rules import Ruleset, get_ruleset
from cardlib.shengji.scoring import explain_last_trick, kitty_score, level_change, trick_points
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import EffectiveSuit, TrumpContext

from .position import cards_block, context_facts, explain, facts, seat_label, text, wrong_choice, wrong_number
from .shengji_trick import make_trick, why_not_winning
from .spec import SHENGJI_RULESETS, Difficulty, RulesetChoice, SpecBuilder

#: The kitty schemes beyond the two documents' main rules (SG-6 / SS-6), every one the variants page
#: names: SS's "some rules", SG-6 mended (SG-E2), and three in neither guide.  Each kitty puzzle is
#: graded under SG, SS and one of them, in turn by seed, so the bank shows every scheme.
KITTY_VARIANTS: tuple[RulesetChoice, ...] = (
    RulesetChoice("ss-some-rules", "shuangsheng", "双升 guide, \"some rules\": pair ×2, tractor ×4",
                  "《双升》“有的规则”：对子×2，拖拉机×4", {"kitty_multiplier": "pair2_tractor4"}),
    RulesetChoice("kitty-doubling", "shengji", "四人升级 guide mended (SG-E2): a tractor of n pairs ×2ⁿ⁺¹",
                  "《四人升级》修正（SG-E2）：n连对×2ⁿ⁺¹", {"kitty_multiplier": "doubling"}),
    RulesetChoice("kitty-largest-unit", "shengji", "kitty ×2 the cards of the largest unit (in neither guide)",
                  "底分×最大单元张数的2倍（两份指南都没有）", {"kitty_multiplier": "largest_unit"}),
    RulesetChoice("kitty-power", "shengji", "kitty ×2 to the power of the cards played (in neither guide)",
                  "底分×2的出牌张数次方（两份指南都没有）", {"kitty_multiplier": "power_of_cards"}),
    RulesetChoice("kitty-lead-size", "shengji", "kitty ×2 the cards led (in neither guide)",
                  "底分×首家张数的2倍（两份指南都没有）", {"kitty_multiplier": "lead_size"}),
)
#: The first kitty puzzles' rulesets (SG, SS, SS's "some rules"), kept for callers that list them.
KITTY_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + KITTY_VARIANTS[:1]

#: The last trick each kitty puzzle is built for, in turn by seed: won with a single, a pair, a
#: tractor by the attackers, or won by the dealer's team (the kitty then adds nothing, SJ-12).
KITTY_CASES = (("attackers", 0), ("attackers", 1), ("attackers", 2), ("defenders", None))


def kitty_rulesets(seed: int) -> tuple[RulesetChoice, ...]:
    """The rulesets a kitty puzzle is graded under: SG, SS and the seed's turn of :data:`KITTY_VARIANTS`."""
    return SHENGJI_RULESETS + (KITTY_VARIANTS[(seed // 12) % len(KITTY_VARIANTS)],)


#: The two documents, plus SS-7's local custom of a take-over line at 85.
LEVEL_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("ss-line-85", "shuangsheng", "双升 guide, take-over line 85 (a local custom)",
                  "《双升》：85分上台（地方习惯）", {"takeover_line": 85}),
)


def _kitty_slip(given: int, points: int, right: int) -> tuple[str, str] | None:
    """The likely slip behind a wrong kitty total: the kitty's face value, where the attackers' last trick
    multiplies it (SJ-12).  (A total where the dealer's team won is answered by the reason's first words.)"""
    if given == points and right > points:
        return f"you left out ×{right // points}", f"漏乘了×{right // points}"
    return None


def _with_trumps_that_lost(ctx: TrumpContext, rules: Ruleset, plays: list[list[Card]], seats: list[int],
                           dealer: int, winner: int, why: Reason) -> Reason:
    """The dealer's team won the last trick with play ``winner`` (``why``, the engine's reason); where an
    attacker had played all trumps to a plain lead, the likely slip is to think that attacker won, so the
    reason goes on to say why that play did not win (SJ-10, SJ-12)."""
    if ctx.is_trump(plays[0][0]):
        return why
    lost = [index for index, play in enumerate(plays) if index and index != winner
            and team_of(seats[index]) != team_of(dealer) and all(ctx.is_trump(c) for c in play)]
    if not lost:
        return why
    return explain(why, "{why} {problem}.", "{why}{problem}。",
                   problem=why_not_winning(ctx, rules, plays, seats, lost[-1], winner))


def make_kitty_score(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """How many points does the kitty add to the attackers? (SJ-12, SG-6 / SS-6, SG-E2, C-2).

    The last trick is built for its case first (:data:`KITTY_CASES`: a single, a pair or a tractor
    won by the attackers, or a trick the dealer's team wins), then the engine scores it."""
    rng = random.Random(f"kitty_score:{seed}")
    team_wanted, pairs = KITTY_CASES[(seed // 3) % len(KITTY_CASES)]
    if pairs is None:  # the dealer's team wins: any shape, longer leads where harder
        pairs = rng.choice({"easy": (0, 1), "normal": (0, 1, 2), "hard": (1, 2)}[difficulty])
    if pairs >= 2 and difficulty == "hard" and rng.random() < 0.3:
        pairs = 3
    ctx, plays = make_trick(rng, difficulty, lead_pairs=pairs)
    left = [c for c in DECK_WITH_JOKERS for _ in range(2)]
    for play in plays:
        for card in play:
            left.remove(card)
    for _draw in range(20):  # a kitty worth digging for: some points in it
        kitty = sorted(rng.sample(left, 8), key=ctx.order_key)
        if trick_points(kitty):
            break
    leader = rng.randrange(4)
    seats = [(leader + i) % 4 for i in range(4)]
    winner = find_trick_winner(ctx, get_ruleset("shengji"), plays).winner
    # the dealer sits in the winner's team when the dealer's team is to win, else beside the winner
    dealer = (seats[winner] + (0 if team_wanted == "defenders" else 1) + 2 * rng.randrange(2)) % 4
    winner_team = "defenders" if team_of(seats[winner]) == team_of(dealer) else "attackers"
    rulesets = kitty_rulesets(seed)
    kitty_cards = [str(c) for c in kitty]
    case = {"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
            "kitty": kitty_cards, "last_trick": [[str(c) for c in p] for p in plays],
            "last_trick_winner_team": winner_team}
    results = {r.id: kitty_score(ctx, get_ruleset(r.preset, r.variant), kitty, plays, winner_team == "attackers",
                                 leader=leader) for r in rulesets}
    if winner_team == "defenders":
        results = {r.id: replace(results[r.id], reason=_with_trumps_that_lost(
            ctx, get_ruleset(r.preset, r.variant), plays, seats, dealer, winner, results[r.id].reason))
                   for r in rulesets}
    points = trick_points(kitty)
    candidates = sorted({value for value, _ in results.values()} | {points, 0, 2 * points, 4 * points})
    builder = SpecBuilder("kitty_score", seed=seed, difficulty=difficulty, rulesets=rulesets)
    what_en, what_zh = "the kitty adds {right} points", "底牌加{right}分"
    for value in candidates:
        builder.add_answer(str(value), None, {
            rid: (value == answer, reason if value == answer else
                  wrong_number(reason, value, answer, what_en, what_zh, _kitty_slip(value, points, answer)))
            for rid, (answer, reason) in results.items()})
    builder.set_otherwise({rid: wrong_number(reason, None, answer, what_en, what_zh)
                           for rid, (answer, reason) in results.items()})
    display = [facts(*context_facts(ctx.level, ctx.trump), (text("Dealer", "庄家"), seat_label(dealer))),
               {"type": "plays", "label": text("The last trick, in playing order", "最后一轮（按顺序）"),
                "plays": [{"label": seat_label(s), "cards": [str(c) for c in p]} for s, p in zip(seats, plays)]},
               cards_block(text("The kitty (底牌)", "底牌"), kitty_cards)]
    led = ctx.effective_suit(plays[0][0])
    return builder.build(
        position={**case, "dealer": dealer, "leader": leader}, input_type="number",
        question=text("How many points does the kitty add to the attackers' total?",
                      "底牌给闲家加多少分？"),
        features={"lead_cards": len(plays[0]), "kitty_points": points, "attackers_win_last": winner_team == "attackers",
                  "winning_shape": ("single", "pair", "tractor", "tractor")[min(pairs, 3)],
                  "winner_not_leader": winner != 0,
                  "trumped": winner != 0 and led is not EffectiveSuit.TRUMP and ctx.is_trump(plays[winner][0]),
                  "scheme": rulesets[-1].variant["kitty_multiplier"]},
        extra={"display": display})


#: The answers of the level-change puzzle: who goes up, and how far.
OUTCOMES = (("dealer3", text("Dealer team +3", "庄家升3级"), (3, False, 0)),
            ("dealer2", text("Dealer team +2", "庄家升2级"), (2, False, 0)),
            ("dealer1", text("Dealer team +1", "庄家升1级"), (1, False, 0)),
            ("take0", text("Attackers take over, +0", "闲家上台，不升级"), (0, True, 0)),
            ("take1", text("Attackers take over, +1", "闲家上台，升1级"), (0, True, 1)),
            ("take2", text("Attackers take over, +2", "闲家上台，升2级"), (0, True, 2)),
            ("take3", text("Attackers take over, +3", "闲家上台，升3级"), (0, True, 3)))

#: Points per difficulty: easy in the middle of a band, normal near an edge, hard on one
#: (measured by :func:`_distance_to_edge`).
POINTS = {"easy": (15, 20, 25, 50, 60, 100, 135, 140),
          "normal": (10, 30, 45, 70, 95, 110, 130, 150, 170),
          "hard": (0, 5, 35, 40, 75, 80, 85, 115, 120, 155, 160)}


def _distance_to_edge(points: int) -> int:
    """How far (in points) from a total that any ruleset's table treats differently: 5 on a band's edge."""
    def outcomes(value: int) -> list[Any]:
        return [level_change(get_ruleset(r.preset, r.variant), value)[0] for r in LEVEL_RULESETS]

    here = outcomes(points)
    step = 5
    while all(outcomes(v) == here for v in (points - step, points + step) if v >= 0):
        step += 5
    return step


def make_level_change(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """What do the attackers' points do to the levels? (SG-7 / SS-7, SS-E2)."""
    rng = random.Random(f"level_change:{seed}")
    points = rng.choice(POINTS[difficulty])
    results = {r.id: level_change(get_ruleset(r.preset, r.variant), points) for r in LEVEL_RULESETS}
    builder = SpecBuilder("level_change", seed=seed, difficulty=difficulty, rulesets=LEVEL_RULESETS)
    for key, label, outcome in OUTCOMES:
        verdicts = {}
        for rid, (change, reason) in results.items():
            ok = (change.dealer_team_levels, change.attackers_take_over, change.attacker_levels) == outcome
            verdicts[rid] = (ok, reason if ok else wrong_choice(reason, label))
        builder.add_answer(key, label, verdicts)
    return builder.build(
        position={"attacker_points": points}, input_type="choice",
        question=text(f"The attackers won {points} points. What happens to the levels?",
                      f"闲家得了{points}分。级别怎么变？"),
        features={"points": points, "distance_to_edge": _distance_to_edge(points)},
        extra={"display": [facts((text("Attackers' points", "闲家得分"), text(str(points), str(points))))]})


def make_last_trick(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Does this trick decide the kitty? (SG-E1: SG's "13th trick" is just the last one.)

    Reworked from "each player holds N cards and N are led: is it the last?", a subtraction: the
    puzzle now shows the leader's whole hand and the trick's number, not the hand sizes, so the reader
    sees whether the leader keeps cards, and the harder ones name the 13th trick when it is not the
    last (or a later one when it is), the slip SG-E1 corrects.  The answer is chosen first (last or
    not, in turn by seed); the engine's :func:`explain_last_trick` grades it."""
    rng = random.Random(f"last_trick:{seed}")
    want_last = (seed // 3) % 2 == 0
    ctx, plays = make_trick(rng, difficulty)
    lead = plays[0]
    used = Counter(c for play in plays for c in play)
    kept_count = 0 if want_last else rng.choice({"easy": (2, 3), "normal": (1, 2), "hard": (1,)}[difficulty])
    spare = [c for c in DECK_WITH_JOKERS for _ in range(2 - used[c]) if used[c] < 2]
    kept = rng.sample(spare, kept_count)
    hand = sorted(lead + kept, key=ctx.order_key)
    cards_each = len(hand)
    last = cards_each == len(lead)  # as explain_last_trick finds it below
    played = 25 - cards_each  # cards each player has played before this trick (SJ-2: 25 a hand)
    trap = difficulty != "easy" and rng.random() < (0.5 if difficulty == "normal" else 0.8)
    low, high = -(-played // max(1, len(lead) + 2)), played  # tricks so far: at least this many, at most one a card
    if trap and (not last) and low <= 12 <= high:
        number = 13  # SG's "13th trick", but hands are not empty yet
    elif trap and last:
        number = rng.choice([n for n in range(max(low, 14), high + 2) if n != 13] or [high + 1])
    else:
        number = rng.choice([n for n in range(low + 1, high + 2) if n != 13] or [high + 1])
    last, reason = explain_last_trick(cards_each, len(lead), number)  # SG-E1's note where "13th" would mislead
    builder = SpecBuilder("last_trick", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    answers = (("yes", text("Yes, the last trick", "是最后一轮")), ("no", text("No, more tricks follow", "不是，后面还有")))
    # SG-E1 is the 四人升级 guide's slip: its note goes with that guide's rules only
    by_rules = {r.id: reason if r.preset == "shengji" else replace(reason, notes=()) for r in SHENGJI_RULESETS}
    for key, label in answers:
        ok = (key == "yes") == last
        builder.add_answer(key, label, {rid: (ok, why) for rid, why in by_rules.items()})  # the reason states the answer
    return builder.build(
        position={"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
                  "cards_each": cards_each, "lead": [str(c) for c in lead], "hand": [str(c) for c in hand],
                  "trick_number": number}, input_type="choice",
        question=text(f"This is trick {number} of the hand. The leader held the cards below and leads "
                      f"those shown. Does this trick decide the kitty?",
                      f"这是本局第{number}轮。首家手里是下面这些牌，出了所示的牌。这一轮决定底牌吗？"),
        features={"cards_each": cards_each, "lead_cards": len(lead), "kept": len(kept),
                  "thirteenth_trap": trap and (number == 13) != last},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump),
                                 (text("Trick number", "第几轮"), text(str(number), str(number)))),
                           cards_block(text("The leader's hand before the trick", "首家出牌前的手牌"),
                                       [str(c) for c in hand]),
                           cards_block(text("Lead", "首家出牌"), [str(c) for c in lead])]})
