"""``python -m cardlib simulate``: invariants (SJ-1, SJ-8, SJ-9, SJ-11, SJ-13, SG-E1) reported per
invariant, exit 1 when one fails."""

from __future__ import annotations

import argparse

import pytest

from cardlib.__main__ import main as cli_main
from cardlib.shengji import simulate as simulate_module
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.simulate import INVARIANTS, main, simulate


@pytest.mark.parametrize("preset", ["shengji", "shuangsheng"])
def test_sj1_sj11_random_hands_keep_every_invariant(preset):
    report = simulate(get_ruleset(preset), 12, seed=1)
    assert report.hands == 12 and report.ok, report.failures


def test_the_same_seed_plays_the_same_hands():
    a = simulate(get_ruleset("shengji"), 3, seed=5)
    b = simulate(get_ruleset("shengji"), 3, seed=5)
    assert (a.hands, a.games_finished, a.failures) == (b.hands, b.games_finished, b.failures)


def test_command_prints_each_invariant_and_the_speed(capsys):
    assert cli_main(["simulate", "--games", "3", "--seed", "1", "--ruleset", "shuangsheng"]) == 0
    out = capsys.readouterr().out
    assert "simulate shuangsheng: 3 hands" in out and "hands per second" in out
    assert all(f"ok    {text}" in out for text in INVARIANTS.values())


def test_sj11_a_broken_invariant_is_reported_and_exits_1(monkeypatch, capsys):
    monkeypatch.setattr(simulate_module, "TOTAL_POINTS", 199)
    assert main(argparse.Namespace(games=2, seed=1, ruleset=None)) == 1
    assert f"FAIL  {INVARIANTS['points']}" in capsys.readouterr().out


def test_sj1_a_lost_card_is_caught_after_the_action(monkeypatch, capsys):
    original = simulate_module.ShengjiHand.all_cards
    monkeypatch.setattr(simulate_module.ShengjiHand, "all_cards", lambda self: original(self)[1:])
    assert main(argparse.Namespace(games=1, seed=1, ruleset="shengji")) == 1
    assert f"FAIL  {INVARIANTS['cards']}" in capsys.readouterr().out


@pytest.mark.parametrize("games, ruleset", [(0, None), (2, "poker")])
def test_bad_arguments_are_clear(games, ruleset, capsys):
    assert main(argparse.Namespace(games=games, seed=1, ruleset=ruleset)) == 2
    assert capsys.readouterr().out.strip()
