"""Grading one player's challenge decisions in a finished 一上一下 game, from what that player could know.

Rules: YS-8 (who may challenge, and when), YS-9 (when a challenge succeeds, and who takes the pile),
YS-11 (a card left standing is never shown), YS-14 (several challengers at once)

The game is replayed from its deal (:func:`replay`: only :meth:`~.state.Game.apply` moves it, and each
action must give back the very events of the log).  At every face-down card another player puts down,
:meth:`~.state.Game.check_challenge` says whether the reader could challenge it (YS-8); each such
window is one decision: challenge it, or let it stand.

What the reader could know then is where each card may be, as the tutor's own bot counts it
(:func:`~.tutor_bots.card_locations`: its own hand, the cards face up, the cards a challenge turned
over, the piles taken, YS-11).  The cards the face-down card could be are those that may be in its
player's hand; of them, :func:`~.challenge.challenge_outcome` says which make the claim hold (the
claimed rank, not below the target before it, YS-9) and which not: exact counts.  They are not the
odds that the claim is true: a player who holds the claimed rank mostly claims it truthfully (in the
tutor's games about 85% of claims are true, though most claimed ranks are a few cards in forty).  So the
odds graded are those of :func:`~.tutor_bots.count_claim`: the chance that a hand of the player's size,
from the cards it could hold, held one of the claimed rank (none for a claim below the target).

The stake is the pile: a failed challenge puts it all in the challenger's hand, a card left standing
costs nothing but, for a last card, the game (YS-12).  So challenging is favoured below the chance at
which the tutor's bot challenges (:data:`~.tutor_bots.TutorBot` ``doubt``; ``last_card_doubt`` for a last
card), thresholds it got from play.  A choice against the favoured one loses the distance of the chance
from that threshold, in percentage points; :data:`INACCURACY_MARGIN` / :data:`MISTAKE_MARGIN` turn it
into a grade.  Bad input (a log that is not this deal's game) raises
:class:`~cardlib.errors.InvalidPositionError`, a ``ValueError``.

>>> from cardlib.yishang.state import Game
>>> start = Game(["S8 H3 C7", "D10 C4 S5", "H5 S6 D7"], draw_pile="C9 CA", first=0)
>>> game = start.copy()
>>> _ = game.play("S8"); _ = game.play("C4", claim="8")  # B bluffs an 8: A holds none, ♠8 is on the pile
>>> _ = game.play("H5")  # A lets B's card stand: C plays on
>>> review = review_game(start, game.log)
>>> [(str(d.claim), d.true_count, d.total, d.choice, d.favoured, d.grade, d.loss) for d in review.decisions]
[('8', 3, 49, 'stand', 'stand', 'best', 0.0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from ..cards import Card, Rank
from ..errors import InvalidPositionError
from ..explain import Param, Player, Reason, Words
from ..rule_ids import RuleId
from .actions import Action, Challenge, Pass, Play
from .challenge import challenge_outcome
from .deal import DECK
from .events import Event, EventKind
from .state import Game
from .tutor_bots import TutorBot, card_locations, count_claim, rank_with_article

#: How far, in percentage points, the chance that the claimant held the claimed rank was on the other
#: side of the challenge threshold (the module's docstring) for a choice against the favoured one to
#: be an inaccuracy: closer than this it was a close call, graded best.  From :data:`MISTAKE_MARGIN`
#: on, a mistake: letting stand a claim the count said the claimant held with a chance of 0 (the
#: threshold being 10%), or challenging one held with a chance of 20% or more.
INACCURACY_MARGIN = 5.0
MISTAKE_MARGIN = 10.0
#: The challenge thresholds graded against: the tutor's bot's, which the hint gives.
THRESHOLDS = TutorBot()

Grade: TypeAlias = Literal["best", "inaccuracy", "mistake"]
Choice: TypeAlias = Literal["challenge", "stand"]


def grade_of(margin: float) -> Grade:
    """The grade of a choice against the odds, ``margin`` percentage points the other way
    (:data:`INACCURACY_MARGIN`, :data:`MISTAKE_MARGIN`)."""
    return "mistake" if margin >= MISTAKE_MARGIN else "inaccuracy" if margin >= INACCURACY_MARGIN else "best"


# --- the game replayed -----------------------------------------------------------------------

def _key(event: Event) -> tuple[object, ...]:
    return event.kind, event.seat, event.card, event.claim, event.other


def _actions(log: Sequence[Event]) -> Iterator[tuple[int, Action]]:
    """The actions behind a log, with the index of each one's first event: a play is its card's
    event (a window it closes stood first, YS-11), a challenge its own; a card left to stand with no
    play after it was a pass (YS-8, YS-12).  The rest follow from the action."""
    for index, event in enumerate(log):
        if event.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN):
            assert event.card is not None
            claim = event.claim if event.kind is EventKind.PLAY_DOWN else None
            first = index - 1 if index and log[index - 1].kind is EventKind.STAND else index
            yield first, Play(event.card, claim)
        elif event.kind is EventKind.CHALLENGE:
            assert event.seat is not None
            yield index, Challenge((event.seat,))
        elif event.kind is EventKind.STAND and (index + 1 == len(log) or log[index + 1].kind not in (
                EventKind.PLAY_UP, EventKind.PLAY_DOWN)):
            yield index, Pass()


def replay(start: Game, log: Sequence[Event]) -> Iterator[tuple[Game, tuple[Event, ...]]]:
    """The game from ``start`` (as dealt) through ``log`` (the finished game's): after each action,
    the game and the action's events.  Raise if an action does not give back the log's own events."""
    game = start.copy()
    done = len(game.log)
    if [_key(e) for e in log[:done]] != [_key(e) for e in game.log]:
        raise InvalidPositionError("the log does not begin where the game to replay it from begins")
    rest = list(log[done:])
    at = 0
    for first, action in _actions(rest):
        if first != at:
            raise InvalidPositionError(f"event {done + at} of the log is not the start of an action")
        try:
            events = game.apply(action)
        except ValueError as error:
            raise InvalidPositionError(f"event {done + at} of the log cannot be replayed: {error}") from None
        if [_key(e) for e in events] != [_key(e) for e in rest[at:at + len(events)]]:
            raise InvalidPositionError(f"event {done + at} of the log is not what {action} gives")
        at += len(events)
        yield game, events
    if at != len(rest):
        raise InvalidPositionError(f"event {done + at} of the log is not the start of an action")


# --- the decisions -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChallengeDecision:
    """One face-down card of another player that ``seat`` could challenge (YS-8) and what it chose.

    ``number``: the game's play number of the card (1 for the first card played); ``claimant``, ``claim``
    and ``target`` (the target before the card, YS-9); ``pile``: the cards the challenge's loser would
    take; ``total``: the cards it could have been, of which ``true_count`` make the claim hold and
    ``false_count`` do not; ``chance``: the percentage chance its player held the claimed rank, against
    the ``threshold`` below which challenging is favoured; ``choice``, ``favoured``, ``grade`` and ``loss``
    (percentage points, 0 when the choice was the favoured one); the real ``card``, whether a challenge
    would have succeeded (``bluff``), and who did challenge it (``challenger``, None if nobody)."""

    number: int
    seat: int
    claimant: int
    claim: Rank
    target: Rank
    last_card: bool
    pile: int
    total: int
    true_count: int
    false_count: int
    chance: float
    threshold: float
    choice: Choice
    favoured: Choice
    grade: Grade
    loss: float
    card: Card
    bluff: bool
    challenger: int | None
    reason: Reason

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form: ranks and cards as tokens, the loss in percentage points."""
        return {"number": self.number, "seat": self.seat, "claimant": self.claimant, "claim": str(self.claim),
                "target": str(self.target), "last_card": self.last_card, "pile": self.pile, "total": self.total,
                "true": self.true_count, "false": self.false_count, "chance": self.chance,
                "threshold": self.threshold, "choice": self.choice,
                "favoured": self.favoured, "grade": self.grade, "loss": self.loss, "loss_unit": "pp",
                "card": str(self.card), "bluff": self.bluff, "challenger": self.challenger,
                "reason": self.reason.to_dict()}


@dataclass(frozen=True, slots=True)
class OwnPlay:
    """One of ``seat``'s own face-down cards: the card, its claim over the target, whether the claim
    held (YS-9), and who challenged it (None if nobody: it stood, YS-11)."""

    number: int
    card: Card
    claim: Rank
    target: Rank
    truthful: bool
    challenger: int | None
    reason: Reason

    def to_dict(self) -> dict[str, object]:
        return {"number": self.number, "card": str(self.card), "claim": str(self.claim), "target": str(self.target),
                "truthful": self.truthful, "challenger": self.challenger, "reason": self.reason.to_dict()}


@dataclass(frozen=True, slots=True)
class GameReview:
    """The graded challenge decisions of ``seat``, its own face-down cards, and what was graded and how."""

    seat: int
    decisions: tuple[ChallengeDecision, ...]
    own: tuple[OwnPlay, ...]
    reason: Reason

    @property
    def missed_bluffs(self) -> tuple[ChallengeDecision, ...]:
        """The false claims the seat let stand while it could challenge them."""
        return tuple(d for d in self.decisions if d.bluff and d.choice == "stand")

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "decisions": [d.to_dict() for d in self.decisions],
                "missed_bluffs": [d.number for d in self.missed_bluffs],
                "own": [o.to_dict() for o in self.own], "about": self.reason.to_dict()}


def claim_counts(cards: Sequence[Card], target: Rank, claim: Rank) -> tuple[int, int]:
    """Of ``cards`` (those a face-down card could be), how many make ``claim`` over ``target`` hold and
    how many not, by :func:`~.challenge.challenge_outcome` (YS-9)."""
    false = sum(challenge_outcome(target, claim, card.rank).value for card in cards)
    return len(cards) - false, false


def cards_it_could_be(game: Game, seat: int) -> tuple[Card, ...]:
    """The cards the open face-down card could be, as ``seat`` could tell: every card that may have been
    in its player's hand (:func:`~.tutor_bots.card_locations`, as the table stood before the card).

    Rules: YS-8, YS-11
    """
    window = game.window
    if window is None:
        raise InvalidPositionError("no face-down card is open to a challenge now (YS-8)")
    where = card_locations(game, seat, before_window=True)
    return tuple(c for c in DECK if c not in where or window.seat in where[c])


def claim_chance(game: Game, seat: int) -> float:
    """The chance, as ``seat`` counts, that the open card's player held the claimed rank (the module's
    docstring): :func:`~.tutor_bots.count_claim`, and 0 for a claim below the target (YS-9).

    Rules: YS-9
    """
    window = game.window
    if window is None:
        raise InvalidPositionError("no face-down card is open to a challenge now (YS-8)")
    if challenge_outcome(window.target_before, window.claim, window.claim).value:
        return 0.0
    return count_claim(game, seat, window.seat, window.claim).chance


@dataclass(frozen=True, slots=True)
class _Open:
    """A face-down card just put down: its play number, the card, the window (YS-8), the pile then, the
    cards it could be and the chance its player held the claimed rank, as the seat could tell, the
    claimant's hand before it, and whether the seat could challenge it."""

    number: int
    card: Card
    claimant: int
    claim: Rank
    target: Rank
    last_card: bool
    pile: int
    could: tuple[Card, ...]
    chance: float
    hand: int
    allowed: bool


def review_game(start: Game, log: Sequence[Event], seat: int = 0) -> GameReview:
    """Grade ``seat``'s challenge decisions in the game ``log`` records, played from ``start`` as dealt
    (the module's docstring).  A window the seat could act in where another player's challenge was
    taken counts as the seat letting the card stand (the tutor asks the reader first, YS-14).

    Rules: YS-8, YS-9, YS-11, YS-14
    """
    if type(seat) is not int or seat not in range(start.players):
        raise InvalidPositionError(f"seat {seat!r} is not one of the {start.players} players")
    decisions: list[ChallengeDecision] = []
    own: list[OwnPlay] = []
    plays = 0
    opened: _Open | None = None
    for game, events in replay(start, log):
        for event in events:
            if event.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN):
                plays += 1
            if event.kind is EventKind.PLAY_DOWN:
                window = game.window  # the play is its action's last move: its window is open now
                assert window is not None and event.card is not None
                allowed = window.seat != seat and game.check_challenge(seat).ok
                opened = _Open(plays, event.card, window.seat, window.claim, window.target_before, window.last_card,
                               len(game.pile), cards_it_could_be(game, seat) if allowed else (),
                               claim_chance(game, seat) if allowed else 0.0, len(game.hand(window.seat)) + 1,
                               allowed)
            elif event.kind in (EventKind.STAND, EventKind.CHALLENGE) and opened is not None:
                challenger = event.seat if event.kind is EventKind.CHALLENGE else None
                if opened.claimant == seat:
                    own.append(_own(opened, challenger))
                elif opened.allowed:
                    decisions.append(_decision(opened, seat, challenger))
                opened = None
    return GameReview(seat, tuple(decisions), tuple(own), _about(len(decisions)))


def _decision(opened: _Open, seat: int, challenger: int | None) -> ChallengeDecision:
    """The decision on one window, graded by the chance against the threshold (:func:`grade_of`)."""
    true, false = claim_counts(opened.could, opened.target, opened.claim)
    total = true + false
    if opened.card not in opened.could:
        raise InvalidPositionError(f"card {opened.number}, {opened.card}, is not among the cards it could be")
    threshold = THRESHOLDS.last_card_doubt if opened.last_card else THRESHOLDS.doubt
    choice: Choice = "challenge" if challenger == seat else "stand"
    favoured: Choice = "challenge" if opened.chance < threshold else "stand"
    loss = 0.0 if favoured == choice else round(abs(opened.chance - threshold) * 100, 1)
    grade = grade_of(loss)
    bluff = challenge_outcome(opened.target, opened.claim, opened.card.rank).value
    return ChallengeDecision(opened.number, seat, opened.claimant, opened.claim, opened.target, opened.last_card,
                             opened.pile, total, true, false, round(opened.chance * 100, 1), round(threshold * 100, 1),
                             choice, favoured, grade, loss, opened.card, bluff, challenger,
                             _explain(opened, seat, (true, false), (favoured, threshold), grade, challenger, bluff))


def _own(opened: _Open, challenger: int | None) -> OwnPlay:
    """One of the seat's own face-down cards, told (YS-9, YS-11)."""
    holds = not challenge_outcome(opened.target, opened.claim, opened.card.rank).value
    truthful = opened.card.rank == opened.claim
    what = (Words("a true claim", "照实报") if holds else
            Words("a true claim, but below the target: any challenge would succeed",
                  "照实报，但低于目标点数：一被质疑就输") if truthful else Words("a bluff", "虚报"))
    if challenger is None:
        then = Reason.make(RuleId.YS_11, "nobody challenged it and it stood", "没有人质疑，这张牌成立")
    else:
        then = Reason.make(RuleId.YS_9, "{c} challenged it: the challenge {outcome}", "{c}质疑：质疑{outcome_zh}",
                           c=Player(challenger), outcome="failed" if holds else "succeeded",
                           outcome_zh="失败" if holds else "成立")
    reason = Reason.make(RuleId.YS_9, "Card {n}: you put {card} face down and claimed {claim} over the target {target}: "
                         "{what}; {then}.",
                         "第{n}张牌：你扣下{card}，报{claim}，出牌前的目标点数是{target}：{what}；{then}。",
                         n=opened.number, card=[opened.card], claim=opened.claim, target=opened.target, what=what,
                         then=then)
    return OwnPlay(opened.number, opened.card, opened.claim, opened.target, holds, challenger, reason)


_GRADE_WORDS = {"mistake": ("A mistake at card {n}", "第{n}张牌失误"),
                "inaccuracy": ("An inaccuracy at card {n}", "第{n}张牌欠佳"), "best": ("Card {n}", "第{n}张牌")}


def _percent(chance: float) -> str:
    """A chance as a reader reads it: a whole percentage, and never 0 or 100 unless it is exactly so.

    >>> _percent(0.0), _percent(0.004), _percent(0.3449), _percent(0.999), _percent(1.0)
    ('0', '<1', '34', '>99', '100')
    """
    if 0 < chance < 0.005:
        return "<1"
    if 0.995 <= chance < 1:
        return ">99"
    return str(round(chance * 100))


def _explain(opened: _Open, seat: int, counts: tuple[int, int], favoured: tuple[Choice, float], grade: Grade,
             challenger: int | None, bluff: bool) -> Reason:
    """The decision in the game's words: the claim, the exact counts, the chance, the choice favoured,
    what was chosen and the card (YS-8, YS-9, YS-12)."""
    true, false = counts
    total = true + false
    choice, threshold = favoured
    params: dict[str, Param | list[Card]] = {"n": opened.number, "who": Player(opened.claimant), "claim": opened.claim, "target": opened.target,
              "total": total, "true": true, "false": false, "card": [opened.card], "pile": opened.pile,
              "hand": opened.hand, "chance": _percent(opened.chance), "threshold": _percent(threshold),
              "a_claim": rank_with_article(opened.claim),
              "cards": Words("1 card" if opened.hand == 1 else f"{opened.hand} cards", f"{opened.hand}张牌")}
    if challenge_outcome(opened.target, opened.claim, opened.claim).value:  # the claim itself is below the target
        count = Reason.make(RuleId.YS_9, "{who} claimed {claim} below the target {target}, so no card could make the "
                            "claim hold: it loses any challenge",
                            "{who}报{claim}，低于目标点数{target}，是什么牌都不成立：一被质疑就输", **params)
    else:
        were = "none of the {total} cards it could have been was {a_claim}" if not true else \
            "{true} of the {total} cards it could have been were {claim}s" if true > 1 else \
            "1 of the {total} cards it could have been was {a_claim}"
        were_zh = "没有一张是{claim}" if not true else "有{true}张是{claim}"
        count = Reason.make(RuleId.YS_9, "{who} held {a_claim} with a {chance}% chance ({cards} before the play; " + were + ")",
                            "{who}手里有{claim}的机会是{chance}%（出牌前{hand}张牌；按你所见，它可能是的{total}张牌中"
                            + were_zh + "）", **params)
    if choice == "challenge" and opened.last_card:
        odds = Reason.make(RuleId.YS_12, "below {threshold}% for a last card, which wins if it stands, challenging "
                           "was favoured", "最后一张牌放过就让其获胜，机会低于{threshold}%时质疑更有利", **params)
    elif choice == "challenge":
        odds = Reason.make(RuleId.YS_9, "below {threshold}%, challenging was favoured",
                           "机会低于{threshold}%，质疑更有利", **params)
    elif opened.last_card:
        odds = Reason.make(RuleId.YS_9, "even for a last card, at {threshold}% or more letting it stand was favoured "
                           "(a failed challenge takes the whole pile)",
                           "即使是最后一张牌，机会不低于{threshold}%时放过更有利（质疑失败要收走整堆牌）", **params)
    else:
        odds = Reason.make(RuleId.YS_9, "at {threshold}% or more, letting it stand was favoured (a failed challenge "
                           "takes the whole pile)", "机会不低于{threshold}%，放过更有利（质疑失败要收走整堆牌）", **params)
    if challenger == seat:
        end = (Reason.make(RuleId.YS_9, "You challenged; it was {card}: the challenge succeeded and {who} took the "
                           "pile ({pile} cards)", "你质疑了；翻开是{card}：质疑成立，{who}收走整堆牌（{pile}张）", **params)
               if bluff else
               Reason.make(RuleId.YS_9, "You challenged; it was {card}: the challenge failed and you took the pile "
                           "({pile} cards)", "你质疑了；翻开是{card}：质疑失败，你收走整堆牌（{pile}张）", **params))
    else:
        would = (("a challenge would have succeeded", "质疑本会成立") if bluff else
                 ("a challenge would have failed", "质疑本会失败"))
        other = ("", "") if challenger is None else (" ({other} challenged it)", "（{other}质疑了它）")
        end = Reason.make(RuleId.YS_8, "You let it stand; it was {card}" + other[0] + ": " + would[0],
                          "你放过了；那张牌是{card}" + other[1] + "：" + would[1], other=Player(challenger or 0),
                          **params)
    word = _GRADE_WORDS[grade]
    return Reason.make(RuleId.YS_9, word[0] + ": {count}; {odds}. {end}.", word[1] + "：{count}；{odds}。{end}。",
                       n=opened.number, count=count, odds=odds, end=end)


def _about(count: int) -> Reason:
    """What was graded and how (the honest limit of counting cards)."""
    if not count:
        return Reason.make(RuleId.YS_8, "Nothing graded: no face-down card of another player came while you could "
                           "challenge it.", "没有评分：没有出现你可以质疑的别人的暗牌。")
    return Reason.make(RuleId.YS_8, "Graded: each face-down card of another player you could challenge. The count: the "
                       "cards that could have been in that player's hand as far as you could tell (not your cards, the "
                       "cards face up, the cards a challenge turned over, nor those you saw taken by another player); "
                       "from it, the chance that a hand of that player's size held the claimed rank (a player who "
                       "holds it mostly tells the truth). As the hint does, challenging is favoured below {doubt}% "
                       "({last}% for a last card, which wins if it stands); a choice against that by {inaccuracy} "
                       "points of chance or more is an inaccuracy, by {mistake} or more a mistake.",
                       "评分：每张你可以质疑的别人的暗牌。先数牌：按你所见，这张暗牌可能是出牌者手里的哪些牌（不算你的手牌、"
                       "明牌、质疑翻开的牌和你看到别人收走的牌）；再算出牌者那么多张手牌里有报的点数的机会（手里有这个点数的人"
                       "多半照实报）。和提示一样，机会低于{doubt}%时质疑更有利（最后一张牌放过就让其获胜，低于{last}%）；"
                       "选择与此相反、相差{inaccuracy}个百分点以上算欠佳，{mistake}个百分点以上算失误。",
                       doubt=_percent(THRESHOLDS.doubt), last=_percent(THRESHOLDS.last_card_doubt),
                       inaccuracy=_percent(INACCURACY_MARGIN / 100), mistake=_percent(MISTAKE_MARGIN / 100))
