"""Grading a seat's plays of a finished 升级 hand: which choices cost its side points, and what was better.

Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6

A seat chooses without seeing the other hands, so a play is graded **single-dummy**: the hidden
cards are dealt again, at random but deterministically from a seed, in every way consistent with
what the seat had seen when it chose (:func:`sample_deals`: its own hand, every card played, the
voids a seat showed by not following suit (SJ-9), the follows a seat made to a pair or tractor
lead (each must have been legal with the hand the deal gives it), the cards a seat showed when it
called, and the kitty when the seat buried it).  On each such deal the double-dummy solver
(:meth:`~.solver.EndgameSolver.play_values`) values every legal play of the seat (from
:func:`~.leads.legal_leads` / :func:`~.follow.legal_follows`): the attackers' points from there to
the end, the kitty included (SJ-11, SJ-12).  A play's loss is the points its side gives up, on
average over the deals, against the play that does best on average; :data:`INACCURACY_POINTS` and
:data:`MISTAKE_POINTS` turn it into a grade.

The search is only affordable near the end (a whole review must take about a second in CPython),
so only the plays of the last tricks are graded (from when the seat holds :data:`GRADED_CARDS`
cards), and the review says so; a play with no alternative (one legal play, or all alike) is no
decision and is not graded.  Bad input (a trick out of seat order, a hand not finished, cards that
do not add up) raises :class:`~cardlib.errors.InvalidPositionError`, a ``ValueError``.

South leads the last two tricks; East–West attack; South buried the kitty, so knows it:

>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext("2", "S")
>>> tricks = [((0, ("HA",)), (1, ("HK",)), (2, ("H3",)), (3, ("H4",))),
...           ((0, ("C5",)), (1, ("H10",)), (2, ("C3",)), (3, ("CK",)))]
>>> review = review_tricks(ctx, "shengji", tricks, attackers=1, dealer=0,
...                        buried="C4 C6 C7 C8 D3 D4 D6 DK", seat=0, whole_pack=False)
>>> [(d.trick, d.grade, d.loss, d.best_text(), d.worse_in, d.deals) for d in review.decisions]  # ♥A first
[(1, 'mistake', 13.75, '♣5', 6, 8)]
>>> seen = review_tricks(ctx, "shengji", tricks, attackers=1, dealer=0, buried="C4 C6 C7 C8 D3 D4 D6 DK",
...                      seat=0, whole_pack=False, double_dummy=True)  # every hand seen
>>> [(d.grade, d.loss, d.best_text()) for d in seen.decisions]  # ♥A lets West's ♣K take the last trick
[('mistake', 20.0, '♣5')]
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Literal, TypeAlias

from ..cards import Card
from ..errors import InvalidPositionError
from ..explain import Reason, Seat
from ..rule_ids import RuleId
from ..words import cards_text
from .combos import CardsInput, as_cards
from .follow import is_legal_follow, legal_follows
from .hand import FULL_DECK, ShengjiHand
from .leads import legal_leads
from .progression import check_seat, team_of
from .rules import RulesetLike, as_ruleset
from .scoring import KITTY_SIZE, trick_points
from .solver import EndgameSolver, Play, read_attackers
from .trick import find_trick_winner
from .trump import EffectiveSuit, TrumpContext

SEATS = 4  # SJ-1
#: The tricks graded: those the seat starts holding at most this many cards (the last 4 tricks of
#: singles, fewer when pairs were played).  The solver's time grows about fourfold a card each, and a
#: review (every graded decision times every sampled deal) must stay within a second in CPython.
GRADED_CARDS = 4
#: The hidden deals each decision is graded on.
DEALS = 8
#: A play that gives up on average at least this many points against the best is an inaccuracy
#: (half a 5: a 5 lost in at least half the deals), at least :data:`MISTAKE_POINTS` a mistake (a 10
#: or two 5s); below it, the play counts as best.
INACCURACY_POINTS = 2.5
MISTAKE_POINTS = 10.0
#: Tries at a consistent deal for each one kept, before the sampler gives up on more.
_TRIES_PER_DEAL = 40

Grade: TypeAlias = Literal["best", "inaccuracy", "mistake"]
#: A finished trick as the review reads it: (seat, cards) in playing order, the lead first.
TrickPlays: TypeAlias = Sequence[tuple[int, CardsInput]]


def grade_of(loss: float) -> Grade:
    """The grade of a play that gave up ``loss`` points on average (:data:`INACCURACY_POINTS`,
    :data:`MISTAKE_POINTS`)."""
    return "mistake" if loss >= MISTAKE_POINTS else "inaccuracy" if loss >= INACCURACY_POINTS else "best"


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` knows when it chooses: its ``hand``, the current trick (``leader``, ``played``),
    how many cards each seat holds (``sizes``), the cards it has not seen (``unseen``: in the other
    hands and, when ``kitty`` is None, in the kitty), the effective suits each seat has shown it lacks
    (``voids``), cards a seat is known to hold (``known``: shown in a call), and ``checks``: past
    follows to a pair or tractor lead, ``(seat, lead, play, cards played since)``, each of which the
    deal must make legal (SJ-9)."""

    seat: int
    hand: Play
    leader: int
    played: tuple[Play, ...]
    sizes: tuple[int, int, int, int]
    unseen: Play
    voids: tuple[frozenset[EffectiveSuit], ...]
    known: tuple[Play, ...]
    kitty: Play | None
    checks: tuple[tuple[int, Play, Play, Play], ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    """One way the hidden cards may lie: every seat's hand now and the kitty."""

    hands: tuple[Play, Play, Play, Play]
    kitty: Play


@dataclass(frozen=True, slots=True)
class GradedDecision:
    """One graded play: the ``trick`` (1 for the first), the ``played`` cards, the ``grade``, the
    average points lost (``loss``), the ``best`` alternative (None when the play was best), in how many of
    the ``deals`` the best alternative did better (``worse_in``), and the sentence that says it."""

    trick: int
    seat: int
    played: Play
    grade: Grade
    loss: float
    best: Play | None
    worse_in: int
    deals: int
    reason: Reason

    def best_text(self) -> str:
        """The best alternative as players write it (``♠A``), or an empty string."""
        return "" if self.best is None else cards_text(self.best)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form: cards as tokens, the reason as a view carries it."""
        return {"trick": self.trick, "seat": self.seat, "played": [str(c) for c in self.played],
                "grade": self.grade, "loss": self.loss, "best": None if self.best is None else [str(c) for c in self.best],
                "worse_in": self.worse_in, "deals": self.deals, "reason": self.reason.to_dict()}


@dataclass(frozen=True, slots=True)
class HandReview:
    """The graded decisions of one seat, the tricks looked at (``tricks``: first and last number) and
    the sentence that says what was graded and how."""

    seat: int
    tricks: tuple[int, int]
    decisions: tuple[GradedDecision, ...]
    single_dummy: bool
    reason: Reason


# --- what the seat saw ---------------------------------------------------------------------

def _sorted(cards: Iterable[Card]) -> Play:
    """Cards in canonical order (``Card.sort_key``), as the solver's plays are."""
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def _play(cards: CardsInput, what: str) -> Play:
    return _sorted(as_cards(cards, what))


def read_tricks(tricks: Iterable[TrickPlays]) -> list[tuple[tuple[int, Play], ...]]:
    """The hand's tricks as (seat, cards) plays; raise on a trick that is not four plays in seat order (SJ-8)."""
    read: list[tuple[tuple[int, Play], ...]] = []
    for number, trick in enumerate(tricks, start=1):
        plays = tuple((check_seat(seat), _play(cards, f"trick {number}")) for seat, cards in trick)
        if len(plays) != SEATS or any(s != (plays[0][0] + i) % SEATS for i, (s, _c) in enumerate(plays)):
            raise InvalidPositionError(f"trick {number} must hold four plays in seat order, got {plays!r}")
        read.append(plays)
    if not read:
        raise InvalidPositionError("a hand to review has at least one trick")
    return read


def read_hands_now(tricks: Sequence[tuple[tuple[int, Play], ...]], number: int,
                   seat: int) -> tuple[Play, Play, Play, Play]:
    """Every seat's hand at ``seat``'s play to trick ``number`` (0 for the first): the cards it plays from
    there on (the double-dummy reference's deal, and the seat's own hand)."""
    index = next(i for i, (s, _c) in enumerate(tricks[number]) if s == seat)
    now: list[list[Card]] = [[] for _ in range(SEATS)]
    for t in tricks[number + 1:]:
        for s, cards in t:
            now[s].extend(cards)
    for s, cards in tricks[number][index:]:
        now[s].extend(cards)
    return (_sorted(now[0]), _sorted(now[1]), _sorted(now[2]), _sorted(now[3]))


def seat_view(ctx: TrumpContext, tricks: Sequence[tuple[tuple[int, Play], ...]], number: int, seat: int,
              kitty: Play | None, shown: Sequence[Play] = ((), (), (), ()), pack: Sequence[Card] = FULL_DECK) -> SeatView:
    """What ``seat`` knows at its play to trick ``number`` (0 for the first) of ``tricks``: the whole
    hand's plays, of which it has seen those before its own (SJ-8, SJ-9).  ``kitty``: the buried cards
    when the seat buried them, else None; ``shown``: the cards each seat showed when it called;
    ``pack``: the cards in play (both decks, or an endgame's cards when the rest went before)."""
    trick = tricks[number]
    index = next(i for i, (s, _c) in enumerate(trick) if s == seat)
    now = read_hands_now(tricks, number, seat)
    seen = [(t, plays) for t, plays in enumerate(tricks[:number])] + [(number, trick[:index])]
    voids: list[set[EffectiveSuit]] = [set() for _ in range(SEATS)]
    checks: list[tuple[int, Play, Play, Play]] = []
    for t, plays in seen:
        if not plays:
            continue
        lead = plays[0][1]
        suit = ctx.effective_suit(lead[0])
        for s, cards in plays[1:]:
            if any(ctx.effective_suit(c) is not suit for c in cards):
                voids[s].add(suit)  # it would have followed with every card it had of the suit (SJ-9)
            elif len(lead) > 1 and s != seat:
                since = [c for u, p in seen[t:] for s2, c2 in p if s2 == s for c in c2]
                checks.append((s, lead, cards, tuple(since)))
    gone = Counter(c for _t, plays in seen for _s, cards in plays for c in cards)
    gone.update(now[seat])
    if kitty is not None:
        gone.update(kitty)
    played_by = [Counter(c for _t, plays in seen for s, cards in plays if s == s0 for c in cards) for s0 in range(SEATS)]
    known = tuple(tuple((Counter(shown[s]) - played_by[s]).elements()) if s != seat else () for s in range(SEATS))
    unseen = tuple((Counter(pack) - gone).elements())
    return SeatView(seat, now[seat], trick[0][0], tuple(c for _s, c in trick[:index]),
                    (len(now[0]), len(now[1]), len(now[2]), len(now[3])), unseen,
                    tuple(frozenset(v) for v in voids), known, kitty, tuple(checks))


# --- the hidden cards dealt again ------------------------------------------------------------

def sample_deals(ctx: TrumpContext, rules: RulesetLike, view: SeatView, count: int, seed: int | str) -> list[Deal]:
    """Up to ``count`` deals of the cards ``view.seat`` has not seen, each consistent with all it saw
    (the module's docstring), the same for the same seed.  Fewer when consistent deals are hard to find
    (at most :data:`_TRIES_PER_DEAL` tries each); never the seat's own cards moved."""
    rules = as_ruleset(rules)
    rng = random.Random(seed)
    holders = [s for s in range(SEATS) if s != view.seat] + ([SEATS] if view.kitty is None else [])
    room = {s: view.sizes[s] - len(view.known[s]) for s in holders if s < SEATS}
    if view.kitty is None:
        room[SEATS] = KITTY_SIZE
    pool = list((Counter(view.unseen) - Counter(c for k in view.known for c in k)).elements())
    if sum(room.values()) != len(pool) or min(room.values(), default=0) < 0:
        raise InvalidPositionError(f"the unseen cards ({len(pool)}) do not fill the hidden hands {room}")
    allowed = {card: [h for h in holders if h == SEATS or ctx.effective_suit(card) not in view.voids[h]]
               for card in set(pool)}
    deals: list[Deal] = []
    for _try in range(count * _TRIES_PER_DEAL):
        if len(deals) == count:
            break
        deal = _deal_once(rng, pool, allowed, room, view)
        if deal is not None and all(is_legal_follow(ctx, rules, lead, deal.hands[s] + since, play)
                                    for s, lead, play, since in view.checks):
            deals.append(deal)
    return deals


def _deal_once(rng: random.Random, pool: list[Card], allowed: dict[Card, list[int]], room: dict[int, int],
               view: SeatView) -> Deal | None:
    """One random deal of ``pool`` to the holders with ``room`` (the kitty is holder 4), each card to a
    holder not void in its suit; None when the cards left fit nowhere."""
    cards = pool[:]
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(allowed[c]))  # the most constrained first
    left = dict(room)
    got: dict[int, list[Card]] = {h: [] for h in room}
    for card in cards:
        options = [h for h in allowed[card] if left[h]]
        if not options:
            return None
        holder = rng.choices(options, weights=[left[h] for h in options])[0]
        left[holder] -= 1
        got[holder].append(card)
    hands = tuple(view.hand if s == view.seat else _sorted(got[s] + list(view.known[s])) for s in range(SEATS))
    return Deal(hands, _sorted(got[SEATS]) if view.kitty is None else view.kitty)  # type: ignore[arg-type]


# --- grading ---------------------------------------------------------------------------------

def play_values(ctx: TrumpContext, rules: RulesetLike, attackers: int, view: SeatView,
                deals: Sequence[Deal]) -> tuple[list[Play], list[list[int]]]:
    """Each legal play of the seat and, for each deal, its points for the seat's side from there to
    the end with best play after it (the attackers' points, or minus them for the dealer's team):
    (plays, values[deal][play])."""
    sign = 1 if team_of(view.seat) == attackers else -1
    memo: dict[Deal, dict[Play, int]] = {}
    rows: list[dict[Play, int]] = []
    for deal in deals:
        if deal not in memo:
            solver = EndgameSolver(ctx, rules, attackers, deal.kitty)
            memo[deal] = solver.play_values(list(deal.hands), view.leader, list(view.played))
        rows.append(memo[deal])
    plays = sorted(rows[0], key=lambda p: [c.sort_key for c in p]) if rows else []
    return plays, [[sign * row[p] for p in plays] for row in rows]


def grade_play(ctx: TrumpContext, rules: RulesetLike, attackers: int, view: SeatView, chosen: Play,
               deals: Sequence[Deal]) -> tuple[Grade, float, Play | None, int] | None:
    """The grade of ``chosen``, its average loss, the best alternative (None if ``chosen`` is as good as
    any) and in how many deals that alternative did better; None when there was no choice to make."""
    plays, values = play_values(ctx, rules, attackers, view, deals)
    chosen = tuple(sorted(chosen, key=lambda c: c.sort_key))
    if chosen not in plays:
        raise InvalidPositionError(f"{cards_text(chosen)} is not a legal play of the seat here")
    if len(plays) < 2 or all(row.count(row[0]) == len(row) for row in values):
        return None  # one legal play, or every play alike on every deal: nothing was decided
    averages = [sum(row[i] for row in values) / len(values) for i in range(len(plays))]
    mine = plays.index(chosen)
    top = max(range(len(plays)), key=lambda i: (averages[i], i == mine))
    loss = round(averages[top] - averages[mine], 2)
    if top == mine:
        return "best", 0.0, None, 0
    worse_in = sum(row[top] > row[mine] for row in values)
    return grade_of(loss), loss, plays[top], worse_in


def review_tricks(ctx: TrumpContext, rules: RulesetLike, tricks: Iterable[TrickPlays], *, attackers: int | str,
                  dealer: int, buried: CardsInput, seat: int = 0, shown: Sequence[CardsInput] = ("", "", "", ""),
                  cards: int = GRADED_CARDS, deals: int = DEALS, seed: int = 0,
                  double_dummy: bool = False, whole_pack: bool = True) -> HandReview:
    """Grade ``seat``'s plays in the last tricks of a finished hand, from the first it starts with at
    most ``cards`` cards (the module's docstring).

    ``tricks``: every trick of the hand, (seat, cards) in playing order; ``attackers``: their team;
    ``dealer``: the seat that buried ``buried`` (the kitty); ``shown``: the cards each seat showed
    when it called.  ``double_dummy``: grade on the true deal alone, as if every hand had been seen
    (the reference the benchmark compares with).  ``whole_pack`` False: the tricks are an endgame cut
    from a hand, their cards and the kitty all the cards still in play.

    Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12
    """
    read = read_tricks(tricks)
    team = read_attackers(attackers)
    seat, dealer = check_seat(seat), check_seat(dealer, "dealer")
    kitty = _play(buried, "kitty")
    # the dealer may have buried a card it showed (SJ-7): only the others' shown cards are surely held
    shown_plays = [() if s == dealer and s != seat else _play(cards, "shown") for s, cards in enumerate(shown)]
    held = 0
    first = len(read)
    while first and held + len(next(c for s, c in read[first - 1] if s == seat)) <= cards:
        first -= 1
        held += len(next(c for s, c in read[first] if s == seat))
    pack = FULL_DECK if whole_pack else tuple(c for t in read for _s, p in t for c in p) + kitty
    graded: list[GradedDecision] = []
    for number in range(first, len(read)):
        view = seat_view(ctx, read, number, seat, kitty if dealer == seat else None, shown_plays, pack)
        chosen = next(c for s, c in read[number] if s == seat)
        lead = list(view.played[0]) if view.played else None
        if next(islice(legal_leads(ctx, rules, list(view.hand)) if lead is None
                       else legal_follows(ctx, rules, lead, list(view.hand)), 1, None), None) is None:
            continue  # one legal play: no decision (and no deal to solve)
        if double_dummy:
            found = [Deal(read_hands_now(read, number, seat), kitty)]
        else:
            found = sample_deals(ctx, rules, view, deals, f"{seed}:{number}")
        if not found:
            continue
        graded_play = grade_play(ctx, rules, team, view, chosen, found)
        if graded_play is None:
            continue
        grade, loss, best, worse_in = graded_play
        plays = read[number]
        winner = plays[find_trick_winner(ctx, rules, [list(c) for _s, c in plays]).winner]
        graded.append(GradedDecision(number + 1, seat, chosen, grade, loss, best, worse_in, len(found),
                                     _explain(plays, winner, number + 1, seat, chosen, (grade, loss, best, worse_in),
                                              len(found), team)))
    return HandReview(seat, (first + 1, len(read)), tuple(graded), not double_dummy,
                      _about(first + 1, len(read), held, deals, double_dummy))


def review_hand(hand: ShengjiHand, seat: int = 0, *, cards: int = GRADED_CARDS, deals: int = DEALS, seed: int = 0,
                double_dummy: bool = False) -> HandReview:
    """:func:`review_tricks` for a finished :class:`~.hand.ShengjiHand`: its tricks, attackers, dealer,
    kitty and the cards each seat showed in its calls (SG-1 / SS-1).

    Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12
    """
    if hand.phase != "over" or hand.ctx is None or hand.dealer is None:
        raise InvalidPositionError("only a finished hand can be reviewed: play it to its last trick")
    shown: list[Counter[Card]] = [Counter() for _ in range(SEATS)]
    for event in hand.log:
        if event.kind == "call" and event.seat is not None:
            shown[event.seat] |= Counter(event.cards)  # a seat that showed a card again shows the same one
    return review_tricks(hand.ctx, hand.rules, [t.plays for t in hand.tricks], attackers=hand.attackers,
                         dealer=hand.dealer, buried=hand.buried, seat=seat,
                         shown=[tuple(c.elements()) for c in shown], cards=cards, deals=deals, seed=seed,
                         double_dummy=double_dummy)


# --- the words -------------------------------------------------------------------------------

def _points(value: float) -> str:
    """Points as a reader reads them, to a tenth, a half rounded up: 10, 6.3 (1.25: 1.3).

    >>> _points(10.0), _points(1.25), _points(6.875)
    ('10', '1.3', '6.9')
    """
    return f"{math.floor(value * 10 + 0.5) / 10:g}"


def _explain(trick: tuple[tuple[int, Play], ...], won: tuple[int, Play], number: int, seat: int, chosen: Play,
             graded: tuple[Grade, float, Play | None, int], deals: int, attackers: int) -> Reason:
    """The decision in the game's words (SJ-10, SJ-11): what was played, who took the trick, and what
    the best alternative would have been worth to the seat's side."""
    grade, loss, best, worse_in = graded
    winner, won_with = won
    points = trick_points(c for _s, p in trick for c in p)
    took = (Reason.make(RuleId.SJ_10, "won the trick ({points} points)", "赢了这一轮（{points}分）", points=points)
            if winner == seat else
            Reason.make(RuleId.SJ_10, "{winner} won the trick ({points} points) with {cards}",
                        "{winner}用{cards}赢了这一轮（{points}分）", winner=Seat(winner), points=points,
                        cards=list(won_with)))
    played = list(chosen)
    if best is None:
        return Reason.make(RuleId.SJ_11, "Trick {n}: you played {played} and {took}: the best play (no other play "
                           "did better on average over {deals} deals of the hidden cards).",
                           "第{n}轮：你出{played}，{took}：这是最好的出法（按{deals}种可能的暗牌分布平均，没有更好的出法）。",
                           n=number, played=played, took=took, deals=deals)
    gain = (Reason.make(RuleId.SJ_11, "won your side {loss} more points", "你方多得{loss}分", loss=_points(loss))
            if team_of(seat) == attackers else
            Reason.make(RuleId.SJ_11, "kept {loss} more points from the attackers", "闲家方少得{loss}分",
                        loss=_points(loss)))
    if grade == "best":  # within the margin of the best: said, but not marked down
        return Reason.make(RuleId.SJ_11, "Trick {n}: you played {played} and {took}: about as good as the best "
                           "({best} did {loss} points better on average, better in {worse_in} of {deals} deals of "
                           "the hidden cards).",
                           "第{n}轮：你出{played}，{took}：和最好的出法差不多（出{best}平均好{loss}分，"
                           "{deals}种可能的暗牌分布中有{worse_in}种更好）。",
                           n=number, played=played, took=took, best=list(best), loss=_points(loss), worse_in=worse_in,
                           deals=deals)
    word = {"mistake": ("A mistake", "失误"), "inaccuracy": ("An inaccuracy", "欠佳")}[grade]
    return Reason.make(RuleId.SJ_11, word[0] + " at trick {n}: you played {played} and {took}; {best} would have "
                       "{gain} on average (better in {worse_in} of {deals} deals of the hidden cards).",
                       "第{n}轮" + word[1] + "：你出{played}，{took}；出{best}平均可让{gain}"
                       "（{deals}种可能的暗牌分布中有{worse_in}种更好）。",
                       n=number, played=played, took=took, best=list(best), gain=gain, worse_in=worse_in,
                       deals=deals)


def _about(first: int, last: int, held: int, deals: int, double_dummy: bool) -> Reason:
    """What was graded and how (the honest limit of the search)."""
    if double_dummy:
        return Reason.make(RuleId.SJ_11, "Graded: your plays in tricks {first}–{last}, with every hand seen.",
                           "评分：第{first}～{last}轮你的出牌，按看得见所有人的牌计算。", first=first, last=last)
    if first > last:
        return Reason.make(RuleId.SJ_11, "Nothing graded: only the last {cards} cards of a hand are graded.",
                           "没有评分：只评一局最后{cards}张牌的出法。", cards=GRADED_CARDS)
    return Reason.make(RuleId.SJ_11, "Graded: your plays in the last {count} tricks ({first}–{last}, your last {held} "
                       "cards), each against {deals} deals of the cards you could not see that fit everything you saw; "
                       "earlier tricks are not graded (too many ways to play on to search in time). A play with no "
                       "choice is not graded.",
                       "评分：只看你最后{count}轮（第{first}～{last}轮，你最后{held}张牌）的出牌，每一步按{deals}种与你所见"
                       "相符的暗牌分布计算；更早的轮次不评（变化太多，算不过来）。没有选择的出牌不评。",
                       count=last - first + 1, first=first, last=last, held=held, deals=deals)

