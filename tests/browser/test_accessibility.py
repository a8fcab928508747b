"""axe-core (from npm, node_modules/axe-core) finds no serious or critical WCAG 2.2 A/AA violation on
any page of the book, in both editions, its widgets and settings bar drawn."""

from __future__ import annotations

import json

import pytest

from .book_page import SETTINGS_BAR, open_book_page
from .tour import RUN_AXE, WCAG_TAGS

@pytest.fixture(scope="session")
def axe_script(repo_root):
    path = repo_root / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `npm ci` (axe-core is in package.json)")
    return path


def test_axe_finds_no_serious_violation(tour, book_page):
    """On the page's one desktop visit (tests/browser/tour.py), once its widgets and bar are drawn."""
    violations = tour.desktop(book_page).axe
    assert violations == [], f"{book_page}: " + json.dumps(violations, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("chapter_page", ["index.html", "book/shengji-dealing.html", "book/yishang.html"])
@pytest.mark.parametrize("edition", ["", "zh/"])
def test_axe_finds_no_serious_violation_with_four_colours_and_the_progress_menu_open(offline_page, site_url, edition,
                                                                                    chapter_page, axe_script):
    page, _log = offline_page
    chapter_page = edition + chapter_page
    open_book_page(page, site_url + chapter_page)
    page.locator(f"{SETTINGS_BAR} [data-control=four]").click()
    page.locator(f"{SETTINGS_BAR} summary").click()
    page.add_script_tag(path=str(axe_script))
    violations = page.evaluate(RUN_AXE, WCAG_TAGS)
    assert violations == [], f"{chapter_page}, menu open: " + json.dumps(violations, ensure_ascii=False, indent=1)
