"""The tutor page in Voila, on the kernel's Python, in Debian's Chromium with every request
off this machine blocked: a whole 一上一下 game and a whole 升级 hand played by clicking Hint then Play
alone reach the review, which says what the engine says; an illegal follow is refused with the
engine's reason in the status region; take back undoes.

Rules: SJ-9 (a refused follow), SJ-12 / SG-7 (the review), YS-12 (the game's end).
"""

from __future__ import annotations

from tests.widgets.test_tutor_drive import hinted_move, play_out
from widgets.tutor.session import TutorSession

PAGE = "voila/render/play.ipynb"
#: The tutors of book/play.md, as its cells make them.
TUTORS = {"yishang": {"game": "yishang", "seed": 6, "opponents": 2}, "shengji": {"game": "shengji", "seed": 3}}


def answered(page, root, action: str) -> None:
    """Click ``[data-action=action]`` in the tutor and wait until its answer is drawn."""
    before = root.get_attribute("data-serial")
    root.locator(f"[data-action={action}]").click()
    page.wait_for_function("([el, s]) => el.dataset.serial !== s", arg=[root.element_handle(), before], timeout=20_000)


def expected_review(game: str) -> dict:
    views = list(play_out(TutorSession.start(TUTORS[game])))
    return views[-1]["review"]


def open_page(page, url: str):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(url + PAGE, wait_until="load", timeout=90_000)
    for game in TUTORS:
        page.locator(f"[data-tutor={game}][data-state=playing][data-turn=you]").wait_for(timeout=90_000)


def play_to_the_review(page, game: str, limit: int = 80) -> None:
    root = page.locator(f"[data-tutor={game}]")
    for _move in range(limit):
        if root.get_attribute("data-state") == "over":
            return
        assert root.get_attribute("data-turn") == "you"
        answered(page, root, "hint")
        answered(page, root, "play")
        assert not root.locator("[role=status] .cbtu-refusal").count(), root.locator("[role=status]").inner_text()
        assert root.locator("[role=status] .cbtu-outcome").inner_text().strip()  # the move's outcome, told
    raise AssertionError(f"the {game} tutor did not end within {limit} moves")


def test_ys_sj_a_whole_game_and_a_whole_hand_by_hint_and_play_reach_the_engines_review(offline_page, present_url):
    page, log = offline_page
    open_page(page, present_url)
    for game in TUTORS:
        play_to_the_review(page, game)
        root = page.locator(f"[data-tutor={game}]")
        review = root.locator(".cbtu-review")
        assert review.is_visible() and root.get_attribute("data-turn") is None
        expected = expected_review(game)
        shown = [p.inner_text() for p in review.locator(".cbtu-summary").all()]
        assert shown == [line["en"] for line in expected["summary"]]
        assert root.locator("[data-action=again]").is_visible()
        assert root.locator("a[data-action=link]").get_attribute("href") == TutorSession.start(TUTORS[game]).view()["link"]
        if game == "shengji":
            assert review.locator(".cbtu-review-tricks > li").count() == len(expected["tricks"])
            kitty = expected["kitty"]
            assert f"{kitty['points']} points in the kitty" in review.inner_text()
        else:
            assert review.locator(".cbtu-review-challenges > li").count() == len(expected["challenges"])
        # the page asks for the grades once the review shows; their answer comes before "again"'s is sent,
        # else it would be taken for it
        root.locator(".cbtu-graded:not([aria-busy])").wait_for(timeout=60_000)
        answered(page, root, "again")
        assert root.get_attribute("data-state") == "playing"
    assert log.blocked == []
    assert [e for e in log.errors if "net::ERR_FAILED" not in e] == []


def test_sj9_an_illegal_follow_is_refused_with_the_engines_reason_and_taken_back(offline_page, present_url):
    page, log = offline_page
    open_page(page, present_url)
    root = page.locator("[data-tutor=shengji]")
    session = TutorSession.start(TUTORS["shengji"])
    for view in play_out(session):  # the first follow South can get wrong, found by the engine
        hand = session.table.hand
        if view["decision"] and view["decision"]["kind"] == "follow":
            suit = hand.ctx.effective_suit(hand.lead[0])
            off = [c for c in hand.hands[0] if hand.ctx.effective_suit(c) is not suit]
            if len(hand.lead) == 1 and off and len(off) < len(hand.hands[0]):
                break
        if view["state"] == "playing":
            answered(page, root, "hint")
            answered(page, root, "play")
    wrong = str(off[0])
    root.locator(f"button[data-card='{wrong}']").first.click()
    answered(page, root, "play")
    status = root.locator("[role=status]")
    assert "SJ-9" in status.inner_text() and len(status.inner_text()) > 30
    answered(page, root, "undo")
    assert "take-backs: 1" in root.locator(".cbtu-counters").inner_text()
    assert log.blocked == []


def test_sj_a_deal_link_deals_the_same_hand_every_time_it_is_followed(offline_page, present_url):
    """``#deal=shengji:17`` in the address: the engine's hand of deal 17, on each visit."""
    page, log = offline_page
    expected = TutorSession.start({"game": "shengji", "seed": 17}).view()
    cards = [c for group in expected["table"]["hand"] for c in group["cards"]]
    for _visit in range(2):
        page.goto("about:blank")
        page.goto(present_url + PAGE + "#deal=shengji:17", wait_until="load", timeout=90_000)
        root = page.locator("[data-tutor=shengji][data-state=playing]")
        root.wait_for(timeout=90_000)
        page.wait_for_function("el => el.textContent.includes('Deal 17')", arg=root.element_handle(), timeout=20_000)
        assert [b.get_attribute("data-card") for b in root.locator("button.cbtu-card").all()] == cards
    other = page.locator("[data-tutor=yishang]")
    assert "Deal 6" in other.inner_text()  # the link names the 升级 tutor's deal only
    assert log.blocked == []


def test_sj11_a_deliberate_mistake_in_the_last_tricks_is_marked_in_the_review(offline_page, present_url):
    """Deal 10 by hint and play but one lead of the last tricks (tests/widgets/test_tutor_review.py): the
    review marks that decision a mistake, with the engine's loss and its better play; its "Replay from
    trick 22" deals the hand back to just before that lead."""
    from tests.widgets.test_tutor_review import AT, SEED, TRICK, WRONG, play_with

    page, log = offline_page
    session = TutorSession.start({"game": "shengji", "seed": SEED})
    moves = []  # the hints, to click without asking for them
    for _move in range(AT):
        moves.append(hinted_move(session)["cards"])
        session.handle({"type": "act", "cards": moves[-1]})
    expected = next(d for d in play_with(session, 0, WRONG)["review"]["graded"]["decisions"] if d["trick"] == TRICK)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(present_url + PAGE + f"#deal=shengji:{SEED}", wait_until="load", timeout=90_000)
    root = page.locator("[data-tutor=shengji][data-state=playing][data-turn=you]")
    root.wait_for(timeout=90_000)
    page.wait_for_function(f"el => el.textContent.includes('Deal {SEED}')", arg=root.element_handle(), timeout=20_000)
    root = page.locator("[data-tutor=shengji]")
    for cards in moves + [WRONG]:
        for index, card in enumerate(cards):  # the second of two alike is the second button
            root.locator(f"button.cbtu-card[data-card='{card}']").nth(cards[:index].count(card)).click()
        answered(page, root, "play")
    play_to_the_review(page, "shengji")
    decision = root.locator(f"[data-review-decision='{TRICK}']")
    assert decision.get_attribute("data-grade") == "mistake"
    assert float(decision.get_attribute("data-loss")) == expected["loss"]
    better = [c.get_attribute("data-card") for c in decision.locator(".cbtu-better [data-card]").all()]
    assert better == expected["best"] and decision.is_visible()
    assert expected["reason"]["en"].split(":")[0] in decision.inner_text()
    decision.locator("button[data-action=rewind]").click()  # "Replay from trick 22": back to just before it
    page.wait_for_function("el => el.dataset.state === 'playing' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=20_000)
    assert root.locator(".cbtu-review").count() == 0
    held = [c.get_attribute("data-card") for c in root.locator("button.cbtu-card").all()]
    assert all(held.count(card) >= WRONG.count(card) for card in WRONG)
    assert log.blocked == []


def test_ys8_a_challenge_against_the_count_is_marked_in_the_review(offline_page, present_url):
    """The page's 一上一下 deal by hint and play, but A challenges the first face-down card the hint would let
    stand (tests/yishang/test_review.py grades the same choices): the review marks it with the engine's
    grade, its loss in percentage points (data-loss-unit pp) and the counts; its "Replay from card N" goes
    back to that face-down card, open for a challenge again."""
    from tests.yishang.test_review import table

    session = TutorSession.start(TUTORS["yishang"])
    view = session.view()
    while not (view["decision"]["kind"] == "challenge" and hinted_move(session)["choice"] == "stand"):
        view = session.handle(hinted_move(session))
    number = len([e for e in table(session).state.log if e.kind.value.startswith("play")])
    view = session.handle({"type": "act", "cards": [], "choice": "challenge"})
    while view["state"] != "over":
        view = session.handle(hinted_move(session))
    view = session.handle({"type": "grade"})  # as the page asks once the review shows
    expected = next(d for d in view["review"]["graded"]["decisions"] if d["number"] == number)
    assert expected["grade"] != "best"
    page, log = offline_page
    open_page(page, present_url)
    root = page.locator("[data-tutor=yishang]")
    for _move in range(80):
        if root.locator("[data-choice=challenge]").count() and root.get_attribute("data-turn") == "you":
            answered(page, root, "hint")
            if root.locator("[data-choice=stand][aria-pressed=true]").count():
                root.locator("[data-choice=challenge]").click()
                answered(page, root, "play")
                break
            answered(page, root, "play")
        else:
            answered(page, root, "hint")
            answered(page, root, "play")
    play_to_the_review(page, "yishang")
    decision = root.locator(f"[data-review-decision='{number}']")
    assert decision.get_attribute("data-grade") == expected["grade"]
    assert float(decision.get_attribute("data-loss")) == expected["loss"]
    assert decision.get_attribute("data-loss-unit") == "pp" and decision.is_visible()
    assert f"of the {expected['total']} cards it could be" in decision.inner_text()
    assert expected["reason"]["en"].split(":")[0] in decision.inner_text()
    decision.locator("button[data-action=rewind]").click()  # "Replay from card N": back to that open card
    page.wait_for_function("el => el.dataset.state === 'playing' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=20_000)
    assert root.locator(".cbtu-review").count() == 0 and root.locator("[data-choice=challenge]").count() == 1
    assert log.blocked == []
