"""Grading a seat's plays (cardlib/shengji/review.py): the sampler deals only what the seat could not
rule out, a play that throws points away is a mistake with its loss and the better play, the best
play is graded best, and on a position whose hidden cards are forced the grades are the solver's
double-dummy values.

Rules: SJ-9 (voids and follows the sampler respects), SJ-10, SJ-11, SJ-12 (the values graded)
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from cardlib.cards import parse_cards
from cardlib.errors import InvalidPositionError
from cardlib.shengji.hand import ShengjiHand
from cardlib.shengji.review import (DEALS, INACCURACY_POINTS, MISTAKE_POINTS, Deal, SeatView, grade_of, grade_play,
                                    read_hands_now, read_tricks, review_hand, sample_deals, seat_view)
from cardlib.shengji.endgames import deal_endgame
from cardlib.shengji.follow import is_legal_follow
from cardlib.shengji.simulate import play_random_hand
from cardlib.shengji.solver import EndgameSolver
from cardlib.shengji.trump import EffectiveSuit, TrumpContext

SEEDS = (1, 2)


@cache
def finished(seed: int) -> ShengjiHand:
    return play_random_hand("shengji" if seed % 2 else "shuangsheng", seed=seed)


def play(text: str) -> tuple:
    return tuple(sorted(parse_cards(text), key=lambda c: c.sort_key))


@pytest.mark.parametrize("seed", SEEDS)
def test_sj9_sampled_deals_fit_everything_the_seat_saw(seed: int) -> None:
    hand = finished(seed)
    assert hand.ctx is not None and hand.dealer is not None
    tricks = read_tricks(t.plays for t in hand.tricks)
    kitty = play(" ".join(map(str, hand.buried)))
    for number in (len(tricks) // 2, len(tricks) - 3):  # a middle trick (many voids, many checks) and a late one
        view = seat_view(hand.ctx, tricks, number, 0, kitty if hand.dealer == 0 else None)
        truth = Deal(read_hands_now(tricks, number, 0), kitty)
        for seat in range(1, 4):  # the true deal is one the seat could not rule out
            assert not any(hand.ctx.effective_suit(c) in view.voids[seat] for c in truth.hands[seat])
        deals = sample_deals(hand.ctx, hand.rules, view, 6, seed)
        assert deals and deals == sample_deals(hand.ctx, hand.rules, view, 6, seed)  # the same seed, the same deals
        for deal in deals:
            assert deal.hands[0] == view.hand and [len(h) for h in deal.hands] == list(view.sizes)
            hidden = [c for s in range(1, 4) for c in deal.hands[s]] + ([] if view.kitty is not None else list(deal.kitty))
            assert Counter(hidden) == Counter(view.unseen)  # exactly the cards not seen, none seen
            assert len(deal.kitty) == 8
            for seat in range(1, 4):
                assert not any(hand.ctx.effective_suit(c) in view.voids[seat] for c in deal.hands[seat])
            for seat, lead, made, since in view.checks:  # every past follow to a pair or tractor stays legal
                assert is_legal_follow(hand.ctx, hand.rules, lead, deal.hands[seat] + since, made)


#: East led ♦A, North ♦4, West ♦5; South (the dealer's side; East–West attack) holds ♦10 ♦3.  East then
#: holds ♣3, North ♠A (trump), West ♥4, and the voids South saw leave each hidden card one place to go.
CTX = TrumpContext("2", "S")
FORCED = SeatView(seat=0, hand=play("D10 D3"), leader=1, played=(play("DA"), play("D4"), play("D5")),
                  sizes=(2, 1, 1, 1), unseen=play("C3 SA H4"),
                  voids=(frozenset(), frozenset({EffectiveSuit.HEARTS, EffectiveSuit.TRUMP}),
                         frozenset({EffectiveSuit.CLUBS, EffectiveSuit.HEARTS}),
                         frozenset({EffectiveSuit.CLUBS, EffectiveSuit.TRUMP})),
                  known=((), (), (), ()), kitty=play("C6 C7 C8 D6 D7 D8 H2 H6"))


def test_sj11_the_hidden_cards_forced_every_sampled_deal_is_the_true_one() -> None:
    deals = sample_deals(CTX, "shengji", FORCED, DEALS, 0)
    assert len(deals) == DEALS
    assert {d.hands for d in deals} == {(play("D10 D3"), play("C3"), play("SA"), play("H4"))}


def test_sj11_giving_the_attackers_a_ten_is_a_mistake_with_its_loss_and_the_better_play() -> None:
    deals = sample_deals(CTX, "shengji", FORCED, DEALS, 0)
    grade, loss, best, worse_in = grade_play(CTX, "shengji", 1, FORCED, play("D10"), deals)
    assert (grade, loss, best, worse_in) == ("mistake", 10.0, play("D3"), DEALS)
    # the solver's double-dummy values of the true deal: ♦10 gives East–West 15 points, ♦3 only the ♦5
    values = EndgameSolver(CTX, "shengji", 1, FORCED.kitty).play_values(list(deals[0].hands), 1, list(FORCED.played))
    assert values == {play("D10"): 15, play("D3"): 5}
    assert loss == values[play("D10")] - values[play("D3")]


def test_sj11_the_best_play_is_graded_best_with_no_loss() -> None:
    deals = sample_deals(CTX, "shengji", FORCED, DEALS, 0)
    assert grade_play(CTX, "shengji", 1, FORCED, play("D3"), deals) == ("best", 0.0, None, 0)


def test_sj11_grades_by_the_named_thresholds() -> None:
    assert [grade_of(x) for x in (0, INACCURACY_POINTS - .01, INACCURACY_POINTS, MISTAKE_POINTS - .01,
                                  MISTAKE_POINTS)] == ["best", "best", "inaccuracy", "inaccuracy", "mistake"]


def test_sj11_a_whole_hands_review_is_said_in_players_words_and_within_its_last_cards() -> None:
    hand = finished(SEEDS[0])
    review = review_hand(hand, 0, seed=3)
    first, last = review.tricks
    assert last == len(hand.tricks) and review.single_dummy
    assert sum(len(p) for t in hand.tricks[first - 1:] for s, p in t.plays if s == 0) <= 4
    assert f"{first}–{last}" in review.reason.en and f"第{first}～{last}轮" in review.reason.zh
    for decision in review.decisions:
        assert first <= decision.trick <= last and decision.deals <= DEALS
        assert decision.grade == grade_of(decision.loss) and decision.loss >= 0
        assert (decision.best is None) == (decision.loss == 0)
        assert decision.reason.en.startswith(("Trick", "A mistake", "An inaccuracy"))
        assert f"第{decision.trick}轮" in decision.reason.zh
        for card in decision.played:  # cards as players write them, never the engine's tokens
            assert str(card) not in decision.reason.en and str(card) not in decision.reason.zh


def test_bad_input_is_refused_with_a_clear_error() -> None:
    with pytest.raises(InvalidPositionError, match="seat order"):
        read_tricks([((0, "HA"), (2, "H3"), (1, "HK"), (3, "H4"))])
    with pytest.raises(InvalidPositionError, match="finished hand"):
        review_hand(ShengjiHand("shengji", seed=1))
    with pytest.raises(InvalidPositionError, match="not a legal play"):
        grade_play(CTX, "shengji", 1, FORCED, play("C3"), sample_deals(CTX, "shengji", FORCED, 2, 0))


@pytest.mark.parametrize("seed", range(6))
def test_sj11_the_solvers_value_of_every_play_keeps_its_best_value_and_best_plays(seed: int) -> None:
    game = deal_endgame(seed, 2 + seed % 2, ("shengji", "shuangsheng")[seed % 2], played=seed % 4)
    values = game.solver().play_values(list(game.hands), game.leader, list(game.played))
    solution = game.solve()
    best = (max if game.to_move % 2 == game.attackers else min)(values.values())
    assert best == solution.attacker_points
    assert {p for p, v in values.items() if v == best} == set(solution.best)
