"""The puzzles in a browser: a static page with no kernel (over http and from ``file://``) and Voila.

The static page holds exactly what a built chapter holds: each widget's state (the shown
spec and its packed bank) and the local widget runtime; nothing else runs behind it.
Rules: SJ-9 (pick a follow), SJ-10 (trick winner), SG-7 / SS-7 (ruleset switch), YS-4, YS-5,
YS-E1 (the 一上一下 state), YS-9 (challenges); every other kind renders and grades (SJ-1 … YS-16).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import free_port, start_server, stop_server

REPO = Path(__file__).resolve().parents[2]
KNOWN_VOILA_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@"

#: The puzzles on the test page: (kind, seed of the shown puzzle).
SHOWN = [("follow_legal", 0), ("pick_follow", 1), ("trick_winner", 0), ("shape", 2), ("highest", 0),
         ("kitty_score", 1), ("level_change", 16), ("calling", 2), ("ys_challenge", 0), ("ys_state", 1),
         ("first_dealer", 22), ("deal", 0), ("next_leader", 0), ("after_hand", 5), ("trick_points", 2),
         ("count_trumps", 0), ("bury", 0), ("lead_legal", 5), ("last_trick", 0), ("ys_deal", 0),
         ("ys_first_player", 4), ("ys_action", 0), ("ys_draw", 7)]


def stage_runtime(folder: Path) -> None:
    """Copy the widget runtime from node_modules beside the page (the book's own tool)."""
    sys.path.insert(0, str(REPO / "tools"))
    try:
        from stage_widget_runtime import stage
    finally:
        sys.path.remove(str(REPO / "tools"))
    stage(REPO / "node_modules", folder)


def build_static_page(folder: Path) -> dict[str, dict]:
    """Write ``folder/index.html`` with one widget per kind and the widget runtime beside it."""
    from widgets.puzzle_widget import Puzzle
    from widgets.puzzles.page import write_page

    stage_runtime(folder)
    widgets = {kind: Puzzle(kind, seed=seed) for kind, seed in SHOWN}
    write_page(folder, widgets.values())
    return {kind: widget.spec for kind, widget in widgets.items()}


@pytest.fixture(scope="module")
def static_page(tmp_path_factory):
    """``(folder, http url, specs by kind)``: the page served over http on a free loopback port."""
    folder = tmp_path_factory.mktemp("puzzles")
    specs = build_static_page(folder)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                           "--directory", str(folder)], url)
    yield folder, url, specs
    stop_server(server)


def root(page, kind: str):
    return page.locator(f'[data-puzzle-kind="{kind}"]')


def open_page(page, url: str):
    page.goto(url)
    for kind, _seed in SHOWN:
        root(page, kind).wait_for(timeout=30_000)


def first_key(spec: dict, ok: bool, ruleset: str | None = None) -> str:
    rid = ruleset or spec["rulesets"][0]["id"]
    return next(a["key"] for a, (good, _r) in zip(spec["answers"], spec["verdicts"][rid]) if good == ok)


def test_every_kind_renders_offline_with_a_stable_outline(offline_page, static_page):
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    for kind, seed in SHOWN:
        widget = root(page, kind)
        assert widget.get_attribute("data-puzzle-id") == f"{kind}:{seed}"
        assert widget.locator('[role="status"][aria-live="polite"]').count() == 1
        if specs[kind]["input"] == "choice":
            assert widget.locator("button.cbp-answer").count() == len(specs[kind]["answers"])
        else:
            assert widget.locator("form button[type=submit]").count() == 1
    assert log.blocked == [] and log.errors == []


def test_sj10_wrong_answer_shows_the_explanation_its_rule_id_and_a_link(offline_page, static_page):
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["trick_winner"]
    wrong = first_key(spec, ok=False)
    widget = root(page, "trick_winner")
    widget.locator(f'button.cbp-answer[data-key="{wrong}"]').click()
    status = widget.locator('[role="status"]')
    assert "Not quite" in status.inner_text()
    rid = spec["rulesets"][0]["id"]
    reason = spec["reasons"][spec["verdicts"][rid][[a["key"] for a in spec["answers"]].index(wrong)][1]]
    assert status.locator(".cbp-rule").inner_text() == reason["rule"]
    assert reason["en"] in status.inner_text()
    link = status.locator("a.cbp-rule-link")
    assert link.get_attribute("href") == f"../{reason['page']}.html#{reason['anchor']}"
    assert reason["rule"] in link.inner_text()
    assert log.errors == []


def test_the_page_grades_every_answer_as_the_engine_did_under_every_ruleset(offline_page, static_page):
    """Every answer button of every choice puzzle, under each ruleset the puzzle offers: the page's
    verdict and rule id are the spec's (which test_puzzle_specs.py checks against the engine)."""
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    for kind, spec in specs.items():
        if spec["input"] != "choice":
            continue
        widget = root(page, kind)
        rulesets = [r["id"] for r in spec["rulesets"]] if spec["differs"] else [spec["rulesets"][0]["id"]]
        for rid in rulesets:
            if spec["differs"]:
                widget.locator("select.cbp-ruleset").select_option(rid)
            for answer, (ok, reason) in zip(spec["answers"], spec["verdicts"][rid]):
                widget.locator(f'button.cbp-answer[data-key="{answer["key"]}"]').click()
                status = widget.locator('[role="status"]')
                assert status.locator(".cbp-outcome").inner_text() == ("Correct!" if ok else "Not quite."), \
                    (kind, rid, answer["key"])
                first = reason if isinstance(reason, int) else reason[0]  # several parts: the first reason leads
                assert status.locator(".cbp-rule").first.inner_text() == spec["reasons"][first]["rule"]
    assert log.errors == []


def test_right_answer_shows_correct_and_the_correct_answers(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["ys_challenge"]
    widget = root(page, "ys_challenge")
    widget.locator(f'button.cbp-answer[data-key="{first_key(spec, ok=True)}"]').click()
    status = widget.locator('[role="status"]')
    assert "Correct!" in status.inner_text()
    assert status.locator(".cbp-rule").inner_text().startswith("YS-")


def test_new_puzzle_moves_through_the_bank_at_the_chosen_difficulty(offline_page, static_page):
    page, log = offline_page
    _folder, url, _specs = static_page
    open_page(page, url)
    widget = root(page, "shape")
    before = widget.get_attribute("data-puzzle-id")
    widget.locator("select.cbp-difficulty").select_option("easy")
    widget.locator("button.cbp-new").click()
    page.wait_for_function(f"""() => document.querySelector('[data-puzzle-kind="shape"]').dataset.puzzleId !== "{before}" """)
    assert widget.get_attribute("data-difficulty") == "easy"
    seed = int(widget.get_attribute("data-puzzle-id").split(":")[1])
    assert seed % 3 == 0 and seed < 21
    assert log.errors == []


def test_sj9_keyboard_only_typing_a_legal_follow_in_the_notation(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["pick_follow"]
    legal = first_key(spec, ok=True)
    widget = root(page, "pick_follow")
    widget.locator("button.cbp-new").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('cbp-type')"):
            break
    typed = " ".join(("♥" + c[1:]) if c.startswith("H") else c.lower() for c in legal.split())
    page.keyboard.type(typed)
    page.keyboard.press("Enter")
    assert "Correct!" in widget.locator('[role="status"]').inner_text()


def test_keyboard_only_tab_arrows_and_enter_on_answer_buttons(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["highest"]
    keys = [a["key"] for a in spec["answers"]]
    target = keys.index(first_key(spec, ok=True))
    widget = root(page, "highest")
    widget.locator("button.cbp-new").focus()
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('cbp-answer')"):
            break
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.key") == keys[target]
    page.keyboard.press("Enter")
    assert "Correct!" in widget.locator('[role="status"]').inner_text()


def test_ys_e1_keyboard_only_fields_of_the_table_state(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["ys_state"]
    target, face, player = spec["correct"][spec["rulesets"][0]["id"]][0].split("|")
    widget = root(page, "ys_state")
    for name, value in (("target", target), ("face", face), ("player", player)):
        select = widget.locator(f'select[data-field="{name}"]')
        select.focus()
        options = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        current = options.index(select.input_value())
        wanted = options.index(value)
        for _ in range(abs(wanted - current)):
            page.keyboard.press("ArrowDown" if wanted > current else "ArrowUp")
        assert select.input_value() == value
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('cbp-submit')")
    page.keyboard.press("Enter")
    assert "Correct!" in widget.locator('[role="status"]').inner_text()


def test_progress_survives_a_reload_and_exports_as_json(offline_page, static_page, tmp_path):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    widget = root(page, "calling")
    widget.locator(f'button.cbp-answer[data-key="{first_key(specs["calling"], ok=True)}"]').click()
    assert widget.locator(".cbp-progress").inner_text() == "Solved 1 · streak 1"
    page.reload()
    open_page(page, url)
    assert root(page, "calling").locator(".cbp-progress").inner_text() == "Solved 1 · streak 1"
    with page.expect_download() as download:
        root(page, "calling").locator("button.cbp-export").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["calling"] == {"solved": 1, "streak": 1}
    backup = tmp_path / "progress.json"
    backup.write_text(json.dumps({"shape": {"solved": 7, "streak": 3}}), encoding="utf-8")
    root(page, "shape").locator("input.cbp-import-file").set_input_files(str(backup))
    expect(root(page, "shape").locator(".cbp-progress")).to_have_text("Solved 7 · streak 3")  # read async


def test_sg7_ss7_ruleset_switch_regrades_where_the_documents_differ(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    spec = specs["level_change"]
    assert spec["differs"]
    first, other = (r["id"] for r in spec["rulesets"][:2])
    key = next(k for k in spec["correct"][first] if k not in spec["correct"][other])
    open_page(page, url)
    widget = root(page, "level_change")
    widget.locator(f'button.cbp-answer[data-key="{key}"]').click()
    assert "Correct!" in widget.locator('[role="status"]').inner_text()
    widget.locator("select.cbp-ruleset").select_option(other)
    assert "Not quite" in widget.locator('[role="status"]').inner_text()


def test_language_switch_and_four_colour_deck(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    widget = root(page, "kitty_score")
    widget.locator("button.cbp-lang").click()
    assert specs["kitty_score"]["question"]["zh"] in widget.inner_text()
    assert widget.get_attribute("lang") == "zh-Hans"
    widget.locator("input.cbp-four-toggle").check()
    assert "cbp-four" in widget.get_attribute("class")


def test_a_url_fragment_names_one_puzzle(offline_page, static_page):
    page, _log = offline_page
    _folder, url, _specs = static_page
    page.goto(url + "#puzzle=shape:4")
    page.wait_for_function("""() => { const r = document.querySelector('[data-puzzle-kind="shape"]');
                                      return r && r.dataset.puzzleId === "shape:4"; }""", timeout=30_000)
    link = root(page, "shape").locator("a.cbp-permalink")
    assert link.get_attribute("href") == "#puzzle=shape:4"


def test_the_same_page_works_from_a_file(offline_page, static_page):
    page, log = offline_page
    folder, _url, specs = static_page
    open_page(page, (folder / "index.html").as_uri())
    widget = root(page, "follow_legal")
    widget.locator(f'button.cbp-answer[data-key="{first_key(specs["follow_legal"], ok=False)}"]').click()
    assert "Not quite" in widget.locator('[role="status"]').inner_text()
    assert log.blocked == [] and log.errors == []


def test_voila_new_puzzle_comes_fresh_from_the_kernel(offline_page):
    """In Voila the engine makes a new puzzle (a seed beyond the bank); the answer is graded at once."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    notebooks = REPO / "tests" / "widgets" / "notebooks"
    # as `make present` does: jupytext's lab extension fails to load in Voila's page
    voila = start_server([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                          "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext", str(notebooks)],
                         url, cwd=REPO)
    page, log = offline_page
    try:
        page.goto(url + "voila/render/puzzles.ipynb", timeout=90_000)
        widget = root(page, "trick_winner")
        widget.wait_for(timeout=90_000)
        page.wait_for_selector('[data-puzzle-kind="trick_winner"][data-live="true"]', timeout=30_000)
        widget.locator("select.cbp-difficulty").select_option("hard")
        widget.locator("button.cbp-new").click()
        page.wait_for_function("""() => { const r = document.querySelector('[data-puzzle-kind="trick_winner"]');
                                          return Number(r.dataset.puzzleId.split(":")[1]) >= 21; }""", timeout=30_000)
        assert widget.get_attribute("data-difficulty") == "hard"
        widget.locator("button.cbp-answer").first.click()
        text = widget.locator('[role="status"]').inner_text()
        assert re.search(r"Correct!|Not quite", text) and re.search(r"SJ-10|C-1|C-5", text)
    finally:
        stop_server(voila)
    assert [u for u in log.blocked if not u.startswith(KNOWN_VOILA_CDN)] == []
    assert [e for e in log.errors if "net::ERR_FAILED" not in e] == []


#: Text of puzzle.js that the widget state of a page carries when a chapter embeds a puzzle.
PUZZLE_MARKER = "Puzzle front end: renders an engine-made puzzle spec"


def test_puzzles_in_the_built_book_grade_and_link_to_their_rule(offline_page, site_url, built_book):
    """Every chapter that embeds a puzzle: it renders from the page alone, a wrong answer shows
    the rule id, and the rule link leads to an anchor that exists in the book."""
    pages = sorted(p for p in built_book.rglob("*.html") if PUZZLE_MARKER in p.read_text(encoding="utf-8"))
    if not pages:
        pytest.skip("no chapter embeds a puzzle yet (the chapters issue wires them)")
    page, log = offline_page
    checked: list[str] = []
    typed_only: list[str] = []
    for html in pages:
        address = site_url + html.relative_to(built_book).as_posix()
        page.goto(address, wait_until="networkidle")  # the next goto must not abort this page's loads
        page.locator("[data-puzzle-kind]").first.wait_for(timeout=30_000)
        choice_puzzles = page.locator("[data-puzzle-kind]:has(button.cbp-answer)")
        if choice_puzzles.count() == 0:  # only typed or picked answers here: graded in other tests
            typed_only.append(html.name)
            continue
        widget = choice_puzzles.first
        widget.locator("button.cbp-answer").first.click()
        status = widget.locator('[role="status"]')
        assert status.inner_text().strip(), f"{html.name}: no verdict after answering"
        rule = status.locator(".cbp-rule").inner_text()
        link = status.locator("a.cbp-rule-link")
        target = page.evaluate("(a) => a.href", link.element_handle())
        page.goto(target, wait_until="networkidle")
        anchor = target.split("#", 1)[1]
        assert anchor == f"rule-{rule.lower()}"
        assert page.locator(f'[id="{anchor}"]').count() == 1, f"{target} has no anchor {anchor}"
        checked.append(html.name)
    # every page with a choice puzzle was checked; a page may hold only typed or picked answers
    # (the first 升级 page's deal and points exercises, the strategy page's card picks)
    assert len(checked) >= len(pages) - 3, f"only {checked} had a choice puzzle; typed or picked only: {typed_only}"
    assert log.blocked == [] and log.errors == []
