"""tools/stage_engine.py: the browser engine staged from npm's Pyodide and this tree's Python: gzipped, the
standard library trimmed to what the engine imports, both zips as Pyodide's own bytecode, the manifest in the worker."""

from __future__ import annotations

import gzip
import importlib.util
import io
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
#: Never needed by the engine: a trimmed library holding one of these was not trimmed.
NOT_IMPORTED = ("unittest/", "email/", "xml/", "sqlite3/", "http/", "xmlrpc/", "multiprocessing/", "pydoc", "doctest",
                "tkinter/", "_pyrepl/", "wsgiref/", "pdb")


@pytest.fixture(scope="session")
def staged(built_runtime: Path) -> Path:
    """What ``make site`` staged with this tool (the build runs ``stage_engine.py`` on the book's runtime)."""
    return built_runtime


def manifest(runtime: Path) -> dict:
    worker = (runtime / "engine-worker.js").read_text(encoding="utf-8")
    line = stage_engine.MANIFEST_LINE.search(worker)
    assert line, "no manifest in the staged worker"
    return json.loads(line.group(0).removeprefix("const MANIFEST = ").removesuffix(";"))


def unzipped(path: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(path.read_bytes())))


# ---- pure Python: no build, no Node ----

def test_the_worker_has_one_manifest_line_for_the_staging_to_fill() -> None:
    worker = stage_engine.WORKER.read_text(encoding="utf-8")
    assert len(stage_engine.MANIFEST_LINE.findall(worker)) == 1


def test_gzip_and_zip_are_the_same_bytes_each_time() -> None:
    files = {"b.pyc": b"\x00" * 100, "a/__init__.pyc": b"x"}
    assert stage_engine.zip_bytes(files) == stage_engine.zip_bytes(dict(files))
    assert stage_engine.gzipped(b"abc" * 1000) == stage_engine.gzipped(b"abc" * 1000)
    assert gzip.decompress(stage_engine.gzipped(b"abc" * 1000)) == b"abc" * 1000


def test_the_trimmed_library_keeps_only_the_files_named_and_prefers_their_bytecode(tmp_path: Path) -> None:
    whole = tmp_path / "stdlib.zip"
    whole.write_bytes(stage_engine.zip_bytes({"json/__init__.py": b"A", "json/decoder.py": b"B", "unittest/case.py": b"C",
                                              "_sysconfigdata.py": b"D"}))
    trimmed = zipfile.ZipFile(io.BytesIO(stage_engine.trimmed_stdlib(
        whole, ["json/__init__.py", "json/decoder.py", "_sysconfigdata.py"],
        {"json/__init__.pyc": b"a", "json/decoder.pyc": b"b"})))
    assert trimmed.namelist() == ["json/__init__.pyc", "json/decoder.pyc", "_sysconfigdata.py"]
    assert trimmed.read("json/decoder.pyc") == b"b"
    with pytest.raises(stage_engine.EngineStageError, match="not in"):
        stage_engine.trimmed_stdlib(whole, ["nowhere.py"], {})


def test_the_engine_modules_are_cardlib_the_pure_python_widgets_and_the_worker_side() -> None:
    modules = stage_engine.engine_modules()
    assert "cardlib/__init__.py" in modules and "widgets/puzzles/service.py" in modules
    assert modules[stage_engine.SERVE_MODULE] == stage_engine.SERVE.read_text(encoding="utf-8")
    assert not {"widgets/front_ends.py", "widgets/puzzle_widget.py", "widgets/card_hand.py"} & set(modules)
    assert not [name for name, text in modules.items() if stage_engine.FRAMEWORK_IMPORT.search(text)]
    assert {"json", "random", "traceback"} <= set(stage_engine.stdlib_imports(modules, stage_engine.PYODIDE / "python_stdlib.zip"))


def test_the_worker_side_answers_refuses_and_reports_errors() -> None:
    spec = importlib.util.spec_from_file_location("engine_serve", stage_engine.SERVE)
    assert spec and spec.loader
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    made = json.loads(serve.serve("widgets.puzzles.service:PuzzleService", "k", '{"kind": "bury"}', '{"type": "load", "seed": 5}'))
    assert made["ok"] and made["value"]["id"] == "bury:5"
    assert json.loads(serve.serve("os:system", "k", "{}", "{}"))["refused"] is True
    failed = json.loads(serve.serve("widgets.puzzles.service:fresh_seed", "e", "{}", "{}"))
    assert failed["error"].startswith("AttributeError") and "Traceback (most recent call last)" in failed["traceback"]


# ---- what make site staged ----

def test_only_gzipped_engine_files_are_staged_with_their_sizes_in_the_manifest(staged: Path) -> None:
    pinned = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    lock = json.loads((REPO / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    assert pinned == lock
    assert sorted(p.relative_to(staged).as_posix() for p in (staged / "pyodide").iterdir()) == sorted(
        name for name in stage_engine.STAGED if name.startswith("pyodide/"))
    assert not (staged / "cardbook-engine.zip").exists() and not (staged / "pyodide" / "pyodide.asm.wasm").exists()
    found = manifest(staged)
    assert found["files"] == {name: (staged / name).stat().st_size for name in stage_engine.STAGED}
    assert found["pyodide"] == pinned and found["lock"]["packages"] == {} and found["lock"]["info"]["abi_version"]
    assert sum(found["files"].values()) <= 8_000_000, "the engine must stay within 8 MB over the wire"
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert gzip.decompress((staged / "pyodide" / f"{name}.gz").read_bytes()) == (stage_engine.PYODIDE / name).read_bytes()
    assert f'"{pinned}"' in (staged / "pyodide" / "pyodide.mjs").read_text()  # the staged loader's own version


def test_the_standard_library_is_trimmed_to_bytecode_of_what_the_engine_imports(staged: Path) -> None:
    names = unzipped(staged / "pyodide" / "python_stdlib.zip.gz").namelist()
    with zipfile.ZipFile(stage_engine.PYODIDE / "python_stdlib.zip") as whole:
        sources = set(whole.namelist())
    assert {"encodings/__init__.pyc", "json/__init__.pyc", "random.pyc", "traceback.pyc", "_pyodide/_base.pyc"} <= set(names)
    assert all(name.removesuffix("c") in sources for name in names)
    assert not [name for name in names if name.startswith(NOT_IMPORTED)]
    assert len(names) == manifest(staged)["stdlib"]["files"] < len(sources) / 3


def test_the_engine_zip_holds_cardlibs_and_the_pure_python_widgets_bytecode_only(staged: Path) -> None:
    names = unzipped(staged / "cardbook-engine.zip.gz").namelist()
    assert {name for name in names if name.startswith("cardlib/")} == {
        p.relative_to(REPO).as_posix() + "c" for p in (REPO / "cardlib").rglob("*.py") if "__pycache__" not in p.parts}
    assert set(names) == {name + "c" for name in stage_engine.engine_modules()}
    assert manifest(staged)["modules"] == stage_engine.module_names(stage_engine.engine_modules())


@pytest.mark.slow
def test_the_staged_engine_runs_the_engines_calls_in_pyodide(staged: Path, tmp_path: Path) -> None:
    """Every puzzle kind, a whole game of each tutor, a refusal and a traceback, with the trimmed library and the
    bytecode as staged (what the staging checked, again from the site's files)."""
    (tmp_path / "stdlib.zip").write_bytes(gzip.decompress((staged / "pyodide" / "python_stdlib.zip.gz").read_bytes()))
    (tmp_path / "engine.zip").write_bytes(gzip.decompress((staged / "cardbook-engine.zip.gz").read_bytes()))
    (tmp_path / "lock.json").write_text(json.dumps(manifest(staged)["lock"]))
    result = stage_engine.run_calls(stage_engine.PYODIDE, tmp_path / "stdlib.zip", tmp_path / "lock.json",
                                    tmp_path / "engine.zip", [])
    assert len(str(result["digest"])) == 64 and "json/__init__.pyc" in result["stdlib"]  # read as bytecode


def test_a_module_that_cannot_import_in_pyodide_fails_the_staging(tmp_path: Path) -> None:
    (tmp_path / "engine.zip").write_bytes(stage_engine.zip_bytes({"cardbook_serve.py": b"import numpy_is_not_in_the_engine\n"}))
    (tmp_path / "lock.json").write_text(json.dumps(stage_engine.lock_info(stage_engine.PYODIDE)))
    with pytest.raises(stage_engine.EngineStageError, match="numpy_is_not_in_the_engine"):
        stage_engine.run_calls(stage_engine.PYODIDE, stage_engine.PYODIDE / "python_stdlib.zip", tmp_path / "lock.json",
                               tmp_path / "engine.zip", [])


def test_a_missing_or_other_pyodide_fails_loudly(tmp_path: Path) -> None:
    with pytest.raises(stage_engine.EngineStageError, match="run `make deps`"):
        stage_engine.check_pyodide(tmp_path / "no-pyodide")
    other = tmp_path / "pyodide"
    other.mkdir()
    (other / "package.json").write_text('{"version": "0.1.0"}')
    with pytest.raises(stage_engine.EngineStageError, match=r"node_modules has pyodide 0\.1\.0"):
        stage_engine.check_pyodide(other)


def test_the_command_line_wants_one_folder() -> None:
    done = subprocess.run([sys.executable, str(REPO / "tools" / "stage_engine.py")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and "python tools/stage_engine.py RUNTIME_DIR" in done.stderr
