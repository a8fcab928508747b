"""Property tests: the three faces of the follow rule agree (SJ-9, SG-5 / SS-5, C-4, SJ-10).

Hands of up to 10 cards are checked exhaustively: every distinct choice of the
lead's size is asked of ``is_legal_follow``, and the answers must be exactly the
plays ``legal_follows`` lists (and counts).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings, strategies as st

from cardlib.cards import DECK_WITH_JOKERS, PLAIN_RANKS, Suit
from cardlib.shengji.combos import classify, find_tractors
from cardlib.shengji.follow import check_follow, is_legal_follow, legal_follows
from cardlib.shengji.leads import check_lead
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext

TWO_DECKS = DECK_WITH_JOKERS * 2


@st.composite
def positions(draw, max_hand=10):
    """A context, a ruleset, a lead (single, pair or tractor, about equally often), a follower's hand."""
    # cards come from a few adjacent ranks and one or two suits, so pairs and tractors are common
    start = draw(st.integers(0, len(PLAIN_RANKS) - 2))
    ranks = PLAIN_RANKS[start:start + draw(st.integers(2, 5))]
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    level = draw(st.sampled_from(ranks) | st.sampled_from(PLAIN_RANKS))
    ctx = TrumpContext(level, draw(st.sampled_from(suits) | st.sampled_from([None, *Suit])))
    rules = get_ruleset(draw(st.sampled_from(["shengji", "shuangsheng"])), {
        "short_tractor_follow": draw(st.sampled_from(["pairs_then_singles", "suit_count_only"])),
        "tractor_adjacency": draw(st.sampled_from(["trump_order", "natural_rank"]))})
    distinct = [c for c in DECK_WITH_JOKERS if c.is_joker or (c.rank in ranks and c.suit in suits)]
    leads = {"single": [[c] for c in distinct], "pair": [[c, c] for c in distinct]}
    for pairs in (2, 3):
        leads[f"tractor{pairs}"] = [[c for c in t for _ in range(2)]
                                    for t in find_tractors(ctx, rules, distinct * 2, pairs)]
    kind = draw(st.sampled_from(sorted(k for k in leads if leads[k])))
    lead = draw(st.sampled_from(leads[kind]))
    left = Counter(distinct * 2) - Counter(lead)
    suit = ctx.effective_suit(lead[0])
    in_suit = sorted((c for c in left if ctx.effective_suit(c) is suit), key=lambda c: c.sort_key)
    others = sorted((c for c in left if ctx.effective_suit(c) is not suit), key=lambda c: c.sort_key)
    chosen = (draw(st.lists(st.sampled_from(in_suit), min_size=min(3, len(in_suit)), max_size=6, unique=True))
              if in_suit else []) + \
        (draw(st.lists(st.sampled_from(others), max_size=4, unique=True)) if others else [])
    hand = []
    for card in chosen:
        hand.extend([card] * min(left[card], draw(st.sampled_from([2, 1]))))
    hand = hand[:max_hand]
    if len(hand) < len(lead):  # top up with single cards nobody holds yet
        spare = [c for c in TWO_DECKS if c not in distinct]
        hand += spare[:len(lead) - len(hand)]
    return ctx, rules, lead, hand


def distinct_choices(hand, size):
    return {tuple(sorted(choice, key=lambda c: c.sort_key)) for choice in combinations(hand, size)}


@settings(max_examples=200, deadline=None)
@given(positions())
def test_sj9_legal_follows_agrees_exhaustively_with_is_legal_follow(position):
    ctx, rules, lead, hand = position
    view = legal_follows(ctx, rules, lead, hand)
    listed = [tuple(p) for p in view]
    assert len(listed) == len(set(listed)) == view.count()
    legal = {p for p in distinct_choices(hand, len(lead)) if is_legal_follow(ctx, rules, lead, hand, list(p))}
    assert set(listed) == legal
    assert all(list(p) in view for p in legal)


@settings(max_examples=200, deadline=None)
@given(positions())
def test_sj9_every_lead_can_be_followed(position):
    ctx, rules, lead, hand = position
    view = legal_follows(ctx, rules, lead, hand)
    assert view.count() >= 1
    assert next(iter(view), None) is not None


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_sj9_check_follow_agrees_with_is_legal_follow_and_cites_a_follow_rule(position, data):
    ctx, rules, lead, hand = position
    play = data.draw(st.sampled_from(sorted(distinct_choices(hand, len(lead)), key=str)))
    verdict = check_follow(ctx, rules, lead, hand, list(play))
    assert verdict.ok == is_legal_follow(ctx, rules, lead, hand, list(play))
    assert verdict.rule.value in ("SJ-9", "SJ-10", "SG-5", "SS-5", "C-3", "C-4")
    assert verdict.reason.en and verdict.reason.zh


@settings(max_examples=200, deadline=None)
@given(positions())
def test_sj6_every_listed_lead_is_a_legal_lead_with_a_shape(position):
    ctx, rules, lead, _hand = position
    assert check_lead(ctx, rules, lead, lead).ok
    assert classify(ctx, rules, lead).kind in ("single", "pair", "tractor")


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_sj10_a_legal_follow_in_the_led_shape_and_suit_never_loses_to_a_lower_lead(position, data):
    """The winner of a two-play trick is the lead or the follow, and a copy of the lead loses (C-1)."""
    ctx, rules, lead, hand = position
    play = data.draw(st.sampled_from([p for p in legal_follows(ctx, rules, lead, hand)]))
    result = find_trick_winner(ctx, rules, [lead, play])
    assert result.winner in (0, 1)
    if sorted(play, key=lambda c: c.sort_key) == sorted(lead, key=lambda c: c.sort_key):
        assert result.winner == 0
