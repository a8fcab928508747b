"""The widgets' front-end modules: each is ``static/dom.js`` followed by its own file.

anywidget loads a front end from a Blob URL, where a relative ``import`` cannot resolve
(offline-book.md), so the helpers every front end needs are kept once in ``dom.js`` and
joined to each module here, in Python, when a widget class is defined.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"
SHARED = STATIC / "dom.js"


def front_end(name: str) -> str:
    """The source of the front end ``static/<name>``, with the shared helpers in front."""
    return SHARED.read_text(encoding="utf-8") + "\n" + (STATIC / name).read_text(encoding="utf-8")
