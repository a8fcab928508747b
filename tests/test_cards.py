"""Card notation (docs/notation.md): parse/format round trips, accepted spellings, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import (DECK_WITH_JOKERS, PLAIN_CARDS, Card, Rank, Suit, check_copies, format_cards,
                           parse_cards, parse_hand, sort_cards)
from cardlib.errors import CardlibError, CardTextError, ImpossibleHandError, NotationError

TWO_DECKS = list(DECK_WITH_JOKERS) * 2


def test_every_card_of_two_decks_round_trips():
    assert len(TWO_DECKS) == 108
    assert parse_cards(format_cards(TWO_DECKS)) == TWO_DECKS
    for card in DECK_WITH_JOKERS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) == card  # repr is the call that builds the card again


@pytest.mark.parametrize("token, canonical", [
    ("SA", "SA"), ("sa", "SA"), ("A♠", "SA"), ("♠A", "SA"), ("a♤", "SA"),
    ("H10", "H10"), ("10h", "H10"), ("HT", "H10"), ("t♥", "H10"), ("♡10", "H10"),
    ("D2", "D2"), ("2♢", "D2"), ("CJ", "CJ"), ("♧j", "CJ"), ("J♣", "CJ"),
    ("SJ", "SJ"),  # the jack of spades, never a joker
    ("BJ", "BJ"), ("bj", "BJ"), ("大王", "BJ"), ("LJ", "LJ"), ("小王", "LJ"),
])
def test_accepted_spellings(token, canonical):
    assert str(Card.parse(token)) == canonical


@pytest.mark.parametrize("token, canonical", [
    ("黑桃5", "S5"), ("红桃10", "H10"), ("方块K", "DK"), ("梅花A", "CA"), ("大王", "BJ"), ("小王", "LJ"),
    ("红心q", "HQ"), ("方片2", "D2"), ("草花J", "CJ"), ("黑桃T", "S10"),
])
def test_players_chinese_spelling(token, canonical):
    """A card as a Chinese player writes it, and as every card's alt text on the Chinese pages reads."""
    assert str(Card.parse(token)) == canonical


def test_a_chinese_list_and_a_bad_chinese_card():
    assert format_cards(parse_cards("黑桃5 红桃10，方块K、梅花A 大王 小王")) == "S5 H10 DK CA BJ LJ"
    for bad in ("黑桃", "黑桃11", "红桃王", "桃5", "黑桃5A"):
        with pytest.raises(CardTextError) as error:
            parse_cards(f"SA {bad}")
        assert isinstance(error.value, ValueError) and isinstance(error.value, NotationError)
        assert repr(bad) in str(error.value) and "position 2" in str(error.value) and "黑桃5" in str(error.value)
        assert error.value.zh.startswith(f"“SA {bad}”的第2张“{bad}”不是一张牌：请写花色和点数，如黑桃5")


def test_lists_split_on_spaces_and_commas():
    assert format_cards(parse_cards("SA,SA  SK, SK")) == "SA SA SK SK"
    assert parse_cards("") == []
    assert parse_cards(["SA", Card.parse("H3")]) == [Card.parse("SA"), Card.parse("H3")]


@pytest.mark.parametrize("text, token, position", [
    ("SA X9", "X9", 2), ("H11", "H11", 1), ("SA SK 1S", "1S", 3), ("S", "S", 1), ("JJ", "JJ", 1),
    ("SA SAA", "SAA", 2), ("♠", "♠", 1),
])
def test_bad_token_names_token_and_position(text, token, position):
    with pytest.raises(NotationError) as error:
        parse_cards(text)
    assert repr(token) in str(error.value)
    assert f"position {position}" in str(error.value)


def test_too_many_copies_is_an_impossible_hand():
    with pytest.raises(ImpossibleHandError, match="3 copies of SA"):
        parse_hand("SA SA SA")
    with pytest.raises(ImpossibleHandError, match="2 copies of H3"):
        parse_hand("H3 H3", decks=1)
    with pytest.raises(ImpossibleHandError, match="without jokers"):
        check_copies(parse_cards("BJ"), 1, jokers=False)
    assert len(parse_hand("SA SA BJ BJ")) == 4


def test_ranks_and_suits():
    assert [str(r) for r in Rank][:3] == ["2", "3", "4"]
    assert Rank.parse("t") is Rank.TEN and Rank.BIG_JOKER.is_joker
    assert Suit.parse("♦") is Suit.DIAMONDS and Suit.HEARTS.is_red
    with pytest.raises(NotationError):
        Suit.parse("X")
    with pytest.raises(NotationError):
        Rank.parse("1")
    assert len(PLAIN_CARDS) == 52


def test_display_order_is_jokers_then_suits_high_first():
    cards = parse_cards("D2 SA LJ H10 BJ S3 CK")
    assert format_cards(sort_cards(cards)) == "BJ LJ SA S3 H10 CK D2"


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(DECK_WITH_JOKERS), max_size=30))
def test_format_parse_round_trip(cards):
    assert parse_cards(format_cards(cards)) == cards


@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=20))
def test_any_text_parses_or_raises_a_clear_error(text):
    try:
        cards = parse_cards(text)
    except CardlibError as error:
        assert "bad card" in str(error)
    else:
        assert all(isinstance(c, Card) for c in cards)
