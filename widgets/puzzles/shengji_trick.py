"""Trick puzzles: who wins this trick, is this a pair / tractor / neither, which card is highest.

Rules: SJ-10, C-1, C-5 (trick winner), SJ-6, SG-4 / SS-4 (shapes), SJ-4, SJ-5 (trump order).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from cardlib.cards import DECK_WITH_JOKERS, Card, Rank, Suit
from cardlib.explain import Reason, Seat, Words
from cardlib.rule_ids import RuleId
from cardlib.words import card_text, cards_text
from cardlib.shengji.combos import (Shape, classify, explain_shape, other_guide_differs_note, pairs_no_tractor,
                                    plain_level_cards, shape_in_suit)
from cardlib.shengji.follow import legal_follows
from cardlib.shengji.rules import Ruleset, get_ruleset
from cardlib.shengji.trick import EQUAL_PLAYS_NOTE, TrickResult, deciding_trump_fact, find_trick_winner, higher_trump_fact
from cardlib.shengji.trump import EffectiveSuit, TrumpContext, explain_order, group_by_strength

from .position import (cards_block, context_facts, explain, facts, random_level, random_trump, seat_label,
                       text, wrong_choice)
from .shengji_follow import FollowLevel, deal_hand, pick_lead
from .spec import SHENGJI_RULESETS, Difficulty, SpecBuilder

#: Per difficulty: lead sizes, follower hand sizes, the chance a follower is void in the led suit.
TRICK_LEVELS = {
    "easy": (FollowLevel((5, 6), (0,), (1, 3), 0.2, 0.1, 0.0), 0.15),
    "normal": (FollowLevel((6, 7), (1,), (0, 3), 0.4, 0.2, 0.1), 0.35),
    "hard": (FollowLevel((7, 8), (1, 2), (0, 4), 0.6, 0.25, 0.2), 0.5),
}


def _context(case_ctx: TrumpContext) -> dict[str, str]:
    return {"level": str(case_ctx.level), "trump": case_ctx.trump.value if case_ctx.trump else "none"}


def _follow(rng: random.Random, ctx: TrumpContext, lead: list[Card], used: dict[Card, int],
            level_of: FollowLevel, void_chance: float) -> list[Card] | None:
    """One follower's play: a legal follow (SJ-9) from a random hand; a void hand trumps when it can.
    ``None`` when no hand fits the cards still unused (the caller draws another trick)."""
    led = ctx.effective_suit(lead[0])
    void = led is not EffectiveSuit.TRUMP and rng.random() < void_chance
    rules = get_ruleset("shengji")
    for _attempt in range(50):
        size = rng.randint(*level_of.hand_sizes)
        if void:  # no card of the led suit; trumps instead, often in pairs, so it may trump the lead
            trumps = FollowLevel(level_of.hand_sizes, level_of.lead_pairs, (len(lead), len(lead) + 3),
                                 0.8, 0.0, 0.0)
            hand = deal_hand(rng, ctx, lead, EffectiveSuit.TRUMP, size, trumps, avoid=led)
        else:
            hand = deal_hand(rng, ctx, lead, led, size, level_of)
        if hand is None or any(used[c] + hand.count(c) > 2 for c in set(hand)):
            continue
        # a follow legal under both documents, so the trick shown could be played under either (SG-5 / SS-5)
        also = {tuple(sorted(map(str, p))) for p in legal_follows(ctx, get_ruleset("shuangsheng"), lead, hand)}
        plays = [p for p in legal_follows(ctx, rules, lead, hand) if tuple(sorted(map(str, p))) in also]
        if not plays:
            continue
        shape = classify(ctx, rules, lead)
        trumping = [p for p in plays if all(ctx.is_trump(c) for c in p)
                    and classify(ctx, rules, p) == shape and led is not EffectiveSuit.TRUMP]
        play = rng.choice(trumping if trumping and rng.random() < 0.7 else plays)
        for card in play:
            used[card] += 1
        return play
    return None


def make_trick(rng: random.Random, difficulty: Difficulty, lead_pairs: int | None = None
               ) -> tuple[TrumpContext, list[list[Card]]]:
    """A trick of four legal plays (SJ-9), the lead first, each sorted for display; ``lead_pairs``
    (0 a single, 1 a pair, 2 or more a tractor) fixes the lead's shape, else the difficulty draws it."""
    level_of, void_chance = TRICK_LEVELS[difficulty]
    if lead_pairs is not None:
        level_of = dataclasses.replace(level_of, lead_pairs=(lead_pairs,))
    while True:
        ctx = TrumpContext(random_level(rng), random_trump(rng, level_of.no_trump_chance))
        suits: dict[EffectiveSuit, list[Card]] = {}
        for card in DECK_WITH_JOKERS:
            suits.setdefault(ctx.effective_suit(card), []).append(card)
        led = EffectiveSuit.TRUMP if rng.random() < level_of.trump_lead_chance else rng.choice(
            [s for s in suits if s is not EffectiveSuit.TRUMP])
        lead = pick_lead(rng, ctx, suits[led], rng.choice(level_of.lead_pairs))
        if lead is None:
            continue
        used = {card: 0 for card in DECK_WITH_JOKERS}
        for card in lead:
            used[card] += 1
        plays: list[list[Card] | None] = [lead]
        while len(plays) < 4 and plays[-1] is not None:
            plays.append(_follow(rng, ctx, lead, used, level_of, void_chance))
        if all(p is not None for p in plays):
            return ctx, [sorted(p, key=ctx.order_key) for p in plays if p is not None]


def make_trick_winner(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Who wins this trick? Four plays, the lead first, judged by the engine (SJ-10, C-1, C-5)."""
    rng = random.Random(f"trick_winner:{seed}")
    ctx, plays = make_trick(rng, difficulty)
    lead = plays[0]
    led = ctx.effective_suit(lead[0])
    leader = rng.randrange(4)
    seats = [(leader + i) % 4 for i in range(4)]
    rules = {r.id: get_ruleset(r.preset, r.variant) for r in SHENGJI_RULESETS}
    results = {rid: find_trick_winner(ctx, rs, plays, leader=leader) for rid, rs in rules.items()}
    builder = SpecBuilder("trick_winner", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for index, (seat, play) in enumerate(zip(seats, plays)):
        label = seat_label(seat)
        builder.add_answer(str(index), {"en": f"{label['en']}: {cards_text(play)}",
                                        "zh": f"{label['zh']}：{cards_text(play, 'zh')}"},
                           {rid: (res.winner == index, res.reason if res.winner == index else
                                  wrong_winner(ctx, rules[rid], plays, seats, index, res))
                            for rid, res in results.items()})
    trumped = sum(1 for p in plays[1:] if all(ctx.is_trump(c) for c in p) and led is not EffectiveSuit.TRUMP)
    display = [facts(*context_facts(ctx.level, ctx.trump)),
               {"type": "plays", "label": text("The trick, in playing order", "本轮出牌（按顺序）"),
                "plays": [{"label": text(f"{seat_label(s)['en']}{' (lead)' if i == 0 else ''}",
                                         f"{seat_label(s)['zh']}{'（首家）' if i == 0 else ''}"),
                           "cards": [str(c) for c in p]} for i, (s, p) in enumerate(zip(seats, plays))]}]
    return builder.build(
        position={**_context(ctx), "leader": leader, "plays": [[str(c) for c in p] for p in plays]},
        input_type="choice", question=text("Who wins this trick?", "这一轮谁赢？"),
        features={"lead_cards": len(lead), "trumping_plays": trumped,
                  "followers_off_suit": sum(1 for p in plays[1:] if any(ctx.effective_suit(c) is not led for c in p))},
        extra={"display": display})


def suit_words(suit: EffectiveSuit) -> Words:
    """An effective suit in words: hearts / 红桃, trumps / 主牌."""
    return Words(suit.en, suit.zh)


def why_not_winning(ctx: TrumpContext, rules: Ruleset, plays: list[list[Card]], seats: list[int], index: int,
             winner: int) -> Reason:
    """Why play ``index`` does not win the trick, in game terms (SJ-10, C-1, C-5)."""
    lead, play, best = plays[0], plays[index], plays[winner]
    seat, top = Seat(seats[index]), Seat(seats[winner])
    led_suit = ctx.effective_suit(lead[0])
    if index == 0:  # the winner's reason says what beats the lead: name the leader only
        return Reason.make(RuleId.SJ_10, "{seat}'s lead does not win", "{seat}首出的牌没有赢",
                           seat=seat)
    shape = classify(ctx, rules, lead)
    led = suit_words(ctx.effective_suit(lead[0]))
    if find_trick_winner(ctx, rules, [lead, play]).winner == 1:  # it beats the lead, but not the winner
        if index > winner and find_trick_winner(ctx, rules, [lead, play, best]).winner == 1:
            if all(ctx.is_trump(c) for c in play) and led_suit is not EffectiveSuit.TRUMP:
                return Reason.make(RuleId.SJ_10, "{seat}'s {play} is only as high as {top}'s {best}, and to "
                                                 "over-trump a play must be strictly higher",
                                   "{seat}的{play}与{top}的{best}一样大，盖毙须更大", seat=seat, play=play, top=top,
                                   best=best)
            return Reason.make(RuleId.C_1, "{seat}'s {play} is as high as {top}'s {best}, and of equal plays "
                                           "the one played first wins",
                               "{seat}的{play}与{top}的{best}一样大，一样大时先出者胜",
                               seat=seat, play=play, top=top, best=best).with_notes(EQUAL_PLAYS_NOTE)
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} beats the lead {lead} but is not the highest play",
                           "{seat}的{play}管住了首家的{lead}，但还不是最大的", seat=seat, play=play, lead=lead)  # the
        # winner's reason, which follows, names the higher play
    if all(ctx.effective_suit(c) is ctx.effective_suit(lead[0]) for c in play):
        if classify(ctx, rules, play) != shape:
            return Reason.make(RuleId.SJ_10, "{seat}'s {play} follows {suit} but is not {shape}",
                               "{seat}的{play}跟了{suit}，但不是首家那样的{shape}，不能赢",
                               seat=seat, play=play, suit=led, shape=shape)
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} follows {suit} but is not higher than the lead {lead}",
                           "{seat}的{play}跟了{suit}，但不比首家的{lead}大", seat=seat, play=play, suit=led, lead=lead)
    if all(ctx.is_trump(c) for c in play):
        if (gapped := pairs_apart(ctx, rules, shape, play, seat)) is not None:
            return gapped
        rule = RuleId.C_5 if shape.kind == "pair" else RuleId.SJ_10
        return Reason.make(rule, "{seat}'s {play} is all trumps but not {shape}, so it cannot win",
                           "{seat}的{play}虽是主牌，但不是首家那样的{shape}，毙不了首家，只算垫牌",
                           seat=seat, play=play, shape=shape)
    trumps = sum(1 for c in play if ctx.is_trump(c))  # the words branch on how many are trumps
    if ctx.effective_suit(lead[0]) is EffectiveSuit.TRUMP:
        if trumps:  # some trumps follow the trump lead, but the play is not of its shape
            return Reason.make(RuleId.SJ_10, "{seat}'s {play} is not all trumps, so it is not {shape} like the lead "
                                             "and cannot win", "{seat}的{play}不全是主牌，不是首家那样的{shape}，不能赢",
                               seat=seat, play=play, shape=shape)
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} holds no trump: it is a discard, which cannot win",
                           "{seat}的{play}" + ("不是" if len(play) == 1 else "都不是") + "主牌：是垫牌，不能赢",
                           seat=seat, play=play)
    if len(play) == 1:
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} is a discard, neither {suit} nor a trump",
                           "{seat}的{play}不是{suit}，也不是主牌：是垫牌，不能赢", seat=seat, play=play, suit=led)
    followed = sum(1 for c in play if ctx.effective_suit(c) is led_suit)
    levels = plain_level_cards(ctx, play)
    if not followed and levels and trumps < len(play):  # a level card looks like its suit: say it is a trump
        plain = [c for c in play if not ctx.is_trump(c)]
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} is a discard: {levels} " + ("is a level card, a trump"
                           if len(levels) == 1 else "are level cards, trumps") + ", but {plain} " +
                           ("is not" if len(plain) == 1 else "are not"),
                           "{seat}的{play}是垫牌：{levels}是级牌，算主牌，{plain}却不是，不能赢",
                           seat=seat, play=play, levels=levels, plain=plain)
    if not followed and not trumps:
        return Reason.make(RuleId.SJ_10, "{seat}'s {play} is a discard, neither {suit} nor trumps",
                           "{seat}的{play}没有{suit}，也没有主牌：是垫牌，不能赢", seat=seat, play=play, suit=led)
    return Reason.make(RuleId.SJ_10, "{seat}'s {play} is a discard, {of_suit} and {of_trumps}",
                       "{seat}的{play}{of_suit}，也{of_trumps}：是垫牌，不能赢", seat=seat, play=play,
                       of_suit=_share(followed, led), of_trumps=_share(trumps, Words("trumps", "主牌")))


def _share(count: int, what: Words) -> Words:
    """How much of a play of several cards is ``what`` (the led suit, trumps) when not all of it is (SJ-10):
    some ("not all spades" / "不全是黑桃") or none ("no trumps" / "没有主牌")."""
    if count:
        return Words(f"not all {what.en}", f"不全是{what.zh}")
    return Words(f"no {what.en}", f"没有{what.zh}")


def pairs_apart(ctx: TrumpContext, rules: Ruleset, shape: Shape, play: list[Card], seat: Seat) -> Reason | None:
    """Trump pairs played on a tractor lead that are no tractor themselves, with the gap that keeps them apart:
    "South's ♣9 ♣9 ♣7 ♣7 is two pairs of trumps but no tractor: ♣8 sits between …, so it cannot trump the lead"
    (SJ-10, SG-4 / SS-4); None for any other play."""
    pairs = [c for c in dict.fromkeys(play) if play.count(c) == 2]
    if shape.kind != "tractor" or len(pairs) * 2 != len(play) or len(pairs) < 2 \
            or classify(ctx, rules, play).kind == "tractor":
        return None
    return Reason.make(RuleId.SJ_10, "{seat}'s {play} is {apart}, so it cannot trump the lead",
                       "{seat}的{play}是{apart}，毙不了首家", seat=seat, play=sorted(play, key=ctx.order_key),
                       apart=pairs_no_tractor(ctx, rules, pairs, Words("trumps", "主牌")))


def wrong_winner(ctx: TrumpContext, rules: Ruleset, plays: list[list[Card]], seats: list[int], index: int,
                 result: TrickResult) -> Reason:
    """A wrong trick-winner answer: first the likely mistake (why the chosen play does not win: a level
    card that makes another play a trump, a play that is not of the lead's shape, a discard), then the
    engine's reason, which names the winning seat and the cards that decide."""
    winner = result.winner
    lead, best = plays[0], plays[winner]
    led = ctx.effective_suit(lead[0])
    levels = [c for c in dict.fromkeys(best) if not c.is_joker and c.rank is ctx.level and c.suit is not ctx.trump
              and led is not EffectiveSuit.TRUMP and c.suit is not None]
    trumping = [p for p in plays[1:] if led is not EffectiveSuit.TRUMP and all(ctx.is_trump(c) for c in p)]
    if levels and len(trumping) == 1:  # the winner's level card looks like a plain card: the likely mistake
        shape = classify(ctx, rules, lead)
        plain = EffectiveSuit(levels[0].suit.value if levels[0].suit else "T")  # the suit it looks like
        how = Words("a trump", "主牌") if shape.kind == "single" else shape_in_suit(shape, EffectiveSuit.TRUMP)
        return Reason.make(RuleId.SJ_10, "{level} is a level card, so it counts as a trump, not as {suit}: {top}'s "
                                         "{best} is {how} and beats the lead {lead}, so {top} wins, not {seat}.",
                           "{level}是级牌，算主牌，不算{suit}：{top}的{best}是{how}，毙了首家的{lead}，所以赢的是{top}，"
                           "不是{seat}。", level=levels[0], suit=suit_words(plain), top=Seat(seats[winner]), best=best,
                           how=how, lead=lead, seat=Seat(seats[index])).with_notes(*result.reason.all_notes())
    gapped = pairs_apart(ctx, rules, classify(ctx, rules, lead), plays[index], Seat(seats[index])) \
        if all(ctx.is_trump(c) for c in plays[index]) else None
    if gapped is not None and winner == 0:  # the gap decides; the lead's own reason would repeat "not a tractor"
        return Reason.make(RuleId.SJ_10, "{problem}. {leader}'s lead {lead} wins: nobody beats it.",
                           "{problem}。{leader}首出的{lead}赢：没有人管得住。", problem=gapped, leader=Seat(seats[0]),
                           lead=lead).with_notes(*result.reason.all_notes())
    if gapped is None and any(value == Seat(seats[index]) for _name, value in result.reason.params):  # the engine's
        return result.reason  # reason says already why that seat's play fails (a failed over-trump, trumps of another shape)
    return explain(result.reason, "{problem}. {why}", "{problem}。{why}",
                   problem=why_not_winning(ctx, rules, plays, seats, index, winner))


SHAPE_ANSWERS = (("pair", text("A pair", "对子")), ("tractor2", text("A tractor of 2 pairs", "两连对")),
                 ("tractor3", text("A tractor of 3 pairs", "三连对")), ("none", text("Neither", "都不是")))


def _shape_key(shape: Shape) -> str:
    """The answer key of a shape: ``pair``, ``tractor2``, ``tractor3``; anything else is neither."""
    if shape.kind == "tractor":
        return f"tractor{shape.pairs}"
    return "pair" if shape.kind == "pair" else "none"


def shape_reason(ctx: TrumpContext, rules: Ruleset, cards: list[Card]) -> tuple[Shape, Reason]:
    """The shape of ``cards`` and why: the engine's :func:`classify` and :func:`explain_shape`
    (SJ-6, SG-4 / SS-4, SG-E3)."""
    return classify(ctx, rules, cards), explain_shape(ctx, rules, cards)


#: A shape as a sentence names it, by answer key ("it is …" / "这…").
_SHAPE_WORDS = {"pair": Words("a pair", "是对子"), "tractor2": Words("a tractor of 2 pairs", "是两连对"),
                "tractor3": Words("a tractor of 3 pairs", "是三连对"),
                "none": Words("neither a pair nor a tractor", "既不是对子也不是拖拉机")}


def _near_level_pairs(rng: random.Random, ctx: TrumpContext, pairs: int) -> list[Card]:
    """Pairs around the level rank and the jokers, where SG-4 and SS-4 disagree."""
    level, trump = ctx.level, ctx.trump
    suit = trump if trump is not None and rng.random() < 0.6 else rng.choice(list(Suit))
    ranks = [r for r in Rank if not r.is_joker]
    at = ranks.index(level)
    window = [r for r in ranks[max(0, at - pairs): at + pairs + 1]]
    start = rng.randrange(max(1, len(window) - pairs + 1))
    chosen = [Card(suit, r) if not r.is_joker else None for r in window[start:start + pairs]]
    cards = [c for c in chosen if c is not None]
    if rng.random() < 0.3:
        cards[-1] = rng.choice([Card(None, Rank.LITTLE_JOKER), Card(suit, level)])
    return [c for c in cards for _ in range(2)]


def _plain_pairs(rng: random.Random, ctx: TrumpContext, pairs: int) -> list[Card]:
    """Pairs of one effective suit, adjacent about half the time."""
    suit_cards = sorted({c for c in DECK_WITH_JOKERS if ctx.effective_suit(c) is ctx.effective_suit(
        rng.choice(DECK_WITH_JOKERS))}, key=ctx.order_key)
    start = rng.randrange(max(1, len(suit_cards) - pairs))
    if rng.random() < 0.5:
        picked = suit_cards[start:start + pairs]
    else:
        picked = rng.sample(suit_cards, min(pairs, len(suit_cards)))
    cards = [c for c in picked for _ in range(2)]
    if rng.random() < 0.2:
        cards[-1] = rng.choice(suit_cards)
    return cards


def make_shape(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Is this a pair, a tractor, or neither? (SJ-6; SG-4 / SS-4 where the documents differ.)"""
    rng = random.Random(f"shape:{seed}")
    ctx = TrumpContext(random_level(rng), random_trump(rng, 0.2 if difficulty == "hard" else 0.0))
    # The right answer's class is chosen first (pair, tractor, neither), under one document's rules in
    # turn, and positions drawn until the engine's shape is of that class: no answer dominates.
    wanted = ("pair", "tractor", "none")[(seed // 3) % 3]
    judge = get_ruleset(SHENGJI_RULESETS[(seed // 9) % 2].preset)
    for _attempt in range(300):
        pairs = {"easy": rng.choice((1, 2)), "normal": rng.choice((1, 2)) if wanted == "pair" else 2,
                 "hard": rng.choice((2, 3)) if wanted != "pair" else rng.choice((1, 2))}[difficulty]
        near = difficulty != "easy" and rng.random() < (0.5 if difficulty == "normal" else 0.8)
        cards = _near_level_pairs(rng, ctx, pairs) if near else _plain_pairs(rng, ctx, pairs)
        if max(Counter(cards).values()) > 2:  # two decks: at most two copies of a card (SJ-1)
            continue
        if _shape_key(classify(ctx, judge, cards)).rstrip("23") == wanted:
            break
    cards = sorted(cards, key=ctx.order_key)
    shown = [str(c) for c in cards]
    results = {r.id: shape_reason(ctx, get_ruleset(r.preset, r.variant), cards) for r in SHENGJI_RULESETS}
    keys = {rid: _shape_key(shape) for rid, (shape, _reason) in results.items()}
    if len(set(keys.values())) > 1:  # SG-4 / SS-4 grade it differently: each verdict says how the other guide does
        by_id = {r.id: r for r in SHENGJI_RULESETS}
        results = {rid: (shape, reason.with_notes(other_guide_differs_note(get_ruleset(by_id[rid].preset),
                                                                           _SHAPE_WORDS[keys[other]])))
                   for (rid, (shape, reason)), other in zip(results.items(), reversed(list(results)))}
    builder = SpecBuilder("shape", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    for key, label in SHAPE_ANSWERS:
        verdicts = {}
        for rid, (shape, reason) in results.items():
            right = _shape_key(shape)
            verdicts[rid] = (right == key, reason if right == key else wrong_choice(reason, label))
        builder.add_answer(key, label, verdicts)
    return builder.build(
        position={**_context(ctx), "cards": shown}, input_type="choice",
        question=text("Is this a pair, a tractor, or neither?", "这是对子、拖拉机，还是都不是？"),
        features={"cards": len(cards), "near_level": near, "trumps": sum(ctx.is_trump(c) for c in cards)},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump)),
                           cards_block(text("Cards", "牌"), shown)]})


def _highest_cards(rng: random.Random, ctx: TrumpContext, difficulty: Difficulty) -> list[Card]:
    """Distinct trumps to rank (SJ-4, SJ-5: the order compares cards of one suit, here all trumps),
    harder by what they hold:

    easy: cards of the trump suit and one level card of another suit (it beats the trump suit's ace);
    normal: cards of the trump suit, a level card of another suit, and the trump suit's level card or
    the little joker;
    hard: level cards of several suits (the trump suit's above the others, the others equal), the
    little joker at most, never the big joker (it would end the search at once), and high trumps;
    a quarter have no trump suit, where only the level cards and the jokers are trumps.
    """
    plain_suits = [s for s in Suit if s is not ctx.trump]
    suit_trumps = ([Card(ctx.trump, r) for r in Rank if not r.is_joker and r is not ctx.level]
                   if ctx.trump is not None else [])
    off_level = [Card(s, ctx.level) for s in plain_suits]
    little = Card(None, Rank.LITTLE_JOKER)
    if difficulty == "easy":
        return rng.sample(suit_trumps, 3) + [rng.choice(off_level)]
    if difficulty == "normal":
        top = Card(ctx.trump, ctx.level) if rng.random() < 0.5 else little
        return rng.sample(suit_trumps, 3) + [rng.choice(off_level), top]
    cards = rng.sample(off_level, rng.choice((2, 3)) if ctx.trump is not None else len(off_level))
    if ctx.trump is not None and rng.random() < 0.5:
        cards.append(Card(ctx.trump, ctx.level))
    if ctx.trump is None or rng.random() < 0.4:  # with no trump suit, the level cards alone would all tie
        cards.append(little)
    high = sorted(suit_trumps, key=lambda c: -int(c.rank))[:5]
    cards += rng.sample(high, min(len(high), max(0, 6 - len(cards))))
    return cards


def make_highest(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Which card is highest? Easy: one trump among plain high cards; hard: level cards of several
    suits and the little joker, never the big joker (SJ-4, SJ-5)."""
    rng = random.Random(f"highest:{seed}")
    ctx = TrumpContext(random_level(rng), random_trump(rng, 0.25 if difficulty == "hard" else 0.0))
    pool = _highest_cards(rng, ctx, difficulty)
    count = len(pool)
    cards = sorted(rng.sample(pool, count), key=lambda c: c.sort_key)
    shown = [str(c) for c in cards]
    groups = group_by_strength(ctx, cards)  # the trump order is the same under both presets (SJ-5)
    order = explain_order(ctx, cards)
    builder = SpecBuilder("highest", seed=seed, difficulty=difficulty, rulesets=SHENGJI_RULESETS)
    deciding = deciding_trump_fact(ctx, groups[0][0], groups[1][0], highest=True) if len(groups) > 1 else None
    right = explain(order, "{fact}. {why}", "{fact}。{why}", fact=deciding) if deciding else order  # what decides, first
    for card in cards:
        top = card in groups[0]
        reason = right if top else explain(order, "Not {given}: {higher}. {why}", "不是{given}：{higher}。{why}",
                                           given=card, higher=higher_trump_fact(ctx, groups[0][0], card))
        builder.add_answer(str(card), {"en": card_text(card), "zh": card_text(card, "zh")},
                           {r.id: (top, reason) for r in SHENGJI_RULESETS})
    return builder.build(
        position={**_context(ctx), "cards": shown}, input_type="choice",
        question=text("Which card is highest?", "哪张牌最大？"),
        features={"cards": count, "trumps": sum(ctx.is_trump(c) for c in cards),
                  "level_cards": sum(1 for c in cards if c.rank is ctx.level), "no_trump": ctx.trump is None,
                  "big_joker": any(c.rank is Rank.BIG_JOKER for c in cards),
                  "suits_shown": len({c.suit for c in cards if not c.is_joker}),
                  "tied_top": len(groups[0])},
        extra={"display": [facts(*context_facts(ctx.level, ctx.trump)),
                           cards_block(text("Cards", "牌"), shown)]})

