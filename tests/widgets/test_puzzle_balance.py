"""Puzzles worth solving: no answer is right in more than 60% of a kind's puzzles under any
ruleset they are graded under (SG, SS, 一上一下, and each variant offered), and difficulty is measured:
each kind's difficulty features grow from easy to hard.

An answer here is a whole answer key, the first word of a two-part choice (``succeeds`` of
``succeeds:0``, ``play`` of ``play:1:H5``) or one field's value (``dealer=over``), see
:mod:`widgets.puzzles.measure`.  Every verdict is still the engine's (``test_puzzle_specs``).
Rules: SJ-7 (bury), SJ-12, SG-6 / SS-6, C-2 (kitty), SJ-13 / SS-8 (after a hand), C-3 (throws),
YS-9 (challenges), YS-8 (actions), YS-5 (the face).  The figures: ``benchmarks/puzzle_balance.py``.
"""

from __future__ import annotations

import pytest

from widgets.puzzles import KINDS
from widgets.puzzles.measure import DIFFICULTY_FEATURES, MAX_SHARE, feature_means, ordered, puzzles, top_share

pytestmark = [pytest.mark.shares_puzzles,  # a kind's puzzles made once (tests/conftest.py)
              pytest.mark.slow]  # shares over 150 seeds a kind: not for the inner loop

#: Seeds per kind: at least 150 (fifty per difficulty).
SEEDS = 150
#: A variant graded on fewer puzzles than this (kitty schemes take turns) is not weighed on its own.
MIN_PUZZLES = 20


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_answer_is_right_in_more_than_60_percent_of_a_kinds_puzzles(kind):
    """Always answering "yes" (bury, SJ-7), "succeeds" (YS-9) or "play" (YS-8) no longer wins."""
    tops = top_share(puzzles(kind, SEEDS), MIN_PUZZLES)
    assert tops
    too_often = {rid: (facet, round(share, 2)) for rid, (facet, share, _n) in tops.items() if share > MAX_SHARE}
    assert not too_often, too_often


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_measures_its_difficulty(kind):
    """Easy, normal and hard differ on named features of the position, in the right direction."""
    names = DIFFICULTY_FEATURES.get(kind)
    assert names, f"{kind}: name the features that measure its difficulty in DIFFICULTY_FEATURES"
    means = feature_means(puzzles(kind, SEEDS), names)
    wrong = {name: values for name, values in means.items() if not ordered(values, f"-{name}" in names)}
    assert not wrong, wrong


def test_hard_highest_card_puzzles_never_hold_the_big_joker_and_easy_ones_mix_suits_SJ_5():
    """A hard "which card is highest?" is not won by spotting the big joker; an easy one is not three
    cards of one suit (a level card of another suit stands among the trump suit's cards)."""
    specs = puzzles("highest", SEEDS)
    assert not any(s["features"]["big_joker"] for s in specs if s["difficulty"] == "hard")
    easy = [s for s in specs if s["difficulty"] == "easy"]
    assert all(s["features"]["suits_shown"] >= 2 and s["features"]["cards"] > 3 for s in easy)


def test_kitty_puzzles_cover_every_winning_shape_the_dealers_team_and_every_scheme_SJ_12_C_2():
    """Singles, pairs and tractors win the last trick; the dealer's team wins some (the kitty adds
    nothing); every scheme the variants page names is a puzzle's ruleset."""
    from cardlib.shengji.rules import FIELD_CHOICES

    specs = puzzles("kitty_score", SEEDS)
    shapes = {(s["features"]["winning_shape"], s["features"]["attackers_win_last"]) for s in specs}
    assert {("single", True), ("pair", True), ("tractor", True)} <= shapes
    assert any(not won for _shape, won in shapes)
    schemes = {r["variant"].get("kitty_multiplier", "main") for s in specs for r in s["rulesets"]}
    assert set(map(str, FIELD_CHOICES["kitty_multiplier"][0])) - {"shengji", "double"} <= schemes
    pair_trump_x4 = sum(1 for s in specs if s["features"]["winning_shape"] == "pair" and s["features"]["trumped"])
    assert pair_trump_x4 < len(specs) / 4


def test_failed_throws_appear_C_3():
    """Some throw puzzles' throws fail, and the answer is the part that is led."""
    specs = puzzles("throw", 60)
    failed = [s for s in specs if s["correct"]["throws"] != ["stands"]]
    assert failed and all(key.startswith("unit:") for s in failed for key in s["correct"]["throws"])


def test_the_static_bank_mixes_its_answers_too():
    """A page with no kernel cycles through the bank: no answer is right in more than two thirds of it."""
    from widgets.puzzles import BANK_PER_DIFFICULTY, BANK_SIZE

    assert BANK_PER_DIFFICULTY * 3 == BANK_SIZE
    for kind in sorted(KINDS):
        tops = top_share(puzzles(kind, BANK_SIZE), BANK_SIZE // 2)
        assert all(share <= 2 / 3 for _facet, share, _n in tops.values()), (kind, tops)
