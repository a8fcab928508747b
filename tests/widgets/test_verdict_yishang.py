"""一上一下 verdicts say the fact that decides, in one clean sentence per rule (the fifth referee's items on
ys_draw, ys_first_player and ys_action).

Each test states its rule over the seeds where its pattern occurs (found by the position's own features,
never by a stored verdict), every answer, in the main text a reader sees first, in English and in Chinese.

Rules: YS-3 (a tie in the draw for the lead), YS-5 (turn order), YS-8, YS-14 (challenges), YS-12 and YS-16
(a last card below the target with an empty draw pile).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.words import card_text, player_name
from cardlib.yishang.ranks import ORDER
from cardlib.yishang.state import Game
from widgets.puzzles.measure import cached_puzzle
from widgets.puzzles.spec import verdict_of

SEEDS = range(7000, 7300)
KINDS = ("ys_challenge", "ys_state", "ys_deal", "ys_first_player", "ys_action", "ys_draw")
COUNT_ZH = {2: "两", 3: "三", 4: "四"}
COUNT_EN = {2: "two", 3: "three", 4: "four"}


@cache
def specs(kind: str) -> tuple[dict[str, Any], ...]:
    return tuple(cached_puzzle(kind, seed) for seed in SEEDS)


def verdicts(kind: str) -> Iterator[tuple[dict[str, Any], str, bool, dict[str, str]]]:
    """(spec, answer key, right or not, main text per language) of every answer under every ruleset."""
    for spec in specs(kind):
        for ruleset in spec["verdicts"]:
            for answer in spec["answers"]:
                found = verdict_of(spec, ruleset, answer["key"])
                assert found is not None
                ok, reason = found
                parts = reason.get("reasons", [reason])
                texts = {lang: " ".join(part[lang] for part in parts) for lang in ("en", "zh")}
                yield spec, answer["key"], ok, texts | {"notes": " ".join(n["en"] for n in reason.get("notes", ()))}


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.。])\s*", text) if s]


@pytest.mark.slow  # every verdict of 300 seeds of each kind
def test_no_ys_verdict_sentence_chains_two_colons():
    """A verdict teaches (YS-5, YS-14, YS-15): no sentence of a 一上一下 verdict holds two colons ("Not allowed: it is not
    player B's turn: …", "收牌的是丙：丙、丁同时质疑：…", "目标点数是3：乙扣下一张暗牌，没有报：…")."""
    for kind in KINDS:
        for spec, key, _ok, texts in verdicts(kind):
            for lang, colon in (("en", ":"), ("zh", "：")):
                for sentence in sentences(texts[lang]):
                    assert sentence.count(colon) <= 1, (spec["id"], key, sentence)


def test_a_last_card_below_the_target_wins_only_because_the_draw_pile_is_empty_and_says_so():
    """YS-16 with YS-12: where player C's last card is below the target and the draw pile is empty, every
    verdict that gives the win ("wins", right, and "no draw", wrong) names the empty draw pile before the win,
    in both languages, and keeps the note on what the guide leaves unsaid."""
    checked = 0
    for spec, key, ok, texts in verdicts("ys_draw"):
        features = spec["features"]
        if not (features["below_target"] and features["last_card"] and features["empty_draw_pile"]):
            continue
        if key in ("wins", "no-draw"):
            assert ok == (key == "wins"), (spec["id"], key)
            en, zh = texts["en"], texts["zh"]
            assert "the draw pile is empty" in en and en.index("draw pile is empty") < en.index("wins"), en
            assert "摸牌堆已空" in zh and zh.index("摸牌堆已空") < zh.index("获胜"), zh
            assert "card, but" not in en and "below the target" in en, en
            assert "the guide says" in texts["notes"].casefold(), (spec["id"], key, texts["notes"])
            checked += 1
    assert checked >= 16  # 8 such positions in seeds 7000-7199, two answers each


def test_a_tie_for_the_lead_counts_the_tied_players_and_lists_them_once():
    """YS-3: when two to four players tie for the highest draw, the verdict lists the tied draws as a list
    ("Players A (♦9), B (♥9) and D (♣9)", "甲的♦9、乙的♥9和丁的♣9"), never "… and … and …"; it counts them
    ("those three", "这三家", "这两家", never "这几家" or "those players") and says 重新 once."""
    checked = 0
    for spec, key, _ok, texts in verdicts("ys_first_player"):
        draws = [Card.parse(c) for _seat, c in spec["position"]["draws"]]
        top = max(ORDER.index(c.rank) for c in draws)
        tied = sum(1 for c in draws if ORDER.index(c.rank) == top)
        if tied < 2 or "only ties" in texts["en"]:
            continue  # the "only ties" sentence of a tied player's answer names the others, not the count
        en, zh = texts["en"], texts["zh"]
        assert f"those {COUNT_EN[tied]} draw again" in en, (spec["id"], key, en)
        assert f"这{COUNT_ZH[tied]}家重新抽" in zh, (spec["id"], key, zh)
        assert "这几" not in zh and zh.count("重新") == 1, (spec["id"], key, zh)
        assert len(re.findall(r" and player", en)) <= 1 and not re.search(r"和.的.[^，；]*和", zh), (spec["id"], key, texts)
        checked += 1
    assert checked >= 40


def test_a_ys_action_refusal_names_each_allowed_player_once_and_a_player_who_just_played_is_told_so():
    """YS-5, YS-8: the "allowed now" part names each player once (the challengers as one choice, "player A or
    player C may challenge player B's face-down card", not "Player A challenges the last card; Player C
    challenges the last card"); a play refused because that player played the last card says so."""
    checked = just = 0
    for spec, key, ok, texts in verdicts("ys_action"):
        if ok:
            continue
        allowed_en, allowed_zh = texts["en"].split("Allowed now: ")[1], texts["zh"].split("。现在")[1]
        assert "challenges the last card" not in allowed_en and "质疑上一张牌" not in allowed_zh, texts
        for seat in range(spec["position"]["players"]):  # each actor once (the face-down card's owner aside)
            assert len(re.findall(f"{player_name(seat)}(?!'s)", allowed_en)) <= 1, texts
            assert len(re.findall(f"{player_name(seat, 'zh')}(?!的)", allowed_zh)) <= 1, texts
        if key.startswith("play:") and "has just played" in texts["en"]:
            seat = int(key.split(":")[1])
            assert texts["en"].startswith(f"Not allowed: {player_name(seat)} has just played"), texts
            assert texts["zh"].startswith(f"不可以：{player_name(seat, 'zh')}刚出过牌"), texts
            just += 1
        checked += 1
    assert checked and just


def test_the_engine_refuses_a_player_who_just_played_with_that_fact():
    """YS-5: after player B plays a card face down, player B trying to play again is told that B has just played
    and the next card is player C's (not "it is not player B's turn: player C plays next, …")."""
    game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
    game.play("S8")
    game.play("D10", claim="10")
    refused = game.check_play("C4", claim="10", seat=1)
    assert not refused
    assert refused.reason.en == "player B has just played, and the next card is player C's", refused.reason.en
    assert refused.reason.zh == "乙刚出过牌，下一张该丙出", refused.reason.zh
    other = game.check_play("H3", claim="10", seat=0)
    assert ":" not in other.reason.en and "：" not in other.reason.zh, other.reason


def test_ys7_a_face_down_play_the_verdict_allows_is_said_with_its_claim():
    """YS-7: a face-down card is played with a claim (报); the play a verdict allows (the right answer's, or
    "allowed now" after a wrong one) says the claim the answer made, in both languages."""
    seen = 0
    for spec, key, _right, text in verdicts("ys_action"):
        played = [a for a in spec["answers"] if a["key"].startswith("play:") and ", claiming " in a["label"]["en"]]
        for answer in played:
            claim = re.search(r", claiming (\S+)", answer["label"]["en"]).group(1)
            card = answer["key"].split(":")[2]
            shown = card_text(Card.parse(card))
            if f"{shown} face down" in text["en"]:
                seen += 1
                assert f"{shown} face down, claiming {claim}" in text["en"], (spec["id"], key, text["en"])
                assert f"扣下{shown}，报{claim}" in text["zh"], (spec["id"], key, text["zh"])
    assert seen > 50


def test_ys2_a_draw_won_by_a_2_says_2_is_the_highest_rank_to_a_reader_who_saw_a_tie():
    """YS-2: in 一上一下 2 is the highest rank; a reader who answers "tied, draw again" where one player drew
    a 2 is told so, in both languages (a reader from other games takes A for the highest)."""
    seen = 0
    for spec, key, _ok, text in verdicts("ys_first_player"):
        if key == "again" and spec["features"]["two_wins"]:
            seen += 1
            assert "(2 is the highest rank)" in text["en"] and "（2最大）" in text["zh"], text
    assert seen > 5


def test_ys6_ys15_a_draw_verdict_says_whether_the_card_is_below_the_target_and_why_the_target_is_what_it_is():
    """YS-6, YS-16: where nobody draws, the verdict says why (not below the target, or an empty draw pile), also
    after a wrong "wins", which must give the right answer, not only refute it; YS-15: a face-down card with no
    claim counts as 3, which a right "no draw" says first, since it sets the target."""
    refuted = counted = 0
    for spec, key, ok, text in verdicts("ys_draw"):
        if spec["correct"]["yishang"] != ["no-draw"]:
            continue
        if key == "wins":
            refuted += 1
            assert re.search(r"so nobody draws|draws nothing", text["en"]) and re.search("不摸牌|无牌可摸", text["zh"]), text
        if ok and spec["position"]["claim"] is None:
            counted += 1
            assert text["en"].startswith("Player B's face-down card had no claim, so it counts as 3;"), text
            assert text["zh"].startswith("乙的暗牌没有报点，按3算；"), text
    assert refuted > 10 and counted > 3
