"""Write the book's MyST chapters as .ipynb notebooks, for Voila (`make present`) and its test.

Voila serves .ipynb files; the chapters are MyST markdown notebooks (jupytext headers), so they
are converted, never edited by hand.  Usage: ``python tools/export_notebooks.py OUT_DIR``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext

BOOK = Path(__file__).resolve().parent.parent / "book"


def chapters(book: Path = BOOK) -> list[Path]:
    """The MyST notebooks of the book: markdown files with a jupytext header."""
    return sorted(path for path in book.glob("*.md") if "jupytext:" in path.read_text(encoding="utf-8")[:400])


def convert(sources: list[Path], out_dir: Path) -> list[Path]:
    """Each MyST notebook in ``sources`` as ``out_dir/<stem>.ipynb``, in order; the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sources:
        target = out_dir / f"{source.stem}.ipynb"
        jupytext.write(jupytext.read(source), target, fmt="ipynb")
        written.append(target)
    return written


def export(out_dir: Path, book: Path = BOOK) -> list[Path]:
    """Convert every chapter into ``out_dir`` and return the notebooks written."""
    written = convert(chapters(book), out_dir)
    if not written:
        raise SystemExit(f"export_notebooks: no MyST chapters found in {book}")
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    for notebook in export(Path(sys.argv[1])):
        print(f"wrote {notebook}")
