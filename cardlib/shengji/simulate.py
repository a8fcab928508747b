"""``python -m cardlib simulate``: whole hands between random legal players, with invariants.

Each hand is played action by action through :class:`~cardlib.shengji.hand.ShengjiHand`
inside a :class:`~cardlib.shengji.hand.ShengjiGame` (a finished game starts a new one), and
after every action and every hand the invariants below are checked.

Rules: SJ-1, SJ-2, SJ-8, SJ-9, SJ-11, SJ-12, SJ-13
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Rank
from ..errors import CardlibError
from .hand import FULL_DECK, ShengjiGame, ShengjiHand
from .player import RandomPlayer
from .progression import LEVELS
from .rules import Ruleset, RulesetLike, get_ruleset
from .scoring import TOTAL_POINTS, trick_points

#: The invariants, in the order they are reported.
INVARIANTS = {
    "cards": "108 cards conserved after every action (SJ-1; each dealt card by count)",
    "points": "points won by both teams + kitty = 200 (SJ-11)",
    "winner": "every trick has exactly one winner, who leads next (SJ-8)",
    "terminates": "every hand terminates: each seat plays its 25 cards (SG-E1)",
    "levels": "levels stay in 2..A (SJ-3, SJ-13)",
    "legal": "a legal play always existed and was accepted (SJ-9)",
}
#: More actions than any hand needs (100 cards, calls, 100 plays) times a few redeals.
MAX_ACTIONS = 5000
#: The dealt card objects are the deck's own, so counting them by identity is exact and cheap.
_FULL_IDS = sorted(map(id, FULL_DECK))


@dataclass
class Report:
    """How many hands were played and the first failure of each invariant, if any."""

    hands: int = 0
    games_finished: int = 0
    failures: dict[str, str] = field(default_factory=dict)

    def fail(self, invariant: str, message: str) -> None:
        self.failures.setdefault(invariant, message)

    @property
    def ok(self) -> bool:
        return not self.failures


def _check_cards(hand: ShengjiHand, report: Report, exact: bool) -> None:
    """108 cards, and (``exact``) the very 108 dealt: after a single dealt card the count is
    enough, since the next exact check (at the latest when the calls close) catches any change."""
    cards = hand.all_cards()
    if len(cards) != len(FULL_DECK) or (exact and sorted(map(id, cards)) != _FULL_IDS):
        report.fail("cards", f"hand seed {hand.seed}: {len(cards)} cards after action {len(hand.log)}")


def _act(hand: ShengjiHand, report: Report, action: Callable[..., Any], *args: Any) -> None:
    action(*args)
    _check_cards(hand, report, exact=action != hand.deal_card)


def play_hand(hand: ShengjiHand, players: list[RandomPlayer], report: Report) -> bool:
    """Play one hand to its end with ``players``, checking invariants; False if it broke off."""
    for _step in range(MAX_ACTIONS):
        if hand.phase == "over":
            _check_result(hand, report)
            return True
        try:
            step_hand(hand, players, report)
        except CardlibError as error:
            report.fail("legal", f"hand seed {hand.seed}, {hand.phase} phase: {error}")
            return False
    report.fail("terminates", f"hand seed {hand.seed} did not end within {MAX_ACTIONS} actions")
    return False


def step_hand(hand: ShengjiHand, players: list[RandomPlayer], report: Report) -> None:
    """One action by whoever is to act (the deal counts a card and the call it may bring)."""
    if hand.phase == "deal":
        seat = hand.next_to_deal
        if seat is None:
            _act(hand, report, hand.close_calls)
            return
        _act(hand, report, hand.deal_card)
        call = players[seat].choose_call(hand, seat)
        if call is not None:
            _act(hand, report, hand.call, seat, call)
    elif hand.phase == "bury":
        assert hand.dealer is not None
        _act(hand, report, hand.bury, players[hand.dealer].choose_burial(hand))
    else:
        seat = hand.to_act
        assert seat is not None
        player = players[seat]
        cards = player.choose_lead(hand, seat) if hand.lead is None else player.choose_follow(hand, seat)
        _act(hand, report, hand.play, seat, cards)


def _check_result(hand: ShengjiHand, report: Report) -> None:
    result = hand.result
    assert result is not None
    buried = trick_points(hand.buried)
    if result.attacker_trick_points + result.defender_trick_points + buried != TOTAL_POINTS:
        report.fail("points", f"hand seed {hand.seed}: {result.attacker_trick_points} + "
                              f"{result.defender_trick_points} + kitty {buried} != {TOTAL_POINTS}")
    trick_events = [e for e in hand.log if e.kind == "trick"]
    leaders = [hand.dealer] + [t.winner for t in hand.tricks[:-1]]
    for trick, event, leader in zip(hand.tricks, trick_events, leaders):
        seats = [seat for seat, _cards in trick.plays]
        if len(trick.plays) != 4 or trick.winner not in seats or event.seat != trick.winner or seats[0] != leader:
            report.fail("winner", f"hand seed {hand.seed}: trick {seats} won by {trick.winner}")
            break
    played = Counter(seat for trick in hand.tricks for seat, cards in trick.plays for _card in cards)
    if any(played[seat] != 25 for seat in range(4)) or len(trick_events) != len(hand.tricks) or any(hand.hands):
        report.fail("terminates", f"hand seed {hand.seed}: cards played by seat {dict(played)}, not 25 each")
    if not all(level in LEVELS for level in result.progress.levels):
        report.fail("levels", f"hand seed {hand.seed}: levels {result.progress.levels}")


def simulate(rules: Ruleset, hands: int, seed: int) -> Report:
    """Play ``hands`` whole hands (games restart when one ends) and check every invariant."""
    report = Report()
    rng = random.Random(seed)
    players = [RandomPlayer(rng) for _ in range(4)]
    game = ShengjiGame(rules, rng.getrandbits(64))
    while report.hands < hands:
        finished = play_hand(game.hand, players, report)
        report.hands += 1
        if not finished or game.next_hand() is None:
            report.games_finished += finished
            game = ShengjiGame(rules, rng.getrandbits(64))
    return report


def main(args: Any) -> int:
    """The command: print whether each invariant held in every hand, and hands per second."""
    if args.games < 1:
        print("--games must be at least 1")
        return 2
    try:
        rules = get_ruleset(args.ruleset or "shengji")
    except CardlibError as error:
        print(error)
        return 2
    start = time.perf_counter()
    report = simulate(rules, args.games, args.seed)
    elapsed = time.perf_counter() - start
    print(f"simulate {rules.name}: {report.hands} hands, {report.games_finished} games finished, seed {args.seed}")
    for key, text in INVARIANTS.items():
        failure = report.failures.get(key)
        print(f"  {'ok  ' if failure is None else 'FAIL'}  {text}" + (f": {failure}" if failure else ""))
    print(f"  hands per second: {report.hands / elapsed:.1f}")
    return 0 if report.ok else 1


def play_random_hand(rules: RulesetLike = "shengji", seed: int = 0,
                     levels: tuple[Rank | str, Rank | str] = ("2", "2")) -> ShengjiHand:
    """A whole hand, from the shuffle to the level change, played by four random legal players
    (:class:`RandomPlayer`: they ask the engine what is legal, SJ-8, SJ-9); the same seed gives
    the same hand.  Look at it in a notebook, or at ``hand.result`` and ``hand.log``.

    >>> hand = play_random_hand("shuangsheng", seed=3)
    >>> hand.phase, sum(hand.points) + trick_points(hand.buried)  # SJ-11: the tricks and the kitty hold 200
    ('over', 200)
    """
    hand = ShengjiHand(rules, levels, seed=seed)
    players = [RandomPlayer(random.Random(seed * 4 + seat)) for seat in range(4)]
    if not play_hand(hand, players, Report()):
        raise CardlibError(f"the random hand with seed {seed} broke off before its end")
    return hand
