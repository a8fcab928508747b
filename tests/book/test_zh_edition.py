"""The Chinese edition beside the English one: every English page has its Chinese counterpart
under ``zh/`` with the same rule anchors and the same puzzles; the Chinese pages are ``lang="zh…"``, use
the shared widget runtime, link to their counterpart, have the theme's words in Chinese and a Chinese
search index; and their prose is Chinese.

*Prose is Chinese* means: of the letters in a page's article (``<article class="bd-article">``), at least
:data:`MIN_CJK_SHARE` are Han characters.  A letter is a character Python's ``str.isalpha`` calls one;
not counted are code (``pre``, ``code``, ``kbd``, ``samp``, scripts and styles), the code cells with their
outputs (``div.cell``: the outputs' language is tests/book/test_outputs_language.py's), the cells of a
table column headed English / 英文 or pinyin / 拼音 (the bilingual glossary's other language), what is
marked as another language (``lang="en"``: the API reference's entries, English as the code's names are),
card symbols with their rank (``♠A``, ``♥10``) and rule ids (``SJ-11``, ``YS-E2``, ``SG/SS``).  A page still
untranslated fails this test; that is what it is for.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from docutils.nodes import make_id

from tests.book.test_book_texts import lean_widget_state
from tests.conftest import REPO, edition_pages, toc_pages

MIN_CJK_SHARE = 0.9
HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")
#: What the share leaves out of the prose: a card (suit symbol and rank), a rule id, the rule sets' names.
NOT_PROSE = re.compile(r"[♠♥♦♣]\s?(?:10|[2-9AKQJ])|\b(?:YS|SJ|SG|SS|C)-E?\d+\b|\bSG/SS\b")
SKIPPED = frozenset({"script", "style", "pre", "code", "kbd", "samp", "template"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr"})
#: Table columns that hold the other language by design (the glossary's), by their heading.
BILINGUAL_COLUMNS = frozenset({"English", "英文", "pinyin", "拼音"})
LABEL = re.compile(r"^\((?P<label>[^)\s]+)\)=\s*$", re.MULTILINE)
ID = re.compile(r'\sid="([^"]+)"')
CHAPTERS = toc_pages()


class ArticleProse(HTMLParser):
    """The prose of a page's article: its text outside code, code cells, scripts and bilingual columns."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # for each open element: is its text left out?
        self.depth_in_article = 0
        self.parts: list[str] = []
        self.headings: list[str] = []  # the current table's column headings
        self.column = -1
        self.in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if self.depth_in_article == 0 and tag == "article" and "bd-article" in classes:
            self.depth_in_article = 1
        elif self.depth_in_article:
            self.depth_in_article += 1
        lang = (dict(attrs).get("lang") or "").lower()
        other_language = bool(lang) and not lang.startswith("zh")
        skipped = tag in SKIPPED or (tag == "div" and "cell" in classes) or self.bilingual_cell(tag) or other_language
        self.stack.append(skipped or bool(self.stack and self.stack[-1]))

    def bilingual_cell(self, tag: str) -> bool:
        """Follow the table's columns; True for a cell of a column headed by the other language."""
        if tag == "table":
            self.headings = []
        elif tag == "tr":
            self.column = -1
        elif tag in ("th", "td"):
            self.column += 1
            if tag == "th":
                self.headings.append("")
                self.in_heading = True
            return tag == "td" and self.column < len(self.headings) and self.headings[self.column] in BILINGUAL_COLUMNS
        return False

    def handle_endtag(self, tag: str) -> None:
        if tag == "th":
            self.in_heading = False
        if tag in VOID or not self.stack:
            return
        self.stack.pop()
        if self.depth_in_article:
            self.depth_in_article -= 1

    def handle_data(self, data: str) -> None:
        if self.in_heading:
            self.headings[-1] = (self.headings[-1] + data).strip()
        if self.depth_in_article and not (self.stack and self.stack[-1]):
            self.parts.append(data)

    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


def cjk_share(text: str) -> tuple[float, int]:
    """The share of Han characters among the letters of ``text`` (cards and rule ids left out); the letters."""
    letters = [c for c in NOT_PROSE.sub(" ", text) if c.isalpha()]
    han = sum(1 for c in letters if HAN.match(c))
    return (han / len(letters) if letters else 0.0), len(letters)


def prose(html: str) -> str:
    parser = ArticleProse()
    parser.feed(html)
    return parser.text()


def english_words(text: str, limit: int = 6) -> list[str]:
    """The longest runs of Latin text in ``text``: what is left to translate."""
    runs = re.findall(r"[A-Za-z][A-Za-z ,.'’;:()-]{20,}", NOT_PROSE.sub(" ", text))
    return sorted(runs, key=len, reverse=True)[:limit]


def label_ids(chapter: str) -> list[str]:
    """The HTML ids the chapter's MyST labels (``(rule-sj-9)=``) become."""
    source = (REPO / chapter.replace(".html", ".md")).read_text(encoding="utf-8")
    return [make_id(match["label"]) for match in LABEL.finditer(source)]


def puzzles(html: str) -> Counter[tuple[str, str]]:
    """The page's widgets that hold a slot, as (slot, the id of the puzzle it shows first)."""
    found: Counter[tuple[str, str]] = Counter()
    for model in lean_widget_state.page_models(html).values():
        state = model["state"]
        if "slot" in state:
            spec = state.get("spec")
            found[(str(state["slot"]), str(spec.get("id") if isinstance(spec, dict) else spec))] += 1
    return found


def read(built_book: Path, page: str) -> str:
    path = built_book / page
    assert path.is_file(), f"{page} is missing from the built site"
    return path.read_text(encoding="utf-8")


def test_the_chinese_edition_has_every_page_of_the_english_one(built_book):
    english = edition_pages("en")
    chinese = edition_pages("zh")
    assert [page for page in chinese if not (built_book / page).is_file()] == []
    assert len(english) == len(chinese) and all(zh == "zh/" + en for en, zh in zip(english, chinese))


@pytest.mark.parametrize("page", CHAPTERS)
def test_counterparts_have_the_same_rule_anchors_and_puzzles(built_book, page):
    english, chinese = read(built_book, page), read(built_book, "zh/" + page)
    labels = label_ids(page)
    assert labels, f"{page} has no label: the check would prove nothing"
    for edition, html in (("en", english), ("zh", chinese)):
        ids = set(ID.findall(html))
        assert [label for label in labels if label not in ids] == [], f"{edition} {page} lacks these anchors"
    assert puzzles(chinese) == puzzles(english), f"zh/{page} shows other puzzles than {page}"


@pytest.mark.parametrize("page", CHAPTERS)
def test_each_page_names_its_edition_and_links_its_counterpart(built_book, page):
    depth = "../" * page.count("/")
    for path, edition, lang, href in ((page, "en", "en", f"{depth}zh/{page}"),
                                      ("zh/" + page, "zh", "zh", f"{depth}../{page}")):
        html = read(built_book, path)
        assert re.search(rf'<html lang="{lang}[^"]*"', html), f"{path}: <html> is not lang={lang}"
        assert f'<meta name="cardbook-edition" content="{edition}">' in html, path
        link = re.search(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" data-cardbook-counterpart', html)
        assert link and link[2] == href, f"{path}: counterpart link {link and link.groups()}"
        assert (built_book / path).parent.joinpath(link[2]).resolve().is_file(), f"{path}: {link[2]} is not a page"


def test_chinese_pages_use_the_one_widget_runtime_and_the_theme_speaks_chinese(built_book):
    assert not (built_book / "zh" / "widget-runtime").exists(), "the widget runtime (and the engine) copied twice"
    html = read(built_book, "zh/book/shengji-dealing.html")
    runtime = re.findall(r'(?:src|href)="([^"]*widget-runtime/[^"]+)"', html)
    assert runtime, "the zh page loads no widget runtime"
    page_dir = (built_book / "zh/book/shengji-dealing.html").parent
    assert all((page_dir / url).resolve().is_file() for url in runtime), runtime
    assert "搜索本书" in html and "Search the book" not in html
    assert "<title>" in html and re.search(r"<title>[^<]*互动规则书</title>", html)


@pytest.mark.parametrize("word", ["拖拉机", "抠底"])
def test_the_chinese_search_index_holds_chinese_words(built_book, word):
    script = read(built_book, "zh/searchindex.js")
    index = json.loads(script[script.index("(") + 1: script.rindex(")")])
    assert word in index["terms"], f"{word} is not a term of the Chinese search index (jieba)"


@pytest.mark.parametrize("page", CHAPTERS)
def test_chinese_pages_prose_is_chinese(built_book, page):
    text = prose(read(built_book, "zh/" + page))
    share, letters = cjk_share(text)
    assert letters > 50, f"zh/{page}: only {letters} letters of prose found: the check would prove nothing"
    assert share >= MIN_CJK_SHARE, (f"zh/{page}: {share:.0%} of {letters} letters are Chinese "
                                    f"(at least {MIN_CJK_SHARE:.0%}); English left: {english_words(text)}")


def test_the_prose_share_counts_letters_outside_cards_rule_ids_and_code():
    html = ('<article class="bd-article"><p>主牌 ♠A SJ-11 <code>check_follow</code></p>'
            '<div class="cell"><p>output</p></div><p>Trump</p></article><p>sidebar</p>')
    assert prose(html) == "主牌 ♠A SJ-11 Trump"
    assert cjk_share(prose(html)) == (2 / 7, 7)
    glossary = ('<article class="bd-article"><table><thead><tr><th>中文</th><th>英文</th></tr></thead>'
                '<tbody><tr><td>主牌</td><td>trumps</td></tr></tbody></table></article>')
    assert prose(glossary) == "中文 英文 主牌"
    entries = '<article class="bd-article"><p>说明</p><div lang="en"><p>Whether a hand may follow</p></div></article>'
    assert prose(entries) == "说明"


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_zh_config_points_at_the_shared_runtime_and_refuses_a_config_without_it():
    build_zh = load_tool("build_zh")
    english = yaml.safe_load((REPO / "_config.yml").read_text(encoding="utf-8"))
    zh = build_zh.zh_config(english)["sphinx"]["config"]
    assert zh["language"] == "zh_CN" and zh["html_extra_path"] == []
    assert all(path.startswith("../../widget-runtime/") for path in [*zh["nb_ipywidgets_js"], *zh["html_css_files"]])
    assert english["sphinx"]["config"]["language"] == "en", "the English config was changed"
    english["sphinx"]["config"]["html_css_files"] = ["elsewhere.css"]
    english["sphinx"]["config"]["html_js_files"] = []
    english["sphinx"]["config"]["nb_ipywidgets_js"] = {}
    with pytest.raises(build_zh.BuildError, match=re.escape("names no script under ../widget-runtime/")):
        build_zh.zh_config(english)


def test_a_translated_glue_role_names_its_page_and_an_edition_must_exist():
    build_zh, editions = load_tool("build_zh"), load_tool("editions")
    assert build_zh.page_glue("共{glue:text}`n`题", "intro") == "共{glue:text}`intro.md::n:s`题"
    assert build_zh.page_glue("{glue:text}`engine.md::n:s`", "intro") == "{glue:text}`engine.md::n:s`"
    with pytest.raises(editions.EditionError, match="no edition in language 'fr'"):
        editions.edition_of("fr")
