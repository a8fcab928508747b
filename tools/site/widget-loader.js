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
// worker, by msg:custom {type: "engine", available}. Where the engine cannot run (file://) or did not start,
// a send sets `view` to the view it had plus {state: "loading", engine: "unavailable", message: {en, zh}};
// while it starts, plus {state: "loading", engine: "starting", message}. A ValueError in handle() fires msg:custom
// {type: "error", error}; every Python error is logged. Each handle() time is a performance mark
// "cardbook-engine:handle" (detail: service, type, ms).
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
  const ENGINE_WORDS = {
    unavailable: {
      en: "The practice engine runs only when the book is served over http (for example by make book); "
        + "opened from a file it cannot start. The puzzles still work from their banks.",
      zh: "练习引擎只在通过 http 访问本书时运行（例如 make book）；直接打开文件时无法启动。谜题仍可从题库中练习。",
    },
    failed: {
      en: "The practice engine could not start in this browser. The puzzles still work from their banks.",
      zh: "练习引擎无法在此浏览器中启动。谜题仍可从题库中练习。",
    },
    starting: { en: "Starting the practice engine…", zh: "正在启动练习引擎……" },
  };
  const BOOT_LIMIT_MS = 30000;  // a cold start takes 1-2 s here from the snapshot, under 10 s without
  const engine = { worker: null, ready: false, pending: new Map(), nextId: 1, nextKey: 1,
                   // the words a send gets when the engine cannot answer (null: it can)
                   down: location.protocol === "file:" || typeof Worker !== "function" ? ENGINE_WORDS.unavailable : null };

  function engineDown(why) {
    engine.down = ENGINE_WORDS.failed;
    const waiting = [...engine.pending.values()];
    engine.pending.clear();
    waiting.forEach((done) => done({ ok: false, boot: true, error: why }));
  }

  function engineWorker() {
    if (!engine.worker) {
      engine.worker = new Worker(new URL("engine-worker.js", LOADER_URL), { type: "module" });
      // Pyodide never settles when its wasm cannot load: a first answer that does not come is a failure.
      const waited = setTimeout(() => {
        if (engine.ready) return;
        console.error(`cardbook engine: the engine could not start: no answer in ${BOOT_LIMIT_MS / 1000} s`);
        engine.worker.terminate();
        engineDown(`no answer in ${BOOT_LIMIT_MS / 1000} s`);
      }, BOOT_LIMIT_MS);
      engine.worker.onmessage = ({ data }) => {
        clearTimeout(waited);
        const done = engine.pending.get(data.id);
        engine.pending.delete(data.id);
        if (done) done(data);
      };
      engine.worker.onerror = (event) => {
        console.error("cardbook engine: the worker failed:", event.message || event);
        engineDown(String(event.message || "the worker failed"));
      };
    }
    return engine.worker;
  }

  /** model.send of a model with a Python service: the worker's reply set as a trait. */
  function sendToEngine(state, key, set, receive, message) {
    if (message && message.type === "hello") {  // answered at once: the front end knows before it draws a link
      receive({ type: "engine", available: !engine.down });
      return;
    }
    const replyTrait = state._py_reply || "view";
    // An engine notice keeps the view's last table (a built page stores the first one) under it.
    const notice = (status, words) => set("view", Object.assign({}, replyTrait === "view" ? state.view : {},
                                                                { state: "loading", engine: status, message: words }));
    const down = (words) => {
      notice("unavailable", words);
      receive({ type: "engine", available: false });
    };
    if (engine.down) { down(engine.down); return; }
    const start = {};
    for (const name of state._py_start || []) start[name] = state[name];
    const id = engine.nextId++;
    engine.pending.set(id, (reply) => {
      engine.ready = engine.ready || reply.ok || !reply.boot;
      if (reply.ok) {
        performance.mark("cardbook-engine:handle", { detail: { service: state._py_service, type: message && message.type, ms: reply.ms } });
        set(replyTrait, reply.value);
        return;
      }
      console.error(`cardbook engine: ${state._py_service}: ${reply.error}`, reply.traceback || "");
      if (reply.boot) {
        engine.down = ENGINE_WORDS.failed;
        down(engine.down);
      } else receive({ type: "error", error: reply.error });
    });
    if (!engine.ready && replyTrait === "view") notice("starting", ENGINE_WORDS.starting);
    try {
      engineWorker().postMessage({ id, service: state._py_service, start, key, message });
    } catch (error) {
      console.error("cardbook engine: the worker could not start:", error);
      engineDown(String(error));
    }
  }

  /** anywidget's model interface over a plain state object, for a page without a kernel. */
  function makeModel(state) {
    const listeners = new Map();
    const fire = (event, ...args) => [...(listeners.get(event) || [])].forEach((fn) => fn(...args));
    const key = `model-${engine.nextKey++}`;
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
