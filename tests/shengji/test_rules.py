"""Rulesets: one field per register row where SG and SS differ or are silent (SG-1…9, SS-1…9, C-1…5)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from cardlib.errors import RulesetError
from cardlib.rule_ids import RuleId
from cardlib.shengji.rules import FIELD_CHOICES, PRESETS, SHENGJI, SHUANGSHENG, Ruleset, get_ruleset


def test_every_field_is_described_and_every_difference_row_has_a_field():
    names = {f.name for f in fields(Ruleset)} - {"name"}
    assert names == set(FIELD_CHOICES)
    covered = {rule for _choices, rules in FIELD_CHOICES.values() for rule in rules}
    wanted = {r for r in RuleId if r.value[:3] in ("SG-", "SS-", "C-1", "C-2", "C-3", "C-4", "C-5")
              and "-E" not in r.value}
    assert wanted <= covered


def test_presets_follow_their_documents():
    """SG-1/SS-1, SG-4/SS-4, SG-5/SS-5, SG-6/SS-6, SG-7/SS-7 differ; conventions are shared defaults.

    SG-5: short of a tractor as long as the lead's, SG allows any pairs of the suit, then singles; the 双升 preset
    keeps a shorter tractor first (C-7), since SS-5 asks for the same shape when held."""
    assert SHENGJI.differences(SHUANGSHENG) == ["calling", "tractor_adjacency", "short_tractor_follow",
                                                "kitty_multiplier", "level_table", "cut"]
    assert SHENGJI.throws is False and SHUANGSHENG.throws is False  # C-3: off in both presets
    assert set(PRESETS) == {"shengji", "shuangsheng"}


def test_variant_overrides_field_by_field():
    rules = get_ruleset("shuangsheng", {"takeover_line": 85, "throws": True})
    assert rules.takeover_line == 85 and rules.throws and rules.tractor_adjacency == "natural_rank"
    assert get_ruleset(None) is SHENGJI
    assert get_ruleset("shengji", {}) is SHENGJI


@pytest.mark.parametrize("name, variant, message", [
    ("poker", None, "unknown ruleset 'poker'"),
    ("shengji", {"colour": 1}, "unknown ruleset field 'colour'"),
    ("shengji", {"takeover_line": 90}, "does not take 90"),
    ("shengji", {"throws": "yes"}, "does not take 'yes'"),
    ("shengji", {"throws": 1}, "does not take 1"),
    ("shengji", [1, 2], "a variant must be an object"),
])
def test_bad_rulesets_are_clear_errors(name, variant, message):
    with pytest.raises(RulesetError, match=message):
        get_ruleset(name, variant)


def test_rulesets_are_json_ready_and_frozen():
    data = SHUANGSHENG.to_dict()
    assert data["name"] == "shuangsheng" and Ruleset(**data) == SHUANGSHENG
    with pytest.raises(AttributeError):
        SHENGJI.throws = True  # type: ignore[misc]
