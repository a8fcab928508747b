"""Class mode from the teacher's deck, in Voila at 1920×1080: open a class, a phone (a second
browser context) joins and votes, the teacher's chart shows the vote only after "Show", "Close"
locks the vote, and a second round keeps the first beside it; a reload keeps the class.

The deck is a small one written here (a join slide and one class puzzle slide with its panel),
staged with the real decks and served by Voila as ``teacher/stage.py`` serves them.

Rules: YS-9 (the challenge puzzle the class answers).
"""

from __future__ import annotations

import csv
import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from stage import stage  # teacher/stage.py, on sys.path by conftest

from widgets.puzzles import make_puzzle

from .conftest import start_voila, stop_server
from .test_teacher import assert_offline

from export_notebooks import convert  # tools/, put on sys.path by teacher/stage.py

REPO = Path(__file__).resolve().parents[2]

#: The screenshots in docs/ are retaken only when asked (CARDBOOK_RETAKE_SCREENSHOTS=1): a test run
#: never rewrites tracked files; otherwise they go to the test's own temporary folder.
RETAKE = os.environ.get("CARDBOOK_RETAKE_SCREENSHOTS") == "1"


def shot_path(tmp_path, name: str) -> str:
    return str((REPO / "docs" if RETAKE else Path(os.environ.get("CARDBOOK_SHOTS", tmp_path))) / name)

DECK_NAME = "class-test"
DECK = f"""---
jupytext:
  text_representation: {{extension: .md, format_name: myst, format_version: 0.13}}
kernelspec: {{display_name: Python 3, language: python, name: python3}}
voila: {{template: teacher}}
---

+++ {{"slideshow": {{"slide_type": "slide"}}}}

## Join the class · 加入课堂

```{{code-cell}} ipython3
from widgets.class_session import ClassSession

session = ClassSession("{DECK_NAME}")
session
```

+++ {{"slideshow": {{"slide_type": "slide"}}}}

## Your turn: challenge or not? · 该不该质疑？

```{{code-cell}} ipython3
from widgets.class_puzzle import ClassPuzzle

puzzle = ClassPuzzle("ys_challenge", seed=1)
display(puzzle)
session.attach(puzzle)
```
"""


@pytest.fixture(scope="module")
def class_deck(tmp_path_factory):
    out = tmp_path_factory.mktemp("present")
    stage(out)
    source = out / f"{DECK_NAME}.md"
    source.write_text(DECK, encoding="utf-8")
    convert([source], out / "notebooks" / "teacher")
    process, url = start_voila(out)  # jupyter server with Voila and class mode, as `make present` serves
    yield url + f"voila/render/teacher/{DECK_NAME}.ipynb"
    stop_server(process)


class Phones:
    """Students of one class over plain HTTP, as the phone page calls the API (no browser)."""

    def __init__(self, join_url: str) -> None:
        self.api = join_url.replace("/join/", "/api/classes/")
        self.tokens: dict[str, str] = {}

    def post(self, path: str, body: dict, token: str = "") -> tuple[int, dict]:
        request = urllib.request.Request(self.api + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-Student-Token": token})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as refused:
            return refused.code, json.load(refused)

    def vote(self, nickname: str, question: int, round_: int, answer: str) -> int:
        """``nickname``'s vote (joining first if new): the vote's HTTP status."""
        if nickname not in self.tokens:
            self.tokens[nickname] = self.post("/students", {"nickname": nickname})[1]["student_token"]
        return self.post("/votes", {"question": question, "round": round_, "answer": answer}, self.tokens[nickname])[0]


def present(page, selector: str):
    return page.locator(f".reveal .slides section.present {selector}")


def chart_count(panel, key: str, round_: int) -> str:
    return panel.locator(f'.ccs-row[data-key="{key}"] .ccs-bar-line[data-round="{round_}"] .ccs-count').inner_text(timeout=2_000)


def test_ys9_a_class_votes_from_a_phone_and_the_teacher_runs_the_vote(offline_page, class_deck, browser, tmp_path):
    page, log = offline_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(class_deck, wait_until="load", timeout=90_000)
    present(page, ".ccs-open").click(timeout=90_000)
    code = present(page, ".ccs-code")
    code_text = code.inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{5}", code_text)
    join_url = present(page, ".ccs-url").inner_text()
    assert join_url.endswith(f"/cardbook-class/join/{code_text}")
    qr = present(page, ".ccs-qr")
    page.wait_for_function("() => document.querySelector('.ccs-qr').naturalWidth > 0")
    assert qr.bounding_box()["width"] >= 300 and qr.bounding_box()["height"] >= 300
    page.screenshot(path=shot_path(tmp_path, "class-join.png"))
    assert page.locator(".ccs-panel").get_attribute("data-question") == ""  # its slide is not shown: nothing posted

    page.reload(wait_until="load")
    assert present(page, ".ccs-code").inner_text(timeout=90_000) == code_text  # the class survives a reload
    page.locator("body").press("ArrowRight")
    panel = present(page, ".ccs-panel")
    page.wait_for_function("() => document.querySelector('.ccs-panel').dataset.question !== ''", timeout=90_000)
    question = int(panel.get_attribute("data-question"))
    assert panel.get_attribute("data-shown") == "false"

    phone_context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_context.new_page()
    phone.goto(join_url, wait_until="load")
    phone.locator("#cj-nick").fill("Mei")
    phone.locator(".cj-nick button[type=submit]").click()
    option = phone.locator(".cj-option").first
    key = option.get_attribute("data-key", timeout=10_000)
    option.click()
    phone.locator(".cj-send").click()
    panel.locator(".ccs-tally").filter(has_text="1 of 1 voted").wait_for(timeout=2_000)  # polled: current within 1 s
    assert panel.locator(".ccs-bar").count() == 0 and panel.locator(".ccs-hidden").is_visible()  # hidden until shown

    phones = Phones(join_url)
    keys = [row.get_attribute("data-key") for row in phone.locator(".cj-option").all()]
    for i, nickname in enumerate(["Lin", "Ana", "Tom", "小明"]):
        assert phones.vote(nickname, question, 1, keys[i % 2]) == 201
    panel.locator(".ccs-tally").filter(has_text="5 of 5 voted").wait_for(timeout=2_000)
    panel.locator(".ccs-show").click()
    expected = {k: (k == key) + sum(1 for i in range(4) if keys[i % 2] == k) for k in keys}
    assert {k: chart_count(panel, k, 1) for k in keys} == {k: str(n) for k, n in expected.items()}
    labels = panel.locator(".ccs-label").all_inner_texts()
    assert len(labels) == 4 and all(labels) and not any(label.startswith(("succeeds:", "fails:")) for label in labels)
    assert panel.locator(".ccs-right").count() == 0  # the distribution, not the answer
    phone.locator(".cj-count").first.wait_for(timeout=5_000)
    assert phone.locator(".cj-right").count() == 0

    panel.locator(".ccs-close").click()
    page.wait_for_function("() => document.querySelector('.ccs-panel').dataset.open === 'false'", timeout=2_000)
    assert phones.vote("Kai", question, 1, key) == 409  # closed: a late vote is refused (Kai has joined: 6 students)
    assert chart_count(panel, key, 1) == str(expected[key])
    assert panel.locator(".ccs-right").count() == 0

    heights = page.evaluate("[...document.querySelectorAll('.reveal section.present .cbc-body .cb-card')]"
                            ".map((c) => c.getBoundingClientRect().height)")
    assert heights and min(heights) >= 90, heights  # the puzzle's cards for the back row, at 1920 × 1080
    panel.locator(".ccs-reveal").click()  # the answer, to the slide and the phones, only now
    page.wait_for_function("() => document.querySelector('.ccs-panel').dataset.revealed === 'true'", timeout=2_000)
    right = make_puzzle("ys_challenge", 1)["correct"]["yishang"]
    assert [row.get_attribute("data-key") for row in panel.locator(".ccs-row.ccs-right").all()] == right
    phone.locator(f'.cj-option.cj-right[data-key="{right[0]}"]').wait_for(timeout=5_000)
    assert phone.locator(".cj-option.cj-right").count() == len(right)
    page.screenshot(path=shot_path(tmp_path, "class-dashboard-revealed.png"))
    phone.screenshot(path=shot_path(tmp_path, "class-phone-revealed.png"), full_page=True)

    panel.locator(".ccs-again").click()  # discuss with your neighbour and vote again
    page.wait_for_function("() => document.querySelector('.ccs-panel').dataset.round === '2'", timeout=2_000)
    assert panel.get_attribute("data-shown") == "false" and panel.get_attribute("data-open") == "true"
    for nickname in ["Lin", "Ana", "Tom"]:
        assert phones.vote(nickname, question, 2, keys[2]) == 201
    panel.locator(".ccs-tally").filter(has_text="3 of 6 voted").wait_for(timeout=2_000)
    panel.locator(".ccs-show").click()
    assert (chart_count(panel, keys[2], 1), chart_count(panel, keys[2], 2)) == ("0", "3")  # round 1 kept beside round 2
    assert chart_count(panel, key, 1) == str(expected[key]) and chart_count(panel, key, 2) == "0"
    page.screenshot(path=shot_path(tmp_path, "class-chart.png"))

    with page.expect_download() as download:
        panel.locator(".ccs-csv").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("\ufeff")  # a BOM: a spreadsheet reads the nicknames' Chinese as UTF-8
    rows = list(csv.DictReader(text[1:].splitlines()))
    assert download.value.suggested_filename == f"class-{code_text}-answers.csv"
    assert sorted((row["round"], row["nickname"]) for row in rows if row["round"] == "2") == [
        ("2", "Ana"), ("2", "Lin"), ("2", "Tom")] and len(rows) == 8
    panel.locator(".ccs-mistakes").click()
    assert re.search(r"YS-\d+", panel.locator(".ccs-mistake-list").inner_text(timeout=2_000))
    page.locator("body").press("ArrowLeft")  # back on the join slide: who joined, live, and the teacher removes one
    join = present(page, ".ccs-join")
    join.locator(".ccs-joined").filter(has_text="6 joined").wait_for(timeout=5_000)
    assert sorted(join.locator(".ccs-name > span").all_inner_texts()) == sorted(["Mei", "Lin", "Ana", "Tom", "小明", "Kai"])
    assert "127.0.0.1" in join.locator(".ccs-warn").inner_text()  # phones cannot reach this address: said on the slide
    kai = join.locator(".ccs-name", has_text="Kai").locator(".ccs-remove")
    kai.click()
    assert kai.get_attribute("data-armed") == "true" and join.locator(".ccs-name").count() == 6  # a second click removes
    page.screenshot(path=shot_path(tmp_path, "class-join-roster.png"))
    kai.click()
    join.locator(".ccs-joined").filter(has_text="5 joined").wait_for(timeout=5_000)
    assert phones.post("/votes", {"question": question, "round": 2, "answer": keys[0]}, phones.tokens["Kai"])[0] == 403
    phone_context.close()

    tab = page.context.new_page()  # a new tab (its sessionStorage empty): the server's session reopens the class
    tab.set_viewport_size({"width": 1920, "height": 1080})
    tab.goto(class_deck, wait_until="load", timeout=90_000)
    assert present(tab, ".ccs-code").inner_text(timeout=90_000) == code_text
    present(tab, ".ccs-joined").filter(has_text="5 joined").wait_for(timeout=5_000)
    present(tab, ".ccs-past summary").click()
    past = present(tab, f'.ccs-past-class[data-code="{code_text}"]')
    assert "5 students · 8 answers" in past.inner_text(timeout=5_000)
    past.locator(".ccs-past-mistakes").click()
    assert re.search(r"YS-\d+", past.locator(".ccs-mistake-list").inner_text(timeout=5_000))
    with tab.expect_download() as again:
        past.locator(".ccs-past-csv").click()
    assert again.value.suggested_filename == f"class-{code_text}-answers.csv"
    tab.screenshot(path=shot_path(tmp_path, "class-past-classes.png"))
    console = present(tab, ".ccs-console a").get_attribute("href")
    assert console.endswith("/cardbook-class/console")
    tab.goto(join_url.split("/cardbook-class/")[0] + console, wait_until="load")  # the presenter console: no kernel
    tab.locator(".cc-answer").wait_for(timeout=5_000)
    assert tab.locator(".cc-answer").get_attribute("data-key") == " / ".join(right)
    assert tab.locator(".cc-code").inner_text() == code_text and "5 joined" in tab.locator(".cc-main").inner_text()
    tab.locator('.cc-timer-buttons button[data-seconds="60"]').click()
    assert tab.locator(".cc-clock").inner_text() in ("1:00", "0:59")
    tab.screenshot(path=shot_path(tmp_path, "class-console.png"))
    tab.close()
    # the reload cut short Voila's kernel shutdown and the panel's poll in flight
    log.errors[:] = [e for e in log.errors if not e.endswith("(net::ERR_ABORTED)")]
    assert_offline(log)


def test_ys9_in_chinese_and_with_a_class_the_server_does_not_know(offline_page, class_deck):
    page, log = offline_page
    stale = {"code": "ZZZZZ", "token": "stale", "joinUrl": "http://127.0.0.1/cardbook-class/join/ZZZZZ",
             "deck": DECK_NAME, "question": None}
    page.add_init_script(f"sessionStorage.setItem('cardbook-class', {json.dumps(json.dumps(stale))})")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(class_deck + "?lang=zh", wait_until="load", timeout=90_000)
    join = present(page, ".ccs-join")
    join.locator(".ccs-status").filter(has_text="课堂服务器不认识课堂 ZZZZZ").wait_for(timeout=90_000)
    assert join.get_attribute("lang") == "zh-Hans" and join.get_attribute("data-lost") == "true"
    assert join.locator(".ccs-qr").count() == 0 and "用手机加入" in join.inner_text()
    page.locator("body").press("ArrowRight")
    panel = present(page, ".ccs-panel")
    panel.locator(".ccs-status").filter(has_text="ZZZZZ").wait_for(timeout=90_000)  # its question was refused too
    assert panel.get_attribute("aria-label") == "全班投票" and "第1轮" in panel.inner_text()
    assert panel.get_attribute("data-question") == ""

    page.locator("body").press("ArrowLeft")
    join.locator(".ccs-new").click()
    join.locator(".ccs-new").click()  # a second click: sure
    join.locator(".ccs-qr").wait_for(timeout=10_000)
    assert join.get_attribute("data-code") not in ("", "ZZZZZ") and join.locator(".ccs-status").inner_text() == ""
    page.locator("body").press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.ccs-panel').dataset.question !== ''", timeout=10_000)
    assert panel.locator(".ccs-show").inner_text() == "显示投票" and panel.locator(".ccs-status").inner_text() == ""
    first = panel.get_attribute("data-question")
    present(page, ".cbc-another").click()  # another puzzle on the slide: the class's next question
    page.wait_for_function(f"() => !['', '{first}'].includes(document.querySelector('.ccs-panel').dataset.question)",
                           timeout=30_000)
    assert present(page, ".cbc").get_attribute("data-puzzle-id") != "ys_challenge:1"
    refused = [e for e in log.errors if "404" in e or "qr.svg" in e or "/questions" in e]
    assert len(refused) >= 2, log.errors  # the stale class's QR code and question, refused by the server
    log.errors[:] = [e for e in log.errors if e not in refused]
    assert_offline(log)


@pytest.mark.parametrize("mode", ["print-pdf", "receiver"])
def test_ys9_print_and_the_speaker_view_never_post_a_question(offline_page, class_deck, mode):
    page, log = offline_page
    api = class_deck.split("voila/")[0] + "cardbook-class/api/classes"
    request = urllib.request.Request(api, data=json.dumps({"deck": DECK_NAME}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        made = json.load(response)
    record = {"code": made["code"], "token": made["teacher_token"], "joinUrl": made["join_url"], "deck": DECK_NAME,
              "question": None}
    page.add_init_script(f"sessionStorage.setItem('cardbook-class', {json.dumps(json.dumps(record))})")
    posted = []
    page.on("request", lambda r: "/questions" in r.url and posted.append(r.url))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(class_deck + "?" + mode, wait_until="load", timeout=90_000)
    page.locator(".ccs-panel").wait_for(state="attached", timeout=90_000)
    page.locator(".ccs-join .ccs-code").wait_for(state="attached", timeout=10_000)  # the class is known here
    page.wait_for_timeout(2 * 700)
    assert page.locator(".ccs-panel").get_attribute("hidden") is not None and posted == []
    if mode == "print-pdf":  # a printed deck is a handout: the puzzle with its answer, no buttons
        puzzle = page.locator(".cbc").first
        assert puzzle.get_attribute("data-revealed") == "true" and puzzle.locator(".cbc-toolbar").count() == 0
        spec = make_puzzle("ys_challenge", 1)
        right = next(a["label"]["en"] for a in spec["answers"] if a["key"] == spec["correct"]["yishang"][0])
        assert right in puzzle.locator(".cbc-answer").inner_text() and "null" not in puzzle.inner_text()
    assert_offline(log)
