"""Stage teacher mode for Voila: the decks as notebooks, the template with its assets offline.

The decks are MyST notebooks (``teacher/decks/*.md``, jupytext headers, like the book's
chapters): readable diffs and no stored outputs; Voila's reveal template needs ``.ipynb``, so
they are converted here, never edited by hand.  The template ``teacher`` (Voila's reveal
template with nothing from other hosts) gets reveal.js's and Font Awesome's stylesheets and
fonts copied from ``node_modules``.

Usage: ``python teacher/stage.py OUT_DIR [NODE_MODULES]``; then serve ``OUT_DIR/notebooks``
with ``JUPYTER_PATH=OUT_DIR/jupyter`` and the config in ``teacher/voila.json``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jupytext

TEACHER = Path(__file__).resolve().parent
ROOT = TEACHER.parent
#: What the template serves from node_modules: (package folder, folders or files within it).
VENDOR = {
    "reveal.js": ("reveal.js", ["dist/reveal.css", "dist/theme/white.css", "dist/theme/fonts"]),
    "fontawesome": ("@fortawesome/fontawesome-free", ["css", "webfonts"]),
}


def export_decks(out: Path) -> list[Path]:
    """Every deck as ``out/<name>.ipynb``, in order."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for deck in sorted((TEACHER / "decks").glob("*.md")):
        target = out / f"{deck.stem}.ipynb"
        jupytext.write(jupytext.read(deck), target, fmt="ipynb")
        written.append(target)
    if not written:
        raise SystemExit(f"stage: no decks in {TEACHER / 'decks'}")
    return written


def stage_template(out: Path, node_modules: Path) -> Path:
    """The ``teacher`` template under ``out/voila/templates/`` with its vendored static files."""
    target = out / "voila" / "templates" / "teacher"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(TEACHER / "templates" / "teacher", target)
    for name, (package, parts) in VENDOR.items():
        for part in parts:
            source = node_modules / package / part
            if not source.exists():
                raise SystemExit(f"stage: {source} is missing: run `make deps` (npm ci) first")
            dest = target / "static" / name / part
            dest.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if source.is_dir() else shutil.copy2)(source, dest)
    return target


def stage(out: Path, node_modules: Path = ROOT / "node_modules") -> list[Path]:
    """Chapters and decks into ``out/notebooks``, the template into ``out/jupyter``."""
    sys.path.insert(0, str(ROOT / "tools"))
    from export_notebooks import export  # the book's chapters, served beside the decks

    notebooks = out / "notebooks"
    written = export(notebooks) + export_decks(notebooks / "teacher")
    stage_template(out / "jupyter", node_modules)
    return written


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    modules = Path(sys.argv[2]) if len(sys.argv) == 3 else ROOT / "node_modules"
    for notebook in stage(Path(sys.argv[1]), modules):
        print(f"wrote {notebook}")
