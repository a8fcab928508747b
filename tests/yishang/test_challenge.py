"""The pure challenge functions: outcome (YS-9, YS-15), nearest challenger (YS-14), taker (YS-9)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tests.examples import examples

from cardlib.rule_ids import RuleId
from cardlib.yishang.challenge import challenge_outcome, nearest_challenger, taker
from cardlib.yishang.ranks import ORDER, parse_rank

ranks = st.sampled_from(ORDER)


def test_ys9_the_documents_examples():
    """目标是8: a 7 claimed 10 is caught; an 8 claimed 8 survives; a true 5 below 8 is caught anyway."""
    eight, ten, seven, five = (parse_rank(r) for r in ("8", "10", "7", "5"))
    assert challenge_outcome(eight, ten, seven)[0] is True
    assert challenge_outcome(eight, eight, eight)[0] is False
    assert challenge_outcome(eight, five, five)[0] is True
    assert challenge_outcome(eight, ten, ten)[0] is False


@settings(max_examples=examples(200), deadline=None)
@given(ranks, ranks, ranks)
def test_ys9_outcome_is_lie_or_below_target(target, claim, actual):
    succeeds, reason = challenge_outcome(target, claim, actual)
    assert succeeds == (actual != claim or ORDER.index(actual) < ORDER.index(target))
    assert reason.rule is RuleId.YS_9 and reason.en and reason.zh
    assert ("succeeds" in reason.en) == succeeds and ("成立" in reason.zh) == succeeds


def test_ys9_taker():
    assert taker(1, 2, succeeds=True) == 1
    assert taker(1, 2, succeeds=False) == 2


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, n - 1),
    st.lists(st.integers(0, n - 1), min_size=1, max_size=6))))
def test_ys14_nearest_challenger_in_turn_order(table):
    players, player, seats = table
    seats = [s for s in seats if s != player] or [(player + 1) % players]
    chosen, reason = nearest_challenger(player, seats, players)
    distance = lambda s: (s - player) % players  # noqa: E731
    assert chosen in seats and all(distance(chosen) <= distance(s) for s in seats)
    assert reason.rule is (RuleId.YS_14 if len(set(seats)) > 1 else RuleId.YS_8)


def test_ys14_wraps_around_the_table():
    assert nearest_challenger(2, [1, 0], 3)[0] == 0
    assert nearest_challenger(1, [3, 0], 4)[0] == 3
