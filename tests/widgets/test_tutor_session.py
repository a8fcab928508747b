"""The tutor's session: a whole 升级 hand and a whole 一上一下 game played by hint and play
alone reach the review, and the review agrees with the engine; a refused move carries the
engine's reason; a take-back undoes; a seed deals the same game; every text speaks as players do.

Rules: SJ-1 (108 cards), SJ-9 (a refused follow), SJ-11 / SJ-12 (points and the kitty), SG-6 / SS-6
(the multiplier), SG-7 / SS-7 (the level change), YS-1 (52 cards), YS-6 (a face-up claim), YS-12.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardlib.cards import parse_cards
from cardlib.shengji import legal_follows, level_change, trick_points
from cardlib.shengji.hand import FULL_DECK
from cardlib.yishang.deal import DECK
from tests.reader_text import leaks
from tests.widgets.test_tutor_drive import hinted_move, play_out, view_texts
from widgets.tutor.session import TutorError, TutorSession
from widgets.tutor.shengji_table import ShengjiTutor


def check_shengji_review(session: TutorSession, view: dict) -> None:
    """The review against the engine's own hand: cards, points, kitty and level change."""
    hand = session.table.hand
    review = view["review"]
    assert Counter(map(str, hand.all_cards())) == Counter(map(str, FULL_DECK))  # SJ-1
    assert [t["points"] for t in review["tricks"]] == [trick_points(c for _s, p in t.plays for c in p)
                                                       for t in hand.tricks]
    points = review["points"]
    attackers = points["attackers"]
    won = [sum(t["points"] for t in review["tricks"] if t["winner"] % 2 == team) for team in (0, 1)]
    assert (points["attacker_tricks"], points["defender_tricks"]) == (won[attackers], won[1 - attackers])
    kitty = review["kitty"]
    assert Counter(kitty["cards"]) == Counter(map(str, hand.buried)) and len(kitty["cards"]) == 8
    assert points["attacker_tricks"] + points["defender_tricks"] + kitty["points"] == 200  # SJ-11
    last_to_attackers = review["tricks"][-1]["winner"] % 2 == attackers
    if kitty["points"] and last_to_attackers:
        assert kitty["score"] == kitty["points"] * kitty["multiplier"]  # SJ-12, SG-6 / SS-6
    else:
        assert kitty["score"] == 0 and kitty["multiplier"] is None
    assert points["attacker_total"] == points["attacker_tricks"] + kitty["score"]
    change, _why = level_change(session.table.rules, points["attacker_total"])  # SG-7 / SS-7
    assert hand.result is not None and hand.result.change == change
    assert review["level_change"]["levels"] == [str(level) for level in hand.result.progress.levels]


@pytest.mark.parametrize("ruleset,seed", [("shengji", 3), ("shuangsheng", 5), ("shengji", 11)])
def test_a_whole_shengji_hand_by_hint_and_play_reaches_a_review_that_agrees_with_the_engine(ruleset, seed):
    session = TutorSession.start({"game": "shengji", "seed": seed, "ruleset": ruleset})
    views = list(play_out(session))
    final = views[-1]
    assert final["state"] == "over" and final["turn"] is None and final["decision"] is None
    assert {v["decision"]["kind"] for v in views[:-1]} >= {"lead", "follow"}
    assert final["review"]["hints"] == final["counters"]["hints"] == len(views) - 1
    assert final["review"]["undos"] == 0
    check_shengji_review(session, final)


def test_south_buries_when_south_deals_SJ_7():
    seed = next(s for s in range(40) if TutorSession.start({"game": "shengji", "seed": s}).table.hand.dealer in (None, 0)
                and _deals(s))
    session = TutorSession.start({"game": "shengji", "seed": seed})
    kinds = [v["decision"]["kind"] for v in play_out(session) if v["decision"]]
    assert kinds.count("bury") == 1 and kinds.index("bury") < kinds.index("lead")
    assert len(session.table.hand.buried) == 8


def _deals(seed: int) -> bool:
    session = TutorSession.start({"game": "shengji", "seed": seed})
    return any(v["decision"] and v["decision"]["kind"] == "bury" for v in play_out(session))


@pytest.mark.parametrize("opponents,ruleset", [(1, "yishang"), (2, "yishang"), (3, "yishang-fewest")])
def test_a_whole_yishang_game_by_hint_and_play_reaches_its_review_YS_12(opponents, ruleset):
    session = TutorSession.start({"game": "yishang", "seed": 7, "opponents": opponents, "ruleset": ruleset})
    views = list(play_out(session))
    final = views[-1]
    review = final["review"]
    game = session.table.state
    assert final["state"] == "over" and review["winner"] == game.winner
    assert review["cards"] == game.card_count() == len(DECK)  # YS-1
    assert review["reason"]["rule"] in ("YS-12", "YS-16")
    assert review["counts"] == [len(h) for h in game.hands] and len(review["counts"]) == opponents + 1
    assert review["hints"] == len(views) - 1
    assert {v["decision"]["kind"] for v in views[:-1]} & {"play_up", "play_down"}


def follow_view(seed: int = 3) -> tuple[TutorSession, dict]:
    session = TutorSession.start({"game": "shengji", "seed": seed})
    for view in play_out(session):
        decision = view["decision"]
        if decision and decision["kind"] == "follow":
            hand = session.table.hand
            ctx = hand.ctx
            suit = ctx.effective_suit(hand.lead[0])
            if any(ctx.effective_suit(c) is suit for c in hand.hands[0]) and \
                    any(ctx.effective_suit(c) is not suit for c in hand.hands[0]):
                return session, view
    raise AssertionError("no follow with a choice of suits")


def test_an_illegal_follow_is_refused_with_the_engines_reason_and_changes_nothing_SJ_9():
    session, before = follow_view()
    hand = session.table.hand
    ctx = hand.ctx
    suit = ctx.effective_suit(hand.lead[0])
    off = [c for c in hand.hands[0] if ctx.effective_suit(c) is not suit][:len(hand.lead)]
    assert off not in legal_follows(ctx, session.table.rules, list(hand.lead), hand.hands[0])
    after = session.handle({"type": "act", "cards": [str(c) for c in off]})
    assert after["status"]["rule"] == "SJ-9" and after["status"]["en"] and after["status"]["zh"]
    assert after["table"]["hand"] == before["table"]["hand"] and after["decision"] == before["decision"]
    assert not leaks(after["status"]["en"])
    fixed = session.handle(hinted_move(session))
    assert fixed["status"] is None


def test_a_card_not_held_and_a_wrong_count_are_refused_SJ_8_SJ_9():
    session, _view = follow_view()
    held = set(map(str, session.table.hand.hands[0]))
    missing = next(str(c) for c in FULL_DECK if str(c) not in held)
    size = len(session.table.hand.lead)
    assert session.handle({"type": "act", "cards": [missing] * size})["status"]["rule"] == "SJ-8"
    cards = [str(c) for c in session.table.hand.hands[0]][:size + 1]
    assert session.handle({"type": "act", "cards": cards})["status"]["rule"] == "SJ-9"


def test_a_face_up_card_claimed_as_another_rank_is_refused_YS_6():
    session = TutorSession.start({"game": "yishang", "seed": 2, "opponents": 2})
    view = session.view()
    while view["decision"]["kind"] != "play_up":
        view = session.handle(hinted_move(session))
    card = view["table"]["hand"][0]["cards"][0]
    wrong = "K" if not card.endswith("K") else "Q"
    refused = session.handle({"type": "act", "cards": [card], "claim": wrong})
    assert refused["status"]["rule"] == "YS-6" and refused["table"]["hand"] == view["table"]["hand"]
    assert session.handle({"type": "act", "cards": []})["status"]["rule"] == "YS-6"  # pick one card


@pytest.mark.parametrize("options", [{"game": "shengji", "seed": 4}, {"game": "yishang", "seed": 4, "opponents": 3}])
def test_a_take_back_returns_to_the_position_before_the_move_and_is_counted(options):
    session = TutorSession.start(options)
    session.handle({"type": "start"})
    for _ in range(5):
        session.handle(hinted_move(session))
    before = session.view()
    moved = session.handle(hinted_move(session))
    assert moved["table"] != before["table"]
    undone = session.handle({"type": "undo"})
    strip = ("serial", "counters", "hint", "can_undo")
    assert {k: v for k, v in undone.items() if k not in strip} == {k: v for k, v in before.items() if k not in strip}
    assert undone["counters"]["undos"] == 1
    fresh = TutorSession.start(options)
    assert fresh.handle({"type": "undo"})["status"]["en"]  # nothing to take back: said, not raised


@pytest.mark.parametrize("game", ["shengji", "yishang"])
def test_the_same_seed_deals_the_same_game_and_again_replays_it(game):
    first = [v["table"] for v in play_out(TutorSession.start({"game": game, "seed": 9}))]
    second = [v["table"] for v in play_out(TutorSession.start({"game": game, "seed": 9}))]
    other = TutorSession.start({"game": game, "seed": 10}).view()["table"]
    assert first == second and other["hand"] != first[0]["hand"]
    session = TutorSession.start({"game": game, "seed": 9})
    list(play_out(session))
    again = session.handle({"type": "again"})
    assert again["table"] == first[0] and again["state"] == "playing" and again["counters"] == {"hints": 0, "undos": 0}
    started = session.handle({"type": "start", "seed": 10})
    assert started["seed"] == 10 and started["table"] == other and started["link"].startswith(f"#deal={game}:10,rules=")


@pytest.mark.parametrize("options", [{"game": "shengji", "seed": 1}, {"game": "shengji", "seed": 2, "ruleset": "shuangsheng"},
                                     {"game": "yishang", "seed": 1, "opponents": 1},
                                     {"game": "yishang", "seed": 3, "opponents": 3}])
def test_every_text_of_every_view_is_in_both_languages_and_speaks_as_players_do(options):
    session = TutorSession.start(options)
    views = list(play_out(session, grade=True))  # the review's grades too
    found = []
    for number, view in enumerate(views):
        texts = list(view_texts(view))
        found += [f"view {number} {where}: {text!r} {hits}" for where, text in texts if (hits := leaks(text))]
        assert all(text.strip() or where.endswith("parts.en") or where.endswith("parts.zh") for where, text in texts)
    assert not found, "\n".join(found[:20])
    session.handle({"type": "undo"})
    assert not [t for _w, t in view_texts(session.handle({"type": "hint"})) if leaks(t)]


@pytest.mark.parametrize("message", [None, [], {"type": "shuffle"}, {"type": "act", "cards": "SA"},
                                     {"type": "act", "cards": ["XX"]}, {"type": "start", "seed": -1},
                                     {"type": "start", "colour": "red"}, {"type": "start", "game": "bridge"},
                                     {"type": "start", "ruleset": "yishang"}])
def test_a_message_the_tutor_cannot_read_raises_a_clear_value_error(message):
    session = TutorSession.start({"game": "shengji", "seed": 1})
    with pytest.raises(TutorError) as error:
        session.handle(message)
    assert isinstance(error.value, ValueError) and len(str(error.value)) > 20


def test_acting_after_the_end_or_a_bad_yishang_choice_raises():
    session = TutorSession.start({"game": "yishang", "seed": 1, "opponents": 1})
    list(play_out(session))
    with pytest.raises(TutorError, match="over"):
        session.handle({"type": "act", "cards": []})
    with pytest.raises(TutorError, match="nothing to hint"):
        session.handle({"type": "hint"})
    with pytest.raises(TutorError, match="1, 2 or 3"):
        TutorSession.start({"game": "yishang", "opponents": 5})
    with pytest.raises(TutorError, match="challenge"):
        TutorSession.start({"game": "yishang", "seed": 1}).handle({"type": "act", "cards": [], "choice": "maybe"})


def test_the_hand_is_sorted_trumps_together_suits_apart_SJ_4():
    session = TutorSession.start({"game": "shengji", "seed": 3})
    view = next(v for v in play_out(session) if v["decision"] and v["decision"]["kind"] in ("lead", "follow"))
    groups = view["table"]["hand"]
    ctx = session.table.hand.ctx
    assert groups[0]["suit"] == "T" or not any(ctx.is_trump(c) for c in session.table.hand.hands[0])
    for group in groups:
        suits = {ctx.effective_suit(c).value for c in parse_cards(group["cards"])}
        assert suits == {group["suit"]}
    assert len({g["suit"] for g in groups}) == len(groups)


@pytest.mark.parametrize("options", [{"game": "yishang", "seed": 7, "ruleset": "yishang-fewest", "opponents": 1},
                                     {"game": "shengji", "seed": 4, "ruleset": "shuangsheng"}])
def test_a_deal_link_names_every_option_of_the_game(options):
    """The testers' case: one opponent + YS-16 linked as ``#deal=yishang:7`` and opened a 3-player game
    as written; a 双升 hand opened under SG."""
    link = TutorSession.start(options).view()["link"]
    game, _, rest = link.removeprefix("#deal=").partition(":")
    seed, *pairs = rest.split(",")
    named = dict(pair.split("=") for pair in pairs)
    assert {"game": game, "seed": int(seed), "ruleset": named.pop("rules"),
            **{k: int(v) for k, v in named.items()}} == options


def test_sj13_a_match_carries_the_levels_and_the_dealer_over_until_a_team_plays_through_a():
    """A match from both teams at K (from 2 it takes a few dozen hands): through A within a few."""
    session = TutorSession.start({"game": "shengji", "seed": 1, "match": True, "levels": "K-K"})
    hands, levels = 0, [("K", "K")]
    while True:
        review = list(play_out(session))[-1]["review"]
        hands += 1
        match = review["match"]
        assert match["said"]["en"] and match["said"]["zh"]
        if match["over"]:
            assert match["next"] is None and match["winner"] in (0, 1) and "win the match" in match["said"]["en"]
            break
        assert match["next"]["levels"] == "-".join(review["level_change"]["levels"])
        assert match["next"]["dealer"] == review["level_change"]["next_dealer"]
        view = session.handle({"type": "start", **match["next"]})
        levels.append(tuple(view["table"]["levels"]))
        assert view["table"]["dealer"] in (None, match["next"]["dealer"])
        assert view["link"] == (f"#deal=shengji:{view['seed']},rules=shengji,match=1,levels={match['next']['levels']}"
                                f",dealer={match['next']['dealer']}")
        assert hands < 60, "no team played through A in 60 hands"
    assert len(set(levels)) >= 2 or hands == 1  # the levels went up on the way


def test_a_match_is_refused_with_options_it_cannot_have():
    with pytest.raises(TutorError, match="first hand"):
        TutorSession.start({"game": "shengji", "match": True, "levels": "5-3"})
    with pytest.raises(TutorError, match="only in a match"):
        ShengjiTutor(0, "shengji", False, "5-3", 1)
    with pytest.raises(TutorError, match="levels"):
        TutorSession.start({"game": "shengji", "match": True, "levels": "5-X", "dealer": 1})


@pytest.mark.parametrize("options", [{"game": "shengji", "seed": 3, "ruleset": "shuangsheng"},
                                     {"game": "yishang", "seed": 7, "opponents": 2}])
def test_a_whole_game_against_the_strong_bots_by_hint_and_play_reaches_its_review(options):
    """At the strong level the bots at the table and the hints are the sparring bots,
    the view says so and lists both levels in both languages, and a whole game by hint and play
    reaches its review; SJ-11 / YS-12 as at the easy level."""
    from cardlib.shengji.sparring import SparringShengjiBot
    from cardlib.yishang.sparring import SparringBot

    session = TutorSession.start({**options, "sparring": "strong"})
    assert isinstance(session.table.bot, (SparringShengjiBot, SparringBot))
    views = list(play_out(session))
    final = views[-1]
    assert final["state"] == "over" and final["sparring"] == "strong"
    assert [level["id"] for level in final["sparring_levels"]] == ["easy", "strong"]
    for level in final["sparring_levels"]:
        assert level["label"]["en"] and level["label"]["zh"] and level["about"]["en"] and level["about"]["zh"]
    if options["game"] == "shengji":
        check_shengji_review(session, final)
    for where, text in view_texts(final):
        assert leaks(text) == [], (where, text)
    again = TutorSession.start({**options})
    assert again.view()["sparring"] == "easy" and not isinstance(again.table.bot, (SparringShengjiBot, SparringBot))


def test_an_unknown_sparring_level_is_refused_clearly():
    with pytest.raises(TutorError, match="easy, strong"):
        TutorSession.start({"game": "shengji", "sparring": "grandmaster"})


@pytest.mark.parametrize("game", ["shengji", "yishang"])
def test_the_review_shows_at_once_and_its_grades_come_when_asked_SJ_11_YS_9(game):
    """The review's grades are a search (cardlib/shengji/review.py) the page asks for once the review shows:
    before the end a grade message is refused in the view's status (in both languages); at the end the
    review's ``graded`` is None until asked, then filled, and asking again changes nothing."""
    session = TutorSession.start({"game": game, "seed": 5, "opponents": 1} if game == "yishang" else {"game": game, "seed": 5})
    early = session.handle({"type": "grade"})
    assert early["state"] == "playing" and early["status"]["en"].startswith("Your decisions are graded once")
    assert "评分" in early["status"]["zh"]
    *_, over = play_out(session)
    assert over["state"] == "over" and over["review"]["graded"] is None
    graded = session.handle({"type": "grade"})
    assert graded["review"]["graded"]["about"]["en"] and graded["serial"] == over["serial"] + 1
    assert session.handle({"type": "grade"})["review"]["graded"] == graded["review"]["graded"]
