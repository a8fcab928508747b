"""The Chinese edition's term table (``docs/terms.md``) and the Chinese texts it is held against.

``python -m tests.zh_terms`` prints, for every variant of the table, how often it occurs in each file (the
counts of issue 22's report); the tests are ``tests/test_zh_terms.py`` (the sources) and
``tests/book/test_zh_reader_text.py`` (the built pages).
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
HALF_WIDTH = re.compile(rf"[{HAN}][,;:?!](?=\s|$|[{HAN}])|[{HAN}]\((?!http)|(?<![\]`])\([^()`\n]*?[{HAN}][^()`\n]*?\)"
                        rf"|[{HAN}]\)")
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


def typography_faults(text: str) -> list[tuple[str, str]]:
    """The typography faults of one Chinese string, as (rule, the text around it); code spans left out."""
    if not is_chinese(text):
        return []
    plain = INLINE_CODE.sub(lambda m: "" if not m.group().startswith("`") or "<" in m.group() else "码", text)
    plain = CARD_TOKEN.sub("牌", plain)
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


if __name__ == "__main__":
    sys.exit(main())
