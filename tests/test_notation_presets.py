"""docs/notation.md's table of ruleset fields says each preset's value as the engine holds it: a value marked
"(both)" is both presets', and "**a** / **b**" is the 四人升级 preset's (a) and the 双升 preset's (b).

Rules: SG-1 … SG-9, SS-1 … SS-9 (each field is a row of the register where the guides differ).
"""

from __future__ import annotations

import re
from pathlib import Path

from cardlib.shengji.rules import get_ruleset

NOTATION = Path(__file__).resolve().parents[1] / "docs" / "notation.md"
ROW = re.compile(r"^\| `(?P<field>[a-z_]+)` \| (?P<values>[^|]+) \|")


def preset_values() -> dict[str, tuple[str, str]]:
    """Each field of the table with the (四人升级, 双升) preset values it states."""
    found = {}
    for line in NOTATION.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        values = match["values"]
        if (both := re.search(r"`([^`]+)` \(both\)", values)) is not None:
            found[match["field"]] = (both[1], both[1])
        elif (pair := re.match(r"\*\*`([^`]+)`\*\* / \*\*`([^`]+)`\*\*", values)) is not None:
            found[match["field"]] = (pair[1], pair[2])
    return found


def held(preset: str, field: str) -> str:
    """A preset's value of a field as the notation writes it (an enum's value, a number, true / false)."""
    value = getattr(get_ruleset(preset), field)
    return str(value).lower() if isinstance(value, bool) else str(getattr(value, "value", value))


def test_the_notation_pages_preset_values_are_the_engines():
    stated = preset_values()
    assert len(stated) >= 10, stated
    for field, (sg, ss) in stated.items():
        assert (held("shengji", field), held("shuangsheng", field)) == (sg, ss), field
