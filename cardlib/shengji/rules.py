"""Rulesets: one frozen dataclass, one field per difference or convention of the register.

Rules: SG-1…SG-9 / SS-1…SS-9 (each pair of rows is one field), C-1…C-5 (conventions),
plus optional variants no document has (throws 甩牌, other kitty-multiplier schemes).

>>> get_ruleset("shuangsheng").tractor_adjacency
'natural_rank'
>>> get_ruleset("shengji", {"throws": True}).throws
True
>>> get_ruleset("shuangsheng").short_tractor_follow
'tractors_then_pairs'
>>> get_ruleset("shengji", {"short_tractor_follow": "any"})
Traceback (most recent call last):
...
cardlib.errors.RulesetError: ruleset field 'short_tractor_follow' does not take 'any'; it takes one of: 'tractors_then_pairs', 'pairs_then_singles', 'suit_count_only'
>>> get_ruleset("shengji", {"colour": "red"})
Traceback (most recent call last):
...
cardlib.errors.RulesetError: unknown ruleset field 'colour'; fields are: calling, no_call, joker_call_trump, tractor_adjacency, short_tractor_follow, kitty_multiplier, level_table, takeover_line, first_dealer, next_dealer, game_end, equal_cards, kitty_shape, throws, pair_lead_without_pair, mixed_trump_singles, cut
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from ..errors import RulesetError
from ..variants import apply_variant
from ..rule_ids import RuleId

#: For each field: the values it takes, and the register row(s) it stands for.
FIELD_CHOICES: dict[str, tuple[tuple[Any, ...], tuple[RuleId, ...]]] = {
    # SG-1 / SS-1: how calls during the deal override each other.
    "calling": (("shengji", "shuangsheng"), (RuleId.SG_1, RuleId.SS_1)),
    # SG-2 / SS-2: nobody calls: turn the kitty (翻底), or deal again.
    "no_call": (("turn_kitty", "redeal"), (RuleId.SG_2, RuleId.SS_2)),
    # SG-3 / SS-3: trump after a joker-pair overcall.
    "joker_call_trump": (("no_trump", "previous_suit"), (RuleId.SG_3, RuleId.SS_3)),
    # SG-4 / SS-4: which level-card pairs are adjacent in a tractor.
    "tractor_adjacency": (("trump_order", "natural_rank"), (RuleId.SG_4, RuleId.SS_4)),
    # SG-5 / SS-5: following a tractor lead without a tractor of its length: keep as much tractor
    # structure as held (the public engines' reading), any pairs, or the suit count alone.
    "short_tractor_follow": (("tractors_then_pairs", "pairs_then_singles", "suit_count_only"),
                             (RuleId.SG_5, RuleId.SS_5)),
    # SG-6 / SS-6 (and SG-E2): the kitty multiplier scheme.
    "kitty_multiplier": (("shengji", "double", "pair2_tractor4", "doubling", "largest_unit",
                          "power_of_cards", "lead_size"), (RuleId.SG_6, RuleId.SS_6)),
    # SG-7 / SS-7: the level-change table, and where the attackers take over.
    "level_table": (("shengji", "shuangsheng"), (RuleId.SG_7, RuleId.SS_7)),
    "takeover_line": ((75, 80, 85), (RuleId.SG_7, RuleId.SS_7)),
    # SG-9 / SS-9: who deals the first hand.
    "first_dealer": (("first_single_caller", "seat_zero"), (RuleId.SG_9, RuleId.SS_9)),
    # SG-8: who deals next.
    "next_dealer": (("partner_or_next", "dealer_stays_or_next"), (RuleId.SG_8,)),
    # SS-8: when the game ends.
    "game_end": (("reach_ace", "through_ace"), (RuleId.SS_8,)),
    # C-1…C-5: conventions where every source is silent.
    "equal_cards": (("first_wins",), (RuleId.C_1,)),
    "kitty_shape": (("winning_play", "lead"), (RuleId.C_2,)),
    "throws": ((False, True), (RuleId.C_3,)),
    "pair_lead_without_pair": (("suit_count_only",), (RuleId.C_4,)),
    "mixed_trump_singles": (("discard",), (RuleId.C_5,)),
    # SJ-2: SG has the player after the dealer cut the deck; SS is silent (no cut).
    "cut": (("after_dealer", "none"), (RuleId.SJ_2,)),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every choice the engine makes where the documents differ or are silent.

    Values are plain strings, numbers and booleans, so a ruleset is JSON-ready
    (``to_dict``) and a case's ``variant`` object overrides it field by field.
    """

    name: str
    calling: str
    no_call: str = "turn_kitty"
    joker_call_trump: str = "no_trump"
    tractor_adjacency: str = "trump_order"
    short_tractor_follow: str = "tractors_then_pairs"
    kitty_multiplier: str = "shengji"
    level_table: str = "shengji"
    takeover_line: int = 80
    first_dealer: str = "first_single_caller"
    next_dealer: str = "partner_or_next"
    game_end: str = "through_ace"
    equal_cards: str = "first_wins"
    kitty_shape: str = "winning_play"
    throws: bool = False
    pair_lead_without_pair: str = "suit_count_only"
    mixed_trump_singles: str = "discard"
    cut: str = "none"

    def __post_init__(self) -> None:
        for name, (choices, _rules) in FIELD_CHOICES.items():
            value = getattr(self, name)
            if value not in choices or type(value) is not type(choices[0]):
                raise RulesetError(f"ruleset field {name!r} does not take {value!r}; "
                                   f"it takes one of: {', '.join(map(repr, choices))}")

    def with_variant(self, variant: Mapping[str, Any] | None) -> "Ruleset":
        """This ruleset with some fields overridden (the ``variant`` object of cases.md)."""
        return apply_variant(self, variant, FIELD_CHOICES)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def differences(self, other: "Ruleset") -> list[str]:
        """The names of the fields where two rulesets differ."""
        return [f.name for f in fields(self) if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)]


#: The 四人升级 guide (SG), field by field as the register says.
SHENGJI = Ruleset(
    name="shengji",
    calling="shengji",
    tractor_adjacency="trump_order",
    short_tractor_follow="tractors_then_pairs",  # SG-5: shorter tractors, then pairs, then singles
    kitty_multiplier="shengji",
    level_table="shengji",
    game_end="through_ace",  # SJ-13 (common to both): winning means playing through A
    cut="after_dealer",  # SJ-2: "由上一局的庄家下家进行切牌"
)

#: The 双升 guide (SS); where it is silent, the register's defaults.
SHUANGSHENG = Ruleset(
    name="shuangsheng",
    calling="shuangsheng",
    tractor_adjacency="natural_rank",
    short_tractor_follow="tractors_then_pairs",  # SS-5 is silent on partial shapes: as SG-5
    kitty_multiplier="double",
    level_table="shuangsheng",
    game_end="through_ace",
)

PRESETS: dict[str, Ruleset] = {r.name: r for r in (SHENGJI, SHUANGSHENG)}


def get_ruleset(name: str | None = None, variant: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset by name (default ``shengji``), optionally overridden field by field."""
    key = name or "shengji"
    if key not in PRESETS:
        raise RulesetError(f"unknown ruleset {key!r}; presets are: {', '.join(PRESETS)}")
    return PRESETS[key].with_variant(variant)
