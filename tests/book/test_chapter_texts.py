"""The chapters' prose speaks as players do: no card codes, play indices or internal names.

Checks the Markdown source of every chapter without building the book: the prose outside code
cells, with the parts a reader does not read as prose taken out (directive options such as
``:class: note``, label lines ``(sj-deal)=``, jupytext's ``+++`` cell breaks, roles' targets, inline code and math). Rule ids
(SJ-9, C-1) are fine: ``leaks`` ignores them. What code cells print is checked by the built-book
test; what a reader sees as code (inline code on the engine page) is API, not prose.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.reader_text import leaks

FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
OPTION = re.compile(r"^:[\w-]+:( |$)")
LABEL = re.compile(r"^\([\w.-]+\)=\s*$")
# {ref}`text <target>` keeps its text; {ref}`target` shows the target's title, not the target.
ROLE_WITH_TEXT = re.compile(r"\{[\w:-]+\}`([^`<]*?)\s*<[^`>]*>`")
ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
INLINE_CODE = re.compile(r"(`+).+?\1")
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
COMMENT = re.compile(r"<!--.*?-->", re.S)


def prose(source: str) -> str:
    """The text of a MyST chapter that a reader reads as prose."""
    source = FRONT_MATTER.sub("", source)
    kept: list[str] = []
    closing: list[tuple[str, bool]] = []   # open fences: (fence, whether its body is prose)
    at_body_start = False
    for line in source.splitlines():
        match = FENCE.match(line.strip())
        if match and closing and match["fence"][0] == closing[-1][0][0] \
                and len(match["fence"]) >= len(closing[-1][0]) and not match["info"].strip():
            closing.pop()
            continue
        if match and (match["info"].strip() or not closing):
            info = match["info"].strip()
            inside_prose = not closing or closing[-1][1]
            # Directives ({note}, {admonition} Title) hold prose; code cells and plain code
            # blocks (```text, ```python), {math} and {eval-rst} (the API page's autodoc directives,
            # which name the code's objects; their text comes from the docstrings) hold none.
            is_prose = inside_prose and info.startswith("{") and not info.startswith(("{code-cell}", "{math}", "{eval-rst}"))
            closing.append((match["fence"], is_prose))
            if is_prose:
                kept.append(info.split("}", 1)[1])   # an admonition's title is prose
            at_body_start = True
            continue
        if closing and not closing[-1][1]:
            continue
        if at_body_start and OPTION.match(line.strip()):
            continue
        at_body_start = False
        if LABEL.match(line.strip()) or line.lstrip().startswith(("%", "+++")):  # + jupytext cell breaks
            continue
        kept.append(line)
    text = COMMENT.sub(" ", "\n".join(kept))
    text = ROLE_WITH_TEXT.sub(r"\1", text)
    text = ROLE.sub(" ", text)
    text = INLINE_CODE.sub(" ", text)
    text = MATH.sub(" ", text)
    return LINK_TARGET.sub("]", text)


def test_prose_keeps_text_and_drops_code() -> None:
    source = ("---\nkernelspec: x\n---\n(sj-x)=\n# Title\nNorth leads ♠A, see {ref}`the deal <sj-deal>`.\n"
              "```{code-cell} ipython3\n:tags: [remove-input]\nprint('SA')\n```\n"
              ":::{admonition} Erratum\n:class: warning\nThe `seat_zero` text\n:::\n"
              "```text\npython -m cardlib check x\n```\nAfter {ref}`sj-deal`.\n"
              "```{eval-rst}\n.. autofunction:: cardlib.shengji.check_follow\n```\n")
    text = prose(source)
    assert "North leads ♠A, see the deal." in text
    assert "Erratum" in text and "The   text" in text
    for gone in ("kernelspec", "sj-x", "print", "SA", "warning", "seat_zero", "cardlib", "sj-deal", "check_follow"):
        assert gone not in text, gone


def test_prose_still_finds_a_leak() -> None:
    assert leaks(prose("# T\nWith seat 2 dealing, SA wins.\n")) == ["play index: seat 2", "card code SA"]


def test_chapter_prose_speaks_as_players_do(chapter: Path) -> None:
    """Every chapter of ``_toc.yml`` (``chapter`` is parametrized by tests/conftest.py)."""
    text = prose(chapter.read_text(encoding="utf-8"))
    found = [f"{line.strip()!r}: {', '.join(hits)}" for line in text.splitlines() if (hits := leaks(line))]
    assert found == []
