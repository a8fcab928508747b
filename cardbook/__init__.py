"""cardbook: the book's notebook widgets under the book's own name, for a learner's notebook.

``from cardbook import Puzzle`` is the import a chapter shows (the widgets live in the project's
``widgets`` package, which the engine never imports; this module only re-exports them).  Each
name is imported on first use, so ``import cardbook`` costs nothing until a widget is asked for.

>>> import cardbook
>>> sorted(cardbook.__all__)
['CardHand', 'ClassPuzzle', 'Puzzle']
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.card_hand import CardHand
    from widgets.class_puzzle import ClassPuzzle
    from widgets.puzzle_widget import Puzzle

__all__ = ["CardHand", "ClassPuzzle", "Puzzle"]

#: Where each widget is defined (module, class).
_HOMES = {"Puzzle": "widgets.puzzle_widget", "ClassPuzzle": "widgets.class_puzzle", "CardHand": "widgets.card_hand"}


def __getattr__(name: str) -> Any:
    """A widget class, imported on first use."""
    if name in _HOMES:
        value = getattr(import_module(_HOMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cardbook' has no attribute {name!r}: it has {', '.join(__all__)}")


def __dir__() -> list[str]:
    return sorted(__all__)
