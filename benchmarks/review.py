"""Review benchmark: ``python benchmarks/review.py [--hands N] [--quick]``.

Whole 升级 hands played by the practice bots (cardlib/shengji/bots.py, the tutor's easy level, South
too; the presets alternate), then South's plays graded as the tutor's review grades them
(cardlib/shengji/review.py: single-dummy, :data:`~cardlib.shengji.review.DEALS` sampled deals a
decision, the last :data:`~cardlib.shengji.review.GRADED_CARDS` cards) and, in the same run on the
same hands, the reference: the double-dummy grading on the true hands.  CPU time of a whole review
(``time.process_time``), p50 / p95 / max, and how often the two gradings agree.  The target: a
review ≤ 1 s in CPython at p95 (the static book runs it in Pyodide, 2-3× slower: ≤ 3 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.shengji.hand import ShengjiHand
from cardlib.shengji.review import HandReview, review_hand
from tests.widgets.test_tutor_drive import play_out
from widgets.tutor.session import TutorSession
from widgets.tutor.shengji_table import ShengjiTutor

TARGET = 1.0  # p95 seconds, CPython


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up (``statistics.quantiles``, inclusive)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def bot_hand(seed: int) -> ShengjiHand:
    """A whole hand with the easy practice bot in every seat: the tutor's table, South played by its hints."""
    session = TutorSession.start({"game": "shengji", "seed": seed, "ruleset": "shengji" if seed % 2 == 0 else "shuangsheng"})
    for _view in play_out(session):
        pass
    table = session.table
    assert isinstance(table, ShengjiTutor)
    return table.hand


def timed(hand: ShengjiHand, **options: object) -> tuple[HandReview, float]:
    start = time.process_time()
    review = review_hand(hand, 0, **options)  # type: ignore[arg-type]
    return review, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands reviewed (default 30)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 hands")
    args = parser.parse_args()
    hands = 3 if args.quick else args.hands
    single: list[float] = []
    double: list[float] = []
    decisions = agree = marked = 0
    for seed in range(hands):
        hand = bot_hand(seed)
        sd, t_sd = timed(hand, seed=seed)
        dd, t_dd = timed(hand, double_dummy=True)
        single.append(t_sd)
        double.append(t_dd)
        truth = {d.trick: d.grade for d in dd.decisions}
        decisions += len(sd.decisions)
        marked += sum(d.grade != "best" for d in sd.decisions)
        agree += sum(truth.get(d.trick, "best") == d.grade for d in sd.decisions)
    met = percentile(single, .95) <= TARGET
    for name, seconds in (("single-dummy (the review)", single), ("double-dummy (reference)", double)):
        print(f"{name}: p50 {percentile(seconds, .5) * 1000:.0f} ms p95 {percentile(seconds, .95) * 1000:.0f} ms "
              f"max {max(seconds) * 1000:.0f} ms")
    print(f"{hands} hands, {decisions} graded decisions, {marked} marked inaccuracy or mistake; the same grade as "
          f"the double-dummy reference in {agree} of {decisions}; target p95 ≤ {TARGET:g} s: {'ok' if met else 'OVER'}")


if __name__ == "__main__":
    main()
