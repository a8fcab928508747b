"""tools/mark_chinese.py: every run of Chinese text on a built page ends up inside lang="zh-Hans",
and nothing else on the page changes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from mark_chinese import MarkupError, mark_chinese, mark_pages

ZH = '<span lang="zh-Hans">'


@pytest.mark.parametrize("html, marked", [
    ("<p>Play 升级 today</p>", f"<p>Play {ZH}升级</span> today</p>"),
    ("<p>升级 and 一上一下</p>", f"<p>{ZH}升级</span> and {ZH}一上一下</span></p>"),
    ("<li>红桃10 · 黑桃A</li>", f"<li>{ZH}红桃10</span> · {ZH}黑桃A</span></li>"),
    ("<td>红桃 10 的牌</td>", f"<td>{ZH}红桃 10 的牌</span></td>"),
    ("<p>the 大王s, SJ-3</p>", f"<p>the {ZH}大王</span>s, <span class=\"nowrap\">SJ-3</span></p>"),
    ("<p>（拖拉机）。</p>", f"<p>{ZH}（拖拉机）。</span></p>"),
    ("<a href='x.html#a>b' title=\"大王\">大王</a>", f"<a href='x.html#a>b' title=\"大王\">{ZH}大王</span></a>"),
])
def test_runs_of_chinese_are_wrapped_and_english_is_not(html, marked):
    assert mark_chinese(html) == marked


@pytest.mark.parametrize("html", [
    '<p lang="zh-Hans">升级 <b>大王</b></p>',
    "<p lang=zh>升级</p>",
    '<script type="application/json">{"a": "大王 </p>"}</script>',
    "<style>.x::after { content: '大王'; }</style>",
    "<!-- 大王 -->",
    "<head><title>升级 — the book</title></head>",
    "<textarea>大王</textarea>",
    "<select><option>四人升级 guide</option></select>",
    "<svg><g><path d='M0 0'/></g></svg>",
    "<p>No Chinese here, 5 &lt; 6</p>",
])
def test_marked_skipped_and_plain_text_is_left_alone(html):
    assert mark_chinese(html) == html


def test_english_inside_a_chinese_element_is_marked_again_after_it():
    html = '<div lang="zh-Hans">升级<span lang="en">Tractor 拖拉机</span></div><p>大王</p>'
    assert mark_chinese(html) == (f'<div lang="zh-Hans">升级<span lang="en">Tractor {ZH}拖拉机</span></span></div>'
                                  f"<p>{ZH}大王</span></p>")


def test_svg_words_are_marked_with_the_element_each_place_allows():
    html = '<svg><title>big joker · 大王</title><g lang="zh-Hans"><text>大</text></g><text>王</text></svg>'
    assert mark_chinese(html) == ('<svg><title>big joker · <span lang="zh-Hans">大王</span></title>'
                                  '<g lang="zh-Hans"><text>大</text></g><text><tspan lang="zh-Hans">王</tspan></text></svg>')


def test_void_and_self_closed_elements_do_not_unbalance_the_page():
    html = '<p lang="zh-Hans">升<br>级<img src="a.png"/><input disabled>牌</p><p>大王</p>'
    assert mark_chinese(html).endswith(f"<p>{ZH}大王</span></p>")


def test_the_text_of_the_page_is_unchanged_but_for_the_marks():
    html = '<ul><li class="toctree-l1"><a href="y.html">一上一下: one up</a></li></ul><pre>x = "大王"</pre>'
    marked = mark_chinese(html)
    assert re.sub(r'<span lang="zh-Hans">|</span>', "", marked) == html
    assert marked.count(ZH) == 2


def test_an_unclosed_script_is_a_clear_error():
    with pytest.raises(MarkupError, match=r"<script> opened at character \d+ is never closed"):
        mark_chinese("<p>大王</p><script>var x = 1;")


def test_mark_pages_rewrites_only_the_pages_with_unmarked_chinese(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "a.html").write_text("<p>升级</p>", encoding="utf-8")
    (tmp_path / "b.html").write_text("<p>English only</p>", encoding="utf-8")
    (tmp_path / "c.txt").write_text("<p>升级</p>", encoding="utf-8")
    assert mark_pages(tmp_path) == 1
    assert (tmp_path / "book" / "a.html").read_text(encoding="utf-8") == f"<p>{ZH}升级</span></p>"
    assert (tmp_path / "c.txt").read_text(encoding="utf-8") == "<p>升级</p>"
    assert mark_pages(tmp_path) == 0


def test_a_broken_page_is_named_in_the_error(tmp_path):
    (tmp_path / "broken.html").write_text("<style>p {}", encoding="utf-8")
    with pytest.raises(MarkupError, match=r"broken\.html: <style>"):
        mark_pages(tmp_path)


def test_rule_ids_and_cards_are_kept_on_one_line():
    """A rule id once broke at its hyphen ("SJ-" / "13") and a card between its suit and rank."""
    html = mark_chinese("<p>按（SJ-13）和 SG-E2，♥10 不是 ♠AK</p><script>'SJ-9'</script><svg><text>SJ-9</text></svg>")
    assert html.count('<span class="nowrap">') == 3
    assert '<span class="nowrap">SJ-13</span>' in html and '<span class="nowrap">SG-E2</span>' in html
    assert '<span class="nowrap">♥10</span>' in html and "♠AK" in html, "♠AK is no card token"
    assert "<script>'SJ-9'</script>" in html and "<text>SJ-9</text>" in html


def test_a_chinese_page_keeps_its_rule_ids_on_one_line_too():
    html = mark_chinese('<html lang="zh-CN"><p>跟同一门花色（SJ-9）：♥10</p><select><option>SJ-9</option></select></html>')
    assert '<p>跟同一门花色（<span class="nowrap">SJ-9</span>）：<span class="nowrap">♥10</span></p>' in html
    assert "<option>SJ-9</option>" in html
    html = mark_chinese('<html lang="zh-CN"><p>见SG-1与SS-1，按SJ-5的</p></html>')
    assert html.count('<span class="nowrap">') == 3, html
