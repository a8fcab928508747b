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

  // ?print-pdf: reveal.js lays the slides out as pages once, at load, before the widgets have drawn
  // (they wait for the kernel). When every widget output is drawn and the slides stop growing, each
  // slide is centred on its page again, scaled down if it outgrew it: one page per slide, every
  // widget on it, the ruleset badge on every page. <html data-cbt-print="ready"> then says the deck can be printed.
  function outputsWaiting() {
    return Array.from(document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]'))
      .filter((script) => script.textContent.includes("application/vnd.jupyter.widget-view+json")).length;
  }
  function fitPages() {
    const badge = document.querySelector(".reveal > .cbt-ruleset");
    for (const page of document.querySelectorAll(".reveal .pdf-page")) {
      const slide = page.querySelector(":scope > section");
      if (!slide) continue;
      if (badge && !page.querySelector(".cbt-ruleset.cbt-fixed")) page.append(badge.cloneNode(true));
      slide.style.transform = "";
      const room = page.clientHeight, tall = slide.scrollHeight;
      const scale = Math.min(1, room / tall);
      slide.style.transformOrigin = "top center";
      if (scale < 1) slide.style.transform = `scale(${scale})`;
      slide.style.top = `${Math.max((room - tall * scale) / 2, 0)}px`;
    }
    document.documentElement.dataset.cbtPrint = "ready";
  }
  function whenDrawn() {
    let last = "", still = 0;
    const started = Date.now();
    const poll = setInterval(() => {
      const pages = document.querySelectorAll(".reveal .pdf-page > section");
      const sizes = Array.from(pages, (slide) => slide.scrollHeight).join();
      still = pages.length && outputsWaiting() === 0 && sizes === last ? still + 1 : 0;
      last = sizes;
      if (still >= 4 || Date.now() - started > 90000) { clearInterval(poll); fitPages(); }
    }, 250);
  }
  if (/print-pdf/i.test(window.location.search)) {
    document.documentElement.dataset.cbtPrint = "drawing";
    whenDrawn();
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
