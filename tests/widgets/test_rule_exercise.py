"""Every register id is exercised by some puzzle kind, and a chapter can find that puzzle.

``KIND_RULES`` (which ids each kind can cite) is checked against the specs themselves;
``find_seed`` and ``Puzzle.for_rule`` give the first seed that cites a rule, deterministically.

Rules: every id of ``cardlib.rule_ids.RuleId`` (YS-1 … YS-E1, SJ-1 … SJ-13, SG/SS-1 … 9, the errata, C-1 … C-5).
"""

from __future__ import annotations

import pytest

from tests.examples import examples

from cardlib.errors import CardlibError
from cardlib.rule_ids import RuleId
from widgets.puzzles import KINDS, PuzzleError, make_puzzle
from widgets.puzzles.registry import KIND_RULES, find_seed, kinds_for


def test_every_register_id_is_exercised_by_some_kind():
    assert set(KIND_RULES) == set(KINDS)
    assert {rule.value for rule in RuleId} == set().union(*KIND_RULES.values())


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_spec_names_exactly_the_rule_ids_its_reasons_cite_and_its_kind_declares_them(kind):
    for seed in range(examples(60)):  # a tenth under `make test-fast`
        spec = make_puzzle(kind, seed)
        cited = sorted({reason["rule"] for reason in spec["reasons"]}
                       | {note["rule"] for reason in spec["reasons"] for note in reason.get("notes", ())})
        assert spec["rules"] == cited, spec["id"]
        assert set(cited) <= KIND_RULES[kind], (spec["id"], set(cited) - KIND_RULES[kind])


@pytest.mark.parametrize("kind, rule", sorted((k, r) for k, rules in KIND_RULES.items() for r in rules))
def test_find_seed_finds_a_puzzle_citing_each_declared_rule(kind, rule):
    seed = find_seed(kind, rule)
    assert rule in make_puzzle(kind, seed)["rules"]
    assert all(rule not in make_puzzle(kind, earlier)["rules"] for earlier in range(seed)), "not the first"


def test_find_seed_honours_differs_difficulty_and_start_SS_E2():
    seed = find_seed("level_change", "SS-E2", differs=True, difficulty="hard", start=10)
    spec = make_puzzle("level_change", seed)
    assert seed >= 10 and spec["difficulty"] == "hard" and spec["differs"] and "SS-E2" in spec["rules"]
    assert find_seed("level_change", "SS-E2", differs=True, difficulty="hard", start=10) == seed


def test_kinds_for_a_rule_come_in_registry_order_SJ_9():
    assert kinds_for("SJ-9") == ["follow_legal", "pick_follow", "give_points"]
    assert kinds_for("SS-E2") == ["level_change", "after_hand"]


@pytest.mark.parametrize("call, message", [
    (lambda: find_seed("nope", "SJ-9"), "unknown puzzle kind 'nope'"),
    (lambda: find_seed("shape", "SJ-99"), "unknown rule id 'SJ-99'"),
    (lambda: find_seed("shape", "SJ-9"), "a shape puzzle never cites SJ-9: the kinds that do are follow_legal"),
    (lambda: find_seed("shape", "SJ-6", start=-1), "whole number"),
    (lambda: find_seed("shape", "SJ-6", difficulty="tricky"), "unknown difficulty 'tricky'"),
])
def test_bad_searches_get_one_clear_error(call, message, monkeypatch):
    monkeypatch.setattr("widgets.puzzles.registry.SEARCH_LIMIT", 30)
    with pytest.raises(CardlibError, match=message):
        call()


def test_a_rule_no_kind_can_exercise_is_refused_by_for_rule(monkeypatch):
    from widgets.puzzle_widget import Puzzle

    monkeypatch.setitem(KIND_RULES, "trick_winner", frozenset())
    monkeypatch.setitem(KIND_RULES, "next_leader", frozenset())  # its trick reasons carry C-1's note where it decides
    monkeypatch.setitem(KIND_RULES, "endgame", frozenset())  # as do its lines, where equal plays decide the trick shown
    with pytest.raises(PuzzleError, match="no puzzle kind exercises C-1"):
        Puzzle.for_rule("C-1")


@pytest.mark.parametrize("rule", [rule.value for rule in RuleId])
def test_for_rule_shows_a_puzzle_that_cites_the_rule(rule):
    from widgets.puzzle_widget import Puzzle

    puzzle = Puzzle.for_rule(rule, bank_size=1)
    assert rule in puzzle.spec["rules"]
    assert puzzle.spec["kind"] == kinds_for(rule)[0]


@pytest.mark.parametrize("kind", [k for k in KINDS if make_puzzle(k, 0)["input"] == "number"])
def test_a_typed_number_not_listed_is_wrong_with_the_engines_reason(kind):
    from widgets.puzzles.spec import verdict_of

    spec = make_puzzle(kind, 0)
    for ruleset in spec["rulesets"]:
        ok, reason = verdict_of(spec, ruleset["id"], "99999")
        assert not ok and reason["rule"] in spec["rules"]


def test_for_rule_takes_a_difficulty_and_other_traits_SJ_9():
    from widgets.puzzle_widget import Puzzle

    puzzle = Puzzle.for_rule("SJ-9", kind="pick_follow", difficulty="hard", lang="zh", bank_size=1)
    assert puzzle.spec["difficulty"] == "hard" and "SJ-9" in puzzle.spec["rules"] and puzzle.lang == "zh"
    assert puzzle.spec["seed"] == find_seed("pick_follow", "SJ-9", difficulty="hard")
