"""Where a chapter's links go in JupyterLab (tools/lab/links.js, in Node): every label and chapter of the book
found in its own chapter, the addresses jupyterlab-myst and "Read rule" make read as that chapter and label,
other addresses left to Lab, and an empty link's title the heading the built book shows for it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINKS_JS = ROOT / "tools" / "lab" / "links.js"
BOOK = ROOT / "book"
BASE = "http://127.0.0.1:8888/"
LABEL = re.compile(r"^\(([\w.-]+)\)=\s*$", re.M)
#: A link to a label or a chapter by name, as the chapters write it: [text](label) or [text](chapter.md), text
#: possibly empty.
NAMED_LINK = re.compile(r"\[([^\]]*)\]\(([\w-]+(?:\.md)?)\)")


def run_links(calls: list[list]) -> list:
    """Each ``[function, *args]`` of links.js answered in Node, with the index of ``book/`` as the chapters."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: apt-get install -y nodejs")
    chapters = [{"path": p.name, "text": p.read_text(encoding="utf-8")} for p in sorted(BOOK.glob("*.md"))]
    script = ("import fs from 'node:fs';"
              f"import * as links from {json.dumps(LINKS_JS.as_uri())};"
              "const input = JSON.parse(fs.readFileSync(0, 'utf8'));"
              "const index = links.bookIndex(input.chapters);"
              "const indexOf = (folder) => folder === '' ? index : undefined;"
              "const answer = input.calls.map(([name, ...args]) => name === 'index'"
              "  ? {chapters: Object.fromEntries(index.chapters), labels: Object.fromEntries(index.labels)}"
              "  : links[name](...args, input.base, indexOf));"
              "console.log(JSON.stringify(answer));")
    result = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60,
                            input=json.dumps({"chapters": chapters, "calls": calls, "base": BASE}))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def book_labels() -> dict[str, str]:
    """Every label of the chapters → the chapter that defines it."""
    return {label: page.name for page in BOOK.glob("*.md") for label in LABEL.findall(page.read_text(encoding="utf-8"))}


def test_every_label_and_chapter_is_found_where_it_is_written():
    [index] = run_links([["index"]])
    labels = book_labels()
    assert {name: entry["path"] for name, entry in index["labels"].items()} == labels
    assert {name: entry["path"] for name, entry in index["chapters"].items()} == {p.stem: p.name for p in BOOK.glob("*.md")}
    assert index["chapters"]["shengji-trumps"]["title"] == "Trumps and their order"


def test_no_chapter_or_translation_links_with_a_ref_role_lab_cannot_follow():
    catalogues = sorted((ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "book").glob("*.po"))
    # a catalogue's long string is cut into quoted lines ("...{ref"\n"}`x`"): joined first
    users = [p.name for p in [*BOOK.glob("*.md"), *catalogues] if "{ref}" in p.read_text(encoding="utf-8").replace('"\n"', "")]
    assert users == [], f"{{ref}} roles in {users}: write [text](label) or [](label)"


def test_the_addresses_lab_makes_read_as_a_chapter_and_a_label():
    calls = [
        ["placeOf", f"{BASE}files/rule-sj-5?_xsrf=2%7Cabc"],           # a glossary link, [trump order](rule-sj-5)
        ["placeOf", f"{BASE}files/engine?_xsrf=2%7Cabc"],              # {doc}`the engine chapter <engine>`
        ["placeOf", f"{BASE}lab/tree/shengji-trumps.md#rule-sj-5"],    # Read rule next to a kernel
        ["placeOf", f"{BASE}files/shengji-scoring.md?_xsrf=1#sj-kitty"],  # [text](shengji-scoring.md#sj-kitty)
        ["placeOf", f"{BASE}files/no-such-page.html?_xsrf=1#x"],      # a page the book does not have
        ["placeOf", f"{BASE}files/no-such-thing?_xsrf=1"],             # neither: left to Lab
        ["placeOf", f"{BASE}files/data.csv"],                          # a real file
        ["placeOf", "https://example.org/files/engine"],               # another site
        ["placeOf", f"{BASE}api/contents/engine.md"],                  # not a page of Lab's
        ["placeOf", "#intro-path"],                                    # an anchor on this page (not an address)
    ]
    assert run_links(calls) == [
        {"path": "shengji-trumps.md", "label": "rule-sj-5"},
        {"path": "engine.md", "label": ""},
        {"path": "shengji-trumps.md", "label": "rule-sj-5"},
        {"path": "shengji-scoring.md", "label": "sj-kitty"},
        None, None, None, None, None, None,
    ]


def test_every_link_of_the_path_map_in_lab_reads_as_the_chapter_and_label_it_names():
    """The title page's path map, an output drawn for the built book, links ``<chapter>.html#<label>``; in
    Lab, which makes an output's relative address a file download (/files/<chapter>.html?_xsrf=…#<label>),
    each of those is that chapter, scrolled to that label."""
    from widgets.puzzles.path import path_map

    hrefs = sorted(set(re.findall(r'href="([^"]+)"', path_map("en") + path_map("zh"))))
    assert hrefs and all(".html#" in href for href in hrefs)
    places = run_links([["placeOf", f"{BASE}files/" + href.replace("#", "?_xsrf=2%7Cabc#")] for href in hrefs])
    labels = book_labels()
    for href, place in zip(hrefs, places, strict=True):
        page, label = href.split("#")
        assert place == {"path": page.replace(".html", ".md"), "label": label}, href
        assert labels[label] == place["path"], href


def test_an_empty_link_shows_the_title_the_built_book_shows_and_a_named_one_keeps_its_text(built_book: Path):
    """``[](label)`` shows in Lab the title Sphinx gives it; ``[text](label)`` keeps ``text``."""
    empty, named = [], []
    for page in BOOK.glob("*.md"):
        for text, target in NAMED_LINK.findall(page.read_text(encoding="utf-8")):
            (named if text else empty).append((page.stem, target, text))
    assert len(empty) >= 10 and named
    labels = book_labels()
    calls = [["titleFor", target, f"{BASE}files/{target}?_xsrf=1"] for _page, target, _text in empty]
    calls += [["titleFor", text, f"{BASE}files/{target}?_xsrf=1"] for _page, target, text in named if text != target]
    answers = run_links(calls)
    for (page, target, _text), title in zip(empty, answers):
        html = (built_book / "book" / f"{page}.html").read_text(encoding="utf-8")
        if target.endswith(".md"):  # a chapter: Sphinx shows its title
            href, kind = target.removesuffix(".md") + ".html", "std std-doc"
        else:
            chapter = labels[target].removesuffix(".md")
            href, kind = ("#" + target if chapter == page else f"{chapter}.html#{target}"), "std std-ref"
        shown = re.search(rf'<a class="reference internal" href="{re.escape(href)}"><span class="{kind}">(.*?)</span></a>', html)
        assert shown, f"{page}: no link to {href} in the built page"
        assert title == unescape(re.sub(r"<[^>]+>", "", shown[1])), f"{page} → {target}"
    assert answers[len(empty):] == [None] * (len(answers) - len(empty))
