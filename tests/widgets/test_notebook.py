"""The test notebook with one puzzle of each kind runs top to bottom in a kernel (as nbval-lax would).

Rules: every kind of the puzzles issue (SJ-9 … YS-E1) appears once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parent / "notebooks" / "puzzles.ipynb"


@pytest.mark.slow  # a kernel runs the whole notebook
def test_the_puzzle_notebook_runs_and_shows_one_widget_per_kind():
    from widgets.puzzles import KINDS

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(Path(__file__).resolve().parents[2])}}).execute()
    views = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    assert len(views) == len(KINDS)
    assert not [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
