"""A fair table in the browser (Voila, the kernel's Python; every request off this machine blocked):
a deal link with options other than the page's opens exactly that game; a double click on Play
plays once (and with reduced motion the bots' cards come at once); the outcome of the reader's
challenge (what was revealed, who took the pile) is told in the status region; the arrows move in the
hand and Enter plays.  Kept few and
cheap: one page load each.

Rules: YS-8, YS-9 (a challenge and its outcome), YS-16 (the linked variant).
"""

from __future__ import annotations

from tests.widgets.test_tutor_drive import hinted_move
from widgets.tutor.session import TutorSession

PAGE = "voila/render/play.ipynb"
#: Not the play page's 一上一下 tutor (seed 6, two opponents, as written): one opponent and YS-16.
LINKED = {"game": "yishang", "seed": 1, "ruleset": "yishang-fewest", "opponents": 1}
LINK = "#deal=yishang:1,rules=yishang-fewest,opponents=1"
ANSWERED = "([el, s]) => el.dataset.serial !== undefined && el.dataset.serial !== s && !el.dataset.busy"


def open_linked(page, url: str):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(url + PAGE + LINK, wait_until="load", timeout=90_000)
    root = page.locator("[data-tutor=yishang]")
    page.wait_for_function("el => el.dataset.turn === 'you' && el.textContent.includes('Deal 1')",
                           arg=root.element_handle(), timeout=90_000)
    return root


def hand(root) -> list[str]:
    return [b.get_attribute("data-card") for b in root.locator("button.cbtu-card").all()]


def answered(page, root, click) -> None:
    before = root.get_attribute("data-serial")
    click()
    page.wait_for_function(ANSWERED, arg=[root.element_handle(), before], timeout=20_000)


def test_ys16_a_deal_link_with_other_options_opens_exactly_that_game(offline_page, present_url):
    page, log = offline_page
    root = open_linked(page, present_url)
    expected = TutorSession.start(LINKED).view()
    assert hand(root) == expected["table"]["hand"][0]["cards"]
    assert root.locator(".cbtu-felt.cbtu-players-2").count() == 1  # one opponent
    assert root.locator("[data-control=ruleset-yishang-fewest]").get_attribute("aria-pressed") == "true"
    assert root.locator("[data-control=opponents]").input_value() == "1"
    assert root.locator("a[data-control=link]").get_attribute("href") == LINK
    assert log.blocked == []


def test_a_double_click_on_play_plays_once(offline_page, present_url):
    page, log = offline_page
    root = open_linked(page, present_url)
    page.emulate_media(reduced_motion="reduce")  # and the bots' cards come all at once
    session = TutorSession.start(LINKED)
    once = session.handle(hinted_move(session))
    assert any(e["seat"] != 0 and e["kind"].startswith("play") for e in once["table"]["recent"])
    answered(page, root, lambda: root.locator("[data-action=hint]").click())
    serial = root.get_attribute("data-serial")
    root.locator("[data-action=play]").dblclick()
    page.wait_for_function(ANSWERED, arg=[root.element_handle(), serial], timeout=20_000)
    assert root.get_attribute("data-animating") is None
    page.wait_for_timeout(1500)  # room for a second answer, were a second move sent
    assert root.get_attribute("data-serial") == str(int(serial) + 1), "two messages were answered"
    assert hand(root) == once["table"]["hand"][0]["cards"]
    assert "not played" not in root.locator("[role=status]").inner_text()
    assert log.blocked == []


def test_ys9_the_outcome_of_the_readers_challenge_is_told(offline_page, present_url):
    page, log = offline_page
    root = open_linked(page, present_url)
    session = TutorSession.start(LINKED)
    view = session.view()
    while view["decision"]["kind"] != "challenge":  # by the hint, as the page is played below
        view = session.handle(hinted_move(session))
        answered(page, root, lambda: root.locator("[data-action=hint]").click())
        answered(page, root, lambda: root.locator("[data-action=play]").click())
    told = session.handle({"type": "act", "cards": [], "choice": "challenge"})["outcome"]
    root.locator("[data-choice=challenge]").click()
    answered(page, root, lambda: root.locator("[data-action=play]").click())
    outcome = root.locator("[role=status] .cbtu-outcome")
    text = outcome.inner_text()
    assert "Player A challenges player B" in text and "takes the pile" in text, text
    assert [" ".join(p.split()) for p in outcome.locator("p").all_inner_texts()] == \
        [" ".join(line["en"].split()) for line in told]
    recent = root.locator(".cbtu-recent li").all_inner_texts()
    assert recent[0].startswith("Player A challenges"), recent
    assert log.blocked == []


def test_ys6_the_keyboard_moves_in_the_hand_with_the_arrows_and_plays_with_enter(offline_page, present_url):
    """One card of the hand is in the Tab order; the arrows move between the cards, Enter plays the card
    under the focus (nothing picked): the engine's answer is the one to that move."""
    page, log = offline_page
    root = open_linked(page, present_url)
    cards = hand(root)
    assert root.locator("button.cbtu-card[tabindex='0']").count() == 1
    root.locator("button.cbtu-card").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.position") == "2"
    assert root.locator("button.cbtu-card[tabindex='0']").get_attribute("data-position") == "2"
    session = TutorSession.start(LINKED)
    expected = session.handle({"type": "act", "serial": session.view()["serial"], "cards": [cards[2]]})
    answered(page, root, lambda: page.keyboard.press("Enter"))
    page.locator("[data-tutor=yishang]:not([data-animating])").wait_for(timeout=10_000)
    assert hand(root) == expected["table"]["hand"][0]["cards"]
    assert log.blocked == []


def test_on_a_phone_the_table_the_hand_and_play_fit_one_screen(offline_page, present_url):
    """At 390 × 844, with the felt at the top of the screen, the hand and the Play button are on the same
    screen."""
    page, log = offline_page
    root = open_linked(page, present_url)
    page.set_viewport_size({"width": 390, "height": 844})
    root.locator(".cbtu-felt").evaluate("e => e.scrollIntoView({block: 'start'})")
    bottom = root.locator("[data-action=play]").evaluate("e => e.getBoundingClientRect().bottom")
    hand_top = root.locator(".cbtu-hand").evaluate("e => e.getBoundingClientRect().top")
    assert hand_top >= 0 and bottom <= 844, (hand_top, bottom)
    assert log.blocked == []
