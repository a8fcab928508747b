"""Teaching order: every puzzle a page shows tests only what that page or an earlier one
has taught. A puzzle's cited rules (its spec's ``rules``, the ids its reasons cite, computed by the
engine) must all be anchored — ``(rule-<id>)=`` — on its own page or on a page before it in
``_toc.yml`` order. The title page (the intro) is left out: its warm-up may tease later rules.

Two checks: over the MyST sources (each ``Puzzle("kind", seed=N)`` / ``Puzzle.for_rule(...)`` call,
its spec built by the engine as the widget builds it; no book build), and, when ``_build/html``
exists, over the spec each widget stores in the built page. A widget also carries a static bank
(seeds ``0 … BANK_SIZE-1`` of its kind), which a page with no kernel cycles through on "New
puzzle": the bank's puzzles are held to the same rule, from the sources and in the built page.

Rules: every register id (YS-1 … C-6), by where SJ-/SG-/SS-/C-/YS- anchors stand.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

from tests.book.test_rule_coverage import ANCHOR, read_page

REPO = Path(__file__).resolve().parents[2]


def toc_order() -> list[str]:
    """The book's pages in reading order (``book/intro`` first), as ``_toc.yml`` lists them."""
    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                pages.append(entry["file"])
            walk(entry.get("sections"))
            for part in entry.get("chapters", []) if "chapters" in entry else []:
                walk([part])

    walk(toc.get("chapters"))
    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    return pages


def page_anchors(name: str) -> set[str]:
    """The rule ids anchored on one page."""
    return {match["id"].upper() for _line, label in read_page(name).labels
            if (match := ANCHOR.match(f"({label})="))}


@cache
def taught_by() -> dict[str, set[str]]:
    """Page → the rule ids anchored on it or on any page before it."""
    taught: set[str] = set()
    out = {}
    for name in toc_order():
        taught |= page_anchors(name)
        out[name] = set(taught)
    return out


def checked_pages() -> list[str]:
    return toc_order()[1:]


def source_violations(name: str) -> tuple[int, list[str]]:
    """(puzzles checked, one line per puzzle citing a rule not yet taught) for one page's sources."""
    known = taught_by()[name]
    found = []
    embeds = read_page(name).embeds
    for embed in embeds:
        early = sorted(set(embed.spec()["rules"]) - known)
        if early:
            found.append(f"{name}.md:{embed.line} {embed.text} cites {', '.join(early)}, taught later")
    return len(embeds), found


def test_the_toc_starts_with_the_intro_and_lists_every_rule_page():
    order = toc_order()
    assert order[0] == "book/intro"
    from widgets.puzzles.spec import RULE_PAGES
    assert set(RULE_PAGES.values()) <= set(order)


@pytest.mark.parametrize("name", checked_pages())
def test_each_shown_puzzle_cites_only_rules_taught_on_its_page_or_before(name):
    _count, found = source_violations(name)
    assert not found, f"{len(found)} puzzle(s) ask about rules not yet taught:\n" + "\n".join(found)


@cache
def bank_rules(kind: str) -> tuple[tuple[int, frozenset[str]], ...]:
    """(seed, cited rules) of each puzzle in a widget's static bank of ``kind``."""
    from widgets.puzzles.bank import build_bank
    return tuple((spec["seed"], frozenset(spec["rules"])) for spec in build_bank(kind))


@pytest.mark.parametrize("name", checked_pages())
def test_each_widgets_bank_cites_only_rules_taught_on_its_page_or_before(name):
    """"New puzzle" on a static page draws from the bank: it must not jump ahead either."""
    known = taught_by()[name]
    found = []
    for kind in sorted({embed.spec()["kind"] for embed in read_page(name).embeds}):
        for seed, rules in bank_rules(kind):
            if rules - known:
                found.append(f"{kind} seed {seed} (bank): cites {', '.join(sorted(rules - known))}")
    assert not found, f"{name}.md: {len(found)} bank puzzle(s) ask about rules not yet taught:\n" + \
        "\n".join(found)


def shown_specs(html: str) -> tuple[list[dict], list[dict]]:
    """(the spec each widget shows, the other puzzles of its bank) stored in a built page."""
    from tests.book.test_book_texts import widget_puzzles
    widgets = widget_puzzles(html)
    return [shown for shown, _bank in widgets], [s for shown, bank in widgets for s in bank if s != shown]


@pytest.mark.parametrize("name", checked_pages())
def test_the_built_pages_shown_puzzles_cite_only_rules_taught_so_far(name, built_book: Path):
    page = built_book / f"{name}.html"
    known = taught_by()[name]
    shown, banked = shown_specs(page.read_text(encoding="utf-8"))
    found = [f"{spec['kind']} seed {spec.get('seed')}{where}: cites {', '.join(sorted(set(spec['rules']) - known))}"
             for specs, where in ((shown, ""), (banked, " (bank)")) for spec in specs
             if set(spec["rules"]) - known]
    assert not found, f"{name}.html: {len(found)} shown puzzle(s) ask about rules not yet taught:\n" + \
        "\n".join(found)


def test_the_parser_orders_pages_and_collects_anchors():
    """A check of the checker: a page's known set grows along the toc, and holds its own anchors."""
    order = toc_order()
    known = taught_by()
    assert known[order[-1]] >= known[order[1]]
    first_rule_page = next(p for p in order if page_anchors(p))
    assert page_anchors(first_rule_page) <= known[first_rule_page]
