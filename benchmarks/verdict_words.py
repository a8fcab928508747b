"""How long the engine's verdicts are, per puzzle kind: the main text a reader sees first under an
answer (a spec's reason ``en`` / ``zh``; the notes behind the "Why, and where the sources stand"
disclosure are not counted), in English words and in Chinese characters (Han characters only: card
names such as ♠A and rule ids are not counted).

    .venv/bin/python benchmarks/verdict_words.py [--seeds 30] [kind ...]

Every answer's verdict under every ruleset of the first ``--seeds`` seeds of each kind is measured
once (a several-part answer's parts joined, as :func:`widgets.puzzles.spec.verdict_of` shows them):
median, 95th percentile and maximum.  The budget (``widgets/puzzles/spec.py``: ``MAIN_WORDS_EN``,
``MAIN_CHARS_ZH``) is printed with the figures; a kind over it is marked ``!``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from widgets.puzzles import KINDS, make_puzzle
from widgets.puzzles.spec import verdict_of

HAN = re.compile(r"[\u3400-\u9fff]")
#: The budget for a verdict's main text (kept here too, so the script also runs on older trees).
BUDGET_EN, BUDGET_ZH = 45, 90


#: One card as a reader sees it in English: ♠A, ♥10, big joker / little joker (two words, one card).
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])|big joker|little joker|大王|小王")
#: A play: cards one after another, separated by spaces ("♥J ♥J ♥10 ♥10"), and next to a joker by the comma or
#: the "and" that cardlib.words.cards_text writes there ("big joker, big joker and ♠A").
_GAP = r"(?: |(?<=joker)(?:, | and )|(?:, | and )(?=big joker|little joker))"
PLAY = re.compile(rf"(?:{CARD.pattern})(?:{_GAP}(?:{CARD.pattern}))*")


def english_words(text: str) -> int:
    """Words of ``text``, a play of cards written one after another counting as one: a reader takes in
    "♥J ♥J ♥10 ♥10" at a glance, as the Chinese count leaves cards out altogether."""
    return len(PLAY.sub("▪", text).split())


def english_words_cards_counted(text: str) -> int:
    """Words of ``text`` with every card a word (the stricter count the first figures used)."""
    return len(text.split())


def chinese_chars(text: str) -> int:
    return len(HAN.findall(text))


def verdict_texts(spec: dict[str, Any]) -> set[tuple[str, str]]:
    """Every distinct (English, Chinese) main text the spec can show under an answer."""
    texts = set()
    for ruleset in spec["verdicts"]:
        for answer in spec["answers"]:
            found = verdict_of(spec, ruleset, answer["key"])
            if found is not None:
                texts.add((found[1]["en"], found[1]["zh"]))
        if "otherwise" in spec:
            reason = spec["reasons"][spec["otherwise"][ruleset]]
            texts.add((reason["en"], reason["zh"]))
    return texts


def p95(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("kinds", nargs="*", default=list(KINDS))
    args = parser.parse_args()
    print(f"verdict main texts, {args.seeds} seeds per kind; budget {BUDGET_EN} English words, "
          f"{BUDGET_ZH} Chinese characters")
    print(f"{'kind':16} {'texts':>5}  {'en median':>9} {'p95':>4} {'max':>4} {'max*':>5}   {'zh median':>9} {'p95':>4} {'max':>4}")
    print("(English: a play of cards counts as one word; max* counts every card as a word)")
    over = 0
    all_en: list[int] = []
    all_zh: list[int] = []
    for kind in args.kinds:
        texts: set[tuple[str, str]] = set()
        for seed in range(args.seeds):
            texts |= verdict_texts(make_puzzle(kind, seed))
        en = [english_words(e) for e, _z in texts]
        strict = max(english_words_cards_counted(e) for e, _z in texts)
        zh = [chinese_chars(z) for _e, z in texts]
        all_en += en
        all_zh += zh
        flag = " !" if max(en) > BUDGET_EN or max(zh) > BUDGET_ZH else ""
        over += bool(flag)
        print(f"{kind:16} {len(texts):5}  {statistics.median(en):9.0f} {p95(en):4} {max(en):4} {strict:5}   "
              f"{statistics.median(zh):9.0f} {p95(zh):4} {max(zh):4}{flag}")
    print(f"{'all':16} {len(all_en):5}  {statistics.median(all_en):9.0f} {p95(all_en):4} {max(all_en):4} {'':5}   "
          f"{statistics.median(all_zh):9.0f} {p95(all_zh):4} {max(all_zh):4}")
    print("every kind within the budget" if not over else f"{over} kind(s) over the budget (!)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
