"""The strong 升级 sparring bot: the beginner's bot, plus what a careful player tracks.

:class:`SparringShengjiBot` plays as :class:`~cardlib.shengji.bots.ShengjiBot` (calls, burial,
most leads and follows, the same reasons) and corrects it where a careful player would:

- it tracks, from what its seat has seen only (:func:`seat_view`: its hand, the cards played,
  the voids shown, the kitty only when it buried it), which seats have run out of a suit: shown
  (another suit played to its lead) or counted (every card of the suit is accounted for), and
  which of them may still hold trumps;
- **leads** (SJ-8): a sure card with points first, before anyone runs out of its suit (SJ-11);
  never into a plain suit an opponent may trump (SJ-10), when a trump or another suit will do;
  never a point card into such a suit; to its partner, when the partner may trump a suit the
  opponents still follow; big trumps (jokers, level cards) are not led alone to draw trumps
  while it holds lower ones: they are kept for tricks with points;
- **follows** (SJ-9 … SJ-12): it gives points (垫分, SJ-11) to a partner who is winning only when
  the win is safe, nobody still to play being able to beat it by what is known (higher cards
  still out, a void with trumps, a suit so thin the player still to come may be out of it);
  otherwise it says the risk and keeps its points; second to play, it takes the trick with a
  card nothing still out beats when the player after it cannot trump, and gives points ahead of a
  partner who plays last and may trump a suit the opponent between must follow (and says so);
  it does not spend a big trump on a trick of fewer than 10 points, but for the last trick
  (SJ-12); out of the suit led, it trumps low to take the lead when a sure card waits to be
  cashed, or discards the last card of a short suit to trump that suit later.

Each correction can be switched off by a class attribute (``partner_leads``, ``ruff_care``,
``big_care``, ``safe_give``, ``trump_draw_low``, ``count_thin``, ``void_discards``,
``ruff_for_lead``, ``feed_ruff``, ``sure_points_first``, ``second_hand_take``), to measure what
it is worth.  Over 1,000 deals played both ways round (the strong team as North-South, then as
East-West), the strong team took 2.6 ± 1.0 points a hand more than the beginner's bots; in
``benchmarks/bots.py`` (2,000 hands a preset, games played on) +0.8 points a hand and 50.4% of
hands won under the 四人升级 guide, +3.0 and 52.2% under the 双升 guide: a small edge.

Like the beginner's bot it makes no random choice and decides nothing a rule decides: legality,
winners and points come from the engine.

>>> from cardlib.shengji.rules import get_ruleset
>>> from cardlib.shengji.bots import ShengjiBot, match
>>> report = match(get_ruleset("shengji"), 2, seed=1, bot=SparringShengjiBot(), opponent=ShengjiBot())
>>> report.checks.ok, report.hands
(True, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..explain import Reason, Seat, Words
from ..rule_ids import RuleId
from .bots import (
    BIG_TRUMP,
    KEEP_POINTS_WEIGHT,
    ShengjiBot,
    _lowest_of,
    _partner,
    _points,
    _single,
    _the,
    _words,
    beatable,
    keep_value,
    known_voids,
    unseen_cards,
)
from .combos import shape_of
from .follow import legal_follows
from .hand import ShengjiHand
from .leads import check_lead
from .scoring import card_points, trick_points
from .trick import find_trick_winner
from .trump import EffectiveSuit, TrumpContext

#: A trick worth spending a big trump on holds at least this many points (but the last trick).
BIG_TRUMP_POINTS = 10
#: A plain suit with this few cards still out may have run out in the hand still to play.
THIN_SUIT = 2


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat knows in the play: the cards it has not seen, each seat's voids (shown or
    counted), and the plain suits each seat may trump (void in it, and not known to be out of
    trumps while trumps are still out)."""

    seat: int
    unseen: Counter[Card]
    voids: dict[int, set[EffectiveSuit]]
    ruffs: dict[int, set[EffectiveSuit]]
    trumps_out: int


def seat_view(hand: ShengjiHand, seat: int) -> SeatView:
    """``seat``'s view of the play (SJ-9, SJ-10): built only from its hand, the cards played, the
    voids shown and, for the dealer, the kitty it buried (:func:`~cardlib.shengji.bots.unseen_cards`)."""
    assert hand.ctx is not None
    ctx = hand.ctx
    unseen = unseen_cards(hand, seat)
    voids = {s: set(v) for s, v in known_voids(hand).items()}
    out = Counter(ctx.effective_suit(c) for c in unseen.elements())
    for suit in EffectiveSuit:
        if not out[suit]:
            for other in range(4):
                if other != seat:
                    voids[other].add(suit)
    trumps_out = out[EffectiveSuit.TRUMP]
    ruffs: dict[int, set[EffectiveSuit]] = {s: ({v for v in voids[s] if v is not EffectiveSuit.TRUMP}
                 if trumps_out and EffectiveSuit.TRUMP not in voids[s] else set()) for s in range(4)}
    return SeatView(seat, unseen, voids, ruffs, trumps_out)


def _big(ctx: TrumpContext, card: Card) -> bool:
    """A joker or a level card: a trump worth keeping for a trick with points."""
    return keep_value(ctx, card) >= BIG_TRUMP


def _who(seats: Sequence[int]) -> Reason:
    if len(seats) == 1:
        return Reason.make(RuleId.SJ_10, "{seat}", "{seat}", seat=Seat(seats[0]))
    return Reason.make(RuleId.SJ_10, "{one} and {two}", "{one}和{two}", one=Seat(seats[0]), two=Seat(seats[1]))


def _have(seats: Sequence[int]) -> Words:
    return Words("has" if len(seats) == 1 else "have", "")


class SparringShengjiBot(ShengjiBot):
    """The strong level of 升级 (see the module docstring)."""

    partner_leads = True
    ruff_care = True
    big_care = True
    safe_give = True
    trump_draw_low = True
    count_thin = True
    void_discards = True
    ruff_for_lead = True
    feed_ruff = True
    sure_points_first = True
    second_hand_take = True

    # --- leads (SJ-8, SJ-10) ---

    def decide_lead(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        """The beginner's lead, corrected: no lead into a suit an opponent may trump, no point
        card into it, a lead to the partner's void, no big trump led alone to draw trumps."""
        assert hand.ctx is not None
        ctx, rules, held = hand.ctx, hand.rules, hand.hands[seat]
        cards, reason = ShengjiBot.decide_lead(self, hand, seat)
        view = seat_view(hand, seat)
        opponents = [(seat + 1) % 4, (seat + 3) % 4]
        partner = _partner(seat)
        suit = ctx.effective_suit(cards[0])
        trumps = sorted((c for c in held if ctx.is_trump(c)), key=lambda c: (keep_value(ctx, c), c.sort_key))
        plains = [c for c in held if not ctx.is_trump(c)]
        ruffers = [o for o in opponents if suit in view.ruffs[o]]
        sure = self._sure_lead(ctx, rules, view, cards, opponents)
        if self.sure_points_first and sure and suit is not EffectiveSuit.TRUMP and not trick_points(cards) \
                and len(cards) == 1:
            banked = [c for c in plains if card_points(c) and self._sure_lead(ctx, rules, view, [c], opponents)]
            if banked:
                card = max(banked, key=lambda c: (card_points(c), c.sort_key))
                return [card], Reason.make(
                    RuleId.SJ_11, "Lead {card}: nothing still out beats it and nobody is known to be able to trump "
                                  "it, so its {points} points are yours before anyone runs out of {suit}.",
                    "出{card}：外面没有更大的，也没人能毙，趁还没人绝门，先把这{points}分拿到手。",
                    card=_the([card]), points=card_points(card), suit=_words(ctx.effective_suit(card)))
        # a lead to the partner's void: the partner may trump, the opponents must follow
        if not sure and self.partner_leads:
            led = self._partner_lead(ctx, view, plains, opponents, partner)
            if led is not None:
                low, lead_suit = led
                return [low], Reason.make(
                    RuleId.SJ_10, "No lead of yours is sure to win, but your partner {partner} has no {suit} left and "
                                  "may trump it, while both opponents must follow {suit}: lead {low}, for your partner "
                                  "to take.",
                    "你没有必胜的牌，但对家{partner}的{suit}已绝门，可以毙牌，而两个对手都还得跟{suit}：出{low}，让对家来拿。",
                    partner=Seat(partner), suit=_words(lead_suit),
                    low=_lowest_of(ctx, low, [c for c in plains if ctx.effective_suit(c) is lead_suit],
                                   _single(lead_suit)))
        if ruffers and suit is not EffectiveSuit.TRUMP and self.ruff_care:
            better = self._instead_of_ruff(ctx, rules, view, held, trumps, plains, opponents)
            if better is not None:
                play, why = better
                return play, Reason.make(
                    RuleId.SJ_10, "{who} {has} no {suit} left and may trump it: {why}.",
                    "{who}的{suit}已绝门，可能毙牌：{why}。",
                    who=_who(ruffers), has=_have(ruffers), suit=_words(suit), why=why)
        if (self.trump_draw_low and len(cards) == 1 and ctx.is_trump(cards[0]) and _big(ctx, cards[0]) and view.trumps_out
                and len(trumps) > 1 and not _big(ctx, trumps[0]) and len(plains) > 0):
            low = min(trumps, key=lambda c: (card_points(c) > 0, keep_value(ctx, c), c.sort_key))
            return [low], Reason.make(
                RuleId.SJ_8, "You hold {count} trumps and {out} trumps are still out: lead {low} to draw them, and "
                             "keep {big} for a trick with points.",
                "你有{count}张主牌，外面还有{out}张：出{low}调主，{big}留着去抢有分的一轮。",
                count=len(trumps), out=view.trumps_out, low=_lowest_of(ctx, low, trumps, Words("trump", "主牌")),
                big=_the(cards))
        return cards, reason

    @staticmethod
    def _sure_lead(ctx: TrumpContext, rules: object, view: SeatView, cards: list[Card], opponents: list[int]) -> bool:
        """Whether a lead wins by what the seat knows: nothing unseen beats its top in its shape
        and no opponent may trump it."""
        shape = shape_of(ctx, rules, cards)  # type: ignore[arg-type]
        suit = ctx.effective_suit(cards[0])
        if len(set(cards)) > 2 and not shape.pairs:
            return False  # a throw: leave it to the rules' own check
        top = max(cards, key=ctx.strength)
        if beatable(ctx, view.unseen, top, 2 if shape.pairs else 1):
            return False
        return not any(suit in view.ruffs[o] for o in opponents)

    @staticmethod
    def _partner_lead(ctx: TrumpContext, view: SeatView, plains: list[Card], opponents: list[int],
                      partner: int) -> tuple[Card, EffectiveSuit] | None:
        """A low card without points of a plain suit the partner may trump and both opponents
        are not known to be out of (SJ-10), or None."""
        choices = []
        for suit in view.ruffs[partner]:
            if any(suit in view.voids[o] for o in opponents):
                continue
            cards = [c for c in plains if ctx.effective_suit(c) is suit and not card_points(c)]
            if cards:
                choices.append(min(cards, key=lambda c: (ctx.strength(c), c.sort_key)))
        if not choices:
            return None
        low = min(choices, key=lambda c: (ctx.strength(c), c.sort_key))
        return low, ctx.effective_suit(low)

    def _instead_of_ruff(self, ctx: TrumpContext, rules: object, view: SeatView, held: list[Card],
                         trumps: list[Card], plains: list[Card], opponents: list[int]
                         ) -> tuple[list[Card], Reason] | None:
        """A lead that gives an opponent no trick to trump (SJ-10): a plain suit nobody may trump,
        else a low trump, else a plain card without points of the suit fewest opponents may trump."""
        counts = Counter(held)
        open_suits = {ctx.effective_suit(c) for c in plains} - {s for o in opponents for s in view.ruffs[o]}
        if open_suits:
            cards = [c for c in plains if ctx.effective_suit(c) in open_suits]
            low = min(cards, key=lambda c: (card_points(c) > 0, counts[c] >= 2, ctx.strength(c), c.sort_key))
            suit = ctx.effective_suit(low)
            return [low], Reason.make(RuleId.SJ_8, "lead {low} instead; neither opponent is known to be out of {suit}",
                                      "改出{low}；没有对手在{suit}上绝门",
                                      low=_lowest_of(ctx, low, [c for c in plains if ctx.effective_suit(c) is suit],
                                                     _single(suit), counts), suit=_words(suit))
        small = [c for c in trumps if not _big(ctx, c) and not card_points(c)]
        if small and check_lead(ctx, rules, held, [small[0]]):  # type: ignore[arg-type]
            return [small[0]], Reason.make(
                RuleId.SJ_8, "an opponent may trump every plain suit you hold, so lead {low}: draw trumps rather "
                             "than hand them a trick", "你每门副牌都可能被对手毙，出{low}调主，不白送一轮",
                low=_lowest_of(ctx, small[0], trumps, Words("trump", "主牌"), counts))
        quiet = [c for c in plains if not card_points(c)]
        if quiet:
            low = min(quiet, key=lambda c: (sum(ctx.effective_suit(c) in view.ruffs[o] for o in opponents),
                                            counts[c] >= 2, ctx.strength(c), c.sort_key))
            return [low], Reason.make(RuleId.SJ_11, "lead {low}, which gives them no points if they trump it",
                                      "出{low}，就算被毙也不送分", low=_the([low]))
        return None

    # --- follows (SJ-9 … SJ-12) ---

    def _choose_follow(self, hand: ShengjiHand, seat: int) -> tuple[list[Card], Reason]:
        """The beginner's follow, corrected: points go to a partner only when its win is safe,
        and no big trump is spent on a trick of fewer than ``BIG_TRUMP_POINTS`` (but the last)."""
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        lead, held = list(hand.lead), hand.hands[seat]
        plays = [list(cards) for _seat, cards in hand.trick]
        current = find_trick_winner(ctx, rules, plays).winner
        best_seat, best = hand.trick[current][0], plays[current]
        partner = _partner(seat)
        legal = legal_follows(ctx, rules, lead, held)
        counts = Counter(held)
        final = len(held) == len(lead)
        if best_seat == partner and legal.count() > 1 and self.safe_give:
            return self._partner_follow(hand, seat, plays, best, counts)
        cards, reason = ShengjiBot._choose_follow(self, hand, seat)
        suit = ctx.effective_suit(lead[0])
        if self.second_hand_take and len(plays) == 1 and legal.count() > 1 and not trick_points(cards) \
                and find_trick_winner(ctx, rules, plays + [cards]).winner != 1:
            taken = self._second_hand(hand, seat, plays)
            if taken is not None:
                return taken
        if self.feed_ruff and len(plays) == 1 and legal.count() > 1:
            fed = self._feed_partner(hand, seat, cards)
            if fed is not None:
                return fed
        void = not any(ctx.effective_suit(c) is suit for c in held)
        wins = find_trick_winner(ctx, rules, plays + [cards]).winner == len(plays)
        if void and not wins and len(lead) == 1 and not final:
            better = self._void_follow(hand, seat, plays, cards, best_seat)
            if better is not None:
                return better
        table = trick_points(c for play in plays for c in play) + trick_points(cards)
        if not self.big_care or final or table >= BIG_TRUMP_POINTS or not any(_big(ctx, c) for c in cards):
            return cards, reason
        window = [list(p) for p, _ in zip(legal, range(300))]
        spare = [p for p in window if not any(_big(ctx, c) for c in p) and trick_points(p) <= trick_points(cards)]
        if not spare:
            return cards, reason
        def cost(p: list[Card]) -> int:
            return sum(keep_value(ctx, c) for c in p) + KEEP_POINTS_WEIGHT * trick_points(p)
        chosen = min(spare, key=lambda p: (cost(p), " ".join(map(str, p))))
        wins = find_trick_winner(ctx, rules, plays + [chosen]).winner == len(plays)
        return chosen, Reason.make(
            RuleId.SJ_9, "The trick holds {points}: not worth {big}, which you keep for a trick with points; play "
                         "{cards}{result}.",
            "这一轮只有{points}：不值得用{big}，留着去抢有分的一轮；出{cards}{result}。",
            points=_points(table), big=_the([c for c in cards if _big(ctx, c)][:1]), cards=chosen,
            result=(Reason.make(RuleId.SJ_9, ", which wins it for now", "，暂时领先") if wins else
                    Reason.make(RuleId.SJ_9, " and let {winner} have it", "，让{winner}拿去",
                                winner=Seat(best_seat)) if best_seat != partner else
                    Reason.make(RuleId.SJ_9, " and let your partner {partner} have it", "，让对家{partner}拿去",
                                partner=Seat(partner))))

    def _second_hand(self, hand: ShengjiHand, seat: int, plays: list[list[Card]]) -> tuple[list[Card], Reason] | None:
        """Second to play on a single plain lead (SJ-9): win with a plain card nothing still out
        beats and nobody after may trump, taking the lead, when it costs no big trump."""
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules, held = hand.ctx, hand.rules, hand.hands[seat]
        lead = list(hand.lead)
        suit = ctx.effective_suit(lead[0])
        if len(lead) != 1 or suit is EffectiveSuit.TRUMP:
            return None
        view = seat_view(hand, seat)
        after = (seat + 1) % 4
        if suit in view.ruffs[after]:
            return None
        legal = legal_follows(ctx, rules, lead, held)
        sure = [c for c in dict.fromkeys(held) if ctx.effective_suit(c) is suit and [c] in legal
                and not beatable(ctx, view.unseen, c, 1)
                and find_trick_winner(ctx, rules, plays + [[c]]).winner == 1]
        if not sure:
            return None
        card = min(sure, key=lambda c: (ctx.strength(c), c.sort_key))
        return [card], Reason.make(
            RuleId.SJ_9, "Nothing still out beats your {card}, and {after} cannot trump it ({why}): take the trick "
                         "now, and with it the next lead.",
            "外面没有比{card}更大的{suit}，{after}也毙不了（{why}）：现在就拿下这一轮，下一轮由你首出。",
            card=_the([card]), after=Seat(after), suit=_words(suit), why=self._no_ruff_words(view, after, suit))

    def _feed_partner(self, hand: ShengjiHand, seat: int, cards: list[Card]) -> tuple[list[Card], Reason] | None:
        """Second to play on an opponent's plain single lead (SJ-11): when the partner, last to play,
        has no card of the suit and may trump, and the opponent between cannot (it has shown no
        void), the trick will be the partner's: play a point card instead of a low one."""
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules, held = hand.ctx, hand.rules, hand.hands[seat]
        lead = list(hand.lead)
        suit = ctx.effective_suit(lead[0])
        if len(lead) != 1 or suit is EffectiveSuit.TRUMP or trick_points(cards):
            return None
        view = seat_view(hand, seat)
        partner, between = _partner(seat), (seat + 1) % 4
        if suit not in view.ruffs[partner] or suit in view.voids[between]:
            return None
        legal = legal_follows(ctx, rules, lead, held)
        points = [[c] for c in dict.fromkeys(held) if card_points(c) and not _big(ctx, c) and [c] in legal]
        if not points:
            return None
        chosen = max(points, key=lambda p: (card_points(p[0]), -keep_value(ctx, p[0]), p[0].sort_key))
        return chosen, Reason.make(
            RuleId.SJ_11, "Your partner {partner} plays last, has no {suit} left and may trump, while {between} "
                          "must follow {suit}: the trick should be your partner's, so give {cards} ({points} points).",
            "对家{partner}最后出牌，{suit}已绝门，可以毙牌，而{between}还得跟{suit}：这一轮多半归对家：垫分，出{cards}（{points}分）。",
            partner=Seat(partner), suit=_words(suit), between=Seat(between), cards=chosen,
            points=card_points(chosen[0]))

    def _void_follow(self, hand: ShengjiHand, seat: int, plays: list[list[Card]], cards: list[Card],
                     best_seat: int) -> tuple[list[Card], Reason] | None:
        """Out of the suit led, a single card not winning (SJ-10): last to play on a trick with no
        points, trump low to take the lead when a sure card waits to be cashed; else discard the
        last card of a short suit, so that suit can be trumped later."""
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules, held = hand.ctx, hand.rules, hand.hands[seat]
        suit = ctx.effective_suit(hand.lead[0])
        view = seat_view(hand, seat)
        opponents = [(seat + 1) % 4, (seat + 3) % 4]
        table = trick_points(c for p in plays for c in p)
        counts = Counter(held)
        if self.ruff_for_lead and len(plays) == 3 and table == 0 and best_seat % 2 != seat % 2 \
                and suit is not EffectiveSuit.TRUMP:
            small = sorted((c for c in held if ctx.is_trump(c) and not _big(ctx, c) and not card_points(c)
                            and counts[c] < 2), key=lambda c: (keep_value(ctx, c), c.sort_key))
            tops = [c for c in held if not ctx.is_trump(c) and not beatable(ctx, view.unseen, c, 1)
                    and not any(ctx.effective_suit(c) in view.ruffs[o] for o in opponents)]
            if small and tops and find_trick_winner(ctx, rules, plays + [[small[0]]]).winner == 3:
                top = max(tops, key=lambda c: (card_points(c), ctx.strength(c), c.sort_key))
                return [small[0]], Reason.make(
                    RuleId.SJ_10, "You play last and have no {suit} left: trump with {low} to take the lead, then "
                                  "lead {top}, which nothing still out beats.",
                    "你最后出牌，{suit}已绝门：用{low}毙牌拿到出牌权，再出外面没人管得住的{top}。",
                    suit=_words(suit), low=_lowest_of(ctx, small[0], [c for c in held if ctx.is_trump(c)],
                                                      Words("trump", "主牌"), counts), top=_the([top]))
        if not self.void_discards or any(ctx.is_trump(c) for c in cards) or card_points(cards[0]):
            return None
        length = Counter(ctx.effective_suit(c) for c in held)
        last = [c for c in held if not ctx.is_trump(c) and length[ctx.effective_suit(c)] == 1 and not card_points(c)
                and beatable(ctx, view.unseen, c, 1) and keep_value(ctx, c) <= keep_value(ctx, cards[0]) + 6
                and ctx.effective_suit(c) is not ctx.effective_suit(cards[0])]
        if not last or length[ctx.effective_suit(cards[0])] == 1:
            return None
        card = min(last, key=lambda c: (keep_value(ctx, c), c.sort_key))
        other = ctx.effective_suit(card)
        return [card], Reason.make(
            RuleId.SJ_10, "With no {suit} left, discard {card}, your last {single}: with {other} gone too, you may "
                          "trump them later.",
            "{suit}已绝门，垫掉{card}，这是你最后一张{other}：{other}也绝门后就可以毙牌。",
            suit=_words(suit), card=_the([card]), single=_single(other), other=_words(other))

    def _partner_follow(self, hand: ShengjiHand, seat: int, plays: list[list[Card]], best: list[Card],
                        counts: Counter[Card]) -> tuple[list[Card], Reason]:
        """The partner is winning (SJ-11): give points only when nobody still to play can beat its
        play by what is known; otherwise keep the points and say the risk."""
        assert hand.ctx is not None and hand.lead is not None
        ctx, rules = hand.ctx, hand.rules
        lead, held = list(hand.lead), hand.hands[seat]
        partner = _partner(seat)
        view = seat_view(hand, seat)
        suit = ctx.effective_suit(lead[0])
        later = [(seat + k) % 4 for k in range(1, 4 - len(plays))]
        later_opponents = [s for s in later if s % 2 != seat % 2]
        top = max(best, key=ctx.strength)
        copies = 2 if shape_of(ctx, rules, best).pairs else 1
        higher = bool(later_opponents) and beatable(ctx, view.unseen, top, copies)
        best_suit = ctx.effective_suit(top)
        trumpers = [o for o in later_opponents if best_suit is not EffectiveSuit.TRUMP and suit in view.ruffs[o]]
        suit_out = sum(n for c, n in view.unseen.items() if ctx.effective_suit(c) is suit)
        thin = (self.count_thin and best_suit is not EffectiveSuit.TRUMP and suit is not EffectiveSuit.TRUMP
                and view.trumps_out > 0 and suit_out <= THIN_SUIT
                and any(EffectiveSuit.TRUMP not in view.voids[o] for o in later_opponents) and not trumpers)
        window = [list(p) for p, _ in zip(legal_follows(ctx, rules, lead, held), range(300))]

        def cost(p: list[Card]) -> int:
            broken = sum(1 for c, n in Counter(p).items() if n == 1 and counts[c] >= 2)
            return sum(keep_value(ctx, c) for c in p) + 4 * broken

        if not higher and not trumpers and not thin:
            chosen = min(window, key=lambda p: (cost(p) - 4 * trick_points(p), " ".join(map(str, p))))
            points = trick_points(chosen)
            if not later_opponents:
                why = Reason.make(RuleId.SJ_11, "you play last", "你最后出牌")
            elif best_suit is EffectiveSuit.TRUMP:
                why = Reason.make(RuleId.SJ_11, "no higher trump is still out", "外面没有更大的主牌")
            else:
                why = Reason.make(RuleId.SJ_11, "no higher {single} is still out and {next} cannot trump it: "
                                                "{reason}", "外面没有更大的{suit}，{next}也毙不了：{reason}",
                                  single=_single(suit), suit=_words(suit), next=Seat(later_opponents[0]),
                                  reason=self._no_ruff_words(view, later_opponents[0], suit))
            if points:
                return chosen, Reason.make(
                    RuleId.SJ_11, "Your partner {partner} is winning this trick and it is safe ({why}): give them "
                                  "{cards} ({points} points).",
                    "对家{partner}正在赢这一轮，而且稳了（{why}）：垫分，出{cards}（{points}分）。",
                    partner=Seat(partner), why=why, cards=chosen, points=points)
            nothing = (Reason.make(RuleId.SJ_11, "giving points would cost you a card worth more than they are",
                                   "垫分要花掉比分更值钱的牌") if any(trick_points(p) for p in window) else
                       Reason.make(RuleId.SJ_11, "you have no point card you may play here", "你这里没有可垫的分牌"))
            return chosen, Reason.make(
                RuleId.SJ_9, "Your partner {partner} is winning this trick and it is safe ({why}), but {nothing}: "
                             "play {cards}.",
                "对家{partner}正在赢这一轮，而且稳了（{why}），但{nothing}：出{cards}。",
                partner=Seat(partner), why=why, nothing=nothing, cards=chosen)
        # the win is not safe: say the risk, and take over or keep the points
        if thin:
            risk = Reason.make(RuleId.SJ_10, "only {out} of the other {suit} {are} still out, so {next} may have none "
                                             "left and trump it",
                               "外面只剩{out}张{suit}，{next}可能已经没有，会毙牌", out=suit_out, suit=_words(suit),
                               are=Words("is" if suit_out == 1 else "are", ""), next=_who(later_opponents))
        elif trumpers:
            risk = Reason.make(RuleId.SJ_10, "{who} {has} no {suit} left and may trump it",
                               "{who}的{suit}已绝门，可能毙牌", who=_who(trumpers), has=_have(trumpers),
                               suit=_words(suit))
        else:
            risk = Reason.make(RuleId.SJ_9, "a higher {single} is still out and {next} plays after you",
                               "外面还有更大的{suit}，{next}还没出牌", single=_single(best_suit) if
                               best_suit is not EffectiveSuit.TRUMP else Words("trump", "主牌"),
                               suit=_words(best_suit), next=Seat(later_opponents[0]))
        plays_now = plays
        table = trick_points(c for p in plays_now for c in p)
        takers = []
        for p in window:
            if find_trick_winner(ctx, rules, plays_now + [p]).winner != len(plays_now):
                continue
            top_p = max(p, key=ctx.strength)
            shape_p = shape_of(ctx, rules, p)
            if beatable(ctx, view.unseen, top_p, 2 if shape_p.pairs else 1):
                continue
            if ctx.effective_suit(top_p) is not EffectiveSuit.TRUMP and any(suit in view.ruffs[o] for o in later_opponents):
                continue
            takers.append(p)
        if takers and table >= BIG_TRUMP_POINTS:
            chosen = min(takers, key=lambda p: (cost(p), " ".join(map(str, p))))
            return chosen, Reason.make(
                RuleId.SJ_9, "Your partner {partner} is winning this trick for now, but {risk}; your {cards} cannot "
                             "be beaten: take the trick over and keep its {points} for your side.",
                "对家{partner}暂时领先，但{risk}；你的{cards}没人管得住：接过这一轮，保住{points}。",
                partner=Seat(partner), risk=risk, cards=chosen, points=_points(table + trick_points(chosen)))
        chosen = min(window, key=lambda p: (cost(p) + KEEP_POINTS_WEIGHT * trick_points(p), " ".join(map(str, p))))
        points = trick_points(chosen)
        return chosen, Reason.make(
            RuleId.SJ_11, "Your partner {partner} is winning this trick for now, but {risk}: not safe to give points. "
                          "Play {cards}{given}.",
            "对家{partner}暂时领先，但{risk}：垫分不稳。出{cards}{given}。",
            partner=Seat(partner), risk=risk, cards=chosen,
            given=(Reason.make(RuleId.SJ_11, ", giving no points", "，不送分") if not points else
                   Reason.make(RuleId.SJ_11, "; it gives {points}, the fewest you can", "；送出{points}，已是最少",
                               points=_points(points))))

    @staticmethod
    def _no_ruff_words(view: SeatView, seat: int, suit: EffectiveSuit) -> Reason:
        """Why ``seat`` cannot trump ``suit`` by what is known."""
        if suit not in view.voids[seat]:
            return Reason.make(RuleId.SJ_10, "{seat} has shown no void in {suit}", "{seat}还没有显出{suit}绝门",
                               seat=Seat(seat), suit=_words(suit))
        if not view.trumps_out:
            return Reason.make(RuleId.SJ_10, "no trump is still out", "外面已经没有主牌")
        return Reason.make(RuleId.SJ_10, "{seat} has no trumps left", "{seat}已经没有主牌", seat=Seat(seat))


__all__ = ["BIG_TRUMP_POINTS", "SeatView", "SparringShengjiBot", "seat_view"]
