"""The learner's API of ``cardlib.shengji``, used as a reader would in a notebook: one import line,
plain notation strings, clear errors, Enum ruleset fields that name their rule ids, refusals that
carry their Reason, and notebook displays.

Rules: SJ-3, SJ-4 (TrumpContext), SJ-6, SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-4 / SS-4, SG-5 / SS-5,
SG-6 / SS-6, SG-7 / SS-7, SG-1 / SS-1, SJ-7.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

import cardlib.shengji as shengji
from cardlib.shengji import (SHENGJI, SHUANGSHENG, CardlibError, IllegalActionError, KittyMultiplier, RuleId,
                             Ruleset, ShengjiHand, ShortTractorFollow, TractorAdjacency, TrumpContext, check_follow,
                             classify, find_trick_winner, get_ruleset, is_legal_follow, legal_follows, level_change,
                             kitty_score, play_random_hand, trick_points)
from cardlib.shengji import RandomPlayer, ShengjiGame
from cardlib.shengji.simulate import Report, play_hand

CTX = TrumpContext("2", "S")


# --- one import line, plain strings ------------------------------------------------------------

def test_one_import_line_exports_every_public_name():
    """``from cardlib.shengji import *`` gives the whole API, and every name in ``__all__`` exists."""
    missing = [name for name in shengji.__all__ if not hasattr(shengji, name)]
    assert not missing
    for name in ("TrumpContext", "check_follow", "is_legal_follow", "legal_follows", "find_trick_winner",
                 "trick_points", "kitty_score", "level_change", "classify", "ShengjiHand", "ShengjiGame",
                 "get_ruleset", "SHENGJI", "SHUANGSHENG", "Ruleset", "IllegalActionError"):
        assert name in shengji.__all__, name


def test_sj3_sj4_trump_context_from_the_notation():
    """SJ-3 / SJ-4: the level and the trump suit as players write them; the repr is the call."""
    assert TrumpContext("2", "S") == TrumpContext(2, "♠")
    assert TrumpContext("10", "none").trump is None and TrumpContext("A", None).level.name == "ACE"
    assert repr(TrumpContext("10", "H")) == "TrumpContext('10', 'H')"
    assert eval(repr(CTX)) == CTX  # the repr is the constructor call


def test_sj9_follow_with_strings_and_preset_names():
    """SJ-9: a pair lead must be followed by a pair of the suit when the hand holds one."""
    verdict = check_follow(CTX, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    assert not verdict and verdict.rule is RuleId.SJ_9
    assert is_legal_follow(CTX, "shuangsheng", "HA HA", "H5 H5 H9 SK C3", "H5 H5")
    assert is_legal_follow(CTX, SHENGJI, "HA HA", ["H5", "H5", "H9", "SK", "C3"], ["H5", "H5"])
    assert legal_follows(CTX, "SS", "HA HA", "H5 H5 H9 SK C3").count() == 1


def test_sj10_trick_winner_and_sj11_points_from_strings():
    """SJ-10: a trump beats a plain-suit lead; SJ-11: 5s count 5, 10s and Ks 10."""
    assert find_trick_winner(CTX, "shengji", ["HK", "HA", "H3", "S3"]).winner == 3
    assert trick_points("S5 H10 DK") == 25
    assert trick_points(["S5", "H10"]) == 15


def test_sj12_score_kitty_parses_a_kitty_string():
    """SJ-12 / SG-6: the kitty string is cards, not characters; a pair wins the last trick: ×4."""
    last = ["BJ BJ", "S3 S4", "D6 D7", "H8 H8"]
    points, reason = kitty_score(TrumpContext("2", "none"), "shengji", "S5 S5 HK H10 C3 C4 C6 C7", last, True)
    assert points == 120 and reason.rule in (RuleId.SG_6, RuleId.C_2)


def test_sg7_ss7_level_change_by_preset_name():
    """SS-7 / SS-E2: exactly 80 takes over without going up; SG-7: 80 takes over and goes up 1."""
    assert level_change("shuangsheng", 80)[0].attacker_levels == 0
    assert level_change("shengji", 80)[0].attacker_levels == 1


def test_sj6_classify_with_strings():
    """SJ-6 / SG-4: level 5, 44 66 is a tractor in the order of trumps."""
    assert classify(TrumpContext("5", "S"), "shengji", "H4 H4 H6 H6").kind == "tractor"
    assert classify(TrumpContext("5", "S"), "shuangsheng", "H4 H4 H6 H6").kind == "none"


# --- bad input: a clear ValueError naming the token --------------------------------------------

@pytest.mark.parametrize("call, token", [
    (lambda: TrumpContext("X", "S"), "'X'"),
    (lambda: TrumpContext("2", "Z"), "'Z'"),
    (lambda: TrumpContext(None, "S"), "None"),
    (lambda: check_follow(CTX, "poker", "HA HA", "H5 H5", "H5 H5"), "'poker'"),
    (lambda: check_follow(CTX, "shengji", "HA HX", "H5 H5", "H5 H5"), "'HX'"),
    (lambda: check_follow(CTX, 3, "HA HA", "H5 H5", "H5 H5"), "3"),
    (lambda: check_follow("2S", "shengji", "HA HA", "H5 H5", "H5 H5"), "'2S'"),
    (lambda: trick_points("S5 Q7"), "'Q7'"),
    (lambda: trick_points(5), "5"),
    (lambda: trick_points(["S5", 10]), "10"),
    (lambda: kitty_score(CTX, "shengji", "S5 S5", ["SA", "S3", "S4", "S6"], True), "8 cards"),
    (lambda: level_change("shengji", 81), "81"),
    (lambda: ShengjiHand("shengji", ("2", "Z")), "'Z'"),
    (lambda: ShengjiHand("shengji", seed="x"), "'x'"),
    (lambda: get_ruleset("shengji", {"short_tractor_follow": "any"}), "'any'"),
    (lambda: RuleId.parse("SJ-99"), "'SJ-99'"),
])
def test_bad_input_is_a_cardlib_value_error_naming_the_token(call, token):
    """Never an AttributeError or TypeError: a ``CardlibError`` (a ``ValueError``) that names what is wrong."""
    with pytest.raises(CardlibError) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    assert token in str(caught.value)


def test_rule_ids_parse_in_any_case():
    """Rule ids as the register writes them, in any case (SJ-9, SG-E2)."""
    assert RuleId.parse("sj-9") is RuleId.SJ_9
    assert RuleId.parse("Sg_e2") is RuleId.SG_E2
    assert RuleId.parse(RuleId.C_1) is RuleId.C_1


# --- Enum ruleset fields that map to rule ids ---------------------------------------------------

def test_sg4_ss4_sg5_ss5_enum_fields_name_their_rule_ids():
    """SG-4 / SS-4 values name their own row; SG-5 / SS-5's shared value is cited from the ruleset's guide."""
    assert SHUANGSHENG.tractor_adjacency is TractorAdjacency.NATURAL_RANK
    assert SHUANGSHENG.tractor_adjacency == "natural_rank"  # still compares as its string
    assert TractorAdjacency.TRUMP_ORDER.rule is RuleId.SG_4 and TractorAdjacency.NATURAL_RANK.rule is RuleId.SS_4
    assert ShortTractorFollow.TRACTORS_THEN_PAIRS.rules == (RuleId.C_7, RuleId.SS_5)
    assert ShortTractorFollow.PAIRS_THEN_SINGLES.rules == (RuleId.SG_5, RuleId.SS_5)
    assert get_ruleset("shengji", {"short_tractor_follow": "tractors_then_pairs"}).rule_of("short_tractor_follow") is RuleId.C_7
    assert SHENGJI.rule_of("short_tractor_follow") is RuleId.SG_5
    assert SHUANGSHENG.rule_of("short_tractor_follow") is RuleId.SS_5
    assert KittyMultiplier.DOUBLE.rule is RuleId.SS_6 and KittyMultiplier.DOUBLING.rule is RuleId.SG_E2


def test_ss5_rule_follows_the_field_not_the_preset_name():
    """SS-5 / SG-5: a ruleset built field by field (any name) cites the row of the guide it calls by."""
    custom = Ruleset(**{**SHUANGSHENG.to_dict(), "name": "my table"})
    verdict = check_follow(CTX, custom, "HA HA HK HK", "H9 H9 H7 H5 H3", "H9 H9 H7 H5")
    assert verdict.rule is RuleId.SS_5


def test_variant_strings_are_coerced_and_rulesets_stay_json_ready():
    """Variants given as strings become Enum members; ``to_dict`` gives plain strings (SG-5 / SS-5)."""
    rules = get_ruleset("shengji", {"short_tractor_follow": "suit_count_only"})
    assert rules.short_tractor_follow is ShortTractorFollow.SUIT_COUNT_ONLY
    data = rules.to_dict()
    assert type(data["short_tractor_follow"]) is str and json.loads(json.dumps(data)) == data
    assert Ruleset(**data) == rules
    assert repr(rules) == "get_ruleset('shengji', {'short_tractor_follow': 'suit_count_only'})"
    with pytest.raises(CardlibError, match="it takes one of: 'tractors_then_pairs', 'pairs_then_singles'"):
        get_ruleset("shengji", {"short_tractor_follow": "any"})


# --- refusals carry their Reason ----------------------------------------------------------------

def _to_play(seed: int = 5) -> ShengjiHand:
    hand = ShengjiHand("shengji", seed=seed, dealer=0)
    while hand.next_to_deal is not None:
        hand.deal_card()
    hand.close_calls()
    assert hand.dealer is not None
    hand.bury(hand.hands[hand.dealer][:8])
    return hand


def test_sj8_play_out_of_turn_raises_a_typed_error_with_its_reason():
    """SJ-8: the dealer leads; another seat playing first is refused with the seat named."""
    hand = _to_play()
    other = (hand.to_act + 1) % 4
    with pytest.raises(IllegalActionError) as refused:
        hand.play(other, hand.hands[other][:1])
    error = refused.value
    assert isinstance(error, ValueError) and error.reason is not None and error.rule is RuleId.SJ_8
    assert str(error) == str(error.reason) and error.reason.zh
    assert "South" in error.reason.en or "East" in error.reason.en


def test_sj9_illegal_follow_raises_with_the_engines_reason():
    """SJ-9: a follow that leaves the led suit while holding it is refused with the follow rule's reason."""
    for seed in range(40):
        hand = _to_play(seed)
        leader = hand.to_act
        assert leader is not None
        lead = hand.hands[leader][0]
        hand.play(leader, [lead])
        follower = hand.to_act
        assert hand.ctx is not None and follower is not None
        suit = hand.ctx.effective_suit(lead)
        held = [c for c in hand.hands[follower] if hand.ctx.effective_suit(c) is suit]
        off = [c for c in hand.hands[follower] if hand.ctx.effective_suit(c) is not suit]
        if held and off:
            with pytest.raises(IllegalActionError) as refused:
                hand.play(follower, [off[0]])
            assert refused.value.rule is RuleId.SJ_9 and refused.value.reason is not None
            return
    pytest.fail("no seed gave a follower holding the led suit and another")


def test_sj7_bad_bury_and_sg1_bad_call_carry_reasons():
    """SJ-7: the dealer buries exactly 8; SG-1: a call shows cards the caller holds."""
    hand = ShengjiHand("shengji", seed=2, dealer=0)
    while hand.next_to_deal is not None:
        hand.deal_card()
    missing = next(c for c in ("S2", "H2", "D2", "C2") if c not in {str(x) for x in hand.hands[1]})
    with pytest.raises(IllegalActionError) as refused:
        hand.call(1, missing)
    assert refused.value.rule is RuleId.SG_1
    hand.close_calls()
    with pytest.raises(IllegalActionError) as refused:
        hand.bury(hand.hands[0][:7])
    assert refused.value.rule is RuleId.SJ_7 and "8" in refused.value.reason.en  # type: ignore[union-attr]


# --- notebook displays --------------------------------------------------------------------------

def _well_formed(html: str) -> ET.Element:
    return ET.fromstring(f"<root>{html}</root>")


def test_verdict_and_refusal_draw_their_reason():
    """A Verdict and a refusal show the rule id and both languages (SJ-9, SJ-8)."""
    verdict = check_follow(CTX, "shengji", "HA HA", "H5 H5 H9 SK C3", "H5 H9")
    html = verdict._repr_html_()
    assert "SJ-9" in html and "Not allowed" in html and 'lang="zh-Hans"' in html
    _well_formed(html)
    hand = _to_play()
    other = (hand.to_act + 1) % 4
    with pytest.raises(IllegalActionError) as refused:
        hand.play(other, hand.hands[other][:1])
    assert "SJ-8" in refused.value._repr_html_()


def test_sj10_trick_result_draws_the_plays_the_winner_and_the_reason():
    """SJ-10: the four plays drawn, the winner marked, the reason quoted with cards as chips."""
    result = find_trick_winner(CTX, "shengji", ["HK", "HA", "H3", "S3"])
    html = result._repr_html_()
    root = _well_formed(html)
    assert html.count("<svg") == 4 and "the fourth player (wins)" in html
    assert "cardlib-reason" in html and "SJ-10" in html
    assert root.find(".//{http://www.w3.org/2000/svg}svg") is not None
    assert repr(result).startswith("<TrickResult the fourth player (♠3) · SJ-10:") and len(repr(result)) < 120


def test_hand_and_hand_result_draw_the_table():
    """SJ-8, SJ-11, SJ-12, SG-7: a whole hand shows the seats' sorted cards, trump, points; the result its levels."""
    hand = play_random_hand("shengji", seed=4)
    assert hand.result is not None
    html = hand._repr_html_()
    _well_formed(html)
    for word in ("South", "East", "North", "West", "Trump", "Level", "Points won"):
        assert word in html, word
    result_html = hand.result._repr_html_()
    _well_formed(result_html)
    assert "Attackers&#x27; total" in result_html and "cardlib-reason" in result_html
    assert repr(hand).startswith("<ShengjiHand shengji level 2") and "HandResult" in repr(hand.result)
    fresh = ShengjiHand("shuangsheng", seed=1)
    assert "not yet called" in fresh._repr_html_()


def test_sj9_legal_follows_draw_their_count_and_plays():
    """SJ-9: the lazy view of legal follows shows how many there are and draws the first ones."""
    follows = legal_follows(CTX, "shengji", "HA HA HK HK HQ HQ", "H9 H9 H8 H8 H6 H6 H5 H5")
    html = follows._repr_html_()
    _well_formed(html)
    assert f"{follows.count()} legal follows" in html and html.count("<ol") == 1


def test_sj13_a_game_draws_its_hands_and_levels():
    """SJ-13, SG-7: a game shows each finished hand's dealer, points and levels, then the current hand."""
    game = ShengjiGame("shengji", seed=3)
    play_hand(game.hand, [RandomPlayer(random.Random(seat)) for seat in range(4)], Report())
    game.next_hand()
    html = game._repr_html_()
    _well_formed(html)
    assert "Levels after" in html and html.count("<tr><td>1</td>") == 1
    assert repr(game).startswith("<ShengjiGame shengji, 1 hands played")


def test_sj2_sg1_helpers_take_the_notation_too():
    """SJ-2: SG has the player after the dealer cut; SG-1: a call state starts at a level written "2"."""
    from cardlib.shengji import CallState, check_call, cut_by

    assert cut_by("shengji", 0) == 1 and cut_by("shuangsheng", 0) is None
    assert check_call("shengji", CallState("2"), 1, "H2")
    with pytest.raises(CardlibError, match="seat"):
        cut_by("shengji", 7)


def test_sj2_sj8_events_draw_their_seat_cards_and_reason():
    """SJ-2 / SJ-8: each event of a hand's log draws its seat, its cards and the reason that decided it."""
    hand = play_random_hand("shuangsheng", seed=5)
    play = next(event for event in hand.log if event.kind == "play")
    html = play._repr_html_()
    _well_formed(html)
    assert html.count("<svg") == len(play.cards) and "cardlib-reason" in html
    assert repr(play).startswith("<Event play: ")
