"""The check both bot test modules make whenever a face-down card is open to a challenge (YS-9)."""

from __future__ import annotations

from collections.abc import Iterator

from cardlib.explain import Reason
from cardlib.yishang.ranks import is_below
from cardlib.yishang.state import Game
from cardlib.yishang.tutor_bots import Controller, count_claim


def checked_challenges(game: Game, seats: list[Controller], bot_type: type, reasons: list[Reason],
                       problems: list[str]) -> Iterator[tuple[int, bool, Reason]]:
    """Each bot of ``bot_type`` that may challenge the open face-down card decides; its reason is kept
    and an impossible claim it lets stand is a problem (YS-9). Yields (seat, challenge, reason)."""
    window = game.window
    if window is None:
        return
    for seat, bot in enumerate(seats):
        if seat != window.seat and isinstance(bot, bot_type):
            challenge, why = bot.decide_challenge(game, seat)
            reasons.append(why)
            count = count_claim(game, seat, window.seat, window.claim)
            if (len(count.elsewhere) == 4 or is_below(window.claim, window.target_before)) and not challenge:
                problems.append(f"YS-9: seat {seat} let an impossible claim stand")
            yield seat, challenge, why
