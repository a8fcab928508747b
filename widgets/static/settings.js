// @ts-check
// The reader's settings, one model for the whole book: every widget and the book's page script
// (tools/site/page.js) import them from here.
//
// Contract:
//   readSettings() → {lang: "en"|"zh", fourColour: bool, autoNext: bool, guide: "shengji"|"shuangsheng",
//     differences: bool}, from localStorage (autoNext: a puzzle moves to the next one after a right answer;
//     guide: the 升级 guide the reader follows, whose rules puzzles grade by; differences: show where the
//     sources differ, with the book's conventions and the guides' errata), whatever is stored; on a
//     page of one of the book's editions (<meta name="cardbook-edition">, tools/editions.py) lang is
//     the edition's, whatever is stored: a Chinese page's puzzles speak Chinese;
//   pageEdition() → "en"|"zh" for a page of the book, null elsewhere (JupyterLab, Voila, a puzzle sheet);
//   writeSettings(patch) stores, applies to the document and tells every listener on the page
//     (window event "cardbook:settings"; other tabs hear the "storage" event);
//   onSettings(fn) → unsubscribe: fn(settings) after every change, here or in another tab;
//   applySettingsToDocument(settings): <html> gets class cardbook-four-colour (cards.css),
//     data-cardbook-lang, data-cardbook-guide and, where the sources' differences show, class
//     cardbook-sources-shown (the book's page.css hides .cardbook-sources blocks, and the other guide's
//     .cardbook-guide-sg / -ss blocks, without it);
//   sourcesPage() → true on a page about the sources' differences (an element .cardbook-sources-page: the
//     differences and variants chapters), whose puzzles keep the ruleset the page opened them under;
//   sourcesShown(settings) → true where the page shows the sources' differences: the reader asked for them,
//     or it is a sourcesPage();
//   rulesMenusShown(settings) → true where a puzzle offers its rules menu: where the sources show, or off the
//     book's pages (pageEdition() null: JupyterLab, Voila, a puzzle sheet), which have no switch for them;
//   readProgress() → {kind: {solved, streak}} with every malformed entry dropped;
//   recordAnswer(kind, ok), onProgress(fn) → unsubscribe, progressTotals() → {solved, answered};
//   exportProgress(), resetProgress(), writeProgress(progress) (checked first: progress_file.js);
//   settingsBar() → {element, dispose}: the language button (中文 / English), the four-colour toggle,
//     the rules menu (the guide followed, the sources' differences shown or not) and the progress menu
//     (export; import with a preview of what changes, then merge or replace;
//     reset after a confirmation; what it did said inside the open menu), kept in step with the
//     settings; on a page with a
//     counterpart in the other language (<link data-cardbook-counterpart>) the language button is
//     the link to it, which stores that language first;
//   pageNotice(words) → true when the page has a [data-cardbook-page-notice] region and it now says
//     words[lang]; false otherwise (the caller says it itself).
//   pageHasSettingsBar() → true when the page itself shows the bar (the book's header), not only
//     bars widgets show inside their output (JupyterLab, Voila): a widget shows its own controls otherwise.
// Stored data of any shape is read as "nothing stored": it never stops grading.
export { readStored, writeStored };
import { activeControl, h, sayText } from "./dom.js";
import { listen, readStored, writeStored } from "./store.js";
import { mistakesByRule, onPractice, readPractice, resetPractice } from "./practice.js";
import { checkedRecord, mergeProgress, readProgressFile, totalsOf } from "./progress_file.js";

export const SETTINGS_KEY = "cardbook-settings";
const PROGRESS_KEY = "cardbook-puzzle-progress";
const SETTINGS_EVENT = "cardbook:settings";
const PROGRESS_EVENT = "cardbook:progress";

export const SETTINGS_WORDS = {
  en: { language: "中文", languageTitle: "切换到中文 (switch the puzzles to Chinese)",
    editionTitle: "本页的中文版 (this page in Chinese)", fourColour: "Four-colour deck",
    fourColourTitle: "Diamonds blue and clubs green, in every card of the book", progress: "Progress",
    solved: (n, a) => `${n} solved of ${a} answered`, exportProgress: "Export progress (a file)",
    importProgress: "Import progress…", imported: "Progress imported.", settings: "Book settings",
    resetProgress: "Reset progress…", resetAsk: (n, a) => `Forget all progress (${n} solved of ${a} answered)? Export it first to keep a copy.`,
    resetYes: "Reset", cancel: "Cancel", resetDone: "Progress reset.", importCancelled: "Import cancelled; your progress is unchanged.",
    inFile: (n, a, k) => `The file: ${n} solved of ${a} answered, in ${k} kind${k === 1 ? "" : "s"} of puzzle.`,
    mergeTo: (n, a) => `Merge (each kind keeps the record with more answers): ${n} solved of ${a} answered.`,
    replaceTo: (n, a) => `Replace (your progress becomes the file's): ${n} solved of ${a} answered.`,
    merge: "Merge", replace: "Replace", autoNext: "Next puzzle after a right answer",
    byRule: "First answers by rule (right of all)", mistakes: "My mistakes, by rule: open one to retry it",
    mistake: (i) => `puzzle ${i}`, rules: "Rules", guideTitle: "The guide whose rules the book and its puzzles follow",
    guides: { shengji: "四人升级 guide (SG)", shuangsheng: "双升 guide (SS)" },
    guideShort: { shengji: "SG", shuangsheng: "SS" }, differences: "Show where the sources differ",
    differencesTitle: "The two guides' differences, the book's conventions where they are silent, and their errata",
    differencesHere: "This chapter is about the differences: they always show here." },
  zh: { language: "English", languageTitle: "题目改用英文", editionTitle: "本页的英文版",
    fourColour: "四色牌",
    fourColourTitle: "方块蓝色、梅花绿色：全书的牌都这样显示", progress: "进度",
    solved: (n, a) => `已答${a}题，答对${n}题`, exportProgress: "导出进度（文件）",
    importProgress: "导入进度…", imported: "进度已导入。", settings: "本书设置",
    resetProgress: "清空进度…", resetAsk: (n, a) => `清空全部进度（已答${a}题，答对${n}题）？想留底请先导出。`,
    resetYes: "清空", cancel: "取消", resetDone: "进度已清空。", importCancelled: "已取消导入，进度没有改变。",
    inFile: (n, a, k) => `文件里：${k}种练习，已答${a}题，答对${n}题。`,
    mergeTo: (n, a) => `合并（每种练习保留答题较多的记录）：已答${a}题，答对${n}题。`,
    replaceTo: (n, a) => `替换（进度改为文件里的）：已答${a}题，答对${n}题。`,
    merge: "合并", replace: "替换", autoNext: "答对后自动换下一题",
    byRule: "按规则的首次作答（答对/全部）", mistakes: "我的错题（按规则）：点开重做",
    mistake: (i) => `第${i}题`, rules: "规则", guideTitle: "全书和练习按哪份指南的规则",
    guides: { shengji: "按《四人升级》指南（SG）", shuangsheng: "按《双升》指南（SS）" },
    guideShort: { shengji: "SG", shuangsheng: "SS" }, differences: "显示各来源的不同之处",
    differencesTitle: "两份指南的不同、指南未说明时本书的约定、指南的笔误",
    differencesHere: "本章专讲这些不同，总是显示。" },
};

/** The 升级 guides a reader can follow (rulesets' presets), the first the default. */
export const GUIDES = ["shengji", "shuangsheng"];


export function pageEdition() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="cardbook-edition"]'));
  return meta && ["en", "zh"].includes(meta.content) ? meta.content : null;
}

/** Settings of any shape as settings: each field what it may be, else its default. @param {any} given */
function checkedSettings(given) {
  return { lang: given.lang === "zh" ? "zh" : "en", fourColour: given.fourColour === true, autoNext: given.autoNext === true,
    guide: GUIDES.includes(given.guide) ? given.guide : GUIDES[0], differences: given.differences === true };
}

/** The settings as stored, whatever page this is. */
export function storedSettings() {
  const stored = readStored(SETTINGS_KEY);
  return checkedSettings(stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {});
}

export const sourcesPage = () => document.querySelector(".cardbook-sources-page") !== null;

export function sourcesShown(settings) {
  return settings.differences || sourcesPage();
}

export function rulesMenusShown(settings) {
  return sourcesShown(settings) || pageEdition() === null;
}

export function readSettings() {
  const settings = storedSettings();
  return { ...settings, lang: pageEdition() || settings.lang };
}

export function applySettingsToDocument(settings) {
  const html = document.documentElement;
  html.classList.toggle("cardbook-four-colour", settings.fourColour);
  html.dataset.cardbookLang = settings.lang;
  html.dataset.cardbookGuide = settings.guide;
  html.classList.toggle("cardbook-sources-shown", sourcesShown(settings));
}

export function writeSettings(patch) {
  const settings = checkedSettings({ ...readSettings(), ...patch });
  writeStored(SETTINGS_KEY, settings);
  applySettingsToDocument(settings);
  window.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail: settings }));
  return settings;
}


export function onSettings(fn) {
  return listen(SETTINGS_EVENT, SETTINGS_KEY, () => {
    const settings = readSettings();
    applySettingsToDocument(settings);
    fn(settings);
  });
}

export function readProgress() {
  const stored = readStored(PROGRESS_KEY);
  const progress = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return progress;
  for (const [kind, entry] of Object.entries(stored)) {
    const record = checkedRecord(entry);
    if (record) progress[kind] = record;
  }
  return progress;
}

export function writeProgress(progress) {
  writeStored(PROGRESS_KEY, progress);
  window.dispatchEvent(new CustomEvent(PROGRESS_EVENT));
}

/** Count a first answer to a puzzle of ``kind``: right (``ok``) or wrong. */
export function recordAnswer(kind, ok) {
  const progress = readProgress();
  const mine = progress[kind] || { solved: 0, streak: 0, answered: 0 };
  progress[kind] = { solved: mine.solved + (ok ? 1 : 0), streak: ok ? mine.streak + 1 : 0, answered: mine.answered + 1 };
  writeProgress(progress);
  return progress[kind];
}

export function onProgress(fn) {
  return listen(PROGRESS_EVENT, PROGRESS_KEY, () => fn(readProgress()));
}

export function progressTotals() {
  return totalsOf(readProgress());
}

/** Reset: the counts per kind and the practice loop's memory (streak, rules, mistakes, rushes). */
export function resetProgress() {
  writeProgress({});
  resetPractice();
}

/** Each rule's first answers as a small bar chart (right of all), rules in id order; null before any. @param {any} w */
function ruleChart(w) {
  const rows = Object.entries(readPractice().byRule).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  if (!rows.length) return null;
  return h("figure", { class: "cb-rule-chart" }, [h("figcaption", { text: w.byRule }),
    h("ul", {}, rows.map(([rule, { right, wrong }]) => h("li", { "data-rule": rule }, [
      h("span", { class: "cb-rule-id", text: rule }),
      h("span", { class: "cb-rule-bar", "aria-hidden": "true" },
        h("span", { class: "cb-rule-right", style: `width: ${Math.round((100 * right) / (right + wrong))}%` })),
      h("span", { class: "cb-rule-count", text: `${right}/${right + wrong}` })])))]);
}

/** The puzzles missed, by rule: each a link that opens it in its widget, on its page. @param {any} w */
function mistakesList(w) {
  const groups = mistakesByRule(readPractice().mistakes);
  if (!groups.length) return null;
  const href = (m) => `${m.page}#puzzle=${m.slot ? `${m.slot}/` : ""}${m.id}`;
  return h("div", { class: "cb-mistakes" }, [h("p", { class: "cb-mistakes-title", text: w.mistakes }),
    h("ul", {}, groups.map((g) => h("li", { "data-rule": g.rule }, [h("span", { class: "cb-rule-id", text: g.rule }), " ",
      ...g.mistakes.flatMap((m, i) => [i ? " · " : "", h("a", { href: href(m), "data-puzzle": m.id, text: w.mistake(i + 1) })])])))]);
}

export function exportProgress() {
  const blob = new Blob([JSON.stringify(readProgress(), null, 1)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: "cardbook-progress.json" });
  document.body.append(link);
  link.click();
  link.remove();
}

/** The rules menu's panel: the guide followed (its rules are the pages' and the puzzles'), and whether the
 * sources' differences, conventions and errata show (always, on the chapter about them). @param {any} w */
function rulesPanel(w, settings) {
  const here = sourcesPage();
  return h("div", { class: "cb-settings-panel" }, [
    h("div", { class: "cb-settings-guides", role: "group", "aria-label": w.guideTitle }, GUIDES.map((guide) =>
      h("button", { type: "button", class: "cb-settings-choice", "data-control": `guide-${guide}`,
        "aria-pressed": String(settings.guide === guide), onclick: () => writeSettings({ guide }) }, sayText(w.guides[guide], settings.lang)))),
    h("button", { type: "button", class: "cb-settings-toggle", "data-control": "differences", title: w.differencesTitle,
      "aria-pressed": String(sourcesShown(settings)), disabled: here,
      onclick: () => writeSettings({ differences: !readSettings().differences }) }, w.differences),
    here ? h("p", { class: "cb-settings-note", text: w.differencesHere }) : null,
  ]);
}

/** A menu of the bar, open again after a redraw if it was open (or if ``open``). */
function barMenu(element, name, summary, panel, open = false) {
  const menu = h("details", { class: `cb-settings-menu cb-settings-${name}` }, [summary, panel]);
  const was = /** @type {HTMLDetailsElement | null} */ (element.querySelector(`.cb-settings-${name}`));
  if ((was && was.open) || open) menu.open = true;
  return menu;
}

/** A message of the bar in both languages. @param {string} name */
const barWords = (name) => ({ en: SETTINGS_WORDS.en[name], zh: SETTINGS_WORDS.zh[name] });

/** The progress menu's panel: the totals, what the bar last did, and either the file waiting for Merge /
 * Replace, the reset waiting for its confirmation, or export / import / reset. ``state`` is the bar's:
 * ``{said, incoming, confirming}``; ``act(patch, change?)`` updates it (doing ``change`` first) and redraws. */
function progressPanel(w, state, status, file, act) {
  const totals = progressTotals();
  const button = (control, text, onclick) => h("button", { type: "button", "data-control": control, onclick, text });
  const rows = [h("p", { class: "cb-settings-totals", text: w.solved(totals.solved, totals.answered) }), status];
  if (state.incoming) {
    const incoming = state.incoming;
    const inFile = totalsOf(incoming);
    const merged = totalsOf(mergeProgress(readProgress(), incoming));
    rows.push(h("div", { class: "cb-settings-preview" }, [
      h("p", { text: w.inFile(inFile.solved, inFile.answered, inFile.kinds) }),
      h("p", { text: w.mergeTo(merged.solved, merged.answered) }),
      h("p", { text: w.replaceTo(inFile.solved, inFile.answered) }),
    ]), h("div", { class: "cb-settings-choices" }, [
      button("merge", w.merge, () => act({ said: barWords("imported"), incoming: null },
        () => writeProgress(mergeProgress(readProgress(), incoming)))),
      button("replace", w.replace, () => act({ said: barWords("imported"), incoming: null }, () => writeProgress(incoming))),
      button("cancel-import", w.cancel, () => act({ said: barWords("importCancelled"), incoming: null })),
    ]));
  } else if (state.confirming) {
    rows.push(h("p", { class: "cb-settings-ask", text: w.resetAsk(totals.solved, totals.answered) }),
      h("div", { class: "cb-settings-choices" }, [
        button("confirm-reset", w.resetYes, () => act({ said: barWords("resetDone"), confirming: false }, resetProgress)),
        button("cancel-reset", w.cancel, () => act({ said: null, confirming: false })),
      ]));
  } else {
    rows.push(h("button", { type: "button", "data-control": "auto-next", class: "cb-settings-toggle",
      "aria-pressed": String(readSettings().autoNext), text: w.autoNext,
      onclick: () => writeSettings({ autoNext: !readSettings().autoNext }) }),
    ruleChart(w), mistakesList(w),
    button("export", w.exportProgress, exportProgress), button("import", w.importProgress, () => file.click()),
      h("button", { type: "button", "data-control": "reset", text: w.resetProgress, disabled: totals.answered === 0,
        onclick: () => act({ said: null, confirming: true }) }));
  }
  return h("div", { class: "cb-settings-panel" }, rows);
}

export function pageNotice(words) {
  const region = /** @type {HTMLElement | null} */ (document.querySelector("[data-cardbook-page-notice]"));
  if (!region) return false;
  const lang = readSettings().lang;
  region.replaceChildren(h("p", { lang: lang === "zh" ? "zh-Hans" : "en", text: words[lang] || words.en }));
  region.hidden = false;
  return true;
}

/** Where notebooks put a widget's output (myst-nb's static page, JupyterLab and Voila). */
// (.cbp: a puzzle's own root, on a page of bare widgets such as widgets/puzzles/page.py's puzzle sheet)
const WIDGET_OUTPUT = ".cell_output, .jp-OutputArea-output, .output_area, .widget-subarea, .cbp";

export function pageHasSettingsBar() {
  return [...document.querySelectorAll("[data-cardbook-settings]")].some((bar) => !bar.closest(WIDGET_OUTPUT));
}

const PLACE_KEY = "cardbook-reading-place";
/** How long a stored place waits for its page (ms): the switch's next page, not a later visit. */
const PLACE_TTL = 30000;
/** The anchors both editions share, in page order: sections and MyST labels of the article. */
function placeAnchors() {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll("article.bd-article section[id], article.bd-article span[id]")]);
}

/** Where the reader is: the last anchor above the window's top, and how far past it towards the next
 * one (a fraction: the other edition's text is longer or shorter, its anchors are the same). */
export function readingPlace() {
  const anchors = placeAnchors();
  let i = -1;
  anchors.forEach((anchor, j) => { if (anchor.getBoundingClientRect().top <= 1) i = j; });
  if (i < 0) return null;
  const top = anchors[i].getBoundingClientRect().top;
  const next = anchors.slice(i + 1).map((a) => a.getBoundingClientRect().top).find((t) => t > top);
  const span = (next === undefined ? document.documentElement.scrollHeight - window.scrollY : next) - top;
  return { anchor: anchors[i].id, fraction: span > 0 ? Math.min(1, Math.max(0, -top / span)) : 0 };
}

/** Remember the reader's place for the page at ``href`` (the other edition's), for restorePlace there. */
function keepReadingPlace(href) {
  const place = window.scrollY > 0 ? readingPlace() : null;
  try {
    if (place) window.sessionStorage.setItem(PLACE_KEY, JSON.stringify({ ...place, page: href.split("#")[0], at: Date.now() }));
    else window.sessionStorage.removeItem(PLACE_KEY);
  } catch (privateMode) { /* the switch still goes to the same anchor */ }
}

/** On arrival from the language switch: scroll to the place the reader had in the other edition, and
 * again whenever the article's height changes while its widgets draw, until the reader scrolls (or 8 s). */
export function restoreReadingPlace() {
  let stored = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(PLACE_KEY) || "null");
    window.sessionStorage.removeItem(PLACE_KEY);
  } catch (unreadable) { return; }
  if (!stored || stored.page !== window.location.href.split("#")[0] || Date.now() - stored.at > PLACE_TTL) return;
  let done = false;
  const place = () => {
    if (done) return;
    const anchors = placeAnchors();
    const i = anchors.findIndex((a) => a.id === stored.anchor);
    if (i < 0) return;
    const top = anchors[i].getBoundingClientRect().top + window.scrollY;
    const next = anchors.slice(i + 1).map((a) => a.getBoundingClientRect().top + window.scrollY).find((t) => t > top);
    const end = next === undefined ? document.documentElement.scrollHeight : next;
    window.scrollTo(0, Math.round(top + stored.fraction * (end - top)));
  };
  const article = document.querySelector("article.bd-article") || document.body;
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(place) : null;
  const stop = () => {
    done = true;
    if (watch) watch.disconnect();
  };
  for (const reader of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(reader, stop, { once: true, passive: true });
  }
  if (watch) watch.observe(article);
  place();
  window.setTimeout(stop, 8000);
}

/** The bar's language button: the link to the page's counterpart in the other language, at the same
 * anchor (both editions have the same ones), or (where there is none) a button that switches the
 * widgets' language in place. */
function languageControl(lang, w) {
  const other = lang === "zh" ? "en" : "zh";
  const counterpart = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[data-cardbook-counterpart][href]"));
  const common = { class: "cb-settings-lang", "data-control": "lang" };
  // the other language's name in that language (lang on it alone: the control's title is the page's language)
  const name = () => [h("span", { lang: other === "zh" ? "zh-Hans" : "en", text: w.language })];
  if (counterpart) {
    return h("a", { ...common, href: counterpart.href, hreflang: counterpart.hreflang, title: w.editionTitle,
      onclick: (event) => {
        const link = /** @type {HTMLAnchorElement} */ (event.currentTarget);
        link.search = window.location.search;  // the search page's query, a deck's ?rules=…
        link.hash = window.location.hash;
        keepReadingPlace(link.href);
        writeSettings({ lang: other });
      } }, name());
  }
  return h("button", { ...common, type: "button", title: w.languageTitle, onclick: () => writeSettings({ lang: other }) },
    name());
}

/** The settings bar: one per page (the book's header), or one per widget where no page has one. */
export function settingsBar() {
  const element = h("div", { class: "cb-settings", role: "group", "data-cardbook-settings": "" });
  // in the open menu, where it is seen; a puzzle's verdict is its one role="status"
  const status = h("p", { class: "cb-settings-status", "aria-live": "polite" });
  const file = h("input", { type: "file", accept: "application/json,.json", hidden: true, tabindex: "-1",
    "aria-hidden": "true", class: "cb-settings-file" });
  /** what the bar said last, a checked file waiting for Merge / Replace, a reset waiting for its confirmation */
  const state = { said: null, incoming: null, confirming: false };
  const act = (patch, change = () => {}) => {
    change();
    Object.assign(state, patch);
    draw();
    const next = /** @type {HTMLElement | null} */ (element.querySelector(".cb-settings-panel button:not([disabled])"));
    if (next && element.contains(document.activeElement)) next.focus();
  };

  function draw() {
    const settings = readSettings();
    const w = SETTINGS_WORDS[settings.lang];
    const focused = element.contains(document.activeElement) ? activeControl().dataset.control : null;
    const totals = progressTotals();
    element.setAttribute("aria-label", w.settings);
    element.lang = settings.lang === "zh" ? "zh-Hans" : "en";
    status.textContent = state.said ? state.said[settings.lang] : "";
    const rules = barMenu(element, "rules", h("summary", { "data-control": "rules", title: w.guideTitle }, [w.rules, " ",
      h("span", { class: "cb-settings-count", text: w.guideShort[settings.guide] })]), rulesPanel(w, settings));
    const menu = barMenu(element, "progress", h("summary", { "data-control": "progress" }, [w.progress, " ",
      h("span", { class: "cb-settings-count", text: String(totals.solved) })]),
    progressPanel(w, state, status, file, act), Boolean(state.said || state.incoming || state.confirming));
    menu.addEventListener("toggle", () => {  // closed: what was said and asked is over
      if (!menu.open && (state.said || state.incoming || state.confirming)) Object.assign(state, { said: null, incoming: null, confirming: false });
    });
    element.replaceChildren(languageControl(settings.lang, w),
      h("button", { type: "button", class: "cb-settings-four", "data-control": "four", title: w.fourColourTitle,
        "aria-pressed": String(settings.fourColour), onclick: () => writeSettings({ fourColour: !readSettings().fourColour }) },
      [h("span", { class: "cb-settings-swatch", "aria-hidden": "true" }), w.fourColour]),
      rules, menu, file);
    if (focused) {
      const again = /** @type {HTMLElement | null} */ (element.querySelector(`[data-control="${focused}"]`));
      if (again) again.focus();
    }
  }

  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    const read = readProgressFile(await chosen.text());
    file.value = "";
    if ("progress" in read) act({ said: null, incoming: read.progress, confirming: false });
    else act({ said: read.message, incoming: null });
  });
  const stops = [onSettings(draw), onProgress(draw), onPractice(draw)];
  applySettingsToDocument(readSettings());
  draw();
  return { element, dispose: () => stops.forEach((stop) => stop()) };
}
