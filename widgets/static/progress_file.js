// @ts-check
// The reader's progress as a file: what an export holds, how an import is checked (a kind the book
// does not have or an impossible count refuses the whole file, and nothing changes), and the two ways an
// import applies: merge (each kind keeps the record with more answers, so importing one's own export again
// changes nothing) or replace (the progress becomes the file's).
//
// A record is {solved, streak, answered}: whole numbers with streak ≤ solved ≤ answered (an export older
// than `answered` counts its solved puzzles as answered).
import { PUZZLE_KINDS } from "./kinds.js";

/** @typedef {{solved: number, streak: number, answered: number}} Record */
/** @typedef {{[kind: string]: Record}} Progress */
/** @typedef {{en: string, zh: string}} Words */

export const FILE_WORDS = {
  notJson: { en: "Not imported: that file is not a progress export. Your progress is unchanged.",
    zh: "未导入：这个文件不是进度导出文件。你的进度没有改变。" },
  unknownKinds: (n) => ({ en: `Not imported: the file names ${n} kind${n === 1 ? "" : "s"} of puzzle this book does not have. Your progress is unchanged.`,
    zh: `未导入：文件里有${n}种本书没有的练习。你的进度没有改变。` }),
  badCounts: (n) => ({ en: `Not imported: ${n} record${n === 1 ? "" : "s"} in the file ${n === 1 ? "has" : "have"} impossible counts `
    + "(more solved than answered, a streak longer than the puzzles solved, or not whole numbers). Your progress is unchanged.",
  zh: `未导入：文件里有${n}条记录的数字不可能成立（答对比已答多、连对比答对多，或不是整数）。你的进度没有改变。` }),
  empty: { en: "Not imported: the file holds no progress. Your progress is unchanged.",
    zh: "未导入：文件里没有进度。你的进度没有改变。" },
};

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** One stored or imported record, checked: the record, or null when its counts are impossible. @returns {Record | null} */
export function checkedRecord(entry) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return null;
  const answered = entry.answered === undefined ? entry.solved : entry.answered;
  if (![entry.solved, entry.streak, answered].every(isCount)) return null;
  if (entry.streak > entry.solved || entry.solved > answered) return null;
  return { solved: entry.solved, streak: entry.streak, answered };
}

/** The text of a progress file, read: ``{ok: true, progress}``, or ``{ok: false, message}`` saying why not.
 * @param {string} text @returns {{ok: true, progress: Progress} | {ok: false, message: Words}} */
export function readProgressFile(text) {
  let data;
  try { data = JSON.parse(text); } catch (notJson) { return { ok: false, message: FILE_WORDS.notJson }; }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, message: FILE_WORDS.notJson };
  const entries = Object.entries(data);
  if (!entries.length) return { ok: false, message: FILE_WORDS.empty };
  const unknown = entries.filter(([kind]) => !PUZZLE_KINDS.includes(kind)).length;
  if (unknown) return { ok: false, message: FILE_WORDS.unknownKinds(unknown) };
  const bad = entries.filter(([, entry]) => checkedRecord(entry) === null).length;
  if (bad) return { ok: false, message: FILE_WORDS.badCounts(bad) };
  return { ok: true, progress: Object.fromEntries(entries.map(([kind, entry]) => [kind, checkedRecord(entry)])) };
}

/** ``current`` merged with ``incoming``: per kind, the record with more answers (the current one on a tie).
 * @param {Progress} current @param {Progress} incoming @returns {Progress} */
export function mergeProgress(current, incoming) {
  const merged = { ...current };
  for (const [kind, record] of Object.entries(incoming)) {
    if (!merged[kind] || record.answered > merged[kind].answered) merged[kind] = record;
  }
  return merged;
}

/** What a progress comes to: puzzles solved and answered, and in how many kinds. @param {Progress} progress */
export function totalsOf(progress) {
  const records = Object.values(progress);
  return { solved: records.reduce((n, r) => n + r.solved, 0), answered: records.reduce((n, r) => n + r.answered, 0),
    kinds: records.length };
}
