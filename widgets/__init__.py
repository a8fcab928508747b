"""Widgets of the book: front ends built only from cardlib calls.

The engine never imports widgets; widgets never import the book.  ``CardHand`` is imported on
first use, so the pure-Python parts (``widgets.tutor.session``) import where no widget library
is installed (Pyodide).
"""

from typing import Any

__all__ = ["CardHand"]


def __getattr__(name: str) -> Any:
    if name == "CardHand":
        from .card_hand import CardHand

        return CardHand
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")
