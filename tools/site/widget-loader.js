// @ts-check
// The static book's widget runtime, in place of html-manager and require.js: it renders each
// widget a page shows (a widget-view script, myst-nb's output of a widget) with its anywidget front
// end, from the state stored in the page. A classic script (no modules), so it works over http and
// from file://. The page's state is the compact one tools/lean_widget_state.py writes (each long
// string once); a standard widget-state script is read too. No kernel answers a static page, so
// save_changes() does nothing, and so does send() unless the model names a Python service (below).
// When every widget has rendered or failed, <html> gets data-cardbook-widgets="ready" and the
// document fires "cardbook:widgets-ready".
//
// The engine: a model whose state has `_py_service` ("module:Class") sends to the book's Python in
// a Pyodide worker (engine-worker.js, started the first time such a model sends, never at load).
// `_py_start` lists the traits passed to Class.start(); each reply of handle() is set as the trait
// `_py_reply` names ("view" if none). {type: "hello"} is answered here, at once and without the
// worker, by msg:custom {type: "engine", available, cause?}. Where the engine cannot run at all (file://:
// cause "file"; no Worker: "worker"), a send sets `view` to the view it had plus {state: "loading",
// engine: "unavailable", message: {en, zh}}. Over http the table stays as it is while the engine loads:
// a status box under the waiting view (role=status, [data-engine-status=loading|starting|failed]) says
// how many MB of how many have come, in English and Chinese (lang="zh-Hans"), with a progress bar; the
// models hear {type: "engine", available: true, starting: true}, then {available: true} once it runs.
// There is no time limit while bytes arrive: a download with no byte for STALL_MS fails as "stalled".
// A failed start names its cause ([data-cause]: network, offline, stalled, missing, failed), the models
// hear {available: false, cause}, and a Retry button starts a fresh worker and sends the refused messages
// again. A ValueError in handle() fires msg:custom {type: "error", error}; every Python error is logged.
// Each handle() time is a performance mark "cardbook-engine:handle" (detail: service, type, ms).
// When the engine is first asked for, the book's service worker (cardbook-sw.js) is registered, so the
// pages read from then on open offline (the worker keeps the engine's own files in Cache Storage).
(function () {
  "use strict";

  const LEAN = "application/vnd.cardbook.widget-state+json";
  const STANDARD = "application/vnd.jupyter.widget-state+json";
  const VIEW = "application/vnd.jupyter.widget-view+json";
  const FAILED = {
    en: "This interactive example could not be shown here; the text around it explains the same rule.",
    zh: "此处的互动示例无法显示；周围的文字讲解的是同一条规则。",
  };

  /** model id → {name, module, state} of every model the page stores. */
  function storedModels() {
    const models = {};
    for (const script of document.querySelectorAll(`script[type="${LEAN}"]`)) {
      const { strings, models: lean } = JSON.parse(script.textContent);
      for (const [id, { name, module, state, refs }] of Object.entries(lean)) {
        const full = Object.assign({}, state);
        for (const [trait, at] of Object.entries(refs || {})) full[trait] = strings[at];
        models[id] = { name, module, state: full };
      }
    }
    for (const script of document.querySelectorAll(`script[type="${STANDARD}"]`)) {
      for (const [id, m] of Object.entries(JSON.parse(script.textContent).state)) {
        models[id] = { name: m.model_name, module: m.model_module, state: m.state };
      }
    }
    return models;
  }

  const sameValue = (a, b) => Object.is(a, b)
    || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));

  // ---- the engine ----
  const LOADER_URL = (document.currentScript && /** @type {HTMLScriptElement} */ (document.currentScript).src) || document.baseURI;
  const MB = (bytes) => (bytes / 1e6).toFixed(1);
  const ENGINE_WORDS = {
    unavailable: {
      en: "The practice engine runs only when the book is served over http (for example by make book); "
        + "opened from a file it cannot start. The puzzles still work from their banks.",
      zh: "练习引擎只在通过 http 访问本书时运行（例如 make book）；直接打开文件时无法启动。谜题仍可从题库中练习。",
    },
    noWorker: {
      en: "This browser cannot run the practice engine (it has no module Web Workers). The puzzles still work from their banks.",
      zh: "此浏览器无法运行练习引擎（不支持模块 Web Worker）。谜题仍可从题库中练习。",
    },
    download: {
      en: (p) => `Loading the practice engine: ${MB(p.loaded)} of ${MB(p.total)} MB…`,
      zh: (p) => `正在下载练习引擎：${MB(p.loaded)} / ${MB(p.total)} MB……`,
    },
    start: {
      en: (p) => (p.cached ? "Starting the practice engine (kept on this device)…" : `Downloaded ${MB(p.total)} MB; starting the practice engine…`),
      zh: (p) => (p.cached ? "正在启动练习引擎（已保存在本设备上）……" : `已下载 ${MB(p.total)} MB，正在启动练习引擎……`),
    },
    causes: {
      network: {
        en: "The practice engine could not be downloaded: the network connection failed. Check the connection and retry; the puzzles still work from their banks.",
        zh: "无法下载练习引擎：网络连接失败。请检查网络后重试；谜题仍可从题库中练习。",
      },
      offline: {
        en: "You are offline, and the practice engine is not yet kept on this device. Retry once you are online; the puzzles still work from their banks.",
        zh: "你已离线，而练习引擎尚未保存在本设备上。联网后请重试；谜题仍可从题库中练习。",
      },
      stalled: {
        en: "The practice engine's download stopped: nothing arrived for 20 seconds. Retry to try again; the puzzles still work from their banks.",
        zh: "练习引擎的下载中断了：20秒内没有收到任何数据。请重试；谜题仍可从题库中练习。",
      },
      missing: {
        en: "The practice engine's files are missing from this copy of the book (the server answered with an error). The puzzles still work from their banks.",
        zh: "本书的这个副本缺少练习引擎的文件（服务器返回了错误）。谜题仍可从题库中练习。",
      },
      failed: {
        en: "The practice engine could not start in this browser. The puzzles still work from their banks.",
        zh: "练习引擎无法在此浏览器中启动。谜题仍可从题库中练习。",
      },
    },
    retry: { en: "Retry", zh: "重试" },
    progress: { en: "Practice engine download", zh: "练习引擎下载进度" },
  };
  //: No byte for this long while the engine downloads: the download has stalled.
  const STALL_MS = 20000;
  //: Once every byte is here, Python must start within this (a slow phone takes several seconds).
  const START_LIMIT_MS = 90000;
  const engine = {
    worker: null, ready: false, pending: new Map(), nextId: 1, nextKey: 1,
    // the cause when the engine cannot answer (null: it can, or may): "file" | "worker" | a worker's cause
    down: location.protocol === "file:" ? "file" : typeof Worker !== "function" ? "worker" : null,
    detail: "", progress: null, watchdog: null, lastByte: 0, phase: "",
    failed: [],          // the sends a failed start refused, sent again by Retry
    listeners: new Map(), // model key → {receive, els: Set of its views' elements, waiting: boolean}
  };

  /** Every model with a Python service hears of the engine's state ({type: "engine", available, cause?, starting?}). */
  function tellModels(message, keys) {
    for (const [key, model] of engine.listeners) {
      if (!keys || keys.has(key)) model.receive(Object.assign({ type: "engine" }, message));
    }
  }

  const STATUS_CSS = ".cb-engine-status{margin:.5em 0;padding:.5em .75em;"
    + "border:1px solid var(--pst-color-border,#ccc);border-left:4px solid var(--pst-color-primary,#3b6ea5);border-radius:6px;"
    + "background:var(--pst-color-background,#fff);color:var(--pst-color-text-base,#222);"
    + "font-size:.9rem;line-height:1.4}"
    + "@media (max-width:600px){.cb-engine-status{font-size:.8rem;padding:.35em .6em}}"
    + ".cb-engine-status p{margin:0 0 .15em}.cb-engine-status progress{display:block;width:100%;height:.6em;margin:.35em 0 .1em}"
    + ".cb-engine-status[data-engine-status=failed]{border-left-color:var(--pst-color-danger,#b3261e)}"
    + ".cb-engine-status button{margin-top:.35em;padding:.35em 1em;min-height:44px;min-width:44px;font:inherit;cursor:pointer;"
    + "border:1px solid currentColor;border-radius:4px;background:var(--pst-color-surface,#f5f5f5);color:inherit}";

  /** The engine's state in words under every view waiting for it (and a Retry button after a failure), in the
   * page's language, below the view (not over its buttons). */
  function drawStatus() {
    injectOnce(STATUS_CSS);
    const lang = /^zh/.test(document.documentElement.lang) ? "zh" : "en";
    const failed = engine.down && engine.down !== "file" && engine.down !== "worker";
    for (const [, model] of engine.listeners) {
      for (const el of model.els) {
        let box = /** @type {HTMLElement | null} */ (el.querySelector(":scope > .cb-engine-status"));
        const show = model.waiting && (failed || (!engine.ready && engine.progress));
        if (!show) { if (box) box.remove(); continue; }
        if (!box) {
          box = document.createElement("div");
          box.className = "cb-engine-status";
          box.setAttribute("role", "status");
          el.append(box);
        }
        const p = engine.progress || { loaded: 0, total: 0, cached: false, phase: "download" };
        const words = failed ? ENGINE_WORDS.causes[engine.down] || ENGINE_WORDS.causes.failed
          : { en: ENGINE_WORDS[p.phase === "start" ? "start" : "download"].en(p), zh: ENGINE_WORDS[p.phase === "start" ? "start" : "download"].zh(p) };
        box.dataset.engineStatus = failed ? "failed" : p.phase === "start" ? "starting" : "loading";
        if (failed) box.dataset.cause = engine.down; else delete box.dataset.cause;
        const said = document.createElement("p");
        said.lang = lang === "zh" ? "zh-Hans" : "en";
        said.textContent = words[lang];
        /** @type {HTMLElement[]} */
        const parts = [said];
        if (failed) {
          if (engine.detail) said.title = engine.detail;
          const retry = document.createElement("button");
          retry.type = "button";
          retry.dataset.action = "engine-retry";
          retry.textContent = ENGINE_WORDS.retry[lang];
          retry.onclick = retryEngine;
          parts.push(retry);
        } else {
          const bar = document.createElement("progress");
          bar.setAttribute("aria-label", ENGINE_WORDS.progress[lang]);
          if (p.phase === "download" && p.total) { bar.max = p.total; bar.value = p.loaded; }  // else indeterminate: Python starting
          parts.push(bar);
        }
        const focused = box.contains(document.activeElement);
        box.replaceChildren(...parts);
        if (focused && failed) /** @type {HTMLElement} */ (box.querySelector("button")).focus();
      }
    }
  }

  function stopWatching() {
    clearInterval(engine.watchdog);
    engine.watchdog = null;
  }

  /** The engine did not start: every waiting send is refused with the cause, and the views say it. */
  function engineDown(cause, why) {
    stopWatching();
    if (engine.worker) engine.worker.terminate();
    engine.worker = null;
    engine.down = cause;
    engine.detail = why;
    console.error(`cardbook engine: the engine could not start (${cause}): ${why}`);
    const waiting = [...engine.pending.values()];
    engine.pending.clear();
    waiting.forEach((done) => done({ ok: false, boot: true, cause, error: why }));
    drawStatus();
  }

  /** Retry: a fresh worker, and the sends the failure refused sent again. */
  function retryEngine() {
    if (!engine.down || engine.down === "file" || engine.down === "worker") return;
    engine.down = null;
    engine.detail = "";
    engine.progress = { loaded: 0, total: 0, cached: false, phase: "download" };
    const again = engine.failed;
    engine.failed = [];
    tellModels({ available: true, starting: true });
    again.forEach((send) => send());
    drawStatus();
  }

  function engineWorker() {
    if (!engine.worker) {
      engine.worker = new Worker(new URL("engine-worker.js", LOADER_URL), { type: "module" });
      keepBookOffline();
      engine.lastByte = Date.now();
      engine.phase = "download";
      // No time-out while bytes arrive: the download fails only when it stalls; Python, once every byte is
      // here, must start within START_LIMIT_MS (Pyodide never settles when its wasm cannot be compiled).
      engine.watchdog = setInterval(() => {
        const quiet = Date.now() - engine.lastByte;
        if (engine.phase === "download" && quiet > STALL_MS) engineDown("stalled", `no byte in ${STALL_MS / 1000} s`);
        else if (engine.phase === "start" && quiet > START_LIMIT_MS) engineDown("failed", `Python did not start in ${START_LIMIT_MS / 1000} s`);
      }, 1000);
      engine.worker.onmessage = ({ data }) => {
        if (data.progress) {
          if (!engine.progress || data.progress.loaded !== engine.progress.loaded || data.progress.phase !== engine.phase) {
            engine.lastByte = Date.now();
          }
          engine.phase = data.progress.phase;
          engine.progress = data.progress;
          drawStatus();
          return;
        }
        if (data.status === "ready") {
          performance.mark("cardbook-engine:ready", { detail: { snapshot: data.snapshot, cached: data.cached, times: data.times } });
          stopWatching();
          engine.ready = true;
          drawStatus();
          tellModels({ available: true });
          return;
        }
        if (data.status === "failed") {
          engineDown(data.cause || "failed", data.error || "");
          return;
        }
        const done = engine.pending.get(data.id);
        engine.pending.delete(data.id);
        if (done) done(data);
      };
      engine.worker.onerror = (event) => {
        event.preventDefault();
        // no message: its script did not load (offline, or the network failed)
        const cause = navigator.onLine === false ? "offline" : event.message ? "failed" : "network";
        engineDown(cause, String(event.message || "the engine's worker script did not load"));
      };
    }
    return engine.worker;
  }

  /** The book kept for reading offline: a service worker at the book's root (cardbook-sw.js) keeps every page
   * and file the reader loads from now on, and this page's own files at once. Registered when the engine is
   * first asked for, so a page whose engine was used opens offline later; only where the browser allows it
   * (http on localhost, or https). */
  function keepBookOffline() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext || !/^https?:$/.test(location.protocol)) return;
    const script = new URL("../cardbook-sw.js", LOADER_URL);
    navigator.serviceWorker.register(script.href, { scope: new URL("./", script).href })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const here = (url) => { try { return new URL(url, location.href).origin === location.origin; } catch (bad) { return false; } };
        const urls = [location.href.split("#")[0], LOADER_URL, new URL("engine-worker.js", LOADER_URL).href,
          ...performance.getEntriesByType("resource").map((entry) => entry.name)]
          .filter((url) => here(url) && !/\.gz(\?|$)/.test(url));
        if (registration.active) registration.active.postMessage({ type: "cardbook-keep", urls: [...new Set(urls)] });
      })
      .catch((error) => console.warn("cardbook: the book is not kept for offline reading:", error && error.message));
  }

  /** model.send of a model with a Python service: the worker's reply set as a trait. */
  function sendToEngine(state, key, set, receive, message) {
    const listener = engine.listeners.get(key);
    if (message && message.type === "hello") {  // answered at once: the front end knows before it draws a link
      receive(engine.down ? { type: "engine", available: false, cause: engine.down } : { type: "engine", available: true });
      return;
    }
    const replyTrait = state._py_reply || "view";
    if (engine.down === "file" || engine.down === "worker") {
      // Nothing can answer on this page: the view says why instead (its last table, a built page's first one, kept under it).
      set("view", Object.assign({}, replyTrait === "view" ? state.view : {},
                                { state: "loading", engine: "unavailable", message: ENGINE_WORDS[engine.down === "file" ? "unavailable" : "noWorker"] }));
      receive({ type: "engine", available: false, cause: engine.down });
      return;
    }
    const resend = () => sendToEngine(state, key, set, receive, message);
    if (engine.down) {  // a failed start: the views say why with a Retry button; Retry sends this again
      engine.failed.push(resend);
      if (listener) listener.waiting = true;
      receive({ type: "engine", available: false, cause: engine.down });
      drawStatus();
      return;
    }
    const start = {};
    for (const name of state._py_start || []) start[name] = state[name];
    const id = engine.nextId++;
    if (listener) listener.waiting = true;
    engine.pending.set(id, (reply) => {
      engine.ready = engine.ready || reply.ok || !reply.boot;
      if (listener) listener.waiting = [...engine.pending.values()].length > 0 && !engine.ready;
      if (reply.ok) {
        performance.mark("cardbook-engine:handle", { detail: { service: state._py_service, type: message && message.type, ms: reply.ms } });
        set(replyTrait, reply.value);
        drawStatus();
        return;
      }
      console.error(`cardbook engine: ${state._py_service}: ${reply.error}`, reply.traceback || "");
      if (reply.boot) {
        if (listener) listener.waiting = true;
        engine.failed.push(resend);
        receive({ type: "engine", available: false, cause: reply.cause || engine.down || "failed" });
        drawStatus();
      } else receive({ type: "error", error: reply.error });
    });
    if (!engine.ready) {
      engine.progress = engine.progress || { loaded: 0, total: 0, cached: false, phase: "download" };
      receive({ type: "engine", available: true, starting: true });
    }
    try {
      engineWorker().postMessage({ id, service: state._py_service, start, key, message });
    } catch (error) {
      engineDown("failed", String(error));
    }
    drawStatus();
  }

  /** anywidget's model interface over a plain state object, for a page without a kernel. */
  function makeModel(state) {
    const listeners = new Map();
    const fire = (event, ...args) => [...(listeners.get(event) || [])].forEach((fn) => fn(...args));
    const key = `model-${engine.nextKey++}`;
    if (typeof state._py_service === "string") {
      engine.listeners.set(key, { receive: (msg) => fire("msg:custom", msg, []), els: new Set(), waiting: false });
    }
    const model = {
      get: (name) => state[name],
      set(name, value) {
        if (sameValue(state[name], value)) return;
        state[name] = value;
        fire(`change:${name}`, model, value);
        fire("change", model);
      },
      on(event, fn) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event).add(fn);
      },
      off(event, fn) {
        if (!event) listeners.clear();
        else if (!fn) listeners.delete(event);
        else if (listeners.has(event)) listeners.get(event).delete(fn);
      },
      save_changes() {},
      _engineKey: key,
      send(message) {
        if (typeof state._py_service === "string") {
          sendToEngine(state, key, model.set, (msg) => fire("msg:custom", msg, []), message);
        }
      },
    };
    return model;
  }

  const modules = new Map();   // _esm source → Promise of the imported module, each imported once
  const styles = new Set();    // _css texts already in <head>

  function importOnce(esm) {
    if (!modules.has(esm)) {
      const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
      modules.set(esm, import(url).finally(() => URL.revokeObjectURL(url)));
    }
    return modules.get(esm);
  }

  function injectOnce(css) {
    if (!css || styles.has(css)) return;
    styles.add(css);
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
  }

  /** A model's widget, made once: its module's default export (an object, or a function making
   * one) or the module's own render / initialize, initialized before its first view. */
  async function loadWidget(stored) {
    if (stored.module !== "anywidget" || typeof stored.state._esm !== "string") {
      throw new Error(`${stored.module} ${stored.name} is not an anywidget widget`);
    }
    injectOnce(stored.state._css);
    const mod = await importOnce(stored.state._esm);
    let widget = mod.default || mod;
    if (typeof widget === "function") widget = await widget();
    const model = makeModel(stored.state);
    // initialize's cleanup would run when the model closes, which no static page does.
    if (widget.initialize) await widget.initialize({ model });
    return { widget, model };
  }

  const cleanups = new Map();  // a view's element → the cleanup its render returned
  let watcher = null;

  /** Run a view's cleanup when its element leaves the document, as anywidget does on removal. */
  function remember(el, cleanup) {
    if (typeof cleanup !== "function") return;
    cleanups.set(el, cleanup);
    if (watcher) return;
    watcher = new MutationObserver(() => {
      for (const [node, fn] of cleanups) {
        if (!node.isConnected) { cleanups.delete(node); fn(); }
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true });
  }

  function showFailure(el, id, error) {
    console.error(`cardbook widget ${id} could not be shown:`, error);
    el.className = "cardbook-widget cardbook-widget-failed";
    el.dataset.widgetState = "failed";
    el.setAttribute("role", "note");
    el.style.cssText = "border-left: 3px solid var(--pst-color-border, #ccc); padding: 0.5em 1em;"
      + "color: var(--pst-color-text-muted, #555);";
    const en = document.createElement("p");
    en.textContent = FAILED.en;
    const zh = document.createElement("p");
    zh.lang = "zh-Hans";
    zh.textContent = FAILED.zh;
    el.replaceChildren(en, zh);
  }

  async function renderView(script, models, widgets) {
    const el = document.createElement("div");
    el.className = "cardbook-widget";
    script.before(el);
    let id = "?";
    try {
      id = JSON.parse(script.textContent).model_id;
      el.dataset.modelId = id;
      if (!models[id]) throw new Error("its state is not stored in the page");
      if (!widgets.has(id)) widgets.set(id, loadWidget(models[id]));
      const { widget, model } = await widgets.get(id);
      const listener = engine.listeners.get(model._engineKey);
      if (listener) listener.els.add(el);  // the engine's progress and failures are drawn under this view
      remember(el, await widget.render({ model, el }));
      el.dataset.widgetState = "rendered";
    } catch (error) {
      showFailure(el, id, error);
    }
  }

  const nextTask = () => (window.scheduler && scheduler.yield ? scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0)));

  async function renderAll() {
    const views = [...document.querySelectorAll(`script[type="${VIEW}"]`)];
    let models = {};
    try {
      models = storedModels();
    } catch (error) {
      console.error("cardbook: the page's widget state could not be read:", error);
    }
    // Every front end starts loading at once; the views render in page order, one task each, so the
    // first widget is usable before the last is drawn.
    for (const { state } of Object.values(models)) {
      if (typeof state._esm === "string") importOnce(state._esm).catch(() => {});  // renderView reports it
    }
    const widgets = new Map();  // model id → Promise of {widget, model}
    for (const script of views) {
      await renderView(script, models, widgets);
      await nextTask();
    }
    document.documentElement.dataset.cardbookWidgets = "ready";
    document.dispatchEvent(new Event("cardbook:widgets-ready"));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", renderAll);
  else renderAll();
})();
