"""Bot benchmarks: ``python benchmarks/bots.py [--quick] [--hands N] [--games N]``.

升级: for each preset, ``--hands`` hands (default 2,000) between the bot team (South and North)
and random players (East and West), through the simulator (every action checked): the bot
team's share of hands with more points, mean points per hand of each team, the share of hands
it won (attackers reaching the take-over line, defenders holding them below), the attackers'
mean when the bots attack and when the random players do, and the time per bot decision
(median and p95, by kind).

一上一下: ``--games`` games (default 2,000) for 2, 3 and 4 players, one TutorBot against the
rate-driven Bot (its seat rotating): its win share against the fair share, games without a
winner, and the time per TutorBot decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from collections.abc import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.explain import Reason
from cardlib.shengji.bots import ShengjiBot, match
from cardlib.shengji.hand import ShengjiHand
from cardlib.shengji.rules import get_ruleset
from cardlib.yishang.actions import Play
from cardlib.yishang.bots import Bot
from cardlib.yishang.state import Game
from cardlib.yishang.tutor_bots import Controller, TutorBot, play_mixed_game


class TimedBot(ShengjiBot):
    """The bot, timing each decision by kind (seconds)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: dict[str, list[float]] = defaultdict(list)

    def _timed(self, kind: str, start: float) -> None:
        self.times[kind].append(time.perf_counter() - start)

    def decide_call(self, hand: ShengjiHand, seat: int) -> Any:
        start = time.perf_counter()
        result = super().decide_call(hand, seat)
        self._timed("call", start)
        return result

    def decide_burial(self, hand: ShengjiHand) -> Any:
        start = time.perf_counter()
        result = super().decide_burial(hand)
        self._timed("bury", start)
        return result

    def decide_lead(self, hand: ShengjiHand, seat: int) -> Any:
        start = time.perf_counter()
        result = super().decide_lead(hand, seat)
        self._timed("lead", start)
        return result

    def decide_follow(self, hand: ShengjiHand, seat: int) -> Any:
        start = time.perf_counter()
        result = super().decide_follow(hand, seat)
        self._timed("follow", start)
        return result


class TimedTutor(TutorBot):
    """The tutor bot, timing each decision (seconds) into a shared list."""

    def __init__(self, times: list[float]) -> None:
        super().__init__()
        object.__setattr__(self, "_times", times)

    def decide_play(self, game: Game) -> tuple[Play, Reason]:
        start = time.perf_counter()
        result = super().decide_play(game)
        self._times.append(time.perf_counter() - start)  # type: ignore[attr-defined]
        return result

    def decide_challenge(self, game: Game, seat: int) -> tuple[bool, Reason]:
        start = time.perf_counter()
        result = super().decide_challenge(game, seat)
        self._times.append(time.perf_counter() - start)  # type: ignore[attr-defined]
        return result


def _spread(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered) * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms ({len(ordered)} decisions)"


def shengji_section(hands: int, seed: int) -> list[str]:
    lines = [f"升级: bot team (South, North) against random players (East, West), {hands} hands per preset"]
    for preset in ("shengji", "shuangsheng"):
        bot = TimedBot()
        start = time.perf_counter()
        report = match(get_ruleset(preset), hands, seed, bot=bot)
        seconds = time.perf_counter() - start
        bots, others = report.mean_points
        attack_bots, attack_others = report.attack_means()
        attacked = sum(report.attacking)
        checks = "all held" if report.checks.ok else f"FAILED {report.checks.failures}"
        lines += [
            f"  {preset}: invariants (legal actions, ended hands, 200 points) {checks}",
            f"    hands where the bot team took more points: {report.more_share:.1%}",
            f"    mean points per hand: bots {bots:.1f}, random {others:.1f}",
            f"    hands won by the bot team: {report.hand_win_share:.1%} "
            f"(take-over line {report.takeover_line})",
            f"    attackers' mean: bots attacking {attack_bots:.1f} ({attacked} hands), "
            f"random attacking {attack_others:.1f} ({report.hands - attacked} hands)",
        ]
        all_times = [t for times in bot.times.values() for t in times]
        plays = bot.times["lead"] + bot.times["follow"]
        lines.append(f"    time per bot decision, all (a call is weighed at each card dealt): {_spread(all_times)}")
        lines.append(f"    time per bot play (leads and follows): {_spread(plays)}")
        for kind in ("call", "bury", "lead", "follow"):
            lines.append(f"      {kind}: {_spread(bot.times[kind])}")
        lines.append(f"    {report.hands / seconds:.1f} hands per second")
    return lines


def mirror_section(hands: int, seed: int) -> list[str]:
    """Bots against bots: a sanity check that the measure is fair (about even)."""
    lines = [f"升级: bots against bots, {hands} hands per preset (a fair measure gives about even)"]
    for preset in ("shengji", "shuangsheng"):
        report = match(get_ruleset(preset), hands, seed, opponent=ShengjiBot())
        bots, others = report.mean_points
        attack_bots, attack_others = report.attack_means()
        lines.append(f"  {preset}: South-North took more points in {report.more_share:.1%} of hands; mean points "
                     f"{bots:.1f} against {others:.1f}; attackers' mean {attack_bots:.1f} / {attack_others:.1f}; "
                     f"invariants {'all held' if report.checks.ok else 'FAILED'}")
    return lines


def yishang_section(games: int, seed: int) -> list[str]:
    lines = [f"一上一下: one TutorBot against Bots (seat rotating), {games} games per table size"]
    times: list[float] = []
    for players in (2, 3, 4):
        wins = none = 0
        start = time.perf_counter()
        for i in range(games):
            seat = i % players
            seats: list[Controller] = [Bot()] * players
            seats[seat] = TimedTutor(times)
            result = play_mixed_game(seats, seed + i)
            wins += result.winner == seat
            none += result.winner is None
        seconds = time.perf_counter() - start
        lines.append(f"  {players} players: TutorBot wins {wins / games:.1%} (fair {1 / players:.1%}), "
                     f"no winner {none}, {games / seconds:.0f} games per second")
    lines.append(f"  time per TutorBot decision: {_spread(times)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="100 hands and 200 games (a smoke run)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    hands, games = (100, 200) if args.quick else (args.hands, args.games)
    sections: list[tuple[Callable[[int, int], list[str]], int]] = [
        (shengji_section, hands), (mirror_section, hands // 4), (yishang_section, games)]
    for section, size in sections:
        for line in section(size, args.seed):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
