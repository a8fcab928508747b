"""The book's JavaScript is linted and type-checked, and its bundles are what the sources make.

eslint (the recommended rules, ``eslint.config.js``) and ``tsc --noEmit`` (``// @ts-check`` in every
file, JSDoc types, ``tsconfig.json``) over the widgets' front ends (``widgets/static``), the static
book's scripts (``tools/site``), the Lab extension (``tools/lab``) and class mode's phone page (``classroom/static``).  Both come from npm,
pinned in ``package-lock.json``: ``make deps`` installs them (a missing one fails, saying so).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
CHECKED = ("widgets/static", "tools/site", "tools/lab", "classroom/static")
#: Every file the checks must cover: the front ends, their shared modules and the book's scripts.
SOURCES = sorted(p for folder in CHECKED for p in (ROOT / folder).glob("*.js"))


def tool(name: str) -> Path:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: run make deps (it installs package-lock.json)")
    if shutil.which("node") is None:
        pytest.fail("node is not installed: apt-get install -y nodejs npm, then make deps")
    return path


def run(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_eslint_finds_no_problem():
    out = run(tool("eslint"), "--max-warnings=0", *CHECKED, "teacher/templates/teacher/static", "tools/bundle_front_ends.mjs",
              "eslint.config.js")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-3000:]


def test_tsc_finds_no_type_error():
    out = run(tool("tsc"), "--noEmit", "-p", "tsconfig.json")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-3000:]


def test_every_script_is_type_checked():
    """``// @ts-check`` on the first line of every checked file, and each one in tsconfig.json's reach."""
    assert len(SOURCES) >= 13
    unchecked = [str(p.relative_to(ROOT)) for p in SOURCES if not p.read_text(encoding="utf-8").startswith("// @ts-check\n")]
    assert unchecked == []
    listed = run(tool("tsc"), "--listFilesOnly", "-p", "tsconfig.json").stdout.splitlines()
    assert {str(p) for p in SOURCES} <= {str(Path(line).resolve()) for line in listed}


def test_the_shared_code_is_imported_not_joined():
    """Each front end imports the shared modules it uses; none relies on another file's globals (eslint's
    no-undef checks that) and none is joined as text: widgets/front_ends.py reads esbuild's bundles."""
    front_ends = ["puzzle", "stepper", "class_puzzle", "class_session", "card_hand", "tutor"]
    for name in front_ends:
        source = (ROOT / "widgets" / "static" / f"{name}.js").read_text(encoding="utf-8")
        assert re.search(r'^import \{[^}]*\bh\b[^}]*\} from "\./dom\.js";$', source, re.MULTILINE), name
        assert re.search(r'^} from "\./settings\.js";$|^import \{[^}]*\} from "\./settings\.js";$', source, re.MULTILINE), name


def test_a_missing_or_stale_bundle_says_run_make_deps(tmp_path, monkeypatch):
    """widgets/front_ends.py reads esbuild's bundles; one missing, or older than a source it was made from,
    stops the widget's definition with the command that makes it."""
    from widgets import front_ends

    monkeypatch.setattr(front_ends, "DIST", tmp_path)
    with pytest.raises(front_ends.FrontEndError, match="run make deps"):
        front_ends.front_end("puzzle.js")
    source = tmp_path / "puzzle.src.js"
    source.write_text("export default {};\n", encoding="utf-8")
    (tmp_path / "puzzle.js").write_text("export default { render() {} };\n", encoding="utf-8")
    (tmp_path / "manifest.json").write_text(f'{{"puzzle.js": {{"inputs": ["{source}"]}}}}', encoding="utf-8")
    assert front_ends.front_end("puzzle.js").startswith("export default")  # no card drawn: no faces in front
    later = (tmp_path / "manifest.json").stat().st_mtime + 5
    os.utime(source, (later, later))
    with pytest.raises(front_ends.FrontEndError, match=r"older than .*puzzle\.src\.js: run make deps"):
        front_ends.front_end("puzzle.js")
