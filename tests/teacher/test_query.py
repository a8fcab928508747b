"""The ruleset from the address (Voila's QUERY_STRING): presets, variant fields, clear errors.

Rules: SG-4 / SS-4 (tractor_adjacency), C-3 (throws), SG-7 / SS-7 (takeover_line), YS-16.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.errors import CardlibError
from cardlib.shengji import rules as shengji_rules
from cardlib.yishang import rules as yishang_rules
from tests.reader_text import leaks
from widgets.query import (AddressError, address_lang, address_rules, parse_query, ruleset_badge, setting_answer,
                           setting_question)

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_ss4_preset_from_the_address():
    rules = parse_query("rules=shuangsheng")
    assert rules.shengji == shengji_rules.SHUANGSHENG
    assert rules.shengji.tractor_adjacency == "natural_rank"
    assert rules.yishang.name == "yishang"


def test_c3_sg7_variant_fields_are_typed_like_the_ruleset():
    rules = parse_query("?rules=shengji&throws=true&takeover_line=85")
    assert rules.shengji.throws is True and rules.shengji.takeover_line == 85
    assert rules.variant == {"throws": True, "takeover_line": 85}
    assert rules.label() == {"en": "Rules: 四人升级 guide · 一上一下; throws (甩牌): allowed; the take-over line: 85 points",
                             "zh": "规则：《四人升级》指南 · 一上一下；甩牌：允许；上台分数线：85分"}


@pytest.mark.parametrize("query", ["", "rules=shuangsheng", "rules=yishang-fewest&stall_limit=30&target_reset=0",
                                   "rules=shuangsheng&throws=true&takeover_line=75&tractor_adjacency=trump_order"])
def test_sj_ys_the_badge_names_rules_and_settings_in_words_without_engine_names(query):
    """SG-1 … SS-9, C-3, YS-10, YS-16: the class reads the guide's name and each changed setting
    as a question and its answer, never a preset id, a field name or true/false."""
    label = parse_query(query).label()
    assert leaks(label["en"]) == [] and leaks(label["zh"]) == []
    assert CJK.search(label["zh"]) and "=" not in label["en"] + label["zh"]


def test_sj_ys_every_setting_and_value_has_words_in_both_languages():
    for field, (choices, _rules) in shengji_rules.FIELD_CHOICES.items():
        for value in choices:
            for lang in ("en", "zh"):
                text = f"{setting_question(field, lang)}: {setting_answer(field, value, lang)}"
                assert leaks(text) == [], text
    for field, (kind, _rule) in yishang_rules.FIELD_RULES.items():
        for value in ((True, False) if kind is bool else (30,)):
            assert leaks(setting_answer(field, value)) == [] and CJK.search(setting_answer(field, value, "zh"))


def test_sg7_ys16_a_decks_badge_names_its_own_game_and_only_its_settings():
    """SG-7 / YS-16: a 升级 deck's badge does not say 一上一下 (a class read it as that deck's rules),
    nor a 一上一下 setting; a 一上一下 deck's badge names no 升级 guide."""
    environ = {"QUERY_STRING": "rules=shuangsheng&takeover_line=85&stall_limit=30"}
    shengji = ruleset_badge("shengji", environ)
    assert "《双升》指南；上台分数线：85分" in shengji and "一上一下" not in shengji and "30" not in shengji
    yishang = ruleset_badge("yishang", environ)
    assert "Rules: 一上一下; " in yishang and "指南" not in yishang and "85" not in yishang


def test_sj_the_badge_is_marked_as_chinese_for_the_browser():
    assert '<span lang="zh-Hans">' in ruleset_badge("shengji", {"QUERY_STRING": "rules=shuangsheng"})


def test_ys16_yishang_preset_and_field_leave_shengji_at_its_default():
    rules = parse_query("rules=yishang&fewest_cards_wins=1&stall_limit=30")
    assert rules.shengji == shengji_rules.SHENGJI
    assert rules.yishang.fewest_cards_wins is True and rules.yishang.stall_limit == 30


@pytest.mark.parametrize("query, words", [
    ("rules=bridge", "presets are"),
    ("receiver&throws=maybe", "true or false"),
    ("throws=maybe", "true or false"),
    ("takeover_line=eighty", "whole number"),
    ("takeover_line=81", "does not take"),
    ("tractor_adjacency=diagonal", "does not take"),
])
def test_sj_bad_addresses_get_one_clear_error(query, words):
    with pytest.raises(AddressError, match=words):
        parse_query(query)


@pytest.mark.parametrize("query", ["receiver", "print-pdf", "showNotes=true", "controls=false&progress=false",
                                   "voila-template=teacher&lang=zh", "colour=red", "slideNumber=c/t&transition=fade"])
def test_sj_keys_that_are_no_rule_fields_are_left_to_reveal_and_voila(query):
    """SG-4 / C-3: the speaker view (``?receiver``), printing (``?print-pdf``) and any key that is
    neither ``rules``, ``lang`` nor a ruleset field draw the deck with its default rules, no red badge."""
    rules = parse_query(query)
    assert rules.variant == {} and rules.shengji == shengji_rules.SHENGJI and rules.yishang == yishang_rules.YISHANG
    assert "cbt-error" not in ruleset_badge("shengji", {"QUERY_STRING": query})


def test_c3_reveal_keys_beside_rule_keys_keep_the_rule_keys():
    rules = parse_query("rules=shuangsheng&receiver&throws=true&print-pdf")
    assert rules.shengji_preset == "shuangsheng" and rules.variant == {"throws": True}


def test_sj_voila_keys_and_language_are_not_fields():
    assert parse_query("voila-template=teacher&lang=zh").variant == {}
    assert address_lang({"QUERY_STRING": "lang=zh"}) == "zh"
    assert address_lang({}) == "en"
    assert address_rules({"QUERY_STRING": "rules=shuangsheng"}).shengji_preset == "shuangsheng"


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=60))
def test_sj_any_query_gives_rules_or_a_cardlib_error(query):
    try:
        rules = parse_query(query)
    except CardlibError:
        return
    assert rules.label()["en"].startswith("Rules:") and rules.label()["zh"].startswith("规则：")


@pytest.mark.parametrize("module", ["widgets.query", "widgets.stepper", "widgets.class_puzzle"])
def test_sj_the_teacher_modules_doctests_pass(module):
    """pytest collects doctests from cardlib only; the teacher modules' examples run here."""
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed


def test_ss4_a_preheated_kernel_reads_the_address_when_its_page_is_asked_for(monkeypatch):
    """Voila runs a preheated kernel before anyone opens the page: the rules are read only once the
    request has reached the kernel (voila.utils.wait_for_request sets QUERY_STRING), then never waited for again."""
    import voila.utils

    waits = []

    def request_arrives():
        waits.append(1)
        monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng")

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", request_arrives)
    assert address_rules().shengji_preset == "shuangsheng"
    assert address_lang() == "en" and waits == [1]


def test_sj_outside_a_preheated_kernel_nothing_waits(monkeypatch):
    import voila.utils

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setattr(voila.utils, "wait_for_request", lambda: pytest.fail("waited outside a preheated kernel"))
    assert address_rules().shengji_preset == "shengji"
