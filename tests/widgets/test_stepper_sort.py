"""The stepper sends hands sorted as players hold them (the engine's order, never the browser's).

升级: at every step, trumps (jokers, level cards, the trump suit) come first and together, then each
other suit in one run, each run high to low; during the deal the order follows the suit called so
far.  一上一下: by rank, 3 up to 2.  Sorting keeps every card.

Rules: SJ-4, SJ-5 (what is trump, in what order), SG-1 / SS-1 (the call during the deal), YS-2 (ranks).
"""

from __future__ import annotations

from collections import Counter
from itertools import groupby

import pytest

from cardlib.cards import parse_cards
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.trump import EffectiveSuit, TrumpContext
from cardlib.yishang import get_ruleset as yishang_ruleset
from cardlib.yishang.ranks import strength
from widgets.stepper import play_shengji_hand, shengji_steps, yishang_steps


def _trump_at(steps: list[dict], index: int) -> str | None:
    """The trump a player sorts by at step ``index``: the fixed trump, else the last call's suit."""
    state = steps[index]["state"]
    if state["trump"] is not None:
        return state["trump"]
    calls = [s for s in steps[:index + 1] if s["kind"] == "call"]
    if not calls:
        return None
    shown = parse_cards(" ".join(calls[-1]["cards"]))
    return "none" if shown[0].suit is None else shown[0].suit.value


def _assert_held(cards: list[str], ctx: TrumpContext) -> None:
    parsed = parse_cards(" ".join(cards))
    suits = [ctx.effective_suit(c) for c in parsed]
    runs = [suit for suit, _ in groupby(suits)]
    assert len(runs) == len(set(runs)), f"a suit is split: {cards}"
    if EffectiveSuit.TRUMP in runs:
        assert runs[0] is EffectiveSuit.TRUMP, f"trumps are not first: {cards}"
    for _suit, run in groupby(parsed, key=ctx.effective_suit):
        strengths = [ctx.strength(c) for c in run]
        assert strengths == sorted(strengths, reverse=True), f"not high to low: {cards}"


@pytest.mark.parametrize(("preset", "seed"), [("shengji", 3), ("shengji", 7), ("shuangsheng", 11)])
def test_sj5_every_hand_of_every_step_is_held_trumps_first_then_suits_high_to_low(preset, seed):
    steps = shengji_steps(get_ruleset(preset), seed)
    level = steps[0]["state"]["level"]
    for index, step in enumerate(steps):
        ctx = TrumpContext(level, _trump_at(steps, index))
        for hand in [*step["state"]["hands"], step["state"]["kitty"], step["state"]["buried"]]:
            _assert_held(hand, ctx)


def test_sg1_during_the_deal_the_called_suit_is_held_with_the_trumps():
    steps = shengji_steps(get_ruleset("shengji"), 3)
    calls = [i for i, s in enumerate(steps) if s["kind"] == "call"]
    assert [steps[i]["cards"] for i in calls] == [["C2"], ["S2", "S2"]]  # North calls ♣2, South overrides
    before = steps[calls[1] - 1]["state"]  # ♣2 stands, trump not fixed yet
    assert before["trump"] is None
    north = [c for c in before["hands"][2] if c not in ("BJ", "LJ") and c[1:] != "2"]  # past jokers and 2s
    suits = [suit for suit, _ in groupby(c[0] for c in north)]
    assert suits[0] == "C" and len(suits) == len(set(suits)), north  # clubs held with the trumps


def test_sj5_sorting_keeps_every_card_the_engine_dealt():
    hand = play_shengji_hand(get_ruleset("shengji"), 7)
    snaps = [snap for _event, snap in hand.history()]
    steps = shengji_steps(get_ruleset("shengji"), 7)
    last = snaps[-1]
    for seat, cards in enumerate(steps[-1]["state"]["hands"]):
        assert Counter(cards) == Counter(str(c) for c in last.hands[seat])


@pytest.mark.parametrize("seed", [5, 6])
def test_ys2_yishang_hands_are_held_by_rank_3_up_to_2(seed):
    for step in yishang_steps(yishang_ruleset(), seed):
        for cards in step["state"]["hands"]:
            ranks = [strength(c.rank) for c in parse_cards(" ".join(cards))] if cards else []
            assert ranks == sorted(ranks), f"not by rank: {cards}"
