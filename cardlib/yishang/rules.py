"""Rulesets of 一上一下: the register's defaults, and the fields a table may agree otherwise.

Rules: YS-10 (``target_reset``), YS-16 (``fewest_cards_wins``, ``stall_limit``).

"Nobody can finish" (YS-16) is measured: a play is *progress* when some player's hand
becomes smaller than it has ever been since the deal; ``stall_limit`` plays in a row
without progress is a stall.  With ``fewest_cards_wins`` on, a stall ends the game.
Only a player's own play lowers their hand, and their record can fall at most as many
times as they were dealt cards; so with the rule on a game lasts at most
``(cards dealt + 1) × (stall_limit + 1)`` plays, and twice that many actions (a challenge
or a pass follows a play at most once).  Without the rule a game need not end: bots
that always bluff and always challenge pass the pile round for ever.

>>> get_ruleset().fewest_cards_wins, get_ruleset().target_reset
(False, True)
>>> get_ruleset("yishang", {"fewest_cards_wins": True}).name
'yishang+variant'
>>> get_ruleset("yishang", {"jokers": True})
Traceback (most recent call last):
...
cardlib.errors.RulesetError: unknown ruleset field 'jokers'; fields are: target_reset, fewest_cards_wins, stall_limit
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import RulesetError
from ..rule_ids import RuleId
from ..variants import apply_variant

#: Each field, its type, and the register row it stands for.
FIELD_RULES: dict[str, tuple[type, RuleId]] = {
    "target_reset": (bool, RuleId.YS_10),
    "fewest_cards_wins": (bool, RuleId.YS_16),
    "stall_limit": (int, RuleId.YS_16),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The choices a table makes where the document leaves room.

    ``target_reset``: after a pile is taken the target goes back to 3, so the lead
    never draws (YS-10, the register's default); ``False`` keeps the target of the
    last card that stands: the challenged card's claim when the challenge failed (the
    card is established, YS-4, YS-12), else the target that stood before it.  ``fewest_cards_wins``: the optional YS-16
    agreement, off by default.  ``stall_limit``: plays without progress that count
    as "nobody can finish" (see the module docstring).
    """

    name: str = "yishang"
    target_reset: bool = True
    fewest_cards_wins: bool = False
    stall_limit: int = 100

    def __post_init__(self) -> None:
        for name, (kind, rule) in FIELD_RULES.items():
            value = getattr(self, name)
            if type(value) is not kind:
                raise RulesetError(f"ruleset field {name!r} ({rule}) takes a {kind.__name__}, not {value!r}")
        if self.stall_limit < 1:
            raise RulesetError(f"ruleset field 'stall_limit' must be at least 1, not {self.stall_limit}")

    def with_variant(self, variant: Mapping[str, Any] | None) -> Ruleset:
        """This ruleset with some fields overridden (a case's ``variant`` object)."""
        return apply_variant(self, variant, FIELD_RULES)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def rule_of(self, field: str) -> RuleId:
        """The register row a field stands for.

        >>> YISHANG.rule_of("target_reset"), YISHANG.rule_of("stall_limit")
        (<RuleId.YS_10: 'YS-10'>, <RuleId.YS_16: 'YS-16'>)
        """
        if field not in FIELD_RULES:
            raise RulesetError(f"unknown ruleset field {field!r}; fields are: {', '.join(FIELD_RULES)}")
        return FIELD_RULES[field][1]


#: The document as the register reads it.
YISHANG = Ruleset()
#: The same with the optional YS-16 agreement: when nobody can finish, fewest cards wins.
YISHANG_FEWEST = Ruleset(name="yishang-fewest", fewest_cards_wins=True)

#: The presets by name: ``yishang`` and ``yishang-fewest`` (YS-10, YS-16).
PRESETS: dict[str, Ruleset] = {r.name: r for r in (YISHANG, YISHANG_FEWEST)}


def get_ruleset(name: str | None = None, variant: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset by name (default ``yishang``, in any case), optionally overridden field by field."""
    key = "yishang" if name is None else name
    if isinstance(key, str):
        key = key.strip().lower()
    if not isinstance(key, str) or key not in PRESETS:
        raise RulesetError(f"unknown ruleset {key!r} for 一上一下; presets are: {', '.join(PRESETS)}")
    return PRESETS[key].with_variant(variant)
