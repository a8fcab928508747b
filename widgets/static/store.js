// @ts-check
// The reader's data in localStorage, shared by settings.js, places.js and practice.js: read (anything
// unreadable is null), written (a private window keeps it for the page), and listened to (a change on this
// page, announced by an event, or in another tab).

export function readStored(key) {
  try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (unreadable) { return null; }
}

export function writeStored(key, value) {
  try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (privateMode) { /* kept for this page */ }
}

/** Call ``fn`` after every change of ``key``'s data on this page (``event``) or in another tab; returns what stops it. */
export function listen(event, key, fn) {
  const here = () => fn();
  const elsewhere = (e) => { if (e.key === key || e.key === null) fn(); };
  window.addEventListener(event, here);
  window.addEventListener("storage", elsewhere);
  return () => { window.removeEventListener(event, here); window.removeEventListener("storage", elsewhere); };
}
