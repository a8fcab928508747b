"""Rulesets: one frozen dataclass, one field per difference or convention of the register.

Rules: SG-1…SG-9 / SS-1…SS-9 (each pair of rows is one field), C-1…C-6 (conventions),
plus optional variants no document has (throws 甩牌, other kitty-multiplier schemes).

Each choice field is a str-valued Enum whose values know the register rows they stand for
(``.rules``, ``.rule``); a value compares equal to its string, and ``to_dict`` gives plain
strings, so a ruleset stays JSON-ready and a case's ``variant`` object (strings) overrides it.

>>> get_ruleset("shuangsheng").tractor_adjacency
<TractorAdjacency.NATURAL_RANK: 'natural_rank'>
>>> get_ruleset("shuangsheng").tractor_adjacency == "natural_rank"
True
>>> get_ruleset("shuangsheng").tractor_adjacency.rule
<RuleId.SS_4: 'SS-4'>
>>> get_ruleset("shengji", {"throws": True}).throws
True
>>> get_ruleset("SS").rule_of("short_tractor_follow")
<RuleId.SS_5: 'SS-5'>
>>> get_ruleset("shengji", {"short_tractor_follow": "any"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.errors.RulesetError: ruleset field 'short_tractor_follow' does not take 'any'; it takes one of: ...
>>> get_ruleset("shengji", {"colour": "red"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.errors.RulesetError: unknown ruleset field 'colour'; fields are: calling, no_call, ..., cut
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, TypeAlias

from ..errors import RulesetError
from ..rule_ids import RuleId
from ..variants import apply_variant


class Choice(str, Enum):
    """One value of a ruleset field: a string, and the register row(s) it stands for.

    A value that one guide states names that guide's row (``natural_rank`` → SS-4); a value
    both guides share, or that neither states (a variant), names the field's rows of both.
    """

    def __str__(self) -> str:
        return str(self.value)

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The register rows this value stands for."""
        return _VALUE_RULES[(type(self), self.value)]

    @property
    def rule(self) -> RuleId:
        """The first of :attr:`rules`: the row a reason about this value cites by default."""
        return self.rules[0]


class Calling(Choice):
    """SG-1 / SS-1: how calls during the deal override each other."""

    SHENGJI = "shengji"
    SHUANGSHENG = "shuangsheng"


class NoCall(Choice):
    """SG-2 / SS-2: nobody calls: turn the kitty (翻底), or deal again."""

    TURN_KITTY = "turn_kitty"
    REDEAL = "redeal"


class JokerCallTrump(Choice):
    """SG-3 / SS-3: the trump suit after a joker-pair overcall."""

    NO_TRUMP = "no_trump"
    PREVIOUS_SUIT = "previous_suit"


class TractorAdjacency(Choice):
    """SG-4 / SS-4: which level-card pairs are adjacent in a tractor."""

    TRUMP_ORDER = "trump_order"
    NATURAL_RANK = "natural_rank"


class ShortTractorFollow(Choice):
    """SG-5 / SS-5: following a tractor lead without a tractor of its length: keep as much tractor
    structure as held (the public engines' reading), any pairs, or the suit count alone."""

    TRACTORS_THEN_PAIRS = "tractors_then_pairs"
    PAIRS_THEN_SINGLES = "pairs_then_singles"
    SUIT_COUNT_ONLY = "suit_count_only"


class KittyMultiplier(Choice):
    """SG-6 / SS-6 (and SG-E2): the kitty multiplier scheme."""

    SHENGJI = "shengji"
    DOUBLE = "double"
    PAIR2_TRACTOR4 = "pair2_tractor4"
    DOUBLING = "doubling"
    LARGEST_UNIT = "largest_unit"
    POWER_OF_CARDS = "power_of_cards"
    LEAD_SIZE = "lead_size"


class LevelTable(Choice):
    """SG-7 / SS-7: the level-change table."""

    SHENGJI = "shengji"
    SHUANGSHENG = "shuangsheng"


class FirstDealer(Choice):
    """SG-9 / SS-9: who deals the first hand."""

    FIRST_SINGLE_CALLER = "first_single_caller"
    SEAT_ZERO = "seat_zero"


class NextDealer(Choice):
    """SG-8: who deals next."""

    PARTNER_OR_NEXT = "partner_or_next"
    DEALER_STAYS_OR_NEXT = "dealer_stays_or_next"


class GameEnd(Choice):
    """SS-8 (SJ-13): when the game ends."""

    REACH_ACE = "reach_ace"
    THROUGH_ACE = "through_ace"


class EqualCards(Choice):
    """C-1: two identical cards in one trick."""

    FIRST_WINS = "first_wins"


class KittyShape(Choice):
    """C-2: which play's shape sets the kitty multiplier."""

    WINNING_PLAY = "winning_play"
    LEAD = "lead"


class PairLeadWithoutPair(Choice):
    """C-4: a pair or tractor lead when the follower has the suit but no pair."""

    SUIT_COUNT_ONLY = "suit_count_only"


class MixedTrumpSingles(Choice):
    """C-5: two different trump singles on a pair lead."""

    DISCARD = "discard"


class Cut(Choice):
    """SJ-2: SG has the player after the dealer cut the deck; SS is silent (no cut)."""

    AFTER_DEALER = "after_dealer"
    NONE = "none"


_SG_SS = {n: (RuleId[f"SG_{n}"], RuleId[f"SS_{n}"]) for n in range(1, 10)}
_VALUE_RULES: dict[tuple[type[Choice], str], tuple[RuleId, ...]] = {
    (Calling, "shengji"): (RuleId.SG_1,),
    (Calling, "shuangsheng"): (RuleId.SS_1,),
    (NoCall, "turn_kitty"): _SG_SS[2],          # SG's rule; SS is silent, default as SG
    (NoCall, "redeal"): _SG_SS[2],              # a variant of the row
    (JokerCallTrump, "no_trump"): _SG_SS[3],    # SG's rule; SS's reading by default
    (JokerCallTrump, "previous_suit"): _SG_SS[3],
    (TractorAdjacency, "trump_order"): (RuleId.SG_4,),
    (TractorAdjacency, "natural_rank"): (RuleId.SS_4,),
    (ShortTractorFollow, "tractors_then_pairs"): _SG_SS[5],  # SG-5 as the public engines read it; SS default
    (ShortTractorFollow, "pairs_then_singles"): _SG_SS[5],
    (ShortTractorFollow, "suit_count_only"): _SG_SS[5],
    (KittyMultiplier, "shengji"): (RuleId.SG_6,),
    (KittyMultiplier, "double"): (RuleId.SS_6,),
    (KittyMultiplier, "pair2_tractor4"): (RuleId.SS_6,),   # SS's "some rules"
    (KittyMultiplier, "doubling"): (RuleId.SG_E2,),        # the reading SG-E2 offers
    (KittyMultiplier, "largest_unit"): (RuleId.SJ_12,),    # variants of no document
    (KittyMultiplier, "power_of_cards"): (RuleId.SJ_12,),
    (KittyMultiplier, "lead_size"): (RuleId.SJ_12,),
    (LevelTable, "shengji"): (RuleId.SG_7,),
    (LevelTable, "shuangsheng"): (RuleId.SS_7,),
    (FirstDealer, "first_single_caller"): (RuleId.SS_9, RuleId.SG_9),  # SS's rule; SG default as SS
    (FirstDealer, "seat_zero"): (RuleId.SG_9,),
    (NextDealer, "partner_or_next"): (RuleId.SG_8,),
    (NextDealer, "dealer_stays_or_next"): (RuleId.SG_8,),
    (GameEnd, "through_ace"): (RuleId.SJ_13, RuleId.SS_8),
    (GameEnd, "reach_ace"): (RuleId.SS_8,),
    (EqualCards, "first_wins"): (RuleId.C_1,),
    (KittyShape, "winning_play"): (RuleId.C_2,),
    (KittyShape, "lead"): (RuleId.C_2,),
    (PairLeadWithoutPair, "suit_count_only"): (RuleId.C_4,),
    (MixedTrumpSingles, "discard"): (RuleId.C_5,),
    (Cut, "after_dealer"): (RuleId.SJ_2,),
    (Cut, "none"): (RuleId.SJ_2,),
}

#: The Enum of each choice field; ``takeover_line`` (a number) and ``throws`` (a flag) are not Enums.
FIELD_TYPES: dict[str, type[Choice]] = {
    "calling": Calling, "no_call": NoCall, "joker_call_trump": JokerCallTrump,
    "tractor_adjacency": TractorAdjacency, "short_tractor_follow": ShortTractorFollow,
    "kitty_multiplier": KittyMultiplier, "level_table": LevelTable, "first_dealer": FirstDealer,
    "next_dealer": NextDealer, "game_end": GameEnd, "equal_cards": EqualCards, "kitty_shape": KittyShape,
    "pair_lead_without_pair": PairLeadWithoutPair, "mixed_trump_singles": MixedTrumpSingles, "cut": Cut,
}


def _values(kind: type[Choice]) -> tuple[str, ...]:
    return tuple(str(member.value) for member in kind)


#: For each field: the values it takes (plain strings, numbers, booleans), and the register row(s)
#: it stands for.
FIELD_CHOICES: dict[str, tuple[tuple[Any, ...], tuple[RuleId, ...]]] = {
    "calling": (_values(Calling), _SG_SS[1]),
    "no_call": (_values(NoCall), _SG_SS[2]),
    "joker_call_trump": (_values(JokerCallTrump), _SG_SS[3]),
    "tractor_adjacency": (_values(TractorAdjacency), _SG_SS[4]),
    "short_tractor_follow": (_values(ShortTractorFollow), _SG_SS[5]),
    "kitty_multiplier": (_values(KittyMultiplier), _SG_SS[6]),
    # SG-7 / SS-7: the level-change table, and where the attackers take over.
    "level_table": (_values(LevelTable), _SG_SS[7]),
    "takeover_line": ((75, 80, 85), _SG_SS[7]),
    "first_dealer": (_values(FirstDealer), _SG_SS[9]),
    "next_dealer": (_values(NextDealer), (RuleId.SG_8,)),
    "game_end": (_values(GameEnd), (RuleId.SS_8,)),
    # C-1…C-5: conventions where every source is silent.
    "equal_cards": (_values(EqualCards), (RuleId.C_1,)),
    "kitty_shape": (_values(KittyShape), (RuleId.C_2,)),
    "throws": ((False, True), (RuleId.C_3,)),
    "pair_lead_without_pair": (_values(PairLeadWithoutPair), (RuleId.C_4,)),
    "mixed_trump_singles": (_values(MixedTrumpSingles), (RuleId.C_5,)),
    "cut": (_values(Cut), (RuleId.SJ_2,)),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every choice the engine makes where the documents differ or are silent.

    Choice fields hold :class:`Choice` Enums (strings given are coerced); ``takeover_line`` is
    a number and ``throws`` a flag.  ``to_dict`` gives plain values, so a ruleset is JSON-ready
    and a case's ``variant`` object overrides it field by field.
    """

    name: str
    calling: Calling
    no_call: NoCall = NoCall.TURN_KITTY
    joker_call_trump: JokerCallTrump = JokerCallTrump.NO_TRUMP
    tractor_adjacency: TractorAdjacency = TractorAdjacency.TRUMP_ORDER
    short_tractor_follow: ShortTractorFollow = ShortTractorFollow.TRACTORS_THEN_PAIRS
    kitty_multiplier: KittyMultiplier = KittyMultiplier.SHENGJI
    level_table: LevelTable = LevelTable.SHENGJI
    takeover_line: int = 80
    first_dealer: FirstDealer = FirstDealer.FIRST_SINGLE_CALLER
    next_dealer: NextDealer = NextDealer.PARTNER_OR_NEXT
    game_end: GameEnd = GameEnd.THROUGH_ACE
    equal_cards: EqualCards = EqualCards.FIRST_WINS
    kitty_shape: KittyShape = KittyShape.WINNING_PLAY
    throws: bool = False
    pair_lead_without_pair: PairLeadWithoutPair = PairLeadWithoutPair.SUIT_COUNT_ONLY
    mixed_trump_singles: MixedTrumpSingles = MixedTrumpSingles.DISCARD
    cut: Cut = Cut.NONE

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesetError(f"a ruleset's name is text, not {self.name!r}")
        for name, (choices, _rules) in FIELD_CHOICES.items():
            value = getattr(self, name)
            kind = FIELD_TYPES.get(name)
            if kind is not None and isinstance(value, str) and value in choices:
                object.__setattr__(self, name, kind(value))
            elif kind is not None or value not in choices or type(value) is not type(choices[0]):
                raise RulesetError(f"ruleset field {name!r} does not take {_shown(value)}; "
                                   f"it takes one of: {', '.join(map(repr, choices))}")

    @property
    def guide(self) -> str:
        """``"SS"`` or ``"SG"``: the guide whose calling rules (SG-1 / SS-1) this ruleset uses.

        Where a field's value is shared by both guides (SG-5 / SS-5 ...), a reason cites the
        row of this guide (:meth:`rule_of`).
        """
        return "SS" if self.calling is Calling.SHUANGSHENG else "SG"

    def rule_of(self, field: str) -> RuleId:
        """The register row that the value of ``field`` stands for in this ruleset.

        >>> SHENGJI.rule_of("short_tractor_follow"), SHENGJI.rule_of("tractor_adjacency")
        (<RuleId.SG_5: 'SG-5'>, <RuleId.SG_4: 'SG-4'>)
        """
        if field not in FIELD_CHOICES:
            raise RulesetError(f"unknown ruleset field {field!r}; fields are: {', '.join(FIELD_CHOICES)}")
        value = getattr(self, field)
        rules = value.rules if isinstance(value, Choice) else FIELD_CHOICES[field][1]
        own = [rule for rule in rules if rule.value.startswith(self.guide + "-")]
        return own[0] if own else rules[0]

    def with_variant(self, variant: Mapping[str, Any] | None) -> Ruleset:
        """This ruleset with some fields overridden (the ``variant`` object of cases.md)."""
        return apply_variant(self, variant, FIELD_CHOICES)

    def to_dict(self) -> dict[str, Any]:
        """Every field as a plain string, number or boolean (JSON-ready)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    def differences(self, other: Ruleset) -> list[str]:
        """The names of the fields where two rulesets differ."""
        return [f.name for f in fields(self) if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)]

    def __repr__(self) -> str:
        """The call that builds this ruleset again: a preset, with its overridden fields if any."""
        base = PRESETS.get(self.name.removesuffix("+variant"))
        if base is None:
            return f"Ruleset(**{self.to_dict()!r})"
        changed = {name: _plain(getattr(self, name)) for name in self.differences(base)}
        return f"get_ruleset({base.name!r}{f', {changed!r}' if changed else ''})"


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _shown(value: Any) -> str:
    return repr(_plain(value))


#: The 四人升级 guide (SG), field by field as the register says.
SHENGJI = Ruleset(
    name="shengji",
    calling=Calling.SHENGJI,
    tractor_adjacency=TractorAdjacency.TRUMP_ORDER,
    short_tractor_follow=ShortTractorFollow.TRACTORS_THEN_PAIRS,  # SG-5: shorter tractors, then pairs, singles
    kitty_multiplier=KittyMultiplier.SHENGJI,
    level_table=LevelTable.SHENGJI,
    game_end=GameEnd.THROUGH_ACE,  # SJ-13 (common to both): winning means playing through A
    cut=Cut.AFTER_DEALER,  # SJ-2: "由上一局的庄家下家进行切牌"
)

#: The 双升 guide (SS); where it is silent, the register's defaults.
SHUANGSHENG = Ruleset(
    name="shuangsheng",
    calling=Calling.SHUANGSHENG,
    tractor_adjacency=TractorAdjacency.NATURAL_RANK,
    short_tractor_follow=ShortTractorFollow.TRACTORS_THEN_PAIRS,  # SS-5 is silent on partial shapes: as SG-5
    kitty_multiplier=KittyMultiplier.DOUBLE,
    level_table=LevelTable.SHUANGSHENG,
    game_end=GameEnd.THROUGH_ACE,
)

PRESETS: dict[str, Ruleset] = {r.name: r for r in (SHENGJI, SHUANGSHENG)}
#: Other spellings of the presets: the guides' short names and their Chinese titles.
_ALIASES = {"sg": "shengji", "ss": "shuangsheng", "四人升级": "shengji", "双升": "shuangsheng",
            "升级": "shengji"}

#: What the learner's API takes for a ruleset: a Ruleset, or a preset's name (``"shengji"``).
RulesetLike: TypeAlias = Ruleset | str


def get_ruleset(name: str | Ruleset | None = None, variant: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset by name (default ``shengji``; also ``"SG"`` / ``"SS"``, any case), optionally
    overridden field by field.  A :class:`Ruleset` given is taken as it is (then overridden).

    >>> get_ruleset("ShuangSheng") is SHUANGSHENG, get_ruleset(SHENGJI) is SHENGJI
    (True, True)
    >>> get_ruleset("shengji", {"throws": True})
    get_ruleset('shengji', {'throws': True})
    """
    if isinstance(name, Ruleset):
        return name.with_variant(variant)
    if name is not None and not isinstance(name, str):
        raise RulesetError(f"a ruleset is a Ruleset or a preset's name such as 'shengji', not {name!r}")
    key = (name or "shengji").strip()
    key = _ALIASES.get(key.lower(), key.lower())
    if key not in PRESETS:
        raise RulesetError(f"unknown ruleset {name!r}; presets are: {', '.join(PRESETS)}")
    return PRESETS[key].with_variant(variant)


def as_ruleset(rules: RulesetLike) -> Ruleset:
    """``rules`` as a :class:`Ruleset`: itself, or the preset a name names (``"shengji"``).

    Every public function of :mod:`cardlib.shengji` that takes a ruleset passes it through here.

    >>> as_ruleset("shuangsheng").tractor_adjacency.rule
    <RuleId.SS_4: 'SS-4'>
    >>> as_ruleset(3)
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesetError: a ruleset is a Ruleset or a preset's name such as 'shengji', not 3
    """
    if type(rules) is Ruleset:
        return rules
    return get_ruleset(rules)
