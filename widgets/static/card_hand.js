// @ts-check
// CardHand's front end: the hand drawn with the book's card faces (cards.js), each card a button
// the reader presses to pick it or put it back.  A button's name is the card in words, read from
// the face inside it (role="img", labelled "ace of spades"), so what a screen reader says is what
// the picture shows.  Language and four colours follow the reader's settings (settings.js).
// Bundled into one self-contained module (anywidget loads it from a Blob URL: tools/bundle_front_ends.mjs).
import { activeControl, h } from "./dom.js";
import { cardFace, cardsText, sayText } from "./cards.js";
import { applySettingsToDocument, onSettings, readSettings } from "./settings.js";

const HAND_WORDS = {
  en: { hand: "Hand", selected: (cards) => `Selected: ${cards}` },
  zh: { hand: "手牌", selected: (cards) => `已选：${cards}` },
};

function render({ model, el }) {
  let lang = readSettings().lang;
  const caption = h("div", { class: "cardbook-hand-caption" });
  const row = h("div", { class: "cardbook-hand-cards", role: "group" });
  const status = h("div", { class: "cardbook-hand-status", role: "status" });
  const root = h("div", { class: "cardbook-hand" }, [caption, row, status]);
  el.append(root);

  function draw() {
    const hand = model.get("hand") || [];
    const picked = new Set(model.get("selected"));
    const focused = row.contains(document.activeElement) ? activeControl().dataset.position : null;
    root.lang = lang === "zh" ? "zh-Hans" : "en";
    caption.replaceChildren(...sayText(model.get("caption"), lang));
    row.setAttribute("aria-label", model.get("caption") || HAND_WORDS[lang].hand);
    row.replaceChildren(...hand.map((card, position) => h("button", {
      type: "button", class: "cardbook-card", "data-card": card, "data-position": String(position),
      "aria-pressed": String(picked.has(position)), onclick: () => toggle(position) }, cardFace(card, lang))));
    const names = hand.filter((_, i) => picked.has(i));
    status.textContent = names.length ? HAND_WORDS[lang].selected(cardsText(names, lang)) : "";
    const again = focused === null ? null : /** @type {HTMLElement | null} */ (row.querySelector(`[data-position="${focused}"]`));
    if (again) again.focus();
  }

  function toggle(position) {
    const picked = new Set(model.get("selected"));
    picked.has(position) ? picked.delete(position) : picked.add(position);
    model.set("selected", [...picked].sort((a, b) => a - b));
    // In a static page there is no kernel to sync with; the selection still shows.
    try { model.save_changes(); } catch (noKernel) { /* the change event has redrawn it */ }
  }

  const stop = onSettings((settings) => { lang = settings.lang; draw(); });
  model.on("change:hand", draw);
  model.on("change:caption", draw);
  model.on("change:selected", draw);
  applySettingsToDocument(readSettings());
  draw();
  return stop;
}

export default { render };
