"""JupyterLab (`make lab`): the chapters read as MyST, and a puzzle behaves next to a kernel.

The chapters open as notebooks (jupytext) and jupyterlab-myst renders their markdown cells, so labels
become anchors, roles links and admonitions boxes instead of raw MyST.  The book's Lab extension
(tools/lab) follows a chapter's links to other chapters and a puzzle's "Read rule" in the same Lab, at
the paragraph, never reloading Lab (the session would be lost); after Kernel → Restart, "New puzzle"
says what to do and still shows a puzzle, from the widget's bank.
Rules: SJ-5 (the highest card: the puzzle answered here).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from urllib.parse import urlsplit
from pathlib import Path

import jupytext
import pytest
from playwright.sync_api import Locator, Page, expect

#: MyST that shows when a markdown cell is not rendered as MyST: fences, roles, targets, directive options.
RAW_MYST = re.compile(r":::|\{[a-z-]+\}`|\([\w-]+\)=|:class:")
ADMONITION = re.compile(r"^:{3,}\{(admonition|note|warning|important|tip|hint|caution|attention|danger|error|seealso)\}"
                        r"[ \t]*(.*)$", re.MULTILINE)
#: A label jupyterlab-myst turns into an anchor: not one on the chapter's title (Lab shows the title in a
#: frontmatter block, without it) nor one on a directive (an admonition box carries no id).
LABEL = re.compile(r"^\(([\w-]+)\)=[ \t]*\n(?!# |:{3,}\{)", re.MULTILINE)
#: A link to a label by its name, ``[text](label)`` (text possibly empty).
NAMED_LINK = re.compile(r"\]\(([\w-]+)\)")
#: The chapter whose SJ-5 puzzle the kernel tests answer.
PUZZLE_CHAPTER, PUZZLE_KIND = "shengji-trumps.md", "highest"


def open_chapter(page: Page, lab, name: str) -> Locator:
    """Open ``book/<name>`` in Lab (a fresh layout) and wait for its notebook and an idle kernel."""
    page.goto(f"{lab.url}lab/tree/{name}?reset", wait_until="domcontentloaded", timeout=60_000)
    notebook = page.locator(".jp-NotebookPanel", has=page.locator(".jp-Notebook")).first
    expect(notebook).to_be_visible(timeout=60_000)
    kernel_idle(page)
    return notebook


def kernel_idle(page: Page) -> None:
    """Wait until the status bar says the notebook's kernel is idle (not initializing, restarting or busy)."""
    expect(page.get_by_role("button", name=re.compile(r"\| Idle$"))).to_be_visible(timeout=60_000)


def menu(page: Page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel").get_by_text(top, exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text(item, exact=True).click()


def live_puzzle(page: Page, lab) -> Locator:
    """The chapter's SJ-5 puzzle, run by Run → Run All Cells and connected to its kernel."""
    open_chapter(page, lab, PUZZLE_CHAPTER)
    menu(page, "Run", "Run All Cells")
    root = page.locator(f"[data-puzzle-kind='{PUZZLE_KIND}']").first
    expect(root).to_have_attribute("data-live", "true", timeout=60_000)
    root.scroll_into_view_if_needed()
    return root


def lab_setting(lab, plugin: str) -> dict:
    """The settings of ``plugin`` in force: the user's (none here) over the defaults `make lab` overrides."""
    with urllib.request.urlopen(f"{lab.url}lab/api/settings/{plugin}", timeout=10) as answer:
        found = json.load(answer)
    defaults = {name: spec.get("default") for name, spec in found["schema"]["properties"].items()}
    return defaults | found["settings"]


def test_make_lab_opens_chapters_as_notebooks_never_autosaves_and_asks_no_other_host(lab):
    docs = lab_setting(lab, "@jupyterlab/docmanager-extension:plugin")
    assert docs["defaultViewers"]["markdown"] == "Jupytext Notebook"
    assert docs["autosave"] is False  # saving a chapter rewrites its header: reading must not
    news = lab_setting(lab, "@jupyterlab/apputils-extension:notification")
    assert news["fetchNews"] == "false" and news["checkForUpdates"] is False


@pytest.mark.parametrize("name", ["shengji-scoring.md", "variants.md"])
def test_a_chapter_opens_in_lab_with_its_labels_roles_and_admonitions_rendered(lab, offline_page, repo_root: Path,
                                                                               name: str):
    source = (repo_root / "book" / name).read_text(encoding="utf-8")
    page, log = offline_page
    notebook = open_chapter(page, lab, name)
    cells = notebook.locator(".jp-MarkdownCell .myst")
    markdown = [c for c in jupytext.reads(source, fmt="md:myst").cells if c.cell_type == "markdown"]
    expect(cells, "markdown cells not rendered as MyST (is jupyterlab-myst installed?)").to_have_count(len(markdown))
    raw = [m.group(0) for text in cells.all_text_contents() for m in RAW_MYST.finditer(text)]
    assert raw == [], f"raw MyST shown in {name}: {raw[:5]}"

    wanted = [title.strip() or kind.capitalize() for kind, title in ADMONITION.findall(source)]
    assert wanted, f"{name} has no admonition to check"
    boxes = notebook.locator(".jp-MarkdownCell .myst aside.myst-admonition")
    expect(boxes).to_have_count(len(wanted))
    assert [t.strip() for t in boxes.locator(".myst-admonition-header").all_text_contents()] == wanted

    anchors = set(notebook.locator(".jp-MarkdownCell .myst [id]").evaluate_all("els => els.map(e => e.id)"))
    labels = set(LABEL.findall(source))
    assert labels - anchors == set(), f"labels of {name} with no anchor in Lab: {sorted(labels - anchors)}"
    for target in {t for t in NAMED_LINK.findall(source) if t in labels}:  # a link to a label of this chapter
        expect(notebook.locator(f".jp-MarkdownCell .myst a[href='#{target}']").first).to_be_attached()
    assert log.blocked == []
    assert [e for e in log.errors if e.startswith("uncaught")] == []


def current_tab(page: Page) -> str:
    """The file name on the main area's current tab."""
    return page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel").inner_text()


def expect_in_view(page: Page, chapter: str, label: str) -> None:
    """The paragraph or heading ``label`` of ``chapter`` shows in its notebook's visible part, near the top."""
    target = page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) [id='{label}']")
    expect(target).to_have_count(1, timeout=30_000)
    page.wait_for_function("""selector => { const el = document.querySelector(selector); if (!el) return false;
        let s = el.parentElement;
        while (s && !(s.scrollHeight > s.clientHeight && /auto|scroll/.test(getComputedStyle(s).overflowY))) s = s.parentElement;
        if (!s) return false; const box = el.getBoundingClientRect(), view = s.getBoundingClientRect();
        return box.top >= view.top && box.top < view.top + view.height / 2; }""",
                           arg=f".jp-NotebookPanel:not(.lm-mod-hidden) [id='{label}']", timeout=30_000)
    assert current_tab(page) == chapter


def follow(page: Page, link: Locator) -> None:
    """Click a chapter's link, checking it neither reloads Lab nor opens a tab of the browser."""
    page.evaluate("window.__sameLab = true")
    pages = len(page.context.pages)
    # the extension has read the chapters once a book link carries its Lab address (a reader's click before that
    # waits for the read; here the read is awaited so that the click is the thing under test)
    expect(link).to_have_attribute("href", re.compile(r"/lab/tree/"), timeout=30_000)
    link.click()
    page.wait_for_timeout(500)
    assert page.evaluate("window.__sameLab === true"), "the link reloaded Lab or left it"
    assert len(page.context.pages) == pages, "the link opened another browser tab"


def test_chapter_glossary_and_title_page_links_open_their_chapter_in_this_lab_at_their_paragraph(lab, offline_page,
                                                                                                 repo_root: Path):
    """The title page's {doc} link to the engine chapter, its start card and its link to the glossary, then a
    glossary link to a rule (a label in another chapter) each open their chapter as a notebook in this Lab, at
    its top or scrolled to the paragraph; a link written without text shows its target's title."""
    page, log = offline_page
    notebook = open_chapter(page, lab, "intro.md")
    for link, chapter in [("the engine chapter", "engine.md"),                 # {doc}`the engine chapter <engine>`
                          ("升级 from the table to the score", "shengji.md")]:  # a start card, :link: shengji
        follow(page, notebook.locator(".jp-MarkdownCell .myst a", has_text=link).first)
        expect(page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current")).to_contain_text(chapter, timeout=30_000)
        expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell .myst h1").first).to_be_in_viewport(
            timeout=30_000)
        page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text="intro.md").click()
    follow(page, notebook.locator(".jp-MarkdownCell .myst a", has_text=re.compile(r"^glossary$")).first)
    expect(page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current")).to_contain_text("glossary.md", timeout=30_000)
    glossary = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    rule_link = glossary.locator(".jp-MarkdownCell .myst a", has_text="trump order").first
    expect(rule_link).to_have_attribute("href", re.compile(r"/lab/tree/shengji-trumps\.md#rule-sj-5$"))  # to copy, or a tab
    follow(page, rule_link)
    expect_in_view(page, "shengji-trumps.md", "rule-sj-5")
    names = {p.stem for p in (repo_root / "book").glob("*.md")}
    names |= set(re.findall(r"^\(([\w-]+)\)=", (repo_root / "book" / "shengji-trumps.md").read_text(encoding="utf-8"), re.M))
    links = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell .myst a")
    expect(links.filter(has_text=re.compile(r"^Levels$")).first).to_be_attached(timeout=20_000)  # [](sj-levels): the heading under it
    shown = links.all_inner_texts()
    assert not names & {text.strip() for text in shown}, "a link shows its target's name, not its title"
    assert log.blocked == []
    assert [e for e in log.errors if e.startswith("uncaught")] == []


def test_the_title_pages_path_map_shows_the_stars_earned_here_and_continues_in_this_lab(lab, offline_page,
                                                                                       repo_root: Path):
    """The path map drawn by the title page's cell gets its stars from the puzzles answered in this browser (as in
    the static book), and its "continue" link opens the next stage's chapter in this Lab, at its section."""
    page, log = offline_page
    notebook = open_chapter(page, lab, "intro.md")
    cell = run_cell(page, notebook, repo_root, "intro.md", "path_map()")
    stage = cell.locator("[data-game] [data-stage]").first
    expect(stage).to_have_attribute("data-stars", "0", timeout=60_000)  # drawn: nothing answered yet
    kind = stage.get_attribute("data-kinds").split()[0]
    # the reader answers three of the first stage's puzzles in this browser, right first time: one star
    page.evaluate("""kind => { localStorage.setItem("cardbook-puzzle-progress",
            JSON.stringify({[kind]: {solved: 3, answered: 3, streak: 3}}));
        window.dispatchEvent(new CustomEvent("cardbook:progress")); }""", kind)
    expect(stage).to_have_attribute("data-stars", "1", timeout=10_000)
    expect(stage.locator("[data-path-stars]")).to_have_text("★☆☆")
    game = cell.locator("[data-game]").first
    following = game.locator("[data-stage]").nth(1)
    link = game.locator("[data-path-continue]")
    expect(link).to_have_attribute("data-next-stage", following.get_attribute("data-stage"))
    name = following.locator(".cb-path-name")
    expect(name).to_have_attribute("href", re.compile(r"/lab/tree/[\w-]+\.md#[\w-]+$"), timeout=30_000)  # to copy, or a tab
    address = urlsplit(name.get_attribute("href"))
    chapter, label = Path(address.path).name, address.fragment
    follow(page, link)
    expect_in_view(page, chapter, label)
    assert [e for e in log.errors if e.startswith("uncaught")] == []


def test_sj5_read_rule_next_to_a_kernel_scrolls_to_the_rule_in_this_lab(lab, offline_page):
    """"Read rule" of a live puzzle whose rule is in its own chapter scrolls that chapter to the rule, in place."""
    page, log = offline_page
    root = live_puzzle(page, lab)
    root.locator(".cbp-answer").first.click()
    link = root.locator("a.cbp-rule-link").first
    expect(link).to_be_visible()
    assert link.get_attribute("target") is None  # not a new tab: this Lab opens it
    follow(page, link)
    expect_in_view(page, PUZZLE_CHAPTER, "rule-sj-5")
    expect(page.locator("#jp-main-dock-panel .lm-TabBar-tab")).to_have_count(1)
    assert log.blocked == []


def test_new_puzzle_after_a_kernel_restart_says_what_to_do_and_shows_a_puzzle_from_the_bank(lab, offline_page):
    page, log = offline_page
    root = live_puzzle(page, lab)
    before = root.get_attribute("data-puzzle-id")
    menu(page, "Kernel", "Restart Kernel…")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    kernel_idle(page)
    root.get_by_role("button", name="New puzzle").click()
    notice = root.locator(".cbp-notice")
    expect(notice).to_contain_text(re.compile(r"kernel.*restart.*run .*again", re.IGNORECASE), timeout=15_000)
    assert notice.evaluate("e => e.getAttribute('role') === 'status' || e.getAttribute('aria-live') === 'polite'"), \
        "the notice is not announced"
    expect(root).not_to_have_attribute("data-puzzle-id", before or "")
    expect(root.locator(".cbp-answer").first).to_be_visible()
    assert log.blocked == []


def test_ys_the_tutor_plays_a_whole_game_in_lab_on_the_kernels_python(lab, offline_page):
    """book/play.md run in Lab: the 一上一下 tutor answers from the kernel (no browser engine), and a whole
    game by Hint then Play reaches the review the engine computes for that deal (YS-12: the game's end)."""
    from .test_tutor_voila import expected_review

    page, log = offline_page
    open_chapter(page, lab, "play.md")
    menu(page, "Run", "Run All Cells")
    root = page.locator("[data-tutor=yishang]").first
    expect(root).to_have_attribute("data-state", "playing", timeout=60_000)
    for _move in range(80):
        if root.get_attribute("data-state") == "over":
            break
        expect(root).to_have_attribute("data-turn", "you", timeout=20_000)
        for action in ("hint", "play"):
            before = root.get_attribute("data-serial")
            root.locator(f"[data-action={action}]").click()
            page.wait_for_function("([el, s]) => el.dataset.serial !== s", arg=[root.element_handle(), before],
                                   timeout=20_000)
    expect(root).to_have_attribute("data-state", "over")
    review = expected_review("yishang")
    expect(root).to_contain_text(re.compile(re.escape(review["reason"]["en"]), re.IGNORECASE))  # the engine's, this deal
    assert log.blocked == []


def run_cell(page: Page, notebook: Locator, repo_root: Path, name: str, call: str) -> Locator:
    """Run the one cell of ``book/<name>`` that holds ``call`` (selected, then Ctrl+Enter) and return the cell.
    The cell is collapsed in Lab (the book hides it), so it is found by its place in the chapter, as jupytext
    splits it for Lab."""
    cells = jupytext.read(repo_root / "book" / name, fmt="md:myst").cells
    index = next(i for i, c in enumerate(cells) if c.cell_type == "code" and call in c.source)
    cell = notebook.locator(".jp-Notebook .jp-Cell").nth(index)
    cell.scroll_into_view_if_needed()
    cell.locator(".jp-InputPrompt, .jp-InputArea, .jp-Placeholder-prompt").first.click()
    page.keyboard.press("Escape")  # command mode: Ctrl+Enter runs the selected cell
    page.keyboard.press("Control+Enter")
    return cell


def run_puzzle_cell(page: Page, notebook: Locator, repo_root: Path, name: str, call: str) -> Locator:
    """Run the cell of ``book/<name>`` that holds ``call`` and return its puzzle once it is connected to the kernel."""
    cell = run_cell(page, notebook, repo_root, name, call)
    root = cell.locator("[data-puzzle-kind]:not([data-test-old])").first
    expect(root).to_have_attribute("data-live", "true", timeout=60_000)
    return root


def test_a_chapter_opens_saves_and_closes_asking_nothing_and_the_file_is_as_it_was(lab, offline_page,
                                                                                   repo_root: Path):
    """Open a chapter (its kernel started): no unsaved mark; save: the file's bytes unchanged (header
    included); close: no question asked."""
    page, log = offline_page
    chapter = repo_root / "book" / "shengji-scoring.md"
    before, stamp = chapter.read_bytes(), chapter.stat()
    open_chapter(page, lab, chapter.name)
    page.wait_for_timeout(1500)  # the kernel's metadata arrives after idle
    expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
    page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current").click()  # not a cell: a click may expand one
    saved_before = chapter.stat().st_mtime_ns
    page.keyboard.press("Control+s")
    expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
    for _ in range(50):  # the save reaches the disk
        if chapter.stat().st_mtime_ns != saved_before:
            break
        page.wait_for_timeout(100)
    assert chapter.stat().st_mtime_ns != saved_before, "Ctrl+S did not save the chapter"
    written = chapter.read_bytes()
    for _ in range(50):  # the server truncates, then writes: read once the file has stopped changing
        page.wait_for_timeout(100)
        if written and chapter.read_bytes() == written:
            break
        written = chapter.read_bytes()
    assert written == before, "saving the chapter in Lab changed it"
    os.utime(chapter, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # as it was: no newer than the book built from it
    menu(page, "File", "Close Tab")
    page.wait_for_timeout(1000)
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    expect(page.locator(".jp-NotebookPanel")).to_have_count(0)
    assert chapter.read_bytes() == before
    assert log.blocked == []


def test_sj5_after_a_kernel_restart_running_the_puzzles_cell_brings_it_back(lab, offline_page, repo_root: Path):
    """The puzzle cell imports what it uses: after Kernel → Restart, running that cell alone shows a live puzzle."""
    page, log = offline_page
    notebook = open_chapter(page, lab, PUZZLE_CHAPTER)
    call = 'Puzzle.for_rule("SJ-5", kind="highest")'
    before = run_puzzle_cell(page, notebook, repo_root, PUZZLE_CHAPTER, call)
    before.evaluate("el => el.setAttribute('data-test-old', '')")  # the puzzle shown before the restart
    menu(page, "Kernel", "Restart Kernel…")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    kernel_idle(page)
    root = run_puzzle_cell(page, notebook, repo_root, PUZZLE_CHAPTER, call)
    expect(root.locator(".cbp-answer").first).to_be_visible()
    expect(notebook.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    assert "NameError" not in notebook.inner_text()
    assert log.blocked == []


def test_sj4_enter_submits_a_typed_answer_in_lab(lab, offline_page, repo_root: Path):
    """A number typed into a live puzzle and Enter: graded (the verdict shows), as in the book."""
    page, log = offline_page
    name = "shengji-trumps.md"
    notebook = open_chapter(page, lab, name)
    root = run_puzzle_cell(page, notebook, repo_root, name, 'Puzzle.for_rule("SJ-4", kind="count_trumps")')
    field = root.locator("input.cbp-number")
    field.fill("3")
    field.press("Enter")
    expect(root.locator(".cbp-verdict-mark")).to_be_visible(timeout=10_000)
    assert log.blocked == []
