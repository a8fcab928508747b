"""Every rule id of the register has exactly one anchor in the book, and a puzzle near that anchor
exercises it (the puzzle's spec, built by the engine, names the id); ``RULE_PAGES`` agrees with
where each anchor stands; every chapter ends with an exercise set of at least five puzzles.

The chapters are read as MyST text: anchors are ``(rule-<id>)=`` labels; a puzzle is a
``Puzzle("kind", seed=N)`` or ``Puzzle.for_rule("ID", kind=..., differs=...)`` call in a
``{code-cell}``, read with :mod:`ast` (so the calls must use literal arguments).

Rules: every id of ``cardlib.rule_ids.RuleId`` (YS-1 … YS-E2, SJ-1 … SJ-13, SG-/SS-1 … 9, the
errata SG-E1 … SS-E3, C-1 … C-6). Each erratum is anchored where its rule is taught;
``tests/book/test_teaching_order.py`` checks that no page's puzzles cite a rule taught later.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from cardlib.rule_ids import RuleId
from widgets.puzzles import make_puzzle
from widgets.puzzles.registry import seed_for_rule
from widgets.puzzles.spec import RULE_PAGES

REPO = Path(__file__).resolve().parents[2]
BOOK = REPO / "book"
ANCHOR = re.compile(r"^\(rule-(?P<id>[a-z0-9-]+)\)=\s*$")
LABEL = re.compile(r"^\((?P<label>[^)]+)\)=\s*$")
HEADING = re.compile(r"^(?P<hashes>#{1,6})\s")
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>.*)$")
#: The chapters: every page that teaches a rule (the page plan's table).
CHAPTERS = sorted(set(RULE_PAGES.values()))
MIN_EXERCISES = 5


@dataclass(frozen=True)
class Embed:
    """One puzzle call in a code cell: the line it is on, and the call as written."""

    line: int
    text: str
    kind: str | None
    seed: int | None
    rule: str | None
    differs: bool
    difficulty: str | None = None

    def spec(self) -> dict:
        """The spec the call shows, built by the engine as the widget would."""
        if self.rule is None:
            return make_puzzle(self.kind, self.seed or 0)
        kind, seed = seed_for_rule(self.rule, self.kind, self.differs, self.difficulty)
        return make_puzzle(kind, seed)


@dataclass(frozen=True)
class Page:
    """A chapter read as lines: its headings, labels, and puzzle calls (by line)."""

    name: str
    lines: tuple[str, ...]
    headings: tuple[tuple[int, int], ...]        # (line, level), outside code
    labels: tuple[tuple[int, str], ...]          # (line, label), outside code
    embeds: tuple[Embed, ...]


def _literal(node: ast.AST, where: str):
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise AssertionError(f"{where}: puzzle calls must use literal arguments, got {ast.unparse(node)}") from None


def _embeds(code: str, first_line: int, where: str) -> list[Embed]:
    """The ``Puzzle(...)`` and ``Puzzle.for_rule(...)`` calls in one code cell's Python."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        at = f"{where}:{first_line + node.lineno - 1}"
        if isinstance(func, ast.Name) and func.id == "Puzzle":
            kind = _literal(node.args[0] if node.args else keywords["kind"], at)
            seed_node = node.args[1] if len(node.args) > 1 else keywords.get("seed")
            seed = None if seed_node is None else _literal(seed_node, at)
            found.append(Embed(first_line + node.lineno - 1, ast.unparse(node), kind, seed, None, False))
        elif isinstance(func, ast.Attribute) and func.attr == "for_rule" and \
                isinstance(func.value, ast.Name) and func.value.id == "Puzzle":
            rule = _literal(node.args[0] if node.args else keywords["rule"], at)
            kind_node = node.args[1] if len(node.args) > 1 else keywords.get("kind")
            kind = None if kind_node is None else _literal(kind_node, at)
            differs = bool(_literal(keywords["differs"], at)) if "differs" in keywords else False
            difficulty = _literal(keywords["difficulty"], at) if "difficulty" in keywords else None
            found.append(Embed(first_line + node.lineno - 1, ast.unparse(node), kind, None, rule, differs, difficulty))
    return found


def _cell_code(body: list[str]) -> str:
    """A ``{code-cell}``'s Python: its ``:key: value`` options or ``---`` YAML header left out."""
    lines = list(body)
    if lines and lines[0].strip() == "---":
        end = next((i for i, line in enumerate(lines[1:], start=1) if line.strip() == "---"), 0)
        lines = lines[end + 1:]
    while lines and re.match(r"^:\w[\w-]*:", lines[0]):
        lines = lines[1:]
    return "\n".join(line if line.strip() else "" for line in lines)


@cache
def read_page(name: str) -> Page:
    """Parse ``book/<name>.md``: headings and labels outside fences, puzzle calls inside code cells."""
    path = REPO / f"{name}.md"
    lines = tuple(path.read_text(encoding="utf-8").splitlines())
    headings, labels, embeds = [], [], []
    fence: str | None = None
    cell: list[str] | None = None
    start = 0
    for number, line in enumerate(lines, start=1):
        if fence is not None:
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                if cell is not None:
                    embeds += _embeds(_cell_code(cell), start + 1, f"{name}.md")
                fence, cell = None, None
            elif cell is not None:
                cell.append(line)
            continue
        opened = FENCE.match(line.strip())
        if opened:
            fence = opened["fence"]
            cell = [] if opened["info"].startswith("{code-cell}") else None
            start = number
            continue
        if heading := HEADING.match(line):
            headings.append((number, len(heading["hashes"])))
        elif label := LABEL.match(line.strip()):
            labels.append((number, label["label"]))
    return Page(name, lines, tuple(headings), tuple(labels), tuple(embeds))


def section_end(page: Page, line: int) -> int:
    """The line where the section holding ``line`` (a label) ends: the next heading of the same or
    higher level, where the level is the labelled heading's if the label stands right before one,
    else the enclosing heading's."""
    following = next(((n, level) for n, level in page.headings if n > line), None)
    between = page.lines[line:following[0] - 1] if following else ()
    if following and not any(text.strip() for text in between):
        level = following[1]
        after = following[0]
    else:
        above = [lvl for n, lvl in page.headings if n < line]
        level, after = (above[-1] if above else 0), line
    return next((n for n, lvl in page.headings if n > after and lvl <= level), len(page.lines) + 1)


def book_pages() -> list[str]:
    return sorted(f"book/{path.stem}" for path in BOOK.glob("*.md"))


def anchors() -> dict[str, list[tuple[str, int]]]:
    """Every ``(rule-…)=`` anchor in the book: id → [(page, line)]."""
    found: dict[str, list[tuple[str, int]]] = {}
    for name in book_pages():
        for line, label in read_page(name).labels:
            if match := ANCHOR.match(f"({label})="):
                found.setdefault(match["id"].upper(), []).append((name, line))
    return found


def test_every_anchor_names_a_register_id():
    unknown = sorted(set(anchors()) - {rule.value for rule in RuleId})
    assert not unknown, f"anchors for ids not in the register: {unknown}"


@pytest.mark.parametrize("rule", [rule.value for rule in RuleId])
def test_each_rule_id_has_exactly_one_anchor_on_its_page(rule):
    places = anchors().get(rule, [])
    assert len(places) == 1, f"{rule}: expected one anchor (rule-{rule.lower()})=, found {places or 'none'}"
    page, _line = places[0]
    assert RULE_PAGES[rule] == page, f"{rule}: anchored in {page}.md, RULE_PAGES says {RULE_PAGES[rule]}"


@pytest.mark.parametrize("rule", [rule.value for rule in RuleId])
def test_a_puzzle_in_the_anchors_section_exercises_the_rule(rule):
    places = anchors().get(rule, [])
    if len(places) != 1:
        pytest.fail(f"{rule}: needs exactly one anchor first (found {places or 'none'})")
    name, line = places[0]
    page = read_page(name)
    end = section_end(page, line)
    nearby = [e for e in page.embeds if line < e.line < end]
    assert nearby, f"{rule}: no puzzle between the anchor ({name}.md:{line}) and the section's end (line {end})"
    cited = {e.text: e.spec()["rules"] for e in nearby}
    assert any(rule in rules for rules in cited.values()), f"{rule}: none of the nearby puzzles cites it: {cited}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_each_chapter_ends_with_an_exercise_set_of_five_puzzles(name):
    page = read_page(name)
    label = f"{name.removeprefix('book/')}-exercises"
    at = [line for line, text in page.labels if text == label]
    assert len(at) == 1, f"{name}.md: expected one ({label})= label, found {len(at)}"
    end = section_end(page, at[0])
    assert end > len(page.lines), f"{name}.md: the exercise set is not the last section (a heading at line {end})"
    exercises = [e for e in page.embeds if e.line > at[0]]
    assert len(exercises) >= MIN_EXERCISES, f"{name}.md: {len(exercises)} exercise puzzles, expected ≥ {MIN_EXERCISES}"
    for embed in exercises:  # each one builds
        assert embed.spec()["rules"], embed.text


def test_the_parser_reads_sections_and_calls_as_myst_has_them(tmp_path, monkeypatch):
    """A check of the checker on a page of known shape."""
    text = "\n".join([
        "# Title", "", "## A", "", "(rule-sj-9)=", "Prose.", "", "```{code-cell} ipython3", ":tags: [remove-input]",
        'Puzzle.for_rule("SJ-9", kind="follow_legal")', "```", "", "### A.1", "",
        "```{code-cell} ipython3", 'Puzzle("shape", seed=3)', "```", "", "(rule-sj-6)=", "## B", "",
        "```python", 'Puzzle("not", seed=1)', "```", "## C", ""])
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "page.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    read_page.cache_clear()
    try:
        page = read_page("book/page")
        assert [(e.kind, e.seed, e.rule) for e in page.embeds] == [("follow_legal", None, "SJ-9"), ("shape", 3, None)]
        assert section_end(page, 5) == 20     # SJ-9 in "## A": through "### A.1", up to "## B"
        assert section_end(page, 19) == 25    # the label on "## B" runs to "## C"
        assert page.labels == ((5, "rule-sj-9"), (19, "rule-sj-6"))
    finally:
        read_page.cache_clear()


@pytest.mark.parametrize("name", book_pages())
def test_no_page_shows_the_same_puzzle_twice(name):
    """Each puzzle on a page is its own (a reader found two identical puzzles under two rules, and a
    link to a puzzle must name one widget): the specs' ids differ within a page."""
    seen: dict[str, str] = {}
    for embed in read_page(name).embeds:
        puzzle = embed.spec()["id"]
        assert puzzle not in seen, f"{name}.md:{embed.line} {embed.text} shows {puzzle}, as {seen[puzzle]} does"
        seen[puzzle] = embed.text
