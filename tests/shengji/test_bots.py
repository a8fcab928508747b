"""The 升级 bot (cardlib/shengji/bots.py): legal (SJ-7, SJ-8, SJ-9, SJ-10, SG-1 / SS-1), ends every
hand (SG-E1), plays sensibly (SJ-10, SJ-11, SJ-12), beats random players, is deterministic, and
every reason reads in player language.

The figures over 2,000 hands per preset are in ``benchmarks/bots.py``; here a few hundred.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples

from cardlib.cards import Card, parse_cards
from cardlib.errors import InvalidPositionError
from cardlib.rule_ids import RuleId
from cardlib.shengji.bots import (
    SAFE_KITTY_TRUMPS,
    Decision,
    MatchReport,
    ShengjiBot,
    beatable,
    keep_value,
    match,
    unseen_cards,
)
from cardlib.shengji.follow import legal_follows
from cardlib.shengji.hand import ShengjiHand
from cardlib.shengji.player import RandomPlayer
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import card_points, trick_points
from cardlib.shengji.simulate import Report, play_hand, step_hand
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import EffectiveSuit
from tests.reader_text import leaks

PRESETS = ("shengji", "shuangsheng")
HANDS = examples(200)  # a tenth under `make test-fast`: legality and wording; the strength tests are slow
RULES_BY_KIND = {
    "call": {RuleId.SG_1, RuleId.SS_1},
    "bury": {RuleId.SJ_7, RuleId.SJ_12},
    "lead": {RuleId.SJ_8},
    "follow": {RuleId.SJ_8, RuleId.SJ_9, RuleId.SJ_10, RuleId.SJ_11, RuleId.SJ_12},
}


@pytest.fixture(scope="module", params=PRESETS)
def played(request: pytest.FixtureRequest) -> tuple[str, MatchReport, list[Decision]]:
    """A few hundred hands, bots (South and North) against random players (East and West)."""
    bot = ShengjiBot()
    report = match(get_ruleset(request.param), HANDS, seed=2026, bot=bot)
    return request.param, report, bot.decisions


# --- legality, termination ---------------------------------------------------------------------

def test_sj9_sj10_sj7_every_bot_action_is_accepted_and_every_hand_ends(played):
    """SJ-7, SJ-8, SJ-9, SJ-10, SG-1 / SS-1: the engine accepts every call, burial, lead and
    follow of the bot; SG-E1: every hand ends with 25 cards played by each seat."""
    _preset, report, decisions = played
    assert report.checks.ok, report.checks.failures
    assert report.hands == HANDS
    kinds = Counter(d.kind for d in decisions)
    assert sum(len(d.cards) for d in decisions if d.kind in ("lead", "follow")) == HANDS * 50  # 2 seats × 25
    assert kinds["bury"] >= HANDS * 0.5 and kinds["call"] > 0


def test_each_decision_cites_the_closest_rule(played):
    """Calls cite SG-1 / SS-1, burials SJ-7 / SJ-12, leads SJ-8, follows SJ-9 … SJ-12 (SJ-8 when a
    follow wins to take the next lead)."""
    preset, _report, decisions = played
    calling = RuleId.SG_1 if preset == "shengji" else RuleId.SS_1
    for decision in decisions:
        assert decision.reason.rule in RULES_BY_KIND[decision.kind], decision
        if decision.kind == "call":
            assert decision.reason.rule is calling


def test_every_reason_reads_in_player_language(played):
    """No engine notation (card codes, seat numbers, internal names) in any reason, in either language."""
    _preset, _report, decisions = played
    seen: set[str] = set()
    for decision in decisions:
        for text in (decision.reason.en, decision.reason.zh):
            if text in seen:
                continue
            seen.add(text)
            assert leaks(text) == [], text
    templates = {d.reason.template_en for d in decisions}
    assert len(templates) >= 12  # the bot says different things in different situations


# --- strength --------------------------------------------------------------------------------------

@pytest.mark.slow  # a statistic: it needs the ci profile's 200 hands
def test_sj11_bots_take_clearly_more_points_than_random_players(played):
    """SJ-11, SJ-12: over many hands the bots' team takes more points than the random team in most
    hands, and many more on average."""
    _preset, report, _decisions = played
    bots, others = report.mean_points
    assert report.more_share >= 0.8, report.more_share
    assert bots >= others + 60, report.mean_points
    assert report.hand_win_share >= 0.7


@pytest.mark.slow
def test_bots_win_from_the_other_seats_too():
    """The bots' strength does not come from their seats: as East and West they win as clearly."""
    report = match(get_ruleset("shuangsheng"), 60, seed=7, bot_seats=(1, 3))
    assert report.checks.ok, report.checks.failures
    assert report.more_share >= 0.75 and report.mean_points[0] > report.mean_points[1] + 50


@pytest.mark.parametrize("seats", [(0, 1), (0, 0), (2, 3)])
def test_match_refuses_seats_that_are_not_partners(seats):
    with pytest.raises(InvalidPositionError):
        match(get_ruleset("shengji"), 1, seed=1, bot_seats=seats)


@pytest.mark.slow
def test_bots_against_bots_are_about_even():
    """The measure itself is fair: the same bot on both sides takes about half the points."""
    report = match(get_ruleset("shengji"), 60, seed=5, opponent=ShengjiBot())
    assert report.checks.ok, report.checks.failures
    assert 0.25 <= report.more_share <= 0.75, report.more_share


# --- determinism, hints ----------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_same_seed_gives_the_same_decisions(preset):
    runs = []
    for _ in range(2):
        bot = ShengjiBot()
        report = match(get_ruleset(preset), 4, seed=99, bot=bot)
        runs.append(([(d.kind, d.seat, d.cards, d.reason.en, d.reason.zh) for d in bot.decisions], report.points))
    assert runs[0] == runs[1]


def test_a_hint_is_the_decision_and_changes_nothing():
    """A tutor's hint for the seat to play is the bot's decision; asking for it records nothing."""
    rules = get_ruleset("shengji")
    hand = ShengjiHand(rules, seed=5)
    players = [RandomPlayer(random.Random(1)) for _ in range(4)]
    while not (hand.phase == "play" and hand.trick):
        step_hand(hand, players, Report())  # type: ignore[arg-type]
    bot = ShengjiBot()
    seat = hand.to_act
    assert seat is not None
    before = [list(h) for h in hand.hands]
    cards, reason = bot.hint(hand, seat)
    assert (cards, reason) == bot.decide_follow(hand, seat)
    assert bot.decisions == [] and [list(h) for h in hand.hands] == before
    assert hand.check_play(seat, cards)
    with pytest.raises(InvalidPositionError):
        bot.hint(hand, (seat + 1) % 4)


# --- sensible play: properties over random hands -------------------------------------------------

class CheckingBot(ShengjiBot):
    """The bot, checking a sensible beginner's habits at each decision before it is played."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.checked: Counter[str] = Counter()

    def choose_burial(self, hand: ShengjiHand) -> list[Card]:
        cards = super().choose_burial(hand)
        assert hand.ctx is not None and hand.dealer is not None
        ctx, held = hand.ctx, hand.hands[hand.dealer]
        plain = [c for c in held if not ctx.is_trump(c)]
        trumps = len(held) - len(plain)
        if len(plain) >= 8 and any(ctx.is_trump(c) for c in cards):
            self.problems.append(f"SJ-7: buried a trump with {len(plain)} plain cards: {cards}")
        plain_no_points = [c for c in plain if not card_points(c)]
        if trumps < SAFE_KITTY_TRUMPS and len(plain_no_points) >= 8 and trick_points(cards):
            self.problems.append(f"SJ-12: buried points holding only {trumps} trumps: {cards}")
        self.checked["bury"] += 1
        return cards

    def choose_follow(self, hand: ShengjiHand, seat: int) -> list[Card]:
        cards = super().choose_follow(hand, seat)
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        lead, held = list(hand.lead), hand.hands[seat]
        plays = [list(p) for _s, p in hand.trick]
        if len(plays) != 3:
            return cards
        suit = ctx.effective_suit(lead[0])
        in_suit = sum(1 for c in held if ctx.effective_suit(c) is suit)
        winner_seat = hand.trick[find_trick_winner(ctx, rules, plays).winner][0]
        partner_winning = winner_seat == (seat + 2) % 4
        view = legal_follows(ctx, rules, lead, held)
        if suit is not EffectiveSuit.TRUMP and in_suit >= len(lead) and view.count() <= 300:
            options = list(view)
            points = [trick_points(o) for o in options]
            wins = [find_trick_winner(ctx, rules, plays + [o]).winner == 3 for o in options]
            if partner_winning:
                self.checked["give"] += 1
                if trick_points(cards) != max(points):
                    self.problems.append(f"SJ-11: partner winning, gave {cards} of {max(points)} possible points")
            if not partner_winning and not any(wins):
                self.checked["keep"] += 1
                if trick_points(cards) != min(points):
                    self.problems.append(f"SJ-9: opponents win anyway, gave {cards} not {min(points)} points")
        table = trick_points(c for p in plays for c in p)
        if (not partner_winning and suit is not EffectiveSuit.TRUMP and in_suit == 0 and len(lead) == 1
                and table >= 15):
            trumps = {c for c in held if ctx.is_trump(c)}
            if any(find_trick_winner(ctx, rules, plays + [[c]]).winner == 3 for c in trumps):
                self.checked["trump"] += 1
                if find_trick_winner(ctx, rules, plays + [cards]).winner != 3:
                    self.problems.append(f"SJ-10: void, {table} points on the table, did not trump: {cards}")
        return cards


def _checked_hand(preset: str, seed: int) -> CheckingBot:
    bot = CheckingBot()
    rng = random.Random(seed)
    other = RandomPlayer(rng)
    hand = ShengjiHand(get_ruleset(preset), seed=seed)
    report = Report()
    assert play_hand(hand, [bot, other, bot, other], report), report.failures  # type: ignore[list-item]
    calls = [e for e in hand.log if e.kind == "call"]
    for before, after in itertools.pairwise(calls):
        if after.seat in (0, 2) and before.seat is not None and before.seat % 2 == 0:
            bot.problems.append(f"SG-1 / SS-1: seat {after.seat} called over its own side's call")
    return bot


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=examples(25), deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_sj10_sj11_sj12_the_bot_keeps_a_beginners_good_habits(preset, seed):
    """SJ-11: a partner sure to win is given the most points a legal follow carries; SJ-9: when the
    opponents win anyway, the fewest; SJ-10: void with 15 points or more on the table, the bot
    trumps when a trump wins; SJ-7 / SJ-12: it buries no trump while it has 8 plain cards, and no
    points without many trumps; SG-1 / SS-1: it never calls over its own side."""
    bot = _checked_hand(preset, seed)
    assert bot.problems == []


def test_the_property_checks_meet_their_situations():
    """The habits above are really exercised (not vacuously true) over a few hands."""
    total: Counter[str] = Counter()
    for seed in range(20):
        bot = _checked_hand("shengji", seed)
        assert bot.problems == []
        total.update(bot.checked)
    assert total["give"] >= 8 and total["keep"] >= 15 and total["trump"] >= 1 and total["bury"] >= 5, total


def test_reasons_name_seats_and_cards_as_players_do():
    """A give-points reason names the partner by seat and the cards with suit symbols."""
    bot = ShengjiBot()
    match(get_ruleset("shengji"), 6, seed=3, bot=bot)
    gives = [d for d in bot.decisions if d.reason.rule is RuleId.SJ_11]
    assert gives
    text = gives[0].reason.en
    assert text.startswith("Your partner ") and "points)" in text
    assert any(name in text for name in ("South", "North", "East", "West"))
    assert "对家" in gives[0].reason.zh and "分" in gives[0].reason.zh
    assert gives[0].reason.cards() == list(gives[0].cards)


def test_decisions_are_json_ready():
    bot = ShengjiBot()
    match(get_ruleset("shengji"), 1, seed=4, bot=bot)
    entry = bot.decisions[0].to_dict()
    assert set(entry) == {"kind", "seat", "cards", "reason"} and entry["reason"]["rule"]


# --- reasons tell the truth about the position (SJ-8, SJ-9) ---------------------------------------

def _worked_hand() -> list[Decision]:
    """The book's worked hand (book/shengji-hand.md, seed 167): the bot at every seat."""
    hand, bot, report = ShengjiHand(get_ruleset("shengji"), seed=167), ShengjiBot(), Report()
    assert play_hand(hand, [bot] * 4, report), report.failures  # type: ignore[list-item]
    return bot.decisions


def test_sj8_sj9_the_worked_hands_reasons_fit_the_play():
    """SJ-8: North's ♦A lead says it is the top diamond still out (and that East has none left), not
    "a low card"; SJ-9: South's ♦K and South's big joker are forced and say so; no reason calls
    them low or cheapest or says "give no points" when the play gives points."""
    decisions = _worked_hand()
    plays = {(d.kind, d.seat, " ".join(map(str, d.cards))): d.reason for d in decisions}
    north_ace = [r for (kind, seat, cards), r in plays.items() if (kind, seat, cards) == ("lead", 2, "DA")]
    assert north_ace and "lead your ♦A, the highest diamond still out" in north_ace[0].en
    assert "East has no diamonds left" in north_ace[0].en and not re.search(r"\blow", north_ace[0].en)
    assert "外面最大的方块" in north_ace[0].zh and "东家已没有方块" in north_ace[0].zh
    king = plays[("follow", 0, "DK")]
    assert king.en.startswith("Your only diamond is ♦K, and you must follow suit.")
    assert "你的方块只剩♦K一张，必须跟出" in king.zh
    joker = plays[("follow", 0, "BJ")]
    assert "big joker" in joker.en and "wins the trick" in joker.en
    for decision in decisions:
        text = decision.reason.en
        assert "cheapest" not in text and "play low" not in text and "follow low" not in text, text
        assert not ("give no points" in text or "giving no points" in text) or not trick_points(decision.cards), text


def _play_phase(seed: int = 167) -> ShengjiHand:
    """A hand of the 四人升级 guide just after the burial (clubs trump, level 2, East to lead)."""
    hand = ShengjiHand(get_ruleset("shengji"), seed=seed)
    bot = ShengjiBot()
    while hand.phase != "play":
        step_hand(hand, [bot] * 4, Report())  # type: ignore[list-item]
    assert hand.to_act == 1 and hand.ctx is not None and str(hand.ctx.trump) == "C"
    return hand


def _cards(text: str) -> list[Card]:
    return parse_cards(text)


def test_sj8_a_top_card_lead_says_it_is_the_top_card():
    """SJ-8: holding ♦A (the other ♦A unseen is no higher), the bot leads it as the highest diamond still out."""
    hand = _play_phase()
    hand.hands[1] = _cards("DA D4 S3 S6 H5")
    cards, reason = ShengjiBot().decide_lead(hand, 1)
    assert cards == _cards("DA") and reason.rule is RuleId.SJ_8
    assert reason.en.startswith("Lead your ♦A, the highest diamond still out") and not re.search(r"\blow", reason.en)
    assert reason.zh.startswith("首出♦A，这是外面最大的方块")


@pytest.mark.parametrize(("held", "led", "en", "zh"), [
    ("S3 S9 H4 H8 HQ D6 D7 DK", "S3", "lead your lowest spade, ♠3, from your shortest suit", "出最小的黑桃♠3"),
    ("S5 S9 H4 H8 HQ D6 D7 DK", "S9", "lead ♠9, your lowest spade without points", "♠9（不带分的黑桃里最小的）"),
])
def test_sj8_a_low_lead_is_called_low_only_when_it_is(held, led, en, zh):
    """SJ-8: with nothing sure, the bot leads from its shortest suit; "your lowest spade" only when
    no lower spade is held, otherwise what the lower one is kept for (its points)."""
    hand = _play_phase()
    hand.hands[1] = _cards(held)
    cards, reason = ShengjiBot().decide_lead(hand, 1)
    assert cards == _cards(led) and en in reason.en and zh in reason.zh, reason.en


def test_sj9_a_forced_follow_says_it_is_forced_and_what_it_gives():
    """SJ-9: North's only diamond is ♦K: it must follow with it, and the reason says so, with the
    points it adds, never "your cheapest" or "give no points"."""
    hand = _play_phase()
    hand.hands[1] = _cards("D10 D4 S3 S6 H5")
    hand.play(1, _cards("D4"))
    hand.hands[2] = _cards("DK S4 S7 H9 H3")
    cards, reason = ShengjiBot().decide_follow(hand, 2)
    assert cards == _cards("DK") and reason.rule is RuleId.SJ_9
    assert reason.en.startswith("Your only diamond is ♦K, and you must follow suit.")
    assert "10 points" in reason.en and "cheapest" not in reason.en and "no points" not in reason.en
    assert "必须跟出" in reason.zh and "10分" in reason.zh


def test_sj9_a_forced_follow_of_the_big_joker_is_never_low():
    """SJ-9: the big joker as the only trump, on a trump lead: forced, and it wins for now."""
    hand = _play_phase()
    hand.hands[1] = _cards("C3 D4 S3 S6 H5")
    hand.play(1, _cards("C3"))
    hand.hands[2] = _cards("BJ S4 S7 H9 H3")
    cards, reason = ShengjiBot().decide_follow(hand, 2)
    assert cards == _cards("BJ")
    assert reason.en.startswith("Your only trump is the big joker, and you must follow trumps.")
    assert not re.search(r"\blow", reason.en) and "最小" not in reason.zh and "必须跟主" in reason.zh
    assert "wins the trick" in reason.en


class ReasonCheckingBot(ShengjiBot):
    """The bot, checking at each play that its reason fits the position: a forced play says it is
    forced; "your lowest" only when no legal play is lower; "without giving points" only when
    every lower legal play gives points; "no points" only when none are given; a lead called
    "the highest … still out" has nothing higher unseen or held; "your partner" is the partner."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.checked: Counter[str] = Counter()

    def _check_partner(self, seat: int) -> None:
        """"your partner North" / "对家北家" names the seat's partner, never an opponent."""
        reason = self.decisions[-1].reason
        partner = (seat + 2) % 4
        named = set(re.findall(r"[Yy]our partner (South|East|North|West)", reason.en))
        named_zh = set(re.findall(r"对家(南家|东家|北家|西家)", reason.zh))
        if named - {("South", "East", "North", "West")[partner]} or named_zh - {("南家", "东家", "北家", "西家")[partner]}:
            self.problems.append(f"the partner misnamed for seat {seat}: {reason.en} / {reason.zh}")
        if named or named_zh:
            self.checked["partner named"] += 1

    def choose_lead(self, hand: ShengjiHand, seat: int) -> list[Card]:
        cards = super().choose_lead(hand, seat)
        self._check_partner(seat)
        assert hand.ctx is not None
        ctx, text = hand.ctx, self.decisions[-1].reason.en
        held = hand.hands[seat]
        if len(cards) == 1 and re.search(r"your lowest (spade|heart|diamond|club), ", text):
            self.checked["lowest lead"] += 1
            same = [c for c in held if ctx.effective_suit(c) is ctx.effective_suit(cards[0])]
            if any(ctx.strength(c) < ctx.strength(cards[0]) for c in same):
                self.problems.append(f"SJ-8: 'lowest' lead {cards} from {same}: {text}")
        if "still out" in text and "highest" in text and len(cards) == 1:
            self.checked["top lead"] += 1
            higher = [c for c in held if ctx.effective_suit(c) is ctx.effective_suit(cards[0])
                      and ctx.strength(c) > ctx.strength(cards[0])]
            if beatable(ctx, unseen_cards(hand, seat), cards[0], 1) or higher:
                self.problems.append(f"SJ-8: 'highest still out' {cards} is beatable or {higher} is higher: {text}")
        if "low card" in text or "cheapest" in text:
            self.problems.append(f"SJ-8: a vague 'low' lead: {text}")
        return cards

    def choose_follow(self, hand: ShengjiHand, seat: int) -> list[Card]:
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        lead, held = list(hand.lead), list(hand.hands[seat])
        cards = super().choose_follow(hand, seat)
        text = self.decisions[-1].reason.en
        self._check_partner(seat)
        view = legal_follows(ctx, rules, lead, held)
        count = view.count()

        def rank(play: list[Card]) -> int:
            return sum(keep_value(ctx, c) for c in play)

        if count == 1:
            self.checked["forced"] += 1
            if "must" not in text or "lowest" in text:
                self.problems.append(f"SJ-9: forced {cards} without saying so: {text}")
        if "cheapest" in text or "play low" in text or "follow low" in text:
            self.problems.append(f"SJ-9: vague 'low': {text}")
        if ("giving no points" in text or "give no points" in text) and trick_points(cards):
            self.problems.append(f"SJ-11: 'no points' but {cards} gives {trick_points(cards)}: {text}")
        if count <= 300:
            options = list(view)
            shown = sorted(map(str, cards))
            lower = [o for o in options if rank(o) < rank(cards)]
            if "your lowest card, " in text or "your lowest cards, " in text:
                self.checked["lowest follow"] += 1
                if lower:
                    self.problems.append(f"SJ-9: 'lowest' {shown} but {lower[0]} is lower: {text}")
            counts = Counter(held)

            def breaks(play: list[Card]) -> bool:
                return any(n == 1 and counts[c] >= 2 for c, n in Counter(play).items())

            if "the lowest you can play without giving points or breaking a pair" in text:
                self.checked["no-point follow"] += 1
                if trick_points(cards) or any(not trick_points(o) and not breaks(o) for o in lower):
                    self.problems.append(f"SJ-9: 'lowest without points or breaking a pair' {shown}: {text}")
            elif "the lowest you can play without giving points" in text:
                self.checked["no-point follow"] += 1
                if trick_points(cards) or any(not trick_points(o) for o in lower):
                    self.problems.append(f"SJ-9: 'lowest without points' {shown}: {text}")
            if "the lowest you can play without breaking a pair" in text:
                self.checked["whole-pair follow"] += 1
                if breaks(cards) or any(not breaks(o) for o in lower):
                    self.problems.append(f"SJ-9: 'lowest without breaking a pair' {shown}: {text}")
        return cards


@pytest.mark.parametrize("preset", PRESETS)
def test_sj8_sj9_sj11_reasons_fit_the_position_over_many_hands(preset):
    """SJ-8, SJ-9, SJ-11: over many seeded hands (the bot at every seat), no reason calls a play low
    or lowest when a lower legal play existed, every forced play says it is forced, and "no points"
    is said only of plays that give none."""
    bot = ReasonCheckingBot()
    for seed in range(10):
        hand, report = ShengjiHand(get_ruleset(preset), seed=seed), Report()
        assert play_hand(hand, [bot] * 4, report), report.failures  # type: ignore[list-item]
    assert bot.problems == []
    checked = bot.checked
    assert checked["forced"] >= 20 and checked["lowest follow"] >= 20 and checked["no-point follow"] >= 5, checked
    assert checked["lowest lead"] >= 5 and checked["top lead"] >= 5 and checked["partner named"] >= 50, checked


def test_calls_count_cards_naturally_and_name_the_partner():
    """SG-1: "1 heart", not "1 hearts"; a partner's call is named as the partner's ("your partner
    North made it"), the bot's own as its own."""
    bot = ShengjiBot()
    texts = []
    for seed in (5, 6):
        hand = ShengjiHand(get_ruleset("shengji"), seed=seed)
        while hand.phase == "deal" and hand.next_to_deal is not None:
            seat = hand.next_to_deal
            hand.deal_card()
            cards, why = bot.decide_call(hand, seat)
            texts.append((seat, why.en, why.zh))
            if cards is not None:
                hand.call(seat, cards)
    english = [en for _seat, en, _zh in texts]
    assert any(re.match(r"You hold 1 (spade|heart|diamond|club) so far", en) for en in english)
    assert any("(you made it)" in en for en in english)
    for seat, en, zh in texts:
        assert not re.search(r"\b1 (spades|hearts|diamonds|clubs)\b", en), en
        if "(your partner " in en:
            partner = ("South", "East", "North", "West")[(seat + 2) % 4]
            assert f"(your partner {partner} made it)" in en and "对家" in zh, en
