"""The bank, difficulty features, sizes and bad requests.

Rules: SJ-9 (follow puzzles' hands stay small enough to list every play), YS-9, SG-7/SS-7.
"""

from __future__ import annotations

from statistics import mean

import pytest

from cardlib.errors import CardlibError
from widgets.puzzles import BANK_SIZE, KINDS, PuzzleError, build_bank, json_size, make_puzzle, pack_bank, unpack_bank
from widgets.puzzles.spec import rule_anchor, rule_page

#: A chapter page carries a shown spec and a packed bank per puzzle: keep both bounded.  Every wrong
#: answer carries its own explanation, so pick_follow, which lists every distinct play of
#: the hand (up to 126, SJ-9), each wrong one explained by its own cards, gets a larger allowance: since
#: a short follow is told the pair or tractor duty it owes, which SG-5 and SS-5 (and C-7) cite each for its
#: own guide, a hard position's explanations come once per ruleset (the packed bank, which compresses
#: them, stays under its bound below).
MAX_SPEC_BYTES = 40_000
MAX_SPEC_BYTES_BY_KIND = {"pick_follow": 200_000}
MAX_PACKED_BANK_BYTES = 64_000


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_bank_has_at_least_20_puzzles_per_kind_every_difficulty_and_bounded_size(kind):
    bank = build_bank(kind)
    assert len(bank) == BANK_SIZE >= 20
    assert len({spec["id"] for spec in bank}) == len(bank)
    assert {spec["difficulty"] for spec in bank} == {"easy", "normal", "hard"}
    assert max(json_size(spec) for spec in bank) <= MAX_SPEC_BYTES_BY_KIND.get(kind, MAX_SPEC_BYTES)
    packed = pack_bank(bank)
    assert len(packed) <= MAX_PACKED_BANK_BYTES
    assert unpack_bank(packed) == bank


def features(kind: str, difficulty: str, name: str) -> float:
    offset = ("easy", "normal", "hard").index(difficulty)
    return mean(make_puzzle(kind, 3 * n + offset)["features"][name] for n in range(15))


@pytest.mark.parametrize("kind, feature", [
    ("pick_follow", "hand_size"), ("pick_follow", "lead_cards"), ("follow_legal", "choices"),
    ("trick_winner", "lead_cards"), ("highest", "cards"), ("calling", "calls"), ("ys_state", "actions"),
    ("ys_state", "challenges"),
])
def test_harder_puzzles_measure_harder(kind, feature):
    """Difficulty is a measurable feature of the position: it grows from easy to hard."""
    easy, normal, hard = (features(kind, d, feature) for d in ("easy", "normal", "hard"))
    assert easy <= normal <= hard and easy < hard, (easy, normal, hard)


def test_level_change_hard_puzzles_sit_on_the_band_edges_SG_7_SS_7():
    assert features("level_change", "hard", "distance_to_edge") == 5
    assert features("level_change", "easy", "distance_to_edge") > features("level_change", "normal", "distance_to_edge")


def test_hard_challenges_include_true_claims_below_the_target_YS_9():
    hard = [make_puzzle("ys_challenge", 3 * n + 2)["features"] for n in range(30)]
    assert any(f["true_claim_below_target"] for f in hard)
    assert any(f["challengers"] > 1 for f in hard)  # YS-14


@pytest.mark.parametrize("kind, seed, message", [
    ("nope", 1, "unknown puzzle kind 'nope'"),
    ("shape", -1, "seed is a whole number"),
    ("shape", "3", "seed is a whole number"),
    ("shape", True, "seed is a whole number"),
])
def test_bad_requests_get_one_clear_error(kind, seed, message):
    with pytest.raises(PuzzleError, match=message) as error:
        make_puzzle(kind, seed)
    assert isinstance(error.value, CardlibError)


def test_rule_links_follow_the_book_anchor_convention():
    assert rule_anchor("SJ-9") == "rule-sj-9"
    assert rule_anchor("YS-E1") == "rule-ys-e1"
    assert rule_page("YS-10") == "book/yishang"
    assert rule_page("SS-7") == "book/shengji-scoring"
    assert rule_page("C-3") == "book/variants"


def test_every_rule_id_has_exactly_one_page():
    """RULE_PAGES has one entry per register id, each a page of the plan (tests/book checks the anchors)."""
    from cardlib.rule_ids import RuleId
    from widgets.puzzles.spec import RULE_PAGES

    assert set(RULE_PAGES) == {rule.value for rule in RuleId}
    assert all(page.startswith("book/") and "." not in page for page in RULE_PAGES.values())


def test_an_unknown_rule_id_has_no_page():
    with pytest.raises(CardlibError, match="unknown rule id 'SJ-99'"):
        rule_page("SJ-99")
