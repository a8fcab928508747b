"""One visit of each page of the built book per viewport, with every per-page check measured during it.

A page is opened twice in all, each time in a tab of its viewport that the tour keeps for the whole run,
with every request off this machine refused and logged:

- on a desktop (1366 × 900), over http: what it loaded (bytes, the browser engine's apart), what it asked
  of other hosts, its console errors, its widgets (rendered, failed, empty), its settings bar, its Chinese
  text not marked ``lang="zh…"``, and axe-core's serious and critical WCAG violations (run last, after
  everything else was read, so that nothing it does is counted as the page's);
- on a phone (390 × 844), from ``file://`` (the book opened straight from disk): the same loading checks,
  then the sideways overflow of the page and of its drawn hands at 390 px, and again at 320 px (the
  viewport narrowed in place, and the page given two frames to lay itself out again).

A visit waits until the page has drawn its widgets, mounted its bar and loaded its fonts, and until none
of its requests (its icon's too) is still loading, counted request by request; a page leaves its tab only
once nothing it asked for is loading.  Every page starts as in a new browser: an init script empties
localStorage and sessionStorage before the page's own scripts run, and Playwright's routing turns the HTTP
cache off, so each visit transfers all it loads (measured when the tabs were first kept: every page made
the same requests, of the same bytes, as in a fresh context).  A kept tab keeps its renderer process warm:
a visit costs half the CPU it did in a fresh context.  An error the page logs while it is left (its unload) is the next
visit's; a visit that fails closes its tab, so the next one starts in a fresh one.

Each test of ``tests/browser`` that checks every page reads the one visit's record (:class:`Tour`), so
the checks stay separate tests while a page is loaded twice rather than eight times; the tests of one
page share an xdist worker (``tests/conftest.py``), so the record is made once a run.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from .book_page import SETTINGS_BAR, drawn
from .conftest import is_local, refuse_other_hosts

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: The narrowest phone the book is laid out for, measured by narrowing the phone visit's viewport.
NARROW_WIDTH = 320
#: The browser engine's files in the site (tools/stage_engine.py), by URL path: only a page with a widget
#: that runs Python loads them.
ENGINE_FILES = re.compile(r"/widget-runtime/(pyodide/|cardbook-engine\.zip(\.gz)?$|engine-worker\.js$)")
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: The page's widget views: how many, rendered by the loader, failed (a calm message), rendered empty.
WIDGETS = """() => ({
  views: document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length,
  rendered: document.querySelectorAll('.cardbook-widget[data-widget-state="rendered"]').length,
  failed: document.querySelectorAll('.cardbook-widget-failed').length,
  empty: document.querySelectorAll('.cardbook-widget:empty').length,
})"""

#: The settings bar (settings.js settingsBar()): how many in the header and in the page, the language
#: control's label, the four-colour buttons, and the bar's drawn height.
BAR = f"""() => {{
  const bars = document.querySelectorAll({SETTINGS_BAR!r});
  const bar = bars[0];
  return {{
    inHeader: bars.length,
    inPage: document.querySelectorAll("[data-cardbook-settings]").length,
    lang: bar?.querySelector("[data-control=lang]")?.innerText ?? null,
    fourButtons: bar ? bar.querySelectorAll("button[data-control=four]").length : 0,
    height: bar ? bar.getBoundingClientRect().height : 0,
  }};
}}"""

#: The text nodes of the page's body holding Chinese with no [lang^="zh"] ancestor (script, style
#: and template text is not the page's text), each with its element.
UNMARKED_CHINESE = """() => {
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

#: Page width, and every drawn hand or trick (outside a table, which may scroll in its own box)
#: that runs past the page or past the box that scrolls it.
SIDEWAYS = """() => {
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const box = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (scrolls(p)) return p; return null; };
  const right = (el) => el ? el.getBoundingClientRect().left + el.clientWidth : document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll(".cardlib-hand, .cardlib-trick, .cardlib-plays")) {
    if (el.closest("table") || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const limit = Math.min(right(box(el)), document.documentElement.clientWidth);
    if (r.right > limit + 1) {
      wide.push(`${el.className} (${el.getAttribute("aria-label")}) ends at ${Math.round(r.right)} px, `
                + `its box at ${Math.round(limit)} px`);
    }
  }
  const past = [...document.querySelectorAll("body *")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width && r.right > window.innerWidth + 1 && !box(el) && getComputedStyle(el).position !== "fixed";
  }).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).trim().replace(/ +/g, ".")}`);
  return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, wide, past };
}"""

RUN_AXE = """async (tags) => {
  // preload off: axe fetches no stylesheet of its own (only the experimental css-orientation-lock reads them)
  const options = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], preload: false };
  const result = await axe.run(document, options);
  return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")) }));
}"""

#: Two frames after a change of viewport: the page has laid itself out again.
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

#: Run before each page's own scripts: the page starts with the empty storage of a new browser.
EMPTY_STORAGE = "try { localStorage.clear(); sessionStorage.clear(); } catch (denied) { /* no storage here */ }"
#: How long a page may go on loading once it is drawn.
LOADING_LIMIT = 15.0
#: Requests that stay open by design, which no visit waits for.
STREAMS = ("eventsource", "websocket")


@dataclass
class Visit:
    """What one visit of one page recorded."""

    blocked: list[str] = field(default_factory=list)  #: requests to other hosts (refused)
    errors: list[str] = field(default_factory=list)  #: console errors, uncaught errors, failed local requests
    widgets: dict[str, int] = field(default_factory=dict)  #: see WIDGETS
    bytes: int = 0  #: transferred until the network was idle, headers and bodies
    engine_bytes: int = 0  #: of ``bytes``, the browser engine's files
    bar: dict[str, Any] = field(default_factory=dict)  #: see BAR
    chinese: dict[str, Any] = field(default_factory=dict)  #: see UNMARKED_CHINESE
    axe: list[dict[str, Any]] = field(default_factory=list)  #: serious and critical violations
    sideways: dict[int, dict[str, Any]] = field(default_factory=dict)  #: SIDEWAYS by viewport width


class Recording(Protocol):
    """What a kept tab writes a visit's problems into."""

    blocked: list[str]  #: requests to other hosts (refused)
    errors: list[str]  #: console errors, uncaught errors, failed local requests


class LoggedTab:
    """A tab kept for many visits, in a context of its own whose requests to other hosts are refused: the visit
    under way (``seen``) gets the refused requests, console errors, uncaught errors and failed local requests.
    ``init_script`` runs before each page's own scripts (what it does to storage is the visits' rule)."""

    def __init__(self, browser: Any, init_script: str, viewport: dict[str, int] | None = None) -> None:
        self.seen: Recording | None = None  #: the visit being recorded (None while nothing is)
        self.context = browser.new_context(**({"viewport": viewport} if viewport else {}))
        self.context.add_init_script(init_script)
        refuse_other_hosts(self.context, self._refused)
        self.page = self.context.new_page()
        for event, listener in self._listeners().items():
            self.page.on(event, listener)

    def _listeners(self) -> dict[str, Any]:
        return {"console": self._console, "pageerror": self._uncaught, "requestfailed": self._failed}

    def close(self) -> None:
        self.context.close()

    def _refused(self, url: str) -> None:
        if self.seen is not None:
            self.seen.blocked.append(url)

    def _console(self, message: Any) -> None:
        if self.seen is not None and message.type == "error":
            self.seen.errors.append(message.text)

    def _uncaught(self, error: Any) -> None:
        if self.seen is not None:
            self.seen.errors.append(f"uncaught: {error}")

    def _failed(self, request: Any) -> None:
        if self.seen is not None and is_local(request.url):
            self.seen.errors.append(f"failed: {request.url} ({request.failure})")


class Tab(LoggedTab):
    """A tab kept for every page the tour visits at one viewport, each page started with empty storage,
    recording each visit in its :class:`Visit`: what :class:`LoggedTab` logs, and the bytes of every request
    the page made (a failed request is the problem of the visit that made it)."""

    def __init__(self, browser: Any, viewport: dict[str, int]) -> None:
        self.viewport = viewport
        self.made_by: dict[Any, Visit] = {}  #: each unfinished request, with the visit that made it
        super().__init__(browser, EMPTY_STORAGE, viewport)
        self.seen: Visit | None = None

    def _listeners(self) -> dict[str, Any]:
        return {**super()._listeners(), "request": self._request, "requestfinished": self._finished}

    def open(self, url: str) -> Visit:
        """Go to ``url``, wait until it is drawn and loads nothing; its record, recording on."""
        self.seen = seen = Visit()
        self.page.goto(url, wait_until="load")
        drawn(self.page)
        self.wait_loaded()
        return seen

    def stop(self) -> None:
        """Record nothing more of the page (the requests it made are still counted as they finish)."""
        self.seen = None

    def wait_loaded(self) -> None:
        """Wait until no request of the page is loading, so that it is all counted and none is cut off."""
        deadline = time.monotonic() + LOADING_LIMIT
        while loading := [r.url for r in self.made_by if r.resource_type not in STREAMS]:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.page.url} still loads {loading[:5]} {LOADING_LIMIT} s after it was drawn")
            self.page.wait_for_timeout(20)

    def _request(self, request: Any) -> None:
        if self.seen is not None:
            self.made_by[request] = self.seen

    def _finished(self, request: Any) -> None:
        seen = self.made_by.pop(request, None)
        if seen is None:
            return
        try:
            sizes = request.sizes()
        except Exception:  # a request torn down with its page
            return
        size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        seen.bytes += size
        if ENGINE_FILES.search(urlsplit(request.url).path):
            seen.engine_bytes += size

    def _failed(self, request: Any) -> None:
        seen = self.made_by.pop(request, None)
        if seen is not None and is_local(request.url):
            seen.errors.append(f"failed: {request.url} ({request.failure})")


class Tour:
    """The visits of a run, each made the first time a test asks for it, in a tab per viewport."""

    def __init__(self, browser: Any, site_url: str, built_book: Path) -> None:
        self.browser, self.site_url, self.built_book = browser, site_url, built_book
        self._visits: dict[tuple[str, str], Visit] = {}
        self._tabs: dict[str, Tab] = {}

    def desktop(self, book_page: str) -> Visit:
        """``book_page`` (a site path) at 1366 px over http."""
        if (book_page, "desktop") not in self._visits:
            self._visits[book_page, "desktop"] = self._visit("desktop", self.site_url + book_page)
        return self._visits[book_page, "desktop"]

    def phone(self, book_page: str) -> Visit:
        """``book_page`` at 390 px (then 320 px) opened from disk."""
        if (book_page, "phone") not in self._visits:
            self._visits[book_page, "phone"] = self._visit("phone", (self.built_book / book_page).as_uri())
        return self._visits[book_page, "phone"]

    def working_tab(self, book_page: str) -> Any:
        """The desktop tab showing ``book_page`` over http, drawn and loaded, for a test to act on; what it
        does there is in no record, and the tab's next visit leaves the page (its storage emptied)."""
        tab = self._tab("desktop")
        tab.open(self.site_url + book_page)
        tab.stop()
        return tab.page

    def close(self) -> None:
        for tab in self._tabs.values():
            tab.close()
        self._tabs.clear()

    def _tab(self, viewport: str) -> Tab:
        if viewport not in self._tabs:
            self._tabs[viewport] = Tab(self.browser, DESKTOP if viewport == "desktop" else PHONE)
        return self._tabs[viewport]

    def _visit(self, viewport: str, url: str) -> Visit:
        tab = self._tab(viewport)
        try:
            seen = tab.open(url)
            page = tab.page
            seen.widgets = page.evaluate(WIDGETS)
            if viewport == "desktop":
                seen.bar = page.evaluate(BAR)
                seen.chinese = page.evaluate(UNMARKED_CHINESE)
                tab.stop()  # what axe does is not the page's
                page.add_script_tag(path=str(AXE))
                seen.axe = page.evaluate(RUN_AXE, WCAG_TAGS)
            else:
                seen.sideways[PHONE["width"]] = page.evaluate(SIDEWAYS)
                page.set_viewport_size({"width": NARROW_WIDTH, "height": 800})
                page.evaluate(TWO_FRAMES)
                seen.sideways[NARROW_WIDTH] = page.evaluate(SIDEWAYS)
                page.set_viewport_size(PHONE)  # for the next page
                tab.stop()
            tab.wait_loaded()  # nothing the page asked for is cut off by the next page
        except Exception:
            del self._tabs[viewport]  # the next visit starts in a fresh tab
            tab.close()
            raise
        return seen
