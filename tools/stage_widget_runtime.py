"""Stage the static book's own scripts into a folder the book serves itself (``widget-runtime/``).

The static book makes no request to any other host (it must work with no network, even opened from
disk), and needs no npm package at reading time:

- ``widget-loader.js``: the widget runtime of widget pages (``tools/site/widget-loader.js``), which
  renders each anywidget from the page's widget state (``tools/lean_widget_state.py``);
- ``cardbook-page.js``: every page's script, ``tools/site/page.js`` (the settings bar) and the shared
  modules it imports (``widgets/static/dom.js``, ``settings.js``) bundled by esbuild into one classic
  script, an IIFE (``make deps``: ``tools/bundle_front_ends.mjs``; :func:`widgets.front_ends.front_end`);
- ``cardbook-page.css``: every page's stylesheet, the widgets' shared stylesheets
  (:func:`widgets.front_ends.shared_style`) and ``tools/site/page.css``;
- beside the folder, so at the site's root: ``cardbook-sw.js``, the book's service worker
  (``tools/site/cardbook-sw.js``: the pages read once open offline; the widget loader registers it).

Sphinx ships the folder with the site through ``html_extra_path`` (``_config.yml``).
Usage: ``python tools/stage_widget_runtime.py OUT_DIR`` writes ``OUT_DIR/widget-runtime``; a missing
source, a page script not bundled (or older than its sources: run ``make deps``), or one with an
``import`` / ``export`` statement (the page script is a classic script), fails.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_SOURCES = ROOT / "tools" / "site"
#: A module statement, which a classic script (the page script) cannot hold.
MODULE_STATEMENT = re.compile(r"^\s*(import|export)\b[\s{*\"']", re.MULTILINE)


class StageError(Exception):
    """A source of the staged runtime is missing or unusable."""


def read_source(path: Path) -> str:
    if not path.is_file():
        raise StageError(f"missing {path}")
    return path.read_text(encoding="utf-8")


def classic_script(name: str, text: str) -> str:
    """``text``, checked to be a classic script: a module statement in it is an error."""
    if found := MODULE_STATEMENT.search(text):
        line = text.count("\n", 0, found.start()) + 1
        raise StageError(f"{name}:{line} has an {found.group(1)} statement; the page script is a classic script")
    return text


def stage(out_dir: Path) -> Path:
    """Fill ``out_dir/widget-runtime`` and return that folder."""
    sys.path.insert(0, str(ROOT))  # this work tree's widgets, not another one installed
    try:
        from widgets.front_ends import FrontEndError, front_end, shared_style
    finally:
        sys.path.remove(str(ROOT))
    try:
        page_script = front_end("page.js")
    except FrontEndError as error:
        raise StageError(str(error)) from error
    files = {
        "widget-loader.js": read_source(SITE_SOURCES / "widget-loader.js"),
        "cardbook-page.js": classic_script("widgets/static/dist/page.js (tools/site/page.js bundled)", page_script),
        "cardbook-page.css": shared_style() + "\n" + read_source(SITE_SOURCES / "page.css"),
    }
    target = out_dir / "widget-runtime"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name, text in files.items():
        (target / name).write_text(text, encoding="utf-8")
    (out_dir / "cardbook-sw.js").write_text(read_source(SITE_SOURCES / "cardbook-sw.js"), encoding="utf-8")
    return target


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        staged = stage(Path(argv[0]))
    except StageError as error:
        print(f"stage_widget_runtime: {error}", file=sys.stderr)
        return 1
    print(f"widget runtime staged in {staged}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
