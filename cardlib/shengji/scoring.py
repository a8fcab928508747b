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

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..cards import Card, Rank, format_cards
from ..errors import InvalidPositionError
from ..explain import Reason
from ..rule_ids import RuleId
from .combos import split_units
from .rules import Ruleset
from .trick import find_trick_winner, read_plays
from .trump import TrumpContext

#: SJ-11: the point cards and their values.
POINT_VALUES: dict[Rank, int] = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
#: SJ-11 (SS-E1): two decks hold eight 5s, eight 10s and eight Ks.
TOTAL_POINTS = 200
#: SJ-2: the kitty holds 8 cards.
KITTY_SIZE = 8


def card_points(card: Card) -> int:
    """SJ-11: a 5 is worth 5, a 10 or a K 10, anything else nothing."""
    return 0 if card.suit is None else POINT_VALUES.get(card.rank, 0)


def trick_points(cards: Iterable[Card]) -> int:
    """SJ-11: the points among some cards (a trick, a kitty)."""
    return sum(card_points(card) for card in cards)


def explain_trick_points(cards: Sequence[Card]) -> Reason:
    """SJ-11: which cards carry the points, in both languages."""
    counted = [c for c in cards if card_points(c)]
    total = trick_points(cards)
    if not counted:
        return Reason(RuleId.SJ_11, "No 5, 10 or K among the cards: they carry 0 points.",
                      "没有5、10或K：这些牌0分。")
    listing = " + ".join(f"{c} ({card_points(c)})" for c in counted)
    return Reason(RuleId.SJ_11, f"5s are worth 5, 10s and Ks 10: {listing} = {total} points.",
                  f"5算5分，10和K算10分：{listing} = {total}分。")


def points_left(won: Iterable[Card]) -> tuple[int, Reason]:
    """SJ-11, SS-E1: the points still to be won when ``won`` are the cards taken in tricks so far.

    Two decks hold eight 5s, eight 10s and eight Ks: 200 points (SS says four of each and 100).

    >>> from cardlib.cards import parse_cards
    >>> points_left(parse_cards("S5 H10 DK C9"))[0]
    175
    """
    taken = trick_points(won)
    left = TOTAL_POINTS - taken
    return left, Reason(RuleId.SS_E1,
                        f"Two decks hold eight 5s, eight 10s and eight Ks, {TOTAL_POINTS} points (not 100); "
                        f"{taken} have been won, so {left} are still in play.",
                        f"两副牌有八张5、八张10、八张K，共{TOTAL_POINTS}分（不是100分）；已得{taken}分，还剩{left}分。")


def explain_last_trick(cards_each: int, lead_cards: int) -> tuple[bool, Reason]:
    """SJ-12, SG-E1: whether a trick led with ``lead_cards`` cards, when each player holds
    ``cards_each``, is the hand's last, the one that decides the kitty (SG calls it "the 13th";
    with 25 cards each it is simply the last).

    >>> explain_last_trick(2, 2)[0], explain_last_trick(3, 2)[0]
    (True, False)
    """
    if not 1 <= lead_cards <= cards_each:
        raise InvalidPositionError(f"a lead of {lead_cards} cards needs each player to hold at least that many, "
                                   f"not {cards_each}")
    last = lead_cards == cards_each
    en = "it empties every hand, so it is the last trick" if last else \
        f"each player keeps {cards_each - lead_cards} card{'s' * (cards_each - lead_cards != 1)}, so it is not the last"
    zh = "打完后人人手中无牌，是最后一轮" if last else f"打完后每人还剩{cards_each - lead_cards}张，不是最后一轮"
    return last, Reason(RuleId.SG_E1, f"The kitty goes with the last trick, whatever its number (SG's \"13th\" "
                                      f"is a slip: 25 cards a hand make up to 25 tricks). Each player holds {cards_each} "
                                      f"and {lead_cards} are led: {en}.",
                        f"底牌归最后一轮，不论是第几轮（SG说“第13轮”是笔误：每人25张，最多25轮）。每人{cards_each}张，"
                        f"首家出{lead_cards}张：{zh}。")


# --- the kitty (SJ-12, SG-6 / SS-6, C-2) ---------------------------------------------------

#: The rule id each kitty-multiplier scheme comes from.
_SCHEME_RULES = {
    "shengji": RuleId.SG_6, "double": RuleId.SS_6, "pair2_tractor4": RuleId.SS_6,
    "doubling": RuleId.SG_E2, "largest_unit": RuleId.SJ_12, "power_of_cards": RuleId.SJ_12,
    "lead_size": RuleId.SJ_12,
}


def kitty_multiplier(rules: Ruleset, unit_pairs: int, cards: int, lead_cards: int) -> tuple[int, Reason]:
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
    """
    scheme = rules.kitty_multiplier
    unit = "a single" if unit_pairs == 0 else "a pair" if unit_pairs == 1 else f"a tractor of {unit_pairs} pairs"
    unit_zh = "单张" if unit_pairs == 0 else "对子" if unit_pairs == 1 else f"{unit_pairs}对的拖拉机"
    if scheme == "shengji":
        factor = 2 if unit_pairs == 0 else 4 if unit_pairs == 1 else 2 ** unit_pairs
        how, how_zh = "single ×2, pair ×4, tractor of n pairs ×2^n", "单张×2，对子×4，n对拖拉机×2^n"
    elif scheme == "double":
        factor, how, how_zh = 2, "×2 whatever the shape", "不论牌型×2"
    elif scheme == "pair2_tractor4":
        factor = 4 if unit_pairs >= 2 else 2
        how, how_zh = "single or pair ×2, tractor ×4", "单张或对子×2，拖拉机×4"
    elif scheme == "doubling":
        factor = 2 if unit_pairs == 0 else 4 if unit_pairs == 1 else 2 ** (unit_pairs + 1)
        how, how_zh = ("single ×2, pair ×4, tractor of n pairs ×2^(n+1), so a tractor beats a pair",
                       "单张×2，对子×4，n对拖拉机×2^(n+1)，拖拉机总比对子多")
    elif scheme == "largest_unit":
        factor = 2 * max(1, 2 * unit_pairs)
        how, how_zh = "2 × the cards of the largest unit", "2×最大单元的张数"
    elif scheme == "power_of_cards":
        factor = 2 ** cards
        how, how_zh = "2 to the number of cards played", "2的出牌张数次方"
    else:  # "lead_size"
        factor = 2 * lead_cards
        how, how_zh = "2 × the number of cards led", "2×首家出牌张数"
    rule = _SCHEME_RULES[scheme]
    if scheme == "shengji" and unit_pairs == 2:  # SG-E2: the table gives this tractor no more than a pair
        rule = RuleId.SG_E2
        how += "; as written, a 2-pair tractor (×4) counts no more than a pair (×4)"
        how_zh += "；照原文，2对拖拉机（×4）并不比对子（×4）多"
    reason = Reason(rule,
                    f"The last trick was won with {unit} ({cards} card{'s' * (cards != 1)}); "
                    f"the '{scheme}' scheme ({how}) multiplies the kitty by {factor}.",
                    f"用{unit_zh}（{cards}张）抠底；“{scheme}”规则（{how_zh}）底分乘{factor}。")
    return factor, reason


def kitty_score(rules: Ruleset, kitty: Sequence[Card], attackers_won_last: bool,
                unit_pairs: int = 0, cards: int = 1, lead_cards: int = 1) -> tuple[int, Reason]:
    """SJ-12: the points the kitty adds to the attackers' total.

    The dealer team winning the last trick keeps the kitty from the attackers (0); the
    attackers winning it add the kitty's points times the multiplier of :func:`kitty_multiplier`.

    Rules: SJ-12, SG-6, SS-6, C-2

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> kitty_score(get_ruleset("shengji"), parse_cards("S5 SK H2 H3 H4 H6 H7 H8"), True, 1, 2, 2)[0]
    60
    >>> kitty_score(get_ruleset("shengji"), parse_cards("S5 SK H2 H3 H4 H6 H7 H8"), False)[0]
    0
    """
    if len(kitty) != KITTY_SIZE:
        raise InvalidPositionError(f"the kitty holds {KITTY_SIZE} cards (SJ-2), got {len(kitty)}")
    points = trick_points(kitty)
    if not attackers_won_last:
        return 0, Reason(RuleId.SJ_12,
                         f"The dealer team won the last trick, so the kitty's {points} points "
                         f"add nothing to the attackers.",
                         f"庄家方赢得最后一轮，底牌的{points}分不计入闲家得分。")
    factor, why = kitty_multiplier(rules, unit_pairs, cards, lead_cards)
    return points * factor, Reason(why.rule,
                                   f"The attackers won the last trick: the kitty's {points} points "
                                   f"count {factor} times, {points * factor}. {why.en}",
                                   f"闲家抠底：底牌{points}分×{factor} = {points * factor}分。{why.zh}")


def score_kitty(ctx: TrumpContext, rules: Ruleset, kitty: Sequence[Card], last_trick: Sequence[Sequence[Card]],
                attackers_won_last: bool, winner: int | None = None) -> tuple[int, Reason]:
    """SJ-12 from the last trick itself: its plays (lead first) set the multiplier (C-2).

    ``kitty_shape="winning_play"`` looks at the play that won (``winner``, found by the
    trick rules when not given), ``"lead"`` at the lead; the multiplier counts the play's
    largest unit (for a throw, C-3: its longest tractor, else a pair, else a single).

    Rules: SJ-12, C-2, SG-6, SS-6

    >>> from cardlib.cards import parse_cards
    >>> from cardlib.shengji.rules import get_ruleset
    >>> ctx = TrumpContext(Rank.TWO, None)
    >>> kitty = parse_cards("S5 S5 HK H10 C3 C4 C6 C7")
    >>> score_kitty(ctx, get_ruleset("shengji"), kitty, [parse_cards(p) for p in ("BJ BJ", "S3 S4", "D6 D7", "H8 H8")], True)[0]
    120
    """
    plays = read_plays(ctx, rules, last_trick)
    if len(plays) != 4:
        raise InvalidPositionError(f"the last trick has a play from each of the 4 players, got {len(plays)}")
    if not attackers_won_last:
        return kitty_score(rules, kitty, False)
    if rules.kitty_shape == "lead":
        index = 0
    else:
        index = find_trick_winner(ctx, rules, plays).winner if winner is None else winner
    play = plays[index]
    unit_pairs = max(unit.pairs for unit in split_units(ctx, rules, play))
    points, reason = kitty_score(rules, kitty, True, unit_pairs, len(play), len(plays[0]))
    if index and len(play) > 1 and reason.rule is not RuleId.SG_E2:  # C-2: the follower's winning shape counts
        won = format_cards(play)
        reason = Reason(RuleId.C_2, f"play {index} ({won}), not the lead, won the last trick, and the winning "
                                    f"play's shape sets the multiplier. {reason.en}",
                        f"赢得最后一轮的是第{index}手（{won}）而不是首家，按赢牌的牌型定倍数。{reason.zh}")
    return points, reason


# --- the level change (SG-7 / SS-7, SS-E2) --------------------------------------------------

@dataclass(frozen=True, slots=True)
class LevelChange:
    """The outcome of a hand's points: who goes up how far, and whether the attackers take over."""

    dealer_team_levels: int
    attackers_take_over: bool
    attacker_levels: int

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


def level_change(rules: Ruleset, attacker_points: int) -> tuple[LevelChange, Reason]:
    """SG-7 / SS-7: how far the attackers' points move the levels.

    With the take-over line ``L`` (80 in both tables; 75 or 85 by local custom):
    0 → dealer +3; 5-35 → +2; 40 to L-5 → +1. From L the attackers take over:
    SG: L to L+35 → +1, L+40 and more → +2; SS: exactly L → +0 (SS-E2), L+5 to L+35 → +1,
    L+40 to L+75 → +2, L+80 and more → +3.

    Rules: SG-7, SS-7, SS-E2
    """
    points = check_points(attacker_points)
    line = rules.takeover_line
    table_rule = RuleId.SS_7 if rules.level_table == "shuangsheng" else RuleId.SG_7
    if points < line:
        levels = 3 if points == 0 else 2 if points < 40 else 1
        band = "0" if points == 0 else "5-35" if points < 40 else f"40-{line - 5}"
        change = LevelChange(levels, False, 0)
        return change, Reason(table_rule,
                              f"The attackers have {points} points, in the {band} band below the "
                              f"take-over line {line}: the dealer team goes up {levels} level{'s' * (levels > 1)}.",
                              f"闲家得{points}分，在{band}分档，未到{line}分上台线：庄家方升{levels}级。")
    above = points - line
    if rules.level_table == "shuangsheng":
        if above == 0:
            return LevelChange(0, True, 0), Reason(
                RuleId.SS_E2,
                f"The attackers have exactly {line} points: they take over without going up.",
                f"闲家正好{line}分：闲家上台，不升级。")
        levels = 1 if above < 40 else 2 if above < 80 else 3
    else:
        levels = 1 if above < 40 else 2
    change = LevelChange(0, True, levels)
    return change, Reason(table_rule,
                          f"The attackers have {points} points, "
                          f"{'at' if above == 0 else f'{above} above'} the take-over line {line}: they take over and go up {levels} level{'s' * (levels > 1)}.",
                          f"闲家得{points}分，超过{line}分上台线{above}分：闲家上台并升{levels}级。")
