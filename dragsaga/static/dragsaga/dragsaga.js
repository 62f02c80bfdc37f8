// DragSaga table: each flip animates once (pushes re-render the seats, so the page
// remembers which flips it has shown), and target arrows from attacker to target.
// Nothing of the game lives here: both read what the server rendered.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const shown = new Set();
  let firstLook = true;

  function markFlips(seats) {
    for (const card of seats.querySelectorAll("[data-flip]")) {
      const key = card.dataset.flip;
      if (!shown.has(key) && !firstLook) card.classList.add("fresh");
      shown.add(key);
    }
    firstLook = false;
  }

  // Where the line from a box's centre towards (dx, dy) leaves the box.
  function edge(box, dx, dy) {
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const scale = Math.min(
      dx ? box.width / 2 / Math.abs(dx) : Infinity,
      dy ? box.height / 2 / Math.abs(dy) : Infinity,
    );
    return [cx + dx * scale, cy + dy * scale];
  }

  function drawArrows(seats) {
    const svg = seats.querySelector("svg.ds-arrows");
    if (!svg) return;
    const origin = seats.getBoundingClientRect();
    const boxes = {};
    for (const seat of seats.querySelectorAll("[data-seat]")) {
      const r = seat.getBoundingClientRect();
      boxes[seat.dataset.seat] = { left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height };
    }
    svg.replaceChildren();
    const defs = document.createElementNS(SVG, "defs");
    const marker = document.createElementNS(SVG, "marker");
    for (const [k, v] of Object.entries({ id: "ds-arrowhead", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" })) marker.setAttribute(k, v);
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    marker.append(head);
    defs.append(marker);
    svg.append(defs);
    for (const seat of seats.querySelectorAll("[data-seat][data-target]")) {
      const from = boxes[seat.dataset.seat];
      const to = boxes[seat.dataset.target];
      if (!from || !to) continue;
      const dx = to.left + to.width / 2 - (from.left + from.width / 2);
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      const [x1, y1] = edge(from, dx, dy);
      const [x2, y2] = edge(to, -dx, -dy);
      // Bow each arrow to its right, so A→B and B→A stay apart.
      const bend = 0.15;
      const mx = (x1 + x2) / 2 - (y2 - y1) * bend;
      const my = (y1 + y2) / 2 + (x2 - x1) * bend;
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`);
      path.setAttribute("marker-end", "url(#ds-arrowhead)");
      const colour = [...seat.classList].find((c) => c.startsWith("dragon-"));
      if (colour) path.classList.add("arrow-" + colour.slice("dragon-".length));
      path.dataset.from = seat.dataset.seat;
      path.dataset.to = seat.dataset.target;
      svg.append(path);
    }
  }

  function refresh() {
    const seats = document.querySelector(".ds-seats");
    if (!seats) return;
    markFlips(seats);
    drawArrows(seats);
  }

  let pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      refresh();
    });
  }

  // Placing: name the two chosen cards next to "Ready", and say at once when their costs
  // together pass the flip limit (both can be placed, but only one can be flipped).
  function showPlacing() {
    const chosenText = document.querySelector("[data-place-chosen]");
    const warning = document.querySelector("[data-place-warning]");
    if (!chosenText && !warning) return;
    const chosen = [...document.querySelectorAll("#hand .pickable input:checked")]
      .map((box) => box.parentNode.querySelector(".ds-card"))
      .filter(Boolean);
    if (chosenText) chosenText.textContent = chosen.map((card) => card.dataset.name).join(" + ");
    if (!warning) return;
    const costs = chosen.map((card) => Number(card.dataset.cost));
    const sum = costs.reduce((a, b) => a + b, 0);
    const over = chosen.length === 2 && sum > Number(warning.dataset.limit);
    warning.hidden = !over;
    const shown = warning.querySelector("[data-place-sum]");
    if (shown) shown.textContent = over ? `${costs.join(" + ")} = ${sum} > ${warning.dataset.limit}` : "";
  }

  // The cards chosen for placing, oldest first: they stay chosen through pushes and a
  // refused "Ready" (both redraw the hand), until they are placed or dropped.
  let chosenIds = [];
  const boxes = () => [...document.querySelectorAll("#hand .pickable input")];

  function keepChosen() {
    if (!document.querySelector("#place-form")) {
      chosenIds = [];
      return;
    }
    const ids = new Set(boxes().map((box) => box.value));
    chosenIds = chosenIds.filter((id) => ids.has(id));
    for (const box of boxes()) box.checked = chosenIds.includes(box.value);
    const group = document.querySelector("#hand [data-pick-max]");
    if (group) group._order = chosenIds.map((id) => boxes().find((box) => box.value === id));
  }

  // A third card puts the first one back: the prompt says which.
  function notePutBack(dropped) {
    const note = document.querySelector("[data-place-dropped]");
    if (!note) return;
    const face = dropped && dropped.parentNode.querySelector(".ds-card");
    note.textContent = face ? note.dataset.words.replace("{card}", face.dataset.name) : "";
    note.hidden = !face;
    if (face && window.clubAnnounce) window.clubAnnounce(note.textContent);
  }

  // The choice is noted in the tap's own event, never later: a push landing before a later
  // task would redraw the hand from the cards chosen before the tap. table.js has already
  // unticked the oldest of three by then: its listener on the document was added first (its
  // script comes first in the page), so it runs first in this same event.
  document.addEventListener("change", (event) => {
    if (!(event.target.closest && event.target.closest("#hand .pickable"))) return;
    const before = chosenIds;
    chosenIds = boxes().filter((box) => box.checked).map((box) => box.value);
    const box = event.target;
    const dropped = box.checked
      ? before.filter((id) => !chosenIds.includes(id)).map((id) => boxes().find((b) => b.value === id))[0]
      : null;
    notePutBack(dropped);
    chosenIds.sort((a, b) => (a === box.value) - (b === box.value)); // the newest last
    showPlacing();
  });
  // Escape drops the cards chosen for placing (nothing is sent until "Ready").
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !document.querySelector("[data-place-chosen]")) return;
    for (const box of document.querySelectorAll("#hand .pickable input:checked")) box.checked = false;
    chosenIds = [];
    notePutBack(null);
    showPlacing();
  });
  // Pushes and answers replace the seats region; htmx fires htmx:load for what it swaps in
  // (as table.js arms its countdowns): redraw after each.
  document.addEventListener("htmx:load", () => {
    soon();
    keepChosen();
    showPlacing();
  });
  // And at once as a region is swapped in out of band (htmx:load comes at the settle,
  // later): no moment shows a chosen card unchosen, as table.js keeps its selection.
  document.addEventListener("htmx:oobAfterSwap", () => {
    keepChosen();
    showPlacing();
  });
  document.addEventListener("DOMContentLoaded", () => {
    refresh();
    showPlacing();
    window.addEventListener("resize", soon);
  });
})();
