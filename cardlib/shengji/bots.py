"""A bot that plays 升级 like a sensible beginner, and says why (for a tutor's hint and a hand review).

:class:`ShengjiBot` has the interface of :class:`~cardlib.shengji.player.RandomPlayer`
(``choose_call``, ``choose_burial``, ``choose_lead``, ``choose_follow``), so
:func:`~cardlib.shengji.simulate.play_hand` runs it; each has a ``decide_*`` twin that
returns the action with a :class:`~cardlib.explain.Reason`: a sentence of strategy advice in
English and Chinese that cites the closest rule of the register.  ``decide_*`` and
:meth:`ShengjiBot.hint` change nothing; ``choose_*`` also keep the decision in
:attr:`ShengjiBot.decisions` (the hand review).

The bot sees what its seat sees: its own cards, the standing call, the cards played so far
(and, as the dealer, the kitty it picks up).  It never decides a rule itself: legality comes
from the engine (``legal_follows``, ``check_lead``, ``check_call``, ``check_bury``), the trick's
winner from ``find_trick_winner``, points from ``card_points``, order from the
:class:`~cardlib.shengji.trump.TrumpContext`.  It has no random choices: the same hand
(the same seed) gets the same decisions.

Its habits:

- **Calls** (SG-1 / SS-1): a level card of a suit it is long in (counting that suit's level
  cards; 5 cards early in the deal, about 7 of 25), or a pair of level cards to override an
  opponent's single when the ruleset allows it; never over its partner.
- **Burial** (SJ-7, SJ-12): low plain cards of its shortest suits, never a trump while a plain
  card is left; points go down only when it holds many trumps (the kitty looks safe).
- **Leads** (SJ-8): a tractor of a plain suit, the top pair or the top card still out of a
  plain suit (not into an opponent known to be void), trumps to draw when it holds many of
  those still out, else a low card of its shortest plain suit.
- **Follows** (SJ-9, SJ-10, SJ-11, SJ-12): when the partner is winning for sure, the cheapest
  legal play, giving points (5, 10, K) when it can; otherwise it wins the trick when that is
  worth it (points on the table, the last trick, a sure winner) and cheaply, trumping when void;
  else it plays its cheapest cards and keeps points away.  Jokers and level cards are kept
  for the end unless they are needed.

Two hands of the bot (South and North) against random players, every action checked:

>>> from cardlib.shengji.rules import get_ruleset
>>> bot = ShengjiBot()
>>> report = match(get_ruleset("shengji"), 2, seed=1, bot=bot)
>>> report.checks.ok, report.hands, {d.kind for d in bot.decisions} >= {"lead", "follow"}
(True, 2, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from ..cards import Card, Suit
from ..errors import InvalidPositionError
from ..explain import Reason, Seat, Words
from ..rule_ids import RuleId
from .calling import CallKind, classify_call
from .combos import Unit, find_pairs, find_tractors, shape_of, split_units
from .follow import LegalFollows, legal_follows
from .hand import FULL_DECK, ShengjiGame, ShengjiHand, check_bury
from .leads import check_lead, legal_leads
from .player import RandomPlayer
from .rules import Calling, Ruleset
from .scoring import KITTY_SIZE, card_points, trick_points
from .simulate import Report, play_hand
from .trick import find_trick_winner
from .trump import EffectiveSuit, TrumpContext

#: How many legal follows the bot weighs when it must follow suit (they are few but for throws).
FOLLOW_WINDOW = 300
#: Trumps in hand (of 33) from which the dealer thinks the kitty is safe to hold points.
SAFE_KITTY_TRUMPS = 13
#: How much a point counts when a play gives it to the partner (minus) or the opponents (plus).
GIVE_WEIGHT = 4
KEEP_POINTS_WEIGHT = 4
#: A card worth at least this much to keep (a joker or a level card) is a "big trump".
BIG_TRUMP = 40
_DECK_COUNTS: Counter[Card] = Counter(FULL_DECK)
#: A play as "lowest" weighs it: the keep value of its cards, its points, the pairs it breaks.
_Facts = tuple[int, int, int]
_PAIR_WORD = Words("pair", "对子")
_FOLLOW_WITH = Words("follow with", "跟出")
_DISCARD = Words("discard", "垫")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a bot: ``kind`` (``call``, ``bury``, ``lead``, ``follow``), the seat, the
    cards (none for a declined call) and why."""

    kind: str
    seat: int
    cards: tuple[Card, ...]
    reason: Reason

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form for a hand review."""
        return {"kind": self.kind, "seat": self.seat, "cards": [str(c) for c in self.cards],
                "reason": self.reason.to_dict()}


# --- what a card is worth, what is still out --------------------------------------------------

def keep_value(ctx: TrumpContext, card: Card) -> int:
    """How much a card is worth keeping: its place in its suit (SJ-5), trumps above every plain
    card, jokers and level cards ("big trumps") above the other trumps."""
    value = ctx.strength(card)
    if ctx.is_trump(card):
        value += 20
        if card.is_joker or card.rank is ctx.level:
            value += 10
    return value


def played_cards(hand: ShengjiHand) -> list[Card]:
    """Every card played so far in the hand: finished tricks and the trick on the table."""
    cards = [c for trick in hand.tricks for _seat, play in trick.plays for c in play]
    cards += [c for _seat, play in hand.trick for c in play]
    return cards


def unseen_cards(hand: ShengjiHand, seat: int) -> Counter[Card]:
    """The cards ``seat`` has not seen: not played, not in its hand, not buried by it."""
    unseen = _DECK_COUNTS.copy()
    unseen.subtract(played_cards(hand))
    unseen.subtract(hand.hands[seat])
    if seat == hand.dealer:
        unseen.subtract(hand.buried)
    return +unseen


def known_voids(hand: ShengjiHand) -> dict[int, set[EffectiveSuit]]:
    """The suits each seat has shown it holds no more of (it played another suit to their lead)."""
    assert hand.ctx is not None
    ctx = hand.ctx
    voids: dict[int, set[EffectiveSuit]] = {seat: set() for seat in range(4)}
    tricks = [trick.plays for trick in hand.tricks] + [tuple(hand.trick)]
    for plays in tricks:
        if not plays:
            continue
        suit = ctx.effective_suit(plays[0][1][0])
        for seat, play in plays[1:]:
            if any(ctx.effective_suit(c) is not suit for c in play):
                voids[seat].add(suit)
    return voids


def beatable(ctx: TrumpContext, unseen: Counter[Card], card: Card, copies: int) -> bool:
    """Whether some unseen card of ``card``'s suit, held ``copies`` times (2 for a pair), is higher."""
    suit, strength = ctx.effective_suit(card), ctx.strength(card)
    return any(n >= copies and ctx.effective_suit(c) is suit and ctx.strength(c) > strength
               for c, n in unseen.items())


def _partner(seat: int) -> int:
    return (seat + 2) % 4


def _calling_rule(hand: ShengjiHand) -> RuleId:
    return RuleId.SS_1 if hand.rules.calling is Calling.SHUANGSHENG else RuleId.SG_1


@dataclass(frozen=True, slots=True)
class _Option:
    """A legal follow as the bot weighs it."""

    cards: list[Card]
    wins: bool      # after it, the bot's play is winning the trick
    cost: int       # the keep value spent (and pairs broken)
    points: int
    trumps_in: bool  # all trumps on a plain-suit lead (a 毙)


# --- the bot ------------------------------------------------------------------------------------

class ShengjiBot:
    """A beginner's sensible play for one or more seats; ``decisions`` is the review of what it chose."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    # --- the RandomPlayer interface: decide, remember, act ---

    def choose_call(self, hand: ShengjiHand, seat: int) -> list[Card] | None:
        """The call the seat makes now (SG-1 / SS-1), or None."""
        cards, reason = self.decide_call(hand, seat)
        if cards is not None:
            self.decisions.append(Decision("call", seat, tuple(cards), reason))
        return cards

    def choose_burial(self, hand: ShengjiHand) -> list[Card]:
        """The 8 cards the dealer buries (SJ-7)."""
        assert hand.dealer is not None
        cards, reason = self.decide_burial(hand)
        self.decisions.append(Decision("bury", hand.dealer, tuple(cards), reason))
        return cards

    def choose_lead(self, hand: ShengjiHand, seat: int) -> list[Card]:
        """The lead (SJ-8)."""
        cards, reason = self.decide_lead(hand, seat)
        self.decisions.append(Decision("lead", seat, tuple(cards), reason))
        return cards

    def choose_follow(self, hand: ShengjiHand, seat: int) -> list[Card]:
        """The follow (SJ-9, SJ-10)."""
        cards, reason = self.decide_follow(hand, seat)
        self.decisions.append(Decision("follow", seat, tuple(cards), reason))
        return cards

    def hint(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        """What the bot would play for ``seat`` now and why (a tutor's hint); changes nothing."""
        if hand.phase != "play" or hand.to_act != seat:
            raise InvalidPositionError("a hint is for the seat whose turn it is to play")
        return self.decide_lead(hand, seat) if hand.lead is None else self.decide_follow(hand, seat)

    # --- calls (SG-1 / SS-1) ---

    def decide_call(self, hand: ShengjiHand, seat: int) -> tuple[list[Card] | None, Reason]:
        """A call with length, or None with why not.

        Length is the suit's cards counting its level cards; enough is 5 early in the deal and
        about 7 of 25 (``max(5, held × 0.28)``).  Over an opponent's call the bot overrides only
        with a pair of level cards, when the engine accepts it; over its partner, never.
        """
        held = hand.hands[seat]
        level = hand.level
        rule = _calling_rule(hand)
        need = max(5, round(len(held) * 0.28))
        length: Counter[Suit | None] = Counter(c.suit for c in held if c.suit is not None)
        level_cards = sorted({c for c in held if c.rank is level and c.suit is not None},
                             key=lambda c: (-length[c.suit], c.sort_key))
        calls = hand.calls
        if calls.caller is not None and calls.caller % 2 == seat % 2:
            who = (Words("you made it", "你自己亮的") if calls.caller == seat else
                   Reason.make(rule, "your partner {partner} made it", "对家{partner}亮的", partner=Seat(calls.caller)))
            return None, Reason.make(rule, "Your side's call stands ({who}): no need to call over it.",
                                     "己方已亮主（{who}）：不必再亮。", who=who)
        for card in level_cards:
            suit = card.suit
            assert suit is not None
            if length[suit] < need:
                continue
            options = [[card, card]] if held.count(card) >= 2 else []
            if calls.kind is None:
                options.append([card])
            for cards in options:
                if classify_call(level, cards) is None or not hand.check_call(seat, cards):
                    continue
                if calls.kind is None:
                    return cards, Reason.make(
                        rule, "You hold {count}, counting the level cards: call {suit} as trump with {cards}.",
                        "你有{count}（含级牌）：亮{cards}，叫{suit}做主。",
                        count=_count(length[suit], suit), suit=suit, cards=cards)
                assert calls.caller is not None
                if calls.kind is CallKind.SINGLE and calls.trump is not suit:
                    return cards, Reason.make(
                        rule, "{caller} called with a single level card, but you hold {count}: "
                              "override with the pair {cards}.",
                        "{caller}只亮了一张级牌，而你有{count}：亮出一对{cards}反主。",
                        caller=Seat(calls.caller), count=_count(length[suit], suit), cards=cards)
        if not level_cards:
            return None, Reason.make(rule, "You hold no level card yet (no {level}), so you cannot call.",
                                     "手中还没有级牌（{level}），无法亮主。", level=level)
        best = level_cards[0].suit
        assert best is not None
        if calls.kind is not None:
            assert calls.caller is not None
            if calls.kind is not CallKind.SINGLE:
                return None, Reason.make(rule, "{caller} has called with a pair: let the call stand.",
                                         "{caller}亮的是一对：不反，让它成立。",
                                         caller=Seat(calls.caller))
            return None, Reason.make(
                rule, "{caller} has called with a single level card, and you hold no pair of level cards of another "
                      "long suit to override it with: let the call stand.",
                "{caller}只亮了一张级牌，但你没有另一门够长的一对级牌来反主：不亮。", caller=Seat(calls.caller))
        return None, Reason.make(rule, "You hold {count} so far, counting the level cards: wait for more before calling.",
                                 "目前只有{count}（含级牌）：先等等，不急着亮主。",
                                 count=_count(length[best], best))

    # --- burial (SJ-7, SJ-12) ---

    def decide_burial(self, hand: ShengjiHand) -> tuple[list[Card], Reason]:
        """The 8 cards the dealer can best spare: low plain cards of short suits; points only when
        the kitty looks safe (``SAFE_KITTY_TRUMPS`` trumps or more in the dealer's 33 cards)."""
        assert hand.ctx is not None and hand.dealer is not None
        ctx, held = hand.ctx, hand.hands[hand.dealer]
        trumps = sum(1 for c in held if ctx.is_trump(c))
        safe = trumps >= SAFE_KITTY_TRUMPS
        length = Counter(ctx.effective_suit(c) for c in held)
        counts = Counter(held)

        def keep(card: Card) -> float:
            if ctx.is_trump(card):
                return 1000 + keep_value(ctx, card)
            value: float = keep_value(ctx, card) + 2.5 * length[ctx.effective_suit(card)]
            value += 8 * (counts[card] >= 2) + 6 * (ctx.strength(card) >= ctx.strength(_top_plain(ctx, card)))
            if card_points(card) and not safe:
                value += 100  # above every plain card without points, below every trump
            return value

        buried = sorted(held, key=lambda c: (keep(c), ctx.order_key(c)))[:KITTY_SIZE]
        check_bury(held, (), buried)
        points = trick_points(buried)
        if points and safe:
            return buried, Reason.make(
                RuleId.SJ_12, "You hold {trumps} trumps, enough to fight for the last trick, so the kitty looks safe: "
                              "bury {cards} ({points} points) and keep your trumps and top cards.",
                "你有{trumps}张主牌，足以争最后一轮，底牌较安全：扣下{cards}（{points}分），留住主牌和大牌。",
                trumps=trumps, cards=buried, points=points)
        if points:
            return buried, Reason.make(
                RuleId.SJ_12, "Bury {cards}, the cards you can best spare; {points} points go down, so guard the "
                              "last trick: if the attackers win it, the kitty counts for them, multiplied.",
                "扣下{cards}，这是最能舍的牌；其中有{points}分，要守住最后一轮：闲家赢了最后一轮，底分加倍归闲家。",
                cards=buried, points=points)
        if any(ctx.is_trump(c) for c in buried):
            return buried, Reason.make(
                RuleId.SJ_7, "Bury {cards}: you have too few plain cards, so the lowest trumps go down too.",
                "扣下{cards}：副牌不够，只好扣几张小主。", cards=buried)
        return buried, Reason.make(
            RuleId.SJ_7, "Bury {cards}: low plain cards of your shortest suits and no points, so a suit may run "
                         "out early; keep every trump and your top cards.",
            "扣下{cards}：短门的小牌，不含分，争取早日打绝一门；主牌和大牌都留着。", cards=buried)

    # --- leads (SJ-8) ---

    def decide_lead(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        """A strong lead: a plain tractor, a plain top pair or top card, trumps to draw, or a low
        card of the shortest plain suit (see the module docstring)."""
        assert hand.ctx is not None
        ctx, rules, held = hand.ctx, hand.rules, hand.hands[seat]
        unseen = unseen_cards(hand, seat)
        voids = known_voids(hand)
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        by_suit: dict[EffectiveSuit, list[Card]] = {}
        for card in held:
            by_suit.setdefault(ctx.effective_suit(card), []).append(card)
        units = {suit: split_units(ctx, rules, cards) for suit, cards in by_suit.items()}
        plains = [s for s in by_suit if s is not EffectiveSuit.TRUMP]
        safe = [s for s in plains if not any(s in voids[o] for o in opponents)]

        def finish(cards: Sequence[Card], reason: Reason) -> tuple[list[Card], Reason]:
            play = list(cards)
            if not check_lead(ctx, rules, held, play):
                play = next(iter(legal_leads(ctx, rules, held)))  # never expected: the units are leads
            return play, reason

        # a plain tractor: only a tractor of that suit (or of trumps, when void) beats it
        tractors = [u for s in safe for u in units[s] if u.pairs >= 2]
        if tractors:
            best = max(tractors, key=lambda u: (u.pairs, ctx.strength(u.top)))
            suit = ctx.effective_suit(best.top)
            return finish(best.cards, Reason.make(
                RuleId.SJ_8, "Lead your tractor {cards}: only a tractor of {suit} can beat it in its suit.",
                "首出拖拉机{cards}：同门只有拖拉机才管得住。", cards=best.cards, suit=_words(suit)))
        # a top pair, then a top card, of a plain suit nobody is known to be void in
        for pairs in (1, 0):
            tops = [u for s in safe for u in units[s]
                    if u.pairs == pairs and not beatable(ctx, unseen, u.top, 2 if pairs else 1)]
            if tops:
                best = max(tops, key=lambda u: (_outside(ctx, unseen, u.top), ctx.strength(u.top)))
                suit = ctx.effective_suit(best.top)
                what = (Reason.make(RuleId.SJ_8, "pair {cards}, the highest pair of {suit}", "{cards}，这是外面最大的{suit}对子",
                                    cards=best.cards, suit=_words(suit)) if pairs else
                        Reason.make(RuleId.SJ_8, "{cards}, the highest {single}", "{cards}，这是外面最大的{suit}",
                                    cards=_the(best.cards), single=_single(suit), suit=_words(suit)))
                return finish(best.cards, Reason.make(
                    RuleId.SJ_8, "Lead your {what} still out: it takes the trick unless someone has run out of {suit} "
                                 "and trumps it.",
                    "首出{what}：除非有人{suit}已绝门来毙，这一轮归你。", what=what, suit=_words(suit)))
        trumps = by_suit.get(EffectiveSuit.TRUMP, [])
        trumps_out = sum(n for c, n in unseen.items() if ctx.is_trump(c))
        if trumps and (len(trumps) >= max(4, trumps_out) or not plains):
            tunits = units[EffectiveSuit.TRUMP]
            top = [u for u in tunits if u.pairs and not beatable(ctx, unseen, u.top, 2)]
            top += [u for u in tunits if not u.pairs and not beatable(ctx, unseen, u.top, 1)]
            if plains and top:
                if not trumps_out:
                    return finish(top[0].cards, Reason.make(
                        RuleId.SJ_8, "You hold {count} trumps and no other trump is left unseen: lead {cards}, which "
                                     "nothing beats.",
                        "你有{count}张主牌，外面已经没有主牌：出没人管得住的{cards}。",
                        count=len(trumps), cards=_the(top[0].cards)))
                return finish(top[0].cards, Reason.make(
                    RuleId.SJ_8, "You hold {count} trumps and {out}: lead {cards}, which nothing beats, to draw "
                                 "the opponents' trumps.",
                    "你有{count}张主牌，外面还有{out_zh}张：出没人管得住的{cards}调主。",
                    count=len(trumps), out=_still_out(trumps_out), out_zh=trumps_out, cards=_the(top[0].cards)))
            if plains:
                low = min(trumps, key=lambda c: (keep_value(ctx, c) + 10 * card_points(c), c.sort_key))
                return finish([low], Reason.make(
                    RuleId.SJ_8, "You hold {count} trumps and {out}: lead {low} to draw theirs, and keep the big "
                                 "trumps for the end.",
                    "你有{count}张主牌，外面还有{out_zh}张：出{low}调主，大主留到最后。",
                    count=len(trumps), out=_still_out(trumps_out), out_zh=trumps_out,
                    low=_lowest_of(ctx, low, trumps, Words("trump", "主牌"))))
            unit = self._trump_lead(ctx, tunits, unseen)
            return finish(unit.cards, self._trumps_only(ctx, unit, trumps, unseen))
        # nothing sure: a low card of the shortest plain suit, to run out of it and trump it later
        pool = safe or plains
        if not pool:
            unit = self._trump_lead(ctx, units[EffectiveSuit.TRUMP], unseen)
            return finish(unit.cards, self._trumps_only(ctx, unit, held, unseen))
        suit = min(pool, key=lambda s: (len(by_suit[s]), -_outside(ctx, unseen, by_suit[s][0]), s.value))
        counts = Counter(by_suit[suit])
        low = min(by_suit[suit], key=lambda c: (card_points(c) > 0, counts[c] >= 2, ctx.strength(c), c.sort_key))
        suit_held = by_suit[suit]
        sure_card = not beatable(ctx, unseen, low, 1)
        if sure_card and all(ctx.strength(c) <= ctx.strength(low) for c in suit_held):
            what = Reason.make(RuleId.SJ_8, "your {cards}, the highest {single} still out",
                               "{cards}，这是外面最大的{suit}", cards=_the([low]), single=_single(suit), suit=_words(suit))
        elif sure_card:
            what = Reason.make(RuleId.SJ_8, "your {cards}, which no {single} in other hands can beat",
                               "{cards}，别人手里没有更大的{suit}", cards=_the([low]), single=_single(suit),
                               suit=_words(suit))
        else:
            what = _lowest_of(ctx, low, suit_held, _single(suit), counts)
        if not safe:
            start = Reason.make(RuleId.SJ_8, "An opponent has run out of every plain suit you hold, so nothing of "
                                             "yours is sure to win", "你的每门副牌都有对手已绝门，没有必胜的牌")
        else:
            start = Reason.make(RuleId.SJ_8, "Nothing of yours is sure to win", "没有必胜的牌")
        void = [o for o in opponents if suit in voids[o]]
        warning: Reason | Words = Words("", "")
        if void:
            who = (Reason.make(RuleId.SJ_8, "{seat}", "{seat}", seat=Seat(void[0])) if len(void) == 1 else
                   Reason.make(RuleId.SJ_8, "{one} and {two}", "{one}和{two}", one=Seat(void[0]), two=Seat(void[1])))
            warning = Reason.make(RuleId.SJ_8, "; {who} {has} no {suit} left and may trump it",
                                  "；{who}已没有{suit}，可能毙牌", who=who,
                                  has=Words("has" if len(void) == 1 else "have", ""), suit=_words(suit))
        if sure_card:
            return finish([low], Reason.make(RuleId.SJ_8, "{start}: lead {what}{warning}.", "{start}：出{what}{warning}。",
                                             start=start, what=what, warning=warning))
        if len(pool) == 1 and len(suit_held) > 2:
            return finish([low], Reason.make(
                RuleId.SJ_8, "{start}: lead {what}, and let your partner try to take the trick{warning}.",
                "{start}：出{what}，让对家争这一轮{warning}。", start=start, what=what, warning=warning))
        shortest = min(len(by_suit[s]) for s in plains)
        where = (Words("your shortest suit", "你最短的一门") if len(suit_held) == shortest else
                 Words("your shortest suit that no opponent has run out of", "对手都未绝门的门里你最短的一门"))
        return finish([low], Reason.make(
            RuleId.SJ_8, "{start}: lead {what}, from {where}, to run out of it and trump it later{warning}.",
            "{start}：出{what}。{suit}是{where}，早日打绝，以后可以毙牌{warning}。",
            start=start, what=what, suit=_words(suit), where=where, warning=warning))

    @staticmethod
    def _trumps_only(ctx: TrumpContext, unit: Unit, trumps: Sequence[Card], unseen: Counter[Card]) -> Reason:
        """Why a hand of only trumps leads ``unit``: the last card, a pair nothing beats, the lowest."""
        if len(trumps) == len(unit.cards):
            return Reason.make(RuleId.SJ_8, "Only {cards} {are} left in your hand: lead {them}.",
                               "手中只剩{cards}：全部首出。", cards=_the(unit.cards),
                               are=Words("is" if len(unit.cards) == 1 else "are", ""), them=_them(unit.cards))
        if unit.pairs and not beatable(ctx, unseen, unit.top, 2):
            return Reason.make(RuleId.SJ_8, "Only trumps are left in your hand: lead {cards}; no {shape} still out "
                                            "beats it.", "手中只剩主牌：出{cards}，外面没有更大的{shape}。",
                               cards=unit.cards, shape=_PAIR_WORD if unit.pairs == 1 else Words("tractor", "拖拉机"))
        if unit.pairs:
            return Reason.make(RuleId.SJ_8, "Only trumps are left in your hand, all in pairs: lead {cards}, keeping "
                                            "the biggest trumps for the end.",
                               "手中只剩主牌，都是对子：出{cards}，最大的主牌留到最后。", cards=unit.cards)
        return Reason.make(RuleId.SJ_8, "Only trumps are left in your hand: lead {low}, and keep the bigger ones for "
                                        "the end.", "手中只剩主牌：出{low}，大的留到最后。",
                           low=_lowest_of(ctx, unit.top, trumps, Words("trump", "主牌"), Counter(trumps)))

    @staticmethod
    def _trump_lead(ctx: TrumpContext, units: list[Unit], unseen: Counter[Card]) -> Unit:
        """With only trumps: a pair or tractor nothing beats, else the lowest single (big trumps last)."""
        sure = [u for u in units if u.pairs and not beatable(ctx, unseen, u.top, 2)]
        if sure:
            return sure[0]
        singles = [u for u in units if not u.pairs] or units
        return min(singles, key=lambda u: (keep_value(ctx, u.top), u.top.sort_key))

    # --- follows (SJ-9, SJ-10, SJ-11, SJ-12) ---

    def decide_follow(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        """The follow a sensible beginner chooses, and why (see the module docstring).

        When the rules leave one legal play (SJ-9), the reason says so and why (the only cards
        of the suit, the last cards, the pairs that must be played) and what the play does.
        """
        assert hand.ctx is not None and hand.lead is not None
        cards, reason = self._choose_follow(hand, seat)
        if legal_follows(hand.ctx, hand.rules, list(hand.lead), hand.hands[seat]).count() == 1:
            return cards, self._forced_reason(hand, seat, cards)
        return cards, reason

    def _choose_follow(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        lead, held = list(hand.lead), hand.hands[seat]
        plays = [list(cards) for _seat, cards in hand.trick]
        view = legal_follows(ctx, rules, lead, held)
        suit = ctx.effective_suit(lead[0])
        short = sum(1 for c in held if ctx.effective_suit(c) is suit) < len(lead)
        last = len(plays) == 3
        final = len(held) == len(lead)
        table = trick_points(c for play in plays for c in play)
        current = find_trick_winner(ctx, rules, plays).winner
        best_seat = hand.trick[current][0]
        best = plays[current]
        unseen = unseen_cards(hand, seat)
        counts = Counter(held)
        options = [self._option(ctx, rules, plays, cards, counts, suit)
                   for cards in self._follow_candidates(ctx, rules, view, lead, held, suit, counts)]
        partner = _partner(seat)
        partner_winning = best_seat == partner
        next_seat = (seat + 1) % 4

        def pick(key: Callable[[_Option], tuple[float, ...]], pool: Iterable[_Option] | None = None) -> _Option:
            return min(options if pool is None else pool, key=lambda o: (key(o), _code(o.cards)))

        suit_cards = [c for c in held if ctx.effective_suit(c) is suit]
        size = len(lead)
        if short:
            rest = sorted((c for c in held if ctx.effective_suit(c) is not suit), key=lambda c: (keep_value(ctx, c), c.sort_key))
            lowest = suit_cards + rest[:size - len(suit_cards)]
        else:
            lowest = sorted(suit_cards, key=lambda c: (keep_value(ctx, c), c.sort_key))[:size]

        def facts(cards: Sequence[Card]) -> _Facts:
            used = Counter(cards)
            broken = sum(1 for c, n in used.items() if n == 1 and counts[c] >= 2)
            return sum(keep_value(ctx, c) for c in cards), trick_points(cards), broken

        # what "lowest" is measured against: the plays weighed, the lowest legal play, and when
        # short every legal play (or the lowest without points, without breaking a pair, both)
        known = [facts(o.cards) for o in options] + ([facts(lowest)] if lowest in view else [])
        if short and view.count() <= FOLLOW_WINDOW:
            known += [facts(p) for p in view]
        elif short:
            need = size - len(suit_cards)
            spares: list[Callable[[Card], bool]] = [lambda c: not card_points(c), lambda c: counts[c] < 2,
                                                    lambda c: not card_points(c) and counts[c] < 2]
            for spare in spares:
                fill = [c for c in rest if spare(c)][:need]
                if len(fill) == need:
                    known.append(facts(suit_cards + fill))

        def low(chosen: _Option) -> Reason:
            """How low ``chosen`` is among the plays known (the fill only, when short)."""
            shown = _without(chosen.cards, suit_cards) if short else chosen.cards
            return _low_words(facts(chosen.cards), known, shown)[0]

        def play(chosen: _Option, verb: Words = _FOLLOW_WITH) -> Reason:
            """``follow with your lowest card, ♦6``, or what a short hand must play and what it adds."""
            if not short:
                return Reason.make(RuleId.SJ_9, "{verb} {low}", "{verb}{low}", verb=verb, low=low(chosen))
            return _short_play(suit, suit_cards, low(chosen))

        def given(chosen: _Option) -> Reason | Words:
            """What ``chosen`` gives the trick: ``, giving no points`` / ``; it gives 10 points, the fewest you can``."""
            fewest = min(points for _rank, points, _broken in known)
            shown = _without(chosen.cards, suit_cards) if short else chosen.cards
            if not chosen.points and _low_words(facts(chosen.cards), known, shown)[1]:
                return Words("", "")
            if not chosen.points:
                return Reason.make(RuleId.SJ_11, ", giving no points", "，不送分")
            if chosen.points == fewest:
                return Reason.make(RuleId.SJ_11, "; it gives {points}, the fewest you can", "；送出{points}，已是最少",
                                   points=_points(chosen.points))
            return Reason.make(RuleId.SJ_11, "; it gives {points}", "；送出{points}", points=_points(chosen.points))

        def beats(chosen: _Option) -> Reason:
            """A cheap play that wins all the same: ``Play ♠9: it beats West's ♠4 for now ...``."""
            sure = last or self._sure(ctx, rules, unseen, chosen, next_seat, suit, hand)
            if chosen.trumps_in:
                what = Reason.make(RuleId.SJ_10, "With no {suit} left, trump with {low}", "{suit}已绝门，用{low}毙牌",
                                   suit=_words(suit), low=low(chosen))
            else:
                what = Reason.make(RuleId.SJ_9, "Play {low}", "出{low}", low=low(chosen))
            return Reason.make(
                RuleId.SJ_10 if short else RuleId.SJ_9,
                "{what}: it beats {winner}'s {best} and {result}.",
                "{what}：大过{winner}的{best}，{result}。",
                what=what, winner=Seat(best_seat), best=best,
                result=(Words("wins the trick", "拿下这一轮") if sure else
                        Reason.make(RuleId.SJ_9, "leads the trick for now, though {next} plays after you",
                                    "暂时领先，但{next}还没出牌", next=Seat(next_seat))))

        if partner_winning:
            safe = last or not self._beatable_play(ctx, rules, unseen, best, next_seat, suit, hand)
            if safe:
                chosen = pick(lambda o: (o.cost - GIVE_WEIGHT * o.points,))
                if chosen.points:
                    return chosen.cards, Reason.make(
                        RuleId.SJ_11, "Your partner {partner} is winning this trick: give them {cards} ({points} points).",
                        "对家{partner}正在赢这一轮：垫上{cards}（{points}分）。",
                        partner=Seat(partner), cards=chosen.cards, points=chosen.points)
                if short:
                    return chosen.cards, Reason.make(
                        RuleId.SJ_10, "Your partner {partner} is winning this trick; {play}.",
                        "对家{partner}正在赢这一轮；{play}。", partner=Seat(partner), play=play(chosen))
                return chosen.cards, Reason.make(
                    RuleId.SJ_9, "Your partner {partner} is winning this trick, so keep your strong cards: {play}.",
                    "对家{partner}正在赢这一轮，留住大牌：{play}。", partner=Seat(partner), play=play(chosen))
            sure = [o for o in options if o.wins and self._sure(ctx, rules, unseen, o, next_seat, suit, hand)]
            if sure and table >= 10:
                chosen = pick(lambda o: (o.cost,), sure)
                return chosen.cards, Reason.make(
                    RuleId.SJ_9, "{partner}'s {best} could still be beaten by {next}, who plays after you; your {cards} "
                                 "cannot be: take the trick over and keep its {points} points for your side.",
                    "{partner}的{best}还可能被{next}管住，而你的{cards}没人管得住：接过这一轮，保住{points}分。",
                    partner=Seat(partner), best=best, next=Seat(next_seat), cards=chosen.cards,
                    points=table + chosen.points)
            chosen = pick(lambda o: (o.cost + KEEP_POINTS_WEIGHT * o.points,))
            return chosen.cards, Reason.make(
                RuleId.SJ_9 if not short else RuleId.SJ_10,
                "Your partner {partner} is winning this trick for now, but {next} plays after you and could still "
                "beat it: {play}{given}.",
                "对家{partner}暂时领先，但{next}还没出牌，可能管上：{play}{given}。",
                partner=Seat(partner), next=Seat(next_seat), play=play(chosen, Words("play", "出")),
                given=given(chosen))

        winners = [o for o in options if o.wins]
        if winners:
            chosen = pick(lambda o: (o.cost,), winners)
            sure = [o for o in winners if last or self._sure(ctx, rules, unseen, o, next_seat, suit, hand)]
            cheapest = pick(lambda o: (o.cost + KEEP_POINTS_WEIGHT * o.points,))
            if final:
                chosen = pick(lambda o: (o.cost,), sure or winners)
                return chosen.cards, Reason.make(
                    RuleId.SJ_12, "This is the last trick, and whoever wins it decides the kitty: play {cards} to {win}.",
                    "这是最后一轮，赢家决定底牌的归属：出{cards}{win_zh}。", cards=chosen.cards,
                    win=Words("win it", "") if chosen in sure else Words("try to win it", ""),
                    win_zh=Words("", "拿下") if chosen in sure else Words("", "争这一轮"))
            worth = self._worth(ctx, chosen, cheapest, table, last, bool(sure), partner_to_come=len(plays) == 1)
            if worth:
                if sure and not last:
                    chosen = pick(lambda o: (o.cost,), sure)
                points = table + chosen.points
                if chosen.trumps_in:
                    if chosen in sure:
                        return chosen.cards, Reason.make(
                            RuleId.SJ_10, "You have no {suit} left: trump with {cards} and take the trick ({points}).",
                            "{suit}已绝门：用{cards}毙牌，拿下这一轮（{points}）。",
                            suit=_words(suit), cards=_the(chosen.cards), points=_points(points))
                    return chosen.cards, Reason.make(
                        RuleId.SJ_10, "You have no {suit} left: trump with {cards}, which wins the trick for now "
                                      "({points}); {next} plays after you and may still over-trump it.",
                        "{suit}已绝门：用{cards}毙牌，暂时领先（{points}）；{next}还没出牌，可能盖毙。",
                        suit=_words(suit), cards=_the(chosen.cards), points=_points(points), next=Seat(next_seat))
                if last and not points:
                    return chosen.cards, Reason.make(
                        RuleId.SJ_8, "You play last and {cards} {beats} {winner}'s {best} at little cost: take the "
                                     "trick, and with it the next lead.",
                        "你最后出牌，{cards}能大过{winner}的{best}，代价不大：拿下这一轮，下一轮由你首出。",
                        cards=_the(chosen.cards), winner=Seat(best_seat), best=best, beats=_beats(chosen.cards))
                if last:
                    return chosen.cards, Reason.make(
                        RuleId.SJ_9, "You play last and {cards} {beats} {winner}'s {best}: take the trick ({points} points).",
                        "你最后出牌，{cards}大过{winner}的{best}：拿下这一轮（{points}分）。",
                        cards=_the(chosen.cards), winner=Seat(best_seat), best=best, points=points,
                        beats=_beats(chosen.cards))
                if chosen in sure:
                    return chosen.cards, Reason.make(
                        RuleId.SJ_9, "Nothing still out beats your {cards} in {suit}: it wins the trick for your side "
                                     "({points} so far).",
                        "外面的{suit}没有比{cards}更大的：这一轮归你方（目前{points}）。",
                        cards=chosen.cards, suit=_words(suit), points=_points(points))
                return chosen.cards, Reason.make(
                    RuleId.SJ_9, "Your {cards} {beats} {winner}'s {best} and the trick holds {points}: worth taking "
                                 "the lead, though {next} plays after you and may still beat it.",
                    "你的{cards}大过{winner}的{best}，这一轮已有{points}：值得一争，虽然{next}还没出牌，可能管上。",
                    cards=chosen.cards, winner=Seat(best_seat), best=best, points=_points(points),
                    next=Seat(next_seat), beats=_beats(chosen.cards))
        chosen = pick(lambda o: (o.cost + KEEP_POINTS_WEIGHT * o.points,))
        if chosen.wins:
            return chosen.cards, beats(chosen)
        if len(plays) == 1:
            return chosen.cards, Reason.make(
                RuleId.SJ_10 if short else RuleId.SJ_9,
                "Your partner {partner} still plays after you, so keep your strong cards: {play}.",
                "对家{partner}还在后面，留住大牌：{play}。", partner=Seat(partner),
                play=play(chosen, Words("play", "出")))
        why = (Words("it is not worth what winning would cost", "不值得花大牌去管")
               if winners else Words("you cannot beat it", "你管不住"))
        if short:
            why = (Words("trumping it is not worth the trump", "不值得用主牌毙")
                   if winners else Words("you cannot beat it", "你管不住"))
            return chosen.cards, Reason.make(
                RuleId.SJ_10, "{winner} is winning this trick and {why}; {play}{given}.",
                "{winner}正在赢这一轮，{why}；{play}{given}。",
                winner=Seat(best_seat), why=why, play=play(chosen), given=given(chosen))
        return chosen.cards, Reason.make(
            RuleId.SJ_9, "{winner}'s {best} is winning this trick and {why}: {play}{given}.",
            "{winner}的{best}正在赢这一轮，{why}：{play}{given}。",
            winner=Seat(best_seat), best=best, why=why, play=play(chosen), given=given(chosen))

    # --- follow helpers ---

    def _forced_reason(self, hand: ShengjiHand, seat: int, cards: list[Card]) -> Reason:
        """Why the only legal follow is forced (SJ-9) and what it does to the trick."""
        assert hand.ctx is not None and hand.lead is not None
        ctx = hand.ctx
        lead, held = list(hand.lead), hand.hands[seat]
        suit = ctx.effective_suit(lead[0])
        suit_cards = [c for c in held if ctx.effective_suit(c) is suit]
        follow = Words("follow trumps", "跟主") if suit is EffectiveSuit.TRUMP else Words("follow suit", "跟出")
        if len(held) == len(lead):
            why = Reason.make(RuleId.SJ_9, "You have only {cards} left, so you must play {them}",
                              "你只剩{cards}，只能打出", cards=_the(cards), them=_them(cards))
        elif len(suit_cards) == len(lead) == 1:
            why = Reason.make(RuleId.SJ_9, "Your only {single} is {cards}, and you must {follow}",
                              "你的{suit}只剩{cards}一张，必须{follow}", single=_single(suit), suit=_words(suit),
                              cards=_the(cards), follow=follow)
        elif len(suit_cards) == len(lead):
            why = Reason.make(RuleId.SJ_9, "You hold only these {suit}, {cards}, and must {follow} with all of them",
                              "你的{suit}只剩{cards}，必须全部{follow}", suit=_words(suit), cards=cards, follow=follow)
        elif len(set(suit_cards)) == 1 and len(lead) == 1:
            why = Reason.make(RuleId.SJ_9, "Your only {suit} are {held}, and you must {follow} with one of them",
                              "你的{suit}只有{held}，必须{follow}一张", suit=_words(suit), held=suit_cards,
                              follow=follow)
        elif len(suit_cards) < len(lead):
            why = Reason.make(RuleId.SJ_9, "You must play all your {suit} and have only one way to fill up the rest: "
                                           "{cards}", "你的{suit}不够，必须全部跟出，补牌也只有一种出法：{cards}",
                              suit=_words(suit), cards=cards)
        else:
            why = Reason.make(RuleId.SJ_9, "The rules leave you one legal play, {cards}: the pairs of {suit} you "
                                           "hold must follow the pairs led",
                              "按规则你只有一种出法：{cards}（首家出对，有{suit}对子必须跟对子）",
                              suit=_words(suit), cards=cards)
        return Reason.make(RuleId.SJ_9, "{why}. {outcome}", "{why}。{outcome}",
                           why=why, outcome=self._outcome(hand, seat, cards))

    def _outcome(self, hand: ShengjiHand, seat: int, cards: list[Card]) -> Reason:
        """What a play does to the trick: who is winning it after the play, and the points it adds."""
        assert hand.ctx is not None
        ctx, rules = hand.ctx, hand.rules
        plays = [list(p) for _s, p in hand.trick]
        suit = ctx.effective_suit(plays[0][0])
        last = len(plays) == 3
        next_seat = (seat + 1) % 4
        winner = find_trick_winner(ctx, rules, plays + [cards]).winner
        winner_seat = seat if winner == len(plays) else hand.trick[winner][0]
        winning = plays[winner] if winner < len(plays) else cards
        unseen = unseen_cards(hand, seat)
        sure = last or not self._beatable_play(ctx, rules, unseen, winning, next_seat, suit, hand)
        total = trick_points(c for p in plays + [cards] for c in p)
        added = trick_points(cards)
        final = len(hand.hands[seat]) == len(cards)
        kitty = (Words(" It is the last trick: its winner decides the kitty.", "这是最后一轮，赢家决定底牌的归属。")
                 if final else Words("", ""))
        if winner_seat == seat:
            if sure:
                return Reason.make(RuleId.SJ_9, "It wins the trick for your side ({points}).{kitty}",
                                   "这一轮归你方（{points}）。{kitty}", points=_points(total), kitty=kitty)
            return Reason.make(RuleId.SJ_9, "It leads the trick ({points}) for now; {next} plays after you and may "
                                            "still beat it.{kitty}",
                               "你暂时领先（{points}），但{next}还没出牌，可能管上。{kitty}",
                               points=_points(total), next=Seat(next_seat), kitty=kitty)
        later = (Words("", "") if sure else
                 Reason.make(RuleId.SJ_9, " for now, and {next} plays after you", "，{next}还没出牌",
                             next=Seat(next_seat)))
        if winner_seat == _partner(seat):
            who = Reason.make(RuleId.SJ_9, "your partner {partner}", "对家{partner}", partner=Seat(winner_seat))
        else:
            who = Reason.make(RuleId.SJ_9, "{winner}", "{winner}", winner=Seat(winner_seat))
        adds = (Reason.make(RuleId.SJ_11, "; your {cards} {add} {points} to it", "；你的{cards}给这一轮添了{points}",
                            cards=cards, add=Words("adds" if len(cards) == 1 else "add", ""), points=_points(added))
                if added else Words("", ""))
        return Reason.make(RuleId.SJ_9, "After your play, {who} is winning the trick{later}{adds}.{kitty}",
                           "你出牌后{who}领先{later}{adds}。{kitty}", who=who, later=later, adds=adds, kitty=kitty)

    @staticmethod
    def _worth(ctx: TrumpContext, chosen: _Option, cheapest: _Option, table: int, last: bool, sure: bool,
               partner_to_come: bool) -> bool:
        """Whether winning the trick with ``chosen`` is worth its price."""
        points = table + chosen.points
        big = any(keep_value(ctx, c) >= BIG_TRUMP for c in chosen.cards)
        if big and points < 15 and len(chosen.cards) == 1:
            return False  # keep the big trumps for the end
        if chosen.trumps_in:
            return points >= 5 or len(chosen.cards) > 1
        if last:
            return points > 0 or chosen.cost - cheapest.cost <= 4
        if partner_to_come:
            return sure and (points > 0 or chosen.cost - cheapest.cost <= 4)
        return sure or points >= 10

    def _beatable_play(self, ctx: TrumpContext, rules: Any, unseen: Counter[Card], play: list[Card],
                       next_seat: int, suit: EffectiveSuit, hand: ShengjiHand) -> bool:
        """Whether the player after the bot might still beat ``play`` (the winning play so far)."""
        top = max(play, key=ctx.strength)
        copies = 2 if shape_of(ctx, rules, play).pairs else 1
        play_suit = ctx.effective_suit(top)
        # a higher card of the suit may be out, or the next player is void (shown, or counted: no
        # card of the suit is left unseen) and may trump
        void = suit in known_voids(hand)[next_seat] or not any(
            ctx.effective_suit(c) is suit for c in unseen)
        return beatable(ctx, unseen, top, copies) or (play_suit is not EffectiveSuit.TRUMP and void)

    def _sure(self, ctx: TrumpContext, rules: Any, unseen: Counter[Card], option: _Option, next_seat: int,
              suit: EffectiveSuit, hand: ShengjiHand) -> bool:
        return not self._beatable_play(ctx, rules, unseen, option.cards, next_seat, suit, hand)

    @staticmethod
    def _option(ctx: TrumpContext, rules: Any, plays: list[list[Card]], cards: list[Card], counts: Counter[Card],
                suit: EffectiveSuit) -> _Option:
        wins = find_trick_winner(ctx, rules, plays + [cards]).winner == len(plays)
        used = Counter(cards)
        broken = sum(1 for c, n in used.items() if n == 1 and counts[c] >= 2)
        cost = sum(keep_value(ctx, c) for c in cards) + 4 * broken
        trumps_in = suit is not EffectiveSuit.TRUMP and all(ctx.is_trump(c) for c in cards)
        return _Option(cards, wins, cost, trick_points(cards), trumps_in)

    @staticmethod
    def _follow_candidates(ctx: TrumpContext, rules: Any, view: LegalFollows, lead: list[Card], held: list[Card],
                           suit: EffectiveSuit, counts: Counter[Card]) -> list[list[Card]]:
        """The legal follows worth weighing: all of them when the suit is held (up to a window),
        else the suit's cards plus the cheapest fillers, and each way of trumping when void."""
        size = len(lead)
        suit_cards = [c for c in held if ctx.effective_suit(c) is suit]
        candidates: list[list[Card]] = []
        if len(suit_cards) >= size:
            candidates = list(islice(view, FOLLOW_WINDOW))
            greedy = sorted(suit_cards, key=lambda c: (keep_value(ctx, c), c.sort_key))
            for picks in (greedy[:size], greedy[-size:]):
                if picks in view:
                    candidates.append(picks)
        else:
            rest = [c for c in held if ctx.effective_suit(c) is not suit]
            need = size - len(suit_cards)
            for weight in (KEEP_POINTS_WEIGHT, -GIVE_WEIGHT):
                fill = sorted(rest, key=lambda c: (keep_value(ctx, c) + 4 * (counts[c] >= 2) + weight * card_points(c),
                                                   c.sort_key))[:need]
                candidates.append(suit_cards + fill)
            if not suit_cards and suit is not EffectiveSuit.TRUMP:
                trumps = [c for c in rest if ctx.is_trump(c)]
                shape = shape_of(ctx, rules, lead)
                if shape.kind == "single":
                    candidates += [[c] for c in dict.fromkeys(trumps)]
                elif shape.kind == "pair":
                    candidates += [[c, c] for c in find_pairs(ctx, trumps)]
                elif shape.kind == "tractor" and len(trumps) >= size:
                    candidates += [[c for c in t for _ in range(2)] for t in find_tractors(ctx, rules, trumps, shape.pairs)]
        legal = [c for c in candidates if c in view]
        return legal or list(islice(view, 1))


# --- a match: bots against random players -------------------------------------------------------

@dataclass
class MatchReport:
    """Hands between a bot team and a team of random players, and how each hand went.

    ``points``: per hand, (bot team, other team), each its trick points plus the kitty when it
    attacked and the kitty counted (SJ-11, SJ-12).  ``attacking``: whether the bots attacked.
    ``attacker_points``: the attackers' total, which decides the level change (SJ-13).
    ``checks``: the simulator's invariants (legal actions, ended hands, 200 points...).
    """

    takeover_line: int
    checks: Report = field(default_factory=Report)
    points: list[tuple[int, int]] = field(default_factory=list)
    attacking: list[bool] = field(default_factory=list)
    attacker_points: list[int] = field(default_factory=list)

    @property
    def hands(self) -> int:
        return len(self.points)

    @property
    def more_share(self) -> float:
        """The share of hands in which the bot team took more points than the other team."""
        return sum(b > o for b, o in self.points) / max(1, self.hands)

    @property
    def mean_points(self) -> tuple[float, float]:
        """The mean points per hand of the bot team and of the other team."""
        n = max(1, self.hands)
        return sum(b for b, _o in self.points) / n, sum(o for _b, o in self.points) / n

    @property
    def hand_win_share(self) -> float:
        """The share of hands the bot team won: as attackers reaching the take-over line, as the
        dealer's team holding the attackers below it (SG-7 / SS-7)."""
        won = sum((points >= self.takeover_line) == attack
                  for points, attack in zip(self.attacker_points, self.attacking))
        return won / max(1, self.hands)

    def attack_means(self) -> tuple[float, float]:
        """The attackers' mean total when the bots attacked, and when the others did."""
        bots = [p for p, a in zip(self.attacker_points, self.attacking) if a]
        others = [p for p, a in zip(self.attacker_points, self.attacking) if not a]
        return sum(bots) / max(1, len(bots)), sum(others) / max(1, len(others))


def match(rules: Ruleset, hands: int, seed: int, bot_seats: tuple[int, int] = (0, 2),
          bot: ShengjiBot | None = None, opponent: RandomPlayer | ShengjiBot | None = None) -> MatchReport:
    """``hands`` hands (games restart when one ends) with ``bot`` at ``bot_seats`` (partners)
    and ``opponent`` at the other two (by default a :class:`~cardlib.shengji.player.RandomPlayer`
    on the match's generator), through the simulator, which checks every action and every
    hand's invariants.  The same seed plays the same hands."""
    if set(bot_seats) not in ({0, 2}, {1, 3}):
        raise InvalidPositionError(f"the bots' seats must be partners (0 and 2, or 1 and 3), not {bot_seats}")
    bot = bot or ShengjiBot()
    rng = random.Random(seed)
    other = opponent or RandomPlayer(rng)
    players: list[Any] = [bot if s in bot_seats else other for s in range(4)]
    team = bot_seats[0] % 2
    result = MatchReport(rules.takeover_line)
    game = ShengjiGame(rules, rng.getrandbits(64))
    while result.hands < hands:
        finished = play_hand(game.hand, players, result.checks)
        result.checks.hands += 1
        done = game.hand.result
        if finished and done is not None:
            hand = game.hand
            attackers = hand.attackers
            points = [hand.points[0], hand.points[1]]
            points[attackers] += done.kitty_points
            result.points.append((points[team], points[1 - team]))
            result.attacking.append(attackers == team)
            result.attacker_points.append(done.attacker_points)
        if not finished:
            result.points.append((0, 0))  # counted, so a broken hand cannot loop for ever
            result.attacking.append(False)
            result.attacker_points.append(0)
        if not finished or game.next_hand() is None:
            game = ShengjiGame(rules, rng.getrandbits(64))
    return result


def _top_plain(ctx: TrumpContext, card: Card) -> Card:
    """The plain ace of ``card``'s suit (the top plain card, unless the level is A: then the K)."""
    assert card.suit is not None
    suit: Suit = card.suit
    return max((c for c in _DECK_COUNTS if c.suit is suit and not ctx.is_trump(c)), key=ctx.strength)


def _outside(ctx: TrumpContext, unseen: Counter[Card], card: Card) -> int:
    """How many unseen cards share ``card``'s effective suit (the more, the fewer voids)."""
    suit = ctx.effective_suit(card)
    return sum(n for c, n in unseen.items() if ctx.effective_suit(c) is suit)


def _words(suit: EffectiveSuit) -> Words:
    """A suit as the reader says it ("hearts", "trumps" / 红桃, 主牌)."""
    return Words(suit.en, suit.zh)


def _single(suit: EffectiveSuit) -> Words:
    """One card of a suit: ``diamond``, ``trump`` / 方块, 主牌."""
    return Words(suit.one, suit.zh)


def _points(points: int) -> Words:
    """Points as players say them: ``no points`` / ``没有分``, ``10 points`` / ``10分``."""
    return Words(f"{points} points", f"{points}分") if points else Words("no points", "没有分")


def _count(count: int, suit: Suit | EffectiveSuit) -> Words:
    """``1 heart``, ``5 hearts`` / ``1张红桃``, ``5张红桃``."""
    name = suit if isinstance(suit, EffectiveSuit) else EffectiveSuit(suit.value)
    return Words(f"{count} {name.one if count == 1 else name.en}", f"{count}张{name.zh}")


def _card_word(cards: Sequence[Card]) -> Words:
    return Words("card" if len(cards) == 1 else "cards", "")


def _beats(cards: Sequence[Card]) -> Words:
    return Words("beats" if len(cards) == 1 else "beat", "")


def _them(cards: Sequence[Card]) -> Words:
    return Words("it" if len(cards) == 1 else "them", "")


def _the(cards: Sequence[Card]) -> Reason:
    """Cards in a sentence: ``the big joker`` (a lone joker takes the article), else ``♦K``."""
    if len(cards) == 1 and cards[0].is_joker:
        return Reason.make(RuleId.SJ_9, "the {cards}", "{cards}", cards=list(cards))
    return Reason.make(RuleId.SJ_9, "{cards}", "{cards}", cards=list(cards))


def _without(cards: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``cards`` less one copy of each of ``used``."""
    rest = list(cards)
    for card in used:
        if card in rest:
            rest.remove(card)
    return rest


def _low_words(chosen: _Facts, known: Sequence[_Facts], shown: Sequence[Card]) -> tuple[Reason, bool]:
    """How low a play is among the plays ``known``, said truthfully: ``your lowest card, ♦6``;
    ``♦Q, the lowest you can play without giving points`` (every lower play gives points); without
    breaking a pair; both; or just the cards.  Each play is known by its facts: the cards' keep
    value (SJ-5: rank, trumps above), its points, the pairs it breaks.  The flag: the words
    already say that no points are given."""
    rank, points, broken = chosen
    lower = [fact for fact in known if fact[0] < rank]
    if not lower:
        return Reason.make(RuleId.SJ_9, "your lowest {cw}, {cards}", "最小的{cards}", cw=_card_word(shown),
                           cards=_the(shown)), False
    if not points and all(p for _r, p, _b in lower):
        return Reason.make(RuleId.SJ_9, "{cards}, the lowest you can play without giving points",
                           "{cards}（不送分的出法里最小的）", cards=_the(shown)), True
    if not broken and all(b for _r, _p, b in lower):
        return Reason.make(RuleId.SJ_9, "{cards}, the lowest you can play without breaking a pair",
                           "{cards}（不拆对子的出法里最小的）", cards=_the(shown)), False
    if not points and not broken and all(p or b for _r, p, b in lower):
        return Reason.make(RuleId.SJ_9, "{cards}, the lowest you can play without giving points or breaking a pair",
                           "{cards}（不送分、不拆对子的出法里最小的）", cards=_the(shown)), True
    return _the(shown), False


def _short_play(suit: EffectiveSuit, suit_cards: Sequence[Card], low: Reason, verb: Words = _DISCARD) -> Reason:
    """What a hand short of the led suit plays: ``with no diamonds left, discard ...``, or its last
    cards of the suit and a discard (SJ-9, SJ-10)."""
    if not suit_cards:
        return Reason.make(RuleId.SJ_10, "with no {suit} left, {verb} {low}", "{suit}已绝门，{verb}{low}",
                           suit=_words(suit), verb=verb, low=low)
    return Reason.make(RuleId.SJ_10, "play your last {suit}, {cards}, and add {low}",
                       "{cards}是你最后的{suit_zh}，全部跟出，再垫{low}",
                       suit=_single(suit) if len(suit_cards) == 1 else _words(suit), suit_zh=_words(suit),
                       cards=_the(suit_cards), low=low)

def _still_out(count: int) -> Words:
    """``1 is still out`` / ``5 are still out`` (trumps not seen)."""
    return Words(f"{count} {'is' if count == 1 else 'are'} still out", str(count))


def _lowest_of(ctx: TrumpContext, card: Card, cards: Sequence[Card], single: Words,
               counts: Counter[Card] | None = None) -> Reason:
    """``card`` among ``cards`` said truthfully: ``your lowest diamond, ♦3``; ``♦J, your lowest
    diamond that is neither a point card nor one of a pair`` (a lower one is); or just the card."""
    counts = counts if counts is not None else Counter(cards)
    lower = [c for c in cards if ctx.strength(c) < ctx.strength(card) or keep_value(ctx, c) < keep_value(ctx, card)]
    if not lower:
        return Reason.make(RuleId.SJ_8, "your lowest {single}, {cards}", "最小的{single}{cards}",
                           single=single, cards=_the([card]))
    free = not card_points(card) and counts[card] < 2
    if not card_points(card) and all(card_points(c) for c in lower):
        return Reason.make(RuleId.SJ_8, "{cards}, your lowest {single} without points",
                           "{cards}（不带分的{single}里最小的）", single=single, cards=_the([card]))
    if counts[card] < 2 and all(counts[c] >= 2 for c in lower):
        return Reason.make(RuleId.SJ_8, "{cards}, your lowest {single} that is not one of a pair",
                           "{cards}（不拆对的{single}里最小的）", single=single, cards=_the([card]))
    if free and all(card_points(c) or counts[c] >= 2 for c in lower):
        return Reason.make(RuleId.SJ_8, "{cards}, your lowest {single} that is neither a point card nor one of a pair",
                           "{cards}（不带分、不拆对的{single}里最小的）", single=single, cards=_the([card]))
    return _the([card])


def _code(cards: list[Card]) -> str:
    """A stable tie-break between equal options."""
    return " ".join(map(str, cards))


__all__ = ["Decision", "MatchReport", "ShengjiBot", "beatable", "keep_value", "known_voids", "match", "played_cards", "unseen_cards"]
