"""The benchmarks run (smoke runs: no timing is asserted): the engine benchmark prints every section it
defines; the pages benchmark measures a widget page of the built book against the plain glossary page."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
BENCHMARK = BENCHMARKS / "engine.py"


def test_engine_benchmark_prints_every_section():
    sections = runpy.run_path(str(BENCHMARK), run_name="benchmark_sections")["SECTIONS"]
    result = subprocess.run([sys.executable, str(BENCHMARK), "--quick"], capture_output=True, text=True,
                            check=True)
    headers = [line for line in result.stdout.splitlines() if line and not line.startswith(" ")]
    assert len(headers) == len(sections) >= 5, result.stdout
    assert "BROKEN" not in result.stdout


def test_pages_benchmark_measures_the_pages_asked_for_against_the_plain_page(built_book):
    result = subprocess.run([sys.executable, str(BENCHMARKS / "pages.py"), str(built_book), "--repeat", "1",
                             "--pages", "book/yishang.html", "book/engine.html"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    header, columns, *rows = result.stdout.splitlines()
    assert header.startswith("plain page book/glossary.html: ") and "(median of 2)" in header, result.stdout
    assert columns.split()[0] == "page"
    measured = {row.split()[0]: row.split()[1:] for row in rows}
    assert sorted(measured) == ["book/engine.html", "book/yishang.html"], result.stdout
    megabytes, engine_megabytes, bytes_ratio, load_ms, answerable_ms, time_ratio, verdict = measured["book/yishang.html"]
    assert float(megabytes) > 0 and float(bytes_ratio) > 1, "a widget page carries more than the plain page"
    assert float(engine_megabytes) == 0, "a puzzle page never loads the browser engine"
    assert float(load_ms) > 0 and float(answerable_ms) > 0 and float(time_ratio) > 0
    assert verdict in ("ok", "OVER")
    assert measured["book/engine.html"][4] == "nan", "a page without puzzles has no answerable time"


def test_pages_benchmark_says_what_is_wrong_with_a_missing_page(built_book):
    result = subprocess.run([sys.executable, str(BENCHMARKS / "pages.py"), str(built_book), "--repeat", "1",
                             "--pages", "book/no-such-page.html"], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "book/no-such-page.html not in" in result.stderr


def test_solver_benchmark_compares_with_the_plain_minimax():
    """The endgame solver's benchmark, a smoke run: each size's solver figures and the
    plain minimax's ratio on the positions it finishes (it agrees on the value, else BROKEN)."""
    result = subprocess.run([sys.executable, str(BENCHMARKS / "solver.py"), "--quick"], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr + result.stdout
    lines = result.stdout.splitlines()
    assert [line.split(",")[0] for line in lines if not line.startswith(" ")] == ["2 tricks left", "3 tricks left"]
    assert sum("solver: nodes p50" in line for line in lines) == 2
    assert any("plain minimax finished" in line and "the solver's" in line for line in lines), result.stdout


def test_test_time_sums_the_minutes_by_area(tmp_path):
    report = tmp_path / "pytest.xml"
    report.write_text('<testsuites><testsuite>'
                      '<testcase classname="tests.browser.test_lab" name="a" time="30"/>'
                      '<testcase classname="tests.browser.test_voila" name="b" time="10"/>'
                      '<testcase classname="tests.test_api" name="c" time="60"/>'
                      '</testsuite></testsuites>', encoding="utf-8")
    result = subprocess.run([sys.executable, str(BENCHMARKS / "test_time.py"), str(report)],
                            capture_output=True, text=True, check=True)
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[1:]}
    assert rows["tests/test_api.py"] == ["1", "60", "60%"] and rows["tests/browser"] == ["2", "40", "40%"]
    assert rows["all"] == ["3", "100"]


def test_review_benchmark_times_the_review_beside_the_double_dummy_reference():
    """The review's benchmark, a smoke run: the single-dummy review's times beside the double-dummy
    grading of the same hands, and how often they agree."""
    result = subprocess.run([sys.executable, str(BENCHMARKS / "review.py"), "--quick"], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr + result.stdout
    single, double, summary = result.stdout.splitlines()
    assert single.startswith("single-dummy (the review): p50 ") and double.startswith("double-dummy (reference): p50 ")
    assert summary.startswith("3 hands, ") and "target p95 ≤ 1 s" in summary, result.stdout
