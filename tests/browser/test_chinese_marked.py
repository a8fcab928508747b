"""Every Chinese text on every page of both editions, widgets included, is inside an element marked
lang="zh…", so a screen reader speaks it in Chinese and the browser picks a Chinese font (issue 11; the
English edition's widgets speak English, the Chinese edition's Chinese, issue 15)."""

from __future__ import annotations

from .book_page import open_book_page

#: The text nodes of the page's body holding Chinese with no [lang^="zh"] ancestor (script, style
#: and template text is not the page's text), each with its element.
UNMARKED = """() => {
  const chinese = /[\\u2e80-\\u2fff\\u3000-\\u303f\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  let total = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!chinese.test(node.data) || parent.closest("script, style, template, noscript")) continue;
    total += 1;
    if (!parent.closest('[lang^="zh"]')) found.push(`<${parent.tagName.toLowerCase()}> ${node.data.trim().slice(0, 60)}`);
  }
  return { total, found };
}"""


def test_every_chinese_text_is_marked_zh(offline_page, site_url, book_page):
    page, _log = offline_page
    open_book_page(page, site_url + book_page)
    seen = page.evaluate(UNMARKED)
    assert seen["total"] > 0, f"{book_page} shows no Chinese at all: the check would prove nothing"
    assert seen["found"] == [], (f"{book_page}: {len(seen['found'])} of {seen['total']} Chinese texts unmarked, "
                                 f"e.g. {seen['found'][:8]}")
