"""The reader's path in the built book (widgets/puzzles/path.py, widgets/static/path.js): puzzles of a stage
answered right first time on a chapter earn the stage its star on the title page's map, a reload keeps it,
and "continue" goes to the next stage without a star; the sidebar's "Your path" opens the map.  The cheat
sheets (widgets/puzzles/cheat_sheet.py) print one game to a page.

Rules: YS-3 (who starts: the first stage's puzzles answered here).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from widgets.puzzles import make_puzzle
from widgets.puzzles.path import GAMES, ONE_STAR, STAGES

from .book_page import open_book_page

FIRST, SECOND = [stage for stage in STAGES if stage.game == "yishang"][:2]


def answer_right(page, widget) -> None:
    """Answer the puzzle ``widget`` shows with an answer the engine grades right."""
    kind, seed = widget.get_attribute("data-puzzle-id").split(":")
    spec = make_puzzle(kind, int(seed))
    rid = spec["rulesets"][0]["id"]
    key = next(a["key"] for a, (ok, _r) in zip(spec["answers"], spec["verdicts"][rid]) if ok)
    widget.locator(f'button.cbp-answer[data-key="{key}"]').click()
    expect(widget.locator(".cbp-outcome")).to_have_text("Correct!")


def test_a_stage_earns_its_star_from_first_answers_and_continue_goes_to_the_next_stage(offline_page, site_url):
    page, log = offline_page
    open_book_page(page, site_url + "book/intro.html")
    stage = page.locator(f'[data-cardbook-path] li[data-stage="{FIRST.id}"]')
    expect(stage).to_have_attribute("data-stars", "0")
    expect(stage).to_have_class(re.compile(r"\bcb-path-next\b"))
    expect(page.locator(".bd-sidenav__home-link a[href='#intro-path']")).to_have_text("Your path")

    open_book_page(page, site_url + "book/yishang.html")
    widgets = page.locator('[data-puzzle-kind="ys_first_player"]:has(button.cbp-answer)')
    assert widgets.count() >= ONE_STAR.right, "the chapter has too few puzzles of the first stage to earn a star"
    for index in range(ONE_STAR.right):
        answer_right(page, widgets.nth(index))

    page.locator(".bd-sidenav__home-link a", has_text="Your path").click()
    page.wait_for_url(re.compile(r"intro\.html#intro-path$"))
    for _visit in ("after the answers", "after a reload"):
        expect(stage).to_have_attribute("data-stars", "1")
        expect(stage.locator("[data-path-stars]")).to_have_text("★☆☆")
        expect(stage.locator("[data-path-count]")).to_have_text(f"{ONE_STAR.right} of {ONE_STAR.right} right first time")
        expect(page.locator(f'li[data-stage="{SECOND.id}"]')).to_have_class(re.compile(r"\bcb-path-next\b"))
        resume = page.locator('[data-game="yishang"] [data-path-continue]')
        expect(resume).to_have_attribute("data-next-stage", SECOND.id)
        expect(page.locator('[data-cardbook-page-notice] .cb-continue-path[data-game="yishang"] a')).to_have_text(
            re.compile(rf"^Continue: {re.escape(SECOND.name.en)}"))
        page.reload(wait_until="networkidle")
    resume.click()
    page.wait_for_url(re.compile(rf"yishang\.html#{SECOND.sections[0]}$"))
    assert log.blocked == [] and [e for e in log.errors if "net::ERR_ABORTED" not in e] == []


@pytest.mark.parametrize("edition", ["", "zh/"])
def test_each_games_cheat_sheet_prints_on_one_page(offline_page, site_url, edition):
    """Printed (A4, Chromium's own PDF), the cheat-sheet page is one sheet per game: the book's menus and the
    page's prose stay off the paper, and each game starts a page of its own."""
    page, log = offline_page
    open_book_page(page, f"{site_url}{edition}book/cheat-sheets.html")
    expect(page.locator(".cb-sheet")).to_have_count(len(GAMES))
    pdf = page.pdf(format="A4", margin={side: "12mm" for side in ("top", "bottom", "left", "right")})
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == len(GAMES)
    assert log.blocked == []
