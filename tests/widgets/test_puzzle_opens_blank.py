"""Nothing chosen for the reader: every puzzle of every kind opens with no answer selected and no
verdict, a several-part ("fields") puzzle's Check stays disabled until every part is chosen, and a
verdict's notes sit behind a closed "Why, and where the sources stand" disclosure.

Before, puzzle.js started each field on its first option: three-part puzzles opened with an answer
chosen, and ``ys_state`` seeds 8 and 14 (whose first options are the right answer) said "Correct!" to
a reader who had touched nothing.  The spec carries no default (its schema has none); the front end
now chooses nothing.  Driven in Node against the stand-in DOM of tests/teacher/test_front_end_texts.py.

Rules: every kind's rules (the answers looked up are the engine's).
"""

from __future__ import annotations

import pytest

from tests.widgets.test_puzzle_front_end import drive
from widgets.puzzles import KINDS, make_puzzle

SEEDS = range(12)

#: Draw each spec; report what is selected, whether Check is enabled, whether a verdict shows, and
#: whether pressing Check untouched grades anything.  Then (fields) choose the right values one by one:
#: Check is enabled only after the last, and grades "Correct!".
OPENS_BLANK = r"""
const report = [];
for (const spec of DATA.specs) {
  const { root } = draw({ spec, bank: "", lang: "en", ruleset: "", difficulty: spec.difficulty, base: "../", slot: "" });
  const answer = (n) => n.classList.contains("cbp-answer") || n.attrs["data-field"] !== undefined;  // not difficulty, rules
  const pressed = root.all().filter((n) => answer(n) && n.attrs["aria-pressed"] === "true")
    .map((n) => n.attrs["data-key"] || n.attrs["data-value"]);
  const selects = root.all().filter((n) => n.tagName === "SELECT").map((n) => n.value);
  const submit = root.querySelector(".cbp-submit");
  const row = { id: spec.id, pressed, selects, disabled: submit ? Boolean(submit.disabled) : null,
    outcome: text(root.querySelector(".cbp-outcome")), picked: root.all().filter((n) => n.classList.contains("cbp-hand-card")
      && n.attrs["aria-pressed"] === "true").length };
  const form = root.querySelector(".cbp-form");
  if (form) form.fire("submit");
  row.afterCheck = text(root.querySelector(".cbp-outcome"));
  if (spec.input === "fields") {
    const right = spec.correct[spec.rulesets[0].id][0].split("|");
    row.steps = [];
    spec.fields.forEach((f, i) => {
      const select = root.all().find((n) => n.tagName === "SELECT" && n.attrs["data-field"] === f.name);
      if (select) { select.value = right[i]; select.fire("change"); }
      else root.all().find((n) => n.attrs["data-field"] === f.name && n.attrs["data-value"] === right[i]).fire("click");
      row.steps.push(Boolean(root.querySelector(".cbp-submit").disabled));
    });
    root.querySelector(".cbp-form").fire("submit");
    row.graded = text(root.querySelector(".cbp-outcome"));
  }
  report.push(row);
}
console.log(JSON.stringify(report));
"""


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_puzzle_opens_with_nothing_chosen_and_check_waits_for_every_part(kind, tmp_path):
    specs = [make_puzzle(kind, seed) for seed in SEEDS]
    for spec in specs:  # the spec side: nothing a front end could take for a default
        assert all(set(field) == {"name", "label", "options"} for field in spec.get("fields", ())), spec["id"]
    rows = drive(tmp_path, OPENS_BLANK, {"specs": specs})
    for spec, row in zip(specs, rows, strict=True):
        where = row["id"]
        assert row["pressed"] == [] and row["picked"] == 0, where
        assert all(value == "" for value in row["selects"]), where
        assert row["outcome"] is None and row["afterCheck"] is None, where  # Check untouched grades nothing
        if spec["input"] == "fields":
            assert row["disabled"] is True, where
            assert row["steps"] == [True] * (len(spec["fields"]) - 1) + [False], where
            assert row["graded"] == "Correct!", where


def test_ys_state_seeds_8_and_14_no_longer_say_correct_untouched(tmp_path):
    specs = [make_puzzle("ys_state", seed) for seed in (8, 14)]
    first_options = ["|".join(f["options"][0]["value"] for f in spec["fields"]) for spec in specs]
    assert all(key in spec["correct"]["yishang"] for key, spec in zip(first_options, specs))  # the trap is still there
    rows = drive(tmp_path, OPENS_BLANK, {"specs": specs})
    assert [row["afterCheck"] for row in rows] == [None, None]


NOTES_DRIVER = r"""
const { root } = draw({ ...DATA.state });
const hand = () => root.querySelectorAll(".cbp-hand-card");
const used = [];
for (const card of DATA.key.split(" ")) {
  const b = hand().find((x) => x.attrs["data-card"] === card && !used.includes(x));
  used.push(b); b.fire("click");
}
root.querySelector(".cbp-form").fire("submit");
const details = root.querySelector(".cb-notes");
const summary = details.kids[0];
const out = { open: details.attrs.open ?? null, tag: details.tagName, summary: summary.textContent,
  summaryZh: summary.all().filter((n) => n.attrs.lang === "zh-Hans").map((n) => n.textContent),
  rules: root.querySelectorAll(".cb-note-rule").map((n) => n.textContent),
  texts: root.querySelectorAll(".cb-note-text").map((n) => n.textContent),
  links: root.querySelectorAll(".cb-note-link").map((n) => [n.attrs.href, n.textContent]) };
root.querySelector(".cb-settings-lang").fire("click");
out.zhSummary = root.querySelector(".cb-notes").kids[0].textContent;
out.zhTexts = root.querySelectorAll(".cb-note-text").map((n) => n.textContent);
console.log(JSON.stringify(out));
"""


def test_a_verdicts_notes_are_behind_a_closed_disclosure_with_their_rule_text_and_link(tmp_path):
    from widgets.puzzle_widget import Puzzle
    from widgets.puzzles.spec import verdict_of

    for seed in range(60):
        widget = Puzzle("pick_follow", seed=seed)
        spec = widget.spec
        rid = spec["rulesets"][0]["id"]
        key = next((a["key"] for a in spec["answers"] if (v := verdict_of(spec, rid, a["key"])) and v[1].get("notes")), None)
        if key is not None:
            break
    else:
        pytest.fail("no pick_follow puzzle in 60 seeds has a verdict with notes")
    notes = verdict_of(spec, rid, key)[1]["notes"]  # type: ignore[index]
    state = {name: getattr(widget, name) for name in ("spec", "bank", "lang", "ruleset", "difficulty", "base", "slot")}
    out = drive(tmp_path, NOTES_DRIVER, {"state": state, "key": key})
    assert out["tag"] == "DETAILS" and out["open"] is None
    assert out["summary"] == "Why, and where the sources stand · 为什么，以及规则原文怎么说"
    assert out["summaryZh"] == ["为什么，以及规则原文怎么说"]
    assert out["rules"] == [n["rule"] for n in notes]
    assert out["texts"] == [n["en"] for n in notes] and out["zhTexts"] == [n["zh"] for n in notes]
    assert out["links"] == [[f"{state['base']}{n['page']}.html#{n['anchor']}", f"Read rule {n['rule']} in the book"]
                            for n in notes]
    assert out["zhSummary"] == "为什么，以及规则原文怎么说"
