"""一上一下 ("up, down"): cards played alternately face up and face down, with claims and challenges.

Rules: YS-1 … YS-16, YS-E1 (the rules register, :mod:`cardlib.register`).

Modules, one rule area each: :mod:`.ranks` (YS-2 order, claims), :mod:`.rules` (rulesets:
YS-10 target reset, YS-16 stall rule), :mod:`.deal` (YS-1 deck and deal, YS-3 first player),
:mod:`.pile` (YS-5 / YS-13 faces), :mod:`.challenge` (YS-9 outcome, YS-14 nearest challenger),
:mod:`.actions` (play / challenge / pass values), :mod:`.events` and :mod:`.reasons` (what
happened and why, in English and Chinese), :mod:`.state` (the game), :mod:`.bots` and
:mod:`.simulate` (``python -m cardlib simulate --game yishang``), :mod:`.display` (a game and its
events drawn in a notebook), :mod:`.case_questions` (``python -m cardlib check``: ``challenge`` and
``replay``).  Cards, ranks, players and rulesets may be given in the notation: ``"S8"``, ``"10"``,
``"B"`` / ``"乙"``, ``"yishang"``; bad input raises a :class:`~cardlib.errors.CardlibError` (a
``ValueError``) that names the token, and a refused action an :class:`IllegalPlayError` carrying
its :class:`~cardlib.explain.Reason`.

>>> from cardlib.yishang import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
>>> [str(e.reason.rule) for e in game.play("S8")]
['YS-6']
>>> game.next_face, game.next_player
(<Face.DOWN: 'down'>, 1)
>>> challenge_outcome("8", "10", "H6")[1].en
'the card is 6, not the claimed 10: the challenge succeeds'

"""

from .actions import Action, Challenge, Pass, Play, parse_action
from .bots import Bot
from .challenge import challenge_outcome, nearest_challenger, taker
from .deal import deal, draw_for_first
from .display import event_html, events_html, game_html, pile_html
from .events import Event, EventKind, Events
from .pile import Face, PileCard, face_from_pile
from .players import PlayerLike, PlayerName, parse_player
from .ranks import ORDER, is_below, parse_actual, parse_claim, parse_rank
from .rules import PRESETS, YISHANG, YISHANG_FEWEST, Ruleset, get_ruleset
from .simulate import play_game
from .state import Game, IllegalPlayError, Window

__all__ = [
    "ORDER", "PRESETS", "YISHANG", "YISHANG_FEWEST",
    "Action", "Bot", "Challenge", "Event", "EventKind", "Events", "Face", "Game", "IllegalPlayError",
    "Pass", "PileCard", "Play", "Ruleset", "Window",
    "challenge_outcome", "deal", "draw_for_first", "event_html", "events_html", "face_from_pile", "game_html",
    "get_ruleset", "is_below", "nearest_challenger", "parse_action", "parse_actual", "parse_claim",
    "parse_player", "parse_rank", "pile_html", "play_game", "taker", "PlayerLike", "PlayerName",
]


def __dir__() -> list[str]:
    """``dir()`` of the package: the learner's API (``__all__``), not the modules behind it."""
    return sorted(__all__)
