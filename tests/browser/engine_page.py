"""A standalone page whose widget talks to the book's browser engine, for its tests and benchmark.

The widget is the smallest front end of the loader's engine contract (tools/site/widget-loader.js):
it says hello, asks ``PuzzleService`` for new puzzles, and writes what it hears on its element
(``data-engine``, ``data-spec``, ``data-spec-json``, ``data-ms``: click to spec, ``data-replies``,
``data-view``, ``data-error``). Also: the start options of the built play page's tutors. The page holds the widget runtime and
the engine beside it, staged by the book's own tools.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import anywidget
import traitlets

REPO = Path(__file__).resolve().parents[2]

PROBE_ESM = """
export default { render({ model, el }) {
  let asked = 0;
  const button = (action, message) => {
    const b = document.createElement("button");
    b.dataset.action = action;
    b.textContent = action;
    b.onclick = () => { asked = performance.now(); model.send(message); };
    return b;
  };
  model.on("msg:custom", (msg) => {
    if (msg.type === "engine") el.dataset.engine = String(msg.available);
    if (msg.type === "error") el.dataset.error = msg.error;
  });
  model.on("change:spec", () => {
    el.dataset.spec = model.get("spec").id;
    el.dataset.specJson = JSON.stringify(model.get("spec"));
    el.dataset.ms = String(performance.now() - asked);
    el.dataset.replies = String(Number(el.dataset.replies || 0) + 1);
  });
  model.on("change:view", () => { el.dataset.view = JSON.stringify(model.get("view")); });
  el.append(button("new", { type: "new", difficulty: "hard" }), button("bad", { type: "new", difficulty: "medium" }));
  model.send({ type: "hello" });
} };
"""


class EngineProbe(anywidget.AnyWidget):
    """A puzzle kind's service in the page's engine, driven by two buttons."""

    _esm = PROBE_ESM
    _py_service = traitlets.Unicode("widgets.puzzles.service:PuzzleService").tag(sync=True)
    _py_start = traitlets.List(["kind"]).tag(sync=True)
    _py_reply = traitlets.Unicode("spec").tag(sync=True)
    kind = traitlets.Unicode("pick_follow").tag(sync=True)
    spec = traitlets.Dict().tag(sync=True)


def copy_runtime(runtime: Path, folder: Path) -> None:
    """The book's staged ``widget-runtime`` (``runtime``) copied into ``folder``, with the book's service worker
    beside it as at the site's root (the loader registers it when the engine starts)."""
    shutil.copytree(runtime, folder / "widget-runtime")
    if (runtime.parent / "cardbook-sw.js").is_file():
        shutil.copyfile(runtime.parent / "cardbook-sw.js", folder / "cardbook-sw.js")


def write_engine_page(folder: Path, kinds: list[str] | None = None, service: str | None = None,
                      runtime: Path | None = None) -> Path:
    """``folder/index.html`` with one probe per kind (``pick_follow`` alone by default) of ``service``
    (``PuzzleService`` by default), the runtime and the engine staged beside it (or copied from
    ``runtime``, a ``widget-runtime`` folder staged before)."""
    from widgets.puzzles.page import write_page

    if runtime is not None:
        copy_runtime(runtime, folder)
    else:
        sys.path.insert(0, str(REPO / "tools"))
        try:
            from stage_engine import stage_engine
            from stage_widget_runtime import stage
        finally:
            sys.path.remove(str(REPO / "tools"))
        stage_engine(stage(folder))
    (folder / "favicon.ico").write_bytes(b"")  # the browser asks for one
    named = {"_py_service": service} if service else {}
    return write_page(folder, [EngineProbe(kind=kind, **named) for kind in kinds or ["pick_follow"]])


def page_models(page: Path) -> list[dict]:
    """The state of every anywidget model a built page stores (tools/lean_widget_state.py reads it)."""
    spec = importlib.util.spec_from_file_location("lean_widget_state", REPO / "tools" / "lean_widget_state.py")
    assert spec and spec.loader
    lean = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lean)
    return [model["state"] for model in lean.page_models(page.read_text(encoding="utf-8")).values()]


def tutor_options(site: Path, game: str) -> dict:
    """The start options of the play page's tutor of ``game``, as the built page stores them."""
    state = next(s for s in page_models(site / "book" / "play.html")
                 if str(s.get("_py_service", "")).startswith("widgets.tutor") and s["game"] == game)
    return {name: state[name] for name in state.get("_py_start", [])}
