"""Card-counting puzzles: points in a trick or still in play, trumps in a hand, what the dealer
may bury, and what may be led.

Rules: SJ-11, SS-E1 (points), SJ-4 (trumps), SJ-7 (burying), SJ-6, C-3 (leads and throws).
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card
from cardlib.explain import Reason
from cardlib.shengji.hand import HAND_SIZE, check_bury
from cardlib.shengji.leads import check_lead
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import KITTY_SIZE, POINTS_SLIP_NOTE, explain_trick_points, points_left, trick_points
from cardlib.shengji.trump import TrumpContext, explain_trumps

from .position import (cards_block, context_facts, explain, facts, random_level, random_trump, text,
                       wrong_number, wrong_parts)
from .shengji_trick import make_trick
from .spec import SHENGJI_RULESETS, Difficulty, PuzzleKind, RulesetChoice, SpecBuilder

#: The two documents, plus throws (甩牌, C-3): an optional variant neither document has.
LEAD_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("throws", "shengji", "四人升级 guide with throws (甩牌, C-3; in neither guide)",
                  "《四人升级》加甩牌（C-3，两份指南都没有）", {"throws": True}),
)

YES_NO = (("yes", text("Yes", "可以")), ("no", text("No", "不可以")))


def _shuffled_decks(rng: random.Random) -> list[Card]:
    deck = list(DECK_WITH_JOKERS) * 2
    rng.shuffle(deck)
    return deck


def _number_puzzle(kind: PuzzleKind, seed: int, difficulty: Difficulty, value: int, reason: Reason, what: tuple[str, str],
                   candidates: list[int], notes: dict[str, Reason] | None = None, **build: Any) -> dict[str, Any]:
    """A number puzzle with one right value, the same reason under both presets (``notes``: a note added
    under the ruleset it names), and near misses listed; a wrong number is told the right one (``what``: the
    sentence naming it, ``{right}`` in it) and how it is counted."""
    builder = SpecBuilder(kind, seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    noted = {r.id: reason.with_notes((notes or {}).get(r.id)) for r in SHENGJI_RULESETS}
    for candidate in candidates:
        builder.add_answer(str(candidate), None, {
            r.id: (candidate == value, noted[r.id] if candidate == value else wrong_number(noted[r.id], candidate,
                                                                                           value, *what))
            for r in SHENGJI_RULESETS})
    builder.set_otherwise({r.id: wrong_number(noted[r.id], None, value, *what) for r in SHENGJI_RULESETS})
    return builder.build(input_type="number", **build)


def _near(value: int) -> list[int]:
    return sorted({value, max(0, value - 5), value + 5, value + 10})


#: The four plays of a trick, in order, as the trick display labels them.
PLAY_LABELS = (text("The lead", "首家"), text("Second", "第二家"), text("Third", "第三家"), text("Fourth", "第四家"))


def make_trick_points(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """How many points are in this trick (SJ-11)? Hard: how many are still in play (SS-E1: 200 in all)?"""
    rng = random.Random(f"trick_points:{seed}")
    if difficulty == "hard":
        won = [card for card in _shuffled_decks(rng)[:rng.randrange(12, 40)] if trick_points([card])]
        won.sort(key=lambda c: c.sort_key)
        value, reason = points_left(won)
        return _number_puzzle(
            "trick_points", seed, difficulty, value, reason,
            ("{right} points are still in play", "还有{right}分没有赢走"), _near(value),
            notes={"shuangsheng": POINTS_SLIP_NOTE},  # SS-E1: only under the 双升 guide, whose count is the slip
            position={"won": [str(c) for c in won]},
            question=text("These point cards have been won in tricks so far. How many points are still in play?",
                          "到目前为止各轮已赢走这些分牌。还剩多少分没有赢走？"),
            features={"won_cards": len(won), "cards": len(won), "point_cards": len(won)},
            extra={"display": [cards_block(text("Point cards won so far", "已赢走的分牌"), [str(c) for c in won])]})
    _ctx, plays = make_trick(rng, difficulty)
    cards = [card for play in plays for card in play]
    value = trick_points(cards)
    return _number_puzzle(
        "trick_points", seed, difficulty, value, explain_trick_points(cards),
        ("this trick holds {right} points", "这一轮有{right}分"), _near(value),
        position={"plays": [[str(c) for c in p] for p in plays]},
        question=text("How many points are in this trick?", "这一轮有多少分？"),
        features={"cards": len(cards), "point_cards": sum(1 for c in cards if trick_points([c]))},
        extra={"display": [{"type": "plays", "label": text("The trick", "这一轮"),
                            "plays": [{"label": PLAY_LABELS[i], "cards": [str(c) for c in p]}
                                      for i, p in enumerate(plays)]}]})


def make_count_trumps(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """How many of these cards are trumps (SJ-4)?  Level cards of other suits and jokers count."""
    rng = random.Random(f"count_trumps:{seed}")
    ctx = TrumpContext(random_level(rng), random_trump(rng, {"easy": 0.0, "normal": 0.1, "hard": 0.3}[difficulty]))
    size = {"easy": 5, "normal": 8, "hard": 10}[difficulty]
    tops = [c for c in DECK_WITH_JOKERS if c.is_joker or c.rank is ctx.level]
    pool = _shuffled_decks(rng)[:size]
    for index in rng.sample(range(size), {"easy": 1, "normal": 2, "hard": 4}[difficulty]):
        pool[index] = rng.choice([c for c in tops if pool.count(c) < 2])  # level cards and jokers: where readers slip
    cards = sorted(pool, key=lambda c: c.sort_key)
    count = sum(1 for c in cards if ctx.is_trump(c))
    return _number_puzzle(
        "count_trumps", seed, difficulty, count, explain_trumps(ctx, cards),
        ("{right} of these cards are trumps", "这些牌里有{right}张主牌"), list(range(size + 1)),
        position={"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
                  "cards": [str(c) for c in cards]},
        question=text("How many of these cards are trumps?", "这些牌里有几张主牌？"),
        features={"cards": size, "trumps": count, "no_trump": ctx.trump is None},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump)), cards_block(text("Cards", "牌"),
                                                                                     [str(c) for c in cards])]})


#: Trumps buried, per difficulty: the range drawn from (hard ones bury off-suit level cards and jokers).
BURY_TRUMPS = {"easy": (0, 2), "normal": (1, 4), "hard": (2, 6)}


def make_bury(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """The dealer buries 8 cards, points and trumps among them (SJ-7: any 8 may be buried): how many
    points go down (SJ-11), and how many of the 8 are trumps (SJ-4)?

    (Its first form asked "may the dealer bury these?", but SJ-7 lets the dealer bury any 8 cards it
    holds, so "yes" was right every time: the question now asks what the burial holds.)"""
    rng = random.Random(f"bury:{seed}")
    ctx = TrumpContext(random_level(rng), random_trump(rng, {"easy": 0.0, "normal": 0.1, "hard": 0.2}[difficulty]))
    deck = _shuffled_decks(rng)
    hand, kitty = deck[:HAND_SIZE], deck[HAND_SIZE:HAND_SIZE + KITTY_SIZE]
    held = hand + kitty
    low, high = BURY_TRUMPS[difficulty]
    trumps_wanted = rng.randint(low, high)
    tops = [c for c in held if c.is_joker or c.rank is ctx.level]  # the trumps readers miss
    plain_trumps = [c for c in held if ctx.is_trump(c) and c not in tops]
    trumps = rng.sample(tops, min(len(tops), trumps_wanted // 2)) if difficulty == "hard" else []
    trumps += rng.sample(plain_trumps, min(len(plain_trumps), trumps_wanted - len(trumps)))
    others = [c for c in held if not ctx.is_trump(c)]
    point_cards = [c for c in others if trick_points([c])]
    points = rng.sample(point_cards, min(len(point_cards), KITTY_SIZE - len(trumps),
                                         rng.randint(0, {"easy": 2, "normal": 3, "hard": 4}[difficulty])))
    rest = [c for c in others if c not in points]
    bury = sorted(trumps + points + rng.sample(rest, KITTY_SIZE - len(points) - len(trumps)), key=ctx.order_key)
    verdict = check_bury(hand, kitty, bury)
    value = trick_points(bury)
    trump_count = sum(ctx.is_trump(c) for c in bury)
    points_reason = explain_trick_points(bury)
    trumps_reason = explain_trumps(ctx, bury, name_plain=False)  # the points sum beside it names the bury's cards
    whole = Reason.make(verdict.reason.rule, "{points} {trumps}", "{points}{trumps}", points=points_reason,
                        trumps=trumps_reason)  # the question says any 8 may go down (SJ-7): the verdict counts them
    builder = SpecBuilder("bury", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for candidate in range(0, 85, 5):
        for count in range(KITTY_SIZE + 1):
            wrong = wrong_parts([points_reason] * (candidate != value)  # SJ-11: a wrong count of the points
                                + [trumps_reason] * (count != trump_count))  # SJ-4: a wrong count of the trumps
            why: Reason | list[Reason] = wrong or whole
            builder.add_answer(f"{candidate}|{count}", None, {r.id: (not wrong, why) for r in SHENGJI_RULESETS})
    fields = [{"name": "points", "label": text("Points buried", "扣下的分"),
               "options": [{"value": str(v)} for v in range(0, 85, 5)]},
              {"name": "trumps", "label": text("Trumps buried", "扣下的主牌张数"),
               "options": [{"value": str(v)} for v in range(KITTY_SIZE + 1)]}]
    return builder.build(
        position={"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
                  "hand": [str(c) for c in sorted(hand, key=ctx.order_key)],
                  "kitty": [str(c) for c in kitty], "bury": [str(c) for c in bury]}, input_type="fields",
        question=text("The dealer picked up the kitty and buries these 8 cards (any 8 may be buried, points and "
                      "trumps too). How many points go into the new kitty, and how many of the 8 are trumps?",
                      "庄家拿起底牌，扣下这8张（任意8张都可以扣，分牌和主牌也可以）。新底牌里有多少分？其中几张是主牌？"),
        features={"points": value, "trumps": trump_count, "point_cards": sum(1 for c in bury if trick_points([c])),
                  "level_cards_and_jokers": sum(1 for c in bury if c.is_joker or c.rank is ctx.level),
                  "no_trump": ctx.trump is None},
        extra={"fields": fields, "display": [
            facts(*context_facts(ctx.level, ctx.trump)),
            cards_block(text("The kitty picked up", "拿起的底牌"), [str(c) for c in kitty]),
            cards_block(text("Buried", "扣下的牌"), [str(c) for c in bury])]})


def _lead_candidates(rng: random.Random, ctx: TrumpContext, hand: list[Card]) -> list[list[Card]]:
    """Leads worth asking about: a single, a pair, a tractor, a throw of one suit, a mixed play."""
    by_suit: dict[Any, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(ctx.effective_suit(card), []).append(card)
    suit_cards = max(by_suit.values(), key=len)
    pairs = sorted({c for c in suit_cards if suit_cards.count(c) == 2}, key=ctx.order_key)
    options = [[rng.choice(hand)]] + [[c, c] for c in pairs]
    if len(suit_cards) >= 2:
        options.append(rng.sample(suit_cards, 2))
        options.append(rng.sample(suit_cards, min(3, len(suit_cards))))
    others = [c for c in hand if ctx.effective_suit(c) is not ctx.effective_suit(suit_cards[0])]
    if others:
        options.append([suit_cards[0], rng.choice(others)])
    if len(pairs) >= 2:
        options.append([c for c in pairs[:2] for _ in range(2)])
    return options


#: The cycle of lead categories, one per three seeds (see :func:`make_lead_legal`).
LEAD_CYCLE = ("legal", "mixed", "legal", "throw", "mixed", "legal", "mixed", "legal", "throw", "mixed", "legal",
              "mixed")


def _lead_category(ctx: TrumpContext, rulesets: dict[str, Any], hand: list[Card], play: list[Card]) -> str:
    """The engine's verdicts on a lead as a category: legal under the documents, a throw (legal only
    with throws), or mixed (legal nowhere)."""
    ok = {rid: check_lead(ctx, rules, hand, play).ok for rid, rules in rulesets.items()}
    if ok["shengji"]:
        return "legal"
    return "throw" if ok["throws"] else "mixed"


def make_lead_legal(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """May you lead these cards? A single, a pair, a tractor (SJ-6), or a throw (C-3: only where allowed)."""
    rng = random.Random(f"lead_legal:{seed}")
    ctx = TrumpContext(random_level(rng), random_trump(rng, 0.1))
    size = {"easy": 6, "normal": 8, "hard": 10}[difficulty]
    deck = _shuffled_decks(rng)
    suit = ctx.effective_suit(deck[0])
    same = [c for c in deck if ctx.effective_suit(c) is suit]
    core = same[:size // 2]
    core += [c for c in core[:size // 4]]  # pairs of one suit, so tractors and throws come up
    hand = sorted(core + [c for c in deck if c not in core][:size - len(core)], key=ctx.order_key)
    if max(hand.count(c) for c in hand) > 2:
        hand = sorted(deck[:size], key=ctx.order_key)
    # The right answers are chosen first, as a category of lead (a single, pair or tractor: legal
    # everywhere; a throw of one suit: legal only with throws; a mixed play: legal nowhere), five,
    # two and five in every twelve, so neither answer passes 60% under any ruleset.
    wanted = LEAD_CYCLE[(seed // 3) % len(LEAD_CYCLE)]
    rulesets = {r.id: get_ruleset(r.preset, r.variant) for r in LEAD_RULESETS}
    candidates = [sorted(p, key=ctx.order_key) for p in _lead_candidates(rng, ctx, hand)]
    for _attempt in range(20):
        if any(_lead_category(ctx, rulesets, hand, p) == wanted for p in candidates):
            break
        candidates += [sorted(p, key=ctx.order_key) for p in _lead_candidates(rng, ctx, hand)]
    fitting = [p for p in candidates if _lead_category(ctx, rulesets, hand, p) == wanted] or candidates
    if difficulty != "easy":  # longer plays are the harder calls
        longest = max(len(p) for p in fitting)
        fitting = [p for p in fitting if len(p) >= min(longest, 2)] or fitting
    play = rng.choice(fitting)
    verdicts = {rid: check_lead(ctx, rules, hand, play) for rid, rules in rulesets.items()}
    builder = SpecBuilder("lead_legal", seed=seed, difficulty=difficulty, rulesets=LEAD_RULESETS)
    for key, label in YES_NO:
        says_yes = key == "yes"
        builder.add_answer(key, label, {rid: (v.ok == says_yes, v.reason if v.ok == says_yes else explain(
            v.reason, "No, it may not be led. {why}" if says_yes else "Yes. {why}",  # the reason says it may be
            "不能这样首出。{why}" if says_yes else "可以。{why}")) for rid, v in verdicts.items()})
    hand_cards, play_cards = [str(c) for c in hand], [str(c) for c in play]
    raw = {"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none",
           "hand": hand_cards, "play": play_cards}
    return builder.build(
        position=raw, input_type="choice", question=text("You lead. May you lead these cards?", "你首出。可以这样出吗？"),
        features={"hand_size": size, "play_cards": len(play), "throw": wanted == "throw",
                  "pairs_in_play": sum(1 for c in set(play) if play.count(c) == 2)},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump)),
                           cards_block(text("Your hand", "你的手牌"), hand_cards),
                           cards_block(text("Lead", "首出"), play_cards)]})
