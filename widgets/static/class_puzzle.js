// Class puzzle: an engine-made puzzle spec (the model of puzzle.js) shown large to a room.
// The answers' verdicts are hidden until the teacher reveals them; the reveal only looks up
// what the engine computed. One self-contained ES module (loaded from a Blob URL: no imports).

const UI = {
  en: {
    reveal: "Reveal the answer", hide: "Hide the answer", another: "Another one", answer: "Answer",
    options: "Possible answers", why: "Why", language: "中文", languageLabel: "切换到中文",
    number: "Answer with a number.", pick: (n) => `Pick ${n} card${n === 1 ? "" : "s"} from the hand.`,
    fields: "Answer each of:", hand: "Hand",
  },
  zh: {
    reveal: "揭晓答案", hide: "隐藏答案", another: "换一题", answer: "答案",
    options: "可选答案", why: "原因", language: "English", languageLabel: "Switch to English",
    number: "请用一个数字回答。", pick: (n) => `从手牌中选 ${n} 张。`,
    fields: "请逐项回答：", hand: "手牌",
  },
};

const JOKERS = { BJ: { en: "big joker", zh: "大王" }, LJ: { en: "little joker", zh: "小王" } };

/** A card chip: the joker's face is Chinese (大王), so it is marked zh-Hans and read in English words. */
function card(text, lang = "en") {
  if (text in JOKERS) {
    const attrs = { class: `cbc-card cbc-${text}`, "data-card": text, lang: "zh-Hans", text: JOKERS[text].zh };
    if (lang !== "zh") attrs["aria-label"] = JOKERS[text].en;
    return h("span", attrs);
  }
  return h("span", { class: `cbc-card cbc-suit-${text[0]}`, "data-card": text, text: cardText(text) });
}

function render({ model, el }) {
  let lang = model.get("lang") === "zh" ? "zh" : "en";
  let revealed = false;
  const t = (name, ...args) => { const v = UI[lang][name]; return typeof v === "function" ? v(...args) : v; };
  const txt = (pair) => (pair ? pair[lang] || pair.en : "");
  const cards = (list) => h("span", { class: "cbc-cards" }, list.map((c) => card(c, lang)));
  const root = h("div", { class: "cbc" });
  el.append(root);

  function block(b) {
    const label = b.label ? h("span", { class: "cbc-label", text: txt(b.label) }) : null;
    if (b.type === "cards") return h("div", { class: "cbc-block" }, [label, cards(b.cards)]);
    if (b.type === "plays") {
      return h("div", { class: "cbc-block" }, [label, h("ol", { class: "cbc-plays" }, b.plays.map((p) =>
        h("li", {}, [h("span", { class: "cbc-seat", text: txt(p.label) }), cards(p.cards),
          p.note ? h("span", { class: "cbc-note", text: " " + txt(p.note) }) : null])))]);
    }
    if (b.type === "facts") {
      return h("dl", { class: "cbc-facts" }, b.items.flatMap((item) => [
        h("dt", { text: txt(item.label) }), h("dd", {}, item.cards ? cards(item.cards) : h("span", { text: txt(item.value) }))]));
    }
    return h("p", { class: "cbc-text", text: txt(b.text) });
  }

  function answerText(spec, key) {
    if (spec.input === "cards") return key.split(" ").map((c) => cardText(c, lang)).join(" ");
    if (spec.input === "fields") {
      const values = key.split("|");
      return spec.fields.map((f, i) => {
        const o = f.options.find((x) => x.value === values[i]);
        return `${txt(f.label)} ${o ? txt(o.label) || o.value : values[i]}`;
      }).join(" · ");
    }
    const a = spec.answers.find((x) => x.key === key);
    if (a && a.label) return txt(a.label);
    if (a && a.cards) return a.cards.map((c) => cardText(c, lang)).join(" ");  // never the key's card codes
    return key;
  }

  function options(spec) {
    if (spec.input === "choice") {
      return h("ol", { class: "cbc-options", "aria-label": t("options") }, spec.answers.map((a) =>
        h("li", { class: "cbc-option", "data-key": a.key }, [h("span", { text: txt(a.label) || (a.cards ? "" : a.key) }), a.cards ? cards(a.cards) : null])));
    }
    if (spec.input === "cards") {  // the hand to pick from, drawn as the puzzle front end draws it as buttons
      return h("div", { class: "cbc-block" }, [h("span", { class: "cbc-label", text: t("hand") }),
        cards(spec.position.hand), h("p", { class: "cbc-hint", text: t("pick", spec.pick) })]);
    }
    if (spec.input === "fields") return h("p", { class: "cbc-hint", text: t("fields") + " " + spec.fields.map((f) => txt(f.label)).join(" · ") });
    return h("p", { class: "cbc-hint", text: t("number") });
  }

  function answer(spec) {
    const rid = model.get("ruleset") || spec.rulesets[0].id;
    const keys = spec.correct[rid] || [];
    const index = spec.answers.findIndex((a) => a.key === keys[0]);
    const reason = index >= 0 ? spec.reasons[spec.verdicts[rid][index][1]] : null;
    root.querySelectorAll(".cbc-option").forEach((li) => li.classList.toggle("cbc-right", keys.includes(li.dataset.key)));
    const shown = keys.slice(0, 6).map((k) => answerText(spec, k)).join("; ") + (keys.length > 6 ? ` (+${keys.length - 6})` : "");
    return h("div", { class: "cbc-answer", role: "status" }, [
      h("p", { class: "cbc-correct" }, [h("strong", { text: t("answer") + ": " }), h("span", { class: "cbc-correct-list", text: shown })]),
      reason ? h("p", { class: "cbc-explain" }, [h("span", { class: "cbc-rule", text: reason.rule }), " ",
        h("span", { text: reason[lang] || reason.en })]) : null,
    ]);
  }

  function draw() {
    root.replaceChildren();
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    const error = model.get("error");
    const spec = model.get("spec");
    const bar = h("div", { class: "cbc-toolbar" }, [
      h("button", { type: "button", class: "cbc-reveal", "aria-expanded": String(revealed),
        onclick: () => { revealed = !revealed; draw(); }, text: revealed ? t("hide") : t("reveal") }),
      h("button", { type: "button", class: "cbc-another", onclick: () => model.send({ type: "another" }), text: t("another") }),
      h("button", { type: "button", class: "cbc-lang", lang: lang === "en" ? "zh-Hans" : "en", "aria-label": t("languageLabel"), text: t("language"),
        onclick: () => { lang = lang === "en" ? "zh" : "en"; model.set("lang", lang); model.save_changes(); draw(); } }),
    ]);
    if (error && (error.en || error.zh)) root.append(h("p", { class: "cbc-calm", role: "status", text: txt(error) }));
    if (!spec || !spec.kind) { root.append(bar); return; }
    root.dataset.puzzleId = spec.id;
    root.dataset.revealed = String(revealed);
    const note = model.get("note");
    root.append(
      h("p", { class: "cbc-rules", text: txt(model.get("rules_label")) + (note && note.en ? " — " + txt(note) : "") }),
      h("div", { class: "cbc-body" }, spec.display.map(block)),
      h("p", { class: "cbc-question", text: txt(spec.question) }),
      options(spec),
      bar,
    );
    if (revealed) root.append(answer(spec));
  }

  model.on("change:spec", () => { revealed = false; draw(); });
  model.on("change:ruleset", draw);
  model.on("change:error", draw);
  draw();
}

export default { render };
