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
from cardlib.explain import Reason, Seat, Words
from cardlib.rule_ids import RuleId
from cardlib.shengji.hand import cut_by
from cardlib.shengji.progression import (LEVELS, SEATS, TEAM_WORDS, after_hand, explain_partner, level_played,
                                         next_dealer, partner_of, team_of, who_deals_next)
from cardlib.shengji.rules import GameEnd, Ruleset, get_ruleset
from cardlib.shengji.scoring import KITTY_SIZE, level_change
from cardlib.shengji.trick import find_trick_winner

from .position import context_facts, explain, facts, seat_label, text, wrong_parts
from .shengji_trick import make_trick, wrong_winner
from .spec import SHENGJI_RULESETS, Difficulty, RulesetChoice, SpecBuilder

#: The two documents, plus SS-8's other reading: a team wins as soon as it reaches A.
GAME_END_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("reach-ace", "shengji", "四人升级 guide, the first team to reach A wins (SS-8's other reading)",
                  "《四人升级》：先升到A者胜（SS-8 的另一种理解）", {"game_end": "reach_ace"}),
)

#: The two teams by their seats (SJ-1: partners sit opposite), in the engine's words: South–North / 南北方.
TEAMS = TEAM_WORDS


def _rules(choice: RulesetChoice) -> Ruleset:
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


@dataclass(frozen=True)
class Deal:
    """The engine's deal for one dealer under one ruleset: one sentence per part of the question,
    in the question's order (the dealer's partner, SJ-1; the kitty and the cut, SJ-2)."""

    dealer: int
    partner: int
    kitty_to: int
    cut: int | None
    partner_reason: Reason
    kitty_reason: Reason
    cut_reason: Reason

    def grade(self, partner: int, kitty: int, cut: str) -> tuple[bool, Reason | list[Reason]]:
        """Right, with every part said; or the sentence of each wrong part, each citing its rule."""
        right_cut = "none" if self.cut is None else str(self.cut)
        parts = ((partner == self.partner, self.partner_reason), (kitty == self.kitty_to, self.kitty_reason),
                 (cut == right_cut, self.cut_reason))
        wrong = wrong_parts([reason for ok, reason in parts if not ok])
        return (True, [reason for _, reason in parts]) if not wrong else (False, wrong)


#: SG's words on the cut name the last hand's dealer; the book's reading, said where a puzzle asks who cuts (SJ-2).
CUT_READING = Reason.make(
    RuleId.SJ_2, "The 四人升级 guide's words, “由上一局的庄家下家进行切牌”, name the player after the last hand's "
                 "dealer. Read that way, after a take-over the new dealer would cut their own deal, since the book's "
                 "next dealer is then the last dealer's next player; so this book reads it as the player after this "
                 "hand's dealer.",
    "《四人升级》原文是“由上一局的庄家下家进行切牌”。照字面理解，闲家上台后新庄家（按本书的约定）正是上一局庄家的"
    "下家，等于自己切自己要发的牌，所以本书理解为本局庄家的下家切牌。")


def deal_of(rules: Ruleset, dealer: int) -> Deal:
    """The deal from the engine (:func:`cut_by`, :func:`partner_of`), explained (SJ-1, SJ-2)."""
    cutter = cut_by(rules, dealer)
    if cutter is None:
        cut = Reason.make(RuleId.SJ_2, "The 双升 guide does not say who cuts, so this book names nobody.",
                          "《双升》没有写谁切牌，本书不指定切牌的人。")
    else:
        cut = Reason.make(RuleId.SJ_2, "{cutter}, the player after the dealer, cuts.", "庄家的下家{cutter}切牌。",
                          cutter=Seat(cutter)).with_notes(CUT_READING)
    kitty = Reason.make(RuleId.SJ_2, "The last {kitty} cards of the deal go to the dealer, {dealer}.",
                        "发牌剩下的最后{kitty}张归庄家{dealer}。", dealer=Seat(dealer), kitty=KITTY_SIZE)
    return Deal(dealer, partner_of(dealer), dealer, cutter, explain_partner(dealer), kitty, cut)


def make_deal(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Before the deal: who is the dealer's partner, who takes the kitty, who cuts? (SJ-1, SJ-2)"""
    rng = random.Random(f"deal:{seed}")
    dealer = 0 if difficulty == "easy" else rng.randrange(SEATS)
    deals = {r.id: deal_of(_rules(r), dealer) for r in SHENGJI_RULESETS}
    builder = SpecBuilder("deal", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for partner, kitty, cut in product(range(SEATS), range(SEATS), [*map(str, range(SEATS)), "none"]):
        builder.add_answer(f"{partner}|{kitty}|{cut}", None,
                           {rid: deal.grade(partner, kitty, cut) for rid, deal in deals.items()})
    fields = [{"name": "partner", "label": text("Dealer's partner", "庄家的对家"), "options": _seat_options()},
              {"name": "kitty", "label": text("Takes the kitty (底牌)", "拿底牌"), "options": _seat_options()},
              {"name": "cut", "label": text("Cuts the deck", "切牌"), "options": _seat_options((("none", NOBODY),))}]
    name = seat_label(dealer)
    return builder.build(
        position={"dealer": dealer}, input_type="fields",
        question=text(f"{name['en']} deals. Who is the dealer's partner, who takes the kitty, and who cuts?",
                      f"{name['zh']}发牌。谁是庄家的对家？谁拿底牌？谁切牌？"),
        features={"dealer": dealer, "dealer_not_south": dealer != 0},
        extra={"display": [_table(dealer)], "fields": fields})


# --- who leads (SJ-8) -----------------------------------------------------------------------

def make_next_leader(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Who leads: the dealer on the first trick, else the last trick's winner (SJ-8)."""
    rng = random.Random(f"next_leader:{seed}")
    dealer = rng.randrange(SEATS)
    first_trick = difficulty == "easy" and rng.random() < 0.6
    answers: dict[str, tuple[int, Reason]] = {}
    if first_trick:
        case: dict[str, Any] = {"first_trick": True, "dealer": dealer}
        display = [_table(dealer), {"type": "text", "text": text("The kitty is buried; no trick has been played yet.",
                                                                   "底牌已扣好，还没有出过牌。")}]
        question = text("Who leads the first trick?", "第一轮谁首出？")
        why = Reason.make(RuleId.SJ_8, "The dealer, {seat}, leads the first trick.", "第一轮由庄家{seat}首出。",
                          seat=Seat(dealer))
        answers = {r.id: (dealer, why) for r in SHENGJI_RULESETS}
        not_it = {r.id: {s: explain(why, "Not {given}. {why}", "不是{given}。{why}", given=Seat(s)) for s in range(SEATS)}
                  for r in SHENGJI_RULESETS}
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
        not_it = {}
        for r in SHENGJI_RULESETS:
            result = find_trick_winner(ctx, _rules(r), plays, leader=leader)
            seat = seats[result.winner]
            answers[r.id] = (seat, explain(result.reason, "{why} So {seat} leads the next trick.",
                                           "{why}下一轮由{seat}首出。", rule=RuleId.SJ_8, seat=Seat(seat)))
            # a wrong seat: first why that seat's play does not win (SJ-10), as trick_winner says it
            not_it[r.id] = {s: explain(wrong_winner(ctx, _rules(r), plays, seats, seats.index(s), result),
                                       "{why} So {seat} leads next.", "{why}下一轮由{seat}首出。",
                                       rule=RuleId.SJ_8, seat=Seat(seat)) for s in range(SEATS) if s != seat}
    builder = SpecBuilder("next_leader", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for seat in range(SEATS):
        builder.add_answer(str(seat), seat_label(seat), {
            rid: (seat == right, reason if seat == right else not_it[rid][seat])
            for rid, (right, reason) in answers.items()})
    return builder.build(position={**case, "dealer": dealer}, input_type="choice", question=question,
                         features={"first_trick": first_trick, "lead_cards": len(case.get("plays", [[0]])[0])},
                         extra={"display": display})


# --- after the hand (SJ-3, SJ-13, SG-7 / SS-7, SG-8, SS-8) -----------------------------------

#: Per difficulty: the dealer team's and the attackers' level ranges, and the points to choose from.
AFTER_LEVELS = {"easy": ((Rank.TWO, Rank.NINE), (Rank.TWO, Rank.NINE), (0, 30, 60, 100, 140)),
                "normal": ((Rank.FIVE, Rank.KING), (Rank.TWO, Rank.ACE), (20, 45, 80, 85, 120, 165)),
                "hard": ((Rank.JACK, Rank.ACE), (Rank.TEN, Rank.ACE), (0, 10, 35, 40, 75, 80, 120, 160))}

WINNER_LABELS = (("none", text("not yet", "未结束")), ("0", text(TEAMS[0].en, TEAMS[0].zh)),
                 ("1", text(TEAMS[1].en, TEAMS[1].zh)))


#: The outcomes after_hand puzzles are built for, one per three seeds: the game is won (the dealer's
#: team goes up playing A), a team reaches A (a win only under the reach-A reading), won again, or
#: the game simply goes on; so "not yet" and "the game is over" are each right about half the time.
AFTER_CASES = ("won", "reach", "won", "on")


def _level_between(rng: random.Random, low: Rank, high: Rank) -> Rank:
    return rng.choice([r for r in LEVELS if low <= r <= high])


@dataclass(frozen=True)
class AfterHand:
    """What the engine says a hand leads to, with the reason for each part of the answer."""

    next_dealer: int
    levels: tuple[Rank, Rank]          # both teams' levels after the hand
    next_level: Rank                   # the level the next hand is played at (SJ-3)
    winner: str                        # "none", "0" or "1"
    whole: Reason                      # the right answer, explained part by part
    dealer_reason: Reason              # SG-8, with its cause (who kept the deal or took it over)
    dealer_after_climb: Reason         # SG-8 after the climb, which says the cause: "So South … deals next."
    level_reason: Reason               # SJ-3
    climb: Reason                      # SG-7 / SS-7 / SS-E2, with where the levels go
    game_reason: Reason                # SJ-13 / SS-8: who has won, or why nobody has yet (a sentence)
    stops_at_ace: bool                 # the gaining team's climb would pass A and stops there (SJ-13)

    def grade(self, seat: int | None, level: Rank | None, winner: str) -> tuple[bool, Reason | list[Reason]]:
        """Right, with the whole outcome explained; or one sentence per wrong part, each citing its own rule.
        ``seat`` / ``level`` ``None``: "no next hand" (right only when the game is over)."""
        over = self.winner != "none"
        whys: list[Reason] = []
        if winner != self.winner and not over:  # SJ-13 / SS-8: a win named where none is decides the rest: first
            whys.append(self.game_reason)
        # the game is over: the whole outcome (how the winner went up, and that no hand follows) answers
        # a dealer or a level named for a next hand, as it answers a wrong winner
        dealer_wrong = (seat is None) != over or (seat is not None and seat != self.next_dealer)  # SG-8
        level_why: Reason | None = None
        if (level is None) != over or (level is not None and level is not self.next_level):
            other = level in self.levels and level is not self.next_level  # the other team's level (SJ-3)
            level_why = self.whole if over else self.level_reason if other else self.climb
        if dealer_wrong and level_why is self.climb:  # the climb says who took over or kept the deal: then who deals
            whys += [self.climb, self.dealer_after_climb]
        else:
            whys += [self.whole if over else self.dealer_reason] * dealer_wrong
            whys += [level_why] if level_why is not None else []
        if winner != self.winner and over:  # SJ-13 / SS-8
            whys.append(self.whole)
        wrong = wrong_parts(whys)
        return (True, self.whole) if not wrong else (False, wrong)


def _climb(rules: Ruleset, dealer: int, levels: tuple[Rank, Rank], points: int) -> tuple[Reason, Reason, bool]:
    """The level change (SG-7 / SS-7) with where it takes the gaining team, the game's state (SJ-13 / SS-8),
    and whether the climb stops at A short of a win."""
    change, change_reason = level_change(rules, points)
    progress = after_hand(rules, dealer, levels, change)
    dealer_team = team_of(dealer)
    team = 1 - dealer_team if change.attackers_take_over else dealer_team
    steps = change.attacker_levels if change.attackers_take_over else change.dealer_team_levels
    old, new = levels[team], progress.levels[team]
    name = TEAMS[team]
    passes_ace = steps > 0 and int(old) + steps > int(Rank.ACE)
    if progress.winner is not None:  # the game's reason says who won and how
        where: Words | Reason = Words("", "")
    elif steps == 0:
        where = Reason.make(change_reason.rule, "{team} stay at {old}.", "{team}仍打{old}。", team=name, old=old)
    elif passes_ace:
        where = Reason.make(change_reason.rule, "{team} go from {old} to A, where the climb stops.",
                            "{team}从{old}只升到A，不会越过A。",
                            team=name, old=old)
    else:
        where = Reason.make(change_reason.rule, "{team} reach {new}.", "{team}从{old}升到{new}。",
                            team=name, old=old, new=new)
    climb = change_reason if progress.winner is not None else \
        Reason.make(change_reason.rule, "{change} {where}", "{change}{where}", change=change_reason, where=where)
    if progress.winner is not None:
        game = progress.reason
    elif rules.game_end is GameEnd.REACH_ACE:
        game = Reason.make(RuleId.SS_8, "No team has won: a team wins when its level reaches A.",
                           "还没有队赢：一队升到A即赢得全局。")
    else:
        game = Reason.make(RuleId.SJ_13, "No team has won: that takes going up while dealing at A.",
                           "还没有队赢：须作为庄家打A并升级才赢得全局。")
        if rules.guide == "SG" and new is Rank.ACE:  # a team at A: where the 四人升级 guide's own words differ
            game = game.with_notes(SG_REACH_ACE_NOTE)
    return climb, game, passes_ace and progress.winner is None


#: SS-8: the 四人升级 guide's words ("first to the agreed level, usually A") read as reaching A; the book plays
#: through A by default, as the 双升 guide says, and offers reaching A as a variant.
SG_REACH_ACE_NOTE = Reason(RuleId.SS_8, "The 四人升级 guide says to be first to reach the agreed level (usually A); this "
                           "book plays through A by default, as the 双升 guide does, and offers “reaching A wins” as "
                           "a variant.", "《四人升级》写的是“先升到指定的等级（通常是A）”；本书默认和《双升》一样要"
                           "打过A才赢，“升到A即胜”是可选的变体。")


def _after_hand_outcome(rules: Ruleset, dealer: int, levels: tuple[Rank, Rank], points: int) -> AfterHand:
    change, _change_reason = level_change(rules, points)
    progress = after_hand(rules, dealer, levels, change)
    _seat, dealer_reason = next_dealer(rules, dealer, change.attackers_take_over, shut_out=points == 0)
    _seat, who = who_deals_next(rules, dealer, change.attackers_take_over)
    dealer_after_climb = Reason.make(RuleId.SG_8, "{who}.", "下一局{who}。", who=who).capitalised().with_notes(
        *dealer_reason.all_notes())
    next_level, level_reason = level_played(progress.levels, progress.next_dealer, next_hand=True)
    climb, game, stops_at_ace = _climb(rules, dealer, levels, points)
    winner = "none" if progress.winner is None else str(progress.winner)
    rule = game.rule if progress.winner is not None else climb.rule
    if progress.winner is not None:  # the game is over: that there is no next hand answers first, then the
        # points that make the climb, then the game it wins
        whole = Reason.make(rule, "There is no next hand. {climb} {game}", "没有下一局了。{climb}{game}",
                            climb=climb, game=game)
    else:
        whole = Reason.make(rule, "{climb} {dealer} {game}", "{climb}{dealer}{game}", climb=climb,
                            dealer=dealer_after_climb,
                            game=Words("No team has won the game yet.", "还没有队赢得全局。")).with_notes(*game.notes)
    return AfterHand(progress.next_dealer, progress.levels, next_level, winner, whole, dealer_reason,
                     dealer_after_climb, level_reason, climb, game, stops_at_ace)


def make_after_hand(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """After a hand: who deals next, at what level is the next hand played, and has a team won?
    (SJ-3, SJ-13, SG-7 / SS-7, SG-8, SS-8)"""
    rng = random.Random(f"after_hand:{seed}")
    dealer_range, attacker_range, points_choices = AFTER_LEVELS[difficulty]
    # The outcome is chosen first, in turn by seed (:data:`AFTER_CASES`): the game goes on; or this hand
    # wins it, the dealer's team going up while playing A; or a team reaches A, which wins only under
    # the reading "the first team to reach A wins" (the others play on).  The engine grades every answer.
    case_wanted = AFTER_CASES[(seed // 3) % len(AFTER_CASES)]
    for _attempt in range(200):
        dealer = rng.randrange(SEATS)
        levels = [Rank.TWO, Rank.TWO]
        if case_wanted == "won":
            levels[dealer % 2] = Rank.ACE
            points = rng.choice([p for p in (0, 10, 20, 35, 40, 60, 75) if difficulty != "easy" or p < 40])
        elif case_wanted == "reach":
            levels[dealer % 2] = rng.choice((Rank.QUEEN, Rank.KING) if difficulty != "easy" else (Rank.KING,))
            points = rng.choice((0, 10, 20, 35, 40, 60, 75) if difficulty != "easy" else (45, 60))  # easy: K to A exactly
        else:
            levels[dealer % 2] = _level_between(rng, *dealer_range)
            points = rng.choice(points_choices)
        levels[1 - dealer % 2] = _level_between(rng, *attacker_range)
        if case_wanted == "won":
            break
        reached = Rank.ACE not in levels and _after_hand_outcome(
            _rules(GAME_END_RULESETS[2]), dealer, (levels[0], levels[1]), points).winner != "none"
        if reached == (case_wanted == "reach"):  # "on": the game goes on under every reading
            break
    # Where a team is at A already, the reading "the first team to reach A wins" would have ended the
    # game before this hand: that ruleset is left out of such puzzles (nothing is asked after a win).
    rulesets = GAME_END_RULESETS if Rank.ACE not in levels else SHENGJI_RULESETS
    case = {"dealer": dealer, "levels": [str(level) for level in levels], "attacker_points": points}
    outcomes = {choice.id: _after_hand_outcome(_rules(choice), dealer, (levels[0], levels[1]), points)
                for choice in rulesets}
    builder = SpecBuilder("after_hand", seed=seed, difficulty=difficulty, rulesets=rulesets)
    for seat, level, (winner, _label) in product([*range(SEATS), None], [*LEVELS, None], WINNER_LABELS):
        builder.add_answer(f"{'over' if seat is None else seat}|{'over' if level is None else level}|{winner}", None,
                           {rid: outcome.grade(seat, level, winner) for rid, outcome in outcomes.items()})
    over = (("over", text("nobody: the game is over", "没有：全局已结束")),)
    fields = [{"name": "dealer", "label": text("Deals next", "下一局庄家"), "options": _seat_options(over)},
              {"name": "level", "label": text("Next hand's level", "下一局打几"),
               "options": [{"value": str(r)} for r in LEVELS] + [
                   {"value": "over", "label": text("none: the game is over", "没有：全局已结束")}]},
              {"name": "winner", "label": text("Game won by", "全局胜者"),
               "options": [{"value": v, "label": label} for v, label in WINNER_LABELS]}]
    team = dealer % 2
    name = seat_label(dealer)
    return builder.build(
        position=case, input_type="fields",
        question=text(f"{name['en']} dealt; the attackers won {points} points. Who deals next, at what level is "
                      f"the next hand played, and has a team won the game?",
                      f"{name['zh']}坐庄，闲家得{points}分。下一局谁坐庄、打几？有队赢得全局了吗？"),
        features={"points": points, "dealer_level": str(levels[team]), "attacker_level": str(levels[1 - team]),
                  "game_won": any(o.winner != "none" for o in outcomes.values()),
                  "levels_from_ace": min(int(Rank.ACE) - int(level) for level in levels),
                  "passes_ace": any(o.stops_at_ace for o in outcomes.values())},
        extra={"fields": fields, "display": [facts(
            (text("Dealer", "庄家"), seat_label(dealer)),
            (text(f"{TEAMS[0].en}'s level", f"{TEAMS[0].zh}打几"), text(str(levels[0]), str(levels[0]))),
            (text(f"{TEAMS[1].en}'s level", f"{TEAMS[1].zh}打几"), text(str(levels[1]), str(levels[1]))),
            (text("Attackers' points", "闲家得分"), text(str(points), str(points))))]})
