"""The language of rendered output: ``reader_lang()`` (CARDBOOK_LANG) and every HTML drawing of
``cardlib.render`` / ``cardlib.display`` in English (with the Chinese beside it) or Chinese alone.

Rules: SJ-8, SJ-9, SJ-10 (tricks and follows drawn), SJ-11 / SJ-12 (a hand's result), SJ-2 (seats).
"""

from __future__ import annotations

import re

import pytest

from cardlib import CardlibError
from cardlib.display import Hand, Trick
from cardlib.render import (hand_html, hand_result_html, legal_follows_html, reason_html, refusal_html,
                            shengji_game_html, shengji_hand_html, trick_html, trick_result_html, verdict_html)
from cardlib.shengji import ShengjiGame, ShengjiHand, TrumpContext, check_follow, find_trick_winner, legal_follows
from cardlib.shengji.bots import ShengjiBot
from cardlib.shengji.simulate import Report, play_hand
from cardlib.words import LanguageError, reader_lang

#: What may stay Latin in a Chinese drawing: rule ids (SJ-10, SG-8) and card ranks (♠A, ♥10, K).
ALLOWED_LATIN = re.compile(r"(?:SJ|YS|SG|SS)-E?\d+|\b[AJQK]\b")


@pytest.mark.parametrize("value, lang", [(None, "en"), ("", "en"), ("en", "en"), ("EN", "en"), ("en_GB", "en"),
                                         ("zh", "zh"), ("zh-Hans", "zh"), ("zh_CN", "zh"), (" zh ", "zh")])
def test_reader_lang_reads_cardbook_lang(monkeypatch: pytest.MonkeyPatch, value: str | None, lang: str):
    if value is None:
        monkeypatch.delenv("CARDBOOK_LANG", raising=False)
    else:
        monkeypatch.setenv("CARDBOOK_LANG", value)
    assert reader_lang() == lang


@pytest.mark.parametrize("value", ["fr", "chinese", "zh!", "english-ish?"])
def test_an_unknown_language_is_refused_by_name(monkeypatch: pytest.MonkeyPatch, value: str):
    monkeypatch.setenv("CARDBOOK_LANG", value)
    with pytest.raises(LanguageError, match=re.escape(repr(value))) as caught:
        reader_lang()
    assert isinstance(caught.value, CardlibError) and isinstance(caught.value, ValueError)
    with pytest.raises(LanguageError):
        hand_html("SA")  # a drawing with no language asked for reads the knob too


def _visible_text(html: str) -> str:
    """The text a reader sees and a screen reader says: text nodes, aria-labels and titles."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + labels


def _drawings() -> dict[str, object]:
    ctx = TrumpContext("2", "S")
    played = ShengjiHand("shengji", seed=167)
    assert play_hand(played, [ShengjiBot()] * 4, Report())
    trick = find_trick_winner(ctx, "shengji", ["HK", "HA", "H3", "C4"])
    follows = legal_follows(ctx, "shengji", "HA HA", "H5 H5 H9 SK C3 H7 H8")
    verdict = check_follow(ctx, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    return {
        "hand": lambda lang: hand_html("SA LJ H10", lang=lang),
        "trick": lambda lang: trick_html(["SA", "S2", None, "SK"], leader=3, winner=0, lang=lang),
        "reason": lambda lang: reason_html(trick.reason, lang),
        "verdict": lambda lang: verdict_html(verdict, lang),
        "refusal": lambda lang: refusal_html(trick.reason, lang),
        "trick result in a row": lambda lang: trick_result_html(trick, lang=lang),
        "trick result at the table": lambda lang: trick_result_html(trick, leader=1, lang=lang),
        "legal follows": lambda lang: legal_follows_html(follows.duty.lead, list(follows)[:2], follows.count(),
                                                         lang=lang),
        "hand result": lambda lang: hand_result_html(played.result, lang),
        "hand being dealt": lambda lang: shengji_hand_html(ShengjiHand("shengji", seed=3), lang=lang),
        "hand played out": lambda lang: shengji_hand_html(played, lang=lang),
        "game": lambda lang: shengji_game_html(ShengjiGame("shengji", seed=1), lang=lang),
    }


DRAWINGS = _drawings()


@pytest.mark.parametrize("name", DRAWINGS)
def test_a_chinese_drawing_speaks_only_chinese(name: str):
    text = _visible_text(DRAWINGS[name]("zh"))  # type: ignore[operator]
    english = re.findall(r"[A-Za-z][A-Za-z'\-]+", ALLOWED_LATIN.sub(" ", text))
    assert not english, f"{name}: English words {sorted(set(english))} in the Chinese drawing"
    assert re.search(r"[\u4e00-\u9fff]", text), name


@pytest.mark.parametrize("name", DRAWINGS)
def test_an_english_drawing_keeps_the_chinese_beside_it(name: str):
    text = _visible_text(DRAWINGS[name]("en"))  # type: ignore[operator]
    assert re.search(r"[A-Za-z]{3,}", ALLOWED_LATIN.sub(" ", text)) and re.search(r"[\u4e00-\u9fff]", text), name


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_language_asked_for_is_the_readers(monkeypatch: pytest.MonkeyPatch, lang: str):
    monkeypatch.setenv("CARDBOOK_LANG", lang)
    for name, draw in DRAWINGS.items():
        assert draw(None) == draw(lang), name  # type: ignore[operator]
    hand, trick = Hand.parse("SA BJ"), Trick.parse(["SA", "S2", "", "SK"], leader=3)
    assert hand._repr_html_() == hand_html(hand.cards, lang=lang)
    assert trick._repr_html_() == trick_html(["SA", "S2", None, "SK"], leader=3, lang=lang)
    assert ("黑桃A" in hand._repr_html_()) and (("ace of spades" in hand._repr_html_()) == (lang == "en"))
