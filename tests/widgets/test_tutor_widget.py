"""The tutor widget on the kernel: its start options are plain traits with the service the
static book's engine runs, a message's reply becomes ``view``, a message the session cannot read is
told to the front end as the engine's loader tells it, and ``hello`` is answered by the kernel.

Rules: SJ-8 (a hint in South's seat), YS-1 (a 一上一下 table of 2 to 4).
"""

from __future__ import annotations

import importlib

import pytest

from widgets.tutor.session import TutorSession
from widgets.tutor.widget import SERVICE, Tutor


@pytest.fixture
def sent(monkeypatch):
    messages: list[dict] = []
    monkeypatch.setattr(Tutor, "send", lambda self, content, buffers=None: messages.append(content))
    return messages


def test_the_start_options_and_the_service_are_plain_traits_the_engine_can_read():
    tutor = Tutor("yishang", seed=5, opponents=3)
    state = tutor.get_state()
    assert state["_py_service"] == SERVICE and state["_py_start"] == ["game", "seed", "ruleset", "opponents",
                                                                                     "sparring"]
    module, name = SERVICE.split(":")
    service = getattr(importlib.import_module(module), name)
    fresh = service.start({key: state[key] for key in state["_py_start"]})
    assert fresh.view() == state["view"]  # the worker's session starts where the stored view is
    assert Tutor("shengji", seed=2).view == TutorSession.start({"game": "shengji", "seed": 2}).view()


def test_a_message_s_reply_becomes_the_view(sent):
    tutor = Tutor("shengji", seed=3)
    tutor._on_message(tutor, {"type": "hint"}, [])
    assert tutor.view["hint"]["reason"]["en"] and tutor.view["counters"]["hints"] == 1
    tutor._on_message(tutor, {"type": "start", "seed": 8}, [])
    assert tutor.seed == 8 and tutor.view["seed"] == 8 and tutor.view["counters"]["hints"] == 0
    assert sent == []


def test_an_unreadable_message_is_told_as_an_error_and_hello_is_answered(sent):
    tutor = Tutor("shengji", seed=3)
    before = tutor.view
    tutor._on_message(tutor, {"type": "shuffle"}, [])
    tutor._on_message(tutor, {"type": "hello"}, [])
    assert tutor.view == before
    assert sent[0]["type"] == "error" and "shuffle" in sent[0]["error"]
    assert sent[1] == {"type": "engine", "available": True}


def test_the_sparring_level_is_a_start_option_and_follows_the_table(sent):
    """The strong practice bots are chosen at the table (a trait the engine reads, and the menu's
    "start" message); the easy level stays the default."""
    assert Tutor("yishang", seed=5).sparring == "easy"
    tutor = Tutor("shengji", seed=4, sparring="strong")
    assert tutor.view["sparring"] == "strong" and tutor.get_state()["sparring"] == "strong"
    tutor._on_message(tutor, {"type": "start", "sparring": "easy"}, [])
    assert tutor.sparring == "easy" and tutor.view["sparring"] == "easy" and sent == []
