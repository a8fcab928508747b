"""The student's phone page (390 px) in Chromium: enter the code, join, see the puzzle drawn by the
class puzzle's front end, vote, see the counts once shown, keep the vote over a reload."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from tests.classroom.conftest import ClassServer, ok
from tests.classroom.test_api import Room
from widgets.puzzles import make_puzzle

PHONE = {"width": 390, "height": 844}
SHOTS = Path(os.environ.get("CARDBOOK_SHOTS", tempfile.gettempdir()))


def test_phone_joins_votes_and_sees_counts(offline_page, class_server: ClassServer) -> None:
    page, log = offline_page
    page.set_viewport_size(PHONE)
    room = Room(class_server)
    page.goto(f"{class_server.url}/cardbook-class/join")
    page.fill("#cj-code", room.code.lower())
    page.click("form.cj-code button")
    page.wait_for_url(re.compile(f"/join/{room.code}$"))
    page.fill("#cj-nick", "Mei 梅")
    page.click("form.cj-nick button")
    expect(page.locator(".cj-status").last).to_have_text("Waiting for the teacher's question…")

    spec = make_puzzle("trick_winner", 16)
    question = room.ask(spec)
    expect(page.locator(".cj-puzzle .cbc-question")).to_have_text(spec["question"]["en"], timeout=5000)
    faces = page.locator(".cj-puzzle .cb-card")
    assert faces.count() == sum(len(p["cards"]) for b in spec["display"] if b["type"] == "plays" for p in b["plays"])
    assert all(faces.nth(i).get_attribute("aria-label") for i in range(faces.count()))
    assert page.locator(".cbc-toolbar").is_hidden() and page.locator(".cbc-options").is_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    wrong = next(a for a in spec["answers"] if a["key"] not in spec["correct"]["shengji"])
    send = page.locator(".cj-send")
    assert send.is_disabled()
    page.click(f'.cj-option[data-key="{wrong["key"]}"]')
    expect(page.locator(f'.cj-option[data-key="{wrong["key"]}"]')).to_have_attribute("aria-pressed", "true")
    send.click()
    expect(page.locator(".cj-status", has_text="Your answer:")).to_contain_text(wrong["label"]["en"])
    view = ok(room.teacher("GET", f"/questions/{question}")).body
    assert view["voted"] == 1 and view["counts"]["1"][wrong["key"]] == 1
    assert page.locator(".cj-count").count() == 0  # hidden until the teacher shows them

    ok(room.teacher("POST", f"/questions/{question}/show"))  # the distribution, not the answer
    right = spec["correct"]["shengji"][0]
    expect(page.locator(f'.cj-count[data-key="{wrong["key"]}"] strong')).to_have_text("1", timeout=5000)
    assert page.locator(".cj-right").count() == 0 and page.locator(".cj-status", has_text="Not this time").count() == 0

    ok(room.teacher("POST", f"/questions/{question}/close"))
    expect(page.locator(".cj-status", has_text="The vote is closed.")).to_be_visible(timeout=5000)
    assert page.locator(".cj-right").count() == 0

    ok(room.teacher("POST", f"/questions/{question}/reveal"))
    expect(page.locator(f'.cj-count.cj-right[data-key="{right}"]')).to_be_visible(timeout=5000)
    expect(page.locator(f'.cj-option.cj-right[data-key="{right}"]')).to_be_visible()
    expect(page.locator(".cj-status", has_text="Not this time")).to_be_visible()

    page.reload()  # a reload keeps the student and cannot change the vote
    expect(page.locator(f'.cj-option[data-key="{wrong["key"]}"]')).to_have_attribute("aria-pressed", "true")
    assert page.locator(".cj-option").first.is_disabled() and page.locator(".cj-send").count() == 0
    expect(page.locator(".cj-status", has_text="The vote is closed.")).to_be_visible(timeout=5000)
    page.click('[data-control="lang"]')
    expect(page.locator(".cj-puzzle .cbc-question")).to_have_text(spec["question"]["zh"])
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    expect(page.locator(".cj-status", has_text="投票已结束。")).to_be_visible()
    assert log.blocked == [] and log.errors == []


def test_phone_picks_cards_for_a_cards_question(offline_page, class_server: ClassServer) -> None:
    page, log = offline_page
    page.set_viewport_size(PHONE)
    room = Room(class_server)
    spec = make_puzzle("pick_follow", 16)
    question = room.ask(spec)
    page.goto(room.join_url)
    page.fill("#cj-nick", "Ana")
    page.click("form.cj-nick button")
    hand = page.locator(".cj-hand .cj-card")
    expect(hand).to_have_count(len(spec["position"]["hand"]), timeout=5000)
    key = spec["correct"]["shengji"][0].split()
    chosen: list[int] = []
    for card in key:  # pick the right cards, each a different button of the hand
        index = next(i for i, c in enumerate(spec["position"]["hand"]) if c == card and i not in chosen)
        chosen.append(index)
        hand.nth(index).click()
    page.click(".cj-send")
    expect(page.locator(".cj-status", has_text="Your answer:").locator(".cb-card")).to_have_count(len(key))
    rows = ok(room.teacher("GET", "/answers.csv")).body
    assert f",{question},shengji-basics#highest,1,Ana,{spec['correct']['shengji'][0]},yes," in rows
    assert page.locator(".cj-card.cj-right").count() == 0
    ok(room.teacher("POST", f"/questions/{question}/reveal"))  # the right cards marked in the hand, and said
    expect(page.locator(".cj-card.cj-right")).to_have_count(len(key), timeout=5000)
    assert sorted(int(i) for i in page.locator(".cj-card.cj-right").evaluate_all("cs => cs.map(c => c.dataset.index)")) == sorted(chosen)
    expect(page.locator(".cj-answer .cb-card")).to_have_count(len(key))
    expect(page.locator(".cj-status.cj-right", has_text="Right!")).to_be_visible()
    assert log.blocked == [] and log.errors == []


def test_phone_answers_a_number_then_fields(offline_page, class_server: ClassServer) -> None:
    page, log = offline_page
    page.set_viewport_size(PHONE)
    room = Room(class_server)
    number = make_puzzle("kitty_score", 16)
    first = room.ask(number)
    page.goto(room.join_url)
    page.fill("#cj-nick", "Bo")
    page.click("form.cj-nick button")
    page.fill("#cj-number", "12x")
    assert page.locator(".cj-send").is_disabled()  # not a whole number yet
    page.fill("#cj-number", number["correct"]["shengji"][0])
    page.click(".cj-send")
    expect(page.locator(".cj-status", has_text="Your answer:")).to_contain_text(number["correct"]["shengji"][0])
    ok(room.teacher("POST", f"/questions/{first}/reveal"))
    expect(page.locator(".cj-answer")).to_contain_text(number["correct"]["shengji"][0], timeout=5000)

    fields = make_puzzle("first_dealer", 5)
    second = room.ask(fields)  # the phone follows the teacher to the next question
    selects = page.locator(".cj-field select")
    expect(selects).to_have_count(len(fields["fields"]), timeout=5000)
    values = fields["correct"]["shengji"][0].split("|")
    for i, value in enumerate(values):
        selects.nth(i).select_option(value)
    page.click(".cj-send")
    expect(page.locator(".cj-status", has_text="Your answer:")).to_be_visible()
    assert page.locator(".cj-answer").count() == 0
    ok(room.teacher("POST", f"/questions/{second}/reveal"))
    expect(page.locator(".cj-answer")).to_have_attribute("data-key", "|".join(values), timeout=5000)
    expect(page.locator(".cj-status.cj-right", has_text="Right!")).to_be_visible()
    page.screenshot(path=str(SHOTS / "phone-after-reveal.png"), full_page=True)
    rows = ok(room.teacher("GET", "/answers.csv")).body
    assert f",{first},shengji-basics#highest,1,Bo,{number['correct']['shengji'][0]},yes," in rows
    assert f",{second},shengji-basics#highest,1,Bo,{'|'.join(values)},yes," in rows
    assert log.blocked == [] and log.errors == []


def test_phone_keeps_the_keyboard_focus_on_the_option_chosen(offline_page, class_server: ClassServer) -> None:
    page, log = offline_page
    page.set_viewport_size(PHONE)
    room = Room(class_server)
    spec = make_puzzle("highest", 16)
    room.ask(spec)
    page.goto(room.join_url)
    page.fill("#cj-nick", "Cy")
    page.press("#cj-nick", "Enter")
    first = page.locator(".cj-option").first
    expect(first).to_be_visible(timeout=5000)
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.key") == spec["answers"][0]["key"]
    assert log.errors == []
