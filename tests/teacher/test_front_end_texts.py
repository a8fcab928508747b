"""What the stepper and the class puzzles draw, read outside a browser: Node runs each front end
(``static/dom.js`` + its module, as anywidget gets it) against a small stand-in for the DOM, steps
through a whole hand or game (or reveals the answer), and hands back every text a reader sees and
every ``aria-label`` a screen reader reads, each with the language it is marked with.

The texts must speak as players do (``tests.reader_text.leaks``): seats and players by name
(South, 南家; Player A, 甲), cards as ♠A or big joker, never card codes or seat numbers; and a text
that is all Chinese (大王, the 中文 button) is marked ``zh-Hans`` even on an English page.

Rules: SJ-1 / SJ-2 (seats South … West), YS-3 (players A … D), SJ-10 (tricks), YS-9 (challenges).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.reader_text import leaks
from widgets.class_puzzle import ClassPuzzle
from widgets.front_ends import front_end
from widgets.stepper import DealStepper

CJK_ONLY = re.compile(r"^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef\s]+$")

#: A stand-in for the few DOM calls the front ends make; ``texts(root)`` lists what is shown.
FAKE_DOM = r"""
class Node {
  constructor(tag) { this.tagName = tag; this.attrs = {}; this.kids = []; this.listeners = {}; this.dataset = {};
    const node = this; this.classList = { toggle(name, on) { const set = new Set((node.attrs.class || "").split(" ").filter(Boolean));
      if (on === undefined ? !set.has(name) : on) set.add(name); else set.delete(name); node.attrs.class = [...set].join(" "); } }; }
  set textContent(value) { this.kids = [String(value)]; }
  get textContent() { return this.kids.map((k) => (typeof k === "string" ? k : k.textContent)).join(""); }
  set lang(value) { this.attrs.lang = value; }
  get lang() { return this.attrs.lang || ""; }
  setAttribute(name, value) { this.attrs[name] = String(value); }
  getAttribute(name) { return this.attrs[name]; }
  addEventListener(name, fn) { (this.listeners[name] ||= []).push(fn); }
  fire(name, extra = {}) { for (const fn of this.listeners[name] || []) fn({ preventDefault() {}, stopPropagation() {}, target: this, ...extra }); }
  append(...items) { this.kids.push(...items.map((i) => (typeof i === "string" ? i : i))); }
  replaceChildren(...items) { this.kids = []; this.append(...items); }
  focus() {}
  all() { return this.kids.filter((k) => typeof k !== "string").flatMap((k) => [k, ...k.all()]); }
  querySelectorAll(selector) { const name = selector.slice(1); return this.all().filter((n) => (n.attrs.class || "").split(" ").includes(name)); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}
globalThis.document = { createElement: (tag) => new Node(tag) };

function texts(node, lang = "") {
  const here = node.attrs.lang || lang;
  const out = [];
  if (node.attrs["aria-label"]) out.push({ text: node.attrs["aria-label"], lang: here, aria: true });
  if (node.tagName === "input") return out;
  for (const kid of node.kids) {
    if (typeof kid === "string") { if (kid.trim()) out.push({ text: kid, lang: here }); }
    else out.push(...texts(kid, here));
  }
  return out;
}

function fakeModel(values) {
  const listeners = {};
  return { get: (k) => values[k], set: (k, v) => { values[k] = v; }, save_changes() {}, send() {},
           on: (name, fn) => { (listeners[name] ||= []).push(fn); } };
}
"""

STEPPER_DRIVER = r"""
const model = fakeModel(DATA);
const el = new Node("div");
mod.default.render({ model, el });
const root = el.kids[0];
const pages = [];
for (const lang of ["en", "zh"]) {
  if (lang === "zh") root.querySelector(".cbs-lang").fire("click");
  root.fire("keydown", { key: "Home" });
  for (let i = 0; i < DATA.steps.length; i++) {
    pages.push({ lang, step: i, texts: texts(root) });
    root.fire("keydown", { key: "ArrowRight" });
  }
}
console.log(JSON.stringify(pages));
"""

PUZZLE_DRIVER = r"""
const model = fakeModel(DATA);
const el = new Node("div");
mod.default.render({ model, el });
const root = el.kids[0];
const pages = [];
for (const lang of ["en", "zh"]) {
  if (lang === "zh") root.querySelector(".cbc-lang").fire("click");
  pages.push({ lang, step: "question", texts: texts(root) });
  root.querySelector(".cbc-reveal").fire("click");
  pages.push({ lang, step: "answer", texts: texts(root) });
  root.querySelector(".cbc-reveal").fire("click");
}
console.log(JSON.stringify(pages));
"""


def run_front_end(module: str, driver: str, data: dict, tmp_path: Path) -> list[dict]:
    """Every page the driver steps to: the texts shown, each with its language mark."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    (tmp_path / "module.mjs").write_text(front_end(module), encoding="utf-8")
    script = (FAKE_DOM + f"const DATA = {json.dumps(data)};\n"
              + f"const mod = await import({json.dumps((tmp_path / 'module.mjs').as_uri())});\n" + driver)
    (tmp_path / "driver.mjs").write_text(script, encoding="utf-8")
    out = subprocess.run([node, str(tmp_path / "driver.mjs")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def problems(pages: list[dict]) -> list[str]:
    """Leaks in any text, and all-Chinese texts on an English page that are not marked zh-Hans."""
    found = []
    for page in pages:
        for item in page["texts"]:
            where = f"{page['lang']} step {page['step']}: {item['text']!r}"
            if hits := leaks(item["text"]):
                found.append(f"{where} {hits}")
            if page["lang"] == "en" and CJK_ONLY.match(item["text"]) and item["lang"] != "zh-Hans":
                found.append(f"{where} is Chinese but marked {item['lang'] or 'nothing'}")
    return sorted(set(found))


def widget_data(widget, names: tuple[str, ...]) -> dict:
    return {name: getattr(widget, name) for name in names}


@pytest.mark.parametrize("game, seed", [("shengji", 3), ("yishang", 5)])
def test_sj2_ys3_the_stepper_shows_seats_players_and_cards_as_players_do(game, seed, tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    widget = DealStepper(game, seed=seed)
    data = widget_data(widget, ("game", "steps", "names", "rules_label", "error", "lang"))
    pages = run_front_end("stepper.js", STEPPER_DRIVER, data, tmp_path)
    assert len(pages) == 2 * len(widget.steps)
    assert problems(pages) == []
    shown = " ".join(item["text"] for page in pages for item in page["texts"])
    if game == "shengji":
        assert all(name in shown for name in ("South", "East", "North", "West", "南家", "South–North", "大王"))
        assert "Seat" not in shown and "座位" not in shown
    else:
        assert all(name in shown for name in ("Player A", "Player D", "甲", "丁", "Next round"))
        assert "Next trick" not in shown and not re.search(r"\b1 cards", shown), \
            re.findall(r".{40}(?:Next trick|\b1 cards).{20}", shown)


@pytest.mark.parametrize("kind, seed", [("trick_winner", 2), ("calling", 17), ("pick_follow", 1), ("ys_challenge", 1)])
def test_sj10_ys9_a_class_puzzle_shows_its_question_and_answer_as_players_write_them(kind, seed, tmp_path,
                                                                                     monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng&throws=true")
    widget = ClassPuzzle(kind, seed=seed)
    data = widget_data(widget, ("spec", "ruleset", "note", "rules_label", "error", "lang"))
    pages = run_front_end("class_puzzle.js", PUZZLE_DRIVER, data, tmp_path)
    assert problems(pages) == []
    answers = [item["text"] for page in pages if page["step"] == "answer" for item in page["texts"]]
    assert any(item == "Answer: " for item in answers) and any(item == "答案: " for item in answers)
