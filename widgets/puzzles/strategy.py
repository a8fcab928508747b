"""Strategy puzzles: "your partner is winning this trick: which cards do you give?"

A trick of 升级 on the table: an opponent led, your partner (the second player) beat the lead,
the other opponent could not beat your partner, and you play last, so whatever you play the
trick is your side's.  The advice the puzzle grades (strategy, not a rule; the strategy page
of the book says so) is this book's advice (neither guide gives it): hand your partner as many points (5, 10, K)
as you can, and keep the big trumps (jokers and level cards) for the last trick.

Every distinct play of the lead's size from your hand is an answer.  The engine decides all of it:

- legality: the follow rules (SJ-9, SJ-10, SG-5 / SS-5, C-4), per ruleset, through the
  engine's :func:`~cardlib.shengji.follow.follow_duty`;
- that your side takes the trick whatever you play: :func:`~cardlib.shengji.trick.find_trick_winner`;
- the points each play gives: :func:`~cardlib.shengji.scoring.trick_points` (SJ-11);
- what a big trump is: :class:`~cardlib.shengji.trump.TrumpContext` (a joker or a level card, SJ-4).

The right answers are the legal plays that spend no big trump (when some legal play spends
none) and, among those, give the most points.  A wrong answer says what is wrong with it
(not a legal follow, fewer points, or a big trump spent) and names a right answer.

Rules: SJ-9, SJ-10, SG-5 / SS-5, C-4 (following), SJ-11 (points), SJ-12 (the last trick).

>>> spec = make_give_points(0, "easy")
>>> spec["kind"], spec["input"], spec["pick"], bool(spec["correct"]["shengji"])
('give_points', 'cards', 1, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card
from cardlib.explain import Reason, Seat, Verdict, Words
from cardlib.rule_ids import RuleId
from cardlib.shengji.combos import level_cards_note, the_joker, the_play
from cardlib.shengji.follow import follow_duty, legal_follows
from cardlib.shengji.rules import Ruleset, get_ruleset
from cardlib.shengji.scoring import card_points, trick_points
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import EffectiveSuit, TrumpContext

from .position import context_facts, explain, facts, random_level, random_trump, seat_label, text
from .shengji_follow import FollowLevel, closest_play, deal_hand, pick_lead
from .spec import SHENGJI_RULESETS, Difficulty, PuzzleError, SpecBuilder


@dataclass(frozen=True)
class GiveLevel:
    """What makes a give-points puzzle harder (the figures are in each spec's ``features``):

    bigger hands and longer leads (more legal plays to weigh), fewer cards of the led suit (so
    points can come from any suit, and big trumps tempt), point cards that are big trumps.
    """

    hand_sizes: tuple[int, int]
    lead_pairs: tuple[int, ...]       # 0 a single, 1 a pair, 2 a tractor of two pairs
    suit_cards: tuple[int, int]       # cards of the led suit in your hand
    pair_chance: float
    trump_lead_chance: float
    no_trump_chance: float
    points_in_hand: tuple[int, int]   # point cards (5, 10, K) in your hand
    big_trumps: tuple[int, int]       # jokers and level cards in your hand
    legal_plays: tuple[int, int]      # how many legal plays there are to weigh
    trap_chance: float                # chance the play with the most points is wrong (illegal, or a big trump)


LEVELS = {
    "easy": GiveLevel((5, 6), (0,), (2, 4), 0.2, 0.0, 0.0, (1, 2), (0, 0), (2, 4), 0.45),
    "normal": GiveLevel((7, 8), (0, 1), (0, 3), 0.4, 0.15, 0.1, (2, 3), (0, 1), (4, 8), 0.45),
    "hard": GiveLevel((8, 9), (1, 2), (0, 3), 0.6, 0.2, 0.2, (3, 4), (1, 2), (8, 60), 0.4),
}

#: Hand size cap per lead size, so a spec lists at most C(7, 4) = 35 distinct plays (and stays small).
MAX_HAND = {1: 9, 2: 8, 4: 7}

#: Seats of the trick, from the leader: an opponent leads, your partner plays second, you play last.
PARTNER, THIRD, YOU = 1, 2, 3


@dataclass(frozen=True)
class GivePosition:
    ctx: TrumpContext
    leader: int                 # the seat that led (an opponent)
    plays: list[list[Card]]     # the lead, your partner's play, the third play
    hand: list[Card]            # your hand, in display order
    lead_pairs: int


def is_big_trump(ctx: TrumpContext, card: Card) -> bool:
    """A joker or a level card (SJ-4): the trumps worth keeping for the last trick."""
    return ctx.is_trump(card) and (card.is_joker or card.rank is ctx.level)


def _by_suit(ctx: TrumpContext) -> dict[EffectiveSuit, list[Card]]:
    suits: dict[EffectiveSuit, list[Card]] = {}
    for card in DECK_WITH_JOKERS:
        suits.setdefault(ctx.effective_suit(card), []).append(card)
    return suits


def _pick(rng: random.Random, ctx: TrumpContext, rules: Ruleset, plays: list[list[Card]], hand: list[Card],
          want_win: bool) -> list[Card] | None:
    """A legal follow from ``hand`` that (``want_win``) beats the trick so far, or does not."""
    options = [p for p in legal_follows(ctx, rules, plays[0], hand)]
    fits = [p for p in options if (find_trick_winner(ctx, rules, plays + [p]).winner == len(plays)) == want_win]
    return rng.choice(fits) if fits else None


def _other_hand(rng: random.Random, ctx: TrumpContext, lead: list[Card], led: EffectiveSuit, used: Counter[Card],
                void: bool) -> list[Card] | None:
    """A hand for another seat (the cards left of two decks): cards of the led suit, or void and trumps."""
    shape = FollowLevel((6, 7), (0,), (len(lead), len(lead) + 3), 0.7, 0.0, 0.0)
    for _attempt in range(20):
        if void and led is not EffectiveSuit.TRUMP:
            hand = deal_hand(rng, ctx, lead, EffectiveSuit.TRUMP, 6, shape, avoid=led)
        else:
            hand = deal_hand(rng, ctx, lead, led, 6, shape)
        if hand is not None and all(used[c] + n <= 2 for c, n in Counter(hand).items()):
            return hand
    return None


def _your_hand(rng: random.Random, ctx: TrumpContext, lead: list[Card], led: EffectiveSuit, used: Counter[Card],
               level_of: GiveLevel) -> list[Card] | None:
    """Your hand: about ``suit_cards`` of the led suit, ``points_in_hand`` point cards and ``big_trumps``
    jokers or level cards, the rest random, all within what two decks hold beside the cards played."""
    left = Counter({card: 2 for card in DECK_WITH_JOKERS})
    left.subtract(used)
    size = min(rng.randint(*level_of.hand_sizes), MAX_HAND[len(lead)])
    hand: list[Card] = []

    def take(pool: list[Card], n: int, pairs: bool = False) -> None:
        for _ in range(n):
            choices = [c for c in pool if left[c] >= (2 if pairs else 1)]
            if not choices or len(hand) >= size:
                return
            card = rng.choice(choices)
            copies = 2 if pairs and len(hand) + 2 <= size else 1
            hand.extend([card] * copies)
            left[card] -= copies

    in_suit = [c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is led]
    want = rng.randint(*level_of.suit_cards)
    if len(lead) > 1 and want and rng.random() < level_of.pair_chance:
        take([c for c in in_suit if not is_big_trump(ctx, c)], 1, pairs=True)
    take(in_suit, max(0, want - len(hand)))
    big = [c for c in DECK_WITH_JOKERS if is_big_trump(ctx, c) and ctx.effective_suit(c) is not led]
    take(big, rng.randint(*level_of.big_trumps))
    others = [c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is not led]
    points_now = sum(1 for c in hand if card_points(c))
    take([c for c in others if card_points(c) and not is_big_trump(ctx, c)],
         max(0, rng.randint(*level_of.points_in_hand) - points_now))
    take([c for c in others if not card_points(c) and not is_big_trump(ctx, c)], size - len(hand))
    if len(hand) < max(size, len(lead)):
        return None
    return sorted(hand, key=ctx.order_key)


def make_position(rng: random.Random, difficulty: Difficulty) -> GivePosition:
    """A trick your partner is sure to win (you play last) and your hand (SJ-9: every play legal)."""
    level_of = LEVELS[difficulty]
    rules = get_ruleset("shengji")
    trap = rng.random() < level_of.trap_chance  # drawn once, so positions that fit easily are not favoured
    for _attempt in range(1000):
        ctx = TrumpContext(random_level(rng), random_trump(rng, level_of.no_trump_chance))
        suits = _by_suit(ctx)
        led = EffectiveSuit.TRUMP if rng.random() < level_of.trump_lead_chance else rng.choice(
            [s for s in suits if s is not EffectiveSuit.TRUMP])
        pairs = rng.choice(level_of.lead_pairs)
        lead = pick_lead(rng, ctx, suits[led], pairs)
        if lead is None or (any(is_big_trump(ctx, c) for c in lead) and difficulty == "easy"):
            continue
        used: Counter[Card] = Counter(lead)
        plays = [lead]
        for want_win, void_chance in ((True, 0.3 if difficulty != "easy" else 0.0), (False, 0.3)):
            other = _other_hand(rng, ctx, lead, led, used, rng.random() < void_chance)
            play = None if other is None else _pick(rng, ctx, rules, plays, other, want_win)
            if play is None:
                break
            used.update(play)
            plays.append(play)
        if len(plays) < 3:
            continue
        hand = _your_hand(rng, ctx, lead, led, used, level_of)
        if hand is None or all(card_points(c) == 0 for c in hand):
            continue
        position = GivePosition(ctx, rng.randrange(4), [sorted(p, key=ctx.order_key) for p in plays], hand, pairs)
        if _worth_asking(position, level_of, trap):
            return position
    raise PuzzleError(f"could not make a {difficulty} give-points position")  # pragma: no cover


def _worth_asking(position: GivePosition, level_of: GiveLevel, trap: bool) -> bool:
    """Under every ruleset: your partner is winning, the number of legal plays is the level's, and
    some legal play is wrong (so the puzzle asks for thought, not just for a legal card); with
    ``trap``, every play holding the most points is wrong (not legal, or it spends a big trump),
    so grabbing the biggest points is not always right."""
    low, high = level_of.legal_plays
    plays = distinct_plays(position.hand, len(position.plays[0]))
    for choice in SHENGJI_RULESETS:
        rules = get_ruleset(choice.preset, choice.variant)
        if find_trick_winner(position.ctx, rules, position.plays).winner != PARTNER:
            return False
        graded, right = grade(position, rules, plays)
        legal = [i for i, g in enumerate(graded) if g.verdict.ok]
        if not low <= len(legal) <= high or len(right) == len(legal):
            return False
        most = max(g.points for g in graded)
        if trap and any(graded[i].points == most for i in right):
            return False
    return True


def distinct_plays(hand: list[Card], size: int) -> list[list[Card]]:
    """Every distinct set of ``size`` cards from the hand, in hand order."""
    seen: dict[str, list[Card]] = {}
    for chosen in combinations(hand, size):
        seen.setdefault(play_key(list(chosen)), list(chosen))
    return list(seen.values())


def play_key(play: list[Card]) -> str:
    """The answer key: the play's cards in the hand's order (what the front end sends)."""
    return " ".join(str(c) for c in play)


@dataclass(frozen=True)
class Graded:
    """One play under one ruleset: the engine's legality, the points, the big trumps it spends."""

    play: list[Card]
    verdict: Verdict
    points: int
    big: list[Card]
    side_wins: bool


def grade(position: GivePosition, rules: Ruleset, plays: list[list[Card]]) -> tuple[list[Graded], list[int]]:
    """Each play graded, and the indexes of the right ones: legal, no big trump spent when a legal
    play spends none, and among those the most points."""
    ctx = position.ctx
    duty = follow_duty(ctx, rules, position.plays[0], position.hand)
    graded = []
    for play in plays:
        verdict = duty.judge(play)
        winner = find_trick_winner(ctx, rules, position.plays + [play]).winner
        graded.append(Graded(play, verdict, trick_points(play), [c for c in play if is_big_trump(ctx, c)],
                             winner in (PARTNER, YOU)))
    legal = [i for i, g in enumerate(graded) if g.verdict.ok]
    thrifty = [i for i in legal if not graded[i].big] or legal
    best = max(graded[i].points for i in thrifty)
    right = [i for i in thrifty if graded[i].points == best]
    shown = [graded[i].play for i in right]  # an illegal play's verdict shows a best play as the legal follow
    return [g if g.verdict.ok else replace(g, verdict=duty.showing(closest_play(g.play, shown)).judge(g.play))
            for g in graded], right


#: How the graded plays are labelled: this book's advice, not a rule of either guide.
ADVICE = Words("the book's advice, not a rule", "本书的建议，不是规则")


def _most(graded: list[Graded], best: int, said: str = "the most you can give",
          led: EffectiveSuit | None = None) -> Words | Reason:
    """``said`` ("the most you can give"), qualified when a legal play spending a big trump would give more,
    naming the level cards worth points it would spend (SJ-4: "without spending ♦K, a level card, so a big
    trump"), or, given the ``led`` suit, when only a play that breaks the follow would give more (SJ-9: "while
    following diamonds")."""
    richer = [g for g in graded if g.verdict.ok and g.big and g.points > best]
    if not richer and led is not None and any(not g.verdict.ok and g.points > best for g in graded):
        return Words(f"{said} while following {led.en}", f"是跟{led.zh}时能垫的最多分数")
    if not richer:
        return Words(said, "是能垫的最多分数")
    levels = list(dict.fromkeys(c for g in richer for c in g.big if card_points(c)))
    if not levels:
        return Words("the most you can give without spending a big trump", "是不动大主能垫的最多分数")
    return Reason.make(RuleId.SJ_4, "the most you can give without spending {levels}, " + (
        "a level card, so a big trump" if len(levels) == 1 else "level cards, so big trumps"),
        "是不动级牌{levels}这" + ("张" if len(levels) == 1 else "些") + "大主能垫的最多分数", levels=levels)


def _s(play: list[Card]) -> Words:
    """The English verb's ending for a play as the subject: "♠5 gives", "♠5 ♥5 give", "The play of the little
    joker and ♣3 gives" (:func:`~cardlib.shengji.combos.the_play`)."""
    return Words("s" if len(play) == 1 or the_play(play).en else "", "")


def reason_for(position: GivePosition, graded: list[Graded], right: list[int], index: int) -> Reason:
    """Why a play is right, or what is wrong with it and which play is right (strategy advice:
    SJ-11 points, SJ-9 legality, SJ-12 the last trick)."""
    g = graded[index]
    partner = Seat((position.leader + PARTNER) % 4)
    best = graded[right[0]].points
    most = _most(graded, best, led=position.ctx.effective_suit(position.plays[0][0]))
    if index in right:
        if g.points:
            return Reason.make(RuleId.SJ_11, "You play last and {partner} is winning, so your side takes this trick "
                                             "whatever you play; give points: {play} give{s} {points}, {most} ({advice}).",
                               "你最后出，{partner}正在赢，这一轮你方赢定了，所以垫分：{play}垫{points}分，{most}（{advice}）。",
                               partner=partner, play=g.play, s=_s(g.play), points=g.points, most=most, advice=ADVICE)
        return Reason.make(RuleId.SJ_11, "You play last and {partner} is winning, so your side takes this trick, but no legal play of "
                                         "yours carries "
                                         "points without spending a big trump, so {play}, which keeps them, is as good "
                                         "as any ({advice}).",
                           "你最后出，{partner}正在赢，这一轮你方赢定了；但你的合法出法里不动大主就垫不了分，所以{play}保住大主，和别的出法一样好"
                           "（{advice}）。",
                           partner=partner, play=g.play, advice=ADVICE)
    example = closest_play(g.play, (graded[i].play for i in right))
    if not g.verdict.ok:  # the engine's reason shows a best play as the legal follow (grade)
        return explain(g.verdict.reason, "{why} That gives {partner} {best}, {most} ({advice}).",
                       "{why}这样给{partner}垫{best}分，{most}（{advice}）。", best=best, partner=partner,
                       most=_most(graded, best, "the most"), advice=ADVICE)  # after the rule's sentence: short
    if g.big and not graded[right[0]].big:
        many = len(g.big) > 1
        return Reason.make(RuleId.SJ_12, "{the}{given} spend{s} {big}{levels}, " + ("big trumps" if many else "a big trump")
                           + " worth keeping for the last trick and the kitty, and your side takes this trick without "
                           + ("them" if many else "it") + ". Play {right} instead, {best} points ({advice}).",
                           "这样出白白用掉了{big}{levels}：这样的大主应留着争最后一轮和底牌，而你方不靠它也赢定这一轮。"
                           "应出{right}，垫{best}分（{advice}）。", given=the_joker(g.play), the=the_play(g.play), s=_s(g.play), big=the_joker(g.big),
                           levels=level_cards_note(position.ctx, g.big, so_trump=True), right=example, best=best,
                           advice=ADVICE)
    gives = (Reason.make(RuleId.SJ_11, "give{s} no points", "一分都不垫", s=_s(g.play)) if g.points == 0 else
             Reason.make(RuleId.SJ_11, "give{s} only {points} point" + "s" * (g.points != 1), "只垫{points}分",
                         s=_s(g.play), points=g.points))
    ctx = position.ctx
    lead = position.plays[0]
    if len(lead) == 1 and ctx.effective_suit(lead[0]) is not EffectiveSuit.TRUMP and ctx.is_trump(g.play[0]) \
            and not ctx.is_trump(example[0]):
        # the likely slip: a trump spent on a single the partner is already winning, where a best play spends none
        # (a longer lead is trumped only by trumps of its shape: not said there)
        return Reason.make(RuleId.SJ_11, "{the}{given} spends a trump on a trick {partner} is already winning, and {gives}: "
                                         "{right} give{rs} {best}, {most} ({advice}).",
                           "{given}是主牌，用在{partner}已经在赢的一轮上，{gives}：{right}垫{best}分，{most}（{advice}）。",
                           given=the_joker(g.play), the=the_play(g.play), partner=partner, gives=gives, right=example, rs=_s(example), best=best,
                           most=most, advice=ADVICE)
    return Reason.make(RuleId.SJ_11, "{the}{given} {gives}, and your side takes this trick whatever you "
                                     "play: {right} give{rs} {best}, {most} ({advice}).",
                       "{given}{gives}；这一轮你方赢定了：{right}垫{best}分，{most}（{advice}）。",
                       given=the_joker(g.play), the=the_play(g.play), gives=gives, right=example, rs=_s(example), best=best, most=most, advice=ADVICE)


def _display(position: GivePosition) -> list[dict[str, Any]]:
    ctx = position.ctx
    rows = []
    for i, play in enumerate(position.plays):
        seat = (position.leader + i) % 4
        label = seat_label(seat)
        role = {0: (" (lead)", "（首家）"), PARTNER: (" (your partner)", "（对家）"),
                THIRD: ("", "")}[i]
        rows.append({"label": text(label["en"] + role[0], label["zh"] + role[1]), "cards": [str(c) for c in play]})
    you = seat_label((position.leader + YOU) % 4)
    return [facts(*context_facts(ctx.level, ctx.trump), (text("You", "你"), you)),
            {"type": "plays", "label": text("The trick so far, in playing order", "本轮已出的牌（按顺序）"),
             "plays": rows}]


def _features(position: GivePosition, graded: list[Graded], right: list[int]) -> dict[str, Any]:
    ctx = position.ctx
    led = ctx.effective_suit(position.plays[0][0])
    legal = [g for g in graded if g.verdict.ok]
    return {
        "hand_size": len(position.hand),
        "lead_cards": len(position.plays[0]),
        "led_suit_in_hand": sum(1 for c in position.hand if ctx.effective_suit(c) is led),
        "point_cards_in_hand": sum(1 for c in position.hand if card_points(c)),
        "big_trumps_in_hand": sum(1 for c in position.hand if is_big_trump(ctx, c)),
        "partner_trumped": int(led is not EffectiveSuit.TRUMP and all(ctx.is_trump(c) for c in position.plays[PARTNER])),
        "legal_plays": len(legal),
        "point_levels": len({g.points for g in legal}),
        "right_answers": len(right),
        "choices": len(graded),
    }


def make_give_points(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Your partner is winning this trick and you play last: which cards do you give? (SJ-9, SJ-11)"""
    rng = random.Random(f"give_points:{seed}")
    position = make_position(rng, difficulty)
    plays = distinct_plays(position.hand, len(position.plays[0]))
    graded = {r.id: grade(position, get_ruleset(r.preset, r.variant), plays) for r in SHENGJI_RULESETS}
    builder = SpecBuilder("give_points", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for index, play in enumerate(plays):
        builder.add_answer(play_key(play), None, {
            rid: (index in right, reason_for(position, rows, right, index)) for rid, (rows, right) in graded.items()})
    rows, right = graded[SHENGJI_RULESETS[0].id]
    ctx = position.ctx
    n = len(position.plays[0])
    you = seat_label((position.leader + YOU) % 4)
    partner = seat_label((position.leader + PARTNER) % 4)
    return builder.build(
        position={"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
                  "leader": position.leader, "plays": [[str(c) for c in p] for p in position.plays],
                  "hand": [str(c) for c in position.hand]},
        input_type="cards", features=_features(position, rows, right),
        question=text(f"You are {you['en']} and play last; your partner {partner['en']} is winning this trick. "
                      + ("Which card do you give?" if n == 1 else f"Which {n} cards do you give?"),
                      f"你是{you['zh']}，最后出牌；对家{partner['zh']}正在赢这一轮。你出哪{'张' if n == 1 else f'{n}张'}？"),
        extra={"display": _display(position), "pick": n})


__all__ = ["GiveLevel", "GivePosition", "LEVELS", "distinct_plays", "grade", "is_big_trump", "make_give_points",
           "make_position", "reason_for"]
