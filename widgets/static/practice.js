// @ts-check
// The practice loop's memory: the streak across every kind of puzzle (and the best one), each rule's
// first answers right and wrong (the chart in the progress menu), the puzzles missed ("my mistakes", by rule
// id, kept until answered right), and each kind's best rush.  Difficulty steps up after STEP_UP_AFTER first
// answers right in a row in a kind and down after a miss.  Stored data of any shape reads as nothing stored.
import { DIFFICULTIES } from "./places.js";
import { listen, readStored, writeStored } from "./store.js";

const PRACTICE_KEY = "cardbook-practice";
const PRACTICE_EVENT = "cardbook:practice";
/** So many first answers right in a row in a kind step its difficulty up. */
export const STEP_UP_AFTER = 2;
/** The mistakes kept (the oldest go first). */
const MISTAKES_KEPT = 60;
const RULE_ID = /^[A-Z]+-E?\d+$|^C-\d+$/;
const PUZZLE_ID = /^[a-z_]+:\d+$/;

/** @typedef {{id: string, kind: string, rules: string[], page: string, slot: string}} Mistake */
/** @typedef {{streak: number, best: number, byRule: Record<string, {right: number, wrong: number}>,
 *   mistakes: Mistake[], rush: Record<string, number>}} Practice */

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** A stored mistake, checked, or null. @returns {Mistake | null} */
function checkedMistake(m) {
  if (!m || typeof m !== "object" || typeof m.id !== "string" || !PUZZLE_ID.test(m.id)) return null;
  if (!Array.isArray(m.rules) || !m.rules.every((r) => typeof r === "string" && RULE_ID.test(r))) return null;
  return { id: m.id, kind: m.id.split(":")[0], rules: m.rules, page: typeof m.page === "string" ? m.page : "",
    slot: typeof m.slot === "string" ? m.slot : "" };
}

/** @returns {Practice} */
export function readPractice() {
  const stored = readStored(PRACTICE_KEY);
  const given = stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  const byRule = {};
  for (const [rule, counts] of Object.entries(given.byRule && typeof given.byRule === "object" ? given.byRule : {})) {
    if (RULE_ID.test(rule) && counts && isCount(counts.right) && isCount(counts.wrong)) byRule[rule] = { right: counts.right, wrong: counts.wrong };
  }
  const rush = {};
  for (const [kind, best] of Object.entries(given.rush && typeof given.rush === "object" ? given.rush : {})) {
    if (isCount(best)) rush[kind] = best;
  }
  const streak = isCount(given.streak) ? given.streak : 0;
  return { streak, best: isCount(given.best) && given.best >= streak ? given.best : streak, byRule, rush,
    mistakes: (Array.isArray(given.mistakes) ? given.mistakes : []).map(checkedMistake).filter((m) => m !== null) };
}

/** @param {Practice} practice */
function writePractice(practice) {
  writeStored(PRACTICE_KEY, practice);
  window.dispatchEvent(new CustomEvent(PRACTICE_EVENT));
}

/** Count a first answer: the streak across kinds, each rule it cites, and a miss kept as a mistake (a right
 * answer to a puzzle missed before takes it off).
 * @param {{id: string, ok: boolean, rules: string[], page: string, slot: string}} answer @returns {Practice} */
export function recordPractice({ id, ok, rules, page, slot }) {
  const practice = readPractice();
  const cited = [...new Set(rules)].filter((r) => RULE_ID.test(r));
  practice.streak = ok ? practice.streak + 1 : 0;
  practice.best = Math.max(practice.best, practice.streak);
  for (const rule of cited) {
    const counts = practice.byRule[rule] || { right: 0, wrong: 0 };
    practice.byRule[rule] = ok ? { ...counts, right: counts.right + 1 } : { ...counts, wrong: counts.wrong + 1 };
  }
  practice.mistakes = practice.mistakes.filter((m) => m.id !== id);
  if (!ok) practice.mistakes = [...practice.mistakes, { id, kind: id.split(":")[0], rules: cited, page, slot }].slice(-MISTAKES_KEPT);
  writePractice(practice);
  return practice;
}

/** A rush of ``kind`` ended with ``right`` answers: its best, and whether this one is it. @param {string} kind @param {number} right */
export function recordRush(kind, right) {
  const practice = readPractice();
  const best = Math.max(practice.rush[kind] || 0, right);
  practice.rush[kind] = best;
  writePractice(practice);
  return { best, isBest: right > 0 && right === best };
}

export function resetPractice() {
  writePractice({ streak: 0, best: 0, byRule: {}, mistakes: [], rush: {} });
}

export function onPractice(fn) {
  return listen(PRACTICE_EVENT, PRACTICE_KEY, () => fn(readPractice()));
}

/** The difficulty after a first answer: a step up after STEP_UP_AFTER right in a row in the kind (``kindStreak``
 * counts this one), a step down after a miss. @param {string} difficulty @param {boolean} ok @param {number} kindStreak */
export function steppedDifficulty(difficulty, ok, kindStreak) {
  const at = Math.max(0, DIFFICULTIES.indexOf(difficulty));
  if (ok && kindStreak > 0 && kindStreak % STEP_UP_AFTER === 0) return DIFFICULTIES[Math.min(DIFFICULTIES.length - 1, at + 1)];
  if (!ok) return DIFFICULTIES[Math.max(0, at - 1)];
  return DIFFICULTIES[at];
}

/** The mistakes by the rule they cite (a mistake citing two rules under each), rules in id order.
 * @param {Mistake[]} mistakes @returns {{rule: string, mistakes: Mistake[]}[]} */
export function mistakesByRule(mistakes) {
  const byRule = new Map();
  for (const m of mistakes) for (const rule of m.rules) byRule.set(rule, [...(byRule.get(rule) || []), m]);
  return [...byRule.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([rule, list]) => ({ rule, mistakes: list }));
}
