"""Calling puzzles: whose call stands, and what is trump?

Rules: SG-1 / SS-1 (calls and overcalls), SG-3 / SS-3 (a joker pair), SG-9 / SS-9, SS-E3 (first dealer),
SG-2 / SS-2 (nobody calls: the kitty is turned).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from collections.abc import Sequence
from typing import Any

from cardlib.cards import BIG_JOKER, DECK_WITH_JOKERS, LITTLE_JOKER, Card, Rank, Suit
from cardlib.explain import Reason, Seat, Words
from cardlib.shengji.calling import (CallingResult, call_words, first_hand_dealer, no_call_first_dealer,
                                     resolve_calls)
from cardlib.rule_ids import RuleId
from cardlib.shengji.rules import JokerCallTrump, Ruleset, get_ruleset

from .position import explain, random_level, seat_label, text, trump_label, words, wrong_parts
from .spec import SHENGJI_RULESETS, Difficulty, PuzzleError, RulesetChoice, SpecBuilder

#: The two documents, plus SS-3 read literally: after a joker pair the called suit stays trump.
CALLING_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("ss-previous-suit", "shuangsheng", "双升 guide, a joker pair keeps the suit (SS-3 read literally)",
                  "《双升》：王对反主后原花色仍为主（SS-3 字面）", {"joker_call_trump": "previous_suit"}),
)

#: Per difficulty: how many calls, and the chances of a level pair and of a joker pair.
CALL_LEVELS = {"easy": ((1, 2), 0.3, 0.0), "normal": ((2, 3), 0.4, 0.2), "hard": ((3, 4), 0.4, 0.4)}


def _random_calls(rng: random.Random, level: Rank, difficulty: Difficulty) -> list[tuple[int, list[Card]]]:
    counts, pair_chance, joker_chance = CALL_LEVELS[difficulty]
    shown: dict[int, Counter[Card]] = {}
    calls: list[tuple[int, list[Card]]] = []
    wanted = rng.randint(*counts)
    while len(calls) < wanted:
        seat = rng.randrange(4)
        roll = rng.random()
        if calls and roll < joker_chance:
            cards = [rng.choice((BIG_JOKER, LITTLE_JOKER))] * 2
        elif roll < joker_chance + pair_chance:
            cards = [Card(rng.choice(list(Suit)), level)] * 2
        else:
            cards = [Card(rng.choice(list(Suit)), level)]
        mine = shown.setdefault(seat, Counter())
        if any(mine[card] >= cards.count(card) for card in set(cards)):
            continue  # a seat shows a card again only to add its second copy (a single, then the pair)
        held = {card: max(mine[card], cards.count(card)) for card in set(cards)}
        others: Counter[Card] = Counter()
        for other, seen in shown.items():
            if other != seat:
                others.update(seen)
        if any(others[card] + n > 2 for card, n in held.items()):
            continue  # two decks: at most two copies of a card among the players (SJ-1)
        mine.update({card: n - mine[card] for card, n in held.items()})
        calls.append((seat, cards))
    return calls


def _key(seat: int | None, trump: Suit | None) -> str:
    return f"{seat}:{trump.value if trump else 'none'}"


def _trump_words(trump: Suit | None) -> Any:
    """The trump an answer names, after "Not": a suit, or no-trump (无主)."""
    if trump is None:
        return words(text("no-trump (无主)", "无主"))
    return words(trump_label(trump))


def _overrides(result: CallingResult, calls: Sequence[tuple[int, Sequence[Card]]]) -> list[int]:
    """The accepted calls that set a call (the first, and every overcall; a reinforcing single sets none)."""
    setting: list[int] = []
    for i, ok in enumerate(result.accepted):
        if ok and (not setting or len(calls[i][1]) == 2):
            setting.append(i)
    return setting


def _deciding_call(result: CallingResult, rules: Ruleset, calls: Sequence[tuple[int, Sequence[Card]]],
                   trump: Suit | None, seat: int | None = None) -> int | None:
    """The call whose engine reason decides a wrong answer, if one does: the refusal of the call the answer
    rests on (``seat``'s own when another's call stands, the one that showed the trump chosen if one did; else
    the last refused call that would have set the trump chosen; a joker pair only where it leaves no trump suit,
    SG-3 / SS-3) where the call that refused it still stands, or, for ``seat``'s own, was overridden later; or
    else the overcall that overrode the call the answer rests on (SG-1 / SS-1)."""
    refused = [i for i, ok in enumerate(result.accepted) if not ok]
    setting = _overrides(result, calls)
    caller = result.state.caller
    mine = [i for i, (who, _cards) in enumerate(calls) if who == seat]
    if mine and caller != seat:  # of the seat's calls, the one that showed the trump chosen, if one did
        mine = [i for i in mine if _suit_of(calls[i][1]) == trump] or mine
        rests_on = [i for i in refused if i in mine] or [i for i in setting if i in mine] or mine
        if result.accepted[rests_on[-1]] and rests_on[-1] not in setting:
            return rests_on[-1]  # a reinforcing single (SG-1): it confirmed another's call, it set none
    else:
        no_trump = rules.joker_call_trump is JokerCallTrump.NO_TRUMP
        shows = [i for i in range(len(calls))
                 if _suit_of(calls[i][1]) == trump and (no_trump or not calls[i][1][0].is_joker)]
        rests_on = [i for i in refused if i in shows] or [i for i in setting if i in shows]
    if not rests_on or not setting:
        return None
    at = rests_on[-1]
    before = [j for j in setting if j < at]
    if not result.accepted[at] and before and (before[-1] == setting[-1] or calls[at][0] == seat):
        return at  # refused by the call that stands; or the seat's own, refused by one a later overcall replaced
    after = setting[setting.index(at) + 1:] if at in setting else []
    return after[0] if after else None  # the overcall of that very call (call_first adds any later one)


def _right_trump(result: CallingResult, rule: RuleId, whose: bool) -> Words | Reason:
    """The trump the standing call sets, briefly: "♣ clubs are trump", "no trump suit (无主)" (``whose``: after
    the caller's name) or "it is no-trump (无主)", or, under the keep-the-suit variant, the suit that stays."""
    right_trump, kind = result.trump, result.state.kind
    if right_trump is None:
        return Words("it is no-trump (无主)" if not whose else "no trump suit (无主)", "无主")
    if kind is not None and kind.is_joker_pair:  # the keep-the-suit variant: why the suit is trump (SG-3 / SS-3)
        return Reason.make(rule, "the suit called before, {suit}, stays trump", "之前的主花色{suit}仍为主", suit=right_trump)
    return Reason.make(rule, "{suit} are trump", "{suit}为主", suit=right_trump)


def _outcome(result: CallingResult, rule: RuleId, whose: bool) -> Words | Reason:
    """What stands, briefly, after the call that decides an answer: "West's call stands: ♣ clubs are trump",
    or (``whose`` false, where the question is only what is trump) "clubs are trump"."""
    caller = result.state.caller
    if caller is None:
        return Words("no call stands", "没有有效的亮主")
    right = _right_trump(result, rule, whose)
    if not whose:
        return right
    return Reason.make(rule, "{caller}'s call stands: {right}", "{caller}的亮主有效：{right}", caller=Seat(caller),
                       right=right)


def call_first(result: CallingResult, calls: Sequence[tuple[int, Sequence[Card]]], index: int,
               whose: bool = True) -> Reason:
    """The engine's reason for call ``index`` (its seat and cards, and the rule that refuses it or the call
    it overrides), then what stands, unless that call says it (the last overcall): a refusal always ends
    by naming the trump, and where the call that refused it was overridden later, by the overcall that
    did it; the refused calls as notes (SG-1 / SS-1, SG-3 / SS-3)."""
    why = result.reasons[index]
    stands = result.trump_reason or result.reason
    notes = [n for n in result.reason.notes if n != why and not _repeats(n, why)]
    last = result.accepted[index] and index == max(i for i, ok in enumerate(result.accepted) if ok)
    if last:
        return why.with_notes(*stands.notes, *notes)  # the call says what stands
    setting = _overrides(result, calls)
    if result.state.kind is not None and len(setting) > 1 and setting[-1] > index:  # overridden after the refusal
        (caller, cards), overridden = calls[setting[-1]], calls[setting[-2]][0]
        whose_call = Words("their own call", "自己的亮主") if overridden == caller else \
            Reason.make(why.rule, "{seat}'s call", "{seat}的亮主", seat=Seat(overridden))
        # a refused call: what decides the trump first (the later overcall), then why the answer's call never
        # stood; a call that stood a while: in the order they came
        en, zh = ("{caller}'s {call}, shown later, overrode {whose_call}: {right}. {why}",
                  "{caller}后亮的{call}反掉了{whose_call}：{right}。{why}") if not result.accepted[index] else \
            ("{why} Then {caller}'s {call} overrode {whose_call}: {right}.",
             "{why}后来{caller}亮{call}，反掉了{whose_call}：{right}。")
        return Reason.make(why.rule, en, zh, why=why, caller=Seat(caller),
                           call=call_words(result.state.kind, cards, article=""), whose_call=whose_call,
                           right=_right_trump(result, stands.rule, True)).with_notes(*stands.notes, *notes)
    return Reason.make(why.rule, "{why} So {outcome}.", "{why}所以{outcome}。", why=why,
                       outcome=_outcome(result, stands.rule, whose)).with_notes(*stands.notes, *notes)


def _repeats(note: Reason, refusal: Reason) -> bool:
    """Whether ``note``, another refused call, says what ``refusal`` says already: the same standing call
    refused it for the same reason (SG-1 / SS-1), so the reader would read the reason twice."""
    said, main = dict(note.params), dict(refusal.params)
    return "why" in said and all(said.get(name) == main.get(name) for name in ("why", "standing", "whose"))


def _call_reason(result: CallingResult, rules: Ruleset, calls: Sequence[tuple[int, Sequence[Card]]], seat: int,
                 trump: Suit | None) -> Reason:
    """The engine's reason why trump is what it is (the question is not who deals: a first hand's dealer is
    left out), the refused calls behind it as notes; for a wrong answer, first the deciding fact: the
    engine's reason the call the answer rests on was refused (the seat's, or the one that showed the trump
    chosen, named by its seat and cards), or that a later call overrode the seat's (SG-2 / SS-2, SG-3 / SS-3)."""
    caller, right_trump = result.state.caller, result.trump
    stands = result.trump_reason or result.reason
    if (caller, right_trump) == (seat, trump):
        return stands.with_notes(*result.reason.notes)
    index = _deciding_call(result, rules, calls, trump, seat)
    if index is not None:
        return call_first(result, calls, index)
    why = stands.with_notes(*result.reason.notes)
    mine = any(who == seat for who, _cards in calls)
    if mine and caller != seat:
        return explain(why, "{seat}'s call was overridden later. {why}", "{seat}的亮主后来被反掉了。{why}", seat=Seat(seat))
    if caller == seat:
        return explain(why, "Not {given}. {why}", ("主不是{given}。" if trump is not None else "不是{given}。") + "{why}",
                       given=_trump_words(trump))  # "主不是黑桃", but "不是无主" (no-trump is no suit of trumps)
    if caller is None:
        return explain(why, "{seat} made no call, and no call stands: {why}", "{seat}没有亮主，也没有有效的亮主：{why}",
                       seat=Seat(seat))
    return explain(why, "{seat} made no call. {why}", "{seat}没有亮主。{why}", seat=Seat(seat))


def _suit_of(cards: Sequence[Card]) -> Suit | None:
    """The trump suit a call shows: its level cards' suit; none for jokers (SG-1 / SS-1)."""
    return None if cards[0].is_joker else cards[0].suit



def make_calling(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """Calls shown in order during the deal: whose call stands and what is trump (SG-1 / SS-1, SG-3 / SS-3)."""
    rng = random.Random(f"calling:{seed}")
    level = random_level(rng)
    calls = _random_calls(rng, level, difficulty)
    first_hand = difficulty == "hard" and rng.random() < 0.5
    rules = {r.id: get_ruleset(r.preset, r.variant) for r in CALLING_RULESETS}
    results = {rid: resolve_calls(rules[rid], level, calls, first_hand) for rid in rules}
    options: dict[str, tuple[int, Suit | None]] = {}
    for seat, cards in calls:
        trump = None if cards[0].is_joker else cards[0].suit
        options.setdefault(_key(seat, trump), (seat, trump))
    for result in results.values():
        caller = result.state.caller
        if caller is None:  # the first call of _random_calls is a level card: some call always stands
            raise PuzzleError(f"no call stands after {calls!r}")
        options.setdefault(_key(caller, result.trump), (caller, result.trump))
    builder = SpecBuilder("calling", seed=seed, difficulty=difficulty, rulesets=CALLING_RULESETS)
    for key, (seat, trump) in sorted(options.items()):
        seat_text, trump_text = seat_label(seat), trump_label(trump)
        builder.add_answer(key, {"en": f"{seat_text['en']}'s call; trump: {trump_text['en']}",
                                 "zh": f"{seat_text['zh']}的亮主；主：{trump_text['zh']}"},
                           {rid: ((res.state.caller, res.trump) == (seat, trump),
                                  _call_reason(res, rules[rid], calls, seat, trump)) for rid, res in results.items()})
    plays = [{"label": seat_label(seat), "cards": [str(c) for c in cards]} for seat, cards in calls]
    return builder.build(
        position={"level": str(level), "first_hand": first_hand,
                  "calls": [{"seat": seat, "cards": " ".join(map(str, cards))} for seat, cards in calls]},
        input_type="choice",
        question=text("Whose call stands at the end of the deal, and what is trump?",
                      "发牌结束时谁的亮主有效？主是什么？"),
        features={"calls": len(calls), "joker_pairs": sum(1 for _, c in calls if c[0].is_joker),
                  "level_pairs": sum(1 for _, c in calls if len(c) == 2 and not c[0].is_joker),
                  "first_hand": first_hand},
        extra={"display": [
            {"type": "facts", "items": [
                {"label": text("Level", "级牌"), "value": text(str(level), str(level))},
                {"label": text("Hand", "本局"), "value": text("the first hand" if first_hand else "a later hand",
                                                            "首局" if first_hand else "非首局")}]},
            {"type": "plays", "label": text("Calls, in the order shown", "亮主顺序"), "plays": plays}]})


#: The two documents, plus SG-9 read as "seats were drawn before the deal": seat 0 deals.
FIRST_DEALER_RULESETS: tuple[RulesetChoice, ...] = SHENGJI_RULESETS + (
    RulesetChoice("seat-zero", "shengji", "四人升级 guide, the dealer drawn before the deal (SG-9's other reading)",
                  "《四人升级》：发牌前抽定庄家（SG-9 的另一种理解）", {"first_dealer": "seat_zero"}),
)


def _first_hand_position(rng: random.Random, level: Rank, difficulty: Difficulty, jokers: bool
                         ) -> tuple[list[tuple[int, list[Card]]], list[Card] | None]:
    """Calls for the first hand, with a joker pair among them or not (``jokers``: chosen first, as
    a joker pair makes the hand no-trump, SG-3 / SS-3, and would otherwise be the answer most of the
    time), or (some hard ones) no call at all and the kitty to turn (SG-2)."""
    if difficulty == "hard" and rng.random() < 0.35:
        deck = [c for c in DECK_WITH_JOKERS for _ in range(2)]
        rng.shuffle(deck)
        return [], deck[:8]
    while True:
        calls = _random_calls(rng, level, "hard" if difficulty != "easy" else "normal")
        if any(c[0].is_joker for _s, c in calls) != jokers:
            continue
        if difficulty == "easy" or any(len(c) == 2 and not c[0].is_joker for _s, c in calls):
            return calls, None
        if rng.random() < 0.5:
            return calls, None


def _trump_part(result: CallingResult, rules: Ruleset, calls: Sequence[tuple[int, Sequence[Card]]],
                trump: str) -> Reason:
    """Why trump is not the one chosen in a first hand: the refused call that showed it, if one did, and the
    rule that refused it; else why the standing call sets the trump it does (SG-1 / SS-1, SG-3 / SS-3)."""
    index = _deciding_call(result, rules, calls, None if trump == "none" else Suit(trump))
    if index is not None:
        return call_first(result, calls, index, whose=False)
    return (result.trump_reason or result.reason).with_notes(*result.reason.notes)


def make_first_dealer(seed: int, difficulty: Difficulty) -> dict[str, Any]:
    """The first hand: who deals, and what is trump? (SG-9 / SS-9, SS-E3; SG-2 / SS-2 when nobody calls)"""
    rng = random.Random(f"first_dealer:{seed}")
    level = random_level(rng)
    calls, kitty = _first_hand_position(rng, level, difficulty, jokers=(seed // 3) % 3 == 0)
    outcomes, rules_of = {}, {}
    for choice in FIRST_DEALER_RULESETS:
        rules = rules_of[choice.id] = get_ruleset(choice.preset, choice.variant)
        result = resolve_calls(rules, level, calls, True, kitty)
        if result.dealer is None:  # a first hand has a dealer: a caller, seat 0, or the kitty turned (no redeal here)
            raise PuzzleError(f"no first dealer under {choice.id} after {calls!r}")
        _dealer, dealer_reason = first_hand_dealer(rules, result.state)
        if dealer_reason is None and not calls:  # nobody called: the seat the deal began at deals (SS-9)
            dealer_reason = no_call_first_dealer(result.dealer)
        outcomes[choice.id] = (result, result.dealer, dealer_reason or result.reason)
    builder = SpecBuilder("first_dealer", seed=seed, difficulty=difficulty, rulesets=FIRST_DEALER_RULESETS)
    trumps = [*(s.value for s in Suit), "none"]
    for seat, trump in product(range(4), trumps):
        verdicts: dict[str, tuple[bool, Reason | list[Reason]]] = {}
        for rid, (result, dealer, dealer_reason) in outcomes.items():
            real_trump = result.trump.value if result.trump else "none"
            wrong = wrong_parts([dealer_reason] * (seat != dealer)  # SG-9 / SS-9 / SS-E3: who deals the first hand
                                # SG-1 / SS-1, SG-3 / SS-3, SG-2 / SS-2: what is trump (the dealer said above)
                                + [_trump_part(result, rules_of[rid], calls, trump)] * (trump != real_trump))
            if wrong:
                verdicts[rid] = (False, wrong)
            elif dealer_reason is result.reason or dealer_reason.en in result.reason.en:
                verdicts[rid] = (True, result.reason)  # the outcome names the dealer too
            else:
                verdicts[rid] = (True, Reason.make(result.reason.rule, "{dealer} {trump}", "{dealer}{trump}",
                                                   dealer=dealer_reason, trump=result.reason))
        builder.add_answer(f"{seat}|{trump}", None, verdicts)
    fields = [{"name": "dealer", "label": text("Deals the first hand", "首局庄家"),
               "options": [{"value": str(s), "label": seat_label(s)} for s in range(4)]},
              {"name": "trump", "label": text("Trump", "主"),
               "options": [{"value": v, "label": trump_label(None if v == "none" else Suit(v))} for v in trumps]}]
    display: list[dict[str, Any]] = [{"type": "facts", "items": [
        {"label": text("Level", "级牌"), "value": text(str(level), str(level))},
        {"label": text("Hand", "本局"), "value": text(f"the first hand; the deal began at {seat_label(0)['en']}",
                                                    f"首局，从{seat_label(0)['zh']}开始发牌")}]}]
    if calls:
        display.append({"type": "plays", "label": text("Calls, in the order shown", "亮主顺序"),
                        "plays": [{"label": seat_label(s), "cards": [str(c) for c in cs]} for s, cs in calls]})
    else:
        display += [{"type": "text", "text": text("Nobody called during the deal.", "发牌过程中无人亮主。")},
                    {"type": "cards", "label": text("The kitty, in order from the top", "底牌（从上往下）"),
                     "cards": [str(c) for c in kitty or []]}]
    return builder.build(
        position={"level": str(level), "calls": [{"seat": s, "cards": " ".join(map(str, cs))} for s, cs in calls],
                  "kitty": [str(c) for c in kitty] if kitty else None},
        input_type="fields", question=text("Who deals the first hand, and what is trump?", "首局谁坐庄？主是什么？"),
        features={"calls": len(calls), "nobody_called": not calls,
                  "level_pairs": sum(1 for _, c in calls if len(c) == 2 and not c[0].is_joker)},
        extra={"display": display, "fields": fields})
