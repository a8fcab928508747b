// Lift the deck's ruleset badge out of its slide into the presentation frame, so the
// ruleset of the address is shown on every slide. Voila renders outputs after load, so wait.
(function () {
  function lift() {
    const frame = document.querySelector(".reveal");
    const badge = document.querySelector(".reveal .slides .cbt-ruleset");
    if (!frame || !badge) return false;
    badge.classList.add("cbt-fixed");
    frame.append(badge);
    return true;
  }
  if (lift()) return;
  const watch = new MutationObserver(() => { if (lift()) watch.disconnect(); });
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
