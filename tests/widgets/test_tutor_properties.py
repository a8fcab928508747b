"""Property tests of the tutor's session: over a few hundred seeds per preset, every
position reachable by hint and play is consistent with the engine and the game ends; a take-back
at any point returns to the position before the move.

Rules: SJ-1 (108 cards), SJ-2 (25 each), SJ-11 (200 points), YS-1 (52 cards), YS-12 (the game ends).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.shengji.hand import FULL_DECK
from cardlib.shengji.review import grade_of
from cardlib.yishang.deal import DECK
from tests.widgets.test_tutor_drive import hinted_move, play_out
from widgets.tutor.session import TutorSession

SEEDS = st.integers(min_value=0, max_value=10**9)
PROPERTY = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
_FULL = Counter(map(str, FULL_DECK))
#: The review's grades (the search of cardlib/shengji/review.py, most of a hand's time) are asked for on
#: the hands whose seed is a multiple of this; tests/shengji/test_review.py tests the grading itself.
GRADED_EVERY = 4


def check_shengji_view(session: TutorSession, view: dict) -> None:
    hand = session.table.hand
    table = view["table"]
    assert Counter(map(str, hand.all_cards())) == _FULL
    mine = [c for group in table["hand"] for c in group["cards"]]
    assert Counter(mine) == Counter(map(str, hand.hands[0])) and table["counts"][0] == len(mine)
    won = [sum(t.points for t in hand.tricks if t.winner % 2 == team) for team in (0, 1)]
    assert [t["points"] for t in table["teams"]] == won  # SJ-11: each side's points are its tricks'
    playing = view["state"] == "playing"
    assert (view["decision"] is not None) == playing and (view["turn"] == "you") == playing
    if playing:
        kind = view["decision"]["kind"]
        assert kind in ("call", "bury", "lead", "follow")
        assert {"call": "deal", "bury": "bury"}.get(kind, "play") == hand.phase
        if kind in ("lead", "follow"):
            assert hand.to_act == 0 and (kind == "lead") == (hand.lead is None)
        if kind == "bury":
            assert hand.dealer == 0 and len(hand.hands[0]) == 33
    else:
        assert hand.phase == "over" and view["review"] is not None
        points = view["review"]["points"]
        assert points["attacker_tricks"] + points["defender_tricks"] + view["review"]["kitty"]["points"] == 200
        if view["review"]["graded"] is not None:  # asked for (play_out's grade)
            check_graded(hand, view["review"]["graded"])


def check_graded(hand, graded: dict) -> None:
    """The review's grades of South's plays: each a play South made in a graded trick, its grade the
    one its loss earns, a better play named exactly when it lost points, on at most the deals sampled."""
    first, last = graded["tricks"]
    south = {number: sorted(map(str, plays[0])) for number, plays in
             ((n, dict(t.plays)) for n, t in enumerate(hand.tricks, start=1))}
    for decision in graded["decisions"]:
        assert first <= decision["trick"] <= last and decision["seat"] == 0
        assert sorted(decision["played"]) == south[decision["trick"]]
        assert decision["loss"] >= 0 and decision["grade"] == grade_of(decision["loss"])
        assert (decision["best"] is not None) == (decision["loss"] > 0)
        assert 0 <= decision["worse_in"] <= decision["deals"] and decision["reason"]["en"] and decision["reason"]["zh"]


def check_yishang_view(session: TutorSession, view: dict) -> None:
    game = session.table.state
    table = view["table"]
    assert game.card_count() == len(DECK)
    assert table["counts"] == [len(h) for h in game.hands]
    assert Counter(table["hand"][0]["cards"]) == Counter(map(str, game.hand(0)))
    hidden = [p for p in table["pile"] if p["face"] == "down"]
    assert all(p["card"] == "back" for p in hidden)  # YS-11: face-down cards stay backs
    playing = view["state"] == "playing"
    assert (view["decision"] is not None) == playing
    if playing:
        kind = view["decision"]["kind"]
        if kind == "challenge":
            assert game.window is not None and game.window.seat != 0
        else:
            assert game.next_player == 0 and kind == f"play_{game.next_face.value}"
    else:
        assert game.is_over and view["review"]["winner"] == game.winner


@PROPERTY
@given(seed=SEEDS)
def test_every_shengji_position_by_hint_and_play_is_consistent_and_the_hand_ends_SG(seed):
    session = TutorSession.start({"game": "shengji", "seed": seed, "ruleset": "shengji"})
    for view in play_out(session, grade=seed % GRADED_EVERY == 0):
        check_shengji_view(session, view)


@PROPERTY
@given(seed=SEEDS)
def test_every_shengji_position_by_hint_and_play_is_consistent_and_the_hand_ends_SS(seed):
    session = TutorSession.start({"game": "shengji", "seed": seed, "ruleset": "shuangsheng"})
    for view in play_out(session, grade=seed % GRADED_EVERY == 0):
        check_shengji_view(session, view)


@PROPERTY
@given(seed=SEEDS, opponents=st.integers(1, 3), ruleset=st.sampled_from(["yishang", "yishang-fewest"]))
def test_every_yishang_position_by_hint_and_play_is_consistent_and_the_game_ends(seed, opponents, ruleset):
    session = TutorSession.start({"game": "yishang", "seed": seed, "opponents": opponents, "ruleset": ruleset})
    for view in play_out(session, limit=1000):
        check_yishang_view(session, view)


@settings(max_examples=examples(60), deadline=None)
@given(seed=SEEDS, game=st.sampled_from(["shengji", "yishang"]), at=st.integers(0, 30))
def test_a_take_back_at_any_point_returns_to_the_position_before_the_move(seed, game, at):
    session = TutorSession.start({"game": game, "seed": seed})
    view = session.view()
    for _ in range(at):
        if view["state"] == "over":
            break
        view = session.handle(hinted_move(session))
    if view["state"] == "over":
        return
    before = session.view()
    session.handle(hinted_move(session))
    after = session.handle({"type": "undo"})
    assert after["table"] == before["table"] and after["decision"] == before["decision"]
