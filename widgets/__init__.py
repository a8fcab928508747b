"""Widgets of the book: front ends built only from cardlib calls.

The engine never imports widgets; widgets never import the book.
"""

from .card_hand import CardHand

__all__ = ["CardHand"]
