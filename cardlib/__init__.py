"""cardlib: the rules engine of the book (升级 / 拖拉机 and 一上一下).

Pure Python, no dependencies, no file access at import.
"""

from .cards import Card, Rank, Suit, format_cards, parse_cards, parse_hand
from .errors import (CardlibError, IllegalActionError, ImpossibleHandError, InvalidPositionError,
                     NotationError, RulesetError)
from .explain import Reason, Verdict
from .rule_ids import RuleId

__all__ = [
    "Card", "Rank", "Suit", "format_cards", "parse_cards", "parse_hand",
    "CardlibError", "IllegalActionError", "ImpossibleHandError", "InvalidPositionError",
    "NotationError", "RulesetError", "Reason", "Verdict", "RuleId",
]
