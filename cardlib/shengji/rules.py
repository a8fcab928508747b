"""Rulesets: one frozen dataclass, one field per difference or convention of the register.

Rules: SG-1…SG-9 / SS-1…SS-9 (each pair of rows is one field), C-1…C-7 (conventions),
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
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Literal, TypeAlias, get_type_hints

from ..errors import RulesetError
from ..rule_ids import RuleId
from ..variants import apply_variant


class Choice(str, Enum):
    """One value of a ruleset field: a string, and the register row(s) it stands for.

    Each member is declared with its rows (``NATURAL_RANK = "natural_rank", RuleId.SS_4``): a value
    that one guide states names that guide's row (``natural_rank`` → SS-4); a value both guides
    share, or that neither states (a variant), names the field's rows of both.
    """

    _value_: str
    _rules: tuple[RuleId, ...]

    def __new__(cls, value: str, *rules: RuleId) -> Choice:
        member = str.__new__(cls, value)
        member._value_ = value
        member._rules = rules
        return member

    def __str__(self) -> str:
        return str(self.value)

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The register rows this value stands for."""
        return self._rules

    @property
    def rule(self) -> RuleId:
        """The first of :attr:`rules`: the row a reason about this value cites by default."""
        return self.rules[0]


class Calling(Choice):
    """SG-1 / SS-1: how calls during the deal override each other."""

    SHENGJI = "shengji", RuleId.SG_1
    SHUANGSHENG = "shuangsheng", RuleId.SS_1


class NoCall(Choice):
    """SG-2 / SS-2: nobody calls: turn the kitty (翻底), or deal again."""

    TURN_KITTY = "turn_kitty", RuleId.SG_2, RuleId.SS_2  # SG's rule; SS is silent, default as SG
    REDEAL = "redeal", RuleId.SG_2, RuleId.SS_2          # a variant of the row


class JokerCallTrump(Choice):
    """SG-3 / SS-3: the trump suit after a joker-pair overcall."""

    NO_TRUMP = "no_trump", RuleId.SG_3, RuleId.SS_3  # SG's rule; SS's reading by default
    PREVIOUS_SUIT = "previous_suit", RuleId.SG_3, RuleId.SS_3


class TractorAdjacency(Choice):
    """SG-4 / SS-4: which level-card pairs are adjacent in a tractor."""

    TRUMP_ORDER = "trump_order", RuleId.SG_4
    NATURAL_RANK = "natural_rank", RuleId.SS_4


class ShortTractorFollow(Choice):
    """SG-5 / SS-5: following a tractor lead without a tractor of its length: any pairs of the suit, then
    singles (SG-5's words), keep as much tractor structure as held first (C-7: the public engines'
    stricter reading, this book's convention where SS is silent), or the suit count alone."""

    TRACTORS_THEN_PAIRS = "tractors_then_pairs", RuleId.C_7, RuleId.SS_5  # C-7: shorter tractors first, as the public engines
    PAIRS_THEN_SINGLES = "pairs_then_singles", RuleId.SG_5, RuleId.SS_5  # SG-5 as written
    SUIT_COUNT_ONLY = "suit_count_only", RuleId.SG_5, RuleId.SS_5


class KittyMultiplier(Choice):
    """SG-6 / SS-6 (and SG-E2): the kitty multiplier scheme."""

    SHENGJI = "shengji", RuleId.SG_6
    DOUBLE = "double", RuleId.SS_6
    PAIR2_TRACTOR4 = "pair2_tractor4", RuleId.SS_6   # SS's "some rules"
    DOUBLING = "doubling", RuleId.SG_E2              # the reading SG-E2 offers
    LARGEST_UNIT = "largest_unit", RuleId.SJ_12      # variants of no document
    POWER_OF_CARDS = "power_of_cards", RuleId.SJ_12
    LEAD_SIZE = "lead_size", RuleId.SJ_12


class LevelTable(Choice):
    """SG-7 / SS-7: the level-change table."""

    SHENGJI = "shengji", RuleId.SG_7
    SHUANGSHENG = "shuangsheng", RuleId.SS_7


class FirstDealer(Choice):
    """SG-9 / SS-9: who deals the first hand."""

    FIRST_SINGLE_CALLER = "first_single_caller", RuleId.SS_9, RuleId.SG_9  # SS's rule; SG default as SS
    SEAT_ZERO = "seat_zero", RuleId.SG_9


class NextDealer(Choice):
    """SG-8: who deals next."""

    PARTNER_OR_NEXT = "partner_or_next", RuleId.SG_8
    DEALER_STAYS_OR_NEXT = "dealer_stays_or_next", RuleId.SG_8


class GameEnd(Choice):
    """SS-8 (SJ-13): when the game ends."""

    REACH_ACE = "reach_ace", RuleId.SS_8
    THROUGH_ACE = "through_ace", RuleId.SJ_13, RuleId.SS_8


class EqualCards(Choice):
    """C-1: two identical cards in one trick."""

    FIRST_WINS = "first_wins", RuleId.C_1


class KittyShape(Choice):
    """C-2: which play's shape sets the kitty multiplier."""

    WINNING_PLAY = "winning_play", RuleId.C_2
    LEAD = "lead", RuleId.C_2


class PairLeadWithoutPair(Choice):
    """C-4: a pair or tractor lead when the follower has the suit but no pair."""

    SUIT_COUNT_ONLY = "suit_count_only", RuleId.C_4


class MixedTrumpSingles(Choice):
    """C-5: two different trump singles on a pair lead."""

    DISCARD = "discard", RuleId.C_5


class Cut(Choice):
    """SJ-2: SG has the player after the dealer cut the deck; SS is silent (no cut)."""

    AFTER_DEALER = "after_dealer", RuleId.SJ_2
    NONE = "none", RuleId.SJ_2


def _rows(*rules: RuleId, choices: tuple[Any, ...] = ()) -> dict[str, Any]:
    """A field's metadata: the register rows the field stands for, and, for a field that is not a
    :class:`Choice` (a number, a flag), the values it takes."""
    return {"rules": rules, "choices": choices}


_SG_SS = {n: (RuleId[f"SG_{n}"], RuleId[f"SS_{n}"]) for n in range(1, 10)}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every choice the engine makes where the documents differ or are silent.

    Choice fields hold :class:`Choice` Enums (strings given are coerced); ``takeover_line`` is
    a number and ``throws`` a flag.  ``to_dict`` gives plain values, so a ruleset is JSON-ready
    and a case's ``variant`` object overrides it field by field.  Each field is declared once, here:
    its type gives its values (a Choice's members), its metadata the register rows it stands for;
    :data:`FIELD_TYPES` and :data:`FIELD_CHOICES` are read from these declarations.
    """

    name: str
    calling: Calling = field(metadata=_rows(*_SG_SS[1]))
    no_call: NoCall = field(default=NoCall.TURN_KITTY, metadata=_rows(*_SG_SS[2]))
    joker_call_trump: JokerCallTrump = field(default=JokerCallTrump.NO_TRUMP, metadata=_rows(*_SG_SS[3]))
    tractor_adjacency: TractorAdjacency = field(default=TractorAdjacency.TRUMP_ORDER, metadata=_rows(*_SG_SS[4]))
    short_tractor_follow: ShortTractorFollow = field(default=ShortTractorFollow.TRACTORS_THEN_PAIRS,
                                                     metadata=_rows(*_SG_SS[5]))
    kitty_multiplier: KittyMultiplier = field(default=KittyMultiplier.SHENGJI, metadata=_rows(*_SG_SS[6]))
    # SG-7 / SS-7: the level-change table, and where the attackers take over.
    level_table: LevelTable = field(default=LevelTable.SHENGJI, metadata=_rows(*_SG_SS[7]))
    takeover_line: int = field(default=80, metadata=_rows(*_SG_SS[7], choices=(75, 80, 85)))
    first_dealer: FirstDealer = field(default=FirstDealer.FIRST_SINGLE_CALLER, metadata=_rows(*_SG_SS[9]))
    next_dealer: NextDealer = field(default=NextDealer.PARTNER_OR_NEXT, metadata=_rows(RuleId.SG_8))
    game_end: GameEnd = field(default=GameEnd.THROUGH_ACE, metadata=_rows(RuleId.SS_8))
    # C-1…C-5: conventions where every source is silent.
    equal_cards: EqualCards = field(default=EqualCards.FIRST_WINS, metadata=_rows(RuleId.C_1))
    kitty_shape: KittyShape = field(default=KittyShape.WINNING_PLAY, metadata=_rows(RuleId.C_2))
    throws: bool = field(default=False, metadata=_rows(RuleId.C_3, choices=(False, True)))
    pair_lead_without_pair: PairLeadWithoutPair = field(default=PairLeadWithoutPair.SUIT_COUNT_ONLY,
                                                        metadata=_rows(RuleId.C_4))
    mixed_trump_singles: MixedTrumpSingles = field(default=MixedTrumpSingles.DISCARD, metadata=_rows(RuleId.C_5))
    cut: Cut = field(default=Cut.NONE, metadata=_rows(RuleId.SJ_2))

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
        """This ruleset with some fields overridden (a case's ``variant`` object)."""
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


def _field_tables() -> tuple[dict[str, type[Choice]], dict[str, tuple[tuple[Any, ...], tuple[RuleId, ...]]]]:
    """:data:`FIELD_TYPES` and :data:`FIELD_CHOICES`, read from the fields of :class:`Ruleset`."""
    hints = get_type_hints(Ruleset)
    types: dict[str, type[Choice]] = {}
    choices: dict[str, tuple[tuple[Any, ...], tuple[RuleId, ...]]] = {}
    for item in fields(Ruleset):
        if item.name == "name":
            continue
        kind = hints[item.name]
        if isinstance(kind, type) and issubclass(kind, Choice):
            types[item.name] = kind
            values: tuple[Any, ...] = tuple(str(member.value) for member in kind)
        else:
            values = item.metadata["choices"]
        choices[item.name] = (values, item.metadata["rules"])
    return types, choices


#: The Enum of each choice field; ``takeover_line`` (a number) and ``throws`` (a flag) are not Enums.
FIELD_TYPES: dict[str, type[Choice]]
#: For each field: the values it takes (plain strings, numbers, booleans), and the register row(s)
#: it stands for.
FIELD_CHOICES: dict[str, tuple[tuple[Any, ...], tuple[RuleId, ...]]]
FIELD_TYPES, FIELD_CHOICES = _field_tables()


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _shown(value: Any) -> str:
    return repr(_plain(value))


#: The 四人升级 guide (SG), field by field as the register says.
SHENGJI = Ruleset(
    name="shengji",
    calling=Calling.SHENGJI,
    tractor_adjacency=TractorAdjacency.TRUMP_ORDER,
    short_tractor_follow=ShortTractorFollow.PAIRS_THEN_SINGLES,  # SG-5: "则需出其他对子或单张", any pairs
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
    short_tractor_follow=ShortTractorFollow.TRACTORS_THEN_PAIRS,  # SS-5 asks for the same shape, silent on part of it: C-7
    kitty_multiplier=KittyMultiplier.DOUBLE,
    level_table=LevelTable.SHUANGSHENG,
    game_end=GameEnd.THROUGH_ACE,
)

#: The two guides' presets by name (SG-1 … SS-9): ``shengji`` and ``shuangsheng``.
PRESETS: dict[str, Ruleset] = {r.name: r for r in (SHENGJI, SHUANGSHENG)}
#: Other spellings of the presets: the guides' short names and their Chinese titles.
_ALIASES = {"sg": "shengji", "ss": "shuangsheng", "四人升级": "shengji", "双升": "shuangsheng",
            "升级": "shengji"}

#: A preset's name as the learner's API takes it (any case at run time; these spellings for a type checker,
#: so mypy reports a misspelt name such as ``"shengjii"``).
PresetName: TypeAlias = Literal["shengji", "shuangsheng", "SG", "SS", "sg", "ss", "四人升级", "双升", "升级"]
#: What the learner's API takes for a ruleset: a Ruleset, or a preset's name (``"shengji"``).
RulesetLike: TypeAlias = Ruleset | PresetName


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


def as_ruleset(rules: Ruleset | str) -> Ruleset:
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
