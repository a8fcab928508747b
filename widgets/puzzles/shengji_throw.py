"""The throw puzzle (甩牌, C-3, an optional variant in neither guide): does this throw stand, or
which part of it is led instead?

A throw stands if no other hand holds, in the thrown suit, a higher unit of the same shape as one
of its parts; else only the smallest beaten part is led (:func:`cardlib.shengji.throws.resolve_throw`).
The outcome is chosen first (stands or fails, in turn by seed) and hands drawn until the engine
agrees, so neither answer dominates; every verdict is the engine's.

Rules: C-3.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card
from cardlib.explain import Reason
from cardlib.shengji.combos import split_units, the_joker
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.throws import resolve_throw
from cardlib.shengji.trump import EffectiveSuit, TrumpContext
from cardlib.words import cards_text

from .position import (cards_block, context_facts, explain, facts, lower, random_level, random_trump, seat_label, text,
                       wrong_choice)
from .shengji_cards import LEAD_RULESETS
from .spec import Difficulty, PuzzleError, SpecBuilder

#: Throws are in neither guide: these puzzles are graded under the throws variant only.
THROW_RULESETS = LEAD_RULESETS[2:]

#: Per difficulty: the throw's units (0 a single, 1 a pair, 2 a two-pair tractor), and how many
#: cards of the suit each other hand holds.
THROW_SHAPES = {"easy": ((0, 0),), "normal": ((1, 0), (0, 0, 0)), "hard": ((1, 0, 0), (2, 0), (1, 1, 0))}
SUIT_CARDS = {"easy": (0, 3), "normal": (1, 4), "hard": (2, 5)}


def _suit_cards(ctx: TrumpContext, suit: EffectiveSuit) -> list[Card]:
    """The suit's distinct cards, high to low."""
    return sorted({c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is suit}, key=ctx.order_key)


def _throw(rng: random.Random, ctx: TrumpContext, cards: list[Card], shape: tuple[int, ...]) -> list[Card] | None:
    """A throw of ``shape``'s units from the suit's upper cards (distinct units, two decks)."""
    top = cards[:7]
    throw: list[Card] = []
    for pairs in shape:
        if pairs == 2:
            start = rng.randrange(len(top) - 1)
            pick = top[start:start + 2]
            if any(c in throw for c in pick):
                return None
            throw += [c for c in pick for _ in range(2)]
        else:
            free = [c for c in top if c not in throw]
            if not free:
                return None
            card = rng.choice(free)
            throw += [card] * (pairs + 1)
    return throw


def wrong_part(why: Reason, given: dict[str, str], beaten: Reason | None, unbeaten: list[Card] | None = None) -> Reason:
    """A wrong answer: the reader's part, when another hand does beat it, said first ("East's ♦K ♦K beats
    ♦Q ♦Q"), or, when nobody can beat it (``unbeaten``, its cards), that a failed throw leads a part that can be
    beaten; then the engine's reason, which says which part is led and why (C-3)."""
    if beaten is None and unbeaten:
        return explain(why, "Not {unit}: nobody can beat it, so a failed throw does not lead it. {why}",
                       "不是{unit}：{unit}没人管得住，甩牌失败时不出它。{why}", unit=the_joker(unbeaten))
    if beaten is None:
        return wrong_choice(why, given)
    return explain(why, "Not “{given}”. {beaten}, but {why}", "不是“{given}”。{beaten}，但{why}", given=lower(given),
                   beaten=beaten.capitalised())


def make_throw(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """With throws allowed (C-3), a player throws several units of one suit: does it stand, or which
    part is led?"""
    rng = random.Random(f"throw:{seed}")
    rules = get_ruleset(THROW_RULESETS[0].preset, THROW_RULESETS[0].variant)
    want_stand = (seed // 3) % 2 == 0
    for _attempt in range(400):
        ctx = TrumpContext(random_level(rng), random_trump(rng, 0.1))
        plain = [s for s in {ctx.effective_suit(c) for c in DECK_WITH_JOKERS} if s is not EffectiveSuit.TRUMP]
        suit = EffectiveSuit.TRUMP if difficulty == "hard" and rng.random() < 0.25 else rng.choice(sorted(plain))
        cards = _suit_cards(ctx, suit)
        throw = _throw(rng, ctx, cards, rng.choice(THROW_SHAPES[difficulty]))
        if throw is None or len(parts := split_units(ctx, rules, throw)) < 2:
            continue
        if len({(part.size, ctx.strength(part.top)) for part in parts}) < len(parts):
            continue  # two equal parts (♥8 and ♣8, both level cards): which one a failed throw leads is the thrower's choice
        left = Counter({c: 2 for c in cards}) - Counter(throw)
        pool = [c for c, n in left.items() for _ in range(n)]
        rng.shuffle(pool)
        hands: list[list[Card]] = []
        for _hand in range(3):
            take = min(len(pool), rng.randint(*SUIT_CARDS[difficulty]))
            hands.append(sorted(pool[:take], key=ctx.order_key))
            pool = pool[take:]
        thrower = rng.randrange(4)
        result = resolve_throw(ctx, rules, throw, hands, thrower=thrower)
        if result.stands == want_stand:
            break
    else:
        raise PuzzleError(f"could not make a {difficulty} throw position from seed {seed}")  # pragma: no cover
    throw = sorted(throw, key=ctx.order_key)
    units = split_units(ctx, rules, throw)
    builder = SpecBuilder("throw", seed=seed, difficulty=difficulty, rulesets=THROW_RULESETS)
    options = [("stands", text(f"It stands: all of {cards_text(throw)} is led", f"甩牌成立：{cards_text(throw, 'zh')}全部出"))]
    part_cards: dict[str, list[Card]] = {}  # each part's answer key: its cards
    for unit in sorted(units, key=lambda u: (len(u.cards), ctx.strength(u.top))):
        cards_of = sorted(unit.cards, key=ctx.order_key)
        part_cards["unit:" + " ".join(map(str, cards_of))] = cards_of
        options.append(("unit:" + " ".join(map(str, cards_of)),
                        text(f"It fails: only {cards_text(cards_of)} is led", f"甩牌失败：只能出{cards_text(cards_of, 'zh')}")))
    right_key = "stands" if result.stands else "unit:" + " ".join(map(str, sorted(result.play, key=ctx.order_key)))
    beaten_parts = {"unit:" + " ".join(map(str, sorted(cards, key=ctx.order_key))): why for cards, why in result.beaten}
    for key, label in options:
        ok = key == right_key
        unbeaten = part_cards.get(key) if not result.stands and key not in beaten_parts else None
        why = result.reason if ok else wrong_part(result.reason, label, beaten_parts.get(key), unbeaten)
        builder.add_answer(key, label, {r.id: (ok, why) for r in THROW_RULESETS})
    others = [(thrower + 1 + i) % 4 for i in range(3)]
    suit_name = text(suit.en, suit.zh)
    rows = [(text(f"{seat_label(s)['en']} holds in {suit_name['en']}", f"{seat_label(s)['zh']}手中的{suit_name['zh']}"),
             [str(c) for c in hand] if hand else text("none", "没有"))
            for s, hand in zip(others, hands)]
    beaten = sum(1 for u in units for h in hands
                 if any(ctx.strength(c) > ctx.strength(u.top) for c in h) and u.pairs == 0)
    return builder.build(
        position={"level": str(ctx.level), "trump": ctx.trump.value if ctx.trump else "none", "thrower": thrower,
                  "throw": [str(c) for c in throw], "other_hands": [[str(c) for c in h] for h in hands]},
        input_type="choice",
        question=text(f"Throws (甩牌) are allowed. {seat_label(thrower)['en']} leads these cards at once. Does the "
                      f"throw stand, or which part is led instead?",
                      f"允许甩牌。{seat_label(thrower)['zh']}一次首出这些牌。甩牌成立吗？不成立的话只能出哪一部分？"),
        features={"units": len(units), "pairs_in_throw": sum(1 for u in units if u.pairs),
                  "other_suit_cards": sum(len(h) for h in hands), "higher_singles_held": beaten,
                  "trump_throw": suit is EffectiveSuit.TRUMP, "stands": result.stands},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump), (text("Thrower", "甩牌者"), seat_label(thrower))),
                           cards_block(text("The throw", "甩出的牌"), [str(c) for c in throw]),
                           facts(*rows)]})
