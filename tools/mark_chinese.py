"""Mark the Chinese on every built page: each run of Chinese characters in the pages' text is
wrapped in ``<span lang="zh-Hans">``, so a screen reader says 升级 in Chinese inside an English
sentence and the browser picks a Chinese font for it.

A Sphinx extension (``sphinx.local_extensions`` in ``_config.yml``): at ``build-finished`` it
rewrites every HTML page of the output, the theme's navigation and titles included.  Text inside
``script``, ``style``, ``math``, the page's ``title``, ``textarea``, menus' ``option`` and comments is left
alone, and so is text already inside an element marked ``lang="zh…"``.  Inside an ``svg`` only the
words are marked: a ``title`` or ``desc`` (which hold HTML) with a ``span``, a ``text`` with a
``tspan``.  A run may hold a number or a card's letter between Chinese characters (红桃 10 的) or
right after them (红桃10, 黑桃A), never an English word.

The same pass keeps a rule id (``SJ-13``, ``YS-E1``) and a card token (``♥10``) on one line: each is wrapped
in ``<span class="nowrap">`` (``white-space: nowrap`` in the page's stylesheet), since a browser may break a
line at a rule id's hyphen, or between a suit symbol and its rank, Chinese text around them or not.

>>> mark_chinese('<p>Play 升级 (拖拉机) today</p>')
'<p>Play <span lang="zh-Hans">升级</span> (<span lang="zh-Hans">拖拉机</span>) today</p>'
>>> mark_chinese('<p lang="zh-Hans">升级</p><script>"大王"</script>')
'<p lang="zh-Hans">升级</p><script>"大王"</script>'
>>> mark_chinese('<svg><title>big joker · 大王</title><text>大</text></svg>')
'<svg><title>big joker · <span lang="zh-Hans">大王</span></title><text><tspan lang="zh-Hans">大</tspan></text></svg>'
>>> mark_chinese('<p>见（SJ-13）：♥10 beats ♠A</p>').replace('<span class="nowrap">', '[').replace('<span lang="zh-Hans">', '{')
'<p>{见（</span>[SJ-13</span>{）：</span>[♥10</span> beats [♠A</span></p>'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

#: Han ideographs, CJK punctuation, kana, bopomofo, CJK compatibility and full-width forms.
CJK = ("\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
       "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0002ffff")
#: A card or number inside or right after Chinese words: 10, A (but not an English word).
_NUMBER = "(?:[0-9]+|[A-Z](?![A-Za-z]))"
RUN = re.compile(f"[{CJK}]+(?: ?{_NUMBER}? ?[{CJK}]+)*{_NUMBER}?")

#: Elements whose text is not the page's prose, or cannot hold a <span>.
SKIPPED = frozenset({"script", "style", "math", "textarea", "template"})
#: Elements whose text cannot hold an element (a menu's choices): left as they are.
PLAIN_TEXT = frozenset({"select", "option", "optgroup"})
#: The elements of an SVG picture whose text is marked, and the element that marks it there.
SVG_MARKERS = {"title": "span", "desc": "span", "text": "tspan", "tspan": "tspan", "textpath": "tspan"}
#: Elements that have no end tag.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr"})

ATTRIBUTE = r"""\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?"""
TOKEN = re.compile(rf"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?.*?>|</?[A-Za-z][^\s/>]*(?:{ATTRIBUTE})*\s*/?>", re.S)
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)")
LANG = re.compile(r"""\slang\s*=\s*["']?([A-Za-z-]+)""", re.I)


class MarkupError(ValueError):
    """A page the marker cannot read (an element it must skip is never closed)."""


def _skip_to_end(html: str, start: int, name: str) -> int:
    """Where the text of a skipped element ``name`` opened before ``start`` ends (after its end tag)."""
    end = re.compile(rf"</{name}\s*>", re.I).search(html, start)
    if end is None:
        raise MarkupError(f"<{name}> opened at character {start} is never closed")
    return end.end()


#: What must not break across lines: a rule id, a card (suit symbol and rank).
#: (Latin edges, not ``\b``: a Chinese character is a word character, and SG-1与SS-1 has two ids.)
NOWRAP = re.compile(r"(?<![A-Za-z0-9_-])(?:YS|SJ|SG|SS|C)-E?\d+(?![A-Za-z0-9_])|[♠♥♦♣](?:10|[2-9JQKA])(?![0-9A-Za-z])")


def _wrap(text: str, marker: str | None = "span", nowrap: bool = True) -> str:
    """``text`` with its Chinese runs marked (by ``marker``; None: already marked) and, where a ``span`` may
    stand (``nowrap``), its rule ids and cards kept on one line."""
    def chinese(part: str) -> str:
        if marker is None:
            return part
        return RUN.sub(lambda run: f'<{marker} lang="zh-Hans">{run.group(0)}</{marker}>', part)
    if not nowrap:
        return chinese(text)
    out, start = [], 0
    for token in NOWRAP.finditer(text):
        out += [chinese(text[start:token.start()]), f'<span class="nowrap">{token.group(0)}</span>']
        start = token.end()
    return "".join(out) + chinese(text[start:])


def _marker(stack: list[tuple[str, bool, bool]]) -> str | None:
    """The element that marks Chinese text at the top of ``stack`` (None: leave the text alone)."""
    if not stack:
        return "span"
    name, zh, in_svg = stack[-1]
    if zh or name in PLAIN_TEXT:
        return None
    return SVG_MARKERS.get(name) if in_svg else "span"


def mark_chinese(html: str) -> str:
    """The page with each unmarked run of Chinese text wrapped in ``<span lang="zh-Hans">``."""
    out: list[str] = []
    stack: list[tuple[str, bool, bool]] = []  # open elements: (name, inside marked text, inside an svg)
    position = 0
    while position < len(html):
        token = TOKEN.search(html, position)
        text = html[position: token.start() if token else len(html)]
        marker = _marker(stack)
        nowrap = not stack or (stack[-1][0] not in PLAIN_TEXT and not stack[-1][2])
        out.append(_wrap(text, marker, nowrap) if (marker or nowrap) else text)
        if token is None:
            break
        out.append(token.group(0))
        position = token.end()
        tag = TAG.match(token.group(0))
        if tag is None:  # a comment, doctype or processing instruction
            continue
        closing, name = tag.group(1) == "/", tag.group(2).lower()
        if closing:
            names = [open_name for open_name, _, _ in stack]
            if name in names:
                del stack[len(names) - 1 - names[::-1].index(name):]
            continue
        in_svg = name == "svg" or bool(stack and stack[-1][2])
        if (name in SKIPPED or (name == "title" and not in_svg)) and not token.group(0).endswith("/>"):
            end = _skip_to_end(html, position, name)
            out.append(html[position:end])
            position = end
            continue
        if name in VOID or token.group(0).endswith("/>"):
            continue
        lang = LANG.search(token.group(0))
        zh = lang.group(1).lower().startswith("zh") if lang else bool(stack and stack[-1][1])
        stack.append((name, zh, in_svg))
    return "".join(out)


def mark_pages(folder: Path) -> int:
    """Mark every ``.html`` page under ``folder``; the number of pages changed."""
    changed = 0
    for page in sorted(folder.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        try:
            marked = mark_chinese(html)
        except MarkupError as error:
            raise MarkupError(f"{page}: {error}") from error
        if marked != html:
            page.write_text(marked, encoding="utf-8")
            changed += 1
    return changed


def _build_finished(app: Any, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html":
        mark_pages(Path(app.outdir))


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
