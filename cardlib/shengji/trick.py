"""Who wins a trick.

Rules: SJ-10, C-1, C-5, C-3

The lead wins unless beaten.  A follow can beat only in the lead's shape
(single, pair, tractor of as many pairs): higher in the led effective suit, or
all trumps when the lead is a plain suit.  Among trumping plays the highest
wins, and over-trumping must be strictly higher (SJ-10).  Equal cards: the one
played first wins (C-1).  Two different trump singles on a pair lead are a
discard that cannot win (C-5).  A tractor is compared by its top pair.

A throw lead (C-3, optional) is taken as standing (see :mod:`.throws`): nobody
can beat it in its own suit, and a throw of trumps cannot be beaten.  A follow
beats a plain-suit throw only if it is all trumps, splits into units of the
same shapes (:func:`~cardlib.shengji.combos.split_units`: as many tractors of
each length, pairs and singles), and its largest unit's top card is strictly
higher than the largest unit of every earlier trumping play of that kind.

>>> from cardlib.cards import Rank, Suit
>>> from cardlib.shengji.rules import SHENGJI
>>> from cardlib.shengji.trump import TrumpContext
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> find_trick_winner(ctx, SHENGJI, ["HK", "HK", "H3", "C4"]).winner
0
>>> print(find_trick_winner(ctx, SHENGJI, ["HA HA", "S3 S4", "C4 C5", "H3 H3"]).reason)
C-5: play 1 (S3 S4) is two different trumps on the pair lead HA HA: a discard that cannot win; the lead HA HA wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import Card, format_cards
from ..errors import InvalidPositionError
from ..explain import Reason
from ..rule_ids import RuleId
from .combos import Shape, shape_of, split_units
from .leads import CardsInput, as_cards, read_lead, require_context, require_copies
from .rules import Ruleset, RulesetLike
from .trump import EffectiveSuit, TrumpContext

MAX_PLAYS = 4  # SJ-1: four players


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The winning play's index in ``plays`` (0 is the lead) and why it wins; ``plays`` are the
    trick's plays as Cards, the lead first.  A notebook draws it (:func:`cardlib.render.trick_result_html`)."""

    winner: int
    reason: Reason
    plays: tuple[tuple[Card, ...], ...] = ()

    def __repr__(self) -> str:
        plays = " | ".join(format_cards(play) for play in self.plays)
        return f"<TrickResult winner={self.winner} [{plays}] {self.reason}>"

    def _repr_html_(self) -> str:
        from ..render import trick_result_html

        return trick_result_html(self)


def read_plays(ctx: TrumpContext, rules: RulesetLike, plays: Sequence[CardsInput]) -> list[list[Card]]:
    """The trick's plays as Cards: a lead that may be led, then 0-3 follows of its size."""
    ctx, rules = require_context(ctx, rules)
    if not isinstance(plays, (list, tuple)) or not plays:
        raise InvalidPositionError("a trick is a non-empty list of plays, the lead first")
    if len(plays) > MAX_PLAYS:
        raise InvalidPositionError(f"a trick has at most {MAX_PLAYS} plays (SJ-1: four players), got {len(plays)}")
    lead = read_lead(ctx, rules, plays[0])
    cards = [lead] + [as_cards(p, f"play {i}") for i, p in enumerate(plays[1:], start=1)]
    for i, play in enumerate(cards[1:], start=1):
        if len(play) != len(lead):
            raise InvalidPositionError(f"play {i} ({format_cards(play) or 'no cards'}) has {len(play)} "
                                       f"card{'s' if len(play) != 1 else ''}; the lead "
                                       f"{format_cards(lead)} has {len(lead)}")
    require_copies([c for play in cards for c in play], what="trick")
    return cards


def _structure(ctx: TrumpContext, rules: Ruleset, play: list[Card]) -> tuple[tuple[int, ...], int]:
    """A throw's unit shapes (pairs per unit, largest first) and its largest unit's top strength."""
    units = split_units(ctx, rules, play)
    return tuple(u.pairs for u in units), ctx.strength(units[0].top)


def _contender_key(ctx: TrumpContext, rules: Ruleset, lead: list[Card], shape: Shape,
                   play: list[Card]) -> tuple[int, int] | None:
    """``(trumped, strength)`` if follow ``play`` has what it takes to beat the lead, else None."""
    lead_suit = ctx.effective_suit(lead[0])
    suit = ctx.effective_suit(play[0])
    if any(ctx.effective_suit(c) is not suit for c in play):
        return None
    trumped = int(suit is EffectiveSuit.TRUMP and lead_suit is not EffectiveSuit.TRUMP)
    if shape.kind == "throw":
        if not trumped:
            return None  # a standing throw is not beaten in its own suit (C-3)
        structure, top = _structure(ctx, rules, play)
        return (trumped, top) if structure == _structure(ctx, rules, lead)[0] else None
    if suit is not lead_suit and not trumped:
        return None
    if shape_of(ctx, rules, play) != shape:
        return None
    return trumped, max(ctx.strength(c) for c in play)


def _lead_key(ctx: TrumpContext, rules: Ruleset, lead: list[Card], shape: Shape) -> tuple[int, int]:
    """The lead's own ``(0, strength)``: its top card, or a throw's largest unit's top (C-3)."""
    if shape.kind == "throw":
        return 0, _structure(ctx, rules, lead)[1]
    return 0, max(ctx.strength(c) for c in lead)


def find_trick_winner(ctx: TrumpContext, rules: RulesetLike, plays: Sequence[CardsInput]) -> TrickResult:
    """The index of the play that wins the trick (``plays[0]`` is the lead) and the reason.

    Rules: SJ-10, C-1, C-5, C-3
    """
    ctx, rules = require_context(ctx, rules)
    cards = read_plays(ctx, rules, plays)
    lead = cards[0]
    shape = shape_of(ctx, rules, lead)
    keys = [_lead_key(ctx, rules, lead, shape)] + [_contender_key(ctx, rules, lead, shape, play)
                                                   for play in cards[1:]]
    winner = 0
    for i, key in enumerate(keys[1:], start=1):
        if key is not None and key > keys[winner]:  # strictly higher: equal cards keep the first (C-1)
            winner = i
    return TrickResult(winner, _explain(ctx, cards, shape, keys, winner), tuple(map(tuple, cards)))


def _explain(ctx: TrumpContext, cards: list[list[Card]], shape: Shape, keys: list[tuple[int, int] | None],
             winner: int) -> Reason:
    lead, best = format_cards(cards[0]), format_cards(cards[winner])
    who = "the lead" if winner == 0 else f"play {winner}"
    who_zh = "首家" if winner == 0 else f"第{winner}手"
    tied = [i for i in range(winner + 1, len(cards)) if keys[i] == keys[winner]]
    if tied:
        other = tied[0]
        return Reason(RuleId.C_1, f"play {other} ({format_cards(cards[other])}) equals {who} ({best}); "
                                  f"the one played first wins, so {who} wins.",
                      f"第{other}手（{format_cards(cards[other])}）与{who_zh}（{best}）一样大，先出者胜，{who_zh}赢。")
    lead_suit = ctx.effective_suit(cards[0][0])
    mixed = [i for i in range(1, len(cards)) if shape.kind == "pair" and lead_suit is not EffectiveSuit.TRUMP
             and all(ctx.is_trump(c) for c in cards[i]) and keys[i] is None]
    if mixed:
        other = mixed[0]
        return Reason(RuleId.C_5, f"play {other} ({format_cards(cards[other])}) is two different trumps on the "
                                  f"pair lead {lead}: a discard that cannot win; {who} {best} wins.",
                      f"第{other}手（{format_cards(cards[other])}）用两张不同的主牌毙对子，只算垫牌，不能赢；"
                      f"{who_zh}{best}赢。")
    if winner == 0:
        return Reason(RuleId.SJ_10, f"nobody beats the lead {lead} with {shape.en} that is higher or trumps it, "
                                    f"so the lead wins.",
                      f"没有人用同型更大的牌或主牌管住首家{lead}，首家赢。")
    if keys[winner][0]:
        return Reason(RuleId.SJ_10, f"{who} ({best}) trumps the {lead_suit.en} lead {lead} in its shape and "
                                    f"is the highest trump play, so it wins.",
                      f"{who_zh}（{best}）用同型主牌毙了{lead_suit.zh}首出{lead}，且毙牌最大，赢。")
    return Reason(RuleId.SJ_10, f"{who} ({best}) is the highest {shape.en.removeprefix('a ')} of {lead_suit.en} and nobody "
                                f"trumps, so it wins.",
                  f"{who_zh}（{best}）是{lead_suit.zh}中最大的{shape.zh}，无人毙牌，赢。")
