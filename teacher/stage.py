"""Stage teacher mode for Voila: the decks as notebooks, the template with its assets offline.

The decks are MyST notebooks (``teacher/decks/*.md``, jupytext headers, like the book's
chapters): readable diffs and no stored outputs; Voila's reveal template needs ``.ipynb``, so
they are converted here, never edited by hand.  The template ``teacher`` (Voila's reveal
template with nothing from other hosts) gets reveal.js's and Font Awesome's stylesheets and
fonts copied from ``node_modules``.

Usage: ``python teacher/stage.py OUT_DIR [--node-modules DIR]`` stages; ``python teacher/stage.py
OUT_DIR --serve PORT`` then serves it (``make present`` does both with ``_build/present``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

TEACHER = Path(__file__).resolve().parent
ROOT = TEACHER.parent
sys.path.insert(0, str(ROOT / "tools"))
from export_notebooks import convert, export  # noqa: E402  (tools/ is a folder of scripts)

#: What each template serves from node_modules: (package folder, folders or files within it).
#: ``teacher`` is the decks' reveal template, ``offline`` the chapters' lab template.
FONT_AWESOME = ("@fortawesome/fontawesome-free", ["css", "webfonts"])
VENDOR = {
    "teacher": {"reveal.js": ("reveal.js", ["dist/reveal.css", "dist/theme/white.css", "dist/theme/fonts"]),
                "fontawesome": FONT_AWESOME},
    "offline": {"fontawesome": FONT_AWESOME},
}


def export_decks(out: Path) -> list[Path]:
    """Every deck as ``out/<name>.ipynb``, in order."""
    written = convert(sorted((TEACHER / "decks").glob("*.md")), out)
    if not written:
        raise SystemExit(f"stage: no decks in {TEACHER / 'decks'}")
    return written


def stage_template(out: Path, node_modules: Path, name: str = "teacher") -> Path:
    """The template ``name`` under ``out/voila/templates/`` with its vendored static files."""
    target = out / "voila" / "templates" / name
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(TEACHER / "templates" / name, target)
    for folder, (package, parts) in VENDOR[name].items():
        for part in parts:
            source = node_modules / package / part
            if not source.exists():
                raise SystemExit(f"stage: {source} is missing: run `make deps` (npm ci) first")
            dest = target / "static" / folder / part
            dest.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if source.is_dir() else shutil.copy2)(source, dest)
    return target


def stage(out: Path, node_modules: Path = ROOT / "node_modules") -> list[Path]:
    """Chapters and decks into ``out/notebooks``, the template into ``out/jupyter``."""
    notebooks = out / "notebooks"
    written = export(notebooks) + export_decks(notebooks / "teacher")
    for name in VENDOR:
        stage_template(out / "jupyter", node_modules, name)
    return written


def voila_command(out: Path, port: int, python: str = sys.executable) -> tuple[list[str], dict[str, str]]:
    """The command and environment that serve ``out/notebooks`` (staged) on 127.0.0.1:``port``:
    the ``teacher`` template found through ``JUPYTER_PATH``, the settings of ``teacher/voila.json``
    (no tracebacks shown, idle kernels culled, reveal.js served locally)."""
    command = [python, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               f"--Voila.config_file_paths={TEACHER}",
               # jupytext's and jupyterlab-myst's Lab extensions (for `make lab`) don't load in Voila's page
               "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
               "--VoilaConfiguration.extension_denylist=jupyterlab-myst",
               str(out / "notebooks")]
    env = {**os.environ, "JUPYTER_PATH": str(out / "jupyter")}
    return command, env


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="the staging folder (make present uses _build/present)")
    parser.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve the staged folder with Voila instead")
    args = parser.parse_args(argv)
    if args.serve is None:
        written = stage(args.out, args.node_modules)
        print(f"staged {len(written)} notebooks and the teacher template in {args.out}")
        return 0
    if not (args.out / "jupyter" / "voila" / "templates" / "teacher").is_dir():
        print(f"nothing staged in {args.out}: run `python teacher/stage.py {args.out}` first", file=sys.stderr)
        return 2
    command, env = voila_command(args.out, args.serve)
    print(f"Teacher decks: http://127.0.0.1:{args.serve}/voila/tree/teacher  (add ?rules=shuangsheng to a deck's address)")
    print(f"Chapters:      http://127.0.0.1:{args.serve}/   (Ctrl-C stops Voila and its kernels)", flush=True)
    os.execvpe(command[0], command, env)
    return 1  # not reached: exec replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
