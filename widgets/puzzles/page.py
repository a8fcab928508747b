"""A standalone HTML page of puzzle widgets, as a built chapter carries them: the widgets' state
(each shown spec and packed bank) plus the local widget runtime, and nothing else.

Used by the browser tests and the benchmark; a teacher can use it for a puzzle sheet that opens
from a file.  The runtime (``widget-runtime/`` with the book's widget loader, tools/site/widget-loader.js)
must already be staged beside the page (``tools/stage_widget_runtime.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Iterable

RUNTIME_SCRIPTS = ("widget-runtime/widget-loader.js",)


def page_html(widgets: Iterable[object], title: str = "Puzzles") -> str:
    """The page's HTML: runtime scripts, the widget state, one view per widget."""
    from ipywidgets.embed import dependency_state, embed_data

    shown = list(widgets)
    data = embed_data(views=shown, state=dependency_state(shown, drop_defaults=False), drop_defaults=False)
    views = "\n".join(f'<section><script type="application/vnd.jupyter.widget-view+json">{json.dumps(view)}'
                      f"</script></section>" for view in data["view_specs"])
    state = json.dumps(data["manager_state"], ensure_ascii=False).replace("</", "<\\/")
    scripts = "\n".join(f'<script src="{src}"></script>' for src in RUNTIME_SCRIPTS)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>\n{scripts}\n'
            f'<script type="application/vnd.jupyter.widget-state+json">{state}</script>\n'
            f"</head><body><main>\n{views}\n</main></body></html>\n")


def write_page(folder: Path, widgets: Iterable[object], name: str = "index.html") -> Path:
    """Write the page into ``folder`` (which holds ``widget-runtime/``) and return its path."""
    if not (folder / RUNTIME_SCRIPTS[0]).is_file():
        raise FileNotFoundError(f"no widget runtime in {folder}: stage it first (tools/stage_widget_runtime.py)")
    path = folder / name
    path.write_text(page_html(widgets), encoding="utf-8")
    return path
