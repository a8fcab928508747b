"""Property tests: the three faces of the follow rule agree (SJ-9, SG-5 / SS-5, C-4, SJ-10).

Hands of up to 10 cards are checked exhaustively: every distinct choice of the
lead's size is asked of ``is_legal_follow``, and the answers must be exactly the
plays ``legal_follows`` lists (and counts).  Two generators: mixed positions
(any lead, any ruleset field), and long tractor leads against hands of pairs
holding a shorter tractor, where SG-5's ``tractors_then_pairs`` has a choice to make.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import DECK_WITH_JOKERS, PLAIN_RANKS, Suit
from cardlib.shengji.combos import classify, find_tractors, split_units
from cardlib.shengji.follow import check_follow, is_legal_follow, legal_follows
from cardlib.shengji.leads import check_lead
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext

TWO_DECKS = DECK_WITH_JOKERS * 2
SHORT_TRACTOR_FOLLOWS = ["tractors_then_pairs", "pairs_then_singles", "suit_count_only"]


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
        "short_tractor_follow": draw(st.sampled_from(SHORT_TRACTOR_FOLLOWS)),
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


@st.composite
def short_tractor_positions(draw):
    """A 3- or 4-pair tractor lead, and a hand of pairs of its suit holding a shorter tractor (SG-5).

    The hand holds one pair more than the lead (so the pairs leave a choice), at
    least one 2-pair tractor, and up to 10 cards; the rest of its pairs are random.
    """
    ctx = TrumpContext(draw(st.sampled_from(PLAIN_RANKS)), draw(st.sampled_from([None, *Suit])))
    rules = get_ruleset(draw(st.sampled_from(["shengji", "shuangsheng"])), {
        "short_tractor_follow": draw(st.sampled_from(SHORT_TRACTOR_FOLLOWS)),
        "tractor_adjacency": draw(st.sampled_from(["trump_order", "natural_rank"]))})
    pairs = draw(st.sampled_from([3, 4]))
    leads = [t for t in find_tractors(ctx, rules, DECK_WITH_JOKERS * 2, pairs)]
    lead_top = draw(st.sampled_from(leads))
    lead = [c for c in lead_top for _ in range(2)]
    suit = ctx.effective_suit(lead[0])
    left = sorted((c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is suit and c not in lead_top),
                  key=lambda c: c.sort_key)
    runs = find_tractors(ctx, rules, left * 2, 2)
    if not runs:  # a suit this short has no room for a second tractor: a plain suit instead
        return draw(positions())
    held = list(draw(st.sampled_from(runs)))
    others = [c for c in left if c not in held]
    held += draw(st.lists(st.sampled_from(others), min_size=min(pairs - 1, len(others)),
                          max_size=min(pairs - 1, len(others)), unique=True))
    hand = [c for c in held for _ in range(2)]
    spare = [c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is not suit]
    hand += draw(st.lists(st.sampled_from(spare), max_size=10 - len(hand), unique=True))
    return ctx, rules, lead, hand


def distinct_choices(hand, size):
    return {tuple(sorted(choice, key=lambda c: c.sort_key)) for choice in combinations(hand, size)}


@settings(max_examples=examples(200), deadline=None)
@given(positions() | short_tractor_positions())
def test_sj9_legal_follows_agrees_exhaustively_with_is_legal_follow(position):
    ctx, rules, lead, hand = position
    view = legal_follows(ctx, rules, lead, hand)
    listed = [tuple(p) for p in view]
    assert len(listed) == len(set(listed)) == view.count()
    legal = {p for p in distinct_choices(hand, len(lead)) if is_legal_follow(ctx, rules, lead, hand, list(p))}
    assert set(listed) == legal
    assert all(list(p) in view for p in legal)


@settings(max_examples=examples(200), deadline=None)
@given(positions() | short_tractor_positions())
def test_sj9_every_lead_can_be_followed(position):
    ctx, rules, lead, hand = position
    view = legal_follows(ctx, rules, lead, hand)
    assert view.count() >= 1
    assert next(iter(view), None) is not None


@settings(max_examples=examples(200), deadline=None)
@given(positions() | short_tractor_positions(), st.data())
def test_sj9_check_follow_agrees_with_is_legal_follow_and_cites_a_follow_rule(position, data):
    ctx, rules, lead, hand = position
    play = data.draw(st.sampled_from(sorted(distinct_choices(hand, len(lead)), key=str)))
    verdict = check_follow(ctx, rules, lead, hand, list(play))
    assert verdict.ok == is_legal_follow(ctx, rules, lead, hand, list(play))
    assert verdict.rule.value in ("SJ-9", "SJ-10", "SG-5", "SS-5", "C-3", "C-4", "C-7")
    assert verdict.reason.en and verdict.reason.zh


@settings(max_examples=examples(200), deadline=None)
@given(positions())
def test_sj6_every_listed_lead_is_a_legal_lead_with_a_shape(position):
    ctx, rules, lead, _hand = position
    assert check_lead(ctx, rules, lead, lead).ok
    assert classify(ctx, rules, lead).kind in ("single", "pair", "tractor")


@settings(max_examples=examples(200), deadline=None)
@given(positions(), st.data())
def test_sj10_a_legal_follow_in_the_led_shape_and_suit_never_loses_to_a_lower_lead(position, data):
    """The winner of a two-play trick is the lead or the follow, and a copy of the lead loses (C-1)."""
    ctx, rules, lead, hand = position
    play = data.draw(st.sampled_from([p for p in legal_follows(ctx, rules, lead, hand)]))
    result = find_trick_winner(ctx, rules, [lead, play])
    assert result.winner in (0, 1)
    if sorted(play, key=lambda c: c.sort_key) == sorted(lead, key=lambda c: c.sort_key):
        assert result.winner == 0


@settings(max_examples=examples(200), deadline=None)
@given(short_tractor_positions())
def test_sg5_tractors_then_pairs_keeps_the_most_structure_any_pairs_follow_can(position):
    """tractors_then_pairs allows exactly the pairs_then_singles follows whose units, split longest
    first (``split_units``), are the lexicographically greatest list among them (SG-5 / SS-5)."""
    ctx, rules, lead, hand = position
    strict = rules.with_variant({"short_tractor_follow": "tractors_then_pairs"})
    loose = rules.with_variant({"short_tractor_follow": "pairs_then_singles"})
    suit = ctx.effective_suit(lead[0])

    def units(play):
        in_suit = [c for c in play if ctx.effective_suit(c) is suit]
        return [u.pairs for u in split_units(ctx, rules, in_suit) if u.pairs]

    loose_plays = {tuple(p): units(p) for p in legal_follows(ctx, loose, lead, hand)}
    most = max(loose_plays.values())
    assert {tuple(p) for p in legal_follows(ctx, strict, lead, hand)} == \
        {p for p, found in loose_plays.items() if found == most}
