"""The reader's path (widgets/puzzles/path.py): each game's stages in the order the chapters teach them, every
section and kind real, each kind in one stage, the map drawn in both editions, and the stars path.js gives
from the star levels the map carries (in Node)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest
import yaml

from widgets.puzzles.path import GAMES, KIND_NAMES, STAGES, STAR_LEVELS, PathError, Stage, Words, path_map, section
from widgets.puzzles.registry import KINDS

ROOT = Path(__file__).resolve().parents[2]
PATH_JS = ROOT / "widgets" / "static" / "path.js"


def reading_order(anchor: str) -> tuple[int, int]:
    """Where a section stands in the book: its page's place in ``_toc.yml``, then its line on the page."""
    toc = [entry["file"].removeprefix("book/") for entry in yaml.safe_load((ROOT / "_toc.yml").read_text())["chapters"]]
    page, _heading = section(anchor)
    return toc.index(page), (ROOT / "book" / f"{page}.md").read_text(encoding="utf-8").splitlines().index(f"({anchor})=")


def test_each_games_stages_follow_the_chapters_and_each_kind_is_in_one_stage():
    for game in GAMES:
        stages = [stage for stage in STAGES if stage.game == game]
        firsts = [reading_order(stage.sections[0]) for stage in stages]
        assert firsts == sorted(firsts), f"{game}: the stages are not in the chapters' order"
        assert len(stages) >= 4
    kinds = [kind for stage in STAGES for kind in stage.kinds]
    assert len(kinds) == len(set(kinds)), "a kind in two stages would count its answers twice"
    assert set(kinds) <= set(KINDS) and set(kinds) == set(KIND_NAMES)
    assert len({stage.id for stage in STAGES}) == len(STAGES)


def test_a_stage_naming_a_section_the_book_lacks_is_refused():
    with pytest.raises(PathError, match="no section"):
        path_map_of(Stage("x", "yishang", Words("X", "X"), ("no-such-section",), ("ys_deal",)))


def path_map_of(stage: Stage) -> str:
    from widgets.puzzles import path

    return path._stage_html(1, stage, "en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_map_names_each_stages_sections_kinds_and_rules_in_the_editions_words(lang):
    html = path_map(lang)
    levels = json.loads(re.search(r"data-star-levels='([^']+)'", html)[1])
    assert levels == [[level.right, level.answered, level.share] for level in STAR_LEVELS]
    for stage in STAGES:
        item = re.search(rf'<li class="cb-path-stage" data-stage="{stage.id}" data-kinds="{" ".join(stage.kinds)}">(.*?)</li>',
                         html, re.S)
        assert item, stage.id
        assert escape(stage.name(lang)) in item[1] and all(escape(KIND_NAMES[kind](lang)) in item[1] for kind in stage.kinds)
        assert re.search(r'href="[\w-]+\.html#rule-[a-z]+-e?\d+"', item[1]), f"{stage.id} links no rule"
    if lang == "zh":
        text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))
        assert not re.search(r"[A-Za-z]{3,}", re.sub(r"\b(?:YS|SJ|SG|SS|C)-E?\d+\b", "", text)), "English left in the Chinese map"
        assert "主牌及其大小顺序" in text  # the chapter's title as the Chinese edition has it


def test_stars_come_from_first_answers_at_the_levels_the_map_says():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    levels = [[level.right, level.answered, level.share] for level in STAR_LEVELS]
    cases = [(0, 0), (2, 2), (3, 3), (3, 9), (4, 5), (4, 6), (9, 10), (8, 10), (30, 40)]
    script = (f"import {{ starsFor, stageCounts }} from {json.dumps(PATH_JS.as_uri())};"
              f"const levels = {json.dumps(levels)};"
              f"console.log(JSON.stringify([{json.dumps(cases)}.map(([r, a]) => starsFor(levels, r, a)),"
              " stageCounts({a: {solved: 2, answered: 3}, b: {solved: 1, answered: 1}, c: {solved: 5, answered: 5}}, ['a', 'b', 'x'])]));")
    stars, counts = json.loads(subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                                              check=True).stdout)
    assert stars == [0, 0, 1, 1, 2, 1, 3, 2, 1]
    assert counts == {"right": 3, "answered": 4}
