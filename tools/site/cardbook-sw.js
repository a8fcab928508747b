// @ts-check
// The book's service worker, at the root of the site (staged there by tools/stage_widget_runtime.py), so
// that a page read once opens again with no network. The widget loader registers it when a page first
// asks for the practice engine (and sends it that page's own files to keep: {type: "cardbook-keep", urls}).
// Network first: a reader online always gets the book as it is on the server, and every page and file
// of the book that comes through is kept; offline, the kept copy answers. The engine's gzipped files are
// kept by the engine worker itself (Cache Storage, named by the engine's version), so they pass here untouched.
const PAGES = "cardbook-pages-v1";

self.addEventListener("install", () => { /** @type {any} */ (self).skipWaiting(); });
self.addEventListener("activate", (event) => { /** @type {any} */ (event).waitUntil(/** @type {any} */ (self).clients.claim()); });

/** Same origin, a GET, and not one of the engine's gzipped files. @param {Request} request */
function ours(request) {
  return request.method === "GET" && new URL(request.url).origin === self.location.origin && !/\.gz$/.test(new URL(request.url).pathname);
}

/** @param {Request} request */
async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !response.headers.has("Content-Range")) {
      cache.put(request, response.clone()).catch(() => {});
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const fetched = /** @type {any} */ (event);
  if (ours(fetched.request)) fetched.respondWith(networkFirst(fetched.request));
});

/** The registering page's own files, kept now: it was loaded before this worker could see it. @param {string[]} urls */
async function keep(urls) {
  const cache = await caches.open(PAGES);
  await Promise.all(urls.map(async (url) => {
    try {
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch (error) { /* kept next time it loads */ }
  }));
}

self.addEventListener("message", (event) => {
  const message = /** @type {any} */ (event);
  if (message.data && message.data.type === "cardbook-keep" && Array.isArray(message.data.urls)) {
    message.waitUntil(keep(message.data.urls.filter((url) => typeof url === "string" && new URL(url).origin === self.location.origin)));
  }
});
