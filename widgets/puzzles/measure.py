"""Measuring puzzles: how often each answer is right, and how the difficulty features differ by level.

Used by ``tests/widgets/test_puzzle_balance.py`` (the limits) and ``benchmarks/puzzle_balance.py``
(the figures).  An *answer facet* is what a reader could answer every time without thinking: a whole
answer key, the first word of a two-part choice (``succeeds`` of ``succeeds:0``, ``play`` of
``play:1:H5``), or one field's value of a several-part answer (``allowed=yes``).  Its share is the
fraction of puzzles, graded under one ruleset, in which some right answer has it.

Rules: none of its own: it reads the specs the engine graded.

>>> shares([{"input": "choice", "correct": {"r": ["yes"]}}, {"input": "choice", "correct": {"r": ["no"]}}])["r"]
{'yes': 0.5, 'no': 0.5}
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from collections.abc import Iterable
from statistics import mean
from typing import Any

from .registry import make_puzzle
from .spec import DIFFICULTIES, InputType

#: The largest share any answer facet may have under any ruleset: no single answer may be
#: right in more than 60% of a kind's puzzles, or guessing it would pay.
MAX_SHARE = 0.6

#: Field answers a ruleset fixes by its own rule, whatever the position: not a guess that wins.
#: (The 双升 guide names nobody to cut; under "the dealer drawn before the deal" South deals first.)
FIXED_BY_RULE = {("deal", "shuangsheng", "cut"), ("first_dealer", "seat-zero", "dealer")}

#: Per kind, the features that measure difficulty: each one's mean grows from easy to hard
#: (easy ≤ normal ≤ hard, easy < hard); ``-name``: it falls instead.
DIFFICULTY_FEATURES: dict[str, tuple[str, ...]] = {
    "follow_legal": ("choices",),
    "pick_follow": ("hand_size", "lead_cards"),
    "trick_winner": ("lead_cards", "followers_off_suit"),
    "shape": ("cards", "near_level"),
    "highest": ("level_cards", "tied_top", "suits_shown"),
    "kitty_score": ("lead_cards", "winner_not_leader"),
    "last_trick": ("lead_cards", "thirteenth_trap"),
    "level_change": ("-distance_to_edge",),
    "calling": ("calls", "joker_pairs"),
    "first_dealer": ("nobody_called",),
    "deal": ("dealer_not_south",),
    "next_leader": ("lead_cards",),
    "after_hand": ("-levels_from_ace", "passes_ace"),
    "trick_points": ("point_cards",),
    "count_trumps": ("cards", "no_trump"),
    "bury": ("trumps", "level_cards_and_jokers"),
    "lead_legal": ("hand_size", "play_cards"),
    "throw": ("units", "other_suit_cards"),
    "ys_challenge": ("challengers", "true_claim_below_target"),
    "ys_state": ("actions", "challenges"),
    "ys_deal": ("players",),
    "ys_first_player": ("players",),
    "ys_action": ("actions",),
    "ys_draw": ("empty_draw_pile", "last_card"),
    "give_points": ("legal_plays", "right_answers"),
    "endgame": ("hand_size", "legal_plays"),
}


def facets(spec: dict[str, Any], key: str) -> set[str]:
    """The answer facets of one right answer ``key`` of ``spec`` (see the module's note)."""
    found = {key}
    kind: InputType = spec["input"]
    if kind == "fields":
        found |= {f"{field['name']}={value}" for field, value in zip(spec["fields"], key.split("|"))}
    elif kind == "choice" and ":" in key:
        found.add(key.split(":")[0])
    return found


def shares(specs: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per ruleset id: each answer facet's share of the puzzles graded under it, largest first."""
    counts: dict[str, Counter[str]] = {}
    totals: Counter[str] = Counter()
    for spec in specs:
        for rid, keys in spec["correct"].items():
            totals[rid] += 1
            seen = set().union(*(facets(spec, key) for key in keys))
            seen = {f for f in seen if not any(f.startswith(f"{name}=") for kind, r, name in FIXED_BY_RULE
                                               if kind == spec.get("kind") and r == rid)}
            counts.setdefault(rid, Counter()).update(seen)
    return {rid: {facet: n / totals[rid] for facet, n in counter.most_common()} for rid, counter in counts.items()}


def top_share(specs: list[dict[str, Any]], min_puzzles: int = 1) -> dict[str, tuple[str, float, int]]:
    """Per ruleset (graded on at least ``min_puzzles`` puzzles): the most frequent right facet, its share,
    and the number of puzzles."""
    totals = Counter(rid for spec in specs for rid in spec["correct"])
    return {rid: (*next(iter(table.items())), totals[rid]) for rid, table in shares(specs).items()
            if totals[rid] >= min_puzzles}


def feature_means(specs: list[dict[str, Any]], names: Iterable[str]) -> dict[str, dict[str, float]]:
    """Per feature name (a leading ``-`` ignored): its mean per difficulty (booleans count 1 / 0)."""
    out: dict[str, dict[str, float]] = {}
    for name in names:
        bare = name.lstrip("-")
        out[bare] = {d: mean(float(s["features"][bare]) for s in specs if s["difficulty"] == d)
                     for d in DIFFICULTIES if any(s["difficulty"] == d for s in specs)}
    return out


def ordered(means: dict[str, float], falling: bool = False) -> bool:
    """Whether a feature's means grow (or, ``falling``, fall) from easy to hard: easy ≤ normal ≤ hard, easy < hard."""
    easy, normal, hard = (means[d] for d in DIFFICULTIES)
    if falling:
        easy, normal, hard = -easy, -normal, -hard
    return easy <= normal <= hard and easy < hard


@cache
def cached_puzzle(kind: str, seed: int) -> dict[str, Any]:
    """:func:`make_puzzle`, remembered for the session (the balance and position tests share it).
    Callers must not change the spec they get."""
    return make_puzzle(kind, seed)


def puzzles(kind: str, count: int) -> list[dict[str, Any]]:
    """Seeds ``0 … count-1`` of ``kind`` (every difficulty equally), from :func:`cached_puzzle`."""
    return [cached_puzzle(kind, seed) for seed in range(count)]
