"""The title page, the reader's first impression: in ten seconds a newcomer sees what this is.

``book/intro.md`` is the root page. Its first screen holds the book's title, one sentence saying
what the book is, the two starts (一上一下 in ten minutes → ``book/yishang``, 升级 from the table to
the score → ``book/shengji``) and a live puzzle before any long prose; the sources and the engine
follow in a short paragraph; the labels other pages link to stay, and so do the rule-id section
and the warm-up set. The sidebar lists the root page.

Read from the MyST source (no book build). When ``_build/html`` holds a build at least as new as
the source, the built page is checked too (the sidebar entry, the start links), and with Debian's
Chromium the first screen is measured at 1280×800 and 390×844; otherwise those parts skip.

Rules: the first-screen puzzle asks a trick's points (SJ-11), the one thing the line above it teaches; 一上一下's
own first puzzle, after the page has told that game, asks what a challenge decides (YS-9); their texts are
player language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.book.test_build import BOOK_LABELS
from tests.book.test_chapter_texts import prose
from tests.book.test_rule_coverage import read_page
from tests.reader_text import leaks, spec_leaks

REPO = Path(__file__).resolve().parents[2]
INTRO = REPO / "book" / "intro.md"
SITE = REPO / "_build" / "html"

#: Words of prose a reader meets before the first puzzle, at most (the title, the sentence, the
#: two starts and a line asking the reader to try: about 50 today).
MAX_WORDS_BEFORE_PUZZLE = 80
#: The short paragraph on the sources and the engine, at most.
MAX_WORDS_SOURCES = 130
#: The two starts: page → what its link says.
STARTS = {"book/yishang": "一上一下 in ten minutes", "book/shengji": "升级 from the table to the score"}
#: Sections the intro keeps (other pages, the glossary and the tests link to them).
KEPT_LABELS = {"intro", "intro-games", "intro-cards", "intro-puzzles", "intro-ids", "intro-reading",
               "intro-exercises", "intro-path"}
STYLE = re.compile(r"<style>.*?</style>", re.S)
CARD = re.compile(r"^:{3,}\{grid-item-card\}(?P<title>.*)\n(?P<options>(?::[\w-]+:.*\n)*)\n?(?P<body>(?:(?!:{3}).*\n)*)",
                  re.M)
DOC_ROLE = re.compile(r"\{doc\}`(?:(?P<text>[^`<]*?)\s*<(?P<target>[^`>]+)>|(?P<bare>[^`]+))`")
MD_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")


def words(text: str) -> list[str]:
    """The words of prose: markup, headings' hashes and CSS left out."""
    return re.findall(r"[\w\u4e00-\u9fff]+", prose(STYLE.sub(" ", text)).replace("#", " "))


def page_name(target: str) -> str:
    """A link target written in ``book/intro.md`` → the page it opens, as ``book/<name>``."""
    target = target.split("#", 1)[0].removesuffix(".md").removesuffix(".html")
    if target.startswith("/"):
        return target.lstrip("/")
    return str(Path("book", target).as_posix()).replace("book/../", "")


def links(source: str) -> dict[str, str]:
    """The page links in a stretch of MyST: page → the text a reader clicks."""
    found: dict[str, str] = {}
    for card in CARD.finditer(source):
        options = dict(re.findall(r"^:([\w-]+):\s*(.*)$", card["options"], re.M))
        if "link" in options and options.get("link-type") == "doc":
            found[page_name(options["link"])] = " ".join((card["title"] + " " + card["body"]).split())
    for role in DOC_ROLE.finditer(source):
        found[page_name(role["target"] or role["bare"])] = role["text"] or ""
    for link in MD_LINK.finditer(source):
        if link["target"].endswith((".md", ".html")) or ".md#" in link["target"]:
            found[page_name(link["target"])] = link["text"]
    return found


def config_title() -> str:
    return yaml.safe_load((REPO / "_config.yml").read_text(encoding="utf-8"))["title"]


@pytest.fixture(scope="module")
def page():
    return read_page("book/intro")


@pytest.fixture(scope="module")
def first_screen(page) -> str:
    """The source from the title to the first puzzle's cell: what the first screen shows."""
    first = page.embeds[0].line
    title = next(line for line, level in page.headings if level == 1)
    return "\n".join(page.lines[title - 1:first])


def test_the_page_opens_with_the_books_title(page):
    """The title shows on the page itself, not only in the sidebar: the first heading is the
    book's title (``_config.yml``'s, up to its colon)."""
    levels = [level for _line, level in page.headings]
    assert levels[0] == 1 and levels.count(1) == 1, "one title, first"
    title_line = page.lines[page.headings[0][0] - 1]
    assert title_line.lstrip("# ").strip() == config_title().split(":")[0].strip()


def test_one_sentence_says_what_the_book_is(page, first_screen):
    before_starts = first_screen.split(":::", 1)[0]
    text = " ".join(prose(STYLE.sub(" ", before_starts)).split("\n", 2)[-1].split())
    text = text.lstrip("# ").removeprefix(page.lines[page.headings[0][0] - 1].lstrip("# ").strip()).strip()
    assert len(re.findall(r"[.!?](?:\s|$)", text)) == 1, f"one sentence, found: {text!r}"
    assert "rules book" in text and "一上一下" in text and "升级" in text, text


def test_the_two_starts_come_before_the_puzzle_and_open_the_first_chapters(first_screen):
    found = links(first_screen)
    for target, text in STARTS.items():
        assert target in found, f"no link to {target} on the first screen (links: {found})"
        assert text in found[target], f"the link to {target} says {found[target]!r}"
        assert (REPO / f"{target}.md").is_file()
    toc = (REPO / "_toc.yml").read_text(encoding="utf-8")
    assert all(f"file: {target}" in toc for target in STARTS)


def test_sj11_a_quick_puzzle_comes_before_any_long_prose(page, first_screen):
    """The first puzzle stands before the first section heading and after at most
    ``MAX_WORDS_BEFORE_PUZZLE`` words; it is easy, answered with a few buttons or a number, and asks what the
    line before it taught: a trick's points (SJ-11), not a rule the page has not told."""
    first = page.embeds[0]
    sections = [line for line, level in page.headings if level >= 2]
    assert first.line < sections[0], "the first puzzle comes after a section heading"
    count = len(words(first_screen))
    assert count <= MAX_WORDS_BEFORE_PUZZLE, f"{count} words before the first puzzle"
    spec = first.spec()
    assert spec["difficulty"] == "easy" and spec["input"] in ("choice", "number"), first.text
    assert len(spec["answers"]) <= 4, "a quick puzzle: a few answers"
    assert spec["rules"] == ["SJ-11"], spec["rules"]
    assert all(word in first_screen for word in ("five", "ten", "king", "5 points")), "the line before it says the points"


def test_ys9_the_bluffing_game_has_its_own_first_puzzle_after_the_page_tells_it(page):
    """一上一下's first puzzle on the page comes in "The two games", after the paragraph that tells the game (a
    face-down card, its claim, a challenge, the pile), and asks only that: does the challenge succeed (YS-9)."""
    games = next(line for line, label in page.labels if label == "intro-games")
    told = next(number for number, line in enumerate(page.lines, 1) if "Lose a challenge" in line)
    first_ys = next(e for e in page.embeds if e.spec()["kind"].startswith("ys_"))
    assert games < told < first_ys.line < next(line for line, label in page.labels if label == "intro-cards")
    spec = first_ys.spec()
    assert spec["kind"] == "ys_challenge" and spec["difficulty"] == "easy" and spec["input"] == "choice"
    assert "YS-9" in spec["rules"] and spec_leaks(spec) == []


def test_the_first_screen_speaks_as_players_do(page, first_screen):
    assert leaks(prose(STYLE.sub(" ", first_screen))) == []
    assert spec_leaks(page.embeds[0].spec()) == []


def test_the_sources_and_the_engine_follow_in_a_short_paragraph(page):
    source = "\n".join(page.lines)
    section = source.split("(intro-sources)=", 1)[1].split("\n(", 1)[0]
    at = next(line for line, label in page.labels if label == "intro-sources")
    assert at > page.embeds[0].line, "below the first puzzle"
    found = links(section)
    assert {"book/engine", "book/playground"} <= set(found), found
    text = " ".join(prose(section).split())
    for guide in ("一上一下", "四人升级", "双升"):
        assert guide in text, guide
    assert "engine" in text and "explains why" in text
    assert len(words(section)) <= MAX_WORDS_SOURCES


def test_the_labels_other_pages_link_to_stay(page):
    labels = {label for _line, label in page.labels}
    wanted = KEPT_LABELS | {label for label in BOOK_LABELS if label.startswith("intro")}
    for other in sorted((REPO / "book").glob("*.md")):
        if other != INTRO:
            wanted |= set(re.findall(r"[(<`](intro(?:-[\w-]+)?)[)>`]", other.read_text(encoding="utf-8")))
    assert wanted <= labels, f"missing: {sorted(wanted - labels)}"


def test_the_rule_id_section_and_the_warm_up_set_stay(page):
    source = "\n".join(page.lines)
    ids = source.split("(intro-ids)=", 1)[1].split("\n(intro-", 1)[0]
    for prefix in ("YS-", "SJ-", "SG-", "SS-", "C-"):
        assert f"`{prefix}`" in ids, prefix
    start = next(line for line, label in page.labels if label == "intro-exercises")
    assert start > max(line for line, _level in page.headings[:-1]), "the warm-up set is the last section"
    warm_up = [e for e in page.embeds if e.line > start]
    assert len(warm_up) >= 5 and all(e.spec()["difficulty"] == "easy" for e in warm_up)


def test_the_sidebar_lists_the_title_page():
    """``html.home_page_in_navbar`` becomes the theme's ``home_page_in_toc``, but a
    ``sphinx.config.html_theme_options`` dict replaces the one Jupyter Book builds: it must ask too."""
    config = yaml.safe_load((REPO / "_config.yml").read_text(encoding="utf-8"))
    options = config["sphinx"]["config"].get("html_theme_options")
    assert options is None or options.get("home_page_in_toc") is True


# ---- the built page, when there is a fresh build ---------------------------------------------

def built_intro() -> Path:
    page = SITE / "book" / "intro.html"
    if not page.exists():
        pytest.skip(f"{page} not built (make site)")
    if page.stat().st_mtime < INTRO.stat().st_mtime:
        pytest.skip(f"{page} is older than {INTRO.name}: rebuild (make site)")
    return page


def home_entry(html: str) -> tuple[str, str] | None:
    """The sidebar's entry for the title page in a built page: (href, text); its Chinese is marked
    (``<span lang="zh-Hans">``), so the text is read without tags."""
    found = re.search(r'bd-sidenav__home-link">\s*<li class="[^"]*">\s*<a class="reference internal" '
                      r'href="([^"]+)">(.*?)</a>', html, re.DOTALL)
    return (found[1], re.sub(r"<[^>]+>", "", found[2]).strip()) if found else None


def test_the_built_sidebar_has_the_title_pages_entry_and_the_starts_link():
    html = built_intro().read_text(encoding="utf-8")
    title = config_title().split(":")[0].strip()
    assert home_entry(html) == ("#", title), "no sidebar entry for the title page on itself"
    chapter = SITE / "book" / "yishang.html"
    if chapter.exists():
        assert home_entry(chapter.read_text(encoding="utf-8")) == ("intro.html", title)
    body = html.split('<article class="bd-article">', 1)[1]
    first_puzzle = body.index("application/vnd.jupyter.widget-view+json")
    for target in STARTS:
        name = target.removeprefix("book/")
        assert re.search(rf'href="{name}\.html"', body[:first_puzzle]), f"no link to {name}.html before the puzzle"


VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_first_screen_shows_the_title_the_sentence_the_puzzle_and_the_starts(screen, browser):
    """Measured in Chromium (the run's one browser: a second Playwright in the same process fails):
    title, sentence, the puzzle's question and answer buttons in the first screen at either size; the
    starts too on the desktop (on a phone they may follow just below); nothing scrolls sideways."""
    page_file = built_intro()
    width, height = VIEWPORTS[screen]
    tab = browser.new_page(viewport={"width": width, "height": height})
    try:
        tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
            ("file:", "data:", "blob:")) else route.abort())
        tab.goto(page_file.resolve().as_uri(), wait_until="load")
        tab.locator(".cbp-answers, .cbp-form").first.wait_for(timeout=20_000)
        bottom = tab.evaluate("""() => {
            const box = (el) => el ? el.getBoundingClientRect().bottom + window.scrollY : Infinity;
            const article = document.querySelector('article.bd-article');
            const h1 = article.querySelector('h1');
            return {title: box(h1), sentence: box(h1.nextElementSibling.tagName === 'P' ? h1.nextElementSibling
                                                  : article.querySelector('h1 ~ p')),
                    question: box(article.querySelector('.cbp-question')),
                    answers: box(article.querySelector('.cbp-answers, .cbp-form')),
                    starts: Math.max(...[...article.querySelectorAll('.intro-starts .sd-card')].map(box), -1),
                    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
        }""")
    finally:
        tab.close()
    assert bottom["sideways"] <= 0, f"the page scrolls sideways by {bottom['sideways']} px"
    wanted = ["title", "sentence", "question", "answers"] + (["starts"] if screen == "desktop" else [])
    below = {name: round(bottom[name]) for name in wanted if not 0 < bottom[name] <= height}
    assert not below, f"below the first screen ({width}×{height}): {below}"
    assert bottom["starts"] > 0, "the two starts are missing"


def test_ys1_sj2_the_quick_facts_of_each_game_are_the_engines():
    """The title page's quick facts (players, cards) say what the engine deals (YS-1: 2 to 4 players,
    one deck without jokers, 7 each; SJ-2: four seats, two decks with their jokers, 25 each and 8 in the kitty)."""
    from cardlib.cards import PLAIN_CARDS
    from cardlib.shengji.hand import HAND_SIZE as SJ_HAND, SEATS
    from cardlib.shengji.scoring import KITTY_SIZE
    from cardlib.yishang.deal import DECK, HAND_SIZE as YS_HAND, MAX_PLAYERS, MIN_PLAYERS

    rows = {cells[0].strip("* "): cells[1:] for line in INTRO.read_text(encoding="utf-8").splitlines()
            if line.startswith("| **") and len(cells := [c.strip() for c in line.strip("|").split("|")]) == 3}
    assert set(rows) == {"Say it", "Players", "Cards", "To learn"}
    assert rows["Players"][0].startswith(f"{MIN_PLAYERS} to {MAX_PLAYERS},")
    assert rows["Players"][1].startswith(f"{SEATS}, in two teams")
    assert DECK == PLAIN_CARDS and rows["Cards"][0].startswith(f"one deck without jokers: {YS_HAND} each")
    assert 2 * (len(PLAIN_CARDS) + 2) == SJ_HAND * SEATS + KITTY_SIZE  # two decks with their jokers
    assert rows["Cards"][1] == f"two decks with their jokers: {SJ_HAND} each, {KITTY_SIZE} in the kitty"
