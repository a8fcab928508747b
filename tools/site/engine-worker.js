// @ts-check
// The static book's engine: a module Web Worker running the project's own Python in Pyodide, loaded
// from the site's own files (widget-runtime/pyodide/ and cardbook-engine.zip.gz, staged by
// tools/stage_engine.py, which writes MANIFEST below); no package index, nothing from another host.
// The widget loader (widget-loader.js) starts it the first time a page sends a message to a Python service.
//
// Made for a phone on a slow link: the files are gzipped (inflated here with the browser's own
// DecompressionStream; a host that already decoded them is fine too), the standard library is trimmed to
// what the engine imports, and every file is kept in Cache Storage (a cache named by the manifest's
// version), so a return visit reads nothing from the network and starts offline. The first start also
// keeps a memory snapshot of Python with the engine imported (Pyodide's experimental _makeSnapshot),
// from which later visits start in about a second; a snapshot that cannot be restored is dropped and
// Python starts afresh.
//
// In:  {id, service: "module:Class", start: {...}, key, message}
// Out: {id, ok: true, value: instance.handle(message), ms}  (ms: the time handle() took)
//      {id, ok: false, error, refused}  (refused: a ValueError, the message a reader may see)
//      {id, ok: false, error, traceback}  (any other Python error)
//      {id, ok: false, error, boot: true, cause}  (the engine did not start)
// and, unasked, while it starts: {progress: {phase: "download" | "start", loaded, total, cached}}, then
// {status: "ready", snapshot, cached, times: {ms since the start of: "python files", python, downloaded, ready}}
// or {status: "failed", cause, error}. cause: "network" (a request failed), "offline"
// (the browser is offline and the files are not kept yet), "missing" (an HTTP error: the site lacks a
// file), "failed" (anything else: the browser could not run it).
// One Class.start(start) per key, made again when the key's service or start options change. After a
// reply, an instance with an idle() method may work ahead (PuzzleService makes the next puzzle).

/** Written by tools/stage_engine.py: version, pyodide, lock, files (name → bytes), modules, stdlib. */
const MANIFEST = { version: "unstaged", pyodide: "", lock: {}, files: {}, modules: [], stdlib: {} };

const ENGINE_DIR = "/home/pyodide/cardbook-engine";
const HERE = new URL(".", self.location.href).href;
const INDEX = `${HERE}pyodide/`;
const CACHE = `cardbook-engine-${MANIFEST.version}`;
const SNAPSHOT = `${HERE}pyodide/snapshot-${MANIFEST.version}.bin`;  // made in this browser, never on the site; kept as it is
// (about 30 MB: inflating it would cost a warm start more time than reading it)
const PROGRESS_EVERY_MS = 150;

class BootError extends Error {
  /** @param {string} cause @param {string} message */
  constructor(cause, message) { super(message); this.cause = cause; }
}

/** The versioned cache, or null where Cache Storage is unavailable (an insecure context) or refused. */
const cacheReady = (async () => {
  try {
    if (typeof caches === "undefined") return null;
    for (const name of await caches.keys()) {  // an older engine's files go
      if (name.startsWith("cardbook-engine-") && name !== CACHE) await caches.delete(name);
    }
    return await caches.open(CACHE);
  } catch (error) {
    console.warn("cardbook engine: no Cache Storage:", error && error.message);
    return null;
  }
})();

const progress = { loaded: 0, total: Object.entries(MANIFEST.files).reduce((sum, [, size]) => sum + Number(size), 0),
                   cached: true, posted: 0 };

function report(phase, force = false) {
  const now = Date.now();
  if (!force && now - progress.posted < PROGRESS_EVERY_MS) return;
  progress.posted = now;
  self.postMessage({ progress: { phase, loaded: progress.loaded, total: progress.total, cached: progress.cached } });
}

/** A staged file's bytes as the site holds them (gzipped), from the cache or else the network (then kept). */
async function staged(name) {
  const url = HERE + name;
  const cache = await cacheReady;
  const kept = cache && await cache.match(url).catch(() => undefined);
  if (kept) {
    const bytes = new Uint8Array(await kept.arrayBuffer());
    progress.loaded += bytes.length;
    report("download");
    return bytes;
  }
  progress.cached = false;
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new BootError(self.navigator && self.navigator.onLine === false ? "offline" : "network",
                        `${name}: ${error && error.message}`);
  }
  if (!response.ok) throw new BootError("missing", `${name}: HTTP ${response.status}`);
  const chunks = [];
  let size = 0;
  try {
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
      progress.loaded += value.length;
      report("download");
    }
  } catch (error) {
    throw new BootError(self.navigator && self.navigator.onLine === false ? "offline" : "network",
                        `${name}: the download broke off after ${size} bytes (${error && error.message})`);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  if (cache) cache.put(url, new Response(bytes)).catch((error) => console.warn(`cardbook engine: ${name} not kept:`, error && error.message));
  return bytes;
}

/** Gzipped bytes inflated (bytes a host already decoded, Content-Encoding: gzip, are returned as they are). */
async function inflated(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Pyodide fetches its wasm and standard library by URL: these URLs are answered from memory. */
const inMemory = new Map();
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const held = inMemory.get(url);
  if (held) return Promise.resolve(new Response(held.bytes, { headers: { "Content-Type": held.type } }));
  return networkFetch(input, init);
};

async function importFrom(bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try { return await import(url); } finally { URL.revokeObjectURL(url); }
}

/** The snapshot this browser made at an earlier visit, inflated; null if there is none. */
async function keptSnapshot(cache) {
  if (!cache) return null;
  try {
    const kept = await cache.match(SNAPSHOT);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

let keepSnapshot = null;  // after the first reply: gzip the snapshot made at boot and keep it

async function boot() {
  const began = performance.now();
  const times = {};
  const lap = (name) => { times[name] = Math.round(performance.now() - began); };
  report("download", true);
  // What Python needs to start comes first; the engine's own zip downloads while Python starts.
  const loader = staged("pyodide/pyodide.mjs");
  const asm = staged("pyodide/pyodide.asm.mjs.gz").then(inflated);
  const wasm = staged("pyodide/pyodide.asm.wasm.gz").then(inflated);
  const stdlib = staged("pyodide/python_stdlib.zip.gz").then(inflated);
  const python = Promise.all([wasm, stdlib]);
  const zip = python.then(() => staged("cardbook-engine.zip.gz")).then(inflated);
  zip.then(() => report("start", true), () => {});  // every byte is here (a failure is awaited below)
  const cache = await cacheReady;
  const kept = keptSnapshot(cache);  // read while the files are read
  try {
    const [wasmBytes, stdlibBytes] = await python;
    let snapshot = await kept;
    lap("python files");
    inMemory.set(`${INDEX}pyodide.asm.wasm`, { bytes: wasmBytes, type: "application/wasm" });
    inMemory.set(`${INDEX}python_stdlib.zip`, { bytes: stdlibBytes, type: "application/zip" });
    const { loadPyodide } = await importFrom(await loader);
    const createPyodideModule = (await importFrom(await asm)).default;
    const options = { indexURL: INDEX, lockFileContents: MANIFEST.lock, createPyodideModule };
    let pyodide = null;
    if (snapshot) {
      try {
        pyodide = await loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options));
      } catch (error) {
        console.warn("cardbook engine: the kept snapshot could not be restored, starting Python afresh:", error && error.message);
        if (cache) cache.delete(SNAPSHOT).catch(() => {});
        snapshot = null;
      }
    }
    const making = !pyodide && Boolean(cache);
    if (!pyodide) pyodide = await loadPyodide(Object.assign({ _makeSnapshot: making }, options));
    lap("python");
    const zipBytes = await zip;
    lap("downloaded");
    pyodide.unpackArchive(zipBytes, "zip", { extractDir: ENGINE_DIR });
    pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
    if (making) {
      // every engine module imported, then the memory kept: the next visit restores it instead of starting Python
      pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(MANIFEST.modules)}: importlib.import_module(name)`);
      const memory = pyodide.makeMemorySnapshot();
      keepSnapshot = async () => {
        try {
          await cache.put(SNAPSHOT, new Response(memory));
        } catch (error) {
          console.warn("cardbook engine: the snapshot was not kept:", error && error.message);
        }
      };
    }
    const serving = pyodide.pyimport("cardbook_serve");
    lap("ready");
    self.postMessage({ status: "ready", snapshot: Boolean(snapshot), cached: progress.cached, times });
    return { serve: serving.serve, idle: serving.idle };
  } finally {
    inMemory.clear();
  }
}

const serving = boot().catch((error) => {
  const cause = error instanceof BootError ? error.cause : "failed";
  self.postMessage({ status: "failed", cause, error: String(error && error.message || error) });
  throw error;
});
serving.catch(() => {});  // each message below reports it

self.onmessage = async ({ data }) => {
  const { id, service, start, key, message } = data;
  let python;
  try {
    python = await serving;
  } catch (error) {
    self.postMessage({ id, ok: false, boot: true, cause: error instanceof BootError ? error.cause : "failed",
                       error: `the engine could not start: ${error && error.message}`, traceback: String(error && error.stack) });
    return;
  }
  const reply = JSON.parse(python.serve(String(service), String(key), JSON.stringify(start || {}), JSON.stringify(message)));
  self.postMessage(Object.assign({ id }, reply));
  // Work ahead only with nothing else to answer: a message already queued runs first.
  setTimeout(() => {
    const failure = python.idle(String(key));
    if (failure) console.error(`cardbook engine: ${service} idle():`, failure);
    if (keepSnapshot) { const keep = keepSnapshot; keepSnapshot = null; keep(); }
  }, 0);
};
