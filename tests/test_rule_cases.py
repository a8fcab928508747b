"""The rule cases of ``tests/cases/`` (the project's perft positions), run through ``python -m cardlib check``.

Every case's ``expect`` was derived by hand from the rules register (``cardlib/register.py``), independently of
the engine; this module checks that the engine agrees, that the cases are well formed, and that
every register id is decided by at least two cases whose id starts with it.

Rules: every Shengji id (SJ-*, SG-*, SS-*, C-*) over ``tests/cases/shengji/``, every YS id over
``tests/cases/yishang/``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from cardlib.cards import format_cards, parse_cards, sort_cards
from cardlib.rule_ids import RuleId

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "tests" / "cases"
SHENGJI = CASES / "shengji"
YISHANG = CASES / "yishang"
CASE_FILES = sorted(CASES.rglob("*.jsonl"))

YS_IDS = [r.value for r in RuleId if r.value.startswith("YS-")]
SHENGJI_IDS = [r.value for r in RuleId if not r.value.startswith("YS-")]
#: An explanation starts with a register id followed by a colon (``"SJ-9: ..."``).
EXPLAIN_ID = re.compile(r"^(?P<rule>[A-Z]+-E?\d+):")

needs_yishang = pytest.mark.skipif(not YISHANG.is_dir(), reason="tests/cases/yishang/ is not written yet")


def read_cases_of_file(path: Path) -> list[dict]:
    """The case objects of one ``.jsonl`` file, in order (blank lines skipped, as ``check`` does)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_cases(folder: Path) -> list[dict]:
    """Every case object of every ``.jsonl`` file under ``folder``."""
    return [case for path in sorted(folder.rglob("*.jsonl")) for case in read_cases_of_file(path)]


@cache
def run_check(path: Path) -> tuple[list[dict], int, str]:
    """The output objects of ``python -m cardlib check path``, its exit status and its stderr."""
    done = subprocess.run([sys.executable, "-m", "cardlib", "check", str(path)], cwd=REPO,
                          capture_output=True, text=True, encoding="utf-8", timeout=600)
    results = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return results, done.returncode, done.stderr


def case_ids_starting_with(rule: str, cases: list[dict]) -> list[str]:
    """Ids of the cases that decide ``rule``: the id is the rule id or starts with ``rule-``."""
    return [c["id"] for c in cases if c["id"] == rule or c["id"].startswith(rule + "-")]


def file_id(path: Path) -> str:
    return str(path.relative_to(CASES))


# -- the cases are well formed (no engine needed) ------------------------------------------------

@pytest.mark.parametrize("path", CASE_FILES, ids=file_id)
def test_every_line_is_a_case_with_an_expectation(path: Path) -> None:
    """Each line is a JSON object with an id, a question and exactly one of expect / expect_error."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        case = json.loads(line)
        where = f"{file_id(path)}:{number}"
        assert isinstance(case, dict), where
        assert isinstance(case.get("id"), str) and case["id"], f"{where}: no id"
        assert isinstance(case.get("question"), str), f"{where}: no question"
        assert ("expect" in case) != ("expect_error" in case), f"{where}: needs exactly one of expect, expect_error"


def test_case_ids_are_unique() -> None:
    """Ids name cases in failure messages and in the coverage count: no two cases share one."""
    counts = Counter(c["id"] for c in read_cases(CASES))
    assert not [i for i, n in counts.items() if n > 1]


def shengji_position_cards(case: dict) -> list:
    """All cards a Shengji case puts on the table at once (hand, lead, kitty, plays, calls, an endgame's hands)."""
    cards = []
    for name in ("lead", "hand", "cards", "kitty"):
        if name in case:
            cards += parse_cards(case[name])
    for name in ("plays", "last_trick", "hands", "played"):
        for play in case.get(name, []):
            cards += parse_cards(play)
    for call in case.get("calls", []):
        cards += parse_cards(call["cards"])
    return cards


def test_shengji_positions_are_possible() -> None:
    """Rules: SJ-1.  Outside the bad-input cases, no position holds more than two copies of a card."""
    for case in read_cases(SHENGJI):
        if "expect_error" in case:
            continue
        counts = Counter(shengji_position_cards(case))
        assert max(counts.values(), default=0) <= 2, f"{case['id']}: {counts.most_common(1)}"


def test_shengji_plays_come_from_the_hand() -> None:
    """Rules: SJ-9.  A follow is a sub-multiset of the hand with as many cards as the lead."""
    for case in read_cases(SHENGJI):
        if case["question"] != "follow_legal" or "expect_error" in case:
            continue
        hand, play, lead = (Counter(parse_cards(case[k])) for k in ("hand", "play", "lead"))
        assert not play - hand, case["id"]
        assert play.total() == lead.total(), case["id"]


def test_legal_follows_expectations_are_in_canonical_order() -> None:
    """Rules: SJ-9.  Each expected play is drawn from the hand, sized like the lead, cards in display
    order; the list is sorted and has no repeats (the ``legal_follows`` answer format)."""
    for case in read_cases(SHENGJI):
        if case["question"] != "legal_follows" or "expect_error" in case:
            continue
        hand = Counter(parse_cards(case["hand"]))
        size = len(parse_cards(case["lead"]))
        plays = case["expect"]
        assert plays == sorted(set(plays)), case["id"]
        for play in plays:
            cards = parse_cards(play)
            assert format_cards(sort_cards(cards)) == play, (case["id"], play)
            assert len(cards) == size and not Counter(cards) - hand, (case["id"], play)


def test_enough_shengji_cases() -> None:
    assert len(read_cases(SHENGJI)) >= 150


@needs_yishang
def test_enough_yishang_cases() -> None:
    assert len(read_cases(YISHANG)) >= 60


@pytest.mark.parametrize("rule", SHENGJI_IDS)
def test_every_shengji_rule_is_decided_by_two_cases(rule: str) -> None:
    """Every SJ, SG, SS and C id of the register starts at least two Shengji case ids."""
    assert len(case_ids_starting_with(rule, read_cases(SHENGJI))) >= 2


@needs_yishang
@pytest.mark.parametrize("rule", YS_IDS)
def test_every_yishang_rule_is_decided_by_two_cases(rule: str) -> None:
    """Every YS id of the register starts at least two 一上一下 case ids."""
    assert len(case_ids_starting_with(rule, read_cases(YISHANG))) >= 2


# -- the engine agrees ---------------------------------------------------------------------------

def describe(result: dict, case: dict) -> str:
    wanted = case.get("expect", f"an error containing {case.get('expect_error')!r}")
    got = result.get("answer", f"error: {result.get('error')}")
    return f"{case['id']}: expected {wanted!r}, engine {got!r} ({result.get('explain', '')})"


@pytest.mark.parametrize("path", CASE_FILES, ids=file_id)
def test_engine_agrees_with_every_case(path: Path) -> None:
    """``python -m cardlib check`` answers every case of the file as the case expects."""
    results, status, stderr = run_check(path)
    cases = read_cases_of_file(path)
    assert len(results) == len(cases), f"{len(results)} answers for {len(cases)} cases; stderr: {stderr[-2000:]}"
    disagreements = [describe(r, c) for r, c in zip(results, cases) if r.get("match") is not True]
    assert not disagreements, "\n".join(disagreements)
    assert status == 0, stderr[-2000:]


@pytest.mark.parametrize("path", CASE_FILES, ids=file_id)
def test_every_explanation_starts_with_a_register_id(path: Path) -> None:
    """Every answer's ``explain`` cites, first, a rule id of the register."""
    known = {r.value for r in RuleId}
    results, _status, stderr = run_check(path)
    assert results, stderr[-2000:]
    for result in results:
        if "answer" not in result:
            continue
        match = EXPLAIN_ID.match(result.get("explain", ""))
        assert match and match["rule"] in known, f"{result['id']}: {result.get('explain')!r}"
