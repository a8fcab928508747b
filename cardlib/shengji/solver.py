"""A double-dummy solver for 升级 endgames: every hand seen, best play on both sides.

Rules: SJ-8, SJ-9, SJ-10, SJ-11, SJ-12, SG-6 / SS-6, C-1, C-2

Given the four hands, the trick so far, who led it, the level, the trump, the ruleset, the
attacking team and the kitty, :func:`solve_endgame` finds the points the attackers take from
here to the end of the hand when both teams play their best: the tricks' points (SJ-11) and,
when the attackers win the last trick, the kitty times its multiplier (SJ-12, SG-6 / SS-6,
C-2, scored by :func:`~.scoring.score_kitty`).  It also gives every best play of the seat to
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

from collections import Counter
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
from .rules import Ruleset, RulesetLike
from .scoring import KITTY_SIZE, card_points, score_kitty
from .trick import find_trick_winner
from .trump import EffectiveSuit, TrumpContext

SEATS = 4  # SJ-1
#: A play: its cards in canonical order (``Card.sort_key``).
Play = tuple[Card, ...]
Hands = tuple[Play, Play, Play, Play]
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
    fixed, a transposition table shared by every position asked about (SJ-8 … SJ-12)."""

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
        self._table: dict[tuple[Hands, int, tuple[Play, ...]], tuple[int, int, Play | None]] = {}
        self._legal: dict[tuple[Play, Play | None], list[Play]] = {}
        self._winners: dict[tuple[Play, ...], int] = {}
        self._kitty_scores: dict[tuple[tuple[Play, ...], int], int] = {}
        self._key = {card: (self.ctx.effective_suit(card), self.ctx.strength(card)) for card in DECK_WITH_JOKERS}

    # -- the engine's answers, remembered ---------------------------------------------------

    def legal_plays(self, hand: Play, lead: Play | None) -> list[Play]:
        """Every distinct legal play of ``hand``: a lead (SJ-6) or a follow of ``lead`` (SJ-9)."""
        key = (hand, lead)
        plays = self._legal.get(key)
        if plays is None:
            found = (legal_leads(self.ctx, self.rules, list(hand)) if lead is None
                     else legal_follows(self.ctx, self.rules, list(lead), list(hand)))
            plays = self._legal[key] = [tuple(p) for p in found]
        return plays

    def trick_winner(self, plays: tuple[Play, ...]) -> int:
        """The winning play's index (SJ-10, C-1, C-5)."""
        index = self._winners.get(plays)
        if index is None:
            index = self._winners[plays] = find_trick_winner(self.ctx, self.rules, [list(p) for p in plays]).winner
        return index

    def kitty_value(self, plays: tuple[Play, ...], winner: int) -> int:
        """The kitty's points times the multiplier when the attackers win the last trick (SJ-12, C-2)."""
        if self.kitty is None or not self.kitty_points:
            return 0
        key = (plays, winner)
        value = self._kitty_scores.get(key)
        if value is None:
            value = self._kitty_scores[key] = score_kitty(self.ctx, self.rules, self.kitty, [list(p) for p in plays],
                                                          True, winner)[0]
        return value

    # -- the search ---------------------------------------------------------------------------

    def _groups(self, hands: Hands, seat: int, trick: tuple[Play, ...],
                plays: list[Play]) -> dict[tuple[object, ...], list[Play]]:
        """``plays`` grouped by equivalent cards (the module's docstring), each group's first play first."""
        mine = Counter(hands[seat])
        live: dict[EffectiveSuit, list[int]] = {}
        for other in range(SEATS):
            if other != seat:
                for card in hands[other]:
                    suit, strength = self._key[card]
                    live.setdefault(suit, []).append(strength)
        for play in trick:
            for card in play:
                suit, strength = self._key[card]
                live.setdefault(suit, []).append(strength)
        label: dict[Card, object] = {}
        by_suit: dict[EffectiveSuit, list[Card]] = {}
        for card in mine:
            by_suit.setdefault(self._key[card][0], []).append(card)
        for suit, cards in by_suit.items():
            cards.sort(key=lambda c: self._key[c][1])
            others = live.get(suit, [])
            previous: Card | None = None
            for card in cards:  # weakest first: a card joins the run of the one below it, or starts one
                if previous is not None and mine[card] == 1 and mine[previous] == 1 \
                        and card_points(card) == card_points(previous) \
                        and not any(self._key[previous][1] <= s <= self._key[card][1] for s in others):
                    label[card] = label[previous]
                else:
                    label[card] = card
                previous = card
        groups: dict[tuple[object, ...], list[Play]] = {}
        for play in plays:
            key = tuple(sorted((id(label[c]) for c in play)))
            groups.setdefault(key, []).append(play)
        return groups

    def _ordered(self, hands: Hands, seat: int, trick: tuple[Play, ...], hint: Play | None) -> list[Play]:
        """One play of each group, the table's best first, then the strongest (trumps above all)."""
        plays = self.legal_plays(hands[seat], trick[0] if trick else None)
        firsts = [group[0] for group in self._groups(hands, seat, trick, plays).values()] if len(plays) > 1 else plays

        def strength(play: Play) -> tuple[int, int, int]:
            keys = [self._key[c] for c in play]
            return (-(play == hint), -sum(s is EffectiveSuit.TRUMP for s, _ in keys), -max(k for _, k in keys))

        return sorted(firsts, key=strength)

    def _child(self, hands: Hands, leader: int, trick: tuple[Play, ...], play: Play, alpha: int, beta: int) -> int:
        """The value after ``play`` by the seat to move: a finished trick scores and its winner leads (SJ-8)."""
        seat = (leader + len(trick)) % SEATS
        after = _without(hands, seat, play)
        plays = trick + (play,)
        if len(plays) < SEATS:
            return self._search(after, leader, plays, alpha, beta)
        index = self.trick_winner(plays)
        winner = (leader + index) % SEATS
        gain = sum(card_points(c) for p in plays for c in p) if winner % 2 == self.attackers else 0
        if not after[0]:  # the last trick: the kitty goes with it (SJ-12)
            return gain + (self.kitty_value(plays, index) if winner % 2 == self.attackers else 0)
        return gain + self._search(after, winner, (), alpha - gain, beta - gain)

    def _search(self, hands: Hands, leader: int, trick: tuple[Play, ...], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the attackers' points from here (SJ-11, SJ-12)."""
        self.nodes += 1
        if not self.kitty_points and not any(card_points(c) for hand in hands for c in hand) \
                and not any(card_points(c) for p in trick for c in p):
            return 0
        key = (hands, leader, trick)
        entry = self._table.get(key)
        hint = None
        if entry is not None:
            low, high, hint = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = -_INF, _INF
        seat = (leader + len(trick)) % SEATS
        maximise = seat % 2 == self.attackers
        best, best_play = (-_INF if maximise else _INF), None
        a, b = alpha, beta
        for play in self._ordered(hands, seat, trick, hint):
            value = self._child(hands, leader, trick, play, a, b)
            if (value > best) if maximise else (value < best):
                best, best_play = value, play
            if maximise:
                a = max(a, value)
            else:
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

    def value(self, hands: Hands, leader: int, trick: tuple[Play, ...] = ()) -> int:
        """The attackers' points from this position with best play (SJ-11, SJ-12)."""
        return self._search(hands, leader, trick, -_INF, _INF)

    def keeps(self, hands: Hands, leader: int, trick: tuple[Play, ...], play: Play, value: int) -> bool:
        """Whether ``play`` by the seat to move keeps ``value`` (a null-window search)."""
        seat = (leader + len(trick)) % SEATS
        if seat % 2 == self.attackers:
            return self._child(hands, leader, trick, play, value - 1, value) >= value
        return self._child(hands, leader, trick, play, value, value + 1) <= value

    def best_plays(self, hands: Hands, leader: int, trick: tuple[Play, ...], value: int) -> list[Play]:
        """Every legal play of the seat to move that keeps ``value``, equivalent plays included."""
        seat = (leader + len(trick)) % SEATS
        plays = self.legal_plays(hands[seat], trick[0] if trick else None)
        best: list[Play] = []
        for group in self._groups(hands, seat, trick, plays).values():
            if self.keeps(hands, leader, trick, group[0], value):
                best.extend(group)
        return sorted(best, key=lambda p: [c.sort_key for c in p])

    def line(self, hands: Hands, leader: int, trick: tuple[Play, ...], value: int) -> list[tuple[int, Play]]:
        """A principal line from here to the end: at each turn a play that keeps the value (SJ-8)."""
        moves: list[tuple[int, Play]] = []
        while hands[(leader + len(trick)) % SEATS]:
            seat = (leader + len(trick)) % SEATS
            play = next(p for p in self._ordered(hands, seat, trick, None)
                        if self.keeps(hands, leader, trick, p, value))
            moves.append((seat, play))
            hands = _without(hands, seat, play)
            trick = trick + (play,)
            if len(trick) == SEATS:
                index = self.trick_winner(trick)
                winner = (leader + index) % SEATS
                if winner % 2 == self.attackers:
                    value -= sum(card_points(c) for p in trick for c in p)
                leader, trick = winner, ()
        return moves

    def solve(self, hands: Sequence[CardsInput], leader: int, played: Sequence[CardsInput] = ()) -> EndgameSolution:
        """:func:`solve_endgame` with this solver's table (checked input, SJ-8 … SJ-12)."""
        start, trick = self.read_position(hands, leader, played)
        before = self.nodes
        value = self.value(start, leader, trick)
        best = self.best_plays(start, leader, trick, value)
        line = self.line(start, leader, trick, value)
        seat = (leader + len(trick)) % SEATS
        return EndgameSolution(value, seat, tuple(best), tuple(line), self.nodes - before,
                               _explain(value, seat, best, line, self.attackers))

    def read_position(self, hands: Sequence[CardsInput], leader: int,
                      played: Sequence[CardsInput]) -> tuple[Hands, tuple[Play, ...]]:
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
        start = tuple(_canonical(h) for h in cards)
        return start, tuple(_canonical(p) for p in plays)  # type: ignore[return-value]


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


def _explain(value: int, seat: int, best: list[Play], line: list[tuple[int, Play]], attackers: int) -> Reason:
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


def _canonical(cards: Sequence[Card]) -> Play:
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def _without(hands: Hands, seat: int, play: Play) -> Hands:
    """``hands`` with ``play`` taken from ``seat``'s hand (a hand stays in canonical order)."""
    rest = list(hands[seat])
    for card in play:
        rest.remove(card)
    return hands[:seat] + (tuple(rest),) + hands[seat + 1:]  # type: ignore[return-value]

