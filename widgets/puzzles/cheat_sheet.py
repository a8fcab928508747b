"""A game's rules on one printed page: its path's stages in order (:mod:`.path`), under each the register's
statement of every rule those stages teach (``cardlib.register``): the rules, the conventions the book follows
where the guides are silent, and for 升级 each difference as the two guides answer it.  Errata are left out:
they are about the guides' text, not about play.

Rules: every statement is the register's own, cited by its id.

>>> "YS-1" in cheat_sheet("yishang", "en") and "SJ-11" in cheat_sheet("shengji", "zh")
True
"""

from __future__ import annotations

from html import escape

from cardlib.register import Kind, entry
from cardlib.rule_ids import RuleId
from cardlib.words import reader_lang

from .path import GAMES, STAGES, PathError, Words, stage_rules

#: What a sheet shows of each kind of register row.
SHOWN_KINDS = (Kind.RULE, Kind.DIFFERENCE, Kind.CONVENTION)

SHEET_WORDS = {
    "title": Words("{game} on one page", "{game}一页速查"),
    "convention": Words("the book's convention", "本书约定"),
}


def _statement(rule: str, lang: str) -> str:
    """A register row as the sheet says it: its text, or a difference's two answers side by side."""
    row = entry(rule)
    difference = row.difference
    if difference is None:
        text = escape(row.text.zh if lang == "zh" else row.text.en)
        if row.kind is Kind.CONVENTION:
            text += f' <span class="cb-sheet-source">({SHEET_WORDS["convention"](lang)})</span>'
        return text
    topic, sg, ss = ((difference.topic.zh, difference.sg.zh, difference.ss.zh) if lang == "zh"
                     else (difference.topic.en, difference.sg.en, difference.ss.en))
    colon = "：" if lang == "zh" else ": "
    return (f"<em>{escape(topic)}</em>{colon}<b>SG</b> {escape(sg)} <b>SS</b> {escape(ss)}")


def _pair(rule: str) -> tuple[str, ...]:
    """The ids a row stands for: a difference's SG and SS rows when both answer the same question, else its own."""
    row = entry(rule)
    if row.difference is None or not rule.startswith(("SG-", "SS-")):
        return (rule,)
    sg, ss = "SG-" + rule[3:], "SS-" + rule[3:]
    counterpart = ss if rule == sg else sg
    if counterpart not in {known.value for known in RuleId}:
        return (rule,)
    other = entry(counterpart).difference
    return (sg, ss) if other is not None and other.topic == row.difference.topic else (rule,)


def cheat_sheet(game: str, lang: str | None = None) -> str:
    """``game``'s sheet as HTML, in ``lang`` (the edition's, by default): a heading per stage of its path, then
    the statements of the rules it teaches, each with its id; a difference's SG and SS rows once, as one."""
    if game not in GAMES:
        raise PathError(f"no path for the game {game!r}: the games are {', '.join(GAMES)}")
    lang = lang or reader_lang()
    parts = []
    for number, stage in enumerate([stage for stage in STAGES if stage.game == game], 1):
        rows, said = [], set()
        for rule in stage_rules(stage):
            row = entry(rule)
            key = row.difference.topic.en if row.difference is not None else rule
            if row.kind not in SHOWN_KINDS or key in said:
                continue
            said.add(key)
            shown = " / ".join(_pair(rule))
            rows.append(f'<li><span class="cb-sheet-id">{shown}</span> {_statement(rule, lang)}</li>')
        parts.append(f'<div class="cb-sheet-stage"><p class="cb-sheet-stage-name">{number}. {escape(stage.name(lang))}</p>'
                     f'<ul>{"".join(rows)}</ul></div>')
    title = SHEET_WORDS["title"](lang).format(game=GAMES[game](lang))
    return (f'<div class="cb-sheet" data-game="{game}"><p class="cb-sheet-title">{escape(title)}</p>'
            f'{"".join(parts)}</div>')
