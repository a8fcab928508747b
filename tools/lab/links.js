// @ts-check
// Where a link of the book goes when a chapter is open in JupyterLab: the part of the Lab extension
// (tools/lab/extension.js) that needs no browser, so Node tests it (tests/widgets/test_lab_links.py).
//
// jupyterlab-myst renders a link to a label or a chapter, `[text](sj-deal-order)` or {doc}`engine`, as a
// download of a file that does not exist (`/files/sj-deal-order?_xsrf=…`), and "Read rule" next to a
// kernel links to `/lab/tree/<chapter>.md#<label>`; an output drawn for the built book (the title page's
// path map) links `<chapter>.html#<label>`, which Lab makes `/files/<chapter>.html?_xsrf=…#<label>`.  From the chapters' own text (the `(label)=` lines
// and their headings) this module says which chapter and paragraph each of those means, and what title
// an empty link's text should show.

/** A place in the book: a chapter's path from Lab's root and, if any, the label to scroll to. */
/** @typedef {{path: string, label: string}} Place */
/** @typedef {{path: string, title: string}} Entry */
/** Every chapter of one folder by name (`engine` → engine.md) and every label by name. */
/** @typedef {{chapters: Map<string, Entry>, labels: Map<string, Entry>}} BookIndex */

const LABEL_LINE = /^\(([\w.-]+)\)=\s*$/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;
const FENCE = /^(`{3,}|~{3,})/;

/** The text a heading shows: its Markdown emphasis, code ticks and link targets taken out.
 * @param {string} heading */
function plainTitle(heading) {
  return heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]/g, "").trim();
}

/** The chapters of one folder as an index: each chapter's title (its first heading) and each label with
 * the title of the heading under it (a label on a paragraph takes its chapter's title).
 * @param {{path: string, text: string}[]} chapters the Markdown of each chapter, by path from Lab's root
 * @returns {BookIndex} */
export function bookIndex(chapters) {
  /** @type {BookIndex} */
  const index = { chapters: new Map(), labels: new Map() };
  for (const { path, text } of chapters) {
    const name = path.split("/").pop().replace(/\.md$/, "");
    const lines = text.replace(FRONT_MATTER, "").split("\n");
    /** @type {string[]} */
    let waiting = [];   // labels above the next line of text
    let title = "";
    let fence = "";
    /** @type {[string, string][]} */
    const found = [];   // [label, heading title or ""]
    for (const line of lines) {
      const opened = FENCE.exec(line.trim());
      if (fence) {
        if (opened && line.trim().startsWith(fence) && !line.trim().slice(fence.length).trim()) fence = "";
        continue;
      }
      if (opened) { fence = opened[1]; waiting.forEach((l) => found.push([l, ""])); waiting = []; continue; }
      const label = LABEL_LINE.exec(line.trim());
      if (label) { waiting.push(label[1]); continue; }
      if (!line.trim()) continue;
      const heading = HEADING.exec(line);
      const shown = heading ? plainTitle(heading[2]) : "";
      if (heading && !title) title = shown;
      waiting.forEach((l) => found.push([l, shown]));
      waiting = [];
    }
    waiting.forEach((l) => found.push([l, ""]));
    index.chapters.set(name, { path, title: title || name });
    for (const [label, shown] of found) index.labels.set(label, { path, title: shown || title || label });
  }
  return index;
}

/** The folder of a path from Lab's root ("" at the root). @param {string} path */
export function folderOf(path) {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** Where a link goes, or null for a link this book does not make (another site, a file, a plain anchor).
 * @param {string} href the link's address, absolute (as the browser resolved it)
 * @param {string} baseUrl Lab's base URL, absolute, ending in "/"
 * @param {(folder: string) => BookIndex | undefined} indexOf the index of a folder's chapters, if known
 * @returns {Place | null} */
export function placeOf(href, baseUrl, indexOf) {
  let url;
  try { url = new URL(href); } catch (notAnAddress) { return null; }
  const base = new URL(baseUrl);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const rest = decodeURIComponent(url.pathname.slice(base.pathname.length));
  const label = decodeURIComponent(url.hash.slice(1));
  for (const prefix of ["lab/tree/", "files/"]) {
    if (!rest.startsWith(prefix)) continue;
    const path = rest.slice(prefix.length);
    if (path.endsWith(".md")) return { path, label };
    if (path.endsWith(".html")) {
      // a page of the built book, as an output drawn for it links it (the path map; Lab makes the output's
      // relative address a file download): that page's chapter
      const chapter = indexOf(folderOf(path))?.chapters.get(path.split("/").pop().slice(0, -".html".length));
      return chapter ? { path: chapter.path, label } : null;
    }
    if (prefix !== "files/" || /\.\w+$/.test(path)) return null;
    // `/files/<name>`: a chapter or a label, named from the linking chapter's folder
    const index = indexOf(folderOf(path));
    const name = path.split("/").pop();
    const chapter = index && index.chapters.get(name);
    if (chapter) return { path: chapter.path, label };
    const target = index && index.labels.get(name);
    return target ? { path: target.path, label: name } : null;
  }
  return null;
}

/** The title a link should show instead of its text, when its text is only the name of its target (an
 * empty `[](label)` or `[](chapter.md)` shows the label or the file name), else null.  A link written with
 * text keeps it.
 * @param {string} text the link's text @param {string} href @param {string} baseUrl
 * @param {(folder: string) => BookIndex | undefined} indexOf */
export function titleFor(text, href, baseUrl, indexOf) {
  const place = placeOf(href, baseUrl, indexOf);
  const index = place && indexOf(folderOf(place.path));
  if (!index) return null;
  const name = text.trim();
  if (place.label) return name === place.label ? index.labels.get(name)?.title ?? null : null;
  // an empty link to a chapter, `[](engine.md)`, shows the chapter's file name
  const chapter = name.endsWith(".md") ? index.chapters.get(name.slice(0, -3)) : undefined;
  return chapter && chapter.path === place.path ? chapter.title : null;
}
