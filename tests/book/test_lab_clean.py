"""Chapters that open clean in JupyterLab, read from the sources (no build, no browser).

Lab opens a chapter through jupytext and, once the kernel answers, writes the kernel's name and language
into the notebook; saving writes the chapter back through jupytext with ``book/jupytext.toml``.  So each
chapter is already in the form that save gives (its header holds the kernel's own name, ``Python 3
(ipykernel)``, and the language_info it reports, and no jupytext version), the cells the book hides are collapsed in Lab too
(``jupyter.source_hidden``), each puzzle cell imports what it uses (after Kernel → Restart, running that
cell alone brings its puzzle back), and no ``{glue}`` role is left for Lab to show as its key.

Rules: none of the register's (the chapters' form in Lab).
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

import jupytext
from ipykernel.ipkernel import IPythonKernel
from jupytext.config import load_jupytext_configuration_file

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book").glob("*.md"))  # ``chapter`` (tests/conftest.py): each of them in turn
#: What Lab writes into a notebook's metadata when its kernel starts: the venv's one kernel (python3) and the
#: language_info it reports.  A chapter must hold both as they are, or opening it marks it unsaved.
KERNEL_METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": dict(IPythonKernel.language_info),
}
HIDDEN_TAGS = {"remove-cell", "remove-input", "hide-input"}
PUZZLE_CALL = re.compile(r"^(Class)?Puzzle(\.for_rule)?\(", re.MULTILINE)


def _code_cells(chapter: Path) -> list:
    return [c for c in jupytext.read(chapter, fmt="md:myst").cells if c.cell_type == "code"]


def test_saving_a_chapter_in_lab_leaves_it_as_it_is(chapter: Path):
    """Open (the kernel's metadata added), then save with the book's jupytext settings: the same bytes."""
    config = load_jupytext_configuration_file(str(ROOT / "book" / "jupytext.toml"))
    text = chapter.read_text(encoding="utf-8")
    notebook = jupytext.reads(text, fmt="md:myst")
    assert {key: notebook.metadata.get(key) for key in KERNEL_METADATA} == KERNEL_METADATA, \
        "the header's kernel or language_info is not the kernel's: Lab will mark the chapter unsaved on open"
    notebook.metadata.update(KERNEL_METADATA)
    assert jupytext.writes(notebook, fmt="md:myst", config=config) == text


def test_the_cells_the_book_hides_are_collapsed_in_lab(chapter: Path):
    """A cell the book removes or hides (setup, a puzzle's call) shows collapsed in Lab."""
    open_cells = [c.source.splitlines()[0] for c in _code_cells(chapter)
                  if set(c.metadata.get("tags", [])) & HIDDEN_TAGS
                  and not c.metadata.get("jupyter", {}).get("source_hidden")]
    assert open_cells == []


def test_each_puzzle_cell_imports_what_it_uses(chapter: Path):
    """After Kernel → Restart, running a puzzle's cell alone works: every name it reads it binds itself."""
    for cell in _code_cells(chapter):
        if not PUZZLE_CALL.search(cell.source):
            continue
        tree = ast.parse(cell.source)
        bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        bound |= {(a.asname or a.name).split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
        read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert read - bound - set(dir(builtins)) - {"display"} == set(), cell.source


def test_no_glue_role_is_left_for_lab_and_the_bank_size_is_the_widgets():
    """Lab shows a ``{glue}`` role as its key: the intro says the bank's size in words, in both editions."""
    from widgets.puzzles import BANK_PER_DIFFICULTY

    assert [c.name for c in CHAPTERS if "{glue" in c.read_text(encoding="utf-8")] == []
    assert f"a bank of {BANK_PER_DIFFICULTY} puzzles\n  per difficulty" in (ROOT / "book" / "intro.md").read_text(
        encoding="utf-8")
    catalogue = (ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "book" / "intro.po").read_text(encoding="utf-8")
    assert f"每种难度{BANK_PER_DIFFICULTY}道" in catalogue and "{glue" not in catalogue
