// Puzzle front end: renders an engine-made puzzle spec and grades by lookup only.
// One self-contained ES module (it is loaded from a Blob URL: no imports).
// Works with a kernel (JupyterLab, Voila: "new puzzle" asks Python) and without one
// (a static page: the widget moves through the bank it carries).

const UI = {
  en: {
    newPuzzle: "New puzzle", difficulty: "Difficulty", easy: "easy", normal: "normal", hard: "hard",
    ruleset: "Rules", language: "中文", languageLabel: "切换到中文", fourColour: "Four-colour deck",
    correct: "Correct!", wrong: "Not quite.", correctAnswers: "Correct answer(s) under these rules:",
    readRule: "Read rule", inTheBook: "in the book", check: "Check", typeCards: "Type cards (e.g. ♥10 or 10h)",
    selected: "Selected", pick: (n) => `Pick ${n} card${n === 1 ? "" : "s"} from the hand.`,
    notInHand: (t) => `${t} is not in the hand (or all its copies are already selected).`,
    badCard: (t) => `${t} is not a card: write a suit and a rank such as ♥10 or 10h, or 大王 / 小王 for a joker.`,
    wrongCount: (n, m) => `Select exactly ${n} card${n === 1 ? "" : "s"} (you have ${m}).`,
    enterNumber: "Enter a whole number.", progress: (s, k) => `Solved ${s} · streak ${k}`,
    exportProgress: "Export progress", importProgress: "Import progress", imported: "Progress imported.",
    importFailed: "That file is not a progress export.", link: "Link to this puzzle",
    notInBank: (id) => `Puzzle ${id} is not in this page's bank; showing another.`,
    rulesAgree: "", rulesDiffer: "The rulesets grade this puzzle differently: switch to compare.",
    hand: "Hand", seat: "Seat",
  },
  zh: {
    newPuzzle: "换一题", difficulty: "难度", easy: "简单", normal: "一般", hard: "困难",
    ruleset: "规则", language: "English", languageLabel: "Switch to English", fourColour: "四色牌",
    correct: "正确！", wrong: "不对。", correctAnswers: "按此规则的正确答案：",
    readRule: "查看规则", inTheBook: "（书中）", check: "提交", typeCards: "输入牌（如 ♥10 或 10h）",
    selected: "已选", pick: (n) => `从手牌中选 ${n} 张。`,
    notInHand: (t) => `手中没有 ${t}（或已全部选中）。`,
    badCard: (t) => `${t} 不是一张牌：请写花色和点数，如 ♥10 或 10h；王写大王 / 小王。`,
    wrongCount: (n, m) => `请正好选 ${n} 张（现在 ${m} 张）。`,
    enterNumber: "请输入一个整数。", progress: (s, k) => `已解 ${s} · 连对 ${k}`,
    exportProgress: "导出进度", importProgress: "导入进度", imported: "进度已导入。",
    importFailed: "这个文件不是进度导出文件。", link: "本题链接",
    notInBank: (id) => `本页题库中没有 ${id}，改为显示另一题。`,
    rulesAgree: "", rulesDiffer: "不同规则对本题的判定不同：可切换比较。",
    hand: "手牌", seat: "座位",
  },
};

const STORE_KEY = "cardbook-puzzle-progress";
const SUIT_TOKENS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♤": "S", "♥": "H", "♡": "H",
  "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
const JOKERS = { BJ: "BJ", LJ: "LJ", "大王": "BJ", "小王": "LJ" };

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

export { cardText, cardsText };  // for the tests that drive this module in Node

/** A reason's sentence as text pieces and card groups ({cards}), from the spec's `parts` if it has
 * them, else by finding each of its `chips` groups, in order, where the sentence writes it. */
export function sentenceParts(reason, lang) {
  const parts = reason.parts && reason.parts[lang];
  if (parts) return parts.map((p) => (typeof p === "string" || !p.cards ? (p.text ?? p) : { cards: p.cards }));
  const text = reason[lang] || reason.en;
  const out = [];
  let at = 0;
  for (const group of (reason.chips && reason.chips[lang]) || []) {
    const shown = cardsText(group, lang);
    const found = text.indexOf(shown, at);
    if (found < 0) continue;
    if (found > at) out.push(text.slice(at, found));
    out.push({ cards: group });
    at = found + shown.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/gu;
const CJK_ONLY = /^[\u3000-\u303f\u3400-\u9fff\uff00-\uffef\s]+$/u;

/** Text as nodes, its Chinese runs marked lang="zh-Hans" when the widget speaks English. */
function say(text, lang) {
  if (lang === "zh" || !text) return text || "";
  const out = [];
  let at = 0;
  for (const m of text.matchAll(CJK)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(h("span", { lang: "zh-Hans", text: m[0] }));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** A reason's sentence with its cards drawn as chips (the same text as the sentence, so it reads alike). */
function sentence(reason, lang) {
  return sentenceParts(reason, lang).flatMap((p) => (typeof p === "string" ? say(p, lang) : [
    h("span", { class: "cbp-chips" }, p.cards.flatMap((c, i) => {
      const { suit, rank } = cardParts(c);
      const chip = h("span", { class: `cbp-card cbp-chip ${suit ? `cbp-suit-${suit}` : `cbp-joker cbp-${rank}`}`,
        role: "img", "aria-label": cardLabel(c, lang), "data-card": c, text: cardText(c, lang) });
      return i ? [" ", chip] : [chip];
    }))]));
}

// ---- progress (localStorage, export/import) ----

function loadProgress() {
  try { return JSON.parse(window.localStorage.getItem(STORE_KEY) || "{}") || {}; } catch (e) { return {}; }
}

function saveProgress(progress) {
  try { window.localStorage.setItem(STORE_KEY, JSON.stringify(progress)); } catch (e) { /* private mode */ }
}

function isProgress(data) {
  return data && typeof data === "object" && !Array.isArray(data) && Object.values(data).every(
    (p) => p && Number.isInteger(p.solved) && Number.isInteger(p.streak));
}

// ---- the widget ----

/** The bank a static page carries: gzip-compressed JSON in base64 (engine-made specs). */
async function unpackBank(packed) {
  if (!packed) return [];
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function render({ model, el }) {
  let bank = null;
  const loadBank = async () => (bank = bank || await unpackBank(model.get("bank")));
  let spec = model.get("spec");
  const kind = spec.kind;
  let lang = model.get("lang") === "zh" ? "zh" : "en";
  let rulesetId = model.get("ruleset") || spec.rulesets[0].id;
  let difficulty = model.get("difficulty") || spec.difficulty;
  let live = false;
  let graded = null;        // {ok, key} of the first answer on this puzzle
  let selection = [];       // hand indices (cards input)
  let notice = "";
  let pendingSeed = null;   // a fragment seed to ask the kernel for

  const root = h("div", { class: "cbp", "data-puzzle-kind": kind });
  el.append(root);

  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const txt = (pair) => (pair ? (pair[lang] || pair.en) : "");
  const rulesetOf = (s) => (s.rulesets.some((r) => r.id === rulesetId) ? rulesetId : s.rulesets[0].id);

  function show(next, message = "") {
    spec = next;
    graded = null;
    selection = [];
    notice = message;
    draw();
  }

  // ---- grading: lookup only ----
  function lookup(key) {
    const rid = rulesetOf(spec);
    const index = spec.answers.findIndex((a) => a.key === key);
    if (index >= 0) {
      const [ok, r] = spec.verdicts[rid][index];
      return { ok, reasons: [].concat(r).map((i) => spec.reasons[i]) };  // a several-part answer lists one per wrong part
    }
    if (spec.otherwise) return { ok: false, reasons: [spec.reasons[spec.otherwise[rid]]] };
    return null;
  }

  function grade(key) {
    const result = lookup(key);
    if (!result) return;
    if (graded === null) {
      const progress = loadProgress();
      const mine = progress[kind] || { solved: 0, streak: 0 };
      mine.solved += result.ok ? 1 : 0;
      mine.streak = result.ok ? mine.streak + 1 : 0;
      progress[kind] = mine;
      saveProgress(progress);
    }
    graded = { ok: result.ok, key, reasons: result.reasons };
    drawVerdict();
    drawProgress();
    root.querySelectorAll(".cbp-answer").forEach((b) => {
      b.classList.toggle("cbp-chosen", b.dataset.key === key);
    });
  }

  // ---- new puzzle / bank / kernel ----
  async function newPuzzle() {
    if (live) {
      model.send({ type: "new", difficulty });
      return;
    }
    await loadBank();
    const same = bank.filter((s) => s.kind === kind && s.difficulty === difficulty);
    const pool = same.length ? same : bank.filter((s) => s.kind === kind);
    if (!pool.length) return;
    const at = pool.findIndex((s) => s.id === spec.id);
    show(pool[(at + 1) % pool.length]);
  }

  async function fromFragment() {
    const m = (window.location.hash || "").match(/^#puzzle=([a-z_]+):(\d+)$/);
    if (!m || m[1] !== kind) return;
    const claimed = (window.__cbpFragment = window.__cbpFragment || {});
    if (claimed[kind] && claimed[kind] !== root) return;
    claimed[kind] = root;
    const seed = Number(m[2]);
    if (spec.seed === seed) return;
    await loadBank();
    const found = bank.find((s) => s.kind === kind && s.seed === seed);
    if (found) { show(found); return; }
    if (live) { model.send({ type: "load", seed }); return; }
    pendingSeed = seed;
    notice = t("notInBank", `${kind}:${seed}`);
    draw();
  }

  const onMessage = (msg) => {
    if (msg && msg.type === "live") {
      live = true;
      root.dataset.live = "true";
      if (pendingSeed !== null) { model.send({ type: "load", seed: pendingSeed }); pendingSeed = null; }
    }
  };
  const onSpec = () => show(model.get("spec"));
  model.on("msg:custom", onMessage);
  model.on("change:spec", onSpec);
  try { model.send({ type: "hello" }); } catch (e) { /* no kernel */ }
  window.addEventListener("hashchange", fromFragment);

  // ---- drawing ----
  const toolbar = h("div", { class: "cbp-toolbar" });
  const body = h("div", { class: "cbp-body" });
  const verdict = h("div", { class: "cbp-verdict", role: "status", "aria-live": "polite" });
  const footer = h("div", { class: "cbp-footer" });
  root.append(toolbar, body, verdict, footer);

  function drawToolbar() {
    toolbar.replaceChildren();
    const diff = h("select", { "aria-label": t("difficulty"), class: "cbp-difficulty",
      onchange: (e) => { difficulty = e.target.value; model.set("difficulty", difficulty); model.save_changes(); } },
      ["easy", "normal", "hard"].map((d) => h("option", { value: d, selected: d === difficulty, text: t(d) })));
    toolbar.append(
      h("button", { type: "button", class: "cbp-new", onclick: newPuzzle, text: t("newPuzzle") }),
      h("label", { class: "cbp-field" }, [h("span", { text: t("difficulty") }), diff]),
    );
    if (spec.differs) {
      const sel = h("select", { class: "cbp-ruleset", "aria-label": t("ruleset"),
        onchange: (e) => { rulesetId = e.target.value; model.set("ruleset", rulesetId); model.save_changes();
          if (graded) grade(graded.key); } },
        spec.rulesets.map((r) => h("option", { value: r.id, selected: r.id === rulesetOf(spec), text: txt(r.label) })));
      toolbar.append(h("label", { class: "cbp-field" }, [h("span", { text: t("ruleset") }), sel]));
    }
    const four = h("input", { type: "checkbox", class: "cbp-four-toggle", checked: root.classList.contains("cbp-four"),
      onchange: (e) => { root.classList.toggle("cbp-four", e.target.checked); model.set("four_colour", e.target.checked); model.save_changes(); } });
    toolbar.append(
      h("label", { class: "cbp-field" }, [four, h("span", { text: t("fourColour") })]),
      h("button", { type: "button", class: "cbp-lang", lang: lang === "en" ? "zh-Hans" : "en", "aria-label": t("languageLabel"),
        onclick: () => { lang = lang === "en" ? "zh" : "en"; model.set("lang", lang); model.save_changes(); draw(); }, text: t("language") }),
    );
  }

  function drawBlock(block) {
    const label = block.label ? h("span", { class: "cbp-label" }, say(txt(block.label), lang)) : null;
    if (block.type === "cards") return h("div", { class: "cbp-block" }, [label, cardRow(block.cards, lang)]);
    if (block.type === "plays") {
      return h("div", { class: "cbp-block" }, [label, h("ol", { class: "cbp-plays" }, block.plays.map((p) =>
        h("li", {}, [h("span", { class: "cbp-seat" }, say(txt(p.label), lang)), cardRow(p.cards, lang),
          p.note ? h("span", { class: "cbp-note", text: " " + txt(p.note) }) : null])))]);
    }
    if (block.type === "facts") {
      return h("dl", { class: "cbp-facts" }, block.items.flatMap((item) => [
        h("dt", {}, say(txt(item.label), lang)),
        h("dd", {}, item.cards ? cardRow(item.cards, lang) : h("span", {}, say(txt(item.value), lang))),
      ]));
    }
    return h("p", { class: "cbp-text" }, say(txt(block.text), lang));
  }

  function focusRing(buttons) {
    // Roving focus: arrows move between buttons of one group; Tab leaves the group.
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

  function drawChoice() {
    const buttons = spec.answers.map((a) => h("button", { type: "button", class: "cbp-answer", "data-key": a.key,
      onclick: () => grade(a.key) }, labelContent(a)));
    focusRing(buttons);
    return h("div", { class: "cbp-answers", role: "group", "aria-label": txt(spec.question) }, buttons);
  }

  function labelContent(answer) {
    const parts = [h("span", {}, say(txt(answer.label) || answer.key, lang))];
    if (answer.cards) parts.push(cardRow(answer.cards, lang));
    return parts;
  }

  function drawCards() {
    const hand = spec.position.hand;
    const need = spec.pick;
    const message = h("p", { class: "cbp-hint", text: t("pick", need) });
    const handButtons = hand.map((card, i) => h("button", { type: "button", class: "cbp-hand-card",
      "aria-pressed": selection.includes(i) ? "true" : "false", "data-index": i, "data-card": card,
      onclick: () => { toggle(i); } }, cardFace(card, lang)));
    focusRing(handButtons);
    function toggle(i) {
      selection = selection.includes(i) ? selection.filter((x) => x !== i) : [...selection, i];
      handButtons.forEach((b, j) => b.setAttribute("aria-pressed", selection.includes(j) ? "true" : "false"));
    }
    const typed = h("input", { type: "text", class: "cbp-type", "aria-label": t("typeCards"), placeholder: t("typeCards"),
      autocomplete: "off", spellcheck: "false" });
    function submit(e) {
      e.preventDefault();
      if (typed.value.trim()) {
        const chosen = [];
        for (const token of splitTokens(typed.value)) {
          const card = parseCard(token);
          if (!card) { message.textContent = t("badCard", token); return; }
          const i = hand.findIndex((c, j) => c === card && !chosen.includes(j));
          if (i < 0) { message.textContent = t("notInHand", token); return; }
          chosen.push(i);
        }
        selection = chosen;
        handButtons.forEach((b, j) => b.setAttribute("aria-pressed", selection.includes(j) ? "true" : "false"));
      }
      if (selection.length !== need) { message.textContent = t("wrongCount", need, selection.length); return; }
      message.textContent = t("pick", need);
      const key = [...selection].sort((a, b) => a - b).map((i) => hand[i]).join(" ");
      grade(key);
    }
    const form = h("form", { class: "cbp-form", onsubmit: submit }, [
      h("div", { class: "cbp-hand", role: "group", "aria-label": t("hand") }, handButtons),
      typed,
      h("button", { type: "submit", class: "cbp-submit", text: t("check") }),
    ]);
    return h("div", {}, [message, form]);
  }

  function drawNumber() {
    const input = h("input", { type: "text", inputmode: "numeric", class: "cbp-number", "aria-label": txt(spec.question) });
    const hint = h("p", { class: "cbp-hint" });
    return h("form", { class: "cbp-form", onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!/^-?\d+$/.test(value)) { hint.textContent = t("enterNumber"); return; }
      hint.textContent = "";
      grade(String(Number(value)));
    } }, [input, h("button", { type: "submit", class: "cbp-submit", text: t("check") }), hint]);
  }

  function drawFields() {
    const selects = spec.fields.map((f) => h("label", { class: "cbp-field" }, [
      h("span", {}, say(txt(f.label), lang)),
      h("select", { "data-field": f.name }, f.options.map((o) => h("option", { value: o.value, text: txt(o.label) || o.value,
        lang: lang !== "zh" && CJK_ONLY.test(txt(o.label)) ? "zh-Hans" : undefined }))),
    ]));
    return h("form", { class: "cbp-form", onsubmit: (e) => {
      e.preventDefault();
      grade(spec.fields.map((f) => root.querySelector(`select[data-field="${f.name}"]`).value).join("|"));
    } }, [...selects, h("button", { type: "submit", class: "cbp-submit", text: t("check") })]);
  }

  function drawBody() {
    root.dataset.puzzleId = spec.id;
    root.dataset.difficulty = spec.difficulty;
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    body.replaceChildren();
    body.append(...spec.display.map(drawBlock));
    body.append(h("p", { class: "cbp-question" }, say(txt(spec.question), lang)));
    if (notice) body.append(h("p", { class: "cbp-notice", text: notice }));
    const input = { choice: drawChoice, cards: drawCards, number: drawNumber, fields: drawFields }[spec.input];
    body.append(input());
  }

  function answerText(key) {
    const a = spec.answers.find((x) => x.key === key);
    if (spec.input === "fields") {
      const values = key.split("|");
      return spec.fields.map((f, i) => {
        const o = f.options.find((x) => x.value === values[i]);
        return `${txt(f.label)} ${o ? txt(o.label) || o.value : values[i]}`;
      }).join(" · ");
    }
    if (spec.input === "cards") return key.split(" ").map((c) => cardParts(c).suit ? SUIT_SYMBOL[c[0]] + c.slice(1) : (c === "BJ" ? "大王" : "小王")).join(" ");
    return a && a.label ? txt(a.label) : key;
  }

  function drawVerdict() {
    verdict.replaceChildren();
    verdict.className = "cbp-verdict";
    if (!graded) return;
    verdict.classList.add(graded.ok ? "cbp-right" : "cbp-wrong");
    const reason = graded.reasons[0];
    const href = (model.get("base") || "") + reason.page + ".html#" + reason.anchor;
    const rid = rulesetOf(spec);
    const correct = spec.correct[rid];
    const shown = correct.slice(0, 6).map(answerText).join("; ") + (correct.length > 6 ? ` (+${correct.length - 6})` : "");
    // one paragraph per rule: the sentences of consecutive reasons citing the same rule run together
    const paragraphs = [];
    for (const r of graded.reasons) {
      const last = paragraphs[paragraphs.length - 1];
      if (last && last.rule === r.rule) last.reasons.push(r);
      else paragraphs.push({ rule: r.rule, reasons: [r] });
    }
    verdict.append(
      h("strong", { class: "cbp-outcome", text: graded.ok ? t("correct") : t("wrong") }),
      ...paragraphs.map((p) => h("p", { class: "cbp-explain" }, [
        h("span", { class: "cbp-rule", text: p.rule }), " ",
        h("span", {}, p.reasons.flatMap((r, i) => [i ? (lang === "zh" ? "" : " ") : "", ...sentence(r, lang)])),
      ])),
      h("p", { class: "cbp-correct" }, [h("span", { text: t("correctAnswers") + " " }), h("span", { class: "cbp-correct-list" }, say(shown, lang))]),
      h("a", { class: "cbp-rule-link", href, text: `${t("readRule")} ${reason.rule} ${t("inTheBook")}` }),
    );
    if (spec.differs) verdict.append(h("p", { class: "cbp-differs", text: t("rulesDiffer") }));
  }

  function drawProgress() {
    const mine = loadProgress()[kind] || { solved: 0, streak: 0 };
    const line = footer.querySelector(".cbp-progress");
    if (line) line.textContent = t("progress", mine.solved, mine.streak);
  }

  function drawFooter() {
    footer.replaceChildren();
    const file = h("input", { type: "file", accept: "application/json,.json", class: "cbp-import-file", "aria-label": t("importProgress"),
      onchange: async (e) => {
        const chosen = e.target.files && e.target.files[0];
        if (!chosen) return;
        try {
          const data = JSON.parse(await chosen.text());
          if (!isProgress(data)) throw new Error("not progress");
          saveProgress({ ...loadProgress(), ...data });
          notice = t("imported");
        } catch (err) { notice = t("importFailed"); }
        draw();
      } });
    footer.append(
      h("span", { class: "cbp-progress", "aria-live": "off" }),
      h("button", { type: "button", class: "cbp-export", text: t("exportProgress"), onclick: () => {
        const blob = new Blob([JSON.stringify(loadProgress(), null, 1)], { type: "application/json" });
        const a = h("a", { href: URL.createObjectURL(blob), download: "puzzle-progress.json" });
        document.body.append(a); a.click(); a.remove();
      } }),
      h("label", { class: "cbp-field cbp-import" }, [h("span", { text: t("importProgress") }), file]),
      h("a", { class: "cbp-permalink", href: `#puzzle=${spec.id}`, text: t("link") }),
    );
    drawProgress();
  }

  function draw() {
    drawToolbar();
    drawBody();
    drawVerdict();
    drawFooter();
  }

  if (model.get("four_colour")) root.classList.add("cbp-four");
  draw();
  fromFragment();
  return () => {
    window.removeEventListener("hashchange", fromFragment);
    model.off("msg:custom", onMessage);
    model.off("change:spec", onSpec);
  };
}

export default { render };
