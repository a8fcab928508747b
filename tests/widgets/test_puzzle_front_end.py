"""puzzle.js outside a browser: its link, bank and rule-link helpers, and the widget itself driven in
Node against the stand-in DOM of tests/teacher/test_front_end_texts.py (a static page, a kernel
that answers, a kernel that restarted, stored data of the wrong shape).

Rules: SJ-9 (pick a follow: the verdict goes when the picked cards change), SJ-10 (trick winner).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.teacher.test_front_end_texts import run_front_end
from widgets.front_ends import front_end
from widgets.puzzle_widget import Puzzle
from widgets.puzzles import make_puzzle


def call(tmp_path: Path, expression: str):
    """``expression`` evaluated in Node with puzzle.js's exports in scope as ``m``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = tmp_path / "puzzle.mjs"
    module.write_text(front_end("puzzle.js"), encoding="utf-8")
    script = f"import * as m from {json.dumps(module.as_uri())}; console.log(JSON.stringify({expression}));"
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_a_link_names_a_slot_and_a_puzzle_and_an_old_link_goes_to_the_first_widget_of_its_kind(tmp_path):
    hashes = ["#puzzle=calling-2/calling:13", "#puzzle=shape:4", "#puzzle=shape-1/shape:x", "#puzzle=", "#other", "",
              "#puzzle=%%%zz"]
    assert call(tmp_path, f"{json.dumps(hashes)}.map(m.parseLink)") == [
        {"slot": "calling-2", "id": "calling:13"}, {"slot": "shape-1", "id": "shape:4"}, None, None, None, None, None]
    assert call(tmp_path, f"{json.dumps(hashes)}.map(m.isBrokenLink)") == [
        False, False, True, True, False, False, True]  # a damaged #puzzle= link is answered, not thrown


def test_new_puzzle_moves_through_the_bank_first_puzzle_included_at_the_chosen_difficulty(tmp_path):
    first = {"id": "shape:40", "difficulty": "normal"}
    bank = [{"id": f"shape:{seed}", "difficulty": ["easy", "normal", "hard"][seed % 3]} for seed in range(6)]
    steps = call(tmp_path, f"""(() => {{ const specs = m.withFirst({json.dumps(first)}, {json.dumps(bank)});
        const seen = []; let at = specs[0];
        for (let i = 0; i < 4; i++) {{ at = m.nextPuzzle(specs, at, "normal"); seen.push(at.id); }}
        return [specs.map((s) => s.id), seen, m.nextPuzzle(specs, specs[0], "hard").id,
                m.withFirst(specs[1], {json.dumps(bank)}).length, m.nextPuzzle(specs, specs[2], "normal", ["shape:4"]).id,
                m.nextPuzzle(specs, specs[2], "normal", ["shape:4", "shape:40"]).id,
                m.nextPuzzle(specs, specs[3], "hard", ["shape:5"]).id]; }})()""")
    assert steps[0] == ["shape:40", *(s["id"] for s in bank)]
    assert steps[1] == ["shape:1", "shape:4", "shape:40", "shape:1"]
    assert steps[2] == "shape:2"
    assert steps[3] == 6
    assert steps[4:] == ["shape:40", "shape:4", "shape:5"]  # another puzzle of the page's is skipped while one is left


def test_the_rule_link_goes_to_the_book_or_in_jupyterlab_to_the_chapter_in_lab(tmp_path):
    reason = {"page": "book/shengji-playing", "anchor": "rule-sj-9"}
    lab = {"baseUrl": "/user/x/", "serverRoot": "/work/main/book"}
    assert call(tmp_path, f"""[m.ruleHref({json.dumps(reason)}, "../", null),
        m.ruleHref({json.dumps(reason)}, "../", {json.dumps(lab)}),
        m.ruleHref({json.dumps(reason)}, "https://book.example/", {json.dumps(lab)}),
        m.ruleHref({json.dumps(reason)}, "../", {{"baseUrl": "/", "serverRoot": "/work/main"}})]""") == [
        "../book/shengji-playing.html#rule-sj-9", "/user/x/lab/tree/shengji-playing.md#rule-sj-9",
        "https://book.example/book/shengji-playing.html#rule-sj-9", "/lab/tree/book/shengji-playing.md#rule-sj-9"]


#: What puzzle.js asks of the stand-in DOM besides what it has: a location, a select found by its field.
PUZZLE_DOM = r"""
window.location = { hash: "", pathname: "/" };
const make = document.createElement;
document.createElement = (tag) => Object.assign(make(tag), ["input", "select"].includes(tag) ? { value: "" } : {});
const bySelector = Node.prototype.querySelector;
Node.prototype.querySelector = function (selector) {
  const field = selector.match(/^select\[data-field="(.+)"\]$/);
  if (!field) return bySelector.call(this, selector);
  return this.all().find((n) => n.tagName === "SELECT" && n.attrs["data-field"] === field[1]) || null;
};
"""

#: Then a model whose events the driver can fire and whose messages it records, and a way to wait
#: for timers.
PRELUDE = PUZZLE_DOM + r"""
function model(values) {
  const listeners = {};
  return { sent: [], get: (k) => values[k], set: (k, v) => { values[k] = v; }, save_changes() {},
    send(message) { this.sent.push(message); }, on: (name, fn) => { (listeners[name] ||= []).push(fn); }, off() {},
    fire: (name, ...args) => (listeners[name] || []).forEach((fn) => fn(...args)) };
}
const pause = (ms) => new Promise((done) => setTimeout(done, ms));
/** Wait (up to 10 s) until ``ok()``: the bank is unpacked asynchronously. */
async function until(ok) { for (let i = 0; i < 1000 && !ok(); i++) await pause(10); }
function draw(values) {
  const m = model(values);
  const el = new Node("div");
  mod.default.render({ model: m, el });
  return { m, root: el.kids[0] };
}
const text = (node) => (node ? node.textContent : null);
"""


def drive(tmp_path: Path, driver: str, data: dict) -> dict:
    return run_front_end("puzzle.js", PRELUDE + driver, data, tmp_path)  # type: ignore[return-value]  # a dict


def widget_state(widget: Puzzle) -> dict:
    return {name: getattr(widget, name) for name in ("spec", "bank", "lang", "ruleset", "difficulty", "base", "slot")}


def test_stored_data_of_any_shape_never_stops_grading_and_a_first_answer_counts(tmp_path):
    spec = make_puzzle("trick_winner", 0)
    rid = spec["rulesets"][0]["id"]
    right = spec["correct"][rid][0]
    out = drive(tmp_path, r"""
const results = [];
for (const [settings, progress] of DATA.stored) {
  for (const key of Object.keys(storage)) delete storage[key];
  if (settings !== null) storage["cardbook-settings"] = settings;
  if (progress !== null) storage["cardbook-puzzle-progress"] = progress;
  const { root } = draw({ ...DATA.state });
  root.querySelectorAll(".cbp-answer").find((b) => b.attrs["data-key"] === DATA.right).fire("click");
  root.querySelectorAll(".cbp-answer").find((b) => b.attrs["data-key"] === DATA.right).fire("click");
  results.push([text(root.querySelector(".cbp-outcome")), text(root.querySelector(".cbp-progress")), root.lang]);
}
console.log(JSON.stringify(results));
""", {"state": widget_state(Puzzle("trick_winner", seed=0)), "right": right, "stored": [
        ["[1,2", "{not json"], ["[1,2]", '{"trick_winner": "x", "shape": [3]}'], ['"zh"', '{"trick_winner": {"solved": -1}}'],
        ['{"lang": 7, "fourColour": "yes"}', '[{"solved": 1}]'], [None, '{"trick_winner": {"solved": 2, "streak": 1}}'],
        ['{"lang": "zh"}', None]]})
    assert [o[0] for o in out] == ["Correct!"] * 5 + ["正确！"]
    assert [o[1] for o in out] == ["Solved 1 · streak 1"] * 4 + ["Solved 3 · streak 2", "答对1题 · 连对1题"]
    assert [o[2] for o in out] == ["en"] * 5 + ["zh-Hans"]


def test_sj9_the_verdict_goes_when_the_picked_cards_or_the_typed_text_change(tmp_path):
    widget = Puzzle("pick_follow", seed=1)
    spec = widget.spec
    rid = spec["rulesets"][0]["id"]
    wrong = next(a["key"] for a, (ok, _r) in zip(spec["answers"], spec["verdicts"][rid]) if not ok)
    out = drive(tmp_path, r"""
const { root } = draw({ ...DATA.state });
const hand = () => root.querySelectorAll(".cbp-hand-card");
const used = [];
for (const card of DATA.wrong.split(" ")) {
  const b = hand().find((x) => x.attrs["data-card"] === card && !used.includes(x));
  used.push(b); b.fire("click");
}
root.querySelector(".cbp-form").fire("submit");
const shown = [text(root.querySelector(".cbp-outcome")), used[0].attrs["aria-pressed"]];
used[0].fire("click");
shown.push(root.querySelector(".cbp-outcome"), used[0].attrs["aria-pressed"], text(root.querySelector(".cbp-count")));
used[0].fire("click");
root.querySelector(".cbp-form").fire("submit");
shown.push(text(root.querySelector(".cbp-outcome")));
const typed = root.querySelector(".cbp-type");
typed.value = "X9"; typed.fire("input");
shown.push(root.querySelector(".cbp-outcome"));
root.querySelector(".cbp-form").fire("submit");
shown.push(text(root.querySelector(".cbp-hint")), root.querySelector(".cbp-hint").attrs["aria-live"]);
console.log(JSON.stringify(shown));
""", {"state": widget_state(widget), "wrong": wrong})
    count = len(wrong.split())
    assert out == ["Not quite.", "true", None, "false", f"{count - 1} of {spec['pick']} picked.", "Not quite.", None,
                   "X9 is not a card: write a suit and a rank such as ♥10 or 10h, or 大王 / 小王 for a joker.", "polite"]


def test_a_difficulty_applies_at_once_and_new_puzzle_stays_in_the_bank(tmp_path):
    widget = Puzzle("shape", seed=40)
    out = drive(tmp_path, r"""
const { root, m } = draw({ ...DATA.state });
const seen = [root.dataset.puzzleId];
root.querySelectorAll(".cbp-level-option").find((b) => b.attrs["data-difficulty"] === "hard").fire("click");
await until(() => root.dataset.puzzleId !== "shape:40");
seen.push(root.dataset.puzzleId, root.dataset.difficulty, m.get("difficulty"),
  root.querySelectorAll(".cbp-level-option").map((b) => b.attrs["aria-pressed"]).join(" "));
for (let i = 0; i < 8; i++) {
  const before = root.dataset.puzzleId;
  root.querySelector(".cbp-new").fire("click");
  await until(() => root.dataset.puzzleId !== before);
  seen.push(root.dataset.puzzleId);
}
console.log(JSON.stringify(seen));
""", {"state": widget_state(widget)})
    bank = {s["id"] for s in widget.bank_specs()}
    assert out[0] == "shape:40" and out[1] != "shape:40" and out[2:5] == ["hard", "hard", "false false true"]
    assert all(shown in bank and int(shown.split(":")[1]) % 3 == 2 for shown in [out[1], *out[5:]])
    assert len(set(out[5:])) == 7  # the bank's seven hard puzzles, in turn


def test_next_to_a_kernel_the_rule_link_opens_a_new_tab_and_a_restarted_kernel_falls_back_to_the_bank(tmp_path):
    widget = Puzzle("trick_winner", seed=0)
    spec = widget.spec
    out = drive(tmp_path, r"""
const { root, m } = draw({ ...DATA.state });
const seen = [m.sent[0]];
m.fire("msg:custom", { type: "live" });
root.querySelector(".cbp-answer").fire("click");
const link = root.querySelector(".cbp-rule-link");
seen.push(root.dataset.live, link.attrs.target, link.attrs.rel);
root.querySelector(".cbp-new").fire("click");
seen.push(m.sent[1], root.dataset.puzzleId);
await pause(2000);  // the kernel never answers: nothing yet
seen.push(root.dataset.puzzleId === DATA.state.spec.id);
await until(() => root.dataset.puzzleId !== DATA.state.spec.id);
seen.push(root.dataset.puzzleId, text(root.querySelector(".cbp-notice")), root.dataset.live ?? null);
const fallback = root.dataset.puzzleId;
root.querySelector(".cbp-new").fire("click");
await until(() => root.dataset.puzzleId !== fallback);
seen.push(m.sent.length, root.dataset.puzzleId, text(root.querySelector(".cbp-notice")));
console.log(JSON.stringify(seen));
""", {"state": widget_state(widget)})
    notice = "The kernel restarted: run this cell again to reconnect; meanwhile puzzles come from this page's bank."
    assert out[:6] == [{"type": "hello"}, "true", "_blank", "noopener", {"type": "new", "difficulty": spec["difficulty"]},
                       spec["id"]]
    bank = [s["id"] for s in widget.bank_specs()]
    assert out[6] is True  # the kernel is given time to answer
    assert out[7] in bank and out[7] != spec["id"] and out[8] == notice and out[9] is None
    assert out[10] == 2 and out[11] in bank and out[11] != out[7] and out[12] == notice


def test_a_kernel_answer_replaces_the_puzzle_and_the_language_follows_the_settings_bar(tmp_path):
    widget = Puzzle("trick_winner", seed=0)
    fresh = make_puzzle("trick_winner", 44)
    out = drive(tmp_path, r"""
const values = { ...DATA.state };
const { root, m } = draw(values);
m.fire("msg:custom", { type: "live" });
root.querySelector(".cbp-new").fire("click");
values.spec = DATA.fresh;
m.fire("change:spec");
await pause(3000);  // answered: no fallback, no notice
const seen = [root.dataset.puzzleId, text(root.querySelector(".cbp-notice"))];
const bar = root.querySelector(".cb-settings-lang");
bar.fire("click");
seen.push(root.lang, text(root.querySelector(".cbp-new")), root.querySelector(".cbp-permalink").attrs["data-href"],
          root.getAttribute("data-puzzle-slot"));
console.log(JSON.stringify(seen));
""", {"state": widget_state(widget), "fresh": fresh})
    assert out == ["trick_winner:44", "", "zh-Hans", "换一题", f"#puzzle={widget.slot}/trick_winner:44",
                   widget.slot]


def test_a_kernel_whose_comm_is_gone_falls_back_to_the_bank_at_once(tmp_path):
    """JupyterLab after a restart: sending on the widget's closed comm throws; the widget says so and moves on."""
    widget = Puzzle("trick_winner", seed=0)
    out = drive(tmp_path, r"""
const { root, m } = draw({ ...DATA.state });
m.fire("msg:custom", { type: "live" });
m.send = () => { throw new Error("Comm is closed"); };
root.querySelector(".cbp-new").fire("click");
await until(() => root.dataset.puzzleId !== DATA.state.spec.id);
console.log(JSON.stringify([root.dataset.puzzleId, text(root.querySelector(".cbp-notice")), root.dataset.live ?? null]));
""", {"state": widget_state(widget)})
    assert out[0] != widget.spec["id"] and out[0] in [s["id"] for s in widget.bank_specs()]
    assert out[1].startswith("The kernel restarted: run this cell again") and out[2] is None
