"""The Shengji puzzle kinds speak player language, and every wrong answer explains itself.

Over many seeds per kind (every difficulty) and every ruleset a spec offers:

- nothing a reader sees holds engine notation (``tests.reader_text``): the texts the puzzle layer
  writes (questions, labels, display blocks, fields, ruleset names) and the reasons;
- every wrong answer's reason says what decides it and gives the right answer (per kind: its label,
  its cards, its seat, its number); a several-part answer gives the fact that decides each wrong part
  (the front end marks which parts are wrong, and its "correct answer" line the right values);
- the card chips a reason carries are found in its sentence, by Python and by the front end.

Rules: SJ-1 … SJ-13, SG-1/SS-1 … SG-9/SS-9, SG-E1 … SS-E3, C-1 … C-6 (every rule a Shengji
puzzle cites); SG-7 / SS-7, SJ-13 (the climb stops at A); SG-8, SJ-3 (several-part answers).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from typing import Any

import pytest

from cardlib.cards import parse_cards
from cardlib.words import cards_text, seat_name
from tests.reader_text import leaks, spec_texts
from tests.widgets.test_puzzle_front_end import PUZZLE_DOM
from widgets.puzzles import KINDS as ALL_KINDS
from widgets.puzzles import make_puzzle
from widgets.puzzles.spec import verdict_of

KINDS = ("follow_legal", "pick_follow", "trick_winner", "shape", "highest", "kitty_score", "last_trick",
         "level_change", "calling", "first_dealer", "deal", "next_leader", "after_hand", "trick_points",
         "count_trumps", "bury", "lead_legal")
SEEDS = range(24)  # eight of each difficulty (seed % 3)


def specs(kind: str) -> list[dict[str, Any]]:
    return [make_puzzle(kind, seed) for seed in SEEDS]


# --- player language ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_the_puzzle_layers_own_texts_are_player_language(kind):
    """Questions, answer labels, display blocks, fields and ruleset names: no card codes, no
    "Seat 0" / "play 3", no field or preset ids."""
    found = [f"{spec['id']} {where}: {text!r} — {', '.join(what)}"
             for spec in specs(kind) for where, text in spec_texts(spec)
             if not where.startswith("reason") and (what := leaks(text))]
    assert found == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_reason_a_reader_can_open_is_player_language(kind):
    """Every reason of every answer (the engine's sentence and the puzzle's around it)."""
    found = [f"{spec['id']} {where}: {text!r} — {', '.join(what)}"
             for spec in specs(kind) for where, text in spec_texts(spec)
             if where.startswith("reason") and (what := leaks(text))]
    assert found == []


# --- every wrong answer explains itself ------------------------------------------------------------

def groups(reason: dict[str, Any]) -> list[Counter[str]]:
    """The card groups a stored reason shows (its chips), each as a multiset of card codes."""
    return [Counter(group) for group in reason.get("chips", {}).get("en", [])]


def fold(text: str) -> str:
    return text.casefold()


def seat_of(spec: dict[str, Any], key: str) -> int:
    """The seat of a trick_winner answer (the key is the play's place in the trick)."""
    return (spec["position"]["leader"] + int(key)) % 4


def option_label(field: dict[str, Any], value: str, lang: str) -> str:
    option = next(o for o in field["options"] if o["value"] == value)
    return option["label"][lang] if "label" in option else value


def wrong_answers(spec: dict[str, Any]):
    """(ruleset id, key, stored reason) of every wrong answer under every ruleset."""
    for ruleset in spec["rulesets"]:
        for answer in spec["answers"]:
            ok, reason = verdict_of(spec, ruleset["id"], answer["key"])
            if not ok:
                yield ruleset["id"], answer["key"], reason


def check_choice_labels(spec, rid, key, reason):
    """A wrong choice names its label, in both languages, and not the right answer's label: the verdict's
    "correct answer" line names that (puzzle.js), and the engine's reason says why it is right."""
    labels = {a["key"]: a["label"] for a in spec["answers"]}
    right = spec["correct"][rid][0]
    for lang in ("en", "zh"):
        assert fold(labels[key][lang]) in fold(reason[lang]), (lang, key)
        assert f"“{fold(labels[right][lang])}”" not in fold(reason[lang]), (lang, right, "echoed")


def check_last_trick(spec, rid, key, reason):
    """SJ-12: a wrong yes/no opens with the right answer in words (no "Not “No, more tricks follow”", which
    reads as a double negative), then the hand sizes that decide it."""
    last = key == "no"
    assert reason["en"].startswith("It is the last trick:" if last else "It is not the last trick yet:"), reason["en"]
    assert reason["zh"].startswith("是最后一轮：" if last else "还不是最后一轮："), reason["zh"]
    assert "“" not in reason["zh"]


def check_follow_legal(spec, rid, key, reason):
    """SJ-9: the play shown is named; a wrong "Legal" is shown a legal follow from the hand."""
    play = Counter(spec["position"]["play"])
    assert play in groups(reason)
    assert reason["en"].startswith("Not legal." if key == "yes" else "Legal.")
    assert reason["zh"].startswith("不能这样跟。" if key == "yes" else "可以这样跟。")
    if key == "yes":
        hand = spec["position"]["hand"]
        from cardlib.shengji.follow import check_follow
        from cardlib.shengji.rules import get_ruleset
        from tests.widgets.test_puzzle_specs import ctx_of

        ruleset = next(r for r in spec["rulesets"] if r["id"] == rid)
        rules = get_ruleset(ruleset["preset"], ruleset["variant"])
        held = Counter(hand)
        legal = [g for g in groups(reason) if sum(g.values()) == sum(play.values()) and g != play and not g - held
                 and check_follow(ctx_of(spec["position"]), rules, spec["position"]["lead"], hand,
                                  list(g.elements())).ok]
        assert legal, reason["en"]


def check_pick_follow(spec, rid, key, reason):
    """SJ-9: the picked cards are named, and so is one legal follow (a right answer)."""
    assert Counter(key.split()) in groups(reason)
    right = [Counter(k.split()) for k in spec["correct"][rid]]
    assert any(g in right for g in groups(reason)), reason["en"]


def check_lead_legal(spec, rid, key, reason):
    """SJ-6, C-3: the answer given, and whether the lead may be led (the right answer) in words."""
    assert reason["en"].startswith("No, it may not be led." if key == "yes" else "Yes. ")
    assert reason["zh"].startswith("不能这样首出。" if key == "yes" else "可以。")
    play = Counter(spec["position"]["play"])
    if len(play) == 1 and play.most_common(1)[0][1] == 2 and next(iter(play)) in ("BJ", "LJ"):  # "a pair of big jokers"
        joker = "big jokers" if "BJ" in play else "little jokers"
        assert f"a pair of {joker}" in fold(reason["en"]) and "一对" in reason["zh"], reason
    else:
        assert play in groups(reason)


def check_trick_winner(spec, rid, key, reason):
    """SJ-10: the seat chosen, the winning seat and its cards."""
    right = spec["correct"][rid][0]
    for lang in ("en", "zh"):
        assert seat_name(seat_of(spec, key), lang) in reason[lang]
        assert seat_name(seat_of(spec, right), lang) in reason[lang]
    won = spec["position"]["plays"][int(right)]
    joker_pair = len(won) == 2 and won[0] == won[1] and won[0] in ("BJ", "LJ")  # "a pair of little jokers"
    jokers = "big jokers" if won[0] == "BJ" else "little jokers"  # a pair of jokers is named in words in English
    assert Counter(won) in groups(reason) or (joker_pair and f"a pair of {jokers}" in reason["en"]
                                              and "一对" in reason["zh"])


def check_highest(spec, rid, key, reason):
    """SJ-5: the card chosen and a highest card."""
    right = spec["correct"][rid]
    for lang in ("en", "zh"):
        assert cards_text(parse_cards(key), lang) in reason[lang]
        assert any(cards_text(parse_cards(k), lang) in reason[lang] for k in right)


def check_number(spec, rid, key, reason):
    """SJ-11, SJ-12, SJ-4: the number given and the right one (a right 0 may be said in words: the kitty's
    points "add nothing" / "不计入" the attackers' total)."""
    right = spec["correct"][rid][0]
    zero = {"en": "nothing", "zh": "不计入"}
    for lang in ("en", "zh"):
        assert key in reason[lang] and (right in reason[lang] or (right == "0" and zero[lang] in reason[lang])), \
            (lang, key, right)


def check_seats(spec, rid, key, reason):
    """SJ-8: the seat chosen and the seat that leads."""
    right = spec["correct"][rid][0]
    for lang in ("en", "zh"):
        assert seat_name(int(key), lang) in reason[lang] and seat_name(int(right), lang) in reason[lang]


def check_calling(spec, rid, key, reason):
    """SG-1 / SS-1, SG-3 / SS-3: the call chosen (its seat) and the call that stands, with its trump."""
    right = spec["correct"][rid][0]
    labels = {a["key"]: a["label"] for a in spec["answers"]}
    for lang in ("en", "zh"):
        assert seat_name(int(key.split(":")[0]), lang) in reason[lang]
        assert seat_name(int(right.split(":")[0]), lang) in reason[lang]
        trump = labels[right][lang].split("：" if lang == "zh" else ": ")[-1].split()[-1].strip("()")  # clubs, 梅花, 无主
        assert trump in reason[lang], (lang, trump)


def check_fields(spec, rid, key, reason):
    """Several parts (the front end marks which parts are wrong): the fact that decides each wrong part,
    each once, in sentences of their own citing their own rules (SG-8, SJ-3, SG-7 / SS-7, SJ-2, SJ-11, ...),
    at most one a wrong part; the right value of each wrong part is in them, where the value is a
    number or a seat (a 0 may be said in words: "none of the 8 cards is a trump")."""
    right = spec["correct"][rid][0]
    given_values, right_values = key.split("|"), right.split("|")
    parts = reason.get("reasons", [reason])
    wrong_fields = [f for f, g, r in zip(spec["fields"], given_values, right_values) if g != r]
    assert wrong_fields and 1 <= len(parts) <= len(wrong_fields), (key, [p["en"] for p in parts])
    assert len({p["en"] for p in parts}) == len(parts)
    for lang in ("en", "zh"):
        said = " ".join(p[lang] for p in parts)
        for field, given, good in zip(spec["fields"], given_values, right_values):
            if given != good and good.isdigit() and "label" not in field["options"][0]:  # 0 may be said in words
                zero = good == "0" and any(word in said for word in ("none of", "nothing", "都没有", "不计入"))
                assert good in said or zero, (field["name"], lang, good, said)
            elif given != good and good != "over" and field["name"] in ("dealer", "partner", "kitty"):
                assert fold(option_label(field, good, lang)) in fold(said), (field["name"], lang, good, said)


CHECKS = {
    "follow_legal": check_follow_legal, "pick_follow": check_pick_follow, "trick_winner": check_trick_winner,
    "shape": check_choice_labels, "highest": check_highest, "kitty_score": check_number,
    "last_trick": check_last_trick, "level_change": check_choice_labels, "calling": check_calling,
    "first_dealer": check_fields, "deal": check_fields, "next_leader": check_seats, "after_hand": check_fields,
    "trick_points": check_number, "count_trumps": check_number, "bury": check_fields,
    "lead_legal": check_lead_legal,
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_wrong_answer_names_itself_and_the_right_answer(kind):
    checked = 0
    for spec in specs(kind):
        for rid, key, reason in wrong_answers(spec):
            CHECKS[kind](spec, rid, key, reason)
            checked += 1
    assert checked


@pytest.mark.parametrize("kind", ["kitty_score", "trick_points", "count_trumps"])
def test_a_number_not_listed_is_told_the_right_number_and_how_it_is_counted_SJ_11_SJ_12_SJ_4(kind):
    for spec in specs(kind):
        for ruleset in spec["rulesets"]:
            ok, reason = verdict_of(spec, ruleset["id"], "9999")
            right = spec["correct"][ruleset["id"]][0]
            zero = right == "0" and "nothing" in reason["en"] and "不计入" in reason["zh"]
            assert not ok and (zero or (right in reason["en"] and right in reason["zh"]))


def test_after_hand_says_the_climb_stops_at_A_SG_7_SS_7_SJ_13():
    """Where a team's level would pass A, the right answer's reason says the climb stops at A and
    what the team must do next, and so does a wrong level."""
    seen = 0
    for seed in range(2, 200, 3):  # hard puzzles: levels near A
        spec = make_puzzle("after_hand", seed)
        for ruleset in spec["rulesets"]:
            rid = ruleset["id"]
            _ok, reason = verdict_of(spec, rid, spec["correct"][rid][0])
            if "where the climb stops" in reason["en"]:
                assert "只升到A，不会越过A" in reason["zh"]
                seen += 1
    assert seen


def test_a_several_part_wrong_answer_cites_each_parts_own_rule_SG_8_SJ_3():
    """after_hand: a wrong next dealer cites SG-8; the other team's level cites SJ-3 (in a hand after
    which the game goes on: a game won has no next dealer)."""
    spec = next(s for s in map(lambda n: make_puzzle("after_hand", n), range(1, 60, 3))
                if all(not key.startswith("over") for keys in s["correct"].values() for key in keys))
    for ruleset in spec["rulesets"]:
        rid = ruleset["id"]
        dealer, level, winner = spec["correct"][rid][0].split("|")
        team = int(dealer) % 2
        other_level = spec["position"]["levels"][1 - team]
        wrong_dealer = str((int(dealer) + 1) % 4)
        if other_level == level:
            continue
        _ok, reason = verdict_of(spec, rid, f"{wrong_dealer}|{other_level}|{winner}")
        rules = [part["rule"] for part in reason["reasons"]]
        assert "SG-8" in rules and "SJ-3" in rules, rules


# --- card chips ---------------------------------------------------------------------------------

def chips_of(reason: dict[str, Any], lang: str) -> list[list[str]]:
    """A stored reason's card groups in ``lang``: a spec keeps the Chinese groups only where they differ."""
    chips = reason.get("chips", {})
    return chips.get(lang, chips.get("en", []))


def test_every_chip_group_is_found_in_its_sentence_in_order():
    """The spec's ``chips`` are the card groups each sentence writes, in order (what the front end draws)."""
    for kind in KINDS:
        for spec in specs(kind)[:6]:
            for reason in spec["reasons"]:
                for lang in ("en", "zh"):
                    at = 0
                    for group in chips_of(reason, lang):
                        shown = cards_text(parse_cards(group), lang)
                        found = reason[lang].find(shown, at)
                        assert found >= 0, (spec["id"], lang, shown, reason[lang])
                        at = found + len(shown)


def test_the_front_end_splits_a_reason_into_text_and_card_chips(tmp_path):
    """puzzle.js ``sentenceParts``: the text pieces and card groups put back together read as the
    sentence, and every group of the spec is drawn as chips (run by Node)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from widgets.front_ends import front_end

    module = tmp_path / "puzzle.mjs"
    module.write_text(front_end("puzzle.js"), encoding="utf-8")
    reasons = [r for kind in ("trick_winner", "pick_follow", "count_trumps") for r in make_puzzle(kind, 2)["reasons"]]
    reasons.append({"en": "big joker beats ♠A ♠A.", "zh": "大王大于♠A ♠A。",
                    "parts": {"en": [{"cards": ["BJ"], "text": "big joker"}, " beats ",
                                     {"cards": ["SA", "SA"], "text": "♠A ♠A"}, "."], "zh": []}})
    script = (f"import {{ sentenceParts, cardsText }} from {json.dumps(module.as_uri())};"
              f"const reasons = {json.dumps(reasons, ensure_ascii=False)};"
              "console.log(JSON.stringify(reasons.map((r) => ['en', 'zh'].map((lang) => sentenceParts(r, lang)"
              ".map((p) => typeof p === 'string' ? p : {cards: p.cards, text: cardsText(p.cards, lang)})))));")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    for reason, langs in zip(reasons, json.loads(out.stdout)):
        for lang, parts in zip(("en", "zh"), langs):
            if lang == "zh" and "parts" in reason:
                continue
            assert "".join(p if isinstance(p, str) else p["text"] for p in parts) == reason[lang]
            drawn = [p["cards"] for p in parts if not isinstance(p, str)]
            wanted = chips_of(reason, lang) or [p["cards"] for p in reason.get("parts", {}).get(lang, [])
                                                 if isinstance(p, dict)]
            assert drawn == wanted, (lang, reason[lang])


# --- what the front end draws -------------------------------------------------------------------

#: The stand-in DOM of tests/teacher/test_front_end_texts.py, with what puzzle.js also asks for.
PUZZLE_PRELUDE = PUZZLE_DOM

#: Draws the puzzle, gives the wrong answer DATA.wrong through the puzzle's own input, in English
#: and in Chinese, and hands back what is shown each time.
WRONG_ANSWER_DRIVER = r"""
const spec = DATA.spec;
const model = fakeModel({ spec, lang: "en" });
model.off = () => {};
const el = new Node("div");
mod.default.render({ model, el });
const root = el.kids[0];
function answer() {
  if (spec.input === "choice") {
    root.querySelectorAll(".cbp-answer").find((b) => b.attrs["data-key"] === DATA.wrong).fire("click");
    return;
  }
  if (spec.input === "number") root.querySelector(".cbp-number").value = DATA.wrong;
  if (spec.input === "fields") {
    DATA.wrong.split("|").forEach((v, i) => {  // a menu for many values, a row of buttons for a few
      const name = spec.fields[i].name;
      const select = root.querySelector(`select[data-field="${name}"]`);
      if (select) select.value = v;
      else root.querySelectorAll(".cbp-option").find((b) => b.attrs["data-field"] === name && b.attrs["data-value"] === v).fire("click");
    });
  }
  if (spec.input === "cards") {
    // the pick survives a language switch: start from none
    root.querySelectorAll(".cbp-hand-card").filter((b) => b.attrs["aria-pressed"] === "true").forEach((b) => b.fire("click"));
    const used = [];
    for (const card of DATA.wrong.split(" ")) {
      const button = root.querySelectorAll(".cbp-hand-card").find((b) => b.attrs["data-card"] === card && !used.includes(b));
      used.push(button);
      button.fire("click");
    }
  }
  root.querySelector(".cbp-form").fire("submit");
}
const pages = [];
for (const lang of ["en", "zh"]) {
  if (lang === "zh") root.querySelector(".cb-settings-lang").fire("click");  // the puzzle's own settings bar
  answer();
  pages.push({ lang, step: "wrong answer", texts: texts(root),
               outcome: root.querySelector(".cbp-outcome")?.textContent, chips: root.querySelectorAll(".cb-chip").length,
               rootLang: root.lang });
}
console.log(JSON.stringify(pages));
"""


@pytest.mark.parametrize("kind", sorted(ALL_KINDS))
def test_the_front_end_shows_a_wrong_answer_in_player_language_with_chinese_marked(kind, tmp_path):
    """puzzle.js against a stand-in DOM (every kind, 一上一下 too: the front end is one): a wrong
    answer given through the puzzle's own input, in
    English and in Chinese; every text and aria-label shown is free of engine notation, all-Chinese
    text on the English page is marked zh-Hans, and the reason's cards are drawn as chips."""
    from tests.teacher.test_front_end_texts import problems, run_front_end

    spec = make_puzzle(kind, 2)
    rid = spec["rulesets"][0]["id"]
    wrong = next(key for r, key, _reason in wrong_answers(spec) if r == rid)
    pages = run_front_end("puzzle.js", PUZZLE_PRELUDE + WRONG_ANSWER_DRIVER, {"spec": spec, "wrong": wrong}, tmp_path)
    assert problems(pages) == []
    assert [p["outcome"] for p in pages] == ["Not quite.", "不对。"]
    assert [p["rootLang"] for p in pages] == ["en", "zh-Hans"]
    _ok, reason = verdict_of(spec, rid, wrong)
    parts = reason.get("reasons", [reason])
    if any(p.get("chips", {}).get("en") for p in parts):
        assert all(p["chips"] for p in pages)



def test_c3_no_throw_puzzle_has_two_equal_smallest_parts():
    """C-3: a failed throw leads its smallest beaten part; where two parts are equal (♥8 and ♣8, both level
    cards) either could be led, so no puzzle holds such a throw (one of two right answers was graded wrong)."""
    from cardlib.shengji.rules import get_ruleset
    from cardlib.shengji.throws import split_units
    from cardlib.shengji.trump import TrumpContext
    from widgets.puzzles.shengji_throw import THROW_RULESETS

    rules = get_ruleset(THROW_RULESETS[0].preset, THROW_RULESETS[0].variant)
    for seed in range(90):
        position = make_puzzle("throw", seed)["position"]
        ctx = TrumpContext(position["level"], None if position["trump"] == "none" else position["trump"])
        parts = split_units(ctx, rules, parse_cards(position["throw"]))
        assert len({(part.size, ctx.strength(part.top)) for part in parts}) == len(parts), (seed, position["throw"])


def test_sj11_ss_e1_a_wrong_count_of_points_left_says_the_count_once():
    """SJ-11 / SS-E1: the reason reaches the points still in play, so the wrong-number verdict says them
    once, and the eight 5s, 10s and Ks only in the SS-E1 note."""
    checked = 0
    for seed in range(2, 24, 3):  # the hard puzzles: the points still in play
        spec = make_puzzle("trick_points", seed)
        for ruleset in spec["rulesets"]:
            (right,) = [a["key"] for a in spec["answers"] if verdict_of(spec, ruleset["id"], a["key"])[0]]
            for answer in spec["answers"]:
                ok, reason = verdict_of(spec, ruleset["id"], answer["key"])
                if not ok:
                    checked += 1
                    assert reason["zh"].count(f"还剩{right}分") == 1 and "没有赢走" not in reason["zh"]
                    assert reason["en"].count(f"so {right} are still in play") == 1
                    assert "eight 5s" not in reason["en"] and "八张" not in reason["zh"]
    assert checked
