"""Endgame puzzles (残局): a few tricks left, every hand shown, you lead: which card takes (or saves)
the most points?

Every legal lead of your hand is an answer (your cards are all different, so every lead is a
single, SJ-6).  The double-dummy solver (:mod:`cardlib.shengji.solver`) grades them: the right
answers are its best plays, the points the attackers take with best play on both sides (the
tricks' points, SJ-11, and the kitty times its multiplier when they take the last trick, SJ-12,
SG-6 / SS-6).  A wrong lead is shown losing: the defence's best reply, the trick it costs and the
points, then the winning line ("♣5 first: …"); a right lead, its first trick and who wins it, and why
where a level card decides.

Rules: SJ-6, SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6 (all through the engine).

>>> spec = make_endgame(0, "easy")
>>> spec["kind"], spec["input"], spec["pick"], len(spec["position"]["hand"])
('endgame', 'cards', 1, 3)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from cardlib.cards import Card
from cardlib.explain import Reason, Seat, Words
from cardlib.rule_ids import RuleId
from cardlib.shengji.endgames import Endgame, deal_endgame
from cardlib.shengji.leads import legal_leads
from cardlib.shengji.progression import TEAM_WORDS
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.combos import plain_level_cards, the_joker
from cardlib.shengji.scoring import card_points, kitty_score, level_trump_words
from cardlib.shengji.solver import EndgameSolution, EndgameSolver, Play
from cardlib.shengji.trick import EQUAL_PLAYS_NOTE, find_trick_winner

from .position import cards_block, context_facts, facts, seat_label, text
from .spec import SHENGJI_RULESETS, Difficulty, PuzzleError, SpecBuilder

#: Cards each seat holds (tricks left) by difficulty: few, so the solver answers in milliseconds.
TRICKS: dict[str, int] = {"easy": 3, "normal": 4, "hard": 4}
#: The hard puzzles ask for more thought: at least this many different leads.
MIN_LEADS: dict[str, int] = {"easy": 2, "normal": 3, "hard": 4}
#: The largest share of the leads that may be right: a guess should rarely pay.
MAX_RIGHT: dict[str, float] = {"easy": 0.67, "normal": 0.5, "hard": 0.5}


@dataclass(frozen=True)
class Graded:
    """One lead under one ruleset: whether it keeps the best value, and the solver's line after it."""

    play: Play
    right: bool
    after: EndgameSolution  # the position after this lead, solved: the defence's best reply first


def _key(game: Endgame, play: Play) -> str:
    return " ".join(str(c) for c in sorted(play, key=game.ctx.order_key))


def _leads(game: Endgame) -> list[Play]:
    return [tuple(p) for p in legal_leads(game.ctx, game.rules, list(game.hands[game.leader]))]


def grade(game: Endgame, solver: EndgameSolver, best: EndgameSolution) -> list[Graded]:
    """Each lead graded by the solver that found ``best``, the position's solution (SJ-11, SJ-12)."""
    graded = []
    for play in _leads(game):
        hands = [list(h) for h in game.hands]
        for card in play:
            hands[game.leader].remove(card)
        after = solver.solve(hands, game.leader, [list(play)])
        graded.append(Graded(play, play in best.best, after))
    return graded


@dataclass(frozen=True)
class _Trick:
    """One trick of a line: its plays by seat, the seat that wins it and the rule that decided it (SJ-10, C-1)."""

    plays: list[tuple[int, Play]]
    winner: int
    decided_by: RuleId

    @property
    def winning_index(self) -> int:
        """The winning play's place in the trick (0 is the lead)."""
        return next(i for i, (s, _p) in enumerate(self.plays) if s == self.winner)


def _tricks(game: Endgame, moves: list[tuple[int, Play]]) -> list[_Trick]:
    """The line's tricks, each with the seat that wins it and why (SJ-10)."""
    out = []
    for start in range(0, len(moves), 4):
        plays = moves[start:start + 4]
        result = find_trick_winner(game.ctx, game.rules, [list(p) for _s, p in plays])
        out.append(_Trick(plays, plays[result.winner][0], result.reason.rule))
    return out


def _won_by_attackers(game: Endgame, line: list[tuple[int, Play]]) -> Reason | Words:
    """" (♣5 and ♥5)" / "（♣5、♥5）": the point cards the attackers take along a best line, and the kitty when they
    take the last trick with points in it (SJ-11, SJ-12), so that a value says where it comes from."""
    tricks = _tricks(game, line)
    cards = [c for t in tricks if t.winner % 2 == game.attackers for _s, p in t.plays for c in p if card_points(c)]
    kitty = bool(tricks) and tricks[-1].winner % 2 == game.attackers and any(card_points(c) for c in game.kitty)
    if not cards and not kitty:
        return Words("", "")
    cards = sorted(cards, key=game.ctx.order_key)
    if not kitty:
        return Reason.make(RuleId.SJ_11, " ({cards})", "（{cards}）", cards=cards)
    if not cards:
        return Words(" (the kitty)", "（底牌）")
    return Reason.make(RuleId.SJ_12, " ({cards} and the kitty)", "（{cards}和底牌）", cards=cards)


def _line_words(moves: list[tuple[int, Play]]) -> Reason:
    """"East ♥3, North ♥5, West ♥K" (SJ-8: in playing order)."""
    return Reason.make(RuleId.SJ_8, ", ".join(f"{{s{i}}} {{p{i}}}" for i in range(len(moves))),
                       "，".join(f"{{s{i}}}{{p{i}}}" for i in range(len(moves))),
                       **{f"s{i}": Seat(s) for i, (s, _p) in enumerate(moves)},
                       **{f"p{i}": list(p) for i, (_s, p) in enumerate(moves)})


def _outcome(game: Endgame, value: int, best: int | None) -> Words:
    """What the points mean for the reader: their side's points, or the attackers' (SJ-11)."""
    ours = game.leader % 2 == game.attackers
    if best is None and value == 0:
        return Words("the attackers take no points", "闲家一分不得")
    if best is None:
        return Words(f"your side takes {value} points, the most it can" if ours
                     else f"the attackers take only {value} points, the fewest they can",
                     f"你方得{value}分，是能得的最多分数" if ours else f"闲家只得{value}分，是最少的")
    got = f"只得{value}分" if value else "一分不得"
    return Words(f"your side takes {value} points, not {best}" if ours else f"the attackers take {value} points, not {best}",
                 f"你方{got}，而不是{best}分" if ours else f"闲家得{value}分，而不是{best}分")


def _level_gloss(game: Endgame, play: Play, inside: bool = False) -> Words:
    """" (a level card, so a trump)" after a lead that is a level card of a plain suit: the fact a reader who
    takes ♠2 for a spade misses (SJ-4); ``inside``: said inside a bracket that follows ("a level card, so a
    trump; "), so that two brackets never stand side by side."""
    if not plain_level_cards(game.ctx, play):
        return Words("", "")
    return Words("a level card, so a trump; ", "级牌，算主牌；") if inside else \
        Words(" (a level card, so a trump)", "（级牌，算主牌）")


def _lead_words(game: Endgame, play: Play) -> Reason:
    """A lead as the verdict names it, with :func:`_level_gloss` after it (SJ-4)."""
    return Reason.make(RuleId.SJ_4, "{play}{gloss}", "{play}{gloss}", play=the_joker(list(play)),
                       gloss=_level_gloss(game, play))


def _reply_words(game: Endgame, reply: Play) -> Reason:
    """The defence's reply as the verdict names it: a level card of a plain suit said to be a trump ("♠6, a level
    card, so a trump"), since a reader who takes it for a spade would think the reply breaks the follow (SJ-4)."""
    gloss = (Words(", a level card, so a trump", "，这张级牌算主牌") if plain_level_cards(game.ctx, reply)
             else Words("", ""))
    return Reason.make(RuleId.SJ_4, "{play}{gloss}", "{play}{gloss}", play=the_joker(list(reply)), gloss=gloss)


def _reply_verb(game: Endgame, lead: Play, reply: Play) -> Words:
    """How a reply meets the lead, in players' words (SJ-9, SJ-10): follows (跟), trumps (毙) or discards (垫)."""
    ctx = game.ctx
    if ctx.effective_suit(reply[0]) is ctx.effective_suit(lead[0]):
        return Words("plays", "跟")
    return Words("trumps with", "毙") if ctx.is_trump(reply[0]) else Words("discards", "垫")


def reason_for(game: Endgame, best: EndgameSolution, graded: Graded, lines: list[Line] | None = None,
               worst: Graded | None = None) -> Reason:
    """Why a lead is right (its line, the value and what ``worst``, the lead that costs most, would give), or
    the defence's punishing reply, the trick it costs and the winning line (SJ-11, SJ-12 when the kitty
    decides); where equal plays decide the first trick the verdict shows (the lead's, or the winning line's),
    the convention that decides them (C-1)."""
    shown_line = ([(game.leader, graded.play)] + _first_trick(graded)) if graded.right else list(best.line[:4])
    shown = _tricks(game, shown_line)[0]
    reason = _right_reason(game, best, graded, shown, worst) if graded.right else \
        _wrong_reason(game, best, graded, lines or [best.line])
    return reason.with_notes(EQUAL_PLAYS_NOTE) if shown.decided_by is RuleId.C_1 else reason


def _how_won(game: Endgame, trick: _Trick) -> Words | Reason:
    """Why the winning play took its trick where a reader may not see it: a level card's rank (SJ-4, SJ-5), and
    the convention where equal plays decide, "(equal, but played first)" (C-1)."""
    how = level_trump_words(game.ctx, [list(p) for _s, p in trick.plays], trick.winning_index)
    if trick.decided_by is RuleId.C_1:
        return Reason.make(RuleId.C_1, "{how} (equal, but played first)", "{how}（一样大，先出者胜）", how=how)
    return how


def _win_clause(game: Endgame, trick: _Trick) -> Reason:
    """Who wins a trick and with what (SJ-10); a last player who wins is said to meet the lead (跟, 毙),
    a level card's rank said where it decides, and the convention where equal plays decide (C-1)."""
    index = trick.winning_index
    lead, won = trick.plays[0][1], trick.plays[index][1]
    params: dict[str, Any] = {"winner": Seat(trick.winner), "won": the_joker(list(won)), "how": _how_won(game, trick)}
    if 0 < index == len(trick.plays) - 1:
        return Reason.make(RuleId.SJ_10, "{winner} {verb} {won}{how} to win the trick",
                           "{winner}{verb}{won}{how}，赢下这一轮", verb=_reply_verb(game, lead, won), **params)
    return Reason.make(RuleId.SJ_10, "{winner} wins with {won}{how}", "{winner}用{won}{how}赢下这一轮", **params)


def _right_reason(game: Endgame, best: EndgameSolution, graded: Graded, first: _Trick, worst: Graded | None) -> Reason:
    """A right lead: its first trick as the solver plays it, who wins it, the value (SJ-11), and what the
    worst lead would give instead, so that the choice has a reason.  A last player who wins is not listed in
    the line as well (its card said once)."""
    index = first.winning_index
    shown = first.plays[1:index] if 0 < index == len(first.plays) - 1 else first.plays[1:]
    params: dict[str, Any] = {"given": _lead_words(game, graded.play), "line": _line_words(shown),
                              "win": _win_clause(game, first)}
    if worst is None:
        return Reason.make(RuleId.SJ_11, "{given} first: {line}, and {win}. With best play on both sides {outcome}.",
                           "先出{given}：{line}，{win}。双方都出最好的牌时，{outcome}。",
                           outcome=_outcome(game, best.attacker_points, None), **params)
    value, worst_value = best.attacker_points, worst.after.attacker_points
    won = _won_by_attackers(game, list(best.line))
    side: Reason | Words
    if game.leader % 2 == game.attackers:
        side = Reason.make(RuleId.SJ_11, "your side takes {value} points{won}", "你方得{value}分{won}", value=value, won=won)
        instead = Words(f"it would take only {worst_value}" if worst_value else "it would take none",
                        f"只得{worst_value}分" if worst_value else "一分不得")
    else:
        side = (Reason.make(RuleId.SJ_11, "the attackers take only {value} points{won}", "闲家只得{value}分{won}",
                            value=value, won=won) if value else Words("the attackers take no points", "闲家一分不得"))
        instead = Words(f"they would take {worst_value}", f"会得{worst_value}分")
    return Reason.make(RuleId.SJ_11, "{given} first: {line}, and {win}. With best play on both sides {side}; after "
                       "{other}, {instead}.", "先出{given}：{line}，{win}。双方都出最好的牌时，{side}；若先出{other}，"
                       "{instead}。", side=side, other=_lead_words(game, worst.play), instead=instead, **params)


def _wrong_reason(game: Endgame, best: EndgameSolution, graded: Graded, lines: list[Line]) -> Reason:
    """A wrong lead: the defence's best reply, the trick it costs (and the kitty with the last), and the
    winning line's first trick (SJ-11, SJ-12); the convention's note where equal plays decide that trick (C-1)."""
    win_line = list(best.line)
    moves = [(game.leader, graded.play)] + [(s, p) for s, p in graded.after.line]
    reply_seat, reply = moves[1]
    ours = game.leader % 2
    tricks = _tricks(game, moves)
    lost = _costly_trick(game, lines, tricks) or next(
        ((k, trick, []) for k, trick in enumerate(tricks) if trick.winner % 2 != ours
         and (k == len(tricks) - 1 or any(card_points(c) for _s, p in trick.plays for c in p))), None)
    params: dict[str, Any] = {"given": _lead_words(game, graded.play), "seat": Seat(reply_seat), "reply": _reply_words(game, reply),
                              "verb": _reply_verb(game, graded.play, reply),
                              "outcome": _outcome(game, graded.after.attacker_points, best.attacker_points),
                              "best": _lead_words(game, win_line[0][1]), "line": _line_words(win_line[1:4])}
    kitty = any(card_points(c) for c in game.kitty)
    if lost is None:
        return Reason.make(RuleId.SJ_11, "After {given}, {seat} {verb} {reply}: {outcome}. Best is {best} first: "
                           "{line}.", "出{given}后，{seat}{verb}{reply}：{outcome}。应先出{best}：{line}。", **params)
    k, trick, swing = lost
    tie = EQUAL_PLAYS_NOTE if trick.decided_by is RuleId.C_1 else None
    winner, last, index = trick.winner, k == len(tricks) - 1, trick.winning_index
    won_with = trick.plays[index][1]
    how = _how_won(game, trick)  # why a level card is a trump, or that high; a tie's convention
    which, params["taken"] = _costly_words(k, last, last and kitty and winner % 2 == game.attackers, swing)
    rule = RuleId.SJ_12 if last and kitty and winner % 2 == game.attackers else RuleId.SJ_11
    taker = {"which": which, "how": how, "winner": Seat(winner), "won": the_joker(list(won_with))}
    first_winner = tricks[0].winner  # no jump to a later trick: who won trick 1, and with what
    first_won = tricks[0].plays[tricks[0].winning_index][1]
    bracketed = {**params, "given": the_joker(list(graded.play)), "gloss": _level_gloss(game, graded.play),
                 "aside": _level_gloss(game, graded.play, inside=True)}
    if k == 0 and winner == reply_seat and won_with == reply:  # the reply itself takes the trick
        en, zh = ("After {given}, {seat} takes {which} with {reply}{how}{taken}: {outcome}. Best is {best} first: {line}.",
                  "出{given}后，{seat}用{reply}{how}赢{which}{taken}：{outcome}。应先出{best}：{line}。")
        fields = {**params, "which": which, "how": how}
    elif k == 0:
        en, zh = ("After {given}, {seat} {verb} {reply} and {winner} takes {which} with {won}{how}{taken}: {outcome}. "
                  "Best is {best} first: {line}.",
                  "出{given}后，{seat}{verb}{reply}，{winner}用{won}{how}赢{which}{taken}：{outcome}。应先出{best}：{line}。")
        fields = {**params, **taker}
    elif first_winner == reply_seat and first_won == reply:  # the reply itself wins trick 1: named once
        en, zh = ("After {given}, {seat} wins trick 1 with {reply}, then {winner} takes {which} with {won}{how}{taken}: "
                  "{outcome}. Best is {best} first: {line}.",
                  "出{given}后，{seat}用{reply}赢第1轮；{winner}再用{won}{how}赢下{which}{taken}：{outcome}。"
                  "应先出{best}：{line}。")
        fields = {**params, **taker}
    elif first_winner == game.leader:  # the lead itself wins trick 1: not named twice
        en, zh = ("After {given} wins trick 1 ({aside}{seat} {verb} {reply}), {winner} takes {which} with "
                  "{won}{how}{taken}: {outcome}. Best is {best} first: {line}.",
                  "{given}赢下第1轮（{aside}{seat}{verb}{reply}）后，{winner}再用{won}{how}赢下{which}{taken}："
                  "{outcome}。应先出{best}：{line}。")
        fields = {**bracketed, **taker}
    else:
        en, zh = ("After {given} ({aside}{seat} {verb} {reply}), {first_winner}'s {first_won} wins trick 1; "
                  "{winner} takes {which} with {won}{how}{taken}: {outcome}. Best is {best} first: {line}.",
                  "出{given}{gloss}后，{seat}{verb}{reply}，{first_winner}用{first_won}赢第1轮；{winner}再用{won}{how}赢下"
                  "{which}{taken}：{outcome}。应先出{best}：{line}。")
        fields = {**bracketed, "first_winner": Seat(first_winner), "first_won": list(first_won), **taker}
    return Reason.make(rule, en, zh, **fields).with_notes(tie)


def _costly_words(k: int, last: bool, kitty: bool, swing: list[Card]) -> tuple[Words | Reason, Words | Reason]:
    """The trick that costs, as the verdict names it, and (in Chinese, after the trick) the points it takes that
    the best line keeps: "♠10 and the kitty in the last trick" / "最后一轮和底牌", "，拿走♠10" (SJ-11, SJ-12)."""
    trick = Words("the last trick", "最后一轮") if last else Words(f"trick {k + 1}", f"第{k + 1}轮")
    with_kitty = Words(" and the kitty", "和底牌") if kitty else Words("", "")
    if not swing:
        return Reason.make(RuleId.SJ_11, "{trick}{kitty}", "{trick}{kitty}", trick=trick, kitty=with_kitty), Words("", "")
    return (Reason.make(RuleId.SJ_11, "{cards}{kitty} in {trick}", "{trick}{kitty}", cards=swing, trick=trick, kitty=with_kitty),
            Reason.make(RuleId.SJ_11, "", "，拿走{cards}", cards=swing))


def _costly_trick(game: Endgame, lines: list[Line], tricks: list[_Trick]) -> tuple[int, _Trick, list[Card]] | None:
    """The trick of a wrong line that costs the leader's side most: of the tricks the other side wins, the one
    holding the most of the points it would not take in the best line closest to the wrong one (of ``lines``,
    the fewest points apart; the first of equals) (SJ-11), the kitty counting for the last (SJ-12), the earliest
    of equals; with the point cards to name besides the winning play.  None when no trick takes such points."""
    ours = game.leader % 2

    def taken(line: list[_Trick]) -> Counter[Card]:
        return Counter(c for t in line if t.winner % 2 != ours for _s, p in t.plays for c in p if card_points(c))

    lost = taken(tricks)
    best_tricks = min((_tricks(game, list(line)) for line in lines),
                      key=lambda line: sum(card_points(c) * n for c, n in (lost - taken(line)).items()))
    swing = lost - taken(best_tricks)
    kitty = any(card_points(c) for c in game.kitty) and best_tricks[-1].winner % 2 == ours
    costs = []
    for k, trick in enumerate(tricks):
        held = Counter(c for _s, p in trick.plays for c in p) & swing
        with_kitty = kitty and k == len(tricks) - 1 and trick.winner % 2 != ours
        if trick.winner % 2 != ours and (held or with_kitty):
            points = sum(card_points(c) * n for c, n in held.items())
            if with_kitty:  # the kitty's points times its multiplier (SJ-12) weigh with the cards'
                points += kitty_score(game.ctx, game.rules, list(game.kitty), [list(p) for _s, p in trick.plays], True,
                                      trick.winning_index).value
            costs.append((points, with_kitty, -k, trick, held))
    if not costs:
        return None
    _points, _kitty, minus_k, trick, held = max(costs, key=lambda cost: cost[:3])
    named = held - Counter(trick.plays[trick.winning_index][1])  # the winning play is named already
    return -minus_k, trick, sorted(named.elements(), key=game.ctx.order_key)


def worst_lead(game: Endgame, rows: list[Graded]) -> Graded | None:
    """The lead that costs the leader's side most (the first of equals), or None when every lead is right."""
    wrong = [row for row in rows if not row.right]
    if not wrong:
        return None
    sign = -1 if game.leader % 2 == game.attackers else 1  # the attackers want more points, the dealer's side fewer
    return max(wrong, key=lambda row: sign * row.after.attacker_points)


def _first_trick(graded: Graded) -> list[tuple[int, Play]]:
    """The rest of the first trick after a lead, as the solver plays it."""
    return [(s, p) for s, p in graded.after.line[:3]]


#: A best line as the verdicts compare it: (seat, play) in playing order.
Line = tuple[tuple[int, Play], ...]


def _comparable_lines(game: Endgame, solver: EndgameSolver, best: EndgameSolution) -> list[Line]:
    """The best lines a wrong lead's verdict may compare with: the principal one, and those that leave it after
    its first lead (SJ-8); the closest to the wrong line shows what the wrong lead lost, not what every best
    line gives away too."""
    return [best.line] + [line for line in solver.nearby_lines(list(game.hands), game.leader)
                          if line[:1] == best.line[:1] and line != best.line]


#: One preset's reading of an endgame: the position under its rules, the solution, each lead graded and the best
#: lines a wrong lead is compared with.
Solved = tuple[Endgame, EndgameSolution, list[Graded], list[Line]]


def make_position(seed: int, difficulty: Difficulty) -> tuple[Endgame, dict[str, Solved]]:
    """An endgame worth asking under both presets: your cards all different (every lead a single),
    some lead wrong and some right, at least :data:`MIN_LEADS` different leads.  Each preset reads it
    under its own rules (the kitty's multiplier among them, SG-6/SS-6)."""
    for attempt in range(400):
        game = deal_endgame(seed * 1000 + attempt, TRICKS[difficulty], "shengji")
        hand = game.hands[game.leader]
        if len(set(hand)) < len(hand) or len(_leads(game)) < MIN_LEADS[difficulty]:
            continue
        leads, solutions = _leads(game), {}
        for ruleset in SHENGJI_RULESETS:  # the position solved first: most are refused on its best leads alone
            under = replace(game, rules=get_ruleset(ruleset.preset))
            solver = EndgameSolver(under.ctx, under.rules, under.attackers, under.kitty)
            best = solver.solve(list(under.hands), under.leader)
            if not 0 < sum(play in best.best for play in leads) <= MAX_RIGHT[difficulty] * len(leads):
                break
            solutions[ruleset.id] = under, solver, best
        else:
            return game, {rid: (under, best, grade(under, solver, best), _comparable_lines(under, solver, best))
                          for rid, (under, solver, best) in solutions.items()}
    raise PuzzleError(f"could not make a {difficulty} endgame puzzle for seed {seed}")  # pragma: no cover


def _display(game: Endgame) -> list[dict[str, Any]]:
    you = game.leader
    role = {0: ("", ""), 1: (" (opponent)", "（对手）"), 2: (" (your partner)", "（对家）"), 3: (" (opponent)", "（对手）")}
    blocks: list[dict[str, Any]] = [facts(*context_facts(game.ctx.level, game.ctx.trump), (text("You", "你"), seat_label(you)),
                                          (text("Attackers", "闲家"), text(TEAM_WORDS[game.attackers].en,
                                                                          TEAM_WORDS[game.attackers].zh)))]
    for step in (1, 2, 3):
        seat = (you + step) % 4
        label = seat_label(seat)
        blocks.append(cards_block(text(label["en"] + role[step][0], label["zh"] + role[step][1]),
                                  [str(c) for c in sorted(game.hands[seat], key=game.ctx.order_key)]))
    blocks.append(cards_block(text("The kitty (buried)", "底牌"), [str(c) for c in game.kitty]))
    return blocks


def make_endgame(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """A few tricks left, every hand shown, you lead: take (or save) the most points (SJ-11, SJ-12)."""
    game, solved = make_position(seed, difficulty)
    builder = SpecBuilder("endgame", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    leads = _leads(game)
    worst = {rid: worst_lead(under, rows) for rid, (under, _best, rows, _lines) in solved.items()}
    for index, play in enumerate(leads):
        builder.add_answer(_key(game, play), None, {
            rid: (rows[index].right, reason_for(under, best, rows[index], lines, worst[rid]))
            for rid, (under, best, rows, lines) in solved.items()})
    _under, _best, rows, _lines = solved[SHENGJI_RULESETS[0].id]
    you = seat_label(game.leader)
    ours = game.leader % 2 == game.attackers
    hand = sorted(game.hands[game.leader], key=game.ctx.order_key)
    return builder.build(
        position={"level": str(game.ctx.level), "trump": game.ctx.trump.value if game.ctx.trump else "none",
                  "leader": game.leader, "attackers": "odd" if game.attackers else "even",
                  "hands": [[str(c) for c in sorted(h, key=game.ctx.order_key)] for h in game.hands],
                  "kitty": [str(c) for c in game.kitty], "hand": [str(c) for c in hand]},
        input_type="cards",
        features={"hand_size": len(hand), "legal_plays": len(leads), "right_answers": sum(g.right for g in rows),
                  "kitty_points": sum(card_points(c) for c in game.kitty)},
        question=text(f"Every hand is shown and you, {you['en']}, lead with {len(hand)} tricks left. Which card "
                      + ("takes the most points for your side (the attackers)?" if ours
                         else "keeps the attackers to the fewest points?"),
                      f"四家的牌都亮着，还剩{len(hand)}轮，你是{you['zh']}，首出。出哪张牌"
                      + ("你方（闲家）得分最多？" if ours else "让闲家得分最少？")),
        extra={"display": _display(game), "pick": 1})


def engine_right(spec: dict[str, Any], preset: str) -> set[str]:
    """The right answers as the solver gives them for the spec's position (for the tests)."""
    pos = spec["position"]
    from cardlib.shengji.trump import TrumpContext

    solver = EndgameSolver(TrumpContext(pos["level"], pos["trump"]), get_ruleset(preset), pos["attackers"], pos["kitty"])
    solution = solver.solve(pos["hands"], pos["leader"])
    return {" ".join(str(c) for c in play) for play in solution.best}  # every lead is a single


__all__ = ["Graded", "TRICKS", "engine_right", "grade", "make_endgame", "make_position", "reason_for", "worst_lead"]

