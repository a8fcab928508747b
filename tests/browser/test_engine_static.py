"""The engine in the reader's browser: the book's Python in a Pyodide worker, served
over http with every request off this machine blocked; from ``file://`` the page says calmly
that the engine cannot start and the banks still work.

A Python error in the worker is logged by the widget loader (console.error), so every test that
asserts ``log.errors == []`` shows it, traceback included.
Rules: SJ-1 (the deal), SJ-9 (every play the engine allows), SG-7 / SS-7 (the level change),
YS-1 … YS-16 (a whole 一上一下 game), through the tutor's session.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import served
from .engine_page import copy_runtime, tutor_options, write_engine_page

REPO = Path(__file__).resolve().parents[2]
WORKER_FILES = ("engine-worker.js", "pyodide/", "cardbook-engine.zip")
#: What the worker fetches on a first visit: Pyodide's loader, then the gzipped files (tools/stage_engine.py).
ENGINE_FILES = {"engine-worker.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs.gz", "pyodide/pyodide.asm.wasm.gz",
                "pyodide/python_stdlib.zip.gz", "cardbook-engine.zip.gz"}
#: The first answer waits for the worker to boot (Pyodide, then the project's zip).
BOOT_MS = 60_000


def engine_requests(requests: list[str]) -> list[str]:
    return [url for url in requests if any(part in url for part in WORKER_FILES)]


@pytest.fixture(scope="session")
def engine_page(tmp_path_factory, built_runtime):
    """``(folder, http url)``: a probe page of the engine contract with the book's staged engine beside it,
    served on a free loopback port (made once per worker)."""
    folder = tmp_path_factory.mktemp("engine")
    write_engine_page(folder, runtime=built_runtime)
    with served(folder) as url:
        yield folder, url + "index.html"


def test_the_worker_starts_on_the_first_send_and_makes_the_generators_puzzles(offline_page, engine_page):
    from widgets.puzzles import make_puzzle

    page, log = offline_page
    requests: list[str] = []
    warnings: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    page.goto(engine_page[1])
    probe = page.locator(".cardbook-widget")
    page.wait_for_selector(".cardbook-widget[data-engine]")
    assert probe.get_attribute("data-engine") == "true"
    page.wait_for_timeout(300)
    assert engine_requests(requests) == [], "the page loaded the engine before anything was sent"
    page.click("[data-action=new]")
    page.wait_for_selector(".cardbook-widget[data-spec]", timeout=BOOT_MS)
    kind, seed = probe.get_attribute("data-spec").split(":")
    assert kind == "pick_follow" and int(seed) % 3 == 2  # asked for a hard one
    marks = page.evaluate("performance.getEntriesByName('cardbook-engine:handle').map(m => m.detail)")
    assert len(marks) == 1 and marks[0]["type"] == "new" and marks[0]["ms"] > 0
    # the browser's puzzle is the kernel's: the same generator gives the same spec for that seed
    assert json.loads(probe.get_attribute("data-spec-json")) == make_puzzle(kind, int(seed))
    page.click("[data-action=bad]")
    page.wait_for_selector(".cardbook-widget[data-error]")
    assert probe.get_attribute("data-error") == "unknown difficulty 'medium': expected one of easy, normal, hard"
    assert log.blocked == []
    assert log.errors == [
        "cardbook engine: widgets.puzzles.service:PuzzleService: unknown difficulty 'medium': "
        "expected one of easy, normal, hard "], "a refused message is logged, nothing else"
    fetched = {url.rsplit("widget-runtime/", 1)[-1] for url in engine_requests(requests)}
    assert fetched == ENGINE_FILES
    assert not [w for w in warnings if "cardbook engine" in w], warnings


def test_a_second_visit_starts_the_engine_from_the_cache_and_so_does_an_offline_one(offline_page, engine_page):
    """The first visit keeps the gzipped files (and a snapshot of Python) in Cache Storage: a second visit fetches
    none of them, and with the browser offline the page (the book's service worker) and the engine still answer."""
    page, log = offline_page
    page.goto(engine_page[1])
    page.wait_for_selector(".cardbook-widget[data-engine=true]")
    page.click("[data-action=new]")
    page.wait_for_selector(".cardbook-widget[data-spec]", timeout=BOOT_MS)
    page.wait_for_function("async () => (await caches.keys()).some(n => n.startsWith('cardbook-engine-')) && "
                           "(await (await caches.open((await caches.keys()).find(n => n.startsWith('cardbook-engine-')))).keys())"
                           ".some(r => /snapshot-/.test(r.url))", timeout=BOOT_MS)  # kept after the first answer
    page.wait_for_function("() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready", timeout=BOOT_MS)
    for visit in ("again", "offline"):
        if visit == "offline":
            page.context.set_offline(True)
        again = page.context.new_page()
        requests: list[str] = []
        again.on("request", lambda request, requests=requests: requests.append(request.url))
        again.on("console", lambda message: message.type == "error" and log.errors.append(message.text))
        again.goto(engine_page[1])
        again.wait_for_selector(".cardbook-widget[data-engine=true]")
        again.click("[data-action=new]")
        again.wait_for_selector(".cardbook-widget[data-spec]", timeout=BOOT_MS)
        assert not [url for url in requests if url.endswith(".gz")], f"{visit}: the engine's files came from the network"
        again.close()
    assert log.blocked == [] and log.errors == [], log.errors


def test_from_a_file_the_engine_is_unavailable_and_says_why(offline_page, engine_page):
    page, log = offline_page
    page.goto((engine_page[0] / "index.html").as_uri())
    probe = page.locator(".cardbook-widget")
    page.wait_for_selector(".cardbook-widget[data-engine]")
    assert probe.get_attribute("data-engine") == "false"
    page.click("[data-action=new]")
    page.wait_for_selector(".cardbook-widget[data-view]")
    view = json.loads(probe.get_attribute("data-view"))
    assert view["state"] == "loading" and view["engine"] == "unavailable"
    assert "served over http" in view["message"]["en"] and "http" in view["message"]["zh"]
    assert probe.get_attribute("data-spec") is None
    assert log.blocked == [] and log.errors == []


def test_a_python_error_in_the_worker_reaches_the_page_log_with_its_traceback(offline_page, engine_page, tmp_path):
    write_engine_page(tmp_path, service="widgets.puzzles.service:fresh_seed",  # a function: no start()
                      runtime=engine_page[0] / "widget-runtime")
    with served(tmp_path) as url:
        page, log = offline_page
        page.goto(url + "index.html")
        page.wait_for_selector(".cardbook-widget[data-engine=true]")
        page.click("[data-action=new]")
        page.wait_for_selector(".cardbook-widget[data-error]", timeout=BOOT_MS)
        error = "AttributeError: 'function' object has no attribute 'start'"
        assert page.locator(".cardbook-widget").get_attribute("data-error") == error
        assert len(log.errors) == 1 and log.errors[0].startswith(f"cardbook engine: widgets.puzzles.service:fresh_seed: {error}")
        assert "Traceback (most recent call last)" in log.errors[0] and "in serve" in log.errors[0]


def engine_status(page) -> dict:
    """The engine's status box: its state, cause, words (one language, the page's) and Retry button."""
    box = page.locator(".cardbook-widget .cb-engine-status")
    said = box.locator("p")
    return {"status": box.get_attribute("data-engine-status"), "cause": box.get_attribute("data-cause"),
            "lang": said.get_attribute("lang"), "text": said.inner_text(),
            "retry": box.locator("button[data-action=engine-retry]").inner_text()}


def test_files_missing_from_the_site_are_named_and_retry_starts_the_engine_once_they_are_back(offline_page, engine_page, tmp_path):
    write_engine_page(tmp_path, runtime=engine_page[0] / "widget-runtime")
    wasm = tmp_path / "widget-runtime" / "pyodide" / "pyodide.asm.wasm.gz"
    kept = wasm.read_bytes()
    wasm.unlink()  # a broken install
    with served(tmp_path) as url:
        page, log = offline_page
        page.goto(url + "index.html")
        probe = page.locator(".cardbook-widget")
        page.wait_for_selector(".cardbook-widget[data-engine=true]")
        page.click("[data-action=new]")
        page.wait_for_selector(".cb-engine-status[data-engine-status=failed]", timeout=BOOT_MS)
        said = engine_status(page)
        assert said["cause"] == "missing" and said["retry"] == "Retry" and said["lang"] == "en", said
        assert "missing" in said["text"]
        assert "disk" not in said["text"] and "file" not in said["text"].replace("files", ""), "over http, never the file:// words"
        assert probe.get_attribute("data-view") is None, "the widget's view is kept while the engine cannot answer"
        assert probe.get_attribute("data-engine") == "false"
        assert any("could not start (missing)" in error and "pyodide.asm.wasm.gz: HTTP 404" in error for error in log.errors), log.errors
        wasm.write_bytes(kept)
        page.click("button[data-action=engine-retry]")
        page.wait_for_selector(".cardbook-widget[data-spec]", timeout=BOOT_MS)  # the refused "new" sent again
        assert probe.get_attribute("data-engine") == "true" and page.locator(".cb-engine-status").count() == 0


def test_a_network_failure_is_named_with_a_retry_and_the_download_shows_its_progress(offline_page, engine_page):
    page, log = offline_page
    failing = {"on": True}

    def cut(route):
        if failing["on"]:
            route.abort("connectionreset")
        else:
            route.continue_()

    page.context.route("**/pyodide.asm.wasm.gz", cut)
    page.goto(engine_page[1])
    page.wait_for_selector(".cardbook-widget[data-engine=true]")
    page.evaluate("document.documentElement.lang = 'zh-Hans'")  # a page of the Chinese edition: its words only
    page.click("[data-action=new]")
    page.wait_for_selector(".cb-engine-status[data-engine-status=failed]", timeout=BOOT_MS)
    said = engine_status(page)
    assert said["cause"] == "network" and said["lang"] == "zh-Hans" and "网络" in said["text"], said
    assert said["retry"] and not re.search("[A-Za-z]", said["retry"] + said["text"]), said
    page.evaluate("document.documentElement.lang = 'en'")
    failing["on"] = False
    page.evaluate("""() => { window.seen = []; new MutationObserver(() => {
        const box = document.querySelector('.cb-engine-status');
        if (box) window.seen.push([box.dataset.engineStatus, box.querySelector('p[lang=en]').textContent,
                                   box.querySelector('progress') && box.querySelector('progress').max]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true }); }""")
    page.click("button[data-action=engine-retry]")
    page.wait_for_selector(".cardbook-widget[data-spec]", timeout=BOOT_MS)
    seen = page.evaluate("window.seen")
    loading = [text for status, text, _ in seen if status == "loading"]
    assert loading and all(" MB" in text and "Loading the practice engine" in text for text in loading), seen
    assert any(status == "starting" for status, _, _ in seen), seen
    assert log.blocked == []


# ---- the tutor on the built book's play page ----

#: The tutor's root names the answer it draws (data-serial): wait for the next one.
ANSWERED = "([root, before]) => root.dataset.serial !== undefined && root.dataset.serial !== before"


def press(page, root, action: str) -> None:
    before = root.get_attribute("data-serial")
    root.locator(f"[data-action={action}]").first.click()
    page.wait_for_function(ANSWERED, arg=[root.element_handle(), before], timeout=BOOT_MS)


def play_by_hints(page, game: str) -> int:
    """Hint then play until the tutor of ``game`` is over; the reader's moves."""
    root = page.locator(f"[data-tutor={game}]")
    moves = 0
    while True:
        page.wait_for_function("r => r.dataset.state === 'over' || r.dataset.turn === 'you'",
                               arg=root.element_handle(), timeout=BOOT_MS)
        if root.get_attribute("data-state") == "over":
            return moves
        press(page, root, "hint")
        press(page, root, "play")
        assert not root.locator(".cbtu-refusal").count(), root.locator("[role=status]").inner_text()
        moves += 1
        assert moves < 400, "the game did not end"


@pytest.mark.parametrize("game", ["shengji", "yishang"])
def test_a_whole_game_by_hint_and_play_in_the_browser_matches_the_kernel(offline_page, site_url, built_book, game):
    from tests.widgets.test_tutor_drive import play_out
    from widgets.tutor.session import TutorSession

    page, log = offline_page
    options = tutor_options(built_book, game)
    page.goto(f"{site_url}book/play.html#deal={game}:{options.get('seed', 0)}")
    moves = play_by_hints(page, game)
    root = page.locator(f"[data-tutor={game}]")
    assert root.locator(".cbtu-review").count() == 1
    kernel = list(play_out(TutorSession.start(options), grade=True))  # ends with the review's grades
    assert moves == len(kernel) - 2, "the browser's game took other moves than the kernel's"
    review = kernel[-1]["review"]
    graded = root.locator(".cbtu-graded:not([aria-busy])")  # the page asked for the grades once the review showed
    graded.wait_for(timeout=BOOT_MS)
    assert graded.locator("[data-review-decision]").count() == len(review["graded"]["decisions"])
    summary = root.locator(".cbtu-summary").all_inner_texts()
    assert summary == [line["en"] for line in review["summary"]] or summary == [line["zh"] for line in review["summary"]]
    if game == "shengji":
        assert root.locator(".cbtu-review-tricks > li").count() == len(review["tricks"])
        assert sum(len(play["cards"]) for trick in review["tricks"] for play in trick["plays"]) == 100  # SJ-1: 108 less the kitty
    assert log.blocked == [] and log.errors == [], log.errors



def test_a_reader_who_follows_ss_gets_the_tutor_s_deal_under_ss(offline_page, site_url, built_book):
    """One guide first: the play page's 升级 table was stored dealt under SG; a reader who picked SS (the bar's
    Rules menu) gets the same deal under SS, from the book's engine, with nothing to click."""
    from playwright.sync_api import expect

    from widgets.tutor.session import TutorSession

    page, log = offline_page
    page.add_init_script("localStorage.getItem('cardbook-settings') || "
                         "localStorage.setItem('cardbook-settings', JSON.stringify({guide: 'shuangsheng'}))")
    options = {**tutor_options(built_book, "shengji"), "ruleset": "shuangsheng"}
    page.goto(f"{site_url}book/play.html")
    root = page.locator("[data-tutor=shengji]")
    expect(root.locator("[data-control=ruleset-shuangsheng]")).to_have_attribute("aria-pressed", "true", timeout=BOOT_MS)
    expected = [card for group in TutorSession.start(options).view()["table"]["hand"] for card in group["cards"]]
    assert [b.get_attribute("data-card") for b in root.locator("button.cbtu-card").all()] == expected
    assert log.blocked == [] and log.errors == [], log.errors

def hand_cards(page, game: str) -> list[str]:
    root = page.locator(f"[data-tutor={game}][data-turn=you]")
    root.wait_for(timeout=BOOT_MS)
    return root.locator(".cbtu-hand .cb-card[role=img]").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")


def test_a_deal_link_followed_twice_deals_the_same_hand(browser, site_url, built_book):
    """Each link opened in a tab of its own (one browser profile: the engine comes from its cache after the
    first; a cold start is test_a_second_visit_starts_the_engine_from_the_cache_and_so_does_an_offline_one's)."""
    seen = []
    context = browser.new_context()
    context.route("**/*", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
    for seed in (7, 7, 8):
        page = context.new_page()
        page.goto(f"{site_url}book/play.html#deal=yishang:{seed}")
        seen.append(hand_cards(page, "yishang"))
        page.close()
    context.close()
    assert seen[0] and seen[0] == seen[1], "the same link dealt two hands"
    assert seen[2] != seen[0], "another seed dealt the same hand"


def test_a_deal_link_with_options_opens_exactly_that_game_in_the_static_book(offline_page, built_runtime, tmp_path):
    """One opponent and YS-16: not the game of the page's tutor (two opponents, as written), in a page
    of the play page's two tutors with the book's widget runtime and engine."""
    from widgets.puzzles.page import write_page
    from widgets.tutor.session import TutorSession
    from widgets.tutor.widget import Tutor

    copy_runtime(built_runtime, tmp_path)  # with the book's service worker, which the loader registers
    (tmp_path / "favicon.ico").write_bytes(b"")
    write_page(tmp_path, [Tutor("shengji", seed=3), Tutor("yishang", seed=6, opponents=2)])
    options = {"game": "yishang", "seed": 7, "ruleset": "yishang-fewest", "opponents": 1}
    view = TutorSession.start(options).view()
    page, log = offline_page
    with served(tmp_path) as url:
        page.goto(f"{url}index.html{view['link']}")
        root = page.locator("[data-tutor=yishang][data-turn=you]")
        root.wait_for(timeout=BOOT_MS)  # the stored view is another deal: drawn once the engine has answered
        assert "Deal 7" in root.inner_text()
        assert [b.get_attribute("data-card") for b in root.locator("button.cbtu-card").all()] == view["table"]["hand"][0]["cards"]
        assert root.locator(".cbtu-felt.cbtu-players-2").count() == 1
        assert root.locator("[data-control=ruleset-yishang-fewest]").get_attribute("aria-pressed") == "true"
        assert root.locator("a[data-control=link]").get_attribute("href") == view["link"]
    assert log.blocked == [] and log.errors == [], log.errors


def test_from_a_file_the_tutor_says_the_engine_is_unavailable_and_the_puzzles_still_grade(offline_page, built_book):
    page, log = offline_page
    page.goto((built_book / "book" / "play.html").as_uri())
    for game in ("shengji", "yishang"):  # each heard from the loader that the engine cannot run here
        tutor = page.locator(f"[data-tutor={game}]")
        page.wait_for_function("t => /over http/.test(t.textContent)", arg=tutor.element_handle())
        assert tutor.get_attribute("data-state") == "loading" and tutor.get_attribute("data-turn") is None
    page.goto((built_book / "book" / "shengji-playing.html").as_uri())
    puzzle = page.locator("[data-puzzle-kind]:has(button.cbp-answer)").first
    puzzle.wait_for(timeout=30_000)
    puzzle.locator("button.cbp-answer").first.click()
    assert puzzle.locator(".cbp-verdict[role=status]").inner_text().strip(), "no verdict from the bank's puzzle"
    assert log.blocked == [] and [e for e in log.errors if "net::ERR_ABORTED" not in e] == []
