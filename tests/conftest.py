"""Fixtures shared across test folders: the book, built once per session; the markers and the
xdist groups every test gets from what it uses; Hypothesis's two profiles.

Only the standard library, pytest and Hypothesis are imported here, so every engineer's tests load
fast; the book is built only when a test asks for ``built_book`` (``make test`` builds it before
pytest starts and names it with ``CARDBOOK_BUILT_SITE``, so that both workers share one build).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.examples import PROFILE

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "_build" / "html"
#: Tests that drive the book, Lab and Voilà as readers do: all of them ``browser`` (not the inner loop).
BROWSER_TESTS = REPO / "tests" / "browser"


def toc_pages() -> list[str]:
    """The book's pages in reading order, as site paths (``book/intro.html``), from ``_toc.yml``."""
    import yaml

    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    return [f"{entry}.html" for entry in [toc["root"], *(chapter["file"] for chapter in toc["chapters"])]]


# ``ci``: what ``make test`` runs, the examples each test asks for; ``dev``: a tenth of them
# (tests/examples.py), for ``make test-fast``.  No deadline: two workers on two cores time nothing.
settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(PROFILE)

#: The parameters that name a page of the built book (pytest_generate_tests).
PAGE_PARAMETERS = ("book_page", "puzzle_page")


def module_fixtures(item: pytest.Item) -> list[str]:
    """The module-scoped fixtures a test uses (a server, a staged folder): what its module's tests share."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    return [name for name, defs in info.name2fixturedefs.items() if defs and defs[-1].scope == "module"]


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test by what it uses, and group the tests that must share a worker.

    - ``build``: it reads the built book (the ``built_book`` fixture); ``browser``: it drives Chromium
      (the ``browser`` fixture, which ``offline_page`` and the server fixtures of tests/browser use), or it is
      in tests/browser (its Lab, Voilà and class servers and kernels, with or without a page).
    - xdist (``--dist loadgroup``): a test of one page of the book (``book_page``) runs where the other
      tests of that page run, so the page is visited once (tests/browser/tour.py) and a page's tests spread
      over the workers page by page (``puzzle_page`` likewise); a test that uses a
      module-scoped fixture (a server of its module) runs with the rest of its module, so it starts once;
      a test marked ``shares_puzzles`` and parametrized by ``kind`` runs where that kind's other such tests
      run, so the kind's puzzles are made once (``widgets.puzzles.measure.cached_puzzle``).
      Every other test goes to whichever worker is free: session fixtures (the browser, the served book)
      are made once per worker.
    """
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if "built_book" in used:
            item.add_marker(pytest.mark.build)
        if "browser" in used or BROWSER_TESTS in item.path.parents:  # Chromium, or the servers and kernels it drives
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        page = next((callspec.params[name] for name in PAGE_PARAMETERS if name in callspec.params), None) \
            if callspec is not None else None
        kind = callspec.params.get("kind") if callspec is not None else None
        if page is not None:
            item.add_marker(pytest.mark.xdist_group(f"page:{page}"))
        elif kind is not None and item.get_closest_marker("shares_puzzles") is not None:
            item.add_marker(pytest.mark.xdist_group(f"kind:{kind}"))
        elif module_fixtures(item):
            item.add_marker(pytest.mark.xdist_group(f"module:{item.path.relative_to(REPO)}"))


#: The grouped tests whose ids lost their xdist group on this worker (see pytest_collection_finish).
_UNGROUPED: set[str] = set()


def pytest_collection_finish(session: pytest.Session) -> None:
    """On an xdist worker with ``--dist loadgroup``: note the grouped tests whose ids lack their group.  xdist
    reads a test's group from a suffix it adds to the id; a pytest whose ids ignore it (9.2, pytest-xdist#1386)
    or a hook that adds the groups after xdist looked spreads a page's or a server's tests over both workers,
    silently doubling their visits and servers.  Each such test then fails, saying so (pytest_runtest_setup)."""
    config = session.config
    if hasattr(config, "workerinput") and config.getvalue("loadgroup"):  # a worker's ``dist`` reads "no"
        _UNGROUPED.update(item.nodeid for item in session.items if item.get_closest_marker("xdist_group")
                          is not None and "@" not in item.nodeid.rsplit("]", 1)[-1])


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.nodeid in _UNGROUPED:
        pytest.fail("xdist did not group this test (no @group in its id): is pytest pinned as pyproject.toml "
                    "says?", pytrace=False)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


_BUILD_FAILURE: list[str] = []


#: Names a book built already (``make site``'s _build/html) to test instead of building one.
BUILT_SITE_VARIABLE = "CARDBOOK_BUILT_SITE"


@pytest.fixture(scope="session")
def built_book() -> Path:
    """Run ``make site`` (the build step of ``make book``: warnings are errors) once; the site folder.

    A failed build is remembered: every later test that needs the book fails at once with the
    same message instead of building again.  With ``CARDBOOK_BUILT_SITE=folder`` set, that built
    site is tested as it is (both editions must be in it).
    """
    if given := os.environ.get(BUILT_SITE_VARIABLE):
        site = Path(given).resolve()
        missing = [page for page in ("index.html", "zh/index.html") if not (site / page).is_file()]
        if missing:
            pytest.fail(f"{BUILT_SITE_VARIABLE}={given} is not a built book: no {', '.join(missing)}", pytrace=False)
        return site
    if _BUILD_FAILURE:
        pytest.fail(_BUILD_FAILURE[0], pytrace=False)
    result = subprocess.run(["make", "--no-print-directory", "site", f"VENV={sys.prefix}"], cwd=REPO,
                            capture_output=True, text=True)
    if result.returncode != 0:
        _BUILD_FAILURE.append(f"make site failed ({result.returncode}):\n{result.stdout[-6000:]}\n"
                              f"{result.stderr[-6000:]}")
        pytest.fail(_BUILD_FAILURE[0], pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def built_runtime(built_book: Path) -> Path:
    """The built book's ``widget-runtime`` folder: its widget loader, page script and browser engine, staged
    once by ``make site`` (tools/stage_widget_runtime.py, tools/stage_engine.py), for the tests that serve
    a page of their own to copy rather than stage the engine again (running the engine in Pyodide costs half a minute)."""
    runtime = built_book / "widget-runtime"
    if not (runtime / "cardbook-engine.zip.gz").is_file():
        pytest.fail(f"{runtime} holds no staged engine: the book was not built by make site", pytrace=False)
    return runtime


#: Pages Sphinx writes besides the chapters.
SITE_EXTRA_PAGES = ["index.html", "search.html", "genindex.html"]
#: Each edition of the book and its folder in the site: English at the root, Chinese in zh/.
EDITION_FOLDERS = {"en": "", "zh": "zh/"}


def edition_pages(edition: str) -> list[str]:
    """Every page of one edition (chapters and Sphinx's own pages), as site paths (``zh/book/intro.html``)."""
    return [EDITION_FOLDERS[edition] + page for page in toc_pages() + SITE_EXTRA_PAGES]


def site_pages() -> list[str]:
    """Every page of the site: both editions."""
    return [page for edition in EDITION_FOLDERS for page in edition_pages(edition)]


def edition_of(page: str) -> str:
    """The edition a site path belongs to."""
    return "zh" if page.startswith(EDITION_FOLDERS["zh"]) else "en"


#: A chapter's code making a puzzle (``Puzzle(…)``, ``Puzzle.for_rule(…)``), not a page naming the class.
MAKES_A_PUZZLE = re.compile(r"\bPuzzle(?:\.for_rule)?\(")


def puzzle_pages() -> list[str]:
    """The site pages, both editions, of the chapters that embed a puzzle (their code makes a ``Puzzle``)."""
    chapters = [page for page in toc_pages()
                if MAKES_A_PUZZLE.search((REPO / page.replace(".html", ".md")).read_text(encoding="utf-8"))]
    return [EDITION_FOLDERS[edition] + page for edition in EDITION_FOLDERS for page in chapters]


def chapter_files() -> list[Path]:
    """The chapters' MyST sources, in reading order."""
    return [REPO / page.replace(".html", ".md") for page in toc_pages()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``book_page``: once per page of the site, in both editions (every chapter and Sphinx's own pages);
    ``puzzle_page``: once per page that embeds a puzzle, in both editions; ``chapter``: once per chapter source."""
    if "book_page" in metafunc.fixturenames:
        metafunc.parametrize("book_page", site_pages())
    if "puzzle_page" in metafunc.fixturenames:
        metafunc.parametrize("puzzle_page", puzzle_pages())
    if "chapter" in metafunc.fixturenames:
        metafunc.parametrize("chapter", chapter_files(), ids=lambda path: path.name)


@pytest.fixture(scope="session")
def book_pages() -> list[str]:
    """Every page of the site, both editions."""
    return site_pages()


@pytest.fixture(scope="session")
def chapters() -> list[Path]:
    return chapter_files()


# The one browser of the run, for every folder's tests (tests/browser, tests/classroom): Playwright's
# sync API runs one instance per process, so a second session fixture in another conftest would fail.
@pytest.fixture(scope="session")
def browser():
    from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def offline_page(browser):
    """A fresh page whose requests off this machine are blocked and logged; yields ``(page, log)``."""
    from tests.browser.conftest import PageLog, log_errors, refuse_other_hosts

    context = browser.new_context()
    log = PageLog()
    refuse_other_hosts(context, log.blocked.append)
    page = context.new_page()
    log_errors(page, log)
    yield page, log
    context.close()
