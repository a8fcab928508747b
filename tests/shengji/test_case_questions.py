"""One policy on case fields: every Shengji question refuses a field it does not know (docs/notation.md).

Rules: SJ-9 (follow_legal), SJ-11 (trick_points), SG-7 / SS-7 (level_change) as sample questions.
"""

from __future__ import annotations

import pytest

from cardlib.check import answer_case
from cardlib.errors import CardlibError
from cardlib.shengji.case_questions import META_FIELDS, _questions

SAMPLES = {
    "follow_legal": {"level": "2", "trump": "S", "lead": "HA HA", "hand": "H5 H5 H9 SK C3", "play": "H5 H5"},
    "trick_points": {"cards": "H5 SK"},
    "level_change": {"attacker_points": 80},
}


def test_every_question_declares_the_fields_it_reads():
    for name, answerer in _questions().items():
        assert answerer.fields and not set(answerer.fields) & META_FIELDS, name


@pytest.mark.parametrize("question", sorted(SAMPLES))
def test_sj9_sj11_sg7_unknown_field_is_refused_by_name(question):
    with pytest.raises(CardlibError, match=f"unknown field 'colour' for question '{question}'"):
        answer_case({"question": question, **SAMPLES[question], "colour": "red"})


@pytest.mark.parametrize("question", sorted(SAMPLES))
def test_sj9_sj11_sg7_meta_fields_are_accepted_by_every_question(question):
    meta = {"id": "x", "game": "shengji", "ruleset": "shengji", "variant": {}, "expect": None,
            "note": "n", "source": {"repo": "r"}}
    assert answer_case({"question": question, **SAMPLES[question], **meta}) == \
        answer_case({"question": question, **SAMPLES[question]})
