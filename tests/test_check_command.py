"""The generic part of ``python -m cardlib check``: JSON lines in, one JSON object out per line."""

from __future__ import annotations

import io
import json

from cardlib.check import check_line, run_check


def test_malformed_json_gets_an_error_line_and_the_run_goes_on():
    out = io.StringIO()
    status = run_check(['{"id": "a", ', '{"id": "b", "game": "chess"}', ""], out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert status == 1
    assert lines[0]["error"].startswith("not a JSON object")
    assert lines[1] == {"id": "b", "error": "unknown game 'chess': expected one of shengji, yishang"}


def test_a_case_must_be_an_object():
    result, agrees = check_line("[1, 2]")
    assert not agrees and "JSON object" in result["error"]


def test_expect_error_passes_only_on_a_matching_error():
    result, agrees = check_line('{"id": "x", "game": "nope", "expect_error": "unknown game"}')
    assert agrees and result["match"] is True
    result, agrees = check_line('{"id": "x", "game": "nope", "expect_error": "something else"}')
    assert not agrees


def test_a_bad_card_is_explained_in_chinese_to_a_chinese_reader(monkeypatch):
    """The Chinese engine page once printed the English error of a mistyped card."""
    import io

    from cardlib.check import run_check

    line = '{"id": "typo", "question": "trick_winner", "level": "2", "trump": "S", "plays": ["HK", "HX", "H3", "C4"]}\n'
    monkeypatch.setenv("CARDBOOK_LANG", "zh")
    out = io.StringIO()
    assert run_check(io.StringIO(line), out) == 1
    assert "“HX”不是一张牌：请写花色和点数，如黑桃5" in out.getvalue() and "bad card" not in out.getvalue()
    monkeypatch.setenv("CARDBOOK_LANG", "en")
    out = io.StringIO()
    run_check(io.StringIO(line), out)
    assert "bad card 'HX'" in out.getvalue()
