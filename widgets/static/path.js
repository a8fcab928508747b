// @ts-check
// The reader's path through each game, on the map the title page draws (widgets/puzzles/path.py path_map:
// the stages, their kinds and the star levels are in its data attributes, the one copy of them): each
// stage's stars from the first answers to its kinds' puzzles (settings.js readProgress), the next stage
// without a star marked, and each game's "continue" link pointed at it.  Redrawn after every answer here
// or in another tab.
import { onProgress, readProgress } from "./settings.js";

/** @typedef {[number, number, number]} StarLevel  at least [right, answered, share right] */
/** @typedef {{[kind: string]: {solved: number, answered: number}}} Progress */

export const PATH_WORDS = {
  en: { count: (right, answered) => `${right} of ${answered} right first time`,
    stars: (n) => (n ? `${n} star${n === 1 ? "" : "s"} of 3` : "no stars yet"), next: "next",
    start: "Start", continue: "Continue", done: "Every stage has a star: practise for more" },
  zh: { count: (right, answered) => `首次作答${answered}题，答对${right}题`,
    stars: (n) => (n ? `3颗星得了${n}颗` : "还没有星"), next: "下一关",
    start: "开始", continue: "继续", done: "每一关都有星了：继续练习拿更多星" },
};

/** The stars first answers earn: the levels met, counted from the first. @param {StarLevel[]} levels
 * @param {number} right @param {number} answered */
export function starsFor(levels, right, answered) {
  let stars = 0;
  for (const [needRight, needAnswered, share] of levels) {
    if (right < needRight || answered < needAnswered || right < share * answered) break;
    stars += 1;
  }
  return stars;
}

/** A stage's first answers: right and given, over its kinds. @param {Progress} progress @param {string[]} kinds */
export function stageCounts(progress, kinds) {
  const records = kinds.map((kind) => progress[kind]).filter(Boolean);
  return { right: records.reduce((n, r) => n + r.solved, 0), answered: records.reduce((n, r) => n + r.answered, 0) };
}

/** Draw one game's stages and its "continue" link. @param {HTMLElement} game @param {StarLevel[]} levels
 * @param {any} w @param {Progress} progress */
function drawGame(game, levels, w, progress) {
  const stages = /** @type {HTMLElement[]} */ ([...game.querySelectorAll("[data-stage]")]);
  let next = null;
  let started = false;
  for (const stage of stages) {
    const { right, answered } = stageCounts(progress, (stage.dataset.kinds || "").split(" "));
    const stars = starsFor(levels, right, answered);
    started = started || answered > 0;
    const shown = /** @type {HTMLElement} */ (stage.querySelector("[data-path-stars]"));
    shown.textContent = "★".repeat(stars) + "☆".repeat(levels.length - stars);
    shown.setAttribute("role", "img");
    shown.setAttribute("aria-label", w.stars(stars));
    stage.dataset.stars = String(stars);
    /** @type {HTMLElement} */ (stage.querySelector("[data-path-count]")).textContent = answered ? w.count(right, answered) : "";
    if (!next && !stars) next = stage;
    stage.classList.toggle("cb-path-next", stage === next);
  }
  const link = /** @type {HTMLAnchorElement | null} */ (game.querySelector("[data-path-continue]"));
  if (!link) return;
  const target = next && /** @type {HTMLAnchorElement} */ (next.querySelector(".cb-path-name"));
  link.hidden = !target;
  game.querySelector(".cb-path-done")?.remove();
  if (target) {
    link.href = target.href;
    link.dataset.nextStage = next.dataset.stage;
    link.textContent = `${started ? w.continue : w.start}${w === PATH_WORDS.zh ? "：" : ": "}${target.textContent.replace(/^\d+\.\s*/, "")} →`;
  } else {
    link.after(Object.assign(document.createElement("span"), { className: "cb-path-done", textContent: w.done }));
  }
}

/** Fill in one path map (its stages' stars, its games' "continue") from ``progress``.
 * @param {HTMLElement} map an element with ``data-cardbook-path`` @param {Progress} progress */
export function drawPath(map, progress) {
  let levels;
  try { levels = JSON.parse(map.dataset.starLevels || "[]"); } catch (unreadable) { levels = []; }
  const w = PATH_WORDS[map.dataset.lang === "zh" ? "zh" : "en"];
  map.querySelectorAll("[data-game]").forEach((game) => drawGame(/** @type {HTMLElement} */ (game), levels, w, progress));
}

/** Fill in every path map on the page, now and after every answer; returns what stops it. */
export function drawPaths() {
  const maps = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("[data-cardbook-path]")]);
  if (!maps.length) return () => {};
  const draw = (/** @type {Progress} */ progress) => maps.forEach((map) => drawPath(map, progress));
  draw(readProgress());
  return onProgress(draw);
}

/** The next stage without a star of each game a reader has started, from the maps on this page:
 * [{game, name (the game's, as its map names it), href, text}]. */
export function nextStages() {
  return [...document.querySelectorAll("[data-cardbook-path] [data-game]")].flatMap((game) => {
    const link = /** @type {HTMLAnchorElement | null} */ (game.querySelector("[data-path-continue]"));
    const started = [...game.querySelectorAll("[data-stage]")].some((s) => s.querySelector("[data-path-count]")?.textContent);
    const name = game.querySelector(".cb-path-name-game")?.textContent || "";
    return link && !link.hidden && started
      ? [{ game: /** @type {HTMLElement} */ (game).dataset.game, name, href: link.href, text: link.textContent }] : [];
  });
}
