// Shared by every front end of the book: widgets/front_ends.py puts this file in front of each
// module's own source, since a module loaded from a Blob URL cannot load a sibling file
// (offline-book.md).  It only declares: the module it is joined to has the one export.

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** An element with attributes (`text` sets its text, `on…` adds a listener) and children. */
function h(tag, attrs = {}, children = []) {
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
