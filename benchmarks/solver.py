"""Endgame solver benchmark: ``python benchmarks/solver.py [--quick] [--positions N] [--tricks 3 5 8]``.

For each number of tricks left, ``--positions`` random endgames (cardlib/shengji/endgames.py; the
presets alternate, a trick's start): the double-dummy solver's nodes and CPU time per solve (value,
best set and line), p50 and p95; then, in the same run and on the same positions, the plain
exhaustive minimax of tests/shengji/plain_minimax.py (no pruning, no table) where it finishes
within ``--minimax-nodes`` positions: how many finished, and the ratio of its nodes and time to
the solver's on those (median).  Times are CPU time of this process (``time.process_time``), so
other work on a shared machine counts less; the targets (CPython): 5 tricks
left p95 ≤ 200 ms, 8 tricks left p95 ≤ 2 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.shengji.endgames import Endgame, deal_endgame
from cardlib.shengji.rules import PresetName
from tests.shengji.plain_minimax import Minimax, TooBig

TARGETS = {5: 0.2, 8: 2.0}  # p95 seconds
PRESETS: tuple[PresetName, ...] = ("shengji", "shuangsheng")


def percentile(values: Sequence[float], share: float) -> float:
    """The value ``share`` of the way up the sorted list (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def solve_once(game: Endgame) -> tuple[int, float, int]:
    """The solver's nodes and CPU seconds for one position, and its value."""
    start = time.process_time()
    solution = game.solve()
    return solution.nodes, time.process_time() - start, solution.attacker_points


def minimax_once(game: Endgame, limit: int) -> tuple[int, float, int] | None:
    """The plain minimax's nodes, CPU seconds and value, or None past ``limit`` nodes."""
    search = Minimax(game, limit)
    start = time.process_time()
    try:
        values = search.root(game.hands, game.leader, game.played)
    except TooBig:
        return None
    value = (max if game.to_move % 2 == game.attackers else min)(values.values())
    return search.nodes, time.process_time() - start, value


def run(tricks: int, positions: int, limit: int) -> list[str]:
    """One row of figures for ``tricks`` tricks left."""
    nodes: list[int] = []
    seconds: list[float] = []
    ratios_nodes: list[float] = []
    ratios_time: list[float] = []
    finished = 0
    for seed in range(positions):
        game = deal_endgame(seed, tricks, PRESETS[seed % 2])
        n, t, value = solve_once(game)
        nodes.append(n)
        seconds.append(t)
        plain = minimax_once(game, limit)
        if plain is not None:
            finished += 1
            if plain[2] != value:
                raise SystemExit(f"BROKEN: seed {seed}, {tricks} tricks: solver {value}, minimax {plain[2]}")
            ratios_nodes.append(plain[0] / max(n, 1))
            ratios_time.append(plain[1] / max(t, 1e-6))
    target = TARGETS.get(tricks)
    met = target is not None and percentile(seconds, .95) <= target
    verdict = "" if target is None else f"  target p95 ≤ {target:g} s: {'ok' if met else 'OVER'}"
    rows = [f"{tricks} tricks left, {positions} positions{verdict}",
            f"  solver: nodes p50 {percentile(nodes, .5):,.0f} p95 {percentile(nodes, .95):,.0f}; "
            f"time p50 {percentile(seconds, .5) * 1000:.1f} ms p95 {percentile(seconds, .95) * 1000:.1f} ms"]
    if finished:
        rows.append(f"  plain minimax finished {finished} of {positions} (within {limit:,} nodes): its nodes "
                    f"{statistics.median(ratios_nodes):,.1f}× and its time {statistics.median(ratios_time):,.1f}× "
                    f"the solver's (median)")
    else:
        rows.append(f"  plain minimax finished 0 of {positions} (within {limit:,} nodes)")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="random endgames per size (default 40)")
    parser.add_argument("--tricks", type=int, nargs="+", default=[3, 5, 8], help="tricks left (default 3 5 8)")
    parser.add_argument("--minimax-nodes", type=int, default=200_000,
                        help="the plain minimax gives up past this many positions (default 200,000)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 positions of 2 and 3 tricks")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.tricks, args.minimax_nodes = 2, [2, 3], 20_000
    for tricks in args.tricks:
        print("\n".join(run(tricks, args.positions, args.minimax_nodes)), flush=True)


if __name__ == "__main__":
    main()
