// @ts-check
// The book's JupyterLab extension (`make lab` loads it): moving through the book without leaving Lab.
//
// A click on a link of a chapter that jupyterlab-myst cannot follow (a chapter or a label: it links a file
// download that does not exist) or on a puzzle's "Read rule" (a new tab with a second Lab) opens the
// target chapter in this Lab as a notebook and scrolls to the paragraph, or scrolls in place when the
// target is in the chapter the link is in.  A link whose text is only its target's name shows the
// target's title.  Where each link goes is worked out from the chapters' own text (links.js).  The title
// page's path map gets its stars from the puzzles answered in this browser, as in the static book (path.js).
//
// JupyterLab loads a prebuilt extension as a script that puts a container in `window._JUPYTERLAB[name]`
// with `init(shareScope)` and `get(module)`.  This extension uses nothing but the application object
// Lab hands to `activate` (its commands, shell and contents service), so it shares no module with Lab and
// needs no Lab build: esbuild bundles this file (tools/bundle_front_ends.mjs) next to its package.json.
import { drawPath } from "../../widgets/static/path.js";
import { onProgress, readProgress } from "../../widgets/static/settings.js";
import { bookIndex, folderOf, placeOf, titleFor } from "./links.js";

const NAME = "cardbook-lab";
/** Set on <body> once the extension runs, so a widget knows its rule links open in this Lab. */
const IN_PLACE_FLAG = "cardbookLabLinks";   // read by widgets/static/puzzle.js (ruleLink)

/** @typedef {import("./links.js").BookIndex} BookIndex */
/** @typedef {import("./links.js").Place} Place */
/** The parts of JupyterLab's application object this extension uses.
 * @typedef {{commands: {execute(id: string, args?: object): Promise<any>},
 *   shell: {node: HTMLElement, widgets(area?: string): Iterable<any>, activateById(id: string): void},
 *   serviceManager: {contents: {get(path: string, options?: object): Promise<any>}}}} Lab */

/** Wait ``ms`` milliseconds. @param {number} ms */
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** @param {Lab} app */
function activate(app) {
  const config = JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");
  const baseUrl = new URL(config.baseUrl || "/", window.location.origin).href;
  /** @type {Map<string, BookIndex>} */
  const indexes = new Map();
  /** @type {Map<string, Promise<void>>} */
  const loading = new Map();
  /** @param {string} folder */
  const indexOf = (folder) => indexes.get(folder);

  /** Read the chapters of ``folder`` (every Markdown file, as text) into its index, once. @param {string} folder */
  function load(folder) {
    if (!loading.has(folder)) {
      loading.set(folder, (async () => {
        const listing = await app.serviceManager.contents.get(folder, { content: true });
        const files = listing.content.filter((/** @type {any} */ item) => item.name.endsWith(".md"));
        const chapters = await Promise.all(files.map(async (/** @type {any} */ item) => ({
          path: item.path,
          text: (await app.serviceManager.contents.get(item.path, { type: "file", format: "text", content: true })).content,
        })));
        indexes.set(folder, bookIndex(chapters));
        showTitles();
      })().catch((error) => { loading.delete(folder); console.warn(`${NAME}: could not read ${folder || "/"}`, error); }));
    }
    return loading.get(folder);
  }

  /** The open document widget showing ``path`` whose node holds ``node``, else any showing ``path``.
   * @param {string} path @param {Node} node */
  function openWidget(path, node) {
    const showing = [...app.shell.widgets("main")].filter((w) => w.context && w.context.path === path);
    return showing.find((w) => w.node.contains(node)) || showing[0];
  }

  /** Open ``place`` in this Lab (or find it open) and scroll to its label. @param {Place} place @param {Node} from */
  async function go(place, from) {
    const widget = openWidget(place.path, from) || await app.commands.execute("docmanager:open", { path: place.path });
    if (!widget) return;
    app.shell.activateById(widget.id);
    await widget.context.ready;
    await widget.revealed;
    if (place.label) await scrollTo(widget, place.label);
  }

  document.addEventListener("click", (event) => {
    if (event.button !== 0) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement) || !app.shell.node.contains(anchor)) return;
    const newTab = event.metaKey || event.ctrlKey || event.shiftKey;   // asked for: Lab at that chapter, in a tab
    /** @type {string[]} */
    const unread = [];   // folders whose chapters are still being read: the link may be to one of them
    const place = placeOf(anchor.href, baseUrl, (folder) => indexes.get(folder) ?? void unread.push(folder));
    if (!place && !unread.length) return;
    event.preventDefault();   // before jupyterlab-myst's own handler and the browser's new tab
    event.stopImmediatePropagation();
    void (async () => {
      for (let tries = 0; tries < 3 && unread.some((folder) => !indexes.has(folder)); tries++) {
        await Promise.all(unread.map(load));   // a read that failed (a busy server) is tried again
      }
      const found = place || placeOf(anchor.href, baseUrl, indexOf);
      if (found && !newTab) await go(found, anchor);
      else window.open(found ? labAddress(found) : anchor.href, "_blank", "noopener");   // not the book's: as a file link
    })();
  }, true);

  /** The address of ``place`` in this Lab, which opens the chapter at its label. @param {Place} place */
  function labAddress(place) {
    return `${baseUrl}lab/tree/${place.path}${place.label ? "#" + place.label : ""}`;
  }

  /** Links of the book whose address is a download that does not exist (a chapter's, or the path map's to a page
   * of the built book) get their Lab address (so that "Copy link" and "Open in new tab" work), and links whose
   * text is only their target's name show the target's title.  The nodes are changed in place: jupyterlab-myst's React owns the link and keeps them. */
  function showTitles() {
    for (const anchor of app.shell.node.querySelectorAll(".jp-MarkdownCell .myst a[href], [data-cardbook-path] a[href]")) {
      const link = /** @type {HTMLAnchorElement} */ (anchor);
      const place = link.href.startsWith(`${baseUrl}files/`) ? placeOf(link.href, baseUrl, indexOf) : null;
      const title = titleFor(link.textContent || "", link.href, baseUrl, indexOf);
      if (place) link.href = labAddress(place);
      const text = anchor.firstChild;
      if (anchor.childNodes.length !== 1 || !text || text.nodeType !== Node.TEXT_NODE) continue;
      if (title && title !== text.nodeValue) text.nodeValue = title;
    }
  }

  /** Path maps in the open notebooks' outputs: each one drawn once when it appears (or every one again,
   * with the ``progress`` an answer made). @param {any} [progress] */
  function drawMaps(progress) {
    for (const map of app.shell.node.querySelectorAll("[data-cardbook-path]")) {
      const element = /** @type {HTMLElement} */ (map);
      if (progress || !element.dataset.pathDrawn) drawPath(element, progress || readProgress());
      element.dataset.pathDrawn = "true";
    }
  }
  onProgress(drawMaps);

  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      for (const widget of app.shell.widgets("main")) if (widget.context) void load(folderOf(widget.context.path));
      showTitles();
      drawMaps();
    }, 150);
  }).observe(app.shell.node, { childList: true, subtree: true });

  void load("");
  document.body.dataset[IN_PLACE_FLAG] = "true";
}

/** Scroll ``widget``'s notebook to the element with id ``label`` (made once its cell is rendered) and make
 * its cell the active one.  @param {any} widget @param {string} label */
async function scrollTo(widget, label) {
  const selector = `[id="${CSS.escape(label)}"]`;
  let target = null;
  for (let waited = 0; !(target = widget.node.querySelector(selector)) && waited < 20_000; waited += 100) await pause(100);
  if (!target) return;
  const notebook = widget.content;
  const cell = (notebook.widgets || []).findIndex((/** @type {any} */ c) => c.node.contains(target));
  if (cell >= 0) notebook.activeCellIndex = cell;
  const scroller = scrollingParent(target);
  if (!scroller) return;
  // Cells above keep rendering as they come near the view (and change height), so the target is put back
  // whenever it moved, until it has stayed put for a second (ten at most), or the reader scrolls.
  let reader = false;
  const scrolled = () => { reader = true; };
  const events = ["wheel", "touchstart", "mousedown", "keydown"];
  events.forEach((name) => scroller.addEventListener(name, scrolled, { passive: true }));
  for (let waited = 0, still = 0; waited < 10_000 && still < 1000 && !reader; waited += 80) {
    target = widget.node.querySelector(selector) || target;   // a cell rendered again holds a new element
    const offset = target.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 16;
    const before = scroller.scrollTop;
    if (Math.abs(offset) >= 2) {
      scroller.scrollTop = before + offset;
      still = 0;
      if (scroller.scrollTop === before && offset > 0) break;   // at the end of the chapter: as near as it goes
    } else {
      still += 80;
    }
    await pause(80);
  }
  events.forEach((name) => scroller.removeEventListener(name, scrolled));
}

/** The nearest element above ``node`` that scrolls its content (a notebook's windowed panel).
 * @param {Element} node @returns {Element | null} */
function scrollingParent(node) {
  for (let at = node.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === "auto" || overflowY === "scroll") && at.scrollHeight > at.clientHeight) return at;
  }
  return null;
}

const plugin = {
  id: `${NAME}:links`,
  description: "Open the book's chapter links, glossary links and Read rule links in this Lab, at their paragraph.",
  autoStart: true,
  activate,
};

const lab = /** @type {any} */ (window);
lab._JUPYTERLAB = lab._JUPYTERLAB || {};
lab._JUPYTERLAB[NAME] = {
  init: async () => {},
  get: async (/** @type {string} */ module) => {
    if (module !== "./extension") throw new Error(`${NAME} has no module ${module}`);
    return () => ({ __esModule: true, default: [plugin] });
  },
};
