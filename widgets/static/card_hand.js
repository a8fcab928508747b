// CardHand's front end: draws the faces cardlib rendered, and lets the reader pick cards.
// Self-contained (anywidget loads it from a Blob URL, so no relative imports).

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cardbook-hand";
  const caption = document.createElement("div");
  const row = document.createElement("div");
  row.className = "cardbook-hand-cards";
  row.setAttribute("role", "group");
  const status = document.createElement("div");
  status.className = "cardbook-hand-status";
  status.setAttribute("aria-live", "polite");
  root.append(caption, row, status);
  el.append(root);

  function draw() {
    const faces = model.get("faces");
    const picked = new Set(model.get("selected"));
    caption.textContent = model.get("caption");
    row.setAttribute("aria-label", model.get("caption") || "hand");
    row.replaceChildren(...faces.map((face, position) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cardbook-card";
      button.dataset.card = face.card;
      button.title = face.label;
      button.setAttribute("aria-label", face.label);
      button.setAttribute("aria-pressed", String(picked.has(position)));
      button.innerHTML = face.svg;
      button.addEventListener("click", () => toggle(position));
      return button;
    }));
    const names = faces.filter((_, i) => picked.has(i)).map((face) => face.label);
    status.textContent = names.length ? `Selected: ${names.join(", ")}` : "";
  }

  function toggle(position) {
    const picked = new Set(model.get("selected"));
    picked.has(position) ? picked.delete(position) : picked.add(position);
    model.set("selected", [...picked].sort((a, b) => a - b));
    // In a static page there is no kernel to sync with; the selection still shows.
    try { model.save_changes(); } catch (noKernel) { /* the change event has redrawn it */ }
  }

  model.on("change:faces", draw);
  model.on("change:caption", draw);
  model.on("change:selected", draw);
  draw();
}

export default { render };
