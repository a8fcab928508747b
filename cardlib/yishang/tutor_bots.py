"""A 一上一下 bot that claims plausibly, challenges by counting the cards it has seen, and says why.

:class:`~cardlib.yishang.bots.Bot` plays by fixed rates and gives no reasons; :class:`TutorBot`
plays as a careful beginner and explains every decision in English and Chinese, for a tutor's
hint and a game review:

- **face up** (YS-6): the lowest card that reaches the target, else the lowest card (and draw);
- **face down** (YS-7): the truth when it can (the lowest card at or above the target, claimed as
  itself: a true claim at or above the target survives any challenge); otherwise it gets rid of
  its lowest card and claims the rank from the target up (at most two steps) of which the most
  copies are out of its sight;
- **challenges** (YS-8, YS-9): it counts the copies of the claimed rank it knows are *not* in the
  claimant's hand (in its own hand, face up in the pile, revealed in a challenge and taken by
  someone else).  It challenges a claim below the target (it loses even if true), a claim all
  four copies of which are accounted for, and a claim the claimant is unlikely to hold
  (chance below ``doubt``; below ``last_card_doubt`` for a last card, which wins if it stands).
  A failed challenge takes the whole pile, so ``doubt`` is low: against :class:`Bot` at its
  default rates, 0.1 wins about 74% of 3-player games and 0.4 under 30% (fair: 33%).

It sees only what its seat sees: face-down cards stay unknown unless revealed, and cards drawn by
others are unknown.  It makes no random choice: the same game gets the same decisions.

>>> from cardlib.yishang.state import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], first=0)
>>> play, reason = TutorBot().decide_play(game)
>>> str(play), reason.en
('{"play": "H3"}', 'Play ♥3 face up: the lowest card you hold that reaches the target 3, so you draw nothing.')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ..cards import Card, Rank
from ..errors import CardlibError
from ..explain import Player, Reason, Words
from ..rule_ids import RuleId
from ..words import rank_word
from .actions import Action, Challenge, Pass, Play
from .bots import Bot
from .deal import DECK
from .events import EventKind
from .pile import Face
from .ranks import ORDER, is_below, strength
from .rules import YISHANG, Ruleset
from .state import Game

#: Where a known card may be: a seat, or the central pile.
PILE = -1
#: Copies of each rank in the 52-card deck (YS-1).
COPIES = 4


def card_locations(game: Game, seat: int, before_window: bool = False) -> dict[Card, frozenset[int]]:
    """What ``seat`` knows of where cards are: each known card with the places it may be in
    (seats, or :data:`PILE`), from the game's log as that seat saw it.

    Face-up cards and revealed cards are seen by all; a seat's own cards by itself.  A player
    who plays face down may have played any card it was known to hold; a taken pile goes to its
    taker.  ``before_window``: as it stood before the face-down card of the open window was
    played (what the claimant held then).
    """
    where: dict[Card, frozenset[int]] = {}
    pile = frozenset({PILE})
    log = game.log
    if before_window and game.window is not None:
        last = max(i for i, event in enumerate(log) if event.kind is EventKind.PLAY_DOWN)
        log = log[:last]
    for event in log:
        kind, card = event.kind, event.card
        if kind is EventKind.PLAY_UP and card is not None:
            where[card] = pile
        elif kind is EventKind.PLAY_DOWN and event.seat is not None:
            if event.seat == seat and card is not None:
                where[card] = pile
            else:
                player = event.seat
                where.update({c: places | pile for c, places in where.items() if player in places})
        elif kind is EventKind.REVEAL and card is not None:
            where[card] = pile
        elif kind is EventKind.TAKE and event.seat is not None:
            taker = frozenset({event.seat})
            where.update({c: (places - pile) | taker for c, places in where.items() if PILE in places})
        elif kind is EventKind.DRAW and event.seat == seat and card is not None:
            where[card] = frozenset({seat})
    mine = set(game.hand(seat))
    for card in list(where):
        if card not in mine and seat in where[card]:
            rest = where[card] - {seat}
            if rest:
                where[card] = rest
            else:
                del where[card]
    where.update({card: frozenset({seat}) for card in mine})
    return where


@dataclass(frozen=True, slots=True)
class Count:
    """What a seat can count about a claimed rank: the copies known not to be in the claimant's
    hand, the copies known to be there, and the chance the claimant held one."""

    elsewhere: tuple[Card, ...]
    theirs: tuple[Card, ...]
    chance: float


def count_claim(game: Game, seat: int, claimant: int, claim: Rank) -> Count:
    """``seat``'s count of ``claim`` against ``claimant``, whose face-down card is on the pile.

    The chance is that of a hand of the claimant's size (before the card) drawn from the cards
    ``seat`` cannot place elsewhere holding at least one copy (1 if one is known to be there).
    """
    where = card_locations(game, seat, before_window=True)
    copies = [c for c in DECK if c.rank is claim]
    elsewhere = tuple(c for c in copies if c in where and claimant not in where[c])
    theirs = tuple(c for c in copies if where.get(c) == frozenset({claimant}))
    if theirs:
        return Count(elsewhere, theirs, 1.0)
    known_theirs = sum(1 for places in where.values() if places == frozenset({claimant}))
    placed = sum(1 for places in where.values() if claimant not in places)
    pool = len(DECK) - placed - known_theirs
    size = len(game.hand(claimant)) + 1 - known_theirs
    unknown = COPIES - len(elsewhere)
    if unknown <= 0 or size <= 0 or pool <= 0:
        return Count(elsewhere, theirs, 0.0)
    size = min(size, pool)
    chance = 1 - comb(pool - unknown, size) / comb(pool, size) if pool - unknown >= size else 1.0
    return Count(elsewhere, theirs, chance)


@dataclass(frozen=True, slots=True)
class TutorBot:
    """``doubt``: challenge when the claimant holds the claimed rank with less than this chance;
    ``last_card_doubt``: the same for a last card (which wins if it stands)."""

    doubt: float = 0.1
    last_card_doubt: float = 0.8

    def __post_init__(self) -> None:
        for name in ("doubt", "last_card_doubt"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise CardlibError(f"tutor bot {name} must be a probability from 0 to 1, not {value!r}")

    # --- plays (YS-6, YS-7) ---

    def decide_play(self, game: Game) -> tuple[Play, Reason]:
        """The next player's card (and claim on a face-down turn), and why."""
        seat = game.next_player
        hand = sorted(game.hand(seat), key=lambda card: (strength(card.rank), card.sort_key))
        target = game.target if game.window is None else game.window.claim
        honest = [card for card in hand if not is_below(card.rank, target)]
        if game.next_face is Face.UP:
            if honest:
                return Play(honest[0]), Reason.make(
                    RuleId.YS_6, "Play {card} face up: the lowest card you hold that reaches the target {target}, "
                                 "so you draw nothing.",
                    "明牌打出{card}：手中达到目标{target}的最小一张，不用摸牌。", card=honest[0], target=target)
            if game.draw_pile:
                return Play(hand[0]), Reason.make(
                    RuleId.YS_6, "Nothing you hold reaches the target {target}: play your lowest card, {card}, face up "
                                 "and draw one.",
                    "手中没有达到目标{target}的牌：明牌打出最小的{card}，摸一张牌。", card=hand[0], target=target)
            return Play(hand[0]), Reason.make(
                RuleId.YS_6, "Nothing you hold reaches the target {target}: play your lowest card, {card}, face up; "
                             "the draw pile is empty, so it costs you nothing.",
                "手中没有达到目标{target}的牌：明牌打出最小的{card}；摸牌堆已空，不用摸牌。", card=hand[0], target=target)
        if honest:
            card = honest[0]
            return Play(card, card.rank), Reason.make(
                RuleId.YS_7, "Tell the truth: play {card} face down and claim {rank}; a true claim at or above the "
                             "target {target} survives any challenge.",
                "说实话：扣下{card}，报{rank}；不低于目标{target}的真话不怕质疑。",
                card=card, rank=card.rank, target=target)
        card = hand[0]
        claim, out = self._plausible_claim(game, seat, target)
        return Play(card, claim), Reason.make(
            RuleId.YS_7, "Nothing you hold reaches the target {target}: play your lowest card, {card}, face down and "
                         "claim {claim}; {sight}",
            "手中没有达到目标{target}的牌：把最小的{card}扣下，报{claim}；{sight}",
            target=target, card=card, claim=claim, sight=_sight_words(claim, COPIES - out))

    @staticmethod
    def _plausible_claim(game: Game, seat: int, target: Rank) -> tuple[Rank, int]:
        """The rank from the target up (at most two steps) with the most copies out of sight."""
        where = card_locations(game, seat)
        start = strength(target)
        choices = ORDER[start:start + 3]

        def out_of_sight(rank: Rank) -> int:
            return sum(1 for c in DECK if c.rank is rank and c not in where)

        best = max(choices, key=lambda rank: (out_of_sight(rank), -strength(rank)))
        return best, out_of_sight(best)

    # --- challenges (YS-8, YS-9) ---

    def decide_challenge(self, game: Game, seat: int) -> tuple[bool, Reason]:
        """Whether ``seat`` challenges the open face-down card, and why."""
        window = game.window
        if window is None or window.seat == seat:
            raise CardlibError("a challenge needs an open face-down card played by another player (YS-8)")
        player, claim, target = Player(window.seat), window.claim, window.target_before
        if is_below(claim, target):
            return True, Reason.make(
                RuleId.YS_9, "The claim of {claim} by {player} is below the target {target}: even a true claim loses "
                             "a challenge, so challenge.",
                "{player}报{claim}，低于目标{target}：即使是真的，质疑也成立，质疑。",
                player=player, claim=claim, target=target)
        count = count_claim(game, seat, window.seat, claim)
        seen = list(count.elsewhere)
        if count.theirs:
            return False, Reason.make(
                RuleId.YS_8, "You know {player} holds {cards} ({came} to them with a pile): the claim of {claim} "
                             "may well be true, so let it stand.",
                "你知道{player}手里有{cards}（收牌时拿到的）：报{claim}很可能是真的，放过。",
                player=player, cards=list(count.theirs), claim=claim,
                came=Words("it came" if len(count.theirs) == 1 else "they came", ""))
        if len(seen) >= COPIES:
            return True, Reason.make(
                RuleId.YS_9, "All four {claim}s are accounted for ({seen}), none in {player}'s hand: the claim cannot "
                             "be true, so challenge.",
                "四张{claim}都已知去向（{seen}），都不在{player}手里：这个报法不可能是真的，质疑。",
                claim=claim, claims=_plural(claim), seen=seen, player=player)
        if window.last_card and count.chance < self.last_card_doubt:
            return True, Reason.make(
                RuleId.YS_9, "This is {player}'s last card: if it stands, they win. By your count the chance that "
                             "they hold {a_claim} is {chance}, so challenge.",
                "这是{player}的最后一张牌，放过就让其获胜。按你数的牌，{player}有{claim}的机会{chance}，质疑。",
                player=player, claim=claim, a_claim=rank_with_article(claim), chance=_chance_words(count.chance))
        if count.chance < self.doubt:
            return True, Reason.make(
                RuleId.YS_9, "By your count {known}{seen}: the chance that they hold one is {chance}, so challenge.",
                "按你数的牌，{known}{seen}：其有{claim}的机会{chance}，质疑。",
                known=_known_words(claim, len(seen), player), claim=claim, seen=_seen_words(seen),
                chance=_chance_words(count.chance, low=True))
        return False, Reason.make(
            RuleId.YS_8, "The claim of {claim} by {player} is plausible: {known}, and the chance that they hold one "
                         "is {chance}. Let it stand.",
            "{player}报{claim}说得通：{known}，其有{claim}的机会{chance}，放过。",
            player=player, claim=claim, known=_known_words(claim, len(seen), Words("their", "其")),
            chance=_chance_words(count.chance))

    # --- the table ---

    def next_action(self, game: Game, rng: random.Random | None = None) -> Action:
        """What happens next when every seat is this bot (the interface of :meth:`Bot.next_action`)."""
        return table_action(game, [self] * game.players, rng or random.Random(0))


_NUMBER_WORDS = ("none", "one", "two", "three")
_NUMBER_ZH = ("零", "一", "两", "三")


def _plural(rank: Rank) -> Words:
    """A rank's plural as players say it: ``8s``, ``Ks``, ``aces`` / ``8``, ``K``, ``A``."""
    word = rank_word(rank)
    return Words("aces" if rank is Rank.ACE else f"{word}s", word)


def rank_with_article(rank: Rank) -> Words:
    """A rank with its article: ``a K``, ``an 8``, ``an A`` (``K``, ``8``, ``A`` in Chinese)."""
    word = rank_word(rank)
    return Words(f"{'an' if rank in (Rank.EIGHT, Rank.ACE) else 'a'} {word}", word)


def _sight_words(claim: Rank, seen: int) -> Reason:
    """Why a bluffed claim of ``claim`` is the best open, by how many of its copies the player has seen."""
    claims = _plural(claim)
    if seen == 0:
        return Reason.make(RuleId.YS_7, "you can see none of the four {claims}, so the claim is plausible.",
                           "四张{claim}你一张也没见过，这样报可信。", claims=claims, claim=claim)
    if seen == 1:
        return Reason.make(RuleId.YS_7, "you can see only one of the four {claims}, so the claim is plausible.",
                           "四张{claim}你只见过一张，这样报可信。", claims=claims, claim=claim)
    if seen == 2:
        return Reason.make(RuleId.YS_7, "you can see two of the four {claims}, so the other two may be in other hands, "
                                        "and no rank you may claim is less seen.",
                           "四张{claim}你见过两张，另外两张可能在别人手里，可报的点数里也没有见得更少的。",
                           claims=claims, claim=claim)
    if seen == 3:
        return Reason.make(RuleId.YS_7, "you can see three of the four {claims}, so at most one can be in another hand: "
                                        "a risk, but no rank you may claim is less seen.",
                           "四张{claim}你见过三张，别人手里最多还有一张：有风险，但可报的点数里没有见得更少的。",
                           claims=claims, claim=claim)
    return Reason.make(RuleId.YS_7, "you can see all four {claims}, so the claim cannot be true and a player who has "
                                    "counted them will catch it; but no rank you may claim is less seen.",
                       "四张{claim}你都见过，这个报法不可能是真的，数过牌的人会识破；但可报的点数里没有见得更少的。",
                       claims=claims, claim=claim)


def _known_words(claim: Rank, known: int, player: Player | Words) -> Reason:
    """How many copies of ``claim`` the player can place outside ``player``'s hand (0 to 3);
    ``player`` may be ``their`` / ``其``."""
    whose = player if isinstance(player, Words) else Reason.make(RuleId.YS_8, "{player}'s", "{player}", player=player)
    if known == 0:
        return Reason.make(RuleId.YS_8, "you can place none of the four {claims} outside {whose} hand",
                           "四张{claim}没有一张你能确定不在{whose}手里", claims=_plural(claim), claim=claim, whose=whose)
    return Reason.make(RuleId.YS_8, "you can place {known} of the four {claims} outside {whose} hand",
                       "四张{claim}中有{known_zh}张你知道不在{whose}手里", known=_NUMBER_WORDS[known],
                       known_zh=_NUMBER_ZH[known], claims=_plural(claim), claim=claim, whose=whose)


def _chance_words(chance: float, low: bool = False) -> Words:
    """A chance as players say it: ``about 40 in 100`` / ``约为40%``; ``low``: ``only about 5 in 100``."""
    percent = round(100 * chance)
    if percent < 1:
        return Words("less than 1 in 100", "不到1%")
    if percent > 99:
        return Words("more than 99 in 100", "超过99%")
    if low:
        return Words(f"only about {percent} in 100", f"只有约{percent}%")
    return Words(f"about {percent} in 100", f"约为{percent}%")


def _seen_words(seen: list[Card]) -> Reason:
    """`` (♠8, ♥8)`` after a count, or nothing."""
    if not seen:
        return Reason.make(RuleId.YS_9, "", "")
    return Reason.make(RuleId.YS_9, " ({seen})", "（{seen}）", seen=seen)


Controller = TutorBot | Bot


def table_action(game: Game, seats: Sequence[Controller], rng: random.Random) -> Action:
    """The next action at a table where each seat is a :class:`TutorBot` or a :class:`Bot`.

    On an open window every other seat decides whether to challenge (a Bot by its rate); if
    some do, they challenge at once (YS-14 picks one); if none does, a last card's window is
    passed (YS-12), otherwise the next player plays, which lets the card stand (YS-11).
    """
    window = game.window
    if window is not None:
        challengers = []
        for seat in range(game.players):
            if seat == window.seat:
                continue
            bot = seats[seat]
            if isinstance(bot, TutorBot):
                challenge = bot.decide_challenge(game, seat)[0]
            else:
                challenge = rng.random() < bot.challenge_rate
            if challenge:
                challengers.append(seat)
        if challengers:
            return Challenge(tuple(challengers))
        if window.last_card:
            return Pass()
    bot = seats[game.next_player]
    if isinstance(bot, TutorBot):
        return bot.decide_play(game)[0]
    return bot.choose_play(game, rng)


@dataclass(frozen=True, slots=True)
class MixedResult:
    """One game between mixed bots: the winner (None if none within the limit) and its length."""

    winner: int | None
    actions: int


def play_mixed_game(seats: Sequence[Controller], seed: int, rules: Ruleset = YISHANG,
                    max_actions: int = 5000) -> MixedResult:
    """A game dealt by ``Game.new(len(seats), seed)`` between the given bots; every action goes
    through the game's own checks (an illegal one raises)."""
    game = Game.new(len(seats), seed, rules)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over and actions < max_actions:
        game.apply(table_action(game, seats, rng))
        actions += 1
    return MixedResult(game.winner, actions)


__all__ = ["COPIES", "PILE", "Controller", "Count", "MixedResult", "TutorBot", "card_locations", "count_claim",
           "play_mixed_game", "table_action"]
