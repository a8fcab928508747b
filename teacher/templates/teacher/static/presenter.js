// The presenter console of a teacher deck in Voila (key `s`), in place of reveal.js's speaker view.
//
// reveal.js's view draws the current and the next slide in frames that load the deck again, and each
// load in Voila starts a kernel of its own (two more per view), which does not show what the room sees
// (the widgets of a new kernel are new widgets).  This console is a window this page opens and writes
// itself: it loads nothing, starts no kernel, and follows this page, copying four times a second the
// slide shown (as the room sees it), its notes, the next slide's title, and, for the teacher's eyes
// only, the answer of the slide's class puzzle and the class's live vote count, with a clock and a
// countdown for a vote.  Its buttons and arrow keys move this deck.
(function () {
  "use strict";
  if (/(^|[?&])(receiver|print-pdf)(=|&|$)/i.test(window.location.search)) return;

  const WORDS = {
    en: {
      title: "Presenter console", now: "On the screen", next: "Next", notes: "Notes", answer: "Answer (only you see it)",
      votes: "Votes", noPuzzle: "No class puzzle on this slide.",
      noClass: "No class is open: start one on the deck's join slide to see the votes here.", last: "End of the deck",
      elapsed: "Time", countdown: "Vote countdown", stop: "Stop", previous: "◀ Previous", forward: "Next ▶",
      slide: (n, total) => `Slide ${n} of ${total}`, minutes: (m) => `${m} min`, over: "Time is up",
    },
    zh: {
      title: "演讲者控制台", now: "屏幕上", next: "下一页", notes: "备注", answer: "答案（只有你看得到）",
      votes: "投票", noPuzzle: "这一页没有课堂练习。", noClass: "还没有开课：在幻灯片的加入页开课后，投票会显示在这里。",
      last: "最后一页",
      elapsed: "用时", countdown: "投票倒计时", stop: "停止", previous: "◀ 上一页", forward: "下一页 ▶",
      slide: (n, total) => `第${n}页，共${total}页`, minutes: (m) => `${m}分钟`, over: "时间到",
    },
  };
  const CSS = `
    body { margin: 0; font: 18px/1.4 system-ui, "Noto Sans CJK SC", sans-serif; color: #1b1b1b; background: #f3f3f1; }
    .cbp-head { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; padding: 8px 16px; background: #22313f; color: #fff; }
    .cbp-head strong { font-size: 20px; }
    .cbp-head .cbp-clock { margin-left: auto; font-variant-numeric: tabular-nums; font-size: 22px; }
    .cbp-head button { font: inherit; font-size: 16px; padding: 4px 10px; border-radius: 6px; border: 1px solid #9fb3c8; background: #fff; color: #1b1b1b; cursor: pointer; }
    .cbp-count { font-variant-numeric: tabular-nums; font-size: 28px; font-weight: 700; min-width: 4.5em; }
    .cbp-count.cbp-over { color: #ffb3b3; }
    main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 10px; padding: 10px; }
    section { background: #fff; border-radius: 8px; padding: 10px 14px; box-shadow: 0 1px 3px #0002; min-width: 0; }
    h2 { margin: 0 0 4px; font-size: 14px; text-transform: uppercase; letter-spacing: .04em; color: #566; }
    .cbp-screen { grid-row: span 3; }
    .cbp-frame { position: relative; overflow: hidden; border: 1px solid #ccd; background: #fff; }
    .cbp-frame > .cbp-slide.reveal { position: absolute; top: 0; left: 0; height: auto; overflow: visible; transform-origin: top left;
      pointer-events: none; }
    .cbp-frame .slides { position: static !important; transform: none !important; }
    .cbp-slide section { display: block !important; position: static !important; transform: none !important; opacity: 1 !important; }
    * + h2 { margin-top: 14px; }
    .cbp-notes { font-size: 18px; }
    .cbp-notes p { margin: 0 0 8px; }
    .cbp-label { font-size: 14px; opacity: .8; }
    .cbp-answer { font-size: 20px; white-space: pre-line; color: #0b5d1e; }
    .cbp-answer:not(.cbp-muted)::first-line { font-weight: 700; font-size: 24px; }
    .cbp-muted { color: #667; font-size: 17px; }
    @media (max-width: 800px) { main { grid-template-columns: 1fr; } .cbp-screen { grid-row: auto; } }`;

  let console_ = null;   // the console's window, while open
  let shown = "";        // what was last copied, to copy only on a change
  let started = 0;       // when the console opened (the clock)
  let countdownEnd = 0;  // when the vote countdown ends (0: none)

  function lang() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    if (asked === "zh" || asked === "en") return asked;
    try {
      const stored = JSON.parse(localStorage.getItem("cardbook-settings") || "{}");
      return stored.lang === "zh" ? "zh" : "en";
    } catch (privateMode) { return "en"; }
  }

  function slides() {
    return Array.from(document.querySelectorAll(".reveal .slides > section"));
  }

  /** Move the deck as its own keys do (reveal.js reads the key codes). */
  function press(key, code) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key, keyCode: code, which: code, bubbles: true }));
  }

  function el(doc, tag, attrs, children) {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "text") node.textContent = value;
      else if (name === "onclick") node.addEventListener("click", value);
      else node.setAttribute(name, value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  function open() {
    if (console_ && !console_.closed) { console_.focus(); return; }
    console_ = window.open("", "cardbook-presenter", "width=1280,height=800");
    if (!console_) return;
    const doc = console_.document;
    const w = WORDS[lang()];
    doc.open();
    doc.write("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>");
    doc.close();
    doc.documentElement.lang = lang() === "zh" ? "zh-Hans" : "en";
    doc.title = w.title;
    // the deck's own styles, so the copied slide looks as the room sees it
    for (const style of document.querySelectorAll("link[rel=stylesheet], style")) doc.head.append(doc.importNode(style, true));
    doc.head.append(el(doc, "style", { text: CSS }));
    const countdown = el(doc, "span", { class: "cbp-count", role: "timer", "aria-label": w.countdown, text: "" });
    const minutes = [1, 2, 3].map((m) => el(doc, "button", { type: "button", "data-minutes": String(m), text: w.minutes(m),
      onclick: () => { countdownEnd = Date.now() + m * 60000; tick(); } }));
    doc.body.append(
      el(doc, "header", { class: "cbp-head" }, [
        el(doc, "strong", { class: "cbp-position", text: "" }),
        el(doc, "button", { type: "button", class: "cbp-prev", text: w.previous, onclick: () => press("ArrowLeft", 37) }),
        el(doc, "button", { type: "button", class: "cbp-next", text: w.forward, onclick: () => press("ArrowRight", 39) }),
        el(doc, "span", { class: "cbp-label", text: w.countdown }), ...minutes,
        el(doc, "button", { type: "button", class: "cbp-stop", text: w.stop, onclick: () => { countdownEnd = 0; tick(); } }),
        countdown,
        el(doc, "span", { class: "cbp-clock" }, [el(doc, "span", { class: "cbp-label", text: w.elapsed + " " }),
          el(doc, "span", { class: "cbp-elapsed", text: "0:00" })]),
      ]),
      el(doc, "main", {}, [
        el(doc, "section", { class: "cbp-screen" }, [el(doc, "h2", { text: w.now }), el(doc, "div", { class: "cbp-frame" })]),
        el(doc, "section", { class: "cbp-teacher" }, [el(doc, "h2", { text: w.answer }), el(doc, "div", { class: "cbp-answer" }),
          el(doc, "h2", { text: w.votes }), el(doc, "div", { class: "cbp-votes" })]),
        el(doc, "section", {}, [el(doc, "h2", { text: w.notes }), el(doc, "div", { class: "cbp-notes" })]),
        el(doc, "section", {}, [el(doc, "h2", { text: w.next }), el(doc, "div", { class: "cbp-upcoming" })]),
      ]),
    );
    // the arrow keys and space in the console move the deck, as in reveal.js's view
    doc.addEventListener("keydown", (event) => {
      const keys = { ArrowRight: 39, ArrowDown: 40, " ": 32, PageDown: 34, ArrowLeft: 37, ArrowUp: 38, PageUp: 33 };
      if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
      if (keys[event.key]) { event.preventDefault(); press(event.key, keys[event.key]); }
    });
    started = Date.now();
    shown = "";
    follow();
  }

  function tick() {
    if (!console_ || console_.closed) return;
    const doc = console_.document;
    const w = WORDS[lang()];
    const clock = doc.querySelector(".cbp-elapsed");
    const seconds = Math.floor((Date.now() - started) / 1000);
    if (clock) clock.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    const count = doc.querySelector(".cbp-count");
    if (!count) return;
    const left = countdownEnd ? Math.ceil((countdownEnd - Date.now()) / 1000) : null;
    count.classList.toggle("cbp-over", left !== null && left <= 0);
    count.textContent = left === null ? "" : left <= 0 ? w.over : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }

  /** Scale the copied slide to the console's frame (again on every round: the deck's stylesheets load
   * into the console after the copy, and the console's window may be resized). */
  function fit() {
    const frame = console_.document.querySelector(".cbp-frame");
    const holder = frame && frame.querySelector(".cbp-slide");
    if (!holder) return;
    const scale = Math.min(1, frame.clientWidth / Math.max(holder.offsetWidth, holder.scrollWidth, 1));
    holder.style.transform = `scale(${scale})`;
    frame.style.height = `${Math.ceil(holder.scrollHeight * scale)}px`;
  }

  /** Copy what the room sees now into the console, when it changed. */
  function follow() {
    if (!console_ || console_.closed) return;
    tick();
    fit();
    const all = slides();
    const current = document.querySelector(".reveal .slides > section.present");
    const at = all.indexOf(current);
    const puzzle = current && current.querySelector(".cbc[data-teacher-answer]");
    const chart = document.querySelector(".ccs-panel:not([hidden]) .ccs-chart, .ccs-panel:not([hidden]) .ccs-tally");
    const state = [at, current ? current.innerHTML.length : 0, current ? current.querySelectorAll("*").length : 0,
      puzzle ? puzzle.dataset.teacherAnswer : "", chart ? chart.textContent : "", lang()].join("\u0000");
    if (state === shown) return;
    shown = state;
    const doc = console_.document;
    const w = WORDS[lang()];
    doc.querySelector(".cbp-position").textContent = at >= 0 ? w.slide(at + 1, all.length) : "";
    const frame = doc.querySelector(".cbp-frame");
    frame.replaceChildren();
    if (current) {
      const copy = doc.importNode(current, true);
      copy.querySelectorAll("aside.notes, script").forEach((n) => n.remove());
      const holder = el(doc, "div", { class: "cbp-slide reveal" }, [el(doc, "div", { class: "slides" }, [copy])]);
      holder.style.width = `${current.offsetWidth || 960}px`;   // the slide's width in the deck: it wraps as there
      frame.append(holder);
    }
    const notes = current ? Array.from(current.querySelectorAll("aside.notes")) : [];
    // a note's paragraphs in the console's language first (the decks write each note in both)
    const chinese = (node) => node.nodeType === 1 && /[\u4e00-\u9fff]/.test(node.textContent) && !/[a-z]{4}/.test(node.textContent);
    const copied = (node) => Array.from(node.childNodes, (child) => doc.importNode(child, true))
      .sort((a, b) => (lang() === "zh" ? Number(chinese(b)) - Number(chinese(a)) : 0));
    doc.querySelector(".cbp-notes").replaceChildren(...notes.map((n) => el(doc, "div", {}, copied(n))));
    const upcoming = all[at + 1];
    const heading = upcoming && upcoming.querySelector("h1, h2, h3");
    const title = heading ? heading.textContent.replace(/¶$/, "").trim() : w.slide(at + 2, all.length);
    doc.querySelector(".cbp-upcoming").textContent = upcoming ? title : w.last;
    const answer = doc.querySelector(".cbp-answer");
    answer.textContent = puzzle ? puzzle.dataset.teacherAnswer : w.noPuzzle;
    answer.classList.toggle("cbp-muted", !puzzle);
    const votes = doc.querySelector(".cbp-votes");
    votes.replaceChildren(chart ? doc.importNode(chart, true) : el(doc, "span", { class: "cbp-muted", text: w.noClass }));
    fit();
  }

  // `s` opens the console (before reveal.js's notes plugin would open its own view)
  window.addEventListener("keydown", (event) => {
    if (event.key !== "s" && event.key !== "S") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    open();
  }, true);
  setInterval(follow, 250);
  window.addEventListener("pagehide", () => { if (console_ && !console_.closed) console_.close(); });
})();
