// @ts-check
// Where each puzzle of a page stood: the puzzle shown and the difficulty chosen, by page and slot, so that
// a reload (or a later visit) opens the same puzzle at the same difficulty (issue 25).  Stored data of any
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
