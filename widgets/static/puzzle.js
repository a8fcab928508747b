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
// puzzle in that widget and scrolls it into view; an old #puzzle=<kind>:<seed> goes to <kind>-1.  Until
// the linked puzzle is there (the engine may take seconds to make it) the widget says "preparing…" rather
// than show another; a malformed #puzzle= link is answered by one calm notice.  "Copy link" puts the
// whole address of the puzzle on the clipboard (or, where the browser refuses, selects it in a field),
// and leaves the page's own address alone.  The puzzle shown and the difficulty chosen are kept per page
// and slot (places.js), so a reload opens the same puzzle.
import { h } from "./dom.js";
import {
  cardChip, cardChips, cardFace, cardRow, cardText, cardsText, notesDisclosure, reasonNodes, reasonParts, sayText,
} from "./cards.js";
import { unpackBank } from "./packed.js";
import { keepLast, keepPlace, readPlace } from "./places.js";
import { STEP_UP_AFTER, onPractice, readPractice, recordPractice, recordRush, steppedDifficulty } from "./practice.js";
import {
  SETTINGS_KEY, onProgress, onSettings, pageEdition, pageHasSettingsBar, pageNotice, readProgress, readSettings, readStored,
  recordAnswer, rulesMenusShown, settingsBar, sourcesPage,
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
    copyLink: "Copy link", copied: "Link copied.", copyByHand: "Copy the link from this box (Ctrl+C or ⌘C).",
    linkField: "Link to this puzzle", preparing: "Preparing the puzzle this link names…",
    badLink: "This link is damaged and names no puzzle; the page's puzzles are below as usual.",
    settings: "Settings",
    harder: (n) => `${n} right in a row: the next puzzle is harder.`, easier: "A miss: the next puzzle is easier.",
    nextSoon: "Next puzzle in a moment…", allStreak: (k, b) => `Streak across all puzzles: ${k} (best ${b})`,
    retry: (n) => `Retry a mistake (${n})`, rush: "Rush: 3 minutes", stopRush: "Stop the rush",
    rushOn: (time, right, answered) => `Rush ${time} · ${right} right of ${answered}`,
    rushOver: (right, answered, best) => `Time! ${right} right of ${answered}; your best rush with these puzzles: ${best}.`, hand: "Your hand", answers: "Answers",
    notInBank: (id) => `The link asks for puzzle ${id}, which this page does not hold; showing the puzzle it has.`,
    noSlot: (slot) => `The link names puzzle ${slot}, which is not on this page.`,
    kernelGone: "The kernel restarted: run this cell again to reconnect; meanwhile puzzles come from this page's bank.",
    bankOnly: "Opened from a file, new puzzles come from this page's bank; served over http (make book), the book makes fresh ones.",
    rulesDiffer: "The rulesets grade this puzzle differently: switch to compare.", inLab: "opens in a new tab",
    choose: "Choose…",
  },
  zh: {
    puzzle: "练习", newPuzzle: "换一题", difficulty: "难度", easy: "简单", normal: "一般", hard: "困难",
    ruleset: "规则", correct: "正确！", wrong: "不对。", correctAnswers: "按此规则的正确答案：",
    readRule: "查看规则", inTheBook: "（书中）", check: "提交", typeCards: "输入牌，如黑桃5、红桃10、方块K、大王",
    pick: (n) => `从手牌中选${n}张。`,
    picked: (m, n) => `已选${m}/${n}张。`,
    notInHand: (t) => `手里没有${t}（或已经全选了）。`,
    badCard: (t) => `“${t}”不是一张牌：请写花色和点数，如黑桃5、红桃10、梅花A，王写大王或小王。`,
    wrongCount: (n, m) => `请正好选${n}张（现在选了${m}张）。`,
    enterNumber: "请输入一个整数。", yourNumber: "你的答案", progress: (s, k) => `答对${s}题 · 连对${k}题`,
    copyLink: "复制链接", copied: "链接已复制。", copyByHand: "请从框里复制链接（Ctrl+C或⌘C）。",
    linkField: "本题链接", preparing: "正在准备链接指向的题目…",
    badLink: "这个链接已损坏，没有指向任何题目；本页的题目照常在下面。",
    settings: "设置",
    harder: (n) => `连对${n}题：下一题难一些。`, easier: "答错了：下一题容易一些。",
    nextSoon: "马上换下一题…", allStreak: (k, b) => `全部练习连对${k}题（最多${b}题）`,
    retry: (n) => `重做错题（${n}）`, rush: "限时挑战：3分钟", stopRush: "结束挑战",
    rushOn: (time, right, answered) => `限时挑战 ${time} · 已答${answered}题，答对${right}题`,
    rushOver: (right, answered, best) => `时间到！已答${answered}题，答对${right}题；这种练习的最好成绩：${best}题。`, hand: "你的手牌", answers: "选项",
    notInBank: (id) => `链接要的是 ${id}，本页没有这道题；显示的是本页的题。`,
    noSlot: (slot) => `链接指向的练习 ${slot} 不在本页。`,
    kernelGone: "内核已重启：请重新运行这个单元格以重新连接；在此之前，新题来自本页的题库。",
    bankOnly: "直接从文件打开时，新题来自本页的题库；用本书自带的服务器打开（见本书说明）时，会现场出新题。",
    rulesDiffer: "不同规则对本题的判定不同：可切换比较。", inLab: "在新标签页打开",
    choose: "请选择…",
  },
};

/** How long a right answer stays on screen before the next puzzle, when the reader asked for that (ms). */
const AUTO_NEXT_MS = 1500;
/** A rush: its length, and how long each verdict stays before the next puzzle (ms). */
const RUSH_MS = 3 * 60 * 1000;
const RUSH_NEXT_MS = 700;
/** How long "New puzzle" waits for the kernel before it says so and uses the bank (ms). */
const KERNEL_TIMEOUT = 2500;
/** How long an answer of the browser engine may take before the bank answers (ms): awake, and
 * asleep (its first answer downloads and starts Python; widget-loader.js gives up after 30 s). */
const ENGINE_TIMEOUT = 5000;
const ENGINE_BOOT_TIMEOUT = 35000;
const SUIT_TOKENS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♤": "S", "♥": "H", "♡": "H",
  "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
const JOKERS = { BJ: "BJ", LJ: "LJ", "大王": "BJ", "小王": "LJ" };
/** The suits as players write them (黑桃5, 红桃10, 方块K, 梅花A), as cardlib/cards.py reads them. */
const CHINESE_SUITS = { 黑桃: "♠", 红桃: "♥", 红心: "♥", 方块: "♦", 方片: "♦", 梅花: "♣", 草花: "♣" };
const CHINESE_SUIT = new RegExp(`^(${Object.keys(CHINESE_SUITS).join("|")})\\s*`, "u");
/** A field with at most this many values is a group of buttons; one with more (numbers, levels) a menu. */
const FEW_OPTIONS = 6;
const CJK_ONLY = /^[\u3000-\u303f\u3400-\u9fff\uff00-\uffef\s]+$/u;
const CARD_IN_TEXT = /[♠♥♦♣](?:10|[2-9JQKA])/gu;

/** One card token in the card notation (docs/notation.md) → canonical string, or null. */
export function parseCard(token) {
  const text = token.trim().replace(CHINESE_SUIT, (_, suit) => CHINESE_SUITS[suit]).toUpperCase();
  if (JOKERS[text]) return JOKERS[text];
  const suitChars = Object.keys(SUIT_TOKENS).join("");
  const re = new RegExp(`^(?:([${suitChars}])(10|[2-9TJQKA])|(10|[2-9TJQKA])([${suitChars}]))$`, "u");
  const m = text.match(re);
  if (!m) return null;
  const suit = SUIT_TOKENS[m[1] || m[4]];
  const rank = (m[2] || m[3]) === "T" ? "10" : (m[2] || m[3]);
  return suit + rank;
}

/** Card tokens of a typed list (spaces, commas, 、 and "and" separate), the jokers as the book writes them
 * read too ("big joker", "little joker"): a play copied from a verdict ("little joker and ♦Q") types as it reads. */
export function splitTokens(text) {
  return text.replace(/\b(big|little|small)\s+jokers?\b/giu, (_, size) => (size.toLowerCase() === "big" ? " BJ " : " LJ "))
    .split(/[\s,，、]+/u).filter((t) => t.length > 0 && !/^and$/iu.test(t));
}

export { cardText, cardsText, reasonParts as sentenceParts };  // for the tests that drive this module in Node

/** The puzzle a link names: ``{slot, id}`` for ``#puzzle=<slot>/<kind>:<seed>``, ``{slot: "<kind>-1", id}``
 * for an old ``#puzzle=<kind>:<seed>``, or null. */
export function parseLink(hash) {
  let address = hash || "";
  try { address = decodeURIComponent(address); } catch (badEscape) { return null; }  // #puzzle=%%%zz
  const m = address.match(/^#puzzle=(?:([a-z_]+-\d+)\/)?(([a-z_]+):(\d+))$/);
  if (!m) return null;
  return { slot: m[1] || `${m[3]}-1`, id: m[2] };
}

/** True for an address that means to name a puzzle (``#puzzle=…``) but names none. */
export function isBrokenLink(hash) {
  return /^#puzzle=/.test(hash || "") && parseLink(hash) === null;
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

/** @typedef {import("./puzzle_spec").PuzzleSpec} PuzzleSpec */
/** @typedef {import("./puzzle_spec").Block} Block */
/** @typedef {import("./puzzle_spec").Reason} Reason */
/** @typedef {import("./puzzle_spec").Words} Words */

/**
 * One puzzle widget: its model, what it shows and knows, and the parts of its skeleton (kept across
 * redraws, so focus stays on the control used).
 * @typedef {object} Puzzle
 * @property {any} model            anywidget's model
 * @property {PuzzleSpec} spec      the puzzle shown
 * @property {string} kind
 * @property {string} slot          the widget's place on the page (data-puzzle-slot), or ""
 * @property {PuzzleSpec} first     the puzzle it was built with
 * @property {"en" | "zh"} lang
 * @property {string} rulesetId     the ruleset the reader chose in the puzzle's menu, "" for none (rulesetOf)
 * @property {string} pinned        the ruleset the page opened the puzzle under, "" for none (rulesetOf)
 * @property {string} difficulty    the difficulty chosen for the next puzzle
 * @property {PuzzleSpec[] | null} bank  the page's bank, once unpacked (first puzzle first)
 * @property {boolean} live         a kernel answers
 * @property {boolean} engine       the page's browser engine can make puzzles (a static page over http)
 * @property {boolean} awake        the engine has answered once: asking it is quick
 * @property {{keep: boolean, fail: () => unknown} | null} asked  the engine's answer on its way: keep it for later, or show it
 * @property {PuzzleSpec | null} ahead  a fresh puzzle the engine made while the reader read a bank puzzle
 * @property {boolean} bankOnly     opened from a file: no engine can run, and the first bank puzzle says so
 * @property {any} waiting          the timer of a question asked of the kernel or the engine
 * @property {boolean} answered     the first answer to this puzzle was counted
 * @property {{ok: boolean, key: string, reasons: Reason[]} | null} graded  the answer shown and its verdict
 * @property {number[]} selection   hand indices (cards input)
 * @property {{typed?: string, number?: string, fields?: Record<string, string>}} draft  kept across a language switch
 * @property {Words | null} notice  said at the top of the widget
 * @property {string | null} preparing  the id of the puzzle a link (or the stored place) names, while it is being
 *                                  fetched: the body says "preparing…" instead of showing another
 * @property {"copied" | "copyByHand" | null} shared  what "Copy link" did last (said in the footer)
 * @property {any} sharedTimer      the timer that takes the "Link copied." away
 * @property {any} nextTimer        the timer of the next puzzle after an answer (the setting, or a rush)
 * @property {boolean} comingNext   the next puzzle comes by itself after this verdict
 * @property {string | null} restoring  the difficulty a reload restores, kept when the puzzle restored comes
 * @property {{ends: number, right: number, answered: number, ticker: any} | null} rush  a timed rush under way
 * @property {boolean} lost         the kernel stopped answering: puzzles come from the bank, and the widget says so
 * @property {{bar: {element: HTMLElement, dispose: () => void}, summary: HTMLElement} | null} ownBar
 * @property {HTMLElement} root
 * @property {HTMLElement} title
 * @property {HTMLElement} level
 * @property {HTMLButtonElement} newButton
 * @property {HTMLButtonElement[]} levels
 * @property {HTMLElement} levelGroup
 * @property {HTMLElement} rulesetSlot
 * @property {HTMLElement} noticeLine
 * @property {HTMLElement} body
 * @property {HTMLElement} verdict
 * @property {HTMLElement} progressLine
 * @property {HTMLButtonElement} permalink  "Copy link" (data-href: the link's #puzzle= part)
 * @property {HTMLElement} streakLine  the streak across every kind
 * @property {HTMLButtonElement} retryButton  "Retry a mistake (n)": a puzzle of this kind missed before
 * @property {HTMLButtonElement} rushButton   starts or stops a rush
 * @property {HTMLElement} rushLine  the rush's clock and score
 * @property {HTMLElement} shareLine  what "Copy link" did, and the link in a field where the clipboard refused
 * @property {HTMLElement} footer
 */

/** The widget's words in the reader's language. @param {Puzzle} p @param {string} name @param {...any} args */
function t(p, name, ...args) {
  const v = UI[p.lang][name];
  return typeof v === "function" ? v(...args) : v;
}

/** The words in both languages (a notice the widget keeps across a language switch). */
const both = (name, ...args) => ({ en: UI.en[name](...args), zh: UI.zh[name](...args) });
/** @param {Puzzle} p @param {Words | null | undefined} pair */
const txt = (p, pair) => (pair ? (pair[p.lang] || pair.en) : "");
/** The ruleset a spec is graded under: where the page shows no rules menu, the guide the reader follows (the
 * settings) if it is one of the spec's; else the one the reader chose in the puzzle's menu; else, on the book's
 * pages but the differences chapter, the guide followed; else the one the page opened it under, that guide, or its
 * first. @param {Puzzle} p @param {PuzzleSpec} s */
const rulesetOf = (p, s) => {
  const settings = readSettings();
  const has = (id) => s.rulesets.some((r) => r.id === id);
  const followed = s.rulesets.find((r) => r.preset === settings.guide && !Object.keys(r.variant).length);
  // on the book's pages the reader's guide comes before the page's choice, and before a choice made in a rules
  // menu no longer shown; the differences chapter's puzzles are about a guide, and off the book (JupyterLab,
  // Voila) the notebook's choice stands
  const guideFirst = pageEdition() !== null && !sourcesPage();
  if (followed && guideFirst && (!rulesMenusShown(settings) || !has(p.rulesetId))) return followed.id;
  if (has(p.rulesetId)) return p.rulesetId;
  return (has(p.pinned) ? p.pinned : (followed || s.rulesets[0]).id);
};

/** @param {Puzzle} p @returns {Promise<PuzzleSpec[]>} */
async function loadBank(p) {
  return (p.bank = p.bank || withFirst(p.first, await unpackBank(p.model.get("bank"))));
}

/** The widget's skeleton in ``el``: the head (title, "New puzzle", difficulty, rules), the notice, the body,
 * the verdict and the footer. @returns {Puzzle} */
function buildPuzzle(model, el) {
  const spec = model.get("spec");
  const slot = model.get("slot") || "";
  const levelOf = (d) => h("button", { type: "button", class: "cbp-level-option", "data-difficulty": d,
    "data-control": `difficulty-${d}`, onclick: () => chooseDifficulty(p, d) });
  const levels = ["easy", "normal", "hard"].map(levelOf);
  const progressLine = h("span", { class: "cbp-progress" });
  const permalink = h("button", { type: "button", class: "cbp-permalink", "data-control": "link", onclick: () => copyLink(p) });
  const shareLine = h("span", { class: "cbp-share", "aria-live": "polite" });
  /** @type {Puzzle} */
  const p = {
    model, spec, kind: spec.kind, slot, first: spec, lang: readerLang(model.get("lang")),
    rulesetId: "", pinned: model.get("ruleset") || "", difficulty: spec.difficulty, bank: null,
    live: false, engine: false, awake: false, asked: null, ahead: null, bankOnly: false, waiting: null,
    answered: false, graded: null, selection: [], draft: {}, notice: null, lost: false, ownBar: null,
    preparing: null, shared: null, sharedTimer: null, nextTimer: null, comingNext: false, rush: null, restoring: null,
    root: h("div", { class: "cbp", "data-puzzle-kind": spec.kind, "data-puzzle-slot": slot || undefined }),
    title: h("span", { class: "cbp-title" }),
    level: h("span", { class: "cbp-level" }),
    newButton: h("button", { type: "button", class: "cbp-new", "data-control": "new", onclick: () => newPuzzle(p) }),
    levels,
    levelGroup: h("div", { class: "cbp-difficulty", role: "group" }, levels),
    rulesetSlot: h("div", { class: "cbp-ruleset-slot" }),
    noticeLine: h("p", { class: "cbp-notice", "aria-live": "polite" }),  // the verdict alone is role="status"
    body: h("div", { class: "cbp-body" }),
    verdict: h("div", { class: "cbp-verdict", role: "status", "aria-live": "polite" }),
    progressLine,
    permalink,
    shareLine,
    streakLine: h("span", { class: "cbp-streak" }),
    retryButton: h("button", { type: "button", class: "cbp-retry", "data-control": "retry", onclick: () => retryMistake(p) }),
    rushButton: h("button", { type: "button", class: "cbp-rush-button", "data-control": "rush",
      onclick: () => (p.rush ? endRush(p) : startRush(p)) }),
    rushLine: h("p", { class: "cbp-rush", hidden: true }),
    footer: h("div", { class: "cbp-footer" }),
  };
  p.root.append(
    h("div", { class: "cbp-head" }, [h("p", { class: "cbp-eyebrow" }, [p.title, p.level]),
      h("div", { class: "cbp-controls" }, [p.newButton, p.levelGroup, p.rulesetSlot])]),
    p.rushLine, p.noticeLine, p.body, p.verdict, p.footer);
  p.footer.append(h("div", { class: "cbp-tally" }, [progressLine, p.streakLine]), p.retryButton, p.rushButton, permalink, shareLine);
  el.append(p.root);
  return p;
}

/** Show puzzle ``next`` afresh (no answer, no verdict), ``message`` said at the top; ``source`` (page, bank,
 * kernel, engine) is marked on the root. @param {Puzzle} p @param {PuzzleSpec} next */
function show(p, next, message = null, source = "page") {
  clearTimeout(p.nextTimer);
  p.comingNext = false;
  p.spec = next;
  p.preparing = null;
  p.root.dataset.source = source;
  p.difficulty = p.restoring || p.spec.difficulty;  // a reload keeps the difficulty chosen, whatever the puzzle's
  p.restoring = null;
  p.answered = false;
  p.graded = null;
  p.selection = [];
  p.draft = {};
  p.notice = message;
  keepPlace(p.slot, next.id, p.difficulty);
  const link = linkedHere(p);
  if (link && link.id !== next.id) {  // the reader has moved on from the linked puzzle: a reload keeps this one
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }
  draw(p);
}

// ---- grading: lookup only ----

/** The verdict of answer ``key`` under the chosen ruleset, as the engine wrote it; null for a key that
 * cannot be an answer. @param {Puzzle} p @param {string} key
 * @returns {{ok: boolean, reasons: Reason[]} | null} */
function lookup(p, key) {
  const { spec } = p;
  const rid = rulesetOf(p, spec);
  const index = spec.answers.findIndex((a) => a.key === key);
  if (index >= 0) {
    const [ok, r] = spec.verdicts[rid][index];
    return { ok, reasons: [].concat(r).map((i) => spec.reasons[i]) };  // a several-part answer: one per wrong part
  }
  if (spec.otherwise) return { ok: false, reasons: [spec.reasons[spec.otherwise[rid]]] };
  return null;
}

/** Grade ``key``, count a first answer in the reader's progress, and show the verdict. @param {Puzzle} p @param {string} key */
function grade(p, key) {
  const result = lookup(p, key);
  if (!result) return;
  const first = !p.answered;
  p.graded = { ok: result.ok, key, reasons: result.reasons };
  if (first) {
    p.answered = true;
    const record = recordAnswer(p.kind, result.ok);
    recordPractice({ id: p.spec.id, ok: result.ok, rules: result.reasons.map((r) => r.rule),
      page: window.location.pathname, slot: p.slot });
    keepLast(p.slot, p.spec.id);
    afterFirstAnswer(p, result.ok, record.streak);
  }
  drawVerdict(p);
  markChosen(p);
}

// ---- the practice loop: difficulty that follows the reader, the next puzzle, mistakes, rushes ----

/** After a first answer: the difficulty steps (up after STEP_UP_AFTER right in a row in the kind, down after a
 * miss) and is kept; in a rush, or after a right answer when the reader asked for it, the next puzzle comes.
 * @param {Puzzle} p @param {boolean} ok @param {number} kindStreak */
function afterFirstAnswer(p, ok, kindStreak) {
  const stepped = steppedDifficulty(p.difficulty, ok, kindStreak);
  if (stepped !== p.difficulty) {
    p.difficulty = stepped;
    keepPlace(p.slot, p.spec.id, stepped);
    p.model.set("difficulty", stepped);
    p.model.save_changes();
    p.notice = ok ? both("harder", STEP_UP_AFTER) : { en: UI.en.easier, zh: UI.zh.easier };
    drawControls(p);
    drawNotice(p);
  }
  if (p.rush) {
    p.rush.answered += 1;
    p.rush.right += ok ? 1 : 0;
    drawRush(p);
    p.nextTimer = setTimeout(() => newPuzzle(p), RUSH_NEXT_MS);
    p.comingNext = true;
  } else if (ok && readSettings().autoNext) {
    p.nextTimer = setTimeout(() => newPuzzle(p), AUTO_NEXT_MS);
    p.comingNext = true;
  }
}

/** The mistakes of this widget's kind (on any page) other than the puzzle shown. @param {Puzzle} p */
const mistakesHere = (p) => readPractice().mistakes.filter((m) => m.kind === p.kind && m.id !== p.spec.id);

/** "Retry a mistake": the oldest puzzle of this kind missed and not yet answered right, in this widget. @param {Puzzle} p */
function retryMistake(p) {
  const [oldest] = mistakesHere(p);
  if (oldest) openPuzzle(p, oldest.id, () => {});
}

/** A rush: RUSH_MS of puzzles one after another, each first answer counted. @param {Puzzle} p */
function startRush(p) {
  p.rush = { ends: Date.now() + RUSH_MS, right: 0, answered: 0, ticker: setInterval(() => drawRush(p), 1000) };
  p.root.dataset.rush = "on";
  newPuzzle(p);
  drawRush(p);
  drawFooter(p);
}

/** The rush is over (its time, or the reader stopped it): its score, and the best with this kind. @param {Puzzle} p */
function endRush(p) {
  const { rush } = p;
  if (!rush) return;
  clearInterval(rush.ticker);
  clearTimeout(p.nextTimer);
  p.rush = null;
  delete p.root.dataset.rush;
  const { best } = recordRush(p.kind, rush.right);
  p.notice = both("rushOver", rush.right, rush.answered, best);
  drawNotice(p);
  drawRush(p);
  drawFooter(p);
}

/** The rush's clock and score, at the top of the widget. @param {Puzzle} p */
function drawRush(p) {
  const { rush, rushLine } = p;
  rushLine.hidden = !rush;
  if (!rush) { rushLine.replaceChildren(); return; }
  const left = Math.max(0, rush.ends - Date.now());
  if (left === 0) { endRush(p); return; }
  const seconds = Math.ceil(left / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  rushLine.textContent = t(p, "rushOn", clock, rush.right, rush.answered);
}

/** The reader changed the answer: the verdict of the previous one goes. @param {Puzzle} p */
function unsettle(p) {
  if (!p.graded) return;
  p.graded = null;
  drawVerdict(p);
  markChosen(p);
}

// ---- new puzzle: the kernel, else the bank ----

/** The next puzzle of the page's bank (saying why, when the kernel went or the page was opened from a file). @param {Puzzle} p */
async function fromBank(p) {
  const specs = await loadBank(p);
  const elsewhere = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-puzzle-id]"))]
    .filter((r) => r !== p.root).map((r) => r.dataset.puzzleId);
  const why = p.lost ? "kernelGone" : p.bankOnly ? "bankOnly" : null;
  p.bankOnly = false;  // said once
  show(p, nextPuzzle(specs, p.spec, p.difficulty, elsewhere), why && { en: UI.en[why], zh: UI.zh[why] }, "bank");
}

/** Ask the browser engine; ``keep``: its puzzle waits for the next "New puzzle" (a wake-up call);
 * ``fail`` answers instead when the engine cannot.
 * @param {Puzzle} p @param {object} message @param {boolean} keep @param {() => unknown} [fail] */
function askEngine(p, message, keep, fail = () => fromBank(p)) {
  clearTimeout(p.waiting);
  p.asked = { keep, fail };
  if (!keep) {
    p.waiting = setTimeout(() => engineFailed(p), p.awake ? ENGINE_TIMEOUT : ENGINE_BOOT_TIMEOUT);
  }
  p.model.send(message);
}

/** The engine did not answer or cannot run: the bank (or the link's notice) answers instead. @param {Puzzle} p */
function engineFailed(p) {
  clearTimeout(p.waiting);
  p.waiting = null;
  p.engine = false;
  const pending = p.asked;
  p.asked = null;
  if (pending && !pending.keep) pending.fail();
}

/** The kernel has gone: the widget stops counting on it. @param {Puzzle} p */
function loseKernel(p) {
  p.live = false;
  p.lost = true;
  delete p.root.dataset.live;
}

/** Ask the kernel; false when its comm has gone. If it does not answer in time, the bank does.
 * @param {Puzzle} p @param {object} message */
function askKernel(p, message) {
  clearTimeout(p.waiting);
  try { p.model.send(message); } catch (closed) { loseKernel(p); return false; }  // its comm went with it
  p.waiting = setTimeout(() => {
    p.waiting = null;
    loseKernel(p);
    fromBank(p);
  }, KERNEL_TIMEOUT);
  return true;
}

/** "New puzzle": the kernel's, else the engine's (one made ahead, or asked now), else the bank's. @param {Puzzle} p */
function newPuzzle(p) {
  const { difficulty } = p;
  if (p.live && askKernel(p, { type: "new", difficulty })) return;
  if (p.engine && p.ahead && p.ahead.difficulty === difficulty) {
    const next = p.ahead;
    p.ahead = null;
    show(p, next, null, "engine");
    return;
  }
  if (p.engine && p.awake) {
    askEngine(p, { type: "new", difficulty }, false);
    return;
  }
  if (p.engine && !p.asked) askEngine(p, { type: "new", difficulty }, true);
  fromBank(p);
}

/** @param {Puzzle} p @param {string} wanted */
function chooseDifficulty(p, wanted) {
  if (wanted === p.difficulty && wanted === p.spec.difficulty) return;
  p.difficulty = wanted;
  keepPlace(p.slot, p.spec.id, wanted);
  p.model.set("difficulty", wanted);
  p.model.save_changes();
  drawControls(p);
  newPuzzle(p);
}

/** @param {Puzzle} p @param {string} id */
function chooseRuleset(p, id) {
  p.rulesetId = id;
  p.model.set("ruleset", id);
  p.model.save_changes();
  if (p.graded) grade(p, p.graded.key);
}

// ---- links ----

/** The whole address of the puzzle shown: this page's, with the puzzle's #puzzle= part. @param {Puzzle} p */
function puzzleAddress(p) {
  return window.location.href.split("#")[0] + p.permalink.getAttribute("data-href");
}

/** "Copy link": the puzzle's address on the clipboard, else selected in a field to copy by hand; the footer says
 * which, and the page's own address stays as it is. @param {Puzzle} p */
async function copyLink(p) {
  const address = puzzleAddress(p);
  let copied = false;
  try {
    await navigator.clipboard.writeText(address);
    copied = true;
  } catch (refused) { /* no clipboard here (an http page not on this machine, an old browser): the field */ }
  clearTimeout(p.sharedTimer);
  p.shared = copied ? "copied" : "copyByHand";
  drawShare(p);
  const field = /** @type {HTMLInputElement | null} */ (p.shareLine.querySelector(".cbp-link-field"));
  if (field) { field.focus(); field.select(); }
  if (copied) p.sharedTimer = setTimeout(() => { p.shared = null; drawShare(p); }, 6000);
}

/** What "Copy link" did: "Link copied.", or the link selected in a field with how to copy it. @param {Puzzle} p */
function drawShare(p) {
  if (!p.shared || p.preparing) { p.shareLine.replaceChildren(); return; }
  const said = h("span", { class: `cbp-shared cbp-${p.shared}`, text: t(p, p.shared) });
  if (p.shared === "copied") { p.shareLine.replaceChildren(said); return; }
  const field = h("input", { type: "text", class: "cbp-link-field", readonly: "", value: puzzleAddress(p),
    "aria-label": t(p, "linkField"), onfocus: () => field.select() });
  p.shareLine.replaceChildren(said, field);
}

/** Say ``words`` in the page's notice region, or at the top of the widget where the page has none. @param {Puzzle} p @param {Words} words */
function say(p, words) {
  if (!pageNotice(words)) { p.notice = words; drawNotice(p); }
}

/** Scroll ``root`` into view and keep it there while the page settles, unless the reader scrolls. @param {HTMLElement} root */
function bringIntoView(root) {
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

/** The puzzle this widget's slot is named for in the address, or null. @param {Puzzle} p */
function linkedHere(p) {
  const link = parseLink(window.location.hash);
  return link && link.slot === p.slot ? link : null;
}

/** Open the puzzle the address names (#puzzle=<slot>/<id>) when it names this widget's slot. @param {Puzzle} p */
async function fromLink(p) {
  const hash = window.location.hash;
  const link = parseLink(hash);
  if (!link) {
    if (isBrokenLink(hash)) brokenLink(p, hash);
    return;
  }
  if (link.slot !== p.slot) {
    setTimeout(() => missingSlot(p, link.slot), 3000);
    return;
  }
  bringIntoView(p.root);
  await openPuzzle(p, link.id, () => say(p, both("notInBank", link.id)));
}

/** Show puzzle ``id`` of this widget's kind: from the bank, else made by the kernel or the engine; "preparing…"
 * meanwhile, and ``missing()`` (after the widget's own puzzle is back) when nothing can make it.
 * @param {Puzzle} p @param {string} id @param {() => unknown} missing */
async function openPuzzle(p, id, missing) {
  if (id === p.spec.id && !p.preparing) return;
  const ours = id.startsWith(p.kind + ":");
  const seed = ours ? Number(id.split(":")[1]) : NaN;
  const giveUp = () => {
    if (p.preparing === id) { p.preparing = null; draw(p); }
    missing();
  };
  const found = ours && (await loadBank(p)).find((s) => s.id === id);
  if (found) { show(p, found); return; }
  if ((p.live || p.engine) && Number.isInteger(seed) && seed >= 0) {
    p.preparing = id;
    draw(p);
    if (p.live) askKernel(p, { type: "load", seed });
    else askEngine(p, { type: "load", seed }, false, giveUp);  // the engine makes the puzzle the link names
    return;
  }
  giveUp();
}

/** A #puzzle= address that names no puzzle: the page's first puzzle says so, once. @param {Puzzle} p @param {string} hash */
function brokenLink(p, hash) {
  const html = document.documentElement;
  if (html.dataset.cardbookBrokenLink === hash || document.querySelector("[data-puzzle-kind]") !== p.root) return;
  html.dataset.cardbookBrokenLink = hash;
  say(p, { en: UI.en.badLink, zh: UI.zh.badLink });
}

/** A reload or a later visit: the puzzle and the difficulty this slot had (unless a link names another). @param {Puzzle} p */
function restorePlace(p) {
  const place = readPlace(p.slot);
  if (place.difficulty) p.difficulty = place.difficulty;
  if (linkedHere(p) || !place.id || place.id === p.spec.id) return;
  p.restoring = place.difficulty;
  p.preparing = place.id;  // no stand-in while the bank is unpacked
  openPuzzle(p, place.id, () => {});
}

/** No widget took the link: the first puzzle of a page with no notice region says so. @param {Puzzle} p @param {string} wanted */
function missingSlot(p, wanted) {
  const link = parseLink(window.location.hash);
  if (!link || link.slot !== wanted || document.querySelector(`[data-puzzle-slot="${wanted}"]`)) return;
  if (document.querySelector("[data-cardbook-page-notice]")) return;  // the page says it (tools/site/page.js)
  if (document.querySelector("[data-puzzle-kind]") === p.root) say(p, both("noSlot", wanted));
}

// ---- the kernel and the engine ----

/** A message from Python: the page's engine says whether it runs; an engine's refusal; a kernel says it is live. @param {Puzzle} p */
function onMessage(p, msg) {
  if (msg && msg.type === "engine") {
    p.engine = Boolean(msg.available);
    p.bankOnly = !p.engine && window.location.protocol === "file:";
    if (!p.engine) engineFailed(p);
  } else if (msg && msg.type === "error" && p.asked) {
    engineFailed(p);
  }
  if (msg && msg.type === "live") {
    p.live = true;
    p.root.dataset.live = "true";
    drawVerdict(p);  // the rule link opens in a new tab next to a kernel
    const link = linkedHere(p);
    const wanted = link ? link.id : p.preparing;
    if (wanted && wanted !== p.spec.id && wanted.startsWith(p.kind + ":")) {
      p.preparing = wanted;
      draw(p);
      askKernel(p, { type: "load", seed: Number(wanted.split(":")[1]) });
    }
  }
}

/** Python set a new spec: show it, or keep the engine's wake-up puzzle for the next "New puzzle". @param {Puzzle} p */
function onSpec(p) {
  clearTimeout(p.waiting);
  p.waiting = null;
  const made = p.model.get("spec");
  const pending = p.asked;
  p.asked = null;
  if (pending) p.awake = true;
  if (pending && pending.keep) { p.ahead = made; return; }
  show(p, made, null, pending ? "engine" : "kernel");
}

// ---- drawing ----

/** The head: title, difficulty, "New puzzle", the difficulty buttons and, where they grade differently, the rulesets. @param {Puzzle} p */
function drawControls(p) {
  const { spec, lang, rulesetSlot } = p;
  p.title.textContent = t(p, "puzzle");
  p.level.textContent = p.preparing ? "" : ` · ${t(p, spec.difficulty)}`;
  p.newButton.textContent = t(p, "newPuzzle");
  p.levelGroup.setAttribute("aria-label", t(p, "difficulty"));
  p.levels.forEach((b) => {
    const d = b.getAttribute("data-difficulty");
    b.textContent = t(p, d);
    b.setAttribute("aria-pressed", String(d === p.difficulty));
  });
  const focus = focusedControl(rulesetSlot);
  rulesetSlot.replaceChildren();
  if (!spec.differs || !rulesMenusShown(readSettings())) return;
  // the rulesets' names mix English and Chinese, which a <select>'s options cannot mark: buttons in a disclosure
  const chosen = spec.rulesets.find((r) => r.id === rulesetOf(p, spec));
  const menu = h("details", { class: "cbp-rules" });
  const summary = h("summary", { "data-control": "ruleset" }, [h("span", { class: "cbp-rules-label", text: t(p, "ruleset") }), " ",
    h("span", { class: "cbp-rules-chosen" }, sayText(txt(p, chosen.label), lang))]);
  menu.append(summary, choiceGroup(t(p, "ruleset"), spec.rulesets.map((r) => ({ value: r.id, nodes: sayText(txt(p, r.label), lang) })),
    chosen.id, "ruleset", (id) => { chooseRuleset(p, id); drawControls(p); const again = rulesetSlot.querySelector("summary");
      if (again) again.focus(); }));
  rulesetSlot.append(menu);
  const again = focus && /** @type {HTMLElement | null} */ (rulesetSlot.querySelector(focus));
  if (again) again.focus();
}

/** @param {Puzzle} p */
function drawNotice(p) {
  p.noticeLine.replaceChildren(...(p.notice ? sayText(txt(p, p.notice), p.lang) : []));
  p.noticeLine.hidden = !p.notice;
}

/** One block of what the puzzle shows: cards, plays (a trick at a table), facts, or text. @param {Puzzle} p @param {Block} block */
function drawBlock(p, block) {
  const { lang } = p;
  const label = "label" in block && block.label ? h("p", { class: "cbp-label" }, sayText(txt(p, block.label), lang)) : null;
  if (block.type === "cards") return h("div", { class: "cbp-block" }, [label, cardRow(block.cards, lang)]);
  if (block.type === "plays") {
    const trick = block.plays.every((play) => play.cards && play.cards.length && !play.note);  // seats side by side, as at a table
    return h("div", { class: "cbp-block" }, [label, h("ol", { class: `cbp-plays${trick ? " cbp-trick" : ""}` }, block.plays.map((play) =>
      h("li", {}, [h("span", { class: "cbp-seat" }, sayText(txt(p, play.label), lang)),
        h("span", { class: "cbp-play" }, [cardRow([...play.cards, ...Array(play.backs || 0).fill("back")], lang),  // YS-7
          play.note ? h("span", { class: "cbp-note" }, sayText(txt(p, play.note), lang)) : null])])))]);
  }
  if (block.type === "facts") {
    return h("dl", { class: "cbp-facts" }, block.items.map((item) => h("div", { class: "cbp-fact" }, [
      h("dt", {}, sayText(txt(p, item.label), lang)),
      h("dd", {}, item.cards ? cardRow(item.cards, lang) : withChips(txt(p, item.value), lang)),
    ])));
  }
  return h("p", { class: "cbp-text" }, sayText(txt(p, block.text), lang));
}

/** Input "choice": one button per answer. @param {Puzzle} p */
function drawChoice(p) {
  const buttons = p.spec.answers.map((a) => h("button", { type: "button", class: "cbp-answer", "data-key": a.key,
    "data-control": `answer-${a.key}`, "aria-pressed": "false", onclick: () => grade(p, a.key) }, [
    h("span", { class: "cbp-answer-text" }, withChips(txt(p, a.label) || a.key, p.lang)),
    a.cards ? cardRow(a.cards, p.lang) : null,
    h("span", { class: "cbp-mark", "aria-hidden": "true" })]));
  focusRing(buttons);
  return h("div", { class: "cbp-answers", role: "group", "aria-label": t(p, "answers") }, buttons);
}

/** The cards typed in ``text`` as indices into ``hand`` (each copy once), or the words saying why not.
 * @param {Puzzle} p @param {string} text @param {string[]} hand
 * @returns {{picked: number[]} | {problem: string}} */
function typedSelection(p, text, hand) {
  const chosen = [];
  for (const token of splitTokens(text)) {
    const card = parseCard(token);
    if (!card) return { problem: t(p, "badCard", token) };
    const i = hand.findIndex((c, j) => c === card && !chosen.includes(j));
    if (i < 0) return { problem: t(p, "notInHand", token) };
    chosen.push(i);
  }
  return { picked: chosen };
}

/** Enter in a typed answer submits its form, in JupyterLab too, whose notebook takes Enter for itself
 * unless the key stops here. @param {KeyboardEvent} e */
function submitOnEnter(e) {
  if (e.key !== "Enter" || e.isComposing) return;
  e.preventDefault();
  e.stopPropagation();
  /** @type {HTMLInputElement} */ (e.currentTarget).form?.requestSubmit();
}

/** Input "cards": the hand as buttons to pick, or the cards typed; checked when exactly ``pick`` are chosen. @param {Puzzle} p */
function drawCards(p) {
  const hand = p.spec.position.hand;
  const need = p.spec.pick;
  const hint = h("p", { class: "cbp-hint", "aria-live": "polite", text: t(p, "pick", need) });
  const count = h("span", { class: "cbp-count", "aria-hidden": "true" });
  const handButtons = hand.map((card, i) => h("button", { type: "button", class: "cbp-hand-card",
    "data-index": i, "data-card": card, "data-control": `card-${i}`, onclick: () => toggle(i) }, cardFace(card, p.lang)));
  focusRing(handButtons);
  const typed = h("input", { type: "text", class: "cbp-type", "data-control": "typed", "aria-label": t(p, "typeCards"),
    placeholder: t(p, "typeCards"), autocomplete: "off", spellcheck: "false", value: p.draft.typed || undefined,
    oninput: () => { p.draft.typed = typed.value; unsettle(p); }, onkeydown: submitOnEnter });
  function showSelection() {
    handButtons.forEach((b, j) => b.setAttribute("aria-pressed", String(p.selection.includes(j))));
    count.textContent = t(p, "picked", p.selection.length, need);
  }
  function toggle(i) {
    p.selection = p.selection.includes(i) ? p.selection.filter((x) => x !== i) : [...p.selection, i];
    showSelection();
    unsettle(p);
  }
  function submit(e) {
    e.preventDefault();
    if (typed.value.trim()) {
      const read = typedSelection(p, typed.value, hand);
      if ("problem" in read) { hint.textContent = read.problem; return; }
      p.selection = read.picked;
      showSelection();
    }
    if (p.selection.length !== need) { hint.textContent = t(p, "wrongCount", need, p.selection.length); return; }
    hint.textContent = t(p, "pick", need);
    grade(p, [...p.selection].sort((a, b) => a - b).map((i) => hand[i]).join(" "));
  }
  showSelection();
  return h("div", { class: "cbp-input" }, [hint, h("form", { class: "cbp-form", onsubmit: submit }, [
    h("div", { class: "cbp-hand", role: "group", "aria-label": t(p, "hand") }, handButtons),
    h("div", { class: "cbp-row" }, [typed, h("button", { type: "submit", class: "cbp-submit", "data-control": "submit",
      text: t(p, "check") }), count]),
  ])]);
}

/** Input "number": a whole number, typed. @param {Puzzle} p */
function drawNumber(p) {
  const input = h("input", { type: "text", inputmode: "numeric", class: "cbp-number", "data-control": "number",
    "aria-label": t(p, "yourNumber"), autocomplete: "off", value: p.draft.number || undefined,
    oninput: () => { p.draft.number = input.value; unsettle(p); }, onkeydown: submitOnEnter });
  const hint = h("p", { class: "cbp-hint", "aria-live": "polite" });
  return h("form", { class: "cbp-form cbp-row", onsubmit: (e) => {
    e.preventDefault();
    const value = input.value.trim();
    if (!/^-?\d+$/.test(value)) { hint.textContent = t(p, "enterNumber"); return; }
    hint.textContent = "";
    grade(p, String(Number(value)));
  } }, [input, h("button", { type: "submit", class: "cbp-submit", "data-control": "submit", text: t(p, "check") }), hint]);
}

/** Input "fields": one value per field (buttons for a few values, a menu for more), the key their values joined by |.
 * Nothing is chosen for the reader: every field opens empty (a menu on a blank first line), and Check stays
 * disabled until each has a value. @param {Puzzle} p */
function drawFields(p) {
  const { spec, lang } = p;
  const fields = (p.draft.fields = p.draft.fields || {});
  const read = {};  // field name → its value now ("" while none is chosen)
  const submit = h("button", { type: "submit", class: "cbp-submit", "data-control": "submit", text: t(p, "check") });
  const ready = () => { submit.disabled = !spec.fields.every((f) => read[f.name]()); };
  const controls = spec.fields.map((f) => {
    const choose = (value) => { fields[f.name] = value; ready(); unsettle(p); };
    if (f.options.length <= FEW_OPTIONS) {  // seats, faces, suits: buttons (their names may mix languages)
      read[f.name] = () => fields[f.name] || "";
      const group = choiceGroup(null, f.options.map((o) => ({ value: o.value, nodes: withChips(txt(p, o.label) || o.value, lang) })),
        fields[f.name], `field-${f.name}`, choose);
      group.querySelectorAll(".cbp-option").forEach((b) => b.setAttribute("data-field", f.name));
      return h("fieldset", { class: "cbp-field cbp-field-choice" }, [
        h("legend", { class: "cbp-field-name" }, sayText(txt(p, f.label), lang)), group]);
    }
    const name = h("span", { class: "cbp-field-name" }, sayText(txt(p, f.label), lang));
    const select = h("select", { "data-field": f.name, "data-control": `field-${f.name}`, onchange: () => choose(select.value),
      oninput: () => choose(select.value) }, [h("option", { value: "", text: t(p, "choose"), selected: !fields[f.name] }),
      ...f.options.map((o) => h("option", { value: o.value, text: txt(p, o.label) || o.value, selected: fields[f.name] === o.value,
        lang: lang !== "zh" && CJK_ONLY.test(txt(p, o.label)) ? "zh-Hans" : undefined }))]);
    select.value = fields[f.name] || "";
    read[f.name] = () => select.value;
    return h("label", { class: "cbp-field" }, [name, select]);
  });
  ready();
  return h("form", { class: "cbp-form cbp-fields", onsubmit: (e) => {
    e.preventDefault();
    const values = spec.fields.map((f) => read[f.name]());
    if (values.every(Boolean)) grade(p, values.join("|"));
  } }, [...controls, submit]);
}

/** The body: what the puzzle shows, its question and the input for its answer (focus kept on the control used). @param {Puzzle} p */
function drawBody(p) {
  const { spec, root, body } = p;
  root.lang = p.lang === "zh" ? "zh-Hans" : "en";
  if (p.preparing) {  // no stand-in: the puzzle the link names, or nothing yet
    delete root.dataset.puzzleId;
    root.dataset.preparing = p.preparing;
    body.replaceChildren(h("p", { class: "cbp-preparing", role: "status", text: t(p, "preparing") }));
    return;
  }
  delete root.dataset.preparing;
  root.dataset.puzzleId = spec.id;
  root.dataset.difficulty = spec.difficulty;
  const focus = focusedControl(body);
  const input = { choice: drawChoice, cards: drawCards, number: drawNumber, fields: drawFields }[spec.input];
  body.replaceChildren(...(spec.display || []).map((block) => drawBlock(p, block)),
    h("p", { class: "cbp-question" }, sayText(txt(p, spec.question), p.lang)),
    input(p));
  const again = focus && /** @type {HTMLElement | null} */ (body.querySelector(focus));
  if (again) again.focus();
}

/** Mark the chosen answer button right or wrong; in a several-part answer, each part. @param {Puzzle} p */
function markChosen(p) {
  const { graded, spec } = p;
  p.root.querySelectorAll(".cbp-answer").forEach((b) => {
    const chosen = graded !== null && b.getAttribute("data-key") === graded.key;
    b.setAttribute("aria-pressed", String(chosen));
    b.classList.toggle("cbp-chosen", chosen);
    b.classList.toggle("cbp-chosen-right", chosen && graded.ok);
    b.classList.toggle("cbp-chosen-wrong", chosen && !graded.ok);
    b.querySelector(".cbp-mark").textContent = chosen ? (graded.ok ? "✓" : "✗") : "";
  });
  if (spec.input !== "fields") return;
  const given = graded ? graded.key.split("|") : [];
  const correct = spec.correct[rulesetOf(p, spec)].map((key) => key.split("|"));
  p.root.querySelectorAll(".cbp-fields .cbp-field").forEach((field, i) => {
    const right = graded !== null && correct.some((values) => values[i] === given[i]);
    field.classList.toggle("cbp-field-right", graded !== null && right);
    field.classList.toggle("cbp-field-wrong", graded !== null && !right);
    if (graded !== null && !right) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  });
}

/** An answer as the reader would write it: the answer's label, the fields' values, the picked cards. @param {Puzzle} p @param {string} key */
function answerNodes(p, key) {
  const { spec, lang } = p;
  if (spec.input === "fields") {
    const values = key.split("|");
    return withChips(spec.fields.map((f, i) => {
      const o = f.options.find((x) => x.value === values[i]);
      return `${txt(p, f.label)} ${o ? txt(p, o.label) || o.value : values[i]}`;
    }).join(" · "), lang);
  }
  if (spec.input === "cards") return [cardChips(key.split(" "), lang)];
  const a = spec.answers.find((x) => x.key === key);
  return withChips(a && a.label ? txt(p, a.label) : key, lang);
}

/** Reasons in paragraphs, one per rule: the sentences of consecutive reasons citing the same rule run together.
 * @param {Reason[]} reasons @returns {{rule: string, reasons: Reason[]}[]} */
function byRule(reasons) {
  const paragraphs = [];
  for (const r of reasons) {
    const last = paragraphs[paragraphs.length - 1];
    if (last && last.rule === r.rule) last.reasons.push(r);
    else paragraphs.push({ rule: r.rule, reasons: [r] });
  }
  return paragraphs;
}

/** The attributes of a "Read rule" link to ``reason``'s rule (a main reason or a note), opening in a new tab
 * next to a kernel, unless this is JupyterLab with the book's extension (tools/lab), which opens the chapter
 * in the same Lab and marks <body> so.  @param {Puzzle} p @param {{rule: string, page: string, anchor: string}} reason
 * @param {any} lab */
function ruleLink(p, reason, lab) {
  const newTab = p.live && !(lab && document.body.dataset.cardbookLabLinks);
  return { href: ruleHref(reason, p.model.get("base"), lab), target: newTab ? "_blank" : undefined,
    rel: newTab ? "noopener" : undefined, title: newTab ? t(p, "inLab") : undefined,
    text: `${t(p, "readRule")} ${reason.rule} ${t(p, "inTheBook")}` };
}

/** The notes of the reasons shown (a several-part answer's, each once, in order), as one reason's ``notes``.
 * @param {Reason[]} reasons @returns {{notes: import("./puzzle_spec").Note[]}} */
export function notesOf(reasons) {
  const seen = new Map();
  for (const r of reasons) for (const n of r.notes || []) seen.set(`${n.rule}\u0000${n.en}`, n);
  return { notes: [...seen.values()] };
}

/** The verdict of the answer shown: right or wrong, the engine's reasons by rule, the correct answers and the rule's link. @param {Puzzle} p */
function drawVerdict(p) {
  const { spec, graded, verdict, lang, live } = p;
  verdict.replaceChildren();
  verdict.className = "cbp-verdict";
  if (!graded) return;
  verdict.classList.add(graded.ok ? "cbp-right" : "cbp-wrong");
  const reason = graded.reasons[0];
  const correct = spec.correct[rulesetOf(p, spec)];
  const shown = correct.slice(0, 6).flatMap((key, i) => [i ? "; " : "", ...answerNodes(p, key)]);
  if (correct.length > 6) shown.push(` (+${correct.length - 6})`);
  const lab = live ? labConfig() : null;
  verdict.append(
    h("p", { class: "cbp-outcome-line" }, [h("span", { class: "cbp-verdict-mark", "aria-hidden": "true", text: graded.ok ? "✓" : "✗" }),
      h("strong", { class: "cbp-outcome", text: graded.ok ? t(p, "correct") : t(p, "wrong") })]),
    ...byRule(graded.reasons).map((para) => h("p", { class: "cbp-explain" }, [
      h("span", { class: "cbp-rule", text: para.rule }), " ",
      h("span", {}, para.reasons.flatMap((r, i) => [i ? (lang === "zh" ? "" : " ") : "", ...reasonNodes(r, lang)])),
    ])),
    h("p", { class: "cbp-correct" }, [h("span", { text: t(p, "correctAnswers") + " " }), h("span", { class: "cbp-correct-list" }, shown)]),
    h("a", { class: "cbp-rule-link", ...ruleLink(p, reason, lab) }),
    notesDisclosure(notesOf(graded.reasons), lang, (note) => ruleLink(p, note, lab)) || "",
  );
  if (spec.differs && rulesMenusShown(readSettings())) verdict.append(h("p", { class: "cbp-differs", text: t(p, "rulesDiffer") }));
  if (p.comingNext) verdict.append(h("p", { class: "cbp-next-soon", text: t(p, "nextSoon") }));
}

/** The kind's count, the streak across kinds and how many of this kind's mistakes wait. @param {Puzzle} p */
function drawProgress(p) {
  const mine = readProgress()[p.kind] || { solved: 0, streak: 0 };
  const practice = readPractice();
  p.progressLine.textContent = t(p, "progress", mine.solved, mine.streak);
  p.streakLine.textContent = t(p, "allStreak", practice.streak, practice.best);
  const waiting = mistakesHere(p).length;
  p.retryButton.textContent = t(p, "retry", waiting);
  p.retryButton.hidden = waiting === 0 || Boolean(p.rush);
}

/** The footer: "Copy link" and what it did, the reader's progress, the own settings bar's name. @param {Puzzle} p */
function drawFooter(p) {
  p.permalink.setAttribute("data-href", p.slot ? `#puzzle=${p.slot}/${p.spec.id}` : `#puzzle=${p.spec.id}`);
  p.permalink.textContent = t(p, "copyLink");
  p.permalink.hidden = Boolean(p.preparing);
  p.rushButton.textContent = p.rush ? t(p, "stopRush") : t(p, "rush");
  p.rushButton.setAttribute("aria-pressed", String(Boolean(p.rush)));
  drawShare(p);
  drawProgress(p);
  if (p.ownBar) p.ownBar.summary.textContent = t(p, "settings");
}

/** @param {Puzzle} p */
function draw(p) {
  drawControls(p);
  drawNotice(p);
  drawRush(p);
  drawBody(p);
  drawVerdict(p);
  markChosen(p);
  drawFooter(p);
}

/** Where the page has no settings bar (JupyterLab, Voila, a puzzle sheet), a small one of our own. @param {Puzzle} p */
function mountOwnBar(p) {
  if (p.ownBar || pageHasSettingsBar()) return;
  const bar = settingsBar();
  const summary = h("summary", { "data-control": "settings", text: t(p, "settings") });
  p.ownBar = { bar, summary };
  p.footer.append(h("details", { class: "cbp-settings" }, [summary, bar.element]));
}

/** anywidget's entry: draw the puzzle in ``el``, follow the reader's settings, the address and Python;
 * returns what stops it all. */
function render({ model, el }) {
  const p = buildPuzzle(model, el);
  const heard = (msg) => onMessage(p, msg);
  const specChanged = () => onSpec(p);
  const linked = () => fromLink(p);
  const loaded = () => mountOwnBar(p);
  model.on("msg:custom", heard);
  model.on("change:spec", specChanged);
  try { model.send({ type: "hello" }); } catch (noKernel) { /* a static page */ }
  const stops = [
    onSettings((settings) => { p.lang = settings.lang; draw(p); }),
    onProgress(() => drawProgress(p)),
    onPractice(() => drawProgress(p)),
  ];
  const link = linkedHere(p);
  if (link && link.id !== p.spec.id) p.preparing = link.id;  // no stand-in, from the first frame
  restorePlace(p);
  draw(p);
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded, { once: true });
  window.addEventListener("hashchange", linked);
  linked();
  return () => {
    clearTimeout(p.waiting);
    clearTimeout(p.sharedTimer);
    clearTimeout(p.nextTimer);
    if (p.rush) clearInterval(p.rush.ticker);
    stops.forEach((stop) => stop());
    if (p.ownBar) p.ownBar.bar.dispose();
    window.removeEventListener("hashchange", linked);
    window.removeEventListener("load", loaded);
    model.off("msg:custom", heard);
    model.off("change:spec", specChanged);
  };
}

export default { render };
