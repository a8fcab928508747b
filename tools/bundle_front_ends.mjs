// @ts-check
// Bundle the book's front ends with esbuild: each entry (a widget's ES module, the class page's
// join.js, the book's page script) and the shared modules it imports (dom.js, cards.js, settings.js)
// become one self-contained file in widgets/static/dist/ (git-ignored), since anywidget loads a front end
// from a Blob URL where no import resolves.  The widgets are ES modules; the page
// script is a classic script (an IIFE).  The card faces are not bundled: widgets/front_ends.py writes
// `const CARD_FACES = …` (cardlib.render's one drawing) in front of a bundle that uses them.
// dist/manifest.json, written on every run, lists each bundle's source files, so widgets/front_ends.py
// can tell bundles older than their sources ("run make deps").  A bundle whose text is unchanged is not
// written again: the book's execution caches, which drop when a widget file changes (Makefile), are kept.
//
// The book's JupyterLab extension (tools/lab) is bundled the same way into dist/cardbook-lab/static, with its
// package.json beside, so that dist/ is also the folder `make lab` loads prebuilt Lab extensions from.
//
// Usage: node tools/bundle_front_ends.mjs   (run by `make deps`, after npm ci)
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "widgets", "static", "dist");

/** bundle name → [entry, format] */
const ENTRIES = {
  "puzzle.js": ["widgets/static/puzzle.js", "esm"],
  "stepper.js": ["widgets/static/stepper.js", "esm"],
  "class_puzzle.js": ["widgets/static/class_puzzle.js", "esm"],
  "class_session.js": ["widgets/static/class_session.js", "esm"],
  "card_hand.js": ["widgets/static/card_hand.js", "esm"],
  "tutor.js": ["widgets/static/tutor.js", "esm"],
  "join.js": ["classroom/static/join.js", "esm"],
  "page.js": ["tools/site/page.js", "iife"],
  "cardbook-lab/static/remoteEntry.js": ["tools/lab/extension.js", "iife"],
};
/** Files copied into dist as they are: the Lab extension's description, which Lab reads. */
const COPIED = { "cardbook-lab/package.json": "tools/lab/package.json" };
const KEPT = new Set([...Object.keys(ENTRIES), ...Object.keys(COPIED)].map((name) => name.split("/")[0]));

mkdirSync(OUT, { recursive: true });
for (const old of readdirSync(OUT)) {
  if (!KEPT.has(old)) rmSync(join(OUT, old), { recursive: true, force: true });
}
/** @type {Record<string, {inputs: string[], bytes: number}>} */
const manifest = {};
for (const [name, [entry, format]] of Object.entries(ENTRIES)) {
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    outfile: join(OUT, name),
    bundle: true,
    format: /** @type {"esm" | "iife"} */ (format),
    target: "es2022",
    platform: "browser",
    charset: "utf8",      // the Chinese words as they are, not \u escapes (fewer bytes)
    legalComments: "none",
    banner: format === "iife" ? { js: '"use strict";' } : {},  // as the page script always was
    minify: false,        // readable in the browser's tools; tree shaking keeps it small
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const [file] = result.outputFiles;
  mkdirSync(dirname(file.path), { recursive: true });
  if (!existsSync(file.path) || readFileSync(file.path, "utf8") !== file.text) writeFileSync(file.path, file.text);
  const output = Object.values(result.metafile.outputs)[0];
  const inputs = Object.keys(result.metafile.inputs).map((p) => relative(ROOT, join(process.cwd(), p)));
  manifest[name] = { inputs: [...inputs, relative(ROOT, fileURLToPath(import.meta.url))], bytes: output.bytes };
}
for (const [name, source] of Object.entries(COPIED)) {
  const text = readFileSync(join(ROOT, source), "utf8");
  const path = join(OUT, name);
  mkdirSync(dirname(path), { recursive: true });
  if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeFileSync(path, text);
}
writeFileSync(join(OUT, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(Object.entries(manifest).map(([name, m]) => `${name} ${(m.bytes / 1024).toFixed(1)} KB`).join(", "));
