"""The reader's path through each game, from nothing to playing a hand: stages in the chapters' order,
each naming the sections that teach it and the puzzle kinds that practise it, and the stars a stage earns
from first answers.  This module is the one copy of those definitions: :func:`path_map` draws the map
the title page shows, carrying the stages' kinds and the star levels in its data attributes, and the
page script (``widgets/static/path.js``) reads them there to fill in the reader's stars.

A stage's first answers are the reader's progress per kind (``widgets/static/settings.js``
``recordAnswer`` counts the first answer to each puzzle), added up over the stage's kinds.

Rules: none of the register's; the rule ids a stage lists are those its sections teach (the rule anchors
under their headings), each linked to the paragraph that teaches it.

>>> [stage.id for stage in STAGES if stage.game == "yishang"]
['ys-deal', 'ys-faces', 'ys-challenges', 'ys-end']
>>> stage_rules(STAGES[0])
('YS-1', 'YS-2', 'YS-3')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from cardlib.rule_ids import RuleId
from cardlib.words import reader_lang

from .registry import KIND_RULES
from .spec import PuzzleError, rule_anchor, rule_page

BOOK = Path(__file__).resolve().parents[2] / "book"
CATALOGUES = BOOK.parent / "locale" / "zh_CN" / "LC_MESSAGES" / "book"


@dataclass(frozen=True, slots=True)
class Words:
    """A label in both languages."""

    en: str
    zh: str

    def __call__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True, slots=True)
class StarLevel:
    """What a star asks of a stage's first answers: at least ``right`` of them right, at least
    ``answered`` given, and at least ``share`` of them right."""

    right: int
    answered: int
    share: float


#: The stars, in order: ★ at 3 first answers right; ★★ at 80% right of 5 or more; ★★★ at 90% of 10 or more.
ONE_STAR = StarLevel(right=3, answered=3, share=0.0)
TWO_STARS = StarLevel(right=4, answered=5, share=0.8)
THREE_STARS = StarLevel(right=9, answered=10, share=0.9)
STAR_LEVELS = (ONE_STAR, TWO_STARS, THREE_STARS)


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a game's path: its name, the sections that teach it (anchors, the first one
    where "continue" goes) and the puzzle kinds that practise it."""

    id: str
    game: str
    name: Words
    sections: tuple[str, ...]
    kinds: tuple[str, ...]


GAMES = {"yishang": Words("一上一下", "一上一下"), "shengji": Words("升级", "升级")}

#: Each game's path, in the order the chapters teach it.  Every kind is in one stage at most.
STAGES: tuple[Stage, ...] = (
    Stage("ys-deal", "yishang", Words("Dealing and who starts", "发牌与先手"), ("ys-deck",),
          ("ys_deal", "ys_first_player")),
    Stage("ys-faces", "yishang", Words("Face up, face down", "明牌与暗牌"), ("ys-turn",), ("ys_state",)),
    Stage("ys-challenges", "yishang", Words("Claims and challenges", "报点与质疑"), ("ys-claims", "ys-taking-pile"),
          ("ys_action", "ys_challenge")),
    Stage("ys-end", "yishang", Words("The end of the game", "打完手牌"), ("ys-winning",), ("ys_draw",)),
    Stage("sj-cards", "shengji", Words("Cards and points", "牌与分"), ("sj-table", "sj-deal-order", "sj-points"),
          ("deal", "trick_points")),
    Stage("sj-trumps", "shengji", Words("Trumps", "主牌"), ("sj-which-trumps", "sj-trump-order"),
          ("count_trumps", "highest")),
    Stage("sj-calling", "shengji", Words("Calling trump and the kitty", "亮主与扣底"), ("sj-calling", "sj-kitty"),
          ("calling", "first_dealer", "bury")),
    Stage("sj-leads", "shengji", Words("Leads and follows", "首出与跟牌"),
          ("sj-leading", "sj-pairs-tractors", "sj-following"), ("shape", "follow_legal", "pick_follow")),
    Stage("sj-tricks", "shengji", Words("Who wins the trick", "谁赢这一轮"), ("sj-trumping", "sj-trick-winner"),
          ("trick_winner", "next_leader")),
    Stage("sj-kitty", "shengji", Words("The last trick and the kitty", "抠底与计分"), ("sj-last-trick",),
          ("kitty_score", "last_trick")),
    Stage("sj-levels", "shengji", Words("Going up levels", "升级"), ("sj-going-up",), ("level_change", "after_hand")),
)

#: What each kind on the path asks, as the map names it.
KIND_NAMES: dict[str, Words] = {
    "ys_deal": Words("the deal", "发牌"), "ys_first_player": Words("who starts", "谁是先手"),
    "ys_state": Words("up or down, and the target", "明牌暗牌与目标"),
    "ys_action": Words("play or challenge", "出牌还是质疑"), "ys_challenge": Words("who wins a challenge", "质疑的结果"),
    "ys_draw": Words("drawing and the last card", "摸牌与最后一张"),
    "deal": Words("the deal", "发牌"), "trick_points": Words("points in the tricks", "数分"),
    "count_trumps": Words("counting trumps", "数主牌"), "highest": Words("the highest card", "最大的牌"),
    "calling": Words("who may call", "能不能亮主"), "first_dealer": Words("the first dealer", "定庄"),
    "shape": Words("pairs and tractors", "对子与拖拉机"), "follow_legal": Words("is this follow legal?", "跟牌合法吗"),
    "pick_follow": Words("pick a follow", "选出跟牌"), "trick_winner": Words("who wins the trick", "谁赢这一轮"),
    "next_leader": Words("who leads next", "谁下一轮首出"), "bury": Words("burying the kitty", "扣底"),
    "kitty_score": Words("the kitty's points", "抠底得分"), "last_trick": Words("the last trick", "最后一轮"),
    "level_change": Words("levels gained", "升几级"), "after_hand": Words("after the hand", "一副牌打完以后"),
}

MAP_WORDS = {
    "stars": Words("★ 3 first answers right · ★★ 80% right of 5 or more · ★★★ 90% right of 10 or more",
                   "★ 首次作答答对3题 · ★★ 至少5题，答对80% · ★★★ 至少10题，答对90%"),
    "read": Words("Read", "阅读"), "practise": Words("Practise", "练习"), "rules": Words("Rules", "规则"),
    "start": Words("Start", "开始"),
}


class PathError(PuzzleError):
    """A stage that names a section the book lacks, or a kind the registry lacks."""


@cache
def _page_labels(page: str) -> tuple[tuple[str, str, int], ...]:
    """A page's labels in order: (label, the heading under it, its level), level 0 and no heading for a
    label on a paragraph (a rule's anchor)."""
    lines = (BOOK / f"{page}.md").read_text(encoding="utf-8").splitlines()
    found = []
    for number, line in enumerate(lines[:-1]):
        if label := re.fullmatch(r"\((?P<label>[\w-]+)\)=", line):
            heading = lines[number + 1] if lines[number + 1].startswith("#") else ""
            found.append((label["label"], heading.lstrip("#").strip(), len(heading) - len(heading.lstrip("#"))))
    return tuple(found)


@cache
def _labels() -> dict[str, tuple[str, str, int]]:
    """Every label of the book's pages on a heading: anchor → (page name, the heading, its level)."""
    return {label: (page.stem, heading, level) for page in sorted(BOOK.glob("*.md"))
            for label, heading, level in _page_labels(page.stem) if level}


@cache
def _translations(page: str) -> dict[str, str]:
    """A chapter's translated messages (English → Chinese), from its catalogue."""
    from babel.messages.pofile import read_po

    catalogue_file = CATALOGUES / f"{page}.po"
    if not catalogue_file.is_file():
        return {}
    with catalogue_file.open("rb") as stream:
        catalogue = read_po(stream, locale="zh_CN")
    return {str(m.id): str(m.string) for m in catalogue if m.id and isinstance(m.id, str) and m.string}


def section(anchor: str, lang: str = "en") -> tuple[str, str]:
    """The page (``shengji-trumps``) and the heading of the section ``anchor`` names, in the edition's words."""
    if anchor not in _labels():
        raise PathError(f"no section of the book has the label {anchor!r}")
    page, heading, _level = _labels()[anchor]
    return page, (_translations(page).get(heading, heading) if lang == "zh" else heading)


def chapter_title(page: str, lang: str = "en") -> str:
    """A chapter's title as its edition shows it."""
    title = next((heading for name, heading, level in _labels().values() if name == page and level == 1), None)
    if title is None:
        raise PathError(f"the book has no chapter {page!r} with a labelled title")
    return _translations(page).get(title, title) if lang == "zh" else title


def section_rules(anchor: str) -> tuple[str, ...]:
    """The rule ids a section teaches (the rule anchors under its heading, its subsections' included), in its order."""
    page, _heading, level = _labels()[anchor]
    labels = _page_labels(page)
    start = [label for label, _h, _l in labels].index(anchor)
    rules = []
    for label, _heading, other in labels[start + 1:]:
        if 0 < other <= level:
            break
        if label.startswith("rule-"):
            rules.append(RuleId.parse(label.removeprefix("rule-").upper()).value)
    return tuple(rules)


def stage_rules(stage: Stage) -> tuple[str, ...]:
    """The rule ids a stage's sections teach, in the book's order."""
    return tuple(dict.fromkeys(rule for anchor in stage.sections for rule in section_rules(anchor)))


def _check(stage: Stage) -> None:
    unknown = [kind for kind in stage.kinds if kind not in KIND_RULES or kind not in KIND_NAMES]
    if unknown:
        raise PathError(f"stage {stage.id} names kinds the book has no puzzle or no name for: {', '.join(unknown)}")
    for anchor in stage.sections:
        section(anchor)


def _stage_html(number: int, stage: Stage, lang: str) -> str:
    _check(stage)
    sections = [(anchor, *section(anchor, lang)) for anchor in stage.sections]
    first_page = sections[0][1]
    chapter = chapter_title(first_page, lang)
    reads = " · ".join(f'<a href="{page}.html#{anchor}">{escape(heading)}</a>' for anchor, page, heading in sections)
    kinds = " · ".join(escape(KIND_NAMES[kind](lang)) for kind in stage.kinds)
    rules = " · ".join(f'<a class="cb-path-rule" href="{rule_page(rule).removeprefix("book/")}.html#{rule_anchor(rule)}">'
                       f"{rule}</a>" for rule in stage_rules(stage))
    colon = "：" if lang == "zh" else ": "
    return (f'<li class="cb-path-stage" data-stage="{stage.id}" data-kinds="{" ".join(stage.kinds)}">'
            f'<div class="cb-path-head"><span class="cb-path-stars" data-path-stars>☆☆☆</span> '
            f'<a class="cb-path-name" href="{first_page}.html#{sections[0][0]}">{number}. {escape(stage.name(lang))}</a></div>'
            f'<p class="cb-path-detail"><span class="cb-path-chapter">{escape(chapter)}</span>{colon}{reads}</p>'
            f'<p class="cb-path-detail">{MAP_WORDS["practise"](lang)}{colon}{kinds}</p>'
            f'<p class="cb-path-detail cb-path-rules">{MAP_WORDS["rules"](lang)}{colon}{rules}</p>'
            f'<p class="cb-path-count" data-path-count></p></li>')


@cache
def _map_style() -> str:
    """The map's stylesheet (``widgets/static/path.css``), drawn with it wherever it shows."""
    return (Path(__file__).parent.parent / "static" / "path.css").read_text(encoding="utf-8")


def path_map(lang: str | None = None) -> str:
    """The map of both games' paths as HTML, in ``lang`` (the edition's, by default): the stages in order,
    each with its sections, kinds and rules; the stars and "continue" are the page script's to fill in."""
    lang = lang or reader_lang()
    levels = json.dumps([[level.right, level.answered, level.share] for level in STAR_LEVELS])
    games = []
    for game, name in GAMES.items():
        stages = [stage for stage in STAGES if stage.game == game]
        first = stages[0]
        games.append(
            f'<div class="cb-path-game" data-game="{game}"><p class="cb-path-title"><span class="cb-path-name-game">{escape(name(lang))}</span>'
            f' <a class="cb-path-continue" data-path-continue href="{section(first.sections[0])[0]}.html#{first.sections[0]}">'
            f'{MAP_WORDS["start"](lang)}{"：" if lang == "zh" else ": "}{escape(first.name(lang))} →</a></p>'
            f'<ol class="cb-path-stages">{"".join(_stage_html(n, s, lang) for n, s in enumerate(stages, 1))}</ol></div>')
    return (f"<style>{_map_style()}</style><div class=\"cb-path\" data-cardbook-path data-star-levels='{levels}' data-lang=\"{lang}\">"
            f'<p class="cb-path-key">{escape(MAP_WORDS["stars"](lang))}</p>{"".join(games)}</div>')
