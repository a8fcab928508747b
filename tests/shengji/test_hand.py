"""The whole-hand state machine: SJ-2 deal, SG-1 / SS-1 calls, SG-2 kitty turn, SJ-7 burial,
SJ-8 leads, SJ-9 follows, SJ-12 / SG-7 scoring; refused actions leave the state unchanged."""

from __future__ import annotations

import json
import random

import pytest

from cardlib.cards import Rank, parse_cards
from cardlib.errors import CardlibError, IllegalActionError, InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.hand import ShengjiGame, ShengjiHand, deal_order
from cardlib.shengji.player import RandomPlayer
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import trick_points
from cardlib.shengji.simulate import Report, play_hand

SG, SS = get_ruleset("shengji"), get_ruleset("shuangsheng")


def deal_all(hand: ShengjiHand) -> None:
    while hand.next_to_deal is not None:
        hand.deal_card()


def to_burial(rules=SG, seed=3, dealer=1) -> ShengjiHand:
    hand = ShengjiHand(rules, (Rank.TWO, Rank.FIVE), dealer, seed)
    deal_all(hand)
    hand.close_calls()
    return hand


def to_play(rules=SG, seed=3, dealer=1) -> ShengjiHand:
    hand = to_burial(rules, seed, dealer)
    hand.bury(hand.hands[hand.dealer][:8])
    return hand


def refused(hand: ShengjiHand, action, *args, match: str) -> None:
    """The action raises IllegalActionError and changes nothing (snapshot, log, history)."""
    before, log, cards = hand.snapshot(), list(hand.log), list(hand.all_cards())
    with pytest.raises(IllegalActionError, match=match):
        action(*args)
    assert hand.snapshot() == before and hand.log == log and hand.all_cards() == cards


def test_sj2_deal_starts_at_the_dealer_counterclockwise_25_each_kitty_8():
    hand = ShengjiHand(SG, (Rank.TWO, Rank.FIVE), dealer=2, seed=1)
    seats = [hand.deal_card()[0].seat for _ in range(8)]
    assert seats == deal_order(2) * 2 == [2, 3, 0, 1, 2, 3, 0, 1]
    deal_all(hand)
    assert [len(h) for h in hand.hands] == [25] * 4 and len(hand.kitty) == 8
    refused(hand, hand.deal_card, match="all 100 cards")


def test_sj3_the_level_is_the_dealer_teams():
    assert ShengjiHand(SG, (Rank.TWO, Rank.FIVE), dealer=1).level is Rank.FIVE
    assert ShengjiHand(SG, ("7", "5"), dealer=2).level is Rank.SEVEN


def test_ss9_first_hand_deals_from_seat_0_and_needs_one_level():
    hand = ShengjiHand(SS, seed=1)
    assert hand.dealer is None and hand.deal_card()[0].seat == 0
    with pytest.raises(InvalidPositionError, match="one level"):
        ShengjiHand(SS, (Rank.TWO, Rank.THREE))


def test_sg1_calls_need_the_cards_in_hand_and_a_weak_call_is_refused_unchanged():
    hand = ShengjiHand(SG, seed=5)
    deal_all(hand)
    seat, card = next((s, c) for s in range(4) for c in hand.hands[s] if c.rank is Rank.TWO)
    other = next(c for c in parse_cards("S2 H2 D2 C2") if c not in hand.hands[seat])
    refused(hand, hand.call, seat, [other], match="does not hold")
    refused(hand, hand.call, seat, [card, card] if hand.hands[seat].count(card) < 2 else [other], match="hold")
    event = hand.call(seat, [card])[0]
    assert event.kind == "call" and event.reason.rule is RuleId.SG_1 and hand.calls.trump is card.suit
    other_seat, single = next((s, c) for s in range(4) for c in hand.hands[s]
                              if c.rank is Rank.TWO and c.suit is not card.suit)
    refused(hand, hand.call, other_seat, [single], match="cannot override South's single level card")


def test_ss9_the_first_caller_deals_the_first_hand():
    hand = ShengjiHand(SS, seed=5)
    deal_all(hand)
    seat, card = next((s, c) for s in range(4) for c in hand.hands[s] if c.rank is Rank.TWO)
    hand.call(seat, [card])
    events = hand.close_calls()
    assert hand.dealer == seat and events[0].kind == "dealer" and events[0].reason.rule is RuleId.SS_9
    assert hand.ctx.trump is card.suit and len(hand.hands[seat]) == 33 and hand.phase == "bury"


def test_sg2_nobody_calls_the_dealer_turns_the_kitty():
    hand = ShengjiHand(SG, (Rank.TWO, Rank.TWO), dealer=3, seed=9)
    deal_all(hand)
    kitty = hand.kitty
    refused(hand, hand.bury, kitty, match="phase")
    events = hand.close_calls()
    turned = next(e for e in events if e.kind == "turn")
    assert turned.reason.rule is RuleId.SG_2 and hand.ctx.trump is next(c.suit for c in kitty if c.suit)
    assert hand.kitty == () and len(hand.hands[3]) == 33


def test_sg2_redeal_variant_deals_again():
    hand = ShengjiHand(get_ruleset("shengji", {"no_call": "redeal"}), (Rank.TWO, Rank.TWO), dealer=3, seed=9)
    deal_all(hand)
    first = list(hand.hands[0])
    events = hand.close_calls()
    assert [e.kind for e in events] == ["redeal"] and hand.phase == "deal" and hand.undealt == 100
    deal_all(hand)
    assert hand.hands[0] != first


def test_close_calls_waits_for_the_whole_deal():
    hand = ShengjiHand(SG, seed=2)
    hand.deal_card()
    refused(hand, hand.close_calls, match="still to be dealt")


def test_sj7_the_dealer_buries_exactly_8_held_cards():
    hand = to_burial()
    dealer_cards = hand.hands[1]
    refused(hand, hand.bury, dealer_cards[:7], match="exactly 8")
    missing = next(c for c in parse_cards("BJ LJ SA HA DA CA S3 H3") if c not in dealer_cards)
    refused(hand, hand.bury, dealer_cards[:7] + [missing], match="cannot bury")
    events = hand.bury(dealer_cards[-8:])
    assert events[0].reason.rule is RuleId.SJ_7 and len(hand.buried) == 8 and len(hand.hands[1]) == 25
    assert events[1].reason.rule is RuleId.SJ_8 and hand.to_act == 1 and hand.phase == "play"


def test_sj8_sj9_out_of_turn_and_illegal_follows_are_refused_unchanged():
    for seed in range(40):
        hand = to_play(seed=seed)
        leader = hand.to_act
        refused(hand, hand.play, (leader + 1) % 4, hand.hands[(leader + 1) % 4][:1], match="turn")
        lead = next(c for c in hand.hands[leader] if not hand.ctx.is_trump(c))
        hand.play(leader, [lead])
        follower = hand.to_act
        suit = hand.ctx.effective_suit(lead)
        held = hand.hands[follower]
        off = [c for c in held if hand.ctx.effective_suit(c) is not suit]
        if off and len(off) < len(held):
            refused(hand, hand.play, follower, [off[0]], match="SJ-9")
            refused(hand, hand.play, follower, held[:2], match="cards")
            return
    pytest.fail("no seed gave a follower holding both the led suit and another")


def test_sj11_sj12_a_whole_hand_scores_and_moves_on():
    hand = ShengjiHand(SG, (Rank.TWO, Rank.TWO), dealer=0, seed=11)
    players = [RandomPlayer(random.Random(4)) for _ in range(4)]
    report = Report()
    assert play_hand(hand, players, report) and report.ok
    result = hand.result
    assert hand.phase == "over" and result is not None
    assert result.attacker_trick_points + result.defender_trick_points + trick_points(hand.buried) == 200
    assert result.attacker_points == result.attacker_trick_points + result.kitty_points
    kinds = [e.kind for e in hand.log]
    assert kinds[-3:] == ["kitty_score", "level_change", "next"]
    assert kinds.count("trick") == len(hand.tricks)
    refused(hand, hand.play, 0, [], match="phase")


def test_history_replays_every_event_with_its_snapshot():
    hand = to_play(seed=4)
    hand.play(hand.to_act, hand.hands[hand.to_act][:1])
    steps = hand.history()
    assert [event for event, _snap in steps] == hand.log
    assert steps[-1][1] == hand.snapshot()
    assert steps[0][1].undealt == 99
    assert json.loads(json.dumps([[e.to_dict(), snap.to_dict()] for e, snap in steps[-3:]]))[-1][1]["phase"] == "play"


def test_c3_throws_variant_plays_whole_hands():
    rules = get_ruleset("shengji", {"throws": True})
    report = Report()
    for seed in range(3):
        hand = ShengjiHand(rules, (Rank.TWO, Rank.TWO), dealer=seed % 4, seed=seed)
        assert play_hand(hand, [RandomPlayer(random.Random(seed)) for _ in range(4)], report)
    assert report.ok


def test_sj13_a_game_runs_hands_until_a_team_plays_through_a():
    game = ShengjiGame(SS, seed=2)
    players = [RandomPlayer(random.Random(2)) for _ in range(4)]
    report = Report()
    for _ in range(300):
        assert play_hand(game.hand, players, report)
        if game.next_hand() is None:
            break
    assert game.over and report.ok
    last = game.results[-1]
    assert last.progress.winner == game.winner
    assert game.levels[game.winner] is Rank.ACE
    with pytest.raises(IllegalActionError, match="game is over"):
        game.next_hand()


def test_sg8_the_next_hand_is_dealt_by_the_next_dealer():
    game = ShengjiGame(SG, seed=8)
    play_hand(game.hand, [RandomPlayer(random.Random(8)) for _ in range(4)], Report())
    expected = game.hand.result.progress.next_dealer
    assert game.next_hand().dealer == expected
    with pytest.raises(IllegalActionError, match="not over"):
        game.next_hand()


@pytest.mark.parametrize("bad", [lambda: ShengjiHand("poker"), lambda: ShengjiHand(SG, dealer=4),
                                 lambda: ShengjiHand(SG, ("2", "Z")), lambda: to_play().play(0, "X9")])
def test_bad_construction_and_tokens_are_clear_errors(bad):
    with pytest.raises(CardlibError):
        bad()
