"""The widgets' front-end modules and stylesheets, each the shared files followed by its own.

anywidget loads a front end from a Blob URL, where a relative ``import`` cannot resolve
(offline-book.md), so what every front end needs is joined to each module here, in Python, when
a widget class is defined: ``dom.js`` (building elements), the card faces drawn by
:func:`cardlib.render.card_face_body` (so a widget's card is the chapters' card), ``cards.js``
(drawing and naming cards) and ``settings.js`` (the reader's one settings model).  The book's
page script is staged from the same files (``tools/stage_widget_runtime.py``).

Rules: SJ-1, YS-1 (the faces of the deck), YS-7 (a face-down card is drawn as a back).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from cardlib.cards import DECK_WITH_JOKERS
from cardlib.render import CARD_BACK_BODY, card_classes, card_face_body

STATIC = Path(__file__).parent / "static"
#: The shared scripts, in the order they are joined in front of a module (faces go after dom.js).
SHARED_SCRIPTS = ("dom.js", "cards.js", "settings.js")
#: The shared stylesheets, joined in front of a module's own.
SHARED_STYLES = ("cards.css", "settings.css")


def _face(classes: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" class="{classes}" '
            f'aria-hidden="true" focusable="false">{body}</svg>')


@cache
def card_faces_script() -> str:
    """``const CARD_FACES = {...}``: every face of the deck with jokers and a back, as decorative
    SVG (the element drawing it carries the words)."""
    faces = {str(card): _face(card_classes(card), card_face_body(card)) for card in DECK_WITH_JOKERS}
    faces["back"] = _face("cardlib-card cardlib-back", CARD_BACK_BODY)
    return "const CARD_FACES = " + json.dumps(faces, ensure_ascii=False, separators=(",", ":")) + ";\n"


def shared_script() -> str:
    """The shared front-end code, faces included, as one script body (declarations only)."""
    dom, *rest = (STATIC / name for name in SHARED_SCRIPTS)
    return "\n".join([dom.read_text(encoding="utf-8"), card_faces_script(),
                      *(path.read_text(encoding="utf-8") for path in rest)])


def front_end(name: str) -> str:
    """The source of the front end ``static/<name>``, with the shared code in front."""
    return shared_script() + "\n" + (STATIC / name).read_text(encoding="utf-8")


def style(name: str) -> str:
    """The stylesheet ``static/<name>``, with the shared stylesheets in front."""
    return "\n".join((STATIC / part).read_text(encoding="utf-8") for part in (*SHARED_STYLES, name))


def shared_style() -> str:
    """The shared stylesheets as one (the book's page stylesheet starts with them)."""
    return "\n".join((STATIC / part).read_text(encoding="utf-8") for part in SHARED_STYLES)
