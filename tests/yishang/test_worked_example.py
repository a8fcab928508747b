"""The document's worked example (出牌顺序与一轮示例), three players 甲 (0), 乙 (1), 丙 (2).

"三人开局时，甲先打出一张8，桌面目标变为8，下一张应为暗牌。乙扣下一张牌，声明"10"。丙可以质疑，
也可以让牌继续留在桌上。若丙不质疑，10就成为新目标，甲接下来必须打明牌；若丙提出质疑，翻开后发现
乙出的确是10，丙收走中央牌堆。丙随后重新领出一张明牌，目标从新牌开始计算。"

The register's erratum YS-E1: by turn order it is 丙, not 甲, who plays next after 乙's card stands.

The "6 instead of 10" variation ends "丙则获得新一轮先手" (丙 gets the lead), which contradicts the
document's own step 4 ("收牌者成为新一轮先手": the taker leads) and the register's YS-10; the
engine follows YS-10, so 乙, who takes the pile, leads: the register's erratum YS-E2.
"""

from __future__ import annotations

import pytest

from cardlib.errors import IllegalActionError
from cardlib.rule_ids import RuleId
from cardlib.yishang import Face, Game
from cardlib.yishang.events import EventKind

JIA, YI, BING = 0, 1, 2


def opening(yi_card: str = "D10") -> Game:
    game = Game(["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"], draw_pile="C9 DA", first=JIA)
    game.play("S8")
    assert str(game.target) == "8" and game.next_face is Face.DOWN and game.next_player == YI
    events = game.play(yi_card, claim="10")
    assert [e.kind for e in events] == [EventKind.PLAY_DOWN] and events[0].reason.rule is RuleId.YS_7
    assert game.window is not None and game.window.seat == YI
    return game


def test_ys_e1_unchallenged_ten_stands_and_bing_plays_next_face_up():
    game = opening()
    events = game.pass_challenge()
    assert events[0].kind is EventKind.STAND and events[0].reason.rule is RuleId.YS_11
    assert str(game.target) == "10"
    assert game.next_player == BING and game.next_face is Face.UP
    assert game.turn_reason.rule is RuleId.YS_E1


def test_ys_e1_jia_may_not_play_next():
    game = opening()
    game.pass_challenge()
    before = game.to_dict()
    with pytest.raises(IllegalActionError) as refused:
        game.play("H3", seat=JIA)
    assert refused.value.reason.rule is RuleId.YS_E1
    assert game.to_dict() == before


def test_ys11_bing_playing_on_closes_the_window():
    game = opening()
    events = game.play("CK")
    assert [e.kind for e in events] == [EventKind.STAND, EventKind.PLAY_UP]
    assert str(game.target) == "K" and game.next_player == JIA and game.next_face is Face.DOWN


def test_ys9_ys10_bing_challenges_a_true_ten_and_takes_the_pile():
    game = opening()
    events = game.challenge(BING)
    kinds = [e.kind for e in events]
    assert kinds == [EventKind.CHALLENGE, EventKind.REVEAL, EventKind.TAKE]
    assert events[1].reason.rule is RuleId.YS_9 and "fails" in events[1].reason.en
    assert events[2].seat == BING and events[2].reason.rule is RuleId.YS_10
    assert sorted(map(str, game.hand(BING))) == sorted(["H5", "S6", "CK", "S8", "D10"])
    assert game.pile == () and str(game.target) == "3"
    assert game.next_player == BING and game.next_face is Face.UP
    game.play("S6")  # 丙 leads a new round; the target counts from the new card (目标从新牌开始计算)
    assert str(game.target) == "6" and len(game.hand(BING)) == 4, "the lead never draws after a reset"


def test_ys9_ys10_six_instead_of_ten_yi_takes_and_leads():
    game = opening(yi_card="H6")
    events = game.challenge(BING)
    assert "succeeds" in events[1].reason.en and events[1].card is not None and str(events[1].card) == "H6"
    assert events[2].seat == YI
    assert sorted(map(str, game.hand(YI))) == sorted(["D10", "C4", "S8", "H6"])
    assert game.next_player == YI, "YS-10: the taker leads (the text's '丙则获得新一轮先手' contradicts its step 4)"
    assert game.next_face is Face.UP


def test_ys_e2_bing_whose_challenge_succeeded_may_not_lead():
    """YS-E2: the text's "丙则获得新一轮先手" is refused, citing the erratum; 乙 leads (YS-10)."""
    game = opening(yi_card="H6")
    game.challenge(BING)
    assert game.turn_reason.rule is RuleId.YS_10
    for attempt in (lambda: game.play("H5", seat=BING), lambda: game.play("H5"), lambda: game.play("H5", seat="丙")):
        with pytest.raises(IllegalActionError) as refused:
            attempt()
        reason = refused.value.reason
        assert reason.rule is RuleId.YS_E2
        assert "player C's challenge succeeded" in reason.en and "player B" in reason.en
        assert "丙质疑成立" in reason.zh and "乙收牌" in reason.zh
    game.play("C4")
    assert game.next_player == BING, "after 乙's lead, turn order goes on to 丙"


def test_ys_e2_is_cited_only_for_the_challenger_after_a_successful_challenge():
    game = opening(yi_card="H6")
    game.challenge(BING)
    with pytest.raises(IllegalActionError) as refused:
        game.play("H3", seat=JIA)
    assert refused.value.reason.rule is RuleId.YS_10
    true_ten = opening()
    true_ten.challenge(BING)  # fails: 丙 takes and leads; 乙 trying to play is plain YS-10
    with pytest.raises(IllegalActionError) as refused:
        true_ten.play("C4", seat=YI)
    assert refused.value.reason.rule is RuleId.YS_10


def test_ys9_ys_e2_the_take_names_its_reveal_and_the_outled_challenger_until_the_next_play():
    """YS-9: the card turned over is the take's cause until someone plays; YS-E2: only a successful
    challenger is out-led, and only until the next play."""
    game = opening(yi_card="H6")
    assert game.deciding_reveal is None and game.outled_challenger is None, "nothing taken yet"
    game.challenge(BING)
    reveal = game.deciding_reveal
    assert reveal is not None and reveal.kind is EventKind.REVEAL and str(reveal.card) == "H6"
    assert game.outled_challenger == BING
    game.play("C4")
    assert game.deciding_reveal is None and game.outled_challenger is None
    true_ten = opening()
    true_ten.challenge(BING)  # fails: the challenger takes, so nobody was out-led
    assert true_ten.deciding_reveal is not None and true_ten.outled_challenger is None
