// @ts-check
// Deal stepper: every step of a hand (升级) or game (一上一下) arrives as data computed by the
// engine; this module only shows step i. Forward and back never ask the kernel; "deal again"
// does, where a kernel answers (it says {type: "live"} to the stepper's hello); elsewhere (the static
// book) "deal again" moves to the next of the deals the page carries (model "bank": the next hands or
// games, packed as the puzzles' banks are), after the last back to the first. Bundled into one self-contained module (loaded from a Blob URL: tools/bundle_front_ends.mjs);
// the cards are drawn by cards.js (the chapters' faces), the reader's language and four-colour deck
// come from settings.js.
// Language: the model's "lang" ("en" / "zh") when the deck's address fixed it (?lang=, Voila),
// else the reader's setting; a later change of the setting (the book's bar, or this stepper's own
// button where the page has no bar) applies either way.
// Seats and players are labelled with the names Python sends (model "names": South … West,
// 南家 …; Player A … D, 甲 …), never by number; cards in sentences are chips (♠A, 大王).
// Each game in its own units: 升级 jumps by trick, 一上一下 by round (a round starts when the taker
// of a pile leads face up; the game has no tricks). At the end the forward buttons go off and
// the state's "result" lines (points, kitty, level change, next dealer; who won and how) show.
// Keys: ← → Home End only while the stepper's region itself has focus (Escape leaves it); PageUp /
// PageDown / space, and every key pressed on a button, stay the slides' (a presenter's clicker), so a
// reveal.js deck is never stuck on a stepper. Each draw re-lays out the slide (relayoutOnResize).
import { unpackBank } from "./packed.js";
import { SUIT_SYMBOL, activeControl, h } from "./dom.js";
import {
  SUIT_WORDS, cardChips, cardFace, cardsText, notesDisclosure, reasonNodes, relayoutOnResize, releaseAfterPointer, sayText,
} from "./cards.js";
import {
  SETTINGS_WORDS, applySettingsToDocument, onSettings, pageHasSettingsBar, readSettings, writeSettings,
} from "./settings.js";

const UI = {
  en: {
    first: "Start", back: "Back", next: "Next", last: "End", nextTrick: "Next trick", nextRound: "Next round",
    again: "Deal again", step: (i, n) => `Step ${i} of ${n}`,
    dealer: "Dealer", level: "Level played", trump: "Trump", points: "Points",
    kitty: "Kitty", buried: "Buried", trick: "On the table", tricks: "Tricks played", noTrump: "no trump",
    target: "Target", nextFace: "Next card", up: "face up", down: "face down", pile: "Pile", drawPile: "Draw pile",
    winner: "Winner", tableView: "Hide hands and face-down cards", cards: (n) => (n === 1 ? "1 card" : `${n} cards`),
    slider: "Step", undealt: "Undealt", round: "Round", result: "Result", notYet: "not started",
    claims: (rank) => `claims ${rank}`, dealerMark: "dealer", toAct: "to play", won: "won",
    stepper: "Deal stepper",
  },
  zh: {
    first: "开头", back: "上一步", next: "下一步", last: "结尾", nextTrick: "下一轮", nextRound: "下一轮",
    again: "重新发牌", step: (i, n) => `第${i}/${n}步`,
    dealer: "庄家", level: "当前级牌", trump: "主牌", points: "得分",
    kitty: "底牌", buried: "扣底", trick: "桌上", tricks: "已出轮数", noTrump: "无主",
    target: "目标", nextFace: "下一张", up: "出明牌", down: "出暗牌", pile: "牌堆", drawPile: "摸牌堆",
    winner: "胜者", tableView: "隐藏手牌和暗牌", cards: (n) => `${n}张`, slider: "步骤",
    undealt: "未发", round: "轮次", result: "结果", notYet: "未开始",
    claims: (rank) => `报${rank}`, dealerMark: "庄家", toAct: "该出牌", won: "获胜",
    stepper: "发牌演示",
  },
};

const SEAT_PLACES = ["south", "east", "north", "west"];

/** A sentence's first letter capitalised ("player A plays …" → "Player A plays …"). */
const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

/** The reason with its first words capitalised, so it reads as a sentence of its own. */
function asSentence(reason, lang) {
  const parts = reason.parts && reason.parts[lang];
  if (!parts || !parts.length) return { ...reason, [lang]: capital(reason[lang] || reason.en) };
  const [first, ...rest] = parts;
  const head = typeof first === "string" ? capital(first) : { ...first, text: capital(first.text) };
  return { ...reason, parts: { ...reason.parts, [lang]: [head, ...rest] } };
}

function render({ model, el }) {
  const address = () => (["en", "zh"].includes(model.get("lang")) ? model.get("lang") : null);
  let stored = readSettings().lang;
  let lang = address() || stored;
  let index = 0;
  let tableView = false;
  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const txt = (pair) => (pair ? pair[lang] || pair.en : "");
  // A card as the stepper draws it: the book's face (cbs-card sizes it), a face-down card as a back.
  const face = (card) => { const node = cardFace(card || "back", lang); node.classList.add("cbs-card"); return node; };
  const cards = (list, cls = "") => h("span", { class: `cb-cards ${cls}` }, list.map(face));
  // A seat or player by name (South, 南家; Player A, 甲), a team by its two seats; "—" for nobody.
  const names = () => (model.get("names") || {})[lang] || { seats: [], teams: [] };
  const who = (seat) => (seat === null || seat === undefined ? "—" : names().seats[seat] || "—");
  const team = (i) => names().teams[i] || "—";

  const root = h("div", { class: "cbs", tabindex: "0", role: "region" });
  el.append(root);
  const steps = () => model.get("steps") || [];

  // "Deal again": the kernel deals the next seed; with none, the next deal the page carries.
  let live = false;
  /** @type {{seed: number, steps: any[]}[] | null} */
  let deals = null;
  async function dealAgain() {
    if (live) { model.send({ type: "deal" }); return; }
    deals = deals || [{ seed: model.get("seed"), steps: steps() }, ...await unpackBank(model.get("bank") || "")];
    const at = deals.findIndex((d) => d.seed === model.get("seed"));
    const next = deals[(at + 1) % deals.length];
    model.set("seed", next.seed);
    model.set("steps", next.steps);  // change:steps: the first step of the new deal
  }
  model.on("msg:custom", (msg) => { if (msg && msg.type === "live") live = true; });
  try { model.send({ type: "hello" }); } catch (noKernel) { /* a static page */ }

  function go(i) {
    const n = steps().length;
    index = Math.max(0, Math.min(n - 1, i));
    draw();
  }

  function nextTrick() {
    const all = steps();
    // 升级: the next trick won; 一上一下: the start of the next round (the taker's face-up lead,
    // YS-10), or the end of the game when this is the last round.
    const here = all[index] || {};
    const found = model.get("game") === "yishang"
      ? all.findIndex((s, i) => i > index && (s.round || 0) > (here.round || 0))
      : all.findIndex((s, i) => i > index && s.kind === "trick");
    go(found < 0 ? all.length - 1 : found);
  }

  // Keys only while the stepper itself is focused (the teacher clicked its region or tabbed to it; a
  // ring shows it): ← → Home End step the hand, Escape leaves. A key pressed on one of its controls,
  // and PageUp / PageDown / space always, are left to the slides, so a presenter's clicker moves the
  // deck (reveal.js); a control clicked with the pointer gives its focus back (releaseAfterPointer).
  root.addEventListener("keydown", (e) => {
    if (e.target !== root) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    const handled = e.key in moves || e.key === "Home" || e.key === "End" || e.key === "Escape";
    if (!handled) return;
    e.preventDefault(); e.stopPropagation();
    if (e.key === "Escape") root.blur();
    else if (e.key in moves) go(index + moves[e.key]);
    else go(e.key === "Home" ? 0 : steps().length - 1);
  });
  const unwatch = [releaseAfterPointer(root), relayoutOnResize(root)];

  function switchLanguage() {
    const next = lang === "zh" ? "en" : "zh";
    if (address()) { model.set("lang", next); model.save_changes(); }
    writeSettings({ lang: next });  // every widget on the page follows (onSettings below)
  }

  /** The reader's settings, where the page has no bar of its own (a Voila deck, JupyterLab). */
  function ownSettings() {
    if (pageHasSettingsBar()) return [];
    const w = SETTINGS_WORDS[lang];
    return [
      h("button", { type: "button", class: "cbs-lang", "data-control": "lang", lang: lang === "en" ? "zh-Hans" : "en",
        title: w.languageTitle, text: w.language, onclick: switchLanguage }),
      h("button", { type: "button", class: "cbs-four", "data-control": "four", title: w.fourColourTitle,
        "aria-pressed": String(readSettings().fourColour), text: w.fourColour,
        onclick: () => writeSettings({ fourColour: !readSettings().fourColour }) }),
    ];
  }

  function toolbar() {
    const n = steps().length;
    const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, n - 1)), value: String(index),
      class: "cbs-slider", "data-control": "slider", "aria-label": t("slider"), "aria-valuetext": t("step", index + 1, n),
      oninput: (e) => go(Number(e.target.value)) });
    // Forward buttons are off at the end (the hand or game is over), back buttons at the start.
    const atStart = index <= 0, atEnd = index >= n - 1;
    const button = (cls, label, action, off = false) => h("button", { type: "button", class: `cbs-${cls}`,
      "data-control": cls, onclick: action, text: label, disabled: off });
    const yishang = model.get("game") === "yishang";
    const view = yishang ? h("label", { class: "cbs-toggle" }, [
      h("input", { type: "checkbox", class: "cbs-table-view", "data-control": "view", checked: tableView,
        onchange: (e) => { tableView = e.target.checked; draw(); } }),
      h("span", { text: t("tableView") })]) : null;
    return h("div", { class: "cbs-toolbar" }, [
      h("div", { class: "cbs-nav" }, [
        button("first", "|◀ " + t("first"), () => go(0), atStart),
        button("back", "◀ " + t("back"), () => go(index - 1), atStart),
        button("next", t("next") + " ▶", () => go(index + 1), atEnd),
        yishang ? button("next-round", t("nextRound") + " ▶▶", nextTrick, atEnd)
          : button("next-trick", t("nextTrick") + " ▶▶", nextTrick, atEnd),
        button("last", t("last") + " ▶|", () => go(n - 1), atEnd)]),
      h("div", { class: "cbs-progress" }, [slider,
        h("span", { class: "cbs-counter", "aria-live": "polite", text: t("step", index + 1, n) })]),
      h("div", { class: "cbs-extra" }, [view, button("again", t("again"), dealAgain),
        ...ownSettings()]),
    ]);
  }

  function seatBox(seat, content, extra = "", marks = []) {
    return h("div", { class: `cbs-seat ${extra}`, "data-seat": seat }, [
      h("div", { class: "cbs-seat-name" }, [h("span", { text: who(seat) }),
        ...marks.filter(Boolean).map((mark) => h("span", { class: "cbs-mark", text: mark }))]), content]);
  }

  // The facts: each name with its value in one cell, so the grid wraps on a narrow screen.
  const facts = (pairs) => h("dl", { class: "cbs-facts" }, pairs.filter(Boolean).map(([name, cls, value]) =>
    h("div", { class: "cbs-fact" }, [h("dt", { text: name }), h("dd", { class: cls }, value)])));

  // The end: the result in words from the engine (升级: points, kitty, level change, next dealer;
  // 一上一下: who won and how, YS-12 / YS-16).
  function result(state) {
    const lines = state.result && (state.result[lang] || state.result.en);
    if (!lines || !lines.length) return null;
    return h("div", { class: "cbs-result", role: "status" }, [h("strong", { text: t("result") }),
      h("ul", {}, lines.map((line) => h("li", {}, sayText(line, lang))))]);
  }

  /** The step's title, the cards it names drawn as chips where the title writes them (♣2, 大王). */
  function title(step, hidden) {
    const text = txt(step.title);
    const played = step.cards && step.cards.length ? cardsText(step.cards, lang) : "";
    const at = played ? text.indexOf(played) : -1;
    const words = at < 0 ? sayText(text, lang)
      : [...sayText(text.slice(0, at), lang), cardChips(step.cards, lang), ...sayText(text.slice(at + played.length), lang)];
    return h("h3", { class: "cbs-title" }, [h("span", {}, words), step.card && !hidden ? cards([step.card], "cbs-step-card") : null]);
  }

  function trumpWords(trump) {
    if (trump === null || trump === undefined) return "—";
    if (trump === "none") return t("noTrump");
    return `${SUIT_SYMBOL[trump] || ""} ${SUIT_WORDS[lang][trump] || trump}`;
  }

  function shengjiBoard(step) {
    const s = step.state;
    const grid = facts([
      [t("dealer"), "cbs-dealer-name", who(s.dealer)],
      [t("level"), "cbs-level", s.level],
      [t("trump"), "cbs-trump", h("span", { class: s.trump && s.trump !== "none" ? `cbs-suit cardlib-suit-${s.trump.toLowerCase()}` : "" },
        trumpWords(s.trump))],
      [t("points"), "cbs-points", [0, 1].map((i) => h("span", { class: "cbs-team-points" }, `${team(i)}: ${s.points[i]}`))],
      [t("tricks"), "cbs-tricks", String(s.tricks_played)],
      s.undealt ? [t("undealt"), "cbs-undealt", t("cards", s.undealt)] : null,
    ]);
    const winner = step.kind === "trick" ? step.seat : null;
    const table = h("div", { class: "cbs-table", role: "group", "aria-label": t("trick") }, s.table.map(([seat, played]) =>
      h("div", { class: `cbs-play cbs-at-${SEAT_PLACES[seat]}${seat === winner ? " cbs-winning" : ""}`, "data-seat": seat }, [
        h("span", { class: "cbs-play-seat" }, [who(seat), seat === winner ? h("span", { class: "cbs-mark", text: t("won") }) : null]),
        cards(played, "cbs-played")])));
    const seats = s.hands.map((hand, seat) => seatBox(seat, cards(hand, "cbs-hand"),
      `cbs-${SEAT_PLACES[seat]}` + (seat === s.to_act ? " cbs-to-act" : "") + (seat === s.dealer ? " cbs-dealer" : ""),
      [seat === s.dealer ? t("dealerMark") : null, seat === s.to_act ? t("toAct") : null, t("cards", hand.length)]));
    const row = (name, list) => (list.length ? h("div", { class: "cbs-kitty" }, [h("span", { class: "cbs-kitty-name", text: name }),
      cards(list, "cbs-hand")]) : null);
    return h("div", { class: "cbs-board cbs-shengji" }, [grid, result(s),
      h("div", { class: "cbs-ring" }, [...seats, table]), row(t("kitty"), s.kitty), row(t("buried"), s.buried)]);
  }

  function yishangBoard(step) {
    const s = step.state;
    // Once someone has won (or nobody can finish) there is no next card: the winner is shown instead.
    const over = s.winner !== null && s.winner !== undefined;
    const grid = facts([
      [t("round"), "cbs-round", step.round ? String(step.round) : t("notYet")],
      [t("target"), "cbs-target", s.target],
      over ? [t("winner"), "cbs-winner", who(s.winner)]
        : [t("nextFace"), "cbs-next-face", `${who(s.next_player)}${lang === "zh" ? "，" : ", "}${t(s.next_face)}`],
      [t("pile"), "cbs-pile-count", t("cards", s.pile.length)],
      [t("drawPile"), "cbs-draw-pile", t("cards", s.draw_pile)],
    ]);
    const pile = h("div", { class: "cbs-pile", role: "group", "aria-label": t("pile") }, [
      h("span", { class: "cbs-kitty-name", text: t("pile") }),
      h("span", { class: "cbs-pile-cards" }, s.pile.map((p) => h("span", { class: `cbs-pile-card cbs-${p.face}` }, [
        face(p.face === "down" && tableView ? null : p.card),
        h("span", { class: "cbs-claim", text: p.face === "down" ? t("claims", p.claim) : t("up") })])))]);
    const seats = s.hands.map((hand, seat) => seatBox(seat,
      tableView ? h("span", { class: "cbs-count", text: t("cards", hand.length) }) : cards(hand, "cbs-hand"),
      !over && seat === s.next_player ? "cbs-to-act" : (over && seat === s.winner ? "cbs-won" : ""),
      [!over && seat === s.next_player ? t("toAct") : null, over && seat === s.winner ? t("won") : null,
        tableView ? null : t("cards", hand.length)]));
    return h("div", { class: "cbs-board cbs-yishang" }, [grid, result(s), h("div", { class: "cbs-players" }, seats), pile]);
  }

  function draw() {
    const focused = root.contains(document.activeElement) && document.activeElement !== root
      ? activeControl().dataset.control : null;
    root.replaceChildren();
    root.dataset.seed = String(model.get("seed"));  // the deal shown
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    root.setAttribute("aria-label", t("stepper"));
    const error = model.get("error");
    if (error && (error.en || error.zh)) {
      root.append(h("p", { class: "cbs-calm", role: "status" }, sayText(txt(error), lang)));
    }
    const all = steps();
    if (!all.length) return;
    index = Math.min(index, all.length - 1);
    const step = all[index];
    root.dataset.step = String(index);
    root.dataset.kind = step.kind;
    root.dataset.last = String(index === all.length - 1);
    const hidden = tableView && (step.kind === "play_down" || step.kind === "draw");
    root.append(
      toolbar(),
      h("p", { class: "cbs-rules" }, sayText(txt(model.get("rules_label")), lang)),
      title(step, hidden),
      h("p", { class: "cbs-reason" }, [h("span", { class: "cbs-rule", text: step.reason.rule }), " ",
        h("span", { class: "cbs-why" }, reasonNodes(asSentence(step.reason, lang), lang))]),
      notesDisclosure(step.reason, lang) || "",
      model.get("game") === "yishang" ? yishangBoard(step) : shengjiBoard(step),
    );
    const again = focused && /** @type {HTMLButtonElement | null} */ (root.querySelector(`[data-control="${focused}"]`));
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else if (focused) root.focus({ preventScroll: true });
  }

  const stop = onSettings((settings) => {
    if (settings.lang !== stored) { stored = settings.lang; lang = settings.lang; }
    draw();
  });
  if (document.readyState && document.readyState !== "complete") window.addEventListener("load", draw, { once: true });
  model.on("change:steps", () => { index = 0; draw(); });
  model.on("change:error", draw);
  model.on("change:rules_label", draw);
  model.on("change:names", draw);
  applySettingsToDocument(readSettings());
  draw();
  return () => { stop(); unwatch.forEach((f) => f()); };
}

export default { render };
