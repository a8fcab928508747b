"""Sphinx extension: a Jinja filter, ``without_script``, that the book's layout (tools/site/templates/layout.html)
puts the theme's head through to leave out a script the book does not use.

The one left out is pydata-sphinx-theme's ``fontawesome.js`` (1.5 MB on every page, there "so that users can
add custom icons", the theme's words): the book adds none, and the theme's stylesheet draws every icon it uses
from Font Awesome's web font, which the site ships.  A phone no longer parses 1.5 MB of script on each page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def without_script(html: str, path: str) -> str:
    """``html`` without its ``<script … src="…path…">`` tags (the attributes in any order, any query)."""
    from markupsafe import Markup

    tag = re.compile(r'\s*<script\b[^>]*\bsrc="[^"]*' + re.escape(path) + r'(?:\?[^"]*)?"[^>]*>\s*</script>')
    return Markup(tag.sub("", str(html)))


def add_filter(app: Sphinx) -> None:
    """Sphinx's ``builder-inited``: the filter in the HTML builder's template environment."""
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None:
        environment.filters["without_script"] = without_script


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", add_filter)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
