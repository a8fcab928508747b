"""Sphinx extension: each built page's widget state, lean (light pages load fast on a phone).

myst-nb stores the page's whole widget state in one ``<script type="application/vnd.jupyter.widget-state+json">``:
every puzzle repeats the same front end (``_esm``), stylesheet (``_css``) and bank, and each widget has a
LayoutModel the static book never draws.  At ``build-finished`` this rewrites that script of every built
page into ``<script type="application/vnd.cardbook.widget-state+json">``, which the book's widget loader
(``tools/site/widget-loader.js``) reads::

    {"strings": [long string, ...],
     "models": {model_id: {"name": "AnyModel", "module": "anywidget", "version": "~0.11.*",
                           "state": {short traits}, "refs": {trait: index into strings}}}}

A string trait of at least :data:`SHARED_MIN_CHARS` characters is stored once in ``strings``; only anywidget
models are kept.  A state it cannot read (bad JSON, a view of a model it cannot keep, binary buffers) stops
the build with an error naming the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

STANDARD_TYPE = "application/vnd.jupyter.widget-state+json"
LEAN_TYPE = "application/vnd.cardbook.widget-state+json"
#: A string trait this long or longer is stored once per page.
SHARED_MIN_CHARS = 512
#: The only models the widget loader renders.
KEPT_MODULE = "anywidget"

STANDARD_SCRIPT = re.compile(rf'<script type="{re.escape(STANDARD_TYPE)}">(.*?)</script>', re.DOTALL)
LEAN_SCRIPT = re.compile(rf'<script type="{re.escape(LEAN_TYPE)}">(.*?)</script>', re.DOTALL)
VIEW_SCRIPT = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.DOTALL)


class WidgetStateError(ValueError):
    """A page's widget state that cannot be made lean."""


def lean_state(standard: Mapping[str, Any], shown: Iterable[str] = ()) -> dict[str, Any]:
    """The lean form of a standard widget state; every id in ``shown`` (the page's views) must be kept."""
    models = standard.get("state") if isinstance(standard, Mapping) else None
    if not isinstance(models, Mapping):
        raise WidgetStateError('no "state" object of widget models')
    strings: list[str] = []
    index: dict[str, int] = {}
    lean: dict[str, Any] = {}
    for model_id, model in models.items():
        if not isinstance(model, Mapping) or not isinstance(model.get("state"), Mapping):
            raise WidgetStateError(f"model {model_id} has no state")
        if model.get("model_module") != KEPT_MODULE:
            continue
        if model.get("buffers"):
            raise WidgetStateError(f"model {model_id} has binary buffers, which the widget loader cannot read")
        short: dict[str, Any] = {}
        refs: dict[str, int] = {}
        for trait, value in model["state"].items():
            if isinstance(value, str) and len(value) >= SHARED_MIN_CHARS:
                if value not in index:
                    index[value] = len(strings)
                    strings.append(value)
                refs[trait] = index[value]
            else:
                short[trait] = value
        lean[model_id] = {"name": model.get("model_name"), "module": model["model_module"],
                          "version": model.get("model_module_version"), "state": short, "refs": refs}
    for model_id in shown:
        if model_id not in lean:
            found = models.get(model_id)
            what = f"a {found.get('model_module')} {found.get('model_name')}" if isinstance(found, Mapping) else "missing"
            raise WidgetStateError(f"the page shows widget {model_id}, which is {what}; "
                                   f"the static book renders only {KEPT_MODULE} widgets")
    return {"strings": strings, "models": lean}


def standard_models(lean: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The models of a lean state in the standard form (``model_name``, ``model_module``, ...)."""
    strings = lean["strings"]
    return {model_id: {"model_name": model["name"], "model_module": model["module"],
                       "model_module_version": model["version"],
                       "state": {**model["state"], **{trait: strings[at] for trait, at in model["refs"].items()}}}
            for model_id, model in lean["models"].items()}


def script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``</`` (an end tag) and no ``<!--``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def shown_models(html: str) -> list[str]:
    """The model ids of the page's widget views, in page order."""
    try:
        return [json.loads(body)["model_id"] for body in VIEW_SCRIPT.findall(html)]
    except (ValueError, KeyError, TypeError) as error:
        raise WidgetStateError(f"a widget view that is not a model reference ({error})") from None


def rewrite_page(html: str) -> str:
    """The page with its standard widget state made lean; a page without one is returned as it is."""
    found = STANDARD_SCRIPT.findall(html)
    if not found:
        if STANDARD_TYPE in html:
            raise WidgetStateError(f"a {STANDARD_TYPE} script in a form this extension does not read")
        return html
    if len(found) > 1:
        raise WidgetStateError(f"{len(found)} widget-state scripts, expected one")
    try:
        standard = json.loads(found[0])
    except ValueError as error:
        raise WidgetStateError(f"the widget state is not JSON ({error})") from None
    lean = script_json(lean_state(standard, shown_models(html)))
    return STANDARD_SCRIPT.sub(lambda _: f'<script type="{LEAN_TYPE}">{lean}</script>', html, count=1)


def page_models(html: str) -> dict[str, dict[str, Any]]:
    """A built page's widget models in the standard form, read from its lean state (for tests and tools)."""
    models: dict[str, dict[str, Any]] = {}
    for body in LEAN_SCRIPT.findall(html):
        models.update(standard_models(json.loads(body)))
    return models


def rewrite_built_pages(outdir: Path, pages: Iterable[Path]) -> int:
    """Rewrite each page in place; the number changed.  An unreadable state raises naming the page."""
    changed = 0
    for path in pages:
        html = path.read_text(encoding="utf-8")
        try:
            lean = rewrite_page(html)
        except WidgetStateError as error:
            raise WidgetStateError(f"{path.relative_to(outdir)}: {error}") from None
        if lean != html:
            path.write_text(lean, encoding="utf-8")
            changed += 1
    return changed


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Sphinx's ``build-finished``: make every built HTML page's widget state lean."""
    from sphinx.errors import ExtensionError
    from sphinx.util import logging

    builder = app.builder
    # an HTML builder names each page's file (StandaloneHTMLBuilder and those built on it)
    page_file: Callable[[str], str] | None = getattr(builder, "get_outfilename", None)
    if exception is not None or builder.format != "html" or page_file is None:
        return

    outdir = Path(app.outdir)
    pages = [path for name in sorted(app.env.found_docs) if (path := Path(page_file(name))).is_file()]
    try:
        changed = rewrite_built_pages(outdir, pages)
    except WidgetStateError as error:
        raise ExtensionError(f"lean_widget_state: {error}") from None
    logging.getLogger(__name__).info(f"lean_widget_state: {changed} pages with widgets made lean")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
