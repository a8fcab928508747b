"""The widgets' front ends and stylesheets: each front end one bundled ES module, the card faces in front.

A front end is an ES module (``static/<name>``) that imports the shared modules it uses: ``dom.js``
(building elements), ``cards.js`` (drawing and naming cards) and ``settings.js`` (the reader's one
settings model).  anywidget loads a front end from a Blob URL, where a relative ``import`` cannot
resolve, so ``make deps`` bundles each one with esbuild into a self-contained module
in ``static/dist/`` (``tools/bundle_front_ends.mjs``; the folder is git-ignored).  The card faces are
drawn here, by :func:`cardlib.render.card_face_body` (so a widget's card is the chapters' card), and
written as ``const CARD_FACES = {...}`` in front of every bundle that draws a card.  The class page's
script (``classroom/static/join.js``) and the book's page script (``tools/site/page.js``) are bundled
the same way.

Rules: SJ-1, YS-1 (the faces of the deck), YS-7 (a face-down card is drawn as a back).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from cardlib.cards import DECK_WITH_JOKERS
from cardlib.render import CARD_BACK_BODY, card_classes, card_face_body

STATIC = Path(__file__).parent / "static"
#: Where ``make deps`` writes the bundles (``tools/bundle_front_ends.mjs``), with ``manifest.json``.
DIST = STATIC / "dist"
ROOT = Path(__file__).resolve().parent.parent
#: The shared stylesheets, joined in front of a module's own.
SHARED_STYLES = ("cards.css", "settings.css")


class FrontEndError(RuntimeError):
    """A front end's bundle is missing or older than its sources: ``make deps`` makes it."""


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


def bundle(name: str) -> str:
    """The esbuild bundle ``static/dist/<name>`` as written, without the card faces; a bundle that is
    missing, or older than one of its sources, is a :class:`FrontEndError` saying to run ``make deps``."""
    path = DIST / name
    manifest_path = DIST / "manifest.json"
    if not path.is_file() or not manifest_path.is_file():
        raise FrontEndError(f"the front end {name} is not bundled ({path} is missing): run make deps "
                            "(it bundles widgets/static/*.js with esbuild: node tools/bundle_front_ends.mjs)")
    inputs = json.loads(manifest_path.read_text(encoding="utf-8")).get(name, {}).get("inputs", [])
    built = manifest_path.stat().st_mtime  # written on every run (a bundle only when its text changed)
    newer = [source for source in inputs if (ROOT / source).is_file() and (ROOT / source).stat().st_mtime > built]
    if newer:
        raise FrontEndError(f"the bundled front end {path} is older than {', '.join(newer)}: run make deps "
                            "(or node tools/bundle_front_ends.mjs)")
    return path.read_text(encoding="utf-8")


def front_end(name: str) -> str:
    """The front end ``static/<name>`` as anywidget gets it: its bundle (one self-contained ES module),
    with the card faces in front when it draws a card."""
    source = bundle(name)
    return (card_faces_script() + source) if "CARD_FACES" in source else source


def style(name: str) -> str:
    """The stylesheet ``static/<name>``, with the shared stylesheets in front."""
    return "\n".join((STATIC / part).read_text(encoding="utf-8") for part in (*SHARED_STYLES, name))


def shared_style() -> str:
    """The shared stylesheets as one (the book's page stylesheet starts with them)."""
    return "\n".join((STATIC / part).read_text(encoding="utf-8") for part in SHARED_STYLES)
