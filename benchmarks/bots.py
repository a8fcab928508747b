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

Sparring levels, each figure beside its reference, the current (beginner's) bots, on
the same deals in the same run:

- 升级 (``sparring-shengji``, ``--preset`` for one preset): the strong bots (SparringShengjiBot)
  as one team against the current bots, ``--hands`` hands a preset, half of them from each pair
  of seats: mean points per hand (tricks, and the kitty for the attackers), hands won, hands with
  more points; the reference is the current bots against themselves (North-South against
  East-West) on the first half of the same deals, which shows how even the measure is;
- 一上一下 (``sparring-yishang``): one strong bot (SparringBot) against current TutorBots,
  ``--games`` games per table size (seats rotating), its win share beside a TutorBot's in the
  same seat; and the always-bluff-high script (BluffHigh) against the strong bots and, for
  reference, against the current ones: its win share must stay within its fair share plus 5 in
  100 against the strong bots.

``--section`` runs some sections only (``shengji``, ``mirror``, ``yishang``, ``sparring-shengji``,
``sparring-yishang``; all by default), so the long ones can run side by side.
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
from cardlib.yishang.sparring import BluffHigh, SparringBot, win_shares
from cardlib.yishang.tutor_bots import Controller, TutorBot, play_mixed_game
from cardlib.shengji.sparring import SparringShengjiBot


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


def _sparring_match(preset: str, hands: int, seed: int, strong: bool) -> tuple[float, float, float, float, int]:
    """``hands`` hands (half from each pair of seats) of a team (strong or current bots) against
    the current bots: its mean points, theirs, its share of hands won and of hands with more
    points, and the hands played.  The simulator checks every action."""
    points = [0.0, 0.0]
    won = more = played = 0
    for seats, count in (((0, 2), hands // 2), ((1, 3), hands - hands // 2)):
        team = SparringShengjiBot() if strong else ShengjiBot()
        report = match(get_ruleset(preset), count, seed, bot_seats=seats, bot=team, opponent=ShengjiBot())
        if not report.checks.ok:
            raise SystemExit(f"{preset}: invariants failed: {report.checks.failures}")
        mine, theirs = report.mean_points
        points[0] += mine * report.hands
        points[1] += theirs * report.hands
        won += round(report.hand_win_share * report.hands)
        more += round(report.more_share * report.hands)
        played += report.hands
    return points[0] / played, points[1] / played, won / played, more / played, played


def sparring_shengji_section(hands: int, seed: int, presets: tuple[str, ...] = ("shengji", "shuangsheng")) -> list[str]:
    """The strong 升级 bots against the current ones, beside the current bots against themselves."""
    lines = [f"升级 sparring: strong bots (one team) against the current bots, {hands} hands per preset "
             "(half from each pair of seats); reference: the current bots against themselves on the first half "
             "of the same deals (North-South against East-West: as even as the measure is)"]
    for preset in presets:
        start = time.perf_counter()
        strong = _sparring_match(preset, hands, seed, strong=True)
        strong_time = time.perf_counter() - start
        mirror = match(get_ruleset(preset), hands // 2, seed, opponent=ShengjiBot())
        if not mirror.checks.ok:
            raise SystemExit(f"{preset}: invariants failed: {mirror.checks.failures}")
        north, east = mirror.mean_points
        lines += [
            f"  {preset}: {strong[4]} hands, invariants all held",
            f"    mean points per hand:     strong {strong[0]:.1f} vs current {strong[1]:.1f} "
            f"(difference {strong[0] - strong[1]:+.1f})   | reference current {north:.1f} vs current "
            f"{east:.1f} ({north - east:+.1f})",
            f"    hands won:                strong team {strong[2]:.1%}   | reference {mirror.hand_win_share:.1%}",
            f"    hands with more points:   strong team {strong[3]:.1%}   | reference {mirror.more_share:.1%}",
            f"    {strong[4] / strong_time:.1f} hands per second with the strong team",
        ]
    return lines


def sparring_yishang_section(games: int, seed: int) -> list[str]:
    """The strong 一上一下 bot against the current ones, and the bluff-high script against both."""
    lines = [f"一上一下 sparring: {games} games per table size, seats rotating; each figure beside its "
             "reference (the current TutorBot in the same seat)"]
    for players in (2, 3, 4):
        fair = 1 / players
        start = time.perf_counter()
        strong = win_shares([SparringBot()] + [TutorBot()] * (players - 1), games, seed)[0]
        seconds = time.perf_counter() - start
        current = win_shares([TutorBot()] * players, games, seed)[0]
        high_strong = win_shares([BluffHigh()] + [SparringBot()] * (players - 1), games, seed)[0]
        high_current = win_shares([BluffHigh()] + [TutorBot()] * (players - 1), games, seed)[0]
        bound = fair + 0.05
        lines += [
            f"  {players} players (fair share {fair:.1%}):",
            f"    one strong bot against current bots wins {strong:.1%}   | reference: a current bot {current:.1%}",
            f"    always-bluff-high against strong bots wins {high_strong:.1%} (bound {bound:.1%}: "
            f"{'held' if high_strong <= bound else 'EXCEEDED'})   | reference: against current bots {high_current:.1%}",
            f"    {games / seconds:.0f} games per second with a strong bot",
        ]
    return lines


SECTIONS: dict[str, tuple[Callable[[int, int], list[str]], str]] = {
    "shengji": (shengji_section, "hands"), "mirror": (mirror_section, "mirror"), "yishang": (yishang_section, "games"),
    "sparring-shengji": (sparring_shengji_section, "hands"), "sparring-yishang": (sparring_yishang_section, "games")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="100 hands and 200 games (a smoke run)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--preset", action="append", choices=["shengji", "shuangsheng"],
                        help="sparring-shengji: this preset only (repeatable; both by default)")
    parser.add_argument("--section", action="append", choices=sorted(SECTIONS),
                        help="run this section only (repeatable; all by default)")
    args = parser.parse_args(argv)
    hands, games = (100, 200) if args.quick else (args.hands, args.games)
    sizes = {"hands": hands, "mirror": hands // 4, "games": games}
    for name in args.section or list(SECTIONS):
        section, size = SECTIONS[name]
        if name == "sparring-shengji" and args.preset:
            lines = sparring_shengji_section(sizes[size], args.seed, tuple(args.preset))
        else:
            lines = section(sizes[size], args.seed)
        for line in lines:
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
