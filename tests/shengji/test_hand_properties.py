"""Property tests over random seeds: SJ-1 cards conserved, SJ-11 200 points, SJ-9 a legal play
always exists, SG-E1 hands terminate, and refused actions leave the hand unchanged."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import DECK_WITH_JOKERS
from cardlib.errors import CardlibError
from cardlib.shengji.follow import legal_follows
from cardlib.shengji.hand import ShengjiHand
from cardlib.shengji.leads import legal_leads
from cardlib.shengji.player import RandomPlayer
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.simulate import Report, play_hand, step_hand

SEEDS = st.integers(min_value=0, max_value=2**32)
RULES = st.sampled_from([get_ruleset("shengji"), get_ruleset("shuangsheng"),
                         get_ruleset("shengji", {"no_call": "redeal", "kitty_multiplier": "doubling"}),
                         get_ruleset("shuangsheng", {"takeover_line": 85, "joker_call_trump": "previous_suit"})])
LEVELS = st.sampled_from(["2", "5", "10", "K", "A"])


@settings(max_examples=examples(25), deadline=None)
@given(rules=RULES, seed=SEEDS, dealer=st.integers(0, 3), levels=st.tuples(LEVELS, LEVELS))
def test_sj1_sj11_sg_e1_whole_hands_keep_every_invariant(rules, seed, dealer, levels):
    hand = ShengjiHand(rules, levels, dealer, seed)
    report = Report()
    assert play_hand(hand, [RandomPlayer(random.Random(seed + i)) for i in range(4)], report)
    assert report.ok, report.failures
    assert hand.result is not None and hand.result.attacker_points >= 0


@settings(max_examples=examples(40), deadline=None)
@given(rules=RULES, seed=SEEDS, steps=st.integers(0, 250), data=st.data())
def test_a_refused_random_action_leaves_the_hand_unchanged(rules, seed, steps, data):
    hand = ShengjiHand(rules, ("2", "2"), data.draw(st.integers(0, 3)), seed)
    players = [RandomPlayer(random.Random(seed)) for _ in range(4)]
    for _ in range(steps):
        if hand.phase == "over":
            break
        step_hand(hand, players, Report())
    seat = data.draw(st.integers(0, 3))
    cards = data.draw(st.lists(st.sampled_from(DECK_WITH_JOKERS), min_size=0, max_size=4))
    action = data.draw(st.sampled_from(["play", "call", "bury", "deal_card", "close_calls"]))
    before, log = hand.snapshot(), list(hand.log)
    args = {"play": (seat, cards), "call": (seat, cards), "bury": (cards,), "deal_card": (), "close_calls": ()}
    try:
        getattr(hand, action)(*args[action])
    except CardlibError:
        assert hand.snapshot() == before and hand.log == log


@settings(max_examples=examples(30), deadline=None)
@given(rules=RULES, seed=SEEDS, tricks=st.integers(0, 24))
def test_sj9_a_legal_play_always_exists_and_is_accepted(rules, seed, tricks):
    hand = ShengjiHand(rules, ("2", "2"), seed % 4, seed)
    players = [RandomPlayer(random.Random(seed)) for _ in range(4)]
    while hand.phase != "play":
        step_hand(hand, players, Report())
    while len(hand.tricks) < tricks and hand.phase == "play":
        seat = hand.to_act
        if hand.lead is None:
            leads = list(legal_leads(hand.ctx, rules, hand.hands[seat]))
            assert leads and all(hand.check_play(seat, lead) for lead in leads[:10])
            hand.play(seat, random.Random(seed).choice(leads))
        else:
            follows = legal_follows(hand.ctx, rules, list(hand.lead), hand.hands[seat])
            first = next(iter(follows))
            assert follows.count() >= 1 and hand.check_play(seat, first)
            hand.play(seat, first)
