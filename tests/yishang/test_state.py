"""The game state machine: turns, faces, targets, windows, wins; refusals change nothing.

Rules: YS-4 … YS-16, YS-E1.
"""

from __future__ import annotations

import pytest

from cardlib.errors import CardlibError, IllegalActionError, ImpossibleHandError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.yishang import Face, Game, get_ruleset
from cardlib.yishang.actions import Challenge, Pass, Play
from cardlib.yishang.events import EventKind


def three() -> Game:
    return Game(["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"], draw_pile="C9 DA", first=0)


def refuse(game: Game, act, rule: RuleId) -> None:
    """``act(game)`` is refused with ``rule`` and the state is exactly as before."""
    before = game.to_dict()
    with pytest.raises(IllegalActionError) as refused:
        act(game)
    assert refused.value.reason.rule is rule, refused.value.reason
    assert refused.value.reason.zh and str(refused.value).startswith(rule.value)
    assert game.to_dict() == before


def test_ys6_out_of_turn_is_refused_and_changes_nothing():
    game = three()
    refuse(game, lambda g: g.play("D10", seat=1), RuleId.YS_3)
    game.play("S8")
    refuse(game, lambda g: g.play("H5", "5", seat=2), RuleId.YS_5)  # ordinary turn order, not the erratum


def test_ys6_ys7_card_not_in_hand():
    game = three()
    refuse(game, lambda g: g.play("C3"), RuleId.YS_6)
    game.play("S8")
    refuse(game, lambda g: g.play("S8", "9"), RuleId.YS_7)


def test_ys6_face_up_claim_must_be_the_real_rank():
    game = three()
    refuse(game, lambda g: g.play("S8", "9"), RuleId.YS_6)
    assert game.check_play("S8", "8").ok
    game.play("S8", "8")
    assert str(game.target) == "8"


def test_ys8_refused_challenges_change_nothing():
    game = three()
    refuse(game, lambda g: g.challenge(1), RuleId.YS_8)           # empty pile
    game.play("S8")
    refuse(game, lambda g: g.challenge(1), RuleId.YS_8)           # a face-up card
    refuse(game, lambda g: g.pass_challenge(), RuleId.YS_8)       # nothing to pass on
    game.play("D10", "10")
    refuse(game, lambda g: g.challenge(1), RuleId.YS_8)           # one's own card
    refuse(game, lambda g: g.challenge([0, 1]), RuleId.YS_8)      # own card among others
    refuse(game, lambda g: g.challenge([]), RuleId.YS_8)          # nobody
    refuse(game, lambda g: g.challenge(3), RuleId.YS_1)           # no such seat
    refuse(game, lambda g: g.challenge(-1), RuleId.YS_1)
    game.play("CK")
    refuse(game, lambda g: g.challenge(0), RuleId.YS_8)           # covered
    assert "covered" in game.check_challenge(0).reason.en


def test_ys14_a_card_is_challenged_once():
    game = three()
    game.play("S8")
    game.play("H6", "10")
    game.challenge([0, 2])
    refuse(game, lambda g: g.challenge(0), RuleId.YS_14)


def test_ys8_after_a_pass_it_is_too_late():
    game = three()
    game.play("S8")
    game.play("H6", "10")
    game.pass_challenge()
    refuse(game, lambda g: g.challenge(2), RuleId.YS_8)


def test_ys14_several_challengers_resolve_to_the_nearest():
    game = three()
    game.play("S8")
    game.play("D10", "10")
    events = game.challenge([0, 2])
    assert events[0].seat == 2 and events[0].reason.rule is RuleId.YS_14
    assert events[2].seat == 2, "the true 10 survives: the challenger takes"


def test_ys4_pending_claim_becomes_the_target_when_it_stands():
    game = three()
    game.play("S8")
    game.play("H6", "J")
    assert str(game.target) == "8" and str(game.window.claim) == "J" and str(game.window.target_before) == "8"
    game.pass_challenge()
    assert str(game.target) == "J" and game.window is None


def test_ys6_below_target_draws_the_top_card():
    game = three()
    game.play("S8")
    game.play("D10", "10")
    events = game.play("H5")
    assert [e.kind for e in events] == [EventKind.STAND, EventKind.PLAY_UP, EventKind.DRAW]
    assert str(events[-1].card) == "C9" and "C9" in map(str, game.hand(2))
    assert str(game.target) == "5", "the target follows the lower card"
    assert game.next_face is Face.DOWN, "YS-5: drawing flips nothing"


def test_ys16_empty_draw_pile_no_draw():
    game = Game(["S8 H3", "D10 C4", "H5 S6"], first=0)
    game.play("S8")
    game.play("D10", "10")
    events = game.play("H5")
    assert events[-1].kind is EventKind.DRAW and events[-1].card is None and events[-1].reason.rule is RuleId.YS_16
    assert len(game.hand(2)) == 1


def test_ys15_no_claim_counts_as_3():
    game = three()
    game.play("S8")
    events = game.play("H6")
    assert events[0].reason.rule is RuleId.YS_15 and str(events[0].claim) == "3"
    game.pass_challenge()
    assert str(game.target) == "3"


def test_ys10_target_reset_field():
    for reset, target in ((True, "3"), (False, "8")):
        game = Game(["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"], "C9", 0, get_ruleset("yishang", {"target_reset": reset}))
        game.play("S8")
        game.play("H6", "10")
        game.challenge(2)
        assert str(game.target) == target and game.next_player == 1


def test_ys10_ys4_ys12_a_kept_target_after_a_failed_challenge_is_the_card_that_stood():
    """YS-10's variant keeps the target of the last card that stands: a truthful card that survives its
    challenge is established (YS-12) and sets the target to its claim (YS-4); a bluff caught leaves the old one."""
    for reset, target in ((True, "3"), (False, "10")):
        game = Game(["S8 H3 D9", "D10 C4 H6", "H5 S6 CK"], "C9", 0, get_ruleset("yishang", {"target_reset": reset}))
        game.play("S8")
        game.play("D10", "10")
        events = game.challenge(2)
        assert str(game.target) == target and game.next_player == 2  # the challenger took the pile and leads
        assert ("the target 10, the claim of the card that stood" in events[-1].reason.en) is not reset


def test_ys12_face_up_last_card_wins_at_once():
    game = Game(["SA", "H3 H4"], first=0)
    events = game.play("SA")
    assert events[-1].kind is EventKind.WIN and events[-1].reason.rule is RuleId.YS_12
    assert game.winner == 0 and game.is_over
    refuse(game, lambda g: g.play("H3"), RuleId.YS_12)
    refuse(game, lambda g: g.challenge(1), RuleId.YS_12)
    refuse(game, lambda g: g.pass_challenge(), RuleId.YS_12)
    assert list(game.legal_actions()) == []


def test_ys12_face_up_last_card_below_target_draws_unless_the_pile_is_empty():
    for draw_pile, winner in (("C9", None), ("", 0)):
        game = Game(["S2 H4", "D5 C6"], draw_pile, first=0)
        game.play("S2")
        game.play("D5", "2")
        game.pass_challenge()
        game.play("H4")
        assert game.winner == winner
        assert len(game.hand(0)) == (0 if winner == 0 else 1)


def test_ys12_face_down_last_card_wins_only_when_established():
    def last_card(card: str, claim: str) -> Game:
        game = Game(["S8 S9 S5", "H9 D3"], first=1)
        game.play("H9")
        game._hands[0] = [c for c in game._hands[0] if str(c) == card]  # only the last card left
        game.play(card, claim)
        assert game.window.last_card and game.winner is None
        return game

    game = last_card("S8", "9")
    refuse(game, lambda g: g.play("D3"), RuleId.YS_12)  # playing on would end the game
    game.pass_challenge()
    assert game.winner == 0

    game = last_card("S9", "9")
    events = game.challenge(1)
    assert events[-1].kind is EventKind.WIN and game.winner == 0 and len(game.hand(1)) == 3

    for card, claim in (("S8", "9"), ("S5", "5")):  # a lie, and a true claim below the target
        game = last_card(card, claim)
        game.challenge(1)
        assert game.winner is None and len(game.hand(0)) == 2 and game.next_player == 0


def test_ys16_stall_rule_fewest_cards_wins():
    rules = get_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": 1})
    game = Game(["S8 H3", "D10 C4"], first=0, rules=rules)
    game.play("S8")
    game.play("C4", "10")
    game.challenge(0)
    assert game.stalled_plays == 0 and game.winner is None
    events = game.play("S8")
    assert events[-1].kind is EventKind.STALL and events[-1].reason.rule is RuleId.YS_16
    assert game.winner == 0 and game.stalled_plays == 1


def test_ys16_stall_tie_goes_to_the_nearest_in_turn_order():
    rules = get_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": 1})
    game = Game(["S8 H3", "D10 C4 H6", "H5"], first=0, rules=rules)
    game.play("S8")                 # 0: 1 card, a new low
    game.play("C4", "K")            # 1: 2 cards, a new low
    game.challenge(0)               # a lie: 1 takes the pile (4 cards) and leads
    assert game.winner is None
    game.play("C4")                 # 1: 3 cards, above its low of 2: no progress, a stall
    assert [len(h) for h in game.hands] == [1, 3, 1]
    assert game.next_player == 2 and game.winner == 2, "0 and 2 tie on 1 card; 2 is next in turn order"


def test_legal_actions_all_apply_and_others_are_refused():
    game = three()
    game.play("S8")
    game.play("D10", "10")
    legal = list(game.legal_actions())
    assert Challenge((0,)) in legal and Challenge((2,)) in legal and Pass() in legal
    assert Play(next(iter(game.hand(2)))) in legal
    for action in legal:
        game.copy().apply(action)
    assert not game.check_play("S8").ok


def test_copy_is_independent():
    game = three()
    other = game.copy()
    other.play("S8")
    assert game.pile == () and len(game.hand(0)) == 3 and len(game.log) == 0


def test_every_event_has_a_reason_in_two_languages():
    game = three()
    for act in (lambda: game.play("S8"), lambda: game.play("C4"), lambda: game.challenge(2),
                lambda: game.play("D10"), lambda: game.play("H5", "K"), lambda: game.pass_challenge()):
        for event in act():
            assert event.reason.rule.value.startswith("YS-") and event.reason.en and event.reason.zh
            assert event.to_dict()["reason"]["rule"] == event.reason.rule.value
    assert len(game.log) >= 8


@pytest.mark.parametrize("hands, draw_pile, first, error", [
    (["S8", "S8"], "", 0, ImpossibleHandError),
    (["S8", "H3"], "S8", 0, ImpossibleHandError),
    (["S8 BJ", "H3"], "", 0, ImpossibleHandError),
    (["S8", ""], "", 0, InvalidPositionError),
    (["S8"], "", 0, InvalidPositionError),
    (["S8", "H3"], "", 2, InvalidPositionError),
    (["S8", "H3"], "", "0", InvalidPositionError),
    ("S8 H3", "", 0, InvalidPositionError),
])
def test_ys1_ys3_impossible_positions(hands, draw_pile, first, error):
    with pytest.raises(error):
        Game(hands, draw_pile, first)
    assert issubclass(error, CardlibError)


def test_ys11_events_can_hide_what_the_table_does_not_see():
    game = three()
    game.play("S8")
    down = game.play("H6", "10")[0]
    assert down.to_dict()["card"] == "H6" and "card" not in down.to_dict(reveal=False)
    assert down.to_dict(reveal=False)["claim"] == "10"
    reveal = game.challenge(2)[1]
    assert reveal.to_dict(reveal=False)["card"] == "H6", "a challenged card is shown to all (YS-9)"
