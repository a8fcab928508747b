"""The Chinese edition's words (docs/terms.md) in every Chinese text the reader meets, from the sources.

Ours (the catalogues, the decks, the widgets' labels, class mode, the page script, the register): no variant
of the term table and no typography fault.  The engine's and the puzzles' templates, which another hand is
rewriting: at most :data:`KNOWN_TEMPLATE_VIOLATIONS` variants per file, a list that can only shrink.  The
built pages are ``tests/book/test_zh_reader_text.py``'s.
"""

from __future__ import annotations

import pytest

from tests.zh_terms import (REPO, chinese_strings, own_files, template_files, terms, typography_faults,
                            variant_counts, variant_pattern)

#: Variants of the term table still in the engine's and the puzzles' templates, by file (none now): a file
#: may never get worse, nor a new file appear.
KNOWN_TEMPLATE_VIOLATIONS: dict[str, int] = {}
TERM_KINDS = {"核心", "座位", "队伍", "牌型", "动作", "出处"}


def name(path) -> str:
    return path.relative_to(REPO).as_posix()


def test_the_term_table_covers_the_core_terms_seats_teams_shapes_actions_and_sources():
    table = terms()
    assert len(table) >= 12, "docs/terms.md has lost rows"
    assert {term.kind for term in table} >= TERM_KINDS, "a kind of term has no row"
    assert all(term.variants and term.seed for term in table), "a row without variants or without its source"
    preferred = " ".join(term.preferred for term in table)
    for word in ("报", "扣下", "合法", "指南", "两连对", "南北方", "常主", "下台", "垫分", "级牌"):
        assert word in preferred, f"{word} is no preferred term of docs/terms.md"
    variants = {v for term in table for v in term.variants}
    assert not any(v in preferred.split(" / ") for v in variants), "a word is both preferred and a variant"


def test_the_variants_are_matched_in_any_text():
    pattern = variant_pattern()
    assert pattern.findall("这样跟牌合规吗？乙打出一张暗牌，声称是10。两份规则都没有说明。") == \
        ["合规", "打出一张暗牌", "声称", "两份规则"]
    assert pattern.findall("扣下一张暗牌，报10。这样跟牌合法吗？两份指南都没有写。南北方垫分。") == []


@pytest.mark.parametrize("path", own_files(), ids=name)
def test_our_chinese_texts_use_the_table(path):
    found = variant_counts(path)
    assert not found, f"{name(path)}: variants of docs/terms.md: {dict(found)}"


@pytest.mark.parametrize("path", own_files(), ids=name)
def test_our_chinese_texts_typography(path):
    literal = path.suffix in (".py", ".js")
    faults = [fault for text in chinese_strings(path) for fault in typography_faults(text, literal)]
    assert not faults, f"{name(path)}: {faults[:8]}"


def test_the_engine_and_puzzle_templates_only_get_better():
    found = {name(path): sum(variant_counts(path).values()) for path in template_files()}
    worse = {path: (count, KNOWN_TEMPLATE_VIOLATIONS.get(path, 0)) for path, count in found.items()
             if count > KNOWN_TEMPLATE_VIOLATIONS.get(path, 0)}
    assert not worse, f"templates with more variants than known (found, known): {worse}"
    assert sum(found.values()) <= sum(KNOWN_TEMPLATE_VIOLATIONS.values())


def test_typography_rules_catch_what_they_should():
    assert [rule for rule, _ in typography_faults("按四人升级指南(SG)，5-35分：升2级")] == \
        ["half-width punctuation", "range style"]
    assert [rule for rule, _ in typography_faults("打 5 时，共25张")] == ["space between Chinese and a digit"]
    assert typography_faults("按四人升级指南（SG），5～35分，见[升级](sj-levels)，（SJ-5）与 SG-4 不同") == []
    assert typography_faults("Type cards (e.g. ♥10 or 10h), 大王 (big joker)") == [], "an English string"
    assert typography_faults("四人升级 (SG)", literal=True) == [], "an English label naming Chinese words"
    assert typography_faults("《四人升级》指南 (SG)", literal=True) != []
    assert [rule for rule, _ in typography_faults("规则（YS-1 至 YS-16），5到35分")] == ["range style"] * 2
