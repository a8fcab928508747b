// @ts-check
// The tutor's table: a whole 升级 hand or 一上一下 game against practice bots. Python (the kernel, or
// the static book's engine worker) holds the game; this module draws the model's "view" and sends
// the reader's messages ({type: start | act | hint | undo | rewind | again}); it computes no rule.
// It imports dom.js, cards.js and settings.js; esbuild bundles them into one self-contained module.
//
// Testing contract: the root carries data-tutor (the game) and data-state = loading |
// playing | over, and data-turn="you" while it waits for the reader; [data-action=hint] selects the
// bot's choice for the reader's turn, [data-action=play] performs the selection, a refused action
// leaves the engine's reason in the role="status" region, and the outcome of the reader's move is
// told there too (.cbtu-outcome).  The stored view is the deal's first position, so the table is
// playable on load and the static book's engine starts on the first move; a
// #deal=<game>:<seed>[,rules=<preset>][,opponents=<n>] address for another game sends "start" with
// those options and stays "loading" until answered.  A move is sent once: input is ignored while it
// is in flight (data-busy), and it carries the serial of the view it was chosen on, which Python
// checks.  The bots' cards after a move appear one at a time (data-animating; [data-action=skip]
// or any input shows them all at once; none of it under prefers-reduced-motion).
// A message with no answer within a few seconds, or a page where no Python can answer ({type:
// "hello"} says so: cause "file"), is said calmly in both languages; while the static book's engine loads
// ({type: "engine", starting: true}) the table stays and the loader's status box says how far it has come.
import { activeControl, h } from "./dom.js";
import { cardChips, cardFace, cardRow, cardsText, notesDisclosure, reasonNodes, sayText } from "./cards.js";
import {
  applySettingsToDocument, onSettings, pageEdition, pageHasSettingsBar, readSettings, SETTINGS_WORDS, writeSettings,
} from "./settings.js";

const TUTOR_WORDS = {
  en: {
    shengji: "升级 tutor: you are South", yishang: "一上一下 tutor: you are player A",
    starting: "Dealing…", hint: "Hint", play: "Play", call: "Call", pass: "Pass", bury: "Bury these 8",
    decide: "Decide", undo: "Take back", again: "Play this deal again", next: "Deal another",
    link: "Link to this deal", counters: (h, u) => `Hints used: ${h} · take-backs: ${u}`,
    level: "Level", trump: "Trump", dealer: "Dealer", points: "Points", tricks: "Tricks played",
    undealt: "Still to deal", cards: (n) => (n === 1 ? "1 card" : `${n} cards`), you: "you", partner: "partner",
    opponent: "opponent", leads: "leads", openCard: (r) => `face-down card open: claims ${r}`, wonIt: "won the trick", attackers: "attackers", dealerTeam: "dealer's team", winning: "winning",
    lastTrick: (n, who, p) => `Trick ${n} went to ${who} (${p} points)`, recent: "Your move and what followed", skip: "Show all",
    yourHand: "Your hand", selected: (s) => `Selected: ${s}`, nothingSelected: "Nothing selected",
    hintSays: "Hint", claim: "Claim", target: "Target", nextFace: "Next card", up: "face up", down: "face down",
    pile: "Pile", drawPile: "Draw pile", emptyPile: "The pile is empty.", claims: (r) => `claimed ${r}`,
    table: "The table", review: "Review of the hand", reviewGame: "Review of the game", trickNo: (n) => `Trick ${n}`,
    colon: ": ", paren: (s) => ` (${s})`, and: ", ",
    led: "led", won: "won by", why: "Why", kitty: "The kitty", kittyLine: (p, m, s) => m
      ? `${p} points in the kitty × ${m} = ${s} to the attackers` : `${p} points in the kitty, not counted for the attackers`,
    levelChange: "The level change", used: (h, u) => `You used ${h} hint${h === 1 ? "" : "s"} and ${u} take-back${u === 1 ? "" : "s"}.`,
    challenges: "Challenges", noChallenges: "Nobody challenged in this game.", left: "Cards left",
    challenged: (c, who, claim) => `${c} challenged ${who}'s claim of ${claim}`,
    unavailable: "The tutor needs Python to deal and to answer, and a page opened from disk cannot start the book's engine. Serve the book over http (make book), or open the chapter in JupyterLab or Voila.",
    silent: "No answer from the engine yet. On a page opened from disk, or before the book's engine has loaded, the tutor cannot deal; in JupyterLab or Voila, run the page's cells.",
    rules: "Rules", opponents: "Opponents", deal: (g, s) => `Deal ${s}`, refused: (e) => `That could not be done: ${e}.`,
    match: "Match: levels carry over", levels: "Levels", nextHand: "Next hand of the match", newMatch: "New match",
    sparring: "Bots", graded: "Your plays graded", grading: "Grading your plays of the last tricks…",
    gradingYs: "Grading your challenge decisions…", noneGraded: "None of your last plays had a choice to grade.",
    grade_best: "Best", grade_inaccuracy: "Inaccuracy", grade_mistake: "Mistake", replayFrom: (n) => `Replay from trick ${n}`, replayFromCard: (n) => `Replay from card ${n}`,
    loss: (n) => `−${n} point${n === 1 ? "" : "s"} on average`, better: "Better:",
    gradedChallenges: "Your challenge decisions graded", noneGradedYs: "No face-down card of another player came while you could challenge it.",
    cardNo: (n) => `Card ${n}`, lossPp: (n) => `${n} percentage points off`, choice_challenge: "Challenge", choice_stand: "Let it stand",
    oddsLine: (k, n, r, c) => `${r}s: ${k} of the ${n} cards it could be · held one: ${c}%`, ownDown: "Your face-down cards", was: "it was",
    missedBluffs: "Bluffs you let stand", noMissedBluffs: "You let no bluff stand that you could have challenged.",
  },
  zh: {
    shengji: "升级陪练：你坐南家", yishang: "一上一下陪练：你是甲",
    starting: "正在发牌…", hint: "提示", play: "出牌", call: "亮主", pass: "不亮", bury: "扣下这8张",
    decide: "决定", undo: "悔牌", again: "重打这一副", next: "换一副",
    link: "这一副的链接", counters: (h, u) => `已用提示${h}次 · 悔牌${u}次`,
    level: "级牌", trump: "主牌", dealer: "庄家", points: "得分", tricks: "已出轮数",
    undealt: "未发", cards: (n) => `${n}张`, you: "你", partner: "对家", opponent: "对手", leads: "首出", openCard: (r) => `暗牌待定：报${r}`, wonIt: "赢得此轮",
    attackers: "闲家", dealerTeam: "庄家方", winning: "领先",
    lastTrick: (n, who, p) => `第${n}轮由${who}赢得（${p}分）`, recent: "你这一步及之后", skip: "全部显示",
    yourHand: "你的手牌", selected: (s) => `已选：${s}`, nothingSelected: "未选牌",
    hintSays: "提示", claim: "报点", target: "目标点数", nextFace: "下一张", up: "出明牌", down: "出暗牌",
    pile: "牌堆", drawPile: "摸牌堆", emptyPile: "牌堆是空的。", claims: (r) => `报${r}`,
    table: "牌桌", review: "本局回顾", reviewGame: "本局回顾", trickNo: (n) => `第${n}轮`,
    colon: "：", paren: (s) => `（${s}）`, and: "、",
    led: "首出", won: "赢家", why: "原因", kitty: "底牌", kittyLine: (p, m, s) => m
      ? `底牌${p}分 × ${m} = 闲家得${s}分` : `底牌${p}分，不计入闲家`,
    levelChange: "升级结果", used: (h, u) => `你用了${h}次提示、${u}次悔牌。`,
    challenges: "质疑", noChallenges: "这一局没有人质疑。", left: "剩余手牌",
    challenged: (c, who, claim) => `${c}质疑${who}报的${claim}`,
    unavailable: "陪练需要 Python 来发牌和应答，而直接从文件打开的页面无法启动本书的引擎。请用本书自带的服务器打开本书（见本书说明），或在 JupyterLab 或 Voila 中打开本章。",
    silent: "引擎还没有回应。从本地文件打开的页面，或本书引擎尚未加载时，陪练无法发牌；在 JupyterLab 或 Voila 中请运行本页的代码单元。",
    rules: "规则", opponents: "对手人数", deal: (g, s) => `第${s}副`, refused: (e) => `无法执行：${e}。`,
    match: "整场比赛：级别延续", levels: "双方打几", nextHand: "比赛的下一局", newMatch: "新比赛",
    sparring: "陪练水平", graded: "你的出牌评分", grading: "正在给你最后几轮的出牌评分……",
    gradingYs: "正在给你的质疑评分……", noneGraded: "你最后几手牌都没有选择，不评分。",
    grade_best: "最好", grade_inaccuracy: "欠佳", grade_mistake: "失误", replayFrom: (n) => `从第${n}轮重打`, replayFromCard: (n) => `从第${n}张牌重打`,
    loss: (n) => `平均损失${n}分`, better: "更好：",
    gradedChallenges: "你的质疑评分", noneGradedYs: "没有出现你可以质疑的别人的暗牌。",
    cardNo: (n) => `第${n}张牌`, lossPp: (n) => `偏离${n}个百分点`, choice_challenge: "质疑", choice_stand: "放过",
    oddsLine: (k, n, r, c) => `可能的${n}张牌中有${k}张${r} · 手里有${r}的机会：${c}%`, ownDown: "你扣下的暗牌", was: "实际是",
    missedBluffs: "你放过的虚报", noMissedBluffs: "你可以质疑的虚报，一张都没有放过。",
  },
};

/** Where each seat sits around the table, seen from South (升级) or from player A (一上一下). */
const PLACES = { shengji: ["south", "east", "north", "west"],
  yishang: { 2: ["south", "north"], 3: ["south", "east", "west"], 4: ["south", "east", "north", "west"] } };
const ANSWER_MS = 5000;
/** The pause before each bot's card appears (short; skipped by any input, none with reduced motion). */
const BOT_CARD_MS = 450;
/** The recent events that are a bot's card played (the ones shown one at a time). */
const BOT_PLAYS = new Set(["play", "play_up", "play_down"]);

function render({ model, el }) {
  const game = model.get("game");
  const address = () => (["en", "zh"].includes(model.get("lang")) ? model.get("lang") : null);
  let lang = address() || readSettings().lang;
  let started = false;     // a reply has come since this view was drawn
  let silent = false;      // a message went unanswered
  let timer = null;
  let sent = null;         // the last message sent
  let picked = new Set();  // positions in the flat hand
  let choice = null;       // 一上一下: "challenge" | "stand"
  let claim = null;        // 一上一下: the claimed rank of a face-down card
  let refused = null;      // a message Python could not read (msg:custom {type: "error"})
  let unavailable = false; // no Python can answer on this page (the book opened from disk)
  let busy = false;        // a message is in flight: input is ignored until its answer
  let gradeAsked = -1;     // the serial of the view whose review's grades were asked for
  let shown = null;        // while the bots' cards appear one at a time: how many recent events are shown
  let stepper = null;
  let cursor = 0;          // the hand's card in the Tab order (the arrows move it)
  let engineStarting = false; // the static book's engine is loading: its own status box says how far, no "no answer" here
  const t = (name, ...args) => { const v = TUTOR_WORDS[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const say = (pair) => (pair ? pair[lang] || pair.en : "");
  const view = () => model.get("view") || {};
  const who = (seat) => { const names = (view().names || {})[lang] || []; const n = names[seat] || ""; return n[0] ? n[0].toUpperCase() + n.slice(1) : n; };
  const zh = () => (lang === "zh" ? "zh-Hans" : "en");
  const words = (text) => sayText(text, lang);  // in English, its Chinese runs marked zh-Hans

  const root = h("div", { class: "cbtu", "data-tutor": game, "data-state": "loading", role: "region",
    onkeydown: (e) => { if (e.key === "Escape") finishSteps(); } });
  el.append(root);

  function send(message) {
    if (busy) return;  // one message at a time: a double click sends once
    finishSteps();
    busy = true;
    sent = message;
    clearTimeout(timer);
    // while the engine loads, the move waits for it (still in flight); otherwise no answer is said calmly
    timer = setTimeout(() => { if (!engineStarting) { silent = true; busy = false; draw(); } }, ANSWER_MS);
    draw();
    model.send(message);
  }

  /** The game a #deal= address names: its seed and whichever options it carries (an old link has none). */
  function dealFromAddress() {
    const found = /(?:^#|&)deal=([a-z]+):(\d+)((?:,[a-z]+=[A-Za-z0-9-]+)*)/.exec(window.location.hash || "");
    if (!found || found[1] !== game) return null;
    const deal = { seed: Number(found[2]) };
    for (const pair of found[3].split(",").filter(Boolean)) {
      const [name, value] = pair.split("=");
      if (name === "rules") deal.ruleset = value;
      else if (name === "opponents" && game === "yishang") deal.opponents = Number(value);
      else if (name === "match" && game === "shengji") deal.match = value === "1";
      else if (name === "levels" && game === "shengji") deal.levels = value;
      else if (name === "dealer" && game === "shengji") deal.dealer = Number(value);
      else if (name === "bots") deal.sparring = value;
    }
    if (game === "shengji" && deal.ruleset !== undefined && !deal.match) deal.match = false;  // a whole link: no match
    if (deal.match) { deal.levels = deal.levels || "2-2"; if (deal.dealer === undefined) deal.dealer = null; }
    return deal;
  }

  /** Whether the view is already the game a deal names. */
  function isDealt(deal, v) {
    return Object.entries(deal).every(([name, value]) => (name === "match" ? Boolean(v.match) === value : (v[name] ?? null) === value));
  }

  function start(deal) {
    started = false;
    busy = false;
    send({ type: "start", ...deal });
  }

  /** One guide first: on a page of the book, a 升级 view dealt under the guide the reader does not follow (the
   * settings) is dealt again, the same seed and options, under theirs; null where it already is, for 一上一下, and
   * off the book (JupyterLab, Voila), where the ruleset is the one the notebook asked for. */
  function guideDeal(v) {
    const guide = readSettings().guide;
    if (game !== "shengji" || pageEdition() === null || !v.ruleset || v.ruleset === guide || !(v.rulesets || []).some((r) => r.id === guide)) return null;
    const kept = ["seed", "match", "levels", "dealer", "sparring"].filter((name) => v[name] !== undefined && v[name] !== null);
    return { ...Object.fromEntries(kept.map((name) => [name, v[name]])), ruleset: guide };
  }

  /** The stored view is the deal's first position (Python made it), so the table is playable at once
   * and the first move starts the book's engine; a #deal= address for another deal asks for it, and so does
   * a reader who follows the other guide. */
  function boot() {
    const deal = dealFromAddress() || guideDeal(view());
    const v = view();
    if (deal !== null && !isDealt(deal, v)) start(deal);
    else { started = Boolean(v.state && !v.engine); draw(); if (started) gradeWhenOver(v); }
    model.send({ type: "hello" });  // answered without starting the engine: can Python answer here at all?
  }

  function flatHand() { return ((view().table || {}).hand || []).flatMap((group) => group.cards); }

  /** The hint's cards picked in the hand (the first unpicked copy of each), its choice and claim. */
  function applyHint(hint) {
    const hand = flatHand();
    picked = new Set();
    for (const card of hint.cards || []) {
      const at = hand.findIndex((c, i) => c === card && !picked.has(i));
      if (at >= 0) picked.add(at);
    }
    choice = hint.choice || null;
    claim = hint.claim || null;
  }

  model.on("change:view", () => {
    clearTimeout(timer);
    engineStarting = false;
    silent = false;
    refused = null;
    const v = view();
    started = !v.engine;  // the book's engine still starting, or unable to run here: not an answer yet
    if (!started) { draw(); return; }  // a notice from the loader, not the answer: the move is still in flight
    busy = false;
    if (sent && sent.type === "hint" && v.hint) applyHint(v.hint);
    else if (!(sent && sent.type === "act" && v.status)) { picked = new Set(); choice = null; claim = null; }
    if (sent && sent.type === "act" && !v.status) beginSteps(v);
    draw();
    gradeWhenOver(v);
  });

  /** Once the game is over, ask for the review's grades: the review shows at once, the grades follow
   * (not through send(): the bots' last cards keep being shown one by one, and the buttons stay live). */
  function gradeWhenOver(v) {
    if (v.state !== "over" || !v.review || v.review.graded !== null || gradeAsked === v.serial) return;
    gradeAsked = v.serial;
    sent = { type: "grade" };  // its answer is not a move's: no bots' cards to show again
    model.send(sent);
  }

  // --- the bots' cards, one at a time ---

  function reducedMotion() {
    return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /** After the reader's move, show the log (and the table) up to the first bot's card, then one more
   * bot's card every BOT_CARD_MS. */
  function beginSteps(v) {
    finishSteps();
    const events = (v.table || {}).recent || [];
    const bots = events.map((e, i) => (BOT_PLAYS.has(e.kind) && e.seat !== 0 ? i : -1)).filter((i) => i >= 0);
    if (!bots.length || reducedMotion()) return;
    let next = 0;
    shown = bots[0];
    const step = () => {
      next += 1;
      shown = next < bots.length ? bots[next] : null;
      stepper = shown === null ? null : setTimeout(step, BOT_CARD_MS);
      draw();
    };
    stepper = setTimeout(step, BOT_CARD_MS);
  }

  function finishSteps() {
    clearTimeout(stepper);
    stepper = null;
    if (shown !== null) { shown = null; draw(); }
  }

  // Python (the kernel, or the book's engine) could not read a message: the view is unchanged.
  model.on("msg:custom", (message) => {
    if (message && message.type === "engine") {
      // Only a page where no Python can run at all (opened from disk) says so here; the static book's engine
      // failing to load over http names its cause, with a Retry button, in the loader's status box.
      unavailable = !message.available && (message.cause === undefined || message.cause === "file");
      engineStarting = Boolean(message.available && message.starting);
      if (engineStarting) silent = false;
      draw();
      return;
    }
    if (!message || message.type !== "error") return;
    clearTimeout(timer);
    silent = false;
    busy = false;
    refused = String(message.error || "");
    draw();
  });

  function act() {
    if (busy) return;  // the move before is still in flight
    const hand = flatHand();
    const message = { type: "act", serial: view().serial, cards: [...picked].sort((a, b) => a - b).map((i) => hand[i]) };
    const decision = view().decision || {};
    if (decision.kind === "challenge") { message.cards = []; message.choice = choice; }
    if (decision.kind === "play_down") message.claim = claimShown(decision);
    send(message);
  }

  /** The claim the menu shows: the reader's, else the hint's, else the target (the lowest that reaches it). */
  function claimShown(decision) {
    const target = (view().table || {}).target_rank;
    return claim || (decision.claims.includes(target) ? target : decision.claims[0]);
  }

  function toggle(position) {
    if (busy) return;
    finishSteps();
    const decision = view().decision || {};
    if (decision.max === 1) picked = new Set(picked.has(position) ? [] : [position]);
    else if (picked.has(position)) picked.delete(position);
    else picked.add(position);
    draw();
  }

  // --- drawing ---

  function fact(name, value) {
    return h("div", { class: "cbtu-fact" }, [h("dt", { text: name }), h("dd", {}, value)]);
  }

  function facts() {
    const v = view(), table = v.table || {};
    if (game === "yishang") {
      return h("dl", { class: "cbtu-facts" }, [
        fact(t("target"), say(table.target)),
        fact(t("nextFace"), table.next_face === "down" ? t("down") : t("up")),
        fact(t("drawPile"), t("cards", table.draw_pile || 0))]);
    }
    const teams = (table.teams || []).map((team) => h("span", { class: "cbtu-team" },
      `${say(team.name)}${team.role ? t("paren", team.role === "attackers" ? t("attackers") : t("dealerTeam")) : ""}${t("colon")}${team.points}`));
    return h("dl", { class: "cbtu-facts" }, [
      fact(t("level"), table.level),
      v.match ? fact(t("levels"), (table.teams || []).map((team) => `${say(team.name)} ${(table.levels || [])[team.team]}`).join(" · ")) : null,
      fact(t("trump"), say(table.trump)),
      fact(t("dealer"), table.dealer === null || table.dealer === undefined ? "—" : who(table.dealer)),
      fact(t("points"), teams),
      table.phase === "deal" ? fact(t("undealt"), t("cards", table.undealt)) : fact(t("tricks"), String(table.tricks_played))]);
  }

  function seatLabel(seat) {
    const v = view(), table = v.table || {};
    const role = seat === 0 ? t("you") : game === "shengji" ? (seat === 2 ? t("partner") : t("opponent")) : t("opponent");
    const marks = [];
    if (game === "shengji" && table.dealer === seat) marks.push(t("dealer"));
    if (game === "shengji" && table.phase === "play" && (table.trick || {}).leader === seat) marks.push(t("leads"));
    return h("p", { class: "cbtu-seat-name" }, [h("strong", { text: who(seat) }), ` · ${role}`,
      marks.length ? ` · ${marks.join(t("and"))}` : "", h("span", { class: "cbtu-count", text: ` · ${t("cards", (table.counts || [])[seat] || 0)}` })]);
  }

  function shengjiTable() {
    const table = view().table || {};
    const last = table.last_trick;
    let trick = table.trick || { plays: [] };
    const hidden = hiddenPlays();
    if (hidden) {  // the bots' cards still appearing: the table without the last `hidden` of them
      const closed = visibleEvents().some((e) => e.kind === "trick");
      const closing = ((table.recent || []).some((e) => e.kind === "trick") && last) ? last.plays : [];
      const plays = [...closing, ...trick.plays];
      const seen = plays.slice(0, Math.max(0, plays.length - hidden));
      if (closing.length && seen.length <= closing.length && !closed) trick = { plays: seen, winning: null, leader: seen.length ? seen[0].seat : null };
      else if (closing.length && seen.length === closing.length) trick = { plays: [], winning: null, leader: last.winner };
      else trick = { plays: seen.slice(closing.length), winning: null, leader: seen.length > closing.length ? seen[closing.length].seat : null };
    }
    // Between tricks the last one stays on the table, dimmed, its winner marked, until the next lead.
    const done = !trick.plays.length && last;
    const plays = done ? last.plays : trick.plays;
    const best = done ? last.winner : trick.winning;
    const seat = (s) => {
      const play = plays.find((p) => p.seat === s);
      const winning = play && best === s;
      return h("div", { class: `cbtu-seat cbtu-${PLACES.shengji[s]}${winning ? " cbtu-winning" : ""}${done ? " cbtu-done" : ""}`,
        "data-seat": String(s) }, [
        seatLabel(s),
        h("div", { class: "cbtu-play" }, play ? [cardRow(play.cards, lang),
          winning ? h("span", { class: "cbtu-mark", text: done ? t("wonIt") : t("winning") }) : null] : [])]);
    };
    const centre = h("div", { class: "cbtu-centre" }, [
      last && !trick.plays.length ? h("div", { class: "cbtu-last" }, [
        h("p", { text: t("lastTrick", last.number, who(last.winner), last.points) }),
        h("p", { class: "cbtu-why" }, reasonNodes(last.reason, lang)), notesDisclosure(last.reason, lang)]) : null]);
    return h("div", { class: "cbtu-felt cbtu-four", "aria-label": t("table"), role: "group" },
      [seat(2), seat(3), centre, seat(1), seat(0)]);
  }

  function yishangTable() {
    const v = view(), table = v.table || {};
    const players = (table.counts || []).length;
    const places = PLACES.yishang[players] || PLACES.yishang[4];
    const hidden = hiddenPlays();
    const open = table.window && !hidden ? table.window.seat : null;  // its card not shown yet: not open yet
    const onPile = table.pile || [];
    const pile = onPile.slice(0, Math.max(0, onPile.length - hidden)).map((p) => {
      const face = cardFace(p.card, lang);
      return h("span", { class: `cbtu-pile-card cbtu-${p.face}` }, [face,
        p.face === "down" ? h("span", { class: "cbtu-claim", text: t("claims", p.claim) }) : null]);
    });
    const seats = (table.counts || []).map((_n, s) => h("div", {
      class: `cbtu-seat cbtu-${places[s]}${open === s ? " cbtu-open" : ""}`, "data-seat": String(s) }, [seatLabel(s),
      open === s ? h("span", { class: "cbtu-mark", text: t("openCard", table.window.claim) }) : null]));
    const centre = h("div", { class: "cbtu-centre" }, [
      h("p", { class: "cbtu-pile-label", text: `${t("pile")}${t("paren", t("cards", pile.length))}` }),
      pile.length ? h("div", { class: "cbtu-pile" }, pile) : h("p", { class: "cbtu-empty", text: t("emptyPile") })]);
    return h("div", { class: `cbtu-felt cbtu-players-${players}`, "aria-label": t("table"), role: "group" }, [...seats, centre]);
  }

  /** The log as far as it is shown (all of it, unless the bots' cards are still appearing). */
  function visibleEvents() {
    const events = (view().table || {}).recent || [];
    return shown === null ? events : events.slice(0, shown);
  }

  /** How many bots' cards of the log are not shown yet. */
  function hiddenPlays() {
    const events = (view().table || {}).recent || [];
    return shown === null ? 0 : events.slice(shown).filter((e) => BOT_PLAYS.has(e.kind) && e.seat !== 0).length;
  }

  function recent() {
    const events = visibleEvents();
    if (!events.length) return null;
    return h("details", { class: "cbtu-recent", open: true }, [h("summary", { text: t("recent") }),
      h("ol", {}, events.map((e) => h("li", {}, e.kind === "play" && e.seat !== null
        ? [h("strong", { text: `${who(e.seat)}${t("colon")}` }), cardChips(e.cards, lang)]
        : reasonNodes(sentence(e.reason), lang))))]);
  }

  /** A reason as a sentence of its own: its first letter capitalised. */
  function sentence(reason) {
    const parts = reason.parts && reason.parts[lang];
    const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
    if (!parts || !parts.length) return { ...reason, [lang]: cap(reason[lang] || "") };
    const [first, ...rest] = parts;
    const head = typeof first === "string" ? cap(first) : { ...first, text: cap(first.text) };
    return { ...reason, parts: { ...reason.parts, [lang]: [head, ...rest] } };
  }

  /** The hand's keys: the arrows (and Home / End) move between its cards, one of which is in the Tab order;
   * Space picks the card, Enter plays the cards picked (the card under the focus if none is). */
  function handKeys(e) {
    const cards = [.../** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll(".cbtu-card:not([disabled])"))];
    const at = cards.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (at < 0) return;
    const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: cards.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      const next = cards[Math.max(0, Math.min(cards.length - 1, moves[e.key]))];
      cursor = Number(next.dataset.position);
      for (const card of cards) card.tabIndex = card === next ? 0 : -1;
      next.focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (!picked.size) toggle(Number(cards[at].dataset.position));
      act();
    }
  }

  function hand() {
    const v = view(), table = v.table || {}, decision = v.decision || {};
    let position = 0;
    const size = (table.hand || []).reduce((n, group) => n + group.cards.length, 0);
    if (cursor >= size) cursor = Math.max(0, size - 1);
    const groups = (table.hand || []).map((group) => h("div", { class: "cbtu-suit", role: "group", "aria-label": say(group.label) }, [
      group.suit === "all" ? null : h("span", { class: "cbtu-suit-label", text: say(group.label) }),
      h("div", { class: "cbtu-cards" }, group.cards.map((card) => {
        const at = position++;
        return h("button", { type: "button", class: "cbtu-card", "data-card": card, "data-position": String(at),
          "aria-pressed": String(picked.has(at)), disabled: !v.decision || decision.kind === "challenge",
          "aria-disabled": busy ? "true" : null, tabindex: at === cursor ? "0" : "-1",
          onfocus: () => { cursor = at; }, onclick: () => toggle(at) }, cardFace(card, lang));
      }))]));
    const names = flatHand().filter((_c, i) => picked.has(i));
    return h("div", { class: "cbtu-hand", onkeydown: handKeys }, [h("p", { class: "cbtu-hand-label" }, [h("strong", { text: t("yourHand") }), " · ",
      names.length ? t("selected", cardsText(names, lang)) : t("nothingSelected")]), ...groups]);
  }

  function choices() {
    const decision = view().decision || {};
    if (decision.kind === "challenge") {
      return h("div", { class: "cbtu-choices", role: "group" }, decision.choices.map((c) => h("button", {
        type: "button", class: "cbtu-choice", "data-choice": c.key, "aria-pressed": String(choice === c.key),
        "aria-disabled": busy ? "true" : null,
        onclick: () => { if (!busy) { finishSteps(); choice = c.key; draw(); } }, text: say(c.label) })));
    }
    if (decision.kind === "play_down") {
      const select = h("select", { class: "cbtu-claim-select", "data-control": "claim", "aria-label": t("claim"),
        onchange: (e) => { claim = e.target.value; } }, decision.claims.map((rank, i) => h("option", {
        value: rank, selected: claimShown(decision) === rank, text: say(decision.claim_labels[i]) })));
      return h("label", { class: "cbtu-claim-field" }, [t("claim"), " ", select]);
    }
    return null;
  }

  function playLabel(decision) {
    if (decision.kind === "call") return picked.size ? t("call") : t("pass");
    if (decision.kind === "bury") return t("bury");
    if (decision.kind === "challenge") return t("decide");
    return t("play");
  }

  function controls() {
    const v = view(), decision = v.decision;
    const counters = v.counters || { hints: 0, undos: 0 };
    return h("div", { class: "cbtu-controls" }, [
      h("button", { type: "button", class: "cbtu-hint", "data-action": "hint", disabled: !decision,
        "aria-disabled": busy ? "true" : null, onclick: () => send({ type: "hint" }), text: t("hint") }),
      h("button", { type: "button", class: "cbtu-go", "data-action": "play", "aria-disabled": busy ? "true" : null,
        disabled: !decision || (decision.kind === "challenge" && !choice), onclick: act, text: decision ? playLabel(decision) : t("play") }),
      h("button", { type: "button", class: "cbtu-undo", "data-action": "undo", disabled: !v.can_undo,
        "aria-disabled": busy ? "true" : null, onclick: () => send({ type: "undo" }), text: t("undo") }),
      shown !== null ? h("button", { type: "button", class: "cbtu-skip", "data-action": "skip", onclick: finishSteps, text: t("skip") }) : null,
      h("span", { class: "cbtu-counters", text: t("counters", counters.hints, counters.undos) })]);
  }

  function review() {
    const v = view(), r = v.review;
    if (!r) return null;
    const lines = (r.summary || []).map((line) => h("p", { class: "cbtu-summary", text: say(line) }));
    const body = [];
    if (game === "shengji") {
      body.push(graded(r.graded));
      body.push(h("ol", { class: "cbtu-review-tricks" }, r.tricks.map((trick) => h("li", {}, [
        h("p", {}, [h("strong", { text: `${t("trickNo", trick.number)}${t("colon")}` }),
          ...trick.plays.flatMap((p, i) => [i ? " · " : "", `${who(p.seat)} `, cardChips(p.cards, lang)]),
          ` → ${who(trick.winner)} (${trick.points})`]),
        h("p", { class: "cbtu-why" }, reasonNodes(sentence(trick.reason), lang)), notesDisclosure(trick.reason, lang)]))));
      body.push(h("h4", { text: t("kitty") }), cardRow(r.kitty.cards, lang),
        h("p", { text: t("kittyLine", r.kitty.points, r.kitty.multiplier, r.kitty.score) }),
        h("p", { class: "cbtu-why" }, reasonNodes(r.kitty.reason, lang)), notesDisclosure(r.kitty.reason, lang) || "",
        h("h4", { text: t("levelChange") }), h("p", {}, reasonNodes(r.level_change.reason, lang)),
        notesDisclosure(r.level_change.reason, lang) || "",
        h("p", {}, reasonNodes(sentence(r.level_change.next), lang)));
    } else {
      body.push(h("p", {}, reasonNodes(sentence(r.reason), lang)), notesDisclosure(r.reason, lang) || "");
      body.push(graded(r.graded));
      body.push(h("h4", { text: t("challenges") }),
        r.challenges.length ? h("ol", { class: "cbtu-review-challenges" }, r.challenges.map((c) => h("li", {}, [
          h("p", { text: t("challenged", who(c.challenger), who(c.claimant), c.claim) }),
          h("p", { class: "cbtu-why" }, reasonNodes(sentence(c.reason), lang)), notesDisclosure(c.reason, lang),
          c.take ? h("p", { class: "cbtu-why" }, reasonNodes(sentence(c.take), lang)) : null]))) : h("p", { text: t("noChallenges") }),
        h("p", { text: `${t("left")}: ${r.counts.map((n, s) => `${who(s)} ${t("cards", n)}`).join(" · ")}` }));
    }
    if (r.match) lines.push(h("p", { class: "cbtu-match" }, words(say(r.match.said))));
    return h("section", { class: "cbtu-review", "aria-label": game === "shengji" ? t("review") : t("reviewGame") }, [
      h("h3", { text: game === "shengji" ? t("review") : t("reviewGame") }), ...lines,
      h("p", { class: "cbtu-used", text: t("used", r.hints, r.undos) }),
      h("div", { class: "cbtu-controls" }, [
        h("button", { type: "button", "data-action": "again", class: "cbtu-go", onclick: () => send({ type: "again" }), text: t("again") }),
        h("a", { href: v.link, class: "cbtu-link", "data-action": "link", text: t("link") }),
        nextButton(v, r)]),
      ...body]);
  }

  /** The reader's decisions as the engine graded them, in one shape for both games: per decision its
   * grade (by word and colour), its loss and the better choice, then the engine's sentence; first, what
   * was graded.  升级 (cardlib/shengji/review.py): South's plays of the last tricks, the loss in points;
   * 一上一下 (cardlib/yishang/review.py): each face-down card A could challenge, the exact counts, the loss
   * in percentage points of the chance the claimant held the claimed rank (data-loss-unit says which). */
  function graded(g) {
    const ys = game === "yishang";
    if (g === undefined) return "";
    if (g === null) {  // asked for (gradeWhenOver): the engine's search takes it a moment
      return h("section", { class: "cbtu-graded", "aria-busy": "true", "aria-label": ys ? t("gradedChallenges") : t("graded") }, [
        h("h4", { text: ys ? t("gradedChallenges") : t("graded") }), h("p", { class: "cbtu-grading", text: t(ys ? "gradingYs" : "grading") })]);
    }
    const tenth = (n) => String(Math.round(n * 10) / 10);  // as the engine writes it
    const head = (d) => (ys
      ? [h("strong", { text: t("cardNo", d.number) }), `${who(d.claimant)} · ${t("claims", d.claim)} · ${t("was")}`, cardChips([d.card], lang)]
      : [h("strong", { text: t("trickNo", d.trick) }), cardChips(d.played, lang)]);
    const better = (d) => (ys
      ? h("span", { class: "cbtu-better", text: `${t("better")}${lang === "zh" ? "" : " "}${t(`choice_${d.favoured}`)}` })
      : d.best ? h("span", { class: "cbtu-better" }, [t("better"), " ", cardChips(d.best, lang)]) : null);
    const decision = (d) => h("li", { class: `cbtu-decision cbtu-grade-${d.grade}`,
      "data-review-decision": String(ys ? d.number : d.trick), "data-grade": d.grade, "data-loss": String(d.loss),
      "data-loss-unit": ys ? "pp" : "points" }, [
      h("p", { class: "cbtu-decision-head" }, [
        h("span", { class: "cbtu-grade", text: t(`grade_${d.grade}`) }), ...head(d),
        // a choice within the margin of the best is not marked down: its sentence says what was a little better
        d.grade !== "best" ? h("span", { class: "cbtu-loss", text: ys ? t("lossPp", tenth(d.loss)) : t("loss", tenth(d.loss)) }) : null,
        d.grade !== "best" ? better(d) : null]),
      ys ? h("p", { class: "cbtu-odds", text: t("oddsLine", d.true, d.total, d.claim, Math.round(d.chance)) }) : null,
      h("p", { class: "cbtu-why" }, reasonNodes(d.reason, lang)),
      // play on from just before this play or challenge decision (the engine replays the moves before it)
      Number.isInteger(d.move) ? h("button", { type: "button", class: "cbtu-rewind", "data-action": "rewind",
        onclick: () => send({ type: "rewind", moves: d.move }), text: ys ? t("replayFromCard", d.number) : t("replayFrom", d.trick) }) : null]);
    const own = ys && g.own.length ? [h("h4", { text: t("ownDown") }), h("ol", { class: "cbtu-own-down" },
      g.own.map((o) => h("li", { "data-own-down": String(o.number), "data-truthful": String(o.truthful) },
        [h("p", { class: "cbtu-why" }, reasonNodes(o.reason, lang))])))] : [];
    const byNumber = new Map((ys ? g.decisions : []).map((d) => [d.number, d]));
    const missed = ys ? (g.missed_bluffs || []).map((n) => byNumber.get(n)).filter(Boolean) : [];
    const bluffs = ys ? [h("h4", { text: t("missedBluffs") }), missed.length
      ? h("ul", { class: "cbtu-missed-bluffs" }, missed.map((d) => h("li", { "data-missed-bluff": String(d.number) }, [
        h("strong", { text: t("cardNo", d.number) }), ` ${who(d.claimant)} · ${t("claims", d.claim)} · ${t("was")} `,
        cardChips([d.card], lang)])))
      : h("p", { text: t("noMissedBluffs") })] : [];
    const title = ys ? t("gradedChallenges") : t("graded");
    return h("section", { class: "cbtu-graded", "aria-label": title }, [
      h("h4", { text: title }),
      g.decisions.length ? h("ol", { class: "cbtu-decisions" }, g.decisions.map(decision)) : h("p", { text: t(ys ? "noneGradedYs" : "noneGraded") }),
      h("p", { class: "cbtu-why cbtu-graded-about" }, reasonNodes(g.about, lang)), ...bluffs, ...own]);
  }

  /** "Deal another": in a match, its next hand (levels and dealer carried over) or, once a team has
   * played through A, a new match; else the next seed's deal. */
  function nextButton(v, r) {
    const seed = (v.seed || 0) + 1;
    if (!r.match) return h("button", { type: "button", "data-action": "next", onclick: () => send({ type: "start", seed }), text: t("next") });
    const message = r.match.next ? { type: "start", ...r.match.next } : { type: "start", seed, match: true, levels: "2-2", dealer: null };
    return h("button", { type: "button", "data-action": "next", onclick: () => send(message), text: r.match.next ? t("nextHand") : t("newMatch") });
  }

  /** The deal's options: the rules (either 升级 guide; 一上一下 with or without YS-16's agreement),
   * in 一上一下 how many practice players, in 升级 a match, and the practice bots' level (the hints play at
   * it too); a change deals again. */
  function options() {
    const v = view();
    const rules = h("div", { class: "cbtu-option", role: "group", "aria-label": t("rules") }, [h("span", { text: t("rules") }),
      ...(v.rulesets || []).map((r) => h("button", { type: "button", "data-control": `ruleset-${r.id}`, "aria-pressed": String(r.id === v.ruleset),
        title: say(r.label), onclick: () => { if (r.id !== v.ruleset) send({ type: "start", ruleset: r.id }); } }, words(say(r.short))))]);
    const opponents = game === "yishang" ? h("label", { class: "cbtu-option" }, [t("opponents"), " ",
      h("select", { "data-control": "opponents", onchange: (e) => send({ type: "start", opponents: Number(e.target.value) }) },
        [1, 2, 3].map((n) => h("option", { value: String(n), selected: n === v.opponents, text: String(n) })))]) : null;
    const levels = v.sparring_levels || [];
    const sparring = levels.length ? h("label", { class: "cbtu-option" }, [t("sparring"), " ",
      h("select", { "data-control": "sparring", onchange: (e) => send({ type: "start", sparring: e.target.value }) },
        levels.map((l) => h("option", { value: l.id, selected: l.id === v.sparring, title: say(l.about), text: say(l.label) })))]) : null;
    const match = game === "shengji" ? h("button", { type: "button", class: "cbtu-option", "data-control": "match",
      "aria-pressed": String(Boolean(v.match)), text: t("match"),
      onclick: () => send(v.match ? { type: "start", match: false } : { type: "start", match: true, levels: "2-2", dealer: null }) }) : null;
    const link = h("a", { href: v.link, class: "cbtu-link", "data-control": "link", text: t("link") });
    return h("div", { class: "cbtu-options" }, [rules, opponents, match, sparring, link]);
  }

  function ownSettings() {
    if (pageHasSettingsBar()) return null;
    const w = SETTINGS_WORDS[lang];
    return h("span", { class: "cbtu-settings" }, [
      h("button", { type: "button", "data-control": "lang", lang: lang === "en" ? "zh-Hans" : "en", title: w.languageTitle,
        text: w.language, onclick: () => { if (address()) { model.set("lang", ""); model.save_changes(); } writeSettings({ lang: lang === "zh" ? "en" : "zh" }); } }),
      h("button", { type: "button", "data-control": "four", title: w.fourColourTitle, "aria-pressed": String(readSettings().fourColour),
        text: w.fourColour, onclick: () => writeSettings({ fourColour: !readSettings().fourColour }) })]);
  }

  function draw() {
    const v = view();
    const live = started && !unavailable && v.state && v.state !== "loading";
    root.dataset.state = live ? v.state : "loading";
    if (live) root.dataset.serial = String(v.serial); else delete root.dataset.serial;  // which answer is drawn
    if (live && v.turn === "you") root.dataset.turn = "you"; else delete root.dataset.turn;
    if (busy) root.dataset.busy = "true"; else delete root.dataset.busy;
    if (shown !== null) root.dataset.animating = "true"; else delete root.dataset.animating;
    root.lang = zh();
    root.setAttribute("aria-label", t(game));
    const focused = root.contains(document.activeElement) ? activeControl() : null;
    const keep = focused && (focused.dataset.action || focused.dataset.position || focused.dataset.choice || focused.dataset.control);
    const header = h("div", { class: "cbtu-header" }, [h("p", { class: "cbtu-title" }, [h("strong", {}, words(t(game))),
      ...(live ? [" · ", ...words(say(v.ruleset_label)), ` · ${t("deal", game, v.seed)}`] : [])]), ownSettings()]);
    const why = unavailable ? "unavailable" : "silent";
    const quiet = silent || unavailable ? h("div", { class: "cbtu-silent" }, [
      h("p", { lang: "en", text: TUTOR_WORDS.en[why] }), h("p", { lang: "zh-Hans", text: TUTOR_WORDS.zh[why] })]) : null;
    const said = [];
    if (v.engine && v.message) said.push(h("p", { class: "cbtu-engine" }, words(say(v.message))));
    else if (refused !== null) said.push(h("p", { class: "cbtu-refusal", text: t("refused", refused) }));
    else if (live && v.status) {
      said.push(h("p", { class: "cbtu-refusal" }, [v.status.rule ? h("span", { class: "cbtu-rule", text: v.status.rule }) : null, " ",
        ...reasonNodes(sentence(v.status), lang)]));
      const notes = notesDisclosure(v.status, lang);
      if (notes) said.push(notes);
    }
    if (live && refused === null && !v.status && !v.engine && (v.outcome || []).length) {  // what the reader's move did
      said.push(h("div", { class: "cbtu-outcome" }, v.outcome.map((line) => h("p", {}, reasonNodes(sentence(line), lang)))));
    }
    const status = h("div", { class: "cbtu-status", role: "status" }, said);
    if (!live) {
      root.replaceChildren(header, quiet || h("p", { class: "cbtu-loading", text: t("starting") }), status);
      return;
    }
    const decision = v.decision;
    const hint = v.hint ? h("div", { class: "cbtu-hint-box", "aria-live": "polite" }, [h("strong", { text: `${t("hintSays")}: ` }),
      ...reasonNodes(v.hint.reason, lang)]) : h("div", { class: "cbtu-hint-box", "aria-live": "polite", hidden: true });
    root.replaceChildren(header, options(), facts(), game === "shengji" ? shengjiTable() : yishangTable(), recent() || "",
      decision && !hiddenPlays() ? h("p", { class: "cbtu-prompt" }, reasonNodes(decision.prompt, lang)) : "",
      v.state === "over" ? "" : hand(), choices() || "", v.state === "over" ? "" : controls(), hint, status, quiet || "", review() || "");
    if (keep) {
      const again = /** @type {HTMLElement | null} */ (root.querySelector(`[data-action="${keep}"], [data-position="${keep}"], [data-choice="${keep}"], [data-control="${keep}"]`)
        || (keep === "skip" ? root.querySelector("[data-action=play]") : null));  // "Show all" is gone once all is shown
      if (again) again.focus({ preventScroll: true });
    }
  }

  const stop = onSettings((settings) => { lang = settings.lang; draw(); });
  const onHash = () => { const deal = dealFromAddress(); if (deal !== null) start(deal); };
  window.addEventListener("hashchange", onHash);
  applySettingsToDocument(readSettings());
  boot();
  return () => { stop(); window.removeEventListener("hashchange", onHash); clearTimeout(timer); clearTimeout(stepper); };
}

export default { render };
