"""The puzzle spec: JSON-ready data the engine computes once, the browser only looks up.

A spec holds the position, the question, every possible answer with its verdict under
each ruleset, the correct answers, and the engine's reasons (rule id, English, Chinese)
with a link target per rule id (a reason's ``notes``, if any, are what a reader may open behind its
main sentence: see :func:`note_entry`), and ``rules``: every register id those reasons and notes cite, under
any ruleset (sorted), so a chapter can ask which puzzles exercise a rule.  Verdicts are stored compactly: each ruleset maps every
answer to ``[ok, reason index]`` into one shared ``reasons`` table.  A wrong answer of several
parts (``fields``) maps to ``[false, [index, ...]]``: one reason per wrong part, each its own
sentence citing its own rule, shown one after another (:func:`verdict_of` joins them).

Rules: every verdict cites a rule id of the register (``cardlib.rule_ids.RuleId``).

>>> from cardlib.explain import Reason
>>> from cardlib.rule_ids import RuleId
>>> b = SpecBuilder("follow_legal", seed=3, difficulty="easy", rulesets=[SHENGJI_RULESETS[0]])
>>> b.add_answer("yes", {"en": "Legal", "zh": "合法"},
...              {"shengji": (True, Reason(RuleId.SJ_9, "Fine.", "可以。"))})
>>> spec = b.build(position={}, question={"en": "Legal?", "zh": "合法吗？"}, input_type="choice")
>>> spec["correct"], spec["reasons"][0]["anchor"], spec["rules"]
({'shengji': ['yes']}, 'rule-sj-9', ['SJ-9'])

>>> b = SpecBuilder("deal", seed=0, difficulty="easy", rulesets=[SHENGJI_RULESETS[0]])
>>> b.add_answer("1|1", None, {"shengji": (False, [Reason(RuleId.SJ_1, "Partner: no.", "对家：不对。"),
...                                                   Reason(RuleId.SJ_2, "Kitty: no.", "底牌：不对。")])})
>>> b.add_answer("2|0", None, {"shengji": (True, Reason(RuleId.SJ_2, "Right.", "对。"))})
>>> spec = b.build(position={}, question={"en": "?", "zh": "？"}, input_type="fields")
>>> spec["verdicts"]["shengji"][0], verdict_of(spec, "shengji", "1|1")[1]["en"]
([False, [0, 1]], 'Partner: no. Kitty: no.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, get_args

from cardlib.errors import CardlibError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId

SPEC_VERSION = 1
#: Every kind of puzzle (a spec's ``kind``, as addresses ``#puzzle=<kind>:<seed>`` and the front ends name it;
#: :data:`widgets.puzzles.registry.KINDS` maps each to its generator).
PuzzleKind: TypeAlias = Literal[
    "follow_legal", "pick_follow", "trick_winner", "shape", "highest", "kitty_score", "last_trick", "level_change",
    "calling", "first_dealer", "deal", "next_leader", "after_hand", "trick_points", "count_trumps", "bury",
    "lead_legal", "throw", "ys_challenge", "ys_state", "ys_deal", "ys_first_player", "ys_action", "ys_draw",
    "give_points", "endgame"]
#: How hard a puzzle is (a spec's ``difficulty``; ``seed % 3`` names it).
Difficulty: TypeAlias = Literal["easy", "normal", "hard"]
#: How a puzzle is answered (a spec's ``input``, which the front ends and class mode read).
InputType: TypeAlias = Literal["choice", "cards", "number", "fields"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)
INPUT_TYPES: tuple[InputType, ...] = get_args(InputType)

#: The book page (path from the book root, no suffix) whose anchor ``rule-<id>`` teaches each
#: rule id: one entry per register id, from the lead's page plan (``tests/book`` checks the anchors).
RULE_PAGES: dict[str, str] = {
    "YS-1": "book/yishang", "YS-2": "book/yishang", "YS-3": "book/yishang", "YS-4": "book/yishang",
    "YS-5": "book/yishang", "YS-6": "book/yishang", "YS-7": "book/yishang", "YS-8": "book/yishang",
    "YS-9": "book/yishang", "YS-10": "book/yishang", "YS-11": "book/yishang", "YS-12": "book/yishang",
    "YS-13": "book/yishang", "YS-14": "book/yishang", "YS-15": "book/yishang", "YS-16": "book/yishang",
    "YS-E1": "book/yishang", "YS-E2": "book/yishang",
    "SJ-1": "book/shengji", "SJ-2": "book/shengji", "SJ-11": "book/shengji", "SS-E1": "book/shengji",
    "SJ-4": "book/shengji-trumps", "SJ-5": "book/shengji-trumps",
    "SJ-7": "book/shengji-dealing", "SG-1": "book/shengji-dealing",
    "SS-1": "book/shengji-dealing", "SG-2": "book/shengji-dealing", "SS-2": "book/shengji-dealing",
    "SG-3": "book/shengji-dealing", "SS-3": "book/shengji-dealing", "SG-9": "book/shengji-dealing",
    "SS-9": "book/shengji-dealing", "SS-E3": "book/shengji-dealing",
    "SJ-6": "book/shengji-playing", "SJ-8": "book/shengji-playing", "SJ-9": "book/shengji-playing",
    "SJ-10": "book/shengji-playing", "SG-4": "book/shengji-playing", "SS-4": "book/shengji-playing",
    "SG-5": "book/shengji-playing", "SS-5": "book/shengji-playing", "C-1": "book/shengji-playing",
    "C-4": "book/shengji-playing", "C-7": "book/shengji-playing", "C-5": "book/shengji-playing", "SG-E3": "book/shengji-playing",
    "SJ-3": "book/shengji-scoring", "SJ-12": "book/shengji-scoring", "SJ-13": "book/shengji-scoring",
    "SG-6": "book/shengji-scoring", "SS-6": "book/shengji-scoring", "SG-7": "book/shengji-scoring",
    "SS-7": "book/shengji-scoring", "SG-8": "book/shengji-scoring", "SS-8": "book/shengji-scoring",
    "C-2": "book/shengji-scoring", "C-6": "book/shengji-scoring", "SG-E1": "book/shengji-scoring",
    "SG-E2": "book/shengji-scoring", "SS-E2": "book/shengji-scoring",
    "C-3": "book/variants",
}


class PuzzleError(CardlibError):
    """A puzzle request that cannot be met: an unknown kind, difficulty or seed."""


def as_difficulty(value: object) -> Difficulty:
    """``value`` as a :data:`Difficulty`, or a :class:`PuzzleError` naming the three."""
    for difficulty in DIFFICULTIES:
        if value == difficulty:
            return difficulty
    raise PuzzleError(f"unknown difficulty {value!r}: expected one of {', '.join(DIFFICULTIES)}")


def rule_anchor(rule: RuleId | str) -> str:
    """The book anchor of a rule id (``SJ-9`` → ``rule-sj-9``)."""
    return f"rule-{str(rule).lower()}"


def rule_page(rule: RuleId | str) -> str:
    """The page that teaches a rule (``SJ-9`` → ``book/shengji-playing``)."""
    return RULE_PAGES[RuleId.parse(str(rule)).value]


@dataclass(frozen=True, slots=True)
class RulesetChoice:
    """One ruleset a puzzle is graded under: a preset plus optional variant fields."""

    id: str
    preset: str
    label_en: str
    label_zh: str
    variant: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "preset": self.preset, "variant": dict(self.variant),
                "label": {"en": self.label_en, "zh": self.label_zh}}


#: The two Shengji presets; puzzles add a variant where one grades differently.
SHENGJI_RULESETS: tuple[RulesetChoice, ...] = (
    RulesetChoice("shengji", "shengji", "四人升级 guide (SG)", "《四人升级》指南（SG）"),
    RulesetChoice("shuangsheng", "shuangsheng", "双升 guide (SS)", "《双升》指南（SS）"),
)
YISHANG_RULESETS: tuple[RulesetChoice, ...] = (
    RulesetChoice("yishang", "yishang", "一上一下 rules", "一上一下规则"),
)


def reason_entry(reason: Reason) -> dict[str, Any]:
    """A reason as stored in a spec: rule id, both sentences, the page and the anchor, and
    ``chips``: per language, the card groups the sentence names, in order, as card codes.

    The sentences already write each group as players do (``♠K ♠K``, ``big joker``); the front
    end finds each group's text in its sentence and draws it as card chips.  (A spec keeps only
    the codes, not :meth:`Reason.to_dict`'s ``parts``, which would repeat every sentence.)

    >>> from cardlib.cards import parse_cards
    >>> entry = reason_entry(Reason.make(RuleId.SJ_9, "{a} beats {b}.", "{a}大于{b}。", a=parse_cards("BJ"),
    ...                                  b=parse_cards("SA SA")))
    >>> entry["en"], entry["chips"]
    ('big joker beats ♠A ♠A.', {'en': [['BJ'], ['SA', 'SA']]})
    """
    reason = reason.capitalised()  # a verdict opens a sentence (many start with a player's or a card's name)
    entry: dict[str, Any] = {"rule": reason.rule.value, "en": reason.en, "zh": reason.zh}
    chips = {lang: [part["cards"] for part in reason.parts(lang) if isinstance(part, dict) and "cards" in part]
             for lang in ("en", "zh")}
    if chips["en"] or chips["zh"]:  # the Chinese groups only where they differ (a front end reads "en" then)
        entry["chips"] = chips if chips["zh"] != chips["en"] else {"en": chips["en"]}
    entry["page"] = rule_page(reason.rule)
    entry["anchor"] = rule_anchor(reason.rule)
    notes = reason.all_notes()
    if notes:
        entry["notes"] = [note_entry(note) for note in notes]
    return entry


def note_entry(note: Reason) -> dict[str, Any]:
    """A note behind a verdict (``Reason.notes``: a convention, an erratum, an SG / SS difference that
    bears on this position) as a spec stores it: rule id, both sentences, page and anchor.  A front end
    shows a reason's ``notes`` behind a closed "Why, and where the sources stand" disclosure, after the
    main sentence (``en`` / ``zh``), which alone says the fact that decides.

    >>> note_entry(Reason(RuleId.C_1, "Equal plays: the first wins.", "一样大时先出者胜。"))["anchor"]
    'rule-c-1'
    """
    return {"rule": note.rule.value, "en": note.en, "zh": note.zh, "page": rule_page(note.rule),
            "anchor": rule_anchor(note.rule)}


class SpecBuilder:
    """Collects answers and their per-ruleset verdicts, then builds the JSON-ready spec."""

    def __init__(self, kind: PuzzleKind, *, seed: int, difficulty: Difficulty,
                 rulesets: tuple[RulesetChoice, ...] | list[RulesetChoice]) -> None:
        if difficulty not in DIFFICULTIES:
            raise PuzzleError(f"unknown difficulty {difficulty!r}: expected one of {', '.join(DIFFICULTIES)}")
        self.kind = kind
        self.seed = seed
        self.difficulty = difficulty
        self.rulesets = tuple(rulesets)
        self._answers: list[dict[str, Any]] = []
        self._verdicts: dict[str, list[list[Any]]] = {r.id: [] for r in self.rulesets}
        self._reasons: list[dict[str, Any]] = []
        self._reason_index: dict[tuple[str, str, str, str], int] = {}
        self._otherwise: dict[str, int] = {}

    def _intern(self, reason: Reason) -> int:
        reason = reason.sentence()  # what a reader sees under an answer is a sentence: a capital, a full stop
        key = (reason.rule.value, reason.en, reason.zh, reason.notes_text("en"))
        index = self._reason_index.get(key)
        if index is None:
            index = self._reason_index[key] = len(self._reasons)
            self._reasons.append(reason_entry(reason))
        return index

    def add_answer(self, key: str, label: Mapping[str, str] | None,
                   verdicts: Mapping[str, tuple[bool, Reason | Sequence[Reason]]]) -> None:
        """One possible answer and its verdict ``(ok, reason)`` under every ruleset; a wrong answer of
        several parts may give a list of reasons, one per wrong part."""
        missing = {r.id for r in self.rulesets} - set(verdicts)
        if missing:
            raise PuzzleError(f"answer {key!r} has no verdict under {', '.join(sorted(missing))}")
        answer: dict[str, Any] = {"key": key}
        if label is not None:
            answer["label"] = dict(label)
        self._answers.append(answer)
        for ruleset in self.rulesets:
            ok, reason = verdicts[ruleset.id]
            if isinstance(reason, Reason):
                self._verdicts[ruleset.id].append([bool(ok), self._intern(reason)])
            else:
                # a reason two wrong parts share (the same rule's why) is said once, where it first bears
                self._verdicts[ruleset.id].append([bool(ok), list(dict.fromkeys(self._intern(r) for r in reason))])

    def set_otherwise(self, reasons: Mapping[str, Reason]) -> None:
        """The reason shown, per ruleset, for an answer not in the list (a typed number, ...)."""
        self._otherwise = {r.id: self._intern(reasons[r.id]) for r in self.rulesets}

    def build(self, *, position: Mapping[str, Any], question: Mapping[str, str], input_type: InputType,
              features: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None
              ) -> dict[str, Any]:
        """The finished spec; ``extra`` carries input details (``pick`` count, ``fields``, ...)."""
        if input_type not in INPUT_TYPES:
            raise PuzzleError(f"unknown input type {input_type!r}")
        correct = {rid: [a["key"] for a, (ok, _r) in zip(self._answers, rows) if ok]
                   for rid, rows in self._verdicts.items()}
        for rid, keys in correct.items():
            if not keys:
                raise PuzzleError(f"{self.kind} seed {self.seed}: no correct answer under {rid}")
        grades = {tuple(ok for ok, _r in rows) for rows in self._verdicts.values()}
        rules = sorted({reason["rule"] for reason in self._reasons}
                       | {note["rule"] for reason in self._reasons for note in reason.get("notes", ())})
        spec: dict[str, Any] = {
            "version": SPEC_VERSION,
            "kind": self.kind,
            "seed": self.seed,
            "id": f"{self.kind}:{self.seed}",
            "difficulty": self.difficulty,
            "features": dict(features or {}),
            "position": dict(position),
            "question": dict(question),
            "input": input_type,
            "rulesets": [r.to_dict() for r in self.rulesets],
            "differs": len(grades) > 1,
            "answers": self._answers,
            "verdicts": self._verdicts,
            "correct": correct,
            "reasons": self._reasons,
            "rules": rules,
        }
        if self._otherwise:
            spec["otherwise"] = self._otherwise
        spec.update(extra or {})
        return spec


def verdict_of(spec: Mapping[str, Any], ruleset: str, key: str) -> tuple[bool, dict[str, str]] | None:
    """Grade one answer by lookup, as the front end does.

    A key that is not listed is wrong, with the spec's ``otherwise`` reason; ``None`` if the
    spec has none (a key that cannot be an answer at all, e.g. a card not in the hand).
    """
    for index, answer in enumerate(spec["answers"]):
        if answer["key"] == key:
            ok, reason = spec["verdicts"][ruleset][index]
            if isinstance(reason, list):
                return ok, joined_reason([spec["reasons"][r] for r in reason])
            return ok, spec["reasons"][reason]
    if "otherwise" in spec:
        return False, spec["reasons"][spec["otherwise"][ruleset]]
    return None


def joined_reason(reasons: list[dict[str, Any]]) -> dict[str, Any]:
    """The reasons of a several-part answer as one: the first part's rule, page and anchor, the
    sentences one after another, and the parts themselves under ``reasons``."""
    first = reasons[0]
    joined = {"rule": first["rule"], "page": first["page"], "anchor": first["anchor"],
              "en": " ".join(r["en"] for r in reasons), "zh": "".join(r["zh"] for r in reasons),
              "reasons": reasons}
    notes = list({(n["rule"], n["en"]): n for r in reasons for n in r.get("notes", ())}.values())
    if notes:
        joined["notes"] = notes
    return joined
