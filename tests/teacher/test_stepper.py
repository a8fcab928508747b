"""Deal steppers: the whole hand or game comes from the engine, every step cites a rule id.

Rules: SJ-2, SJ-7, SJ-8, SJ-10, SJ-11, SJ-12, SG-7 / SS-7, SG-8; YS-1 … YS-16.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import parse_cards
from cardlib.rule_ids import RuleId
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import TOTAL_POINTS, trick_points
from cardlib.yishang import get_ruleset as yishang_ruleset
from tests.reader_text import leaks
from widgets.stepper import DealStepper, StepperError, shengji_steps, yishang_steps

IDS = {rule.value for rule in RuleId}
CJK = re.compile(r"[\u4e00-\u9fff]")


def _bilingual(step):
    assert step["reason"]["rule"] in IDS
    assert step["reason"]["en"] and CJK.search(step["reason"]["zh"])
    assert step["title"]["en"] and CJK.search(step["title"]["zh"])


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["shengji", "shuangsheng"]))
def test_sj12_a_whole_hand_ends_with_kitty_level_change_and_next_dealer(seed, preset):
    steps = shengji_steps(get_ruleset(preset), seed)
    for step in steps:
        _bilingual(step)
    kinds = [s["kind"] for s in steps]
    assert kinds[-3:] == ["kitty_score", "level_change", "next"]
    assert kinds.index("trump") < kinds.index("kitty") < kinds.index("bury") < kinds.index("play")
    tricks = [s for s in steps if s["kind"] == "trick"]
    last = steps[-1]["state"]
    assert last["tricks_played"] == len(tricks) and not any(last["hands"])
    # SJ-11: the running score is the sum of the trick points shown; with the buried cards, 200.
    assert sum(last["points"]) == sum(t["value"] for t in tricks)
    assert sum(last["points"]) + trick_points(parse_cards(" ".join(last["buried"]))) == TOTAL_POINTS


def test_sj10_each_trick_step_shows_its_four_plays_and_its_winner():
    steps = shengji_steps(get_ruleset("shengji"), 3)
    for step in steps:
        if step["kind"] == "trick":
            seats = [seat for seat, _cards in step["state"]["table"]]
            assert len(seats) == 4 and step["seat"] in seats
        if step["kind"] == "play":
            assert [step["seat"], step["cards"]] == step["state"]["table"][-1]


def test_sj2_deal_runs_are_one_step_each_and_end_at_100_cards():
    steps = shengji_steps(get_ruleset("shengji"), 3)
    deals = [s for s in steps if s["kind"] == "deal"]
    assert deals and deals[-1]["state"]["undealt"] == 0
    assert len(deals) <= 1 + sum(s["kind"] == "call" for s in steps) + sum(s["kind"] == "redeal" for s in steps) * 2


def test_sj2_same_seed_same_hand_and_bad_seeds_are_refused():
    assert shengji_steps(get_ruleset("shengji"), 11) == shengji_steps(get_ruleset("shengji"), 11)
    for seed in (-1, 1.5, True, "3"):
        with pytest.raises(StepperError):
            shengji_steps(get_ruleset("shengji"), seed)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_ys12_a_whole_game_ends_with_a_winner_and_keeps_52_cards(seed):
    steps = yishang_steps(yishang_ruleset(), seed)
    for step in steps:
        _bilingual(step)
        state = step["state"]
        assert sum(map(len, state["hands"])) + state["draw_pile"] + len(state["pile"]) == 52
    assert steps[0]["kind"] == "deal" and steps[-1]["kind"] in ("win", "stall")
    assert steps[-1]["state"]["winner"] is not None


def test_ss4_the_widget_reads_the_address_and_an_error_is_calm(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng")
    widget = DealStepper("shengji", seed=2)
    assert widget.steps and widget.error == {} and "双升" in widget.rules_label["en"]
    monkeypatch.setenv("QUERY_STRING", "rules=bridge")
    calm = DealStepper("shengji", seed=2)
    assert calm.steps == [] and "bridge" in calm.error["en"] and CJK.search(calm.error["zh"])
    assert "Traceback" not in calm.error["en"]


def test_sj2_deal_again_is_the_next_seed(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = DealStepper("yishang", seed=4)
    first = widget.steps
    widget._on_message(widget, {"type": "deal"}, [])
    assert widget.seed == 5 and widget.steps != first
    with pytest.raises(StepperError):
        DealStepper("poker")


def test_ys1_the_static_book_carries_the_next_deals_and_a_kernel_says_it_is_live(monkeypatch):
    """With no kernel "Deal again" moves through the deals the page carries (the next three seeds, as the
    engine plays them); a kernel answers the front end's hello, so there "Deal again" asks it."""
    from widgets.puzzles import unpack_bank

    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = DealStepper("yishang", seed=4)
    bank = unpack_bank(widget.bank)
    assert [deal["seed"] for deal in bank] == [5, 6, 7]
    assert bank[0]["steps"] == yishang_steps(yishang_ruleset(), 5)
    sent = []
    monkeypatch.setattr(widget, "send", sent.append)
    widget._on_message(widget, {"type": "hello"}, [])
    assert sent == [{"type": "live"}] and widget.seed == 4


def test_ys9_a_challenge_and_its_reveal_show_the_pile_the_take_empties_it():
    steps = yishang_steps(yishang_ruleset(), 5)
    for index, step in enumerate(steps):
        if step["kind"] == "reveal":
            assert step["state"]["pile"] and step["state"]["pile"][-1]["face"] == "down"
            assert step["state"]["pile"][-1]["card"] == step["card"]
            take = next(s for s in steps[index:] if s["kind"] == "take")
            assert take["state"]["pile"] == []
            return
    pytest.fail("game 5 has no challenge to look at")


def _visible_texts(widget):
    """What the stepper shows in words: the rules line, each step's title and reason, and the
    seat or player names (the JS labels seats, players and teams with nothing else)."""
    for lang in ("en", "zh"):
        yield "rules", widget.rules_label[lang]
        for names in widget.names[lang].values():
            yield from (("name", name) for name in names)
        for step in widget.steps:
            yield f"{step['kind']} title", step["title"][lang]
            yield f"{step['kind']} reason {step['reason']['rule']}", step["reason"][lang]


@pytest.mark.parametrize("game, seed", [("shengji", 3), ("shengji", 7), ("shengji", 11), ("yishang", 5)])
def test_sj1_ys3_titles_and_labels_name_seats_players_and_cards_as_players_do(game, seed, monkeypatch):
    """SJ-1 / SJ-2 (South … West, 南家 …) and YS-3 (Player A …, 甲 …): no seat numbers, card
    codes, preset ids or Python values in what the class reads (the decks' steppers and seeds)."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = DealStepper(game, seed=seed)
    found = [f"{where}: {text!r} {leaks(text)}" for where, text in _visible_texts(widget)
             if " reason " not in where and leaks(text)]
    assert found == []
    titles = " ".join(step["title"]["en"] for step in widget.steps)
    if game == "shengji":
        assert re.search(r"\b(?:South|East|North|West)\b", titles) and "Seat" not in titles
        assert widget.names["zh"]["seats"] == ["南家", "东家", "北家", "西家"]
    else:
        assert "Player A" in " ".join(widget.names["en"]["seats"]) and "甲" in widget.names["zh"]["seats"]
    assert "guide" in widget.rules_label["en"] or "一上一下" in widget.rules_label["en"]


@pytest.mark.parametrize("game, seed", [("shengji", 3), ("shengji", 7), ("shengji", 11), ("yishang", 5)])
def test_sj_ys_the_engine_reasons_a_stepper_shows_speak_as_players_do(game, seed, monkeypatch):
    """Every rule the hand or game cites: its reason, shown under each step's title, is in player language."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = DealStepper(game, seed=seed)
    found = [f"{where}: {text!r} {leaks(text)}" for where, text in _visible_texts(widget)
             if " reason " in where and leaks(text)]
    assert found == []
