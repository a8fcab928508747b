"""tools/stage_engine.py: the browser engine staged from npm's Pyodide and this tree's Python."""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("stage_engine", REPO / "tools" / "stage_engine.py")
assert SPEC and SPEC.loader
stage_engine = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(stage_engine)


@pytest.fixture(scope="session")
def staged(built_runtime: Path) -> Path:
    """What ``make site`` staged with this tool (the build runs ``stage_engine.py`` on the book's runtime)."""
    return built_runtime


def test_pyodide_is_staged_at_the_pinned_version_with_only_what_it_loads(staged: Path) -> None:
    pinned = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    lock = json.loads((REPO / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    assert pinned == lock
    assert sorted(p.name for p in (staged / "pyodide").iterdir()) == sorted([*stage_engine.PYODIDE_FILES, "snapshot.bin.gz"])
    assert f'"{pinned}"' in (staged / "pyodide" / "pyodide.mjs").read_text()  # the staged loader's own version
    assert (staged / "engine-worker.js").read_text() == (REPO / "tools" / "site" / "engine-worker.js").read_text()


def test_the_engine_zip_holds_cardlib_and_the_pure_python_widgets_only(staged: Path) -> None:
    with zipfile.ZipFile(staged / "cardbook-engine.zip") as archive:
        names = archive.namelist()
        texts = {name: archive.read(name).decode() for name in names}
    assert "cardlib/__init__.py" in names and "widgets/puzzles/service.py" in names
    assert {name for name in names if name.startswith("cardlib/")} == {
        p.relative_to(REPO).as_posix() for p in (REPO / "cardlib").rglob("*.py") if "__pycache__" not in p.parts}
    assert not {"widgets/front_ends.py", "widgets/puzzle_widget.py", "widgets/card_hand.py"} & set(names)
    assert not [name for name, text in texts.items() if stage_engine.FRAMEWORK_IMPORT.search(text)]
    assert all(name.endswith(".py") for name in names)


def test_the_same_tree_gives_the_same_zip(tmp_path: Path) -> None:
    modules = stage_engine.engine_modules()
    stage_engine.write_zip(tmp_path / "a.zip", modules)
    stage_engine.write_zip(tmp_path / "b.zip", modules)
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()


def test_the_zip_runs_a_puzzle_service_with_no_widget_framework(staged: Path) -> None:
    """Python imports from the zip as Pyodide does from its unpacked folder: no anywidget, no traitlets."""
    code = ("import sys; sys.path[:] = [sys.argv[1]] + [p for p in sys.path if 'site-packages' not in p]; "
            "sys.modules['anywidget'] = sys.modules['traitlets'] = None; "
            "from widgets.puzzles.service import PuzzleService; import widgets, cardlib; "
            "assert widgets.__file__.startswith(sys.argv[1]) and cardlib.__file__.startswith(sys.argv[1]); "
            "print(PuzzleService.start({'kind': 'bury'}).handle({'type': 'new', 'seed': 5})['id'])")
    done = subprocess.run([sys.executable, "-c", code, str(staged / "cardbook-engine.zip")], capture_output=True,
                          text=True, check=False, cwd="/")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "bury:5"


def test_a_missing_or_other_pyodide_fails_loudly(tmp_path: Path) -> None:
    with pytest.raises(stage_engine.EngineStageError, match="run `make deps`"):
        stage_engine.stage_pyodide(tmp_path / "out", tmp_path / "no-pyodide")
    other = tmp_path / "pyodide"
    other.mkdir()
    (other / "package.json").write_text('{"version": "0.1.0"}')
    with pytest.raises(stage_engine.EngineStageError, match=r"node_modules has pyodide 0\.1\.0"):
        stage_engine.stage_pyodide(tmp_path / "out", other)


def test_the_snapshot_holds_python_with_the_engine_imported(staged: Path) -> None:
    """A gzipped wasm memory (Pyodide makes it under Node only after importing every engine module)."""
    memory = gzip.decompress((staged / "pyodide" / "snapshot.bin.gz").read_bytes())
    assert memory.startswith(b"\x00snp") and len(memory) > 16 * 2**20  # Pyodide's snapshot header, then the memory
    assert b"widgets.puzzles.service" in memory and b"cardlib.shengji.bots" in memory


def test_a_module_that_cannot_import_in_pyodide_fails_the_staging(staged: Path, tmp_path: Path) -> None:
    broken = tmp_path / "engine.zip"
    stage_engine.write_zip(broken, {"cardlib/__init__.py": "import numpy_is_not_in_the_engine\n"})
    with pytest.raises(stage_engine.EngineStageError, match="numpy_is_not_in_the_engine"):
        stage_engine.make_snapshot(staged / "pyodide", broken, ["cardlib"])


def test_the_command_line_wants_one_folder() -> None:
    done = subprocess.run([sys.executable, str(REPO / "tools" / "stage_engine.py")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and "python tools/stage_engine.py RUNTIME_DIR" in done.stderr
