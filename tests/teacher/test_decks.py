"""Teacher decks: one per part of each game, bilingual slides citing real rule ids, code that
runs, a template and config that keep a class offline and its kernels culled.

Rules: every id a deck cites must be a row of the register (``cardlib.rule_ids.RuleId``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import jupytext
import pytest

from cardlib.rule_ids import RuleId

TEACHER = Path(__file__).resolve().parents[2] / "teacher"
sys.path.insert(0, str(TEACHER))
from stage import export_decks, stage_template  # noqa: E402  (teacher/ is a folder of scripts)

DECKS = sorted((TEACHER / "decks").glob("*.md"))
IDS = {rule.value for rule in RuleId}
CITED = re.compile(r"\b(?:YS|SJ|SG|SS|C)-E?\d+\b")
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_sj_one_deck_per_part_of_each_game():
    names = [deck.stem for deck in DECKS]
    assert names == ["1-yishang", "2-shengji-cards-trumps", "3-shengji-calling-kitty",
                     "4-shengji-following-tricks", "5-shengji-scoring-levels"]


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_every_slide_is_bilingual_cites_real_ids_and_uses_the_teacher_template(deck):
    notebook = jupytext.read(deck)
    assert notebook.metadata["voila"]["template"] == "teacher"
    markdown = [cell for cell in notebook.cells if cell.cell_type == "markdown"]
    assert all(cell.metadata.get("slideshow", {}).get("slide_type") == "slide" for cell in markdown)
    for cell in markdown:
        assert CJK.search(cell.source) and re.search(r"[A-Za-z]{4}", cell.source), cell.source[:60]
        assert set(CITED.findall(cell.source)) <= IDS, cell.source[:60]
    assert any(CITED.search(cell.source) for cell in markdown)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert "ruleset_badge()" in code[0].source  # the ruleset on every slide


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_every_code_cell_runs_and_shows_a_widget_or_the_badge(deck, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng")
    namespace: dict = {}
    for cell in jupytext.read(deck).cells:
        if cell.cell_type != "code":
            continue
        *body, last = cell.source.strip().splitlines()
        exec("\n".join(body), namespace)
        shown = eval(last, namespace)
        assert "cbt-ruleset" in getattr(shown, "data", "") or shown.error == {}, cell.source


def test_sj_decks_convert_to_notebooks_without_outputs(tmp_path):
    written = export_decks(tmp_path)
    assert [p.stem for p in written] == [d.stem for d in DECKS]
    for path in written:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert all(not cell.get("outputs") for cell in notebook["cells"])


@pytest.mark.parametrize("name", ["teacher", "offline"])
def test_sj_the_staged_templates_name_no_other_host(tmp_path, name):
    template = stage_template(tmp_path, TEACHER.parent / "node_modules", name)
    files = [p for p in template.rglob("*") if p.is_file() and p.suffix in (".j2", ".html", ".css", ".js")]
    loads = re.compile(r"""(?:url\(|@import\s+|src=|href=)["']?(?:https?:)?//""")  # comments may name hosts
    assert files and [p.name for p in files if loads.search(p.read_text(encoding="utf-8"))] == []
    if name == "teacher":
        assert (template / "static" / "reveal.js" / "dist" / "reveal.css").exists()
    assert list((template / "static" / "fontawesome" / "webfonts").glob("*.woff2"))


def test_sj_voila_config_culls_idle_kernels_and_shows_no_tracebacks():
    config = json.loads((TEACHER / "voila.json").read_text(encoding="utf-8"))
    culling = config["MappingKernelManager"]
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"] <= 3600
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["VoilaConfiguration"]["resources"]["reveal"]["url_prefix"].startswith("/voila/templates/teacher/")


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_ys_every_slide_speaks_as_players_do(deck):
    """Every rule a slide cites: its words name cards (♠A), seats and players as players do, with
    no card code, seat number or engine name; its Chinese is marked zh-Hans, as the widgets' is."""
    from tests.book.test_chapter_texts import prose
    from tests.reader_text import leaks

    source = deck.read_text(encoding="utf-8")
    found = [f"{line.strip()!r}: {hits}" for line in prose(source).splitlines() if (hits := leaks(line))]
    assert found == []
    assert 'lang="zh-Hans"' in source and 'lang="zh-CN"' not in source
