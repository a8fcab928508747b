"""Seats, teams and levels from hand to hand: who deals next and when the game ends.

Seats are numbered in playing order (counterclockwise) 0..3; seats 0 & 2 are team 0,
seats 1 & 3 team 1.  A team's level runs 2..A.

Rules: SJ-1, SJ-3, SJ-13, SG-8, SS-8

>>> from cardlib.shengji.rules import get_ruleset
>>> from cardlib.shengji.scoring import level_change
>>> progress = after_hand(get_ruleset("shengji"), 0, (Rank.TWO, Rank.TWO), level_change(get_ruleset("shengji"), 30)[0])
>>> progress.next_dealer, [str(level) for level in progress.levels], progress.winner
(2, ['4', '2'], None)
>>> print(progress.reason)  # doctest: +NORMALIZE_WHITESPACE
SG-8: South–North go up 2 levels, from 2 to 4. The dealer team keeps the deal: the dealer's partner, North, deals
next. The next hand is played at the level of the new dealer's team, South–North: 4 (SJ-3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import PLAIN_RANKS, Rank
from ..errors import InvalidPositionError
from ..explain import Reason, Seat, Words
from ..result import Result, SeatResult
from ..rule_ids import RuleId
from .rules import GameEnd, NextDealer, RulesetLike, as_ruleset
from .scoring import LevelChange

SEATS = 4
#: SJ-3: the levels a team plays, low to high.
LEVELS: tuple[Rank, ...] = PLAIN_RANKS


def check_seat(seat: object, what: str = "seat") -> int:
    """A seat number 0..3, or an error naming the bad value."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise InvalidPositionError(f"{what} must be a seat number 0-3, got {seat!r}")
    return seat


def team_of(seat: int) -> int:
    """SJ-1: partners sit opposite: seats 0 & 2 are team 0, seats 1 & 3 team 1."""
    return check_seat(seat) % 2


#: SJ-1: the two teams by their seats, as players name them.
TEAM_WORDS = (Words("South–North", "南北方"), Words("East–West", "东西方"))


def team_words(team: int) -> Words:
    """A team (0: South & North, 1: East & West) in words: South–North / 南北方."""
    return TEAM_WORDS[team]


def partner_of(seat: int) -> int:
    """SJ-1: the partner sits opposite."""
    return (check_seat(seat) + 2) % SEATS


def explain_partner(seat: int) -> Reason:
    """SJ-1: who partners ``seat``: the player sitting opposite.

    >>> explain_partner(1).en
    'Partners sit opposite: East and West are one team.'
    """
    partner = partner_of(check_seat(seat))
    return Reason.make(RuleId.SJ_1, "Partners sit opposite: {seat} and {partner} are one team.",
                       "相对而坐的两家是一队：{seat}和{partner}是对家。", seat=Seat(seat), partner=Seat(partner))


def level_played(levels: tuple[Rank | str, Rank | str], dealer: int, next_hand: bool = False) -> Result[Rank]:
    """SJ-3: the level a hand is played at: the dealer team's own level (``next_hand``: said of the hand
    after this one, whose ``dealer`` is the next dealer).

    >>> level_played((Rank.FIVE, Rank.NINE), 1)[0]
    <Rank.NINE: 9>
    >>> print(level_played((Rank.FIVE, Rank.NINE), 1)[1])
    SJ-3: The hand is played at the dealer team's level: East–West's 9.
    >>> level_played((Rank.FIVE, Rank.NINE), 1, next_hand=True)[1].zh
    '下一局打庄家方（东西方）的级：9。'
    """
    team = team_of(check_seat(dealer, "dealer"))
    level = check_levels(levels)[team]
    if next_hand:
        return Result(level, Reason.make(RuleId.SJ_3, "The next hand is at the dealer team's level: {team}'s {level}.",
                                         "下一局打庄家方（{team}）的级：{level}。", team=team_words(team), level=level))
    return Result(level, Reason.make(RuleId.SJ_3, "The hand is played at the dealer team's level: {team}'s {level}.",
                              "{dealer}坐庄，本局打庄家方（{team}）的级：{level}。",
                              dealer=Seat(dealer), team=team_words(team), level=level))


def next_seat(seat: int) -> int:
    """The next seat in playing order (counterclockwise)."""
    return (seat + 1) % SEATS


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a hand leaves the game: the next dealer, both teams' levels, and the winner if any."""

    next_dealer: int
    levels: tuple[Rank, Rank]
    winner: int | None
    reason: Reason

    def to_dict(self) -> dict[str, object]:
        return {"next_dealer": self.next_dealer, "levels": [str(level) for level in self.levels],
                "winner": self.winner}


def raise_level(level: Rank, steps: int, playing_ace: bool) -> tuple[Rank, bool]:
    """SJ-13: a level after going up ``steps``, and whether the team went up from A.

    Going up stops at A: A must be played.  Only a team that plays A as the dealer
    team and goes up passes it (the sources are silent on skipping A; this is the
    common "must play A" reading).

    >>> raise_level(Rank.QUEEN, 3, False)
    (<Rank.ACE: 14>, False)
    >>> raise_level(Rank.ACE, 1, True)
    (<Rank.ACE: 14>, True)
    """
    if steps <= 0:
        return level, False
    if playing_ace:
        return level, True
    return Rank(min(int(level) + steps, int(Rank.ACE))), False


def check_levels(levels: object) -> tuple[Rank, Rank]:
    """Both teams' levels (team 0 = seats 0 & 2 first), each a plain rank 2..A."""
    if not isinstance(levels, (list, tuple)) or len(levels) != 2:
        raise InvalidPositionError(f"levels must be two ranks, team 0 then team 1, got {levels!r}")
    parsed = []
    for level in levels:
        if isinstance(level, Rank) and level in LEVELS:
            parsed.append(level)
        elif isinstance(level, str):
            parsed.append(Rank.parse(level))
        else:
            raise InvalidPositionError(f"a level must be a rank such as \"2\" or \"A\", got {level!r}")
    return parsed[0], parsed[1]


#: SG-8 after a shut-out (大光): the one case a guide speaks to.
SHUT_OUT_NOTE = Reason(RuleId.SG_8, "After a shut-out (大光, 0 points) the 四人升级 guide lets the dealer's partner deal "
                       "next; this book makes that its rule after every hand the dealer team keeps.",
                       "庄家方大光（闲家0分）时，《四人升级》允许由庄家的对家坐庄；本书把它定为庄家方保庄时的通则。")


def who_deals_next(rules: RulesetLike, dealer: int, attackers_take_over: bool) -> tuple[int, Reason]:
    """SG-8: the next dealer and the clause that names them ("South, after the dealer West, deals next"),
    without the cause (:func:`next_dealer` says it: who kept the deal or took it over).

    >>> from cardlib.shengji.rules import get_ruleset
    >>> who_deals_next(get_ruleset("shengji"), 3, False)[1].en
    "the dealer's partner, East, deals next"
    """
    rules, dealer = as_ruleset(rules), check_seat(dealer, "dealer")
    if attackers_take_over:
        seat = next_seat(dealer)
        return seat, Reason.make(RuleId.SG_8, "{seat}, after the dealer {dealer}, deals next",
                                 "由庄家{dealer}的下家{seat}坐庄", dealer=Seat(dealer), seat=Seat(seat))
    if rules.next_dealer is NextDealer.PARTNER_OR_NEXT:
        seat = partner_of(dealer)
        return seat, Reason.make(RuleId.SG_8, "the dealer's partner, {seat}, deals next", "由庄家的对家{seat}坐庄",
                                 seat=Seat(seat))
    return dealer, Reason.make(RuleId.SG_8, "{seat} deals again", "{seat}继续坐庄", seat=Seat(dealer))


def next_dealer(rules: RulesetLike, dealer: int, attackers_take_over: bool, shut_out: bool = False) -> SeatResult:
    """SG-8: the dealer team keeps the deal (the dealer's partner deals, or the dealer again
    under ``dealer_stays_or_next``); when the attackers take over, the player after the dealer deals.

    The guides are silent here (SG only lets the dealer's partner deal after a shut-out, 大光):
    the note says what they leave open and that the answer is this book's convention; after a
    shut-out (``shut_out``: the attackers took 0 points) the note names the 四人升级 guide's rule instead.

    Rules: SG-8

    >>> from cardlib.shengji.rules import get_ruleset
    >>> reason = next_dealer(get_ruleset("shengji"), 3, True)[1]
    >>> print(reason.zh, "...", reason.notes_text("zh")[-8:])
    闲家上台：由庄家西家的下家南家坐庄。 ... 这是本书的约定。
    """
    silent = Reason(RuleId.SG_8, "Who deals next is not in the guides, beyond the 四人升级 guide's rule for a shut-out "
                    "(大光: the dealer's partner may deal); this is this book's convention.",
                    "下一局谁坐庄，两份指南都没有写（只有《四人升级》说庄家方被打大光时可由庄家的对家坐庄）；"
                    "这是本书的约定。")
    rules = as_ruleset(rules)
    seat, who = who_deals_next(rules, dealer, attackers_take_over)
    if attackers_take_over:
        cause, note = Words("The attackers take over", "闲家上台"), silent
    else:
        cause = Words("The dealer team keeps the deal", "庄家方保庄")
        note = (SHUT_OUT_NOTE if shut_out else silent) if rules.next_dealer is NextDealer.PARTNER_OR_NEXT else \
            Reason(RuleId.SG_8, "A local custom the guides do not name.", "规则没有写的地方习惯。")
    return SeatResult(seat, Reason.make(RuleId.SG_8, "{cause}: {who}.", "{cause}：{who}。", cause=cause,
                                        who=who).with_notes(note))


def after_hand(rules: RulesetLike, dealer: int, levels: tuple[Rank | str, Rank | str], change: LevelChange) -> Progress:
    """SJ-13, SS-8: apply a hand's level change; find the next dealer and the winner, if any.

    ``through_ace``: a team wins when, playing A as the dealer team, it goes up.
    ``reach_ace``: a team wins as soon as its level reaches A.  The reason says, each in its
    own sentence citing its own rule, how the levels move (and where the climb stops at A),
    who deals next (SG-8) and at what level the next hand is played (SJ-3).

    Rules: SJ-13, SS-8, SG-8, SG-7, SS-7, SJ-3

    >>> from cardlib.shengji.rules import get_ruleset
    >>> print(after_hand(get_ruleset("shengji"), 0, (Rank.QUEEN, Rank.FIVE), LevelChange(3, False, 0)).reason.en)  # doctest: +NORMALIZE_WHITESPACE
    South–North would go up 3 levels from Q, but the climb stops at A (SJ-13): they must now play A, and they win the
    game by going up again while dealing at A. The dealer team keeps the deal: the dealer's partner, North, deals
    next. The next hand is played at the level of the new dealer's team, South–North: A (SJ-3).
    """
    rules, levels = as_ruleset(rules), check_levels(levels)
    if not isinstance(change, LevelChange):
        raise InvalidPositionError(f"expected the LevelChange of level_change(), got {change!r}")
    dealer = check_seat(dealer, "dealer")
    dealer_team = team_of(dealer)
    gaining_team = 1 - dealer_team if change.attackers_take_over else dealer_team
    steps = change.attacker_levels if change.attackers_take_over else change.dealer_team_levels
    playing_ace = not change.attackers_take_over and levels[dealer_team] is Rank.ACE
    old_level = levels[gaining_team]
    new_level, through = raise_level(old_level, steps, playing_ace)
    new_levels = list(levels)
    new_levels[gaining_team] = new_level
    seat, dealer_reason = next_dealer(rules, dealer, change.attackers_take_over)
    team = team_words(gaining_team)
    if rules.game_end is GameEnd.THROUGH_ACE and through:
        return Progress(seat, (new_levels[0], new_levels[1]), gaining_team, Reason.make(
            RuleId.SJ_13, "{team} played A as the dealer team and went up: they have played through A and win the game.",
            "{team}坐庄打A，打过了A，赢得全局。", team=team))
    if rules.game_end is GameEnd.REACH_ACE and new_level is Rank.ACE and steps > 0:
        spare = int(old_level) + steps > int(Rank.ACE)  # Q up 3: K, A, and a level A makes unneeded
        return Progress(seat, (new_levels[0], new_levels[1]), gaining_team, Reason.make(
            RuleId.SS_8, "{team} go up from {old} to A{spare}: under this rule the first team to reach A wins the game.",
            "{team}从打{old}升到打A{spare}：按此规则先打到约定级别A的一方赢得全局。", team=team, old=old_level,
            spare=Words(", no further", "（超过A的不算）") if spare else Words("", "")))
    climb = _climb(team, old_level, new_level, steps, change.attackers_take_over, rules.game_end is GameEnd.THROUGH_ACE)
    next_level = new_levels[team_of(seat)]
    played = Reason.make(RuleId.SJ_3, "The next hand is played at the level of the new dealer's team, {team}: "
                                      "{level} (SJ-3).",
                         "下一局打新庄家一方（{team}）的级：{level}（SJ-3）。",
                         team=team_words(team_of(seat)), level=next_level)
    parts = {"dealer": dealer_reason, "played": played}
    en, zh = "{dealer} {played}", "{dealer}{played}"
    if climb is not None:
        parts["climb"] = climb
        en, zh = "{climb} " + en, "{climb}" + zh
    return Progress(seat, (new_levels[0], new_levels[1]), None, Reason.make(dealer_reason.rule, en, zh, **parts))


def _climb(team: Words, old: Rank, new: Rank, steps: int, took_over: bool, through_ace: bool) -> Reason | None:
    """How a team's level moves, in a sentence: where it would pass A, the climb stops at A (SJ-13)."""
    if steps <= 0:
        return None
    plural = "s" * (steps > 1)
    if int(old) + steps <= int(Rank.ACE):
        return Reason.make(RuleId.SJ_13, "{team} go up {steps} level" + plural + ", from {old} to {new}.",
                           "{team}升{steps}级，从{old}升到{new}。", team=team, steps=steps, old=old, new=new)
    then = Words("they win the game by going up again while dealing at A",
                 "之后要在坐庄打A时再升级才赢得全局") if through_ace else \
        Words("reaching A wins the game", "升到A即赢得全局")
    if old is Rank.ACE:
        why = Words("taking over does not pass A", "上台不能越过A") if took_over else \
            Words("a level never passes A", "级别不会超过A")
        return Reason.make(RuleId.SJ_13, "{team} are already at A and would go up {steps} level" + plural + ", but "
                                         "{why} (SJ-13): they stay at A, and {then}.",
                           "{team}已经打到A，本应升{steps}级，但{why}（SJ-13）：仍打A，{then}。",
                           team=team, steps=steps, why=why, then=then)
    return Reason.make(RuleId.SJ_13, "{team} would go up {steps} level" + plural + " from {old}, but the climb stops "
                                     "at A (SJ-13): they must now play A, and {then}.",
                       "{team}本应从{old}升{steps}级，但升级到A为止（SJ-13）：接下来必须打A，{then}。",
                       team=team, steps=steps, old=old, then=then)
