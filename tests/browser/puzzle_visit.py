"""One visit of each page of the built book that embeds puzzles, with what its per-page tests check measured
during it (tests/browser/test_puzzles.py), as tests/browser/tour.py does for the tour.

In a tab kept for the run (tests/browser/tour.py measured why: a kept tab's renderer is warm), over http, with
every request off this machine refused and logged, the HTTP cache off (routing), and every console error,
uncaught error and failed local request logged:

1. the page is opened, its storage emptied before its scripts run (as in a new browser), and
   left until its widgets are drawn (book_page.WIDGETS_DRAWN): its puzzles' slots;
2. the first puzzle shown with answer buttons is answered (its first button): the verdict's text, its first rule id
   (the deciding rule) and where its rule link leads;
3. the first and the last puzzle (the last alone on a Chinese page, whose slots the same cells number) are each
   moved on once by "New puzzle", so a link names a puzzle of its bank: the link each one's "Copy link" gives;
4. the tab leaves the page (its "New puzzle" woke the browser engine, seconds of CPU the links do not need);
   the last puzzle's link is opened from there, as a reader opens a link they were given (a full load; the
   storage the page left is kept), then the first puzzle's link (on an English page) in that page, as a reader
   follows a link to the page they are reading (the fragment alone changes: the widgets listen for
   ``hashchange``), its widget showing another puzzle (the page's own) and the page scrolled to its end, so the
   link has to bring its puzzle back and scroll up to it.  For each: what the slot's widget shows once the
   page's widgets are drawn, how many widgets show that puzzle, and where the widget's top is once it holds
   still.  (A full load still opens the last puzzle's link of every page, and links on the static page:
   test_copy_link_opens…, test_an_old_link_names…, test_a_link_past_the_bank….)

A step that could not finish (a timeout) is recorded with what stopped it, so each test still reports its own
checks.  The tests of one page share an xdist worker (``tests/conftest.py``), so the page is visited once a run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.conftest import edition_of

from .book_page import WIDGETS_DRAWN
from .tour import EMPTY_STORAGE, LoggedTab

#: A widget's top, in px from the viewport's top, once it has held still in view for ``still`` ms (the page
#: keeps a linked puzzle in view while it settles: puzzle.js bringIntoView), or where it is after ``limit`` ms.
SETTLED_TOP = """async (r, [still, limit]) => {
  await document.fonts.ready;
  const start = performance.now();
  let top = null, since = start;
  for (;;) {
    await new Promise((next) => requestAnimationFrame(next));
    const now = performance.now(), at = r.getBoundingClientRect().top;
    if (at !== top || at < 0 || at >= innerHeight - 100) { top = at; since = now; }
    if (now - since >= still || now - start >= limit) return at;
  }
}"""


@dataclass
class Answered:
    """The first choice puzzle of the page, answered by its first button."""

    verdict: str  #: the verdict's whole text
    rule: str  #: the first rule id it cites
    target: str | None  #: the address its rule link leads to (None: no link)


@dataclass
class Followed:
    """A puzzle's link, followed: the last puzzle's by a full load, the first's in the page it opened."""

    slot: str
    shown: str  #: the puzzle id the widget showed when its link was copied
    href: str  #: the link "Copy link" gives (its fragment)
    by: str  #: "load": a full load of the page; "hashchange": in the page, the fragment alone changed
    before: str = ""  #: the puzzle the widget showed before "New puzzle" (the page's own)
    seen: str | None = None  #: what the slot's widget shows once the link opened (None: no such widget)
    showing: int = 0  #: how many widgets of that page show ``shown``
    top: float | None = None  #: the widget's top once the page settled, in px from the viewport's top
    viewport: int = 0  #: the viewport's height


@dataclass
class PuzzleVisit:
    """What one visit of a page that embeds puzzles recorded."""

    address: str
    slots: list[str] = field(default_factory=list)  #: every puzzle's slot, in page order
    answered: Answered | None = None  #: None: no puzzle with answer buttons
    links: list[Followed] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)  #: a step ("answer", "links") that could not finish
    blocked: list[str] = field(default_factory=list)  #: requests to other hosts (refused)
    errors: list[str] = field(default_factory=list)  #: console errors, uncaught errors, failed local requests


class PuzzleVisits:
    """The visits of a run, each made the first time a test asks for it, in a tab kept for the run (a kept tab
    keeps its renderer warm: a fresh context's first page cost about 1 CPU-s more, measured)."""

    def __init__(self, browser: Any, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self._visits: dict[str, PuzzleVisit] = {}
        self._tab: LoggedTab | None = None

    def visit(self, puzzle_page: str) -> PuzzleVisit:
        if puzzle_page not in self._visits:
            self._visits[puzzle_page] = self._visit(puzzle_page)
        return self._visits[puzzle_page]

    def close(self) -> None:
        if self._tab is not None:
            self._tab.close()
            self._tab = None

    def _visit(self, puzzle_page: str) -> PuzzleVisit:
        seen = PuzzleVisit(self.site_url + puzzle_page)
        if self._tab is None:
            # its storage emptied before each page's own scripts, but not before a puzzle's link (an address
            # with ``#puzzle=``), which reads what the page left, as a reader's browser does
            self._tab = LoggedTab(self.browser, f"if (!location.hash.startsWith('#puzzle=')) {{ {EMPTY_STORAGE} }}")
        kept = self._tab
        kept.seen = seen
        try:
            page = kept.page
            open_at(page, seen.address)
            seen.slots = page.locator("[data-puzzle-slot]").evaluate_all("(rs) => rs.map((r) => r.dataset.puzzleSlot)")
            step(seen, "answer", lambda: answer_first_choice(page, seen))
            step(seen, "links", lambda: copy_links(page, seen, edition_of(puzzle_page) == "zh"))
            page.goto("about:blank")  # its "New puzzle" woke the browser engine, which the links do not need
            for link in sorted(seen.links, key=lambda link: link.by != "load"):
                if link.by == "load":  # from about:blank: a full load
                    step(seen, "links", lambda link=link: (open_at(page, seen.address + link.href), opened(page, link)))
                else:
                    step(seen, "links", lambda link=link: follow_in_page(page, seen.address, link))
            page.goto("about:blank")  # nothing of this page's is left running into the next visit
        except Exception:
            self.close()  # the next visit starts in a fresh tab
            raise
        finally:
            kept.seen = None
        return seen


def step(seen: PuzzleVisit, name: str, run: Any) -> None:
    """Run one step of the visit; a browser error (a timeout) is recorded under ``name``, not raised."""
    if name in seen.problems:
        return
    try:
        run()
    except PlaywrightError as error:
        seen.problems[name] = str(error).splitlines()[0]


def open_at(tab: Any, address: str) -> None:
    """Go to ``address`` in ``tab`` and wait until its widgets are drawn."""
    tab.goto(address, wait_until="load")
    tab.wait_for_function(WIDGETS_DRAWN, timeout=30_000)


def answer_first_choice(page: Any, seen: PuzzleVisit) -> None:
    # the first a reader sees: one guide first hides some (the sources' and the other guide's)
    choice = page.locator("[data-puzzle-kind]:has(button.cbp-answer) >> visible=true")
    if choice.count() == 0:
        return
    widget = choice.first
    widget.locator("button.cbp-answer").first.click()
    status = widget.locator('[role="status"]')
    links = status.locator("a.cbp-rule-link")
    seen.answered = Answered(status.inner_text(), status.locator(".cbp-rule").first.inner_text(),
                             links.first.evaluate("(a) => a.href") if links.count() else None)


def copy_links(page: Any, seen: PuzzleVisit, last_only: bool) -> None:
    count = len(seen.slots)
    for index in sorted({count - 1} if last_only else {0, count - 1}):
        widget = page.locator("[data-puzzle-slot]").nth(index)
        before = widget.get_attribute("data-puzzle-id")
        widget.locator("button.cbp-new").click()
        expect(widget).not_to_have_attribute("data-puzzle-id", before)
        seen.links.append(Followed(widget.get_attribute("data-puzzle-slot"), widget.get_attribute("data-puzzle-id"),
                                   widget.locator("button.cbp-permalink").get_attribute("data-href"),
                                   "load" if index == count - 1 else "hashchange", before))


def follow_in_page(page: Any, address: str, link: Followed) -> None:
    """In the tab the last puzzle's link opened: the first widget is set back to the page's own puzzle by a
    link to it (a bank puzzle: no "New puzzle", which would wake the engine) and the page scrolled to its end;
    then the first puzzle's link is followed: the fragment alone changes, and the page must bring the puzzle
    back and scroll up to it."""
    widget = page.locator(f'[data-puzzle-slot="{link.slot}"]')
    page.goto(f"{address}#puzzle={link.slot}/{link.before}")
    expect(widget).to_have_attribute("data-puzzle-id", link.before)
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.goto(address + link.href)  # a same-document navigation: hashchange
    opened(page, link)


def opened(tab: Any, link: Followed) -> None:
    """What ``tab``, opened at ``link``, shows: in the link's slot, how many times, where (see :class:`Followed`)."""
    widget = tab.locator(f'[data-puzzle-slot="{link.slot}"]')
    if widget.count() == 0:
        return
    try:
        expect(widget).to_have_attribute("data-puzzle-id", link.shown, timeout=30_000)
    finally:
        link.seen = widget.get_attribute("data-puzzle-id")
    link.showing = tab.locator(f'[data-puzzle-id="{link.shown}"]').count()
    link.top, link.viewport = settled_top(tab, widget), tab.viewport_size["height"]
    tab.wait_for_load_state("networkidle")


def settled_top(page: Any, widget: Any, still: int = 200, limit: int = 3000) -> float:
    """The widget's top, in px from the viewport's top, once it has held still in view for ``still`` ms
    (or after ``limit`` ms, wherever it is then)."""
    return float(widget.evaluate(SETTLED_TOP, [still, limit]))


def site_file(built_book: Path, site_url: str, address: str) -> Path | None:
    """The built file an address of the served book names (None: not an address of the book)."""
    if not address.startswith(site_url):
        return None
    path = unquote(urlsplit(address).path).lstrip("/")
    return built_book / (path + "index.html" if path.endswith("/") or not path else path)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


@cache
def ids_in(html: Path) -> Counter[str]:
    """How many elements of the HTML file carry each id (as the page's HTML holds them, before any script)."""
    parser = _Ids()
    parser.feed(html.read_text(encoding="utf-8"))
    return parser.ids
