// @ts-check
// A packed list, as the widgets' ``bank`` traits carry one (widgets/puzzles/bank.py pack_bank: gzip-compressed
// compact JSON in base64), unpacked with the browser's own DecompressionStream: the puzzles' banks
// (puzzle.js) and the deal stepper's next deals (stepper.js).

/** The list ``packed`` holds; [] for an empty string. @param {string} packed @returns {Promise<any[]>} */
export async function unpackBank(packed) {
  if (!packed) return [];
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
