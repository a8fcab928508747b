// @ts-check
// Class mode, the teacher's side (widgets/class_session.py): the join slide ("Open a class", then
// the code, QR code and address) and a class puzzle's live panel (bar chart of the class's answers,
// hidden until shown; close the vote; a second round beside the first; the answers' CSV and the
// mistakes by rule id). The browser talks to the class server itself (same origin, fetch):
// /cardbook-class/api/… under the page's base URL. The server holds the teacher's session: opening a class
// sets a teacher cookie (HttpOnly), so a new tab, a reload or a restarted server reopens the newest class
// of the deck (adoptClass), and the join slide lists past classes with their CSV and mistakes map; the
// tab's sessionStorage only caches the class it runs. A panel posts its puzzle as the current question when
// its slide is shown (reveal.js marks it "present"; outside reveal.js, when it scrolls into view),
// never from the speaker view (?receiver) or print (?print-pdf). Language: the deck's address
// (model "lang") when it names one, else the reader's setting, and a later change applies either way.
import { h } from "./dom.js";
import { cardChips, relayoutOnResize, releaseAfterPointer, sayText } from "./cards.js";
import { applySettingsToDocument, onSettings, readSettings } from "./settings.js";

const CLASS_KEY = "cardbook-class";
const CLASS_EVENT = "cardbook:class";
const POLL_MS = 700;
const ROSTER_MS = 2000;
/** Each round's bar colour (the fifth round takes the first's again). */
const ROUND_COLOURS = ["#1f5fbf", "#b35900", "#1a7f37", "#6f42c1"];
const roundColour = (r) => `--ccs-bar-colour: ${ROUND_COLOURS[(Number(r) - 1) % ROUND_COLOURS.length]}`;

const WORDS = {
  en: {
    open: "Open a class", opening: "Opening…", intro: "Students answer the class puzzles on their phones: no app, no account.",
    join: "Join on your phone", code: "Code", address: "or open", qr: (url) => `QR code for ${url}`,
    loopback: (host) => `Phones cannot reach ${host}: it is this computer itself. Serve the decks with make present CLASS_IP=<this computer's address on the room's network>.`,
    console: "Presenter console (open it on your own screen: it shows the answers)",
    past: "Past classes", pastNone: "No classes yet.",
    pastLine: (c, when) => `${c.code} · ${c.deck} · ${when} · ${c.students} student${c.students === 1 ? "" : "s"} · ${c.votes} answer${c.votes === 1 ? "" : "s"}`,
    joined: (n) => `${n} joined`, remove: (name) => `Remove ${name}`,
    removeSure: (name) => `Remove ${name} and their answers? Click again`,
    fresh: "Open a new class", sure: "Sure? Phones on this class stop: click again", deck: (d) => `Class on ${d}`,
    vote: "Class vote", show: "Show votes", hide: "Hide votes", close: "Close vote", reopen: "Open vote",
    reveal: "Reveal answer", revealed: "Answer revealed", right: "✓ right answer",
    again: "Discuss with your neighbour and vote again", csv: "answers.csv", mistakes: "Mistakes map",
    tally: (v, s) => `${v} of ${s} voted`, round: (r) => `Round ${r}`,
    hidden: (v) => `${v} answer${v === 1 ? "" : "s"} in, hidden until you show them.`,
    noVotes: "No answers yet.", chart: "The class's answers", none: "No wrong answers so far.",
    wrong: (w, a) => `${w} wrong of ${a}`,
    refused: "The class server refused this tab's teacher key: open a new class on the join slide.",
    unknown: (c) => `The class server does not know class ${c}: open a new class on the join slide.`,
    silent: "The class server does not answer: is the deck served by `make present`?",
    static: "Class mode runs when the decks are served by `make present`: this copy of the deck needs no server, and has no class.",
    said: (e, n) => `The class server said: ${e} (HTTP ${n}).`,
  },
  zh: {
    open: "开始上课", opening: "正在开启…", intro: "学生用手机回答课堂练习：无需应用，无需账号。",
    join: "用手机加入", code: "课堂码", address: "或打开", qr: (url) => `${url} 的二维码`,
    loopback: (host) => `手机打不开 ${host}：它指的是这台电脑本身。请用 make present CLASS_IP=<本机在教室网络中的地址> 打开讲稿。`,
    console: "讲台控制台（在自己的屏幕上打开：它显示答案）",
    past: "以往的课堂", pastNone: "还没有课堂。",
    pastLine: (c, when) => `${c.code} · ${c.deck} · ${when} · ${c.students}名学生 · ${c.votes}份答案`,
    joined: (n) => `已加入${n}人`, remove: (name) => `移除 ${name}`,
    removeSure: (name) => `移除 ${name} 和他的答案？请再点一次`,
    fresh: "重新开一堂课", sure: "确定吗？本堂课的手机将停止：请再点一次", deck: (d) => `课堂：${d}`,
    vote: "全班投票", show: "显示投票", hide: "隐藏投票", close: "结束投票", reopen: "开始投票",
    reveal: "公布答案", revealed: "答案已公布", right: "✓ 正确答案",
    again: "和同桌讨论后再投一次", csv: "答题记录 CSV", mistakes: "错误分布",
    tally: (v, s) => `${s}人中${v}人已答`, round: (r) => `第${r}轮`,
    hidden: (v) => `已收到${v}份答案，显示前保密。`,
    noVotes: "还没有答案。", chart: "全班的答案", none: "目前没有答错。",
    wrong: (w, a) => `${a} 人中 ${w} 人答错`,
    refused: "课堂服务器拒绝了本页的教师密钥：请在加入页重新开一堂课。",
    unknown: (c) => `课堂服务器不认识课堂 ${c}：请在加入页重新开一堂课。`,
    silent: "课堂服务器没有响应：这份讲稿是用 `make present` 打开的吗？",
    static: "课堂模式要用 `make present` 打开讲稿才能使用；这份讲稿不需要服务器，也就没有课堂。",
    said: (e, n) => `课堂服务器：${e}（HTTP ${n}）。`,
  },
};

/** The class this tab runs ({code, token, joinUrl, deck, question}), or null: a cache of the server's session
 * (the teacher cookie, adoptClass), so a slide change needs no request; token "" when adopted by cookie. */
function readClass() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(CLASS_KEY) || "null");
    return stored && typeof stored.code === "string" && typeof stored.token === "string" ? stored : null;
  } catch (unreadable) { return null; }
}

function writeClass(record) {
  try {
    if (record) window.sessionStorage.setItem(CLASS_KEY, JSON.stringify(record));
    else window.sessionStorage.removeItem(CLASS_KEY);
  } catch (privateMode) { /* the class lasts as long as this page */ }
  window.dispatchEvent(new CustomEvent(CLASS_EVENT));
}

/** The join address's host when phones cannot reach it (loopback: this computer itself), else null. */
function loopbackHost(url) {
  let host;
  try { host = new URL(url).hostname; } catch (notUrl) { return null; }
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i.test(host) ? host : null;
}

let adopting = null;

/** The server holds the teacher's session (a cookie set when a class is opened): a new tab, another day or a
 * restarted server finds the newest class this browser opened on ``deck``, and its current question. */
function adoptClass(deck) {
  if (adopting || readClass() || !served()) return adopting;
  adopting = callClass("teacher/classes").then(({ classes }) => {
    const mine = classes.find((c) => c.deck === deck);
    if (!mine || readClass()) return;
    const q = mine.question;
    writeClass({ code: mine.code, token: "", joinUrl: mine.join_url, deck, question: q ? { slide: q.slide, specId: q.spec_id, id: q.id } : null });
  }, () => { /* no server session: the join slide offers to open a class */ });
  return adopting;
}

/** Whether a server serves this deck (Voila writes #jupyter-config-data); a static export has none. */
const served = () => Boolean(document.getElementById("jupyter-config-data"));

/** The class server's API address, under the page's base URL (Voila's #jupyter-config-data). */
function classApi(path) {
  let base = "/";
  try { base = JSON.parse(document.getElementById("jupyter-config-data").textContent).baseUrl || "/"; } catch (none) { /* "/" */ }
  return base.replace(/\/?$/, "/") + "cardbook-class/api/" + path;
}

class ClassServerError extends Error {
  constructor(status, said) { super(said || `HTTP ${status}`); this.status = status; this.said = said; }
}

/** One call of the class server: parsed JSON (or the Blob when ``blob``), a ClassServerError if refused.
 * @param {string} path
 * @param {{method?: string, body?: object, token?: string, blob?: boolean}} [options] */
async function callClass(path, { method = "GET", body, token, blob = false } = {}) {
  const headers = { "X-Class-Teacher": "cookie" };  // the teacher cookie counts (when no token is given)
  if (token) headers["X-Class-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(classApi(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin", cache: "no-store" });
  } catch (offline) { throw new ClassServerError(0, null); }
  if (!response.ok) {
    const said = await response.json().then((data) => data && data.error, () => null);
    throw new ClassServerError(response.status, said);
  }
  return blob ? response.blob() : response.json();
}

/** Save a class's answers.csv (the teacher's token, or the cookie when the token is ""). */
async function downloadCsv(code, token) {
  const file = await callClass(`classes/${encodeURIComponent(code)}/answers.csv`, { token, blob: true });
  const url = URL.createObjectURL(file);
  const link = h("a", { href: url, download: `class-${code}-answers.csv`, hidden: true });
  document.body.append(link); link.click(); link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function render({ model, el }) {
  const address = () => (["en", "zh"].includes(model.get("lang")) ? model.get("lang") : null);
  let stored = readSettings().lang;
  let lang = address() || stored;
  const t = (name, ...args) => { const v = WORDS[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const root = h("div", { class: "ccs", role: "region" });
  el.append(root);
  const part = model.get("part") === "panel" ? panelPart(model, root, t, () => lang) : joinPart(model, root, t, () => lang);
  function redraw() {
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    part.draw();
  }
  const stopSettings = onSettings((settings) => {
    if (settings.lang !== stored) { stored = settings.lang; lang = settings.lang; }
    redraw();
  });
  const classChanged = () => part.classChanged();
  window.addEventListener(CLASS_EVENT, classChanged);
  model.on("change:lang", () => { lang = address() || stored; redraw(); });
  // on a slide: re-laid out when drawn, and a clicked button gives the clicker's keys back to the slides (cards.js)
  const unwatch = [relayoutOnResize(root), releaseAfterPointer(root)];
  applySettingsToDocument(readSettings());
  redraw();
  adoptClass(model.get("deck"));
  return () => {
    stopSettings(); unwatch.forEach((stop) => stop()); window.removeEventListener(CLASS_EVENT, classChanged); part.dispose();
  };
}

/** What a refusal of the class server tells the teacher. */
function problem(t, error, code) {
  if (error.status === 0) return t("silent");
  if (error.status === 403) return t("refused");
  if (error.status === 404) return t("unknown", code);
  return t("said", error.said || error.message, error.status);
}

/** The join slide: "Open a class", then the code, the QR code and the address. */
function joinPart(model, root, t, language) {
  let status = null;  // what went wrong, in the language of the moment
  let busy = false;
  let armed = false;
  let lost = null;  // the code of a class whose QR code the server refused (it no longer knows the class)
  let roster = [];  // who joined: [{id, nickname}], polled while the slide is in the page
  let rosterOf = "";  // the class code the roster is of
  let removing = null;  // the student id whose "Remove" was clicked once (a second click removes)
  let timer = null;

  async function fetchRoster() {
    const record = readClass();
    if (!record || !root.isConnected) return;
    try {
      const { students } = await callClass(`classes/${encodeURIComponent(record.code)}/roster`, { token: record.token });
      if (readClass() && readClass().code === record.code && (rosterOf !== record.code || JSON.stringify(students) !== JSON.stringify(roster))) {
        roster = students; rosterOf = record.code; draw();
      }
    } catch (refused) { /* the QR code's error says why; the names wait for the next poll */ }
  }

  async function pollRoster() {
    await fetchRoster();
    if (timer !== null) timer = window.setTimeout(pollRoster, ROSTER_MS);
  }
  /** Poll who joined from the first draw until the widget goes (a static export has no server to ask). */
  const startRoster = () => { if (timer === null && served()) { timer = 0; pollRoster(); } };

  async function remove(student) {
    if (removing !== student.id) { removing = student.id; draw(); return; }
    const record = readClass();
    removing = null;
    try {
      await callClass(`classes/${encodeURIComponent(record.code)}/students/${student.id}`, { method: "DELETE", token: record.token });
      roster = roster.filter((s) => s.id !== student.id);
      status = null;
    } catch (error) { status = () => problem(t, error, record.code); }
    draw();
  }

  let past = null;  // the teacher's classes (the server's list), once "Past classes" is opened
  let pastOpen = false;
  let pastMistakes = {};  // code → the mistakes map shown under it

  async function loadPast() {
    try { past = (await callClass("teacher/classes")).classes; } catch (error) { status = () => problem(t, error, ""); }
    draw();
  }

  async function pastMap(code) {
    if (pastMistakes[code]) { delete pastMistakes[code]; draw(); return; }
    try { pastMistakes[code] = await callClass(`classes/${encodeURIComponent(code)}/mistakes`); } catch (error) {
      status = () => problem(t, error, code);
    }
    draw();
  }

  /** The classes this browser opened, with each one's answers.csv and mistakes map (the server's session). */
  function pastClasses() {
    const when = (c) => new Date(c.created * 1000).toLocaleString(language() === "zh" ? "zh-CN" : "en-GB",
      { dateStyle: "medium", timeStyle: "short" });
    const list = past === null ? [] : past;
    return h("details", { class: "ccs-past", open: pastOpen, ontoggle: (e) => {
      if (e.target.open === pastOpen) return;  // a redraw of an open list, not the teacher's click
      pastOpen = e.target.open;
      if (pastOpen) loadPast();
    } }, [
      h("summary", { text: t("past") }),
      past !== null && !list.length ? h("p", { text: t("pastNone") }) : null,
      h("ul", { class: "ccs-past-list" }, list.map((c) => h("li", { class: "ccs-past-class", "data-code": c.code }, [
        h("span", { class: "ccs-past-line", text: t("pastLine", c, when(c)) }), " ",
        h("button", { type: "button", class: "ccs-past-csv", text: t("csv"), onclick: () => downloadCsv(c.code, "").catch((error) => {
          status = () => problem(t, error, c.code); draw();
        }) }), " ",
        h("button", { type: "button", class: "ccs-past-mistakes", text: t("mistakes"), onclick: () => pastMap(c.code) }),
        pastMistakes[c.code] ? mistakeList(pastMistakes[c.code], t) : null,
      ]))),
    ]);
  }

  /** The live count and names of who joined, each with its "Remove" (two clicks). */
  function names(record) {
    if (rosterOf !== record.code) return null;  // not asked yet
    const list = roster;
    return h("div", { class: "ccs-roster", "data-count": String(list.length) }, [
      h("p", { class: "ccs-joined", text: t("joined", list.length) }),
      h("ul", { class: "ccs-names" }, list.map((s) => h("li", { class: "ccs-name", "data-id": String(s.id) }, [
        h("span", { text: s.nickname }),
        h("button", { type: "button", class: "ccs-remove", "data-armed": String(removing === s.id), onclick: () => remove(s),
          "aria-label": removing === s.id ? t("removeSure", s.nickname) : t("remove", s.nickname),
          text: removing === s.id ? t("removeSure", s.nickname) : "×" })]))),
    ]);
  }

  async function open() {
    busy = true; status = null; draw();
    try {
      const made = await callClass("classes", { method: "POST", body: { deck: model.get("deck") } });
      writeClass({ code: made.code, token: made.teacher_token, joinUrl: made.join_url, deck: model.get("deck"), question: null });
    } catch (error) {
      status = () => problem(t, error, "");
    }
    busy = false; armed = false; draw();
  }

  function draw() {
    const record = readClass();
    root.className = "ccs ccs-join";
    root.dataset.code = record ? record.code : "";
    root.dataset.lost = String(!!record && lost === record.code);
    root.setAttribute("aria-label", t("join"));
    const line = h("p", { class: "ccs-status", role: "status" }, sayText(status ? status() : "", language()));
    if (!served()) {
      root.replaceChildren(h("p", { class: "ccs-intro" }, sayText(t("static"), language())));
      return;
    }
    if (!record) {
      root.replaceChildren(h("p", { class: "ccs-intro", text: t("intro") }),
        h("button", { type: "button", class: "ccs-open", disabled: busy, onclick: open, text: busy ? t("opening") : t("open") }), line,
        pastClasses());
      return;
    }
    const qr = classApi(`classes/${encodeURIComponent(record.code)}/qr.svg`);
    root.replaceChildren(
      h("div", { class: "ccs-join-grid" }, [
        h("div", { class: "ccs-join-words" }, [
          h("p", { class: "ccs-join-label", text: t("join") }),
          h("p", { class: "ccs-code", "aria-label": `${t("code")} ${record.code.split("").join(" ")}`, text: record.code }),
          h("p", { class: "ccs-address" }, [h("span", { class: "ccs-or", text: t("address") }), " ",
            h("span", { class: "ccs-url", lang: "en", text: record.joinUrl })]),
          h("p", { class: "ccs-deck", text: t("deck", record.deck) }),
          loopbackHost(record.joinUrl) ? h("p", { class: "ccs-warn", role: "alert" },
            sayText(t("loopback", loopbackHost(record.joinUrl)), language())) : null,
          names(record),
        ]),
        lost === record.code ? null : h("img", { class: "ccs-qr", src: qr, alt: t("qr", record.joinUrl), width: 400,
          height: 400, onerror: () => { lost = record.code; status = () => t("unknown", record.code); draw(); } }),
      ]),
      h("button", { type: "button", class: "ccs-new", "data-armed": String(armed), disabled: busy,
        onclick: () => { if (armed) open(); else { armed = true; draw(); } }, text: armed ? t("sure") : t("fresh") }),
      line,
      h("p", { class: "ccs-console" }, h("a", { href: classApi("").replace(/api\/$/, "console"), target: "_blank",
        rel: "noopener", text: t("console") })),
      pastClasses());
  }

  return {
    draw: () => { draw(); startRoster(); },
    classChanged: () => { roster = []; rosterOf = ""; draw(); fetchRoster(); },
    dispose: () => { if (timer) window.clearTimeout(timer); timer = null; },
  };
}

/** A class puzzle's live panel: posts the puzzle when its slide shows, polls its counts, runs the vote. */
function panelPart(model, root, t, language) {
  const passive = /(^|[?&])(receiver|print-pdf)(=|&|$)/.test(window.location.search) || !served();
  let question = null;   // the server's view of this panel's question
  let status = null;  // what went wrong, in the language of the moment
  let mistakes = null;   // {rules: {...}} once asked for
  let seen = false;      // the panel is on screen
  let timer = null;
  let posting = null;
  let serial = 0;        // the latest request for the question's state (a poll or an action)
  let section = null;    // the reveal.js slide it is on, once the panel is in the page (none in JupyterLab)
  const watchers = [];

  /** Find the panel's slide and follow its "present" class (reveal.js sets it on the slide shown). */
  function watchSection() {
    if (section || !root.isConnected) return;
    section = root.closest(".reveal .slides section");
    if (!section) return;
    const mo = new MutationObserver(wake);
    mo.observe(section, { attributes: true, attributeFilter: ["class"] });
    watchers.push(() => mo.disconnect());
  }

  function active() {
    watchSection();
    return seen && !passive && (!section || section.classList.contains("present"));
  }
  const specId = () => (model.get("spec") || {}).id || "";

  /** This slide's question in the class record, if it is still the class's current one. */
  function current(record) {
    const q = record && record.question;
    return q && q.slide === model.get("slide") && q.specId === specId() ? q.id : null;
  }

  async function ask(record) {
    const made = await callClass(`classes/${record.code}/questions`, { method: "POST", token: record.token,
      body: { slide: model.get("slide"), spec: model.get("spec"), ruleset: model.get("ruleset") } });
    writeClass({ ...readClass(), question: { slide: model.get("slide"), specId: specId(), id: made.id } });
    return made.id;
  }

  async function poll() {
    timer = null;
    const record = readClass();
    if (!active() || !record || !specId()) return;
    try {
      let id = current(record);
      if (id === null) {
        posting = posting || ask(record).finally(() => { posting = null; });
        id = await posting;
      }
      const mine = ++serial;
      const next = await callClass(`classes/${record.code}/questions/${id}`, { token: record.token });
      const changed = JSON.stringify(next) !== JSON.stringify(question) || status;
      if (mine === serial) { question = next; status = null; }  // else the teacher acted meanwhile: that answer is newer
      if (changed) draw();
    } catch (error) {
      status = () => problem(t, error, record.code); draw();
      if (error.status === 403 || error.status === 404) return;  // the class is gone: wait for a new one
    }
    if (active() && !timer) timer = window.setTimeout(poll, POLL_MS);
  }

  function wake() {
    if (active() && !timer && !posting) poll();
    else if (!active() && timer) { window.clearTimeout(timer); timer = null; }
    draw();
  }

  async function act(what) {
    const record = readClass();
    if (!record || !question) return;
    ++serial;
    try {  // the server answers with the question as it now is
      question = await callClass(`classes/${record.code}/questions/${question.id}/${what}`, { method: "POST", token: record.token });
      status = null;
    } catch (error) { status = () => problem(t, error, record.code); }
    draw();
  }

  async function downloadAnswers() {
    const record = readClass();
    try { await downloadCsv(record.code, record.token); } catch (error) { status = () => problem(t, error, record.code); draw(); }
  }

  async function toggleMistakes() {
    const record = readClass();
    if (mistakes) { mistakes = null; draw(); return; }
    try { mistakes = await callClass(`classes/${record.code}/mistakes`, { token: record.token }); } catch (error) {
      status = () => problem(t, error, record.code);
    }
    draw();
  }

  function draw() {
    const record = readClass();
    const spec = model.get("spec");
    root.className = "ccs ccs-panel";
    root.setAttribute("aria-label", t("vote"));
    root.hidden = passive || !record || !spec || !spec.id;
    if (root.hidden) { root.replaceChildren(); return; }
    const q = question && current(record) === question.id ? question : null;
    const round = q ? q.round : 1;
    Object.assign(root.dataset, { question: q ? q.id : "", round, open: String(!!q && q.open), shown: String(!!q && q.shown),
      revealed: String(!!q && q.revealed) });
    const button = (cls, text, onclick, disabled) => h("button", { type: "button", class: cls, disabled: !q || disabled, onclick, text });
    root.replaceChildren(  // one line: where the vote is, then what the teacher can do (the region is named "Class vote")
      h("div", { class: "ccs-toolbar" }, [
        h("strong", { class: "ccs-round", text: t("round", round) }),
        h("span", { class: "ccs-tally", text: q ? t("tally", q.voted, q.students) : "" }),
        // the peer-instruction steps, each its own control: open / close the vote, show the distribution
        // (no answer), reveal the answer (closing the vote), then vote again
        button("ccs-close", q && !q.open ? t("reopen") : t("close"), () => act(q.open ? "close" : "open"), q && q.revealed),
        button("ccs-show", q && q.shown ? t("hide") : t("show"), () => act(q.shown ? "hide" : "show"), q && q.revealed),
        button("ccs-reveal", q && q.revealed ? t("revealed") : t("reveal"), () => act("reveal"), q && q.revealed),
        button("ccs-again", t("again"), () => act("rounds"), q && q.open),
        button("ccs-csv", t("csv"), downloadAnswers),
        button("ccs-mistakes", t("mistakes"), toggleMistakes),
      ]),
      ...[q && q.shown && q.round > 1 ? legend(q.round, t) : null, q ? chart(spec, q, t, language()) : null, mistakes ? mistakeList(mistakes, t) : null].filter(Boolean),
      h("p", { class: "ccs-status", role: "status" }, sayText(status ? status() : "", language())));
  }

  if (typeof IntersectionObserver === "function") {
    const io = new IntersectionObserver((entries) => { seen = entries[entries.length - 1].isIntersecting; wake(); });
    io.observe(root.parentElement || root);
    watchers.push(() => io.disconnect());
  } else seen = true;
  const specChanged = () => { question = null; mistakes = null; wake(); };
  model.on("change:spec", specChanged);
  return {
    draw,
    classChanged: () => { question = null; mistakes = null; wake(); },
    dispose: () => { watchers.forEach((stop) => stop()); if (timer) window.clearTimeout(timer); model.off("change:spec", specChanged); },
  };
}

/** How one answer key reads on the chart: the option's words or cards, the fields' values, the number. */
function optionLabel(spec, key, lang) {
  const txt = (pair) => (pair ? pair[lang] || pair.en : "");
  if (spec.input === "cards") return [cardChips(key.split(" "), lang)];
  if (spec.input === "fields") {
    const values = key.split("|");
    return sayText(spec.fields.map((field, i) => {
      const option = field.options.find((o) => o.value === values[i]);
      return `${txt(field.label)} ${option ? txt(option.label) || option.value : values[i]}`;
    }).join(" · "), lang);
  }
  const answer = spec.answers.find((a) => a.key === key);
  if (answer && txt(answer.label)) return [...sayText(txt(answer.label), lang), ...(answer.cards ? [" ", cardChips(answer.cards, lang)] : [])];
  if (answer && answer.cards) return [cardChips(answer.cards, lang)];
  return [key];
}

/** The keys the chart shows: every option of a choice, else the keys answered, in the spec's order. */
function chartKeys(spec, counts) {
  const answered = new Set(Object.values(counts).flatMap((round) => Object.keys(round || {})));
  const order = spec.answers.map((a) => a.key);
  if (spec.input === "choice") return [...order, ...[...answered].filter((k) => !order.includes(k))];
  const rank = (k) => (order.includes(k) ? order.indexOf(k) : order.length);
  return [...answered].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, undefined, { numeric: true }));
}

/** The bar chart of a question's counts (rounds side by side), or a line saying they are hidden. */
function chart(spec, q, t, lang) {
  const counts = q.counts || {};
  const rounds = Object.keys(counts).sort((a, b) => Number(a) - Number(b));
  const votes = (r) => Object.values(counts[r] || {}).reduce((a, b) => a + b, 0);
  if (!q.shown) return h("p", { class: "ccs-hidden", text: t("hidden", votes(String(q.round))) });
  const right = q.correct || [];  // the server sends the answer only once it is revealed
  const keys = chartKeys(spec, q.revealed ? { ...counts, answer: Object.fromEntries(right.map((k) => [k, 0])) } : counts);
  if (!keys.length) return h("p", { class: "ccs-hidden", text: t("noVotes") });
  const most = Math.max(1, ...rounds.flatMap((r) => Object.values(counts[r] || {})));
  return h("div", { class: "ccs-chart" }, [
    h("ol", { class: "ccs-bars", "aria-label": t("chart") }, keys.map((key) => h("li", {
      class: "ccs-row" + (right.includes(key) ? " ccs-right" : ""), "data-key": key }, [
      h("span", { class: "ccs-label" }, [...optionLabel(spec, key, lang), right.includes(key) ? h("span", { class: "ccs-mark", text: ` ${t("right")}` }) : null]),
      h("span", { class: "ccs-group" }, rounds.map((r) => {
        const n = (counts[r] || {})[key] || 0;
        return h("span", { class: "ccs-bar-line", "data-round": r, style: roundColour(r) }, [
          h("span", { class: "ccs-bar", style: `width: ${(100 * n) / most}%` }),
          h("span", { class: "ccs-count", "aria-label": `${t("round", r)}: ${n}`, text: String(n) }),
        ]);
      })),
    ]))),
  ]);
}

/** Which colour is which round, once there are two or more. */
function legend(rounds, t) {
  return h("p", { class: "ccs-legend" }, Array.from({ length: rounds }, (_, i) =>
    h("span", { class: "ccs-key", "data-round": String(i + 1), style: roundColour(i + 1), text: t("round", i + 1) })));
}

/** The mistakes by rule id, the most missed first. */
function mistakeList(map, t) {
  const rules = Object.entries(map.rules || {}).filter(([, r]) => r.wrong > 0)
    .sort(([a, x], [b, y]) => y.wrong / y.answered - x.wrong / x.answered || a.localeCompare(b));
  if (!rules.length) return h("p", { class: "ccs-mistakes-none", text: t("none") });
  return h("ul", { class: "ccs-mistake-list" }, rules.map(([rule, r]) => h("li", {}, [
    h("span", { class: "ccs-rule", text: rule }), " ", t("wrong", r.wrong, r.answered)])));
}

export default { render };
