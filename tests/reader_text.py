"""What must never reach a reader: cards in engine notation, play indices, internal names.

Used by the tests over every puzzle kind and over the built book, and runnable on its own
to list what is left (``python -m tests.reader_text [--seeds N]``).

>>> leaks("SJ-9: SA S7 are trumps; play 3 (DJ DJ) wins")
['card code SA', 'card code S7', 'play index: play 3', 'card code DJ', 'card code DJ']
>>> leaks("SJ-9: ♠A and ♦J ♦J; North wins; big joker / 大王; C-1 decides")
[]
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any

#: Rule ids look like card codes (SJ-9, C-1) and are fine: they are removed before checking.
RULE_ID = re.compile(r"\b(?:YS|SJ|SG|SS|C)-(?:E)?\d+\b")
CARD_CODE = re.compile(r"(?<![A-Za-z0-9♠♥♦♣_])(?:[SHDC](?:10|[2-9TJQKA])|BJ|LJ)(?![A-Za-z0-9_])")
INDEX = re.compile(r"\b(?:[Pp]lay|[Hh]and|[Ss]eat|[Pp]layer|[Ii]ndex) \d\b|第\d手|\d号(?:位|玩家)|\[\d(?:, \d)*\]")
INTERNAL = re.compile(
    r"\b(?:True|False|None)\b"                         # Python values
    r"|\b[a-z]+(?:_[a-z]+)+\b"                         # snake_case names: fields, values, kinds
    r"|'(?:double|doubling|flat|by_shape|shengji|shuangsheng|yishang)'"  # scheme / preset ids
    r"|\b(?:shengji|shuangsheng)\b(?! guide)"          # preset names written as ids
    r"|\b(?:EffectiveSuit|RuleId|Rank|Suit|Card)\.\w+"  # enum members
)


def leaks(text: str) -> list[str]:
    """Every piece of engine notation in ``text``, in order, named by what it is."""
    text = RULE_ID.sub(" ", text)
    found: list[tuple[int, str]] = []
    found += [(m.start(), f"card code {m.group()}") for m in CARD_CODE.finditer(text)]
    found += [(m.start(), f"play index: {m.group()}") for m in INDEX.finditer(text)]
    found += [(m.start(), f"internal name: {m.group()}") for m in INTERNAL.finditer(text)]
    return [what for _start, what in sorted(found)]


def spec_texts(spec: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every reader-visible text of a puzzle spec, as ``(where, text)`` pairs.

    Answer keys, positions and ``cards`` lists are data the front end draws as cards; labels,
    the question, display blocks' words and the reasons are what a reader reads.
    """
    yield from _texts("question", spec["question"])
    for answer in spec["answers"]:
        if "label" in answer:
            yield from _texts(f"answer {answer['key']}", answer["label"])
    for index, reason in enumerate(spec["reasons"]):
        for lang in ("en", "zh"):
            yield f"reason {index} ({reason['rule']}, {lang})", reason[lang]
    for ruleset in spec["rulesets"]:
        yield from _texts(f"ruleset {ruleset['id']}", ruleset["label"])
    for block in spec.get("display", []):
        yield from _block_texts(block)
    for field in spec.get("fields", []):
        yield from _texts("field", field.get("label", {}))
        for option in field.get("options", []):
            yield from _texts("field option", option.get("label", {}))


def _block_texts(block: Any) -> Iterator[tuple[str, str]]:
    if isinstance(block, dict):
        for key, value in block.items():
            if key in ("cards", "type", "key", "seat", "player"):
                continue
            if isinstance(value, str) and key in ("en", "zh"):
                yield f"display {key}", value
            else:
                yield from _block_texts(value)
    elif isinstance(block, list):
        for item in block:
            yield from _block_texts(item)


def _texts(where: str, label: Any) -> Iterator[tuple[str, str]]:
    if isinstance(label, dict):
        for lang in ("en", "zh"):
            if isinstance(label.get(lang), str):
                yield f"{where} ({lang})", label[lang]


def spec_leaks(spec: dict[str, Any]) -> list[str]:
    """Every leak in a spec, as ``"where: text — what"`` lines."""
    return [f"{spec['id']} {where}: {text!r} — {', '.join(found)}"
            for where, text in spec_texts(spec) if (found := leaks(text))]


def scan(kinds: Iterable[str], seeds: int) -> list[str]:
    """Leaks over ``seeds`` puzzles of each kind."""
    from widgets.puzzles.registry import make_puzzle

    report: list[str] = []
    for kind in kinds:
        for seed in range(seeds):
            report += spec_leaks(make_puzzle(kind, seed))
    return report


if __name__ == "__main__":
    from widgets.puzzles.registry import KINDS

    count = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 30
    wanted = [a for a in sys.argv[1:] if a in KINDS] or list(KINDS)
    lines = scan(wanted, count)
    print("\n".join(lines))
    print(f"{len(lines)} leaking texts over {count} seeds of {len(wanted)} kinds", file=sys.stderr)
