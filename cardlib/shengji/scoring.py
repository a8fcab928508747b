"""What the attackers score in a hand: trick points, the kitty, and the level change it brings.

Rules: SJ-11, SJ-12, SG-6, SS-6, SG-E1, SG-E2, SS-E1, C-2, SG-7, SS-7, SS-E2

>>> from cardlib.cards import parse_cards
>>> from cardlib.shengji.rules import get_ruleset
>>> trick_points(parse_cards("S5 H10 DK C9"))
25
>>> level_change(get_ruleset("shuangsheng"), 80)[0].to_dict()
{'dealer_team_levels': 0, 'attackers_take_over': True, 'attacker_levels': 0}

The take-over line (``takeover_line``, 75 / 80 / 85) moves every attacker band with it,
40 points apart as in the tables; the dealer's 0 and 5-35 bands stay, and its +1 band
runs from 40 up to just below the line:

>>> [level_change(get_ruleset("shengji", {"takeover_line": 85}), p)[0].attacker_levels
...  for p in (80, 85, 120, 125)]
[0, 1, 1, 2]
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, overload

from ..cards import Card, Rank, parse_cards
from ..errors import InvalidPositionError
from ..explain import Reason, Seat, Words
from ..result import Result
from ..rule_ids import RuleId
from ..words import listed
from .combos import (CardsInput, Plays, as_cards, count_zh, level_card_rank_words, plain_level_cards, require_context,
                     split_units, the_joker)
from .rules import KittyMultiplier, KittyShape, LevelTable, RulesetLike, as_ruleset
from .trick import find_trick_winner, read_plays, trump_why
from .trump import EffectiveSuit, TrumpContext

#: SJ-11: the point cards and their values.
POINT_VALUES: dict[Rank, int] = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
#: SJ-11 (SS-E1): two decks hold eight 5s, eight 10s and eight Ks.
TOTAL_POINTS = 200
#: SJ-2: the kitty holds 8 cards.
KITTY_SIZE = 8


def card_points(card: Card | str) -> int:
    """SJ-11: a 5 is worth 5, a 10 or a K 10, anything else nothing (a Card, or a token such as ``"SK"``)."""
    if not isinstance(card, Card):
        card = Card.parse(card)
    return 0 if card.suit is None else POINT_VALUES.get(card.rank, 0)


def trick_points(cards: Iterable[Card | str] | str) -> int:
    """SJ-11: the points among some cards (a trick, a kitty), given as Cards or in the notation.

    >>> trick_points("S5 H10 DK")
    25
    """
    return sum(card_points(card) for card in parse_cards(cards))


def explain_trick_points(cards: Sequence[Card] | str) -> Reason:
    """SJ-11: which cards carry the points, in both languages, each point card named once, 5s first.

    >>> from cardlib.cards import parse_cards
    >>> r = explain_trick_points(parse_cards("S5 H10 DK C9 D5"))
    >>> r.en
    '♠5 and ♦5 count 5 each; ♥10 and ♦K count 10 each: 30 points in all.'
    >>> r.zh
    '♠5、♦5各5分，♥10、♦K各10分，共30分。'
    """
    cards = parse_cards(cards)
    counted = [c for c in cards if card_points(c)]
    total = trick_points(cards)
    if not counted:
        return Reason.make(RuleId.SJ_11, "No 5, 10 or K among {cards}: they carry 0 points.",
                           "{cards}中没有5、10或K：这些牌0分。", cards=list(cards))
    if len(counted) == 1:
        return Reason.make(RuleId.SJ_11, "Only {c0} carries points: {total}.", "只有{c0}是分牌：{total}分。",
                           total=total, c0=counted[0])
    params: dict[str, Card | int] = {f"c{i}": c for i, c in enumerate(counted)}
    groups = [[f"{{c{i}}}" for i, c in enumerate(counted) if card_points(c) == value] for value in (5, 10)]
    en = [_point_group_en(names, value) for names, value in zip(groups, (5, 10)) if names]
    zh = [("、".join(names) + f"各{value}分" if len(names) > 1 else f"{names[0]}算{value}分")
          for names, value in zip(groups, (5, 10)) if names]
    return Reason.make(RuleId.SJ_11, "; ".join(en) + ": {total} points in all.", "，".join(zh) + "，共{total}分。",
                       total=total, **params)


def _point_group_en(names: list[str], value: int) -> str:
    """"♠5 and ♦5 count 5 each" / "♥K counts 10": one point value's cards in an English sum (SJ-11)."""
    if len(names) == 1:
        return f"{names[0]} counts {value}"
    return f"{listed(names)} count {value} each"


def points_left(won: Iterable[Card] | str) -> Result[int]:
    """SJ-11, SS-E1: the points still to be won when ``won`` are the cards taken in tricks so far.

    Two decks hold eight 5s, eight 10s and eight Ks: 200 points (SS says four of each and 100); the eight of
    each are said only in the SS-E1 note, not again in the reason.

    >>> from cardlib.cards import parse_cards
    >>> points_left(parse_cards("S5 H10 DK C9"))[0]
    175
    """
    taken = trick_points(won)
    left = TOTAL_POINTS - taken
    return Result(left, Reason.make(RuleId.SJ_11,
                                    "Two decks hold {total} points; {taken} have been won, so {left} are still in play.",
                                    "两副牌共{total}分，已赢走{taken}分，还剩{left}分。",
                                    total=TOTAL_POINTS, taken=taken, left=left))


#: SS-E1: the 双升 guide's count of the points, which a reader of that guide may carry over.
POINTS_SLIP_NOTE = Reason.make(RuleId.SS_E1, "The 双升 guide's “four of each, 100 points” is a slip: two decks hold "
                               "eight 5s, eight 10s and eight Ks, {total} points.",
                               "《双升》说“各四张、共100分”是笔误：两副牌5、10、K各八张，共{total}分。",
                               total=TOTAL_POINTS)


def explain_last_trick(cards_each: int, lead_cards: int, number: int | None = None) -> tuple[bool, Reason]:
    """SJ-12, SG-E1: whether a trick led with ``lead_cards`` cards, when each player holds
    ``cards_each``, is the hand's last, the one that decides the kitty (SG calls it "the 13th";
    with 25 cards each it is simply the last).  ``number``, the trick's number when the reader is told it:
    the SG-E1 note goes with the reason only where the guide's "13th" would mislead (the 13th trick that
    is not the last, or a last trick that is not the 13th), or when the number is not known.

    >>> explain_last_trick(2, 2)[0], explain_last_trick(3, 2)[0]
    (True, False)
    """
    if not 1 <= lead_cards <= cards_each:
        raise InvalidPositionError(f"a lead of {lead_cards} cards needs each player to hold at least that many, "
                                   f"not {cards_each}")
    last = lead_cards == cards_each
    kept = cards_each - lead_cards
    each = "{each} card" + ("s" if cards_each != 1 else "")
    led = "{led} card" + ("s" if lead_cards != 1 else "")
    if last:  # the verdict first, so a wrong answer needs no "not" before it
        en = "It is the last trick: each player holds " + each + " and the lead is " + led + \
            ", so it empties every hand and takes the kitty."
        zh = "是最后一轮：每人只剩{each}张，首家出{led}张，这一轮打完人人手中无牌，底牌归这一轮的赢家。"
    else:
        en = "It is not the last trick yet: each player holds " + each + " and the lead is only " + led + \
            ", so each keeps {kept}; only the last trick takes the kitty."
        zh = "还不是最后一轮：每人{each}张，首家只出{led}张，打完后每人还剩{kept}张；底牌只归最后一轮。"
    reason = Reason.make(RuleId.SJ_12, en, zh, each=cards_each, led=lead_cards, kept=kept)
    if number is None or (number == 13) != last:  # the guide's "13th" would mislead here (SG-E1)
        reason = reason.with_notes(LAST_TRICK_SLIP_NOTE)
    return last, reason


#: SG-E1: the kitty goes with the last trick, whatever its number (the 四人升级 guide says "the 13th").
LAST_TRICK_SLIP_NOTE = Reason(RuleId.SG_E1, "The kitty goes with the last trick, whatever its number: the 四人升级 "
                              "guide's “13th trick” is a slip, as 25 cards a hand make up to 25 tricks.",
                              "底牌归最后一轮，不论是第几轮：《四人升级》里的“第13轮”是笔误，每人25张，最多25轮。")


# --- the kitty (SJ-12, SG-6 / SS-6, C-2) ---------------------------------------------------

#: Each scheme in words (en, zh), as the documents name it; no scheme is named by its field value.
_SCHEME_WORDS = {
    "shengji": ("the 四人升级 guide's scheme (single ×2, pair ×4, a tractor of n pairs ×2ⁿ)",
                "《四人升级》的倍数（单张×2，对子×4，n连对×2ⁿ）"),
    "double": ("the 双升 guide's main rule (×2 whatever the shape)", "《双升》的主规则（不论牌型一律×2）"),
    "pair2_tractor4": ("the scheme the 双升 guide gives as “some rules” (a single or a pair ×2, a tractor ×4)",
                       "《双升》所说“某些规则中”的倍数（单张或对子×2，拖拉机×4）"),
    "doubling": ("the doubling scheme offered for the 四人升级 guide's contradiction (single ×2, pair ×4, a tractor of "
                 "n pairs ×2ⁿ⁺¹, so a tractor always counts more than a pair)",
                 "针对《四人升级》这处矛盾的逐级翻倍变体（单张×2，对子×4，n连对×2ⁿ⁺¹，拖拉机总比对子多）"),
    "largest_unit": ("a variant neither guide has (2 × the cards of the largest unit)",
                     "两份指南都没有的变体（2×最大牌型的张数）"),
    "power_of_cards": ("a variant neither guide has (2 to the power of the number of cards played)",
                       "两份指南都没有的变体（2的出牌张数次方）"),
    "lead_size": ("a variant neither guide has (2 × the number of cards led)",
                  "两份指南都没有的变体（2×首家出牌张数）"),
}


def scheme_words(scheme: str) -> Words:
    """A kitty-multiplier scheme in words, as a reader knows it (never its field value).

    >>> scheme_words("double").en
    "the 双升 guide's main rule (×2 whatever the shape)"
    """
    en, zh = _SCHEME_WORDS[scheme]
    return Words(en, zh)


def unit_words(unit_pairs: int) -> Words:
    """The largest unit of a play in words: a single, a pair, a tractor of n pairs (n连对, docs/terms.md).

    >>> unit_words(2).zh, unit_words(3).zh
    ('两连对', '三连对')
    """
    if unit_pairs == 0:
        return Words("a single", "单张")
    if unit_pairs == 1:
        return Words("a pair", "对子")
    return Words(f"a tractor of {unit_pairs} pairs", f"{count_zh(unit_pairs)}连对")


def kitty_multiplier(rules: RulesetLike, unit_pairs: int, cards: int, lead_cards: int) -> Result[int]:
    """SG-6 / SS-6: the kitty multiplier of a last trick won by the attackers.

    ``unit_pairs`` describes the largest unit of the play the multiplier looks at (C-2):
    0 for a single, 1 for a pair, n for a tractor of n pairs; ``cards`` is that play's
    size and ``lead_cards`` the size of the lead.

    Rules: SG-6, SS-6, SG-E2, C-2

    >>> from cardlib.shengji.rules import get_ruleset
    >>> [kitty_multiplier(get_ruleset("shengji"), n, 2 * n or 1, 2 * n or 1)[0] for n in (0, 1, 2, 3)]
    [2, 4, 4, 8]
    >>> [kitty_multiplier(get_ruleset("shengji", {"kitty_multiplier": "doubling"}), n, 1, 1)[0] for n in (0, 1, 2, 3)]
    [2, 4, 8, 16]
    >>> print(kitty_multiplier(get_ruleset("shuangsheng"), 1, 2, 2)[1])
    SS-6: The last trick was won with a pair (2 cards): under the 双升 guide, the kitty counts ×2.
    """
    scheme = as_ruleset(rules).kitty_multiplier
    for name, value in (("unit_pairs", unit_pairs), ("cards", cards), ("lead_cards", lead_cards)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidPositionError(f"{name} must be a whole number, at least 0, got {value!r}")
    if scheme is KittyMultiplier.SHENGJI:
        factor = 2 if unit_pairs == 0 else 4 if unit_pairs == 1 else 2 ** unit_pairs
    elif scheme is KittyMultiplier.DOUBLE:
        factor = 2
    elif scheme is KittyMultiplier.PAIR2_TRACTOR4:
        factor = 4 if unit_pairs >= 2 else 2
    elif scheme is KittyMultiplier.DOUBLING:
        factor = 2 if unit_pairs == 0 else 4 if unit_pairs == 1 else 2 ** (unit_pairs + 1)
    elif scheme is KittyMultiplier.LARGEST_UNIT:
        factor = 2 * max(1, 2 * unit_pairs)
    elif scheme is KittyMultiplier.POWER_OF_CARDS:
        factor = 2 ** cards
    else:  # "lead_size"
        factor = 2 * lead_cards
    rule = scheme.rule  # the row the scheme comes from (its Choice member carries it)
    en = "The last trick was won with {unit} ({cards} card" + "s" * (cards != 1) + "): {short}, the kitty counts ×{factor}."
    zh = "用{unit}（{cards}张）抠底：{short}，底分×{factor}。"
    if scheme is KittyMultiplier.DOUBLE:  # the sentence says "whatever the shape": the note says where it differs
        notes = [Reason.make(rule, "This is the 双升 guide's main rule; the guide also mentions “some rules” in which a pair "
                             "counts ×2 and a tractor ×4, offered here as a variant.",
                             "这是《双升》的主规则；原文又说“某些规则中”用对子抠底翻2倍、用拖拉机抠底翻4倍，本书作为变体提供。")]
    else:
        notes = [Reason.make(rule, "The multiplier is {scheme}.", "本局用{scheme}。", scheme=scheme_words(scheme))]
    if scheme is KittyMultiplier.SHENGJI and unit_pairs == 2:  # SG-E2: the table gives this tractor no more than a pair
        notes.append(SG_E2_NOTE)
    return Result(factor, Reason.make(rule, en, zh, unit=unit_words(unit_pairs), cards=cards, short=scheme_short(scheme),
                               factor=factor).with_notes(*notes))


#: SG-E2: as written, SG-6's table counts a tractor of 2 pairs no more than a pair.
SG_E2_NOTE = Reason(RuleId.SG_E2, "As the 四人升级 guide is written, a tractor of 2 pairs (×4) counts no more than a "
                    "pair (×4): a contradiction the book points out.",
                    "照《四人升级》原文，两连对（×4）并不比对子（×4）多：本书指出这处矛盾。")

_SCHEME_SHORT = {
    "shengji": ("under the 四人升级 guide", "按《四人升级》"),
    "double": ("under the 双升 guide", "按《双升》"),
    "pair2_tractor4": ("under the 双升 guide's “some rules”", "按《双升》“某些规则中”的倍数"),
    "doubling": ("under the doubling scheme", "按逐级翻倍的变体"),
    "largest_unit": ("under this variant", "按此变体"),
    "power_of_cards": ("under this variant", "按此变体"),
    "lead_size": ("under this variant", "按此变体"),
}


def scheme_short(scheme: str) -> Words:
    """A kitty-multiplier scheme named in a few words ("under the 双升 guide"); :func:`scheme_words` in full."""
    en, zh = _SCHEME_SHORT[scheme]
    return Words(en, zh)


@overload
def kitty_score(rules: RulesetLike, kitty: CardsInput, attackers_won_last: bool,
                unit_pairs: int = 0, cards: int = 1, lead_cards: int = 1) -> Result[int]: ...


@overload
def kitty_score(ctx: TrumpContext, rules: RulesetLike, kitty: CardsInput, last_trick: Plays,
                attackers_won_last: bool, winner: int | None = None, leader: int | None = None) -> Result[int]: ...


def kitty_score(*args: Any, **kwargs: Any) -> Result[int]:
    """SJ-12: the points the kitty adds to the attackers' total, from the last trick itself
    (``kitty_score(ctx, rules, kitty, last_trick, attackers_won_last, winner=None, leader=None)``: its
    plays set the multiplier, C-2) or from the multiplier's numbers
    (``kitty_score(rules, kitty, attackers_won_last, unit_pairs=0, cards=1, lead_cards=1)``).

    Rules: SJ-12, C-2, SG-6, SS-6

    >>> ctx = TrumpContext("2", "none")
    >>> kitty_score(ctx, "shengji", "S5 S5 HK H10 C3 C4 C6 C7", ["BJ BJ", "S3 S4", "D6 D7", "H8 H8"], True).value
    120
    >>> kitty_score("shengji", "S5 SK H2 H3 H4 H6 H7 H8", True, unit_pairs=1, cards=2, lead_cards=2).value
    60
    """
    first = args[0] if args else kwargs.get("ctx")
    if isinstance(first, TrumpContext):
        return _kitty_from_trick(*args, **kwargs)
    return _kitty_from_multiplier(*args, **kwargs)


def score_kitty(ctx: TrumpContext, rules: RulesetLike, kitty: CardsInput, last_trick: Plays,
                attackers_won_last: bool, winner: int | None = None, leader: int | None = None) -> Result[int]:
    """Deprecated: :func:`kitty_score` with the same arguments (kept for one release).

    Rules: SJ-12, C-2
    """
    warnings.warn("score_kitty(...) is now kitty_score(...) with the same arguments; score_kitty goes in the "
                  "next release", DeprecationWarning, stacklevel=2)
    return _kitty_from_trick(ctx, rules, kitty, last_trick, attackers_won_last, winner, leader)


def _kitty_from_multiplier(rules: RulesetLike, kitty: CardsInput, attackers_won_last: bool,
                           unit_pairs: int = 0, cards: int = 1, lead_cards: int = 1) -> Result[int]:
    """SJ-12: the points the kitty adds to the attackers' total.

    The dealer team winning the last trick keeps the kitty from the attackers (0); the
    attackers winning it add the kitty's points times the multiplier of :func:`kitty_multiplier`.

    Rules: SJ-12, SG-6, SS-6, C-2

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> kitty_score(get_ruleset("shengji"), parse_cards("S5 SK H2 H3 H4 H6 H7 H8"), True, 1, 2, 2)[0]
    60
    >>> print(kitty_score(get_ruleset("shengji"), parse_cards("S5 SK H2 H3 H4 H6 H7 H8"), False)[1])
    SJ-12: The dealer team won the last trick, so the kitty's 15 points (♠5 ♠K) add nothing to the attackers.
    """
    rules, kitty = as_ruleset(rules), as_cards(kitty, "kitty")
    if len(kitty) != KITTY_SIZE:
        raise InvalidPositionError(f"the kitty holds {KITTY_SIZE} cards (SJ-2), got {len(kitty)}")
    points = trick_points(kitty)
    counted = [card for card in kitty if card_points(card)]
    holds = Reason.make(RuleId.SJ_12, "{points} points ({counted})", "{points}分（{counted}）",
                        points=points, counted=counted) if counted else \
        Reason.make(RuleId.SJ_12, "0 points (no 5, 10 or K)", "0分（没有5、10或K）")
    if not attackers_won_last:
        return Result(0, Reason.make(RuleId.SJ_12,
                              "The dealer team won the last trick, so the kitty's {holds} add nothing to the "
                              "attackers.", "庄家方赢得最后一轮，底牌的{holds}不计入闲家得分。", holds=holds))
    factor, why = kitty_multiplier(rules, unit_pairs, cards, lead_cards)
    return Result(points * factor, Reason.make(why.rule,
                                        "The attackers won the last trick: the kitty's {holds} count {factor} "
                                        "times, {total}. {why}",
                                        "闲家抠底：底牌{holds}×{factor} = {total}分。{why}",
                                        holds=holds, factor=factor, total=points * factor, why=why))


#: The place of a play in its trick, as players say it (the lead is the leader's).
_PLACES = (("the leader", "首家"), ("the second player", "二家"), ("the third player", "三家"),
           ("the fourth player", "末家"))


def _kitty_from_trick(ctx: TrumpContext, rules: RulesetLike, kitty: CardsInput, last_trick: Plays,
                      attackers_won_last: bool, winner: int | None = None, leader: int | None = None) -> Result[int]:
    """SJ-12 from the last trick itself: its plays (lead first) set the multiplier (C-2).

    ``kitty_shape="winning_play"`` looks at the play that won (``winner``, its place in the
    trick, found by the trick rules when not given), ``"lead"`` at the lead; the multiplier
    counts the play's largest unit (for a throw, C-3: its longest tractor, else a pair, else
    a single).  ``leader``, the seat that led the trick, lets the reason name the winner's seat.

    Rules: SJ-12, C-2, SG-6, SS-6

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> ctx = TrumpContext(Rank.TWO, None)
    >>> kitty = parse_cards("S5 S5 HK H10 C3 C4 C6 C7")
    >>> kitty_score(ctx, get_ruleset("shengji"), kitty, [parse_cards(p) for p in ("BJ BJ", "S3 S4", "D6 D7", "H8 H8")], True)[0]
    120
    >>> trick = [parse_cards(p) for p in ("S8 S8", "S3 S4", "D6 D7", "H2 H2")]
    >>> print(kitty_score(ctx, get_ruleset("shengji"), kitty, trick, True, leader=1)[1])  # doctest: +NORMALIZE_WHITESPACE
    C-2: South, an attacker, won the last trick with ♥2 ♥2 (♥2 is a level card, so a trump), a pair, so under the
    四人升级 guide the kitty counts ×4: its 30 points (♠5 ♠5 ♥K ♥10) add 120.
    """
    ctx, rules = require_context(ctx, rules)
    plays = read_plays(ctx, rules, last_trick)
    if len(plays) != 4:
        raise InvalidPositionError(f"the last trick has a play from each of the 4 players, got {len(plays)}")
    kitty = as_cards(kitty, "kitty")
    if len(kitty) != KITTY_SIZE:
        raise InvalidPositionError(f"the kitty holds {KITTY_SIZE} cards (SJ-2), got {len(kitty)}")
    won_by = find_trick_winner(ctx, rules, plays).winner if winner is None else winner
    who = _who(won_by, leader)
    won = sorted(plays[won_by], key=ctx.order_key)
    how = level_trump_words(ctx, plays, won_by, trumped=True, ranked=True)
    points = trick_points(kitty)
    counted = [card for card in kitty if card_points(card)]
    holds = Reason.make(RuleId.SJ_12, "{points} points ({counted})", "{points}分（{counted}）",
                        points=points, counted=counted) if counted else \
        Reason.make(RuleId.SJ_12, "0 points (no 5, 10 or K)", "0分（没有5、10或K）")
    won_words = the_joker(won)
    if not attackers_won_last:
        return Result(0, Reason.make(RuleId.SJ_12, "{who}, of the dealer's team, won the last trick with {won}{how}, so "
                              "the kitty's {holds} add nothing to the attackers.",
                              "庄家方的{who}用{won}{how}赢得最后一轮：底牌的{holds}不计入闲家得分。",
                              who=who, won=won_words, how=how, holds=holds))
    index = 0 if rules.kitty_shape is KittyShape.LEAD else won_by
    play = plays[index]
    unit_pairs = max(unit.pairs for unit in split_units(ctx, rules, play))
    factor, why = kitty_multiplier(rules, unit_pairs, len(play), len(plays[0]))
    # the shape is said only where it sets the multiplier (not the 双升 guide's ×2, nor a count of cards);
    # C-2 bears only where a follower won with several cards under such a scheme
    shape_counts = len({kitty_multiplier(rules, n, 4, 4)[0] for n in (0, 1, 2)}) > 1
    decides = bool(index) and len(play) > 1 and shape_counts
    notes = list(why.notes)
    times = _times(rules.kitty_multiplier, factor, len(play), len(plays[0]))
    params: dict[str, object] = {"who": who, "won": won_words, "how": how, "holds": holds, "times": times,
                                 "total": points * factor, "unit": unit_words(unit_pairs),
                                 "short": scheme_short(rules.kitty_multiplier.value)}
    # a kitty of no points adds nothing, whatever it counts: said so, not "its 0 points add 0"
    adds = (": its {holds} add {total}.", "，底牌{holds}加{total}分。") if counted else \
        (", but it holds no 5, 10 or K: it adds nothing.", "，但底牌没有5、10或K，不加分。")
    if rules.kitty_shape is KittyShape.LEAD:
        en = ("{who}, an attacker, won the last trick with {won}{how}; under this variant the lead, {unit}, sets the "
              "multiplier, so {short} the kitty counts {times}" + adds[0])
        zh = "{who}（闲家）用{won}{how}抠底；按此变体，由首家的{unit}定倍数：{short}底分{times}" + adds[1]
        notes.append(Reason(RuleId.C_2, "This book's default is the winning play's shape, not the lead's.",
                            "本书默认按赢牌的牌型定倍数，而不是首家的。"))
    else:
        named = isinstance(won_words, Reason) and len(won) == 2  # "a pair of little jokers" says the shape
        shape = (", {unit}", "，是{unit}") if shape_counts and not named else ("", "")
        en = ("{who}, an attacker, won the last trick with {won}{how}" + shape[0] + ", so {short} the kitty counts "
              "{times}" + adds[0])
        zh = "{who}（闲家）用{won}{how}抠底" + shape[1] + "：{short}底分{times}" + adds[1]
        if decides:  # C-2 decides: the follower's winning shape counts, not the lead's
            notes.append(Reason(RuleId.C_2, "The guides are silent on whose shape sets the multiplier when a "
                                "follower wins the last trick; this book's convention is the winning play's.",
                                "最后一轮由跟牌者赢时按谁的牌型定倍数，指南没有写；本书约定按赢牌的牌型。"))
    rule = RuleId.C_2 if decides and rules.kitty_shape is not KittyShape.LEAD else why.rule
    return Result(points * factor, Reason.make(rule, en, zh, **params).with_notes(*notes))  # type: ignore[arg-type]


def _times(scheme: KittyMultiplier, factor: int, cards: int, lead_cards: int) -> Reason:
    """How many times the kitty counts, with the count that sets it where the scheme counts cards
    (SG-6 / SS-6 variants): "×4"; "×2, whatever the shape"; "2 × the 4 cards led, ×8"."""
    rule = scheme.rule
    if scheme is KittyMultiplier.DOUBLE:
        return Reason.make(rule, "×{factor}, whatever the shape", "×{factor}（不论牌型）", factor=factor)
    if scheme is KittyMultiplier.LEAD_SIZE:
        return Reason.make(rule, "2 × the {n} card" + "s" * (lead_cards != 1) + " led, ×{factor}",
                           "×{factor}（首家出{n}张，2×{n}）", n=lead_cards, factor=factor)
    if scheme is KittyMultiplier.POWER_OF_CARDS:
        return Reason.make(rule, "×2 for each of the {n} cards it was won with, ×{factor}" if cards != 1 else
                           "×2 for the one card it was won with", "×{factor}（赢牌{n}张，每张翻一倍）",
                           n=cards, factor=factor)
    return Reason.make(rule, "×{factor}", "×{factor}", factor=factor)


def _who(index: int, leader: int | None) -> Seat | Words:
    """Who made play ``index`` of the last trick: a seat when the leader's seat is known, else a place."""
    if leader is not None:
        return Seat((leader + index) % 4)
    place_en, place_zh = _PLACES[index]
    return Words(place_en[:1].upper() + place_en[1:], place_zh)


def level_trump_words(ctx: TrumpContext, plays: list[list[Card]], index: int, trumped: bool = False,
                      ranked: bool = False) -> Words | Reason:
    """Why play ``index`` took the trick, where a level card of a plain suit decides it (SJ-4, SJ-5):
    " (♦Q is a level card, so a trump)" on a plain-suit lead; on a trump lead with no level card or joker
    in it, " (♠7 is a level card: only the jokers and ♥7 rank above it)"; the card's name left out where the
    play is that card alone (named just before); with ``trumped``, a plain-suit lead taken by other trumps says
    so, " (clubs are trumps, so it beats ♦A)" (the led suit's highest play); with ``ranked``, a plain-suit level
    card that beat other trumps says where it ranks among them; else nothing.

    >>> from cardlib.cards import Suit
    >>> trick = [parse_cards(p) for p in ("HA", "H3", "S7", "H4")]
    >>> level_trump_words(TrumpContext(Rank.SEVEN, Suit.HEARTS), trick, 2).en
    ' (a level card: only the jokers and ♥7 rank above it)'
    """
    play = plays[index]
    levels = plain_level_cards(ctx, play)
    led = ctx.effective_suit(plays[0][0])
    if trumped and index and not levels and led is not EffectiveSuit.TRUMP and all(ctx.is_trump(c) for c in play):
        followed = [p for p in plays if all(ctx.effective_suit(c) is led for c in p)]  # the lead among them
        top = max(followed, key=lambda p: max(map(ctx.strength, p)))
        return Reason.make(RuleId.SJ_4, " ({why}, so it beats {top})", "（{why}，毙了{top}）",
                           why=trump_why(ctx, play), top=sorted(top, key=ctx.order_key))
    if not index or not levels:
        return Words("", "")
    # the card's name and "is ", or nothing where the play is that card alone (named just before)
    named = Words("", "") if play == levels else Reason.make(RuleId.SJ_5, "{level} is ", "{level}是", level=levels)
    if led is not EffectiveSuit.TRUMP:
        trumped_too = any(all(ctx.is_trump(c) for c in p) for i, p in enumerate(plays) if i != index)
        if ranked and trumped_too and len(levels) == 1:
            # other trumps in the trick (♦2, ♦6 with diamonds trump): what beats them is where a level card ranks
            return level_card_rank_words(ctx, named)
        if play == levels:  # the card was named just before: not again
            return Words(" (a level card, so a trump)", "（级牌，算主牌）")
        return Reason.make(RuleId.SJ_12, " ({levels} " + ("are level cards" if len(levels) > 1 else "is a level card")
                           + ", so a trump)", "（{levels}是级牌，算主牌）", levels=levels)
    if len(levels) != 1 or any(c.rank is ctx.level or c.is_joker for c in plays[0]):
        return Words("", "")  # the lead shows level cards or jokers itself: the order needs no gloss
    return level_card_rank_words(ctx, named)


# --- the level change (SG-7 / SS-7, SS-E2) --------------------------------------------------

@dataclass(frozen=True, slots=True)
class LevelChange:
    """The outcome of a hand's points: who goes up how far, and whether the attackers take over."""

    dealer_team_levels: int
    attackers_take_over: bool
    attacker_levels: int

    @property
    def en(self) -> str:
        """The change in words: ``attackers take over, up 2 levels`` (SG-7 / SS-7)."""
        if not self.attackers_take_over:
            return f"dealer team up {self.dealer_team_levels} level{'s' if self.dealer_team_levels != 1 else ''}"
        if not self.attacker_levels:
            return "attackers take over"
        return f"attackers take over, up {self.attacker_levels} level{'s' if self.attacker_levels != 1 else ''}"

    @property
    def zh(self) -> str:
        """The change in Chinese: ``闲家方上台，升2级``."""
        if not self.attackers_take_over:
            return f"庄家方升{self.dealer_team_levels}级"
        return "闲家方上台" + (f"，升{self.attacker_levels}级" if self.attacker_levels else "")

    def to_dict(self) -> dict[str, object]:
        return {"dealer_team_levels": self.dealer_team_levels,
                "attackers_take_over": self.attackers_take_over,
                "attacker_levels": self.attacker_levels}


def check_points(points: object) -> int:
    """Attacker points must be a whole multiple of 5, at least 0 (kitty multipliers may pass 200)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidPositionError(f"attacker points must be a whole number, got {points!r}")
    if points < 0 or points % 5:
        raise InvalidPositionError(f"attacker points must be a multiple of 5, at least 0, got {points}")
    return points


#: The take-over line both level tables name (SG-7 / SS-7); 75 and 85 are local customs (C-6).
TABLE_LINE = 80


def _band(low: int, high: int | None) -> str:
    if high is None:
        return f"band {low}+"
    return f"band {low}" if low == high else f"band {low}-{high}"


def _band_zh(low: int, high: int | None) -> str:
    return f"{low}分及以上" if high is None else f"{low}分" if low == high else f"{low}～{high}分"


def level_change(rules: RulesetLike, attacker_points: int) -> Result[LevelChange]:
    """SG-7 / SS-7: how far the attackers' points move the levels.

    With the take-over line ``L`` (80 in both tables; 75 or 85 by local custom):
    0 → dealer +3; 5-35 → +2; 40 to L-5 → +1. From L the attackers take over:
    SG: L to L+35 → +1, L+40 and more → +2; SS: exactly L → +0 (SS-E2), L+5 to L+35 → +1,
    L+40 to L+75 → +2, L+80 and more → +3.  The sources name only the 80 line; with
    another line every band from 40 up moves with it (C-6, this book's convention).

    Rules: SG-7, SS-7, SS-E2, C-6

    >>> from cardlib.shengji.rules import get_ruleset
    >>> print(level_change(get_ruleset("shengji"), 30)[1])  # doctest: +NORMALIZE_WHITESPACE
    SG-7: The attackers have 30 points (band 5-35), below the take-over line 80: the dealer team goes up 2 levels.
    >>> print(level_change(get_ruleset("shuangsheng", {"takeover_line": 85}), 125)[1])  # doctest: +NORMALIZE_WHITESPACE
    C-6: The attackers have 125 points (band 125-160), reaching the take-over line 85: they take over and go up 2
    levels.
    """
    points, rules = check_points(attacker_points), as_ruleset(rules)
    line = rules.takeover_line
    ss_table = rules.level_table is LevelTable.SHUANGSHENG
    table_rule = RuleId.SS_7 if ss_table else RuleId.SG_7
    table = Words("the 双升 guide's table", "《双升》的升级表") if ss_table else \
        Words("the 四人升级 guide's table", "《四人升级》的升级表")
    local = line != TABLE_LINE
    high: int | None
    if points < line:
        levels = 3 if points == 0 else 2 if points < 40 else 1
        low, high = (0, 0) if points == 0 else (5, 35) if points < 40 else (40, line - 5)
        change = LevelChange(levels, False, 0)
        # below the line both tables give the same (SG-7, SS-7): no table named
        reason = Reason.make(table_rule, "The attackers took no points: the dealer team goes up 3 levels.",
                             "闲家一分未得：庄家方升3级。") if points == 0 else Reason.make(table_rule,
                             "The attackers have {points} points ({band}), below the take-over line {line}: "
                             "the dealer team goes up {levels} level" + "s" * (levels > 1) + ".",
                             "闲家得{points}分，在{band_zh}一档，没到{line}分，上不了台，庄家方升{levels}级。",
                             points=points, band=_band(low, high), band_zh=_band_zh(low, high), line=line,
                             levels=levels)
        return Result(change, _local_line(reason, line) if local and points >= 40 else reason)  # lower bands never move
    above = points - line
    if ss_table and above == 0:
        reason = Reason.make(RuleId.SS_E2,
                             "The attackers have exactly {line} points, the take-over line: they take over without "
                             "going up.", "闲家正好{line}分，到了上台线：闲家上台，不升级。", line=line).with_notes(
            Reason(RuleId.SS_E2, "The 双升 table lists 80 twice; its own worked answer settles exactly 80 as +0.",
                   "《双升》的表把80分列了两次；按其自己的例题答案，正好80分升0级。")) if not local else \
            Reason.make(RuleId.C_6, "The attackers have exactly {line} points, the take-over line of {line}: they take "
                                    "over without going up.",
                        "闲家正好{line}分，到了{line}分上台线：闲家上台，不升级。", line=line)
        return Result(LevelChange(0, True, 0), _local_line(reason, line) if local else reason)
    if ss_table:
        levels = 1 if above < 40 else 2 if above < 80 else 3
        low = line + (5 if levels == 1 else 40 if levels == 2 else 80)
        high = None if levels == 3 else line + (35 if levels == 1 else 75)
    else:
        levels = 1 if above < 40 else 2
        low, high = (line, line + 35) if levels == 1 else (line + 40, None)
    change = LevelChange(0, True, levels)
    differs = above == 0 or above >= 80  # where the two tables part (SG-7 / SS-7, SS-E2), the table is named
    table_en = Words(f"under {table.en} ", "") if differs else Words("", "")
    table_zh = Words("", f"按{table.zh}，") if differs else Words("", "")
    reason = Reason.make(table_rule,
                         "The attackers have {points} points ({band}), reaching the take-over line {line}: "
                         "{table_en}they take over and go up {levels} level" + "s" * (levels > 1) + ".",
                         "闲家得{points}分，达到{line}分，{table_zh}闲家上台；{band_zh}一档升{levels}级。",
                         points=points, band=_band(low, high), band_zh=_band_zh(low, high), line=line,
                         table_en=table_en, table_zh=table_zh, levels=levels)
    return Result(change, _local_line(reason, line) if local else reason)


def _local_line(reason: Reason, line: int) -> Reason:
    """C-6: a local take-over line of 75 or 85: the 双升 guide names such lines (SS-7) but not how the bands
    move; that move is the book's (the note goes only where the points fall in a band it moves)."""
    shift = line - TABLE_LINE
    direction = Words("up", "上移") if shift > 0 else Words("down", "下移")
    return Reason.make(RuleId.C_6, "{reason}", "{reason}", reason=reason).with_notes(Reason.make(
        RuleId.C_6, "The 双升 guide names local take-over lines of 75 or 85 but not how the bands move; this book's "
                    "convention moves the line and every band above it {direction} by {shift} points together, "
                    "40 points apart as in the table (at {line}, the dealer team's +1 band ends at {top}).",
        "《双升》说有的地方把上台线定为75分或85分，但没说各档怎么变；本书约定上台线和线以上各档一起{direction}{shift}分，"
        "仍按表每40分一档（{line}分线时，庄家方升1级的一档到{top}分为止）。",
        line=line, direction=direction, shift=abs(shift), top=line - 5))
