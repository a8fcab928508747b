// @ts-check
// The static book's engine: a module Web Worker (Pyodide 314 refuses a classic one) running the
// project's own Python in Pyodide, loaded from the site's own files (widget-runtime/pyodide/ and cardbook-engine.zip, staged by
// tools/stage_engine.py; the staged memory snapshot restores Python with the engine's modules imported);
// no package index, nothing from another host. The widget loader
// (widget-loader.js) starts it the first time a page sends a message to a Python service.
//
// In:  {id, service: "module:Class", start: {...}, key, message}
// Out: {id, ok: true, value: instance.handle(message), ms}  (ms: the time handle() took)
//      {id, ok: false, error, refused}  (refused: a ValueError, the message a reader may see)
//      {id, ok: false, error, traceback}  (any other Python error)
//      {id, ok: false, error, boot: true}  (the engine did not start)
// One Class.start(start) per key, made again when the key's service or start options change. After a
// reply, an instance with an idle() method may work ahead (PuzzleService makes the next puzzle).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PYTHON = `
import importlib, json, time, traceback

_instances = {}

def serve(service, key, start_json, message_json):
    """The JSON reply to one message for the instance under key."""
    try:
        module, _, name = service.partition(":")
        if not module.startswith(("widgets.", "cardlib.")) or not name:
            raise ValueError(f"not a service of the book's engine: {service!r}")
        held = _instances.get(key)
        if held is None or held[0] != (service, start_json):
            made = getattr(importlib.import_module(module), name).start(json.loads(start_json))
            held = _instances[key] = ((service, start_json), made)
        began = time.perf_counter()
        value = held[1].handle(json.loads(message_json))
        took = (time.perf_counter() - began) * 1000
        return json.dumps({"ok": True, "value": value, "ms": took})
    except ValueError as error:
        return json.dumps({"ok": False, "error": str(error), "refused": True})
    except Exception as error:
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}",
                           "traceback": traceback.format_exc()})

def idle(key):
    """Let the instance under key work ahead (its idle(), if it has one); the traceback of a failure."""
    held = _instances.get(key)
    try:
        if held is not None and hasattr(held[1], "idle"):
            held[1].idle()
    except Exception:
        return traceback.format_exc()
    return None
`;

const ENGINE_DIR = "/home/pyodide/cardbook-engine";  // as the snapshot has it (tools/stage_engine.py)

const HERE = new URL(".", self.location.href).href;

async function fetched(name) {
  const response = await fetch(HERE + name);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

/** Pyodide restored from the staged snapshot (the engine's modules already imported), else started afresh. */
async function interpreter() {
  const options = { indexURL: `${HERE}pyodide/`, fullStdLib: false };
  try {
    const inflated = (await fetched("pyodide/snapshot.bin.gz")).body.pipeThrough(new DecompressionStream("gzip"));
    const snapshot = new Uint8Array(await new Response(inflated).arrayBuffer());
    return await loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options));
  } catch (error) {
    console.warn("cardbook engine: no snapshot, starting Python afresh:", error && error.message);
    return loadPyodide(options);
  }
}

async function boot() {
  const [pyodide, zip] = await Promise.all([interpreter(), fetched("cardbook-engine.zip").then((r) => r.arrayBuffer())]);
  pyodide.unpackArchive(zip, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})\n${PYTHON}`);
  return { serve: pyodide.globals.get("serve"), idle: pyodide.globals.get("idle") };
}

const serving = boot();

self.onmessage = async ({ data }) => {
  const { id, service, start, key, message } = data;
  let python;
  try {
    python = await serving;
  } catch (error) {
    self.postMessage({ id, ok: false, boot: true, error: `the engine could not start: ${error && error.message}`,
                       traceback: String(error && error.stack) });
    return;
  }
  const reply = JSON.parse(python.serve(String(service), String(key), JSON.stringify(start || {}), JSON.stringify(message)));
  self.postMessage(Object.assign({ id }, reply));
  // Work ahead only with nothing else to answer: a message already queued runs first.
  setTimeout(() => {
    const failure = python.idle(String(key));
    if (failure) console.error(`cardbook engine: ${service} idle():`, failure);
  }, 0);
};
