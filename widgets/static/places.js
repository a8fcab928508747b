// @ts-check
// Where each puzzle of a page stood: the puzzle shown and the difficulty chosen, by page and slot, so that
// a reload (or a later visit) opens the same puzzle at the same difficulty.  Stored data of any
// shape reads as "nothing stored".
import { readStored, writeStored } from "./store.js";

const PLACES_KEY = "cardbook-puzzle-places";
export const DIFFICULTIES = ["easy", "normal", "hard"];
const PUZZLE_ID = /^[a-z_]+:\d+$/;

/** This page's key for ``slot`` (the address without its fragment: another page's slot is another place). */
function placeKey(slot) {
  return `${window.location.pathname}#${slot}`;
}

/** Every stored place, whatever was stored. @returns {Record<string, any>} */
function allPlaces() {
  const stored = readStored(PLACES_KEY);
  return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
}

/** ``slot``'s place on this page: ``{id, difficulty}``, each null when none (or a malformed one) is stored.
 * @param {string} slot @returns {{id: string | null, difficulty: string | null}} */
export function readPlace(slot) {
  const place = slot ? allPlaces()[placeKey(slot)] : null;
  const given = place && typeof place === "object" ? place : {};
  return { id: typeof given.id === "string" && PUZZLE_ID.test(given.id) ? given.id : null,
    difficulty: DIFFICULTIES.includes(given.difficulty) ? given.difficulty : null };
}

/** Remember that ``slot`` shows puzzle ``id`` with ``difficulty`` chosen. @param {string} slot @param {string} id @param {string} difficulty */
export function keepPlace(slot, id, difficulty) {
  if (!slot) return;
  writeStored(PLACES_KEY, { ...allPlaces(), [placeKey(slot)]: { id, difficulty } });
}

const LAST_KEY = "cardbook-last-puzzle";

/** Remember the puzzle the reader last answered (its page's title, and the link to it): the title page offers
 * to continue there. @param {string} slot @param {string} id */
export function keepLast(slot, id) {
  const title = (document.title || "").split(" \u2014 ")[0];
  writeStored(LAST_KEY, { href: `${window.location.pathname}#puzzle=${slot ? `${slot}/` : ""}${id}`, title,
    page: window.location.pathname, lang: document.documentElement.lang || "en" });
}

/** The puzzle the reader last answered, ``{href, title, page, lang}`` (lang: its page's), or null (whatever else is stored). */
export function lastPuzzle() {
  const last = readStored(LAST_KEY);
  if (!last || typeof last !== "object" || ![last.href, last.title, last.page].every((v) => typeof v === "string")) return null;
  const lang = typeof last.lang === "string" ? last.lang : "en";
  return /#puzzle=/.test(last.href) && last.title ? { href: last.href, title: last.title, page: last.page, lang } : null;
}
