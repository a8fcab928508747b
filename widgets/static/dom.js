// @ts-check
// Building elements, shared by every front end of the book (an ES module each front end imports;
// esbuild bundles each front end into one self-contained module: tools/bundle_front_ends.mjs).

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** What an element is built with: nodes and text; null, undefined and false are left out.
 * @typedef {Node | string | null | undefined | false} Child */

/** An element with attributes (`text` sets its text, `on…` adds a listener; null, undefined and false
 * leave an attribute out, true sets it empty) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {Child | Child[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** The element that has focus, as an HTML element (the front ends' controls all are). */
export function activeControl() {
  return /** @type {HTMLElement | null} */ (document.activeElement);
}

const CJK_RUN = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/gu;

/** Text as nodes for a reader of ``lang``: in English its Chinese runs (大王, 升级) are marked lang="zh-Hans". */
export function sayText(text, lang) {
  if (!text) return [];
  if (lang === "zh") return [text];
  const out = [];
  let at = 0;
  for (const m of text.matchAll(CJK_RUN)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(h("span", { lang: "zh-Hans", text: m[0] }));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
