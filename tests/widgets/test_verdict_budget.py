"""Every verdict's main text says the deciding fact, briefly: over every puzzle kind
(``widgets/puzzles/registry.py`` KINDS), 30 seeds each, every ruleset, every answer (and the reason for an
answer not listed), in English and in Chinese.

- Within the budget of ``benchmarks/verdict_words.py`` (45 English words, a play of cards counting as one;
  90 Chinese characters), except
  the kinds of :data:`OVER_BUDGET`, each held to its current maximum, so the list can only shrink: a kind
  that gets within the budget must leave it.
- Each rule id at most once in the main text; every sentence ends with a full stop (``.`` / ``。``); no
  sentence said twice.
- trick_winner: the right answer's first sentence names the winning seat and the winning play's cards;
  a wrong answer's text names them too (after the likely mistake).
- Errata and the notes about the sources appear only where they apply (:func:`test_erratum_notes_only_where_they_apply`).

Rules: every rule id a verdict can cite (the engine's reasons are checked, not decided, here).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from benchmarks.verdict_words import BUDGET_EN, BUDGET_ZH, chinese_chars, english_words
from cardlib.cards import parse_cards
from cardlib.words import cards_text, seat_name
from widgets.puzzles import KINDS, make_puzzle
from widgets.puzzles.spec import verdict_of

pytestmark = pytest.mark.slow

SEEDS = range(30)

#: Kinds whose longest main text is still over the budget: (English words, Chinese characters) now.
#: Lower a figure when a kind's texts get shorter; remove the kind once it is within the budget.
OVER_BUDGET: dict[str, tuple[int, int]] = {
    "after_hand": (47, 90),    # all three parts wrong: the climb, who deals, why nobody has won
}

RULE_ID = re.compile(r"\b(?:YS|SJ|SG|SS)-E?\d+\b|\bC-\d+\b")
SENTENCE_END = {"en": (".", "!", "?"), "zh": ("。", "！", "？")}


@cache
def specs(kind: str) -> tuple[dict[str, Any], ...]:
    return tuple(make_puzzle(kind, seed) for seed in SEEDS)  # type: ignore[arg-type]  # a kind of KINDS


def shown(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(ruleset, answer key, reason as the front end shows it) for every answer, and for one not listed."""
    out = []
    for ruleset in spec["verdicts"]:
        for answer in spec["answers"]:
            found = verdict_of(spec, ruleset, answer["key"])
            assert found is not None
            out.append((ruleset, answer["key"], found[1]))
        if "otherwise" in spec:
            out.append((ruleset, "(not listed)", spec["reasons"][spec["otherwise"][ruleset]]))
    return out


def sentences(text: str, lang: str) -> list[str]:
    """The sentences of ``text``: split after each full stop ("." followed by a space or the end; "。")."""
    parts = re.split(r"(?<=。)" if lang == "zh" else r"(?<=[.!?])\s+(?=\S)", text.strip())
    return [p.strip() for p in parts if p.strip()]


@pytest.mark.parametrize("kind", list(KINDS))
def test_main_texts_keep_the_budget_one_id_each_full_stops_and_no_sentence_twice(kind):
    longest = [0, 0]
    for spec in specs(kind):
        for ruleset, key, reason in shown(spec):
            where = (spec["id"], ruleset, key)
            en, zh = reason["en"], reason["zh"]
            longest = [max(longest[0], english_words(en)), max(longest[1], chinese_chars(zh))]
            for lang, text in (("en", en), ("zh", zh)):
                ids = RULE_ID.findall(text)
                assert len(ids) == len(set(ids)), (where, lang, text)
                assert text.rstrip().endswith(SENTENCE_END[lang]), (where, lang, text)
                said = sentences(text, lang)
                assert len(said) == len(set(said)), (where, lang, [s for s in said if said.count(s) > 1])
    limit = OVER_BUDGET.get(kind, (BUDGET_EN, BUDGET_ZH))
    assert longest[0] <= limit[0] and longest[1] <= limit[1], (kind, longest, limit)
    if kind in OVER_BUDGET:  # the list only shrinks: a kind within the budget leaves it
        assert longest[0] > BUDGET_EN or longest[1] > BUDGET_ZH, f"{kind} is within the budget now: remove it"


def play_named(play: list[str], lang: str) -> str:
    """A play as a sentence names it: its cards, but a lone joker "the big joker" and two alike jokers
    "a pair of little jokers" / "一对小王" (SJ-6)."""
    cards = parse_cards(" ".join(play))
    joker_pair = len(cards) == 2 and cards[0].is_joker and cards[0] == cards[1]
    if joker_pair:
        return ("a pair of {}s" if lang == "en" else "一对{}").format(cards_text(cards[:1], lang))
    if len(cards) == 1 and cards[0].is_joker and lang == "en":
        return "the " + cards_text(cards, lang)
    return cards_text(cards, lang)


def test_trick_winner_the_first_sentence_names_the_winning_play():
    for spec in specs("trick_winner"):
        plays, leader = spec["position"]["plays"], spec["position"]["leader"]
        for ruleset, key, reason in shown(spec):
            winner = int(spec["correct"][ruleset][0])
            seat = seat_name((leader + winner) % 4)
            cards = play_named(plays[winner], "en")
            first = sentences(reason["en"], "en")[0]
            if key == str(winner):
                assert first.startswith(f"{seat} wins with {cards}") or \
                    first.startswith(f"{seat} wins with the lead {cards}"), (spec["id"], ruleset, first)
                assert play_named(plays[winner], "zh") in sentences(reason["zh"], "zh")[0], (spec["id"], reason["zh"])
            else:
                assert cards in reason["en"] and seat in reason["en"], (spec["id"], ruleset, key, reason["en"])


def notes_of(reason: dict[str, Any]) -> list[str]:
    return [note["rule"] for note in reason.get("notes", ())]


def test_erratum_notes_only_where_they_apply():
    """Each erratum's note (and the guide quotes in them) appears only in the position it is about:

    - YS-E1 (the worked example names player A after player B's face-down card stood): only where the
      text is about player B's face-down card and player C plays next; the guide's 甲 is never in a
      main text (it would contradict an answer that names another player).
    - SS-E1 (the 双升 guide's "100 points"): only in the points-left puzzle (trick_points, hard), under the
      双升 ruleset.
    - SG-E1 (the 四人升级 guide's "13th trick"): only in last_trick where the trick shown is the 13th but not
      the last, or the last but not the 13th.
    - SG-E2 (SG-6's table gives a 2-pair tractor no more than a pair): only where the last trick was won
      with a tractor of 2 pairs and the multiplier is the 四人升级 guide's, or where the doubling scheme
      offered for that slip is the ruleset's.
    - SG-E3 (the guide's "77JJ"): only for exactly two pairs (four cards) adjacent in neither reading.
    """
    seen: dict[str, int] = {}
    for kind in KINDS:
        for spec in specs(kind):
            for ruleset, _key, reason in shown(spec):
                notes = notes_of(reason)
                for note in notes:
                    seen[note] = seen.get(note, 0) + 1
                where = (spec["id"], ruleset, notes)
                assert "甲接下来" not in reason["zh"], where
                if "YS-E1" in notes:
                    assert "player B's face-down card" in reason["en"] and "player C plays next" in reason["en"], where
                    assert "乙的暗牌" in reason["zh"], where
                if "SS-E1" in notes:
                    assert kind == "trick_points" and ruleset == "shuangsheng" and "won" in spec["position"], where
                if "SG-E1" in notes:
                    position = spec["position"]
                    last = len(position["lead"]) == position["cards_each"]
                    assert kind == "last_trick" and (position["trick_number"] == 13) != last, where
                if "SG-E2" in notes and kind == "kitty_score":  # the slip, or the doubling scheme offered for it
                    assert ("a tractor of 2 pairs" in reason["en"] and "四人升级 guide" in reason["en"]) or \
                        "doubling scheme" in reason["en"], where
                if "SG-E3" in notes:
                    assert kind == "shape" and len(spec["position"]["cards"]) == 4, where
                    assert "is two pairs of" in reason["en"], where
    assert {"YS-E1", "SS-E1", "SG-E1", "SG-E2", "SG-E3"} <= set(seen), seen  # each still taught somewhere


def test_ys_e1_and_sg_e1_notes_appear_wherever_they_apply():
    """The converse, for the two errata whose position the puzzles show: SG-E1 (the 四人升级 guide's slip) with
    every last_trick puzzle whose number would mislead, under that guide's rules; YS-E1 wherever player B's
    face-down card stood before player C."""
    for spec in specs("last_trick"):
        position = spec["position"]
        last = len(position["lead"]) == position["cards_each"]
        for ruleset, _key, reason in shown(spec):
            misleads = (position["trick_number"] == 13) != last
            assert ("SG-E1" in notes_of(reason)) == (misleads and ruleset == "shengji"), (spec["id"], ruleset)
    for spec in specs("ys_state"):
        for ruleset, _key, reason in shown(spec):
            stood = "after player B's face-down card stood, player C plays next in turn" in reason["en"]
            assert not stood or "YS-E1" in notes_of(reason), (spec["id"], ruleset, reason["en"])
