"""Calling puzzles: whose call stands, and what is trump?

Rules: SG-1 / SS-1 (calls and overcalls), SG-3 / SS-3 (a joker pair), SG-9 / SS-9, SS-E3 (first dealer).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardlib.cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit
from cardlib.shengji.calling import resolve_calls
from cardlib.shengji.rules import get_ruleset

from .position import random_level, seat_label, text, trump_label
from .spec import SHENGJI_RULESETS, RulesetChoice, SpecBuilder

#: The two documents, plus SS-3 read literally: after a joker pair the called suit stays trump.
CALLING_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("ss-previous-suit", "shuangsheng", "双升, a joker pair keeps the suit (SS-3 literal)",
                  "双升：王对反主后原花色仍为主（SS-3 字面）", {"joker_call_trump": "previous_suit"}),
)

#: Per difficulty: how many calls, and the chances of a level pair and of a joker pair.
CALL_LEVELS = {"easy": ((1, 2), 0.3, 0.0), "normal": ((2, 3), 0.4, 0.2), "hard": ((3, 5), 0.4, 0.4)}


def _random_calls(rng: random.Random, level: Rank, difficulty: str) -> list[tuple[int, list[Card]]]:
    counts, pair_chance, joker_chance = CALL_LEVELS[difficulty]
    shown: dict[int, Counter] = {}
    calls: list[tuple[int, list[Card]]] = []
    wanted = rng.randint(*counts)
    while len(calls) < wanted:
        seat = rng.randrange(4)
        roll = rng.random()
        if calls and roll < joker_chance:
            cards = [rng.choice((BIG_JOKER, LITTLE_JOKER))] * 2
        elif roll < joker_chance + pair_chance:
            cards = [Card(rng.choice(list(Suit)), level)] * 2
        else:
            cards = [Card(rng.choice(list(Suit)), level)]
        mine = shown.setdefault(seat, Counter())
        held = {card: max(mine[card], cards.count(card)) for card in set(cards)}
        others = Counter()
        for other, seen in shown.items():
            if other != seat:
                others.update(seen)
        if any(others[card] + n > 2 for card, n in held.items()):
            continue  # two decks: at most two copies of a card among the players (SJ-1)
        mine.update({card: n - mine[card] for card, n in held.items()})
        calls.append((seat, cards))
    return calls


def _key(seat: int | None, trump: Suit | None) -> str:
    return f"{seat}:{trump.value if trump else 'none'}"


def make_calling(seed: int, difficulty: str) -> dict[str, Any]:
    """Calls shown in order during the deal: whose call stands and what is trump (SG-1 / SS-1, SG-3 / SS-3)."""
    rng = random.Random(f"calling:{seed}")
    level = random_level(rng)
    calls = _random_calls(rng, level, difficulty)
    first_hand = difficulty == "hard" and rng.random() < 0.5
    results = {r.id: resolve_calls(get_ruleset(r.preset, r.variant), level, calls, first_hand) for r in CALLING_RULESETS}
    options: dict[str, tuple[int, Suit | None]] = {}
    for seat, cards in calls:
        trump = None if cards[0].is_joker else cards[0].suit
        options.setdefault(_key(seat, trump), (seat, trump))
    for result in results.values():
        options.setdefault(_key(result.state.caller, result.trump), (result.state.caller, result.trump))
    builder = SpecBuilder("calling", seed=seed, difficulty=difficulty, rulesets=CALLING_RULESETS)
    for key, (seat, trump) in sorted(options.items()):
        seat_text, trump_text = seat_label(seat), trump_label(trump)
        builder.add_answer(key, {"en": f"{seat_text['en']}'s call; trump: {trump_text['en']}",
                                 "zh": f"{seat_text['zh']}的亮主；主：{trump_text['zh']}"},
                           {rid: ((res.state.caller, res.trump) == (seat, trump), res.reason)
                            for rid, res in results.items()})
    plays = [{"label": seat_label(seat), "cards": [str(c) for c in cards]} for seat, cards in calls]
    return builder.build(
        position={"level": str(level), "first_hand": first_hand,
                  "calls": [{"seat": seat, "cards": " ".join(map(str, cards))} for seat, cards in calls]},
        input_type="choice",
        question=text("Whose call stands at the end of the deal, and what is trump?",
                      "发牌结束时谁的亮主有效？主是什么？"),
        features={"calls": len(calls), "joker_pairs": sum(1 for _, c in calls if c[0].is_joker),
                  "level_pairs": sum(1 for _, c in calls if len(c) == 2 and not c[0].is_joker),
                  "first_hand": first_hand},
        extra={"display": [
            {"type": "facts", "items": [
                {"label": text("Level", "级数"), "value": text(str(level), str(level))},
                {"label": text("Hand", "本局"), "value": text("the first hand" if first_hand else "a later hand",
                                                            "首局" if first_hand else "非首局")}]},
            {"type": "plays", "label": text("Calls, in the order shown", "亮主顺序"), "plays": plays}]})
