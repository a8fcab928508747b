"""Following puzzles: "is this follow legal?" and "pick a legal follow".

The engine judges every distinct play of the right size from the hand (hands stay at
ten cards or fewer), under each ruleset, so any legal play is accepted.

Rules: SJ-9, SJ-10, SG-5 / SS-5, C-4 (following), SJ-6, SG-4 / SS-4 (which leads are tractors).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card
from cardlib.explain import Reason, Verdict
from cardlib.shengji.combos import classify, find_tractors
from cardlib.shengji.follow import follow_duty, legal_follow_words
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.trump import EffectiveSuit, TrumpContext

from .position import cards_block, context_facts, explain, facts, random_level, random_trump, text
from .spec import SHENGJI_RULESETS, Difficulty, PuzzleError, RulesetChoice, SpecBuilder

#: The two documents, plus SS-5 read literally (the suit count alone on a tractor lead).
FOLLOW_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("ss-suit-count", "shuangsheng", "双升 guide, counting only the cards of the suit (SS-5 read literally)",
                  "《双升》：只数同门张数（SS-5 字面）", {"short_tractor_follow": "suit_count_only"}),
)


@dataclass(frozen=True)
class FollowLevel:
    """What makes a follow puzzle harder: bigger hands, longer leads, fewer cards of the suit."""

    hand_sizes: tuple[int, int]
    lead_pairs: tuple[int, ...]        # 0 single, 1 pair, n ≥ 2 tractor
    suit_cards: tuple[int, int]        # cards of the led suit in the hand
    pair_chance: float                 # chance of each extra pair of the led suit
    trump_lead_chance: float
    no_trump_chance: float


LEVELS = {
    "easy": FollowLevel((5, 6), (0, 1), (1, 4), 0.3, 0.15, 0.0),
    "normal": FollowLevel((7, 8), (1, 2), (2, 5), 0.5, 0.25, 0.1),
    "hard": FollowLevel((9, 10), (2, 3), (3, 7), 0.7, 0.35, 0.25),
}


#: Hand size cap per lead size, so a spec lists at most C(9, 4) = 126 distinct plays.
MAX_HAND = {1: 10, 2: 10, 4: 9, 6: 9}


@dataclass(frozen=True)
class FollowPosition:
    ctx: TrumpContext
    lead: list[Card]
    hand: list[Card]             # in display order (trumps first, high to low)
    lead_pairs: int


def pick_lead(rng: random.Random, ctx: TrumpContext, suit_cards: list[Card], pairs: int) -> list[Card] | None:
    """A lead of ``pairs`` pairs (0: a single) that every ruleset may lead with the same shape."""
    if pairs == 0:
        return [rng.choice(suit_cards)]
    if pairs == 1:
        card = rng.choice(suit_cards)
        return [card, card]
    options = find_tractors(ctx, get_ruleset("shengji"), suit_cards * 2, pairs)
    rng.shuffle(options)
    for tops in options:
        lead = [c for c in tops for _ in range(2)]
        if all(classify(ctx, get_ruleset(r.preset, r.variant), lead).kind == "tractor" for r in FOLLOW_RULESETS):
            return lead
    return None


def make_position(rng: random.Random, difficulty: Difficulty) -> FollowPosition:
    """A lead and a follower's hand of the difficulty's size (SJ-9: the follower holds enough cards)."""
    level_of = LEVELS[difficulty]
    for _attempt in range(200):
        ctx = TrumpContext(random_level(rng), random_trump(rng, level_of.no_trump_chance))
        by_suit: dict[EffectiveSuit, list[Card]] = {}
        for card in DECK_WITH_JOKERS:
            by_suit.setdefault(ctx.effective_suit(card), []).append(card)
        plain = [s for s in by_suit if s is not EffectiveSuit.TRUMP]
        led = EffectiveSuit.TRUMP if rng.random() < level_of.trump_lead_chance else rng.choice(plain)
        pairs = rng.choice(level_of.lead_pairs)
        lead = pick_lead(rng, ctx, by_suit[led], pairs)
        if lead is None:
            continue
        size = min(rng.randint(*level_of.hand_sizes), MAX_HAND[len(lead)])
        hand = deal_hand(rng, ctx, lead, led, size, level_of)
        if hand is None:
            continue
        hand.sort(key=ctx.order_key)
        return FollowPosition(ctx, lead, hand, pairs)
    raise PuzzleError(f"could not make a {difficulty} follow position")  # pragma: no cover


def deal_hand(rng: random.Random, ctx: TrumpContext, lead: list[Card], led: EffectiveSuit, size: int,
               level_of: FollowLevel, avoid: EffectiveSuit | None = None) -> list[Card] | None:
    """A hand of ``size`` cards with about ``level_of.suit_cards`` of suit ``led`` (some in pairs),
    the rest from other suits except ``avoid``; cards already in ``lead`` count against two decks."""
    left = {card: 2 for card in DECK_WITH_JOKERS}
    for card in lead:
        left[card] -= 1
    in_suit = [c for c in left if ctx.effective_suit(c) is led]
    wanted = min(rng.randint(*level_of.suit_cards), size)
    hand: list[Card] = []
    if len(lead) >= 6 and size >= 8 and rng.random() < level_of.pair_chance:
        # a shorter tractor of the led suit and two more pairs, so which pairs follow is a choice that
        # SG-5's words leave free and C-7 does not (the presets grade it apart)
        shorter = find_tractors(ctx, get_ruleset("shuangsheng"), [c for c in in_suit if left[c] == 2] * 2, 2)
        if shorter:
            wanted = max(wanted, 8)
            for card in rng.choice(shorter):
                hand += [card, card]
                left[card] = 0
            for _pair in range(2):
                doubles = [c for c in in_suit if left[c] == 2]
                if doubles:
                    card = rng.choice(doubles)
                    hand += [card, card]
                    left[card] = 0
    while len(hand) + 2 <= wanted and rng.random() < level_of.pair_chance:
        doubles = [c for c in in_suit if left[c] == 2]
        if not doubles:
            break
        card = rng.choice(doubles)
        hand += [card, card]
        left[card] = 0
    while len(hand) < wanted:
        singles = [c for c in in_suit if left[c] > 0]
        if not singles:
            break
        card = rng.choice(singles)
        hand.append(card)
        left[card] -= 1
    others = [c for c in left for _ in range(left[c]) if ctx.effective_suit(c) not in (led, avoid)]
    hand += rng.sample(others, size - len(hand))
    return hand if len(hand) >= len(lead) else None


def distinct_plays(position: FollowPosition) -> list[list[Card]]:
    """Every distinct set of cards of the lead's size from the hand, in hand order."""
    seen: dict[str, list[Card]] = {}
    for chosen in combinations(position.hand, len(position.lead)):
        seen.setdefault(play_key(list(chosen)), list(chosen))
    return list(seen.values())


def play_key(play: list[Card]) -> str:
    """The answer key of a play: its cards in the hand's display order (what the front end sends)."""
    return " ".join(str(c) for c in play)


def judge_all(position: FollowPosition, plays: list[list[Card]]) -> dict[str, list[Verdict]]:
    """The engine's verdict on each play under each ruleset (SJ-9, SG-5/SS-5, C-4)."""
    verdicts: dict[str, list[Verdict]] = {}
    for ruleset in FOLLOW_RULESETS:
        duty = follow_duty(position.ctx, get_ruleset(ruleset.preset, ruleset.variant), position.lead, position.hand)
        verdicts[ruleset.id] = [duty.judge(play) for play in plays]
    return verdicts


def closest_play(play: list[Card], candidates: Iterable[list[Card]]) -> list[Card]:
    """The candidate sharing the most cards with ``play`` (the first such in order): what a wrong
    answer is shown as the play to make instead."""
    mine = Counter(play)

    def shared(other: list[Card]) -> int:
        return sum((Counter(other) & mine).values())

    return max(candidates, key=shared)


def closest_legal(play: list[Card], plays: list[list[Card]], verdicts: list[Verdict]) -> list[Card]:
    """The legal play sharing the most cards with ``play`` (the first such in hand order):
    what a wrong answer is shown as a legal follow the hand could make instead."""
    return closest_play(play, (p for p, v in zip(plays, verdicts) if v.ok))


def named_groups(reason: Reason) -> list[Counter[str]]:
    """The card groups a reason names, each as a multiset of card codes."""
    return [Counter(part["cards"]) for part in reason.parts("en") if isinstance(part, dict) and "cards" in part]


def _names_a_legal_follow(reason: Reason, plays: list[list[Card]], verdicts: list[Verdict]) -> bool:
    legal = [Counter(map(str, p)) for p, v in zip(plays, verdicts) if v.ok]
    return any(group in legal for group in named_groups(reason))


def wrong_play(play: list[Card], plays: list[list[Card]], verdicts: list[Verdict], index: int) -> Reason:
    """Why a picked play does not follow (the engine's reason, which names it), and one legal follow
    instead, unless the engine's reason already gives one."""
    verdict = verdicts[index]
    names_play = Counter(map(str, play)) in named_groups(verdict.reason)
    if names_play and _names_a_legal_follow(verdict.reason, plays, verdicts):
        return verdict.reason
    example, legal = closest_legal(play, plays, verdicts), legal_follow_words(sum(v.ok for v in verdicts))
    if names_play:
        return explain(verdict.reason, "{why} {legal}: {right}.", "{why}{legal}：{right}。", right=example, legal=legal)
    return explain(verdict.reason, "{given} is not a legal follow. {why} {legal}: {right}.",
                   "{given}不是合法的跟牌。{why}{legal}：{right}。", given=play, right=example, legal=legal)


def _features(position: FollowPosition, legal: int, choices: int) -> dict[str, Any]:
    ctx = position.ctx
    led = ctx.effective_suit(position.lead[0])
    return {
        "hand_size": len(position.hand),
        "lead_cards": len(position.lead),
        "lead_pairs": position.lead_pairs,
        "led_suit_in_hand": sum(1 for c in position.hand if ctx.effective_suit(c) is led),
        "trumps_in_hand": sum(1 for c in position.hand if ctx.is_trump(c)),
        "legal_follows": legal,
        "choices": choices,
    }


def _display(position: FollowPosition, with_hand: bool) -> list[dict[str, Any]]:
    """Level, trump and lead; the hand too unless the front end shows it as buttons to pick from."""
    ctx = position.ctx
    blocks = [facts(*context_facts(ctx.level, ctx.trump)),
              cards_block(text("Lead", "首家出牌"), [str(c) for c in position.lead])]
    if with_hand:
        blocks.append(cards_block(text("Your hand", "你的手牌"), [str(c) for c in position.hand]))
    return blocks


def _raw(position: FollowPosition) -> dict[str, Any]:
    ctx = position.ctx
    return {"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
            "lead": [str(c) for c in position.lead], "hand": [str(c) for c in position.hand]}


def make_pick_follow(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Pick a legal follow: every distinct choice of the lead's size, judged by the engine."""
    rng = random.Random(f"pick_follow:{seed}")
    position = make_position(rng, difficulty)
    plays = distinct_plays(position)
    verdicts = judge_all(position, plays)
    builder = SpecBuilder("pick_follow", seed=seed, difficulty=difficulty, rulesets=FOLLOW_RULESETS)
    for index, play in enumerate(plays):
        builder.add_answer(play_key(play), None, {
            rid: (v[index].ok, v[index].reason if v[index].ok else wrong_play(play, plays, v, index))
            for rid, v in verdicts.items()})
    legal = sum(v.ok for v in verdicts[FOLLOW_RULESETS[0].id])
    n = len(position.lead)
    return builder.build(
        position=_raw(position), input_type="cards", features=_features(position, legal, len(plays)),
        question=text(f"Follow the lead: pick {n} card{'s' * (n > 1)} from your hand.",
                      f"跟牌：从手牌中选出{n}张。"),
        extra={"display": _display(position, with_hand=False), "pick": n})


def _legal_reason(play: list[Card], plays: list[list[Card]], verdicts: list[Verdict], shown: int,
                  says_legal: bool) -> Reason:
    """The engine's reason for a right answer; for a wrong one, what is wrong with it and why."""
    verdict = verdicts[shown]
    if verdict.ok == says_legal:
        return verdict.reason
    if verdict.ok:
        return explain(verdict.reason, "Legal. {why}", "可以这样跟。{why}")
    if _names_a_legal_follow(verdict.reason, plays, verdicts):
        return explain(verdict.reason, "Not legal. {why}", "不能这样跟。{why}")
    return explain(verdict.reason, "Not legal. {why} {legal}: {right}.", "不能这样跟。{why}{legal}：{right}。",
                   right=closest_legal(play, plays, verdicts), legal=legal_follow_words(sum(v.ok for v in verdicts)))


def make_follow_legal(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Is this follow legal? A shown play, legal for even seeds and not for odd ones where the hand allows,
    judged by the engine."""
    rng = random.Random(f"follow_legal:{seed}")
    position = make_position(rng, difficulty)
    plays = distinct_plays(position)
    verdicts = judge_all(position, plays)
    first = verdicts[FOLLOW_RULESETS[0].id]
    want_legal = seed % 2 == 0  # in turn by seed, so a bank of consecutive seeds is half legal, half not
    pool = [i for i, v in enumerate(first) if v.ok == want_legal] or list(range(len(plays)))
    shown = rng.choice(pool)
    play = plays[shown]
    builder = SpecBuilder("follow_legal", seed=seed, difficulty=difficulty, rulesets=FOLLOW_RULESETS)
    for key, label, says_legal in (("yes", text("Legal", "合法"), True), ("no", text("Not legal", "不合法"), False)):
        builder.add_answer(key, label, {rid: (v[shown].ok == says_legal, _legal_reason(play, plays, v, shown, says_legal))
                                        for rid, v in verdicts.items()})
    raw = _raw(position)
    raw["play"] = [str(c) for c in play]
    legal = sum(v.ok for v in first)
    return builder.build(
        position=raw, input_type="choice", features=_features(position, legal, len(plays)),
        question=text("Is this follow legal?", "这样跟牌合法吗？"),
        extra={"display": _display(position, with_hand=True) + [cards_block(text("Play", "跟出"), raw["play"])]})

