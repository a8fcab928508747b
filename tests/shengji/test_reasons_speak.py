"""Every reason of the playing modules speaks player language, and a wrong answer says
what would be right.

Over many seeded random positions of both presets (``get_ruleset("shengji")``, the 四人升级 guide;
``get_ruleset("shuangsheng")``, the 双升 guide): the reasons of ``check_follow``, ``check_lead`` /
``explain_lead``, ``find_trick_winner``, ``explain_shape`` (the shape of ``classify``),
``resolve_throw``, ``explain_trumps`` and ``explain_order`` hold no card codes, play or seat
indices or internal names (``tests.reader_text.leaks``), in English and in Chinese; an illegal
follow's reason names a whole legal follow; a lead that may not be led names a lead that may;
two pairs that make no tractor are told what sits between them or why they never join.

Rules: SJ-4, SJ-5, SJ-6, SJ-8, SJ-9, SJ-10, SG-4 / SS-4, SG-5 / SS-5, SG-E3, C-1, C-3, C-4, C-5
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlib.cards import DECK_WITH_JOKERS, PLAIN_RANKS, Card, Suit
from cardlib.explain import Cards, Reason, Seat
from cardlib.rule_ids import RuleId
from cardlib.shengji.combos import classify, explain_shape, find_tractors
from cardlib.shengji.follow import check_follow, follow_duty, is_legal_follow, legal_follows
from cardlib.shengji.leads import check_lead, explain_lead, legal_leads
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.throws import resolve_throw
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import TrumpContext, explain_order, explain_trumps
from cardlib.words import seat_name
from tests.reader_text import leaks

PRESETS = ["shengji", "shuangsheng"]
POSITIONS = 120
TWO_DECKS = list(DECK_WITH_JOKERS) * 2


def assert_speaks(reason: Reason, where: object = "") -> None:
    """The reason's English and Chinese hold no engine notation and no unfilled placeholder."""
    for lang in ("en", "zh"):
        text = reason.render(lang)
        found = leaks(text)
        assert not found, f"{where} {reason.rule.value} ({lang}): {text!r} leaks {found}"
        assert "{" not in text and "}" not in text, f"{where}: {text!r}"
    assert str(reason).startswith(f"{reason.rule.value}: ")


def card_groups(reason: Reason) -> list[list[Card]]:
    """Every list of cards the reason names, nested reasons included."""
    groups: list[list[Card]] = []
    for _name, value in reason.params:
        if isinstance(value, Reason):
            groups += card_groups(value)
        elif isinstance(value, Cards):
            groups.append(list(value.cards))
    return groups


def random_context(rng: random.Random) -> TrumpContext:
    return TrumpContext(rng.choice(PLAIN_RANKS), rng.choice([None, *Suit]))


def some_cards(rng: random.Random, count: int, exclude: Counter | None = None) -> list[Card]:
    """``count`` cards drawn from a few ranks and suits (so pairs and tractors are common)."""
    start = rng.randrange(len(PLAIN_RANKS) - 4)
    ranks = set(PLAIN_RANKS[start:start + rng.randint(3, 6)])
    suits = set(rng.sample(list(Suit), rng.randint(1, 2)))
    pool = Counter(c for c in TWO_DECKS if c.is_joker or (c.rank in ranks and c.suit in suits)) - (exclude or Counter())
    pool += Counter(rng.sample(TWO_DECKS, 6)) - (exclude or Counter())
    pool = Counter({c: min(n, 2 - (exclude or Counter())[c]) for c, n in pool.items()})
    cards = list(pool.elements())
    rng.shuffle(cards)
    return cards[:count]


def follow_positions(preset: str, count: int = POSITIONS):
    """Seeded positions: a context, a ruleset, a legal lead and a follower's hand."""
    rng = random.Random(f"follow:{preset}")
    rules = get_ruleset(preset)
    found = 0
    while found < count:
        ctx = random_context(rng)
        leader = some_cards(rng, 12)
        leads = list(legal_leads(ctx, rules, leader))
        multi = [lead for lead in leads if len(lead) > 1]
        lead = rng.choice(multi if multi and rng.random() < 0.7 else leads)
        hand = some_cards(rng, rng.randint(len(lead) + 2, 12), exclude=Counter(lead))
        if len(hand) < len(lead):
            continue
        found += 1
        yield ctx, rules, lead, hand, rng


@pytest.mark.parametrize("preset", PRESETS)
def test_sj9_sj10_sg5_ss5_c4_follow_reasons_speak_and_a_wrong_follow_is_shown_a_legal_one(preset):
    """SJ-9, SJ-10, SG-5 / SS-5, C-4: every follow verdict reads as players write; an illegal one
    names a whole legal follow the hand could play instead."""
    illegal = 0
    for ctx, rules, lead, hand, rng in follow_positions(preset):
        view = legal_follows(ctx, rules, lead, hand)
        plays = [rng.sample(hand, len(lead)) for _ in range(4)] + [next(iter(view))]
        for play in plays:
            verdict = check_follow(ctx, rules, lead, hand, play, seat=rng.choice([None, 0, 1, 2, 3]))
            assert verdict.ok == is_legal_follow(ctx, rules, lead, hand, play)
            assert_speaks(verdict.reason, (lead, hand, play))
            if not verdict.ok:
                illegal += 1
                named = [group for group in card_groups(verdict.reason) if group in view]
                assert named, f"{verdict.reason} names no legal follow"
    assert illegal > POSITIONS  # the random plays are often wrong: the wrong ones were read


def tractor_positions(preset: str, count: int = POSITIONS):
    """Seeded tractor leads against hands of pairs of the led suit, with plays of the suit's cards:
    where the tractor, pairs and structure duties (SJ-9, SG-5 / SS-5) decide.  Every third position
    is one where the structure duty applies (a shorter tractor and more pairs than owed)."""
    rng = random.Random(f"tractor:{preset}")
    made = 0
    while made < count:
        ctx = random_context(rng)
        structure = made % 3 == 0
        rules = get_ruleset(preset, {"short_tractor_follow": "tractors_then_pairs" if structure
                                     else rng.choice(SHORT_TRACTOR_FOLLOWS)})
        pairs = 3 if structure else rng.choice([2, 2, 3])
        lead = [c for c in rng.choice(find_tractors(ctx, rules, TWO_DECKS, pairs)) for _ in range(2)]
        suit = ctx.effective_suit(lead[0])
        left = Counter(TWO_DECKS) - Counter(lead)
        in_suit = sorted((c for c in left if ctx.effective_suit(c) is suit and left[c] == 2), key=ctx.order_key)
        start = rng.randrange(max(1, len(in_suit) - pairs - 3))
        window = in_suit[start:start + pairs + 4]  # near ranks, so shorter tractors are common
        chosen = rng.sample(window, min(len(window), rng.randint(pairs, pairs + 3)))
        hand = [c for c in chosen for _ in range(2)] + rng.sample([c for c in left if c not in chosen], 2)
        if structure and not follow_duty(ctx, rules, lead, hand).structure:
            continue
        suit_cards = [c for c in hand if ctx.effective_suit(c) is suit]
        plays = [rng.sample(suit_cards, len(lead)) for _ in range(3)] if len(suit_cards) >= len(lead) else []
        if structure:  # pairs only: the plays the structure duty judges
            plays += [[c for c in rng.sample(chosen, pairs) for _ in range(2)] for _ in range(3)]
        made += 1
        yield ctx, rules, lead, hand, plays


SHORT_TRACTOR_FOLLOWS = ["tractors_then_pairs", "pairs_then_singles", "suit_count_only"]


@pytest.mark.parametrize("preset", PRESETS)
def test_sj9_sg5_ss5_tractor_follow_reasons_say_which_tractor_or_pairs_the_hand_owes(preset):
    """SJ-9, SG-5 / SS-5: a wrong follow of a tractor names the tractor or pairs the hand must play
    (and, for two pairs that are no tractor, what sits between them); it speaks player language."""
    seen, breaches = Counter(), Counter()
    for ctx, rules, lead, hand, plays in tractor_positions(preset):
        view = legal_follows(ctx, rules, lead, hand)
        for play in plays:
            breaches[view.duty.breach(play)] += 1
            verdict = check_follow(ctx, rules, lead, hand, play)
            assert_speaks(verdict.reason, (lead, hand, play))
            if not verdict.ok:
                seen[verdict.rule] += 1
                assert [group for group in card_groups(verdict.reason) if group in view], verdict.reason
    assert seen[RuleId.SJ_9] and (seen[RuleId.SG_5] or seen[RuleId.SS_5]), seen
    assert breaches["structure"] and breaches["tractor"] and breaches["pairs"], breaches


@pytest.mark.parametrize("preset", PRESETS)
def test_sj9_a_follow_names_the_follower_by_seat_when_given(preset):
    """SJ-9: with ``seat=`` the reason says whose hand it is (East's hand / 东家手中), else "your hand"."""
    for ctx, rules, lead, hand, rng in follow_positions(preset, 20):
        play = rng.sample(hand, len(lead))
        seat = rng.randrange(4)
        named = check_follow(ctx, rules, lead, hand, play, seat=seat).reason
        plain = check_follow(ctx, rules, lead, hand, play).reason
        if "hand" in plain.en:
            assert f"{seat_name(seat)}'s hand" in named.en and "your hand" in plain.en
            assert f"{seat_name(seat, 'zh')}手中" in named.zh and "你手中" in plain.zh


@pytest.mark.parametrize("preset", PRESETS)
def test_sj6_c3_lead_reasons_speak_and_a_refused_lead_names_one_that_may_be_led(preset):
    """SJ-6, C-3: a play that may not be led says what it is and names a lead that may be."""
    rng = random.Random(f"lead:{preset}")
    rules = get_ruleset(preset)
    refused = 0
    for _ in range(POSITIONS):
        ctx = random_context(rng)
        hand = some_cards(rng, 12)
        for size in (1, 2, 3, 4):
            play = rng.sample(hand, size)
            verdict = check_lead(ctx, rules, hand, play)
            assert verdict.ok == explain_lead(ctx, rules, play).ok
            assert_speaks(verdict.reason, play)
            if not verdict.ok:
                refused += 1
                assert any(check_lead(ctx, rules, hand, group).ok for group in card_groups(verdict.reason)), \
                    f"{verdict.reason} names no lead that may be led"
    assert refused > POSITIONS


@pytest.mark.parametrize("preset", PRESETS)
def test_sj6_sg4_ss4_sge3_shape_reasons_say_why_pairs_make_no_tractor(preset):
    """SJ-6, SG-4 / SS-4, SG-E3: the shape reason speaks; pairs of one suit that make no tractor are
    told what sits between them, or that they are of different suits or equal."""
    rng = random.Random(f"shape:{preset}")
    rules = get_ruleset(preset)
    why_en = ("between", "different printed suits", "equal in the order", "jokers join only each other")
    why_zh = ("隔着", "花色不同", "一样大", "大小王只与大小王相连")
    not_tractors = 0
    for _ in range(POSITIONS * 3):
        ctx = random_context(rng)
        distinct = list(dict.fromkeys(some_cards(rng, 10)))
        pairs = rng.sample(distinct, min(len(distinct), rng.randint(1, 3)))
        cards = [c for c in pairs for _ in range(2)] if rng.random() < 0.8 else rng.sample(distinct, min(3, len(distinct)))
        shape = classify(ctx, rules, cards)
        reason = explain_shape(ctx, rules, cards)
        assert_speaks(reason, cards)
        one_suit = len({ctx.effective_suit(c) for c in cards}) == 1
        if shape.kind == "none" and one_suit and len(pairs) > 1 and len(cards) == 2 * len(pairs):
            not_tractors += 1
            assert reason.rule in (RuleId.SG_4, RuleId.SS_4, RuleId.SG_E3)
            assert any(w in reason.en for w in why_en) and any(w in reason.zh for w in why_zh), reason
    assert not_tractors > 20


@pytest.mark.parametrize("preset", PRESETS)
def test_sj10_c1_c5_trick_reasons_speak_and_name_plays_by_seat_or_place(preset):
    """SJ-10, C-1, C-5: the trick reason names plays by seat when the leader is known, else by place
    (the leader, the second player … / 首家, 二家 …), never by an index."""
    rng = random.Random(f"trick:{preset}")
    rules = get_ruleset(preset)
    for ctx, rules, lead, hand, rng in follow_positions(preset):
        plays = [lead]
        held = Counter(lead) + Counter(hand)
        for _ in range(3):
            other = some_cards(rng, 10, exclude=held)
            if len(other) < len(lead):
                break
            options = list(legal_follows(ctx, rules, lead, other))[:30]
            plays.append(rng.choice(options))
            held += Counter(plays[-1])
        leader = rng.choice([None, 0, 1, 2, 3])
        result = find_trick_winner(ctx, rules, plays, leader=leader)
        assert_speaks(result.reason, plays)
        if leader is not None:
            winner = seat_name((leader + result.winner) % 4)
            assert result.reason.en.startswith(f"{winner} wins with "), result.reason  # the first words name it
            assert any(isinstance(v, Seat) for _n, v in result.reason.params)
        else:
            place = ("The leader", "The second player", "The third player", "The fourth player")[result.winner]
            assert result.reason.en.startswith(f"{place} wins with "), result.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_c3_throw_reasons_speak_and_name_the_hand_that_beats_it(preset):
    """C-3 (throws, the book's optional variant): the throw's reason speaks and names who beats it."""
    rng = random.Random(f"throw:{preset}")
    rules = get_ruleset(preset, {"throws": True})
    for _ in range(POSITIONS):
        ctx = random_context(rng)
        hand = some_cards(rng, 10)
        suit = ctx.effective_suit(hand[0])
        throw = [c for c in hand if ctx.effective_suit(c) is suit][:4]
        others, held = [], Counter(hand)
        for _ in range(3):
            other = some_cards(rng, 8, exclude=held)
            others.append(other)
            held += Counter(other)
        thrower = rng.choice([None, 0, 1, 2, 3])
        result = resolve_throw(ctx, rules, throw, others, thrower=thrower)
        assert_speaks(result.reason, throw)
        # C-3 is the book's variant: said behind the verdict, not in its main sentence
        assert "本书" in result.reason.notes_text("zh") and "this book" in result.reason.notes_text("en")
        if not result.stands:
            assert result.play in card_groups(result.reason)


def test_sj4_sj5_trump_and_order_reasons_speak():
    """SJ-4, SJ-5: which cards are trumps, and the order of one suit, written as players write cards."""
    rng = random.Random("order")
    for _ in range(POSITIONS):
        ctx = random_context(rng)
        cards = some_cards(rng, 8)
        assert_speaks(explain_trumps(ctx, cards), cards)
        suit = ctx.effective_suit(cards[0])
        same = [c for c in cards if ctx.effective_suit(c) is suit]
        assert_speaks(explain_order(ctx, same), same)


def test_c4_c5_conventions_say_the_guides_are_silent():
    """C-4, C-5 (and C-1): where the guides are silent, the reason says it is the book's convention (C-5
    and C-1 in the trick winner's notes, behind the verdict, which says the fact that decides).  C-5: only the
    四人升级 guide is silent; the 双升 guide says a pair lead is trumped only with a pair, and the note says so."""
    ctx = TrumpContext("2", "S")
    rules = get_ruleset("shengji")
    pair_without_pair = check_follow(ctx, rules, "HA HA", "H5 H9 H7 SK C3", "H9 H5").reason
    mixed_trumps = find_trick_winner(ctx, rules, ["HA HA", "S3 S4", "C4 C5", "H3 H3"]).reason
    equal = find_trick_winner(ctx, rules, ["HK", "HK", "H3", "C4"]).reason
    for reason, rule in ((pair_without_pair, RuleId.C_4), (mixed_trumps, RuleId.C_5), (equal, RuleId.C_1)):
        assert reason.rule is rule
        said_en = reason.en + reason.notes_text("en")
        said_zh = reason.zh + reason.notes_text("zh")
        silent_en, silent_zh = ("四人升级 guide is silent", "《四人升级》没有写") if rule is RuleId.C_5 \
            else ("guides are silent", "两份指南都没有写")
        assert silent_en in said_en and "this book's convention" in said_en, reason
        assert silent_zh in said_zh and "本书约定" in said_zh, reason.zh
        if rule is not RuleId.C_4:
            assert "guides are silent" not in reason.en and [n.rule for n in reason.all_notes()] == [rule]


def test_sj6_a_lone_joker_or_a_pair_of_jokers_starts_a_sentence_by_name_and_capitalised():
    """SJ-6: a lead or shape of jokers is named as players say it ("The little joker is …", "A pair of big jokers
    is …"), its first letter capitalised wherever it starts a sentence (a puzzle's "Yes. …" too: ``capitalised``
    passes over a leading part that says nothing); a list that starts with a joker keeps "The play …"."""
    ctx, rules = TrumpContext("2", "S"), get_ruleset("shuangsheng")
    lone = check_lead(ctx, rules, "LJ S3 H4", "LJ").reason
    assert lone.en.startswith("the little joker is a single of trumps")
    assert lone.capitalised().en.startswith("The little joker is a single of trumps")
    assert explain_shape(ctx, rules, "BJ BJ").sentence().en.startswith("A pair of big jokers is a pair")
    assert explain_shape(ctx, rules, "BJ S2 S2").sentence().en.startswith("The play of the big joker and ♠2 ♠2 ")
