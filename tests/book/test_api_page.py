"""The API reference (``book/api.md``), in both editions: every name a learner imports from ``cardlib``,
``cardlib.shengji`` and ``cardlib.yishang`` (their ``__all__``) has its entry, an element whose id is the name
as imported (``cardlib.shengji.check_follow``, the anchor autodoc gives it); a name ``cardlib.shengji`` takes
from ``cardlib`` (``Card``, ``RuleId``, the errors) is the same object, with its one entry under ``cardlib``.
The entries are English in both editions and marked so; the playground links to the page, and every page's
navigation lists it.  Rules: none of the register's; the learner's API is the engine's own contract.
"""

from __future__ import annotations

import re
from types import ModuleType

import pytest

import cardlib
import cardlib.shengji
import cardlib.yishang
from tests.conftest import EDITION_FOLDERS

#: The learner's packages, whose ``__all__`` the page documents.
PACKAGES = (cardlib, cardlib.shengji, cardlib.yishang)
#: What the chapters and the playground use besides: the displays and the puzzle widget.
ALSO = ("cardlib.display.Hand", "cardlib.display.Trick", "cardbook.Puzzle", "cardbook.Puzzle.for_rule")
#: An entry's signature, which carries the entry's anchor.
ENTRY = re.compile(r'<dt class="sig sig-object py[^"]*" id="([^"]+)"')


def anchor(package: ModuleType, name: str) -> str:
    """The id of the entry for ``name`` as imported from ``package``: its own, or ``cardlib``'s for a name the
    package takes from ``cardlib``."""
    value = getattr(package, name)
    if package is not cardlib and name in cardlib.__all__ and getattr(cardlib, name) is value:
        return f"cardlib.{name}"
    return f"{package.__name__}.{name}"


def page(built_book, edition: str, name: str) -> str:
    return (built_book / f"{EDITION_FOLDERS[edition]}book/{name}.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("edition", EDITION_FOLDERS)
def test_every_exported_name_has_its_entry(built_book, edition):
    ids = ENTRY.findall(page(built_book, edition, "api"))
    assert len(ids) == len(set(ids)), "an entry is on the page twice"
    missing = [f"{package.__name__}.{name}" for package in PACKAGES for name in package.__all__
               if anchor(package, name) not in ids]
    assert missing == []
    assert [name for name in ALSO if name not in ids] == []


def test_a_name_shengji_takes_from_cardlib_is_cardlibs():
    assert anchor(cardlib.shengji, "RuleId") == "cardlib.RuleId"
    assert anchor(cardlib.shengji, "Ruleset") == "cardlib.shengji.Ruleset"
    assert anchor(cardlib.yishang, "Ruleset") == "cardlib.yishang.Ruleset"


@pytest.mark.parametrize("edition", EDITION_FOLDERS)
def test_the_entries_are_marked_english(built_book, edition):
    """Each group's entries sit in one ``lang="en"`` block, so a screen reader says them in English on the
    Chinese page too, and every entry is inside one."""
    html = page(built_book, edition, "api")
    blocks = re.findall(r'<div class="docutils container" lang="en">', html)
    assert len(blocks) >= 6
    assert html.count('<dl class="py') >= len(ENTRY.findall(html)) > 300
    assert html.index('lang="en"') < html.index('<dl class="py')


def test_the_chinese_page_says_the_entries_stay_english(built_book):
    html = page(built_book, "zh", "api")
    intro = html[html.index("<h1"): html.index('id="api-cards"')]
    assert "保持英文" in intro


@pytest.mark.parametrize("edition", EDITION_FOLDERS)
def test_the_playground_links_to_the_api_page_and_the_navigation_lists_it(built_book, edition):
    playground = page(built_book, edition, "playground")
    article = playground[playground.index('<article class="bd-article"'):]
    assert '<a class="reference internal" href="api.html">' in article
    for chapter in ("intro", "playground", "api"):
        html = page(built_book, edition, chapter)
        start = html.index('<nav class="bd-links bd-docs-nav"')
        navigation = html[start:html.index("</nav>", start)]
        link = 'class="current reference internal" href="#"' if chapter == "api" else 'href="api.html"'
        assert link in navigation, f"{edition} {chapter}: the navigation does not list the API page"
