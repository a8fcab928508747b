"""``Tutor``: the tutor's table as an anywidget, in JupyterLab and Voila on the kernel's Python.

``Tutor("shengji", seed=3)`` (a 升级 hand; ``ruleset="shuangsheng"`` for the 双升 guide) or
``Tutor("yishang", seed=3, opponents=2)`` (a 一上一下 game); ``sparring="strong"`` for the strong
practice bots (``"easy"``, the default, for the beginner's; the table's menu switches too).  ``tutor.js`` draws the synced
``view`` and sends the reader's messages; the reply of :meth:`TutorSession.handle
<widgets.tutor.session.TutorSession.handle>` becomes the new ``view``.  The front end computes no
rule: what is legal, the bots' moves, hints and the review all come from the session.

Transport contract with the static book's engine (the Pyodide worker): the model's
state carries ``_py_service = "widgets.tutor.session:TutorSession"``; the book's widget loader
routes ``model.send(msg)`` of such a model to the worker, which keeps one
``TutorSession.start({"game", "seed", "ruleset", "opponents", "sparring"} as in the model's state)`` per model
and answers each message with ``model.set("view", session.handle(msg))``.  The start options are
plain traits of the model, named by ``_py_start``; ``handle`` is the whole protocol.  A message
``handle`` cannot read raises a ``ValueError``: the worker then fires ``msg:custom {"type": "error",
"error": str(error)}``, and so does this widget in the kernel, so the front end has one way to show
it (a status line, the view unchanged).  While the worker downloads and starts, the view stays as it
is (the loader's status box under the table counts the MB), the model hears ``{"type": "engine",
"available": true, "starting": true}`` and the front end waits without saying "no answer"; a failed start
is ``{"available": false, "cause": ...}``, said with a Retry button by the loader.  Where no Python can run
(``file://``), the loader sets the view it had plus ``{"state": "loading", "engine": "unavailable",
"message": {en, zh}}``, which the front end shows calmly.  The stored ``view`` is the deal's first position, so the
table is playable on load and the engine starts on the first move (a page stays light until
then); a ``#deal=<game>:<seed>,rules=<preset>[,opponents=<n>]`` address (the view's ``link``) for
another game sends ``{"type": "start", "seed": n, "ruleset": ..., "opponents": ...}`` and the table
waits (``data-state="loading"``) for the answer; an old link, game and seed alone, keeps the tutor's
other options.  A move carries the ``serial`` of the view it was chosen on, and the front end sends
no message while one is in flight.  ``{"type": "hello"}`` is answered
with ``{"type": "engine", "available": ...}`` (here by the kernel, in the static book by the
loader); where no Python can answer, or a message goes unanswered for a few seconds, the front end
says so in both languages.

Rules: SJ-1 … SJ-13, SG-1 … SG-9, SS-1 … SS-9, YS-1 … YS-16 (through :mod:`cardlib`).
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ..front_ends import front_end, style
from ..query import GameName
from ..stepper import deck_lang
from .session import TutorSession

SERVICE = "widgets.tutor.session:TutorSession"


class Tutor(anywidget.AnyWidget):
    """One tutor's table; ``lang`` ("en", "zh") fixes the start language, as for the deal stepper."""

    _esm = front_end("tutor.js")
    _css = style("tutor.css")

    game = traitlets.Unicode("shengji").tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    ruleset = traitlets.Unicode("").tag(sync=True)
    opponents = traitlets.Int(2).tag(sync=True)
    sparring = traitlets.Unicode("easy").tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    _py_service = traitlets.Unicode(SERVICE).tag(sync=True)
    _py_start = traitlets.List(["game", "seed", "ruleset", "opponents", "sparring"]).tag(sync=True)
    lang = traitlets.Enum(("", "en", "zh"), default_value="").tag(sync=True)

    def __init__(self, game: GameName = "shengji", seed: int = 0, ruleset: str = "", opponents: int = 2,
                 sparring: str = "easy", **kwargs: Any) -> None:
        options: dict[str, Any] = {"game": game, "seed": seed, "ruleset": ruleset, "sparring": sparring}
        if game == "yishang":
            options["opponents"] = opponents
        self._session = TutorSession.start(options)
        view = self._session.view()
        super().__init__(game=game, seed=seed, ruleset=view["ruleset"], opponents=opponents,
                         sparring=view["sparring"], view=view,
                         lang=kwargs.pop("lang", deck_lang()), **kwargs)
        self.on_msg(self._on_message)

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer one message as the front end would send it and set the reply as ``view``; a
        message the session cannot read is told to the front end (``{"type": "error"}``, as the
        static book's engine does) and leaves the view as it was."""
        try:
            view = self._session.handle(message)
        except ValueError as error:
            self.send({"type": "error", "error": str(error)})
            return self.view
        with self.hold_sync():
            self.seed = view["seed"]
            self.sparring = view["sparring"]
            self.view = view
        return view

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "hello":  # the kernel is here to answer
            self.send({"type": "engine", "available": True})
            return
        self.handle(content)
