// @ts-check
// The book's page script, on every page of the static book: the reader's settings applied to the
// page (the chapters' drawn cards switch to four colours through cards.css; the page's edition,
// English or Chinese, becomes the reader's language), the settings bar
// (settings.js) in the theme's article header, the page-notice region at the top of the article,
// a calm notice when a puzzle link names a puzzle the page lacks, a hidden block shown when a link leads
// into it (one guide first: page.css), and names for the theme's buttons that say what they show.
// It imports dom.js and settings.js; esbuild bundles it into one classic script, an IIFE
// (tools/bundle_front_ends.mjs), which tools/stage_widget_runtime.py stages as widget-runtime/cardbook-page.js.
import { h, sayText } from "../../widgets/static/dom.js";
import {
  applySettingsToDocument, onSettings, pageEdition, pageHasSettingsBar, readSettings, restoreReadingPlace, settingsBar,
  storedSettings, writeSettings,
} from "../../widgets/static/settings.js";
import { lastPuzzle } from "../../widgets/static/places.js";
import { drawPaths, nextStages } from "../../widgets/static/path.js";

/** How long a page has to draw the puzzle a link names before the page says it can't. */
const PUZZLE_LINK_WAIT_MS = 4000;

const PAGE_WORDS = {
  revealedGuide: {
    en: (guide) => `Shown because a link led here: the ${guide} guide's rule, not the guide you follow.`,
    zh: (guide) => `因链接而显示：这是《${guide}》指南的规则，不是你所依的指南。`,
  },
  revealedSources: {
    en: "Shown because a link led here: a note on the sources (Rules ▸ Show where the sources differ shows them all).",
    zh: "因链接而显示：这是关于来源的说明（在“规则”里勾选“显示各来源的不同之处”可全部显示）。",
  },
  missingPuzzle: {
    en: "This link names a puzzle this page doesn't have (the book may have changed since the link was made). "
      + "The page's own puzzles are below.",
    zh: "这个链接指向的题目不在本页（链接生成后本书可能已更新）。本页的题目都在下面。",
  },
};

/** The article's notice region (settings.js pageNotice writes into it), made once per page.
 * @returns {HTMLElement} */
function pageNoticeRegion() {
  const existing = /** @type {HTMLElement | null} */ (document.querySelector("[data-cardbook-page-notice]"));
  if (existing) return existing;
  const article = ["article.bd-article", "main article", "[role=main]"]
    .map((selector) => document.querySelector(selector)).find(Boolean) || document.body;
  const region = h("div", { class: "cb-page-notice", role: "status", "data-cardbook-page-notice": "" });
  article.prepend(region);
  return region;
}

/** The settings bar in the theme's article header (or at the top of the article on a page without one). */
function mountSettingsBar() {
  if (pageHasSettingsBar()) return;
  const { element } = settingsBar();
  element.classList.add("cb-settings-book");
  const end = document.querySelector(".header-article-items__end");
  if (end) {
    end.prepend(h("div", { class: "header-article-item cb-settings-item" }, element));
  } else {
    pageNoticeRegion().before(element);
  }
}

/** Both languages of a notice, the Chinese marked, in the page-notice region; ``about`` names what
 * it is about, so the page can take it back. */
function showBilingualNotice(words, about) {
  const region = pageNoticeRegion();
  region.replaceChildren(h("p", { lang: "en", text: words.en, "data-notice-about": about }),
    h("p", { lang: "zh-Hans", text: words.zh }));
  region.hidden = false;
}

/** The puzzle slot a `#puzzle=<slot>/<id>` address names (an old `#puzzle=<kind>:<seed>` names the
 * first puzzle of that kind, `<kind>-1`, as puzzle.js reads it), or null. */
function linkedPuzzleSlot(hash) {
  let address = hash;
  try { address = decodeURIComponent(hash); } catch (badEscape) { /* read as written */ }
  const match = /^#puzzle=(?:([^/]+)\/|([a-z_]+):\d+$)/.exec(address);
  if (!match) return null;
  return match[1] || `${match[2]}-1`;
}

/** Say so calmly when, a few seconds after the page has loaded, no widget on it holds the linked
 * puzzle's slot (a slot the page has but a puzzle its bank lacks is the puzzle widget's to say). */
function checkPuzzleLink() {
  const slot = linkedPuzzleSlot(window.location.hash);
  if (slot === null) return;
  const selector = `[data-puzzle-slot="${CSS.escape(slot)}"]`;
  const started = Date.now();
  const look = () => {
    const region = pageNoticeRegion();
    if (document.querySelector(selector)) {
      if (region.querySelector('[data-notice-about="link"]')) region.replaceChildren();  // an earlier link's
    } else if (Date.now() - started < PUZZLE_LINK_WAIT_MS) {
      window.setTimeout(look, 250);
    } else {
      showBilingualNotice(PAGE_WORDS.missingPuzzle, "link");
    }
  };
  look();
}

function checkPuzzleLinkOnceLoaded() {
  if (document.readyState === "complete") checkPuzzleLink();
  else window.addEventListener("load", checkPuzzleLink, { once: true });
}

/** On the title page (its label ``intro``): "Back to your last puzzle", a link to the puzzle the reader last
 * answered on another page, in the edition's language, and for each game the reader has started, the next stage
 * of its path without a star (path.js, from the map the page draws). */
function offerToContinue() {
  if (!document.getElementById("intro")) return;
  const last = lastPuzzle();
  const lines = [];
  const zh = pageEdition() === "zh";
  if (last && last.page !== window.location.pathname) {
    lines.push(h("p", { lang: zh ? "zh-Hans" : "en", class: "cb-continue" }, [
      zh ? "回到上次做的题：" : "Back to your last puzzle: ", h("a", { href: last.href, lang: last.lang, text: last.title })]));
  }
  for (const next of nextStages()) {
    const name = h("span", { lang: "zh-Hans", text: next.name });  // the games' names are Chinese in both editions
    lines.push(h("p", { lang: zh ? "zh-Hans" : "en", class: "cb-continue-path", "data-game": next.game },
      zh ? ["学习路线（", name, "）：", h("a", { href: next.href, text: next.text })]
        : ["Your path (", name, "): ", h("a", { href: next.href, text: next.text })]));
  }
  if (!lines.length) return;
  const region = pageNoticeRegion();
  region.replaceChildren(...lines);
  region.hidden = false;
}

/** The blocks "one guide first" may hide (page.css): the sources' and each guide's own, and a section that is
 * all about the sources. */
const HIDEABLE = [".cardbook-sources", ".cardbook-guide-sg", ".cardbook-guide-ss"]
  .flatMap((marked) => [marked, `.tag_${marked.slice(1)}`]).concat("section:has(> .cardbook-sources-section)").join(", ");

/** A link to a place the page hides (a rule of the guide the reader does not follow, a convention, an erratum):
 * every hidden block holding it shown, so the link lands on what it names. */
function revealLinkedBlock() {
  let id;
  try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (badEscape) { return; }
  const target = id && !id.startsWith("puzzle=") ? document.getElementById(id) : null;
  if (!target) return;
  // a label's target is the block it names, or an empty anchor just before it
  const named = !target.childElementCount && !target.textContent && target.nextElementSibling ? target.nextElementSibling : target;
  let revealed = false;
  for (let block = named.closest(HIDEABLE); block; block = block.parentElement && block.parentElement.closest(HIDEABLE)) {
    if (block.classList.contains("cardbook-revealed")) continue;
    revealed = true;
    block.classList.add("cardbook-revealed");
    block.prepend(revealedNote(block));
  }
  if (!revealed) return;
  syncContents();
  target.scrollIntoView();
}

/** What a block shown by a link is, said at its top: another guide's rule, or a note on the sources. */
function revealedNote(block) {
  const lang = pageEdition() === "zh" ? "zh" : "en";
  const guide = /cardbook-guide-(sg|ss)\b/.exec(block.className);
  const words = guide ? PAGE_WORDS.revealedGuide[lang](guide[1] === "ss" ? "双升" : "四人升级") : PAGE_WORDS.revealedSources[lang];
  return h("p", { class: "cb-revealed-note", lang: lang === "zh" ? "zh-Hans" : "en" }, sayText(words, lang));
}

/** The page's contents (the theme's "Contents" beside the article, and its printed one) without the sections the page hides. */
function syncContents() {
  for (const link of document.querySelectorAll("nav.page-toc a[href^='#'], #jb-print-toc nav a[href^='#']")) {
    const item = link.closest("li");
    let section = null;
    try { section = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1))); } catch (badEscape) { /* kept */ }
    if (item && section) item.hidden = section.getClientRects().length === 0;
  }
}

/** The theme's search buttons show "Search Ctrl+K": let that text be their name (WCAG 2.5.3). */
function nameSearchButtonsByTheirText() {
  document.querySelectorAll(".search-button-field[aria-label]").forEach((button) => button.removeAttribute("aria-label"));
}

/** The colour-mode button's icons carry titles ("Light") unlike its name ("Color mode"): make them
 * decorative, as they are once Font Awesome has turned them into SVGs, or before. */
function quietThemeIcons() {
  for (const button of document.querySelectorAll(".theme-switch-button")) {
    const quiet = () => button.querySelectorAll(".theme-switch").forEach((icon) => {
      if (icon.getAttribute("aria-hidden") === "true" && !icon.querySelector("title")) return;
      icon.removeAttribute("title");
      icon.removeAttribute("aria-labelledby");
      icon.removeAttribute("role");
      icon.setAttribute("aria-hidden", "true");
      icon.querySelectorAll("title").forEach((title) => title.remove());
    });
    quiet();
    new MutationObserver(quiet).observe(button, { childList: true, subtree: true });
  }
}

function startPage() {
  pageNoticeRegion();
  mountSettingsBar();
  nameSearchButtonsByTheirText();
  quietThemeIcons();
  checkPuzzleLinkOnceLoaded();
  drawPaths();
  offerToContinue();
  syncContents();
  revealLinkedBlock();
  onSettings(syncContents);
  window.addEventListener("hashchange", () => { checkPuzzleLink(); revealLinkedBlock(); });
  if (document.readyState === "complete") restoreReadingPlace();
  else window.addEventListener("load", restoreReadingPlace, { once: true });
}

/** A page of the book speaks its edition's language, and the reader's stored language becomes it
 * (so JupyterLab, Voila and the next page without an edition follow the edition read last). */
function adoptEdition() {
  const edition = pageEdition();
  if (edition && storedSettings().lang !== edition) writeSettings({ lang: edition });
}

adoptEdition();
applySettingsToDocument(readSettings());
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startPage);
else startPage();
