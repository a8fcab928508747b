// @ts-check
// Class mode, the presenter console (classroom/handlers.py, ConsoleHandler): a page for the teacher's own
// screen, never the projector. It follows the class the teacher's browser opened last (the teacher cookie)
// and its current question, the one the projected slide posted: who joined, the round, whether the vote
// is open and what the room sees, the live counts (even while hidden from the room), the right answer
// before the reveal, and a countdown. No kernel: a fetch a second. Every label in English and Chinese.
const ROOT = document.body.dataset.root || "";
const main = /** @type {HTMLElement} */ (document.querySelector(".cc-main"));
const clock = /** @type {HTMLElement} */ (document.querySelector(".cc-clock"));
const POLL_MS = 1000;
let ends = 0;

/** An element with attributes and children (text or nodes).
 * @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string | null)[]} [children] */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** The same words in English, then in Chinese (marked zh-Hans).
 * @param {string} en @param {string} zh */
const both = (en, zh) => [el("span", {}, [en]), " · ", el("span", { lang: "zh-Hans" }, [zh])];

/** @param {any} state */
function draw(state) {
  const q = state.question;
  const parts = [
    el("p", { class: "cc-line" }, [...both("Class", "课堂"), " ", el("span", { class: "cc-code" }, [state.code]),
      ` · ${state.deck} · `, ...both(`${state.roster.length} joined`, `已加入${state.roster.length}人`)]),
    el("p", { class: "cc-line cc-names" }, [state.roster.join(", ")]),
  ];
  if (!q) {
    parts.push(el("p", {}, both("No question yet: show a class puzzle's slide.", "还没有题目：请放映一道课堂练习。")));
  } else {
    const total = Object.values(q.counts[String(q.round)] || {}).reduce((a, b) => a + Number(b), 0);
    const state_ = q.revealed ? both("answer revealed", "答案已公布") : q.open ? both("vote open", "投票中")
      : both("vote closed", "投票已结束");
    const room = q.shown ? both("the room sees the counts", "全班看得到票数") : both("counts hidden from the room", "票数对全班保密");
    parts.push(
      el("h2", {}, [...both(`Round ${q.round}`, `第${q.round}轮`), " — ", q.slide]),
      el("p", { class: "cc-line cc-state", "data-open": String(q.open), "data-revealed": String(q.revealed) },
        [...state_, " · ", ...room, " · ", ...both(`${q.voted} of ${q.students} voted`, `${q.students}人中${q.voted}人已答`)]),
      el("p", { class: "cc-line" }, [q.question_text.en, " · ", el("span", { lang: "zh-Hans" }, [q.question_text.zh])]),
      el("p", { class: "cc-answer", "data-key": q.answer.join(" / ") }, [el("strong", {}, both("Answer", "答案")), ": ",
        q.answer.map((k) => q.words[k].en).join(" / "), " · ",
        el("span", { lang: "zh-Hans" }, [q.answer.map((k) => q.words[k].zh).join(" / ")])]),
      el("ul", { class: "cc-counts", "aria-label": "Counts · 票数" }, Object.entries(q.counts[String(q.round)] || {}).map(([key, n]) =>
        el("li", { class: "cc-count" + (q.answer.includes(key) ? " cc-right" : ""), "data-key": key }, [
          el("span", { class: "cc-label" }, [q.words[key] ? q.words[key].en : key, " · ",
            el("span", { lang: "zh-Hans" }, [q.words[key] ? q.words[key].zh : key])]),
          el("strong", {}, [String(n)]),
          el("span", { class: "cc-bar", style: `width: ${total ? (100 * Number(n)) / total : 0}%`, "aria-hidden": "true" })]))));
  }
  main.replaceChildren(...parts);
}

async function poll() {
  try {
    const response = await fetch(`${ROOT}/api/teacher/console`, { headers: { "X-Class-Teacher": "cookie" }, cache: "no-store" });
    const data = await response.json();
    if (response.ok) draw(data);
    else main.replaceChildren(el("p", { class: "cc-error", role: "alert" }, [data.error || response.statusText, " · ",
      el("span", { lang: "zh-Hans" }, ["请先在讲稿的加入页开始上课。"])]));
  } catch (offline) {
    main.replaceChildren(el("p", { class: "cc-error", role: "alert" }, both("The class server does not answer.", "课堂服务器没有响应。")));
  }
  window.setTimeout(poll, POLL_MS);
}

function tick() {
  const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
  clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.classList.toggle("cc-done", ends > 0 && left === 0);
}

for (const button of document.querySelectorAll(".cc-timer-buttons button")) {
  button.addEventListener("click", () => {
    const seconds = Number(/** @type {HTMLElement} */ (button).dataset.seconds);
    ends = seconds ? Date.now() + seconds * 1000 : 0;
    tick();
  });
}
window.setInterval(tick, 250);
poll();
