"""The built book (one `make build` per session, warnings are errors): its pages, its labels,
and its offline widget runtime.  Rules: every section is labelled so rule anchors (YS-*, SJ-*,
SG-*/SS-*, C-*) and puzzles can link to it."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from tests.book.test_book_texts import lean_widget_state

OUTSIDE = re.compile(r"^(https?:)?//", re.IGNORECASE)

#: The sections the book must have: later rule anchors and puzzles link to these labels.
BOOK_LABELS = [
    "intro", "intro-puzzles",
    "ys", "ys-deck", "ys-turn", "ys-claims", "ys-taking-pile", "ys-winning", "ys-disputes", "ys-example",
    "sj", "sj-table", "sj-levels", "sj-trumps", "sj-dealing", "sj-kitty", "sj-leading", "sj-pairs-tractors",
    "sj-trumping", "sj-trick-winner", "sj-points", "sj-last-trick", "sj-going-up", "sj-differences",
    "sj-errata",
    # 升级 has one page per stage of a hand, plus the variants page.
    "sj-calling", "sj-playing", "sj-scoring", "sj-level-tables", "sj-differences-page", "sj-silent", "variants",
    "glossary", "engine",
]


class ResourceLinks(HTMLParser):
    """The URLs a page *loads* (scripts, stylesheets, images, frames), not the links a reader follows."""

    def __init__(self) -> None:
        super().__init__()
        self.loaded: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "img", "iframe", "source", "audio", "video") and attributes.get("src"):
            self.loaded.append(attributes["src"])
        if tag == "link" and attributes.get("href") and attributes.get("rel") not in (
                "index", "search", "next", "prev", "canonical"):
            self.loaded.append(attributes["href"])


def test_site_has_exactly_the_pages_of_the_table_of_contents(built_book, book_pages):
    pages = {str(p.relative_to(built_book)) for p in built_book.rglob("*.html") if "_static" not in p.parts}
    assert pages == set(book_pages)


def test_no_page_loads_anything_from_another_host(built_book):
    for html in built_book.rglob("*.html"):
        parser = ResourceLinks()
        parser.feed(html.read_text(encoding="utf-8"))
        assert [url for url in parser.loaded if OUTSIDE.match(url)] == [], html
    for css in built_book.rglob("*.css"):
        assert not re.search(r"(@import|url\()\s*['\"]?(https?:)?//", css.read_text(encoding="utf-8")), css


def test_widget_runtime_is_served_from_the_site(built_book):
    """The book's own loader and page script are in the site, a widget page loads them from it and
    stores its anywidget models for the loader (nothing of html-manager or require.js)."""
    runtime = built_book / "widget-runtime"
    for name in ("widget-loader.js", "cardbook-page.js", "cardbook-page.css"):
        assert (runtime / name).is_file(), name
    assert not (runtime / "require.js").exists() and not (runtime / "html-manager").exists()
    assert (built_book / "cardbook-sw.js").is_file(), "the book's service worker belongs at the site's root (its scope)"
    intro = (built_book / "book" / "intro.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script[^>]* src="([^"]*widget-runtime[^"?]*)', intro)
    assert sorted(s.rsplit("widget-runtime/", 1)[1] for s in scripts) == ["cardbook-page.js", "widget-loader.js"]
    anywidget_models = list(lean_widget_state.page_models(intro).values())
    assert anywidget_models, "the card widget's state is not stored in the page"
    assert {m["model_module"] for m in anywidget_models} == {"anywidget"}
    # each front end is an ES module with a default export (esbuild writes it as ``export { x as default }``)
    default_export = re.compile(r"\bexport\s+default\b|\bexport\s*\{[^}]*\bas\s+default\b")
    assert all(m["state"]["_esm"] and default_export.search(m["state"]["_esm"]) for m in anywidget_models)


def test_npm_installs_exactly_the_pinned_runtime(repo_root):
    pins = json.loads((repo_root / "package.json").read_text())["dependencies"]
    for name, version in pins.items():
        installed = json.loads((repo_root / "node_modules" / name / "package.json").read_text())["version"]
        assert installed == version, name


def test_every_heading_of_a_chapter_has_a_label(chapter: Path):
    lines = chapter.read_text(encoding="utf-8").splitlines()
    in_code = False
    for number, line in enumerate(lines):
        in_code ^= line.startswith("```")
        if not in_code and re.match(r"#{1,6} ", line):
            assert number and re.fullmatch(r"\([a-z0-9-]+\)=", lines[number - 1]), \
                f"{chapter.name}:{number + 1} heading {line!r} has no (label)= line above it"


def test_book_has_every_required_section_and_each_label_once(built_book, chapters):
    labels = [label for chapter in chapters
              for label in re.findall(r"^\(([a-z0-9-]+)\)=$", chapter.read_text(encoding="utf-8"), re.MULTILINE)]
    assert len(labels) == len(set(labels)), "a label is used twice"
    assert set(BOOK_LABELS) <= set(labels)
    for label in BOOK_LABELS:
        assert any(f'id="{label}"' in page.read_text(encoding="utf-8")
                   for page in (built_book / "book").glob("*.html")), label
