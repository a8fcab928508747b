"""The front end's own logic outside a browser: the card notation parser (docs/notation.md) and the
colours (WCAG 2.2 AA contrast), plus the doctests of the puzzle modules.

Rules: SJ-1 (the cards of two decks with jokers), YS-1.
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from widgets.front_ends import front_end

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"


def run_parser(tokens: list[str], tmp_path: Path, function: str = "parseCard") -> list:
    """``function`` of puzzle.js (joined to the shared front-end code; ``parseCard`` or ``splitTokens``) on
    each token, run by Node."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = tmp_path / "puzzle.mjs"
    module.write_text(front_end("puzzle.js"), encoding="utf-8")
    script = (f"import {{ {function} }} from {json.dumps(module.as_uri())};"
              f"console.log(JSON.stringify({json.dumps(tokens)}.map((t) => {function}(t))));")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_typed_cards_parse_like_the_engine_notation(tmp_path):
    """Every spelling docs/notation.md accepts gives the engine's canonical card; anything else is refused."""
    from cardlib.cards import Card

    accepted = ["H10", "♥10", "10h", "h10", "♡10", "SA", "a♠", "♠A", "dT", "C2", "BJ", "lj", "大王", "小王", "SJ", "qd",
                "黑桃5", "红桃10", "方块K", "梅花A", "红心Q", "方片2", "草花j"]
    assert run_parser(accepted, tmp_path) == [str(Card.parse(t)) for t in accepted]
    assert run_parser(["X9", "H1", "11S", "S", "JOKER", "", "黑桃", "黑桃11", "红桃王"], tmp_path) == [None] * 9


def test_a_typed_play_reads_as_the_book_writes_it(tmp_path):
    """The book writes jokers in words and a play with a joker with "and" (cardlib.words.cards_text): typed
    or pasted back, it gives the same card tokens; other words stay tokens the parser refuses."""
    from cardlib.cards import parse_cards
    from cardlib.words import cards_text

    plays = ["LJ DQ", "BJ BJ LJ S2 S2", "H5 BJ", "BJ LJ"]
    written = [cards_text(parse_cards(p)) for p in plays]
    tokens = run_parser(written + ["Big Joker, small joker", "♠A and all"], tmp_path, "splitTokens")
    assert [[str(c) for c in parse_cards(" ".join(t))] for t in tokens[:4]] == [p.split() for p in plays]
    assert tokens[4:] == [["BJ", "LJ"], ["♠A", "all"]]


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def theme_colours(mode: str) -> dict[str, str]:
    """The book theme's ``--pst-color-*`` hex values in ``mode`` (sphinx-book-theme over pydata's)."""
    import pydata_sphinx_theme
    import sphinx_book_theme

    colours: dict[str, str] = {}
    for package, name in ((pydata_sphinx_theme, "pydata_sphinx_theme/static/styles/pydata-sphinx-theme.css"),
                          (sphinx_book_theme, "sphinx_book_theme/static/styles/sphinx-book-theme.css")):
        css = (Path(package.__file__).parent / "theme" / name).read_text(encoding="utf-8")
        for block in re.findall(rf"html\[data-theme={mode}\]\{{([^}}]*)\}}", css):
            colours.update(re.findall(r"--pst-color-([a-z-]+):(#[0-9a-fA-F]{6})\b", block))
    return colours


def widget_colours(mode: str | None) -> dict[str, str]:
    """puzzle.css's colours: each ``--cbp-*`` as the theme gives it in ``mode``, or its own fallback."""
    css = (STATIC / "puzzle.css").read_text(encoding="utf-8")
    theme = theme_colours(mode) if mode else {}
    found = re.findall(r"--cbp-([a-z-]+): var\(--pst-color-([a-z-]+),.*?(#[0-9a-fA-F]{6})\)+;", css)
    return {name: theme.get(pst, fallback) if mode else fallback for name, pst, fallback in found}


@pytest.mark.parametrize("mode", [None, "light", "dark"])
def test_every_text_colour_meets_wcag_aa_on_every_background_of_the_widget(mode):
    """Text (ink, muted, links) on every background it sits on, in the book's light and dark themes and
    with the widget's own fallbacks (JupyterLab without the book theme)."""
    colours = widget_colours(mode)
    backgrounds = ["page", "surface", "accent-bg", "right-bg", "wrong-bg"]
    assert set(backgrounds) | {"ink", "muted", "accent"} <= set(colours), sorted(colours)
    for text in ("ink", "muted"):
        for background in backgrounds:
            assert contrast(colours[text], colours[background]) >= 4.5, (mode, text, background)
    assert contrast(colours["accent"], colours["page"]) >= 4.5  # links, and the page colour on "New puzzle"
    assert contrast(colours["accent"], colours["surface"]) >= 3  # the pressed difficulty's underline


@pytest.mark.parametrize("module", ["spec", "bank"])
def test_doctests_of_the_puzzle_modules(module):
    import importlib

    result = doctest.testmod(importlib.import_module(f"widgets.puzzles.{module}"))
    assert result.attempted > 0 and result.failed == 0
