"""cardlib: the rules engine of the book (升级 / 拖拉机 and 一上一下).

Pure Python, no dependencies, no file access at import; typed (``py.typed``, ``mypy --strict``).
Each game is one import: ``from cardlib.shengji import TrumpContext, check_follow, ...`` (its
``__all__`` lists the learner's API); this package holds what both games share: cards and their
notation, the errors (every one a ``ValueError``), reasons and rule ids.

>>> from cardlib import RuleId, parse_cards
>>> RuleId.parse("sj-9"), [str(c) for c in parse_cards("♥10 大王")]
(<RuleId.SJ_9: 'SJ-9'>, ['H10', 'BJ'])
"""

from .cards import Card, Rank, Suit, format_cards, parse_cards, parse_hand
from .errors import (CardlibError, CardTextError, IllegalActionError, ImpossibleHandError, InvalidPositionError,
                     NotationError, RulesetError)
from .explain import Reason, Verdict
from .result import Result
from .rule_ids import RuleId

__all__ = [
    "Card", "Rank", "Suit", "format_cards", "parse_cards", "parse_hand",
    "CardlibError", "CardTextError", "IllegalActionError", "ImpossibleHandError", "InvalidPositionError",
    "NotationError", "RulesetError", "Reason", "Result", "Verdict", "RuleId",
]


def __dir__() -> list[str]:
    """``dir()`` of the package: the learner's API (``__all__``), not the modules behind it."""
    return sorted(__all__)
