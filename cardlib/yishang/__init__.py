"""一上一下 ("up, down"): cards played alternately face up and face down, with claims and challenges.

Rules: YS-1 … YS-16, YS-E1 (``shared/spec/rules-register.md``).

Modules, one rule area each: :mod:`.ranks` (YS-2 order, claims), :mod:`.rules` (rulesets:
YS-10 target reset, YS-16 stall rule), :mod:`.deal` (YS-1 deck and deal, YS-3 first player),
:mod:`.pile` (YS-5 / YS-13 faces), :mod:`.challenge` (YS-9 outcome, YS-14 nearest challenger),
:mod:`.actions` (play / challenge / pass values), :mod:`.events` and :mod:`.reasons` (what
happened and why, in English and Chinese), :mod:`.state` (the game), :mod:`.bots` and
:mod:`.simulate` (``python -m cardlib simulate --game yishang``), :mod:`.case_questions`
(``python -m cardlib check``: ``challenge`` and ``replay``).

>>> from cardlib.yishang import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
>>> [str(e.reason.rule) for e in game.play("S8")]
['YS-6']
>>> game.next_face, game.next_player
(<Face.DOWN: 'down'>, 1)
"""

from .challenge import challenge_outcome, nearest_challenger
from .events import Event, EventKind
from .pile import Face, PileCard, face_from_pile
from .ranks import ORDER, is_below, parse_claim, parse_rank
from .rules import PRESETS, YISHANG, Ruleset, get_ruleset
from .state import Game, IllegalPlayError, Window

__all__ = [
    "ORDER",
    "PRESETS",
    "YISHANG",
    "Event",
    "EventKind",
    "Face",
    "Game",
    "IllegalPlayError",
    "PileCard",
    "Ruleset",
    "Window",
    "challenge_outcome",
    "face_from_pile",
    "get_ruleset",
    "is_below",
    "nearest_challenger",
    "parse_claim",
    "parse_rank",
]
