"""A class puzzle's spec on the server: what a student may see of it, and the grade of an answer.

The spec is the one the teacher's slide drew (:mod:`widgets.puzzles.spec`): every verdict was
computed by the engine there, and the server only looks the answer up under the ruleset the slide
graded by; a student's word on correctness is never asked for.  The student's view drops the
verdicts, the correct answers, the reasons and the rule ids.

>>> from widgets.puzzles import make_puzzle
>>> spec = make_puzzle("highest", 16)
>>> ruleset = check_spec(spec, None)
>>> sorted(student_view(spec, ruleset))
['answers', 'display', 'id', 'input', 'kind', 'question', 'rules_label']
>>> grade(spec, ruleset, "HA")
Grade(key='HA', correct=True, rule_ids=('SJ-5',))
>>> answer_words(spec, "HA")
'♥A'
>>> try:
...     grade(spec, ruleset, "XX")
... except AnswerError as error:
...     print(error)
That answer is not one of this question's options.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardlib.cards import parse_cards
from widgets.puzzles.spec import INPUT_TYPES, InputType

#: What a student's page is sent of a spec, by input type (answers' labels and cards, never verdicts).
VIEW_KEYS = ("kind", "id", "input", "display", "question")
_NUMBER = re.compile(r"-?\d{1,6}")


class AnswerError(ValueError):
    """A spec or an answer the server cannot grade (the handlers answer 400)."""


@dataclass(frozen=True)
class Grade:
    """An answer as stored: its key in the spec, right or wrong, the rule ids its verdict cites."""

    key: str
    correct: bool
    rule_ids: tuple[str, ...]


def check_spec(spec: Any, ruleset: str | None) -> str:
    """The ruleset id the spec is graded under (``ruleset`` or its first); AnswerError if it cannot be."""
    needed = ("kind", "id", "input", "display", "question", "answers", "correct", "verdicts", "reasons", "rulesets")
    if not isinstance(spec, dict) or any(name not in spec for name in needed):
        raise AnswerError("The spec is not a class puzzle's spec: it needs " + ", ".join(needed) + ".")
    if spec["input"] not in INPUT_TYPES or not isinstance(spec["answers"], list) or not spec["rulesets"]:
        raise AnswerError("The spec's input type or answers are not a class puzzle's.")
    chosen = ruleset or spec["rulesets"][0].get("id")
    verdicts = spec["verdicts"].get(chosen) if isinstance(spec["verdicts"], dict) else None
    if not isinstance(verdicts, list) or len(verdicts) != len(spec["answers"]):
        raise AnswerError(f"The spec has no verdicts for the ruleset {chosen!r}.")
    return str(chosen)


def student_view(spec: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """The spec as a phone may see it, drawn by the class puzzle's front end: the position, the question
    and the options, the ruleset's name; never a verdict, a correct key, a reason or a rule id."""
    view = {name: spec[name] for name in VIEW_KEYS}
    label = next((r["label"] for r in spec["rulesets"] if r.get("id") == ruleset), spec["rulesets"][0]["label"])
    view["rules_label"] = {"en": f"Rules: {label['en']}", "zh": f"规则：{label['zh']}"}
    kind: InputType = spec["input"]  # one of INPUT_TYPES (check_spec)
    if kind == "choice":
        view["answers"] = [{k: a[k] for k in ("key", "label", "cards") if k in a} for a in spec["answers"]]
    elif kind == "cards":
        view["position"], view["pick"] = {"hand": spec["position"]["hand"]}, spec["pick"]
    elif kind == "fields":
        view["fields"] = spec["fields"]
    return view


def _key(spec: dict[str, Any], answer: str) -> str:
    """The spec's key for a student's answer, or AnswerError when the answer is not one the puzzle offers."""
    keys = [a["key"] for a in spec["answers"]]
    kind: InputType = spec["input"]
    if kind == "cards":
        picked = Counter(answer.split())
        if sum(picked.values()) != spec["pick"] or picked - Counter(spec["position"]["hand"]):
            raise AnswerError(f"Pick {spec['pick']} cards from the hand.")
        return next((k for k in keys if Counter(k.split()) == picked), " ".join(answer.split()))
    if kind == "number":
        if not _NUMBER.fullmatch(answer.strip()):
            raise AnswerError("Answer with a whole number.")
        return str(int(answer))
    if kind == "fields":
        values = answer.split("|")
        fields = spec["fields"]
        if len(values) != len(fields) or any(v not in {o["value"] for o in f["options"]} for v, f in zip(values, fields)):
            raise AnswerError("Answer every part with one of its options.")
        return answer
    if answer not in keys:
        raise AnswerError("That answer is not one of this question's options.")
    return answer


def grade(spec: dict[str, Any], ruleset: str, answer: str) -> Grade:
    """Grade ``answer`` by the spec's own verdicts under ``ruleset`` (an answer the spec does not list
    takes its ``otherwise`` verdict: a number nobody offered is wrong, and says why)."""
    key = _key(spec, answer)
    keys = [a["key"] for a in spec["answers"]]
    if key in keys:
        ok, reasons = spec["verdicts"][ruleset][keys.index(key)]
    elif isinstance(spec.get("otherwise"), dict) and ruleset in spec["otherwise"]:
        ok, reasons = False, spec["otherwise"][ruleset]
    else:
        raise AnswerError("That answer is not one of this question's options.")
    indexes = reasons if isinstance(reasons, list) else [reasons]
    rules = tuple(dict.fromkeys(str(spec["reasons"][i]["rule"]) for i in indexes))
    return Grade(key=key, correct=bool(ok) and key in spec["correct"].get(ruleset, []), rule_ids=rules)


def answer_words(spec: dict[str, Any], key: str, lang: str = "en") -> str:
    """An answer key as a player reads it, in English or (``lang="zh"``) Chinese (``♥A``, ``Dealer team +2``,
    ``Points buried 20 · …``)."""
    kind: InputType = spec["input"]
    if kind == "cards":
        return " ".join(card.symbol for card in parse_cards(key))
    if kind == "fields":
        parts = []
        for value, field in zip(key.split("|"), spec["fields"]):
            option: dict[str, Any] = next((o for o in field["options"] if o["value"] == value), {})
            parts.append(f"{field['label'][lang]} {option.get('label', {}).get(lang, value)}")
        return " · ".join(parts)
    answer: dict[str, Any] = next((a for a in spec["answers"] if a["key"] == key), {})
    if "label" in answer:
        return str(answer["label"][lang])
    return " ".join(card.symbol for card in parse_cards(answer["cards"])) if "cards" in answer else key
