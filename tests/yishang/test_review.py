"""The 一上一下 review of the reader's challenge decisions (cardlib/yishang/review.py): its counts
recounted card by card from the game's log as the reader saw it, a bluff left standing that the count
made impossible graded a mistake, and, over tutor games, every graded decision one the tutor really
asked of the reader, with the engine allowing seat 0's challenge there.

Rules: YS-8 (who may challenge, when), YS-9 (the claim holds or not), YS-11 (a card left standing is never shown)
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.errors import InvalidPositionError
from cardlib.yishang.events import Event, EventKind
from cardlib.yishang.ranks import is_below, parse_rank
from cardlib.yishang.review import MISTAKE_MARGIN, replay, review_game
from cardlib.yishang.state import Game
from tests.widgets.test_tutor_drive import hinted_move, play_out, view_texts
from widgets.tutor.session import TutorSession
from widgets.tutor.yishang_table import YishangTutor

DECK = [Card.parse(f"{s}{r}") for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
#: A few tutor games (seed, opponents) for the recount; the property runs over :data:`PROPERTY_SEEDS`.
RECOUNT = [(6, 2), (1, 1), (11, 3)]
PROPERTY_SEEDS = range(30)


def table(session: TutorSession) -> YishangTutor:
    assert isinstance(session.table, YishangTutor)
    return session.table


def finished(seed: int, opponents: int) -> tuple[TutorSession, list[dict[str, Any]]]:
    session = TutorSession.start({"game": "yishang", "seed": seed, "opponents": opponents})
    return session, list(play_out(session, grade=True))


def could_be(log: list[Event], upto: int, start_hand: set[Card], hand_now: set[Card], claimant: int) -> list[Card]:
    """Brute force, card by card: the cards the reader (seat 0) could not place outside ``claimant``'s hand
    before the face-down card at ``log[upto]``, from the events as the reader saw them (another player's
    face-down card and draw unseen)."""
    found = []
    for card in DECK:
        places: set[object] | None = {0} if card in start_hand else None  # None: never seen
        for event in log[:upto]:
            mine_down = event.kind is EventKind.PLAY_DOWN and event.seat == 0
            if (event.kind is EventKind.PLAY_UP or mine_down) and event.card == card:
                places = {"pile"}
            elif event.kind is EventKind.PLAY_DOWN and event.seat != 0 and places and event.seat in places:
                places = places | {"pile"}
            elif event.kind is EventKind.REVEAL and event.card == card:
                places = {"pile"}
            elif event.kind is EventKind.TAKE and places and "pile" in places:
                places = (places - {"pile"}) | {event.seat}
            elif event.kind is EventKind.DRAW and event.seat == 0 and event.card == card:
                places = {0}
        if card in hand_now:
            places = {0}
        elif places and 0 in places:
            places = (places - {0}) or None
        if places is None or claimant in places:
            found.append(card)
    return found


@pytest.mark.parametrize(("seed", "opponents"), RECOUNT)
def test_ys9_each_count_is_the_brute_force_count_of_the_cards_the_reader_could_not_place(seed: int,
                                                                                        opponents: int) -> None:
    session, views = finished(seed, opponents)
    graded = views[-1]["review"]["graded"]["decisions"]
    log = list(table(session).state.log)
    start = Game.new(opponents + 1, seed)
    hands = _reader_hands(start, log)
    downs = [i for i, e in enumerate(log) if e.kind is EventKind.PLAY_DOWN and e.seat != 0]
    assert graded and len(graded) == len(downs)  # the tutor asks the reader at every other player's card
    for decision, at in zip(graded, downs):
        down = log[at]
        assert down.seat is not None and down.claim is not None
        assert (decision["claimant"], decision["claim"], decision["card"]) == (down.seat, str(down.claim), str(down.card))
        cards = could_be(log, at, set(start.hand(0)), hands[at], down.seat)
        below = is_below(down.claim, parse_rank(decision["target"]))
        true = 0 if below else sum(c.rank is down.claim for c in cards)
        assert (decision["total"], decision["true"], decision["false"]) == (len(cards), true, len(cards) - true)
        assert down.card in cards  # the reader's count never rules out the real card


def _reader_hands(start: Game, log: list[Event]) -> dict[int, set[Card]]:
    """The reader's hand before each event of the log, replayed from the deal by the engine."""
    game = start.copy()
    hands: dict[int, set[Card]] = {}
    at = len(game.log)
    for index in range(at):
        hands[index] = set(game.hand(0))
    for replayed, events in replay(start, log):
        for offset in range(len(events)):
            hands[at + offset] = set(replayed.hand(0))
        at += len(events)
    return hands


def test_ys8_letting_stand_a_claim_the_count_made_impossible_is_a_mistake() -> None:
    """A holds all four 8s: B's face-down card claimed 8 cannot be true, and A lets it stand."""
    start = Game(["S8 H8 D8 C8 C3", "C4 S5 H6", "H5 S6 D7"], draw_pile="C9 CA", first=0)
    game = start.copy()
    game.play("C3")  # A leads face up
    game.play("C4", claim="8")  # B bluffs
    assert game.check_challenge(0).ok
    game.play("H5")  # A lets it stand: C's card covers it
    (decision,) = review_game(start, game.log).decisions
    assert (decision.total, decision.true_count, decision.false_count, decision.chance) == (47, 0, 47, 0.0)
    assert (decision.choice, decision.favoured, decision.grade) == ("stand", "challenge", "mistake")
    assert decision.loss >= MISTAKE_MARGIN and decision.bluff and decision.card == Card.parse("C4")
    assert "none of the 47 cards it could have been was an 8" in decision.reason.en and "♣4" in decision.reason.en
    assert decision.reason.zh.startswith("第2张牌失误：乙手里有8的机会是0%") and "没有一张是8" in decision.reason.zh
    assert not review_game(start, game.log).own  # A put no card face down


def test_ys9_the_readers_own_face_down_cards_are_told_true_or_bluff() -> None:
    start = Game(["S8 H3 C7", "D10 C4 S5", "H5 S6 D7"], draw_pile="C9 CA", first=2)
    game = start.copy()
    game.play("H5")  # C face up; A face down next
    game.play("H3", claim="9")  # A bluffs
    game.challenge(1)  # B calls it
    (own,) = review_game(start, game.log).own
    assert (str(own.card), str(own.claim), own.truthful, own.challenger) == ("H3", "9", False, 1)
    assert "a bluff; player B challenged it: the challenge succeeded" in own.reason.en


def test_a_log_that_is_not_the_deals_game_is_refused() -> None:
    start = Game(["S8 H3 C7", "D10 C4 S5", "H5 S6 D7"], draw_pile="C9 CA", first=0)
    played = start.copy()
    played.play("S8")
    other = Game(["D10 C4 S5", "S8 H3 C7", "H5 S6 D7"], draw_pile="C9 CA", first=0)  # A does not hold ♠8
    with pytest.raises(InvalidPositionError, match="cannot be replayed"):
        review_game(other, played.log)
    with pytest.raises(InvalidPositionError, match="does not begin"):
        review_game(played, start.log)  # the game went further than the log
    with pytest.raises(InvalidPositionError, match="not one of the 3 players"):
        review_game(start, played.log, seat=3)


def test_ys8_every_graded_decision_is_one_the_tutor_asked_and_the_engine_allowed() -> None:
    """Over 30 tutor games, one reader's choice per deal taken against the hint: each graded decision is a
    moment the tutor asked A to challenge or let stand, when the engine allowed seat 0 to challenge; its
    counts add up to the cards it could be; the reader's choice is the one made; texts name cards as
    players write them."""
    asked_total, grades = 0, set()
    for seed in PROPERTY_SEEDS:
        opponents = 1 + seed % 3
        session = TutorSession.start({"game": "yishang", "seed": seed, "opponents": opponents})
        view = session.view()
        asked: list[tuple[int, str, bool, str]] = []
        flip = seed % 4  # the reader's choice at this challenge decision goes against the hint
        while view["state"] != "over":
            message = hinted_move(session)
            if view["decision"]["kind"] == "challenge":
                game = table(session).state
                window = game.window
                assert window is not None and window.seat != 0
                if len(asked) == flip:
                    message["choice"] = "stand" if message["choice"] == "challenge" else "challenge"
                asked.append((window.seat, str(window.claim), game.check_challenge(0).ok, message["choice"]))
            view = session.handle(message)
            assert view["status"] is None, view["status"]
        view = session.handle({"type": "grade"})
        decisions = view["review"]["graded"]["decisions"]
        assert [(d["claimant"], d["claim"], True, d["choice"]) for d in decisions] == asked
        for d in decisions:
            assert d["true"] + d["false"] == d["total"] > 0
            assert d["grade"] in ("best", "inaccuracy", "mistake") and d["loss_unit"] == "pp"
            assert (d["loss"] == 0) == (d["choice"] == d["favoured"])
            grades.add(d["grade"])
        assert not [t for _w, t in view_texts(view["review"]["graded"]) if any(f"{s}10" in t for s in "SHDC")]
        asked_total += len(asked)
    assert asked_total > 100 and grades == {"best", "inaccuracy", "mistake"}
