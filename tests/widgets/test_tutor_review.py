"""The 升级 tutor's review grades South's plays that stood (cardlib/shengji/review.py): a deliberate
mistake in the last tricks is marked with its loss and the better play; taken back and replayed by the
hint, it is no longer there, and the take-back is counted as before; "replay from here" goes back to just
before a graded play, and in 一上一下 to just before a graded challenge decision.

Rules: SJ-11 (the points a play cost), SJ-12 (the kitty with the last trick), YS-8 (the challenge window)
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.widgets.test_tutor_drive import hinted_move, view_texts
from widgets.tutor.session import TutorError, TutorSession

#: Deal 10 (the 四人升级 guide): South's 24th move, a lead with 4 cards left, played as ♣4 ♣4 instead of
#: the hint is a mistake the engine marks at trick 22 (found with the engine, tests/browser/test_tutor_voila.py
#: plays it in the page).
SEED, AT, WRONG, TRICK = 10, 23, ["C4", "C4"], 22


def play_with(session: TutorSession, at: int | None, cards: list[str]) -> dict[str, Any]:
    """Hint and play to the end, but ``cards`` as South's move number ``at`` (0 for the first); the review
    with its grades."""
    view = session.view()
    move = 0
    while view["state"] != "over":
        message = {"type": "act", "cards": cards} if move == at else hinted_move(session)
        view = session.handle(message)
        assert view["status"] is None, view["status"]
        move += 1
    return session.handle({"type": "grade"})  # as the page asks once the review shows


def test_sj11_a_mistake_in_the_last_tricks_is_graded_with_its_loss_and_a_better_play() -> None:
    view = play_with(TutorSession.start({"game": "shengji", "seed": SEED}), AT, WRONG)
    graded = view["review"]["graded"]
    first, last = graded["tricks"]
    assert first <= TRICK <= last == len(view["review"]["tricks"])
    decision = next(d for d in graded["decisions"] if d["trick"] == TRICK)
    assert decision["played"] == WRONG and decision["grade"] == "mistake" and decision["loss"] >= 10
    assert decision["best"] and decision["best"] != WRONG
    assert "♣4 ♣4" in decision["reason"]["en"] and f"第{TRICK}轮失误" in decision["reason"]["zh"]
    assert not [t for w, t in view_texts(graded) if "C4" in t]  # cards as players write them


def test_sj11_the_review_grades_the_play_that_stood_and_keeps_the_take_back_counted() -> None:
    session = TutorSession.start({"game": "shengji", "seed": SEED})
    view = session.view()
    for _move in range(AT):
        view = session.handle(hinted_move(session))
    session.handle({"type": "act", "cards": WRONG})
    session.handle({"type": "undo"})
    view = play_with(session, None, [])
    assert view["review"]["undos"] == 1
    decisions = {d["trick"]: d for d in view["review"]["graded"]["decisions"]}
    assert TRICK not in decisions or decisions[TRICK]["played"] != WRONG


def test_sj11_replay_from_a_graded_play_returns_to_just_before_it_and_a_better_play_changes_the_grade() -> None:
    """"Replay from trick 22": the review's decision names South's move; rewinding to it deals the same hand,
    keeps the moves before it, and South is to play trick 22 again holding the cards it played; the better
    play the review named, played there, is no longer a mistake.  A move that is not the game's is refused."""
    session = TutorSession.start({"game": "shengji", "seed": SEED})
    view = play_with(session, AT, WRONG)
    decision = next(d for d in view["review"]["graded"]["decisions"] if d["trick"] == TRICK)
    assert decision["move"] == AT
    kept = [list(m) for m in session.table.moves[:AT]]
    view = session.handle({"type": "rewind", "moves": decision["move"]})
    hand = session.table.hand
    assert view["state"] == "playing" and view["decision"]["kind"] == "lead" and len(hand.tricks) + 1 == TRICK
    assert session.table.moves == kept and view["counters"]["undos"] == 1
    assert all(WRONG.count(c) <= list(map(str, hand.hands[0])).count(c) for c in WRONG)
    view = play_with(session, 0, decision["best"])
    again = next(d for d in view["review"]["graded"]["decisions"] if d["trick"] == TRICK)
    assert again["played"] == sorted(decision["best"]) or again["played"] == decision["best"]
    assert again["grade"] != "mistake"
    over = session.handle({"type": "rewind", "moves": len(session.table.moves)})
    assert over["status"] and over["status"]["en"] == "That move is not one of this game's." and over["state"] == "over"


def test_a_rewind_without_a_number_of_moves_is_a_clear_error() -> None:
    session = TutorSession.start({"game": "shengji", "seed": SEED})
    for bad in (None, "3", True, 2.5):
        with pytest.raises(TutorError, match="how many of the reader's moves"):
            session.handle({"type": "rewind", "moves": bad})


@pytest.mark.parametrize("seed", range(6))
def test_ys_replay_from_a_graded_challenge_decision_returns_to_that_open_card(seed: int) -> None:
    """一上一下's "Replay from card N": each graded challenge decision (YS-8) names A's move on that face-down
    card; rewinding to it replays the moves before, and A is again to challenge or let stand the same card,
    claimed as before by the same player, with the same cards in hand."""
    session = TutorSession.start({"game": "yishang", "seed": seed, "opponents": 2})
    view = session.view()
    while view["state"] != "over":
        view = session.handle(hinted_move(session))
    decisions = session.handle({"type": "grade"})["review"]["graded"]["decisions"]
    assert decisions, f"deal {seed}: no challenge decision to replay"
    for decision in sorted(decisions, key=lambda d: -d["move"]):  # the latest first: a rewind drops the moves after
        view = session.handle({"type": "rewind", "moves": decision["move"]})
        table = session.table
        window = table.state.window
        assert view["state"] == "playing" and table.pending == "challenge" and window is not None
        assert len(table.moves) == decision["move"]
        assert sum(e.kind.name in ("PLAY_UP", "PLAY_DOWN") for e in table.state.log) == decision["number"]
        assert (window.seat, str(window.claim)) == (decision["claimant"], decision["claim"])
