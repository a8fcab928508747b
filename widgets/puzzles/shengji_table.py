"""Table puzzles: who deals, cuts, partners and takes the kitty; who leads; what a hand's
points do to the dealer, the levels and the game.

Rules: SJ-1, SJ-2 (the deal), SJ-8 (who leads), SJ-3, SJ-13, SG-7 / SS-7, SG-8, SS-8 (after a hand).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product
from typing import Any

from cardlib.cards import Rank
from cardlib.explain import Reason
from cardlib.shengji.case_questions import CaseContext
from cardlib.shengji.progression import (LEVELS, SEATS, after_hand, explain_partner, level_played, next_dealer,
                                         partner_of)
from cardlib.shengji.questions_play import answer_next_leader
from cardlib.shengji.questions_score import answer_after_hand, answer_deal
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import level_change

from .position import context_facts, facts, seat_label, text
from .shengji_trick import make_trick
from .spec import SHENGJI_RULESETS, RulesetChoice, SpecBuilder

#: The two documents, plus SS-8's other reading: a team wins as soon as it reaches A.
GAME_END_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("reach-ace", "shengji", "SG, first to reach A wins (SS-8 other reading)",
                  "SG：先升到A者胜（SS-8 另一种理解）", {"game_end": "reach_ace"}),
)


def _rules(choice: RulesetChoice):
    return get_ruleset(choice.preset, choice.variant)


def _seat_options(extra: tuple[tuple[str, dict[str, str]], ...] = ()) -> list[dict[str, Any]]:
    return [{"value": str(s), "label": seat_label(s)} for s in range(SEATS)] + [
        {"value": value, "label": label} for value, label in extra]


def _table(dealer: int) -> dict[str, Any]:
    """Seats in playing order (counterclockwise), the dealer marked."""
    return facts(*((seat_label(s), text("dealer (庄家)" if s == dealer else "—", "庄家" if s == dealer else "—"))
                   for s in range(SEATS)))


# --- the deal (SJ-1, SJ-2) ------------------------------------------------------------------

NOBODY = text("nobody is named", "未规定")


def make_deal(seed: int, difficulty: str) -> dict[str, Any]:
    """Before the deal: who is the dealer's partner, who takes the kitty, who cuts? (SJ-1, SJ-2)"""
    rng = random.Random(f"deal:{seed}")
    dealer = 0 if difficulty == "easy" else rng.randrange(SEATS)
    deals = {r.id: answer_deal({"dealer": dealer}, CaseContext(_rules(r))) for r in SHENGJI_RULESETS}
    partner_reason = explain_partner(dealer)
    builder = SpecBuilder("deal", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for partner, kitty, cut in product(range(SEATS), range(SEATS), [*map(str, range(SEATS)), "none"]):
        verdicts = {}
        for rid, (deal, deal_reason) in deals.items():
            cutter = "none" if deal["cut_by"] is None else str(deal["cut_by"])
            right_partner = partner == partner_of(dealer)
            ok = right_partner and kitty == deal["kitty_to"] and cut == cutter
            verdicts[rid] = (ok, deal_reason if right_partner else partner_reason)
        builder.add_answer(f"{partner}|{kitty}|{cut}", None, verdicts)
    fields = [{"name": "partner", "label": text("Dealer's partner", "庄家的对家"), "options": _seat_options()},
              {"name": "kitty", "label": text("Takes the kitty (底牌)", "拿底牌"), "options": _seat_options()},
              {"name": "cut", "label": text("Cuts the deck", "切牌"), "options": _seat_options((("none", NOBODY),))}]
    return builder.build(
        position={"dealer": dealer}, input_type="fields",
        question=text(f"Seat {dealer} deals. Who is the dealer's partner, who takes the kitty, and who cuts?",
                      f"{dealer}号位发牌。谁是庄家的对家？谁拿底牌？谁切牌？"),
        features={"dealer": dealer},
        extra={"display": [_table(dealer)], "fields": fields})


# --- who leads (SJ-8) -----------------------------------------------------------------------

def make_next_leader(seed: int, difficulty: str) -> dict[str, Any]:
    """Who leads: the dealer on the first trick, else the last trick's winner (SJ-8)."""
    rng = random.Random(f"next_leader:{seed}")
    dealer = rng.randrange(SEATS)
    first_trick = difficulty == "easy" and rng.random() < 0.6
    if first_trick:
        case: dict[str, Any] = {"first_trick": True, "dealer": dealer}
        display = [_table(dealer), {"type": "text", "text": text("The kitty is buried; no trick has been played yet.",
                                                                   "底牌已扣好，还没有出过牌。")}]
        question = text("Who leads the first trick?", "第一轮谁首出？")
    else:
        ctx, plays = make_trick(rng, difficulty)
        leader = rng.randrange(SEATS)
        case = {"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none", "leader": leader,
                "plays": [[str(c) for c in p] for p in plays]}
        seats = [(leader + i) % SEATS for i in range(SEATS)]
        display = [facts(*context_facts(ctx.level, ctx.trump), (text("Dealer", "庄家"), seat_label(dealer))),
                   {"type": "plays", "label": text("The trick just played, in order", "刚出完的一轮（按顺序）"),
                    "plays": [{"label": seat_label(s), "cards": p} for s, p in zip(seats, case["plays"])]}]
        question = text("Who leads the next trick?", "下一轮谁首出？")
    answers = {r.id: answer_next_leader(case, CaseContext(_rules(r))) for r in SHENGJI_RULESETS}
    builder = SpecBuilder("next_leader", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for seat in range(SEATS):
        builder.add_answer(str(seat), seat_label(seat),
                           {rid: (seat == leader, reason) for rid, (leader, reason) in answers.items()})
    return builder.build(position={**case, "dealer": dealer}, input_type="choice", question=question,
                         features={"first_trick": first_trick, "lead_cards": len(case.get("plays", [[0]])[0])},
                         extra={"display": display})


# --- after the hand (SJ-3, SJ-13, SG-7 / SS-7, SG-8, SS-8) -----------------------------------

#: Per difficulty: the dealer team's and the attackers' level ranges, and the points to choose from.
AFTER_LEVELS = {"easy": ((Rank.TWO, Rank.NINE), (Rank.TWO, Rank.NINE), (0, 30, 60, 100, 140)),
                "normal": ((Rank.FIVE, Rank.KING), (Rank.TWO, Rank.ACE), (20, 45, 80, 85, 120, 165)),
                "hard": ((Rank.JACK, Rank.ACE), (Rank.TEN, Rank.ACE), (0, 10, 35, 40, 75, 80, 120, 160))}

WINNER_LABELS = (("none", text("not yet", "未结束")), ("0", text("team 0 (seats 0 & 2)", "0队（0、2号位）")),
                 ("1", text("team 1 (seats 1 & 3)", "1队（1、3号位）")))


def _level_between(rng: random.Random, low: Rank, high: Rank) -> Rank:
    return rng.choice([r for r in LEVELS if low <= r <= high])


@dataclass(frozen=True)
class AfterHand:
    """What the engine says a hand leads to, with the reason for each part of the answer."""

    next_dealer: int
    levels: tuple[Rank, Rank]          # both teams' levels after the hand
    next_level: Rank                   # the level the next hand is played at (SJ-3)
    winner: str                        # "none", "0" or "1"
    whole: Reason                      # the engine's answer (level change + where the game goes)
    dealer_reason: Reason              # SG-8
    level_reason: Reason               # SJ-3
    change_reason: Reason              # SG-7 / SS-7 / SS-E2

    def grade(self, seat: int, level: Rank, winner: str) -> tuple[bool, Reason]:
        """An answer's verdict, explained by the rule behind its first wrong part."""
        if seat != self.next_dealer:
            return False, self.dealer_reason
        if level is not self.next_level:  # the other team's level (SJ-3), or a wrong change (SG-7 / SS-7)
            return False, self.level_reason if level in self.levels else self.change_reason
        return winner == self.winner, self.whole


def _after_hand_outcome(rules: Any, case: dict[str, Any], levels: list[Rank]) -> AfterHand:
    answer, whole = answer_after_hand(case, CaseContext(rules))
    change, change_reason = level_change(rules, case["attacker_points"])
    progress = after_hand(rules, case["dealer"], (levels[0], levels[1]), change)
    _seat, dealer_reason = next_dealer(rules, case["dealer"], change.attackers_take_over)
    next_level, level_reason = level_played(progress.levels, progress.next_dealer)
    winner = "none" if answer["winner"] is None else str(answer["winner"])
    return AfterHand(progress.next_dealer, progress.levels, next_level, winner, whole, dealer_reason,
                     level_reason, change_reason)


def make_after_hand(seed: int, difficulty: str) -> dict[str, Any]:
    """After a hand: who deals next, at what level is the next hand played, and has a team won?
    (SJ-3, SJ-13, SG-7 / SS-7, SG-8, SS-8)"""
    rng = random.Random(f"after_hand:{seed}")
    dealer_range, attacker_range, points_choices = AFTER_LEVELS[difficulty]
    dealer = rng.randrange(SEATS)
    levels = [Rank.TWO, Rank.TWO]
    levels[dealer % 2] = _level_between(rng, *dealer_range)
    levels[1 - dealer % 2] = _level_between(rng, *attacker_range)
    points = rng.choice(points_choices)
    case = {"dealer": dealer, "levels": [str(level) for level in levels], "attacker_points": points}
    outcomes = {choice.id: _after_hand_outcome(_rules(choice), case, levels) for choice in GAME_END_RULESETS}
    builder = SpecBuilder("after_hand", seed=seed, difficulty=difficulty, rulesets=GAME_END_RULESETS)
    for seat, level, (winner, _label) in product(range(SEATS), LEVELS, WINNER_LABELS):
        builder.add_answer(f"{seat}|{level}|{winner}", None,
                           {rid: outcome.grade(seat, level, winner) for rid, outcome in outcomes.items()})
    fields = [{"name": "dealer", "label": text("Deals next", "下一局庄家"), "options": _seat_options()},
              {"name": "level", "label": text("Next hand's level", "下一局打几"),
               "options": [{"value": str(r)} for r in LEVELS]},
              {"name": "winner", "label": text("Game won by", "全局胜者"),
               "options": [{"value": v, "label": label} for v, label in WINNER_LABELS]}]
    team = dealer % 2
    return builder.build(
        position=case, input_type="fields",
        question=text(f"Seat {dealer} dealt; the attackers won {points} points. Who deals next, at what level is "
                      f"the next hand played, and has a team won the game?",
                      f"{dealer}号位坐庄，闲家得{points}分。下一局谁坐庄、打几？有队赢得全局了吗？"),
        features={"points": points, "dealer_level": str(levels[team]), "attacker_level": str(levels[1 - team])},
        extra={"fields": fields, "display": [facts(
            (text("Dealer", "庄家"), seat_label(dealer)),
            (text("Team 0 (seats 0 & 2) level", "0队（0、2号位）级数"), text(str(levels[0]), str(levels[0]))),
            (text("Team 1 (seats 1 & 3) level", "1队（1、3号位）级数"), text(str(levels[1]), str(levels[1]))),
            (text("Attackers' points", "闲家得分"), text(str(points), str(points))))]})
