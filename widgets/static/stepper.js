// Deal stepper: every step of a hand (升级) or game (一上一下) arrives as data computed by the
// engine; this module only shows step i. Forward and back never ask the kernel; "deal again"
// does. One self-contained ES module (loaded from a Blob URL: no imports).
// Seats and players are labelled with the names Python sends (model "names": South … West,
// 南家 …; Player A … D, 甲 …), never by number; cards are written ♠A, 大王.
// Each game in its own units: 升级 jumps by trick, 一上一下 by round (a round starts when the taker
// of a pile leads face up; the game has no tricks). At the end the forward buttons go off and
// the state's "result" lines (points, kitty, level change, next dealer; who won and how) show.
// Keys: ← → Home End only while the stepper has focus; PageUp / PageDown / space stay the
// slides' (a presenter's clicker), so a reveal.js deck is never stuck on a stepper.

const UI = {
  en: {
    first: "Start", back: "Back", next: "Next", last: "End", nextTrick: "Next trick", nextRound: "Next round",
    again: "Deal again", step: (i, n) => `Step ${i} of ${n}`, language: "中文", languageLabel: "切换到中文",
    dealer: "Dealer", level: "Level played", trump: "Trump", points: "Points",
    kitty: "Kitty", buried: "Buried", trick: "On the table", tricks: "Tricks played", noTrump: "no trump",
    target: "Target", nextFace: "Next card", up: "face up", down: "face down", pile: "Pile", drawPile: "Draw pile",
    winner: "Winner", tableView: "Hide hands and face-down cards", cards: (n) => (n === 1 ? "1 card" : `${n} cards`),
    slider: "Step", hidden: "?", undealt: "Undealt", faceDown: "face-down card", round: "Round", result: "Result",
    notYet: "not started",
  },
  zh: {
    first: "开头", back: "上一步", next: "下一步", last: "结尾", nextTrick: "下一轮", nextRound: "下一轮",
    again: "重新发牌", step: (i, n) => `第 ${i} / ${n} 步`, language: "English", languageLabel: "Switch to English",
    dealer: "庄家", level: "当前级牌", trump: "主牌", points: "得分",
    kitty: "底牌", buried: "扣底", trick: "桌上", tricks: "已出轮数", noTrump: "无主",
    target: "目标", nextFace: "下一张", up: "明出", down: "暗出", pile: "牌堆", drawPile: "摸牌堆",
    winner: "胜者", tableView: "隐藏手牌和暗牌", cards: (n) => `${n}张`, slider: "步骤",
    hidden: "?", undealt: "未发", faceDown: "暗牌", round: "轮次", result: "结果",
    notYet: "未开始",
  },
};

const SEAT_PLACES = ["south", "east", "north", "west"];


/** A card as a large face: ♥10, 大王 (Chinese, so marked zh-Hans; read "big joker" in English); a hidden card as a back. */
function card(text, lang = "en") {
  if (text === null || text === undefined) {
    return h("span", { class: "cbs-card cbs-back", "aria-label": UI[lang].faceDown, text: "🂠" });
  }
  if (text === "BJ" || text === "LJ") {
    const attrs = { class: `cbs-card cbs-joker cbs-${text}`, "data-card": text, lang: "zh-Hans", text: text === "BJ" ? "大王" : "小王" };
    if (lang !== "zh") attrs["aria-label"] = JOKER_WORDS.en[text];
    return h("span", attrs);
  }
  return h("span", { class: `cbs-card cbs-suit-${text[0]}`, "data-card": text, text: SUIT_SYMBOL[text[0]] + text.slice(1) });
}

/** A reason shown as a sentence of its own: first letter capitalised ("player A plays …" → "Player A plays …"). */
const sentence = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

function render({ model, el }) {
  let lang = model.get("lang") === "zh" ? "zh" : "en";
  let index = 0;
  let tableView = false;
  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const txt = (pair) => (pair ? pair[lang] || pair.en : "");
  const cards = (list) => h("span", { class: "cbs-cards" }, list.map((c) => card(c, lang)));
  // A seat or player by name (South, 南家; Player A, 甲), a team by its two seats; "—" for nobody.
  const names = () => (model.get("names") || {})[lang] || { seats: [], teams: [] };
  const who = (seat) => (seat === null || seat === undefined ? "—" : names().seats[seat] || "—");
  const team = (t) => names().teams[t] || "—";

  const root = h("div", { class: "cbs", tabindex: "0" });
  el.append(root);
  const steps = () => model.get("steps") || [];

  function go(i) {
    const n = steps().length;
    index = Math.max(0, Math.min(n - 1, i));
    draw();
    root.focus({ preventScroll: true });  // keep the arrow keys on the stepper
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

  // Arrow keys (and Home / End) step the hand only while the stepper itself has focus (a click on
  // it or Tab): PageUp / PageDown and space are left to the slides, so a presenter's clicker
  // always moves the deck (reveal.js), never the stepper.
  root.addEventListener("keydown", (e) => {
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (e.key in moves) { e.preventDefault(); e.stopPropagation(); go(index + moves[e.key]); }
    else if (e.key === "Home" || e.key === "End") { e.preventDefault(); e.stopPropagation(); go(e.key === "Home" ? 0 : steps().length - 1); }
  });

  function toolbar() {
    const n = steps().length;
    const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, n - 1)), value: String(index),
      class: "cbs-slider", "aria-label": t("slider"), oninput: (e) => go(Number(e.target.value)) });
    // Forward buttons are off at the end (the hand or game is over), back buttons at the start.
    const atStart = index <= 0, atEnd = index >= n - 1;
    const button = (cls, label, action, off = false) => h("button", { type: "button", class: `cbs-${cls}`, onclick: action,
      text: label, disabled: off, "aria-disabled": off ? "true" : null });
    const yishang = model.get("game") === "yishang";
    const view = yishang ? h("label", { class: "cbs-toggle" }, [
      h("input", { type: "checkbox", class: "cbs-table-view", checked: tableView, onchange: (e) => { tableView = e.target.checked; draw(); } }),
      h("span", { text: t("tableView") })]) : null;
    return h("div", { class: "cbs-toolbar" }, [
      button("first", "|◀ " + t("first"), () => go(0), atStart),
      button("back", "◀ " + t("back"), () => go(index - 1), atStart),
      button("next", t("next") + " ▶", () => go(index + 1), atEnd),
      yishang ? button("next-round", t("nextRound") + " ▶▶", nextTrick, atEnd)
        : button("next-trick", t("nextTrick") + " ▶▶", nextTrick, atEnd),
      button("last", t("last") + " ▶|", () => go(n - 1), atEnd),
      slider,
      h("span", { class: "cbs-counter", "aria-live": "polite", text: t("step", index + 1, n) }),
      view,
      button("again", t("again"), () => model.send({ type: "deal" })),
      h("button", { type: "button", class: "cbs-lang", lang: lang === "en" ? "zh-Hans" : "en", "aria-label": t("languageLabel"), text: t("language"),
        onclick: () => { lang = lang === "en" ? "zh" : "en"; model.set("lang", lang); model.save_changes(); draw(); } }),
    ]);
  }

  function seatBox(seat, content, extra = "") {
    return h("div", { class: `cbs-seat ${extra}`, "data-seat": seat }, [
      h("div", { class: "cbs-seat-name", text: who(seat) }), content]);
  }

  // The facts: each name with its value in one cell, so the grid wraps on a narrow screen.
  const facts = (pairs) => h("dl", { class: "cbs-facts" }, pairs.filter(Boolean).map(([name, cls, value]) =>
    h("div", { class: "cbs-fact" }, [h("dt", { text: name }), h("dd", { class: cls, text: value })])));

  // The end: the result in words from the engine (升级: points, kitty, level change, next dealer;
  // 一上一下: who won and how, YS-12 / YS-16).
  function result(state) {
    const lines = state.result && (state.result[lang] || state.result.en);
    if (!lines || !lines.length) return null;
    return h("div", { class: "cbs-result", role: "status" }, [h("strong", { text: t("result") }),
      h("ul", {}, lines.map((line) => h("li", { text: line })))]);
  }

  function shengjiBoard(step) {
    const s = step.state;
    const trump = s.trump === null ? "—" : s.trump === "none" ? t("noTrump") : SUIT_SYMBOL[s.trump] || s.trump;
    const grid = facts([
      [t("dealer"), "cbs-dealer-name", who(s.dealer)],
      [t("level"), "cbs-level", s.level],
      [t("trump"), "cbs-trump", trump],
      [t("points"), "cbs-points", `${team(0)}: ${s.points[0]} · ${team(1)}: ${s.points[1]}`],
      [t("tricks"), "cbs-tricks", String(s.tricks_played)],
      s.undealt ? [t("undealt"), "cbs-undealt", t("cards", s.undealt)] : null,
    ]);
    const winner = step.kind === "trick" ? step.seat : null;
    const table = h("div", { class: "cbs-table", "aria-label": t("trick") }, s.table.map(([seat, played]) =>
      h("div", { class: `cbs-play cbs-at-${SEAT_PLACES[seat]}${seat === winner ? " cbs-winning" : ""}`, "data-seat": seat }, [
        h("span", { class: "cbs-play-seat", text: who(seat) }), cards(played)])));
    const seats = s.hands.map((hand, seat) => seatBox(seat, cards(hand),
      `cbs-${SEAT_PLACES[seat]}` + (seat === s.to_act ? " cbs-to-act" : "") + (seat === s.dealer ? " cbs-dealer" : "")));
    const kitty = s.kitty.length ? h("div", { class: "cbs-kitty" }, [h("span", { text: t("kitty") + " " }), cards(s.kitty)]) : null;
    const buried = s.buried.length ? h("div", { class: "cbs-kitty" }, [h("span", { text: t("buried") + " " }), cards(s.buried)]) : null;
    return h("div", { class: "cbs-board cbs-shengji" }, [grid, result(s), h("div", { class: "cbs-ring" }, [...seats, table]), kitty, buried]);
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
    const pile = h("div", { class: "cbs-pile", "aria-label": t("pile") }, [h("span", { text: t("pile") + " " }),
      h("span", { class: "cbs-cards" }, s.pile.map((p) => h("span", { class: `cbs-pile-card cbs-${p.face}` }, [
        p.face === "down" && tableView ? card(null, lang) : card(p.card, lang),
        h("span", { class: "cbs-claim", text: p.claim })])))]);
    const seats = s.hands.map((hand, seat) => seatBox(seat,
      tableView ? h("span", { class: "cbs-count", text: t("cards", hand.length) }) : cards(hand),
      !over && seat === s.next_player ? "cbs-to-act" : (over && seat === s.winner ? "cbs-won" : "")));
    return h("div", { class: "cbs-board cbs-yishang" }, [grid, result(s), h("div", { class: "cbs-players" }, seats), pile]);
  }

  function draw() {
    root.replaceChildren();
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    const error = model.get("error");
    if (error && (error.en || error.zh)) {
      root.append(h("p", { class: "cbs-calm", role: "status", text: txt(error) }));
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
      h("p", { class: "cbs-rules", text: txt(model.get("rules_label")) }),
      h("h3", { class: "cbs-title" }, [h("span", { text: txt(step.title) }), step.card && !hidden ? cards([step.card]) : null]),
      h("p", { class: "cbs-reason" }, [h("span", { class: "cbs-rule", text: step.reason.rule }), " ",
        h("span", { class: "cbs-why", text: sentence(step.reason[lang] || step.reason.en) })]),
      model.get("game") === "yishang" ? yishangBoard(step) : shengjiBoard(step),
    );
  }

  model.on("change:steps", () => { index = 0; draw(); });
  model.on("change:error", draw);
  model.on("change:rules_label", draw);
  model.on("change:names", draw);
  draw();
}

export default { render };
