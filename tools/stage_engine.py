"""Stage the static book's browser engine into ``widget-runtime/`` (beside the widget loader).

The engine is the project's own Python run by Pyodide in a Web Worker, so "New puzzle" and the tutor
work in a page with no kernel, with nothing loaded from another host:

- ``pyodide/``: the files ``loadPyodide`` fetches when it loads no package (the npm package pinned in
  package.json: the loader script, the Emscripten module and its wasm, the standard library, the lock);
- ``cardbook-engine.zip``: ``cardlib/`` and the pure-Python parts of ``widgets/`` (the puzzle generators,
  the tutor's session), built from this tree; a module that imports a widget framework is left out;
- ``engine-worker.js``: the worker (``tools/site/engine-worker.js``);
- ``pyodide/snapshot.bin.gz``: the interpreter's memory once every engine module is imported, made here
  by Pyodide itself under Node (``makeMemorySnapshot``; gzip, the worker inflates it): a cold start
  restores it in well under a second instead of initialising Python for several (``_makeSnapshot`` /
  ``_loadSnapshot`` are Pyodide's experimental API: hence the exact pin; the worker starts Python afresh
  if the snapshot cannot be restored). Making it imports every module of the zip in Pyodide, so a module
  that cannot run there fails the staging.

The Makefile's ``site`` recipe runs ``python tools/stage_engine.py RUNTIME_DIR`` after
``tools/stage_widget_runtime.py`` (``stage_engine(runtime_dir)`` from Python). A missing file fails loudly.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
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
#: Where the snapshot (and the worker: ENGINE_DIR in engine-worker.js) unpack the zip in Pyodide's file system.
ENGINE_DIR = "/home/pyodide/cardbook-engine"
SNAPSHOT = "snapshot.bin.gz"
#: Node: Pyodide from argv's folder, the zip unpacked and every module imported, the memory snapshot
#: written gzipped. argv: pyodide folder, zip, engine folder, modules (JSON), snapshot path.
MAKE_SNAPSHOT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
const [folder, zip, engineDir, modules, out] = process.argv.slice(-5);
try {
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
  pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: engineDir });
  pyodide.globals.set("engine_modules", JSON.parse(modules));
  pyodide.runPython(`import importlib, sys\nsys.path.insert(0, ${JSON.stringify(engineDir)})\n`
    + "for name in engine_modules: importlib.import_module(name)\ndel engine_modules");
  writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
} catch (error) {
  process.stderr.write(String(error && error.message || error).slice(-4000));
  process.exit(1);
}
"""


class EngineStageError(Exception):
    """A file the engine needs is missing, or a module of the zip cannot import in Pyodide."""


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


def module_names(modules: dict[str, str]) -> list[str]:
    """The dotted names of the zip's modules (``cardlib/shengji/__init__.py`` → ``cardlib.shengji``)."""
    return [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in modules]


def make_snapshot(pyodide: Path, engine_zip: Path, names: list[str]) -> Path:
    """``pyodide/snapshot.bin.gz``: Pyodide's memory with ``names`` imported, made under Node."""
    out = pyodide / SNAPSHOT
    done = subprocess.run(["node", "--input-type=module", "-e", MAKE_SNAPSHOT, str(pyodide.resolve()),
                           str(engine_zip.resolve()), ENGINE_DIR, json.dumps(names), str(out.resolve())],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.is_file():
        raise EngineStageError(f"Pyodide under Node could not import the engine's modules:\n{done.stderr[-4000:]}")
    return out


def stage_engine(runtime: Path) -> list[Path]:
    """Fill ``runtime`` (a ``widget-runtime`` folder) with the engine; return the files written."""
    if not WORKER.is_file():
        raise EngineStageError(f"missing {WORKER}")
    stage_pyodide(runtime / "pyodide")
    modules = engine_modules()
    write_zip(runtime / "cardbook-engine.zip", modules)
    snapshot = make_snapshot(runtime / "pyodide", runtime / "cardbook-engine.zip", module_names(modules))
    shutil.copyfile(WORKER, runtime / "engine-worker.js")
    return [runtime / "pyodide" / name for name in PYODIDE_FILES] + [snapshot, runtime / "cardbook-engine.zip",
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
