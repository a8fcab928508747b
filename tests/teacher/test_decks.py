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
from widgets.class_session import ClassPanel, ClassSession

TEACHER = Path(__file__).resolve().parents[2] / "teacher"
sys.path.insert(0, str(TEACHER))
import stage as stage_script  # noqa: E402
from stage import export_decks, stage, stage_template, voila_command  # noqa: E402  (teacher/ is a folder of scripts)

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
    assert all(_kind(cell) in ("slide", "notes") for cell in markdown)
    for cell in markdown:
        assert CJK.search(cell.source) and re.search(r"[A-Za-z]{4}", cell.source), cell.source[:60]
        assert set(CITED.findall(cell.source)) <= IDS, cell.source[:60]
    assert any(CITED.search(cell.source) for cell in markdown)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    game = "yishang" if "yishang" in deck.name else "shengji"
    assert f'ruleset_badge("{game}")' in code[0].source  # the deck's own game's rules on every slide


def _kind(cell) -> str:
    return cell.metadata.get("slideshow", {}).get("slide_type", "")


def _slides(deck: Path) -> list[list]:
    """The deck's cells slide by slide (a slide starts at a cell of slide_type "slide")."""
    slides: list[list] = []
    for cell in jupytext.read(deck).cells:
        if _kind(cell) == "slide":
            slides.append([])
        slides[-1].append(cell)
    return slides


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_ys_every_slide_has_speaker_notes_with_rules_a_mistake_and_a_question(deck):
    """Each slide ends with one reveal.js notes cell (shown in the speaker view, ``s``): the rule
    ids it teaches (real ones), the mistake learners make and a question for the room, in English
    with a Chinese paragraph marked zh-Hans."""
    slides = _slides(deck)
    assert len(slides) >= 5
    for slide in slides:
        notes = [cell for cell in slide if _kind(cell) == "notes"]
        title = slide[0].source.splitlines()[0]
        assert len(notes) == 1 and slide[-1] is notes[0], f"{deck.stem}: {title}: one notes cell, last"
        text = " ".join(notes[0].source.split())
        cited = set(CITED.findall(text))
        assert cited and cited <= IDS, f"{deck.stem}: {title}: {cited - IDS or 'no rule ids'}"
        assert "**Learners often**" in text and "**Ask the room" in text and "?" in text, title
        chinese = re.findall(r'<p lang="zh-Hans">(.+?)</p>', text)
        assert len(chinese) == 1 and "学生常" in chinese[0] and "问全班" in chinese[0], title
        assert set(CITED.findall(chinese[0])) == cited, f"{deck.stem}: {title}: the Chinese cites other ids"


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.stem)
def test_sj_every_code_cell_runs_and_shows_a_widget_or_the_badge(deck, monkeypatch):
    """Each cell's last line: the ruleset badge, a widget that drew with no error, or class mode's join
    slide or a puzzle's panel on this deck (they draw in the browser, from the class server)."""
    monkeypatch.setenv("QUERY_STRING", "rules=shuangsheng")
    namespace: dict = {}
    for cell in jupytext.read(deck).cells:
        if cell.cell_type != "code":
            continue
        *body, last = cell.source.strip().splitlines()
        exec("\n".join(body), namespace)
        shown = eval(last, namespace)
        if isinstance(shown, ClassSession | ClassPanel):  # class mode: the join slide, a puzzle's panel (drawn by the browser)
            assert shown.deck == deck.stem, cell.source
            continue
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


def _voila_reveal_version() -> str:
    """The reveal.js version of the reveal.js code in Voila's bundle (its ``VERSION``)."""
    from jupyter_core.paths import jupyter_path

    bundle = next(Path(p) / "reveal.js" for p in jupyter_path("voila", "templates", "base", "static")
                  if (Path(p) / "reveal.js").exists())
    code = bundle.read_text(encoding="utf-8")
    name = re.search(r"\.VERSION=(\w+)", code)[1]
    return re.search(rf"\b{name}=\"(\d+\.\d+\.\d+)\"", code)[1]


def test_sj_the_reveal_stylesheets_are_of_the_reveal_code_voila_runs():
    """The help overlay, the jump box and the slide numbers are styled by the stylesheet of the
    same reveal.js version as the code (package.json pins it, npm installs it)."""
    root = TEACHER.parent
    pinned = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"]["reveal.js"]
    installed = json.loads((root / "node_modules" / "reveal.js" / "package.json").read_text(encoding="utf-8"))
    assert pinned == installed["version"] == _voila_reveal_version()


def test_sj_voila_numbers_the_slides_and_loads_no_mathjax_from_a_cdn():
    config = json.loads((TEACHER / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["resources"]["reveal"]["number"] == "c/t"
    stand_in = config["ServerApp"]["tornado_settings"]["mathjax_url"]
    assert stand_in.startswith("/voila/templates/teacher/static/")
    assert (TEACHER / "templates" / "teacher" / "static" / stand_in.rsplit("/", 1)[1]).exists()


def test_sj_make_present_stages_the_decks_only_and_a_start_page_listing_them(tmp_path):
    """Voila shows markdown without MyST, so `make present` offers the decks only; its folder page
    lists every deck by its title and Chinese line, each a link to the deck."""
    stage(tmp_path, chapters=False)
    assert sorted(p.relative_to(tmp_path / "notebooks").as_posix() for p in (tmp_path / "notebooks").rglob("*.ipynb")) \
        == [f"teacher/{d.stem}.ipynb" for d in DECKS]
    start = (tmp_path / "jupyter" / "voila" / "templates" / "offline" / "decks.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="\{\{ base_url \}\}voila/render/teacher/([^"]+)\.ipynb">', start)
    assert links == [d.stem for d in DECKS]
    assert start.count('class="cbt-zh" lang="zh-Hans"') == len(DECKS) and "一上一下 · Up, down" in start


def test_sj_the_server_is_jupyter_server_with_voila_and_class_mode(tmp_path):
    command, env = voila_command(tmp_path, 8123)
    assert command[1:3] == ["-m", "jupyter_server"] and "--port=8123" in command
    assert "--ServerApp.jpserver_extensions=voila.server_extension=True" in command
    assert env["JUPYTER_PATH"] == str(tmp_path.resolve() / "jupyter")


def test_sj_serving_for_a_class_listens_on_the_room_address_behind_a_token(tmp_path, monkeypatch, capsys):
    """The teacher is given a one-time login address, not the token."""
    stage_template(tmp_path / "jupyter", TEACHER.parent / "node_modules")
    ran = []
    monkeypatch.setattr(stage_script.os, "execvpe", lambda program, command, env: ran.append(command))
    stage_script.main([str(tmp_path), "--serve", "8124", "--class-ip", "192.168.1.20"])
    command = ran[0]
    printed = capsys.readouterr().out
    token = next(arg.split("=", 1)[1] for arg in command if arg.startswith("--IdentityProvider.token="))
    login = re.search(r"http://192\.168\.1\.20:8124/cardbook-class/teacher-login/(\S+)", printed)[1]
    assert token not in printed and len(token) >= 20  # the token runs code: never printed, never in an address
    assert f"--Classroom.teacher_login={login}" in command and login != token and len(login) >= 20
    assert "--ServerApp.ip=192.168.1.20" in command and "--Classroom.public_url=http://192.168.1.20:8124" in command
    assert stage_script.main([str(tmp_path), "--serve", "8124", "--class-ip", "0.0.0.0"]) == 2
    assert "room's network" in capsys.readouterr().err
