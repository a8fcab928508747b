"""The puzzles in a browser: a static page with no kernel (over http and from ``file://``), Voila, and the
built book (each page that embeds puzzles visited once for its per-page tests: tests/browser/puzzle_visit.py).

The static page holds exactly what a built chapter holds: each widget's state (the shown
spec and its packed bank) and the local widget runtime; nothing else runs behind it.  It has no
settings bar of its own, so each puzzle shows one (as in JupyterLab and Voila).
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

from tests.conftest import edition_of

from .conftest import free_port, served, start_server, stop_server
from .engine_page import copy_runtime
from .puzzle_visit import PuzzleVisits, ids_in, settled_top, site_file

REPO = Path(__file__).resolve().parents[2]
KNOWN_VOILA_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@"

#: The puzzles on the test page: (kind, seed of the shown puzzle).
SHOWN = [("follow_legal", 0), ("pick_follow", 1), ("trick_winner", 0), ("shape", 2), ("highest", 0),
         ("kitty_score", 1), ("level_change", 16), ("calling", 2), ("ys_challenge", 0), ("ys_state", 1),
         ("first_dealer", 22), ("deal", 0), ("next_leader", 0), ("after_hand", 5), ("trick_points", 2),
         ("count_trumps", 0), ("bury", 0), ("lead_legal", 5), ("last_trick", 0), ("ys_deal", 0),
         ("ys_first_player", 4), ("ys_action", 0), ("ys_draw", 7), ("endgame", 13)]


def build_static_page(folder: Path, runtime: Path) -> dict[str, dict]:
    """Write ``folder/index.html`` with one widget per kind, and beside it a copy of the book's staged
    widget runtime and browser engine (``runtime``)."""
    from widgets.puzzle_widget import Puzzle
    from widgets.puzzles.page import write_page

    from widgets.stepper import DealStepper

    copy_runtime(runtime, folder)
    widgets = {kind: Puzzle(kind, seed=seed, slot=f"{kind}-1") for kind, seed in SHOWN}  # as a chapter's kernel numbers them
    write_page(folder, widgets.values())
    write_page(folder, [DealStepper("yishang", seed=0)], name="deal.html")  # "Watch a whole game"
    return {kind: widget.spec for kind, widget in widgets.items()}


@pytest.fixture(scope="module")
def static_page(tmp_path_factory, built_runtime):
    """``(folder, http url, specs by kind)``: the page served over http on a free loopback port.  Module-scoped,
    so the tests that use it share one xdist worker (tests/conftest.py) and its 24 banks are made once a run,
    not once per worker."""
    folder = tmp_path_factory.mktemp("puzzles")
    specs = build_static_page(folder, built_runtime)
    with served(folder) as url:
        yield folder, url, specs


def root(page, kind: str):
    return page.locator(f'[data-puzzle-kind="{kind}"]')


def open_page(page, url: str):
    page.goto(url)
    for kind, _seed in SHOWN:
        root(page, kind).wait_for(timeout=30_000)


def choose_ruleset(widget, ruleset: str) -> None:
    """Open the puzzle's rules menu and press one ruleset."""
    widget.locator("details.cbp-rules > summary").click()
    widget.locator(f'details.cbp-rules button.cbp-option[data-value="{ruleset}"]').click()


def first_key(spec: dict, ok: bool, ruleset: str | None = None) -> str:
    rid = ruleset or spec["rulesets"][0]["id"]
    return next(a["key"] for a, (good, _r) in zip(spec["answers"], spec["verdicts"][rid]) if good == ok)


#: Each puzzle's outline, by kind, read in one call: its id, its slot, its polite verdict regions, its link,
#: its answer buttons and its submit buttons.
OUTLINES = """(roots) => Object.fromEntries(roots.map((r) => [r.dataset.puzzleKind, {
  id: r.dataset.puzzleId, slot: r.dataset.puzzleSlot,
  verdicts: r.querySelectorAll('.cbp-verdict[role="status"][aria-live="polite"]').length,
  link: r.querySelector("button.cbp-permalink")?.dataset.href ?? null,
  answers: r.querySelectorAll("button.cbp-answer").length,
  submits: r.querySelectorAll("form button[type=submit]").length,
}]))"""


def test_every_kind_renders_offline_with_a_stable_outline(offline_page, static_page):
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    outlines = page.locator("[data-puzzle-kind]").evaluate_all(OUTLINES)
    for kind, seed in SHOWN:
        outline = outlines[kind]
        assert outline["id"] == f"{kind}:{seed}", outline
        assert outline["slot"] == f"{kind}-1", outline
        assert outline["verdicts"] == 1, outline
        assert outline["link"] == f"#puzzle={kind}-1/{kind}:{seed}", outline
        if specs[kind]["input"] == "choice":
            assert outline["answers"] == len(specs[kind]["answers"]), outline
        else:
            assert outline["submits"] == 1, outline
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


#: Press each answer button of a widget in turn, as a click does (its onclick grades), and read the verdict each
#: one gets: its outcome and its first rule id (the deciding rule), as the page draws them.
PRESS_EACH_ANSWER = """(root, keys) => keys.map((key) => {
  root.querySelector(`button.cbp-answer[data-key="${CSS.escape(key)}"]`).click();
  const status = root.querySelector('[role="status"]');
  return [status.querySelector(".cbp-outcome")?.innerText ?? null, status.querySelector(".cbp-rule")?.innerText ?? null];
})"""


def test_the_page_grades_every_answer_as_the_engine_did_under_every_ruleset(offline_page, static_page):
    """Every answer button of every choice puzzle, under each ruleset the puzzle offers: the page's
    verdict and rule id are the spec's (which test_puzzle_specs.py checks against the engine).  The rulesets
    are chosen in the menu by clicks; the answers of one puzzle under one ruleset are pressed in one call in
    the page (each button's click() runs its handler, as a reader's click does: the tests above click answers
    as a reader does, pointer and keyboard)."""
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    for kind, spec in specs.items():
        if spec["input"] != "choice":
            continue
        widget = root(page, kind)
        rulesets = [r["id"] for r in spec["rulesets"]] if spec["differs"] else [spec["rulesets"][0]["id"]]
        keys = [answer["key"] for answer in spec["answers"]]
        for rid in rulesets:
            if spec["differs"]:
                choose_ruleset(widget, rid)
            shown = widget.evaluate(PRESS_EACH_ANSWER, keys)
            for key, (outcome, rule), (ok, reason) in zip(keys, shown, spec["verdicts"][rid], strict=True):
                first = reason if isinstance(reason, int) else reason[0]  # several parts: the first reason leads
                assert (outcome, rule) == ("Correct!" if ok else "Not quite.", spec["reasons"][first]["rule"]), \
                    (kind, rid, key)
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
    # the right answer's reasons, each after its rule's id (YS-14 where two challenge, then YS-9: the reveal and who
    # takes the pile)
    chips = status.locator(".cbp-rule").all_inner_texts()
    assert "YS-9" in chips and all(chip in ("YS-9", "YS-14") for chip in chips), chips


def click_new_puzzle(page, widget) -> str:
    """Press "New puzzle" and wait for another puzzle; its id."""
    before = widget.get_attribute("data-puzzle-id")
    widget.locator("button.cbp-new").click()
    expect(widget).not_to_have_attribute("data-puzzle-id", before, timeout=40_000)
    return widget.get_attribute("data-puzzle-id")


def test_from_a_file_new_puzzle_moves_through_the_bank_at_the_chosen_difficulty(offline_page, static_page):
    """No engine from file://: the widget cycles its bank (seeds below 21), at the difficulty chosen."""
    page, log = offline_page
    folder, _url, _specs = static_page
    open_page(page, (folder / "index.html").as_uri())
    widget = root(page, "shape")
    assert widget.get_attribute("data-difficulty") == "hard"
    widget.locator('button.cbp-level-option[data-difficulty="easy"]').click()  # applies at once
    expect(widget).to_have_attribute("data-difficulty", "easy")
    expect(widget.locator(".cbp-notice")).to_contain_text("served over http")  # the first bank puzzle says why
    seen = [widget.get_attribute("data-puzzle-id")]
    for _ in range(7):
        seen.append(click_new_puzzle(page, widget))
        assert widget.get_attribute("data-source") == "bank"
        assert widget.locator(".cbp-notice").inner_text() == ""  # once is enough
    seeds = [int(shown.split(":")[1]) for shown in seen]
    assert all(seed % 3 == 0 and seed < 21 for seed in seeds) and len(set(seeds)) == 7 and seeds[0] == seeds[-1]
    assert widget.locator('button.cbp-level-option[aria-pressed="true"]').inner_text() == "easy"
    assert log.errors == []


def test_over_http_new_puzzle_wakes_the_engine_and_then_makes_fresh_puzzles(offline_page, static_page):
    """The first "New puzzle" shows a bank puzzle at once and wakes the engine; the next ones are made in
    the browser by the kernel's generators: past the bank, of the difficulty chosen, graded as the engine did."""
    from widgets.puzzles import make_puzzle

    page, log = offline_page
    _folder, url, _specs = static_page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_page(page, url)
    assert not [r for r in requests if "pyodide" in r], "the engine was fetched before anyone asked"
    widget = root(page, "trick_winner")
    widget.locator('button.cbp-level-option[data-difficulty="hard"]').click()
    assert widget.get_attribute("data-source") == "bank"  # at once, not after the engine's start
    page.wait_for_function("() => performance.getEntriesByName('cardbook-engine:handle').length > 0", timeout=40_000)
    fresh = [click_new_puzzle(page, widget) for _ in range(4)]
    assert widget.get_attribute("data-source") == "engine"
    assert widget.get_attribute("data-difficulty") == "hard"
    seeds = [int(shown.split(":")[1]) for shown in fresh]
    assert all(seed % 3 == 2 for seed in seeds), seeds  # a hard seed names a hard puzzle
    assert len(set(seeds)) == 4 and max(seeds) >= 21, seeds  # past the bank
    made = make_puzzle("trick_winner", seeds[-1])
    wrong = first_key(made, ok=False)
    widget.locator(f'button.cbp-answer[data-key="{wrong}"]').click()
    expect(widget.locator(".cbp-outcome")).to_have_text("Not quite.")
    assert log.errors == [] and log.blocked == []


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
    """A field of many values (the target) is a menu; one of a few (face, player) a row of buttons, arrows between them."""
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["ys_state"]
    target, face, player = spec["correct"][spec["rulesets"][0]["id"]][0].split("|")
    widget = root(page, "ys_state")
    select = widget.locator('select[data-field="target"]')
    select.focus()
    options = select.locator("option").evaluate_all("os => os.map(o => o.value)")
    current, wanted = options.index(select.input_value()), options.index(target)
    for _ in range(abs(wanted - current)):
        page.keyboard.press("ArrowDown" if wanted > current else "ArrowUp")
    assert select.input_value() == target
    for name, value in (("face", face), ("player", player)):
        page.keyboard.press("Tab")
        values = widget.locator(f'button.cbp-option[data-field="{name}"]').evaluate_all("bs => bs.map(b => b.dataset.value)")
        assert page.evaluate("document.activeElement.dataset.field") == name
        for _ in range(values.index(value)):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        assert widget.locator(f'button.cbp-option[data-field="{name}"][aria-pressed="true"]').get_attribute("data-value") == value
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('cbp-submit')")
    page.keyboard.press("Enter")
    assert "Correct!" in widget.locator('[role="status"]').inner_text()
    assert widget.locator(".cbp-field-right").count() == 3 and widget.locator(".cbp-field-wrong").count() == 0
    # one part wrong: that part, and only it, is marked (the verdict says why); changing it clears the marks
    wrong_player = next(v for v in values if v != player)
    widget.locator(f'button.cbp-option[data-field="player"][data-value="{wrong_player}"]').click()
    assert widget.locator(".cbp-field-wrong").count() == 0
    widget.locator("button.cbp-submit").click()
    assert "Not quite" in widget.locator('[role="status"]').inner_text()
    assert widget.locator('.cbp-field-wrong[aria-invalid="true"]').count() == 1
    assert widget.locator(".cbp-field-right").count() == 2


def open_settings(widget):
    """The widget's own settings bar (this page has none of its own), opened."""
    summary = widget.locator("details.cbp-settings > summary")
    if widget.locator("details.cbp-settings[open]").count() == 0:
        summary.click()
    return widget.locator(".cb-settings")


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
    bar = open_settings(root(page, "calling"))
    bar.locator("details.cb-settings-progress > summary").click()
    with page.expect_download() as download:
        bar.locator('button[data-control="export"]').click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["calling"] == {"solved": 1, "streak": 1, "answered": 1}
    backup = tmp_path / "progress.json"
    backup.write_text(json.dumps({"shape": {"solved": 7, "streak": 3}}), encoding="utf-8")
    open_settings(root(page, "shape")).locator("input.cb-settings-file").set_input_files(str(backup))
    root(page, "shape").locator('button[data-control="merge"]').click()  # read async, then previewed
    expect(root(page, "shape").locator(".cbp-progress")).to_have_text("Solved 7 · streak 3")
    expect(root(page, "calling").locator(".cbp-progress")).to_have_text("Solved 1 · streak 1")


def test_progress_is_safe_and_the_practice_loop_steps_streaks_retries_and_rushes(offline_page, static_page, tmp_path):
    """A file with a made-up kind or impossible counts is refused, said inside the open menu, and
    nothing changes; a good file is previewed, then merged (importing it again changes nothing); reset asks first.
    Then two first answers right in a row in a kind step its difficulty up (kept across a reload), a miss steps
    it down; the streak runs across kinds; a missed puzzle waits under "Retry a mistake" and in the menu by rule
    id; "next puzzle after a right answer" moves on; a rush counts its answers and ends on time with its score."""
    page, log = offline_page
    _folder, url, specs = static_page
    page.clock.install()
    open_page(page, url)
    widget = root(page, "calling")
    widget.locator(f'button.cbp-answer[data-key="{first_key(specs["calling"], ok=True)}"]').click()
    stored = page.evaluate("localStorage.getItem('cardbook-puzzle-progress')")
    bar = open_settings(widget)
    bar.locator("details.cb-settings-progress > summary").click()
    status = bar.locator(".cb-settings-panel .cb-settings-status")
    files = {"made-up": {"calling": {"solved": 1, "streak": 1, "answered": 1}, "madeup": {"solved": 5, "streak": 0}},
             "impossible": {"shape": {"solved": 9, "streak": 2, "answered": 4}},
             "good": {"shape": {"solved": 7, "streak": 3, "answered": 9}}}
    for name, content in files.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(content), encoding="utf-8")
    bar.locator("input.cb-settings-file").set_input_files(str(tmp_path / "made-up.json"))
    expect(status).to_contain_text("Not imported: the file names 1 kind of puzzle this book does not have")
    assert status.is_visible()  # in the open menu, not under it
    bar.locator("input.cb-settings-file").set_input_files(str(tmp_path / "impossible.json"))
    expect(status).to_contain_text("impossible counts")
    assert page.evaluate("localStorage.getItem('cardbook-puzzle-progress')") == stored
    for _again in range(2):  # a merge of the same file twice counts it once
        bar.locator("input.cb-settings-file").set_input_files(str(tmp_path / "good.json"))
        expect(bar.locator(".cb-settings-preview")).to_contain_text("Merge (each kind keeps the record with more answers): "
                                                                    "8 solved of 10 answered.")
        bar.locator('button[data-control="merge"]').click()
        expect(status).to_have_text("Progress imported.")
    expect(bar.locator(".cb-settings-totals")).to_have_text("8 solved of 10 answered")
    expect(root(page, "shape").locator(".cbp-progress")).to_have_text("Solved 7 · streak 3")
    bar.locator('button[data-control="reset"]').click()
    expect(bar.locator(".cb-settings-ask")).to_contain_text("Forget all progress (8 solved of 10 answered)?")
    bar.locator('button[data-control="confirm-reset"]').click()
    expect(status).to_have_text("Progress reset.")
    expect(bar.locator(".cb-settings-totals")).to_have_text("0 solved of 0 answered")
    expect(widget.locator(".cbp-progress")).to_have_text("Solved 0 · streak 0")
    # the practice loop, from the reset progress on
    shape, calling = root(page, "shape"), root(page, "calling")
    next_puzzle(page, "calling")  # its puzzle was answered before the reset
    shape.locator('button.cbp-level-option[data-difficulty="easy"]').click()
    expect(shape).to_have_attribute("data-difficulty", "easy")
    answer(page, "shape", ok=True)
    expect(shape.locator('button.cbp-level-option[aria-pressed="true"]')).to_have_attribute("data-difficulty", "easy")
    next_puzzle(page, "shape")
    answer(page, "shape", ok=True)
    expect(shape.locator('button.cbp-level-option[aria-pressed="true"]')).to_have_attribute("data-difficulty", "normal")
    expect(shape.locator(".cbp-notice")).to_have_text("2 right in a row: the next puzzle is harder.")
    answer(page, "calling", ok=True)
    expect(shape.locator(".cbp-streak")).to_have_text("Streak across all puzzles: 3 (best 3)")
    next_puzzle(page, "shape")
    assert shape.get_attribute("data-difficulty") == "normal"
    missed = answer(page, "shape", ok=False)
    expect(shape.locator('button.cbp-level-option[aria-pressed="true"]')).to_have_attribute("data-difficulty", "easy")
    expect(calling.locator(".cbp-streak")).to_have_text("Streak across all puzzles: 0 (best 3)")
    page.reload()
    open_page(page, url)
    shape = root(page, "shape")
    expect(shape.locator('button.cbp-level-option[aria-pressed="true"]')).to_have_attribute("data-difficulty", "easy")
    next_puzzle(page, "shape")
    shape.locator("button.cbp-retry").click()  # "Retry a mistake (1)"
    expect(shape).to_have_attribute("data-puzzle-id", missed)
    bar = open_settings(shape)
    bar.locator("details.cb-settings-progress > summary").click()
    expect(bar.locator(f'.cb-mistakes a[data-puzzle="{missed}"]').first).to_have_attribute("href", f"/#puzzle=shape-1/{missed}")
    assert bar.locator(".cb-rule-chart li").count() >= 1
    answer(page, "shape", ok=True)  # right at last: no longer a mistake
    expect(bar.locator(".cb-mistakes")).to_have_count(0)
    bar.locator('button[data-control="auto-next"]').click()  # the setting: the next puzzle after a right answer
    expect(bar.locator('button[data-control="auto-next"]')).to_have_attribute("aria-pressed", "true")
    before = answer(page, "calling", ok=True, outcome=False)  # right: the next puzzle comes by itself
    expect(root(page, "calling")).not_to_have_attribute("data-puzzle-id", before)
    expect(root(page, "calling").locator(".cbp-progress")).to_contain_text("Solved 2")  # it was graded right
    answered = shape.get_attribute("data-puzzle-id")
    shape.locator("button.cbp-rush-button").click()
    expect(shape.locator(".cbp-rush")).to_have_text("Rush 3:00 · 0 right of 0")
    expect(shape).not_to_have_attribute("data-puzzle-id", answered)  # the rush's first puzzle, not the one answered
    answer(page, "shape", ok=True)
    expect(shape.locator(".cbp-rush")).to_have_text(re.compile(r"Rush \d:\d\d · 1 right of 1"))
    expect(shape.locator(".cbp-outcome")).to_have_count(0)  # the next puzzle came by itself
    page.clock.fast_forward("03:01")
    expect(shape.locator(".cbp-notice")).to_have_text("Time! 1 right of 1; your best rush with these puzzles: 1.")
    assert shape.locator(".cbp-rush").is_hidden()
    assert [e for e in log.errors if e.startswith("uncaught")] == []  # (the reload stops the engine's download)


def answer(page, kind: str, ok: bool, outcome: bool = True) -> str:
    """Answer the puzzle the ``kind`` widget shows (a choice), right or wrong as the engine grades it; its id.
    ``outcome``: check the verdict's heading (not where the next puzzle replaces it by itself within 1.5 s,
    which a loaded machine may not see)."""
    from widgets.puzzles import make_puzzle

    widget = root(page, kind)
    shown = widget.get_attribute("data-puzzle-id")
    widget.locator(f'button.cbp-answer[data-key="{first_key(make_puzzle(kind, int(shown.split(":")[1])), ok=ok)}"]').click()
    if outcome:
        expect(widget.locator(".cbp-outcome")).to_have_text("Correct!" if ok else "Not quite.")
    return shown


def next_puzzle(page, kind: str) -> None:
    widget = root(page, kind)
    before = widget.get_attribute("data-puzzle-id")
    widget.locator("button.cbp-new").click()
    expect(widget).not_to_have_attribute("data-puzzle-id", before)


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
    choose_ruleset(widget, other)
    assert page.evaluate("document.activeElement.matches('details.cbp-rules > summary')")  # focus stays on the menu
    assert "Not quite" in widget.locator('[role="status"]').inner_text()


def test_language_switch_and_four_colour_deck_apply_to_every_puzzle_and_keep_focus(offline_page, static_page):
    page, _log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    widget = root(page, "kitty_score")
    language = open_settings(widget).locator("button.cb-settings-lang")
    assert language.inner_text() == "中文"
    language.focus()
    page.keyboard.press("Enter")
    expect(widget).to_have_attribute("lang", "zh-Hans")
    assert specs["kitty_score"]["question"]["zh"] in widget.inner_text()
    assert page.locator('[data-puzzle-kind]:not([lang="zh-Hans"])').count() == 0  # every puzzle, at once
    assert page.evaluate("document.activeElement.dataset.control") == "lang"
    assert page.evaluate("document.activeElement.closest('[data-puzzle-kind]').dataset.puzzleKind") == "kitty_score"
    assert root(page, "calling").locator("button.cbp-new").inner_text() == "换一题"
    open_settings(widget).locator("button.cb-settings-four").click()
    assert page.evaluate("document.documentElement.classList.contains('cardbook-four-colour')")
    diamond = page.locator('.cb-card[data-card^="D"] svg text').first
    assert diamond.evaluate("(t) => getComputedStyle(t).fill") == "rgb(31, 95, 191)"
    page.reload()
    open_page(page, url)
    expect(root(page, "shape")).to_have_attribute("lang", "zh-Hans")  # remembered
    assert page.evaluate("document.documentElement.classList.contains('cardbook-four-colour')")


def test_an_old_link_names_the_first_puzzle_of_its_kind(offline_page, static_page):
    page, _log = offline_page
    _folder, url, _specs = static_page
    page.goto(url + "#puzzle=shape:4")
    page.wait_for_function("""() => { const r = document.querySelector('[data-puzzle-kind="shape"]');
                                      return r && r.dataset.puzzleId === "shape:4"; }""", timeout=30_000)
    link = root(page, "shape").locator("button.cbp-permalink")
    assert link.get_attribute("data-href") == "#puzzle=shape-1/shape:4"
    assert_in_view(page, root(page, "shape"))


def test_copy_link_opens_that_puzzle_a_damaged_link_is_calm_and_deal_again_deals(offline_page, static_page):
    """The "Copy link" button copies the puzzle's whole address (the page's own address unchanged) and says so;
    the link opens that puzzle in view, and once the reader moves on a reload keeps the puzzle moved to, not the
    linked one; a reload keeps the puzzle and the difficulty; a damaged link is
    answered by a calm notice, with no page error; on a static page "Deal again" shows another game each time."""
    page, log = offline_page
    _folder, url, _specs = static_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    open_page(page, url)
    widget = root(page, "shape")
    widget.locator('button.cbp-level-option[data-difficulty="easy"]').click()  # shape:2 is hard
    expect(widget).not_to_have_attribute("data-puzzle-id", "shape:2")
    shown = widget.get_attribute("data-puzzle-id")
    widget.locator("button.cbp-permalink").click()
    expect(widget.locator(".cbp-copied")).to_have_text("Link copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{url}#puzzle=shape-1/{shown}" and page.url == url
    page.reload()
    open_page(page, url)
    expect(root(page, "shape")).to_have_attribute("data-puzzle-id", shown)  # kept across the reload
    assert root(page, "shape").locator('button.cbp-level-option[aria-pressed="true"]').get_attribute("data-difficulty") == "easy"
    fresh = page.context.new_page()
    fresh.goto(copied)
    expect(root(fresh, "shape")).to_have_attribute("data-puzzle-id", shown, timeout=30_000)
    assert_in_view(fresh, root(fresh, "shape"))
    root(fresh, "shape").locator("button.cbp-new").click()  # moving on from the linked puzzle: the link goes
    expect(root(fresh, "shape")).not_to_have_attribute("data-puzzle-id", shown)
    moved = root(fresh, "shape").get_attribute("data-puzzle-id")
    assert "#puzzle=" not in fresh.url
    fresh.reload()
    expect(root(fresh, "shape")).to_have_attribute("data-puzzle-id", moved, timeout=30_000)  # not the linked one
    fresh.close()
    page.goto("about:blank")
    page.goto(url + "#puzzle=%%%zz")
    first = page.locator("[data-puzzle-kind]").first
    expect(first.locator(".cbp-notice")).to_contain_text("This link is damaged", timeout=30_000)
    assert page.locator(".cbp-notice:not([hidden])").count() == 1
    assert [e for e in log.errors if e.startswith("uncaught")] == []  # (the engine's download stops as pages go)
    # "Deal again" with no kernel (YS-1: a new deal): another game from its first step each time, then the first again
    page.goto(url + "deal.html")
    stepper = page.locator(".cbs")
    expect(stepper).to_have_attribute("data-seed", "0", timeout=30_000)
    stepper.locator(".cbs-next").click()
    first_deal = stepper.locator(".cbs-board").inner_text()
    for seed in ("1", "2", "3", "0"):
        stepper.locator(".cbs-again").click()
        expect(stepper).to_have_attribute("data-seed", seed)
        assert stepper.get_attribute("data-step") == "0"
        stepper.locator(".cbs-next").click()
        dealt = stepper.locator(".cbs-board").inner_text()
        assert (dealt == first_deal) == (seed == "0"), seed
    assert [e for e in log.errors if e.startswith("uncaught")] == []


def assert_in_view(page, widget) -> None:
    """The widget's top is on screen (below the top edge, above the bottom), once the page settled."""
    top = settled_top(page, widget)
    assert 0 <= top < page.viewport_size["height"] - 100, top


def test_a_reader_picks_cards_by_clicking_and_the_verdict_goes_when_the_pick_changes(offline_page, static_page):
    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["pick_follow"]
    widget = root(page, "pick_follow")
    wrong = first_key(spec, ok=False).split()
    for picked, card in enumerate(wrong, start=1):
        widget.locator(f'button.cbp-hand-card[data-card="{card}"][aria-pressed="false"]').first.click()
        expect(widget.locator('button.cbp-hand-card[aria-pressed="true"]')).to_have_count(picked)
    lifted = widget.locator('button.cbp-hand-card[aria-pressed="true"]').first
    assert lifted.evaluate("(b) => getComputedStyle(b).transform") != "none"  # a picked card lifts
    widget.locator("button.cbp-submit").click()
    status = widget.locator(".cbp-verdict")
    expect(status.locator(".cbp-outcome")).to_have_text("Not quite.")
    widget.locator('button.cbp-hand-card[aria-pressed="true"]').first.click()
    expect(status).to_be_empty()  # the previous verdict goes with the changed pick
    widget.locator('button.cbp-hand-card[aria-pressed="false"]').first.focus()
    page.keyboard.press("Enter")  # a card is picked by keyboard too
    widget.locator("input.cbp-type").fill("X9")
    widget.locator("button.cbp-submit").click()
    hint = widget.locator('.cbp-hint[aria-live="polite"]')
    expect(hint).to_contain_text("X9 is not a card")
    expect(status).to_be_empty()
    assert log.errors == []


def test_an_endgame_lead_answered_wrongly_shows_the_defences_punishing_reply_and_the_winning_line(offline_page,
                                                                                                  static_page):
    """A wrong lead of an endgame puzzle is shown losing: the reply the solver finds for the
    defence (its seat and card), the points, and the best lead first (SJ-11, SJ-12)."""
    from cardlib.shengji.solver import EndgameSolver
    from cardlib.shengji.trump import TrumpContext
    from cardlib.words import cards_text, seat_name

    page, log = offline_page
    _folder, url, specs = static_page
    open_page(page, url)
    spec = specs["endgame"]
    pos = spec["position"]
    wrong = first_key(spec, ok=False)
    solver = EndgameSolver(TrumpContext(pos["level"], pos["trump"]), spec["rulesets"][0]["preset"], pos["attackers"],
                           pos["kitty"])
    hands = [list(h) for h in pos["hands"]]
    hands[pos["leader"]].remove(wrong)
    punished = solver.solve(hands, pos["leader"], [[wrong]])
    seat, reply = punished.line[0]
    best = solver.solve(pos["hands"], pos["leader"])
    widget = root(page, "endgame")
    widget.locator(f'button.cbp-hand-card[data-card="{wrong}"]').click()
    widget.locator("button.cbp-submit").click()
    status = widget.locator(".cbp-verdict")
    expect(status.locator(".cbp-outcome")).to_have_text("Not quite.")
    said = status.inner_text()
    assert seat_name(seat) in said and cards_text(list(reply)) in said, said
    assert f"{punished.attacker_points} points, not {best.attacker_points}" in said, said
    assert f"Best is {cards_text(list(best.line[0][1]))} first" in said, said
    assert log.errors == []


def test_focus_stays_on_new_puzzle_and_on_the_difficulty_chosen(offline_page, static_page):
    page, _log = offline_page
    _folder, url, _specs = static_page
    open_page(page, url)
    widget = root(page, "trick_winner")
    widget.locator("button.cbp-new").focus()
    before = widget.get_attribute("data-puzzle-id")
    page.keyboard.press("Enter")
    expect(widget).not_to_have_attribute("data-puzzle-id", before)
    assert page.evaluate("document.activeElement.classList.contains('cbp-new')")
    assert page.evaluate("document.activeElement.closest('[data-puzzle-kind]').dataset.puzzleKind") == "trick_winner"
    widget.locator('button.cbp-level-option[data-difficulty="hard"]').focus()
    page.keyboard.press("Enter")
    expect(widget).to_have_attribute("data-difficulty", "hard")
    assert page.evaluate("document.activeElement.dataset.difficulty") == "hard"
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"


CORRUPTED = {"cardbook-settings": "[1,2", "cardbook-puzzle-progress": '{"calling": "lots", "shape": {"solved": -4}}'}


def test_corrupted_storage_is_survived(offline_page, static_page):
    page, log = offline_page
    _folder, url, specs = static_page
    page.add_init_script(f"Object.entries({json.dumps(CORRUPTED)}).forEach(([k, v]) => localStorage.setItem(k, v));")
    open_page(page, url)
    widget = root(page, "calling")
    widget.locator(f'button.cbp-answer[data-key="{first_key(specs["calling"], ok=True)}"]').click()
    expect(widget.locator(".cbp-outcome")).to_have_text("Correct!")
    expect(widget.locator(".cbp-progress")).to_have_text("Solved 1 · streak 1")
    assert widget.get_attribute("lang") == "en"
    assert log.errors == []


#: Every puzzle id the ys_draw widget shows, recorded from the page's first script on.
SHOWN_IDS = """window.shownIds = [];
new MutationObserver((changes) => changes.forEach((c) => {
  if (c.target.dataset.puzzleKind === "ys_draw" && c.target.dataset.puzzleId) window.shownIds.push(c.target.dataset.puzzleId);
})).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-puzzle-id"] });"""


def test_a_link_past_the_bank_is_made_by_the_engine_over_http(offline_page, static_page):
    from widgets.puzzles import make_puzzle

    page, log = offline_page
    _folder, url, _specs = static_page
    page.add_init_script(SHOWN_IDS)
    page.goto(url + "#puzzle=ys_draw-1/ys_draw:9999")
    widget = root(page, "ys_draw")
    expect(widget.locator(".cbp-preparing")).to_have_text("Preparing the puzzle this link names…")  # no stand-in
    expect(widget).to_have_attribute("data-puzzle-id", "ys_draw:9999", timeout=40_000)
    assert page.evaluate("window.shownIds") == ["ys_draw:9999"]
    assert widget.get_attribute("data-source") == "engine"
    made = make_puzzle("ys_draw", 9999)
    widget.locator(f'button.cbp-answer[data-key="{first_key(made, ok=True)}"]').click()
    expect(widget.locator(".cbp-outcome")).to_have_text("Correct!")
    assert_in_view(page, widget)
    assert log.errors == []


def test_a_link_the_page_cannot_honour_says_so_in_the_puzzle(offline_page, static_page):
    """From file:// no engine can make a puzzle past the bank; this page has no notice region of its
    own (the book has: tools/site/page.js), so the puzzle says it."""
    page, _log = offline_page
    folder, url, _specs = static_page
    page.goto((folder / "index.html").as_uri() + "#puzzle=ys_draw-1/ys_draw:9999")
    widget = root(page, "ys_draw")
    expect(widget.locator(".cbp-notice")).to_contain_text("ys_draw:9999", timeout=30_000)
    assert widget.locator('.cbp-notice[aria-live="polite"]').is_visible()
    assert widget.locator('[role="status"]').count() == 1  # the verdict alone
    assert widget.get_attribute("data-puzzle-id") == "ys_draw:7"  # its own puzzle stays
    assert_in_view(page, widget)
    page.goto("about:blank")  # a new address, not only a new fragment
    page.goto(url + "#puzzle=nowhere-3/shape:2")
    first = page.locator("[data-puzzle-kind]").first
    expect(first.locator(".cbp-notice")).to_contain_text("nowhere-3", timeout=10_000)
    assert page.locator(".cbp-notice:not([hidden])").count() == 1


def test_the_same_page_works_from_a_file(offline_page, static_page):
    page, log = offline_page
    folder, _url, specs = static_page
    open_page(page, (folder / "index.html").as_uri())
    widget = root(page, "follow_legal")
    widget.locator(f'button.cbp-answer[data-key="{first_key(specs["follow_legal"], ok=False)}"]').click()
    assert "Not quite" in widget.locator('[role="status"]').inner_text()
    assert log.blocked == [] and log.errors == []


def test_voila_new_puzzle_comes_fresh_from_the_kernel(offline_page, tmp_path):
    """In Voila the engine makes a new puzzle (a seed beyond the bank); the answer is graded at once.  The
    notebook holds the one puzzle it asks about (the kernel makes one bank, not the 26 of
    tests/widgets/notebooks/puzzles.ipynb, which tests/widgets/test_notebook.py runs)."""
    import nbformat

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    notebooks = tmp_path
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        'from widgets.puzzle_widget import Puzzle\n\nPuzzle("trick_winner")')])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, notebooks / "puzzles.ipynb")
    # as `make present` does (teacher/stage.py): jupytext's and jupyterlab-myst's Lab extensions fail in Voila's page
    voila = start_server([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                          "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
                          "--VoilaConfiguration.extension_denylist=jupyterlab-myst", str(notebooks)],
                         url, cwd=REPO)
    page, log = offline_page
    try:
        page.goto(url + "voila/render/puzzles.ipynb", timeout=90_000)
        widget = root(page, "trick_winner")
        widget.wait_for(timeout=90_000)
        page.wait_for_selector('[data-puzzle-kind="trick_winner"][data-live="true"]', timeout=30_000)
        widget.locator('button.cbp-level-option[data-difficulty="hard"]').click()  # applies at once: the kernel makes one
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


#: What a page that embeds a puzzle holds: the widget state of a model made by the Puzzle class.
PUZZLE_MARKER = '"_anywidget_id":"widgets.puzzle_widget.Puzzle"'


def widget_pages(built_book: Path) -> list[Path]:
    return sorted(p for p in built_book.rglob("*.html") if PUZZLE_MARKER in p.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def puzzle_visits(browser, site_url):
    """Every page that embeds puzzles visited once, the visit made when a test first asks
    (tests/browser/puzzle_visit.py)."""
    visits = PuzzleVisits(browser, site_url)
    yield visits
    visits.close()


def visit_of(puzzle_visits, built_book: Path, puzzle_page: str):
    """The page's one visit; the page must embed puzzles (its chapter makes one)."""
    assert PUZZLE_MARKER in (built_book / puzzle_page).read_text(encoding="utf-8"), f"{puzzle_page} embeds no puzzle"
    return puzzle_visits.visit(puzzle_page)


def page_errors(visit) -> list[str]:
    """The visit's errors but a load cut off as a tab closes (the favicon): not an error of the page."""
    return [e for e in visit.errors if "net::ERR_ABORTED" not in e]


def test_permalinks_open_the_first_and_last_puzzles_of_every_page_in_their_own_widget(puzzle_visits, built_book,
                                                                            puzzle_page):
    """For the first and the last puzzle of every page (the last one on a Chinese page, whose slots the same
    cells number), each moved on once by "New puzzle", so the link names a puzzle of its bank: the link opens
    the page scrolled to that widget, which shows that puzzle, and no other widget does.  The last puzzle's link
    is opened by a full load, the first one's in the page it opened (hashchange), after that widget was
    moved on again; on the page's one visit: tests/browser/puzzle_visit.py."""
    visit = visit_of(puzzle_visits, built_book, puzzle_page)
    assert len(set(visit.slots)) == len(visit.slots), f"{puzzle_page}: slots repeat: {visit.slots}"
    for link in visit.links:
        assert link.href == f"#puzzle={link.slot}/{link.shown}", puzzle_page
        assert link.seen == link.shown, f"{puzzle_page}{link.href} ({link.by}) opened {link.seen} in slot {link.slot}"
        assert link.showing == 1, f"{puzzle_page}: {link.shown} shown {link.showing} times"
        assert link.top is not None and 0 <= link.top < link.viewport - 100, \
            f"{puzzle_page}{link.href} ({link.by}): the widget's top is at {link.top} px, not in view"
    assert "links" not in visit.problems, f"{puzzle_page}: {visit.problems['links']}"
    assert len(visit.links) == (1 if edition_of(puzzle_page) == "zh" else len({0, len(visit.slots) - 1})), visit.links
    assert visit.blocked == [] and page_errors(visit) == []


def test_an_answer_updates_the_progress_of_every_puzzle_of_its_kind_on_the_page(offline_page, site_url, built_book):
    """Progress is per kind and shared: the other puzzles of that kind on the page count it at once; the title
    page then offers to continue at that puzzle."""
    from widgets.puzzles import KINDS

    page, _log = offline_page
    before = {kind: {"solved": 5, "streak": 2, "answered": 9} for kind in KINDS}  # any answer changes the line
    page.add_init_script(f"localStorage.setItem('cardbook-puzzle-progress', {json.dumps(json.dumps(before))});")
    for html in widget_pages(built_book):
        if html.name == "intro.html":
            continue  # a chapter's: the title page offers to continue there
        page.goto(site_url + html.relative_to(built_book).as_posix(), wait_until="networkidle")
        page.locator("[data-puzzle-kind]").first.wait_for(timeout=30_000)
        kinds = page.locator("[data-puzzle-kind]:has(button.cbp-answer)").evaluate_all(
            "(rs) => rs.map((r) => r.dataset.puzzleKind)")
        kind = next((k for k in kinds if kinds.count(k) > 1), None)
        if kind is None:
            continue
        widgets = page.locator(f'[data-puzzle-kind="{kind}"]')
        widgets.first.locator("button.cbp-answer").first.click()
        expect(widgets.first.locator(".cbp-outcome")).to_have_count(1)
        answered = widgets.first.locator(".cbp-progress").inner_text()
        assert answered in ("Solved 6 · streak 3", "Solved 5 · streak 0")
        for index in range(1, widgets.count()):
            expect(widgets.nth(index).locator(".cbp-progress")).to_have_text(answered)
        slot, shown = widgets.first.get_attribute("data-puzzle-slot"), widgets.first.get_attribute("data-puzzle-id")
        page.goto(site_url + "book/intro.html", wait_until="networkidle")
        expect(page.locator("[data-cardbook-page-notice] p.cb-continue")).to_have_count(1)  # in the edition's language
        resume = page.locator('[data-cardbook-page-notice] p.cb-continue[lang="en"] a')
        expect(resume).to_have_attribute("href", f"/{html.relative_to(built_book).as_posix()}#puzzle={slot}/{shown}")
        assert resume.inner_text().strip() and "rules book" not in resume.inner_text()  # the chapter's own title
        return
    pytest.skip("no page holds two choice puzzles of one kind")


def open_first_puzzle_page(page, site_url: str, built_book: Path) -> str:
    """Open the book's first page with a puzzle, once it has loaded everything; its address."""
    pages = widget_pages(built_book)
    if not pages:
        pytest.skip("no chapter embeds a puzzle yet")
    address = site_url + pages[0].relative_to(built_book).as_posix()
    page.goto(address, wait_until="networkidle")
    return address


def test_a_link_to_a_puzzle_no_page_holds_says_so_calmly(offline_page, site_url, built_book):
    page, _log = offline_page
    address = open_first_puzzle_page(page, site_url, built_book)
    slot = page.locator("[data-puzzle-slot]").last.get_attribute("data-puzzle-slot")
    kind = slot.rsplit("-", 1)[0]
    foreign = "shape" if kind != "shape" else "calling"  # a puzzle of another kind: no widget can show it
    page.goto("about:blank")
    page.goto(address + f"#puzzle={slot}/{foreign}:99999", wait_until="networkidle")
    notice = page.locator("[data-cardbook-page-notice]:not([hidden]), [data-puzzle-slot] .cbp-notice:not([hidden])")
    expect(notice.first).to_contain_text(f"{foreign}:99999", timeout=60_000)
    assert_in_view(page, page.locator(f'[data-puzzle-slot="{slot}"]'))


def test_in_the_built_book_the_engine_makes_new_puzzles_and_linked_ones(offline_page, site_url, built_book):
    """A chapter served over http: "New puzzle" soon comes from the browser engine (a seed past the
    bank, the puzzle the kernel's generator makes from it), and a link to such a puzzle opens it."""
    from widgets.puzzles import make_puzzle

    page, log = offline_page
    address = open_first_puzzle_page(page, site_url, built_book)
    widget = page.locator("[data-puzzle-slot]").last
    slot, kind = widget.get_attribute("data-puzzle-slot"), widget.get_attribute("data-puzzle-kind")
    click_new_puzzle(page, widget)
    assert widget.get_attribute("data-source") == "bank"  # at once, while the engine wakes
    page.wait_for_function("() => performance.getEntriesByName('cardbook-engine:handle').length > 0", timeout=40_000)
    made = click_new_puzzle(page, widget)
    assert widget.get_attribute("data-source") == "engine"
    seed = int(made.split(":")[1])
    spec = make_puzzle(kind, seed)
    assert widget.get_attribute("data-puzzle-id") == spec["id"] and seed >= 21
    link = widget.locator("button.cbp-permalink").get_attribute("data-href")
    assert link.endswith(f"#puzzle={slot}/{made}")
    page.goto("about:blank")
    page.goto(address + link[link.index("#"):])
    again = page.locator(f'[data-puzzle-slot="{slot}"]')
    expect(again).to_have_attribute("data-puzzle-id", made, timeout=40_000)
    assert log.errors == [] and log.blocked == []


#: The chapters whose puzzles are all typed or picked answers (graded by the static page's tests), in both
#: editions: the first 升级 page's deal and points exercises, the strategy page's card picks.
TYPED_ONLY_CHAPTERS = {"book/shengji.html", "book/strategy.html"}


def test_puzzles_in_the_built_book_grade_and_link_to_their_rule(puzzle_visits, site_url, built_book, puzzle_page):
    """Every chapter that embeds a puzzle: it renders from the page alone, a wrong answer shows the rule id,
    and the rule link leads to an anchor that exists in the book (in the linked page's HTML, read from the
    built book: the anchor is in the HTML, not made by a script).  A page may hold only typed or picked
    answers; no more than a few do.  On the page's one visit: tests/browser/puzzle_visit.py."""
    visit = visit_of(puzzle_visits, built_book, puzzle_page)
    assert "answer" not in visit.problems, f"{puzzle_page}: {visit.problems['answer']}"
    answered = visit.answered
    if answered is None:
        assert puzzle_page.removeprefix("zh/") in TYPED_ONLY_CHAPTERS, f"{puzzle_page} has no choice puzzle"
    else:
        assert answered.verdict.strip(), f"{puzzle_page}: no verdict after answering"
        assert answered.target, f"{puzzle_page}: the verdict ({answered.verdict!r}) has no rule link"
        anchor = answered.target.split("#", 1)[1] if "#" in answered.target else ""
        assert anchor == f"rule-{answered.rule.lower()}", answered.target
        linked = site_file(built_book, site_url, answered.target)
        assert linked is not None and linked.is_file(), f"{answered.target} is not a page of the book"
        assert ids_in(linked)[anchor] == 1, f"{answered.target} has no anchor {anchor}"
    assert visit.blocked == [] and page_errors(visit) == []
