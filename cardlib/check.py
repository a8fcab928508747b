"""``python -m cardlib check``: answer rule cases, one JSON object per line (the format: docs/notation.md).

Each game package has a ``case_questions`` module whose ``answer(case)`` returns
``(answer, reason)``; this module only reads lines, dispatches and compares.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable
from typing import Any, TextIO

from .errors import CardlibError
from .explain import Reason
from .words import reader_lang

GAMES = {"shengji": "cardlib.shengji.case_questions", "yishang": "cardlib.yishang.case_questions"}


def answer_case(case: Any) -> tuple[Any, Reason]:
    """The engine's answer to one case object and the reason that decided it."""
    if not isinstance(case, dict):
        raise CardlibError("a case must be a JSON object")
    game = case.get("game", "shengji")
    if game not in GAMES:
        raise CardlibError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    answer: tuple[Any, Reason] = importlib.import_module(GAMES[game]).answer(case)  # imported by name
    return answer


def check_line(line: str) -> tuple[dict[str, Any], bool]:
    """The output object for one input line, and whether it agrees with its expectation."""
    case_id = None
    try:
        case = json.loads(line)
    except json.JSONDecodeError as error:
        return {"id": None, "error": f"not a JSON object: {error.msg} at column {error.colno}"}, False
    if isinstance(case, dict):
        case_id = case.get("id")
    try:
        answer, reason = answer_case(case)
    except CardlibError as error:
        said = chinese_message(error) if reader_lang() == "zh" else None
        result: dict[str, Any] = {"id": case_id, "error": said or str(error)}
        wanted = case.get("expect_error") if isinstance(case, dict) else None
        if wanted is None:
            return result, False
        agrees = isinstance(wanted, str) and wanted.lower() in str(error).lower()
        result["match"] = agrees
        return result, agrees
    result = {"id": case_id, "answer": answer, "explain": explanation(reason)}
    if "expect" in case:
        agrees = answer == case["expect"]
        result["expect"] = case["expect"]
        result["match"] = agrees
        return result, agrees
    if "expect_error" in case:
        result["match"] = False
        return result, False
    return result, True


def chinese_message(error: BaseException) -> str | None:
    """The Chinese words of an error, or of the error it was raised from (a card error re-raised as the
    field it was in keeps them in its context); None when none has any."""
    seen: BaseException | None = error
    while seen is not None:
        zh = getattr(seen, "zh", None)
        if isinstance(zh, str) and zh:
            return zh
        seen = seen.__cause__ or seen.__context__
    return None


def explanation(reason: Reason) -> str:
    """The reason in the reader's language (``CARDBOOK_LANG``): ``SJ-9: …`` or, in Chinese, ``SJ-9：…``."""
    if reader_lang() == "zh":
        return f"{reason.rule.value}：{reason.render('zh')}"
    return str(reason)


def run_check(lines: Iterable[str], out: TextIO) -> int:
    """Answer every non-blank line; exit status 1 if any answer disagrees or errs, else 0."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        result, agrees = check_line(line)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        if not agrees:
            status = 1
    return status
