"""Stage the static book's browser engine into ``widget-runtime/`` (beside the widget loader).

The engine is the project's own Python run by Pyodide in a Web Worker, so "New puzzle" and the tutor
work in a page with no kernel, with nothing loaded from another host.  A phone downloads it over a slow
link, so only what the engine runs is shipped, gzipped (the worker inflates it with the browser's own
``DecompressionStream``, and keeps it in Cache Storage for the next visit):

- ``pyodide/pyodide.mjs``: Pyodide's loader (the npm package pinned in package.json), as it is: the worker
  imports it;
- ``pyodide/pyodide.asm.mjs.gz``, ``pyodide/pyodide.asm.wasm.gz``: the Emscripten module and its wasm;
- ``pyodide/python_stdlib.zip.gz``: the standard library trimmed to the modules the engine imports
  (found by running the engine's calls, ``ENGINE_CALLS``, in Pyodide under Node with the whole library,
  then checked by running them again with the trimmed one: the same replies, or the staging fails);
- ``cardbook-engine.zip.gz``: ``cardlib/``, the pure-Python parts of ``widgets/`` (the puzzle generators,
  the tutor's session) and ``cardbook_serve`` (tools/site/engine_serve.py, the worker's Python side), built
  from this tree; a module that imports a widget framework is left out;
- both zips hold bytecode compiled by Pyodide's own Python (``COMPILE``), not sources: a phone starts
  Python in about half the time it takes to compile them;
- ``engine-worker.js``: the worker (``tools/site/engine-worker.js``) with the manifest written in: the
  files, their sizes (the loader's progress in MB), Pyodide's lock info (no package is loaded, so no lock
  file is fetched) and a version naming these bytes (the worker's cache).

Every file is made the same from the same tree (gzip with no time stamp, zip entries with a fixed time).
The Makefile's ``site`` recipe runs ``python tools/stage_engine.py RUNTIME_DIR`` after
``tools/stage_widget_runtime.py`` (``stage_engine(runtime_dir)`` from Python). A missing file fails loudly.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
WORKER = ROOT / "tools" / "site" / "engine-worker.js"
SERVE = ROOT / "tools" / "site" / "engine_serve.py"
#: The npm package's files the engine uses (its loader, the Emscripten module, its wasm, the standard library, the lock).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: What the site holds, under widget-runtime/ (the manifest's order: the order the worker fetches them).
STAGED = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs.gz", "pyodide/pyodide.asm.wasm.gz",
          "pyodide/python_stdlib.zip.gz", "cardbook-engine.zip.gz")
#: The folders whose modules the engine runs (under ROOT).
ENGINE_PACKAGES = ("cardlib", "widgets/puzzles", "widgets/tutor")
#: ``widgets/__init__.py`` imports the widgets themselves: the engine's package has its docstring only.
WIDGETS_INIT = '"""The book\'s widgets: in the browser engine, only their pure-Python parts."""\n'
#: The worker's Python side, as the zip names it.
SERVE_MODULE = "cardbook_serve.py"
#: A module importing one of these cannot run in the engine.
FRAMEWORK_IMPORT = re.compile(r"^\s*(?:import|from)\s+(?:anywidget|traitlets|ipywidgets|IPython)\b", re.MULTILINE)
#: A fixed time for every zip entry, so the same tree gives the same zip.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)
#: Where the worker (ENGINE_DIR in engine-worker.js) unpacks the zip in Pyodide's file system.
ENGINE_DIR = "/home/pyodide/cardbook-engine"
#: Where the worker's manifest goes: the line ``const MANIFEST = {...};`` of engine-worker.js.
MANIFEST_LINE = re.compile(r"^const MANIFEST = .*;$", re.MULTILINE)

#: The engine's calls, as the worker makes them (``cardbook_serve.serve``): every puzzle kind at each
#: difficulty and its work-ahead, a whole game of each tutor by hint and play, take-back and deal again,
#: a refused message and a Python error with its traceback.  Prints one JSON line: a digest of every reply
#: and the standard library files Python has loaded.
ENGINE_CALLS = r'''
import hashlib, json, sys
from cardbook_serve import serve, idle
from widgets.puzzles import KINDS

digest = hashlib.sha256()

def ask(service, key, start, message, want="ok"):
    reply = json.loads(serve(service, key, json.dumps(start), json.dumps(message)))
    if want == "ok" and not reply["ok"]:
        raise SystemExit(f"{service} {start} {message}: {reply.get('traceback') or reply['error']}")
    if want == "refused" and not reply.get("refused"):
        raise SystemExit(f"not refused: {message}: {reply}")
    if want == "traceback" and "Traceback (most recent call last)" not in reply.get("traceback", ""):
        raise SystemExit(f"no traceback: {reply}")
    digest.update(json.dumps(reply.get("value", reply.get("error")), sort_keys=True).encode())
    return reply.get("value")

PUZZLES = "widgets.puzzles.service:PuzzleService"
for kind in sorted(KINDS):
    for seed in (0, 1, 2):
        ask(PUZZLES, kind, {"kind": kind}, {"type": "load", "seed": seed})
    json.loads(serve(PUZZLES, kind, json.dumps({"kind": kind}), json.dumps({"type": "new", "difficulty": "hard"})))
    failure = idle(kind)
    if failure:
        raise SystemExit(failure)
TUTOR = "widgets.tutor.session:TutorSession"
for game in ("shengji", "yishang"):
    start = {"game": game, "seed": 3}
    view = ask(TUTOR, game, start, {"type": "start"})
    for _ in range(400):
        if view["state"] == "over":
            break
        hint = ask(TUTOR, game, start, {"type": "hint"})["hint"]
        act = {"type": "act", "cards": hint["cards"]}
        act.update({k: hint[k] for k in ("claim", "choice") if hint.get(k)})
        view = ask(TUTOR, game, start, act)
    if view["state"] != "over":
        raise SystemExit(f"the {game} tutor's game did not end")
    ask(TUTOR, game, start, {"type": "again"})
    ask(TUTOR, game, start, {"type": "undo"}, want="any")
ask(PUZZLES, "refused", {"kind": "bury"}, {"type": "new", "difficulty": "medium"}, want="refused")
ask("widgets.puzzles.service:fresh_seed", "error", {}, {"type": "new"}, want="traceback")
files = sorted({origin.split(".zip/", 1)[1] for origin in (getattr(getattr(m, "__spec__", None), "origin", None)
                                                            for m in list(sys.modules.values()))
                if isinstance(origin, str) and origin.startswith("/lib/python") and ".zip/" in origin})
print(json.dumps({"digest": digest.hexdigest(), "stdlib": files}))
'''
#: Python in Pyodide, after ENGINE_CALLS: the bytecode of every standard library file those calls loaded and of
#: every engine module, compiled by Pyodide's own Python, in a stored zip at /tmp/pyc.zip of Pyodide's file
#: system (``stdlib/<name>.pyc``, ``engine/<name>.pyc``).  Unchecked hash-based pycs, shipped without their
#: sources: nothing is compiled when a reader's browser starts (a traceback names file, line and function).
#: A phone downloads them, so they are lean: no docstrings (asserts are kept) and no column ranges
#: (PYTHONNODEBUGRANGES: a traceback has no ^^^ markers), about 40% fewer bytes.
COMPILE = r"""
import ast, importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

def pyc(source, filename):
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), False)

assert next(compile("x", "", "eval").co_positions())[2] is None, "PYTHONNODEBUGRANGES did not reach Python"

archive = next(path for path in sys.path if path.endswith(".zip"))
with zipfile.ZipFile(archive) as stdlib, zipfile.ZipFile("/tmp/pyc.zip", "w") as out:
    for name in compiled_stdlib:
        out.writestr(f"stdlib/{name}c", pyc(stdlib.read(name), f"{archive}/{name}"))
    for folder, _, names in sorted(os.walk(engine_dir)):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as source:
                    out.writestr("engine/" + os.path.relpath(path, engine_dir) + "c", pyc(source.read(), path))
"""
#: Node: Pyodide from argv's folder with the given standard library and lock, the engine's zip unpacked as the
#: worker unpacks it, the standard library modules the engine's source names imported (so that what they import
#: is found too), then ENGINE_CALLS; with an output path, then COMPILE, its zip written there.  argv: pyodide
#: folder, stdlib zip, lock (JSON), engine zip, engine folder, stdlib modules to import (JSON), calls (Python),
#: compile (Python), output path or "-".
RUN_CALLS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [folder, stdlib, lock, zip, engineDir, imports, calls, compile, out] = process.argv.slice(-9);
try {
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  let printed = "";
  const pyodide = await loadPyodide({ indexURL: `${folder}/`, stdLibURL: stdlib, lockFileContents: JSON.parse(readFileSync(lock, "utf8")),
                                      env: { PYTHONNODEBUGRANGES: "1" }, stdout: (line) => { printed += line + "\n"; } });
  pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: engineDir });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(engineDir)})`);
  pyodide.globals.set("stdlib_imports", JSON.parse(imports));
  pyodide.runPython("import importlib\nfor name in stdlib_imports: importlib.import_module(name)\ndel stdlib_imports");
  const serving = pyodide.pyimport("cardbook_serve");  // called from JS once, as the worker calls it
  JSON.parse(serving.serve("widgets.puzzles.service:PuzzleService", "js", '{"kind": "bury"}', '{"type": "load", "seed": 1}'));
  pyodide.runPython(readFileSync(calls, "utf8"));
  const result = printed.trim().split("\n").pop();
  if (out !== "-") {
    pyodide.globals.set("compiled_stdlib", JSON.parse(result).stdlib.filter((name) => name.endsWith(".py")));
    pyodide.globals.set("engine_dir", engineDir);
    pyodide.runPython(readFileSync(compile, "utf8"));
    writeFileSync(out, pyodide.FS.readFile("/tmp/pyc.zip"));
  }
  process.stdout.write(result + "\n");
} catch (error) {
  process.stderr.write(String(error && error.message || error).slice(-4000));
  process.exit(1);
}
"""


class EngineStageError(Exception):
    """A file the engine needs is missing, or the engine's calls fail in Pyodide (whole or trimmed)."""


def pinned_version() -> str:
    """The pyodide version package.json pins."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    if "pyodide" not in pins:
        raise EngineStageError("package.json pins no pyodide")
    return str(pins["pyodide"])


def check_pyodide(source: Path = PYODIDE) -> Path:
    """``source``, once it is the pinned Pyodide with every file the engine uses."""
    installed = source / "package.json"
    if not installed.is_file():
        raise EngineStageError(f"no {source}: run `make deps` (npm ci) first")
    version = json.loads(installed.read_text(encoding="utf-8"))["version"]
    if version != pinned_version():
        raise EngineStageError(f"node_modules has pyodide {version}, package.json pins {pinned_version()}: run `make deps`")
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            raise EngineStageError(f"missing {source / name}")
    return source


def gzipped(data: bytes) -> bytes:
    """``data`` gzipped, the same bytes each time (no name, no time stamp)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def engine_modules(root: Path = ROOT) -> dict[str, str]:
    """Zip path → text of every module the engine runs, in path order."""
    modules = {"widgets/__init__.py": WIDGETS_INIT, SERVE_MODULE: SERVE.read_text(encoding="utf-8")}
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


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A deterministic zip of ``files``, stored (the whole zip is gzipped: it compresses better so)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return buffer.getvalue()


def write_zip(path: Path, modules: dict[str, str]) -> None:
    """A deterministic zip of ``modules`` (same modules, same bytes)."""
    path.write_bytes(zip_bytes({name: text.encode("utf-8") for name, text in modules.items()}))


def module_names(modules: dict[str, str]) -> list[str]:
    """The dotted names of the zip's modules (``cardlib/shengji/__init__.py`` → ``cardlib.shengji``)."""
    return [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in modules]


def stdlib_imports(modules: dict[str, str], stdlib: Path) -> list[str]:
    """The standard library modules the engine's source imports anywhere (a function's imports too)."""
    with zipfile.ZipFile(stdlib) as archive:
        present = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                   for name in archive.namelist() if name.endswith(".py")}
    named: set[str] = set()
    for text in modules.values():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named.add(node.module)
    return sorted(name for name in named if name in present)


def run_calls(pyodide: Path, stdlib: Path, lock: Path, engine_zip: Path, imports: list[str],
              compiled: Path | None = None) -> dict[str, object]:
    """ENGINE_CALLS in Pyodide under Node with this standard library: its digest and the stdlib files it loaded;
    with ``compiled``, the bytecode (COMPILE) is written there."""
    with tempfile.TemporaryDirectory() as folder:
        calls, compile_code = Path(folder) / "calls.py", Path(folder) / "compile.py"
        calls.write_text(ENGINE_CALLS, encoding="utf-8")
        compile_code.write_text(COMPILE, encoding="utf-8")
        done = subprocess.run(["node", "--input-type=module", "-e", RUN_CALLS, str(pyodide.resolve()), str(stdlib.resolve()),
                               str(lock.resolve()), str(engine_zip.resolve()), ENGINE_DIR, json.dumps(imports), str(calls),
                               str(compile_code), str(compiled.resolve()) if compiled else "-"],
                              capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise EngineStageError(f"the engine's calls failed in Pyodide under Node ({stdlib.name}):\n{done.stderr[-4000:]}")
    try:
        result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError) as error:
        raise EngineStageError(f"no result from the engine's calls in Pyodide: {done.stdout[-2000:]}") from error
    return result


def compiled_files(compiled: Path, prefix: str) -> dict[str, bytes]:
    """The pycs under ``prefix`` in COMPILE's zip, by their path under it."""
    with zipfile.ZipFile(compiled) as archive:
        return {name.removeprefix(prefix): archive.read(name) for name in sorted(archive.namelist()) if name.startswith(prefix)}


def trimmed_stdlib(stdlib: Path, used: list[str], pycs: dict[str, bytes]) -> bytes:
    """Pyodide's standard library zip with only the files in ``used`` (stored, in the zip's order), each
    module as its bytecode alone (``pycs``: name.pyc → bytes) where there is one."""
    keep = set(used)
    with zipfile.ZipFile(stdlib) as archive:
        missing = keep - set(archive.namelist())
        if missing:
            raise EngineStageError(f"not in {stdlib}: {sorted(missing)}")
        files = {}
        for name in archive.namelist():
            if name in keep:
                if name + "c" in pycs:
                    files[name + "c"] = pycs[name + "c"]
                else:
                    files[name] = archive.read(name)
        return zip_bytes(files)


def lock_info(source: Path) -> dict[str, object]:
    """Pyodide's lock with no package (the engine loads none): what ``loadPyodide`` checks, no more."""
    lock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def stage_engine(runtime: Path, source: Path = PYODIDE) -> list[Path]:
    """Fill ``runtime`` (a ``widget-runtime`` folder) with the engine; return the files written."""
    if not WORKER.is_file() or not SERVE.is_file():
        raise EngineStageError(f"missing {WORKER} or {SERVE}")
    check_pyodide(source)
    modules = engine_modules()
    lock = lock_info(source)
    sources = {name: text.encode("utf-8") for name, text in modules.items()}
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        (work / "lock.json").write_text(json.dumps(lock), encoding="utf-8")
        (work / "engine.zip").write_bytes(zip_bytes(sources))
        imports = stdlib_imports(modules, source / "python_stdlib.zip")
        whole = run_calls(source, source / "python_stdlib.zip", work / "lock.json", work / "engine.zip", imports,
                          compiled=work / "pyc.zip")
        used: list[str] = list(whole["stdlib"])  # type: ignore[call-overload]
        trimmed = trimmed_stdlib(source / "python_stdlib.zip", used, compiled_files(work / "pyc.zip", "stdlib/"))
        engine_zip = zip_bytes(compiled_files(work / "pyc.zip", "engine/"))
        (work / "stdlib.zip").write_bytes(trimmed)
        (work / "engine.zip").write_bytes(engine_zip)
        checked = run_calls(source, work / "stdlib.zip", work / "lock.json", work / "engine.zip", imports)
    if checked["digest"] != whole["digest"]:
        raise EngineStageError("the engine's calls answered otherwise with the trimmed standard library")
    contents = {
        "pyodide/pyodide.mjs": (source / "pyodide.mjs").read_bytes(),
        "pyodide/pyodide.asm.mjs.gz": gzipped((source / "pyodide.asm.mjs").read_bytes()),
        "pyodide/pyodide.asm.wasm.gz": gzipped((source / "pyodide.asm.wasm").read_bytes()),
        "pyodide/python_stdlib.zip.gz": gzipped(trimmed),
        "cardbook-engine.zip.gz": gzipped(engine_zip),
    }
    assert tuple(contents) == STAGED
    shutil.rmtree(runtime / "pyodide", ignore_errors=True)  # an older staging's files go
    (runtime / "cardbook-engine.zip").unlink(missing_ok=True)
    (runtime / "pyodide").mkdir(parents=True, exist_ok=True)
    for name, data in contents.items():
        (runtime / name).write_bytes(data)
    version = hashlib.sha256(b"".join(hashlib.sha256(data).digest() for data in contents.values())
                             + json.dumps(lock).encode()).hexdigest()[:16]
    manifest = {"version": version, "pyodide": pinned_version(), "lock": lock, "modules": module_names(modules),
                "files": {name: len(data) for name, data in contents.items()},
                "stdlib": {"files": len(used), "bytes": len(trimmed)}}
    worker = WORKER.read_text(encoding="utf-8")
    if len(MANIFEST_LINE.findall(worker)) != 1:
        raise EngineStageError(f"{WORKER} has no single `const MANIFEST = ...;` line for the manifest")
    (runtime / "engine-worker.js").write_text(
        MANIFEST_LINE.sub(lambda _: f"const MANIFEST = {json.dumps(manifest, sort_keys=True)};", worker), encoding="utf-8")
    return [runtime / name for name in STAGED] + [runtime / "engine-worker.js"]


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
