"""The Chinese edition in a browser, as a Chinese reader meets it: a card typed as players write it
(黑桃5) is a card; no rule id breaks across lines, on a phone or a laptop; nothing English is shown or said
once the widgets are drawn; the site's root opens the edition the reader chose; the language switch keeps
the search query and the reader's place.  The tests that store no language before the page opens share
one kept tab (``kept_page``, tests/browser/conftest.py), each starting with empty storage.
Rules: the puzzles of the playing page are SJ-9's (following)."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest

from tests.zh_terms import ALLOWED_LATIN

from .book_page import SETTINGS_BAR, open_book_page, read_in, settle

PLAYING = "book/shengji-playing.html"
CHINESE_SUITS = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花"}
#: Every rule id of the page's text as the ranges of its characters: how many line boxes each one takes.
RULE_ID_LINES = r"""() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("article.bd-article"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("pre, code, script, style, svg, [hidden]")) continue;
    for (const m of node.data.matchAll(/\b(?:YS|SJ|SG|SS|C)-E?\d+\b/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size) found.push([m[0], tops.size]);
    }
  }
  return found;
}"""
#: The English a reader of the drawn page sees (text) or hears (names, titles, placeholders).
ENGLISH_SHOWN = r"""(allowed) => {
  const skip = "pre, code, script, style, template, svg, [lang^='en'], [lang^='zh-Latn'], [hidden], .cell_input";
  const edge = ["(?<![A-Za-z0-9_])", "(?![A-Za-z0-9_])"];
  const id = new RegExp([`${edge[0]}(?:YS|SJ|SG|SS|C)-E?\\d+${edge[1]}`, `${edge[0]}SG/SS${edge[1]}`, "[♠♥♦♣](?:10|[2-9JQKA])+",
    `${edge[0]}(?:10|[2-9JQKA])[shdc]${edge[1]}`, `${edge[0]}[A-Za-z_][A-Za-z0-9_]*(?:[._][A-Za-z0-9_]+)+${edge[1]}`,
    `${edge[0]}(?:[A-Z]{1,2}\\d*|[AKQJ2-9]+)${edge[1]}`].join("|"), "g");
  const english = (text) => (text.replace(id, " ").match(/[A-Za-z]{2,}/g) || []).filter((w) => !allowed.includes(w));
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || !el.getClientRects().length) continue;
    if (english(node.data).length) found.push(["text", node.data.trim().slice(0, 80)]);
  }
  // a title or name is said in the page's language even on an element marked as another (the switch's link)
  for (const el of document.body.querySelectorAll("[title], [aria-label], [alt], [placeholder]")) {
    if (el.closest("pre, code, script, style, template, [hidden], .cell_input")) continue;
    for (const name of ["title", "aria-label", "alt", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value && english(value).length) found.push([name, value.slice(0, 80)]);
    }
  }
  return found;
}"""


def chinese(card: str) -> str:
    """A card of the notation (``H10``, ``BJ``) as a Chinese player writes it (红桃10, 大王)."""
    return {"BJ": "大王", "LJ": "小王"}.get(card) or CHINESE_SUITS[card[0]] + card[1:]


def test_a_card_typed_as_players_write_it_is_a_card(kept_page, site_url):
    page, log = kept_page
    open_book_page(page, site_url + "zh/" + PLAYING)
    puzzle = page.locator(".cbp:has(.cbp-type) >> visible=true").first  # the first a reader sees (one guide first)
    box = puzzle.locator(".cbp-type")
    box.scroll_into_view_if_needed()
    assert "黑桃5" in box.get_attribute("placeholder")
    button = puzzle.locator(".cbp-hand-card").first
    typed = chinese(button.get_attribute("data-card"))
    box.fill(typed)
    puzzle.locator(".cbp-submit").click()
    hint = puzzle.locator(".cbp-hint").inner_text()
    assert "不是一张牌" not in hint, hint
    assert button.get_attribute("aria-pressed") == "true", f"{typed} did not pick {button.get_attribute('data-card')}"
    box.fill("黑桃11")
    puzzle.locator(".cbp-submit").click()
    assert "“黑桃11”不是一张牌" in puzzle.locator(".cbp-hint").inner_text()
    assert log.errors == [] and log.blocked == []


@pytest.mark.parametrize("width", [390, 1366])
def test_no_rule_id_breaks_across_lines(kept_page, site_url, width):
    page, log = kept_page
    page.set_viewport_size({"width": width, "height": 900})
    for chapter in (PLAYING, "book/shengji-differences.html"):
        open_book_page(page, site_url + "zh/" + chapter)
        found = page.evaluate(RULE_ID_LINES)
        assert len(found) > 10, f"{chapter}: only {len(found)} rule ids found: the check would prove nothing"
        broken = [rule for rule, lines in found if lines > 1]
        assert not broken, f"zh/{chapter} at {width} px: rule ids broken across lines: {broken}"
    assert log.errors == []


@pytest.mark.parametrize("zh_page", ["book/intro.html", PLAYING, "book/glossary.html"])
def test_the_drawn_chinese_page_shows_and_says_no_english(kept_page, site_url, zh_page):
    page, log = kept_page
    open_book_page(page, site_url + "zh/" + zh_page)
    found = page.evaluate(ENGLISH_SHOWN, sorted(ALLOWED_LATIN))
    assert found == [], f"zh/{zh_page}: English shown or said: {found[:12]}"
    link = page.locator(f"{SETTINGS_BAR} a[data-control=lang]")
    assert link.locator("span[lang]").get_attribute("lang") == "en" and link.get_attribute("title") == "本页的英文版"
    assert log.errors == [] and log.blocked == []


@pytest.mark.parametrize(("stored", "lands"), [("zh", "zh/book/intro.html"), ("en", "book/intro.html")])
def test_the_site_root_opens_the_edition_the_reader_chose(offline_page, site_url, stored, lands):
    page, log = offline_page
    read_in(page, stored)
    page.goto(site_url, wait_until="load")
    page.wait_for_url(site_url + lands)
    superseded = f"failed: {site_url} (net::ERR_ABORTED)"  # the root itself, left for the edition while it loads
    assert [error for error in log.errors if error != superseded] == [] and log.blocked == []


def test_the_switch_keeps_the_search_query(kept_page, site_url):
    page, log = kept_page
    page.goto(site_url + "zh/search.html?q=拖拉机", wait_until="load")
    page.locator("#search-results ul.search li").first.wait_for(timeout=20_000)
    settle(page)
    page.locator(f"{SETTINGS_BAR} a[data-control=lang]").click()
    page.wait_for_url(re.compile(r"/search\.html\?q="))
    assert unquote(page.url).endswith("/search.html?q=拖拉机") and "/zh/" not in page.url
    assert page.locator("#search-input, input[name=q]").first.input_value() == "拖拉机"
    assert log.errors == [] and log.blocked == []


TOP_ANCHOR = """() => {
  const anchors = [...document.querySelectorAll("article.bd-article section[id], article.bd-article span[id]")];
  let last = null;
  for (const a of anchors) if (a.getBoundingClientRect().top <= 1) last = a.id;
  return last;
}"""


@pytest.mark.parametrize("start", ["zh/", ""])
def test_the_switch_keeps_the_reader_s_place(kept_page, site_url, start):
    page, log = kept_page
    open_book_page(page, site_url + start + PLAYING)
    page.evaluate("""() => {
      const target = document.getElementById("rule-sj-10") || document.querySelector("article section[id]:nth-of-type(3)");
      window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY + 120);
    }""")
    page.wait_for_timeout(200)
    before = page.evaluate(TOP_ANCHOR)
    assert before, "the page did not scroll: the check would prove nothing"
    page.wait_for_load_state("networkidle")
    # clicked where it is, as a reader's click (Playwright's own click scrolls the header into view first)
    page.evaluate(f"() => document.querySelector('{SETTINGS_BAR} a[data-control=lang]').click()")
    page.wait_for_url(site_url + ("" if start else "zh/") + PLAYING)
    settle(page)
    page.wait_for_timeout(2800)  # the place is set again while the widgets draw
    assert page.evaluate("window.scrollY") > 300, "the switch went back to the top of the page"
    assert page.evaluate(TOP_ANCHOR) == before, json.dumps([before, page.evaluate(TOP_ANCHOR)])
    assert log.errors == [] and log.blocked == []
