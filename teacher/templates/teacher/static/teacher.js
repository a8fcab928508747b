// Teacher decks in Voila: the ruleset badge on every slide, and a closed tab's kernel shut down.
(function () {
  // Lift the deck's ruleset badge out of its slide into the presentation frame, so the
  // ruleset of the address is shown on every slide. Voila renders outputs after load, so wait.
  function lift() {
    const frame = document.querySelector(".reveal");
    const badge = document.querySelector(".reveal .slides .cbt-ruleset");
    if (!frame || !badge) return false;
    badge.classList.add("cbt-fixed");
    frame.append(badge);
    return true;
  }
  if (!lift()) {
    const watch = new MutationObserver(() => { if (lift()) watch.disconnect(); });
    watch.observe(document.documentElement, { childList: true, subtree: true });
  }

  // The XSRF token the server checks on a POST: its own _xsrf cookie if it set one, else one
  // made here and set as the cookie (the server compares the cookie with the X-XSRFToken header).
  function xsrfToken() {
    const found = document.cookie.split("; ").find((part) => part.startsWith("_xsrf="));
    if (found) return decodeURIComponent(found.slice(6));
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
    return token;
  }

  // Closing or leaving the tab shuts its kernel down through Voila's own shutdown address;
  // idle culling (teacher/voila.json) still catches a browser that dies without a word.
  const config = document.getElementById("jupyter-config-data");
  const { baseUrl, kernelId } = config ? JSON.parse(config.textContent) : {};
  if (!kernelId) return;
  const token = xsrfToken();
  let sent = false;
  window.addEventListener("pagehide", () => {
    if (sent) return;
    sent = true;
    fetch(`${baseUrl || "/"}voila/api/shutdown/${kernelId}`, {
      method: "POST", keepalive: true, credentials: "same-origin", headers: { "X-XSRFToken": token },
    }).catch(() => {});
  });
})();
