"""The strong 升级 sparring bot (cardlib/shengji/sparring.py): legal (SJ-7 … SJ-10, SG-1 / SS-1)
over many random deals, blind to what its seat cannot see, gives points (垫分, SJ-11) only when
its partner's win is safe, does not lead into a void an opponent may trump (SJ-10), keeps its
big trumps from tricks without points (SJ-9), and says why in players' words.

The figures against the beginner's bots over 2,000 hands a preset are in ``benchmarks/bots.py``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cardlib.cards import Card
from cardlib.rule_ids import RuleId
from cardlib.shengji.bots import ShengjiBot, beatable, known_voids, match
from cardlib.shengji.combos import shape_of
from cardlib.shengji.hand import ShengjiGame, ShengjiHand
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import trick_points
from cardlib.shengji.simulate import Report, play_hand
from cardlib.shengji.sparring import BIG_TRUMP_POINTS, SparringShengjiBot, _big, seat_view
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import EffectiveSuit
from tests.examples import examples
from tests.reader_text import leaks

PRESETS = ("shengji", "shuangsheng")
#: A failing deal is reported as drawn: shrinking whole hands takes minutes and finds no smaller one.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def _scrambled(hand: ShengjiHand, seat: int, rng: random.Random) -> ShengjiHand | None:
    """A copy of ``hand`` in which the cards ``seat`` has not seen (the other hands, and the
    kitty unless it buried it) are dealt again at random, each seat keeping its count and no seat
    getting a card of a suit it has shown it is out of; the deck order and the log (which hold
    every card) are dropped.  None if no such deal was found."""
    assert hand.ctx is not None
    ctx = hand.ctx
    voids = known_voids(hand)
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in hand.hands[s]]
    hidden_kitty = seat != hand.dealer
    if hidden_kitty:
        pool += list(hand.buried)
    sizes = {s: len(hand.hands[s]) for s in others}
    for _attempt in range(60):
        rng.shuffle(pool)
        room = dict(sizes)
        kitty_room = len(hand.buried) if hidden_kitty else 0
        dealt: dict[int, list[Card]] = {s: [] for s in others}
        kitty: list[Card] = []
        ok = True
        for card in sorted(pool, key=lambda c: -sum(ctx.effective_suit(c) in voids[s] for s in others)):
            allowed = [s for s in others if room[s] and ctx.effective_suit(card) not in voids[s]]
            if kitty_room:
                allowed.append(-1)
            if not allowed:
                ok = False
                break
            place = rng.choice(allowed)
            if place == -1:
                kitty.append(card)
                kitty_room -= 1
            else:
                dealt[place].append(card)
                room[place] -= 1
        if ok:
            other = copy.deepcopy(hand)
            for s in others:
                other.hands[s] = dealt[s]
            if hidden_kitty:
                other.buried = tuple(kitty)
            other._deck = []
            other.log = []
            other._actions = []
            return other
    return None


class _Watched(SparringShengjiBot):
    """The strong bot, checking at each lead and follow that a scrambled deal changes nothing."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.checked = 0

    def _same(self, hand: ShengjiHand, seat: int, decide: Any) -> tuple[list[Card], Any]:
        cards, reason = decide(hand, seat)
        if self.rng.random() < 0.5:  # every other decision or so: a re-deal costs a deep copy
            return cards, reason
        other = _scrambled(hand, seat, self.rng)
        if other is not None:
            cards2, reason2 = decide(other, seat)
            assert (cards2, reason2.en, reason2.zh) == (cards, reason.en, reason.zh), (seat, cards, cards2)
            self.checked += 1
        return cards, reason

    def choose_lead(self, hand: ShengjiHand, seat: int) -> list[Card]:
        return self._same(hand, seat, self.decide_lead)[0]

    def choose_follow(self, hand: ShengjiHand, seat: int) -> list[Card]:
        return self._same(hand, seat, self.decide_follow)[0]


@pytest.mark.slow
@settings(max_examples=examples(6), deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=st.integers(min_value=0, max_value=2**32), preset=st.sampled_from(PRESETS))
def test_the_strong_bot_uses_no_card_its_seat_cannot_see(seed, preset):
    """Every lead and follow (SJ-8, SJ-9, SJ-10) is the same when the cards its seat has not seen
    are dealt again among the other hands and the kitty (consistently with the voids shown): it
    reads only its hand, the cards played and, as the dealer, the kitty it buried."""
    bot = _Watched(random.Random(seed))
    game = ShengjiGame(get_ruleset(preset), seed)
    report = Report()
    assert play_hand(game.hand, [bot] * 4, report)
    assert report.ok, report.failures
    assert bot.checked >= 20


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=st.integers(min_value=0, max_value=2**32), preset=st.sampled_from(PRESETS),
       strong=st.sampled_from([(0, 2), (1, 3)]))
def test_sj7_sj8_sj9_sj10_every_strong_bot_action_is_legal_over_random_deals(seed, preset, strong):
    """The simulator checks each call (SG-1 / SS-1), burial (SJ-7), lead (SJ-8) and follow (SJ-9,
    SJ-10) of the strong bots against the beginner's bots, and every hand ends (SG-E1)."""
    report = match(get_ruleset(preset), 2, seed, bot_seats=strong, bot=SparringShengjiBot(), opponent=ShengjiBot())
    assert report.checks.ok, report.checks.failures
    assert report.hands == 2


class _Audited(SparringShengjiBot):
    """The strong bot, auditing each decision against what its seat knew when it made it."""

    def __init__(self) -> None:
        super().__init__()
        self.gives = 0
        self.problems: list[str] = []
        self.reasons: dict[str, Any] = {}

    def decide_lead(self, hand: ShengjiHand, seat: int) -> Any:
        cards, reason = super().decide_lead(hand, seat)
        self.reasons.setdefault(reason.template_en, reason)
        assert hand.ctx is not None
        ctx = hand.ctx
        view = seat_view(hand, seat)
        suit = ctx.effective_suit(cards[0])
        opponents = [(seat + 1) % 4, (seat + 3) % 4]
        plains = {ctx.effective_suit(c) for c in hand.hands[seat] if not ctx.is_trump(c)}
        safe = plains - {s for o in opponents for s in view.ruffs[o]}
        held = hand.hands[seat]
        small = [c for c in held if ctx.is_trump(c) and not _big(ctx, c) and not trick_points([c])]
        quiet = [c for c in held if not ctx.is_trump(c) and not trick_points([c])]
        if suit is not EffectiveSuit.TRUMP and any(suit in view.ruffs[o] for o in opponents):
            if safe or small:
                self.problems.append(f"SJ-10: led {cards} into a void an opponent may trump: {reason.en}")
            elif trick_points(cards) and quiet:
                self.problems.append(f"SJ-10: led points {cards} into a void an opponent may trump: {reason.en}")
        return cards, reason

    def decide_follow(self, hand: ShengjiHand, seat: int) -> Any:
        cards, reason = super().decide_follow(hand, seat)
        self.reasons.setdefault(reason.template_en, reason)
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        plays = [list(p) for _s, p in hand.trick]
        if "give them" in reason.en:
            self.gives += 1
            problem = _unsafe_give(hand, seat, plays)
            if problem:
                self.problems.append(f"SJ-11: {problem}: {reason.en}")
            if reason.rule is not RuleId.SJ_11 or "垫分" not in reason.zh:
                self.problems.append(f"SJ-11: a give without its rule or word: {reason}")
        table = trick_points(c for p in plays + [cards] for c in p)
        final = len(hand.hands[seat]) == len(cards)
        wins = find_trick_winner(ctx, rules, plays + [cards]).winner == len(plays)
        from cardlib.shengji.follow import legal_follows
        legal = list(legal_follows(ctx, rules, list(hand.lead), hand.hands[seat]))
        spare = [p for p in legal if not any(_big(ctx, c) for c in p)]
        if wins and any(_big(ctx, c) for c in cards) and table < BIG_TRUMP_POINTS and not final and spare \
                and any(trick_points(p) <= trick_points(cards) for p in spare):
            self.problems.append(f"SJ-9: spent {cards} on a trick of {table} points: {reason.en}")
        return cards, reason


def _unsafe_give(hand: ShengjiHand, seat: int, plays: list[list[Card]]) -> str:
    """Why the partner's winning play could be beaten by what ``seat`` knows, or ''."""
    assert hand.ctx is not None and hand.lead is not None
    ctx, rules = hand.ctx, hand.rules
    winner = find_trick_winner(ctx, rules, plays).winner
    if hand.trick[winner][0] != (seat + 2) % 4:
        return "the partner is not winning"
    best = plays[winner]
    later = [(seat + k) % 4 for k in range(1, 4 - len(plays))]
    view = seat_view(hand, seat)
    top = max(best, key=ctx.strength)
    copies = 2 if shape_of(ctx, rules, best).pairs else 1
    suit = ctx.effective_suit(hand.lead[0])
    for other in later:
        if other % 2 == seat % 2:
            continue
        if beatable(ctx, view.unseen, top, copies):
            return f"a higher card than {top} is still out and {other} plays later"
        if ctx.effective_suit(top) is not EffectiveSuit.TRUMP and suit in view.ruffs[other]:
            return f"seat {other} is out of the suit and may trump"
    return ""


@pytest.mark.slow
def test_sj11_strong_bots_give_points_only_when_the_partners_win_is_safe_and_keep_their_habits():
    """Over many hands: a give (垫分, SJ-11) only when no opponent still to play can beat the
    partner by what is known (higher cards out, a void with trumps); no lead into an opponent's
    void while another suit or a small trump without points will do, and no point card led into
    it while a card without points will do (SJ-10); no big trump spent on a trick of
    fewer than 10 points when a cheaper play gives no more (SJ-9)."""
    bot = _Audited()
    for preset in PRESETS:
        report = match(get_ruleset(preset), 12, seed=4, bot=bot, opponent=ShengjiBot())
        assert report.checks.ok, report.checks.failures
    assert bot.problems == []
    assert bot.gives >= 10


@pytest.mark.slow
def test_sj11_the_beginners_bot_gives_points_only_when_the_partners_win_is_safe():
    """The beginner's bot (the hint at the easy level) says "give them" only when no opponent
    still to play is known (shown or counted) to be out of the suit, or holds a higher card."""
    problems: list[str] = []
    gives = 0

    class Checked(ShengjiBot):
        def decide_follow(self, hand: ShengjiHand, seat: int) -> Any:
            nonlocal gives
            cards, reason = super().decide_follow(hand, seat)
            if "give them" in reason.en:
                gives += 1
                assert hand.ctx is not None and hand.lead is not None
                plays = [list(p) for _s, p in hand.trick]
                view = seat_view(hand, seat)
                suit = hand.ctx.effective_suit(hand.lead[0])
                later = [(seat + k) % 4 for k in range(1, 4 - len(plays)) if (seat + k) % 2 != seat % 2]
                best = plays[find_trick_winner(hand.ctx, hand.rules, plays).winner]
                plain_win = not hand.ctx.is_trump(max(best, key=hand.ctx.strength))
                if any(plain_win and suit in view.voids[o] for o in later):
                    problems.append(reason.en)
                problem = _unsafe_give(hand, seat, plays)
                if problem and "out of the suit" not in problem:
                    problems.append(f"{problem}: {reason.en}")
            return cards, reason

    for preset in PRESETS:
        report = match(get_ruleset(preset), 10, seed=9, bot=Checked(), opponent=ShengjiBot())
        assert report.checks.ok
    assert problems == []
    assert gives >= 10


def test_the_strong_bots_reasons_read_in_player_language_in_both_languages():
    """Every kind of reason the strong bot gives is English and Chinese with no engine notation."""
    bot = _Audited()
    match(get_ruleset("shuangsheng"), 10, seed=21, bot=bot, opponent=ShengjiBot())
    reasons = list(bot.reasons.values())
    assert len(reasons) >= 12
    for reason in reasons:
        assert reason.en and reason.zh
        assert leaks(reason.en) == [] and leaks(reason.zh) == [], reason.en


def test_the_strong_bot_is_deterministic_and_its_hint_changes_nothing():
    """The same seed gives the same decisions (a tutor's take-back replays exactly)."""
    runs = []
    for _ in range(2):
        bot = SparringShengjiBot()
        match(get_ruleset("shengji"), 2, seed=3, bot=bot, opponent=ShengjiBot())
        runs.append([(d.kind, d.seat, d.cards, d.reason.en) for d in bot.decisions])
    assert runs[0] == runs[1]


@pytest.mark.slow
def test_sj8_the_strong_bot_is_at_least_as_strong_as_the_beginners():
    """A few dozen hands (the 2,000-hand figures are the benchmark's): the strong bots take at
    least about as many points as the beginner's bots, from either pair of seats."""
    totals = Counter[str]()
    for seats in ((0, 2), (1, 3)):
        report = match(get_ruleset("shengji"), 30, seed=13, bot_seats=seats, bot=SparringShengjiBot(),
                       opponent=ShengjiBot())
        assert report.checks.ok
        strong, easy = report.mean_points
        totals["strong"] += round(strong)
        totals["easy"] += round(easy)
    assert totals["strong"] >= totals["easy"] - 30, totals
