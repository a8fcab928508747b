"""Sparring levels: how strongly the practice bots play, chosen at the table.

``easy`` is the beginner's bots (:class:`~cardlib.shengji.bots.ShengjiBot`,
:class:`~cardlib.yishang.tutor_bots.TutorBot`); ``strong`` the sparring partners
(:class:`~cardlib.shengji.sparring.SparringShengjiBot`, :class:`~cardlib.yishang.sparring.SparringBot`),
which track what their seat has seen and weigh their choices.  Both see only what their seat sees.

>>> Level.parse("strong").label.zh
'高手'
>>> Level.parse("hard")
Traceback (most recent call last):
...
cardlib.errors.CardlibError: a sparring level is one of easy, strong, not 'hard'
"""

from __future__ import annotations

from enum import Enum

from .errors import CardlibError
from .explain import Words


class Level(str, Enum):
    """A sparring level; its value is what a table's options carry (``"easy"``, ``"strong"``)."""

    EASY = "easy"
    STRONG = "strong"

    @property
    def label(self) -> Words:
        """The level as a player reads it in a menu."""
        return _LABELS[self]

    @property
    def about(self) -> Words:
        """One sentence on how the bots of this level play."""
        return _ABOUT[self]

    @classmethod
    def parse(cls, value: object) -> Level:
        """A level from its value (or a level); a :class:`CardlibError` naming the levels otherwise."""
        if isinstance(value, Level):
            return value
        for level in cls:
            if value == level.value:
                return level
        raise CardlibError(f"a sparring level is one of {', '.join(level.value for level in cls)}, not {value!r}")


_LABELS = {Level.EASY: Words("Beginner", "入门"), Level.STRONG: Words("Strong", "高手")}
_ABOUT = {
    Level.EASY: Words("The bots play a beginner's sensible game.", "陪练按新手的稳妥打法出牌。"),
    Level.STRONG: Words("The bots remember what has been played and shown, and weigh each risk.",
                        "陪练记得出过、亮过的牌，并权衡每一次风险。"),
}

__all__ = ["Level"]
