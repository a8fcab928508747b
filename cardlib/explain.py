"""Reasons as data: every verdict the engine gives cites a rule id, in English and Chinese.

A :class:`Reason` keeps its rule id, one sentence template per language and the parameters
the sentence speaks of (cards, seats, players, suits, ranks, numbers, other reasons).  Its
English and Chinese text are rendered from them in the players' own notation (see
:mod:`cardlib.words`), and :meth:`Reason.parts` gives the same sentence with the cards left
as cards, so a front end can draw them as card chips.

>>> from cardlib.cards import parse_cards
>>> r = Reason.make(RuleId.SJ_9, "{seat} played {play}.", "{seat}出了{play}。",
...                 seat=Seat(2), play=parse_cards("DJ DJ"))
>>> print(r)
SJ-9: North played ♦J ♦J.
>>> r.zh
'北家出了♦J ♦J。'
>>> r.parts("en")
[{'seat': 2, 'text': 'North'}, ' played ', {'cards': ['DJ', 'DJ'], 'text': '♦J ♦J'}, '.']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, Union, runtime_checkable

from .cards import Card, Rank, Suit
from .errors import CardlibError
from .result import Result, short
from .rule_ids import RuleId
from .words import card_text, cards_text, is_zh, player_name, rank_word, seat_name, suit_word


@runtime_checkable
class Bilingual(Protocol):
    """Anything that names itself in both languages (a shape, an effective suit, ...)."""

    @property
    def en(self) -> str: ...

    @property
    def zh(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards a sentence speaks of, in the order shown (drawn as chips by a front end)."""

    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card]) -> None:
        object.__setattr__(self, "cards", tuple(cards))


@dataclass(frozen=True, slots=True)
class Seat:
    """A Shengji seat (0-3 in playing order), named by its place at the table: South, East, ..."""

    index: int


@dataclass(frozen=True, slots=True)
class Player:
    """A 一上一下 player (0-3 in turn order), named A, B, C, D / 甲, 乙, 丙, 丁."""

    index: int


@dataclass(frozen=True, slots=True)
class Words:
    """A phrase given in both languages."""

    en: str
    zh: str


Param: TypeAlias = Union[Cards, Card, Seat, Player, Suit, Rank, int, str, Words, "Reason", Bilingual]
Part: TypeAlias = str | dict[str, Any]

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


_PLACEHOLDERS: dict[str, frozenset[str]] = {}
#: Each reason's parts and sentence per language (True: Chinese), rendered once: puzzle specs render
#: the same reasons many times over.  Bounded, like the template caches.
_RENDERED: dict[tuple[Reason, bool], list[Part]] = {}
_TEXTS: dict[tuple[Reason, bool], str] = {}
_RENDERED_LIMIT = 65536
_CHECKED: set[tuple[str, str, tuple[str, ...]]] = set()
_CACHE_LIMIT = 4096


def _placeholders(template: str) -> frozenset[str]:
    """The parameter names a template uses, read once per template (reasons are made on hot paths)."""
    names = _PLACEHOLDERS.get(template)
    if names is None:
        if len(_PLACEHOLDERS) >= _CACHE_LIMIT:  # templates built with numbers in them: keep it bounded
            _PLACEHOLDERS.clear()
        names = _PLACEHOLDERS[template] = frozenset(_PLACEHOLDER.findall(template))
    return names


class ReasonError(CardlibError):
    """A reason template that names a parameter it was not given (an engine bug, not bad input)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the engine decided something: the deciding rule and one sentence per language.

    The sentences are templates whose ``{name}`` placeholders are filled from ``params``
    in the reader's notation.  ``str(reason)`` is the English form used by
    ``python -m cardlib check``: ``"SJ-9: ..."``.
    """

    rule: RuleId
    template_en: str
    template_zh: str
    params: tuple[tuple[str, Param], ...] = ()
    #: What a reader may open behind the main sentence ("Why, and where the sources stand"): the
    #: conventions, errata and SG / SS differences that bear on this position, each a reason citing
    #: its own rule id.  The main sentence says the fact that decides; a note never repeats it.
    notes: tuple[Reason, ...] = ()

    def __post_init__(self) -> None:
        for name, value in self.params:
            if value is True or value is False:
                raise ReasonError(f"{self.rule.value}: parameter {name} is a bool; say it in words")
        key = (self.template_en, self.template_zh, tuple(name for name, _value in self.params))
        if key in _CHECKED:  # reasons are made on hot paths: each template and its names are checked once
            return
        names = set(key[2])
        for template in (self.template_en, self.template_zh):
            missing = _placeholders(template) - names
            if missing:
                raise ReasonError(f"{self.rule.value}: the sentence {template!r} names "
                                  f"{', '.join(sorted(missing))}, which it was not given")
        if len(_CHECKED) >= _CACHE_LIMIT:
            _CHECKED.clear()
        _CHECKED.add(key)

    @classmethod
    def make(cls, rule: RuleId, en: str, zh: str, /, **params: Param | Iterable[Card]) -> Reason:
        """A reason from its two templates and named parameters (a list of cards becomes :class:`Cards`)."""
        return cls(rule, en, zh, tuple((name, _as_param(value)) for name, value in params.items()))

    def with_notes(self, *notes: Reason | None) -> Reason:
        """This reason with ``notes`` added behind it (``None`` is skipped, a note given twice kept once).

        >>> main = Reason(RuleId.SJ_10, "North wins.", "北家赢。")
        >>> note = Reason(RuleId.C_1, "Equal plays: the first wins.", "一样大时先出者胜。")
        >>> [n.rule.value for n in main.with_notes(note, None, note).all_notes()]
        ['C-1']
        """
        added = tuple(n for n in notes if n is not None)
        if not added:
            return self
        return Reason(self.rule, self.template_en, self.template_zh, self.params,
                      tuple(dict.fromkeys(self.notes + added)))

    def sentence(self) -> Reason:
        """This reason as a sentence of its own: its first English letter capitalised and a full stop at the
        end of each language (``。`` in Chinese), unless one is there.  The notes stay with it.

        >>> Reason.make(RuleId.YS_5, "{p} plays next", "轮到{p}", p=Player(1)).sentence().en
        'Player B plays next.'
        """
        first = self.capitalised()
        en, zh = first.template_en.rstrip(), first.template_zh.rstrip()
        if not self.render("en").rstrip().endswith((".", "!", "?")):
            en += "."
        if not self.render("zh").rstrip().endswith(("。", "！", "？")):
            zh = zh.rstrip("，；：") + "。"
        if (en, zh, first.params) == (self.template_en, self.template_zh, self.params):
            return self
        return Reason(self.rule, en, zh, first.params, self.notes)

    def capitalised(self) -> Reason:
        """This reason with its first English letter capitalised (in the template, or in the player,
        words or reason it starts with)."""
        en, params = self.template_en, dict(self.params)
        skip = 0  # placeholders that say nothing in English ("{the}{cards}", the first empty) come before the first word
        while (head := _PLACEHOLDER.match(en, skip)) is not None and isinstance(params[head.group(1)], Words) \
                and not params[head.group(1)].en:  # type: ignore[union-attr]
            skip = head.end()
        if head is None:
            en = en[:skip] + en[skip:skip + 1].upper() + en[skip + 1:]
        else:
            name = head.group(1)
            value = params[name]
            first: Param | None = None
            if isinstance(value, Player):
                word = player_name(value.index, "en")
                first = Words(word[:1].upper() + word[1:], player_name(value.index, "zh"))
            elif isinstance(value, Reason):
                first = value.capitalised()
            elif isinstance(value, Words):
                first = Words(value.en[:1].upper() + value.en[1:], value.zh)
            if first is not None:  # only the first mention is capitalised: "Player C and player D … player C"
                params[f"{name}_capital"] = first
                en = en[:head.start()] + f"{{{name}_capital}}" + en[head.end():]
        return Reason(self.rule, en, self.template_zh, tuple(params.items()), self.notes)

    def all_notes(self) -> tuple[Reason, ...]:
        """The notes of this reason and of every reason nested in its sentence, each once, in order."""
        found: list[Reason] = list(self.notes)
        for _name, value in self.params:
            if isinstance(value, Reason):
                found += value.all_notes()
        return tuple(dict.fromkeys(found))

    def notes_text(self, lang: str = "en") -> str:
        """The notes in ``lang``, each sentence after its rule id (``""`` when there are none)."""
        return " ".join(f"({note.rule.value}) {note.render(lang)}" for note in self.all_notes())

    @property
    def en(self) -> str:
        """The English sentence, with every parameter written as players write it."""
        return self.render("en")

    @property
    def zh(self) -> str:
        """The Chinese sentence, with every parameter written as players write it."""
        return self.render("zh")

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"`` or ``"zh"``), without the rule id."""
        key = (self, is_zh(lang))
        try:
            text = _TEXTS.get(key)
        except TypeError:  # as in parts()
            return "".join(p if isinstance(p, str) else p["text"] for p in self.parts(lang))
        if text is None:
            if len(_TEXTS) >= _RENDERED_LIMIT:
                _TEXTS.clear()
            text = _TEXTS[key] = "".join(p if isinstance(p, str) else p["text"] for p in self.parts(lang))
        return text

    def parts(self, lang: str = "en") -> list[Part]:
        """The sentence as text pieces and parameter pieces; a card piece keeps its cards.

        Parameter pieces are dicts with the rendered ``text`` and, for cards, ``cards``
        (the canonical codes a front end draws as card chips), for seats ``seat`` and for
        players ``player``.  Each reason is rendered once per language (a reason is a value:
        its sentence never changes), and every call gets a copy of its own.
        """
        zh = is_zh(lang)
        key = (self, zh)
        try:
            rendered = _RENDERED.get(key)
        except TypeError:  # a parameter that cannot be hashed (a mutable Bilingual): rendered each time
            return self._render_parts("zh" if zh else "en")
        if rendered is None:
            if len(_RENDERED) >= _RENDERED_LIMIT:
                _RENDERED.clear()
            rendered = _RENDERED[key] = self._render_parts("zh" if zh else "en")
        return [part if isinstance(part, str) else dict(part) for part in rendered]

    def _render_parts(self, lang: str) -> list[Part]:
        template = self.template_zh if is_zh(lang) else self.template_en
        values = dict(self.params)
        parts: list[Part] = []
        position = 0
        for match in _PLACEHOLDER.finditer(template):
            if match.start() > position:
                parts.append(template[position:match.start()])
            value = values[match.group(1)]
            if isinstance(value, Reason):
                parts.extend(value._render_parts(lang))
            else:
                parts.append(_part(value, lang))
            position = match.end()
        if position < len(template):
            parts.append(template[position:])
        return _merge_text(parts)

    def __str__(self) -> str:
        return f"{self.rule.value}: {self.en}"

    def __repr__(self) -> str:
        """One short line: ``<Reason SJ-9: The lead ♥A ♥A is a pair …>`` (``.en`` / ``.zh`` say it all)."""
        return f"<Reason {short(str(self))}>"

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"`` or ``"zh"``), prefixed with the rule id."""
        return f"{self.rule.value}: {self.render(lang)}"

    def cards(self) -> list[Card]:
        """Every card the reason speaks of, in order (nested reasons included)."""
        found: list[Card] = []
        for _name, value in self.params:
            if isinstance(value, Reason):
                found += value.cards()
            elif isinstance(value, Cards):
                found += value.cards
            elif isinstance(value, Card):
                found.append(value)
        return found

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (used by puzzle specs): rule id, both sentences, and the parts of
        each sentence when it shows cards (so a front end can draw them)."""
        entry: dict[str, Any] = {"rule": self.rule.value, "en": self.en, "zh": self.zh}
        if self.cards():
            entry["parts"] = {"en": self.parts("en"), "zh": self.parts("zh")}
        notes = self.all_notes()
        if notes:
            entry["notes"] = [note.to_dict() for note in notes]
        return entry

    def _repr_html_(self) -> str:
        """A notebook shows a reason as a quotation in both languages (drawn by :mod:`.render`)."""
        from .render import reason_html

        return reason_html(self)


@dataclass(frozen=True, slots=True, repr=False)
class Verdict(Result[bool]):
    """A yes/no :class:`~cardlib.result.Result`: ``ok`` (the value) and the reason that decided it.

    >>> Verdict(False, Reason(RuleId.SJ_9, "A pair must be followed by a pair.", "对子须跟对子。"))
    <Verdict ✗ · SJ-9: A pair must be followed by a pair.>
    """

    def __bool__(self) -> bool:
        return self.value

    @property
    def ok(self) -> bool:
        """Whether it is allowed (the result's value)."""
        return self.value

    def shown(self, lang: str = "en") -> str:
        return "✓" if self.value else "✗"

    def _repr_html_(self) -> str:
        """A notebook shows the verdict (allowed / not allowed) above the reason."""
        from .render import verdict_html

        return verdict_html(self)


def _as_param(value: Param | Iterable[Card]) -> Param:
    if isinstance(value, (list, tuple)):
        return Cards(value)
    return value  # type: ignore[return-value]


def _part(value: Param, lang: str) -> Part:
    if isinstance(value, Cards):
        return {"cards": [str(c) for c in value.cards], "text": cards_text(value.cards, lang)}
    if isinstance(value, Card):
        return {"cards": [str(value)], "text": card_text(value, lang)}
    if isinstance(value, Seat):
        return {"seat": value.index, "text": seat_name(value.index, lang)}
    if isinstance(value, Player):
        return {"player": value.index, "text": player_name(value.index, lang)}
    if isinstance(value, Suit):
        return suit_word(value, lang)
    if isinstance(value, Rank):
        return rank_word(value, lang)
    if isinstance(value, Words) or _names_itself(value):  # before str: an effective suit is a str-valued Enum
        return value.zh if is_zh(lang) else value.en  # type: ignore[union-attr]
    return str(value)


def _names_itself(value: object) -> bool:
    """Whether ``value`` is :class:`Bilingual`, asked of its class (a runtime protocol check is slow,
    and rendering asks it of every parameter)."""
    kind = type(value)
    return hasattr(kind, "en") and hasattr(kind, "zh")


def _merge_text(parts: list[Part]) -> list[Part]:
    merged: list[Part] = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        elif part != "":
            merged.append(part)
    return merged
