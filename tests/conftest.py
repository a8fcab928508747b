"""Fixtures shared across test folders: the book, built once per session.

Only the standard library and pytest are imported here, so every engineer's tests load
fast; the book is built only when a test asks for ``built_book``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "_build" / "html"


def toc_pages() -> list[str]:
    """The book's pages in reading order, as site paths (``book/intro.html``), from ``_toc.yml``."""
    import yaml

    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    return [f"{entry}.html" for entry in [toc["root"], *(chapter["file"] for chapter in toc["chapters"])]]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


_BUILD_FAILURE: list[str] = []


@pytest.fixture(scope="session")
def built_book() -> Path:
    """Run ``make site`` (the build step of ``make book``: warnings are errors) once; the site folder.

    A failed build is remembered: every later test that needs the book fails at once with the
    same message instead of building again.
    """
    if _BUILD_FAILURE:
        pytest.fail(_BUILD_FAILURE[0], pytrace=False)
    result = subprocess.run(["make", "--no-print-directory", "site", f"VENV={sys.prefix}"], cwd=REPO,
                            capture_output=True, text=True)
    if result.returncode != 0:
        _BUILD_FAILURE.append(f"make site failed ({result.returncode}):\n{result.stdout[-6000:]}\n"
                              f"{result.stderr[-6000:]}")
        pytest.fail(_BUILD_FAILURE[0], pytrace=False)
    return SITE


#: Pages Sphinx writes besides the chapters.
SITE_EXTRA_PAGES = ["index.html", "search.html", "genindex.html"]


def chapter_files() -> list[Path]:
    """The chapters' MyST sources, in reading order."""
    return [REPO / page.replace(".html", ".md") for page in toc_pages()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``book_page``: once per page of the site (every chapter and Sphinx's own pages);
    ``chapter``: once per chapter source."""
    if "book_page" in metafunc.fixturenames:
        metafunc.parametrize("book_page", toc_pages() + SITE_EXTRA_PAGES)
    if "chapter" in metafunc.fixturenames:
        metafunc.parametrize("chapter", chapter_files(), ids=lambda path: path.name)


@pytest.fixture(scope="session")
def book_pages() -> list[str]:
    return toc_pages() + SITE_EXTRA_PAGES


@pytest.fixture(scope="session")
def chapters() -> list[Path]:
    return chapter_files()
