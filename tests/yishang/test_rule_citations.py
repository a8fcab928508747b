"""Every YS id of the register is cited by a ``Rules:`` line of the engine's docstrings, and every
reason the engine gives in a game cites a YS id, in English and in Chinese."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import cardlib.yishang
from cardlib.rule_ids import RuleId
from cardlib.yishang.bots import Bot
from cardlib.yishang.state import Game

PACKAGE = Path(cardlib.yishang.__file__).parent
YS_IDS = [r for r in RuleId if r.value.startswith("YS-")]
CJK = re.compile(r"[\u4e00-\u9fff]")


def rules_lines() -> str:
    return "\n".join(line for path in PACKAGE.glob("*.py")
                     for line in path.read_text(encoding="utf-8").splitlines() if "Rules:" in line)


@pytest.mark.parametrize("rule", YS_IDS, ids=lambda r: r.value)
def test_every_ys_id_is_cited_in_a_rules_line(rule):
    assert re.search(rf"{re.escape(rule.value)}(?![0-9])", rules_lines())


def test_reasons_in_played_games_cite_ys_ids_in_both_languages():
    seen = set()
    for seed in range(30):
        game = Game.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not game.is_over:
            for event in game.apply(Bot().next_action(game, rng)):
                reason = event.reason
                assert reason.rule.value.startswith("YS-") and reason.en and CJK.search(reason.zh), reason
                seen.add(reason.rule)
    assert {RuleId.YS_6, RuleId.YS_7, RuleId.YS_9, RuleId.YS_10, RuleId.YS_11, RuleId.YS_12} <= seen
