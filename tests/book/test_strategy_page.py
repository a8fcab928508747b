"""The strategy page (book/strategy.md), read from its source without building the book: it is
in the table of contents after the 升级 chapters, every heading has a label, every tip is shown
on a position its code cells build, it embeds the give-points puzzle at each difficulty, and
those puzzles cite only rules taught on earlier pages (SJ-9, SJ-11, SJ-12).  nbval executes the
page in ``make test``; this test does not.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import yaml

from tests.book.test_chapter_texts import prose
from tests.reader_text import leaks
from widgets.puzzles import make_puzzle
from widgets.puzzles.spec import RULE_PAGES

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "book" / "strategy.md"
TIPS = ["strategy-calling", "strategy-burying", "strategy-partner", "strategy-break-pair", "strategy-last-trick",
        "strategy-counting", "strategy-ys-low-pile", "strategy-ys-bluff", "strategy-ys-challenge"]
CALL = re.compile(r'Puzzle\("(\w+)", seed=(\d+)\)')


def toc() -> list[str]:
    data = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [data["root"]] + [entry["file"] for entry in data["chapters"]]


def source() -> str:
    return PAGE.read_text(encoding="utf-8")


def sections() -> dict[str, str]:
    """Each labelled section's text, up to the next label."""
    parts = re.split(r"^\(([a-z0-9-]+)\)=$", source(), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2]))


def test_the_page_is_in_the_table_of_contents_after_the_shengji_chapters():
    pages = toc()
    assert "book/strategy" in pages
    at = pages.index("book/strategy")
    assert at > pages.index("book/shengji-scoring")
    if "book/shengji-hand" in pages:
        assert at > pages.index("book/shengji-hand")
    assert at < pages.index("book/shengji-differences")


def test_every_heading_has_a_label_and_each_label_is_used_once_in_the_book():
    lines = source().splitlines()
    in_code = False
    for number, line in enumerate(lines):
        in_code ^= line.startswith("```")
        if not in_code and re.match(r"#{1,6} ", line):
            assert number and re.fullmatch(r"\([a-z0-9-]+\)=", lines[number - 1]), line
    mine = re.findall(r"^\(([a-z0-9-]+)\)=$", source(), re.MULTILINE)
    others = [label for chapter in (ROOT / "book").glob("*.md") if chapter != PAGE
              for label in re.findall(r"^\(([a-z0-9-]+)\)=$", chapter.read_text(encoding="utf-8"), re.MULTILINE)]
    assert len(mine) == len(set(mine)) and not set(mine) & set(others)
    assert not [label for label in mine if label.startswith("rule-")], "rule anchors belong to the rule pages"


def test_every_tip_is_shown_on_a_position_built_by_hidden_code_cells():
    found = sections()
    for tip in TIPS:
        assert tip in found, tip
        assert "```{code-cell}" in found[tip], f"{tip} has no position built by the engine"
    cells = [c for c in jupytext.reads(source(), fmt="md:myst").cells if c.cell_type == "code"]
    assert cells and all({"remove-input", "remove-cell"} & set(c.metadata.get("tags", [])) for c in cells)


def test_each_position_checks_what_the_prose_says():
    """The cells assert their claims (a call with length, points only in a safe kitty, the
    partner's side takes the trick, a pair broken, the challenge decisions...)."""
    found = sections()
    for tip in TIPS:
        assert "assert " in found[tip], tip


def test_it_embeds_the_give_points_puzzle_at_each_difficulty_SJ_11():
    calls = CALL.findall(source())
    seeds = [int(seed) for kind, seed in calls if kind == "give_points"]
    assert {make_puzzle("give_points", seed)["difficulty"] for seed in seeds} == {"easy", "normal", "hard"}


def test_its_puzzles_cite_only_rules_taught_on_earlier_pages():
    pages = toc()
    at = pages.index("book/strategy")
    for kind, seed in CALL.findall(source()):
        for rule in make_puzzle(kind, int(seed))["rules"]:
            assert pages.index(RULE_PAGES[rule]) < at, (kind, seed, rule)


def test_the_prose_speaks_as_players_do_and_cites_all_three_guides():
    text = prose(source())
    assert leaks(text) == []
    for guide in ("四人升级", "双升", "一上一下"):
        assert guide in text
    assert "strategy" in text and "never a rule" in text
