"""Every package is typed and linted: ``mypy --strict`` over ``cardlib``, ``widgets``, ``classroom``,
``tools``, ``benchmarks`` and ``teacher`` (``[tool.mypy] files``) finds nothing and ``ruff check`` passes
(the rule sets are in ``pyproject.toml``), and the chapters' code cells pass ``ruff check`` too, so one
``make test`` (one pytest run) checks all three.

Both tools run from this venv as subprocesses, at the repository root, with their caches in
``_build/`` (pyproject.toml).  Rules: none of the register's; this is the engine's own contract:
``cardlib`` is typed, and ships ``py.typed`` so a learner's editor and mypy see its types.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
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
PACKAGES = ("cardlib", "cardbook", "widgets", "classroom", "tools", "benchmarks", "teacher")


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


#: Ruff's rules for the chapters' code cells are the repository's, but for what a notebook means on purpose:
#: IPython's ``display`` is a builtin; a cell imports where the chapter first needs a name (E402); a cell's last
#: expression is what it shows (B018); a trailing ``;`` hides a value the reader need not see (E703).  And a
#: case in the ``check`` format is one JSON line, however long (engine.md's example cases).
CHAPTER_RULES = ("--config", "builtins = ['display']", "--ignore", "E402,B018,E703",
                 "--config", 'lint.per-file-ignores = {"engine.py" = ["E501"]}')


def test_ruff_check_passes_on_the_chapters_code():
    """Each chapter (a MyST notebook, ``book/*.md``) converted by jupytext to a script of its code cells
    (in ``_build/``, which ruff's file discovery skips, so the scripts are named one by one) passes ``ruff check``."""
    import jupytext

    chapters = sorted((ROOT / "book").glob("*.md"))
    assert chapters
    (ROOT / "_build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "_build", prefix="ruff-chapters-") as folder:
        scripts = []
        for chapter in chapters:
            script = Path(folder) / f"{chapter.stem}.py"
            jupytext.write(jupytext.read(chapter), script, fmt="py:percent")
            scripts.append(str(script))
        result = _run("ruff", "check", "--no-fix", "--no-cache", "--output-format", "concise", *CHAPTER_RULES, *scripts)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_puzzle_kind_is_typed_and_made():
    """The ``PuzzleKind`` Literal (what mypy checks a kind against) names exactly the kinds the registry makes."""
    from typing import get_args

    from widgets.puzzles.registry import KINDS
    from widgets.puzzles.spec import PuzzleKind

    assert list(get_args(PuzzleKind)) == list(KINDS)
