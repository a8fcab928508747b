"""Every reason of the deal, the calls, the burial, the kitty, the level change, the next dealer
and the after-hand answer speaks player language: no card codes, no play or seat
indices, no internal names (``tests.reader_text.leaks``), in English and in Chinese.

Over many seeded random hands of both presets (``get_ruleset("shengji")`` for the 四人升级 guide,
``get_ruleset("shuangsheng")`` for the 双升 guide) played by :class:`RandomPlayer`, and over every
band, level, dealer, call and kitty scheme directly.

Rules: SJ-2, SJ-3, SJ-7, SJ-8, SJ-11, SJ-12, SJ-13, SG-1 / SS-1, SG-2 / SS-2, SG-3 / SS-3,
SG-6 / SS-6, SG-7 / SS-7, SG-8, SS-8, SG-9 / SS-9, SG-E1, SG-E2, SS-E1, SS-E2, SS-E3, C-2, C-6
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.check import answer_case
from cardlib.errors import CardlibError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId
from cardlib.shengji.calling import CallState, apply_call, check_call, explain_trump, first_hand_dealer, resolve_calls
from cardlib.shengji.hand import ShengjiGame, ShengjiHand, check_bury
from cardlib.shengji.player import RandomPlayer
from cardlib.shengji.progression import after_hand, explain_partner, level_played, next_dealer
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import (
    explain_last_trick,
    explain_trick_points,
    kitty_multiplier,
    level_change,
    points_left,
    kitty_score,
)
from cardlib.shengji.simulate import step_hand
from cardlib.shengji.trump import TrumpContext
from tests.reader_text import leaks

PRESETS = ["shengji", "shuangsheng"]
#: The event kinds of a hand whose reasons this test reads (the plays and tricks have their own test).
KINDS = {"deal", "call", "dealer", "turn", "trump", "redeal", "kitty", "bury", "turn_to_lead", "kitty_score",
         "level_change", "next"}
HANDS = 12
LEVELS = [Rank.TWO, Rank.FIVE, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE]
CALLS = ["H2", "S2", "H2 H2", "D2 D2", "LJ LJ", "BJ BJ", "H3", "BJ", "S2 H2", "S3 S3", "S2 S2 S2"]


def assert_speaks(reason: Reason, where: str = "") -> None:
    """The reason's English and Chinese hold no engine notation."""
    for lang, text in (("en", reason.en), ("zh", reason.zh)):
        found = leaks(text)
        assert not found, f"{where} {reason.rule.value} ({lang}): {text!r} leaks {found}"
    assert str(reason).startswith(f"{reason.rule.value}: ")


def refused_calls(hand: ShengjiHand, rng: random.Random) -> list[Reason]:
    """A few calls tried at random during the deal (most refused), for their reasons (SG-1 / SS-1)."""
    reasons = []
    for _ in range(2):
        seat = rng.randrange(4)
        held = hand.hands[seat]
        if not held:
            continue
        card = rng.choice(held)
        cards = [card, card] if held.count(card) == 2 and rng.random() < 0.5 else [card]
        reasons.append(hand.check_call(seat, cards).reason)
    return reasons


def bad_burials(hand: ShengjiHand) -> list[str]:
    """The refusals of a burial of 7 cards and of one with a card the dealer lacks (SJ-7)."""
    assert hand.dealer is not None
    held = hand.hands[hand.dealer]
    missing = next(c for c in parse_cards("SA SK SQ SJ HA HK HQ HJ DA DK DQ DJ CA CK CQ CJ") if c not in held)
    texts = []
    for cards in (held[:7], held[:7] + [missing]):
        with pytest.raises(CardlibError) as refusal:
            hand.bury(cards)
        texts.append(str(refusal.value))
    return texts


@pytest.mark.parametrize("preset", PRESETS)
def test_sj2_sg1_ss1_sj7_sj12_sg7_ss7_sg8_reasons_of_random_hands_speak_player_language(preset):
    """SJ-2 deal, SG-1 / SS-1 calls (accepted and refused), SG-2 / SS-2 the turned kitty, SS-9 the
    first dealer, SJ-7 the burial (and refused burials), SJ-12 / C-2 the kitty, SG-7 / SS-7 the level
    change and SG-8 / SJ-13 / SS-8 the next hand, over whole random hands."""
    rules = get_ruleset(preset)
    rng = random.Random(f"reasons:{preset}")
    players = [RandomPlayer(rng, call_chance=0.7) for _ in range(4)]
    game = ShengjiGame(rules, rng.getrandbits(32))
    seen: set[str] = set()
    for number in range(HANDS):
        hand = game.hand
        tried_burial = False
        while hand.phase != "over":
            if hand.phase == "deal" and hand.next_to_deal is not None and rng.random() < 0.05:
                for reason in refused_calls(hand, rng):
                    assert_speaks(reason, f"hand {number} call")
            if hand.phase == "bury" and not tried_burial:
                tried_burial = True
                for text in bad_burials(hand):
                    assert not leaks(text), f"{text!r} leaks {leaks(text)}"
            step_hand(hand, players, _NoReport())
        for event in hand.log:
            if event.kind in KINDS:
                seen.add(event.kind)
                assert_speaks(event.reason, f"hand {number} {event.kind}")
        if game.next_hand() is None:
            game = ShengjiGame(rules, rng.getrandbits(32))
    assert {"deal", "trump", "kitty", "bury", "kitty_score", "level_change", "next"} <= seen


class _NoReport:
    """step_hand's report, unused here (the invariants have their own test)."""

    def fail(self, invariant: str, message: str) -> None:
        raise AssertionError(f"{invariant}: {message}")


@pytest.mark.parametrize("preset, line", list(product(PRESETS, (75, 80, 85))))
def test_sg7_ss7_ss_e2_c6_every_band_speaks_player_language(preset, line):
    """SG-7 / SS-7 every band, SS-E2 exactly 80, C-6 a local line of 75 or 85 (its bands' move said to be the
    book's, where the points fall in a band it moves)."""
    rules = get_ruleset(preset, {"takeover_line": line})
    for points in list(range(0, 205, 5)) + [240, 400]:
        _change, reason = level_change(rules, points)
        assert_speaks(reason, f"{points} points")
        if line != 80 and points >= 40:  # the bands below 40 never move: no note there
            assert reason.rule is RuleId.C_6 and "names local take-over lines of 75 or 85" in reason.notes_text("en")
            assert "this book's convention" in reason.notes_text("en") and "本书约定" in reason.notes_text("zh")


@pytest.mark.parametrize("preset, game_end, next_rule", list(product(PRESETS, ("through_ace", "reach_ace"),
                                                                     ("partner_or_next", "dealer_stays_or_next"))))
def test_sj3_sj13_ss8_sg8_after_hand_speaks_player_language(preset, game_end, next_rule):
    """SJ-13 / SS-8 the end of the game, SG-8 the next dealer, SJ-3 the level played, for every dealer
    and a grid of levels and points; the after-hand answer of the check command too."""
    rules = get_ruleset(preset, {"game_end": game_end, "next_dealer": next_rule})
    for dealer, ours, theirs, points in product(range(4), LEVELS, LEVELS, (0, 30, 75, 80, 120, 160)):
        levels = (ours, theirs) if dealer % 2 == 0 else (theirs, ours)
        progress = after_hand(rules, dealer, levels, level_change(rules, points)[0])
        assert_speaks(progress.reason, f"dealer {dealer} levels {levels} points {points}")
        case = {"question": "after_hand", "ruleset": preset, "variant": {"game_end": game_end, "next_dealer": next_rule},
                "dealer": dealer, "levels": [str(level) for level in levels], "attacker_points": points}
        assert_speaks(answer_case(case)[1], f"after_hand {case}")
    for dealer, take_over in product(range(4), (False, True)):
        assert_speaks(next_dealer(rules, dealer, take_over)[1])
        assert_speaks(level_played((Rank.FIVE, Rank.NINE), dealer)[1])
        assert_speaks(explain_partner(dealer))


def test_sj13_a_climb_that_would_pass_a_says_it_stops_there_and_what_wins():
    """SJ-13: going up 3 from Q stops at A; the reason says so and that playing through A wins."""
    rules = get_ruleset("shengji")
    progress = after_hand(rules, 1, (Rank.FIVE, Rank.QUEEN), level_change(rules, 0)[0])
    assert progress.levels == (Rank.FIVE, Rank.ACE)
    assert "the climb stops at A (SJ-13)" in progress.reason.en and "升级到A为止" in progress.reason.zh
    assert "going up again while dealing at A" in progress.reason.en
    taken = after_hand(rules, 0, (Rank.NINE, Rank.ACE), level_change(rules, 160)[0])
    assert "already at A" in taken.reason.en and "taking over does not pass A" in taken.reason.en


def test_sg8_sj3_the_next_dealer_and_the_level_played_each_cite_their_rule():
    """SG-8 and SJ-3 each in their own sentence; the next dealer is said to be the book's convention, in the
    note behind the verdict."""
    rules = get_ruleset("shuangsheng")
    reason = after_hand(rules, 3, (Rank.SEVEN, Rank.FIVE), level_change(rules, 120)[0]).reason
    assert "The attackers take over: South, after the dealer West, deals next." in reason.en
    assert "this book's convention" in reason.notes_text("en") and "this book's convention" not in reason.en
    assert [n.rule for n in reason.all_notes()] == [RuleId.SG_8]
    assert reason.en.endswith("The next hand is played at the level of the new dealer's team, South–North: 9 (SJ-3).")


@pytest.mark.parametrize("preset, joker_trump", list(product(PRESETS, ("no_trump", "previous_suit"))))
def test_sg1_ss1_sg3_ss3_every_pair_of_calls_speaks_player_language(preset, joker_trump):
    """SG-1 / SS-1 each call after each standing call (accepted or refused, by the same seat or another),
    SG-3 / SS-3 the trump it leaves, SG-9 / SS-9 / SS-E3 the first dealer."""
    rules = get_ruleset(preset, {"joker_call_trump": joker_trump})
    for first, second, same_seat in product(CALLS, CALLS, (False, True)):
        state = CallState(Rank.TWO)
        verdict = check_call(rules, state, 1, parse_cards(first))
        assert_speaks(verdict.reason, first)
        if verdict:
            state = apply_call(rules, state, 1, parse_cards(first))
        seat = 1 if same_seat else 2
        second_verdict = check_call(rules, state, seat, parse_cards(second))
        assert_speaks(second_verdict.reason, f"{first} then {second}")
        if second_verdict:
            state = apply_call(rules, state, seat, parse_cards(second))
        assert_speaks(explain_trump(rules, state))
        _dealer, why = first_hand_dealer(rules, state)
        if why is not None:
            assert_speaks(why)
    seat_zero = get_ruleset(preset, {"first_dealer": "seat_zero"})
    assert_speaks(first_hand_dealer(seat_zero, CallState(Rank.TWO))[1])


@pytest.mark.parametrize("preset", PRESETS)
def test_sg2_ss2_random_call_sequences_and_turned_kitties_speak_player_language(preset):
    """SG-2 / SS-2 nobody calls (the kitty turned, or dealt again), and random call sequences."""
    rng = random.Random(f"calls:{preset}")
    deck = parse_cards("BJ LJ S2 H2 D2 C2 SA H9 D5 C10 SK")
    for _ in range(200):
        calls = [(rng.randrange(4), rng.choice(CALLS)) for _ in range(rng.randrange(4))]
        kitty = rng.sample(deck * 2, 8)
        for variant in (None, {"no_call": "redeal"}):
            result = resolve_calls(get_ruleset(preset, variant), Rank.TWO,
                                   [(seat, parse_cards(cards)) for seat, cards in calls], rng.random() < 0.5, kitty)
            for reason in result.reasons + (result.reason,):
                assert_speaks(reason, f"{calls} kitty")


SCHEMES = ["shengji", "double", "pair2_tractor4", "doubling", "largest_unit", "power_of_cards", "lead_size"]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_sj12_sg6_ss6_sg_e2_c2_every_kitty_scheme_speaks_player_language(scheme):
    """SG-6 / SS-6 every scheme named in words (no scheme id), SG-E2, and C-2 the follower's winning play
    named by its place or its seat."""
    rules = get_ruleset("shengji", {"kitty_multiplier": scheme})
    for pairs in range(5):
        reason = kitty_multiplier(rules, pairs, max(1, 2 * pairs), max(1, 2 * pairs))[1]
        assert_speaks(reason, f"{pairs} pairs")
        assert scheme not in reason.en.replace("scheme", "") or scheme == "doubling"
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    kitty = parse_cards("S5 S5 HK H10 C3 C4 C6 C7")
    for plays in (("H8 H8", "H3 H4", "SA SA", "D6 D7"), ("HA HA", "H3 H4", "D5 D6", "D6 D7"),
                  ("H8 H8 H9 H9", "H3 H4 H5 H6", "SK SK SA SA", "D6 D7 D8 D9"), ("HA", "H3", "D6", "S9")):
        trick = [parse_cards(p) for p in plays]
        for won, leader in product((True, False), (None, 0, 3)):
            assert_speaks(kitty_score(ctx, rules, kitty, trick, won, leader=leader)[1], f"{plays}")


@pytest.mark.parametrize("preset", PRESETS)
def test_sj2_sj7_sj11_ss_e1_sg_e1_deal_bury_and_points_speak_player_language(preset):
    """SJ-2 the deal and the cut, SJ-7 a burial, SJ-11 / SS-E1 points, SG-E1 the last trick."""
    for dealer in range(4):
        assert_speaks(answer_case({"question": "deal", "ruleset": preset, "dealer": dealer})[1])
    hand = parse_cards("BJ LJ S2 S2 SA SK SQ S10 S5 HA HK H10 H5 H3 CA CK C10 C9 C5 DA DK D10 D9 D5 D3")
    kitty = parse_cards("H4 H6 C3 C4 D4 D6 S3 S4")
    assert_speaks(check_bury(hand, kitty, parse_cards("S5 S10 SK H5 H10 HK BJ LJ")).reason)
    for bad in ("S5 S10 SK H5 H10 HK BJ", "SJ S10 SK H5 H10 HK BJ LJ", "S5 S5 S5 H5 H10 HK BJ LJ"):
        with pytest.raises(CardlibError) as refusal:
            check_bury(hand, kitty, parse_cards(bad))
        assert not leaks(str(refusal.value)), str(refusal.value)
    for cards in ("S5 H10 DK C9", "BJ S3", "S5 S5 SK"):
        assert_speaks(explain_trick_points(parse_cards(cards)))
        assert_speaks(points_left(parse_cards(cards))[1])
    assert_speaks(explain_last_trick(25, 1)[1])
    assert_speaks(explain_last_trick(2, 2)[1])
