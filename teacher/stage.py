"""Stage teacher mode for Voila: the decks as notebooks, the template with its assets offline.

The decks are MyST notebooks (``teacher/decks/*.md``, jupytext headers, like the book's
chapters): readable diffs and no stored outputs; Voila's reveal template needs ``.ipynb``, so
they are converted here, never edited by hand.  The template ``teacher`` (Voila's reveal
template with nothing from other hosts) gets reveal.js's and Font Awesome's stylesheets copied
from ``node_modules`` (reveal.js pinned to the version of the reveal.js code in Voila's bundle).

``make present`` stages the decks only: Voila renders a notebook's markdown without MyST, so a
chapter would show its labels, roles and directives raw (the static book renders them); the
folder's page is a start page listing the decks (the ``offline`` template's ``tree.html``).

Usage: ``python teacher/stage.py OUT_DIR [--node-modules DIR]`` stages; ``python teacher/stage.py
OUT_DIR --serve PORT`` then serves it (``make present`` does both with ``_build/present``).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import sys
from html import escape
from pathlib import Path

import jupytext

TEACHER = Path(__file__).resolve().parent
ROOT = TEACHER.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]  # classroom/ (the class server), tools/ (scripts)
from export_notebooks import convert, export  # noqa: E402  (tools/ is a folder of scripts)

#: What each template serves from node_modules: (package folder, folders or files within it).
#: ``teacher`` is the decks' reveal template, ``offline`` the chapters' lab template.
FONT_AWESOME = ("@fortawesome/fontawesome-free", ["css", "webfonts"])
VENDOR = {
    "teacher": {"reveal.js": ("reveal.js", ["dist/reveal.css", "dist/theme/white.css"]),
                "fontawesome": FONT_AWESOME},
    "offline": {"fontawesome": FONT_AWESOME},
}


DECKS = sorted((TEACHER / "decks").glob("*.md"))


def export_decks(out: Path) -> list[Path]:
    """Every deck as ``out/<name>.ipynb``, in order."""
    written = convert(DECKS, out)
    if not written:
        raise SystemExit(f"stage: no decks in {TEACHER / 'decks'}")
    return written


def deck_titles(deck: Path) -> tuple[str, str]:
    """A deck's title and its Chinese line: its first heading and the first ``lang="zh-Hans"``
    paragraph of its first slide (``("一上一下 · Up, down", "一明一暗轮流出牌……")``)."""
    first = next(cell.source for cell in jupytext.read(deck).cells if cell.cell_type == "markdown")
    title = next((line[2:].strip() for line in first.splitlines() if line.startswith("# ")), None)
    chinese = next((line for line in first.splitlines() if 'lang="zh-Hans"' in line), None)
    if title is None or chinese is None:
        raise SystemExit(f"stage: {deck.name}'s first slide needs a '# ' title and a lang=\"zh-Hans\" line")
    return title, chinese.split(">", 1)[1].rsplit("<", 1)[0]


def deck_list(href: str) -> str:
    """The decks as an HTML list of links; ``href`` is a deck's address, ``{deck}`` its stem."""
    items = []
    for deck in DECKS:
        title, chinese = deck_titles(deck)
        address = href.replace("{deck}", deck.stem)
        items.append(f'<li><a href="{address}"><span class="cbt-deck-title">{escape(title)}</span>'
                     f'<span class="cbt-zh" lang="zh-Hans">{escape(chinese)}</span></a></li>')
    return '<ol class="cbt-decks">\n' + "\n".join(items) + "\n</ol>\n"


def start_page(href: str, served: bool) -> str:
    """The start page's body: the decks (see :func:`deck_list`) and the keys a teacher needs; a
    ``served`` deck (Voila) also reads its rules from the address."""
    rules = ('<p class="cbt-lead">Pick a deck to present; add <code>?rules=shuangsheng</code> to its address for '
             '双升\'s rules.<br>\n  <span lang="zh-Hans">选一套幻灯片开讲；在地址后加 <code>?rules=shuangsheng</code> '
             '即按《双升》指南。</span></p>' if served else
             '<p class="cbt-lead">Pick a deck to present: these pages need no server and show the 四人升级 guide\'s '
             'rules.<br>\n  <span lang="zh-Hans">选一套幻灯片开讲：这些网页不需要服务器，按《四人升级》指南。</span></p>')
    # served, `s` opens the presenter console (teacher/templates/teacher/static/presenter.js); a static deck keeps
    # reveal.js's speaker view, which has no kernel to start
    console = (("presenter console: notes, the answer for you only, a vote countdown",
                "演讲者控制台：备注、只给你看的答案、投票倒计时")
               if served else ("speaker view with notes", "演讲者视图（含备注）"))
    return (f'<main>\n<h1>Teacher decks <span lang="zh-Hans">教学幻灯片</span></h1>\n{rules}\n{deck_list(href)}'
            f'<p class="cbt-keys"><kbd>S</kbd> {console[0]}, <kbd>?</kbd> keys, <kbd>G</kbd> jump to a '
            'slide, <code>?print-pdf</code> prints one slide a page.<br>\n  <span lang="zh-Hans"><kbd>S</kbd> '
            f'{console[1]}，<kbd>?</kbd> 快捷键，<kbd>G</kbd> 跳到某页，地址加 <code>?print-pdf</code> '
            '可每页打印一张。</span></p>\n</main>\n')


def stage_template(out: Path, node_modules: Path, name: str = "teacher") -> Path:
    """The template ``name`` under ``out/voila/templates/`` with its vendored static files."""
    target = out / "voila" / "templates" / name
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(TEACHER / "templates" / name, target)
    for folder, (package, parts) in VENDOR[name].items():
        for part in parts:
            source = node_modules / package / part
            if not source.exists():
                raise SystemExit(f"stage: {source} is missing: run `make deps` (npm ci) first")
            dest = target / "static" / folder / part
            dest.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if source.is_dir() else shutil.copy2)(source, dest)
    return target


def stage(out: Path, node_modules: Path = ROOT / "node_modules", chapters: bool = True) -> list[Path]:
    """The decks (and with ``chapters`` the book's chapters, for the tutor's Voila test) into
    ``out/notebooks``, the templates into ``out/jupyter``, the start page's deck list with them."""
    notebooks = out / "notebooks"
    if notebooks.exists():
        shutil.rmtree(notebooks)
    written = (export(notebooks) if chapters else []) + export_decks(notebooks / "teacher")
    for name in VENDOR:
        stage_template(out / "jupyter", node_modules, name)
    start = out / "jupyter" / "voila" / "templates" / "offline" / "decks.html"
    start.write_text(start_page("{{ base_url }}voila/render/teacher/{deck}.ipynb", served=True), encoding="utf-8")
    return written


def voila_command(out: Path, port: int, python: str = sys.executable, ip: str = "127.0.0.1",
                  token: str = "", public_url: str = "", teacher_login: str = "") -> tuple[list[str], dict[str, str]]:
    """The command and environment that serve ``out/notebooks`` (staged) on ``ip:port``: ``jupyter
    server`` with Voila's extension and class mode's (``classroom.serve``: Voila standalone loads no
    server extension), the ``teacher`` template found through ``JUPYTER_PATH``, the settings of
    ``teacher/voila.json`` (no tracebacks shown, idle kernels culled, reveal.js served locally), the
    class answers in ``out/classroom.sqlite3``, this checkout first on the kernels' ``PYTHONPATH``;
    ``public_url`` is the address phones use for the join code and QR (class mode on a LAN), ``teacher_login``
    the one-time login code (:mod:`classroom.login`)."""
    from classroom.serve import server_command

    command = server_command(out.resolve() / "notebooks", port, TEACHER / "voila.json", ip=ip, token=token,
                             database_url=f"sqlite:///{out.resolve() / 'classroom.sqlite3'}", public_url=public_url,
                             teacher_login=teacher_login, python=python)
    # jupytext's and jupyterlab-myst's Lab extensions (for `make lab`) don't load in Voila's page
    command += ["--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
                "--VoilaConfiguration.extension_denylist=jupyterlab-myst"]
    # The kernels import cardlib and widgets from this checkout, whatever the venv's editable install names.
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return command, {**os.environ, "JUPYTER_PATH": str(out.resolve() / "jupyter"), "PYTHONPATH": python_path}


def teacher_address(host: str, port: int, login: str = "") -> str:
    """The address printed for the teacher: with a token, a one-time login (classroom.login) that sets the
    cookie and leaves an address with no secret, so the token is never in an address the projector shows.

    >>> teacher_address("127.0.0.1", 8866)
    'http://127.0.0.1:8866/'
    >>> teacher_address("192.168.1.20", 8866, "once")
    'http://192.168.1.20:8866/cardbook-class/teacher-login/once'
    """
    return f"http://{host}:{port}/" + (f"cardbook-class/teacher-login/{login}" if login else "")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="the staging folder (make present uses _build/present)")
    parser.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve the staged folder with Voila instead")
    parser.add_argument("--class-ip", metavar="IP", help="with --serve: listen on this address of the room's network "
                        "(phones join class mode there), the decks behind a token printed with the address")
    args = parser.parse_args(argv)
    if args.serve is None:
        written = stage(args.out, args.node_modules, chapters=False)
        print(f"staged {len(written)} decks and the teacher template in {args.out}")
        return 0
    if not (args.out / "jupyter" / "voila" / "templates" / "teacher").is_dir():
        print(f"nothing staged in {args.out}: run `python teacher/stage.py {args.out}` first", file=sys.stderr)
        return 2
    if args.class_ip in ("0.0.0.0", "::"):
        print("--class-ip takes this machine's address on the room's network (e.g. 192.168.1.20), which phones "
              "can reach and the join code names, not a wildcard", file=sys.stderr)
        return 2
    ip, token, public, login = "127.0.0.1", "", "", ""
    if args.class_ip:  # phones reach the server on the room's network: the decks and kernels need a token
        ip, token, public = args.class_ip, secrets.token_urlsafe(16), f"http://{args.class_ip}:{args.serve}"
        login = secrets.token_urlsafe(16)  # the teacher logs in once with it; the token itself is never shown
    command, env = voila_command(args.out, args.serve, ip=ip, token=token, public_url=public, teacher_login=login)
    address = teacher_address(ip, args.serve, login)
    print(f"Teacher decks: {address}  ({'open it once: it logs this browser in; ' if login else ''}"
          "add ?rules=shuangsheng to a deck's address; Ctrl-C stops the server and its kernels)", flush=True)
    os.execvpe(command[0], command, env)
    return 1  # not reached: exec replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
