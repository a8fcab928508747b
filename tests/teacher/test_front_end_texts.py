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

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")

#: A stand-in for the few DOM calls the front ends make; ``texts(root)`` lists what is shown.
FAKE_DOM = r"""
class Node {
  constructor(tag) { this.tagName = tag.toUpperCase(); this.attrs = {}; this.kids = []; this.listeners = {}; this.dataset = {};
    this.parent = null; this.innerHTML = "";
    const node = this; const names = () => new Set((node.attrs.class || "").split(" ").filter(Boolean));
    this.classList = {
      toggle(name, on) { const set = names(); if (on === undefined ? !set.has(name) : on) set.add(name); else set.delete(name);
        node.attrs.class = [...set].join(" "); },
      add(name) { this.toggle(name, true); }, contains(name) { return names().has(name); } }; }
  set textContent(value) { this.kids = [String(value)]; }
  get textContent() { return this.kids.map((k) => (typeof k === "string" ? k : k.textContent)).join(""); }
  get children() { return this.kids.filter((k) => typeof k !== "string"); }
  set lang(value) { this.attrs.lang = value; }
  get lang() { return this.attrs.lang || ""; }
  setAttribute(name, value) { this.attrs[name] = String(value); }
  getAttribute(name) { return this.attrs[name]; }
  addEventListener(name, fn) { (this.listeners[name] ||= []).push(fn); }
  fire(name, extra = {}) { for (const fn of this.listeners[name] || []) fn({ preventDefault() {}, stopPropagation() {}, target: this, ...extra }); }
  append(...items) { for (const i of items) { if (typeof i !== "string") i.parent = this; this.kids.push(i); } }
  replaceChildren(...items) { this.kids = []; this.append(...items); }
  focus() { document.activeElement = this; }
  blur() { if (document.activeElement === this) document.activeElement = null; }
  contains(other) { for (let n = other; n; n = n.parent) if (n === this) return true; return false; }
  closest() { return null; }
  all() { return this.kids.filter((k) => typeof k !== "string").flatMap((k) => [k, ...k.all()]); }
  querySelectorAll(selector) { const name = selector.slice(1); return this.all().filter((n) => n.classList.contains(name)); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}
const storage = {};
const windowListeners = {};
globalThis.window = {
  localStorage: { getItem: (k) => storage[k] ?? null, setItem: (k, v) => { storage[k] = String(v); } },
  addEventListener: (name, fn) => { (windowListeners[name] ||= []).push(fn); },
  removeEventListener: (name, fn) => { windowListeners[name] = (windowListeners[name] || []).filter((f) => f !== fn); },
  dispatchEvent: (event) => { for (const fn of windowListeners[event.type] || []) fn(event); },
};
globalThis.document = { createElement: (tag) => new Node(tag), documentElement: new Node("html"), activeElement: null,
  readyState: "complete", querySelectorAll: () => [], querySelector: () => null };

function texts(node, lang = "") {
  const here = node.attrs.lang || lang;
  const out = [];
  if (node.attrs["aria-label"]) out.push({ text: node.attrs["aria-label"], lang: here, aria: true });
  if (node.tagName === "INPUT") return out;
  for (const kid of node.kids) {
    if (typeof kid === "string") { if (kid.trim()) out.push({ text: kid, lang: here }); }
    else out.push(...texts(kid, here));
  }
  return out;
}

/** The cards drawn as faces: each .cb-card's card and whether it holds the book's SVG drawing. */
function faces(node) {
  return node.querySelectorAll(".cb-card").map((n) => ({ card: n.attrs["data-card"], svg: n.innerHTML.startsWith("<svg") }));
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
    pages.push({ lang, step: i, texts: texts(root), faces: faces(root) });
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
  pages.push({ lang, step: "question", texts: texts(root), faces: faces(root) });
  root.querySelector(".cbc-reveal").fire("click");
  pages.push({ lang, step: "answer", texts: texts(root), faces: faces(root) });
  root.querySelector(".cbc-reveal").fire("click");
}
console.log(JSON.stringify(pages));
"""


LANGUAGE_DRIVER = r"""
// The language a front end shows: at first, after the page's bar toggles the reader's setting
// (settings.js's event), and after another tab toggles it back (a storage event).
const model = fakeModel(DATA);
const el = new Node("div");
mod.default.render({ model, el });
const root = el.kids[0];
const seen = [root.lang];
writeSettingsElsewhere({ lang: TOGGLED });  // the page's bar toggles the language
seen.push(root.lang);
storage["cardbook-settings"] = JSON.stringify({ lang: TOGGLED === "zh" ? "en" : "zh", fourColour: true });
window.dispatchEvent({ type: "storage", key: "cardbook-settings" });
seen.push(root.lang, document.documentElement.attrs.class || "");
console.log(JSON.stringify(seen));
"""

#: Another widget on the page writing the reader's settings, as settings.js's writeSettings does.
WRITE_ELSEWHERE = r"""
function writeSettingsElsewhere(patch) {
  let before = {};
  try { before = JSON.parse(storage["cardbook-settings"] || "{}"); } catch (malformed) { /* as settings.js reads it */ }
  const next = { ...(before && typeof before === "object" && !Array.isArray(before) ? before : {}), ...patch };
  storage["cardbook-settings"] = JSON.stringify(next);
  window.dispatchEvent(new CustomEvent("cardbook:settings", { detail: next }));
}
"""


def run_front_end(module: str, driver: str, data: dict, tmp_path: Path, stored: str | None = None) -> list:
    """What the driver reports (every page it steps to: the texts shown, each with its language mark);
    ``stored`` is the reader's settings as localStorage holds them (any text, however malformed)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    (tmp_path / "module.mjs").write_text(front_end(module), encoding="utf-8")
    preset = "" if stored is None else f"storage['cardbook-settings'] = {json.dumps(stored)};\n"
    script = (FAKE_DOM + WRITE_ELSEWHERE + preset + f"const DATA = {json.dumps(data)};\n"
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
            if page["lang"] == "en" and CJK.search(item["text"]) and item["lang"] != "zh-Hans":
                found.append(f"{where} is Chinese but marked {item['lang'] or 'nothing'}")
    return sorted(set(found))


def shown_cards(step: dict) -> list[str]:
    """The cards a step shows face up: 升级 hands, plays on the table, kitty and buried cards;
    一上一下 hands, the pile and the step's own card."""
    state = step["state"]
    cards = [card for hand in state["hands"] for card in hand]
    if "table" in state:
        return cards + [card for _seat, played in state["table"] for card in played] + state["kitty"] + state["buried"]
    return cards + [entry["card"] for entry in state["pile"]] + ([step["card"]] if step.get("card") else [])


def displayed_cards(spec: dict) -> list[str]:
    """The cards a class puzzle draws: its display's cards, plays (a face-down card as a back, YS-7) and
    facts, the answers' cards and the hand a pick-the-cards question picks from."""
    cards = []
    for block in spec["display"]:
        cards += block.get("cards", [])
        cards += [card for play in block.get("plays", []) for card in play["cards"] + ["back"] * play.get("backs", 0)]
        cards += [card for item in block.get("items", []) for card in item.get("cards", [])]
    if spec["input"] == "choice":
        cards += [card for answer in spec["answers"] for card in answer.get("cards", [])]
    if spec["input"] == "cards":
        cards += spec["position"]["hand"]
    return cards


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
    for page in pages:  # every card on the table is the book's face (an SVG), none a text chip
        assert all(face["svg"] for face in page["faces"]), page["step"]
        assert sorted(face["card"] for face in page["faces"]) == sorted(shown_cards(widget.steps[page["step"]])), page["step"]
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
    for page in pages:  # the position's cards are the book's faces (SVG); chips only inside sentences
        assert all(face["svg"] for face in page["faces"])
        assert sorted(face["card"] for face in page["faces"]) == sorted(displayed_cards(widget.spec))
    answers = [item["text"] for page in pages if page["step"] == "answer" for item in page["texts"]]
    assert any(item == "Answer: " for item in answers) and any(item == "答案：" for item in answers)


@pytest.mark.parametrize("module, widget", [("stepper.js", "stepper"), ("class_puzzle.js", "puzzle")])
@pytest.mark.parametrize("query, stored, first", [
    ("", None, "en"), ("", '{"lang": "zh"}', "zh-Hans"), ("lang=en", '{"lang": "zh"}', "en"),
    ("lang=zh", '{"lang": "en"}', "zh-Hans"), ("", "[1,2", "en"), ("", '{"lang": 7}', "en")])
def test_sj1_the_deck_address_wins_over_the_stored_language_and_a_later_choice_wins_over_both(
        module, widget, query, stored, first, tmp_path, monkeypatch):
    """The start language: ``?lang=`` when the deck's address names one, else the reader's stored
    setting (a malformed one reads as English); then every later change of the setting applies."""
    monkeypatch.setenv("QUERY_STRING", query)
    if widget == "stepper":
        made = DealStepper("yishang", seed=5)
        data = widget_data(made, ("game", "steps", "names", "rules_label", "error", "lang"))
    else:
        made = ClassPuzzle("trick_winner", seed=2)
        data = widget_data(made, ("spec", "ruleset", "note", "rules_label", "error", "lang"))
    toggled = "en" if stored == '{"lang": "zh"}' else "zh"  # what the bar's language button switches to
    seen = run_front_end(module, f"const TOGGLED = {toggled!r};\n" + LANGUAGE_DRIVER, data, tmp_path, stored)
    marks = {"en": "en", "zh": "zh-Hans"}
    assert seen == [first, marks[toggled], marks["zh" if toggled == "en" else "en"], "cardbook-four-colour"]
