"""Properties of whole games, over random action sequences (hypothesis).

- YS-1: the 52 cards are conserved after every action (hands, draw pile, central pile).
- YS-13: the next face always equals what the pile alone gives.
- Refused actions (IllegalPlayError) change nothing, and an action is refused exactly when
  it is not among ``legal_actions()``.
- YS-16: with ``fewest_cards_wins`` a game ends within ``2 × (cards dealt + 1) × (stall_limit + 1)``
  actions; without it a game can loop for ever (a six-action cycle back to the same position).
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tests.examples import examples

from cardlib.cards import PLAIN_CARDS, Card
from cardlib.errors import IllegalActionError
from cardlib.yishang import Game, face_from_pile, get_ruleset
from cardlib.yishang.actions import Challenge, Pass, Play
from cardlib.yishang.ranks import ORDER, parse_rank

SETTINGS = settings(max_examples=examples(60), deadline=None)


def all_cards(game: Game) -> list:
    return [c for hand in game.hands for c in hand] + list(game.draw_pile) + [p.card for p in game.pile]


def assert_invariants(game: Game) -> None:
    cards = all_cards(game)
    assert len(cards) == 52 and set(cards) == set(PLAIN_CARDS), "YS-1: 52 cards conserved"
    assert game.next_face is face_from_pile(game.pile), "YS-13: the pile decides the next face"
    if game.window is not None:
        assert game.pile and game.pile[-1].face.value == "down"
    if game.winner is not None:
        assert game.hands[game.winner] == () or game.rules.fewest_cards_wins


def canonical(action, face):
    """A face-up play claimed truthfully is the same action as one without a claim (YS-6)."""
    if isinstance(action, Play) and face.value == "up" and action.claim == action.card.rank:
        return Play(action.card)
    if isinstance(action, Challenge):
        return Challenge(tuple(sorted(set(action.seats))))
    return action


any_action = st.one_of(
    st.builds(Play, st.sampled_from(PLAIN_CARDS), st.none() | st.sampled_from(ORDER)),
    st.builds(Challenge, st.lists(st.integers(-1, 4), min_size=1, max_size=3).map(tuple)),
    st.just(Pass()),
)


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_ys1_ys13_invariants_hold_through_random_games(players, seed, data):
    game = Game.new(players, seed)
    assert_invariants(game)
    for _step in range(100):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        if data.draw(st.booleans(), label="try an arbitrary action"):
            action = data.draw(any_action, label="arbitrary")
            before, face = game.to_dict(), game.next_face
            try:
                game.apply(action)
            except IllegalActionError:
                assert game.to_dict() == before, "a refused action changes nothing"
                assert canonical(action, face) not in legal
                continue
            several = isinstance(action, Challenge) and len(set(action.seats)) > 1
            assert several or canonical(action, face) in legal, action
        else:
            game.apply(data.draw(st.sampled_from(legal), label="legal"))
        assert_invariants(game)


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(1, 12), st.randoms(use_true_random=False))
def test_ys16_with_the_stall_rule_every_game_ends_within_the_bound(players, seed, limit, rng):
    rules = get_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": limit})
    game = Game.new(players, seed, rules)
    bound = 2 * (7 * players + 1) * (limit + 1)
    actions = 0
    while not game.is_over and actions <= bound:
        game.apply(rng.choice(list(game.legal_actions())))
        actions += 1
    assert game.is_over and actions <= bound


def loop_script() -> list:
    """0 leads S8; 1 bluffs C4 as 10 and is caught; 1 leads S8; 0 bluffs H3 as 9 and is caught."""
    return [Play(Card.parse("S8")), Play(Card.parse("C4"), parse_rank("10")), Challenge((0,)),
            Play(Card.parse("S8")), Play(Card.parse("H3"), parse_rank("9")), Challenge((1,))]


def position(game: Game) -> dict:
    """The state without its history: hands as sets, pile, target, turn, window, winner."""
    state = game.to_dict()
    del state["log"], state["stalled_plays"]
    state["hands"] = [sorted(hand.split()) for hand in state["hands"]]
    return state


def test_ys16_without_the_stall_rule_a_game_can_loop_for_ever():
    """Bluff, get caught, lead, bluff back, get caught: six actions return to the start position,
    so players who always bluff and always challenge never finish."""
    game = Game(["S8 H3", "D10 C4"], first=0)
    start = position(game)
    for action in loop_script():
        game.apply(action)
    assert position(game) == start and game.winner is None


def test_ys16_the_stall_rule_ends_that_loop():
    rules = get_ruleset("yishang", {"fewest_cards_wins": True, "stall_limit": 3})
    game = Game(["S8 H3", "D10 C4"], first=0, rules=rules)
    script = loop_script()
    for step in range(60):
        if game.is_over:
            break
        game.apply(script[step % len(script)])
    assert game.is_over and game.log[-1].kind.value == "stall"
