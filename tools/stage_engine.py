"""Stage the static book's browser engine into ``widget-runtime/`` (beside the widget loader).

The engine is the project's own Python run by Pyodide in a Web Worker, so "New puzzle" and the tutor
work in a page with no kernel, with nothing loaded from another host:

- ``pyodide/``: the files ``loadPyodide`` fetches when it loads no package (the npm package pinned in
  package.json: the loader script, the Emscripten module and its wasm, the standard library, the lock);
- ``cardbook-engine.zip``: ``cardlib/`` and the pure-Python parts of ``widgets/`` (the puzzle generators,
  the tutor's session), built from this tree; a module that imports a widget framework is left out;
- ``engine-worker.js``: the worker (``tools/site/engine-worker.js``).

``stage_engine(runtime_dir)`` is called by ``tools/stage_widget_runtime.py``; run alone,
``python tools/stage_engine.py RUNTIME_DIR`` stages into that folder. A missing file fails loudly.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
WORKER = ROOT / "tools" / "site" / "engine-worker.js"
#: What ``loadPyodide`` fetches from its index URL when no package is loaded.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The folders whose modules the engine runs (under ROOT).
ENGINE_PACKAGES = ("cardlib", "widgets/puzzles", "widgets/tutor")
#: ``widgets/__init__.py`` imports the widgets themselves: the engine's package has its docstring only.
WIDGETS_INIT = '"""The book\'s widgets: in the browser engine, only their pure-Python parts."""\n'
#: A module importing one of these cannot run in the engine.
FRAMEWORK_IMPORT = re.compile(r"^\s*(?:import|from)\s+(?:anywidget|traitlets|ipywidgets|IPython)\b", re.MULTILINE)
#: A fixed time for every zip entry, so the same tree gives the same zip.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


class EngineStageError(Exception):
    """A file the engine needs is missing."""


def pinned_version() -> str:
    """The pyodide version package.json pins."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    if "pyodide" not in pins:
        raise EngineStageError("package.json pins no pyodide")
    return str(pins["pyodide"])


def stage_pyodide(target: Path, source: Path = PYODIDE) -> None:
    """Copy the Pyodide files into ``target``, checking they are the pinned version."""
    installed = source / "package.json"
    if not installed.is_file():
        raise EngineStageError(f"no {source}: run `make deps` (npm ci) first")
    version = json.loads(installed.read_text(encoding="utf-8"))["version"]
    if version != pinned_version():
        raise EngineStageError(f"node_modules has pyodide {version}, package.json pins {pinned_version()}: run `make deps`")
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            raise EngineStageError(f"missing {source / name}")
        shutil.copyfile(source / name, target / name)


def engine_modules(root: Path = ROOT) -> dict[str, str]:
    """Zip path → text of every module the engine runs, in path order."""
    modules = {"widgets/__init__.py": WIDGETS_INIT}
    for package in ENGINE_PACKAGES:
        folder = root / package
        if not folder.is_dir():
            continue  # widgets/tutor before the tutor lands
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "__pycache__" not in path.parts and not FRAMEWORK_IMPORT.search(text):
                modules[path.relative_to(root).as_posix()] = text
    if "cardlib/__init__.py" not in modules:
        raise EngineStageError(f"no cardlib package under {root}")
    return dict(sorted(modules.items()))


def write_zip(path: Path, modules: dict[str, str]) -> None:
    """A deterministic zip of ``modules`` (same modules, same bytes)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in modules.items():
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, text.encode("utf-8"))


def stage_engine(runtime: Path) -> list[Path]:
    """Fill ``runtime`` (a ``widget-runtime`` folder) with the engine; return the files written."""
    if not WORKER.is_file():
        raise EngineStageError(f"missing {WORKER}")
    stage_pyodide(runtime / "pyodide")
    write_zip(runtime / "cardbook-engine.zip", engine_modules())
    shutil.copyfile(WORKER, runtime / "engine-worker.js")
    return [runtime / "pyodide" / name for name in PYODIDE_FILES] + [runtime / "cardbook-engine.zip",
                                                                     runtime / "engine-worker.js"]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        written = stage_engine(Path(argv[0]))
    except EngineStageError as error:
        print(f"stage_engine: {error}", file=sys.stderr)
        return 1
    print(f"engine staged in {argv[0]}: {sum(p.stat().st_size for p in written) / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
