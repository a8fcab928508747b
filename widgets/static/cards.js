// @ts-check
// Cards as the book draws them, shared by every front end and by the book's page script.
// The faces come from CARD_FACES, which widgets/front_ends.py writes in front of each bundle that
// uses it from cardlib.render's one drawing (card_face_body), so a puzzle's card is the chapter's card
// (declared for the type checker in widgets/static/globals.d.ts).
import { SUIT_SYMBOL, activeControl, h, sayText } from "./dom.js";

export { sayText };

export const SUIT_WORDS = { en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  zh: { S: "黑桃", H: "红桃", D: "方块", C: "梅花" } };
const RANK_WORDS = { J: "jack", Q: "queen", K: "king", A: "ace" };
const JOKER_WORDS = { en: { BJ: "big joker", LJ: "little joker" }, zh: { BJ: "大王", LJ: "小王" } };

/** A card token ("SA", "H10", "BJ", "LJ") as {suit, rank}; a joker's suit is null. */
export function cardParts(card) {
  if (card === "BJ" || card === "LJ") return { suit: null, rank: card };
  return { suit: card[0], rank: card.slice(1) };
}

/** The card in words, as a screen reader should say it: "10 of hearts", "big joker"; 红桃10, 大王. */
export function cardLabel(card, lang) {
  const { suit, rank } = cardParts(card);
  const zh = lang === "zh";
  if (!suit) return JOKER_WORDS[zh ? "zh" : "en"][rank];
  if (zh) return `${SUIT_WORDS.zh[suit]}${rank}`;
  return `${RANK_WORDS[rank] || rank} of ${SUIT_WORDS.en[suit]}`;
}

/** A card as a sentence writes it (cardlib.words.card_text): ♠A, ♥10; jokers in words. */
export function cardText(card, lang) {
  const { suit, rank } = cardParts(card);
  if (suit) return `${SUIT_SYMBOL[suit]}${rank}`;
  return JOKER_WORDS[lang === "zh" ? "zh" : "en"][rank];
}

/** Cards as a sentence writes them (cardlib.words.cards_text): spaces, or in English commas when a
 * joker is next to the comma, the last of them "and" ("little joker and ♦Q"). */
export function cardsText(cards, lang) {
  return cards.map((c, i) => cardSeparator(cards, i, lang) + cardText(c, lang)).join("");
}

/** What goes before ``cards[i]`` in a sentence: nothing first, then a space (in English a comma next to a
 * joker, and " and " for the last such comma). */
function cardSeparator(cards, i, lang) {
  const comma = (j) => lang !== "zh" && (!cardParts(cards[j]).suit || !cardParts(cards[j - 1]).suit);
  if (i === 0) return "";
  if (!comma(i)) return " ";
  for (let j = i + 1; j < cards.length; j += 1) if (comma(j)) return ", ";
  return " and ";
}

/** The drawn face of ``card`` (or "back" for a face-down card), its words as the accessible name.
 * ``label`` replaces those words (e.g. "face-down card"). */
export function cardFace(card, lang, label) {
  const name = label || (card === "back" ? (lang === "zh" ? "暗牌" : "face-down card") : cardLabel(card, lang));
  const face = h("span", { class: "cb-card", role: "img", "aria-label": name, "data-card": card,
    lang: lang === "zh" ? "zh-Hans" : undefined });
  face.innerHTML = CARD_FACES[card] || CARD_FACES.back;
  return face;
}

/** A small text chip for a card inside a sentence (the sentence reads the same with or without it). */
export function cardChip(card, lang) {
  const { suit, rank } = cardParts(card);
  const family = suit ? `cardlib-suit-${suit.toLowerCase()}` : `cardlib-joker cb-chip-${rank.toLowerCase()}`;
  return h("span", { class: `cb-chip ${family}`, role: "img", "aria-label": cardLabel(card, lang), "data-card": card,
    lang: !suit || lang === "zh" ? "zh-Hans" : undefined, text: suit ? cardText(card, lang) : JOKER_WORDS.zh[rank] });
}

/** Cards in a wrapping row of faces (a hand, a play, a kitty). */
export function cardRow(cards, lang) {
  return h("span", { class: "cb-cards" }, cards.map((c) => cardFace(c, lang)));
}

/** Cards inside a sentence as chips, separated as cardsText writes them. */
export function cardChips(cards, lang) {
  return h("span", { class: "cb-chips" }, cards.flatMap((c, i) => [cardSeparator(cards, i, lang), cardChip(c, lang)])
    .filter(Boolean));
}


/** A reason's sentence as text pieces and ``{cards}`` groups: its ``parts[lang]`` (text, ``{cards, text}``,
 * ``{seat|player, text}``) when it has them, else each of its ``chips[lang]`` groups (``chips.en`` where a spec
 * stores no other: the same groups) found, in order, where the sentence ``reason[lang]`` writes it (a puzzle
 * spec's reasons). */
export function reasonParts(reason, lang) {
  const parts = reason.parts && reason.parts[lang];
  if (parts) return parts.map((p) => (typeof p === "string" ? p : p.cards ? { cards: p.cards } : p.text));
  const text = reason[lang] || reason.en || "";
  const out = [];
  let at = 0;
  for (const group of (reason.chips && (reason.chips[lang] || reason.chips.en)) || []) {
    const found = text.indexOf(cardsText(group, lang), at);
    if (found < 0) continue;
    if (found > at) out.push(text.slice(at, found));
    out.push({ cards: group });
    at = found + cardsText(group, lang).length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** An engine reason's sentence as nodes, its cards as chips (reasonParts), its Chinese marked (sayText). */
export function reasonNodes(reason, lang) {
  return reasonParts(reason, lang).flatMap((p) => (typeof p === "string" ? sayText(p, lang) : [cardChips(p.cards, lang)]));
}

/** The title of the disclosure behind a verdict (cardlib.render.NOTES_SUMMARY). */
export const NOTES_SUMMARY = { en: "Why, and where the sources stand", zh: "为什么，以及规则原文怎么说" };

/** A reason's notes (``reason.notes``: each ``{rule, en, zh}`` with ``parts`` or not) behind a closed
 * disclosure, as cardlib.render.notes_html draws them: the summary in the reader's language (an English
 * reader also sees the Chinese, marked lang="zh-Hans"), then per note its rule id, its sentence in the
 * reader's language and, given ``link(note)`` → ``{href, text, ...attrs}``, its "Read rule" link.
 * Null when the reason has no notes. @param {any} reason @param {string} lang @param {(note: any) => Record<string, any>} [link] */
export function notesDisclosure(reason, lang, link) {
  const notes = (reason && reason.notes) || [];
  if (!notes.length) return null;
  const summary = lang === "zh" ? [h("span", { lang: "zh-Hans", text: NOTES_SUMMARY.zh })]
    : [NOTES_SUMMARY.en, " · ", h("span", { lang: "zh-Hans", text: NOTES_SUMMARY.zh })];
  return h("details", { class: "cb-notes" }, [h("summary", { class: "cb-notes-summary" }, summary),
    ...notes.map((note) => h("p", { class: "cb-note", "data-rule": note.rule }, [
      h("span", { class: "cb-note-rule", text: note.rule }), " ",
      h("span", { class: "cb-note-text" }, reasonNodes(note, lang)),
      link ? " " : null, link ? h("a", { class: "cb-note-link", ...link(note) }) : null]))]);
}

// --- Widgets on slides: a reveal.js deck measures a slide before its widgets draw. ---

/** Re-lay out the page whenever ``node`` changes size (drawn, attached, an answer revealed): reveal.js
 * centres and scales the present slide on window "resize". Returns the function that stops watching. */
export function relayoutOnResize(node) {
  if (typeof ResizeObserver === "undefined") return () => {};
  let last = -1;
  const watch = new ResizeObserver((entries) => {
    const height = Math.round(entries[entries.length - 1].contentRect.height);
    if (height !== last) { last = height; window.dispatchEvent(new Event("resize")); }
  });
  watch.observe(node);
  return () => watch.disconnect();
}

/** A control of ``root`` used with the pointer gives its focus back, so a presenter's clicker (PageDown,
 * arrows, space) moves the slides afterwards; a control reached with Tab keeps it. The release is
 * heard on the window: a control redrawn under the pointer (the step slider) loses its pointerup, and
 * its focus may fall to the region.
 * Returns the function that stops listening. */
export function releaseAfterPointer(root) {
  let pressed = false;  // a control, not the region around the controls (a click there focuses the region)
  root.addEventListener("pointerdown", (e) => { pressed = Boolean(e.target.closest("button, input, select, label")); });
  const blurControl = () => {
    const active = activeControl();
    if (active && root.contains(active) && active.blur) active.blur();
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    // Now, so a key pressed right after (a busy browser runs input before timers) reaches the slides,
    // and once more after a redraw the release may still cause.
    blurControl();
    setTimeout(blurControl, 0);
  };
  window.addEventListener("pointerup", release, true);
  return () => window.removeEventListener("pointerup", release, true);
}
