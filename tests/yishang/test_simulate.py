"""``python -m cardlib simulate --game yishang``: bots, invariants, measured endings.

Rules: YS-1 (cards conserved), YS-12 (winners), YS-13 (faces), YS-16 (stall rule; games that need not end).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from cardlib.errors import CardlibError
from cardlib.yishang import Game, get_ruleset
from cardlib.yishang.bots import Bot
from cardlib.yishang.simulate import check_invariants, main, play_game, run


def args(**overrides) -> argparse.Namespace:
    values = {"games": 20, "seed": 3, "players": 3, "ruleset": None}
    values.update(overrides)
    return argparse.Namespace(**values)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_command_reports_invariants_and_speed(players, capsys):
    assert main(args(players=players)) == 0
    out = capsys.readouterr().out
    assert "all held" in out and "games/s" in out and f"{players} players" in out


@pytest.mark.parametrize("overrides, message", [({"players": 5}, "2 to 4 players"), ({"players": 1}, "2 to 4"),
                                                ({"ruleset": "shengji"}, "unknown ruleset"),
                                                ({"games": 0}, "at least 1")])
def test_simulate_command_bad_arguments_exit_2(overrides, message, capsys):
    assert main(args(**overrides)) == 2
    assert message in capsys.readouterr().out


def test_simulate_through_python_m_cardlib():
    done = subprocess.run([sys.executable, "-m", "cardlib", "simulate", "--game", "yishang", "--games", "5",
                           "--players", "4", "--seed", "9"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "all held" in done.stdout


def test_ys16_always_bluffing_always_challenging_bots_need_not_finish():
    """Measured, not assumed: such bots play 2-player games that reach no winner in 400 actions."""
    summary = run(10, 0, 2, bot=Bot(bluff_rate=1.0, challenge_rate=1.0), max_actions=400)
    assert summary["no_winner"] > 0 and summary["failures"] == []
    with_rule = run(10, 0, 2, get_ruleset("yishang-fewest"), Bot(bluff_rate=1.0, challenge_rate=1.0), max_actions=10**6)
    assert with_rule["no_winner"] == 0 and with_rule["wins_by_fewest_cards"] > 0


def test_the_same_seed_plays_the_same_game():
    assert play_game(3, 42) == play_game(3, 42)


def test_invariant_checks_can_fail():
    game = Game.new(3, seed=1)
    assert check_invariants(game) == []
    game._hands[0].pop()  # a lost card
    assert any(p.startswith("YS-1") for p in check_invariants(game))
    game = Game.new(3, seed=1)
    game._hands[0].append(game._hands[1][0])  # a duplicated card
    assert any(p.startswith("YS-1") for p in check_invariants(game))


@pytest.mark.parametrize("rate", [-0.1, 1.5, "0.5"])
def test_bot_rates_are_probabilities(rate):
    with pytest.raises(CardlibError, match="probability"):
        Bot(bluff_rate=rate)
