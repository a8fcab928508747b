"""Engine benchmarks: ``python benchmarks/engine.py [--quick]``.

One script, one section per measured thing; each section prints median and p95
per call on real deals (two decks, four hands of 25).  Targets:
``is_legal_follow`` median ≤ 50 µs, ``legal_follows(...).count()`` p95 ≤ 5 ms.

To add a measurement, write a function ``(config) -> list[str]`` (the lines to
print) and append it to :data:`SECTIONS`, e.g. simulated hands per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.cards import DECK_WITH_JOKERS, PLAIN_RANKS, Card, Suit
from cardlib.shengji.combos import classify
from cardlib.shengji.follow import check_follow, is_legal_follow, legal_follows
from cardlib.shengji.leads import legal_leads
from cardlib.shengji.rules import SHENGJI, Ruleset, get_ruleset
from cardlib.shengji.simulate import simulate
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext
from cardlib.yishang.simulate import run as run_yishang_games

LEAD_KINDS = ("single", "pair", "tractor")


@dataclass(frozen=True)
class Config:
    """How much to measure: positions per lead kind, and the random seed."""

    positions: int
    seed: int


@dataclass(frozen=True)
class Position:
    """One trick's worth of a real deal: a lead of one kind and the three other 25-card hands."""

    ctx: TrumpContext
    rules: Ruleset
    lead: list[Card]
    hands: list[list[Card]]


def deal_positions(kind: str, count: int, rng: random.Random, rules: Ruleset = SHENGJI) -> list[Position]:
    """``count`` positions whose lead is a ``kind`` taken from the leader's 25 dealt cards."""
    found: list[Position] = []
    while len(found) < count:
        deck = list(DECK_WITH_JOKERS) * 2
        rng.shuffle(deck)
        hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
        ctx = TrumpContext(rng.choice(PLAIN_RANKS), rng.choice([None, *Suit]))
        leads = [lead for lead in legal_leads(ctx, rules, hands[0]) if classify(ctx, rules, lead).kind == kind]
        if leads:
            found.append(Position(ctx, rules, rng.choice(leads), hands[1:]))
    return found


def time_calls(call: Callable[[], object], repeat: int = 3) -> float:
    """Seconds per call: the best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def summary(name: str, seconds: list[float], target: tuple[str, float] | None = None) -> str:
    """``name  median … p95 …`` in µs, with the target and whether it is met."""
    ordered = sorted(seconds)
    median = statistics.median(ordered) * 1e6
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1e6
    line = f"  {name:<34} median {median:9.1f} µs   p95 {p95:9.1f} µs   (n={len(ordered)})"
    if target:
        which, limit = target
        value = median if which == "median" else p95
        line += f"   target {which} ≤ {limit:g} µs: {'met' if value <= limit else 'MISSED'}"
    return line


def some_plays(position: Position, rng: random.Random) -> list[tuple[list[Card], list[Card]]]:
    """(hand, play) pairs: for each hand one legal follow and one random choice of cards."""
    pairs = []
    for hand in position.hands:
        legal = next(iter(legal_follows(position.ctx, position.rules, position.lead, hand)))
        pairs.append((hand, legal))
        pairs.append((hand, rng.sample(hand, len(position.lead))))
    return pairs


def bench_follow_checks(config: Config) -> list[str]:
    """``is_legal_follow`` and ``check_follow`` on 25-card hands, per lead kind."""
    rng = random.Random(config.seed)
    lines = ["is_legal_follow / check_follow (25-card hands, legal and random plays):"]
    for kind in LEAD_KINDS:
        cases = [(p, hand, play) for p in deal_positions(kind, config.positions, rng)
                 for hand, play in some_plays(p, rng)]
        for name, function, target in (("is_legal_follow", is_legal_follow, ("median", 50.0)),
                                       ("check_follow", check_follow, None)):
            # each lambda is timed at once, inside its own iteration (B023 does not apply)
            seconds = [time_calls(lambda: function(p.ctx, p.rules, p.lead, hand, play))  # noqa: B023
                       for p, hand, play in cases]
            lines.append(summary(f"{name} vs {kind}", seconds, target))
    return lines


def bench_count(config: Config) -> list[str]:
    """``legal_follows(...).count()`` (view built and counted) on 25-card hands, per lead kind."""
    rng = random.Random(config.seed + 1)
    lines = ["legal_follows(...).count():"]
    for kind in LEAD_KINDS:
        positions = deal_positions(kind, config.positions, rng)
        seconds = [time_calls(lambda: legal_follows(p.ctx, p.rules, p.lead, hand).count())  # noqa: B023 (timed at once)
                   for p in positions for hand in p.hands]
        lines.append(summary(f"count vs {kind}", seconds, ("p95", 5000.0)))
    return lines


def bench_trick_winner(config: Config) -> list[str]:
    """``find_trick_winner`` on whole tricks of legal follows, per lead kind."""
    rng = random.Random(config.seed + 2)
    lines = ["find_trick_winner (four plays):"]
    for kind in LEAD_KINDS:
        tricks = []
        for p in deal_positions(kind, config.positions, rng):
            follows = [rng.choice(list(legal_follows(p.ctx, p.rules, p.lead, hand))[:200]) for hand in p.hands]
            tricks.append((p, [p.lead, *follows]))
        seconds = [time_calls(lambda: find_trick_winner(p.ctx, p.rules, plays))  # noqa: B023 (timed at once)
                   for p, plays in tricks]
        lines.append(summary(f"trick winner, {kind} lead", seconds))
    return lines


#: The measured things, in order.  Append a ``(config) -> list[str]`` to add one.
SECTIONS: list[Callable[[Config], list[str]]] = [bench_follow_checks, bench_count, bench_trick_winner]


def bench_simulated_hands(config: Config) -> list[str]:
    """Whole hands between random legal players (``cardlib.shengji.simulate``), per preset."""
    hands = 2 * config.positions
    lines = [f"simulated hands per second ({hands} whole hands, invariants checked after every action):"]
    for preset in ("shengji", "shuangsheng"):
        start = time.perf_counter()
        report = simulate(get_ruleset(preset), hands, config.seed)
        rate = hands / (time.perf_counter() - start)
        lines.append(f"  {preset:<34} {rate:9.1f} hands/s   target ≥ 50: {'met' if rate >= 50 else 'MISSED'}"
                     f"   invariants: {'held' if report.ok else 'BROKEN'}")
    return lines


SECTIONS.append(bench_simulated_hands)


def bench_yishang_games(config: Config) -> list[str]:
    """Whole 一上一下 games between the simple bots, 3 and 4 players: with the invariants checked
    after every action (``python -m cardlib simulate --game yishang``) and with play alone."""
    games = 5 * config.positions
    lines = [f"一上一下 games per second ({games} whole games per table, bots bluffing 20%, challenging 25%):"]
    for players in (3, 4):
        for every_action, label in ((True, "invariants after every action"), (False, "play only")):
            report = run_yishang_games(games, config.seed, players, every_action=every_action)
            lines.append(f"  {players} players, {label:<30} {report['games_per_second']:9.1f} games/s"
                         f"   median {report['median_actions']} actions"
                         f"   invariants: {'held' if not report['failures'] else 'BROKEN'}"
                         f"   no winner within {report['max_actions']}: {report['no_winner']}")
    return lines


SECTIONS.append(bench_yishang_games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few positions, for a smoke run")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    config = Config(positions=10 if args.quick else 100, seed=args.seed)
    for section in SECTIONS:
        print("\n".join(section(config)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
