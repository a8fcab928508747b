"""The 一上一下 tutor bot (cardlib/yishang/tutor_bots.py): it claims plausibly (YS-6, YS-7),
challenges by counting the cards it has seen (YS-8, YS-9), plays only legal actions, ends its
games, beats the rate-driven Bot, is deterministic, and every reason reads in player language."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId
from cardlib.yishang.actions import Challenge, Play
from cardlib.yishang.bots import Bot
from cardlib.yishang.pile import Face
from cardlib.yishang.ranks import ORDER, is_below, strength
from cardlib.yishang.simulate import check_invariants
from cardlib.yishang.state import Game
from cardlib.yishang.tutor_bots import (
    PILE,
    Controller,
    TutorBot,
    card_locations,
    count_claim,
    play_mixed_game,
    table_action,
)
from tests.reader_text import leaks
from tests.yishang.challenge_checks import checked_challenges

# --- challenges by counting (YS-8, YS-9) ----------------------------------------------------------

def test_ys9_a_claim_whose_four_copies_are_all_seen_is_challenged():
    """YS-9: player C holds all four 8s, so player B's face-down "8" cannot be true."""
    game = Game(["S3 H5", "H4 D5", "S8 D8 C8 H8"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert challenge and reason.rule is RuleId.YS_9
    assert reason.en.startswith("All four 8s are accounted for") and "player B" in reason.en
    assert "乙" in reason.zh and "质疑" in reason.zh


def test_ys9_a_claim_below_the_target_is_always_challenged():
    """YS-9: a claim below the target that stood loses a challenge even when it is true."""
    game = Game(["H5 S3", "H4 D5", "S8 D8"], first=0)
    game.play("H5")
    game.play("H4", claim="4")
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert challenge and reason.rule is RuleId.YS_9 and "below the target 5" in reason.en


def test_ys9_three_copies_seen_make_the_claim_unlikely():
    game = Game(["S3 H5", "H4 D5", "S8 D8 C8 C2"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    count = count_claim(game, 2, 1, Card.parse("S8").rank)
    assert len(count.elsewhere) == 3 and count.chance < 0.1
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert challenge and "three of the four 8s" in reason.en and "♠8" in reason.en
    assert "四张8中有三张" in reason.zh


def test_ys8_a_plausible_claim_stands():
    game = Game(["S3 H5", "H4 D5", "S9 D9 C10 C2"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert not challenge and reason.rule is RuleId.YS_8 and "plausible" in reason.en


def test_ys8_a_claimant_known_to_hold_the_rank_is_let_through():
    """Player B took ♠8 with a pile, so B's later claim of 8 may be true: let it stand."""
    game = Game(["S8 S3 D7", "H9 C5", "H4 D6 C7"], draw_pile="SK HK DK", first=0)
    game.play("S8")
    game.play("C5", claim="9")
    game.challenge(2)  # a lie: player B takes ♠8 and ♣5
    where = card_locations(game, 2)
    assert where[Card.parse("S8")] == frozenset({1}) and where[Card.parse("C5")] == frozenset({1})
    game.play("C5")
    game.play("D6", claim="6")
    game.play("D7")
    game.play("H9", claim="8")
    assert card_locations(game, 2)[Card.parse("S8")] == frozenset({1, PILE})  # it may be the card played
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert not challenge and "♠8" in reason.en


def test_the_bot_never_sees_a_face_down_card():
    """A face-down card of another player stays unknown (YS-11) unless revealed."""
    game = Game(["S3 H5", "H4 D5", "S9 D9"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    assert Card.parse("H4") not in card_locations(game, 2)
    assert card_locations(game, 1)[Card.parse("H4")] == frozenset({PILE})


def test_decide_challenge_needs_an_open_window_of_another_player():
    game = Game(["S3 H5", "H4 D5"], first=0)
    with pytest.raises(CardlibError):
        TutorBot().decide_challenge(game, 1)
    game.play("S3")
    game.play("H4", claim="8")
    with pytest.raises(CardlibError):
        TutorBot().decide_challenge(game, 1)
    with pytest.raises(CardlibError):
        TutorBot(doubt=2.0)


# --- plays (YS-6, YS-7) ----------------------------------------------------------------------------

def test_ys6_face_up_the_lowest_card_that_reaches_the_target():
    game = Game(["S8 H3 D10", "C4 C9"], first=0)
    play, reason = TutorBot().decide_play(game)
    assert play == Play(Card.parse("H3")) and reason.rule is RuleId.YS_6


def test_ys7_face_down_the_truth_when_it_can():
    game = Game(["S8 H3", "D10 C4 C9"], first=0)
    game.play("S8")
    play, reason = TutorBot().decide_play(game)
    assert play == Play(Card.parse("C9"), Card.parse("C9").rank) and reason.rule is RuleId.YS_7
    assert reason.en.startswith("Tell the truth")


def test_ys7_face_down_a_plausible_bluff_when_it_must():
    """Nothing reaches the target Q: the lowest card goes down, claimed as a rank from Q up of
    which the most copies are out of sight (♠Q is face up, so not Q; K before A)."""
    game = Game(["SQ H3", "C4 C5 DJ HJ"], first=0)
    game.play("SQ")
    play, reason = TutorBot().decide_play(game)
    assert play.card == Card.parse("C4") and play.claim is not None
    assert play.claim in ORDER[strength(play.claim):] and not is_below(play.claim, Card.parse("SQ").rank)
    assert play.claim is Card.parse("SK").rank  # Q: one seen (♠Q); K and A: none seen, K is lower
    assert "claim K" in reason.en and "you can see none of the four Ks" in reason.en
    assert "四张K你一张也没见过" in reason.zh


# --- whole games -------------------------------------------------------------------------------------

def _play_checked(seats: list[Controller], seed: int) -> tuple[Game, list[Reason], list[str]]:
    """A game where every TutorBot decision is checked against its habits before it is applied."""
    game = Game.new(len(seats), seed)
    rng = random.Random(seed)
    reasons: list[Reason] = []
    problems: list[str] = []
    for _ in range(5000):
        if game.is_over:
            break
        for _seat, _challenge, _why in checked_challenges(game, seats, TutorBot, reasons, problems):
            pass
        action = table_action(game, seats, rng)
        bot = seats[game.next_player]
        if isinstance(action, Play) and isinstance(bot, TutorBot):
            play, why = bot.decide_play(game)
            reasons.append(why)
            target = game.target if game.window is None else game.window.claim
            hand = game.hand(game.next_player)
            honest = [c for c in hand if not is_below(c.rank, target)]
            if game.next_face is Face.UP:
                if play.claim is not None or (honest and is_below(play.card.rank, target)):
                    problems.append(f"YS-6: face-up {play} with target {target}")
            elif honest:
                if play.claim is not play.card.rank or is_below(play.card.rank, target):
                    problems.append(f"YS-7: lied with {play} holding {honest}")
            elif play.claim is None or is_below(play.claim, target) or strength(play.claim) > strength(target) + 2:
                problems.append(f"YS-7: implausible claim {play} with target {target}")
        if isinstance(action, Challenge):
            assert game.check_challenge(action.seats)
        game.apply(action)  # an illegal action raises
        problems += check_invariants(game)
    return game, reasons, problems


@settings(max_examples=examples(40), deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4),
       tutors=st.integers(min_value=1, max_value=4))
def test_ys6_ys7_ys9_tutor_bots_play_legally_plausibly_and_end_their_games(seed, players, tutors):
    """Every action is accepted, the invariants hold (YS-1, YS-8, YS-12, YS-13), face-up cards
    reach the target when they can (YS-6), face-down claims are the truth when possible and
    otherwise at most two ranks above the target (YS-7), impossible claims are challenged (YS-9),
    and the game ends."""
    seats: list[Controller] = [TutorBot() if seat < tutors else Bot() for seat in range(players)]
    game, reasons, problems = _play_checked(seats, seed)
    assert problems == []
    assert game.is_over
    for reason in reasons:
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], reason.en


def test_every_kind_of_reason_reads_in_player_language():
    templates: dict[str, Reason] = {}
    for seed in range(40):
        _game, reasons, problems = _play_checked([TutorBot(), Bot(), TutorBot()], seed)
        assert problems == []
        templates.update((r.template_en, r) for r in reasons)
    assert len(templates) >= 7
    for reason in templates.values():
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], reason.en
    assert {r.rule for r in templates.values()} == {RuleId.YS_6, RuleId.YS_7, RuleId.YS_8, RuleId.YS_9}


def test_the_same_seed_gives_the_same_game():
    runs = []
    for _ in range(2):
        game, reasons, _problems = _play_checked([TutorBot(), Bot(), Bot()], 12)
        runs.append(([str(e.reason) for e in game.log], [r.en for r in reasons]))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tutor_bot_wins_clearly_more_than_its_share_against_bots(players):
    """One TutorBot against rate-driven Bots (seat rotating): it wins well over 1/players of games."""
    games = 240
    wins = Counter()
    for i in range(games):
        seat = i % players
        seats: list[Controller] = [Bot()] * players
        seats[seat] = TutorBot()
        result = play_mixed_game(seats, 500 + i)
        wins["tutor" if result.winner == seat else "none" if result.winner is None else "bot"] += 1
    assert wins["none"] == 0
    assert wins["tutor"] / games >= 1.5 / players, wins


def test_next_action_runs_a_table_of_tutor_bots():
    game = Game.new(3, 4)
    bot = TutorBot()
    for _ in range(2000):
        if game.is_over:
            break
        game.apply(bot.next_action(game))
    assert game.is_over


# --- counts said as players say them (YS-7, YS-8, YS-9) ----------------------------------------------

def _bluff_after(moves: list[tuple[str, str | None]], hands: list[str]) -> tuple[Play, Reason]:
    game = Game(hands, first=0)
    for card, claim in moves:
        game.play(card, claim=claim)
    return TutorBot().decide_play(game)


@pytest.mark.parametrize(("moves", "seen_en", "seen_zh"), [
    ([("SQ", None)], "you can see none of the four Ks, so the claim is plausible", "四张K你一张也没见过"),
    ([("S2", None)], "you can see only one of the four 2s, so the claim is plausible", "四张2你只见过一张"),
    ([("S2", None), ("H3", "2"), ("D2", None)], "you can see two of the four 2s, so the other two may be",
     "四张2你见过两张"),
    ([("S2", None), ("H3", "2"), ("D2", None), ("C5", "2"), ("C2", None)],
     "you can see three of the four 2s, so at most one can be in another hand", "四张2你见过三张"),
    ([("S2", None), ("H3", "2"), ("D2", None), ("C5", "2"), ("C2", None), ("H4", "2"), ("H2", None)],
     "you can see all four 2s, so the claim cannot be true", "四张2你都见过"),
])
def test_ys7_a_bluff_says_how_many_copies_of_the_claim_you_can_see(moves, seen_en, seen_zh):
    """YS-7: the bluff's reason counts the claimed rank's copies in sight in words, 0 to 4: never
    "4 of the four Ks are out of your sight"."""
    hands = ["SQ H3", "C4 C5 DJ HJ"] if moves[0][0] == "SQ" else ["S2 C2 S3", "H3 H4 H5", "D2 H2 D3", "C5 C6 C7"]
    play, reason = _bluff_after(moves, hands)
    assert play.claim is not None and play.claim is not play.card.rank and reason.rule is RuleId.YS_7
    assert seen_en in reason.en and seen_zh in reason.zh, (reason.en, reason.zh)
    assert not re.search(r"\b\d of the four", reason.en) and leaks(reason.en) == leaks(reason.zh) == []


def test_ys9_ys8_challenge_counts_read_naturally():
    """YS-9: three copies placed elsewhere, in words and 三张; YS-8: none placed reads "none of the
    four", never "only 0"; YS-9 on a last card: "an A", not "a A"."""
    game = Game(["S3 H5", "H4 D5", "S8 D8 C8 C2"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    _challenge, reason = TutorBot().decide_challenge(game, 2)
    assert "three of the four 8s outside player B's hand" in reason.en and "四张8中有三张" in reason.zh
    game = Game(["S3 H5", "H4 D5", "S9 D9 C10 C2"], first=0)
    game.play("S3")
    game.play("H4", claim="8")
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert not challenge and "you can place none of the four 8s outside their hand" in reason.en
    assert "only 0" not in reason.en and "四张8没有一张" in reason.zh
    game = Game(["S3 S4", "H4", "S9 D9 C10 C2"], first=0)
    game.play("S3")
    game.play("H4", claim="A")
    challenge, reason = TutorBot().decide_challenge(game, 2)
    assert challenge and "they hold an A" in reason.en and "last card" in reason.en


def test_ys6_no_draw_is_promised_from_an_empty_draw_pile():
    """YS-6 / YS-16: a low face-up card draws one only while the draw pile has cards."""
    reasons = []
    for draw_pile in ("D9", ""):
        game = Game(["S3 H3", "SA C4 C5"], draw_pile=draw_pile, first=1)
        game.play("SA")
        game.play("H3", claim="A")
        play, reason = TutorBot().decide_play(game)
        assert play.claim is None and play.card == Card.parse("C4")
        reasons.append(reason)
    assert "draw one" in reasons[0].en and "摸一张" in reasons[0].zh
    assert "draw one" not in reasons[1].en and "摸牌堆已空" in reasons[1].zh


@settings(max_examples=examples(30), deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4))
def test_ys7_ys9_counts_in_reasons_match_what_the_seat_sees(seed, players):
    """Over many games: a bluff's count of copies in sight is what the seat really sees (YS-7), no
    reason says "N of the four" in digits, "only 0", "1 cards" or "a 8" / "a A"."""
    seats: list[Controller] = [TutorBot() for _ in range(players)]
    game = Game.new(players, seed)
    rng = random.Random(seed)
    words = ("none of", "only one of", "two of", "three of", "all four")
    for _ in range(3000):
        if game.is_over:
            break
        if game.window is None or game.window.seat != game.next_player:
            seat = game.next_player
            target = game.target if game.window is None else game.window.claim
            if game.next_face is Face.DOWN and not any(not is_below(c.rank, target) for c in game.hand(seat)):
                play, reason = TutorBot().decide_play(game)
                assert play.claim is not None
                where = card_locations(game, seat)
                seen = sum(1 for c in where if c.rank is play.claim)
                assert f"you can see {words[seen]}" in reason.en, (seen, reason.en)
        action = table_action(game, seats, rng)
        if game.window is not None:
            for seat in range(game.players):
                if seat != game.window.seat:
                    text = TutorBot().decide_challenge(game, seat)[1].en
                    assert not re.search(r"\b\d of the four|only 0|\b1 cards|\ba [8A]\b", text), text
        game.apply(action)
