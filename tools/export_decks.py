"""Every teacher deck as a static page that needs no server: for a teacher without Python, or to hand out.

Each deck (``teacher/decks/*.md``) is run once in a kernel (its widgets' state kept in the
notebook, as myst-nb keeps a chapter's) and written with nbconvert's reveal template made
offline (``teacher/templates/static-deck``) to ``OUT/<deck>.html``, beside everything it loads:
reveal.js 6 from ``node_modules`` (code, stylesheets, the speaker-notes plugin: ``s`` works from
``file://``), the decks' own stylesheet and script, and the static book's widget loader
(``tools/stage_widget_runtime.py``), which draws each widget from the stored state.  ``OUT/index.html``
lists the decks.  Nothing is loaded from another host.  The decks show the default rules (no
address to read); revealing an answer and stepping a hand work without a kernel, "another one"
needs the engine of the book's pages or Voila.

Usage: ``python tools/export_decks.py OUT_DIR`` (``make decks`` writes ``_build/html/decks``).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import jupytext
from nbclient import NotebookClient
from nbconvert import SlidesExporter
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "teacher"
sys.path[:0] = [str(ROOT), str(TEACHER), str(ROOT / "tools")]
from stage import DECKS, start_page  # noqa: E402  (teacher/ and tools/ are folders of scripts)
from stage_widget_runtime import stage as stage_widget_runtime  # noqa: E402

#: What each page loads from node_modules/reveal.js, copied to OUT/reveal.js/.
REVEAL_FILES = ("dist/reveal.js", "dist/reveal.css", "dist/theme/white.css", "dist/plugin/notes.js")
#: The decks' own files, shared with the Voila template.
OWN_FILES = ("teacher.css", "teacher.js")


def run(deck: Path) -> NotebookNode:
    """The deck as a notebook, every cell run in a fresh kernel (this checkout's code, default rules)."""
    notebook: NotebookNode = jupytext.read(deck)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("QUERY_STRING", None)
    NotebookClient(notebook, timeout=300, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(deck.parent)}}).execute(env=env)
    return notebook


def exporter() -> SlidesExporter:
    """nbconvert's reveal exporter on the offline template, sized and numbered as in Voila."""
    reveal = json.loads((TEACHER / "voila.json").read_text(encoding="utf-8"))["VoilaConfiguration"]["resources"]["reveal"]
    slides = SlidesExporter(extra_template_basedirs=[str(TEACHER / "templates")], template_name="static-deck")
    slides.exclude_input = slides.exclude_input_prompt = slides.exclude_output_prompt = True
    slides.reveal_url_prefix, slides.reveal_theme = "reveal.js", reveal["theme"]
    slides.reveal_transition, slides.reveal_number = reveal["transition"], reveal["number"]
    slides.reveal_width, slides.reveal_height = str(reveal["width"]), str(reveal["height"])
    return slides


def export(out: Path, node_modules: Path = ROOT / "node_modules") -> list[Path]:
    """Every deck and what it loads into ``out``; the pages written, the index last."""
    out.mkdir(parents=True, exist_ok=True)
    for part in REVEAL_FILES:
        source = node_modules / "reveal.js" / part
        if not source.exists():
            raise SystemExit(f"export_decks: {source} is missing: run `make deps` (npm ci) first")
        (out / "reveal.js" / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, out / "reveal.js" / part)
    for name in OWN_FILES:
        shutil.copy2(TEACHER / "templates" / "teacher" / "static" / name, out / name)
    stage_widget_runtime(out)
    slides, written = exporter(), []
    for deck in DECKS:
        html, _resources = slides.from_notebook_node(run(deck), resources={"metadata": {"name": deck.stem}})
        (out / f"{deck.stem}.html").write_text(html, encoding="utf-8")
        written.append(out / f"{deck.stem}.html")
    templates = TEACHER / "templates"
    index = (templates / "static-deck" / "decks-index.html").read_text(encoding="utf-8")
    index = index.replace("<!-- start.css -->", (templates / "offline" / "start.css").read_text(encoding="utf-8"))
    (out / "index.html").write_text(index.replace("<!-- start page -->", start_page("{deck}.html", served=False)),
                                    encoding="utf-8")
    return [*written, out / "index.html"]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for page in export(Path(argv[0])):
        print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
