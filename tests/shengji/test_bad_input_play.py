"""Bad input into the play engine: always one clear CardlibError, never another exception.

Rules: SJ-9, SJ-10, SJ-6, C-3 (the public faces of the play rules, and their check questions)
"""

from __future__ import annotations

import contextlib
import json
from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import DECK_WITH_JOKERS, Rank, Suit
from cardlib.check import check_line
from cardlib.errors import CardlibError
from cardlib.shengji.combos import classify, find_pairs, find_tractors
from cardlib.shengji.follow import check_follow, is_legal_follow, legal_follows
from cardlib.shengji.leads import check_lead, legal_leads
from cardlib.shengji.rules import SHENGJI, SHUANGSHENG, get_ruleset
from cardlib.shengji.throws import resolve_throw
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext

TOKENS = [str(c) for c in DECK_WITH_JOKERS] + ["SJ", "10h", "♠A", "小王", "X9", "S1", "", "S", "BJJ", "h10,"]
CONTEXTS = st.sampled_from([TrumpContext(Rank.TWO, Suit.SPADES), TrumpContext(Rank.FIVE, None), "2S", None])
RULES = st.sampled_from([SHENGJI, SHUANGSHENG, get_ruleset("shengji", {"throws": True}), "shengji", None])
card_text = st.lists(st.sampled_from(TOKENS), max_size=8).map(" ".join)
card_lists = st.lists(st.sampled_from(TOKENS), max_size=8)
junk = st.one_of(st.none(), st.integers(), st.floats(allow_nan=False), st.booleans(),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
cards_like = st.one_of(card_text, card_lists, st.text(max_size=12), st.lists(st.text(max_size=4), max_size=4), junk)


def only_cardlib_errors(call):
    """Call; a CardlibError is fine, any other exception fails.  A verdict's or a result's reason is
    rendered too (check_follow and find_trick_winner work their reasons out when read)."""
    with contextlib.suppress(CardlibError):
        reason = getattr(call(), "reason", None)
        if reason is not None:
            assert reason.en and reason.zh


@settings(max_examples=examples(200), deadline=None)
@given(CONTEXTS, RULES, cards_like, cards_like, cards_like)
def test_sj9_follow_functions_raise_only_cardlib_errors(ctx, rules, lead, hand, play):
    only_cardlib_errors(lambda: is_legal_follow(ctx, rules, lead, hand, play))
    only_cardlib_errors(lambda: check_follow(ctx, rules, lead, hand, play))
    only_cardlib_errors(lambda: legal_follows(ctx, rules, lead, hand).count())
    only_cardlib_errors(lambda: list(islice(legal_follows(ctx, rules, lead, hand), 50)))
    only_cardlib_errors(lambda: play in legal_follows(ctx, rules, lead, hand))


@settings(max_examples=examples(200), deadline=None)
@given(CONTEXTS, RULES, cards_like, cards_like, st.one_of(st.integers(-1, 4), junk))
def test_sj6_shape_and_lead_functions_raise_only_cardlib_errors(ctx, rules, hand, play, pairs):
    only_cardlib_errors(lambda: classify(ctx, rules, play))
    only_cardlib_errors(lambda: find_pairs(ctx, play))
    only_cardlib_errors(lambda: find_tractors(ctx, rules, hand, pairs))
    only_cardlib_errors(lambda: check_lead(ctx, rules, hand, play))
    only_cardlib_errors(lambda: list(islice(legal_leads(ctx, rules, hand), 50)))


@settings(max_examples=examples(200), deadline=None)
@given(CONTEXTS, RULES, st.one_of(st.lists(cards_like, max_size=5), cards_like))
def test_sj10_c3_trick_and_throw_functions_raise_only_cardlib_errors(ctx, rules, plays):
    only_cardlib_errors(lambda: find_trick_winner(ctx, rules, plays))
    if isinstance(plays, list) and plays:
        only_cardlib_errors(lambda: resolve_throw(ctx, rules, plays[0], plays[1:]))


QUESTIONS = ["follow_legal", "legal_follows", "trick_winner", "shape", "order", "next_leader"]
field_values = st.one_of(card_text, card_lists, st.sampled_from(["2", "10", "A", "S", "none", "X", "LJ"]),
                         st.integers(-2, 5), st.lists(card_text, max_size=5), junk, st.text(max_size=6))
cases = st.fixed_dictionaries(
    {"question": st.sampled_from(QUESTIONS)},
    optional={"level": field_values, "trump": field_values, "lead": field_values, "hand": field_values,
              "play": field_values, "plays": field_values, "cards": field_values, "dealer": field_values,
              "leader": field_values, "first_trick": st.booleans(),
              "ruleset": st.sampled_from(["shengji", "shuangsheng", "nope"]),
              "variant": st.sampled_from([{}, {"throws": True}, {"tractor_adjacency": "natural_rank"},
                                          {"throws": "yes"}, {"colour": 1}, []])})


@settings(max_examples=examples(300), deadline=None)
@given(cases)
def test_sj9_sj10_sj6_check_lines_of_play_questions_answer_or_name_the_error(case):
    """Every line gets an answer whose explanation cites a rule id (SJ-…, SG-…, SS-…, C-…), or an error."""
    result, _agrees = check_line(json.dumps(case))
    json.dumps(result)
    assert ("answer" in result and result["explain"][:2] in ("SJ", "SG", "SS", "C-")) or "error" in result


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=40))
def test_sj9_check_raw_text_lines_never_crash(line):
    """Any text as a check line: an error line or an answer, never an exception."""
    result, _agrees = check_line(line)
    assert "error" in result or "answer" in result
