"""A tutor's session: one 升级 hand or one 一上一下 game against practice bots, JSON in, JSON out.

``TutorSession.start(options)`` deals (options: ``game`` "shengji" or "yishang", ``seed``,
``ruleset`` (a preset: "shengji" / "shuangsheng"; "yishang" / "yishang-fewest"), ``opponents``
1-3 for 一上一下, ``sparring`` the bots' level, "easy" (the default) or "strong",
:class:`cardlib.levels.Level`: the bots at the table and the hints play at it); ``session.handle(message)`` answers every message with the whole view:

- ``{"type": "start", ...options}``: deal again with these options (the others kept);
- ``{"type": "act", "cards": ["SA", ...], "claim": "8", "choice": "challenge" | "stand"}``: the
  reader's move (升级: a call, an empty one to pass, the burial, a play; 一上一下: one card, with a
  claim when it goes face down, or a decision on another's face-down card);
- ``{"type": "hint"}``: the practice bot's choice in the reader's seat and why (counted);
- ``{"type": "undo"}``: take back the reader's last move (counted);
- ``{"type": "again"}``: the same deal from the start (counters reset);
- ``{"type": "view"}``: the view as it is.

A move the rules refuse leaves the game unchanged and the engine's reason in ``view["status"]``;
a message the tutor cannot read raises :class:`TutorError` (a ``ValueError``).  Everything is
decided by :mod:`cardlib`; the same options give the same deal and the same bots' moves.  Pure
Python: it imports in Pyodide (no widget library).

>>> session = TutorSession.start({"game": "yishang", "seed": 4, "opponents": 1})
>>> view = session.handle({"type": "hint"})
>>> view["state"], view["turn"], view["counters"], bool(view["hint"]["reason"]["en"])
('playing', 'you', {'hints': 1, 'undos': 0}, True)
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, get_args

from cardlib.errors import CardlibError
from cardlib.levels import Level

from .common import TutorError, View, message_cards, seed_of, text
from .shengji_table import ShengjiTutor
from .yishang_table import YishangTutor

__all__ = ["TutorError", "TutorSession"]

_OPTIONS = ("game", "seed", "ruleset", "opponents", "sparring")
_DEFAULT_RULESET = {"shengji": "shengji", "yishang": "yishang"}
#: The messages a session answers (their ``type``, as the front end sends it).
MessageType: TypeAlias = Literal["start", "act", "hint", "undo", "again", "view"]
_TYPES: tuple[MessageType, ...] = get_args(MessageType)


def _table(options: dict[str, Any]) -> ShengjiTutor | YishangTutor:
    unknown = set(options) - set(_OPTIONS)
    if unknown:
        raise TutorError(f"unknown tutor option(s) {', '.join(sorted(unknown))}: options are {', '.join(_OPTIONS)}")
    game = options.get("game", "shengji")
    if game not in _DEFAULT_RULESET:
        raise TutorError(f"a tutor plays \"shengji\" (升级) or \"yishang\" (一上一下), not {game!r}")
    seed = seed_of(options.get("seed", 0))
    ruleset = options.get("ruleset") or _DEFAULT_RULESET[game]
    try:
        level = Level.parse(options.get("sparring") or Level.EASY.value)
    except CardlibError as error:
        raise TutorError(str(error)) from None
    if game == "shengji":
        return ShengjiTutor(seed, ruleset, level)
    return YishangTutor(seed, ruleset, options.get("opponents", 2), level)


class TutorSession:
    """The reader's game and the counters of hints and take-backs; see the module docstring."""

    def __init__(self, table: ShengjiTutor | YishangTutor) -> None:
        self.table = table
        self.hints = 0
        self.undos = 0
        self.serial = 0
        self._status: dict[str, Any] | None = None
        self._hint: dict[str, Any] | None = None

    @classmethod
    def start(cls, options: dict[str, Any] | None = None) -> TutorSession:
        """A session dealt from ``options`` (see the module docstring)."""
        if options is not None and not isinstance(options, dict):
            raise TutorError(f"a tutor's options are a dict such as {{\"game\": \"shengji\", \"seed\": 3}}, not {options!r}")
        return cls(_table(dict(options or {})))

    def handle(self, message: dict[str, Any]) -> View:
        """Answer one message with the whole view (see the module docstring)."""
        if not isinstance(message, dict) or message.get("type") not in _TYPES:
            raise TutorError(f"a tutor message is a dict whose type is one of {', '.join(_TYPES)}, not {message!r}")
        kind: MessageType = message["type"]
        if kind == "start":
            options = {**self.table.start_options(), **{k: v for k, v in message.items() if k != "type"}}
            self.table = _table(options)
            self._reset()
        elif kind == "again":
            self.table.restart()
            self._reset()
        elif kind == "hint":
            self._hint = self.table.hint()
            self.hints += 1
        elif kind == "undo":
            if not self.table.undo():
                self._status = {"rule": "", **text("There is no move of yours to take back yet.",
                                                    "还没有可以悔的棋：你还没出过牌。")}
            else:
                self.undos += 1
                self._status = self._hint = None
        elif kind == "act":
            self._act(message)
        self.serial += 1
        return self.view()

    def _reset(self) -> None:
        self.hints = self.undos = 0
        self._status = self._hint = None

    def _act(self, message: dict[str, Any]) -> None:
        if self.table.over:
            raise TutorError("the game is over: play the deal again or deal another")
        cards = message_cards(message)
        if isinstance(self.table, YishangTutor):
            claim, choice = message.get("claim"), message.get("choice")
            if claim is not None and not isinstance(claim, str):
                raise TutorError(f"a claim is a rank such as \"8\" or \"K\", not {claim!r}")
            if choice is not None and choice not in ("challenge", "stand"):
                raise TutorError(f"a decision on a face-down card is \"challenge\" or \"stand\", not {choice!r}")
            refused = self.table.act(cards, claim, choice)
        else:
            refused = self.table.act(cards)
        self._status = refused
        if refused is None:
            self._hint = None

    def view(self) -> View:
        """Everything the table draws, JSON-ready."""
        table = self.table
        over = table.over
        options = table.start_options()
        return {
            "serial": self.serial, **options, "you": 0,
            "ruleset_label": table.ruleset_label(), "names": table.names(),
            "rulesets": [{"id": key, "label": label, "short": table.short[key]} for key, label in table.rulesets.items()],
            "sparring_levels": [{"id": level.value, "label": text(level.label.en, level.label.zh),
                                 "about": text(level.about.en, level.about.zh)} for level in Level],
            "state": "over" if over else "playing", "turn": None if over else "you",
            "decision": table.decision(), "table": table.table(),
            "status": self._status, "hint": self._hint,
            "counters": {"hints": self.hints, "undos": self.undos}, "can_undo": bool(table.moves),
            "review": {**table.review(), "hints": self.hints, "undos": self.undos} if over else None,
            "link": f"#deal={options['game']}:{options['seed']}",
        }
