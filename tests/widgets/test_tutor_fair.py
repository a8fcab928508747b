"""A fair table: nothing the reader's seat may not know is ever sent to the page.

Whole 升级 hands and whole 一上一下 games are played with the practice bot's choice in the reader's seat
too (hint, then play), and every view the session answers (what the widget syncs, what the static
book's worker sends) is searched for cards: each card named anywhere in it (a ``cards`` list, a
``card``, a card part of a sentence) must be one the reader's seat has seen by then, as the rules
show cards to it.  What a seat has seen is read from the engine's log, the whole truth:

- 升级 (SJ-2, SJ-7, SJ-12): South's own cards (as dealt and as held), every call, a turned kitty, every
  card played or thrown; the kitty and the burial only when South deals; the buried cards once the
  hand is over;
- 一上一下 (YS-3, YS-6, YS-7, YS-9, YS-11): A's own cards (as dealt, drawn and taken), every card played face
  up, every card a challenge turns over, the cards drawn for the lead (YS-3); never another player's face-down card or
  draw while the game lasts.  Once it is over, the review turns the face-down cards over (what each card the reader
  could have challenged really was, as a 升级 review shows the buried kitty); other players' draws stay unnamed.

Also: the outcome of every move of the reader is told (in both languages), and a move sent for a
position that is gone (a double click) is refused, not applied.

Rules: SJ-7, YS-9, YS-11.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.examples import examples

from cardlib.shengji.hand import FULL_DECK
from tests.widgets.test_tutor_drive import hinted_move
from widgets.tutor.session import TutorSession

TOKENS = frozenset(map(str, FULL_DECK))
#: Games played by default (the whole 500 of each with ``-m slow``).
QUICK = examples(30)  # a tenth under `make test-fast`
WHOLE = 500


def named_cards(value: Any) -> Iterator[str]:
    """Every card token anywhere in a view (JSON): lists, fields, a sentence's card parts."""
    if isinstance(value, str):
        if value in TOKENS:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from named_cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from named_cards(item)


def shengji_seen(session: TutorSession, seen: set[str], read: int) -> int:
    """Add to ``seen`` what South may know from the log past ``read``; the log's new length."""
    hand = session.table.hand
    for event in hand.log[read:]:
        public = event.kind in ("call", "turn", "throw", "play") or (event.kind == "kitty_score")
        south_only = event.kind in ("deal", "kitty", "bury") and event.seat == 0
        if public or south_only:
            seen.update(map(str, event.cards))
    seen.update(map(str, hand.hands[0]))
    return len(hand.log)


def yishang_seen(session: TutorSession, seen: set[str], read: int) -> int:
    """Add to ``seen`` what player A may know from the log past ``read``; the log's new length."""
    from cardlib.yishang.events import EventKind

    game = session.table.state
    for event in game.log[read:]:
        if event.kind is EventKind.FIRST_PLAYER:  # YS-3: the cards drawn for the lead, face up
            seen.update(map(str, event.reason.cards()))
        if event.card is None:
            continue
        public = event.kind in (EventKind.PLAY_UP, EventKind.REVEAL, EventKind.TAKE)
        if public or event.seat == 0:
            seen.add(str(event.card))
    if game.is_over:  # the review turns the face-down cards over
        seen.update(str(e.card) for e in game.log if e.kind is EventKind.PLAY_DOWN and e.card is not None)
    seen.update(map(str, game.hand(0)))
    return len(game.log)


def play_watching(options: dict[str, Any], *, grade: bool = True) -> int:
    """Play one whole game by the bot's choice in the reader's seat; assert that no view names a card
    the reader's seat has not seen, and that every move's outcome is told; with ``grade``, the review's
    grades are asked for at the end (as the page asks) and searched too. The views checked."""
    session = TutorSession.start(options)
    learn = shengji_seen if options["game"] == "shengji" else yishang_seen
    seen: set[str] = set()
    read = learn(session, seen, 0)
    view = session.view()
    for checked in range(1, 1500):
        unseen = set(named_cards(view)) - seen
        assert not unseen, f"{options}: the view names {sorted(unseen)}, unseen by the reader's seat"
        if view["state"] == "over" and grade and view["review"]["graded"] is None:
            view = session.handle({"type": "grade"})
            continue
        if view["state"] == "over":
            return checked
        move = hinted_move(session)  # the hint's view: checked below with the move's
        hint_view = session.view()
        assert not set(named_cards(hint_view)) - seen, f"{options}: a hint names a card unseen by the reader"
        view = session.handle(move)
        assert view["status"] is None, view["status"]
        assert view["outcome"] and all(line["en"] and line["zh"] for line in view["outcome"]), \
            f"{options}: the outcome of {move} is not told"
        read = learn(session, seen, read)
    raise AssertionError(f"{options}: no end")


def shengji_options(seed: int) -> dict[str, Any]:
    return {"game": "shengji", "seed": seed, "ruleset": ("shengji", "shuangsheng")[seed % 2]}


def yishang_options(seed: int) -> dict[str, Any]:
    return {"game": "yishang", "seed": seed, "ruleset": ("yishang", "yishang-fewest")[seed % 2],
            "opponents": seed % 3 + 1}


def test_sj7_no_view_of_a_few_hands_names_a_card_south_has_not_seen():
    assert sum(play_watching(shengji_options(seed)) for seed in range(QUICK)) > QUICK * 20


def test_ys11_no_view_of_a_few_games_names_a_card_player_a_has_not_seen():
    assert sum(play_watching(yishang_options(seed)) for seed in range(QUICK)) > QUICK * 5


#: The rest of the 500 (the first QUICK are played above) in chunks, so the workers share them.
CHUNKS = [range(start, min(start + 94, WHOLE)) for start in range(QUICK, WHOLE, 94)]
#: In the 500 升级 hands, the review's grades (a search that takes most of a hand's time; the cards they name
#: are South's own plays) are asked for in every tenth hand; the QUICK hands above, and every 一上一下 game,
#: ask for them.
GRADED_EVERY = 10


@pytest.mark.slow
@pytest.mark.parametrize("seeds", CHUNKS, ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_sj7_no_view_of_500_hands_names_a_card_south_has_not_seen(seeds):
    for seed in seeds:
        play_watching(shengji_options(seed), grade=seed % GRADED_EVERY == 0)


@pytest.mark.slow
@pytest.mark.parametrize("seeds", CHUNKS, ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_ys11_no_view_of_500_games_names_a_card_player_a_has_not_seen(seeds):
    for seed in seeds:
        play_watching(yishang_options(seed))


def test_sj7_a_bots_burial_is_told_without_its_cards():
    """The testers' case: a bot deals; "since your last move" says that it buried, not what."""
    for seed in range(40):
        session = TutorSession.start({"game": "shengji", "seed": seed})
        view = session.view()
        while view["state"] == "playing" and session.table.hand.phase != "play":
            view = session.handle(hinted_move(session))
        if session.table.hand.dealer != 0:
            break
    else:
        raise AssertionError("no bot dealt in 40 deals")
    burials = [e for e in view["table"]["recent"] if e["kind"] == "bury"]
    assert burials and burials[0]["cards"] == [] and "buries 8 cards face down" in burials[0]["reason"]["en"]
    assert "扣下8张底牌" in burials[0]["reason"]["zh"]
    buried = set(map(str, session.table.hand.buried)) - set(map(str, session.table.hand.hands[0]))
    assert not buried & set(named_cards(view))


def test_ys9_the_outcome_of_the_readers_challenge_says_what_was_revealed_and_who_took_the_pile():
    for seed in range(100):
        session = TutorSession.start({"game": "yishang", "seed": seed, "opponents": 1})
        view = session.view()
        while view["state"] == "playing" and view["decision"]["kind"] != "challenge":
            view = session.handle(hinted_move(session))
        if view["state"] == "playing":
            break
    else:
        raise AssertionError("no challenge offered in 100 games")
    view = session.handle({"type": "act", "cards": [], "choice": "challenge", "serial": view["serial"]})
    kinds = [e["kind"] for e in view["table"]["recent"]]
    assert kinds[:3] == ["challenge", "reveal", "take"], kinds  # the reader's own move opens the log
    told = [line["en"] for line in view["outcome"]]
    assert told[0].startswith("Player A challenges player B")
    assert any("takes the pile" in line for line in told)
    revealed = view["table"]["recent"][1]["cards"][0]
    assert any(revealed in part.get("cards", []) for line in view["outcome"] for part in line.get("parts", {}).get("en", [])
               if isinstance(part, dict))
    assert any("质疑" in line["zh"] for line in view["outcome"]) and any("收走" in line["zh"] for line in view["outcome"])


def test_sj11_a_trick_the_reader_closes_is_told_though_a_bot_leads_at_once():
    session = TutorSession.start({"game": "shengji", "seed": 3})
    view = session.view()
    for _ in range(200):
        hand = session.table.hand
        closing = view["decision"] and view["decision"]["kind"] == "follow" and len(hand.trick) == 3
        view = session.handle(hinted_move(session))
        if closing and session.table.hand.tricks[-1].winner != 0:
            break
    else:
        raise AssertionError("South never closed a trick a bot won")
    told = [line["en"] for line in view["outcome"]]
    assert told[0].startswith("You (South) play") and any("takes the trick" in line for line in told), told
    assert view["table"]["recent"][0]["seat"] == 0 and any(e["kind"] == "trick" for e in view["table"]["recent"])


@pytest.mark.parametrize("game", ["shengji", "yishang"])
def test_a_move_sent_twice_for_one_position_is_played_once(game):
    session = TutorSession.start({"game": game, "seed": 5})
    first = session.view()
    move = {**hinted_move(session), "serial": session.serial}
    once = session.handle(move)
    assert once["status"] is None and once["outcome"]
    again = session.handle(move)  # the double click's second message
    assert again["table"] == once["table"] and again["can_undo"] and again["outcome"] == once["outcome"]
    assert "was not played" in again["status"]["en"] and "没有打出" in again["status"]["zh"]
    session.handle({"type": "undo"})
    assert session.view()["table"]["hand"] == first["table"]["hand"]


def test_sj11_a_lead_is_told_with_the_trick_it_went_to():
    session = TutorSession.start({"game": "shengji", "seed": 3})
    view = session.view()
    while not (view["decision"] and view["decision"]["kind"] == "lead"):
        view = session.handle(hinted_move(session))
    view = session.handle(hinted_move(session))
    told = [line["en"] for line in view["outcome"]]
    winner = session.table.hand.tricks[-1]
    assert told[0].startswith("You (South) play"), told
    assert any(line.startswith(("South", "East", "North", "West")) and "takes the trick" in line for line in told), told
    assert len(winner.plays) == 4 and winner.plays[0][0] == 0


def test_sj11_points_given_to_the_partners_trick_are_told_as_垫分():
    for seed in range(40):
        session = TutorSession.start({"game": "shengji", "seed": seed})
        view = session.view()
        while view["state"] == "playing":
            view = session.handle(hinted_move(session))
            told = view["outcome"]
            if any("垫分" in line["en"] for line in told):
                line = next(line for line in told if "垫分" in line["en"])
                assert line["en"].startswith("You (South) gave your partner North") and "垫了" in line["zh"]
                assert any(other["en"].startswith("North takes the trick and its") for other in told), told
                return
    raise AssertionError("no 垫分 in 40 hands")
