"""The lean widget state (tools/lean_widget_state.py): each long string once, anywidget models only, safe
inside a ``<script>``, and read back to exactly the anywidget states myst-nb stored; a state it cannot read
stops the build naming the page.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "lean_widget_state.py"
_spec = importlib.util.spec_from_file_location("lean_widget_state", TOOL)
assert _spec and _spec.loader
lean = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lean)

ESM = "export default { render({ model, el }) { el.textContent = '</script><!-- ♠A 大王'; } };\n" * 12
CSS = ".cbp { color: #123; }\n" * 40
BANK_A = "H4sIA" + "x" * 600
BANK_B = "H4sIA" + "y" * 600


def anywidget(spec: dict, bank: str) -> dict:
    return {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "~0.11.*",
            "state": {"_esm": ESM, "_css": CSS, "bank": bank, "spec": spec, "lang": "en", "layout": "IPY_MODEL_l1",
                      "tooltip": None, "four_colour": False}}


LAYOUT = {"model_name": "LayoutModel", "model_module": "@jupyter-widgets/base", "model_module_version": "2.0.0",
          "state": {"width": None}}


def standard_state() -> dict:
    return {"version_major": 2, "version_minor": 0, "state": {
        "l1": LAYOUT, "p1": anywidget({"kind": "trick_winner", "id": "trick_winner:0"}, BANK_A),
        "l2": LAYOUT, "p2": anywidget({"kind": "trick_winner", "id": "trick_winner:1"}, BANK_A),
        "p3": anywidget({"kind": "ys_state", "id": "ys_state:1"}, BANK_B)}}


def page(state_json: str, views: tuple[str, ...] = ("p1", "p2", "p3")) -> str:
    shown = "".join(f'<script type="application/vnd.jupyter.widget-view+json">{{"version_major": 2, '
                    f'"version_minor": 1, "model_id": "{view}"}}</script>' for view in views)
    return (f'<html><head><script type="{lean.STANDARD_TYPE}">{state_json}</script></head>'
            f"<body><p>♠A</p>{shown}</body></html>")


def myst_nb_json(state: dict) -> str:
    """The state as myst-nb writes it into a page (its own escaping of an end tag)."""
    return json.dumps(state).replace("</script>", r"<\/script>")


def test_round_trip_gives_back_every_anywidget_state_exactly():
    standard = standard_state()
    kept = {key: model for key, model in standard["state"].items() if model["model_module"] == "anywidget"}
    assert lean.standard_models(lean.lean_state(standard)) == kept


def test_each_long_string_is_stored_once_and_short_traits_stay_in_place():
    result = lean.lean_state(standard_state())
    assert sorted(result["strings"]) == sorted([ESM, CSS, BANK_A, BANK_B])
    assert set(result["models"]) == {"p1", "p2", "p3"}, "the layout models are dropped"
    p1, p2, p3 = (result["models"][key] for key in ("p1", "p2", "p3"))
    assert p1["refs"] == p2["refs"] and p1["refs"]["bank"] != p3["refs"]["bank"]
    assert p1["state"]["spec"] == {"kind": "trick_winner", "id": "trick_winner:0"}
    assert "_esm" not in p1["state"] and p1["state"]["lang"] == "en"


def test_rewritten_page_is_safe_in_a_script_and_reads_back():
    original = page(myst_nb_json(standard_state()))
    html = lean.rewrite_page(original)
    assert lean.STANDARD_TYPE not in html
    body = lean.LEAN_SCRIPT.search(html).group(1)
    assert "</" not in body and "<!--" not in body
    assert html.count("</script>") == 4  # the lean state and the three views
    assert lean.page_models(html) == lean.standard_models(lean.lean_state(standard_state()))
    assert lean.LEAN_SCRIPT.sub("", html) == lean.STANDARD_SCRIPT.sub("", original), "the rest is untouched"
    assert lean.rewrite_page(html) == html, "a lean page is left as it is"


def test_a_page_without_widgets_is_left_as_it_is():
    html = "<html><head></head><body><p>大王</p></body></html>"
    assert lean.rewrite_page(html) == html


@pytest.mark.parametrize(("state_json", "views", "message"), [
    ("{not json", ("p1",), "not JSON"),
    ('{"version_major": 2}', (), 'no "state"'),
    ('{"state": {"p1": {"model_module": "anywidget"}}}', ("p1",), "model p1 has no state"),
    (myst_nb_json(standard_state()), ("l1",), "which is a @jupyter-widgets/base LayoutModel"),
    (myst_nb_json(standard_state()), ("p9",), "widget p9, which is missing"),
    (myst_nb_json({"state": {"p1": {**anywidget({}, BANK_A), "buffers": [{"path": ["x"]}]}}}), ("p1",), "buffers"),
])
def test_a_state_it_cannot_read_is_an_error(state_json, views, message):
    with pytest.raises(lean.WidgetStateError, match=message):
        lean.rewrite_page(page(state_json, views))


def test_the_build_hook_rewrites_pages_and_fails_naming_the_page(tmp_path):
    from sphinx.errors import ExtensionError

    (tmp_path / "book").mkdir()
    good, bad = tmp_path / "book" / "good.html", tmp_path / "book" / "bad.html"
    good.write_text(page(myst_nb_json(standard_state())), encoding="utf-8")
    app = SimpleNamespace(outdir=str(tmp_path), env=SimpleNamespace(found_docs={"book/good", "book/gone"}),
                          builder=SimpleNamespace(format="html",
                                                  get_outfilename=lambda name: str(tmp_path / f"{name}.html")))
    lean.on_build_finished(app, None)
    assert lean.LEAN_TYPE in good.read_text(encoding="utf-8")
    bad.write_text(page("{not json", ("p1",)), encoding="utf-8")
    app.env.found_docs.add("book/bad")
    with pytest.raises(ExtensionError, match=r"book/bad\.html: the widget state is not JSON"):
        lean.on_build_finished(app, None)
