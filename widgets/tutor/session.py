"""A tutor's session: one 升级 hand or one 一上一下 game against practice bots, JSON in, JSON out.

``TutorSession.start(options)`` deals (options: ``game`` "shengji" or "yishang", ``seed``,
``ruleset`` (a preset: "shengji" / "shuangsheng"; "yishang" / "yishang-fewest"), ``opponents``
1-3 for 一上一下, ``sparring`` the bots' level, "easy" (the default) or "strong",
:class:`cardlib.levels.Level`: the bots at the table and the hints play at it; for a hand of a 升级
match, ``match`` true, both teams' ``levels`` "5-3" and the ``dealer`` seat, None for the match's first
hand); ``session.handle(message)`` answers every message with the whole view:

- ``{"type": "start", ...options}``: deal again with these options (the others kept);
- ``{"type": "act", "cards": ["SA", ...], "claim": "8", "choice": "challenge" | "stand", "serial": n}``:
  the reader's move (升级: a call, an empty one to pass, the burial, a play; 一上一下: one card, with a
  claim when it goes face down, or a decision on another's face-down card); ``serial``, the serial
  of the view the move was chosen on: a move sent for a view that is gone (a double click's second
  message) is refused in ``view["status"]``, not applied;
- ``{"type": "hint"}``: the practice bot's choice in the reader's seat and why (counted);
- ``{"type": "undo"}``: take back the reader's last move (counted);
- ``{"type": "rewind", "moves": n}``: keep the reader's first ``n`` moves and play on from there (the
  review's "replay from here"; counted as a take-back);
- ``{"type": "grade"}``: once the game is over, the review's grades of the reader's decisions
  (``view["review"]["graded"]``, None until asked: the review shows at once and the page asks for the
  grades next, which take the engine a moment);
- ``{"type": "again"}``: the same deal from the start (counters reset);
- ``{"type": "view"}``: the view as it is.

The outcome of the reader's last move (what it did, and what followed from it: the trick it closed,
the challenge of a face-down card, what a challenge revealed and who took the pile) is in
``view["outcome"]``, sentences in both languages; ``view["table"]["recent"]``, the log, starts with
that move.  Nothing the reader's seat may not know is in a view (SJ-7: a bot's kitty and burial;
YS-11: another player's face-down card or draw).  A move the rules refuse leaves the game unchanged
and the engine's reason in ``view["status"]``;
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

_OPTIONS = ("game", "seed", "ruleset", "opponents", "match", "levels", "dealer", "sparring")
_DEFAULT_RULESET = {"shengji": "shengji", "yishang": "yishang"}
#: The messages a session answers (their ``type``, as the front end sends it).
MessageType: TypeAlias = Literal["start", "act", "hint", "undo", "rewind", "grade", "again", "view"]
_TYPES: tuple[MessageType, ...] = get_args(MessageType)


def deal_link(options: dict[str, Any]) -> str:
    """The address fragment that opens exactly this game: ``#deal=<game>:<seed>`` and every other
    start option, ``,rules=<preset>`` and, for 一上一下, ``,opponents=<n>``; for a hand of a 升级
    match, ``,match=1,levels=<ours>-<theirs>`` and, after its first hand, ``,dealer=<seat>``; with the strong
    practice bots, ``,bots=strong``.  (A link of the old form,
    game and seed alone, still opens that deal under the page's tutor's other options.)

    >>> deal_link({"game": "yishang", "seed": 7, "ruleset": "yishang-fewest", "opponents": 1})
    '#deal=yishang:7,rules=yishang-fewest,opponents=1'
    """
    link = f"#deal={options['game']}:{options['seed']},rules={options['ruleset']}"
    if "opponents" in options:
        link += f",opponents={options['opponents']}"
    if options.get("match"):
        link += f",match=1,levels={options['levels']}"
        if options.get("dealer") is not None:
            link += f",dealer={options['dealer']}"
    if options.get("sparring", Level.EASY.value) != Level.EASY.value:
        link += f",bots={options['sparring']}"
    return link


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
        match = options.get("match", False)
        return ShengjiTutor(seed, ruleset, match, options.get("levels", "2-2") if match is True else "2-2",
                            options.get("dealer") if match is True else None, level)
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
        self._outcome: list[dict[str, Any]] = []

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
                                                    "还没有可以悔的牌：你还没出过牌。")}
            else:
                self.undos += 1
                self._status = self._hint = None
                self._outcome = self.table.outcome()  # as it was told before the move taken back
        elif kind == "rewind":
            self._rewind(message.get("moves"))
        elif kind == "act":
            self._act(message)
        elif kind == "grade":
            self._grade()
        self.serial += 1
        return self.view()

    def _rewind(self, count: object) -> None:
        """Back to the position before the reader's move ``count`` (the review's "replay from here")."""
        if not isinstance(count, int) or isinstance(count, bool):
            raise TutorError(f"a rewind names how many of the reader's moves to keep, as a number, not {count!r}")
        if not self.table.rewind(count):
            self._status = {"rule": "", **text("That move is not one of this game's.", "这一步不在这一局里。")}
            return
        self.undos += 1
        self._status = self._hint = None
        self._outcome = self.table.outcome()

    def _grade(self) -> None:
        """The review's grades (SJ-11 / YS-9 decisions), asked for once the game is over."""
        if not self.table.over:
            self._status = {"rule": "", **text("Your decisions are graded once the game is over.",
                                                "这一局打完以后才给你的选择评分。")}
            return
        self.table.grade()

    def _reset(self) -> None:
        self.hints = self.undos = 0
        self._status = self._hint = None
        self._outcome = []

    def _act(self, message: dict[str, Any]) -> None:
        if self.table.over:
            raise TutorError("the game is over: play the deal again or deal another")
        made_on = message.get("serial")
        if made_on is not None and made_on != self.serial:
            # A move chosen on a view that is no longer the table (a second click on Play, a message
            # sent twice): it is not the reader's turn for it, so it is refused, not applied.
            self._status = {"rule": "", **text(
                "That move was sent for an earlier position (a second click?) and was not played: "
                "choose again on the table as it is now.",
                "这一步是按之前的局面发出的（点了两次？），没有打出：请按现在的牌面重新选择。")}
            return
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
            self._outcome = self.table.outcome()

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
            "status": self._status, "outcome": self._outcome, "hint": self._hint,
            "counters": {"hints": self.hints, "undos": self.undos}, "can_undo": bool(table.moves),
            "review": {**table.review(), "hints": self.hints, "undos": self.undos} if over else None,
            "link": deal_link(options),
        }
