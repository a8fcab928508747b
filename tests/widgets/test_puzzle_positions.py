"""Possible positions: every puzzle shows cards a real deal could hold, calls a real deal
could produce, nothing asked after the game is won, and a history that follows each ruleset it is
graded under.

- Shengji: two decks, so no card more than twice among everything one puzzle shows at once (SJ-1);
  a seat shows a card again only to add its second copy (SG-1 / SS-1, SG-3 / SS-3).
- 一上一下: one deck without jokers, each card once among the hands and the draw pile (YS-1).
- After a hand that wins the game nobody deals next (SJ-13, SS-8); under "the first team to reach A
  wins" no team starts the hand at A (the game would be over already).
- ys_state / ys_action: the story shown is each ruleset's own game (YS-10's target-kept variant too).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.examples import examples

from cardlib.cards import Card, parse_cards
from cardlib.yishang.state import Game
from widgets.puzzles import KINDS
from widgets.puzzles.measure import puzzles
from widgets.puzzles.yishang_story import replay, story
from widgets.puzzles.spec import RulesetChoice

pytestmark = pytest.mark.shares_puzzles  # a kind's puzzles made once (tests/conftest.py)

SEEDS = examples(60)  # a tenth under `make test-fast`


def _cards(value) -> list[Card]:
    if isinstance(value, str):
        return parse_cards(value)
    return parse_cards(" ".join(value)) if value else []


def _plays(plays) -> list[Card]:
    return [c for play in plays for c in _cards(play)]


def _calls(calls) -> list[Card]:
    """The cards the calls show: per seat, each card as many times as that seat ever showed it at once."""
    shown: dict[int, Counter] = {}
    for call in calls:
        seen = shown.setdefault(call["seat"], Counter())
        for card, n in Counter(parse_cards(call["cards"])).items():
            seen[card] = max(seen[card], n)
    return [card for seen in shown.values() for card, n in seen.items() for _ in range(n)]


#: Per Shengji kind: every card its position shows at once (cards chosen from a hand count once).
SHOWN = {
    "follow_legal": lambda p: _cards(p["lead"]) + _cards(p["hand"]),
    "pick_follow": lambda p: _cards(p["lead"]) + _cards(p["hand"]),
    "trick_winner": lambda p: _plays(p["plays"]),
    "shape": lambda p: _cards(p["cards"]),
    "highest": lambda p: _cards(p["cards"]),
    "kitty_score": lambda p: _plays(p["last_trick"]) + _cards(p["kitty"]),
    "last_trick": lambda p: _cards(p["hand"]),
    "calling": lambda p: _calls(p["calls"]),
    "first_dealer": lambda p: _calls(p["calls"]) + _cards(p["kitty"] or []),
    "next_leader": lambda p: _plays(p.get("plays", [])),
    "trick_points": lambda p: _plays(p["plays"]) if "plays" in p else _cards(p["won"]),
    "count_trumps": lambda p: _cards(p["cards"]),
    "bury": lambda p: _cards(p["hand"]) + _cards(p["kitty"]),
    "lead_legal": lambda p: _cards(p["hand"]),
    "throw": lambda p: _cards(p["throw"]) + _plays(p["other_hands"]),
    "endgame": lambda p: _plays(p["hands"]) + _cards(p["kitty"]),
}


@pytest.mark.parametrize("kind", sorted(SHOWN))
def test_no_card_shown_more_than_twice_two_decks_SJ_1(kind):
    for spec in puzzles(kind, SEEDS):
        counts = Counter(SHOWN[kind](spec["position"]))
        if not counts:
            assert spec["position"].get("first_trick"), spec["id"]  # who leads the first trick: no cards yet
            continue
        assert max(counts.values()) <= 2, (spec["id"], [str(c) for c, n in counts.items() if n > 2])


@pytest.mark.parametrize("kind", ["calling", "first_dealer"])
def test_a_seat_shows_a_card_again_only_to_add_its_second_copy_SG_1_SS_1_SG_3_SS_3(kind):
    """No seat shows the same call twice (a pair of little jokers, then the same pair again)."""
    for spec in puzzles(kind, SEEDS):
        shown: dict[int, Counter] = {}
        for call in spec["position"]["calls"]:
            seen = shown.setdefault(call["seat"], Counter())
            cards = Counter(parse_cards(call["cards"]))
            assert all(seen[card] < n for card, n in cards.items()), (spec["id"], call)
            seen.update({card: n - seen[card] for card, n in cards.items()})
        assert all(n <= 2 for seen in shown.values() for n in seen.values())


def test_trick_cards_shown_in_the_last_trick_puzzle_come_from_the_leaders_hand_SG_E1():
    for spec in puzzles("last_trick", SEEDS):
        pos = spec["position"]
        assert not Counter(_cards(pos["lead"])) - Counter(_cards(pos["hand"])), spec["id"]
        assert len(_cards(pos["hand"])) == pos["cards_each"]


def test_nothing_is_asked_after_the_game_is_won_SJ_13_SS_8():
    """A hand that wins the game has no next dealer or level; no puzzle starts after a win."""
    seen_won = 0
    for spec in puzzles("after_hand", SEEDS):
        levels = spec["position"]["levels"]
        for ruleset in spec["rulesets"]:
            if ruleset["variant"].get("game_end") == "reach_ace":
                assert "A" not in levels, spec["id"]  # under this reading a team at A has won already
            for key in spec["correct"][ruleset["id"]]:
                dealer, level, winner = key.split("|")
                assert (dealer == "over") == (level == "over") == (winner != "none"), (spec["id"], key)
                seen_won += winner != "none"
    assert seen_won


def _one_deck(spec) -> list[Card]:
    pos = spec["position"]
    if "hands" not in pos:
        return []
    hands = [_cards(h) for h in pos["hands"]]
    return [c for h in hands for c in h] + _cards(pos["draw_pile"])


@pytest.mark.parametrize("kind", [k for k in sorted(KINDS) if k in ("ys_state", "ys_action", "ys_draw")])
def test_yishang_positions_are_one_deck_without_jokers_YS_1(kind):
    for spec in puzzles(kind, SEEDS):
        cards = _one_deck(spec)
        counts = Counter(cards)
        assert cards and max(counts.values()) == 1 and not any(c.is_joker for c in cards), spec["id"]
        if kind != "ys_draw":  # a whole deal: 52 cards, 7 a hand (YS-1)
            assert len(cards) == 52 and all(len(_cards(h)) == 7 for h in spec["position"]["hands"])


@pytest.mark.parametrize("kind", ["ys_state", "ys_action"])
def test_the_history_shown_is_each_rulesets_own_game_YS_10(kind):
    """The plays shown are the events of the game replayed under every ruleset the puzzle offers,
    the target-kept variant included (its draws, its turns)."""
    for spec in puzzles(kind, SEEDS):
        pos = spec["position"]
        hands = [_cards(h) for h in pos["hands"]]
        shown = next(block["plays"] for block in spec["display"] if block["type"] == "plays")
        for ruleset in spec["rulesets"]:
            choice = RulesetChoice(ruleset["id"], ruleset["preset"], "", "", ruleset["variant"])
            game = replay(hands, _cards(pos["draw_pile"]), pos["first"], choice, pos["actions"])
            assert isinstance(game, Game)
            assert story(game) == shown, (spec["id"], ruleset["id"])
