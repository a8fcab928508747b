"""``python -m cardlib simulate --game yishang``: bots play random games; invariants are checked after every action.

Invariants: the cards are conserved (52 distinct cards: hands, draw pile, central pile;
YS-1); the next face equals what the pile alone gives (YS-13); a window is open only on
a face-down top card (YS-8); a winner holds no card, unless the stall rule named them (YS-12,
YS-16).

Without the optional stall rule a game need not end: bots that always bluff and
always challenge pass the pile back and forth forever.  The simulator stops a game after
``max_actions`` and counts it as "no winner within N actions": a measured fact, not a
failure.  With ``fewest_cards_wins`` a game ends within
``2 × (cards dealt + 1) × (stall_limit + 1)`` actions (see :mod:`.rules`).

Rules: YS-1, YS-8, YS-12, YS-13, YS-16
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..errors import CardlibError
from .bots import Bot
from .deal import DECK
from .events import EventKind
from .pile import Face, face_from_pile
from .rules import YISHANG, Ruleset, get_ruleset
from .state import Game

MAX_ACTIONS = 5000


#: The deck's card objects: cards are interned (``cardlib.cards``), so a game dealt from the deck
#: holds exactly these 52 objects, and comparing identities is exact and cheap.
DECK_IDS = frozenset(map(id, DECK))


#: The bot of :func:`play_game` and :func:`run` unless told otherwise.
DEFAULT_BOT = Bot()


def check_invariants(game: Game) -> list[str]:
    """Every invariant a game dealt by :meth:`Game.new` breaks (an empty list when all hold)."""
    problems = []
    everything = [c for hand in game.hands for c in hand] + list(game.draw_pile) + [p.card for p in game.pile]
    if len(everything) != len(DECK) or set(map(id, everything)) != DECK_IDS:
        problems.append(f"YS-1: {len(everything)} cards, expected the 52 cards of the deck once each")
    if game.next_face is not face_from_pile(game.pile):
        problems.append("YS-13: the next face differs from the one the pile gives")
    if game.window is not None and (not game.pile or game.pile[-1].face is not Face.DOWN):
        problems.append("YS-8: a challenge window is open without a face-down card on top")
    if game.winner is not None and game.hands[game.winner] and game.log[-1].kind is not EventKind.STALL:
        problems.append(f"YS-12: player {game.winner} won holding cards")
    return problems


@dataclass
class GameResult:
    """How one simulated game went."""

    winner: int | None
    actions: int
    stalled: bool
    problems: list[str] = field(default_factory=list)


def play_game(players: int, seed: int, rules: Ruleset | str = YISHANG, bot: Bot = DEFAULT_BOT,
              max_actions: int = MAX_ACTIONS, every_action: bool = True) -> GameResult:
    """One game between bots, checking the invariants after every action (or only at the end)."""
    game = Game.new(players, seed, rules)
    rng = random.Random(seed)
    problems = check_invariants(game)
    actions = 0
    while not game.is_over and actions < max_actions and not problems:
        game.apply(bot.next_action(game, rng))
        actions += 1
        if every_action:
            problems = check_invariants(game)
    problems = problems or check_invariants(game)
    stalled = game.is_over and game.log[-1].kind is EventKind.STALL
    return GameResult(game.winner, actions, stalled, problems)


def run(games: int, seed: int, players: int, rules: Ruleset = YISHANG, bot: Bot = DEFAULT_BOT,
        max_actions: int = MAX_ACTIONS, every_action: bool = True) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) and summarize them."""
    if type(games) is not int or games < 1:
        raise CardlibError(f"games must be a whole number of at least 1, not {games!r}")
    start = time.perf_counter()
    results = [play_game(players, seed + i, rules, bot, max_actions, every_action) for i in range(games)]
    seconds = time.perf_counter() - start
    lengths = sorted(r.actions for r in results)
    return {
        "games": games, "players": players, "ruleset": rules.name,
        "wins_by_last_card": sum(r.winner is not None and not r.stalled for r in results),
        "wins_by_fewest_cards": sum(r.stalled for r in results),
        "no_winner": sum(r.winner is None for r in results),
        "max_actions": max_actions,
        "median_actions": lengths[len(lengths) // 2], "longest": lengths[-1],
        "winners_by_seat": dict(sorted(Counter(r.winner for r in results if r.winner is not None).items())),
        "failures": [f"game seed {seed + i}: {p}" for i, r in enumerate(results) for p in r.problems],
        "games_per_second": games / seconds if seconds > 0 else float("inf"),
    }


def main(args: Any) -> int:
    """The command: print the invariant results and games per second; 1 if an invariant failed."""
    try:
        rules = get_ruleset(args.ruleset or "yishang")
        summary = run(args.games, args.seed, args.players, rules)
    except CardlibError as error:
        print(f"error: {error}")
        return 2
    print(f"一上一下: {summary['games']} games, {summary['players']} players, seed {args.seed}, "
          f"ruleset {summary['ruleset']}")
    print(f"  won by a last card: {summary['wins_by_last_card']}; by fewest cards (YS-16): "
          f"{summary['wins_by_fewest_cards']}; no winner within {summary['max_actions']} actions: "
          f"{summary['no_winner']}")
    print(f"  actions per game: median {summary['median_actions']}, longest {summary['longest']}; "
          f"wins by seat: {summary['winners_by_seat']}")
    failures = summary["failures"]
    print("  invariants (YS-1 52 cards conserved, YS-13 next face from the pile, YS-8 window on a "
          f"face-down card, YS-12 winner out of cards): {'all held' if not failures else f'{len(failures)} FAILED'}")
    for failure in failures[:20]:
        print(f"    {failure}")
    print(f"  speed: {summary['games_per_second']:.0f} games/s")
    return 1 if failures else 0
