"""The strong 一上一下 sparring bot (cardlib/yishang/sparring.py): legal over many games (YS-6,
YS-7, YS-8), blind to cards its seat has not seen, varied bluffs (YS-7), challenges weighed by the
pile and the claimant's hand (YS-9), not beaten by always bluffing high, stronger than the
beginner's bot, and its reasons in players' words in both languages.

The full figures (2,000 games a table size) are in ``benchmarks/bots.py``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cardlib.cards import Card
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId
from cardlib.yishang.bots import Bot
from cardlib.yishang.deal import DECK
from cardlib.yishang.pile import Face
from cardlib.yishang.ranks import is_below, strength
from cardlib.yishang.simulate import check_invariants
from cardlib.yishang.sparring import BluffHigh, SparringBot, weigh_challenge, win_shares
from cardlib.yishang.state import Game
from cardlib.yishang.tutor_bots import Controller, TutorBot, card_locations, table_action
from tests.examples import examples
from tests.reader_text import leaks
from tests.yishang.challenge_checks import checked_challenges

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def _relabelled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` has never seen (others' hands, the draw pile,
    face-down cards never turned over, cards others drew) swapped for another such card, the
    same swap everywhere: a deal it cannot tell from the real one."""
    seen = set(card_locations(game, seat))
    hidden = [c for c in DECK if c not in seen]
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))

    def card(c: Card | None) -> Card | None:
        return None if c is None else swap.get(c, c)

    other = game.copy()
    other._hands = [hand if s == seat else [swap.get(c, c) for c in hand] for s, hand in enumerate(other._hands)]
    other._draw = [swap.get(c, c) for c in other._draw]
    other._pile = [dataclasses.replace(p, card=swap.get(p.card, p.card)) for p in other._pile]
    other._log = [dataclasses.replace(e, card=card(e.card)) for e in other._log]
    return other


def _play(seats: list[Controller], seed: int, check_blind: bool = False) -> tuple[Game, list[Reason], list[str]]:
    """A game between ``seats``, every action through the game's checks; the strong bots'
    reasons, and any rule a strong bot broke."""
    game = Game.new(len(seats), seed)
    rng = random.Random(seed)
    reasons: list[Reason] = []
    problems: list[str] = []
    for _ in range(5000):
        if game.is_over:
            break
        window = game.window
        for seat, challenge, why in checked_challenges(game, seats, SparringBot, reasons, problems):
            if check_blind:
                again = seats[seat].decide_challenge(_relabelled(game, seat, rng), seat)
                if (again[0], again[1].en) != (challenge, why.en):
                    problems.append(f"seat {seat}'s challenge changed with cards it cannot see")
        bot = seats[game.next_player]
        if isinstance(bot, SparringBot) and (window is None or not window.last_card):
            seat = game.next_player
            play, why = bot.decide_play(game)
            reasons.append(why)
            target = game.target if window is None else window.claim
            honest = [c for c in game.hand(seat) if not is_below(c.rank, target)]
            if not game.is_legal_play(play.card, play.claim):
                problems.append(f"illegal play {play}")
            if game.next_face is Face.UP and honest and is_below(play.card.rank, target):
                problems.append(f"YS-6: face-up {play} below the target {target} though it could reach it")
            if game.next_face is Face.DOWN and (play.claim is None or is_below(play.claim, target)):
                problems.append(f"YS-7: claim {play} below the target {target}")
            if check_blind:
                again = bot.decide_play(_relabelled(game, seat, rng))
                if (str(again[0]), again[1].en) != (str(play), why.en):
                    problems.append(f"seat {seat}'s play changed with cards it cannot see")
        game.apply(table_action(game, seats, rng))  # an illegal action raises
        problems += check_invariants(game)
    return game, reasons, problems


@settings(max_examples=examples(60), deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4),
       others=st.sampled_from(["sparring", "tutor", "bot", "bluff"]))
def test_ys6_ys7_ys9_sparring_bots_play_legally_and_end_their_games(seed, players, others):
    """Every action of a strong bot is accepted and the invariants hold (YS-1, YS-8, YS-12, YS-13),
    face up it reaches the target when it can (YS-6), face down its claim is at or above the target
    (YS-7), it challenges every claim it knows cannot stand (YS-9), and the game ends."""
    other = {"sparring": SparringBot(), "tutor": TutorBot(), "bot": Bot(), "bluff": BluffHigh()}[others]
    seats: list[Controller] = [SparringBot()] + [other] * (players - 1)
    game, reasons, problems = _play(seats, seed)
    assert problems == []
    assert game.is_over
    for reason in reasons:
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], reason.en


@settings(max_examples=examples(20), deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4))
def test_the_sparring_bot_uses_no_card_its_seat_has_not_seen(seed, players):
    """Each play and each challenge decision is the same when every card the seat has never seen
    is swapped for another unseen card throughout the game: it reads only its hand, face-up and
    turned-over cards, claims, who took which pile, and the sizes of the other hands."""
    seats: list[Controller] = [SparringBot()] * players
    _game, _reasons, problems = _play(seats, seed, check_blind=True)
    assert problems == []


def test_ys7_bluffs_spread_over_plausible_ranks():
    """YS-7: the strong bot's bluffs (forced, or by choice when they are cheap) claim many
    different ranks above the target, none below, and a good share more than two ranks above
    it, where the beginner's bot never bluffs: a high claim is no proof of the truth."""
    steps: list[int] = []
    for seed in range(120):
        game = Game.new(3, seed)
        rng = random.Random(seed)
        seats: list[Controller] = [SparringBot(), TutorBot(), TutorBot()]
        while not game.is_over:
            if game.next_player == 0 and game.next_face is Face.DOWN and (game.window is None or not game.window.last_card):
                target = game.target if game.window is None else game.window.claim
                play, _why = SparringBot().decide_play(game)
                assert play.claim is not None and not is_below(play.claim, target)
                if play.claim is not play.card.rank:
                    steps.append(strength(play.claim) - strength(target))
            game.apply(table_action(game, seats, rng))
    assert len(steps) >= 60
    assert len(set(steps)) >= 5, sorted(steps)
    assert sum(step > 2 for step in steps) / len(steps) >= 0.1, sorted(steps)


@settings(max_examples=examples(200), deadline=None, derandomize=True)
@given(chance=st.floats(0, 1), pile=st.integers(1, 40), left=st.integers(0, 30), mine=st.integers(1, 40),
       fewer=st.integers(1, 10), lower=st.floats(0, 1))
def test_ys9_a_challenge_is_readier_the_nearer_the_claimant_is_to_going_out(chance, pile, left, mine, fewer, lower):
    """YS-9 weighed: a claimant with fewer cards left, or a claim less likely true, is challenged
    at least as readily; a sure claim never, a sure bluff always."""
    if weigh_challenge(chance, pile, left + fewer, mine, 4.0):
        assert weigh_challenge(chance, pile, left, mine, 4.0)
    if weigh_challenge(chance, pile, left, mine, 4.0):
        assert weigh_challenge(chance * lower, pile, left, mine, 4.0)
    assert not weigh_challenge(1.0, pile, left, mine, 4.0)
    assert weigh_challenge(0.0, pile, left, mine, 4.0)


def test_ys9_the_pile_and_the_claimants_hand_change_the_decision():
    """The same doubtful claim is let stand when the claimant has many cards left and challenged
    when it is about to go out."""
    chance, pile, mine = 0.3, 6, 6
    assert not weigh_challenge(chance, pile, 12, mine, 4.0)
    assert weigh_challenge(chance, pile, 1, mine, 4.0)


@pytest.mark.parametrize("players", [2, 3])
def test_always_bluffing_high_wins_no_more_than_its_fair_share_against_sparring_bots(players):
    """The testers' script (every face-down card a bluff claimed as the top rank) against strong
    bots wins no more than its fair share plus 5 in 100 (here over 150 games, seats rotating; a
    binomial margin of two standard deviations is allowed on top)."""
    games = 150
    seats = [BluffHigh()] + [SparringBot()] * (players - 1)
    share = win_shares(seats, games, seed=4000)[0]
    fair = 1 / players
    margin = 2 * (fair * (1 - fair) / games) ** 0.5
    assert share <= fair + 0.05 + margin, share


@pytest.mark.parametrize("players", [2, 3])
def test_the_sparring_bot_beats_the_beginners_bot(players):
    """One strong bot against beginner's bots (seats rotating) wins more than its fair share."""
    games = 150
    share = win_shares([SparringBot()] + [TutorBot()] * (players - 1), games, seed=5000)[0]
    assert share >= 1 / players + 0.05, share


def test_the_sparring_bots_reasons_cite_the_rules_in_both_languages_and_repeat():
    """Every kind of reason cites YS-6 … YS-9, reads in both languages, and the same game gives
    the same decisions."""
    templates: dict[str, Reason] = {}
    runs = []
    for seed in list(range(30)) + [3]:
        seats: list[Controller] = [SparringBot(), BluffHigh(), SparringBot()]
        game, reasons, problems = _play(seats, seed)
        assert problems == []
        templates.update((r.template_en, r) for r in reasons)
        if seed == 3:
            runs.append([e.reason.en for e in game.log])
    assert runs[0] == runs[1]
    assert len(templates) >= 6
    assert {r.rule for r in templates.values()} <= {RuleId.YS_6, RuleId.YS_7, RuleId.YS_8, RuleId.YS_9}
    for reason in templates.values():
        assert reason.en and reason.zh
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], reason.en


def test_ys7_a_bluff_by_choice_keeps_the_card_and_claims_its_rank():
    """YS-7: nobody has challenged yet and the pile is small, so the strong bot sheds its lowest
    card face down, claiming the rank of the card it keeps for a face-up turn."""
    game = Game(["S3 H4 D5 SK", "H6 D7 C8"], first=1)
    game.play("H6")  # face up: the target is 6, player A plays face down
    play, why = SparringBot().decide_play(game)
    assert str(play.card) == "S3" and play.claim is not None and str(play.claim) == "K"
    assert why.rule is RuleId.YS_7 and "Keep ♠K" in why.en and "留着♠K" in why.zh
    assert game.is_legal_play(play.card, play.claim)
