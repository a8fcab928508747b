"""Reasons for the state between plays and for the draw, so a puzzle can explain a wrong answer.

Rules: YS-2, YS-4, YS-5, YS-10, YS-13
"""

from __future__ import annotations

from cardlib.cards import Card, Rank
from cardlib.rule_ids import RuleId
from cardlib.yishang import reasons
from cardlib.yishang.pile import Face, PileCard
from cardlib.yishang.rules import get_ruleset
from cardlib.yishang.state import Game


def test_ys_4_ys_13_a_new_round_has_target_3_and_goes_face_up():
    game = Game(["S8 H3", "D9 C4", "SK H5"], "", first=0)
    assert reasons.target_is(game.target, None).rule is RuleId.YS_4
    assert reasons.face_is(game.next_face, None).rule is RuleId.YS_13


def test_ys_4_ys_5_the_last_established_card_sets_target_and_flips_the_face():
    game = Game(["S8 H3", "D9 C4", "SK H5"], "", first=0)
    game.play("S8")
    top = game.pile[-1]
    target, face = reasons.target_is(game.target, top), reasons.face_is(game.next_face, top)
    assert target.rule is RuleId.YS_4 and "8" in target.en and "8" in target.zh
    assert face.rule is RuleId.YS_5 and "face down" in face.en
    down = PileCard(Card.parse("H6"), Face.DOWN, Rank.TEN)
    assert "claimed as 10" in reasons.target_is(Rank.TEN, down).en


def test_ys_10_a_kept_target_after_a_take_cites_the_variant():
    rules = get_ruleset("yishang", {"target_reset": False})
    game = Game(["S8 H3", "D9 C4", "SK H5"], "", first=0, rules=rules)
    game.play("S8")
    game.play("D9", claim="K")
    game.challenge(2)
    assert game.pile == () or not game.pile
    assert reasons.target_is(game.target, None).rule is RuleId.YS_10


def test_ys_2_a_drawn_2_beats_an_ace():
    reason = reasons.two_is_highest(1, Card.parse("C2"))
    assert reason.rule is RuleId.YS_2 and "2 is the highest" in reason.en and "2最大" in reason.zh
