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
