"""The rules register in ``cardlib.register``: every id the engine can cite says what it means.

Every ``RuleId`` member, and every ``RuleId.X`` written anywhere in ``cardlib``, has a row with a
statement in English and in Chinese and a source; kinds agree with the ids (errata have ``-E``,
conventions start with ``C-``, differences are SG-/SS-); the ruleset fields a row names exist, and
every field of the two ``Ruleset`` classes is named by the rows it stands for.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from cardlib.register import REGISTER, Guide, Kind, entries, entry, table_html
from cardlib.rule_ids import RuleId
from cardlib.shengji.rules import FIELD_CHOICES, Ruleset
from cardlib.yishang.rules import FIELD_RULES
from cardlib.yishang.rules import Ruleset as YishangRuleset
from tests.reader_text import leaks

CARDLIB = Path(__file__).resolve().parents[1] / "cardlib"
HAN = re.compile("[\u4e00-\u9fff]")
CITED = re.compile(r"\bRuleId\.([A-Z][A-Z0-9_]*)\b")


def test_every_rule_id_has_a_row_and_no_row_is_extra():
    assert list(REGISTER) == list(RuleId)


def test_every_rule_id_written_in_cardlib_is_in_the_register():
    cited = {(path.relative_to(CARDLIB.parent).as_posix(), name)
             for path in CARDLIB.rglob("*.py") for name in CITED.findall(path.read_text(encoding="utf-8"))}
    assert cited, "no RuleId.X found in cardlib: the check would prove nothing"
    unknown = sorted((where, name) for where, name in cited if name not in RuleId.__members__)
    assert unknown == []


@pytest.mark.parametrize("rule", list(RuleId), ids=str)
def test_each_row_states_its_rule_in_both_languages_with_a_source(rule):
    text, source = rule.text, rule.source
    assert len(text.en.split()) >= 5 and text.en.strip() == text.en, text.en
    assert HAN.search(text.zh) and len(text.zh) >= 8, text.zh
    assert source.en and source.zh
    assert leaks(text.en) == [] and leaks(text.zh) == [], "a statement a reader sees shows engine notation"


@pytest.mark.parametrize("rule", list(RuleId), ids=str)
def test_kinds_agree_with_the_ids(rule):
    kind = entry(rule).kind
    if "-E" in rule.value:
        assert kind is Kind.ERRATUM
    elif rule.value.startswith("C-"):
        assert kind is Kind.CONVENTION
    elif rule.value.startswith(("SG-", "SS-")):
        assert kind is Kind.DIFFERENCE
    else:
        assert kind is Kind.RULE and rule.value.startswith(("YS-", "SJ-"))
    assert rule.kind is kind


@pytest.mark.parametrize("rule", list(RuleId), ids=str)
def test_sources_agree_with_the_ids(rule):
    row = entry(rule)
    if row.kind is Kind.CONVENTION:
        assert row.guides == () and rule.source.en == "none: the book's convention"
        return
    assert row.guides, f"{rule}: a rule, difference or erratum comes from a guide"
    family = rule.value.split("-")[0]
    if family in ("YS", "SG", "SS") and row.kind is Kind.ERRATUM:
        assert row.guides == (Guide(family),), "an erratum is a contradiction inside one guide"
    if family == "YS":
        assert row.guides == (Guide.YS,)
    if family == "SJ":
        assert row.guides == (Guide.SG, Guide.SS)


def test_differences_say_what_each_guide_says_and_name_their_fields():
    shengji_fields = {f.name for f in fields(Ruleset)}
    for row in entries(Kind.DIFFERENCE):
        difference = row.difference
        assert difference is not None, row.rule
        assert difference.sg.en and difference.ss.en and HAN.search(difference.sg.zh) and HAN.search(difference.ss.zh)
        assert difference.fields and set(difference.fields) <= shengji_fields, row.rule
    for number in (1, 2, 3, 4, 5, 6, 7, 9):  # the same number is the same question
        assert entry(f"SG-{number}").difference == entry(f"SS-{number}").difference


def test_the_rows_name_every_ruleset_field_they_stand_for():
    """The engine's own map (FIELD_CHOICES, FIELD_RULES) and the register agree."""
    shengji_fields = {f.name for f in fields(Ruleset)}
    yishang_fields = {f.name for f in fields(YishangRuleset)}
    missing = [(name, rule.value) for name, (_values, rules) in FIELD_CHOICES.items() for rule in rules
               if name not in entry(rule).fields]
    missing += [(name, rule.value) for name, (_kind, rule) in FIELD_RULES.items() if name not in entry(rule).fields]
    assert missing == []
    for row in REGISTER.values():
        known = yishang_fields if row.rule.value.startswith("YS-") else shengji_fields
        assert set(row.fields) <= known, (row.rule, row.fields)


def test_c6_reads_as_the_engine_counts():
    """The example of C-6 is the engine's table with a take-over line of 85 and of 75."""
    from cardlib.shengji import level_change
    from cardlib.shengji.rules import get_ruleset

    for line, bands in ((85, "90-120 +1, 125-160 +2, 165-200 +3"), (75, "80-110 +1, 115-150 +2, 155-200 +3")):
        assert bands in RuleId.C_6.text.en
        rules = get_ruleset("shuangsheng", {"takeover_line": line})
        for band, levels in zip(bands.split(", "), (1, 2, 3)):
            low, high = (int(n) for n in band.split()[0].split("-"))
            for points in (low, high):
                change = level_change(rules, points)[0].to_dict()
                assert change["attackers_take_over"] and change["attacker_levels"] == levels, (line, points)


@pytest.mark.parametrize("kind", list(Kind))
def test_the_tables_speak_the_language_asked_for(kind):
    rows = list(entries(kind))
    english, chinese = table_html(kind, "en"), table_html(kind, "zh")
    assert english.count("<tr>") == chinese.count("<tr>") == len(rows) + 1
    assert 'lang="zh-Hans"' in english or kind is Kind.DIFFERENCE
    shown = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>|<[^>]+ style='[^']*'>", " ", chinese))
    assert re.findall(r"[A-Za-z]{4,}", shown) == [], "English in the Chinese table"
    linked = table_html(kind, "en", link=lambda rule: f"page.html#rule-{rule.value.lower()}")
    assert f'href="page.html#rule-{rows[0].rule.value.lower()}"' in linked
