"""The built book speaks the players' language: no card in engine notation, no play
index, no internal name in anything a reader sees — the pages' prose and reason boxes, every
puzzle stored in a page (the one shown and its whole bank), in both languages, on every page of both
editions (the ``book_pages`` fixture: English at the site's root, Chinese under ``zh/``).

Code a page shows as code (``<pre>``, ``<code>``) is the learner's API and is left out, and so are the API
reference's entries (Sphinx's object descriptions, ``<dl class="py …">``: a signature and its docstring).
"""

from __future__ import annotations

import importlib.util
from html.parser import HTMLParser
from pathlib import Path

from tests.reader_text import leaks, spec_leaks
from widgets.puzzles.bank import unpack_bank

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "lean_widget_state.py"
_spec = importlib.util.spec_from_file_location("lean_widget_state", _TOOL)
assert _spec and _spec.loader
lean_widget_state = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lean_widget_state)

#: The widget state a built page stores, left out of the page's prose.
STATE = lean_widget_state.LEAN_SCRIPT
SKIPPED = {"script", "style", "pre", "code", "head", "kbd", "samp"}
VOID = {"br", "img", "hr", "input", "meta", "link", "source", "wbr", "area", "base", "col", "embed", "param",
        "track"}


class ReaderText(HTMLParser):
    """The text of a page a reader reads, block by block, without code and scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.blocks: list[str] = [""]
        self.entries: list[int] = []  # where in the stack each open API entry (dl.py) starts

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "dl" and "py" in (dict(attrs).get("class") or "").split():
            self.entries.append(len(self.stack))
        if tag not in VOID:
            self.stack.append(tag)
        if tag in ("p", "li", "td", "th", "div", "blockquote", "h1", "h2", "h3", "h4", "dt", "dd", "br"):
            self.blocks.append("")
        label = dict(attrs).get("aria-label")
        if label and self.reads():
            self.blocks.append(label)
            self.blocks.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass
        while self.entries and self.entries[-1] >= len(self.stack):
            self.entries.pop()

    def reads(self) -> bool:
        """Whether the text here is read as prose (not code, not an API entry)."""
        return not self.entries and not SKIPPED & set(self.stack)

    def handle_data(self, data: str) -> None:
        if self.reads():
            self.blocks[-1] += data

    def texts(self) -> list[str]:
        return [" ".join(b.split()) for b in self.blocks if b.strip()]


def widget_puzzles(html: str) -> list[tuple[dict, list[dict]]]:
    """Each puzzle widget's state in a page: the spec it shows and the puzzles of its bank."""
    found: list[tuple[dict, list[dict]]] = []
    for model in lean_widget_state.page_models(html).values():
        state = model.get("state", {})
        if isinstance(state.get("spec"), dict) and "answers" in state["spec"]:
            bank = state.get("bank")
            found.append((state["spec"], unpack_bank(bank) if isinstance(bank, str) and bank else []))
    return found


def page_specs(html: str) -> list[dict]:
    """Every puzzle stored in a page's widget state: each widget's spec and its bank."""
    return [spec for shown, bank in widget_puzzles(html) for spec in (shown, *bank)]


def test_every_puzzle_stored_in_the_book_speaks_player_language(built_book, book_pages):
    found: list[str] = []
    count = 0
    for page in book_pages:
        for spec in page_specs((built_book / page).read_text(encoding="utf-8")):
            count += 1
            found += [f"{page}: {line}" for line in spec_leaks(spec)]
    assert count > 100, f"only {count} puzzles found in the built book"
    assert not found, f"{len(found)} puzzle texts leak engine notation:\n" + "\n".join(found[:40])


def test_every_page_text_and_reason_box_speaks_player_language(built_book, book_pages):
    found: list[str] = []
    for page in book_pages:
        parser = ReaderText()
        parser.feed(STATE.sub("", (built_book / page).read_text(encoding="utf-8")))
        found += [f"{page}: {text!r} — {', '.join(what)}" for text in parser.texts() if (what := leaks(text))]
    assert not found, f"{len(found)} page texts leak engine notation:\n" + "\n".join(found[:60])


def test_the_reader_text_leaves_out_code_and_the_api_entries():
    parser = ReaderText()
    parser.feed('<p>North wins</p><dl class="py function"><dt>check_follow(ctx)</dt><dd><dl class="field-list">'
                '<dt>seat_zero</dt></dl><p>Raises None</p></dd></dl><p>after <code>SA</code> it</p>')
    assert parser.texts() == ["North wins", "after it"]
