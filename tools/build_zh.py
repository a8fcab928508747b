"""Build the book's Chinese edition into ``SITE/zh``, beside the English one ``make site`` builds.

The chapters' prose comes from the gettext catalogues (``locale/zh_CN``); code cells, puzzles and anchors
from the one English source.  The notebooks are executed again, with ``CARDBOOK_LANG=zh`` (so the code
cells' outputs speak Chinese) and an execution cache of their own (``_build/.jupyter_cache-zh``): the
English outputs are never reused.  The edition is ``_config.yml`` with :func:`zh_config`'s changes; it
shares the English edition's widget runtime (``SITE/widget-runtime``, staged once).  Its search cuts
Chinese into words with jieba (Sphinx's Chinese search), taught the book's own terms: every Chinese term
of the glossary (:func:`search_words`), so 抠底 or 拖拉机 is found as one word.  As for the English
edition, warnings are errors.

Sphinx writes next to its output folder (myst-nb's ``jupyter_execute``, the doctrees), so the edition is
built in ``_build/zh`` and moved into the site at the end.  The catalogues are read from a copy there
(:func:`stage_catalogues`; Sphinx compiles them there, not in ``locale/``), in which a glue role of a
translation names its page: Sphinx parses each translated message as a document of its own, which
cannot see the page's glue data, so ``{glue:text}`n``` becomes ``{glue:text}`intro.md::n:s```, the same
value read from the executed page.

Usage: ``python tools/build_zh.py SITE`` (``make site`` runs it after the English build).
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "_config.yml"
TOC = ROOT / "_toc.yml"
STAGE = ROOT / "_build" / "zh"
CACHE = "_build/.jupyter_cache-zh"
GLOSSARY = ROOT / "book" / "glossary.md"
LOCALE = ROOT / "locale"
CATALOGUES = "zh_CN/LC_MESSAGES"
#: A glue role that names a key of its own page (no ``page::``).
LOCAL_GLUE = re.compile(r"\{glue(?P<role>:text|:any|:)?\}`(?P<key>[^`:]+)(?P<format>:[^`:]*)?`")
#: The first cell of a table row (the glossary's 中文 column), and a Chinese word in it.
FIRST_CELL = re.compile(r"^\|\s*([^|]*?)\s*\|", re.MULTILINE)
CHINESE_WORD = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]{2,}")
#: The shared widget runtime, as the English edition's pages name it; the Chinese pages sit one folder deeper.
RUNTIME_PREFIX = "../widget-runtime/"
#: What the Chinese edition shows of the theme that the catalogues do not translate.
ZH_TITLE = "升级与一上一下：互动规则书"
ZH_AUTHOR = "本书作者"
ZH_SEARCH_TEXT = "搜索本书…"


class BuildError(Exception):
    """The Chinese edition could not be configured or built."""


def deeper(path: str) -> str:
    """A path to the shared widget runtime, from one folder deeper (``zh/``)."""
    return "../" + path if path.startswith(RUNTIME_PREFIX) else path


def zh_config(english: dict[str, Any]) -> dict[str, Any]:
    """The Chinese edition's Jupyter Book configuration, from the English ``_config.yml``."""
    config = copy.deepcopy(english)
    config["title"] = ZH_TITLE
    config["author"] = ZH_AUTHOR
    config.setdefault("execute", {})["cache"] = CACHE
    try:
        sphinx = config["sphinx"]["config"]
        widget_js = sphinx["nb_ipywidgets_js"]
        page_js = sphinx["html_js_files"]
        page_css = sphinx["html_css_files"]
    except (KeyError, TypeError) as missing:
        raise BuildError(f"_config.yml has no sphinx.config entry {missing} for the widget runtime") from None
    named = [*widget_js, *(entry[0] if isinstance(entry, list) else entry for entry in page_js), *page_css]
    if not any(str(path).startswith(RUNTIME_PREFIX) for path in named):
        raise BuildError(f"_config.yml names no script under {RUNTIME_PREFIX}: the zh pages would find no runtime")
    sphinx["language"] = "zh_CN"
    sphinx["html_extra_path"] = []  # the runtime is staged once, in the English edition
    sphinx["nb_ipywidgets_js"] = {deeper(path): options for path, options in widget_js.items()}
    sphinx["html_js_files"] = [[deeper(entry[0]), *entry[1:]] if isinstance(entry, list) else deeper(entry)
                               for entry in page_js]
    sphinx["html_css_files"] = [deeper(path) for path in page_css]
    sphinx.setdefault("html_theme_options", {})["search_bar_text"] = ZH_SEARCH_TEXT
    return config


def search_words(glossary: str) -> list[str]:
    """The Chinese terms of the glossary's tables (words of two characters or more), for jieba.

    >>> search_words("| 中文 | English |\\n|---|---|\\n| 埋底 / 扣底 | burying |\\n| 王 | joker |\\n")
    ['中文', '埋底', '扣底']
    """
    return sorted({word for cell in FIRST_CELL.findall(glossary) for word in CHINESE_WORD.findall(cell)})


def write_search_words(path: Path) -> Path:
    """jieba's user dictionary of the book's terms, one a line; a glossary without terms is an error."""
    words = search_words(GLOSSARY.read_text(encoding="utf-8"))
    if len(words) < 20:
        raise BuildError(f"{GLOSSARY} has only {len(words)} Chinese terms in its tables: is its 中文 column gone?")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{word}\n" for word in words), encoding="utf-8")
    return path


def page_glue(msgstr: str, page: str) -> str:
    """A translation with each glue role of its own page made to name the page.

    >>> page_glue("每种难度{glue:text}`bank`道，{glue:text}`share:.0%`，{glue:}`x`", "intro")
    '每种难度{glue:text}`intro.md::bank:s`道，{glue:text}`intro.md::share:.0%`，{glue:}`intro.md::x`'
    """
    def named(role: re.Match[str]) -> str:
        kind = role["role"] or ""
        form = role["format"] or (":s" if kind == ":text" else "")
        return f"{{glue{kind}}}`{page}.md::{role['key']}{form}`"
    return LOCAL_GLUE.sub(named, msgstr)


def stage_catalogues(target: Path) -> Path:
    """Copy the Chinese catalogues into ``target`` (a ``locale_dirs`` folder), glue roles named by page."""
    from babel.messages.pofile import read_po, write_po

    source = LOCALE / CATALOGUES
    if not source.is_dir():
        raise BuildError(f"no catalogues in {source}")
    for po in sorted(source.rglob("*.po")):
        with po.open("rb") as stream:
            catalogue = read_po(stream, locale="zh_CN")
        for message in catalogue:
            if message.id and isinstance(message.string, str):
                message.string = page_glue(message.string, po.stem)
        staged = target / CATALOGUES / po.relative_to(source)
        staged.parent.mkdir(parents=True, exist_ok=True)
        with staged.open("wb") as stream:
            write_po(stream, catalogue, width=0)
    return target


def build(site: Path) -> None:
    """Build the Chinese edition into ``site/zh``; a failed build raises :class:`BuildError`."""
    from jupyter_book.config import get_final_config
    from sphinx.application import Sphinx
    from sphinx.errors import SphinxError
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    if not (site / "widget-runtime").is_dir():
        raise BuildError(f"no {site / 'widget-runtime'}: stage it first (make site copies it before both builds)")
    shutil.rmtree(STAGE, ignore_errors=True)
    config = zh_config(yaml.safe_load(CONFIG.read_text(encoding="utf-8")))
    config["sphinx"]["config"]["html_search_options"] = {"dict": str(write_search_words(STAGE / "search-words.txt"))}
    config["sphinx"]["config"]["locale_dirs"] = [str(stage_catalogues(STAGE / "locale"))]
    sys.path.insert(0, str(ROOT / "tools"))  # the local extensions (_config.yml sphinx.local_extensions)
    sphinx_config, _meta = get_final_config(
        user_yaml=config, sourcedir=ROOT, validate=True, raise_on_invalid=True,
        cli_config={"external_toc_path": TOC.as_posix(), "nitpicky": True, "latex_individualpages": False})
    os.environ["CARDBOOK_LANG"] = "zh"  # the kernels inherit it: the code cells' outputs in Chinese
    try:
        with patch_docutils(None), docutils_namespace():
            app = Sphinx(srcdir=str(ROOT), confdir=None, outdir=str(STAGE / "html"),
                         doctreedir=str(STAGE / ".doctrees"), buildername="html", confoverrides=sphinx_config,
                         status=sys.stdout, warning=sys.stderr, freshenv=True, warningiserror=True, keep_going=True)
            app.build(force_all=True)
    except SphinxError as error:
        raise BuildError(f"Sphinx stopped: {error}") from error
    if app.statuscode:
        raise BuildError(f"Sphinx reported warnings or errors (status {app.statuscode}, see above)")
    target = site / "zh"
    shutil.rmtree(target, ignore_errors=True)
    shutil.move(str(STAGE / "html"), str(target))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        build(Path(argv[0]).resolve())
    except BuildError as error:
        print(f"build_zh: {error}", file=sys.stderr)
        return 1
    print(f"Built the Chinese edition in {Path(argv[0]) / 'zh'} ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
