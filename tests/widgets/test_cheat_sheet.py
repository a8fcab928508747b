"""The cheat sheets (widgets/puzzles/cheat_sheet.py): each game's sheet follows its path's stages and states
every rule, difference and convention those stages teach in the register's own words, in either edition;
errata stay off."""

from __future__ import annotations

from html import escape

import pytest

from cardlib.register import Kind, entry
from widgets.puzzles.cheat_sheet import cheat_sheet
from widgets.puzzles.path import STAGES, PathError, stage_rules


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["yishang", "shengji"])
def test_a_sheet_states_its_paths_rules_in_the_registers_words(game, lang):
    sheet = cheat_sheet(game, lang)
    stages = [stage for stage in STAGES if stage.game == game]
    at = [sheet.index(f"{number}. {escape(stage.name(lang))}") for number, stage in enumerate(stages, 1)]
    assert at == sorted(at), "the stages in the path's order"
    for rule in (rule for stage in stages for rule in stage_rules(stage)):
        row = entry(rule)
        if row.kind is Kind.ERRATUM:
            assert f">{rule}<" not in sheet
        elif row.difference is None:
            assert f">{rule}<" in sheet and escape(row.text.zh if lang == "zh" else row.text.en) in sheet
        else:
            sg = row.difference.sg.zh if lang == "zh" else row.difference.sg.en
            assert escape(sg) in sheet and sheet.count(escape(sg)) == 1, f"{rule}: a difference once, with both answers"


def test_a_game_without_a_path_is_refused():
    with pytest.raises(PathError, match="no path"):
        cheat_sheet("bridge", "en")
