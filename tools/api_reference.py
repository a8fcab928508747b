"""Sphinx extension: the API reference page (``book/api.md``) documents each name where the learner imports it.

The page documents ``cardlib.shengji.check_follow``, not ``cardlib.shengji.follow.check_follow``: the
packages' ``__all__`` is the learner's API, and the modules behind it are not.  autodoc assumes the
opposite in three places, which this extension joins to the names the page uses:

- A type in a signature, or a role in a docstring, names an object where it is defined
  (``cardlib.shengji.rules.Ruleset``, ``:class:`~cardlib.explain.Reason```), or relative to that module
  (``:func:`is_legal_follow```).  :func:`missing_reference` finds the object by importing it and links the
  name the page documents for the same object (``cardlib.shengji.Ruleset``).  An object that exists but has
  no entry on the page (a type variable, a helper type, a module, a name of Python itself) has nowhere to
  link to in an offline book: it stays code, as written.  A name that names nothing fails the build
  (``nitpicky``), as a stale reference should.
- A constant's ``#:`` comment sits in the module that assigns it, which autodoc looks for in the module
  the directive names (the package): :class:`ExportedDataDocumenter` reads it where the value is assigned.
- A class that defines ``__init__`` but inherits ``__new__`` (the widgets, from traitlets) is shown with
  its ``__init__``'s parameters, not the inherited ``__new__(*args, **kwargs)`` (:func:`init_signature`).

The entries stay English in the Chinese edition, as the code's names do: the page puts them in a container
of class ``language-en`` (docutils writes it ``lang="en"``), and :class:`EnglishEntries` leaves what such a
container holds out of the gettext catalogues, so a page's catalogue holds its own prose only, and out of
the book's general index.

>>> find_object("cardlib.shengji.rules.Ruleset") is find_object("cardlib.shengji.Ruleset")
True
>>> find_object("cardlib.shengji.no_such_name") is MISSING
True
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import inspect
import re
import sys
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.ext.autodoc import DataDocumenter
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms import SphinxTransform
from sphinx.util.inspect import signature, stringify_signature

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The packages whose objects the page documents: only their references are looked up.
PACKAGES = ("cardlib", "cardbook", "widgets")
#: What a reference found in a docstring or a signature says of where it is: ``…:docstring of <name>``.
DOCSTRING_OF = re.compile(r"docstring of (?P<name>[\w.]+)$")
#: What :func:`find_object` returns for a name that names nothing (``None`` is a value a name may hold).
MISSING = object()


def find_object(dotted: str) -> object:
    """The object a dotted name names (a module, then its attributes), or :data:`MISSING`."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        try:
            for attribute in parts[split:]:
                value = getattr(value, attribute)
        except AttributeError:
            return MISSING
        return value
    return MISSING


def home_modules(value: object) -> list[str]:
    """The modules a documented object's names are written in: its own (a property's getter's), and for a
    class those of its bases too (a field annotated ``T`` in a generic base)."""
    owners = getattr(value, "__mro__", None) or [getattr(value, "fget", value)]
    return [module for owner in owners if isinstance(module := getattr(owner, "__module__", None), str)]


def imported_as(module: str, name: str) -> str | None:
    """The full name of what ``module`` imports as ``name``, an import only a type checker runs included
    (``if TYPE_CHECKING: from .explain import Words``), or None."""
    try:
        tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    except (ImportError, OSError, TypeError, SyntaxError):
        return None
    package = module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]
    for statement in ast.walk(tree):
        if isinstance(statement, ast.ImportFrom):
            for alias in statement.names:
                if (alias.asname or alias.name) == name:
                    origin = importlib.util.resolve_name("." * statement.level + (statement.module or ""), package)
                    return f"{origin}.{alias.name}"
    return None


def written_in(node: nodes.Element) -> str | None:
    """The object whose docstring or signature holds ``node`` (``…:docstring of <name>``), or None."""
    current: nodes.Element | None = node
    while current is not None:
        if current.source and (where := DOCSTRING_OF.search(str(current.source))) is not None:
            return where["name"]
        current = current.parent
    return None


def candidates(target: str, node: nodes.Element) -> list[str]:
    """The names ``target`` may stand for: itself, then relative to where it was written (the documented
    object, its class and module, the modules it and its bases are defined in, and what those import) and
    to the directive's module and class."""
    places = []
    imported = []
    if (where := written_in(node)) is not None:
        parts = where.split(".")
        places += [".".join(parts[:end]) for end in range(len(parts), 0, -1)]
        if (documented := find_object(where)) is not MISSING:
            modules = home_modules(documented)
            places += modules
            imported = [name for module in modules if (name := imported_as(module, target.split(".")[0]))]
    module, cls = node.get("py:module"), node.get("py:class")
    places += [f"{module}.{cls}" if module and cls else "", str(module or "")]
    rest = target.partition(".")[2]
    return ([target] + [f"{place}.{target}" for place in places if place]
            + [f"{name}.{rest}" if rest else name for name in imported])


def documented_names(env: BuildEnvironment) -> dict[int, str]:
    """Each object the pages document (by ``id``), and the name it is documented under."""
    found: dict[int, str] = {}
    for name in sorted(env.get_domain("py").objects):  # type: ignore[attr-defined]
        if name.split(".")[0] in PACKAGES and (value := find_object(name)) is not MISSING:
            found.setdefault(id(value), name)
    return found


def missing_reference(app: Sphinx, env: BuildEnvironment, node: nodes.Element,
                      contnode: nodes.TextElement) -> nodes.Element | None:
    """The link to the page's entry for the object a failed ``py`` reference names; code when the object
    exists but has no entry; None (Sphinx's warning) when nothing has that name."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip(".~")
    if target.split(".")[0] in sys.stdlib_module_names or hasattr(builtins, target):
        return contnode
    documented = documented_names(env)
    for name in candidates(target, node):
        if name.split(".")[0] not in PACKAGES or (value := find_object(name)) is MISSING:
            continue
        public = documented.get(id(value))
        if public is None:
            return contnode
        # as an ``obj``: a signature's types are ``class`` references, which would not find a type alias's
        # entry (a ``data``), since Sphinx matches a signature's references by role
        domain = env.get_domain("py")
        return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", public, node, contnode)
    return None


class ExportedDataDocumenter(DataDocumenter):
    """A constant's ``#:`` comment read in the module that assigns it, when the package re-exports it."""

    def get_module_comment(self, attrname: str) -> list[str] | None:
        own = super().get_module_comment(attrname)
        if own:
            return own
        for name, module in list(sys.modules.items()):
            if not name.startswith(f"{self.modname}.") or getattr(module, attrname, None) is not self.object:
                continue
            try:
                analyzer = ModuleAnalyzer.for_module(name)
                analyzer.analyze()
            except PycodeError:
                continue
            if ("", attrname) in analyzer.attr_docs:
                return list(analyzer.attr_docs[("", attrname)])
        return None


def init_signature(app: Sphinx, what: str, name: str, obj: Any, options: Any, shown: str | None,
                   return_annotation: str | None) -> tuple[str, str | None] | None:
    """A class's own ``__init__`` parameters where autodoc would show an inherited ``__new__``'s."""
    if what != "class" or "__init__" not in vars(obj) or "__new__" in vars(obj) or obj.__new__ is object.__new__:
        return None
    parameters = signature(obj.__init__, bound_method=True, type_aliases=app.config.autodoc_type_aliases)
    short = app.config.autodoc_typehints_format == "short"
    return stringify_signature(parameters, show_return_annotation=False, unqualified_typehints=short), None


class EnglishEntries(SphinxTransform):
    """What a ``language-en`` container holds (the page's entries): its text blocks untranslatable (Sphinx's
    i18n skips them), and no entry of the book's general index, which is the reader's (it lists no code:
    the entries are found by the search and the page's contents, in either edition).

    Before Sphinx collects the index (850).  Not inline nodes (a signature's parts): Sphinx takes a marked
    inline for a translation's placeholder and moves its text to the end of its parent."""

    default_priority = 840

    def apply(self, **kwargs: Any) -> None:
        for container in self.document.findall(nodes.Element):
            if "language-en" not in container["classes"]:
                continue
            for index in container.findall(addnodes.index):
                index["entries"] = []
            for text in container.findall(nodes.TextElement):
                if not isinstance(text, nodes.inline):
                    text["translatable"] = False


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.autodoc")
    app.add_autodocumenter(ExportedDataDocumenter, override=True)
    app.connect("missing-reference", missing_reference)
    app.connect("autodoc-process-signature", init_signature)
    app.add_transform(EnglishEntries)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
