// The little the table needs beyond htmx: countdowns that tick the server when they end,
// the socket's state, and "pick at most N" for card choices. No state of the game lives here.
(function () {
  "use strict";
  let socket = null;

  document.addEventListener("htmx:wsOpen", (event) => {
    socket = event.detail.socketWrapper;
    document.body.classList.remove("offline");
  });
  document.addEventListener("htmx:wsClose", () => {
    document.body.classList.add("offline");
  });
  // A socket that dropped (the server restarted, the phone slept) tries again within five
  // seconds however long it was gone: htmx's own back-off doubles up to a minute, so a
  // page could sit offline for half a minute after a restart. Spread at random over the
  // second half of each wait, so a restarted server's sockets do not all come at once.
  htmx.config.wsReconnectDelay = (retries) =>
    Math.min(5000, 500 * 2 ** retries) * (0.5 + Math.random() / 2);

  // Answers to a player's own clicks carry every region too. Two races with the socket:
  // an answer older than what a push already showed is dropped, and an answer whose
  // button a push has replaced (so htmx would look for the regions in a detached tree)
  // is swapped against the whole document.
  function versionIn(html) {
    const match = /id="table-version"[^>]*value="(\d*)"/.exec(html || "");
    return match && match[1] !== "" ? Number(match[1]) : null;
  }
  document.addEventListener("htmx:beforeSwap", (event) => {
    const shown = document.getElementById("table-version");
    const incoming = versionIn(event.detail.serverResponse);
    if (shown && shown.value !== "" && incoming !== null && incoming < Number(shown.value)) {
      event.detail.shouldSwap = false;
      return;
    }
    const clicked = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (clicked && !clicked.isConnected && event.detail.shouldSwap) {
      event.detail.shouldSwap = false;
      htmx.swap(document.body, event.detail.serverResponse, { swapStyle: "none" });
    }
  });

  // A region sent again exactly as it was last swapped in, and still in place, is left as it
  // stands: a player's own move comes back twice, in the answer to their click and in their
  // socket's push just after, and swapping the same hand again would only undo what they do
  // meanwhile (a key pressed on a card as it is replaced is lost, a card raised drops).
  // The element swapped in remembers the HTML it was sent as; one replaced by anything else
  // (a page load, another swap) does not, so it is drawn as usual.
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const incoming = event.detail.fragment && event.detail.fragment.firstElementChild;
    if (!incoming) return;
    const html = incoming.outerHTML;
    if (event.detail.target.clubSentHtml === html) {
      event.detail.shouldSwap = false;
      return;
    }
    incoming.clubSentHtml = html; // htmx moves this very element into the page
  });

  // A countdown shows the seconds left of a server deadline (sent as seconds remaining,
  // so the phone's clock does not matter). At zero it asks the server to apply the timeout.
  function armCountdowns(root) {
    const found = root.querySelectorAll ? root.querySelectorAll("[data-remaining]") : [];
    const all = root.matches && root.matches("[data-remaining]") ? [root, ...found] : found;
    for (const el of all) {
      if (el._end === undefined) {
        el._end = performance.now() + parseFloat(el.dataset.remaining) * 1000;
      }
    }
  }

  // A seat's turn clock runs on the same deadline as the table's clock: it shows the clock's
  // countdown (sent to a tenth of a second) rather than its own whole seconds, so the two
  // never show different seconds side by side.
  function endOf(el, clock) {
    return el.classList.contains("seat-clock") && clock && clock._end !== undefined
      ? clock._end
      : el._end;
  }

  function showCountdowns() {
    const now = performance.now();
    const clock = document.querySelector("#clock [data-remaining]");
    if (clock && clock._end === undefined) armCountdowns(clock);
    for (const el of document.querySelectorAll("[data-remaining]")) {
      if (el._end === undefined) armCountdowns(el);
      const end = endOf(el, clock);
      const left = Math.max(0, Math.ceil((end - now) / 1000));
      const text = el.querySelector(".seconds") || el;
      if (text.textContent !== String(left)) text.textContent = String(left);
      if (left === 0 && !el._ticked && now - end > 300) {
        el._ticked = true;
        if (socket) socket.send(JSON.stringify({ tick: true }));
      }
    }
  }

  // A seat whose player is away shows for how long (from when, as the server says) and in
  // how long a bot takes it.
  function showAway() {
    for (const el of document.querySelectorAll(".presence[data-away-since]")) {
      const away = Math.max(0, Math.floor(Date.now() / 1000 - parseInt(el.dataset.awaySince, 10)));
      const text = `${Math.floor(away / 60)}:${String(away % 60).padStart(2, "0")}`;
      const awayFor = el.querySelector(".away-for");
      if (awayFor && awayFor.textContent !== text) awayFor.textContent = text;
      const botIn = el.querySelector(".bot-in");
      const left = Math.max(0, parseInt(el.dataset.awayLimit, 10) - away);
      if (botIn) botIn.textContent = botIn.dataset.words.replace("{s}", String(left));
    }
  }

  document.addEventListener("htmx:load", (event) => armCountdowns(event.detail.elt));
  document.addEventListener("htmx:oobAfterSwap", () => showAway());
  document.addEventListener("DOMContentLoaded", () => {
    armCountdowns(document);
    setInterval(showCountdowns, 250);
    showAway();
    setInterval(showAway, 1000);
  });

  // A result overlay's close button hides it (the prompt still offers "Next game").
  document.addEventListener("click", (event) => {
    const close = event.target instanceof Element && event.target.closest("[data-close-overlay]");
    if (close) close.closest(".overlay").hidden = true;
  });

  // Containers marked data-pick-max="2" keep at most that many boxes ticked (oldest unticks).
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "checkbox") return;
    const group = box.closest("[data-pick-max]");
    if (!group) return;
    const max = parseInt(group.dataset.pickMax, 10);
    group._order = (group._order || []).filter((b) => b.checked && b !== box);
    if (box.checked) group._order.push(box);
    while (group._order.length > max) group._order.shift().checked = false;
  });

  // Select, then confirm (docs/ui.md): a hand card marked data-confirm takes two taps. The first
  // raises it and shows the prompt's button ("Discard 棒の3", label from the server); a
  // second tap on it, or that button, plays it; Escape, "Cancel" or a tap elsewhere drops
  // the choice; a tap on another card changes it. Enter and Space are taps, so the keyboard
  // works the same. The choice survives pushes while its card is still playable.
  let selected = null; // the chosen card's code
  let confirming = false;

  const cardCode = (button) => {
    const face = button && button.querySelector("[data-card]");
    return face ? face.dataset.card : null;
  };
  const playable = () => [...document.querySelectorAll("#hand button[data-confirm]")];

  function showSelection() {
    const chosen = playable().find((b) => cardCode(b) === selected) || null;
    if (!chosen) selected = null;
    for (const button of playable()) {
      const on = button === chosen;
      button.classList.toggle("is-selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    for (const bar of document.querySelectorAll("[data-selection]")) {
      bar.hidden = !chosen;
      const confirm = bar.querySelector("[data-confirm-discard]");
      if (confirm && chosen) confirm.textContent = chosen.dataset.confirm;
    }
    return chosen;
  }

  function choose(code) {
    selected = code;
    const chosen = showSelection();
    if (chosen && window.clubAnnounce) window.clubAnnounce(chosen.dataset.confirm);
  }

  function play(button) {
    confirming = true;
    selected = null;
    try {
      button.click();
    } finally {
      confirming = false;
    }
    showSelection();
  }

  document.addEventListener(
    "click",
    (event) => {
      if (confirming) return;
      const card = event.target.closest && event.target.closest("#hand button[data-confirm]");
      if (card) {
        if (cardCode(card) === selected) {
          selected = null; // the second tap: let it play the card
          showSelection();
        } else {
          event.preventDefault();
          event.stopPropagation();
          choose(cardCode(card));
        }
        return;
      }
      if (event.target.closest && event.target.closest("[data-confirm-discard]")) {
        const chosen = playable().find((b) => cardCode(b) === selected);
        if (chosen) play(chosen);
        return;
      }
      if (selected !== null && !(event.target.closest && event.target.closest("#hand, .table-tools"))) {
        choose(null);
      }
    },
    true,
  );
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) choose(null);
  });
  document.addEventListener("htmx:load", showSelection);
  document.addEventListener("htmx:oobAfterSwap", showSelection);
})();

// A close button of an overlay (the scores), without an inline handler (the CSP forbids them).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-close-overlay]");
  if (button) button.closest(".overlay").hidden = true;
});

// A guided game's new step comes into view as it appears (a tap lower on the page may have
// scrolled it off): what to do next is never out of sight.
(function () {
  "use strict";
  let shown = null;
  const showStep = () => {
    const step = document.querySelector("#hints .guide-step");
    if (!step || step.dataset.step + step.textContent.length === shown) return;
    shown = step.dataset.step + step.textContent.length;
    const box = step.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) step.scrollIntoView({ block: "nearest" });
  };
  document.addEventListener("htmx:oobAfterSwap", showStep);
  document.addEventListener("htmx:load", showStep);
})();
