"""The puzzle service the browser engine runs: fresh puzzles of one kind, the kernel's generators."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from widgets.puzzles import KINDS, PuzzleError, make_puzzle
from widgets.puzzles.registry import difficulty_of
from widgets.puzzles.service import PuzzleService, fresh_seed

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_a_new_puzzle_is_the_generators_puzzle_of_that_difficulty(kind: str, difficulty: str) -> None:
    service = PuzzleService(kind, random.Random(7))
    spec = service.handle({"type": "new", "difficulty": difficulty})
    seed = int(spec["id"].split(":")[1])
    assert spec["kind"] == kind and spec["difficulty"] == difficulty == difficulty_of(seed)
    assert spec == make_puzzle(kind, seed)


def test_new_puzzles_differ_and_a_seed_names_one() -> None:
    service = PuzzleService.start({"kind": "pick_follow"})
    ids = {service.handle({"type": "new", "difficulty": "normal"})["id"] for _ in range(5)}
    assert len(ids) > 1
    assert service.handle({"type": "new", "seed": 5}) == make_puzzle("pick_follow", 5)
    assert service.handle({"type": "new", "seed": 5, "difficulty": "hard"})["id"] == "pick_follow:5"
    assert service.handle({"type": "load", "seed": 7}) == make_puzzle("pick_follow", 7)  # a link's puzzle


def test_idle_makes_the_next_puzzle_of_the_difficulty_last_asked_ahead() -> None:
    service = PuzzleService("trick_points", random.Random(2))
    service.idle()
    assert service.ready == {}, "nothing asked yet: nothing to make ahead"
    first = service.handle({"type": "new", "difficulty": "easy"})
    service.idle()
    ahead = service.ready["easy"]
    assert ahead["difficulty"] == "easy" and ahead["id"] != first["id"]
    service.idle()
    assert service.ready == {"easy": ahead}, "one made ahead per difficulty"
    assert service.handle({"type": "new", "difficulty": "easy"}) is ahead and service.ready == {}
    assert service.handle({"type": "new", "difficulty": "hard"})["difficulty"] == "hard"
    service.idle()
    assert set(service.ready) == {"hard"}
    assert service.handle({"type": "new", "seed": 9})["id"] == "trick_points:9" and set(service.ready) == {"hard"}


def test_without_a_difficulty_the_puzzle_is_normal() -> None:
    assert PuzzleService("deal").handle({"type": "new"})["difficulty"] == "normal"


def test_fresh_seeds_name_their_difficulty() -> None:
    rng = random.Random(1)
    assert {difficulty_of(fresh_seed("easy", rng)) for _ in range(20)} == {"easy"}


@pytest.mark.parametrize(("options", "words"), [
    ({"kind": "no_such_kind"}, "unknown puzzle kind 'no_such_kind'"),
    ({}, "starts with options"),
    ({"kind": "deal", "seed": 1}, "starts with options"),
    ("deal", "starts with options"),
])
def test_bad_start_options_are_refused_clearly(options: object, words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        PuzzleService.start(options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("message", "words"), [
    ({"type": "hello"}, "answers {'type': 'new' or 'load'"),
    (["new"], "answers {'type': 'new' or 'load'"),
    ({"type": "load"}, "a puzzle to load needs its seed"),
    ({"type": "new", "difficulty": "medium"}, "unknown difficulty 'medium'"),
    ({"type": "new", "level": "hard"}, "unknown fields in a new-puzzle message: level"),
    ({"type": "new", "seed": -1}, "whole number"),
    ({"type": "new", "seed": "3"}, "whole number"),
    ({"type": "new", "seed": 3, "difficulty": "hard"}, "seed 3 names a easy puzzle, not a hard one"),
])
def test_bad_messages_are_refused_clearly(message: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        PuzzleService("deal").handle(message)  # type: ignore[arg-type]


def test_the_service_imports_without_anywidget_or_traitlets() -> None:
    """The browser engine has neither: the service and its generators must not need them."""
    code = ("import sys; sys.modules['anywidget'] = sys.modules['traitlets'] = sys.modules['ipywidgets'] = None; "
            "sys.modules['widgets'] = type(sys)('widgets'); sys.modules['widgets'].__path__ = ['widgets']; "
            "from widgets.puzzles.service import PuzzleService; "
            "print(PuzzleService.start({'kind': 'ys_draw'}).handle({'type': 'new'})['kind'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ys_draw"
