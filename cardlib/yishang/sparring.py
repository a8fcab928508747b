"""The strong 一上一下 sparring bot, and the always-bluff-high script it is measured against.

:class:`SparringBot` plays as :class:`~cardlib.yishang.tutor_bots.TutorBot` face up (YS-6) and
tells the truth face down when it can (YS-7), but:

- **it bluffs by choice when bluffs are cheap** (YS-7): when the others have seldom challenged
  its face-down cards (what it has seen) and the pile is small, it sheds its lowest card claimed
  as the rank it could claim truthfully, and keeps that card for a face-up turn;
- **its forced bluffs vary** (YS-7): a forced bluff claims a rank drawn, by a chance fixed by the
  position (the same game gets the same decisions), over the ranks an honest player of its hand
  size might claim, weighted by how often such a player would; some weight goes to every rank
  up to six above the target, so a high claim is no tell and a claim near the target no proof;
- **it weighs a challenge** (YS-8, YS-9): the chance the claim is true by its count
  (:func:`claim_chance`: an honest player plays the lowest card that reaches the target, so a
  claim far above it is less likely true; the copies it can place elsewhere; how often the
  claimant has been caught bluffing in this game), against what is at stake: the pile the loser
  of the challenge takes, and how near the claimant is to going out (a card that stands leaves
  them one card fewer).  A last card, which wins if it stands, is challenged unless the claim is
  almost sure to be true.

In ``benchmarks/bots.py`` (2,000 games a table size, seats rotating) one sparring bot wins 65.7%,
49.7% and 37.5% of games against 1, 2 and 3 beginner's bots (fair: 50, 33.3, 25), and the
always-bluff-high script wins 28.5%, 1.4% and 0.9% against sparring bots (73.4%, 49.2% and 24.8%
against the beginner's).

It sees only what its seat sees (:func:`~cardlib.yishang.tutor_bots.card_locations`): its hand,
face-up and revealed cards, who took which pile, and the sizes of the other hands.

:class:`BluffHigh` is the testers' script: it bluffs on every face-down turn with its lowest card
(but a last card that can tell the truth), claiming the top rank, at least three above the target
(where the beginner bots never bluff), and lets such claims of others stand.

>>> from cardlib.yishang.state import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], first=0)
>>> play, reason = SparringBot().decide_play(game)
>>> str(play)
'{"play": "H3"}'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ..cards import Card, Rank
from ..errors import CardlibError
from ..explain import Player, Reason, Words
from ..rule_ids import RuleId
from .actions import Play
from .deal import DECK
from .challenge import challenge_outcome
from .events import EventKind
from .pile import Face
from .ranks import ORDER, is_below, strength
from .state import Game
from .tutor_bots import _NUMBER_WORDS, _NUMBER_ZH, COPIES, TutorBot, rank_with_article, _chance_words, _plural, card_locations

#: How far above the target a varied bluff may go (ranks).
BLUFF_REACH = 6
#: The share of a bluff's weight spread evenly over the ranks in reach (the rest follows honest play).
BLUFF_SPREAD = 0.35
#: An honest player's chance of playing a card other than its lowest that reaches the target.
OTHER_HONEST = 0.15
#: The prior of a player bluffing although it could tell the truth (before any reveal).
PRIOR_BLUFF = 0.15
#: A last card is let stand only when the claim is at least this likely true.
LAST_CARD_TRUST = 0.97


def _choose(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _none_of(pool: int, marked: int, size: int) -> float:
    """The chance a hand of ``size`` cards drawn from ``pool`` holds none of ``marked`` of them."""
    total = _choose(pool, size)
    return _choose(pool - marked, size) / total if total else 1.0


@dataclass(frozen=True, slots=True)
class Claim:
    """What a seat can work out about a claim: the chance it is true, the copies it places
    elsewhere, whether an honest player would rather have claimed lower, and what the claimant
    has shown in challenges this game (bluffs caught, truths revealed)."""

    chance: float
    elsewhere: int
    theirs: int
    lower_likely: bool
    caught: int
    revealed: int


def _history(game: Game, claimant: int) -> tuple[int, int, Counter[Rank], int]:
    """What the whole table has seen of the claimant's face-down cards this game: bluffs caught,
    cards turned over, how often it claimed each rank (claims not turned over true), and how many
    of its claims (not turned over) were three or more ranks above the target."""
    caught = revealed = high = 0
    claimed: Counter[Rank] = Counter()
    target = ORDER[0]
    pending: tuple[Rank, Rank] | None = None
    for event in game.log:
        kind = event.kind
        if kind is EventKind.PLAY_UP and event.card is not None:
            target = event.card.rank
        elif kind is EventKind.PLAY_DOWN and event.seat == claimant and event.claim is not None:
            pending = (event.claim, target)
        elif kind is EventKind.STAND and event.claim is not None:
            if pending is not None and event.seat == claimant:
                claimed[pending[0]] += 1
                high += strength(pending[0]) - strength(pending[1]) >= 3
            pending = None
            target = event.claim
        elif kind is EventKind.REVEAL and event.card is not None:
            if event.seat == claimant:
                revealed += 1
                if event.claim is not None and event.card.rank is not event.claim:
                    caught += 1
                    claimed[event.claim] += 1
                pending = None
            if event.claim is not None and not challenge_outcome(target, event.claim, event.card.rank)[0]:
                target = event.claim  # it survived its challenge: it stands (the target a kept table keeps, YS-10)
        elif kind is EventKind.TAKE and game.rules.target_reset:
            target = ORDER[0]
    return caught, revealed, claimed, high


def _base_spread(step: int) -> float:
    """A bluffer's liking for a claim ``step`` ranks above the target, before it has shown its own."""
    return 1.0 if step <= 2 else 0.5 if step <= BLUFF_REACH else 0.25


def claim_chance(game: Game, seat: int, claimant: int, claim: Rank, target: Rank) -> Claim:
    """``seat``'s chance that ``claimant``'s open face-down card is the claimed rank (YS-8, YS-9).

    An honest claimant (YS-7) plays its lowest card that reaches the target (now and then
    another: ``OTHER_HONEST``); a bluffer, who holds nothing that reaches it or bluffs anyway
    (as often as it has been caught, from ``PRIOR_BLUFF``), claims a rank in reach, mostly near
    the target.  The chances of the claimant's hand come from the cards ``seat`` cannot place.
    """
    where = card_locations(game, seat, before_window=True)
    theirs = [c for c, places in where.items() if places == frozenset({claimant})]
    placed = {c for c, places in where.items() if claimant not in places}
    pool = [c for c in DECK if c not in placed and c not in theirs]
    by_rank = Counter(c.rank for c in pool)
    size = max(0, min(len(pool), len(game.hand(claimant)) + 1 - len(theirs)))
    n = len(pool)
    reach = ORDER[strength(target):]
    between = [r for r in reach if strength(r) < strength(claim)]
    theirs_ranks = {c.rank for c in theirs}
    elsewhere = sum(1 for c in DECK if c.rank is claim and c in placed)
    holds_known = claim in theirs_ranks
    lower_known = any(r in theirs_ranks for r in between)
    lower_unknown = sum(by_rank[r] for r in between)
    copies_unknown = by_rank[claim]
    holds = 1.0 if holds_known else 1 - _none_of(n, copies_unknown, size)
    if lower_known:
        lowest = 0.0
    elif holds_known:
        lowest = _none_of(n, lower_unknown, size)
    else:
        lowest = _none_of(n, lower_unknown, size) - _none_of(n, lower_unknown + copies_unknown, size)
    honest = (1 - OTHER_HONEST) * max(0.0, lowest) + OTHER_HONEST * holds / max(1, len(reach))
    any_known = any(r in theirs_ranks for r in reach)
    forced = 0.0 if any_known else _none_of(n, sum(by_rank[r] for r in reach), size)
    caught, revealed, claimed, high = _history(game, claimant)
    bluffs = (PRIOR_BLUFF * 4 + caught + 0.5 * high) / (4 + revealed + high)
    base = {r: _base_spread(strength(r) - strength(target)) for r in reach}
    spread = (base[claim] + 2 * claimed[claim]) / (sum(base.values()) + 2 * sum(claimed[r] for r in reach))
    bluff = (forced + bluffs * (1 - forced)) * spread
    chance = honest / (honest + bluff) if honest + bluff > 0 else 0.0
    if copies_unknown == 0 and not holds_known:
        chance = 0.0
    lower_likely = bool(between) and lowest < 0.5 * holds
    return Claim(chance, elsewhere, len([c for c in theirs if c.rank is claim]), lower_likely, caught, revealed)


def _danger(cards: int) -> float:
    """How near a player with ``cards`` in hand is to going out (the fewer, the nearer)."""
    return 1.0 / (cards + 1)


def weigh_challenge(chance: float, pile: int, left: int, mine: int, nerve: float = 1.0) -> bool:
    """Whether a challenge is worth it (YS-9): a caught bluff sends the ``pile`` to a claimant
    left with ``left`` cards, a true claim sends it to the challenger, who holds ``mine``.  Each
    outcome is weighed by how much it moves that player away from going out, and the gain must
    beat ``nerve`` times the cost.  The fewer cards the claimant has left, the readier it is."""
    gain = _danger(left) - _danger(left + pile)
    cost = _danger(mine) - _danger(mine + pile)
    return (1 - chance) * gain > nerve * chance * cost


@dataclass(frozen=True, slots=True)
class SparringBot(TutorBot):
    """The strong level of 一上一下 (see the module docstring).  ``nerve``: how many times a
    challenge's expected gain must outweigh its expected cost (1: even; 4 keeps it from
    challenging honest claims on thin evidence); ``keep_worth``: the cards a bluff by choice may
    risk (the chance of a challenge, as seen so far, times the pile it would take back)."""

    nerve: float = 4.0
    keep_worth: float = 2.5

    # --- plays (YS-6, YS-7) ---

    def decide_play(self, game: Game) -> tuple[Play, Reason]:
        """Face up and honest face down as the beginner's bot; a forced bluff claims a varied
        plausible rank (YS-7)."""
        seat = game.next_player
        hand = sorted(game.hand(seat), key=lambda card: (strength(card.rank), card.sort_key))
        target = game.target if game.window is None else game.window.claim
        honest = [card for card in hand if not is_below(card.rank, target)]
        if game.next_face is Face.UP:
            return TutorBot.decide_play(self, game)
        if honest:
            cheap = self._cheap_bluff(game, seat, hand, honest[0])
            if cheap is None:
                return TutorBot.decide_play(self, game)
            return cheap
        card = hand[0]
        claim, share, seen = self._varied_claim(game, seat, target)
        return Play(card, claim), Reason.make(
            RuleId.YS_7, "Nothing you hold reaches the target {target}: play your lowest card, {card}, face down and "
                         "claim {claim}. An honest player with {cards} cards would claim {claim} about {share}; you "
                         "spread your bluffs over such ranks, so your claims give nothing away{sight}.",
            "手中没有达到目标{target}的牌：把最小的{card}扣下，报{claim}。有{cards}张牌的老实人报{claim}的机会{share}；"
            "你的虚报分散在这些点数上，别人无从看破{sight}。",
            target=target, card=card, claim=claim, cards=len(hand), share=_share_words(share),
            sight=_seen_words(claim, seen))

    def _cheap_bluff(self, game: Game, seat: int, hand: list[Card], keep: Card) -> tuple[Play, Reason] | None:
        """A bluff by choice (YS-7): when the others have seldom challenged this seat's face-down
        cards (what it has seen) and the pile is small, shed the lowest card, claimed as the rank
        of the card it keeps (the claim it could make truthfully), and keep that card for a
        face-up turn.  None when the truth is the better play."""
        low = hand[0]
        if low is keep or len(hand) <= 3:
            return None
        mine = challenged = 0
        for event in game.log:
            if event.kind is EventKind.PLAY_DOWN and event.seat == seat:
                mine += 1
            elif event.kind is EventKind.CHALLENGE and event.other == seat:
                challenged += 1
        risk = (1 + challenged) / (5 + mine)
        pile = len(game.pile) + 1
        if risk * pile >= self.keep_worth:
            return None
        if not mine:
            so_far = Reason.make(RuleId.YS_8, "You have not played a face-down card yet", "你还没扣过暗牌")
        elif not challenged:
            so_far = Reason.make(RuleId.YS_8, "Nobody has challenged any of your {mine} face-down cards so far",
                                 "你扣过的{mine}张暗牌到目前都没人质疑", mine=mine)
        else:
            so_far = Reason.make(RuleId.YS_8, "The others have challenged {challenged} of your {mine} face-down cards "
                                              "so far", "到目前为止，你的{mine}张暗牌被质疑了{challenged}次",
                                 challenged=challenged, mine=mine)
        return Play(low, keep.rank), Reason.make(
            RuleId.YS_7, "{so_far} and the pile would hold only {pile} cards: a bluff is cheap. Keep {keep} for a face-up "
                         "turn; play your lowest card, {card}, face down and claim {claim}, which you could claim "
                         "truthfully.",
            "{so_far}，牌堆也只有{pile}张：虚报代价小。留着{keep}明出用；把最小的{card}扣下，报{claim}（你本可以如实报这个点数）。",
            so_far=so_far, pile=pile, keep=keep, card=low, claim=keep.rank)

    @staticmethod
    def _varied_claim(game: Game, seat: int, target: Rank) -> tuple[Rank, float, int]:
        """A claim for a bluff, drawn over the ranks in reach by how often an honest player of
        this hand size makes it (as the others can count: the cards they have seen), spread a
        little over every rank in reach; the draw is fixed by the position.  Returns the rank,
        an honest player's chance of claiming it, and the copies of it ``seat`` can see."""
        where = card_locations(game, seat)
        mine = set(game.hand(seat))
        public = {c for c in where if c not in mine}
        pool = [c for c in DECK if c not in public]
        by_rank = Counter(c.rank for c in pool)
        n, size = len(pool), len(mine)
        span = ORDER[strength(target):strength(target) + BLUFF_REACH + 1]
        shares: list[float] = []
        below = 0
        for rank in span:
            copies = by_rank[rank]
            shares.append(_none_of(n, below, size) - _none_of(n, below + copies, size))
            below += copies
        seen = {rank: sum(1 for c in DECK if c.rank is rank and c in where) for rank in span}
        total = sum(shares) or 1.0
        weights = [((1 - BLUFF_SPREAD) * s / total + BLUFF_SPREAD / len(span)) * (COPIES - seen[r]) / COPIES
                   for r, s in zip(span, shares)]
        if not any(weights):
            weights = [1.0] * len(span)
        rng = random.Random(f"yishang-bluff:{seat}:{len(game.log)}:{' '.join(sorted(map(str, mine)))}")
        rank = rng.choices(span, weights)[0]
        return rank, shares[span.index(rank)] / total, seen[rank]

    # --- challenges (YS-8, YS-9) ---

    def decide_challenge(self, game: Game, seat: int) -> tuple[bool, Reason]:
        """Whether ``seat`` challenges the open face-down card: the chance it is true against the
        pile at stake and how near the claimant is to going out."""
        window = game.window
        if window is None or window.seat == seat:
            raise CardlibError("a challenge needs an open face-down card played by another player (YS-8)")
        player, claim, target = Player(window.seat), window.claim, window.target_before
        if is_below(claim, target):
            return TutorBot.decide_challenge(self, game, seat)
        count = claim_chance(game, seat, window.seat, claim, target)
        chance = count.chance
        why = self._why(count, claim, target, player)
        if window.last_card:
            if chance < LAST_CARD_TRUST:
                return True, Reason.make(
                    RuleId.YS_9, "This is {player}'s last card: if it stands, they win. By your count the claim of "
                                 "{claim} is true with a chance of {chance} ({why}): challenge, your only chance to stop them.",
                    "这是{player}的最后一张牌，放过就让其获胜。按你数的牌，报{claim}为真的机会{chance}（{why}）：质疑，这是阻止其获胜的唯一机会。",
                    player=player, claim=claim, chance=_chance_words(chance), why=why)
            return False, Reason.make(
                RuleId.YS_8, "This is {player}'s last card, but by your count the claim of {claim} is true with a chance of {chance} "
                             "({why}): a challenge would only hand them the game; let it stand.",
                "这是{player}的最后一张牌，但按你数的牌，报{claim}为真的机会{chance}（{why}）：质疑只会送其获胜，放过。",
                player=player, claim=claim, chance=_chance_words(chance), why=why)
        pile = len(game.pile)
        left = len(game.hand(window.seat))
        mine = len(game.hand(seat))
        challenge = weigh_challenge(chance, pile, left, mine, self.nerve)
        stakes = Reason.make(
            RuleId.YS_9, "the pile holds {pile}{pile_cards}: a caught bluff sends it to {player}, who would otherwise "
                         "be left with {left}{left_cards}; a true claim sends it to you, who hold {mine}{mine_cards}",
            "牌堆有{pile}张：虚报被揭穿，{player}收走，否则其只剩{left}张；报的是真的，由你收走，你现有{mine}张",
            pile=pile, player=player, left=left, mine=mine, pile_cards=_cards(pile), left_cards=_cards(left),
            mine_cards=_cards(mine))
        if challenge:
            return True, Reason.make(
                RuleId.YS_9, "By your count the claim of {claim} by {player} is true with a chance of {chance} ({why}); {stakes}. "
                             "The chance is worth the risk: challenge.",
                "按你数的牌，{player}报{claim}为真的机会{chance}（{why}）；{stakes}。值得冒险：质疑。",
                player=player, claim=claim, chance=_chance_words(chance), why=why, stakes=stakes)
        return False, Reason.make(
            RuleId.YS_8, "By your count the claim of {claim} by {player} is true with a chance of {chance} ({why}); {stakes}. "
                         "Not worth the risk: let it stand.",
            "按你数的牌，{player}报{claim}为真的机会{chance}（{why}）；{stakes}。不值得冒险：放过。",
            player=player, claim=claim, chance=_chance_words(chance), why=why, stakes=stakes)

    @staticmethod
    def _why(count: Claim, claim: Rank, target: Rank, player: Player) -> Reason:
        """What the chance rests on, in players' words."""
        parts: list[Reason] = []
        if count.theirs:
            parts.append(Reason.make(RuleId.YS_8, "you know {player} holds {a_claim}", "你知道{player}有{claim}",
                                     player=player, a_claim=rank_with_article(claim), claim=claim))
        elif count.elsewhere >= COPIES:
            parts.append(Reason.make(RuleId.YS_9, "you can place all four {claims} elsewhere",
                                     "四张{claim}你都知道在别处", claims=_plural(claim), claim=claim))
        elif count.elsewhere:
            parts.append(Reason.make(RuleId.YS_8, "you can place {known} of the four {claims} elsewhere",
                                     "四张{claim}中你知道{known_zh}张在别处", known=_NUMBER_WORDS[count.elsewhere],
                                     known_zh=_NUMBER_ZH[count.elsewhere], claims=_plural(claim), claim=claim))
        if count.lower_likely and not count.theirs:
            parts.append(Reason.make(RuleId.YS_7, "a player telling the truth would more likely have played a "
                                                  "lower card that reaches {target}",
                                     "说实话的人多半会出一张更小的、达到{target}的牌", target=target))
        if count.revealed == 1:
            parts.append(Reason.make(RuleId.YS_9, "the one card of {player}'s turned over so far was {what}",
                                     "{player}被翻开过的那张暗牌{what_zh}", player=player,
                                     what=Words("a bluff" if count.caught else "true", ""),
                                     what_zh=Words("", "是虚报" if count.caught else "是真的")))
        elif count.revealed:
            parts.append(Reason.make(RuleId.YS_9, "{player} has been caught bluffing {caught} of the {revealed} "
                                                  "times their card was turned over",
                                     "{player}的暗牌被翻开{revealed}次，其中{caught}次是虚报",
                                     player=player, caught=count.caught, revealed=count.revealed))
        if not parts:
            parts.append(Reason.make(RuleId.YS_8, "the claim fits what an honest player could hold",
                                     "这个报法与老实人可能有的牌相符"))
        joined = parts[0]
        for part in parts[1:]:
            joined = Reason.make(RuleId.YS_8, "{a}; {b}", "{a}；{b}", a=joined, b=part)
        return joined


def _share_words(share: float) -> Words:
    """An honest player's share of a claim: ``1 time in 5`` / ``约五分之一``, said as a percentage."""
    percent = round(100 * share)
    if percent < 1:
        return Words("less than 1 time in 100", "不到1%")
    return Words(f"{percent} times in 100", f"约为{percent}%")


def _cards(count: int) -> Words:
    """`` card`` / `` cards`` after a number in English (the Chinese template says 张 itself)."""
    return Words(" card" if count == 1 else " cards", "")


def _seen_words(claim: Rank, seen: int) -> Reason:
    """``; you can see one of the four 9s`` (nothing when none is seen)."""
    if not seen:
        return Reason.make(RuleId.YS_7, "", "")
    return Reason.make(RuleId.YS_7, "; you can see {seen} of the four {claims}", "；四张{claim}你见过{seen}张",
                       seen=seen, claims=_plural(claim), claim=claim)


@dataclass(frozen=True, slots=True)
class BluffHigh(TutorBot):
    """The testers' script: on every face-down turn its lowest card, claimed as the highest rank
    (2, or the highest of which a copy is out of its sight, at least three ranks above the target),
    but for a last card that reaches the target, played truthfully (a last bluff is challenged);
    it lets a claim that high stand (the beginner bots never bluff so high) and otherwise
    challenges as the beginner's bot."""

    def decide_play(self, game: Game) -> tuple[Play, Reason]:
        """Face up as the beginner's bot; face down, a high bluff (YS-7), the last card true when it can be."""
        seat = game.next_player
        hand = sorted(game.hand(seat), key=lambda card: (strength(card.rank), card.sort_key))
        target = game.target if game.window is None else game.window.claim
        if game.next_face is Face.UP or (len(hand) == 1 and not is_below(hand[0].rank, target)):
            return TutorBot.decide_play(self, game)
        where = card_locations(game, seat)
        start = min(strength(target) + 3, len(ORDER) - 1)
        out = [r for r in ORDER[start:] if any(c.rank is r and c not in where for c in DECK)]
        claim = (out or [ORDER[-1]])[-1]
        return Play(hand[0], claim), Reason.make(RuleId.YS_7, "Bluff high: {card} claimed as {claim}.",
                                                 "往高处虚报：{card}报{claim}。", card=hand[0], claim=claim)

    def decide_challenge(self, game: Game, seat: int) -> tuple[bool, Reason]:
        """Claims three or more ranks above the target stand; others as the beginner's bot (YS-8)."""
        window = game.window
        if window is not None and window.seat != seat and not window.last_card \
                and strength(window.claim) - strength(window.target_before) >= 3:
            return False, Reason.make(RuleId.YS_8, "A claim that high is never a beginner's bluff: let it stand.",
                                      "新手不会报这么高：放过。")
        return TutorBot.decide_challenge(self, game, seat)


def win_shares(seats: Sequence[TutorBot], games: int, seed: int) -> list[float]:
    """Each seat's share of wins over ``games`` games (seats rotating so each bot sits everywhere)."""
    from .tutor_bots import play_mixed_game
    players = len(seats)
    wins = [0] * players
    for i in range(games):
        shift = i % players
        order = [seats[(k - shift) % players] for k in range(players)]
        winner = play_mixed_game(order, seed + i).winner
        if winner is not None:
            wins[(winner - shift) % players] += 1
    return [w / games for w in wins]


__all__ = ["BLUFF_REACH", "BluffHigh", "Claim", "SparringBot", "claim_chance", "weigh_challenge", "win_shares"]
