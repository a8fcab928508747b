"""Class mode, the teacher's side: open a class on a deck, show its join slide, run each vote.

``session = ClassSession("1-yishang")`` on the deck's join slide draws the "Open a class" control,
then the class's join code, its QR code and address, big enough for the back row.  On a class
puzzle's slide ``session.attach(puzzle)`` draws the live panel of that puzzle: when the slide is
shown it becomes the class's current question, and the panel shows the class's counts as a bar
chart (hidden until "Show"), closes the vote, reveals the answer (only then sent to the phones), and
starts a second round beside the first.

The browser talks to the class server (the ``classroom`` server extension, prefix
``/cardbook-class``) itself, same origin; the server holds the teacher's session (a cookie set when a class
is opened), so a reload, a new tab or a restarted server reopens the class, and the join slide lists
who joined and the past classes with their answers and mistakes map.  The panel follows the puzzle from the Python side (its ``spec`` and
``ruleset``), so "another one" on the puzzle is the next question; the puzzle itself is unchanged.

>>> session = ClassSession("1-yishang", lang="en")
>>> panel = session.attach(ClassPuzzle("ys_challenge", seed=1))
>>> panel.slide, panel.spec["id"], panel.ruleset
('1-yishang#ys_challenge:1', 'ys_challenge:1', 'yishang')
"""

from __future__ import annotations

import re
from typing import Any

import anywidget
import traitlets

from .class_puzzle import ClassPuzzle
from .front_ends import front_end, style
from .stepper import deck_lang

#: A deck's name as the decks folder spells it (``2-shengji-cards-trumps``).
DECK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")


class _ClassWidget(anywidget.AnyWidget):
    """What both parts share: the front end, the deck and the language."""

    _esm = front_end("class_session.js")
    _css = style("class_session.css")

    #: "join" (the join slide) or "panel" (a class puzzle's live panel).
    part = traitlets.Unicode("join").tag(sync=True)
    deck = traitlets.Unicode("").tag(sync=True)
    #: "en" or "zh" when the address (or the caller) fixes the language, "" for the reader's setting.
    lang = traitlets.Enum(("", "en", "zh"), default_value="").tag(sync=True)

    def __init__(self, deck: str, **kwargs: Any) -> None:
        if not isinstance(deck, str) or not DECK_NAME.fullmatch(deck):
            raise ValueError(f"a class needs a deck name such as '1-yishang' (letters, digits, - _ .), not {deck!r}")
        super().__init__(deck=deck, lang=kwargs.pop("lang", deck_lang()), **kwargs)


class ClassPanel(_ClassWidget):
    """The live panel of one class puzzle (made by :meth:`ClassSession.attach`)."""

    part = traitlets.Unicode("panel").tag(sync=True)
    spec = traitlets.Dict().tag(sync=True)
    ruleset = traitlets.Unicode("").tag(sync=True)
    #: The question's slide, ``<deck>#<slide key>`` (the answers' CSV names it).
    slide = traitlets.Unicode("").tag(sync=True)


class ClassSession(_ClassWidget):
    """The join slide of deck ``deck``: "Open a class", then its code, QR code and address."""

    def attach(self, puzzle: ClassPuzzle, slide: str = "") -> ClassPanel:
        """The live panel of ``puzzle``, following its spec and ruleset; ``slide`` names the slide
        (by default the puzzle the slide starts with, ``ys_challenge:1``)."""
        if not isinstance(puzzle, ClassPuzzle):
            raise TypeError(f"attach takes a ClassPuzzle, not {type(puzzle).__name__}")
        key = slide or puzzle.spec.get("id") or puzzle.kind
        if not DECK_NAME.fullmatch(key.replace(":", "-")):
            raise ValueError(f"a slide key such as 'ys_challenge:1' (letters, digits, - _ . :), not {key!r}")
        panel = ClassPanel(self.deck, slide=f"{self.deck}#{key}", lang=self.lang)
        traitlets.dlink((puzzle, "spec"), (panel, "spec"))
        traitlets.dlink((puzzle, "ruleset"), (panel, "ruleset"))
        return panel
