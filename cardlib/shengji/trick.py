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
>>> print(find_trick_winner(ctx, SHENGJI, ["HA HA", "S3 S4", "C4 C5", "H3 H3"]).reason)  # doctest: +NORMALIZE_WHITESPACE
C-5: The leader wins with ♥A ♥A: the second player's ♠4 ♠3 is two different trumps, not a pair, so it does not
trump the pair lead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Rank, format_cards
from ..errors import InvalidPositionError
from ..explain import Reason, Seat, Words
from ..result import Result
from ..rule_ids import RuleId
from ..words import cards_text
from .combos import (LazyReason, Plays, Shape, as_cards, level_card_rank_words, plain_level_cards, require_context,
                     shape_in_suit, shape_of, split_units, the_joker)
from .leads import read_lead, require_copies
from .rules import Ruleset, RulesetLike
from .trump import EffectiveSuit, TrumpContext

MAX_PLAYS = 4  # SJ-1: four players


@dataclass(frozen=True, slots=True, repr=False)
class TrickResult(Result[int]):
    """The winning play's index in ``plays`` (``value``, also ``winner``: 0 is the lead) and why it wins;
    ``plays`` are the trick's plays as Cards, the lead first.  A notebook draws it
    (:func:`cardlib.render.trick_result_html`)."""

    plays: tuple[tuple[Card, ...], ...] = ()

    @property
    def winner(self) -> int:
        """The winning play's place in the trick (0 is the lead)."""
        return self.value

    def shown(self, lang: str = "en") -> str:
        """The winning play by its place and cards: ``the fourth player (♠3)`` / ``末家（♠3）``."""
        from ..render import PLACES

        place = PLACES[self.value][lang == "zh"]
        if self.value >= len(self.plays):
            return place
        cards = cards_text(self.plays[self.value], lang)
        return f"{place}（{cards}）" if lang == "zh" else f"{place} ({cards})"

    def _repr_html_(self) -> str:
        from ..render import trick_result_html

        return trick_result_html(self)


def read_plays(ctx: TrumpContext, rules: RulesetLike, plays: Plays) -> list[list[Card]]:
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


def find_trick_winner(ctx: TrumpContext, rules: RulesetLike, plays: Plays, *,
                      leader: int | None = None) -> TrickResult:
    """The index of the play that wins the trick (``plays[0]`` is the lead) and the reason.

    ``leader``: the seat that led (0-3, South East North West); the reason then names each play
    by its seat, else by its place (the leader, the second player, ...).  The reason is worked out
    when first read, so asking only for the winner (a bot's search) builds no text.

    Rules: SJ-10, C-1, C-5, C-3
    """
    ctx, rules = require_context(ctx, rules)
    if leader is not None and (type(leader) is not int or not 0 <= leader < MAX_PLAYS):
        raise InvalidPositionError(f"the leader must be a seat 0-3 (South, East, North, West), got {leader!r}")
    cards = read_plays(ctx, rules, plays)
    lead = cards[0]
    shape = shape_of(ctx, rules, lead)
    keys = [_lead_key(ctx, rules, lead, shape)] + [_contender_key(ctx, rules, lead, shape, play)
                                                   for play in cards[1:]]
    winner, best = 0, keys[0]
    for i, key in enumerate(keys[1:], start=1):
        if key is not None and best is not None and key > best:  # strictly higher: equal cards keep the first (C-1)
            winner, best = i, key
    return TrickResult(winner, LazyReason(lambda: _explain(ctx, cards, shape, keys, winner, leader)),
                       tuple(map(tuple, cards)))


#: A play named by its place in the trick when no seat is known (SJ-8: the leader plays first).
PLACES = ((("the leader", "首家"), ("The leader", "首家")),
          (("the second player", "二家"), ("The second player", "二家")),
          (("the third player", "三家"), ("The third player", "三家")),
          (("the fourth player", "末家"), ("The fourth player", "末家")))


def play_name(index: int, leader: int | None = None, *, capital: bool = False) -> Words | Seat:
    """Who made play ``index`` of a trick: their seat when the leader's seat is known, else their place.

    >>> play_name(1).en, play_name(3).zh, play_name(1, leader=3).index
    ('the second player', '末家', 0)
    """
    if leader is not None:
        return Seat((leader + index) % MAX_PLAYS)
    return Words(*PLACES[index][capital])


def _higher(shape: Shape, suit: EffectiveSuit) -> Words:
    """"a higher pair of hearts" / "更大的红桃对子"."""
    words = shape_in_suit(shape, suit)
    return Words(f"a higher {words.en.removeprefix('a ')}", f"更大的{words.zh}")


def trump_why(ctx: TrumpContext, best: list[Card]) -> Reason:
    """Why ``best`` is a trump play, in English, as the cause of a win (SJ-4): "♦Q is a level card and so a trump",
    "jokers are trumps", "spades are trumps"."""
    levels = list(dict.fromkeys(c for c in best if not c.is_joker and c.rank is ctx.level and c.suit is not ctx.trump))
    if levels:
        return Reason.make(RuleId.SJ_4, "{levels} " + ("are level cards and so trumps" if len(levels) > 1
                                                       else "is a level card and so a trump"), "{levels}是级牌",
                           levels=levels)
    if all(c.is_joker for c in best):
        return Reason(RuleId.SJ_4, "jokers are trumps", "王是主牌")
    assert ctx.trump is not None
    return Reason.make(RuleId.SJ_4, "{suit} are trumps", "{suit}是主",
                       suit=Words(EffectiveSuit(ctx.trump.value).en, EffectiveSuit(ctx.trump.value).zh))


def _trump_fact(ctx: TrumpContext, best: list[Card], how: Words, who: Words | Seat) -> Reason:
    """Why ``best`` is a trump play, naming what decides it: its level cards ("♦Q is a level card"),
    else its jokers, else the trump suit (SJ-4); ``how`` is the play as a trump ("a pair of trumps").
    The Chinese names the play with its player (南家的♠5 ♠5), so the sentence needs no 它 and no colon."""
    by_name = len(best) == 2 and not best[0].is_joker  # a pair by name; a joker pair is named already
    what = Reason.make(RuleId.SJ_10, "{best}", "{who}的{best}", who=who, best=best) if by_name else \
        Reason.make(RuleId.SJ_10, "it", "{who}的{best}", who=who, best=the_joker(best))
    levels = list(dict.fromkeys(c for c in best if not c.is_joker and c.rank is ctx.level and c.suit is not ctx.trump))
    if levels:
        many = len(levels) > 1
        return Reason.make(RuleId.SJ_10, "{levels} " + ("are level cards" if many else "is a level card")
                           + ", so {what} is {how}", "{levels}是级牌，所以{what}是{how}",
                           levels=levels, what=what, how=how)
    if all(c.is_joker for c in best):
        return Reason.make(RuleId.SJ_10, "jokers are trumps, so {what} is {how}", "王是主牌，所以{what}是{how}",
                           what=what, how=how)
    assert ctx.trump is not None
    return Reason.make(RuleId.SJ_10, "{suit} are trumps, so {what} is {how}", "{suit}是主，所以{what}是{how}",
                       suit=Words(EffectiveSuit(ctx.trump.value).en, EffectiveSuit(ctx.trump.value).zh), what=what,
                       how=how)


def _trump_level_fact(ctx: TrumpContext, best: list[Card], theirs: list[Card]) -> Words | Reason:
    """Why a trump play tops another: its level card of the trump suit, which ranks above every other card
    of that suit (SJ-5), said where an over-trump is compared ("(♥7 is the level card of the trump suit)") and
    the printed ranks alone would not show it (♦8 ♦8 over ♦4 ♦4 needs no gloss)."""
    top = next((c for c in best if not c.is_joker and c.rank is ctx.level and c.suit is ctx.trump), None)
    if top is None or all(c.suit is ctx.trump and not c.is_joker and Rank.TWO < c.rank < ctx.level for c in theirs):
        return Words("", "")
    return Reason.make(RuleId.SJ_10, " ({top} is the level card of the trump suit)", "（{top}是主花色的级牌）", top=top)


def higher_trump_fact(ctx: TrumpContext, right: Card, given: Card) -> Reason:
    """Why trump ``right`` outranks trump ``given``, naming what decides (SJ-5): a joker, the level card of
    the trump suit, or a level card, which ranks above the rest of the trump suit; else only that it is higher."""
    return deciding_trump_fact(ctx, right, given) or Reason.make(RuleId.SJ_5, "{right} is higher", "{right}更大",
                                                                 right=right)


def deciding_trump_fact(ctx: TrumpContext, right: Card, given: Card, highest: bool = False) -> Reason | None:
    """What makes trump ``right`` outrank ``given`` where a reader may not see it (SJ-5): a joker, the level card
    of the trump suit, a level card; None where only the printed rank decides.  ``highest``: ``given`` is the
    next card down of several, so a joker is said to be the highest ("最大"), not merely higher."""
    if right.is_joker and not given.is_joker:
        below = Words("the level cards", "级牌") if given.rank is ctx.level else Words("every other trump", "其他主牌")
        higher = Words("the highest", "最大") if highest else Words("higher", "更大")
        return Reason.make(RuleId.SJ_5, "{right} is {higher}, since the jokers rank above {below}",
                           "{right}{higher}，王比{below}都大", right=the_joker([right]), below=below, higher=higher)
    if right.rank is ctx.level and right.suit is ctx.trump:
        if given.rank is ctx.level:
            return Reason.make(RuleId.SJ_5, "{right}, the level card of the trump suit, ranks above the other "
                               "level cards", "{right}是主花色的级牌，比其他花色的级牌大", right=right)
        return Reason.make(RuleId.SJ_5, "{right} is the level card of the trump suit, the highest trump here",
                           "{right}是主花色的级牌，这几张里最大", right=right)
    if right.rank is ctx.level and given.rank is not ctx.level and not given.is_joker:
        return Reason.make(RuleId.SJ_5, "{right} is a level card, so a trump, and the level cards rank above "
                           "the rest of the trump suit", "{right}是级牌，算主牌，级牌比主花色的其他牌都大", right=right)
    return None


def _level_fact(ctx: TrumpContext, best: list[Card]) -> Words | Reason:
    """In a trump lead, the level cards that make ``best`` high ("♦Q is a level card, so "), else nothing."""
    levels = list(dict.fromkeys(c for c in best if not c.is_joker and c.rank is ctx.level))
    if not levels:
        return Words("", "")
    return Reason.make(RuleId.SJ_10, "{levels} " + ("are level cards" if len(levels) > 1 else "is a level card")
                       + ", so ", "{levels}是级牌，所以", levels=levels)


def _lead_level_rank(ctx: TrumpContext, best: list[Card]) -> Words | Reason:
    """In a trump trick won by a single plain-suit level card, where it ranks (SJ-5): " (a level card: only the
    jokers and ♦8 rank above it)", so that ♣8 over ♦Q reads as it is."""
    if len(best) != 1 or not plain_level_cards(ctx, best):
        return Words("", "")
    return level_card_rank_words(ctx, Words("", ""))


#: C-1 and C-5 where they decide: the guides are silent, and the book's conventions stand.
EQUAL_PLAYS_NOTE = Reason(RuleId.C_1, "The guides are silent on equal plays; this book's convention is that the one "
                          "played first wins.", "两份指南都没有写一样大时谁赢；本书约定先出者胜。")
MIXED_TRUMPS_NOTE = Reason(RuleId.C_5, "The 双升 guide says a pair or tractor lead is trumped (杀) only with a pair or "
                           "tractor; the 四人升级 guide is silent, and this book's convention reads it the same way: two different "
                           "trumps count as a discard that cannot win.",
                           "《双升》说“如果首出的是对子或拖拉机，杀牌也必须用对子或拖拉机”；《四人升级》没有写，本书约定照此处理："
                           "两张不同的主牌只算垫牌，不能赢。")
THROW_NOTE = Reason(RuleId.C_3, "Throws are this book's optional variant: a throw nobody can beat in its own suit "
                    "stands, and only trumps of the same shapes beat it.",
                    "甩牌是本书的可选变体：同花色无人管得住的甩牌成立，只有牌型相同的主牌才能毙。")


def _explain(ctx: TrumpContext, cards: list[list[Card]], shape: Shape, keys: list[tuple[int, int] | None],
             winner: int, leader: int | None = None) -> Reason:
    """Why play ``winner`` wins: the first words name the winning play and the cards that decide it
    (a level card or a joker that makes it a trump), then what it beats (SJ-10); equal trumps lose to
    the first by SJ-10 (to over-trump a play must be strictly higher), equal plays that do not trump by
    C-1, and two different trumps on a pair lead by C-5, each convention's note only where it decides."""
    lead_suit = ctx.effective_suit(cards[0][0])
    cards = [sorted(play, key=ctx.order_key) for play in cards]  # each play shown high to low
    best = cards[winner]
    named_lead = the_joker(cards[0])  # a lead of jokers as players name it: "the lead, a pair of little jokers"
    the_lead = (Reason.make(RuleId.SJ_6, "the lead, {named}", "{named}", named=named_lead) if isinstance(named_lead, Reason)
                else Reason.make(RuleId.SJ_6, "the lead {cards}", "{cards}", cards=cards[0]))
    base: dict[str, object] = {"lead": cards[0], "the_lead": the_lead, "best": the_joker(best),
                               "who": play_name(winner, leader), "who_cap": play_name(winner, leader, capital=True),
                               "suit": lead_suit}
    key = keys[winner]
    assert key is not None
    tied = [i for i in range(winner + 1, len(cards)) if keys[i] == key]
    kind = shape_in_suit(shape, lead_suit)
    kind_words = Words(kind.en.removeprefix("a "), kind.zh)
    if key[0]:  # the winner trumps a plain-suit lead
        how = {"throw": Words("trumps of the same shapes", "牌型相同的主牌"), "single": Words("a trump", "主牌")}.get(
            shape.kind, shape_in_suit(shape, EffectiveSuit.TRUMP))
        fact = _trump_fact(ctx, best, how, play_name(winner, leader))
        if tied:
            return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: {fact}. {other_cap}'s {cards} is only as "
                               "high, and to over-trump a play must be strictly higher.",
                               "{fact}，赢了这一轮；{other}的{cards}一样大，盖毙须更大，盖不过。",
                               fact=fact, other_cap=play_name(tied[0], leader, capital=True),
                               other=play_name(tied[0], leader), cards=cards[tied[0]], **base)  # type: ignore[arg-type]
        others = [i for i in range(1, len(cards)) if i != winner and keys[i] is not None and keys[i][0]]  # type: ignore[index]
        if others:
            runner = max(others, key=lambda i: keys[i])  # type: ignore[arg-type, return-value]
            base["rank"] = _trump_level_fact(ctx, best, cards[runner])
            if runner > winner:  # trumped after the winner: that later play is the failed over-trump
                return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: {fact}; {them}'s trump {theirs}, "
                                   "played after it, is lower{rank}, so it fails to over-trump.",
                                   "{fact}，赢了这一轮；{them}后出的{theirs}更小{rank}，盖毙不了。",
                                   fact=fact, them=play_name(runner, leader), theirs=cards[runner], **base)  # type: ignore[arg-type]
            return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: {fact}, and it over-trumps {them}'s "
                               "{theirs}{rank}.",
                               "{fact}，盖毙了{them}先毙的{theirs}{rank}，赢了这一轮。",
                               fact=fact, them=play_name(runner, leader), theirs=cards[runner], **base)  # type: ignore[arg-type]
        followers = [i for i in range(len(cards)) if keys[i] is not None and not keys[i][0]]  # type: ignore[index]
        top = max(followers, key=lambda i: keys[i])  # type: ignore[arg-type, return-value]  # the lead at least
        return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: {why}, so it beats every {kind}, {top} too.",
                           "{fact}，毙了首家的{lead}，赢了这一轮。", fact=fact, why=trump_why(ctx, best),
                           kind=Words(lead_suit.one, "") if shape.kind == "single" else kind_words,
                           top=Reason.make(RuleId.SJ_10, "the lead {cards}", "{cards}", cards=cards[0]) if top == 0
                           else Reason.make(RuleId.SJ_10, "{who}'s {cards}", "{who}的{cards}",
                                            who=play_name(top, leader), cards=cards[top]), **base)  # type: ignore[arg-type]
    mixed = [i for i in range(1, len(cards)) if shape.kind == "pair" and lead_suit is not EffectiveSuit.TRUMP
             and all(ctx.is_trump(c) for c in cards[i]) and keys[i] is None]
    if mixed:  # nobody trumps with a pair: the two different trumps would be the only trumping play (C-5 decides)
        other = mixed[0]
        return Reason.make(RuleId.C_5, "{who_cap} wins with {best}: {other}'s {cards} is two different trumps, "
                           "not a pair, so it does not trump the pair lead.",
                           "{who}的{best}赢：{other}的{cards}是两张不同的主牌，不是对子，毙不了首家的对子。",
                           other=play_name(other, leader), cards=cards[other], **base  # type: ignore[arg-type]
                           ).with_notes(MIXED_TRUMPS_NOTE)
    base["rank"] = _lead_level_rank(ctx, best) if lead_suit is EffectiveSuit.TRUMP else Words("", "")
    if tied:  # an equal play that does not trump: the first played wins (C-1 decides)
        return Reason.make(RuleId.C_1, "{who_cap} wins with {best}{rank}: {other}'s {cards} is only as high, and of "
                           "equal plays the first played wins.",
                           "{who}的{best}{rank}赢：{other}的{cards}一样大，一样大时先出者胜。",
                           other=play_name(tied[0], leader), cards=cards[tied[0]], **base  # type: ignore[arg-type]
                           ).with_notes(EQUAL_PLAYS_NOTE)
    if winner == 0:
        if shape.kind == "throw":
            return Reason.make(RuleId.SJ_10, "{who_cap} wins with the throw {lead}: only trumps of the same shapes "
                               "could beat it, and nobody plays them.",
                               "{who}的甩牌{lead}赢：只有牌型相同的主牌才能毙，没有人出。",
                               **base).with_notes(THROW_NOTE)  # type: ignore[arg-type]
        if lead_suit is EffectiveSuit.TRUMP:
            return Reason.make(RuleId.SJ_10, "{who_cap} wins with {the_lead}{rank}: nobody plays {higher}.",
                               "{who}首出的{the_lead}{rank}赢：没有人出{higher}。",
                               higher=_higher(shape, lead_suit), **base)  # type: ignore[arg-type]
        trumped = [i for i in range(1, len(cards)) if all(ctx.is_trump(c) for c in cards[i])]
        if trumped:  # trumps of another shape: they name the shape that would have trumped it
            names = {f"t{j}": play_name(i, leader) for j, i in enumerate(trumped)}
            return Reason.make(RuleId.SJ_10, "{who_cap} wins with {the_lead}: nobody follows with {higher}, and "
                               + " and ".join(f"{{{n}}}'s" for n in names) + " trumps are not {trumps}.",
                               "{who}首出的{the_lead}赢：没有人跟出{higher}；" + "和".join(f"{{{n}}}" for n in names)
                               + "出的虽是主牌，但不是{trumps}，毙不了。",
                               higher=_higher(shape, lead_suit),
                               trumps=Words(shape.en, shape_in_suit(shape, EffectiveSuit.TRUMP).zh),
                               **names, **base)  # type: ignore[arg-type]
        return Reason.make(RuleId.SJ_10, "{who_cap} wins with {the_lead}: nobody follows with {higher} or trumps it"
                           + (" with {trumps}." if shape.kind != "single" else "."),
                           "{who}首出的{the_lead}赢：没有人跟出{higher}，也没有人用{trumps}毙牌。",
                           higher=_higher(shape, lead_suit), trumps=shape_in_suit(shape, EffectiveSuit.TRUMP),
                           **base)  # type: ignore[arg-type]
    if lead_suit is EffectiveSuit.TRUMP:
        return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: {fact}it is the highest {kind} played.",
                           "{fact}{who}的{best}是这一轮出的最大的{kind}，{who}赢。", fact=_level_fact(ctx, best), kind=kind_words,
                           **base)  # type: ignore[arg-type]
    if shape.kind == "single":  # any trump single would trump it
        return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: it is the highest {kind}, and nobody trumps.",
                           "{who}的{best}是最大的{kind}，也没有人毙，赢了这一轮。", kind=kind_words, **base)  # type: ignore[arg-type]
    # a longer lead is trumped only by trumps of its shape: a follower's odd trump cards do not (SJ-10)
    return Reason.make(RuleId.SJ_10, "{who_cap} wins with {best}: it is the highest {kind}, and nobody trumps with "
                       "{trumps}.", "{who}的{best}是最大的{kind}，也没有人用{trumps}毙，赢了这一轮。", kind=kind_words,
                       trumps=shape_in_suit(shape, EffectiveSuit.TRUMP), **base)  # type: ignore[arg-type]
