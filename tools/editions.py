"""Sphinx extension: the book's two editions, English and Chinese, each page joined to its
counterpart in the other language.

The English edition is built at the site's root, the Chinese one under ``zh/`` (``tools/build_zh.py``), with
the same page names.  Every page's ``<head>`` says which edition it belongs to and where its counterpart is::

    <meta name="cardbook-edition" content="zh">
    <link rel="alternate" hreflang="en" href="../../book/intro.html" data-cardbook-counterpart="">

The book's settings (``widgets/static/settings.js``) read both: the widgets of a page speak its edition's
language, and the settings bar's language button becomes the link to the counterpart.

>>> counterpart_href("book/intro", "en")
'../zh/book/intro.html'
>>> counterpart_href("book/intro", "zh")
'../../book/intro.html'
>>> counterpart_href("search", "zh")
'../search.html'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: The Chinese edition's folder in the built site.
ZH_FOLDER = "zh"
#: Each edition: its Sphinx ``language`` and the ``hreflang`` its pages are linked with.
EDITIONS = {"en": ("en", "en"), "zh": ("zh_CN", "zh-Hans")}


class EditionError(ValueError):
    """A build in a language the book has no edition for."""


def edition_of(language: str | None) -> str:
    """The edition ("en" or "zh") Sphinx's ``language`` setting builds."""
    for edition, (sphinx_language, _hreflang) in EDITIONS.items():
        if language == sphinx_language:
            return edition
    known = ", ".join(sphinx_language for sphinx_language, _ in EDITIONS.values())
    raise EditionError(f"the book has no edition in language {language!r} (known: {known})")


def counterpart_href(pagename: str, edition: str) -> str:
    """The relative address, from page ``pagename`` of ``edition``, of the same page in the other edition."""
    up = "../" * pagename.count("/")
    if edition == "en":
        return f"{up}{ZH_FOLDER}/{pagename}.html"
    return f"{up}../{pagename}.html"


def head_tags(pagename: str, edition: str) -> str:
    """The ``<meta>`` naming the page's edition and the ``<link>`` to its counterpart."""
    other = "zh" if edition == "en" else "en"
    return (f'<meta name="cardbook-edition" content="{edition}">\n'
            f'<link rel="alternate" hreflang="{EDITIONS[other][1]}" href="{counterpart_href(pagename, edition)}" '
            f'data-cardbook-counterpart="">\n')


def on_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Sphinx's ``html-page-context``: the edition tags at the end of the page's metatags."""
    context["metatags"] = context.get("metatags", "") + head_tags(pagename, edition_of(app.config.language))


def check_language(app: Sphinx, config: Any) -> None:
    """Sphinx's ``config-inited``: a build in a language without an edition stops at once."""
    edition_of(config.language)


#: The site's root: the edition the reader chose last (settings.js stores it), else the browser's language;
#: without JavaScript, the English edition.
ROOT_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>升级 and 一上一下 · 升级与一上一下</title>
<script>
(function () {{
  var lang = null;
  try {{ lang = (JSON.parse(localStorage.getItem("cardbook-settings") || "null") || {{}}).lang; }} catch (e) {{}}
  if (lang !== "zh" && lang !== "en") lang = /^zh/i.test(navigator.language || "") ? "zh" : "en";
  location.replace((lang === "zh" ? "{zh}/" : "") + "{first}" + location.search + location.hash);
}})();
</script>
<noscript><meta http-equiv="Refresh" content="0; url={first}"></noscript>
</head><body><p><a href="{first}">English</a> · <a href="{zh}/{first}" lang="zh-Hans">中文版</a></p></body></html>
"""


def root_page(first: str) -> str:
    """The root ``index.html``: opens ``first`` in the edition the reader chose.

    >>> 'location.replace((lang === "zh" ? "zh/" : "") + "book/intro.html"' in root_page("book/intro.html")
    True
    """
    return ROOT_PAGE.format(zh=ZH_FOLDER, first=first)


#: A sphinx-design card's stretched link, whose hidden text is its name (``:link-alt:``, never translated).
HIDDEN_LINK = re.compile(r'(<p class="sd-card-text">(?P<shown>(?:(?!</p>).)*)</p>\s*</div>\s*'
                         r'<a class="[^"]*sd-hide-link-text[^"]*"[^>]*><span class="doc">)(?P<name>[^<]*)(</span>)', re.S)
TABLE = re.compile(r"<table\b.*?</table>", re.S)
CELL = re.compile(r"<(t[dh])\b([^>]*)>", re.S)
ROW = re.compile(r"<tr\b.*?</tr>", re.S)
TAGS = re.compile(r"<[^>]+>")
#: A bilingual table's columns that hold another language than the edition's, by their heading.
OTHER_LANGUAGE_COLUMNS = {"英文": "en", "English": "en", "拼音": "zh-Latn-pinyin", "pinyin": "zh-Latn-pinyin"}


def name_start_links(html: str) -> str:
    """Each card link named by the card's own (translated) words, not the English ``:link-alt:``.

    >>> name_start_links('<p class="sd-card-text">十分钟学会一上一下 →</p>\\n</div>\\n'
    ...                  '<a class="sd-stretched-link sd-hide-link-text reference internal" href="y.html">'
    ...                  '<span class="doc">一上一下 in ten minutes</span></a>').split("<a ")[1]
    'class="sd-stretched-link sd-hide-link-text reference internal" href="y.html"><span class="doc">十分钟学会一上一下</span></a>'
    """
    def named(match: re.Match[str]) -> str:
        shown = TAGS.sub("", match["shown"]).replace("→", "").strip()
        return match.group(1) + (shown or match["name"]) + match.group(4)
    return HIDDEN_LINK.sub(named, html)


def mark_other_language_columns(html: str) -> str:
    """The cells of a table column headed 英文 / 拼音 marked with their language (``lang="en"``).

    >>> mark_other_language_columns('<table><tr><th>中文</th><th>英文</th></tr><tr><td>王</td><td>joker</td></tr></table>')
    '<table><tr><th>中文</th><th>英文</th></tr><tr><td>王</td><td lang="en">joker</td></tr></table>'
    """
    def table(match: re.Match[str]) -> str:
        text = match.group(0)
        rows = ROW.findall(text)
        if not rows:
            return text
        headings = [TAGS.sub("", cell).strip() for cell in re.findall(r"<th\b[^>]*>(.*?)</th>", rows[0], re.S)]
        langs = {i: OTHER_LANGUAGE_COLUMNS[h] for i, h in enumerate(headings) if h in OTHER_LANGUAGE_COLUMNS}
        if not langs:
            return text

        def row(found: re.Match[str]) -> str:
            column = iter(range(1000))

            def cell(c: re.Match[str]) -> str:
                i = next(column)
                if c.group(1) == "td" and i in langs and "lang=" not in c.group(2):
                    return f'<td{c.group(2)} lang="{langs[i]}">'
                return c.group(0)
            return CELL.sub(cell, found.group(0))
        return ROW.sub(row, text)
    return TABLE.sub(table, html)


def finish_chinese_pages(outdir: Path) -> int:
    """The Chinese edition's pages with what the translations cannot reach: the start links' names, the
    glossary's English and pinyin columns marked as such.  The number of pages changed."""
    changed = 0
    for page in sorted(outdir.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        done = mark_other_language_columns(name_start_links(html))
        if done != html:
            page.write_text(done, encoding="utf-8")
            changed += 1
    return changed


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Sphinx's ``build-finished`` (before the Chinese marking and the table of contents' root redirect):
    the English edition's root opens the reader's edition; the Chinese pages are finished."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    if edition_of(app.config.language) == "en":
        first = app.config.root_doc + ".html"
        (outdir / "index.html").write_text(root_page(first), encoding="utf-8")
    else:
        finish_chinese_pages(outdir)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", check_language)
    app.connect("html-page-context", on_page_context)
    app.connect("build-finished", on_build_finished, priority=400)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
