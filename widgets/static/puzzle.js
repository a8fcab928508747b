// @ts-check
// Puzzle front end: renders an engine-made puzzle spec and grades by lookup only.
// It imports dom.js (h), cards.js (the one drawing of a card) and settings.js (the reader's settings
// and progress); esbuild bundles it into one self-contained module (it is loaded from a Blob URL, where
// no import resolves: tools/bundle_front_ends.mjs).  Works with a kernel (JupyterLab, Voila: "New puzzle" asks Python,
// with the page's bank as a fallback when the kernel does not answer) and without one (a static
// page: the widget moves through the bank it carries, its first puzzle included).  A static page
// served over http also has the browser engine (tools/site/widget-loader.js answers "hello" with
// {type: "engine", available}): the first "New puzzle" shows the next bank puzzle at once and wakes
// the engine in the background; once it has answered, every "New puzzle" is made fresh by it, with
// the generators the kernel uses (widgets/puzzles/service.py).
//
// Links: the root carries data-puzzle-slot (set in Python); #puzzle=<slot>/<puzzle id> opens that
// puzzle in that widget and scrolls it into view; an old #puzzle=<kind>:<seed> goes to <kind>-1.
import { h } from "./dom.js";
import { cardChip, cardChips, cardFace, cardRow, cardText, cardsText, reasonNodes, reasonParts, sayText } from "./cards.js";
import {
  SETTINGS_KEY, onProgress, onSettings, pageHasSettingsBar, pageNotice, readProgress, readStored, recordAnswer, settingsBar,
} from "./settings.js";

const UI = {
  en: {
    puzzle: "Puzzle", newPuzzle: "New puzzle", difficulty: "Difficulty", easy: "easy", normal: "normal", hard: "hard",
    ruleset: "Rules", correct: "Correct!", wrong: "Not quite.", correctAnswers: "Correct answer(s) under these rules:",
    readRule: "Read rule", inTheBook: "in the book", check: "Check", typeCards: "Type cards (e.g. ♥10 or 10h)",
    pick: (n) => `Pick ${n} card${n === 1 ? "" : "s"} from the hand.`,
    picked: (m, n) => `${m} of ${n} picked.`,
    notInHand: (t) => `${t} is not in the hand (or all its copies are already selected).`,
    badCard: (t) => `${t} is not a card: write a suit and a rank such as ♥10 or 10h, or 大王 / 小王 for a joker.`,
    wrongCount: (n, m) => `Select exactly ${n} card${n === 1 ? "" : "s"} (you have ${m}).`,
    enterNumber: "Enter a whole number.", yourNumber: "Your answer", progress: (s, k) => `Solved ${s} · streak ${k}`,
    link: "Link to this puzzle", settings: "Settings", hand: "Your hand", answers: "Answers",
    notInBank: (id) => `The link asks for puzzle ${id}, which this page does not hold; showing the puzzle it has.`,
    noSlot: (slot) => `The link names puzzle ${slot}, which is not on this page.`,
    kernelGone: "The kernel restarted: run this cell again to reconnect; meanwhile puzzles come from this page's bank.",
    bankOnly: "Opened from a file, new puzzles come from this page's bank; served over http (make book), the book makes fresh ones.",
    rulesDiffer: "The rulesets grade this puzzle differently: switch to compare.", inLab: "opens in a new tab",
  },
  zh: {
    puzzle: "练习", newPuzzle: "换一题", difficulty: "难度", easy: "简单", normal: "一般", hard: "困难",
    ruleset: "规则", correct: "正确！", wrong: "不对。", correctAnswers: "按此规则的正确答案：",
    readRule: "查看规则", inTheBook: "（书中）", check: "提交", typeCards: "输入牌（如 ♥10 或 10h）",
    pick: (n) => `从手牌中选 ${n} 张。`,
    picked: (m, n) => `已选 ${m} / ${n} 张。`,
    notInHand: (t) => `手中没有 ${t}（或已全部选中）。`,
    badCard: (t) => `${t} 不是一张牌：请写花色和点数，如 ♥10 或 10h；王写大王 / 小王。`,
    wrongCount: (n, m) => `请正好选 ${n} 张（现在 ${m} 张）。`,
    enterNumber: "请输入一个整数。", yourNumber: "你的答案", progress: (s, k) => `已解 ${s} · 连续答对 ${k}`,
    link: "本题链接", settings: "设置", hand: "你的手牌", answers: "选项",
    notInBank: (id) => `链接要的是 ${id}，本页没有这道题；显示的是本页的题。`,
    noSlot: (slot) => `链接指向的练习 ${slot} 不在本页。`,
    kernelGone: "内核已重启：请重新运行这个单元格以重新连接；在此之前，新题来自本页的题库。",
    bankOnly: "从本地文件打开时，新题来自本页的题库；通过 http 打开本书（make book）时，会现场出新题。",
    rulesDiffer: "不同规则对本题的判定不同：可切换比较。", inLab: "在新标签页打开",
  },
};

/** How long "New puzzle" waits for the kernel before it says so and uses the bank (ms). */
const KERNEL_TIMEOUT = 2500;
/** How long an answer of the browser engine may take before the bank answers (ms): awake, and
 * asleep (its first answer downloads and starts Python; widget-loader.js gives up after 30 s). */
const ENGINE_TIMEOUT = 5000;
const ENGINE_BOOT_TIMEOUT = 35000;
const SUIT_TOKENS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♤": "S", "♥": "H", "♡": "H",
  "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
const JOKERS = { BJ: "BJ", LJ: "LJ", "大王": "BJ", "小王": "LJ" };
/** A field with at most this many values is a group of buttons; one with more (numbers, levels) a menu. */
const FEW_OPTIONS = 6;
const CJK_ONLY = /^[\u3000-\u303f\u3400-\u9fff\uff00-\uffef\s]+$/u;
const CARD_IN_TEXT = /[♠♥♦♣](?:10|[2-9JQKA])/gu;

/** One card token in the notation of cases.md → canonical string, or null. */
export function parseCard(token) {
  const text = token.trim().toUpperCase();
  if (JOKERS[text]) return JOKERS[text];
  const suitChars = Object.keys(SUIT_TOKENS).join("");
  const re = new RegExp(`^(?:([${suitChars}])(10|[2-9TJQKA])|(10|[2-9TJQKA])([${suitChars}]))$`, "u");
  const m = text.match(re);
  if (!m) return null;
  const suit = SUIT_TOKENS[m[1] || m[4]];
  const rank = (m[2] || m[3]) === "T" ? "10" : (m[2] || m[3]);
  return suit + rank;
}

/** Card tokens of a typed list (spaces, commas, 、 separate). */
export function splitTokens(text) {
  return text.split(/[\s,，、]+/u).filter((t) => t.length > 0);
}

export { cardText, cardsText, reasonParts as sentenceParts };  // for the tests that drive this module in Node

/** The puzzle a link names: ``{slot, id}`` for ``#puzzle=<slot>/<kind>:<seed>``, ``{slot: "<kind>-1", id}``
 * for an old ``#puzzle=<kind>:<seed>``, or null. */
export function parseLink(hash) {
  const m = decodeURIComponent(hash || "").match(/^#puzzle=(?:([a-z_]+-\d+)\/)?(([a-z_]+):(\d+))$/);
  if (!m) return null;
  return { slot: m[1] || `${m[3]}-1`, id: m[2] };
}

/** The puzzles a widget moves through with no kernel: its first puzzle, then the bank without it. */
export function withFirst(first, bank) {
  return [first, ...bank.filter((s) => s.id !== first.id)];
}

/** The puzzle after ``current`` in ``specs``, of ``difficulty`` if the bank has one (else any), skipping the
 * ids in ``elsewhere`` (shown by other puzzles of the page) while another is left. */
export function nextPuzzle(specs, current, difficulty, elsewhere = []) {
  const same = specs.filter((s) => s.difficulty === difficulty);
  const pool = same.length ? same : specs;
  const at = pool.findIndex((s) => s.id === current.id);
  const order = pool.slice(at + 1).concat(pool.slice(0, at + 1));
  return order.find((s) => s.id !== current.id && !elsewhere.includes(s.id)) || order[0];
}

/** Where "Read rule" goes: the book page, or in JupyterLab (when ``base`` is the book's default) the
 * chapter opened in Lab. */
export function ruleHref(reason, base, labConfig) {
  if (labConfig && base === "../") {
    const root = String(labConfig.serverRoot || "").replace(/\/+$/, "").split("/").pop();
    const page = root && reason.page.startsWith(root + "/") ? reason.page.slice(root.length + 1) : reason.page;
    return `${labConfig.baseUrl || "/"}lab/tree/${page}.md#${reason.anchor}`;
  }
  return `${base || ""}${reason.page}.html#${reason.anchor}`;
}

/** JupyterLab's page config, when this page is JupyterLab (not Voila, not the book). */
function labConfig() {
  const node = document.getElementById && document.getElementById("jupyter-config-data");
  if (!node) return null;
  try {
    const config = JSON.parse(node.textContent);
    return config.appName === "JupyterLab" || /\/lab(\/|$)/.test(window.location.pathname) ? config : null;
  } catch (unreadable) { return null; }
}

/** The bank a static page carries: gzip-compressed JSON in base64 (engine-made specs). */
async function unpackBank(packed) {
  if (!packed) return [];
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

/** The reader's language: the one chosen in the settings bar, else the widget's own default. */
function readerLang(fallback) {
  const stored = readStored(SETTINGS_KEY);
  if (stored && typeof stored === "object" && (stored.lang === "en" || stored.lang === "zh")) return stored.lang;
  return fallback === "zh" ? "zh" : "en";
}

/** Text with the cards it writes (♠A, ♥10) drawn as chips, its Chinese marked on an English reading. */
function withChips(text, lang) {
  const out = [];
  let at = 0;
  for (const m of (text || "").matchAll(CARD_IN_TEXT)) {
    if (m.index > at) out.push(...sayText(text.slice(at, m.index), lang));
    out.push(cardChip(parseCard(m[0]), lang));
    at = m.index + m[0].length;
  }
  if (at < (text || "").length) out.push(...sayText(text.slice(at), lang));
  return out;
}

/** Roving focus: the arrows move between the buttons of one group; Tab leaves the group. */
function focusRing(buttons) {
  buttons.forEach((b, i) => {
    b.tabIndex = i === 0 ? 0 : -1;
    b.addEventListener("keydown", (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      const next = buttons[(i + step + buttons.length) % buttons.length];
      buttons.forEach((x) => { x.tabIndex = -1; });
      next.tabIndex = 0;
      next.focus();
    });
  });
}

/** A choice among a few values as a group of buttons (the chosen one pressed), arrows moving between them:
 * ``options`` are ``{value, nodes}``; ``pick(value)`` is called on a press; no ``label`` when a <fieldset>'s
 * <legend> names the group. */
function choiceGroup(label, options, chosen, control, pick) {
  const buttons = options.map((o) => h("button", { type: "button", class: "cbp-option", "data-value": o.value,
    "data-control": `${control}-${o.value}`, "aria-pressed": String(o.value === chosen), onclick: () => {
      buttons.forEach((b) => b.setAttribute("aria-pressed", String(b === buttons[options.indexOf(o)])));
      pick(o.value);
    } }, o.nodes));
  focusRing(buttons);
  return h("div", { class: "cbp-options", role: label ? "group" : undefined, "aria-label": label || undefined }, buttons);
}

/** Which control of ``root`` has focus, as a selector that finds its redrawn twin; null if none. */
function focusedControl(root) {
  const active = document.activeElement;
  if (!active || !root.contains || !root.contains(active)) return null;
  const control = active.closest && active.closest("[data-control]");
  return control ? `[data-control="${control.getAttribute("data-control")}"]` : null;
}

function render({ model, el }) {
  let spec = model.get("spec");
  const kind = spec.kind;
  const slot = model.get("slot") || "";
  const first = spec;
  let lang = readerLang(model.get("lang"));
  let rulesetId = model.get("ruleset") || spec.rulesets[0].id;
  let difficulty = spec.difficulty;
  let bank = null;
  let live = false;
  let engine = false;       // the page's browser engine can make puzzles (a static page over http)
  let awake = false;        // the engine has answered once: asking it is quick
  let asked = null;         // {keep, fail} of the engine's answer on its way: keep it for later, or show it
  let ahead = null;         // a fresh puzzle the engine made while the reader read a bank puzzle
  let bankOnly = false;     // opened from a file: no engine can run, and the first bank puzzle says so
  let waiting = null;       // the timer of a "new" asked of the kernel
  let answered = false;     // the first answer to this puzzle was counted
  let graded = null;        // {ok, key, reasons} of the answer shown
  let selection = [];       // hand indices (cards input)
  let draft = {};           // typed text, number, field values: kept across a language switch
  let notice = null;        // {en, zh} said at the top of the widget
  let lost = false;         // the kernel stopped answering: puzzles come from the bank, and the widget says so
  let ownBar = null;

  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const both = (name, ...args) => ({ en: UI.en[name](...args), zh: UI.zh[name](...args) });
  const txt = (pair) => (pair ? (pair[lang] || pair.en) : "");
  const rulesetOf = (s) => (s.rulesets.some((r) => r.id === rulesetId) ? rulesetId : s.rulesets[0].id);
  const loadBank = async () => (bank = bank || withFirst(first, await unpackBank(model.get("bank"))));

  // ---- the skeleton: kept across redraws, so focus stays on the control used ----
  const root = h("div", { class: "cbp", "data-puzzle-kind": kind, "data-puzzle-slot": slot || undefined });
  const title = h("span", { class: "cbp-title" });
  const level = h("span", { class: "cbp-level" });
  const newButton = h("button", { type: "button", class: "cbp-new", "data-control": "new", onclick: () => newPuzzle() });
  const levels = ["easy", "normal", "hard"].map((d) => h("button", { type: "button", class: "cbp-level-option",
    "data-difficulty": d, "data-control": `difficulty-${d}`, onclick: () => chooseDifficulty(d) }));
  const levelGroup = h("div", { class: "cbp-difficulty", role: "group" }, levels);
  const rulesetSlot = h("div", { class: "cbp-ruleset-slot" });
  const noticeLine = h("p", { class: "cbp-notice", "aria-live": "polite" });  // the verdict alone is role="status"
  const body = h("div", { class: "cbp-body" });
  const verdict = h("div", { class: "cbp-verdict", role: "status", "aria-live": "polite" });
  const progressLine = h("span", { class: "cbp-progress" });
  const permalink = h("a", { class: "cbp-permalink", "data-control": "link" });
  const footer = h("div", { class: "cbp-footer" }, [progressLine, permalink]);
  root.append(
    h("div", { class: "cbp-head" }, [h("p", { class: "cbp-eyebrow" }, [title, level]),
      h("div", { class: "cbp-controls" }, [newButton, levelGroup, rulesetSlot])]),
    noticeLine, body, verdict, footer);
  el.append(root);

  function show(next, message = null, source = "page") {
    spec = next;
    root.dataset.source = source;
    difficulty = spec.difficulty;
    answered = false;
    graded = null;
    selection = [];
    draft = {};
    notice = message;
    draw();
  }

  // ---- grading: lookup only ----
  function lookup(key) {
    const rid = rulesetOf(spec);
    const index = spec.answers.findIndex((a) => a.key === key);
    if (index >= 0) {
      const [ok, r] = spec.verdicts[rid][index];
      return { ok, reasons: [].concat(r).map((i) => spec.reasons[i]) };  // a several-part answer: one per wrong part
    }
    if (spec.otherwise) return { ok: false, reasons: [spec.reasons[spec.otherwise[rid]]] };
    return null;
  }

  function grade(key) {
    const result = lookup(key);
    if (!result) return;
    if (!answered) {
      answered = true;
      recordAnswer(kind, result.ok);
    }
    graded = { ok: result.ok, key, reasons: result.reasons };
    drawVerdict();
    markChosen();
  }

  /** The reader changed the answer: the verdict of the previous one goes. */
  function unsettle() {
    if (!graded) return;
    graded = null;
    drawVerdict();
    markChosen();
  }

  // ---- new puzzle: the kernel, else the bank ----
  async function fromBank() {
    const specs = await loadBank();
    const elsewhere = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-puzzle-id]"))].filter((r) => r !== root).map((r) => r.dataset.puzzleId);
    const why = lost ? "kernelGone" : bankOnly ? "bankOnly" : null;
    bankOnly = false;  // said once
    show(nextPuzzle(specs, spec, difficulty, elsewhere), why && { en: UI.en[why], zh: UI.zh[why] }, "bank");
  }

  /** Ask the browser engine; ``keep``: its puzzle waits for the next "New puzzle" (a wake-up call);
   * ``fail`` answers instead when the engine cannot.
   * @param {object} message @param {boolean} keep @param {() => unknown} [fail] */
  function askEngine(message, keep, fail = fromBank) {
    clearTimeout(waiting);
    asked = { keep, fail };
    if (!keep) {
      waiting = setTimeout(() => engineFailed(), awake ? ENGINE_TIMEOUT : ENGINE_BOOT_TIMEOUT);
    }
    model.send(message);
  }

  /** The engine did not answer or cannot run: the bank (or the link's notice) answers instead. */
  function engineFailed() {
    clearTimeout(waiting);
    waiting = null;
    engine = false;
    const pending = asked;
    asked = null;
    if (pending && !pending.keep) pending.fail();
  }

  function askKernel(message) {
    clearTimeout(waiting);
    try { model.send(message); } catch (closed) { live = false; lost = true; delete root.dataset.live; return false; }  // its comm went with it
    waiting = setTimeout(() => {
      waiting = null;
      live = false;
      lost = true;
      delete root.dataset.live;
      fromBank();
    }, KERNEL_TIMEOUT);
    return true;
  }

  function newPuzzle() {
    if (live && askKernel({ type: "new", difficulty })) return;
    if (engine && ahead && ahead.difficulty === difficulty) {
      const next = ahead;
      ahead = null;
      show(next, null, "engine");
      return;
    }
    if (engine && awake) {
      askEngine({ type: "new", difficulty }, false);
      return;
    }
    if (engine && !asked) askEngine({ type: "new", difficulty }, true);
    fromBank();
  }

  function chooseDifficulty(wanted) {
    if (wanted === difficulty && wanted === spec.difficulty) return;
    difficulty = wanted;
    model.set("difficulty", wanted);
    model.save_changes();
    drawControls();
    newPuzzle();
  }

  function chooseRuleset(id) {
    rulesetId = id;
    model.set("ruleset", id);
    model.save_changes();
    if (graded) grade(graded.key);
  }

  // ---- links ----
  function say(words) {
    if (!pageNotice(words)) { notice = words; drawNotice(); }
  }

  function bringIntoView() {
    let moved = false;
    const stop = () => { moved = true; };
    const events = ["wheel", "touchstart", "keydown", "mousedown"];
    events.forEach((name) => window.addEventListener(name, stop, { passive: true }));
    const scroll = () => { if (!moved) root.scrollIntoView({ block: "start" }); };
    requestAnimationFrame(scroll);
    // puzzles above may still be drawing: keep this one in view while the page settles
    const watcher = typeof ResizeObserver === "function" ? new ResizeObserver(scroll) : null;
    if (watcher) watcher.observe(document.body);
    setTimeout(() => {
      if (watcher) watcher.disconnect();
      events.forEach((name) => window.removeEventListener(name, stop));
    }, 3000);
  }

  async function fromLink() {
    const link = parseLink(window.location.hash);
    if (!link) return;
    if (link.slot !== slot) {
      setTimeout(() => missingSlot(link.slot), 3000);
      return;
    }
    bringIntoView();
    if (link.id === spec.id) return;
    const found = link.id.startsWith(kind + ":") && (await loadBank()).find((s) => s.id === link.id);
    if (found) { show(found); return; }
    const seed = link.id.startsWith(kind + ":") ? Number(link.id.split(":")[1]) : NaN;
    if (live && Number.isInteger(seed)) { askKernel({ type: "load", seed }); return; }
    if (engine && Number.isInteger(seed) && seed >= 0) {  // the engine makes the puzzle the link names
      askEngine({ type: "load", seed }, false, () => say(both("notInBank", link.id)));
      return;
    }
    say(both("notInBank", link.id));
  }

  /** No widget took the link: the first puzzle of a page with no notice region says so. */
  function missingSlot(wanted) {
    const link = parseLink(window.location.hash);
    if (!link || link.slot !== wanted || document.querySelector(`[data-puzzle-slot="${wanted}"]`)) return;
    if (document.querySelector("[data-cardbook-page-notice]")) return;  // the page says it (tools/site/page.js)
    if (document.querySelector("[data-puzzle-kind]") === root) say(both("noSlot", wanted));
  }

  // ---- the kernel ----
  const onMessage = (msg) => {
    if (msg && msg.type === "engine") {
      engine = Boolean(msg.available);
      bankOnly = !engine && window.location.protocol === "file:";
      if (!engine) engineFailed();
    } else if (msg && msg.type === "error" && asked) {
      engineFailed();
    }
    if (msg && msg.type === "live") {
      live = true;
      root.dataset.live = "true";
      drawVerdict();  // the rule link opens in a new tab next to a kernel
      const link = parseLink(window.location.hash);
      if (link && link.slot === slot && link.id !== spec.id && link.id.startsWith(kind + ":")) {
        askKernel({ type: "load", seed: Number(link.id.split(":")[1]) });
      }
    }
  };
  const onSpec = () => {
    clearTimeout(waiting);
    waiting = null;
    const made = model.get("spec");
    const pending = asked;
    asked = null;
    if (pending) awake = true;
    if (pending && pending.keep) { ahead = made; return; }
    show(made, null, pending ? "engine" : "kernel");
  };
  model.on("msg:custom", onMessage);
  model.on("change:spec", onSpec);
  try { model.send({ type: "hello" }); } catch (noKernel) { /* a static page */ }

  // ---- drawing ----
  function drawControls() {
    title.textContent = t("puzzle");
    level.textContent = ` · ${t(spec.difficulty)}`;
    newButton.textContent = t("newPuzzle");
    levelGroup.setAttribute("aria-label", t("difficulty"));
    levels.forEach((b) => {
      const d = b.getAttribute("data-difficulty");
      b.textContent = t(d);
      b.setAttribute("aria-pressed", String(d === difficulty));
    });
    const focus = focusedControl(rulesetSlot);
    rulesetSlot.replaceChildren();
    if (!spec.differs) return;
    // the rulesets' names mix English and Chinese, which a <select>'s options cannot mark: buttons in a disclosure
    const chosen = spec.rulesets.find((r) => r.id === rulesetOf(spec));
    const menu = h("details", { class: "cbp-rules" });
    const summary = h("summary", { "data-control": "ruleset" }, [h("span", { class: "cbp-rules-label", text: t("ruleset") }), " ",
      h("span", { class: "cbp-rules-chosen" }, sayText(txt(chosen.label), lang))]);
    menu.append(summary, choiceGroup(t("ruleset"), spec.rulesets.map((r) => ({ value: r.id, nodes: sayText(txt(r.label), lang) })),
      chosen.id, "ruleset", (id) => { chooseRuleset(id); drawControls(); const again = rulesetSlot.querySelector("summary");
        if (again) again.focus(); }));
    rulesetSlot.append(menu);
    const again = focus && /** @type {HTMLElement | null} */ (rulesetSlot.querySelector(focus));
    if (again) again.focus();
  }

  function drawNotice() {
    noticeLine.replaceChildren(...(notice ? sayText(txt(notice), lang) : []));
    noticeLine.hidden = !notice;
  }

  function drawBlock(block) {
    const label = block.label ? h("p", { class: "cbp-label" }, sayText(txt(block.label), lang)) : null;
    if (block.type === "cards") return h("div", { class: "cbp-block" }, [label, cardRow(block.cards, lang)]);
    if (block.type === "plays") {
      const trick = block.plays.every((p) => p.cards && p.cards.length && !p.note);  // seats side by side, as at a table
      return h("div", { class: "cbp-block" }, [label, h("ol", { class: `cbp-plays${trick ? " cbp-trick" : ""}` }, block.plays.map((p) =>
        h("li", {}, [h("span", { class: "cbp-seat" }, sayText(txt(p.label), lang)),
          h("span", { class: "cbp-play" }, [cardRow([...p.cards, ...Array(p.backs || 0).fill("back")], lang),  // YS-7
            p.note ? h("span", { class: "cbp-note" }, sayText(txt(p.note), lang)) : null])])))]);
    }
    if (block.type === "facts") {
      return h("dl", { class: "cbp-facts" }, block.items.map((item) => h("div", { class: "cbp-fact" }, [
        h("dt", {}, sayText(txt(item.label), lang)),
        h("dd", {}, item.cards ? cardRow(item.cards, lang) : withChips(txt(item.value), lang)),
      ])));
    }
    return h("p", { class: "cbp-text" }, sayText(txt(block.text), lang));
  }

  function drawChoice() {
    const buttons = spec.answers.map((a) => h("button", { type: "button", class: "cbp-answer", "data-key": a.key,
      "data-control": `answer-${a.key}`, "aria-pressed": "false", onclick: () => grade(a.key) }, [
      h("span", { class: "cbp-answer-text" }, withChips(txt(a.label) || a.key, lang)),
      a.cards ? cardRow(a.cards, lang) : null,
      h("span", { class: "cbp-mark", "aria-hidden": "true" })]));
    focusRing(buttons);
    return h("div", { class: "cbp-answers", role: "group", "aria-label": t("answers") }, buttons);
  }

  function drawCards() {
    const hand = spec.position.hand;
    const need = spec.pick;
    const hint = h("p", { class: "cbp-hint", "aria-live": "polite", text: t("pick", need) });
    const count = h("span", { class: "cbp-count", "aria-hidden": "true" });
    const handButtons = hand.map((card, i) => h("button", { type: "button", class: "cbp-hand-card",
      "data-index": i, "data-card": card, "data-control": `card-${i}`, onclick: () => toggle(i) }, cardFace(card, lang)));
    focusRing(handButtons);
    const typed = h("input", { type: "text", class: "cbp-type", "data-control": "typed", "aria-label": t("typeCards"),
      placeholder: t("typeCards"), autocomplete: "off", spellcheck: "false", value: draft.typed || undefined,
      oninput: () => { draft.typed = typed.value; unsettle(); } });
    function showSelection() {
      handButtons.forEach((b, j) => b.setAttribute("aria-pressed", String(selection.includes(j))));
      count.textContent = t("picked", selection.length, need);
    }
    function toggle(i) {
      selection = selection.includes(i) ? selection.filter((x) => x !== i) : [...selection, i];
      showSelection();
      unsettle();
    }
    function submit(e) {
      e.preventDefault();
      if (typed.value.trim()) {
        const chosen = [];
        for (const token of splitTokens(typed.value)) {
          const card = parseCard(token);
          if (!card) { hint.textContent = t("badCard", token); return; }
          const i = hand.findIndex((c, j) => c === card && !chosen.includes(j));
          if (i < 0) { hint.textContent = t("notInHand", token); return; }
          chosen.push(i);
        }
        selection = chosen;
        showSelection();
      }
      if (selection.length !== need) { hint.textContent = t("wrongCount", need, selection.length); return; }
      hint.textContent = t("pick", need);
      grade([...selection].sort((a, b) => a - b).map((i) => hand[i]).join(" "));
    }
    showSelection();
    return h("div", { class: "cbp-input" }, [hint, h("form", { class: "cbp-form", onsubmit: submit }, [
      h("div", { class: "cbp-hand", role: "group", "aria-label": t("hand") }, handButtons),
      h("div", { class: "cbp-row" }, [typed, h("button", { type: "submit", class: "cbp-submit", "data-control": "submit",
        text: t("check") }), count]),
    ])]);
  }

  function drawNumber() {
    const input = h("input", { type: "text", inputmode: "numeric", class: "cbp-number", "data-control": "number",
      "aria-label": t("yourNumber"), autocomplete: "off", value: draft.number || undefined,
      oninput: () => { draft.number = input.value; unsettle(); } });
    const hint = h("p", { class: "cbp-hint", "aria-live": "polite" });
    return h("form", { class: "cbp-form cbp-row", onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!/^-?\d+$/.test(value)) { hint.textContent = t("enterNumber"); return; }
      hint.textContent = "";
      grade(String(Number(value)));
    } }, [input, h("button", { type: "submit", class: "cbp-submit", "data-control": "submit", text: t("check") }), hint]);
  }

  function drawFields() {
    const fields = (draft.fields = draft.fields || {});
    const read = {};  // field name → its value now
    const controls = spec.fields.map((f) => {
      if (!(f.name in fields)) fields[f.name] = f.options[0].value;
      const choose = (value) => { fields[f.name] = value; unsettle(); };
      if (f.options.length <= FEW_OPTIONS) {  // seats, faces, suits: buttons (their names may mix languages)
        read[f.name] = () => fields[f.name];
        const group = choiceGroup(null, f.options.map((o) => ({ value: o.value, nodes: withChips(txt(o.label) || o.value, lang) })),
          fields[f.name], `field-${f.name}`, choose);
        group.querySelectorAll(".cbp-option").forEach((b) => b.setAttribute("data-field", f.name));
        return h("fieldset", { class: "cbp-field cbp-field-choice" }, [
          h("legend", { class: "cbp-field-name" }, sayText(txt(f.label), lang)), group]);
      }
      const name = h("span", { class: "cbp-field-name" }, sayText(txt(f.label), lang));
      const select = h("select", { "data-field": f.name, "data-control": `field-${f.name}`, onchange: () => choose(select.value) },
        f.options.map((o) => h("option", { value: o.value, text: txt(o.label) || o.value, selected: fields[f.name] === o.value,
          lang: lang !== "zh" && CJK_ONLY.test(txt(o.label)) ? "zh-Hans" : undefined })));
      read[f.name] = () => select.value;
      return h("label", { class: "cbp-field" }, [name, select]);
    });
    return h("form", { class: "cbp-form cbp-fields", onsubmit: (e) => {
      e.preventDefault();
      grade(spec.fields.map((f) => read[f.name]()).join("|"));
    } }, [...controls, h("button", { type: "submit", class: "cbp-submit", "data-control": "submit", text: t("check") })]);
  }

  function drawBody() {
    root.dataset.puzzleId = spec.id;
    root.dataset.difficulty = spec.difficulty;
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    const focus = focusedControl(body);
    body.replaceChildren(...spec.display.map(drawBlock),
      h("p", { class: "cbp-question" }, sayText(txt(spec.question), lang)),
      { choice: drawChoice, cards: drawCards, number: drawNumber, fields: drawFields }[spec.input]());
    const again = focus && /** @type {HTMLElement | null} */ (body.querySelector(focus));
    if (again) again.focus();
  }

  function markChosen() {
    root.querySelectorAll(".cbp-answer").forEach((b) => {
      const chosen = graded !== null && b.getAttribute("data-key") === graded.key;
      b.setAttribute("aria-pressed", String(chosen));
      b.classList.toggle("cbp-chosen", chosen);
      b.classList.toggle("cbp-chosen-right", chosen && graded.ok);
      b.classList.toggle("cbp-chosen-wrong", chosen && !graded.ok);
      b.querySelector(".cbp-mark").textContent = chosen ? (graded.ok ? "✓" : "✗") : "";
    });
  }

  /** An answer as the reader would write it: the answer's label, the fields' values, the picked cards. */
  function answerNodes(key) {
    if (spec.input === "fields") {
      const values = key.split("|");
      return withChips(spec.fields.map((f, i) => {
        const o = f.options.find((x) => x.value === values[i]);
        return `${txt(f.label)} ${o ? txt(o.label) || o.value : values[i]}`;
      }).join(" · "), lang);
    }
    if (spec.input === "cards") return [cardChips(key.split(" "), lang)];
    const a = spec.answers.find((x) => x.key === key);
    return withChips(a && a.label ? txt(a.label) : key, lang);
  }

  function drawVerdict() {
    verdict.replaceChildren();
    verdict.className = "cbp-verdict";
    if (!graded) return;
    verdict.classList.add(graded.ok ? "cbp-right" : "cbp-wrong");
    const reason = graded.reasons[0];
    const correct = spec.correct[rulesetOf(spec)];
    const shown = correct.slice(0, 6).flatMap((key, i) => [i ? "; " : "", ...answerNodes(key)]);
    if (correct.length > 6) shown.push(` (+${correct.length - 6})`);
    // one paragraph per rule: the sentences of consecutive reasons citing the same rule run together
    const paragraphs = [];
    for (const r of graded.reasons) {
      const last = paragraphs[paragraphs.length - 1];
      if (last && last.rule === r.rule) last.reasons.push(r);
      else paragraphs.push({ rule: r.rule, reasons: [r] });
    }
    const lab = live ? labConfig() : null;
    verdict.append(
      h("p", { class: "cbp-outcome-line" }, [h("span", { class: "cbp-verdict-mark", "aria-hidden": "true", text: graded.ok ? "✓" : "✗" }),
        h("strong", { class: "cbp-outcome", text: graded.ok ? t("correct") : t("wrong") })]),
      ...paragraphs.map((p) => h("p", { class: "cbp-explain" }, [
        h("span", { class: "cbp-rule", text: p.rule }), " ",
        h("span", {}, p.reasons.flatMap((r, i) => [i ? (lang === "zh" ? "" : " ") : "", ...reasonNodes(r, lang)])),
      ])),
      h("p", { class: "cbp-correct" }, [h("span", { text: t("correctAnswers") + " " }), h("span", { class: "cbp-correct-list" }, shown)]),
      h("a", { class: "cbp-rule-link", href: ruleHref(reason, model.get("base"), lab),
        target: live ? "_blank" : undefined, rel: live ? "noopener" : undefined,
        title: live ? t("inLab") : undefined, text: `${t("readRule")} ${reason.rule} ${t("inTheBook")}` }),
    );
    if (spec.differs) verdict.append(h("p", { class: "cbp-differs", text: t("rulesDiffer") }));
  }

  function drawProgress() {
    const mine = readProgress()[kind] || { solved: 0, streak: 0 };
    progressLine.textContent = t("progress", mine.solved, mine.streak);
  }

  function drawFooter() {
    permalink.setAttribute("href", slot ? `#puzzle=${slot}/${spec.id}` : `#puzzle=${spec.id}`);
    permalink.textContent = t("link");
    drawProgress();
    if (ownBar) ownBar.summary.textContent = t("settings");
  }

  function draw() {
    drawControls();
    drawNotice();
    drawBody();
    drawVerdict();
    markChosen();
    drawFooter();
  }

  /** Where the page has no settings bar (JupyterLab, Voila, a puzzle sheet), a small one of our own. */
  function mountOwnBar() {
    if (ownBar || pageHasSettingsBar()) return;
    const bar = settingsBar();
    const summary = h("summary", { "data-control": "settings", text: t("settings") });
    ownBar = { bar, summary };
    footer.append(h("details", { class: "cbp-settings" }, [summary, bar.element]));
  }

  const stops = [
    onSettings((settings) => { lang = settings.lang; draw(); }),
    onProgress(drawProgress),
  ];
  draw();
  if (document.readyState === "complete") mountOwnBar();
  else window.addEventListener("load", mountOwnBar, { once: true });
  window.addEventListener("hashchange", fromLink);
  fromLink();
  return () => {
    clearTimeout(waiting);
    stops.forEach((stop) => stop());
    if (ownBar) ownBar.bar.dispose();
    window.removeEventListener("hashchange", fromLink);
    window.removeEventListener("load", mountOwnBar);
    model.off("msg:custom", onMessage);
    model.off("change:spec", onSpec);
  };
}

export default { render };
