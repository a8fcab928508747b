"""The playground: ten things a learner tries with the engine's API, one section each,
every cell importing only from the games' packages (``cardlib.shengji``, ``cardlib.yishang``) or the
display and widget values a learner uses; nbval (book/conftest.py) runs every cell."""

from __future__ import annotations

import re
from pathlib import Path

PLAYGROUND = Path(__file__).resolve().parents[2] / "book" / "playground.md"
ALLOWED = ("cardlib.shengji", "cardlib.yishang", "cardlib.display", "cardbook", "random")


def test_playground_has_ten_numbered_tries_each_with_a_code_cell():
    text = PLAYGROUND.read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    assert [s.split(".", 1)[0] for s in sections] == [str(n) for n in range(1, 11)]
    assert all("```{code-cell}" in s for s in sections)


def test_playground_imports_only_the_public_api():
    imports = re.findall(r"^(?:from (\S+) import|import (\S+))", PLAYGROUND.read_text(encoding="utf-8"),
                         re.MULTILINE)
    modules = {a or b for a, b in imports}
    assert modules and modules <= set(ALLOWED), modules - set(ALLOWED)
