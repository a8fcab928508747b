// @ts-check
// Class mode, the student's phone: join a class with a nickname, see the teacher's current class
// puzzle (drawn by the class puzzle's own front end, widgets/static/class_puzzle.js), answer it once a
// round, see the room's counts when the teacher shows them.  It imports the book's shared front-end
// code (dom.js, cards.js, settings.js) and the class puzzle; esbuild bundles them into one module
// (tools/bundle_front_ends.mjs), which the server sends with the card faces in front
// (classroom/handlers.py, whose handlers() lists the server's API).  No kernel: plain fetches, a poll every 1.5 s.
import { h } from "../../widgets/static/dom.js";
import { cardFace, cardRow, sayText } from "../../widgets/static/cards.js";
import { applySettingsToDocument, onSettings, readSettings, settingsBar } from "../../widgets/static/settings.js";
import classPuzzle from "../../widgets/static/class_puzzle.js";

const UI = {
  en: {
    codeLabel: "Class code (on the teacher's screen)", codeGo: "Go to the class", nickLabel: "Your nickname",
    nickHint: "Up to 24 characters; the teacher sees it beside your answers.", join: "Join the class",
    joined: (name) => `Joined as ${name}.`, waiting: "Waiting for the teacher's question…",
    send: "Send my answer", sending: "Sending…", number: "Your answer (a whole number)", choose: "Choose…",
    pick: (n, k) => `Pick ${n} card${n === 1 ? "" : "s"} from the hand (${k} picked).`,
    voted: "Your answer:", wait: "Sent. Wait for the teacher to reveal the answer.",
    closed: "The vote is closed.", closedNone: "The vote closed before you answered.",
    right: "Right!", wrong: "Not this time: the right answer is marked.",
    counts: "The room's answers", round: (n) => `Round ${n}`, votes: (n) => `${n} vote${n === 1 ? "" : "s"}`,
    badCode: "No class has this code: check the teacher's screen.", offline: "The class server does not answer; trying again…",
    taken: "That nickname is taken in this class: choose another.", slow: "Too many joins from this phone: wait a minute, then try again.", badNick: "A nickname is 1 to 24 characters.",
    already: "You have already answered this round.", late: "Too late: the vote on this question is closed.",
    cards: "Hand", rightAnswer: "✓ right answer", theAnswer: "✓ The right answer:", again: (n) => `Round ${n}: talk it over with your neighbour, then vote again.`,
  },
  zh: {
    codeLabel: "课堂代码（见老师的屏幕）", codeGo: "进入课堂", nickLabel: "你的昵称",
    nickHint: "最多24个字符；老师会在你的答案旁看到它。", join: "加入课堂",
    joined: (name) => `已用昵称 ${name} 加入。`, waiting: "等待老师出题……",
    send: "提交答案", sending: "提交中……", number: "你的答案（整数）", choose: "请选择……",
    pick: (n, k) => `从手牌中选${n}张（已选${k}张）。`,
    voted: "你的答案：", wait: "已提交。等待老师公布答案。",
    closed: "投票已结束。", closedNone: "你回答之前投票已经结束。",
    right: "答对了！", wrong: "这次没答对：正确答案已标出。",
    counts: "全班的答案", round: (n) => `第${n}轮`, votes: (n) => `${n}票`,
    badCode: "没有这个课堂代码：请看老师的屏幕。", offline: "课堂服务器没有响应，正在重试……",
    taken: "这个昵称在本课堂已被使用，请换一个。", slow: "这台手机加入的次数太多：请等一分钟再试。", badNick: "昵称为1～24个字符。",
    already: "这一轮你已经回答过了。", late: "太晚了：这道题的投票已经结束。",
    cards: "手牌", rightAnswer: "✓ 正确答案", theAnswer: "✓ 正确答案：", again: (n) => `第${n}轮：先和同桌讨论，再投一次。`,
  },
};

const ROOT = document.body.dataset.root;
const main = document.querySelector(".cj-main");
const CODE = decodeURIComponent(location.pathname.split("/join/")[1] || "").replace(/\/$/, "").trim().toUpperCase();
const KEY = `cardbook-class-student:${CODE}`;
let lang = readSettings().lang;
const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
const txt = (pair) => (pair ? pair[lang] || pair.en : "");
const say = (pair) => sayText(txt(pair), lang);

const state = {
  me: readMe(), joined: null, question: null, seen: "", message: null, sending: false, timer: null,
  choice: null, picked: [], number: "", fields: [], puzzleKey: "", stopPuzzle: null,
};

function readMe() {
  try { const me = JSON.parse(localStorage.getItem(KEY)); return me && me.token ? me : null; } catch { return null; }
}

/** A call of the class API; throws {status, message} with the server's sentence on an error.
 * @param {string} path
 * @param {{method?: string, body?: object}} [options] */
async function api(path, { method = "GET", body } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (state.me) headers["X-Student-Token"] = state.me.token;
  const response = await fetch(`${ROOT}/api/classes/${encodeURIComponent(CODE)}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw { status: response.status, message: data.error || response.statusText };
  return data;
}

function status(words, kind = "") {
  return h("p", { class: `cj-status ${kind}`, role: kind === "cj-error" ? "alert" : "status" }, words);
}

function codeForm() {
  const input = h("input", { id: "cj-code", name: "code", autocomplete: "off", autocapitalize: "characters",
    maxlength: "5", required: true, value: CODE });
  return h("form", { class: "cj-form cj-code", onsubmit: (e) => {
    e.preventDefault();
    const code = input.value.trim().toUpperCase();
    if (code) location.href = `${ROOT}/join/${encodeURIComponent(code)}`;
  } }, [h("label", { for: "cj-code", text: t("codeLabel") }), input,
    h("button", { type: "submit", class: "cj-button", text: t("codeGo") })]);
}

function nicknameForm() {
  const input = h("input", { id: "cj-nick", name: "nickname", autocomplete: "nickname", maxlength: "24", required: true });
  return h("form", { class: "cj-form cj-nick", onsubmit: async (e) => {
    e.preventDefault();
    const nickname = input.value.trim();
    if (!nickname || nickname.length > 24) { state.message = status(t("badNick"), "cj-error"); draw(); return; }
    try {
      const joined = await api("/students", { method: "POST", body: { nickname } });
      state.me = { token: joined.student_token, nickname: joined.nickname };  // as the class shows it (normalised)
      localStorage.setItem(KEY, JSON.stringify(state.me));
      state.joined = joined.nickname;
      state.message = null;
      poll();
    } catch (error) {
      const words = { 409: t("taken"), 404: t("badCode"), 429: t("slow") }[error.status];
      state.message = status(words || error.message, "cj-error");
      draw();
    }
  } }, [h("label", { for: "cj-nick", text: t("nickLabel") }), input, h("p", { class: "cj-who", text: t("nickHint") }),
    h("button", { type: "submit", class: "cj-button", text: t("join") })]);
}

/** The position and question, drawn by the class puzzle's front end (redrawn only for a new question). */
function puzzle(q) {
  const key = `${q.id}`;
  if (state.puzzleKey !== key || !state.puzzleEl) {
    if (state.stopPuzzle) state.stopPuzzle();
    const data = { spec: q.puzzle, ruleset: q.ruleset, note: {}, rules_label: q.puzzle.rules_label, error: {}, lang: "" };
    const model = { get: (name) => data[name], set: (name, value) => { data[name] = value; }, save_changes() {}, on() {}, send() {} };
    state.puzzleEl = h("div", { class: "cj-puzzle" });
    state.stopPuzzle = classPuzzle.render({ model, el: state.puzzleEl });
    state.puzzleKey = key;
  }
  return state.puzzleEl;
}

/** The indexes in the hand of the first right answer's cards, once revealed (a pair's two cards both). */
function rightCards(hand, correct) {
  const marked = new Set();
  if (!correct || !correct.length) return marked;
  for (const card of correct[0].split(" ")) {
    const at = hand.findIndex((c, i) => c === card && !marked.has(i));
    if (at >= 0) marked.add(at);
  }
  return marked;
}

/** What the student has chosen, as the API's answer ("" while incomplete). */
function answerOf(p) {
  if (p.input === "choice") return state.choice || "";
  if (p.input === "cards") return state.picked.length === p.pick ? [...state.picked].sort((a, b) => a - b).map((i) => p.position.hand[i]).join(" ") : "";
  if (p.input === "number") return /^-?\d{1,6}$/.test(state.number.trim()) ? state.number.trim() : "";
  return state.fields.length === p.fields.length && state.fields.every(Boolean) ? state.fields.join("|") : "";
}

/** An answer key as the player reads it: its label, its cards as faces, the fields' option labels. */
function answerWords(p, key) {
  if (p.input === "cards") return [cardRow(key.split(" "), lang)];
  if (p.input === "fields") {
    return sayText(key.split("|").map((v, i) => {
      const o = p.fields[i].options.find((x) => x.value === v);
      return `${txt(p.fields[i].label)} ${o && o.label ? txt(o.label) : v}`;
    }).join(" · "), lang);
  }
  const a = (p.answers || []).find((x) => x.key === key);
  if (a && a.label) return say(a.label);
  if (a && a.cards) return [cardRow(a.cards, lang)];
  return [key];
}

function controls(q) {
  const p = q.puzzle;
  const locked = q.my_vote !== null || !q.open || state.sending;
  const send = h("button", { type: "button", class: "cj-button cj-send", disabled: locked || !answerOf(p),
    text: state.sending ? t("sending") : t("send"), onclick: () => vote(q) });
  const refresh = () => { send.disabled = locked || !answerOf(p); };
  let body;
  if (p.input === "choice") {
    body = h("ul", { class: "cj-options" }, p.answers.map((a) => h("li", {}, h("button", {
      type: "button", class: "cj-option" + (q.correct && q.correct.includes(a.key) ? " cj-right" : ""), "data-key": a.key,
      "aria-pressed": String((q.my_vote || state.choice) === a.key), disabled: locked,
      onclick: () => { state.choice = a.key; draw(); } }, [...answerWords(p, a.key),
        q.correct && q.correct.includes(a.key) ? h("span", { class: "cj-mark", text: t("rightAnswer") }) : null]))));
  } else if (p.input === "cards") {
    const mine = q.my_vote ? q.my_vote.split(" ") : null;
    const right = rightCards(p.position.hand, q.correct);
    const hint = h("p", { class: "cj-who", text: t("pick", p.pick, state.picked.length) });
    body = h("div", {}, [h("div", { class: "cj-hand", role: "group", "aria-label": t("cards") }, p.position.hand.map((card, i) =>
      h("button", { type: "button", class: "cj-card" + (right.has(i) ? " cj-right" : ""), "data-card": card, "data-index": String(i), disabled: locked,
        "aria-pressed": String(mine ? mine.includes(card) : state.picked.includes(i)),
        onclick: () => {
          const at = state.picked.indexOf(i);
          if (at >= 0) state.picked.splice(at, 1); else if (state.picked.length < p.pick) state.picked.push(i);
          draw();
        } }, cardFace(card, lang)))), hint]);
  } else if (p.input === "number") {
    const input = h("input", { id: "cj-number", inputmode: "numeric", pattern: "-?[0-9]*", autocomplete: "off",
      value: q.my_vote || state.number, disabled: locked, oninput: (e) => { state.number = e.target.value; refresh(); } });
    body = h("div", { class: "cj-number cj-form" }, [h("label", { for: "cj-number", text: t("number") }), input]);
  } else {
    const mine = q.my_vote ? q.my_vote.split("|") : null;
    body = h("div", { class: "cj-fields" }, p.fields.map((f, i) => h("label", { class: "cj-field" }, [...say(f.label),
      h("select", { disabled: locked, onchange: (e) => { state.fields[i] = e.target.value; refresh(); } }, [
        h("option", { value: "", text: t("choose") }),
        ...f.options.map((o) => h("option", { value: o.value, selected: (mine ? mine[i] : state.fields[i]) === o.value,
          text: o.label ? txt(o.label) : o.value }))])])));
  }
  return h("div", { class: "cj-controls" }, [body, q.my_vote === null && q.open ? send : null]);
}

function verdict(q) {
  const out = [];
  if (q.round > 1 && q.open && q.my_vote === null) out.push(status(t("again", q.round)));
  if (q.my_vote !== null) out.push(status([h("strong", { text: t("voted") }), " ", ...answerWords(q.puzzle, q.my_vote)]));
  if (q.my_vote !== null && q.correct) {
    out.push(q.correct.includes(q.my_vote) ? status(t("right"), "cj-right") : status(t("wrong")));
  } else if (q.my_vote !== null && q.open) out.push(status(t("wait")));
  if (q.correct && q.correct.length && q.puzzle.input !== "choice") {  // a choice marks its option instead
    out.push(h("p", { class: "cj-status cj-answer cj-right", role: "status", "data-key": q.correct[0] },
      [h("strong", { text: t("theAnswer") }), " ", ...answerWords(q.puzzle, q.correct[0])]));
  }
  if (!q.open) out.push(status(q.my_vote === null ? t("closedNone") : t("closed")));
  return out;
}

function counts(q) {
  if (!q.shown || !q.counts) return null;
  const total = Object.values(q.counts).reduce((a, b) => a + b, 0);
  return h("section", { class: "cj-room", "aria-label": t("counts") }, [
    h("h2", { class: "cj-who", text: `${t("counts")} · ${t("round", q.round)} · ${t("votes", total)}` }),
    h("ul", { class: "cj-counts" }, Object.entries(q.counts).map(([key, n]) => h("li", {
      class: "cj-count" + (q.correct && q.correct.includes(key) ? " cj-right" : ""), "data-key": key }, [
      h("span", {}, answerWords(q.puzzle, key)), h("strong", { text: String(n) }),
      h("span", { class: "cj-bar", style: `width: ${total ? (100 * n) / total : 0}%`, "aria-hidden": "true" })]))),
  ]);
}

async function vote(q) {
  const answer = answerOf(q.puzzle);
  if (!answer) return;
  state.sending = true;
  draw();
  try {
    await api("/votes", { method: "POST", body: { question: q.id, round: q.round, answer } });
    state.message = null;
  } catch (error) {
    const words = error.status === 409 ? (q.open ? t("already") : t("late")) : error.message;
    state.message = status(words, "cj-error");
  }
  state.sending = false;
  await poll();
}

/** A selector finding the control that has the focus again after a redraw (an option, a card, the button). */
function focusSelector(node) {
  if (!node || !main.contains(node)) return null;
  if (node.dataset.key) return `.cj-option[data-key="${CSS.escape(node.dataset.key)}"]`;
  if (node.dataset.index) return `.cj-card[data-index="${node.dataset.index}"]`;
  return node.classList.contains("cj-send") ? ".cj-send" : null;
}

function draw() {
  const focused = focusSelector(document.activeElement);
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
  const parts = [state.message];
  if (!CODE) parts.push(codeForm());
  else if (!state.me) parts.push(nicknameForm());
  else if (!state.question) parts.push(state.joined ? status(t("joined", state.joined)) : null, status(t("waiting")));
  else {
    const q = state.question;
    parts.push(puzzle(q), controls(q), ...verdict(q), counts(q));
  }
  main.replaceChildren(...parts.filter(Boolean));
  const again = focused && /** @type {HTMLButtonElement | null} */ (main.querySelector(focused));
  if (again && !again.disabled) again.focus();
}

async function poll() {
  clearTimeout(state.timer);
  if (CODE && state.me) {
    try {
      const { question } = await api("/current");
      const seen = JSON.stringify(question);
      const before = state.question;
      if (!before || !question || before.id !== question.id || before.round !== question.round) {
        Object.assign(state, { choice: null, picked: [], number: "", fields: [] });
      }
      if (seen !== state.seen) { state.seen = seen; state.question = question; draw(); }
      if (state.message && state.message.dataset.offline) { state.message = null; draw(); }
    } catch (error) {
      if (error.status === 403) { localStorage.removeItem(KEY); state.me = null; state.question = null; }
      state.message = status(error.status === 404 ? t("badCode") : error.status ? error.message : t("offline"), "cj-error");
      if (!error.status) state.message.dataset.offline = "1";
      draw();
      if (error.status === 404) return;
    }
  }
  state.timer = setTimeout(poll, 1500);
}

const bar = settingsBar();
document.querySelector(".cj-settings").append(bar.element);
onSettings((settings) => { lang = settings.lang; draw(); });
applySettingsToDocument(readSettings());
draw();
poll();
