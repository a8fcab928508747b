"""升级 / 拖拉机 (Shengji, Tractor): the rules of the SG and SS documents, as one import.

Everything a learner needs comes from this package; every function takes the notation
strings as well as the engine's values: cards ``"HA HA"`` (or a list of tokens), a level
``"2"`` / ``"10"`` / ``"A"``, a trump suit ``"S"`` / ``"♠"`` / ``"none"``, a ruleset
``"shengji"`` / ``"shuangsheng"`` (or a :class:`Ruleset`).  Bad input raises a
:class:`~cardlib.errors.CardlibError` (a ``ValueError``) naming the bad token.

>>> from cardlib.shengji import TrumpContext, check_follow, find_trick_winner, trick_points, level_change
>>> ctx = TrumpContext("2", "S")
>>> print(check_follow(ctx, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9").rule)
SJ-9
>>> find_trick_winner(ctx, "shengji", ["HK", "HA", "H3", "S3"]).winner
3
>>> trick_points("S5 H10 DK")
25
>>> level_change("shuangsheng", 80)[0]
LevelChange(dealer_team_levels=0, attackers_take_over=True, attacker_levels=0)

Rules: SJ-1 … SJ-13, SG-1 … SG-9, SS-1 … SS-9, C-1 … C-7 (each module names its own).
"""

from ..cards import Card, Rank, Suit, format_cards, parse_cards
from ..errors import CardlibError, IllegalActionError, InvalidPositionError, NotationError, RulesetError
from ..explain import Reason, Verdict
from ..result import Result
from ..rule_ids import RuleId
from .calling import CallingResult, CallKind, CallState, KittyTurn, check_call, resolve_calls, turn_kitty
from .combos import Plays, Shape, classify, explain_shape, find_pairs, find_tractors
from .follow import LegalFollows, check_follow, is_legal_follow, legal_follows
from .hand import (Event, HandResult, HandSnapshot, ShengjiGame, ShengjiHand, Trick, check_bury, cut_by,
                   deal_order)
from .leads import check_lead, legal_leads
from .player import RandomPlayer
from .progression import Progress, after_hand, level_played, next_dealer, partner_of, team_of
from .rules import (PRESETS, SHENGJI, SHUANGSHENG, Calling, Choice, Cut, EqualCards, FirstDealer, GameEnd,
                    JokerCallTrump, KittyMultiplier, KittyShape, LevelTable, MixedTrumpSingles, NextDealer, NoCall,
                    PairLeadWithoutPair, PresetName, Ruleset, RulesetLike, ShortTractorFollow, TractorAdjacency, as_ruleset,
                    get_ruleset)
from .scoring import (KITTY_SIZE, TOTAL_POINTS, LevelChange, card_points, explain_trick_points, kitty_multiplier,
                      kitty_score, level_change, points_left, trick_points)
from .scoring import score_kitty as score_kitty  # deprecated: kitty_score (kept one release, not in __all__)
from .simulate import play_random_hand
from .solver import EndgameSolution, EndgameSolver, solve_endgame
from .throws import ThrowResult, resolve_throw
from .trick import TrickResult, find_trick_winner
from .trump import EffectiveSuit, TrumpContext, as_level, as_trump, explain_order, explain_trumps


__all__ = [
    # cards and the engine's values (from cardlib)
    "Card", "Rank", "Suit", "parse_cards", "format_cards", "Reason", "Verdict", "Result", "RuleId",
    "CardlibError", "IllegalActionError", "InvalidPositionError", "NotationError", "RulesetError",
    # rulesets (SG-1 … SS-9, C-1 … C-7)
    "Ruleset", "RulesetLike", "PresetName", "Plays", "get_ruleset", "as_ruleset", "SHENGJI", "SHUANGSHENG", "PRESETS", "Choice",
    "Calling", "NoCall", "JokerCallTrump", "TractorAdjacency", "ShortTractorFollow", "KittyMultiplier",
    "LevelTable", "FirstDealer", "NextDealer", "GameEnd", "EqualCards", "KittyShape", "PairLeadWithoutPair",
    "MixedTrumpSingles", "Cut",
    # trumps and order (SJ-3, SJ-4, SJ-5)
    "TrumpContext", "EffectiveSuit", "as_level", "as_trump", "explain_trumps", "explain_order",
    # shapes (SJ-6, SG-4 / SS-4)
    "Shape", "classify", "explain_shape", "find_pairs", "find_tractors",
    # leading and following (SJ-6, SJ-9, SJ-10, SG-5 / SS-5, C-3, C-4)
    "check_lead", "legal_leads", "check_follow", "is_legal_follow", "legal_follows", "LegalFollows",
    "resolve_throw", "ThrowResult",
    # tricks and points (SJ-10, SJ-11, SJ-12, C-1, C-2, C-5, SG-6 / SS-6)
    "find_trick_winner", "TrickResult", "card_points", "trick_points", "explain_trick_points", "points_left",
    "kitty_multiplier", "kitty_score", "TOTAL_POINTS", "KITTY_SIZE",
    # best play with every hand seen (SJ-8 … SJ-12, SG-6 / SS-6, C-2)
    "solve_endgame", "EndgameSolution", "EndgameSolver",
    # levels and dealers (SG-7 / SS-7, SG-8, SS-8, SJ-3, SJ-13)
    "level_change", "LevelChange", "after_hand", "Progress", "next_dealer", "level_played", "team_of",
    "partner_of",
    # calling trump (SG-1 / SS-1, SG-2, SG-3, SG-9 / SS-9)
    "check_call", "resolve_calls", "CallState", "CallKind", "CallingResult", "KittyTurn", "turn_kitty",
    # a whole hand and a game (SJ-2, SJ-7, SJ-8)
    "ShengjiHand", "ShengjiGame", "HandResult", "HandSnapshot", "Event", "Trick", "deal_order", "cut_by",
    "check_bury", "RandomPlayer", "play_random_hand",
]


def __dir__() -> list[str]:
    """``dir(cardlib.shengji)``: the learner's API (``__all__``), not the modules and helpers behind it."""
    return sorted(__all__)
