"""The 一上一下 puzzles speak to players, and every wrong answer explains itself.

Over many seeds of every ys_* kind (all three difficulties): no reader-visible text holds a card
code, a player number or an internal name; every wrong answer's reason, in English and in Chinese,
names the answer given and the right answer; a several-part answer (ys_state) gets one reason per
wrong part, each citing the rule that decides that part (ordinary turn order cites YS-5, not the
erratum YS-E1).  That the right answers are the engine's is checked in ``test_puzzle_specs.py``.

Rules: YS-1 (ys_deal), YS-2, YS-3 (ys_first_player), YS-4, YS-5, YS-10, YS-13, YS-E1, YS-E2
(ys_state), YS-6 … YS-8, YS-14 (ys_action), YS-9, YS-14 (ys_challenge), YS-6, YS-12, YS-15,
YS-16 (ys_draw).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.words import card_text, player_name
from cardlib.yishang.ranks import ORDER
from tests.reader_text import spec_leaks
from widgets.puzzles.registry import make_puzzle
from widgets.puzzles.spec import verdict_of

KINDS = ("ys_challenge", "ys_state", "ys_deal", "ys_first_player", "ys_action", "ys_draw")
SEEDS = range(60)  # seed % 3 names the difficulty: 20 puzzles of each
FACE_ZH = {"up": "明牌", "down": "暗牌"}


def capital(text: str) -> str:
    """``text`` as a sentence starts it: "player B" → "Player B"."""
    return text[:1].upper() + text[1:]


def wrong_answers(spec: dict[str, Any]):
    """Every (ruleset id, answer, reason dict, parts) of a wrong answer; ``parts`` are the reasons of
    a several-part answer (one per wrong part), or the one reason."""
    for ruleset in spec["rulesets"]:
        rid = ruleset["id"]
        for index, answer in enumerate(spec["answers"]):
            ok, ref = spec["verdicts"][rid][index]
            if ok:
                continue
            verdict = verdict_of(spec, rid, answer["key"])
            assert verdict is not None
            parts = [spec["reasons"][r] for r in ref] if isinstance(ref, list) else [spec["reasons"][ref]]
            yield rid, answer, verdict[1], parts


def correct_keys(spec: dict[str, Any], rid: str) -> list[str]:
    return spec["correct"][rid]


@pytest.mark.parametrize("kind", KINDS)
def test_no_ys_puzzle_text_leaks_engine_notation(kind):
    """Cards as ♠8, players as player A / 甲, no numbers for players, no field names (YS-1 … YS-16)."""
    for seed in SEEDS:
        assert tuple(spec_leaks(make_puzzle(kind, seed))) == (), seed


@pytest.mark.parametrize("kind", KINDS)
def test_every_ys_puzzle_has_a_wrong_answer_and_every_reason_is_bilingual(kind):
    for seed in SEEDS:
        spec = make_puzzle(kind, seed)
        assert any(True for _ in wrong_answers(spec)), spec["id"]
        for reason in spec["reasons"]:
            assert reason["en"] and reason["zh"] and reason["en"] != reason["zh"]


def test_ys_challenge_wrong_answers_name_the_given_and_the_right_outcome_and_taker_YS_9_YS_14():
    words = {"succeeds": ("the challenge succeeds", "质疑成立"), "fails": ("the challenge fails", "质疑失败")}
    for seed in SEEDS:
        spec = make_puzzle("ys_challenge", seed)
        for rid, answer, reason, parts in wrong_answers(spec):
            (right,) = correct_keys(spec, rid)
            said, taker = answer["key"].split(":")
            real, real_taker = right.split(":")
            rules = [p["rule"] for p in parts]
            # a wrong outcome is answered with the outcome and then who takes the pile (YS-9), also where the answer
            # named the right taker: with the wrong outcome that pairing is itself a misreading of YS-9
            assert len(parts) == (2 if said != real else int(taker != real_taker)), (spec["id"], answer["key"])
            if said != real and taker == real_taker:
                assert parts[1]["en"].startswith("So ") and "takes the whole pile" in parts[1]["en"], parts
                assert parts[1]["zh"].startswith("所以由") and "收走整堆牌" in parts[1]["zh"], parts
            if said != real:
                # the revealed card against the claim and the target, ending in the right outcome (the answer
                # given is marked on its button)
                assert parts[0]["en"].endswith(f": {words[real][0]}.") and words[said][0] not in parts[0]["en"]
                assert parts[0]["zh"].endswith(f"：{words[real][1]}。")
                assert rules[0] == "YS-9"
            if taker != real_taker:
                wanted = int(real_taker)
                if said != real and (real == "succeeds" or int(taker) == spec["position"]["player"]):
                    # the outcome was just said: who takes follows from it, each fact once
                    assert f"So {player_name(wanted)}" in reason["en"] or f"So the challenger, {player_name(wanted)}" \
                        in reason["en"], (spec["id"], reason["en"])
                    assert "所以由" in reason["zh"] and reason["zh"].count(words[real][1]) == 1, reason["zh"]
                else:
                    assert f"{capital(player_name(wanted))} takes the pile: " in reason["en"], (spec["id"], reason["en"])
                    assert f"收牌的是{player_name(wanted, 'zh')}：" in reason["zh"]
                assert rules[-1] in ("YS-9", "YS-14")


def test_ys_state_each_wrong_part_gets_its_own_sentence_and_rule_YS_4_YS_5_YS_10_YS_13_YS_E1_YS_E2():
    for seed in SEEDS:
        spec = make_puzzle("ys_state", seed)
        last = spec["position"]["actions"][-1]
        for rid, answer, reason, parts in wrong_answers(spec):
            (right,) = correct_keys(spec, rid)
            given, wanted = answer["key"].split("|"), right.split("|")
            wrong_parts = [i for i in range(3) if given[i] != wanted[i]]
            if "challenge" in last and parts[-1]["rule"] != "YS-E2":  # a take: first the card turned over that
                # decided it (YS-9; the erratum's sentence says the challenge succeeded itself); the turn's
                # sentence ("… leads a new round face up") says the face too, so the face has none of its own
                reveal, *parts = parts
                assert reveal["rule"] == "YS-9" and "challenge" in reveal["en"], (spec["id"], reveal)
                if 2 in wrong_parts and 1 in wrong_parts and parts[-1]["rule"] == "YS-10":
                    wrong_parts.remove(1)
                    assert parts[-1]["en"].endswith("face up."), parts[-1]
            assert len(parts) == len(wrong_parts), (spec["id"], answer["key"])
            for part, which in zip(parts, wrong_parts):
                w = wanted[which]
                # each part: the fact that decides it, ending in the right value (the wrong parts are marked)
                if which == 0:
                    assert f" {w}." in part["en"] or f" {w}," in part["en"], part
                    assert w in part["zh"], part
                    assert part["rule"] in ("YS-4", "YS-10")
                elif which == 1:
                    assert part["en"].endswith(f"face {w}.") and part["zh"].endswith(f"{FACE_ZH[w]}。"), part
                    assert part["rule"] in ("YS-5", "YS-13")
                else:
                    w_ = int(w)
                    assert player_name(w_).casefold() in part["en"].casefold() and player_name(w_, "zh") in part["zh"]
                    if "challenge" in last:
                        assert part["rule"] in ("YS-10", "YS-E2"), (spec["id"], part)
                    elif "pass" in last:  # the erratum's position: player B's face-down card stood (YS-E1, with
                        # the guide's words as a note); anyone else's: plain turn order (YS-5), no note
                        stood_b = (w_ - 1) % spec["position"]["players"] == 1
                        assert part["rule"] == ("YS-E1" if stood_b else "YS-5"), (spec["id"], part)
                        assert [n["rule"] for n in part.get("notes", [])] == (["YS-E1"] if stood_b else []), spec["id"]
                    else:  # a face-up card (a face-down one is always followed by a pass or a challenge here)
                        assert part["rule"] == "YS-5", (spec["id"], part)
            assert reason["en"].endswith(" ".join(p["en"] for p in parts))


def test_ys_state_a_successful_challenger_named_as_leader_is_told_the_erratum_YS_E2():
    found = 0
    for seed in range(120):
        spec = make_puzzle("ys_state", seed)
        for _rid, _answer, _reason, parts in wrong_answers(spec):
            for part in parts:
                if part["rule"] == "YS-E2":
                    found += 1
                    assert "challenge succeeded" in part["en"] and "took the pile and leads" in part["en"]
                    assert "质疑成立" in part["zh"] and "领出新一轮" in part["zh"]
    assert found


def test_ys_deal_wrong_numbers_name_the_given_and_the_right_count_YS_1():
    for seed in SEEDS:
        spec = make_puzzle("ys_deal", seed)
        rid = spec["rulesets"][0]["id"]
        (right,) = correct_keys(spec, rid)
        for _rid, answer, reason, _parts in wrong_answers(spec):
            assert reason["en"].startswith(f"Not {answer['key']}: ") and f"leave {right} in" in reason["en"]
            assert reason["zh"].startswith(f"不是{answer['key']}张") and f"摸牌堆剩{right}张" in reason["zh"]
            assert reason["en"].count(str(right)) == 1 and reason["zh"].count(str(right)) == 1  # each count once
        otherwise = verdict_of(spec, rid, "999")
        assert otherwise is not None and not otherwise[0]
        assert f"leave {right} in" in otherwise[1]["en"] and f"摸牌堆剩{right}张" in otherwise[1]["zh"]


def test_ys_first_player_wrong_answers_name_the_given_and_the_right_leader_YS_2_YS_3():
    for seed in SEEDS:
        spec = make_puzzle("ys_first_player", seed)
        for rid, answer, reason, _parts in wrong_answers(spec):
            (right,) = correct_keys(spec, rid)
            if answer["key"] == "again":  # the mistake first: nobody tied
                assert reason["en"].startswith("Nobody tied: ") and reason["zh"].startswith("没有并列：")
            else:  # the card the chosen player drew, against the highest
                seat = int(answer["key"])
                assert reason["en"].startswith(capital(player_name(seat)))
                assert reason["zh"].startswith(player_name(seat, "zh"))
            if right == "again":  # a lower draw names every tied player's card (YS-3): the deciding tie
                draws = {int(s): Card.parse(c) for s, c in spec["position"]["draws"]}
                top = max(ORDER.index(c.rank) for c in draws.values())
                if answer["key"] != "again" and ORDER.index(draws[int(answer["key"])].rank) < top:
                    for s, c in draws.items():
                        if ORDER.index(c.rank) == top:
                            assert f"{player_name(s)}'s {card_text(c)}" in reason["en"]
                            assert f"{player_name(s, 'zh')}的{card_text(c, 'zh')}" in reason["zh"]
                assert "draw again" in reason["en"] and "重新抽" in reason["zh"]
            else:
                assert f"{player_name(int(right))} leads" in reason["en"] \
                    or f"{player_name(int(right))} alone drew the highest card" in reason["en"]
                assert f"{player_name(int(right), 'zh')}" in reason["zh"]
            assert reason["rule"] in ("YS-2", "YS-3")


def test_ys_action_wrong_answers_name_the_choice_the_refusal_and_every_allowed_action_YS_6_YS_8():
    for seed in SEEDS:
        spec = make_puzzle("ys_action", seed)
        for rid, _answer, reason, _parts in wrong_answers(spec):
            assert reason["en"].startswith("Not allowed: ") and reason["zh"].startswith("不可以：")
            allowed_en, allowed_zh = reason["en"].split("Allowed now:")[1], reason["zh"].split("。现在")[1]
            for key in correct_keys(spec, rid):  # every allowed action: its player, and a play's card
                _action, seat, *card = key.split(":")
                assert player_name(int(seat)) in allowed_en and player_name(int(seat), "zh") in allowed_zh
                assert all(card_text(Card.parse(c)) in allowed_en for c in card)
                assert all(card_text(Card.parse(c), "zh") in allowed_zh for c in card)
            assert reason["rule"] != "YS-E1" or "face-down card" in reason["en"], "turn order is YS-5 after a face-up card"


def test_ys_draw_wrong_answers_name_the_given_and_the_right_outcome_YS_6_YS_12_YS_15_YS_16():
    for seed in SEEDS:
        spec = make_puzzle("ys_draw", seed)
        for rid, answer, reason, _parts in wrong_answers(spec):
            (right,) = correct_keys(spec, rid)
            # the facts the answer missed: the card against the target, or the player's cards left (the right
            # answer is on the verdict's "correct answer" line)
            assert "target" in reason["en"] or "player c" in reason["en"].casefold(), reason["en"]
            about_the_draw = answer["key"] == "draws" or (answer["key"], right) == ("no-draw", "draws")
            if spec["position"]["claim"] is None and about_the_draw:
                assert reason["rule"] == "YS-15", "no claim: the target is 3, which decides the draw"


def test_ys_draw_a_right_win_says_what_decides_the_draw_before_the_empty_hand_YS_6_YS_12_YS_15():
    """YS-6, YS-12, YS-15: "a face-up last card stands" is as true of a card below the target, whose player
    draws and stays in; a right "wins" says first that the card is not below the target (or that the draw pile
    is empty), and the target of a face-down card with no claim, then that the player is out."""
    checked = 0
    for seed in (*SEEDS, 13066):
        spec = make_puzzle("ys_draw", seed)
        if "wins" not in correct_keys(spec, "yishang"):
            continue
        ok, reason = verdict_of(spec, "yishang", "wins")
        assert ok
        en, zh = reason["en"], reason["zh"]
        assert re.search(r"is not below the target|the draw pile is empty", en), en
        assert en.index("target") < en.index("wins") and zh.index("目标点数") < zh.index("获胜"), (en, zh)
        if "no claim" in en:
            assert en.startswith("Player B's face-down card had no claim") and zh.startswith("乙的暗牌没有报点"), en
        checked += 1
    assert checked
