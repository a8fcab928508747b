"""Verdicts of the table's questions teach in the question's order and say each fact once: the deal (SJ-1,
SJ-2), after the hand (SG-7 / SS-7, SG-8), the kitty in Chinese (SJ-12, SG-6 / SS-6) and calling, where the
reader's own refused call decides (SG-1 / SS-1): the fifth referee's patterns on these kinds.

Each test states its rule over many seeds, every ruleset and every answer, in the main text a reader sees
first (and the notes behind "Why, and where the sources stand" where said).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from cardlib.cards import parse_cards
from cardlib.words import cards_text
from widgets.puzzles.measure import cached_puzzle
from widgets.puzzles.position import seat_label
from widgets.puzzles.spec import verdict_of

SEEDS = range(36)


@cache
def specs(kind: str) -> tuple[dict[str, Any], ...]:
    return tuple(cached_puzzle(kind, seed) for seed in SEEDS)


def verdicts(kind: str):
    """(spec, ruleset id, answer key, right or not, the reason shown) of every answer under every ruleset."""
    for spec in specs(kind):
        for ruleset in spec["verdicts"]:
            for answer in spec["answers"]:
                ok, reason = verdict_of(spec, ruleset, answer["key"])
                yield spec, ruleset, answer["key"], ok, reason


def test_a_right_deal_answers_the_three_parts_in_the_question_s_order_and_nothing_else():
    """SJ-1, SJ-2: asked "who is the partner, who takes the kitty, who cuts", a right answer's verdict says the
    partner, then the kitty, then the cut, one sentence each; the order of the deal, not asked, is not listed."""
    checked = 0
    for spec, _ruleset, _key, ok, reason in verdicts("deal"):
        if not ok:
            continue
        dealer = seat_label(spec["position"]["dealer"])
        parts = [part["rule"] for part in reason["reasons"]]
        assert parts == ["SJ-1", "SJ-2", "SJ-2"], (spec["seed"], parts)
        assert reason["en"].startswith("Partners sit opposite"), reason["en"]
        assert "counterclockwise" not in reason["en"] and "逆时针" not in reason["zh"], reason
        assert f"the dealer, {dealer['en']}" in reason["reasons"][1]["en"], reason["reasons"][1]["en"]
        checked += 1
    assert checked >= len(SEEDS) * 2


def test_the_sg_cut_carries_the_book_s_reading_of_the_guide_s_words_and_only_where_the_cut_is_said():
    """SJ-2: the 四人升级 guide names the player after the *last* hand's dealer (由上一局的庄家下家进行切牌); the
    book reads it as this hand's dealer, and says so behind the disclosure wherever a verdict says who cuts
    under SG, and nowhere else (not under SS, which names nobody; not where the cut was answered right and
    is not said)."""
    shown = 0
    for _spec, ruleset, _key, _ok, reason in verdicts("deal"):
        says_cut = any(part["en"].endswith("cuts.") for part in reason.get("reasons", [reason]))
        noted = any("由上一局的庄家下家进行切牌" in note["zh"] and "last hand's dealer" in note["en"]
                    for note in reason.get("notes", ()))
        assert noted == (says_cut and ruleset == "shengji"), (ruleset, reason)
        shown += noted
    assert shown > 0


#: What a hand's outcome says of the deal: who took it over or kept it (SG-7 / SS-7, SG-8).
DEAL_CAUSES = {"en": re.compile(r"take over|keeps the deal"), "zh": re.compile(r"上台(?!线)|保庄")}


def test_after_the_hand_the_cause_of_the_next_deal_is_said_once():
    """SG-7 / SS-7, SG-8: the points say the attackers take over (or the dealer team keeps the deal); who deals
    next then follows from it ("So South, after the dealer West, deals next."), so no verdict says the cause
    twice ("The attackers take over: … they take over", "闲家上台：…闲家上台")."""
    both = 0
    for spec, ruleset, key, _ok, reason in verdicts("after_hand"):
        for lang, cause in DEAL_CAUSES.items():
            said = cause.findall(reason[lang])
            assert len(said) <= 1, (spec["seed"], ruleset, key, reason[lang])
        both += reason["en"].count("deals next") == 1 and reason["en"].startswith("The attackers have")
    assert both > 0


def test_the_next_dealer_s_note_says_what_the_guides_leave_open():
    """SG-8: the note behind a next dealer says what the guides are silent on (who deals next), not "silent
    here" with nothing named."""
    notes = {(note["en"], note["zh"]) for *_rest, reason in verdicts("after_hand")
             for note in reason.get("notes", ()) if note["rule"] == "SG-8"}
    assert notes
    for en, zh in notes:
        assert "silent here" not in en and "对此" not in zh, (en, zh)
        assert "deals next" in en or "deal" in en, en
        assert "坐庄" in zh, zh


def test_the_chinese_kitty_verdict_names_the_seat_then_its_side_and_says_the_multiplier_once():
    """SJ-12, SG-6 / SS-6: players write "东家（闲家）用♠A抠底", not "闲家东家" run together; and the note on the
    scheme does not say 倍数 twice ("倍数按《四人升级》的倍数")."""
    seats = "|".join(seat_label(seat)["zh"] for seat in range(4))
    for spec, ruleset, key, _ok, reason in verdicts("kitty_score"):
        assert not re.search(f"闲家({seats})", reason["zh"]), (spec["seed"], ruleset, key, reason["zh"])
        for note in reason.get("notes", ()):
            assert note["zh"].count("倍数") <= 1, note["zh"]


def _own_refused_call(spec: dict[str, Any], seat: int, suit: str) -> str | None:
    """The cards of ``seat``'s first call of level cards of ``suit`` in the position, if it made one."""
    for call in spec["position"]["calls"]:
        cards = parse_cards(call["cards"])
        if call["seat"] == seat and not cards[0].is_joker and cards[0].suit.value == suit:
            return cards_text(cards)
    return None


def test_a_seat_s_own_call_of_the_trump_chosen_is_what_the_verdict_answers_first():
    """SG-1 / SS-1: a reader who answers "South, diamonds" where South called ♦Q and that call did not stand is
    told first why South's ♦Q did not stand (its seat and its cards), not about another of South's calls; where a
    later overcall set the trump whatever South's ♦Q did, that overcall decides and comes first, South's ♦Q next."""
    checked = later = 0
    for spec, ruleset, key, ok, reason in verdicts("calling"):
        seat, _, suit = key.partition(":")
        if ok or not seat.isdigit() or suit == "none":
            continue
        own = _own_refused_call(spec, int(seat), suit)
        name = seat_label(int(seat))["en"]
        if own is None or not reason["en"].startswith(f"{name}'s"):
            continue
        first, *rest = reason["en"].split(". ")
        if ", shown later, overrode" in first:  # a later overcall decides the trump: said first, then the own call
            assert own in rest[0], (spec["seed"], ruleset, key, reason["en"])
            later += 1
        else:
            assert own in first, (spec["seed"], ruleset, key, reason["en"])
        checked += 1
    assert checked > 10 and later


def test_a_refused_call_s_reason_is_not_said_again_in_a_note():
    """SG-1 / SS-1: where the main text says why a call was refused (the standing call and what the guide ranks
    above what), no note repeats that reason for another call refused the same way (the eighth referee's
    calling 10040: "一对大王最大，谁也反不了" in the text and again in a note)."""
    checked = 0
    for kind in ("calling", "first_dealer"):
        for spec, _rs, _key, _ok, reason in verdicts(kind):
            main = reason["zh"]
            for note in reason.get("notes", ()):
                if "反不了" in note["zh"]:
                    checked += 1
                    clause = note["zh"].split("反不了", 1)[1]
                    assert clause.rstrip("。") not in main, (spec["id"], main, note["zh"])
    assert checked > 50
