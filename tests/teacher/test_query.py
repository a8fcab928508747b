"""The ruleset from the address (Voila's QUERY_STRING): presets, variant fields, clear errors.

Rules: SG-4 / SS-4 (tractor_adjacency), C-3 (throws), SG-7 / SS-7 (takeover_line), YS-16.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.errors import CardlibError
from cardlib.shengji import rules as shengji_rules
from widgets.query import AddressError, address_lang, address_rules, parse_query


def test_ss4_preset_from_the_address():
    rules = parse_query("rules=shuangsheng")
    assert rules.shengji == shengji_rules.SHUANGSHENG
    assert rules.shengji.tractor_adjacency == "natural_rank"
    assert rules.yishang.name == "yishang"


def test_c3_sg7_variant_fields_are_typed_like_the_ruleset():
    rules = parse_query("?rules=shengji&throws=true&takeover_line=85")
    assert rules.shengji.throws is True and rules.shengji.takeover_line == 85
    assert rules.variant == {"throws": True, "takeover_line": 85}
    assert "throws=true" in rules.label()["en"] and "throws=true" in rules.label()["zh"]


def test_ys16_yishang_preset_and_field_leave_shengji_at_its_default():
    rules = parse_query("rules=yishang&fewest_cards_wins=1&stall_limit=30")
    assert rules.shengji == shengji_rules.SHENGJI
    assert rules.yishang.fewest_cards_wins is True and rules.yishang.stall_limit == 30


@pytest.mark.parametrize("query, words", [
    ("rules=bridge", "presets are"),
    ("colour=red", "no ruleset field"),
    ("throws=maybe", "true or false"),
    ("takeover_line=eighty", "whole number"),
    ("takeover_line=81", "does not take"),
    ("tractor_adjacency=diagonal", "does not take"),
])
def test_sj_bad_addresses_get_one_clear_error(query, words):
    with pytest.raises(AddressError, match=words):
        parse_query(query)


def test_sj_voila_keys_and_language_are_not_fields():
    assert parse_query("voila-template=teacher&lang=zh").variant == {}
    assert address_lang({"QUERY_STRING": "lang=zh"}) == "zh"
    assert address_lang({}) == "en"
    assert address_rules({"QUERY_STRING": "rules=shuangsheng"}).shengji_preset == "shuangsheng"


@settings(max_examples=200, deadline=None)
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
