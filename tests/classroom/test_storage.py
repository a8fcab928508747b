"""The class store, every test on both databases (the ``store`` fixture: SQLite and a real PostgreSQL):
classes and their teachers, students (normalised nicknames, one per device), questions and their steps,
votes (one a student a round, only while open), the teacher's removals, and a reopened store keeping all."""

from __future__ import annotations

import pytest

from classroom.storage import Conflict, NotFound, Store, Vote, open_store

SPEC = {"id": "follow_legal:4", "input": "choice"}


def vote(question: int, student: int, answer: str = "yes", round_: int = 1, correct: bool = True) -> Vote:
    return Vote(question, round_, student, answer, correct, ("SJ-9", "SJ-10"))


def test_classes_teachers_and_owners(store: Store) -> None:
    code, token = store.create_class("1-yishang", owner="browser-key-1")
    other, _ = store.create_class("2-shengji")
    assert (store.deck(code), store.is_teacher(code, token), store.is_teacher(code, "guess")) == ("1-yishang", True, False)
    assert (store.is_owner(code, "browser-key-1"), store.is_owner(other, "browser-key-1"), store.is_owner(code, "")) == (
        True, False, False)
    listed = store.classes_of("browser-key-1")
    assert [(c["code"], c["deck"], c["students"], c["votes"], c["question"]) for c in listed] == [(code, "1-yishang", 0, 0, None)]
    with pytest.raises(NotFound):
        store.deck("ZZZZZ")


def test_joins_from_one_address_are_counted_in_the_database_every_class_server_shares(store: Store,
                                                                                      store_url: str) -> None:
    """Two class servers on one database (two stores here): an address's joins on either count together."""
    code, _ = store.create_class("d")
    other_server = open_store(store_url)
    try:
        waits = [(store if i % 2 else other_server).join_wait(code, "10.0.0.7", 3, now=100 + i) for i in range(5)]
        assert waits[:3] == [0.0] * 3 and waits[3:] == [57.0, 56.0]  # till the first of the three is a minute old
        assert other_server.join_wait(code, "10.0.0.8", 3, now=104) == 0.0  # another address is not held up
        assert store.join_wait(code, "10.0.0.7", 3, now=160.5) == 0.0  # the window has passed for the first
    finally:
        other_server.close()
    with pytest.raises(ValueError, match="limit"):
        store.join_wait(code, "10.0.0.7", -1)


def test_students_nicknames_and_devices(store: Store) -> None:
    code, _ = store.create_class("d")
    token = store.add_student(code, "Alice", device="phone-of-alice-0123456789")
    with pytest.raises(Conflict):
        store.add_student(code, "ALICE")  # unique whatever the case
    ana = store.student(code, token)
    assert ana is not None and store.student(code, "guess") is None
    again = store.device_student(code, "phone-of-alice-0123456789")
    assert again is not None and again[0] == "Alice" and store.student(code, again[1]) == ana
    assert store.student(code, token) is None  # the old token stops
    assert store.device_student(code, "another-phone-0123456789") is None
    store.add_student(code, "Bo")
    assert [s["nickname"] for s in store.roster(code)] == ["Alice", "Bo"] and store.students(code) == 2


def test_questions_steps_and_votes(store: Store) -> None:
    code, _ = store.create_class("d", owner="browser-key-2")
    ana = store.student(code, store.add_student(code, "Ana"))
    bo = store.student(code, store.add_student(code, "Bo"))
    assert ana is not None and bo is not None
    first = store.add_question(code, "d#a", SPEC, "shengji")
    assert (first.round, first.open, first.shown, first.revealed, first.spec) == (1, True, False, False, SPEC)
    store.add_vote(code, vote(first.id, ana))
    with pytest.raises(Conflict, match="already voted"):
        store.add_vote(code, vote(first.id, ana, "no"))
    assert store.update(code, first.id, shown=True).shown
    closed = store.update(code, first.id, open=False, revealed=True)
    assert (closed.open, closed.shown, closed.revealed) == (False, True, True)
    with pytest.raises(Conflict, match="closed"):
        store.add_vote(code, vote(first.id, bo))
    second = store.next_round(code, first.id)
    assert (second.round, second.open, second.shown, second.revealed) == (2, True, False, False)
    with pytest.raises(Conflict, match="Round 1"):
        store.add_vote(code, vote(first.id, bo))
    store.add_vote(code, vote(first.id, bo, "no", 2, False))
    assert store.counts(first.id) == {1: {"yes": 1}, 2: {"no": 1}}
    assert (store.my_vote(first.id, 2, bo), store.my_vote(first.id, 2, ana)) == ("no", None)
    later = store.add_question(code, "d#b", {**SPEC, "id": "highest:16"}, "shengji")
    assert not store.question(code, first.id).open and store.current(code) == later  # a new question closes the last
    rows = store.answers(code)
    assert [(r["question"], r["round"], r["nickname"], r["answer"], bool(r["correct"]), r["rule_ids"]) for r in rows] == [
        (first.id, 1, "Ana", "yes", True, "SJ-9 SJ-10"), (first.id, 2, "Bo", "no", False, "SJ-9 SJ-10")]
    assert store.classes_of("browser-key-2")[0]["question"] == {"id": later.id, "slide": "d#b", "spec_id": "highest:16"}
    with pytest.raises(NotFound):
        store.question(code, 10**6)


def test_the_teacher_removes_votes_and_students(store: Store) -> None:
    code, _ = store.create_class("d")
    ana = store.student(code, store.add_student(code, "Ana"))
    assert ana is not None
    question = store.add_question(code, "d#a", SPEC, "shengji").id
    store.add_vote(code, vote(question, ana))
    store.remove_vote(code, question, 1, ana)
    with pytest.raises(NotFound):
        store.remove_vote(code, question, 1, ana)
    store.add_vote(code, vote(question, ana, "no"))  # removed: Ana may vote again
    store.remove_student(code, ana)
    assert store.counts(question) == {} and store.roster(code) == [] and store.answers(code) == []
    with pytest.raises(NotFound):
        store.remove_student(code, ana)


def test_a_reopened_store_keeps_everything(store: Store, store_url: str) -> None:
    code, token = store.create_class("d")
    ana = store.student(code, store.add_student(code, "Ana"))
    assert ana is not None
    question = store.add_question(code, "d#a", SPEC, "shengji").id
    store.add_vote(code, vote(question, ana))
    again = open_store(store_url)  # another server on the same database, or this one restarted
    try:
        assert again.is_teacher(code, token) and again.counts(question) == {1: {"yes": 1}}
        with pytest.raises(Conflict):
            again.add_vote(code, vote(question, ana, "no"))  # the key holds across servers
        again.update(code, question, open=False)
        with pytest.raises(Conflict, match="closed"):
            store.add_vote(code, vote(question, store.student(code, store.add_student(code, "Bo")) or 0))
    finally:
        again.close()
