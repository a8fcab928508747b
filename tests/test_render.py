"""Cards drawn as cards (cardlib.render, cardlib.display): well-formed, labelled, every card.

Rules: SJ-1 (the 54 distinct cards of a deck with jokers), YS-1, YS-7 (the back), SJ-8 (seats).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib import Card, InvalidPositionError, NotationError
from cardlib.cards import DECK_WITH_JOKERS
from cardlib.display import Hand, Trick
from cardlib.render import (FOUR_COLOURS, TWO_COLOURS, card_back_svg, card_ink, card_label, card_svg,
                            hand_html, trick_html)

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def test_sj1_deck_has_54_distinct_faces_each_well_formed_and_labelled():
    faces = {card_svg(card) for card in DECK_WITH_JOKERS}
    assert len(DECK_WITH_JOKERS) == 54 and len(faces) == 54
    labels = set()
    for card in DECK_WITH_JOKERS:
        svg = parse(card_svg(card))
        assert svg.tag == f"{SVG}svg" and svg.get("role") == "img"
        labels.add(svg.get("aria-label"))
        title = svg.find(f"{SVG}title").text
        assert title == f"{card_label(card)} · {card_label(card, 'zh')}"
    assert len(labels) == 54


@pytest.mark.parametrize("token, english, chinese", [
    ("H10", "10 of hearts", "红桃10"), ("SA", "ace of spades", "黑桃A"), ("DQ", "queen of diamonds", "方块Q"),
    ("C2", "2 of clubs", "梅花2"), ("BJ", "big joker", "大王"), ("LJ", "little joker", "小王"),
])
def test_sj1_card_labels_in_both_languages(token, english, chinese):
    assert card_label(token) == english
    assert card_label(Card.parse(token), "zh") == chinese
    assert f'aria-label="{english}"' in card_svg(token)


def test_sj1_faces_show_rank_and_suit_symbol_and_jokers_their_names():
    texts = [t.text for t in parse(card_svg("H10")).iter(f"{SVG}text")]
    assert "10" in texts and "♥" in texts
    for joker, name in (("BJ", "大王"), ("LJ", "小王")):
        texts = "".join(t.text for t in parse(card_svg(joker)).iter(f"{SVG}text"))
        assert name in texts and "JOKER" in texts and not set("♠♥♦♣") & set(texts)


def test_sj1_red_and_black_and_the_four_colour_deck():
    assert card_ink("H5") == card_ink("D5") == TWO_COLOURS[Card.parse("H5").suit]
    assert card_ink("S5") == card_ink("C5") != card_ink("H5")
    four = {card_ink(f"{suit}5", four_colour=True) for suit in "SHDC"}
    assert four == set(FOUR_COLOURS.values()) and len(four) == 4
    assert card_ink("D5", four_colour=True) in card_svg("D5", four_colour=True)
    assert card_ink("D5", four_colour=True) not in card_svg("D5")


def test_ys7_back_of_a_card_is_labelled_and_shows_no_face():
    back = parse(card_back_svg())
    assert back.get("aria-label") == "face-down card"
    assert not list(back.iter(f"{SVG}text"))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(DECK_WITH_JOKERS), max_size=30), st.booleans())
def test_sj1_any_hand_renders_well_formed_with_every_card_in_order(cards, four_colour):
    root = parse(hand_html(cards, four_colour=four_colour))
    drawn = [svg.get("aria-label") for svg in root.iter(f"{SVG}svg")]
    assert drawn == [card_label(card) for card in cards]
    assert root.get("role") == "group"
    assert root.get("aria-label") == "hand: " + (", ".join(drawn) or "no cards")


def test_sj8_trick_table_places_four_seats_and_names_leader_and_winner():
    root = parse(trick_html(["SA SA", "S3 S9", None, "H4 H4"], leader=3, winner=0))
    seats = [div for div in root.iter("div") if "cardlib-seat" in (div.get("class") or "")]
    assert [s.get("class").split()[1] for s in seats] == ["cardlib-south", "cardlib-east", "cardlib-north",
                                                          "cardlib-west"]
    captions = [s.find("div").text for s in seats]
    assert captions == ["South (wins)", "East", "North", "West (leads)"]
    assert len(list(seats[2].iter(f"{SVG}svg"))) == 0
    assert len(list(root.iter(f"{SVG}svg"))) == 6


@pytest.mark.parametrize("plays, leader, winner, message", [
    (["SA"] * 3, 0, None, "4 seats, got 3"),
    (["SA"] * 4, 4, None, "leader seat 4"),
    (["SA"] * 4, 0, -1, "winner seat -1"),
])
def test_sj8_trick_with_wrong_seats_is_one_clear_error(plays, leader, winner, message):
    with pytest.raises(InvalidPositionError, match=message):
        trick_html(plays, leader=leader, winner=winner)
    with pytest.raises(InvalidPositionError, match=message):
        Trick.parse(plays, leader=leader, winner=winner)


@pytest.mark.parametrize("bad", ["X9", "S1", 7, None])
def test_bad_card_token_is_a_notation_error_naming_it(bad):
    with pytest.raises(NotationError, match="bad card"):
        card_svg(bad)
    with pytest.raises(NotationError, match="bad card"):
        hand_html(["SA", bad])


def test_notebook_values_draw_themselves_card_hand_and_trick():
    assert Card.parse("SA")._repr_html_() == card_svg("SA")
    hand = Hand.parse("sa 10h BJ")
    assert repr(hand) == "Hand.parse('SA H10 BJ')" and eval(repr(hand)) == hand and len(hand) == 3
    assert hand._repr_html_() == hand_html(hand.cards)
    trick = Trick.parse(["SA", "S2", "", "SK"], leader=3, winner=0)
    assert eval(repr(trick)) == trick
    assert str(trick) == "SA | S2 | - | SK"
    parse(trick._repr_html_())
