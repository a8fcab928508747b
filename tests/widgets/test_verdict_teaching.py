"""Verdicts teach: the fact that decides comes first, in the position's own cards, and no template phrase
or general sentence says something false or odd in the position it is filled for (the developers' guide,
"a verdict teaches"; the second and third referees' patterns).

Each test states its rule over many seeds of the kinds it is about, every ruleset and every answer, in
the main text a reader sees first (the notes behind "Why, and where the sources stand" where said).

Rules: SG-1 / SS-1, SG-3 / SS-3, SG-9 / SS-9 (calling); the rules each test names.
"""

from __future__ import annotations

import re

from functools import cache
from typing import Any

from cardlib.cards import Card, Rank, parse_cards
from cardlib.shengji.calling import CallKind, classify_call
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.solver import EndgameSolver
from cardlib.words import cards_text
from cardlib.shengji.trump import TrumpContext, as_level, as_trump
from widgets.puzzles.measure import cached_puzzle
from widgets.puzzles.position import seat_label
from widgets.puzzles.spec import verdict_of

SEEDS = range(24)


@cache
def specs(kind: str, seeds: range = SEEDS) -> tuple[dict[str, Any], ...]:
    return tuple(cached_puzzle(kind, seed) for seed in seeds)


def verdicts(kind: str, seeds: range = SEEDS):
    """(spec, ruleset id, answer key, right or not, the reason shown) of every answer under every ruleset."""
    for spec in specs(kind, seeds):
        for ruleset in spec["verdicts"]:
            for answer in spec["answers"]:
                ok, reason = verdict_of(spec, ruleset, answer["key"])
                yield spec, ruleset, answer["key"], ok, reason


def main_texts(reason: dict[str, Any]) -> dict[str, str]:
    """The main text in each language (a several-part answer's parts joined, as the front end shows them)."""
    parts = reason.get("reasons", [reason])
    return {lang: " ".join(part[lang] for part in parts) for lang in ("en", "zh")}


# --- calling and the first dealer (SG-1 / SS-1, SG-3 / SS-3, SG-9 / SS-9) --------------------------------

def _refused_by_the_standing_call(calls: list[tuple[int, list[Card]]], level: str, trump: str) -> list[Card] | None:
    """The last call showing ``trump`` (level cards of that suit) that was refused while the call that
    stands at the end stood already, by replaying which calls set a call (each stronger kind; positions with
    two joker pairs, which the guides rank differently, are left out by the caller); None if there is none."""
    standing_since, found = -1, None
    kinds = [classify_call(Rank(level), cards) for _seat, cards in calls]
    strongest: CallKind | None = None
    for i, kind in enumerate(kinds):
        if kind is not None and (strongest is None or kind > strongest):
            strongest, standing_since = kind, i
    for i, (_seat, cards) in enumerate(calls):
        if i > standing_since and not cards[0].is_joker and cards[0].suit is not None and \
                cards[0].suit.value == trump and len(cards) <= 2:
            found = cards
    return found


def test_a_first_dealer_verdict_that_refuses_the_readers_trump_names_the_refused_call():
    """first_dealer: where the trump chosen was shown by a call made after the standing call, and refused,
    the visible text names that call by its cards (the reader's trump came from it), in both languages."""
    checked = 0
    for spec, ruleset, key, ok, reason in verdicts("first_dealer"):
        position = spec["position"]
        if ok or not position["calls"] or ruleset == "seat-zero":
            continue
        calls = [(c["seat"], parse_cards(c["cards"])) for c in position["calls"]]
        kinds = [classify_call(Rank(position["level"]), cards) for _s, cards in calls]
        if None in kinds or sum(1 for k in kinds if k is not None and k.is_joker_pair) > 1:
            continue
        trump = key.split("|")[1]
        refused = _refused_by_the_standing_call(calls, position["level"], trump)
        if refused is None or trump == spec["correct"][ruleset][0].split("|")[1]:
            continue
        texts = main_texts(reason)
        assert cards_text(refused) in texts["en"] and cards_text(refused, "zh") in texts["zh"], (spec["id"], key, texts)
        checked += 1
    assert checked


def test_calling_verdicts_say_stands_once_never_no_suit_and_notes_name_the_refused_call():
    """calling, first_dealer: a main text says "stands" at most once; no "trump is not no suit" (no-trump is
    named as such); a refused call's note names the seat and the cards it showed, with no capital after
    its colon."""
    for kind in ("calling", "first_dealer"):
        for spec, ruleset, key, _ok, reason in verdicts(kind):
            texts = main_texts(reason)
            where = (spec["id"], ruleset, key, texts["en"])
            assert texts["en"].count("stands") <= 1, where
            assert "not no suit" not in texts["en"] and "Not no suit" not in texts["en"], where
            for part in reason.get("reasons", [reason]):
                for note in part.get("notes", ()):
                    assert "was refused: A" not in note["en"], (where, note["en"])
                    if "cannot override" in note["en"]:
                        assert note["en"].split("'s ")[0] in ("South", "East", "North", "West"), (where, note["en"])


# --- the kitty (SJ-12, SG-6 / SS-6) ----------------------------------------------------------------------

SHAPES = ("a single", "a pair", "a tractor of")


def test_kitty_verdicts_say_the_shape_only_where_it_sets_the_multiplier_and_why_a_count_of_cards_does():
    """kitty_score (SJ-12, SG-6 / SS-6): under the 双升 guide's ×2 and the card-counting variants the winning
    shape is not said (it does not decide); the 双升 ×2 says "whatever the shape"; the cards-led variant says
    "2 × the n cards led"; where the attackers won, leaving out the multiplier is named as the slip."""
    checked = 0
    for spec, ruleset, key, ok, reason in verdicts("kitty_score"):
        texts = main_texts(reason)
        attackers = spec["position"]["last_trick_winner_team"] == "attackers"
        where = (spec["id"], ruleset, key, texts["en"])
        if ruleset in ("shuangsheng", "kitty-lead-size", "kitty-power") and attackers:
            assert not any(f"{shape}" in texts["en"] for shape in SHAPES), where
            checked += 1
        if ruleset == "shuangsheng" and attackers:
            assert "whatever the shape" in texts["en"] and "不论牌型" in texts["zh"], where
        if ruleset == "kitty-lead-size" and attackers:
            led = len(spec["position"]["last_trick"][0])
            assert f"2 × the {led} card" in texts["en"] and f"首家出{led}张" in texts["zh"], where
        right = int(spec["correct"][ruleset][0])
        kitty_points = spec["features"]["kitty_points"]
        if not ok and key == str(kitty_points) and right > kitty_points:
            assert texts["en"].startswith(f"Not {key}: you left out ×{right // kitty_points}."), where
    assert checked


#: A lone joker named without its article ("with little joker", not "with little joker, big joker, ...").
LONE_JOKER = re.compile(r"\bwith (?:little|big) joker(?!(?:,| and) (?:little|big) joker)(?!(?:,| and)? ?[♠♥♦♣])")


def test_no_verdict_says_with_a_joker_without_its_article_or_adds_0_points_twice():
    """kitty_score, trick_winner, last_trick, endgame: "with the little joker", never "with little joker"; a total of
    0 is said once, in words ("add nothing"), never "the kitty adds 0 points" before it."""
    for kind in ("kitty_score", "trick_winner", "last_trick", "endgame"):
        for spec, ruleset, key, _ok, reason in verdicts(kind, range(8)):  # endgame: the 8 the test below makes
            text = main_texts(reason)["en"]
            assert not LONE_JOKER.search(text), (spec["id"], key, text)
            assert "adds 0 points" not in text, (spec["id"], ruleset, key, text)


# --- 一上一下: challenges, turns and the draw for the lead (YS-3, YS-5, YS-8) ----------------------------

def test_ys8_challenging_ones_own_stood_card_is_refused_as_ones_own_first():
    """YS-8: only another player may challenge; after player B's face-down card stood, B trying to challenge
    it is told first that the card is B's own (then that nobody else challenged it), player C that it stood."""
    from cardlib.yishang.state import Game

    game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
    game.play("S8")
    game.play("D10", claim="10")
    game.pass_challenge()
    own, other = game.check_challenge("B"), game.check_challenge("C")
    assert not own and not other
    assert own.reason.en.startswith("that face-down card is player B's own") and "乙自己的" in own.reason.zh
    assert "'s own" not in other.reason.en and "stands" in other.reason.en


def test_ys_verdicts_name_whose_turn_once_and_a_right_play_says_why_it_is_that_players_turn():
    """ys_action (YS-5, YS-10, YS-E1): no verdict names the player whose turn it is twice in one clause
    ("it is player C's turn, not player A's (player C plays next …)"); a right play says whose turn it is and
    why before the play; a closed window is never given as the reason to a player challenging their own card."""
    for spec, _ruleset, key, ok, reason in verdicts("ys_action", range(30)):
        text = main_texts(reason)["en"]
        where = (spec["id"], key, text)
        assert "'s turn, not" not in text and "turn (" not in text, where
        if ok and key.startswith("play:"):
            player = "player " + "ABCD"[int(key.split(":")[1])]
            head, _so, rest = text.partition(f", so {player} may play")
            assert rest and head, where
        if not ok and key.startswith("challenge:") and "nobody challenged" in text:
            assert "'s own" not in text, where


def test_a_tie_in_the_draw_for_the_lead_is_answered_with_the_tie_not_an_unseen_second_round():
    """ys_first_player (YS-3): "the tied players draw again", when right, names the tied draws and says the
    tied players draw again; it never names who leads after a second round the position does not show."""
    checked = 0
    for spec, _ruleset, key, ok, reason in verdicts("ys_first_player", range(60)):
        if key == "again" and ok:
            text = main_texts(reason)["en"]
            assert "tie for the highest rank" in text and "draw again" in text, (spec["id"], text)
            assert "drew the highest rank and leads" not in text, (spec["id"], text)
            checked += 1
    assert checked


# --- general sentences true in the position (SJ-6, SJ-10, C-3) -------------------------------------------

def _is_trump(spec: dict[str, Any], card: Card) -> bool:
    position = spec["position"]
    level, trump = position["level"], position.get("trump")
    return card.is_joker or card.rank.value == level or (card.suit is not None and card.suit.value == trump)


def test_no_trick_verdict_says_nobody_trumps_when_a_follower_played_a_trump_or_nobody_follows_higher():
    """trick_winner, next_leader (SJ-10): "nobody trumps" (bare) is said only where no follower played a
    trump card at all (a trump in the wrong shape is a trump played: the verdict says "nobody trumps with a
    pair of trumps"); "nobody follows higher" is never said (a higher single on a pair lead is higher)."""
    checked = 0
    for kind in ("trick_winner", "next_leader"):
        for spec, ruleset, key, _ok, reason in verdicts(kind):
            text = main_texts(reason)["en"]
            where = (spec["id"], ruleset, key, text)
            assert "nobody follows higher" not in text, where
            if "nobody trumps." in text:
                plays = [parse_cards(" ".join(p)) for p in spec["position"]["plays"]]
                led_trump = _is_trump(spec, plays[0][0])
                assert led_trump or not any(_is_trump(spec, c) for p in plays[1:] for c in p), where
                checked += 1
    assert checked


def test_a_mixed_lead_under_throws_is_refused_for_its_suits_not_for_being_several_units():
    """lead_legal (C-3, SJ-6): where throws are allowed, a lead mixing suits is refused because even a throw
    is all one suit; "a lead is a single, a pair or a tractor" is said only where throws are not allowed."""
    checked = 0
    for spec, ruleset, key, _ok, reason in verdicts("lead_legal"):
        text = main_texts(reason)["en"]
        if ruleset == "throws" and " mixes " in text:
            assert "a lead is a single, a pair or a tractor" not in text, (spec["id"], key, text)
            assert "even a throw (甩牌) must be all one suit" in text, (spec["id"], key, text)
            checked += 1
    assert checked


# --- template phrases that fit their values (every kind) --------------------------------------------------

#: Phrases a template writes only when its values do not fit it: a count of 0 or 1 in words meant for more,
#: a capital after a colon in mid-sentence, a double space.
MISFITS = {
    "en": re.compile(r"only 0 points?|\(0 of \d+ cards\)|adds 0 points|: (?:The|A|An|It|Nobody|No|Only|Under|After)\b"
                     r"|  |not no suit|gives only 1 points|add 0\."),
    "zh": re.compile(r"中有0张|加0分。|：[，。]"),
}


def test_no_verdict_says_a_template_phrase_that_does_not_fit_its_values():
    """Every kind, 5 seeds, every ruleset and answer, the main text and the notes: no "only 0 points", no
    "(0 of 8 cards)" / "8张中有0张", no "adds 0 points" (a 0 is said once, in words), no capital after a colon
    in mid-sentence ("Not East: The dealer …"), no double space; and no Chinese verdict says of a single
    card that it has "not a single heart" (一张红桃也没有)."""
    from widgets.puzzles import KINDS

    for kind in KINDS:
        for spec, ruleset, key, _ok, reason in verdicts(kind, range(5)):
            for part in reason.get("reasons", [reason]):
                for lang in ("en", "zh"):
                    for text in (part[lang], *(note[lang] for note in part.get("notes", ()))):
                        assert not MISFITS[lang].search(text), (spec["id"], ruleset, key, lang, text)
                if kind in ("pick_follow", "give_points") and len(key.split()) == 1:  # one card: not "none of them"
                    assert "也没有" not in part["zh"] or "一对" in part["zh"], (spec["id"], key, part["zh"])
                    assert "holds none of them" not in part["en"], (spec["id"], key, part["en"])


# --- after the hand (SJ-13 / SS-8, SG-8) -------------------------------------------------------------------

def test_after_hand_says_there_is_no_next_hand_first_and_the_shut_out_rule_only_after_a_shut_out():
    """after_hand: where the game is over, the verdict starts "There is no next hand." (a reader who named a
    level or a dealer learns that first); the SG-8 note "silent here beyond the shut-out rule" is never
    attached after a shut-out (0 points), where the 四人升级 guide's 大光 rule is named instead."""
    over = shut_out = 0
    for spec, ruleset, key, _ok, reason in verdicts("after_hand", range(24)):
        parts = reason.get("reasons", [reason])
        if spec["correct"][ruleset][0].startswith("over"):
            assert parts[0]["en"].startswith("There is no next hand.") and parts[0]["zh"].startswith("没有下一局了。"), \
                (spec["id"], ruleset, key, parts[0]["en"])
            over += 1
        notes = [note["en"] for part in parts for note in part.get("notes", ())]
        if spec["position"]["attacker_points"] == 0:
            assert not any("silent here beyond" in note for note in notes), (spec["id"], notes)
            shut_out += any("After a shut-out (大光" in note for note in notes)
    assert over and shut_out


# --- the endgame (SJ-4, SJ-10, SJ-11) ------------------------------------------------------------------------

WON_WITH = re.compile(r"takes (?:trick \d+|the last trick(?: and the kitty)?) with ([♠♥♦♣](?:10|[2-9JQKA]))(?! \()")


def test_an_endgame_verdict_says_why_a_winning_level_card_is_a_trump_and_uses_shengji_words():
    """endgame (SJ-4, SJ-10): where the card that takes the costly trick is a level card of a plain suit, the
    verdict says it is a level card, so a trump (a lone card named without that, e.g. "with ♦5:", is one the
    reader can place by its suit); the Chinese says 跟 for a follow, never the bridge word 应."""
    for spec, ruleset, key, ok, reason in verdicts("endgame", range(8)):
        if ok:
            continue
        text, zh = main_texts(reason)["en"], main_texts(reason)["zh"]
        level = spec["position"]["level"]
        suits = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
        for card in WON_WITH.findall(text):  # a level card of a plain suit is always explained
            assert card[1:] != level or suits[card[0]] == spec["position"]["trump"], (spec["id"], ruleset, key, text)
        assert not re.search(r"应(?:[♠♥♦♣]|大王|小王)", zh), (spec["id"], key, zh)


def test_a_right_endgame_lead_says_what_the_costliest_lead_would_have_given_SJ_11():
    """endgame (SJ-11): a right lead's verdict gives a reason by contrast: the lead that costs the reader's side
    most (one of them, where several cost as much) and the points the attackers take after it, both as the
    solver values every lead of the position."""
    checked = 0
    for spec in specs("endgame", range(10)):
        pos = spec["position"]
        ctx = TrumpContext(as_level(pos["level"]), as_trump(pos["trump"]))
        for ruleset in spec["verdicts"]:
            solver = EndgameSolver(ctx, get_ruleset(ruleset), pos["attackers"], pos["kitty"])
            values = {cards_text(play): value for play, value in solver.play_values(pos["hands"], pos["leader"]).items()}
            ours = pos["leader"] % 2 == solver.attackers
            worst = (min if ours else max)(values.values())
            for answer in spec["answers"]:
                ok, reason = verdict_of(spec, ruleset, answer["key"])
                if not ok:
                    continue
                texts = main_texts(reason)
                named = re.search(r"; after (.+?)(?: \(a level card, so a trump\))?, (?:it|they) would", texts["en"])
                assert named and values[named.group(1).removeprefix("the ")] == worst, texts
                assert ((f"{worst}分" if worst else "一分不得") in texts["zh"].split("若先出")[1]), texts
                checked += 1
    assert checked > 10


def test_an_endgame_lead_that_is_a_level_card_of_a_plain_suit_is_said_to_be_a_trump_SJ_4():
    """endgame (SJ-4): ♠2 at level 2 with hearts trumps is led as a trump; a verdict naming such a lead (the
    reader's, the winning one, or the costliest) says "(a level card, so a trump)" right after it."""
    glossed = 0
    for spec, _ruleset, _key, _ok, reason in verdicts("endgame", range(40)):
        texts = main_texts(reason)
        level, trump = spec["position"]["level"], spec["position"]["trump"]
        levels = [f"{symbol}{level}" for suit, symbol in (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
                  if suit != trump]
        for named in re.findall(r"(?:After|Best is|after) ([♠♥♦♣](?:10|[2-9JQKA]))", texts["en"]) + \
                re.findall(r"^([♠♥♦♣](?:10|[2-9JQKA])) (?:\(|first)", texts["en"]):
            if named in levels:  # right after it, or opening the bracket that follows "wins trick 1"
                assert re.search(re.escape(named) + r"(?: wins trick 1)? \(a level card, so a trump[);]", texts["en"]), texts
                glossed += 1
    assert glossed


def test_an_endgame_verdict_never_sets_two_brackets_side_by_side_and_says_when_a_tie_decides_C_1():
    """endgame (C-1, SJ-4): the level-card gloss and the reply share one bracket ("♠5 (a level card, so a trump;
    South discards ♦K)"), and where equal plays decide the trick a verdict names, it says so and carries the
    convention's note (seed 13812: North's ♦7 beats West's ♦7 only by being played first)."""
    checked = 0
    for _spec, _ruleset, _key, _ok, reason in verdicts("endgame", (*range(40), 13812)):
        texts = main_texts(reason)
        assert ") (" not in texts["en"] and "）（" not in texts["zh"], texts
        if "(equal, but played first)" in texts["en"]:
            assert "（一样大，先出者胜）" in texts["zh"] and any(n["rule"] == "C-1" for n in reason.get("notes", [])), reason
            checked += 1
    assert checked


def test_an_endgame_verdict_weighs_the_kitty_with_the_cards_when_it_names_the_costly_trick_SJ_12():
    """endgame (SJ-11, SJ-12): the kitty's points times its multiplier count with the cards a trick takes, so a
    last trick that takes the kitty (seed 13877: 15 points ×2) is named before an earlier trick of 5."""
    spec = specs("endgame", range(13877, 13878))[0]
    named = 0
    for ruleset in spec["verdicts"]:
        for answer in spec["answers"]:
            ok, reason = verdict_of(spec, ruleset, answer["key"])
            if not ok:
                texts = main_texts(reason)
                assert "the last trick and the kitty" in texts["en"] and "最后一轮和底牌" in texts["zh"], texts
                named += 1
    assert named


# --- the third referee's patterns -----------------------------------------------------------------------

SUIT_WORDS = {"S": ("spades", "黑桃"), "H": ("hearts", "红桃"), "D": ("diamonds", "方块"), "C": ("clubs", "梅花"),
              "none": ("无主", "无主")}


def test_a_first_dealer_verdict_with_the_wrong_trump_names_the_right_trump():
    """Pattern 1 (SG-1 / SS-1, SG-9 / SS-9): a first_dealer answer with the wrong trump always states the
    right trump in words, in both languages (a refused call's reason alone leaves the reader to infer it)."""
    checked = 0
    for spec, ruleset, key, ok, reason in verdicts("first_dealer"):
        right = spec["correct"][ruleset][0].split("|")[1]
        if ok or key.split("|")[1] == right:
            continue
        texts = main_texts(reason)
        en, zh = SUIT_WORDS[right]
        assert en in texts["en"] and zh in texts["zh"], (spec["id"], ruleset, key, texts)
        checked += 1
    assert checked


def test_a_draw_decided_by_a_target_of_2_says_2_is_the_highest_rank():
    """Pattern 1 (YS-2, YS-6): where the card played is below a target of 2, the verdict says 2 is the
    highest rank (the reader who said "no draw" took 2 for the lowest)."""
    checked = 0
    for _spec, _ruleset, _key, _ok, reason in verdicts("ys_draw", range(60)):
        texts = main_texts(reason)
        if "below the target 2" in texts["en"]:
            assert "below the target 2 (2 is the highest rank)" in texts["en"], texts["en"]
            assert "目标点数2（2最大）" in texts["zh"], texts["zh"]
            checked += 1
    assert checked


def test_a_wrong_next_leader_says_first_why_that_seats_play_does_not_win():
    """Pattern 1 (SJ-8, SJ-10): after a trick, a wrong seat's verdict names that seat first (why its play
    does not win, or the engine's sentence that names it), then who wins and so leads next."""
    for spec, _ruleset, key, ok, reason in verdicts("next_leader"):
        if ok or "plays" not in spec["position"]:
            continue
        texts = main_texts(reason)
        seat = seat_label(int(key))
        assert seat["en"] in texts["en"] and seat["zh"] in texts["zh"], (spec["id"], key, texts)
        assert not texts["en"].startswith("Not "), texts["en"]
        assert texts["en"].endswith("leads next.") and texts["zh"].endswith("首出。"), texts


def test_a_yes_or_no_verdict_states_its_answer_once_without_a_double_negative():
    """Pattern 2 (SJ-12, SJ-6, C-4): last_trick opens with the right answer (no "不是“不是，后面还有”", no
    "not the last trick" twice); lead_legal says "may be led" once; a legal follow's Chinese says 可以 once."""
    for _spec, _ruleset, _key, _ok, reason in verdicts("last_trick"):
        texts = main_texts(reason)
        assert "“" not in texts["zh"] and "“" not in texts["en"], texts
        assert texts["zh"].count("最后一轮") <= 2 and texts["zh"].count("不是最后一轮") <= 1, texts["zh"]
    for _spec, _ruleset, _key, _ok, reason in verdicts("lead_legal"):
        assert main_texts(reason)["en"].count("may be led") <= 1, main_texts(reason)["en"]
    for _spec, _ruleset, _key, _ok, reason in verdicts("follow_legal"):
        zh = main_texts(reason)["zh"]
        if zh.startswith("可以这样跟"):
            assert zh.count("可以") == 1 or "可以毙牌" in zh, zh


def _cards_before(text: str, marker: str) -> list[list[Card]]:
    """The plays a Chinese text names just before ``marker`` ("东家的♠A ♥8都不是主牌" → [♠A ♥8])."""
    plays = re.findall(r"的((?:(?:[♠♥♦♣](?:10|[2-9JQKA])|大王|小王),? ?)+)" + marker, text)
    return [parse_cards(p.replace(",", " ")) for p in plays]


def test_trick_and_follow_templates_fit_their_values():
    """Pattern 3 (SJ-10, SJ-9, SJ-12): "不全是主牌" only of a play holding a trump, "都不是主牌" only of one
    holding none; "再跟单张" only where the pairs required leave cards of the lead to fill; a pair of jokers
    reads "a pair of little jokers" / "一对小王", never "little joker and little joker"."""
    for spec, _ruleset, _key, _ok, reason in verdicts("trick_winner"):
        position = spec["position"]
        ctx = TrumpContext(as_level(position["level"]), as_trump(position["trump"]))
        zh = main_texts(reason)["zh"]
        for play in _cards_before(zh, "不全是主牌"):
            assert any(ctx.is_trump(c) for c in play), zh
        for play in _cards_before(zh, "都不是主牌"):
            assert not any(ctx.is_trump(c) for c in play), zh
    for spec, _ruleset, _key, _ok, reason in verdicts("follow_legal"):
        zh = main_texts(reason)["zh"]
        pairs = re.search(r"须先跟出(.)对", zh)
        if pairs and "再跟单张" in zh:
            assert 2 * "一两三四五".index(pairs.group(1)) + 2 < len(spec["position"]["lead"]), zh
    for kind in ("kitty_score", "endgame"):
        for _spec, _ruleset, _key, _ok, reason in verdicts(kind, range(12)):
            texts = main_texts(reason)
            assert not re.search(r"with (little|big) joker(?:,| and) \1 joker(?!(?:[,:]? | and )(?:[♠♥♦♣]|little|big))", texts["en"]), \
                texts["en"]  # a joker pair alone; inside a longer play the cards are listed


def test_no_verdict_says_the_same_fact_twice():
    """Pattern 4 (SS-8, C-3, SS-9, SJ-10): after_hand names the agreed level once; the throws note does not
    repeat what a throw is; the first dealer's sentence leaves the overcall to the trump's sentence; a wrong
    trick answer does not say "出的更大" before the winner's reason says it."""
    for _spec, _ruleset, _key, _ok, reason in verdicts("after_hand"):
        assert main_texts(reason)["en"].count("agreed level") <= 1, main_texts(reason)["en"]
    for _spec, _ruleset, _key, _ok, reason in verdicts("lead_legal"):
        for part in reason.get("reasons", [reason]):
            for note in part.get("notes", ()):
                assert "Leading several units at once" not in note["en"], note["en"]
    for _spec, _ruleset, _key, _ok, reason in verdicts("first_dealer"):
        assert "'s overcall sets only the trump" not in main_texts(reason)["en"]
    for _spec, _ruleset, _key, _ok, reason in verdicts("trick_winner"):
        assert "出的更大" not in main_texts(reason)["zh"]


def test_notes_and_side_facts_stay_on_the_question_and_true():
    """Pattern 5 (C-6 / SS-7, YS-9 / YS-10): the local take-over line's note goes only where the points fall
    in a band the line moves (40 up), and never says the guides name only 80; a right ys_challenge answer
    says who takes the pile, not the next lead or the target's reset."""
    for spec, ruleset, _key, _ok, reason in verdicts("level_change"):
        notes = [n["en"] for part in reason.get("reasons", [reason]) for n in part.get("notes", ())]
        local = [n for n in notes if "names local take-over lines" in n]
        assert not any("name only the 80" in n for n in notes), notes
        if spec["position"]["attacker_points"] < 40:
            assert not local, (spec["id"], ruleset, notes)
    for _spec, _ruleset, _key, ok, reason in verdicts("ys_challenge"):
        if ok:
            texts = main_texts(reason)
            assert "leads anew" not in texts["en"] and "目标点数" not in texts["zh"].split("质疑")[-1], texts
            assert not [n for part in reason.get("reasons", [reason]) for n in part.get("notes", ())
                        if "counting starts again" in n["en"]]


def test_an_endgame_verdict_names_trick_1_before_a_later_trick():
    """Pattern 7 (SJ-10, SJ-11): a verdict that names a later trick lost names trick 1's winner first (no
    jump from the reply to "trick 2"), and a reply off the led suit that is not a trump is 垫 (a discard)."""
    for _spec, _ruleset, _key, ok, reason in verdicts("endgame", range(12)):
        texts = main_texts(reason)
        if not ok and re.search(r"trick [2-9]", texts["en"]):
            assert "trick 1" in texts["en"] and "第1轮" in texts["zh"], texts
        if "discards" in texts["en"]:
            assert "垫" in texts["zh"], texts


def test_a_throw_that_stands_names_what_the_other_hands_lack_against_its_parts():
    """Pattern 1 (C-3): a throw that stands says, in the throw's own cards, what nobody holds against each
    shape in it (its lowest single, its pairs or tractors), not a bookish "同型部分"."""
    checked = 0
    for _spec, _ruleset, _key, _ok, reason in verdicts("throw"):
        texts = main_texts(reason)
        assert "同型部分" not in texts["zh"] and "same-shaped part" not in texts["en"], texts
        if "so the throw stands" in texts["en"]:
            assert re.search(r"no (?:single|pair|tractor) above [♠♥♦♣]|nobody holds a pair of", texts["en"]), texts
            checked += 1
    assert checked


def test_a_kitty_of_no_points_won_by_the_attackers_adds_nothing_said_once_SJ_12():
    """The last trick won by an attacker over a kitty with no 5, 10 or K: the multiplier is said, and that the
    kitty adds nothing, in words ("its 0 points (no 5, 10 or K) add 0" was the template's misfit)."""
    from cardlib.cards import Rank, parse_cards
    from cardlib.shengji.rules import get_ruleset
    from cardlib.shengji.scoring import kitty_score
    from cardlib.shengji.trump import TrumpContext

    ctx = TrumpContext(Rank.TWO, None)
    trick = [parse_cards(p) for p in ("S8 S8", "S3 S4", "D6 D7", "H2 H2")]
    points, reason = kitty_score(ctx, get_ruleset("shengji"), parse_cards("S3 S4 H6 H7 C3 C4 C6 C7"), trick, True, leader=1)
    assert points == 0
    assert reason.en.endswith("counts ×4, but it holds no 5, 10 or K: it adds nothing."), reason.en
    assert reason.zh.endswith("底分×4，但底牌没有5、10或K，不加分。"), reason.zh
    assert not MISFITS["en"].search(reason.en) and not MISFITS["zh"].search(reason.zh)
