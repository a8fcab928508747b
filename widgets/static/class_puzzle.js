// @ts-check
// Class puzzle: an engine-made puzzle spec (the model of puzzle.js) shown large to a room.
// The answers' verdicts are hidden until the teacher reveals them; the reveal only looks up
// what the engine computed. Bundled into one self-contained module (loaded from a Blob URL);
// cards are the book's faces (cards.js), in sentences chips; the language is the deck's address
// (model "lang", ?lang=) when it names one, else the reader's setting (settings.js), and a later
// change of the setting applies either way. Revealed, the answer replaces the options; each draw
// re-lays out the slide (relayoutOnResize); a button clicked with the pointer gives focus back, so a
// presenter's clicker keeps moving the slides.
import { activeControl, h } from "./dom.js";
import { cardChips, cardRow, reasonNodes, relayoutOnResize, releaseAfterPointer, sayText } from "./cards.js";
import {
  SETTINGS_WORDS, applySettingsToDocument, onSettings, pageHasSettingsBar, readSettings, writeSettings,
} from "./settings.js";

const UI = {
  en: {
    reveal: "Reveal the answer", hide: "Hide the answer", another: "Another one", answer: "Answer",
    options: "Possible answers", number: "Answer with a number.",
    pick: (n) => `Pick ${n} card${n === 1 ? "" : "s"} from the hand.`, fields: "Answer each of:", hand: "Hand",
    puzzle: "Class puzzle",
  },
  zh: {
    reveal: "揭晓答案", hide: "隐藏答案", another: "换一题", answer: "答案",
    options: "可选答案", number: "请用一个数字回答。",
    pick: (n) => `从手牌中选${n}张。`, fields: "请逐项回答：", hand: "手牌",
    puzzle: "课堂练习",
  },
};

function render({ model, el }) {
  const address = () => (["en", "zh"].includes(model.get("lang")) ? model.get("lang") : null);
  let stored = readSettings().lang;
  let lang = address() || stored;
  // a deck printed (?print-pdf, reveal.js's print view) is a handout: each puzzle with its answer, no buttons
  const printing = /(^|[?&])print-pdf(=|&|$)/.test((window.location && window.location.search) || "");
  let revealed = printing;
  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const txt = (pair) => (pair ? pair[lang] || pair.en : "");
  const say = (pair) => sayText(txt(pair), lang);
  const cards = (list) => cardRow(list, lang);
  const root = h("div", { class: "cbc", role: "region" });
  el.append(root);
  const unwatch = [releaseAfterPointer(root), relayoutOnResize(root)];

  function block(b) {
    const label = b.label ? h("span", { class: "cbc-label" }, say(b.label)) : null;
    if (b.type === "cards") return h("div", { class: "cbc-block" }, [label, cards(b.cards)]);
    if (b.type === "plays") {
      return h("div", { class: "cbc-block cbc-block-plays" }, [label, h("ol", { class: "cbc-plays" }, b.plays.map((p) =>
        h("li", {}, [h("span", { class: "cbc-seat" }, say(p.label)), p.cards.length || p.backs ? cards([...p.cards, ...Array(p.backs || 0).fill("back")]) : null,
          p.note ? h("span", { class: "cbc-note" }, say(p.note)) : null])))]);
    }
    if (b.type === "facts") {
      return h("dl", { class: "cbc-facts" }, b.items.map((item) => h("div", { class: "cbc-fact" }, [
        h("dt", {}, say(item.label)), h("dd", {}, item.cards ? cards(item.cards) : say(item.value))])));
    }
    return h("p", { class: "cbc-text" }, say(b.text));
  }

  /** One correct answer as the room reads it: its label, its cards as chips, the fields' values. */
  function answerNodes(spec, key) {
    if (spec.input === "cards") return [cardChips(key.split(" "), lang)];
    if (spec.input === "fields") {
      const values = key.split("|");
      return sayText(spec.fields.map((f, i) => {
        const o = f.options.find((x) => x.value === values[i]);
        return `${txt(f.label)} ${o ? txt(o.label) || o.value : values[i]}`;
      }).join(" · "), lang);
    }
    const a = spec.answers.find((x) => x.key === key);
    if (a && a.label) return say(a.label);
    if (a && a.cards) return [cardChips(a.cards, lang)];  // never the key's card codes
    return [key];
  }

  function options(spec) {
    if (spec.input === "choice") {
      return h("ol", { class: "cbc-options", "aria-label": t("options") }, spec.answers.map((a) => {
        const words = txt(a.label) ? say(a.label) : a.cards ? [] : [a.key];
        return h("li", { class: "cbc-option", "data-key": a.key }, [words.length ? h("span", {}, words) : null,
          a.cards ? cards(a.cards) : null]);
      }));
    }
    if (spec.input === "cards") {  // the hand to pick from, drawn as the puzzle draws it
      return h("div", { class: "cbc-block" }, [h("span", { class: "cbc-label", text: t("hand") }),
        cards(spec.position.hand), h("p", { class: "cbc-hint", text: t("pick", spec.pick) })]);
    }
    if (spec.input === "fields") {
      return h("p", { class: "cbc-hint" }, sayText(t("fields") + " " + spec.fields.map((f) => txt(f.label)).join(" · "), lang));
    }
    return h("p", { class: "cbc-hint", text: t("number") });
  }

  function answer(spec) {
    const rid = model.get("ruleset") || spec.rulesets[0].id;
    const keys = spec.correct[rid] || [];
    const index = spec.answers.findIndex((a) => a.key === keys[0]);
    const reason = index >= 0 ? spec.reasons[spec.verdicts[rid][index][1]] : null;
    const shown = keys.slice(0, 6).flatMap((k, i) => [i ? "; " : "", ...answerNodes(spec, k)]).filter((x) => x !== "");
    if (keys.length > 6) shown.push(` (+${keys.length - 6})`);
    return h("div", { class: "cbc-answer", role: "status" }, [
      h("p", { class: "cbc-correct" }, [h("strong", { text: t("answer") + (lang === "zh" ? "：" : ": ") }), h("span", { class: "cbc-correct-list" }, shown)]),
      reason ? h("p", { class: "cbc-explain" }, [h("span", { class: "cbc-rule", text: reason.rule }), " ",
        h("span", {}, reasonNodes(reason, lang))]) : null,
    ]);
  }

  /** Language and four-colour buttons, where the page has no settings bar of its own (a Voila deck). */
  function ownSettings() {
    if (pageHasSettingsBar()) return [];
    const w = SETTINGS_WORDS[lang];
    return [
      h("button", { type: "button", class: "cbc-lang", "data-control": "lang", lang: lang === "en" ? "zh-Hans" : "en",
        title: w.languageTitle, text: w.language, onclick: () => {
          const next = lang === "zh" ? "en" : "zh";
          if (address()) { model.set("lang", next); model.save_changes(); }
          writeSettings({ lang: next });
        } }),
      h("button", { type: "button", class: "cbc-four", "data-control": "four", title: w.fourColourTitle,
        "aria-pressed": String(readSettings().fourColour), text: w.fourColour,
        onclick: () => writeSettings({ fourColour: !readSettings().fourColour }) }),
    ];
  }

  function draw() {
    const focused = root.contains(document.activeElement) ? activeControl().dataset.control : null;
    root.replaceChildren();
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    root.setAttribute("aria-label", t("puzzle"));
    const error = model.get("error");
    const spec = model.get("spec");
    const bar = h("div", { class: "cbc-toolbar" }, [
      h("button", { type: "button", class: "cbc-reveal", "data-control": "reveal", "aria-expanded": String(revealed),
        onclick: () => { revealed = !revealed; draw(); }, text: revealed ? t("hide") : t("reveal") }),
      h("button", { type: "button", class: "cbc-another", "data-control": "another", onclick: () => model.send({ type: "another" }),
        text: t("another") }),
      ...ownSettings(),
    ]);
    if (error && (error.en || error.zh)) root.append(h("p", { class: "cbc-calm", role: "status" }, say(error)));
    if (!spec || !spec.kind) { root.append(bar); return; }
    root.dataset.puzzleId = spec.id;
    root.dataset.revealed = String(revealed);
    // the answer for the teacher's presenter console (teacher/templates/teacher/static/presenter.js), never drawn
    // here; a phone's spec holds no answer until the reveal, and its page no console
    if (spec.correct) root.dataset.teacherAnswer = Array.from(answer(spec).children, (line) => line.textContent).join("\n");
    const note = model.get("note");
    root.append(...[
      h("p", { class: "cbc-rules" }, sayText(txt(model.get("rules_label")) + (note && note.en ? " — " + txt(note) : ""), lang)),
      h("div", { class: "cbc-body" }, spec.display.map(block)),
      h("p", { class: "cbc-question" }, say(spec.question)),
      // Revealed, the answer takes the options' place (the hand to pick from stays: it is the position),
      // so the slide keeps its height and fits the screen.
      ...(revealed ? [spec.input === "cards" ? options(spec) : null, answer(spec)] : [options(spec)]).filter(Boolean),
      printing ? null : bar,
    ].filter(Boolean));
    const again = focused && /** @type {HTMLElement | null} */ (root.querySelector(`[data-control="${focused}"]`));
    if (again) again.focus({ preventScroll: true });
  }

  const stop = onSettings((settings) => {
    if (settings.lang !== stored) { stored = settings.lang; lang = settings.lang; }
    draw();
  });
  if (document.readyState && document.readyState !== "complete") window.addEventListener("load", draw, { once: true });
  model.on("change:spec", () => { revealed = printing; draw(); });
  model.on("change:ruleset", draw);
  model.on("change:error", draw);
  applySettingsToDocument(readSettings());
  draw();
  return () => { stop(); unwatch.forEach((f) => f()); };
}

export default { render };
