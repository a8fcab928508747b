"""The Chinese edition's term table (``docs/terms.md``) and the Chinese texts it is held against.

``python -m tests.zh_terms`` prints, for every variant of the table, how often it occurs in each file;
the tests are ``tests/test_zh_terms.py`` (the sources) and ``tests/book/test_zh_reader_text.py`` (the built pages).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TERMS = REPO / "docs" / "terms.md"
HAN = "\u3400-\u4dbf\u4e00-\u9fff"
HAN_CHAR = re.compile(f"[{HAN}]")

#: The Chinese texts that are ours to keep clean (variants: none allowed).
OWN_SOURCES = (
    "locale/zh_CN/LC_MESSAGES/**/*.po",
    "teacher/decks/*.md",
    "teacher/stage.py",
    "widgets/*.py",
    "widgets/tutor/*.py",
    "widgets/static/*.js",
    "classroom/*.py",
    "classroom/static/*",
    "tools/site/*.js",
    "cardlib/register.py",
    "cardlib/cards.py",
)
#: The engine's and the puzzles' templates: written by another hand, held to a list that only shrinks.
TEMPLATE_SOURCES = (
    "cardlib/*.py",
    "cardlib/shengji/*.py",
    "cardlib/yishang/*.py",
    "widgets/puzzles/*.py",
)


@dataclass(frozen=True)
class Term:
    preferred: str
    variants: tuple[str, ...]
    kind: str
    seed: str


def terms(path: Path = TERMS) -> list[Term]:
    """The rows of the term table (the first Markdown table of ``docs/terms.md``)."""
    rows: list[Term] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) != 4 or cells[0] in ("首选", "") or set(cells[0]) <= {"-"}:
            continue
        rows.append(Term(cells[0], tuple(v.strip() for v in cells[1].split(" / ") if v.strip()), cells[2], cells[3]))
    return rows


def variant_pattern(table: list[Term] | None = None) -> re.Pattern[str]:
    """One pattern for every variant of the table, the longest first."""
    variants = sorted({v for term in (table or terms()) for v in term.variants}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, variants)))


def source_files(patterns: tuple[str, ...], exclude: tuple[str, ...] = ()) -> list[Path]:
    found = {path for pattern in patterns for path in REPO.glob(pattern) if path.is_file()}
    skipped = {path for pattern in exclude for path in REPO.glob(pattern)}
    return sorted(found - skipped)


def own_files() -> list[Path]:
    return source_files(OWN_SOURCES)


def template_files() -> list[Path]:
    return source_files(TEMPLATE_SOURCES, exclude=("cardlib/register.py", "cardlib/cards.py"))


def po_strings(path: Path) -> list[str]:
    """The translations of a catalogue."""
    from babel.messages.pofile import read_po

    with path.open("rb") as stream:
        catalogue = read_po(stream, locale="zh_CN")
    return [message.string for message in catalogue if message.id and isinstance(message.string, str)]


STRING_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')


def chinese_strings(path: Path) -> list[str]:
    """The Chinese texts of a source file: a catalogue's translations, a page's lines, a program's literals."""
    if path.suffix == ".po":
        return [s for s in po_strings(path) if HAN_CHAR.search(s)]
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".py", ".js"):
        return [s[1:-1] for s in STRING_LITERAL.findall(text) if HAN_CHAR.search(s)]
    return [line for line in text.splitlines() if HAN_CHAR.search(line)]


def variant_counts(path: Path, pattern: re.Pattern[str] | None = None) -> Counter[str]:
    """How often each variant occurs in the Chinese texts of ``path``."""
    pattern = pattern or variant_pattern()
    return Counter(match for text in chinese_strings(path) for match in pattern.findall(text))


# Typography ------------------------------------------------------------------------------------------

#: A half-width mark touching a Chinese character (not Markdown's ``](`` of a link, not ``{ref}`` roles).
HALF_WIDTH = re.compile(rf"[{HAN}][,;:?!](?=\s|$|[{HAN}])|[{HAN}] ?\((?!http)|(?<![\]`])\([^()`\n]*?[{HAN}][^()`\n]*?\)"
                        rf"|[{HAN}]\)|(?<![\]`(])\([^()\n]*\) ?[{HAN}]")
#: A range of numbers in another style than 5～35 (a rule id's hyphen is not a range).
RANGE = re.compile(r"(?<![A-Za-z\-\d])\d+\s*(?:[-–—~]|到|至)\s*\d+(?=\s*[分张级点轮])|(?:YS|SJ|SG|SS)-\d+\s*(?:至|到|-|–|—)\s*(?:YS|SJ|SG|SS)-\d+")
#: A space between a Chinese character and a digit.
SPACED_DIGIT = re.compile(rf"[{HAN}] +\d|(?<![A-Za-z\-\d])\d+ +[{HAN}]")
TYPOGRAPHY = {"half-width punctuation": HALF_WIDTH, "range style": RANGE, "space between Chinese and a digit": SPACED_DIGIT}
INLINE_CODE = re.compile(r"``.*?``|`[^`]*`")
#: A card as players write it (黑桃5, ♠A): one token, whatever stands beside it in a list.
CARD_TOKEN = re.compile(r"(?:黑桃|红桃|红心|方块|方片|梅花|草花|[♠♥♦♣])(?:10|[2-9JQKA])+")


def is_chinese(text: str) -> bool:
    """A Chinese string: at least as many Han characters as Latin letters (an English one naming 毙 is not)."""
    return len(HAN_CHAR.findall(text)) >= len(re.findall("[A-Za-z]", text))


#: Full-width punctuation: a program's literal with none is an English label naming Chinese words (四人升级 (SG)).
FULL_WIDTH = re.compile("[，。：；！？（）《》、“”…～]")


def typography_faults(text: str, literal: bool = False) -> list[tuple[str, str]]:
    """The typography faults of one Chinese string, as (rule, the text around it); code spans left out.
    A program's ``literal`` is Chinese only with full-width punctuation in it."""
    if not is_chinese(text) or (literal and not FULL_WIDTH.search(text)):
        return []
    plain = INLINE_CODE.sub(lambda m: "" if not m.group().startswith("`") or "<" in m.group() else "码", text)
    plain = CARD_TOKEN.sub("牌", plain)
    if literal:  # a template's number (${n}, {count}) is a digit; a card or a name (${t}, {player}) is not
        plain = re.sub(r"\$?\{(?:[nmikspahuvr]|count|points|total|number)\}", "0", plain)
    faults = []
    for rule, pattern in TYPOGRAPHY.items():
        for match in pattern.finditer(plain):
            faults.append((rule, plain[max(0, match.start() - 8): match.end() + 8]))
    return faults


def main() -> int:
    pattern = variant_pattern()
    table = terms()
    total: Counter[str] = Counter()
    for group, files in (("ours", own_files()), ("templates", template_files())):
        for path in files:
            counts = variant_counts(path, pattern)
            if counts:
                print(f"{group:9} {path.relative_to(REPO)}: {dict(counts)}")
            total.update(counts)
    for term in table:
        print(term.preferred, {v: total[v] for v in term.variants})
    return 0



# The built Chinese pages -----------------------------------------------------------------------------

from html.parser import HTMLParser  # noqa: E402

#: Attributes a reader sees or hears.
READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "aria-description", "aria-roledescription")
#: Elements whose text is code, not prose; and elements a reader never sees.
CODE = frozenset({"pre", "code", "kbd", "samp"})
UNSEEN = frozenset({"script", "style", "template", "head", "noscript"})
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                           "source", "track", "wbr"})
#: Names a Chinese text writes in Latin letters: products, formats, the engine's own (in code font or not).
ALLOWED_LATIN = frozenset({
    "Python", "JupyterLab", "Jupyter", "Voila", "JSON", "SVG", "Hypothesis", "Pyodide", "perft", "Sphinx", "CSV",
    "QR", "PDF", "Chromium", "CI", "API", "HTML", "Web", "Worker", "Lab", "GitHub", "Ctrl", "K", "PNG", "Markdown",
    "MyST", "reveal", "js", "mypy", "ruff", "eslint", "tsc", "Node", "npm", "pytest", "import", "SQLite", "JOKER",
    "jieba", "Tractor", "Shengji", "pinyin", "bluff", "Tab", "Enter", "Esc", "Chrome", "Firefox", "Safari", "Edge", "jupyter", "Binder",
})
#: Not an English word: a rule id (SJ-13, SG/SS), a card (♥10, 10h), an identifier (kitty_multiplier, cardlib.shengji).
_A, _Z = "(?<![A-Za-z0-9_])", "(?![A-Za-z0-9_])"  # word edges in Latin text only (Chinese is no word edge)
NOT_ENGLISH = re.compile(rf"{_A}(?:YS|SJ|SG|SS|C)-E?\d+{_Z}|{_A}SG/SS{_Z}|[♠♥♦♣](?:10|[2-9JQKA])+|{_A}(?:10|[2-9JQKA])[shdc]{_Z}"
                         rf"|{_A}[A-Za-z_][A-Za-z0-9_]*(?:[._][A-Za-z0-9_]+)+{_Z}|{_A}(?:[A-Z]{{1,2}}\d*|[AKQJ2-9]+){_Z}")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """The English words of a text a Chinese reader meets (names, ids, cards and identifiers left out)."""
    return [word for word in LATIN_WORD.findall(NOT_ENGLISH.sub(" ", text)) if word not in ALLOWED_LATIN]


class ChinesePage(HTMLParser):
    """A built Chinese page read as a reader meets it: its prose (text outside code, outside what is marked
    as another language, outside the code cells' outputs and the widgets' state), the outputs' text, the
    attributes a reader hears; and the widgets' stored texts (engine and puzzle templates)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []  # (element, what its text is: prose, output, code, other, unseen)
        self.prose: list[str] = []
        self.outputs: list[str] = []
        self.attributes: list[tuple[str, str]] = []
        self.widget_state: list[str] = []
        self._in_state = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        parent = self.stack[-1][1] if self.stack else "prose"
        classes = values.get("class", "").split()
        lang = values.get("lang", "").lower()
        if parent == "unseen" or tag in UNSEEN:
            kind = "unseen"
        elif parent in ("code", "other") or tag in CODE or "cell_input" in classes:
            kind = "code" if parent != "other" else "other"
        elif (lang and not lang.startswith("zh")) or lang.startswith("zh-latn"):
            kind = "other"
        elif parent == "output" or "cell_output" in classes:
            kind = "output"
        else:
            kind = "prose"
        if kind in ("prose", "output") and tag != "html":
            self.attributes += [(name, values[name]) for name in READ_ATTRIBUTES if values.get(name)]
        self._in_state = tag == "script" and "widget-state" in values.get("type", "")
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, kind))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        names = [name for name, _ in self.stack]
        if tag in names:
            del self.stack[len(names) - 1 - names[::-1].index(tag):]
        self._in_state = False

    def handle_data(self, data: str) -> None:
        if self._in_state:
            self.widget_state.append(data)
            return
        kind = self.stack[-1][1] if self.stack else "prose"
        if kind == "prose":
            self.prose.append(data)
        elif kind == "output":
            self.outputs.append(data)


def read_chinese_page(html: str) -> ChinesePage:
    page = ChinesePage()
    page.feed(html)
    return page


def state_strings(state: str) -> list[str]:
    """Every string of a page's widget state (a JSON document), decoded."""
    import json

    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    try:
        walk(json.loads(state))
    except ValueError:
        found.append(state)
    return found


def chinese_pages(site: Path) -> list[Path]:
    """The Chinese edition's pages (not the theme's template leftovers in _static)."""
    return sorted(path for path in (site / "zh").rglob("*.html") if "_static" not in path.parts)


def site_report(site: Path) -> dict[str, Counter[str]]:
    """Counts over the built Chinese pages: variants in prose, attributes and outputs (ours), variants in the
    widgets' stored texts (templates), English words in text and in attributes."""
    pattern = variant_pattern()
    report: dict[str, Counter[str]] = {key: Counter() for key in
                                       ("variants", "template variants", "english text", "english attributes")}
    for path in chinese_pages(site):
        page = read_chinese_page(path.read_text(encoding="utf-8"))
        texts = [" ".join(page.prose), *(value for _, value in page.attributes)]
        report["variants"].update(pattern.findall("\n".join(texts)))
        report["template variants"].update(pattern.findall("\n".join(
            [*page.outputs, *(s for state in page.widget_state for s in state_strings(state))])))
        report["english text"].update(english_words(" ".join(page.prose)))
        for name, value in page.attributes:
            if english_words(value):
                report["english attributes"][f"{name}={value[:60]}"] += 1
    return report


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--site":
    for key, counts in site_report(Path(sys.argv[2])).items():
        print(f"{key}: {sum(counts.values())} {dict(counts.most_common(40))}")
    sys.exit(0)


if __name__ == "__main__":
    sys.exit(main())
