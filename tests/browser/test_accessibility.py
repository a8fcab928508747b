"""axe-core (from npm, node_modules/axe-core) finds no serious or critical WCAG 2.2 A/AA violation on
any page of the book, in both editions, its widgets and settings bar drawn."""

from __future__ import annotations

import json

import pytest

from .book_page import SETTINGS_BAR
from .tour import AXE, RUN_AXE, WCAG_TAGS


def test_axe_finds_no_serious_violation(tour, book_page):
    """On the page's one desktop visit (tests/browser/tour.py), once its widgets and bar are drawn."""
    violations = tour.desktop(book_page).axe
    assert violations == [], f"{book_page}: " + json.dumps(violations, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("chapter_page", ["index.html", "book/shengji-dealing.html", "book/yishang.html"])
@pytest.mark.parametrize("edition", ["", "zh/"])
def test_axe_finds_no_serious_violation_with_four_colours_and_each_menu_open(tour, edition, chapter_page):
    """In the tour's desktop tab (1366 × 900, tests/browser/tour.py), the page drawn, the four-colour deck
    turned on and each of the bar's menus opened in turn (the rules menu, then the progress menu)."""
    chapter_page = edition + chapter_page
    page = tour.working_tab(chapter_page)
    page.locator(f"{SETTINGS_BAR} [data-control=four]").click()
    page.add_script_tag(path=str(AXE))
    for menu in ("rules", "progress"):
        summary = page.locator(f"{SETTINGS_BAR} summary[data-control={menu}]")
        summary.click()
        violations = page.evaluate(RUN_AXE, WCAG_TAGS)
        assert violations == [], f"{chapter_page}, {menu} menu open: " + json.dumps(violations, ensure_ascii=False, indent=1)
        summary.click()
