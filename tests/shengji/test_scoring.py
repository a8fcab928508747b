"""Trick points (SJ-11, SS-E1), the kitty (SJ-12, SG-6, SS-6, SG-E2, C-2) and the level tables
(SG-7, SS-7, SS-E2, the take-over line) under both presets and every named scheme."""

from __future__ import annotations

import pytest

from cardlib.cards import Rank, Suit, parse_cards
from cardlib.errors import InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.hand import FULL_DECK
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import (
    TOTAL_POINTS,
    card_points,
    kitty_multiplier,
    kitty_score,
    level_change,
    trick_points,
)
from cardlib.shengji.trump import TrumpContext

KITTY = parse_cards("S5 S5 HK H10 C3 C4 C6 C7")  # 30 points


@pytest.mark.parametrize("card, points", [("S5", 5), ("H10", 10), ("DK", 10), ("CQ", 0), ("SA", 0),
                                          ("BJ", 0), ("LJ", 0), ("D2", 0)])
def test_sj11_card_points(card, points):
    assert card_points(parse_cards(card)[0]) == points


def test_sj11_ss_e1_two_decks_hold_200_points():
    """SS-E1: the SS text says 100; eight 5s, eight 10s and eight Ks make 200."""
    assert trick_points(FULL_DECK) == TOTAL_POINTS == 200


# unit_pairs: 0 single, 1 pair, n tractor; (cards played, cards led) = (1 or 2n, same)
SCHEME_TABLE = {
    "shengji":        [2, 4, 4, 8, 16],      # SG-6; SG-E2: a 2-pair tractor no more than a pair
    "double":         [2, 2, 2, 2, 2],       # SS-6 main rule
    "pair2_tractor4": [2, 2, 4, 4, 4],       # SS-6 "some rules"
    "doubling":       [2, 4, 8, 16, 32],     # SG-E2 fixed
    "largest_unit":   [2, 4, 8, 12, 16],     # 2 x cards of the largest unit
    "power_of_cards": [2, 4, 16, 64, 256],   # 2 ** cards
    "lead_size":      [2, 4, 8, 12, 16],     # 2 x cards led
}


@pytest.mark.parametrize("scheme", sorted(SCHEME_TABLE))
def test_sg6_ss6_every_kitty_scheme(scheme):
    rules = get_ruleset("shengji", {"kitty_multiplier": scheme})
    got = [kitty_multiplier(rules, pairs, max(1, 2 * pairs), max(1, 2 * pairs))[0] for pairs in range(5)]
    assert got == SCHEME_TABLE[scheme]


def test_sg6_ss6_scheme_reasons_cite_their_rows():
    def rule(scheme):
        return kitty_multiplier(get_ruleset("shengji", {"kitty_multiplier": scheme}), 1, 2, 2)[1].rule

    assert rule("shengji") is RuleId.SG_6 and rule("double") is RuleId.SS_6
    assert rule("pair2_tractor4") is RuleId.SS_6 and rule("doubling") is RuleId.SG_E2


def test_sj12_dealer_team_winning_the_last_trick_keeps_the_kitty_from_the_attackers():
    points, reason = kitty_score(get_ruleset("shengji"), KITTY, False)
    assert points == 0 and reason.rule is RuleId.SJ_12


@pytest.mark.parametrize("preset, plays, expected", [
    ("shengji", ["HA", "H3", "D6", "C8"], 60),                                 # single x2
    ("shengji", ["HA HA", "H3 H4", "D6 D7", "C8 C8"], 120),                    # pair x4
    ("shengji", ["HA HA HK HK", "H3 H4 H6 H7", "D6 D7 D8 D9", "C8 C8 C9 C9"], 120),  # 2-tractor x4 (SG-E2)
    ("shengji", ["HA HA HK HK HQ HQ", "H3 H4 H6 H7 H8 H9", "D6 D7 D8 D9 DJ DQ", "C8 C8 C9 C9 CJ CQ"], 240),
    ("shuangsheng", ["HA HA", "H3 H4", "D6 D7", "C8 C8"], 60),                 # SS-6: x2 any shape
    ("shuangsheng", ["HA HA HK HK", "H3 H4 H6 H7", "D6 D7 D8 D9", "C8 C8 C9 C9"], 60),
])
def test_sj12_c2_kitty_multiplied_by_the_shape_of_the_winning_play(preset, plays, expected):
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    points, _ = kitty_score(ctx, get_ruleset(preset), KITTY, [parse_cards(p) for p in plays], True)
    assert points == expected


def test_c2_the_winning_play_is_a_trump_that_beat_the_lead():
    """C-2: a follower's trumping pair wins the last trick: its shape (a pair) sets the multiplier."""
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    plays = [parse_cards(p) for p in ("HA HA", "S3 S3", "H5 H6", "C8 C8")]
    for shape in ("winning_play", "lead"):
        rules = get_ruleset("shengji", {"kitty_shape": shape})
        assert kitty_score(ctx, rules, KITTY, plays, True)[0] == 120


def test_sj12_sj5_a_level_card_that_wins_a_trump_lead_says_what_ranks_above_it():
    """SJ-5: on a trump lead (♥A, hearts trump at level 7) West's ♠7 wins the last trick, as a level card above
    the whole trump suit: the kitty's sentence says so, not only that West won with ♠7."""
    ctx = TrumpContext(Rank.SEVEN, Suit.HEARTS)
    plays = [parse_cards(p) for p in ("HA", "H3", "S7", "H4")]
    reason = kitty_score(ctx, get_ruleset("shengji"), KITTY, plays, True, leader=1)[1]
    assert "West, an attacker, won the last trick with ♠7 (a level card: only the jokers and ♥7 rank above it)" \
        in reason.en
    assert "♠7（级牌，只比大小王和♥7小）" in reason.zh


def test_c2_c3_a_throw_counts_its_largest_unit():
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    rules = get_ruleset("shengji", {"throws": True})
    plays = [parse_cards(p) for p in ("HA HK HK", "H3 H4 H6", "D6 D7 D8", "C8 C9 C10")]
    assert kitty_score(ctx, rules, KITTY, plays, True)[0] == 120  # a pair inside the throw: x4
    power = get_ruleset("shengji", {"throws": True, "kitty_multiplier": "power_of_cards"})
    assert kitty_score(ctx, power, KITTY, plays, True)[0] == 30 * 8


def test_sj12_kitty_must_hold_eight_cards_and_the_trick_four_plays():
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    with pytest.raises(InvalidPositionError, match="8 cards"):
        kitty_score(ctx, get_ruleset("shengji"), KITTY[:7], [parse_cards(p) for p in ("HA", "H3", "D6", "C8")], True)
    with pytest.raises(InvalidPositionError, match="4 players"):
        kitty_score(ctx, get_ruleset("shengji"), KITTY, [parse_cards(p) for p in ("HA", "H3")], True)


def _change(preset, points, **variant):
    return level_change(get_ruleset(preset, variant or None), points)


SG_BANDS = [(0, (3, False, 0)), (5, (2, False, 0)), (35, (2, False, 0)), (40, (1, False, 0)), (75, (1, False, 0)),
            (80, (0, True, 1)), (115, (0, True, 1)), (120, (0, True, 2)), (200, (0, True, 2)), (480, (0, True, 2))]
SS_BANDS = [(0, (3, False, 0)), (5, (2, False, 0)), (35, (2, False, 0)), (40, (1, False, 0)), (75, (1, False, 0)),
            (80, (0, True, 0)), (85, (0, True, 1)), (115, (0, True, 1)), (120, (0, True, 2)), (155, (0, True, 2)),
            (160, (0, True, 3)), (200, (0, True, 3)), (320, (0, True, 3))]


@pytest.mark.parametrize("points, expected", SG_BANDS)
def test_sg7_every_band(points, expected):
    change, reason = _change("shengji", points)
    assert (change.dealer_team_levels, change.attackers_take_over, change.attacker_levels) == expected
    assert reason.rule is RuleId.SG_7


@pytest.mark.parametrize("points, expected", SS_BANDS)
def test_ss7_every_band(points, expected):
    change, reason = _change("shuangsheng", points)
    assert (change.dealer_team_levels, change.attackers_take_over, change.attacker_levels) == expected
    assert reason.rule is (RuleId.SS_E2 if points == 80 else RuleId.SS_7)


@pytest.mark.parametrize("preset, line, points, expected", [
    ("shengji", 75, 70, (1, False, 0)), ("shengji", 75, 75, (0, True, 1)), ("shengji", 75, 110, (0, True, 1)),
    ("shengji", 75, 115, (0, True, 2)), ("shengji", 85, 80, (1, False, 0)), ("shengji", 85, 85, (0, True, 1)),
    ("shengji", 85, 120, (0, True, 1)), ("shengji", 85, 125, (0, True, 2)),
    ("shuangsheng", 75, 75, (0, True, 0)), ("shuangsheng", 75, 80, (0, True, 1)),
    ("shuangsheng", 75, 155, (0, True, 3)), ("shuangsheng", 85, 80, (1, False, 0)),
    ("shuangsheng", 85, 85, (0, True, 0)), ("shuangsheng", 85, 90, (0, True, 1)),
    ("shuangsheng", 85, 165, (0, True, 3)), ("shuangsheng", 85, 35, (2, False, 0)),
])
def test_sg7_ss7_the_takeover_line_moves_the_attacker_bands(preset, line, points, expected):
    change, _ = _change(preset, points, takeover_line=line)
    assert (change.dealer_team_levels, change.attackers_take_over, change.attacker_levels) == expected


@pytest.mark.parametrize("points", [82, -5, 1.5, True, "80", None, 3])
def test_sg7_points_must_be_a_nonnegative_multiple_of_five(points):
    with pytest.raises(InvalidPositionError, match="attacker points"):
        _change("shengji", points)


@pytest.mark.parametrize("scheme, words", [
    ("shengji", "the 四人升级 guide's scheme (single ×2, pair ×4, a tractor of n pairs ×2ⁿ)"),
    ("double", "the 双升 guide's main rule"),  # the sentence says "whatever the shape"; the note, its alternative
    ("pair2_tractor4", "the scheme the 双升 guide gives as “some rules”"),
    ("doubling", "the doubling scheme offered for the 四人升级 guide's contradiction"),
    ("lead_size", "a variant neither guide has"),
])
def test_sg6_ss6_a_scheme_is_named_in_words_never_by_its_id(scheme, words):
    """SG-6 / SS-6: the reason names the scheme as a reader knows it, not as the ruleset field spells it."""
    reason = kitty_multiplier(get_ruleset("shengji", {"kitty_multiplier": scheme}), 1, 2, 2)[1]
    said_en, said_zh = reason.en + reason.notes_text("en"), reason.zh + reason.notes_text("zh")
    assert words in said_en and f"'{scheme}'" not in said_en and "“" + scheme not in said_zh
    assert words not in reason.en  # the scheme in full is a note; the main sentence names it in a few words


def test_sj12_sj11_the_kitty_reason_names_its_point_cards():
    """SJ-12 / SJ-11: the kitty's points are counted from the cards that carry them."""
    reason = kitty_score(get_ruleset("shengji"), KITTY, False)[1]
    assert reason.en == ("The dealer team won the last trick, so the kitty's 30 points (♠5 ♠5 ♥K ♥10) add nothing "
                         "to the attackers.")


def test_c2_the_follower_who_won_the_last_trick_is_named_by_place_or_seat():
    """C-2: "the third player" without seats; with the leader's seat, its seat (East, when West led)."""
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    plays = [parse_cards(p) for p in ("H8 H8", "H3 H4", "SA SA", "D6 D7")]
    by_place = kitty_score(ctx, get_ruleset("shengji"), KITTY, plays, True)[1]
    by_seat = kitty_score(ctx, get_ruleset("shengji"), KITTY, plays, True, leader=3)[1]
    assert by_place.en.startswith("The third player, an attacker, won the last trick with ♠A ♠A (spades are trumps, so "
                                  "it beats ♥8 ♥8), a pair, so")
    assert by_seat.en.startswith("East, an attacker, won the last trick with ♠A ♠A (spades") and "东家" in by_seat.zh
    assert by_seat.rule is RuleId.C_2 and "this book's convention" not in by_seat.en  # the convention is a note
    [note] = [n for n in by_seat.all_notes() if n.rule is RuleId.C_2]
    assert "this book's convention" in note.en and "本书约定" in note.zh


@pytest.mark.parametrize("preset, line, points", [("shengji", 85, 80), ("shuangsheng", 85, 85), ("shuangsheng", 75, 75),
                                                  ("shengji", 75, 50)])
def test_c6_a_local_takeover_line_cites_c6_and_says_how_the_bands_move_is_the_books(preset, line, points):
    """C-6: with a local line of 75 or 85 the reason cites C-6 where the points fall in a band the line moves;
    its note says the 双升 guide names such lines (SS-7) but not how the bands move, so moving them is this
    book's convention (the main text says the band and what it does); below 40 no band moves: no note."""
    reason = _change(preset, points, takeover_line=line)[1]
    assert reason.rule is RuleId.C_6 and (f"line {line}" in reason.en or f"line of {line}" in reason.en)
    said_en, said_zh = reason.notes_text("en"), reason.notes_text("zh")
    assert "names local take-over lines of 75 or 85 but not how the bands move" in said_en
    assert "this book's convention" in said_en and "但没说各档怎么变" in said_zh and "本书约定" in said_zh
    assert _change(preset, points)[1].rule is not RuleId.C_6
    assert not _change(preset, 30, takeover_line=line)[1].notes  # the 5-35 band is the same under any line


def test_ss_e2_exactly_80_says_why_it_is_plus_zero():
    """SS-E2: 80 is listed twice in the 双升 table; the reason says which reading the book follows."""
    reason = _change("shuangsheng", 80)[1]
    assert reason.rule is RuleId.SS_E2 and "they take over without going up" in reason.en
    assert "lists 80 twice" in reason.notes_text("en") and "lists 80 twice" not in reason.en
