"""The built Chinese pages as a Chinese reader meets them: the words of docs/terms.md, and no
English outside code, card notation and what is marked as another language (the glossary's English and
pinyin columns, ``lang="en"``).

Read are every page of ``zh/``: its text (not ``pre``/``code``, not scripts) and the attributes a reader sees
or hears (``title``, ``aria-label``, ``alt``, ``placeholder``).  The text the engine and the puzzles write
(the code cells' outputs, the widgets' stored texts) is another hand's: its variants are held to
:data:`KNOWN_TEMPLATE_VARIANTS`, which can only shrink (tests/test_zh_terms.py holds the templates per file).
What the widgets write once drawn in a browser is tests/browser/test_zh_reader.py's.
"""

from __future__ import annotations

from tests.zh_terms import (chinese_pages, english_words, read_chinese_page, site_report, typography_faults,
                            variant_pattern)

#: Variants of the term table in the engine's and the puzzles' texts on the built Chinese pages:
#: lower it as the templates are rewritten; it may never grow.
KNOWN_TEMPLATE_VARIANTS = 0


def test_the_chinese_pages_use_the_term_table(built_book):
    report = site_report(built_book)
    assert sum(report["variants"].values()) == 0, f"variants of docs/terms.md on the pages: {dict(report['variants'])}"
    assert sum(report["template variants"].values()) <= KNOWN_TEMPLATE_VARIANTS, dict(report["template variants"])


def test_no_english_on_the_chinese_pages(built_book):
    report = site_report(built_book)
    assert not report["english attributes"], f"English attributes: {dict(report['english attributes'])}"
    assert not report["english text"], f"English words in the text: {dict(report['english text'].most_common(30))}"


def test_the_chinese_prose_typography(built_book):
    faults = {}
    for path in chinese_pages(built_book):
        page = read_chinese_page(path.read_text(encoding="utf-8"))
        # the text nodes joined as the browser shows them (**200分** is two nodes, one word); a line a block
        found = [fault for line in "".join(page.prose).splitlines() for fault in typography_faults(line)]
        if found:
            faults[path.name] = found[:5]
    assert not faults, faults


def test_the_reader_checks_find_what_they_should():
    html = ('<html lang="zh-CN"><body><p title="Link to this heading">扣下一张暗牌，声称是10。</p>'
            '<pre>check_follow("HA HA")</pre><td lang="en">big joker</td><p>按（SJ-9），♥10、10h、打2。</p>'
            '<script type="application/vnd.cardbook.widget-state+json">{"q": "这样跟牌合规吗？"}</script>'
            '<div class="cell_output"><p>该玩家</p></div></body></html>')
    page = read_chinese_page(html)
    assert variant_pattern().findall(" ".join(page.prose)) == ["声称"]
    assert page.attributes == [("title", "Link to this heading")]
    assert english_words(" ".join(page.prose)) == []
    assert english_words("Color mode") == ["Color", "mode"]
    assert page.widget_state and page.outputs == ["该玩家"]
