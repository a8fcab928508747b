"""Verdicts on following, leading and burying say the duty or the fact that decides (referee 5: pattern A1,
pattern B for lead_legal, and the follow_legal and bury wordings).

Each test states its rule over many seeds of the kinds it is about, every ruleset and every answer, in the
main text a reader sees first; the engine (``follow_duty``, ``legal_follows``) says which positions a test
is about, never a stored verdict string.

Rules: SJ-9, SG-5 / SS-5, C-7 (following), SJ-4 (level cards are trumps), SJ-6 (leads), SJ-11 (points).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

from cardlib.cards import Card, parse_cards
from cardlib.shengji.combos import plain_level_cards
from cardlib.shengji.follow import FollowDuty, LegalFollows, follow_duty
from cardlib.shengji.leads import check_lead
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import card_points
from cardlib.shengji.trump import EffectiveSuit, TrumpContext, as_level, as_trump
from cardlib.words import cards_text
from widgets.puzzles.measure import cached_puzzle
from widgets.puzzles.spec import verdict_of

SEEDS = range(7000, 7040)
FOLLOW_KINDS = ("pick_follow", "follow_legal")


@cache
def specs(kind: str) -> tuple[dict[str, Any], ...]:
    return tuple(cached_puzzle(kind, seed) for seed in SEEDS)  # type: ignore[arg-type]  # a kind of KINDS


def ctx_of(position: dict[str, Any]) -> TrumpContext:
    return TrumpContext(as_level(position["level"]), as_trump(position["trump"]))


def main_texts(reason: dict[str, Any]) -> dict[str, str]:
    """The main text in each language (a several-part answer's parts joined, as the front end shows them)."""
    parts = reason.get("reasons", [reason])
    return {lang: " ".join(part[lang] for part in parts) for lang in ("en", "zh")}


def verdicts(kind: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str, dict[str, Any], dict[str, str]]]:
    """(spec, ruleset, answer key, the reason shown, its main texts) of every answer under every ruleset."""
    for spec in specs(kind):
        for ruleset in spec["rulesets"]:
            for answer in spec["answers"]:
                _ok, reason = verdict_of(spec, ruleset["id"], answer["key"])
                yield spec, ruleset, answer["key"], reason, main_texts(reason)


def follow_cases() -> Iterator[tuple[FollowDuty, list[Card], dict[str, str]]]:
    """(the duty, the play judged, main texts) of every follow verdict."""
    for kind in FOLLOW_KINDS:
        for spec, ruleset, key, _reason, texts in verdicts(kind):
            position = spec["position"]
            duty = follow_duty(ctx_of(position), get_ruleset(ruleset["preset"], ruleset["variant"]),
                               position["lead"], position["hand"])
            yield duty, parse_cards(position["play"] if kind == "follow_legal" else key), texts


def shape_owed(duty: FollowDuty) -> bool:
    """The hand holds more cards of the led suit than the lead and the pair or tractor the lead asks for
    (SJ-9; SG-5 / SS-5: pairs of a tractor lead), so that duty, not the card count, decides."""
    return len(duty.suit_cards) > duty.size and bool(duty.tractor or duty.must_pairs)


def test_a_pair_or_tractor_duty_is_stated_whenever_the_hand_holds_it():
    """SJ-9, SG-5 / SS-5, C-7: a play that fails a lead whose pair or tractor the hand holds is told that duty
    (what the hand holds, and that it must be played), even when it is short of cards of the suit too: a bare
    count ("you must follow with two cards of spades") lets a reader think any two spades would do."""
    checked = 0
    for duty, play, texts in follow_cases():
        if duty.breach(play) is None or not shape_owed(duty):
            continue
        checked += 1
        hand_clause = re.search(r"your hand holds ([^;.]*)[;.]", texts["en"])
        assert hand_clause and re.search(r"pair|tractor", hand_clause[1]), texts["en"]
        assert re.search(r"must (?:follow with|play)", hand_clause[1]), texts["en"]
        zh_clause = texts["zh"].split("；")[1]
        assert re.search(r"对|拖拉机", zh_clause) and "须" in zh_clause, texts["zh"]
    assert checked > 100


def test_the_follow_shown_is_called_the_only_one_when_the_engine_counts_one():
    """SJ-9: a wrong play's verdict shows a legal follow; "The only legal follow" / 唯一合法的跟法 exactly when
    the engine counts one legal follow, "A legal follow" / 可以这样跟 otherwise; where the hand holds just as many
    cards of the suit as the lead, it says they must all be played (listed once, not again as the follow)."""
    seen = Counter()
    for duty, play, texts in follow_cases():
        if duty.breach(play) is None:
            continue
        only = LegalFollows(duty).count() == 1
        seen[only] += 1
        if duty.breach(play) == "suit" and len(duty.suit_cards) == duty.size:  # the follow was just listed: not twice
            assert only and "The only legal follow" not in texts["en"] and "so you must play" in texts["en"], texts
            assert "唯一合法的跟法" not in texts["zh"] and "必须" in texts["zh"], texts
            continue
        assert ("The only legal follow: " in texts["en"]) == only, texts["en"]
        assert ("唯一合法的跟法：" in texts["zh"]) == only, texts["zh"]
        assert only or ("A legal follow: " in texts["en"] and "可以这样跟：" in texts["zh"]), texts
    assert seen[True] > 50 and seen[False] > 50


def test_a_legal_follow_says_the_play_matches_the_lead_in_plain_words():
    """SJ-9: a play that follows with the lead's own suit and shape is said to be that suit and shape ("♠2 is a
    single of spades too"), never that a card "follows with" a shape; where the hand holds exactly as many cards
    of the suit as the lead, it had no choice, and the verdict says that instead ("holds only one (♥7), so you
    must play it")."""
    checked = forced = 0
    for duty, play, texts in follow_cases():
        if duty.breach(play) is not None:
            continue
        assert " follows with " not in texts["en"], texts["en"]
        if len(duty.suit_cards) == duty.size:
            forced += 1
            assert "so you must play" in texts["en"] and "必须" in texts["zh"], texts
        elif duty.shape.kind in ("single", "pair") and len(duty.suit_cards) > duty.size and duty.must_pairs == (
                duty.shape.kind == "pair"):
            checked += 1
            assert " too: the same suit and shape." in texts["en"] and "同门同型" in texts["zh"], texts
    assert checked > 20 and forced > 5


def counted_as_trumps(duty: FollowDuty, play: list[Card]) -> list[Card]:
    """The level cards printed in a plain suit that the verdict counts as trumps: the lead's, and the play's
    where a follow is counted in cards of the suit (a failed count, or a legal follow) (SJ-4)."""
    counted = list(duty.lead)
    if duty.breach(play) in (None, "suit"):
        counted += [c for c in play if duty.suit is EffectiveSuit.TRUMP
                    or (c.suit is not None and EffectiveSuit(c.suit.value) is duty.suit)]
    return plain_level_cards(duty.ctx, counted)


def test_a_level_card_counted_as_a_trump_is_named_a_level_card():
    """SJ-4: where a follow's verdict counts a level card of a plain suit as a trump (in the lead, or in a play
    it counts), it says the card is a level card (级牌，算主牌), once; on a plain lead, that it is a trump."""
    checked = 0
    for duty, play, texts in follow_cases():
        levels = counted_as_trumps(duty, play)
        if not levels:
            continue
        checked += 1
        named = re.findall(r"\(([^()]*) (?:is a level card|are level cards)", texts["en"])
        assert len(named) == 1 and all(cards_text([c]) in named[0] for c in levels), texts["en"]
        assert texts["zh"].count("是级牌，算主牌") == 1, texts["zh"]
        if duty.suit is not EffectiveSuit.TRUMP:
            assert re.search(r"level cards?, so (?:a )?trumps?\)", texts["en"]), texts["en"]
    assert checked > 30


def test_a_refused_mixed_lead_says_why_a_level_card_is_a_trump_and_names_a_lead_in_its_own_sentence():
    """SJ-6, SJ-4, C-3: a play mixing suits that holds a level card of a plain suit says it is a level card, so
    a trump (级牌，算主牌); the lead it offers instead stands in a sentence of its own and may be led."""
    checked = 0
    for spec, ruleset, _key, reason, texts in verdicts("lead_legal"):
        ctx, position = ctx_of(spec["position"]), spec["position"]
        play = parse_cards(position["play"])
        assert "), such as" not in texts["en"], texts["en"]  # no example hanging off the rule's parenthesis
        if len({ctx.effective_suit(c) for c in play}) < 2:
            continue
        offered = reason["chips"]["en"][-1]  # the last cards the sentence names
        assert re.search(r"\. You may lead [^.]* alone\.$", texts["en"]), texts["en"]
        assert re.search(r"。可以只出[^。]*。$", texts["zh"]), texts["zh"]
        rules = get_ruleset(ruleset["preset"], ruleset["variant"])
        assert check_lead(ctx, rules, position["hand"], offered).ok, texts["en"]
        if plain_level_cards(ctx, play):
            checked += 1
            assert re.search(r"level cards?, so (?:a )?trumps?\)", texts["en"]), texts["en"]
            assert "是级牌，算主牌" in texts["zh"], texts["zh"]
    assert checked > 5


def test_trumps_are_the_level_cards_not_every_card_of_a_rank():
    """SJ-4: bury and count_trumps say the trumps are the jokers and the level cards (级牌, naming the level
    played), so "无主时主牌只有大小王和所有A" no longer reads as if aces were trumps in any no-trump hand."""
    checked = Counter()
    for kind in ("bury", "count_trumps"):
        for spec, _ruleset, _key, _reason, texts in verdicts(kind):
            if "rump" not in texts["en"]:
                continue
            level = spec["position"]["level"]
            checked[spec["position"]["trump"] == "none"] += 1
            assert f"the level cards (every {level})" in texts["en"], texts["en"]
            assert f"级牌（这局打{level}）" in texts["zh"] and "和所有" + level not in texts["zh"], texts["zh"]
    assert checked[True] > 5 and checked[False] > 50


def test_a_points_sum_names_each_card_once_by_its_value():
    """SJ-11: a wrong count of the bury's points is shown the sum as players say it: the 5s, then the 10s and Ks, each card once
    ("♠5、♦5各5分，♥K、♦10各10分，共30分"), with no parenthesis repeating the card values."""
    checked = 0
    for spec, _ruleset, key, _reason, texts in verdicts("bury"):
        points = [c for c in parse_cards(spec["position"]["bury"]) if card_points(c)]
        total = sum(card_points(c) for c in points)
        if len(points) < 2 or int(key.split("|")[0]) == total:  # the sum is shown to a wrong count of points
            continue
        checked += 1
        assert f"共{total}分。" in texts["zh"] and "（5算5分" not in texts["zh"], texts["zh"]
        assert f": {total} points in all." in texts["en"] and "(5s count 5" not in texts["en"], texts["en"]
        for value in (5, 10):
            group = [c for c in points if card_points(c) == value]
            if len(group) > 1:
                assert "、".join(cards_text([c]) for c in group) + f"各{value}分" in texts["zh"], texts["zh"]
    assert checked > 50


def test_no_sentence_in_these_verdicts_chains_two_colons():
    """A verdict teaches: one sentence per rule, no colon chains, in both languages, in every verdict of these kinds."""
    for kind in FOLLOW_KINDS + ("lead_legal", "bury"):
        for _spec, _ruleset, _key, _reason, texts in verdicts(kind):
            for sentence in re.split(r"(?<=[.。])\s*", texts["en"] + " " + texts["zh"]):
                assert sentence.count(":") + sentence.count("：") <= 1, (kind, sentence)


def test_a_level_card_left_out_of_a_follow_is_said_to_be_a_trump_where_it_is_first_named_SJ_4_SJ_9():
    """SJ-4, SJ-9: "♠2 ♥K ♥J ♥10 leaves out ♦5 ♣8 ♣7" on a club lead at level 5 counts ♦5 among the trumps;
    the verdict says why right there, "(♦5 is a level card, so a trump)", not after the legal follow at the end."""
    checked = 0
    for kind in ("pick_follow", "follow_legal"):
        for seed in (*SEEDS, 13765):
            spec = cached_puzzle(kind, seed)
            ctx = ctx_of(spec["position"])
            for ruleset in spec["verdicts"]:
                for answer in spec["answers"]:
                    ok, reason = verdict_of(spec, ruleset, answer["key"])
                    left_out = re.match(r".*? leaves out ((?:(?:[♠♥♦♣](?:10|[2-9JQKA])|big joker|little joker),? ?)+)",
                                        reason["en"])
                    if ok or not left_out:
                        continue
                    named = [c for c in parse_cards(spec["position"]["hand"]) if cards_text([c]) in left_out.group(1)]
                    levels = plain_level_cards(ctx, named)
                    if levels:
                        gloss = f"{left_out.group(1).rstrip(' ,')} ({cards_text(levels)} "
                        assert gloss in reason["en"] and "so a trump" in reason["en"], reason["en"]
                        checked += 1
    assert checked
