"""A double-dummy solver for 升级 endgames: every hand seen, best play on both sides.

Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6, C-1, C-2

Given the four hands, the trick so far, who led it, the level, the trump, the ruleset, the
attacking team and the kitty, :func:`solve_endgame` finds the points the attackers take from
here to the end of the hand when both teams play their best: the tricks' points (SJ-11) and,
when the attackers win the last trick, the kitty times its multiplier (SJ-12, SG-6 / SS-6,
C-2, scored by :func:`~.scoring.kitty_score`).  It also gives every best play of the seat to
move and a principal line.  Nothing here decides a rule: the plays come from
:func:`~.leads.legal_leads` and :func:`~.follow.legal_follows` (SJ-6, SJ-9), the trick's winner
from :func:`~.trick.find_trick_winner` (SJ-10, C-1, C-5), its points from
:func:`~.scoring.trick_points`, the next leader is the winner (SJ-8).

The search is alpha-beta on the attackers' points (they maximise, the dealer's team minimises),
with a transposition table of bounds, the table's best play tried first, then plays that take
the most strength, and equivalent cards grouped: two cards a seat holds once each, of one
effective suit, with the same points and no card between them (or as high as either) still held
by another seat or lying in the trick, are interchangeable, so only one play of each group is
searched.  Cards held twice are never grouped: a pair's neighbours decide tractors (from ♥9♥9
♥8♥8 ♥7♥7, leading ♥9♥9 keeps the tractor ♥8♥8 ♥7♥7, leading ♥8♥8 leaves none).

Throws (C-3, off in both presets) are left out: a ruleset with ``throws`` is refused.

>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext("2", "S")
>>> hands = ["HA C5", "HK H10", "H3 C3", "H4 CK"]  # South leads; East–West attack
>>> solution = solve_endgame(ctx, "shengji", hands, leader=0, attackers="odd", kitty="C4 C6 C7 C8 D3 D4 D6 DK")
>>> solution.attacker_points, solution.best_text()  # ♥A first would let West's ♣K take the last trick and the kitty
(25, ['♣5'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import DECK_WITH_JOKERS, Card, format_cards
from ..errors import InvalidPositionError, RulesetError
from ..explain import Reason, Seat
from ..rule_ids import RuleId
from ..words import cards_text
from .combos import CardsInput, as_cards, require_context
from .follow import check_follow, legal_follows
from .progression import TEAM_WORDS
from .leads import legal_leads, read_lead, require_copies
from .rules import RulesetLike
from .scoring import KITTY_SIZE, card_points, kitty_multiplier, kitty_score
from .trick import find_trick_winner
from .trump import EffectiveSuit, TrumpContext

SEATS = 4  # SJ-1
#: A play: its cards in canonical order (``Card.sort_key``).
Play = tuple[Card, ...]
IPlay = tuple[int, ...]
IHands = tuple[IPlay, IPlay, IPlay, IPlay]
_INF = 10 ** 6


@dataclass(frozen=True, slots=True)
class EndgameSolution:
    """What best play on both sides gives (SJ-11, SJ-12).

    ``attacker_points``: the points the attackers take from here on, the current trick's and the
    kitty's included; ``best``: every play of ``seat`` (the seat to move) that keeps that value,
    in canonical order; ``line``: a principal line to the end, ``(seat, play)`` in playing order;
    ``nodes``: the positions searched.
    """

    attacker_points: int
    seat: int
    best: tuple[Play, ...]
    line: tuple[tuple[int, Play], ...]
    nodes: int
    reason: Reason = field(compare=False)

    def best_text(self) -> list[str]:
        """The best plays as players write them (``♠A``)."""
        return [cards_text(list(play)) for play in self.best]

    def to_answer(self) -> dict[str, object]:
        """The ``endgame`` question's answer (docs/notation.md)."""
        return {"attacker_points": self.attacker_points, "best": sorted(format_cards(list(p)) for p in self.best)}


def read_attackers(attackers: int | str) -> int:
    """The attacking team: 0 or 1 (:func:`~.progression.team_of`), or ``"even"`` / ``"odd"`` seats (SJ-1)."""
    if attackers in ("even", 0) and type(attackers) is not bool:
        return 0
    if attackers in ("odd", 1) and type(attackers) is not bool:
        return 1
    raise InvalidPositionError(f"the attackers are the \"even\" seats (South and North, team 0) or the \"odd\" "
                               f"seats (East and West, team 1), got {attackers!r}")


class EndgameSolver:
    """The search for one deal's endgame: the context, the ruleset, the attackers and the kitty
    fixed, a transposition table shared by every position asked about (SJ-8 … SJ-12).

    Inside the search a card is its index in ``DECK_WITH_JOKERS`` (a small int hashes fast), a
    hand or a play a sorted tuple of them; the engine is asked in Cards and its answers kept.
    """

    def __init__(self, ctx: TrumpContext, rules: RulesetLike, attackers: int | str,
                 kitty: CardsInput | None = None) -> None:
        self.ctx, self.rules = require_context(ctx, rules)
        if self.rules.throws:
            raise RulesetError("the endgame solver leaves throws (C-3) out: solve under a ruleset without them")
        self.attackers = read_attackers(attackers)
        self.kitty = None if kitty is None else as_cards(kitty, "kitty")
        if self.kitty is not None and len(self.kitty) != KITTY_SIZE:
            raise InvalidPositionError(f"the kitty holds {KITTY_SIZE} cards (SJ-2), got {len(self.kitty)}")
        self.kitty_points = 0 if self.kitty is None else sum(map(card_points, self.kitty))
        self.nodes = 0
        self._table: dict[tuple[object, ...], tuple[int, int, IPlay | None]] = {}
        self._legal: dict[tuple[IPlay, IPlay | None], list[IPlay]] = {}
        self._winners: dict[tuple[IPlay, ...], int] = {}
        self._kitty_scores: dict[tuple[IPlay, IPlay], int] = {}
        self._kitty_caps: list[int] = [0]
        self._moves: dict[tuple[IHands, int, tuple[IPlay, ...]], list[IPlay]] = {}
        self._label_memo: dict[IHands, tuple[dict[int, int], ...]] = {}
        self._held_points: dict[IHands, int] = {}
        self._keys: dict[tuple[IHands, int], tuple[object, ...]] = {}
        suits = {suit: i for i, suit in enumerate(EffectiveSuit)}
        self._suit = [suits[self.ctx.effective_suit(c)] for c in DECK_WITH_JOKERS]
        self._strength = [self.ctx.strength(c) for c in DECK_WITH_JOKERS]
        self._trump = suits[EffectiveSuit.TRUMP]
        self._points = [card_points(c) for c in DECK_WITH_JOKERS]

    # -- the engine's answers, remembered ---------------------------------------------------

    def legal_plays(self, hand: IPlay, lead: IPlay | None) -> list[IPlay]:
        """Every distinct legal play of ``hand``: a lead (SJ-6) or a follow of ``lead`` (SJ-9)."""
        key = (hand, lead)
        plays = self._legal.get(key)
        if plays is None:
            cards = _cards(hand)
            found = (legal_leads(self.ctx, self.rules, cards) if lead is None
                     else legal_follows(self.ctx, self.rules, _cards(lead), cards))
            plays = self._legal[key] = [_ints(p) for p in found]
        return plays

    def trick_winner(self, plays: tuple[IPlay, ...]) -> int:
        """The index of the play winning the trick so far (SJ-10, C-1, C-5).

        A whole trick is asked as a contest of three plays: the lead, the play winning the first three, the last
        play, since a later play takes the trick only by beating the play winning so far, under the lead (SJ-10;
        equal plays keep the first, C-1).  Tricks that differ only in a losing follow share the engine's answer."""
        index = self._winners.get(plays)
        if index is None:
            if len(plays) < SEATS:
                index = find_trick_winner(self.ctx, self.rules, [_cards(p) for p in plays]).winner
            else:
                before = self.trick_winner(plays[:-1])
                contest = (plays[0], plays[before], plays[-1]) if before else (plays[0], plays[-1])
                index = len(plays) - 1 if self.trick_winner(contest) == len(contest) - 1 else before
            self._winners[plays] = index
        return index

    def kitty_value(self, plays: tuple[IPlay, ...], winner: int) -> int:
        """The kitty's points times the multiplier when the attackers win the last trick (SJ-12, C-2).

        The multiplier looks at the lead or at the winning play (C-2), never at the other plays: those two
        are the remembered answer's key, so last tricks that differ only in the losing follows share it."""
        if self.kitty is None or not self.kitty_points:
            return 0
        key = (plays[0], plays[winner])
        value = self._kitty_scores.get(key)
        if value is None:
            value = self._kitty_scores[key] = kitty_score(self.ctx, self.rules, self.kitty,
                                                          [_cards(p) for p in plays], True, winner)[0]
        return value

    def _set_kitty_cap(self, cards_each: int) -> None:
        """The most the kitty can add when the last trick is at most ``k`` cards a seat, for every ``k`` up to
        ``cards_each`` (its points times the largest multiplier such a trick can bring, SG-6 / SS-6): the
        search's upper bound, tighter as the hands shrink."""
        caps = self._kitty_caps
        for size in range(len(caps), cards_each + 1):
            factors = [kitty_multiplier(self.rules, pairs, size, size)[0] for pairs in range(size // 2 + 1)]
            caps.append(max(caps[-1], self.kitty_points * max(factors)))

    # -- the search ---------------------------------------------------------------------------

    def _groups(self, hands: IHands, seat: int, trick: tuple[IPlay, ...],
                plays: list[IPlay]) -> dict[tuple[int, ...], list[IPlay]]:
        """``plays`` grouped by equivalent cards (the module's docstring), each group's first play first."""
        leader = (seat - len(trick)) % SEATS
        label = self._labels(hands, leader, trick)[seat]
        groups: dict[tuple[int, ...], list[IPlay]] = {}
        for play in plays:
            groups.setdefault(tuple(sorted(label[c] for c in play)), []).append(play)
        return groups

    def _labels(self, hands: IHands, leader: int, trick: tuple[IPlay, ...]) -> tuple[dict[int, int], ...]:
        """Each seat's cards labelled by their group of equivalent cards (the module's docstring).

        The cards that can part two of a seat's cards are the other seats' cards and those lying in the
        trick, which are the other seats' cards when the trick began: so the labels are the trick's start's,
        worked out once for all four seats."""
        if trick:
            start = list(hands)
            for i, play in enumerate(trick):
                seat = (leader + i) % SEATS
                start[seat] = tuple(sorted(start[seat] + play))
            hands = tuple(start)  # type: ignore[assignment]
        labels = self._label_memo.get(hands)
        if labels is None:
            labels = self._label_memo[hands] = tuple(self._seat_labels(hands, seat) for seat in range(SEATS))
        return labels

    def _seat_labels(self, hands: IHands, seat: int) -> dict[int, int]:
        """:meth:`_labels` of one seat at a trick's start: a card joins the run of the card below it when
        both are held once, of one effective suit and worth the same, with no other seat's card between."""
        hand = hands[seat]
        suit_of, strength_of, points_of = self._suit, self._strength, self._points
        singles = [c for i, c in enumerate(hand) if (i == 0 or hand[i - 1] != c)
                   and (i + 1 == len(hand) or hand[i + 1] != c)]
        label = {c: c for c in hand}
        if len(singles) > 1:
            suits = {suit_of[c] for c in singles}
            live = [(suit_of[c], strength_of[c]) for other in range(SEATS) if other != seat for c in hands[other]
                    if suit_of[c] in suits]
            held = {c for c in hand if c not in singles}
            previous = -1
            for card in sorted(hand, key=lambda c: (suit_of[c], strength_of[c])):  # weakest first, suit by suit
                if previous >= 0 and card not in held and previous not in held and suit_of[card] == suit_of[previous] \
                        and points_of[card] == points_of[previous] \
                        and not any(u == suit_of[card] and strength_of[previous] <= s <= strength_of[card]
                                    for u, s in live):
                    label[card] = label[previous]  # joins the run of the card below it
                previous = card
        return label

    def _ordered(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], hint: IPlay | None) -> list[IPlay]:
        """One play of each group, in the order most likely best: the table's best first; a lead
        strongest first; a follow that takes the trick from the other team first (the cheapest such),
        else the most points onto a partner's trick, else the fewest points."""
        key = (hands, leader, trick)
        cached = self._moves.get(key)
        if cached is not None:
            return _first(cached, hint)
        seat = (leader + len(trick)) % SEATS
        plays = self.legal_plays(hands[seat], trick[0] if trick else None)
        if len(plays) == 1:
            return plays
        ordered = self._moves[key] = self._order(hands, leader, trick)
        return _first(ordered, hint)

    def _order(self, hands: IHands, leader: int, trick: tuple[IPlay, ...]) -> list[IPlay]:
        """:meth:`_ordered` before the table's hint."""
        seat = (leader + len(trick)) % SEATS
        plays = self.legal_plays(hands[seat], trick[0] if trick else None)
        firsts = [group[0] for group in self._groups(hands, seat, trick, plays).values()]
        strength_of, points_of, suit_of = self._strength, self._points, self._suit
        if not trick:
            def lead_key(play: IPlay) -> tuple[int, ...]:
                return (-len(play), suit_of[play[0]] == self._trump,
                        -max(strength_of[c] for c in play))
            return sorted(firsts, key=lead_key)
        ours = (leader + self.trick_winner(trick)) % 2 == seat % 2

        def follow_key(play: IPlay) -> tuple[int, ...]:
            points = sum(points_of[c] for c in play)
            strength = sum(strength_of[c] for c in play)
            if ours:
                return (0, -points, strength)
            takes = self.trick_winner(trick + (play,)) == len(trick)
            return (-takes, points if not takes else -points, strength)

        return sorted(firsts, key=follow_key)

    def _child(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], play: IPlay, alpha: int,
               beta: int) -> int:
        """The value after ``play`` by the seat to move: a finished trick scores and its winner leads (SJ-8)."""
        seat = (leader + len(trick)) % SEATS
        after = _without(hands, seat, play)
        plays = trick + (play,)
        if len(plays) < SEATS:
            return self._search(after, leader, plays, alpha, beta)
        index = self.trick_winner(plays)
        winner = (leader + index) % SEATS
        left = len(after[0])
        if winner % 2 != self.attackers:
            return 0 if not left else self._last_trick(after, winner) if left == 1 else \
                self._search(after, winner, (), alpha, beta)
        points_of = self._points
        gain = sum(points_of[c] for p in plays for c in p)
        if not left:  # the last trick: the kitty goes with it (SJ-12)
            return gain + self.kitty_value(plays, index)
        if left == 1:
            return gain + self._last_trick(after, winner)
        return gain + self._search(after, winner, (), alpha - gain, beta - gain)

    def _last_trick(self, hands: IHands, leader: int) -> int:
        """The attackers' points from a last trick of one card each: every play is forced (SJ-9, SJ-12)."""
        plays = tuple(hands[(leader + i) % SEATS] for i in range(SEATS))
        index = self.trick_winner(plays)
        if (leader + index) % 2 != self.attackers:
            return 0
        return sum(self._points[p[0]] for p in plays) + self.kitty_value(plays, index)

    def _search(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the attackers' points from here (SJ-11, SJ-12)."""
        self.nodes += 1
        held = self._held_points.get(hands)
        if held is None:
            held = self._held_points[hands] = sum(self._points[c] for hand in hands for c in hand)
        most = held + self._kitty_caps[len(hands[leader]) + (len(trick[0]) if trick else 0)]
        if trick:
            points_of = self._points
            most += sum(points_of[c] for p in trick for c in p)
        if most <= alpha or most == 0:
            return most  # no line can take more than every point left
        if beta <= 0:
            return 0
        if trick:
            key: tuple[object, ...] = (hands, leader, trick)
        else:
            key = self._keys.get((hands, leader))  # type: ignore[assignment]
            if key is None:
                key = self._keys[hands, leader] = self._position_key(hands, leader)
        entry = self._table.get(key)
        hint = None
        low, high = 0, most
        if entry is not None:
            low, high, hint = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        maximise = (leader + len(trick)) % 2 == self.attackers
        best, best_play = (-_INF if maximise else _INF), None
        a, b = alpha, beta
        for play in self._ordered(hands, leader, trick, hint):
            value = self._child(hands, leader, trick, play, a, b)
            if maximise:
                if value > best:
                    best, best_play = value, play
                    a = max(a, value)
            elif value < best:
                best, best_play = value, play
                b = min(b, value)
            if a >= b:
                break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self._table[key] = (low, high, best_play)
        return best

    def _position_key(self, hands: IHands, leader: int) -> tuple[object, ...]:
        """The transposition table's key of a position between tricks: the position with its dead
        cards forgotten where they cannot matter (inside a trick the key is the position itself).

        In an effective suit where no hand holds two copies of a card, no pair or tractor of it can be
        played any more (SJ-6, SJ-9), so a card there counts only by its points (SJ-11) and its place
        among the suit's live cards (SJ-10, C-1: equal cards stay equal): two positions alike in that
        are solved once.  A suit with a pair keeps every card.
        """
        suit_of, strength_of = self._suit, self._strength
        paired: set[int] = set()
        for hand in hands:
            for i in range(1, len(hand)):
                if hand[i] == hand[i - 1]:
                    paired.add(suit_of[hand[i]])
        places: dict[tuple[int, int], int] = {}
        last, place = -1, 0
        for suit, strength in sorted({(suit_of[c], strength_of[c]) for hand in hands for c in hand}):
            place = place + 1 if suit == last else 0
            places[suit, strength], last = place, suit
        points_of = self._points

        def label(card: int) -> int:
            suit = suit_of[card]
            if suit in paired:
                return card
            return 1000 + (suit * 64 + places[suit, strength_of[card]]) * 3 + points_of[card] // 5

        return tuple(tuple(sorted(map(label, hand))) for hand in hands), leader

    def _value(self, hands: IHands, leader: int, trick: tuple[IPlay, ...]) -> int:
        """The attackers' points from here, by null-window searches closing in on the value (MTD(f)): each
        search proves a bound, and the table keeps what the last one learned for the next."""
        low, high, guess = -_INF, _INF, 0
        while low < high:
            beta = max(guess, low + 1)
            guess = self._search(hands, leader, trick, beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return low

    def _keeps(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], play: IPlay, value: int) -> bool:
        """Whether ``play`` by the seat to move keeps ``value`` (a null-window search)."""
        if (leader + len(trick)) % 2 == self.attackers:
            return self._child(hands, leader, trick, play, value - 1, value) >= value
        return self._child(hands, leader, trick, play, value, value + 1) <= value

    def _best_plays(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], value: int) -> list[IPlay]:
        """Every legal play of the seat to move that keeps ``value``, equivalent plays included."""
        seat = (leader + len(trick)) % SEATS
        plays = self.legal_plays(hands[seat], trick[0] if trick else None)
        best: list[IPlay] = []
        for group in self._groups(hands, seat, trick, plays).values():
            if self._keeps(hands, leader, trick, group[0], value):
                best.extend(group)
        return best

    def _step(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], value: int, seat: int,
              play: IPlay) -> tuple[IHands, int, tuple[IPlay, ...], int]:
        """The position after ``play`` by ``seat``, and the value still to come there (a trick the attackers
        finish taking its points off, SJ-11; its winner leads next, SJ-8)."""
        hands = _without(hands, seat, play)
        trick = trick + (play,)
        if len(trick) == SEATS:
            winner = (leader + self.trick_winner(trick)) % SEATS
            if winner % 2 == self.attackers:
                value -= sum(self._points[c] for p in trick for c in p)
            leader, trick = winner, ()
        return hands, leader, trick, value

    def _line(self, hands: IHands, leader: int, trick: tuple[IPlay, ...], value: int) -> list[tuple[int, IPlay]]:
        """A principal line from here to the end: at each turn a play that keeps the value (SJ-8)."""
        moves: list[tuple[int, IPlay]] = []
        while hands[(leader + len(trick)) % SEATS]:
            seat = (leader + len(trick)) % SEATS
            play = next(p for p in self._ordered(hands, leader, trick, None)
                        if self._keeps(hands, leader, trick, p, value))
            moves.append((seat, play))
            hands, leader, trick, value = self._step(hands, leader, trick, value, seat, play)
        return moves

    def nearby_lines(self, hands: Sequence[CardsInput], leader: int) -> list[tuple[tuple[int, Play], ...]]:
        """Best lines from a position to compare a worse play with: the principal line (``solve``'s), then each
        line that leaves it at one later turn by another play keeping the value, and goes on by a principal line
        (SJ-8).  Equally good lines may hand different tricks to each side; a verdict picks the one closest to
        the line it explains."""
        start, trick = self.read_position(hands, leader, ())
        self._set_kitty_cap(max(len(h) for h in start))
        value = self._value(start, leader, trick)
        main = self._line(start, leader, trick, value)
        lines = [main]
        at: tuple[IHands, int, tuple[IPlay, ...], int] = (start, leader, trick, value)
        for turn, (seat, play) in enumerate(main):
            here, lead, so_far, still = at
            if turn:  # the first play is the one the line is asked for
                plays = self.legal_plays(here[seat], so_far[0] if so_far else None)
                for group in self._groups(here, seat, so_far, plays).values():
                    other = group[0]
                    if play not in group and self._keeps(here, lead, so_far, other, still):
                        lines.append(main[:turn] + [(seat, other)] + self._line(
                            *self._step(here, lead, so_far, still, seat, other)))
            at = self._step(here, lead, so_far, still, seat, play)
        return [tuple((s, _play(p)) for s, p in line) for line in lines]

    def solve(self, hands: Sequence[CardsInput], leader: int, played: Sequence[CardsInput] = ()) -> EndgameSolution:
        """:func:`solve_endgame` with this solver's table (checked input, SJ-8 … SJ-12)."""
        start, trick = self.read_position(hands, leader, played)
        self._set_kitty_cap(max(len(h) for h in start) + sum(len(p) for p in trick[:1]))
        before = self.nodes
        value = self._value(start, leader, trick)
        best = sorted((_play(p) for p in self._best_plays(start, leader, trick, value)),
                      key=lambda p: [c.sort_key for c in p])
        line = [(s, _play(p)) for s, p in self._line(start, leader, trick, value)]
        seat = (leader + len(trick)) % SEATS
        return EndgameSolution(value, seat, tuple(best), tuple(line), self.nodes - before,
                               _explain(value, seat, best, line, self.attackers))

    def play_values(self, hands: Sequence[CardsInput], leader: int,
                    played: Sequence[CardsInput] = ()) -> dict[Play, int]:
        """The attackers' points from here after each legal play of the seat to move, best play on both
        sides after it (SJ-8 … SJ-12): the value of every choice, not only of the best (the review
        grades a choice by what it cost, cardlib/shengji/review.py)."""
        start, trick = self.read_position(hands, leader, played)
        self._set_kitty_cap(max(len(h) for h in start) + sum(len(p) for p in trick[:1]))
        seat = (leader + len(trick)) % SEATS
        plays = self.legal_plays(start[seat], trick[0] if trick else None)
        return {_play(p): self._child(start, leader, trick, p, -_INF, _INF) for p in plays}

    def read_position(self, hands: Sequence[CardsInput], leader: int,
                      played: Sequence[CardsInput]) -> tuple[IHands, tuple[IPlay, ...]]:
        """The hands and the trick as the search keeps them; raise on a position no hand could reach."""
        if type(leader) is not int or not 0 <= leader < SEATS:
            raise InvalidPositionError(f"the leader must be a seat 0-3 (South, East, North, West), got {leader!r}")
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise InvalidPositionError("the hands are a list of 4 card lists, South's first (seats 0-3)")
        if not isinstance(played, (list, tuple)) or len(played) >= SEATS:
            raise InvalidPositionError("played holds the current trick's plays so far (0 to 3), the lead first")
        cards = [as_cards(h, f"hand of seat {s}") for s, h in enumerate(hands)]
        plays = [as_cards(p, f"play {i}") for i, p in enumerate(played)]
        require_copies([c for h in cards for c in h] + [c for p in plays for c in p] + (self.kitty or []),
                       what="hands, trick and kitty together")
        if plays:
            lead = read_lead(self.ctx, self.rules, plays[0])
            for i, play in enumerate(plays[1:], start=1):
                seat = (leader + i) % SEATS
                verdict = check_follow(self.ctx, self.rules, lead, cards[seat] + play, play, seat=seat)
                if not verdict:
                    raise InvalidPositionError(f"play {i} does not follow the lead: {verdict.reason}")
        sizes = [len(cards[(leader + i) % SEATS]) + (len(plays[i]) if i < len(plays) else 0) for i in range(SEATS)]
        if len(set(sizes)) != 1 or not sizes[0] or (plays and not cards[(leader + len(plays)) % SEATS]):
            raise InvalidPositionError(f"the hands do not fit one trick in play: each seat must hold as many cards "
                                       f"(counting its play to this trick), at least one; they hold "
                                       f"{[len(h) for h in cards]} with {len(plays)} played")
        start = tuple(_ints(h) for h in cards)
        return start, tuple(_ints(p) for p in plays)  # type: ignore[return-value]


def solve_endgame(ctx: TrumpContext, rules: RulesetLike, hands: Sequence[CardsInput], leader: int,
                  played: Sequence[CardsInput] = (), *, attackers: int | str,
                  kitty: CardsInput | None = None) -> EndgameSolution:
    """The attackers' points from here with best play on both sides, the best plays of the seat to
    move and a principal line.

    ``hands``: the four seats' cards now (South, East, North, West); ``leader``: the seat that
    leads (or led) the current trick; ``played``: the plays made to it so far, the lead first;
    ``attackers``: their team (0 or ``"even"``: South–North; 1 or ``"odd"``: East–West);
    ``kitty``: the 8 buried cards, counted when the attackers take the last trick (None counts
    no kitty).

    Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6, C-1, C-2
    """
    return EndgameSolver(ctx, rules, attackers, kitty).solve(hands, leader, played)


def _explain(value: int, seat: int, best: Sequence[Play], line: Sequence[tuple[int, Play]], attackers: int) -> Reason:
    """The value and the first moves of the line, in both languages (SJ-11, SJ-12)."""
    first = line[:SEATS]
    moves = Reason.make(RuleId.SJ_8, ", ".join(f"{{s{i}}} {{p{i}}}" for i in range(len(first))),
                        "，".join(f"{{s{i}}}{{p{i}}}" for i in range(len(first))),
                        **{f"s{i}": Seat(s) for i, (s, _p) in enumerate(first)},
                        **{f"p{i}": list(p) for i, (_s, p) in enumerate(first)})
    return Reason.make(RuleId.SJ_11, "With best play on both sides the attackers ({team}) take {value} points from "
                       "here, the kitty included; {seat} plays {best}. The line: {moves} …",
                       "双方都走最好时，闲家（{team}）从这里起得{value}分（含底分）；{seat}出{best}。"
                       "变化：{moves}……", team=TEAM_WORDS[attackers], value=value, seat=Seat(seat),
                       best=list(best[0]), moves=moves)


#: A card's index in ``DECK_WITH_JOKERS``, the search's name for it.
_INDEX = {card: i for i, card in enumerate(DECK_WITH_JOKERS)}


def _ints(cards: Sequence[Card]) -> IPlay:
    return tuple(sorted(_INDEX[c] for c in cards))


def _cards(play: IPlay) -> list[Card]:
    return [DECK_WITH_JOKERS[i] for i in play]


def _play(play: IPlay) -> Play:
    """A play of the search as Cards in canonical order (``Card.sort_key``)."""
    return tuple(sorted(_cards(play), key=lambda c: c.sort_key))


def _first(plays: list[IPlay], hint: IPlay | None) -> list[IPlay]:
    """``plays`` with ``hint`` (the table's best play of a like position) first, when it is one of them."""
    if hint is None or not plays or plays[0] == hint or hint not in plays:
        return plays
    return [hint] + [p for p in plays if p != hint]


def _without(hands: IHands, seat: int, play: IPlay) -> IHands:
    """``hands`` with ``play`` taken from ``seat``'s hand (a hand stays sorted)."""
    rest = list(hands[seat])
    for card in play:
        rest.remove(card)
    return hands[:seat] + (tuple(rest),) + hands[seat + 1:]  # type: ignore[return-value]
