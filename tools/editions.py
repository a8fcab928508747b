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


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", check_language)
    app.connect("html-page-context", on_page_context)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
