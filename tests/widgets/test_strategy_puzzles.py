"""The give-points puzzle (the strategy page): "your partner is winning this trick: which cards
do you give?"  Its verdicts are the engine's, its texts are player language, every wrong answer
names itself and a right answer, no answer wins too often, and the difficulties differ.

The engine is called directly here (check_follow for legality, SJ-9; find_trick_winner for the
trick, SJ-10; trick_points for the points, SJ-11), never through the puzzle's own grading code.
Rules: SJ-9, SJ-10, SJ-11, SJ-12 (big trumps kept for the last trick: the guides' advice).
"""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.shengji.follow import check_follow
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import trick_points
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext
from tests.reader_text import spec_leaks
from widgets.puzzles import make_puzzle
from widgets.puzzles.measure import cached_puzzle
from widgets.puzzles.registry import KIND_RULES, KINDS
from widgets.puzzles.spec import verdict_of

KIND = "give_points"
SEEDS = range(45)  # fifteen of each difficulty (seed % 3)


#: This module's tests run where the give-points balance tests run (tests/conftest.py), so the
#: puzzles are made once, when a test first asks, not while every worker collects the tests.
pytestmark = pytest.mark.xdist_group("kind:give_points")


def specs(seeds=SEEDS) -> list[dict]:
    """The puzzles of ``seeds``, shared with the balance tests (callers must not change them)."""
    return [cached_puzzle(KIND, seed) for seed in seeds]


def ctx_of(position: dict) -> TrumpContext:
    trump = None if position["trump"] == "none" else Suit.parse(position["trump"])
    return TrumpContext(Rank.parse(position["level"]), trump)


def big(ctx: TrumpContext, card) -> bool:
    return ctx.is_trump(card) and (card.is_joker or card.rank is ctx.level)


def engine_right(spec: dict, ruleset: dict) -> set[str]:
    """The right answers by the engine: legal follows (SJ-9); of those spending no joker or level
    card when one can, the ones giving the most points (SJ-11)."""
    pos = spec["position"]
    ctx, rules = ctx_of(pos), get_ruleset(ruleset["preset"], ruleset["variant"])
    legal = [a["key"] for a in spec["answers"]
             if check_follow(ctx, rules, pos["plays"][0], pos["hand"], a["key"].split()).ok]
    thrifty = [k for k in legal if not any(big(ctx, c) for c in parse_cards(k))] or legal
    best = max(trick_points(k) for k in thrifty)
    return {k for k in thrifty if trick_points(k) == best}


def test_the_kind_is_registered_with_the_rules_it_cites():
    assert KINDS[KIND] == "strategy:make_give_points"
    cited = set().union(*(spec["rules"] for spec in specs()))
    assert cited <= KIND_RULES[KIND] and {"SJ-9", "SJ-11"} <= cited


def test_the_right_answers_are_the_engines_under_both_presets_SJ_9_SJ_11():
    for spec in specs():
        for ruleset in spec["rulesets"]:
            assert set(spec["correct"][ruleset["id"]]) == engine_right(spec, ruleset), (spec["id"], ruleset["id"])


def test_your_partner_is_winning_and_your_side_takes_the_trick_whatever_you_play_SJ_10():
    for spec in specs():
        pos = spec["position"]
        ctx = ctx_of(pos)
        for ruleset in spec["rulesets"]:
            rules = get_ruleset(ruleset["preset"], ruleset["variant"])
            assert find_trick_winner(ctx, rules, pos["plays"]).winner == 1, spec["id"]  # the second player
            for answer in spec["answers"]:
                trick = pos["plays"] + [answer["key"].split()]
                assert find_trick_winner(ctx, rules, trick).winner in (1, 3), (spec["id"], answer["key"])


def test_every_distinct_play_is_an_answer_and_the_cards_fit_two_decks_SJ_1():
    from itertools import combinations

    for spec in specs():
        pos = spec["position"]
        keys = {" ".join(c) for c in combinations(pos["hand"], spec["pick"])}
        assert {a["key"] for a in spec["answers"]} == keys
        seen = Counter(pos["hand"]) + Counter(c for play in pos["plays"] for c in play)
        assert max(seen.values()) <= 2, spec["id"]


def test_no_text_leaks_engine_notation():
    assert [line for spec in specs() for line in spec_leaks(spec)] == []


def test_every_wrong_answer_names_itself_and_a_right_answer_and_says_it_is_advice():
    for spec in specs():
        for ruleset in spec["rulesets"]:
            rid = ruleset["id"]
            right = {tuple(sorted(k.split())) for k in spec["correct"][rid]}
            for answer in spec["answers"]:
                ok, reason = verdict_of(spec, rid, answer["key"])
                if ok:
                    assert "not a rule" in reason["en"] and "不是规则" in reason["zh"]
                    continue
                chips = [tuple(sorted(group)) for group in reason["chips"]["en"]]
                assert tuple(sorted(answer["key"].split())) in chips, (spec["id"], answer["key"], reason["en"])
                assert any(group in right for group in chips), (spec["id"], answer["key"], reason["en"])
                assert reason["rule"] in {"SJ-9", "SJ-11", "SJ-12"}


def test_a_legal_wrong_answer_says_what_it_gives_up_SJ_11_SJ_12():
    for spec in specs():
        ctx = ctx_of(spec["position"])
        for answer in spec["answers"]:
            ok, reason = verdict_of(spec, "shengji", answer["key"])
            if ok or reason["rule"] == "SJ-9":
                continue
            if reason["rule"] == "SJ-12":
                assert any(big(ctx, c) for c in parse_cards(answer["key"])) and "big trump" in reason["en"]
            else:  # the points given, and no "only 0 points" (a play of several cards "give")
                points = trick_points(answer["key"])
                verb = "gives" if len(answer["key"].split()) == 1 else "give"
                said = f"{verb} no points" if points == 0 else f"{verb} only {points} point" + "s" * (points != 1)
                assert said in reason["en"] and "only 0 point" not in reason["en"]


def test_no_answer_is_right_in_more_than_60_percent_of_puzzles():
    """Per puzzle, at most 60% of its answers are right, and some legal play is wrong; over the
    puzzles no answer key (nor "the card with most points") wins more than 60% of the time."""
    keys: Counter[str] = Counter()
    for spec in specs():
        for right in spec["correct"].values():
            assert len(right) <= 0.6 * len(spec["answers"]), spec["id"]
            keys.update(right)
    assert max(keys.values()) <= 0.6 * len(specs()) * 2
    naive = 0  # a player who grabs the most points: some play with the most points is right
    for spec in specs(range(90)):
        most = max(trick_points(a["key"]) for a in spec["answers"])
        naive += any(trick_points(key) == most for key in spec["correct"]["shengji"])
    assert naive <= 0.6 * 90


def test_the_difficulties_differ_in_measured_features():
    """Easy: a single led, cards of the suit to follow, no big trump; hard: pairs and tractors, big
    trumps in hand, many more legal plays to weigh."""
    by: dict[str, dict[str, float]] = {}
    for level in ("easy", "normal", "hard"):
        rows = [s["features"] for s in specs() if s["difficulty"] == level]
        by[level] = {k: statistics.mean(r[k] for r in rows) for k in rows[0]}
    assert by["easy"]["lead_cards"] == 1 < by["hard"]["lead_cards"]
    assert by["easy"]["legal_plays"] < by["normal"]["legal_plays"] < by["hard"]["legal_plays"]
    assert by["easy"]["big_trumps_in_hand"] == 0 < by["normal"]["big_trumps_in_hand"] < by["hard"]["big_trumps_in_hand"]
    assert by["easy"]["hand_size"] < by["normal"]["hand_size"] < by["hard"]["hand_size"]
    assert by["easy"]["point_cards_in_hand"] < by["hard"]["point_cards_in_hand"]


@pytest.mark.parametrize("seed", [0, 1, 2, 301])
def test_same_seed_same_puzzle(seed):
    assert make_puzzle(KIND, seed) == make_puzzle(KIND, seed)


def test_sj12_a_spent_big_trump_is_named_once_in_chinese():
    """SJ-12 (the book's advice): a play that spends a big trump says so once; the Chinese does not run the cards
    into the sentence and name the joker again ("大王 ♥5动用了大主大王"), nor stack 大主 on a joker's name ("大主大王")."""
    spent = 0
    for spec in specs():
        for ruleset in spec["rulesets"]:
            for answer in spec["answers"]:
                _ok, reason = verdict_of(spec, ruleset["id"], answer["key"])
                if "白白用掉了" in reason["zh"]:
                    spent += 1
                    first = reason["zh"].split("：")[0]
                    assert "大主" not in first, reason["zh"]  # 大主 is said after the cards, not as a title before them
                    assert all(first.count(name) <= 1 for name in ("大王", "小王")), reason["zh"]
                    assert first.startswith("这样出"), reason["zh"]
    assert spent > 0
