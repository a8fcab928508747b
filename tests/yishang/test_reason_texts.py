"""Every sentence the 一上一下 engine says is in player language: cards as ♠8, players as
player A / 甲, ranks as ranks; no card codes, player numbers, field names or True/False.

Rules: every YS rule the engine cites (YS-1 … YS-16, YS-E1, YS-E2), over bot games and the
refusals tried at every step.
"""

from __future__ import annotations

import random

from cardlib.explain import Reason
from cardlib.yishang import Bot, Game
from tests.reader_text import leaks


def reasons_of_bot_games(games: int = 40):
    """Every event reason of ``games`` bot games, and the verdicts of plays, challenges and passes
    tried by every player at every step (most of them refused)."""
    bot = Bot(challenge_rate=0.3, bluff_rate=0.5, silent_rate=0.2)
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(2 + seed % 3, seed=seed, rules="yishang-fewest" if seed % 2 else "yishang")
        while not game.is_over and len(game.log) < 400:
            for seat in range(game.players):
                for card in game.hand(seat)[:2]:
                    yield game.check_play(card, "K", seat=seat).reason
                yield game.check_challenge(seat).reason
            yield game.check_pass().reason
            yield from (event.reason for event in game.apply(bot.next_action(game, rng)))
        yield from (event.reason for event in game.log[:2])
        yield game.check_play("S8").reason


def test_every_engine_sentence_is_in_player_language_in_both_languages():
    seen: set[tuple[str, str]] = set()
    for reason in reasons_of_bot_games():
        assert isinstance(reason, Reason)
        key = (reason.en, reason.zh)
        if key in seen:
            continue
        seen.add(key)
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], (str(reason), reason.zh)
    assert len(seen) > 200
    assert any("player C" in en for en, _zh in seen) and any("丙" in zh for _en, zh in seen)
