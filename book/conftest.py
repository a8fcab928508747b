"""Runs every chapter as a notebook under nbval, in lax mode: each cell must run without error.

The chapters are MyST markdown notebooks; nbval reads .ipynb, so each chapter is converted with
jupytext into a temporary folder at collection time and handed to nbval's own collector.  Lax
mode because MyST files store no outputs to compare with.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import jupytext
from nbval.plugin import IPyNbFile


class MystChapter(IPyNbFile):
    """nbval's notebook collector, on a chapter converted to .ipynb, always lax."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.compare_outputs = False


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix != ".md" or "jupytext:" not in file_path.read_text(encoding="utf-8")[:400]:
        return None
    folder = Path(tempfile.mkdtemp(prefix="nbval-chapters-"))
    parent.config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    notebook = folder / f"{file_path.stem}.ipynb"
    jupytext.write(jupytext.read(file_path), notebook, fmt="ipynb")
    return MystChapter.from_parent(parent, path=notebook)
