"""Every package is typed and linted: ``mypy --strict`` over ``cardlib``, ``widgets``, ``classroom``,
``tools``, ``benchmarks`` and ``teacher`` (``[tool.mypy] files``) finds nothing and ``ruff check`` passes
(the rule sets are in ``pyproject.toml``), so one ``make test`` (one pytest run) checks both.

Both tools run from this venv as subprocesses, at the repository root, with their caches in
``_build/`` (pyproject.toml).  Rules: none of the register's; this is the engine's own contract:
``cardlib`` is typed, and ships ``py.typed`` so a learner's editor and mypy see its types.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_cardlib_ships_py_typed():
    """PEP 561: the marker is in the package and the build includes it."""
    assert (ROOT / "cardlib" / "py.typed").is_file()
    assert 'cardlib = ["py.typed"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


#: What ``[tool.mypy] files`` must name: every package of the project, the engine and all that uses it.
PACKAGES = ("cardlib", "widgets", "classroom", "tools", "benchmarks", "teacher")


def test_mypy_checks_every_package():
    """``[tool.mypy] files`` names every package, so one mypy run (below) checks them all."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert set(config["files"]) == set(PACKAGES)


def test_mypy_strict_finds_nothing():
    """``mypy --strict`` over the configured files (every package) reports no error (``[tool.mypy]``)."""
    result = _run("mypy", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_ruff_check_passes():
    """``ruff check`` passes with the rules chosen in ``[tool.ruff]`` (E, W, F, I, B, UP, SIM, RUF)."""
    result = _run("ruff", "check", "--no-fix", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr
