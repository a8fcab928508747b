"""The double-dummy solver (cardlib/shengji/solver.py) against a plain exhaustive minimax written here.

Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6, C-2

The minimax tries every legal play at every turn, with no pruning and no table of positions
(it only remembers the engine's answers: the legal plays of a hand and a trick's winner).  On
random endgames of 1 … 4 tricks under both presets the solver must give the same value and
the same set of best plays; its value never exceeds the points left, and its principal line,
replayed through the engine, scores exactly that value.
"""

from __future__ import annotations


import pytest

from cardlib.cards import Card
from cardlib.errors import InvalidPositionError, RulesetError
from cardlib.shengji import get_ruleset, solve_endgame
from cardlib.shengji.endgames import Endgame, deal_endgame
from cardlib.shengji.scoring import card_points, kitty_score
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext
from tests.shengji.plain_minimax import Minimax

Play = tuple[Card, ...]


def replay(game: Endgame, line: tuple[tuple[int, Play], ...]) -> int:
    """The attackers' points along ``line`` through the engine (SJ-8, SJ-10, SJ-11, SJ-12)."""
    leader, trick, points = game.leader, list(game.played), 0
    hands = [list(h) for h in game.hands]
    for seat, play in line:
        assert seat == (leader + len(trick)) % 4
        for card in play:
            hands[seat].remove(card)
        trick.append(play)
        if len(trick) == 4:
            index = find_trick_winner(game.ctx, game.rules, [list(p) for p in trick]).winner
            winner = (leader + index) % 4
            if winner % 2 == game.attackers:
                points += sum(card_points(c) for p in trick for c in p)
                if not any(hands):
                    points += kitty_score(game.ctx, game.rules, list(game.kitty), [list(p) for p in trick], True,
                                          index)[0]
            leader, trick = winner, []
    assert not any(hands) and not trick
    return points


#: (cards each, plays made to the current trick, positions per preset): 2,000 in all, most of 1-3 tricks
#: (about 15 s a preset on one core; the plain minimax takes the time).
SIZES = [(1, 0, 300), (2, 0, 150), (2, 1, 150), (2, 2, 100), (3, 0, 50), (3, 2, 100), (3, 3, 125), (4, 3, 25)]


def check_position(game: Endgame) -> None:
    solution = game.solve()
    hands, trick = game.hands, game.played
    values = Minimax(game).root(hands, game.leader, trick)
    attackers_move = solution.seat % 2 == game.attackers
    value = (max if attackers_move else min)(values.values())
    assert solution.attacker_points == value, game
    assert set(solution.best) == {p for p, v in values.items() if v == value}, game
    assert len(solution.best) == len(set(solution.best))
    left = sum(card_points(c) for h in hands for c in h) + sum(card_points(c) for p in trick for c in p)
    assert 0 <= solution.attacker_points - kitty_of_line(game, solution.line) <= left, game
    assert replay(game, solution.line) == solution.attacker_points, game


def kitty_of_line(game: Endgame, line: tuple[tuple[int, Play], ...]) -> int:
    """What the kitty adds at the end of ``line``: its points times the multiplier if the attackers
    win the last trick (SJ-12, C-2)."""
    trick = (list(game.played) + [p for _s, p in line])[-4:]
    index = find_trick_winner(game.ctx, game.rules, [list(p) for p in trick]).winner
    if ((line[-1][0] - 3) + index) % 4 % 2 != game.attackers:
        return 0
    return kitty_score(game.ctx, game.rules, list(game.kitty), [list(p) for p in trick], True, index)[0]


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["shengji", "shuangsheng"])
def test_solver_agrees_with_plain_minimax_on_1000_positions(preset: str) -> None:
    """Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6.  Equal values and best sets on 1,000
    random endgames a preset (1 … 4 tricks left); the line replays to the value."""
    count = 0
    for cards, played, n in SIZES:
        for seed in range(n):
            check_position(deal_endgame(seed * 31 + cards * 7 + played, cards, preset, played=played))
            count += 1
    assert count == 1000


def test_solver_agrees_with_plain_minimax_quickly() -> None:
    """Rules: SJ-11, SJ-12.  The same check on a few positions of each size, for the quick run."""
    for preset in ("shengji", "shuangsheng"):
        for cards, played, _n in SIZES:
            for seed in range(3):
                check_position(deal_endgame(10_000 + seed, cards, preset, played=played))


def test_six_tricks_are_solved_in_a_bounded_search() -> None:
    """Rules: SJ-11.  A random 6-trick endgame is solved searching under 100,000 positions (17,000 today; the
    seconds are measured by benchmarks/solver.py, not here), and its line replays to its value."""
    game = deal_endgame(5, 6, "shengji")
    solution = game.solve()
    assert solution.nodes < 100_000
    assert replay(game, solution.line) == solution.attacker_points


def test_bad_positions_are_refused_by_name() -> None:
    """Rules: SJ-1, SJ-9, C-3.  Uneven hands, an illegal play in the trick, a throw ruleset."""
    ctx = TrumpContext("2", "S")
    kitty = "C4 C6 C7 C8 D3 D4 D6 DK"
    with pytest.raises(InvalidPositionError, match="do not fit one trick"):
        solve_endgame(ctx, "shengji", ["HA C5", "HK", "H3 C3", "H4 CK"], 0, attackers="odd", kitty=kitty)
    with pytest.raises(InvalidPositionError, match="does not follow"):
        solve_endgame(ctx, "shengji", ["C5", "H10", "H3 C3", "H4 CK"], 0, ["HA", "CK"], attackers="odd",
                      kitty=kitty)
    with pytest.raises(InvalidPositionError, match="attackers"):
        solve_endgame(ctx, "shengji", ["HA C5", "HK H10", "H3 C3", "H4 CK"], 0, attackers="dealer", kitty=kitty)
    with pytest.raises(RulesetError, match="throws"):
        solve_endgame(ctx, get_ruleset("shengji", {"throws": True}), ["HA", "HK", "H3", "H4"], 0, attackers=1)


@pytest.mark.slow
def test_the_table_key_that_forgets_dead_cards_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules: SJ-6, SJ-10, SJ-11.  Five tricks left (beyond the minimax's reach): the same value and best
    plays with the table keyed by the whole position as with the key that forgets dead cards."""
    from cardlib.shengji.solver import EndgameSolver

    games = [deal_endgame(500 + seed, 5, ("shengji", "shuangsheng")[seed % 2], played=seed % 3) for seed in range(8)]
    forgetting = [(s.attacker_points, s.best) for s in (game.solve() for game in games)]
    monkeypatch.setattr(EndgameSolver, "_position_key", lambda self, hands, leader: (hands, leader))
    assert [(s.attacker_points, s.best) for s in (game.solve() for game in games)] == forgetting
