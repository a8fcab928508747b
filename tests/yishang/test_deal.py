"""Setting up: one 52-card deck, 2-4 players, 7 each (YS-1); the first player by drawing (YS-3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from tests.examples import examples

from cardlib.cards import PLAIN_CARDS
from cardlib.errors import InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.yishang.deal import deal, draw_for_first
from cardlib.yishang.events import EventKind
from cardlib.yishang.ranks import strength
from cardlib.yishang.state import Game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ys1_deal_uses_one_deck_seven_each(players):
    hands, draw_pile = deal(players, random.Random(players))
    assert [len(h) for h in hands] == [7] * players
    assert len(draw_pile) == 52 - 7 * players
    everything = [c for h in hands for c in h] + draw_pile
    assert sorted(everything, key=str) == sorted(PLAIN_CARDS, key=str)


def test_ys1_the_shuffle_is_seeded():
    assert Game.new(3, seed=11).to_dict() == Game.new(3, seed=11).to_dict()
    assert Game.new(3, seed=11).hands != Game.new(3, seed=12).hands


@pytest.mark.parametrize("players", [0, 1, 5, -3, "3", 3.0, True, None])
def test_ys1_player_count_is_2_to_4(players):
    with pytest.raises(InvalidPositionError, match="2 to 4 players"):
        Game.new(players, seed=0)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**9))
def test_ys3_highest_draw_leads_and_ties_draw_again(players, seed):
    first, rounds = draw_for_first(players, random.Random(seed))
    contenders = list(range(players))
    for number, draws in enumerate(rounds):
        assert [seat for seat, _card in draws] == contenders, "only the tied players draw again"
        best = max(strength(card.rank) for _seat, card in draws)
        contenders = [seat for seat, card in draws if strength(card.rank) == best]
        last = number == len(rounds) - 1
        assert (len(contenders) == 1) == last
    assert contenders == [first]


def test_ys3_a_tie_is_drawn_again():
    """Some seed gives a tie; the log of that game shows both rounds of draws."""
    seed = next(s for s in range(1000) if len(draw_for_first(4, random.Random(s))[1]) > 1)
    first, rounds = draw_for_first(4, random.Random(seed))
    assert len(rounds[1]) < 4
    game = Game.new(4, seed=seed)
    event = game.log[1]
    assert event.kind is EventKind.FIRST_PLAYER and event.reason.rule is RuleId.YS_3
    assert event.seat == first == game.next_player
    assert event.reason.en.count(";") == len(rounds) - 1


def test_ys1_ys3_new_game_log():
    game = Game.new(2, seed=3)
    assert [e.kind for e in game.log] == [EventKind.DEAL, EventKind.FIRST_PLAYER]
    assert game.log[0].reason.rule is RuleId.YS_1
    assert str(game.target) == "3" and game.next_face.value == "up" and game.pile == ()
    assert game.card_count() == 52
