"""What the deal stepper says, step by step, for several hands and games: each game in its own
units, the end saying the result, counts pluralised, and every text in player language.

一上一下 has no tricks: it is played card by card, a face-down card may be challenged, the pile is
taken, and a round starts when the taker leads face up (YS-6 … YS-10); the game ends when a
player's last card stands (YS-12) or, under the optional rule, when nobody can finish (YS-16).
升级 is played in tricks (SJ-10) and ends with the kitty (SJ-12), the level change (SG-7 / SS-7)
and the next dealer (SG-8).

The front end is run in Node against the stand-in DOM of ``tests/teacher/test_front_end_texts.py``
(skipped where Node is missing): its buttons per game, what they do at the start and the end,
and the keys it takes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardlib.shengji.rules import get_ruleset
from cardlib.words import player_name, seat_name
from cardlib.yishang import get_ruleset as yishang_ruleset
from tests.reader_text import leaks
from tests.teacher.test_front_end_texts import problems, run_front_end
from widgets.stepper import DealStepper, shengji_steps, yishang_steps

YS_SEEDS = (0, 3, 5, 6, 10)  # 0 and 6: a last card stands; 3: a face-up last card; 5: a challenge fails
SJ_CASES = (("shengji", 3, False), ("shuangsheng", 8, False), ("shengji", 5, True), ("shuangsheng", 11, True))
BAD_PLURAL = re.compile(r"\b1 (?:cards|points|levels|tricks|rounds)\b|\b(?:[02-9]|\d\d+) (?:card|point|level|trick|round)\b(?!s)")
TRICK = re.compile(r"trick|墩", re.IGNORECASE)


def step_texts(step: dict[str, Any], lang: str) -> list[str]:
    """Every sentence a step shows in ``lang``: its title, the engine's reason and any result line."""
    result = step["state"].get("result") or {}
    return [step["title"][lang], step["reason"][lang], *result.get(lang, [])]


def all_texts(steps: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    return [(index, lang, text) for index, step in enumerate(steps) for lang in ("en", "zh")
            for text in step_texts(step, lang)]


def ys_games():
    for seed in YS_SEEDS:
        yield f"yishang {seed}", yishang_steps(yishang_ruleset(), seed)
    stall_rules = yishang_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": 3})
    for seed in (1, 2):
        yield f"yishang {seed}, fewest cards wins", yishang_steps(stall_rules, seed)


YS_GAMES = dict(ys_games())
SJ_HANDS = {f"{preset} {seed}{' bots' if bots else ''}": shengji_steps(get_ruleset(preset), seed, bots)
            for preset, seed, bots in SJ_CASES}


# --- what Python hands the front end -----------------------------------------------------------

@pytest.mark.parametrize("name", sorted(YS_GAMES))
def test_ys6_ys10_yishang_steps_speak_of_cards_challenges_piles_and_rounds_never_tricks(name):
    """YS-6 … YS-10: no 'trick' (or 墩) in any title, reason or result of a 一上一下 game."""
    found = [f"step {index} {lang}: {text}" for index, lang, text in all_texts(YS_GAMES[name]) if TRICK.search(text)]
    assert found == []


@pytest.mark.parametrize("name", sorted(YS_GAMES))
def test_ys10_rounds_start_with_the_takers_face_up_lead(name):
    """YS-10: round 1 starts with the first face-up card; after a take, the taker leads the next
    round face up, and the take says so, unless the game ends with it (YS-12)."""
    steps = YS_GAMES[name]
    leads = [step for step in steps if step.get("leads")]
    assert [step["round"] for step in leads] == list(range(1, len(leads) + 1))
    assert all(step["kind"] == "play_up" and step["title"]["en"].startswith(f"Round {step['round']}: ")
               for step in leads)
    for index, step in enumerate(steps):
        if step["kind"] != "take":
            continue
        if step["ends_game"]:
            assert "round" not in step["title"]["en"].split(": ", 1)[1] and steps[index + 1]["kind"] == "win"
        else:
            after = steps[index + 1]
            assert after.get("leads") and after["seat"] == step["seat"] and after["round"] == step["round"] + 1
            assert f"leads round {after['round']}" in step["title"]["en"]
            assert f"第{after['round']}轮由{player_name(step['seat'], 'zh')}先出" in step["title"]["zh"]


@pytest.mark.parametrize("name", sorted(YS_GAMES))
def test_ys12_ys16_the_last_step_says_who_won_and_how(name):
    """YS-12 (a last card that stands wins) / YS-16 (fewest cards, when nobody can finish): the
    last step's title and result name the winner; the result is the engine's reason, then the
    cards the others hold."""
    last = YS_GAMES[name][-1]
    winner = last["state"]["winner"]
    assert last["kind"] in ("win", "stall") and winner == last["seat"]
    assert last["reason"]["rule"] in ("YS-12", "YS-16")
    for lang in ("en", "zh"):
        who = player_name(winner, lang)
        assert who.lower() in last["title"][lang].lower()
        reason, held = last["state"]["result"][lang]
        assert reason.lower() == last["reason"][lang].lower() and who.lower() in reason.lower()
        others = [player_name(seat, lang) for seat in range(last["state"]["players"]) if seat != winner]
        assert all(other in held for other in others) and who not in held
    assert "wins" in last["title"]["en"] and "获胜" in last["title"]["zh"]


@pytest.mark.parametrize("name", sorted(SJ_HANDS))
def test_sj12_sg7_sg8_the_end_of_a_hand_says_points_kitty_level_change_and_next_dealer(name):
    """SJ-12, SG-7 / SS-7, SG-8: the result grows line by line over the three end steps, and the
    last step names the attackers' points with the kitty, who goes up, and the next dealer."""
    steps = SJ_HANDS[name]
    assert [step["kind"] for step in steps[-3:]] == ["kitty_score", "level_change", "next"]
    assert [len(step["state"]["result"]["en"]) for step in steps[-3:-1]] == [1, 2]
    assert all("result" not in step["state"] for step in steps[:-3])
    last = steps[-1]
    points, change, dealer, *won = last["state"]["result"]["en"]
    attackers = last["state"]["points"][1 - last["state"]["dealer"] % 2]
    kitty = steps[-3]["value"]
    assert f"{attackers} point" in points and f"+ {kitty} from the kitty = {attackers + kitty} point" in points
    assert "go up" in change or "take over" in change
    assert dealer.startswith(f"{seat_name(last['seat'], 'en')} deals the next hand, at level ")
    assert f"由{seat_name(last['seat'], 'zh')}坐庄" in last["state"]["result"]["zh"][2]
    assert all("win the game" in line for line in won)


@pytest.mark.parametrize("name", sorted(YS_GAMES) + sorted(SJ_HANDS))
def test_sj1_ys3_counts_are_pluralised_and_every_text_speaks_as_players_do(name):
    """SJ-1 / YS-3: '1 card', '2 cards' (never '1 cards'), seats and players by name, cards as ♠8:
    tests.reader_text.leaks finds nothing in any step."""
    steps = YS_GAMES.get(name) or SJ_HANDS[name]
    texts = all_texts(steps)
    assert [f"step {i} {lang}: {text}" for i, lang, text in texts if BAD_PLURAL.search(text)] == []
    assert [f"step {i} {lang}: {text} {leaks(text)}" for i, lang, text in texts if leaks(text)] == []


# --- what the front end draws -------------------------------------------------------------------

#: Drives the stepper: the buttons at the start and the end, where "next round / trick" lands,
#: what PageDown, space and the arrows do, and every text shown at the end.
DRIVER = r"""
const model = fakeModel(DATA);
const el = new Node("div");
mod.default.render({ model, el });
const root = el.kids[0];
const buttons = () => root.querySelector(".cbs-toolbar").all()
  .filter((k) => k.tagName === "BUTTON")
  .map((b) => ({ cls: b.attrs.class, text: b.textContent, disabled: "disabled" in b.attrs }));
const out = {};
for (const lang of ["en", "zh"]) {
  if (lang === "zh") root.querySelector(".cbs-lang").fire("click");
  const page = out[lang] = { jumps: [] };
  root.fire("keydown", { key: "Home" });
  page.start = buttons();
  for (const key of ["PageDown", " ", "PageUp"]) { root.fire("keydown", { key }); }
  page.afterClickerKeys = Number(root.dataset.step);
  root.fire("keydown", { key: "ArrowRight" });
  page.afterArrow = Number(root.dataset.step);
  root.fire("keydown", { key: "ArrowRight", target: root.querySelector(".cbs-next") });  // a key on a button
  page.afterArrowOnButton = Number(root.dataset.step);
  root.focus();
  root.fire("keydown", { key: "Escape" });
  page.escapeLeaves = document.activeElement !== root;
  root.fire("keydown", { key: "Home" });
  const jump = root.querySelector(".cbs-next-round") ? ".cbs-next-round" : ".cbs-next-trick";
  for (let i = 0; i < 400 && root.dataset.last !== "true"; i++) {
    root.querySelector(jump).fire("click");
    page.jumps.push(Number(root.dataset.step));
  }
  page.end = buttons();
  page.endTexts = texts(root);
  page.winner = root.querySelector(".cbs-winner") ? root.querySelector(".cbs-winner").textContent : null;
  page.nextCard = root.querySelector(".cbs-next-face") !== null;
}
console.log(JSON.stringify(out));
"""

BUTTONS = {
    "yishang": {"en": ["|◀ Start", "◀ Back", "Next ▶", "Next round ▶▶", "End ▶|", "Deal again", "中文", "Four-colour deck"],
                "zh": ["|◀ 开头", "◀ 上一步", "下一步 ▶", "下一轮 ▶▶", "结尾 ▶|", "重新发牌", "English", "四色牌"]},
    "shengji": {"en": ["|◀ Start", "◀ Back", "Next ▶", "Next trick ▶▶", "End ▶|", "Deal again", "中文", "Four-colour deck"],
                "zh": ["|◀ 开头", "◀ 上一步", "下一步 ▶", "下一轮 ▶▶", "结尾 ▶|", "重新发牌", "English", "四色牌"]},
}
FORWARD = ("cbs-next", "cbs-next-round", "cbs-next-trick", "cbs-last")


@pytest.fixture(autouse=True)
def _no_address(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)


def front(widget: DealStepper, tmp_path) -> dict[str, Any]:
    """What the driver saw, by language."""
    data = {name: getattr(widget, name) for name in ("game", "steps", "names", "rules_label", "error", "lang")}
    return run_front_end("stepper.js", DRIVER, data, tmp_path)  # type: ignore[return-value]  # the driver prints a dict


@pytest.mark.parametrize("game, seed", [("yishang", 5), ("yishang", 3), ("shengji", 3), ("shengji", 8)])
def test_ys10_sj10_buttons_per_game_and_off_at_the_ends(game, seed, tmp_path):
    """一上一下 steps by round (YS-10), 升级 by trick (SJ-10); at the start the back buttons are off,
    at the end (the game won, the next dealer known) the forward ones are."""
    widget = DealStepper(game, seed=seed)
    pages = front(widget, tmp_path)
    for lang in ("en", "zh"):
        page = pages[lang]
        assert [b["text"] for b in page["start"]] == BUTTONS[game][lang]
        assert {b["cls"] for b in page["start"] if b["disabled"]} == {"cbs-first", "cbs-back"}
        assert {b["cls"] for b in page["end"] if b["disabled"]} == set(FORWARD) & {b["cls"] for b in page["end"]}
        shown = " ".join(item["text"] for item in page["endTexts"])
        assert not TRICK.search(shown) if game == "yishang" else "Trick" in shown or "轮" in shown
        assert not BAD_PLURAL.search(shown), shown
    last = widget.steps[-1]
    shown_en = [item["text"] for item in pages["en"]["endTexts"]]
    assert all(line in shown_en for line in last["state"]["result"]["en"]), "the end shows the whole result"
    if game == "yishang":
        assert pages["en"]["winner"] == widget.names["en"]["seats"][last["seat"]]
        assert not pages["en"]["nextCard"], "no 'Next card' once the game is over"
    assert problems([{"lang": lang, "step": "end", "texts": pages[lang]["endTexts"]} for lang in ("en", "zh")]) == []


@pytest.mark.parametrize("game, seed", [("yishang", 5), ("yishang", 10), ("shengji", 3)])
def test_ys10_sj10_next_round_lands_on_each_lead_and_next_trick_on_each_trick(game, seed, tmp_path):
    """YS-10: "Next round" goes to the taker's face-up lead of each round, then to the end;
    SJ-10: "Next trick" goes to each trick won, then to the end of the hand."""
    widget = DealStepper(game, seed=seed)
    steps = widget.steps
    jumps = front(widget, tmp_path)["en"]["jumps"]
    if game == "yishang":
        expected = [i for i, step in enumerate(steps) if step.get("leads")]
    else:
        expected = [i for i, step in enumerate(steps) if step["kind"] == "trick"]
    assert jumps == expected + [len(steps) - 1]


@pytest.mark.parametrize("game", ["yishang", "shengji"])
def test_the_stepper_leaves_clicker_keys_to_the_slides_and_takes_arrows_when_focused(game, tmp_path):
    """A presenter's clicker sends PageDown / PageUp (or space): the stepper lets them through to
    reveal.js; the arrows step it only while its region itself has focus (a key pressed on one of
    its buttons is the slides'), and Escape leaves it."""
    pages = front(DealStepper(game, seed=3), tmp_path)
    for lang in ("en", "zh"):
        assert pages[lang]["afterClickerKeys"] == 0 and pages[lang]["afterArrow"] == 1
        assert pages[lang]["afterArrowOnButton"] == 1 and pages[lang]["escapeLeaves"]

