"""Class mode without a server: the modules' doctests, grading of every puzzle kind by its own spec,
the student's view of every kind, the mistakes map from progress exports (and its command)."""

from __future__ import annotations

import doctest
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.grading import AnswerError, check_spec, grade, student_view
from classroom.mistakes import mistakes_from_answers, mistakes_from_progress
from classroom.storage import open_store
from widgets.puzzles import KINDS, make_puzzle
from widgets.puzzles.registry import KIND_RULES

REPO = Path(__file__).resolve().parents[2]
SECRETS = ("correct", "verdicts", "reasons", "rules", "differs", "otherwise", "features")


@pytest.mark.parametrize("module", ["codes", "grading", "handlers", "mistakes", "nicknames", "qr", "storage"])
def test_doctests(module: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(f"classroom.{module}"))
    assert tried > 0 and failed == 0


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_answer_of_every_kind_grades_as_its_spec_says(kind: str) -> None:
    spec = make_puzzle(kind, 11)
    for choice in spec["rulesets"]:
        ruleset = check_spec(spec, choice["id"])
        for answer, (ok, reasons) in zip(spec["answers"], spec["verdicts"][ruleset]):
            graded = grade(spec, ruleset, answer["key"])
            indexes = reasons if isinstance(reasons, list) else [reasons]
            assert graded.key == answer["key"]
            assert graded.correct == (bool(ok) and answer["key"] in spec["correct"][ruleset])
            assert set(graded.rule_ids) == {spec["reasons"][i]["rule"] for i in indexes}
    view = json.dumps(student_view(spec, spec["rulesets"][0]["id"]))
    assert not [name for name in SECRETS if f'"{name}"' in view], "a student's view carries an answer's verdict"


def test_answers_outside_the_spec_are_refused() -> None:
    with pytest.raises(AnswerError, match="whole number"):
        grade(make_puzzle("kitty_score", 3), "shengji", "ten")
    with pytest.raises(AnswerError, match="every part"):
        grade(make_puzzle("deal", 3), "shengji", "0|9|1")
    with pytest.raises(AnswerError, match="Pick"):
        grade(make_puzzle("give_points", 3), "shengji", "BJ")  # not in the hand
    with pytest.raises(AnswerError, match="no verdicts"):
        check_spec(make_puzzle("highest", 3), "yishang")


def test_database_urls() -> None:
    with pytest.raises(ValueError, match="PostgreSQL"):
        open_store("mysql://school/classes")
    with pytest.raises(ValueError, match="cannot open the class database"):
        open_store("postgresql://nobody@/classes?host=/nonexistent-folder&connect_timeout=2")
    with pytest.raises(ValueError, match="sqlite:///"):
        open_store("sqlite:/relative")


def test_mistakes_from_progress_files_match_the_kinds_rules(tmp_path: Path) -> None:
    exports = [{"highest": {"solved": 3, "streak": 0, "answered": 5}, "throw": {"solved": 1, "streak": 1, "answered": 1}},
               {"highest": {"solved": 2, "streak": 2, "answered": 2}}]
    mistakes = mistakes_from_progress(exports)
    assert set(mistakes) == KIND_RULES["highest"] | KIND_RULES["throw"]
    for rule in KIND_RULES["highest"] - KIND_RULES["throw"]:
        assert mistakes[rule] == {"wrong": 2, "answered": 7}
    files = []
    for i, export in enumerate(exports):
        files.append(tmp_path / f"cardbook-progress-{i}.json")
        files[-1].write_text(json.dumps(export), encoding="utf-8")
    command = [sys.executable, "-m", "classroom.mistakes", *map(str, files)]
    printed = subprocess.run(command, capture_output=True, text=True, check=True, cwd=REPO)
    assert json.loads(printed.stdout) == {"rules": mistakes}
    out = tmp_path / "map.csv"
    subprocess.run([*command, "--csv", str(out)], capture_output=True, text=True, check=True, cwd=REPO)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "rule_id,wrong,answered" and len(lines) == len(mistakes) + 1
    rule = sorted(KIND_RULES["highest"])[0]
    assert f"{rule},{mistakes[rule]['wrong']},{mistakes[rule]['answered']}" in lines


def test_mistakes_command_names_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"highest": {"solved": 4, "streak": 0, "answered": 2}}), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "classroom.mistakes", str(bad)], capture_output=True, text=True,
                            cwd=REPO)
    assert result.returncode == 2 and str(bad) in result.stderr and "solved ≤ answered" in result.stderr
    bad.write_text("not json", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "classroom.mistakes", str(bad)], capture_output=True, text=True,
                            cwd=REPO)
    assert result.returncode == 2 and result.stderr.startswith(f"mistakes: {bad}: ")


def test_the_same_rules_from_votes_and_from_progress() -> None:
    """A kind's votes cite only rules the kind exercises, so both maps speak of the same rule ids."""
    rows = []
    for kind in ("highest", "follow_legal", "ys_challenge"):
        spec = make_puzzle(kind, 8)
        ruleset = spec["rulesets"][0]["id"]
        for answer in spec["answers"]:
            graded = grade(spec, ruleset, answer["key"])
            rows.append({"rule_ids": " ".join(graded.rule_ids), "correct": graded.correct, "kind": kind})
    from_votes = mistakes_from_answers(rows)
    assert set(from_votes) <= KIND_RULES["highest"] | KIND_RULES["follow_legal"] | KIND_RULES["ys_challenge"]
    assert sum(e["wrong"] for e in from_votes.values()) >= 1


@pytest.mark.slow  # about 18 s: two servers started
def test_load_benchmark_runs_small_on_two_servers_and_postgresql(postgres_url: str) -> None:
    """Six phones over two class servers sharing one PostgreSQL: every vote counted once, seconds refused."""
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "class_load.py"), "--students", "6",
                             "--timeout", "60", "--servers", "2", "--database", postgres_url],
                            capture_output=True, text=True, timeout=180, cwd=REPO)
    assert "lost votes           0   double-counted 0" in result.stdout, result.stdout + result.stderr
    assert "votes accepted       6/6" in result.stdout and "second votes refused (409) 6/6" in result.stdout
