// What keyboard, screen-reader and phone players need at a table, beyond htmx:
// - focus survives the regions being replaced (a move by anyone swaps #prompt and #hand);
// - the prompt's sentence is read out through the page's persistent live region;
// - "your turn": a badge in the tab title and, if the player turned it on, a short sound;
// - a card's names and correspondences on focus or long-press, not only on mouse hover;
// - the hand can be rearranged without dragging: Alt+Left/Right moves the focused card,
//   Left/Right moves focus, Home/End go to the first and last card, "Sort by suit" restores
//   the server's order.
// Labels come from templates/includes/announcer.html (translated there). No game rule lives here.
(function () {
  "use strict";

  const REGIONS = ["prompt", "hand"];
  // A seat's settings (pass automatically) are no move: they do not make it your turn.
  const ACTIONABLE =
    '#hand button, #prompt button[name="action"]:not([data-setting]), #prompt form[hx-post$="/act"] button:not([data-setting])';
  const orderKey = () => "clubtable.hand-order:" + window.location.pathname;
  const soundKey = "clubtable.turn-sound";
  let wanted = null; // what had focus in a region about to be replaced
  let yourTurn = false;
  let baseTitle = document.title;
  let lastPhase = "";

  function labels() {
    const el = document.getElementById("announcer");
    return el ? el.dataset : {};
  }

  function cardOf(el) {
    const card = el && (el.matches("[data-card]") ? el : el.querySelector("[data-card]"));
    return card ? card.dataset.card : null;
  }

  // --- focus across swaps -------------------------------------------------------------

  function remember(region) {
    const active = document.activeElement;
    if (!active || !region.contains(active)) return;
    wanted = {
      region: region.id,
      card: cardOf(active),
      action: active.dataset ? active.dataset.action : null,
      value: active.getAttribute("value"),
    };
  }

  function restore() {
    if (!wanted || (document.activeElement && document.activeElement !== document.body)) {
      wanted = null;
      return;
    }
    const region = document.getElementById(wanted.region);
    let target = null;
    if (region) {
      const candidates = [...region.querySelectorAll("button, [tabindex]")];
      target =
        candidates.find((el) => wanted.card && cardOf(el) === wanted.card && el.matches("button")) ||
        candidates.find((el) => wanted.action && el.dataset.action === wanted.action) ||
        candidates.find((el) => wanted.value && el.getAttribute("value") === wanted.value);
    }
    target =
      target ||
      // never the auto-pass switch (Enter there would toggle it): an action, else the hand
      document.querySelector('#prompt button[name="action"]:not([data-setting]), #prompt form button:not([data-setting])') ||
      document.querySelector("#hand button") ||
      document.querySelector("#hand .cards");
    wanted = null;
    if (target) target.focus({ preventScroll: true });
  }

  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    if (REGIONS.includes(event.detail.target.id)) remember(event.detail.target);
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    for (const id of REGIONS) {
      const region = document.getElementById(id);
      if (region && event.detail.target && event.detail.target.contains(region)) remember(region);
    }
  });

  // --- after any change of the table --------------------------------------------------

  function announcePrompt() {
    const phase = document.querySelector("#prompt .phase");
    const text = phase ? phase.textContent.replace(/\s+/g, " ").trim() : "";
    if (text && text !== lastPhase && window.clubAnnounce) window.clubAnnounce(text);
    lastPhase = text;
  }

  function beep() {
    try {
      const audio = new (window.AudioContext || window.webkitAudioContext)();
      [660, 880].forEach((frequency, i) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.12, audio.currentTime + i * 0.15);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.15 + 0.14);
        tone.connect(gain).connect(audio.destination);
        tone.start(audio.currentTime + i * 0.15);
        tone.stop(audio.currentTime + i * 0.15 + 0.15);
      });
    } catch (error) {
      /* no audio here: the title badge still shows */
    }
  }

  // --- a phone in the pocket: a short vibration, a notification while the tab is hidden --
  // Each is the player's own choice, kept in their session by the server (games.tables.alerts):
  // the button's aria-pressed, as the page was rendered, says whether it is on.

  const alertOn = (name) => {
    const button = document.querySelector(`[data-alert="${name}"]`);
    return !!button && button.getAttribute("aria-pressed") === "true";
  };

  function alertPlayer(text) {
    if (alertOn("vibrate") && typeof navigator.vibrate === "function") navigator.vibrate(200);
    if (alertOn("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try {
        new Notification(document.title.replace(/^● /, ""), { body: text, tag: "clubtable-" + window.location.pathname });
      } catch (error) {
        /* a browser that notifies only from a service worker: the title and sound remain */
      }
    }
  }

  let resultShown = false;
  let ownWindowOpen = false;
  function alertOnChanges() {
    const result = !!document.querySelector("#result-screen .overlay.result:not([hidden]), #scores .result");
    const phase = document.querySelector("#prompt .phase");
    if (result && !resultShown) alertPlayer(phase ? phase.textContent.trim() : "");
    resultShown = result;
    // A Pick on your own discard: your pick window closes with a pick as the newest line.
    const newest = document.querySelector("#log li");
    const picked = newest && /event-pick/.test(newest.className);
    if (ownWindowOpen && picked) alertPlayer(newest.textContent.trim());
    ownWindowOpen = !!document.querySelector("#prompt .pick-window.own-discard");
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-alert]");
    if (!button) return;
    const on = button.getAttribute("aria-pressed") !== "true";
    if (on && button.dataset.alert === "notify" && "Notification" in window && Notification.permission !== "granted") {
      if ((await Notification.requestPermission()) !== "granted") return;
    }
    const token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
    const body = new URLSearchParams({ alert: button.dataset.alert, on: on ? "1" : "0" });
    const answer = await fetch(button.dataset.url, { method: "POST", body, headers: { "X-CSRFToken": token } });
    if (answer.ok) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (on && button.dataset.alert === "vibrate") alertPlayer("");
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    const vibrate = document.querySelector('[data-alert="vibrate"]');
    if (vibrate) vibrate.hidden = typeof navigator.vibrate !== "function";
    const notify = document.querySelector('[data-alert="notify"]');
    if (notify) notify.hidden = !("Notification" in window);
  });

  function showTurn() {
    const now = !!document.querySelector(ACTIONABLE);
    const badge = "● " + (labels().yourTurn || "Your turn") + " · ";
    if (!document.title.startsWith("● ")) baseTitle = document.title;
    document.title = now ? badge + baseTitle : baseTitle;
    if (now && !yourTurn && window.localStorage.getItem(soundKey) === "on") beep();
    if (now && !yourTurn) alertPlayer(labels().yourTurn || "Your turn");
    yourTurn = now;
    alertOnChanges();
  }

  function handItems() {
    const cards = document.querySelector("#hand .cards");
    return cards ? [...cards.children].filter((el) => cardOf(el)) : [];
  }

  function applyHandOrder() {
    const items = handItems();
    if (!items.length) return;
    // A hand fresh from the server comes sorted by suit and rank: remember that order.
    if (items.some((el) => el.dataset.serverIndex === undefined)) {
      items.forEach((el, i) => {
        el.dataset.serverIndex = String(i);
      });
    }
    for (const el of items) if (!el.matches("button, input, label")) el.tabIndex = -1;
    const saved = JSON.parse(window.sessionStorage.getItem(orderKey()) || "null");
    if (!saved) return;
    const place = new Map(saved.map((code, i) => [code, i]));
    const ordered = [...items].sort((a, b) => {
      const pa = place.has(cardOf(a)) ? place.get(cardOf(a)) : saved.length;
      const pb = place.has(cardOf(b)) ? place.get(cardOf(b)) : saved.length;
      return pa - pb;
    });
    putInOrder(ordered);
  }

  // Lay the hand's cards out in the order of ``items`` (all of the hand's cards).
  function putInOrder(items) {
    if (!items.length) return;
    const parent = items[0].parentNode;
    for (const el of items) parent.appendChild(el);
  }

  function refresh() {
    applyHandOrder();
    showTurn();
    announcePrompt();
    restore();
  }

  document.addEventListener("htmx:oobAfterSwap", (event) => {
    // Shown waits belong to the hand they were asked for.
    const waits = document.getElementById("waits");
    if (waits && event.target.id === "hand") waits.textContent = "";
    refresh();
  });
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("DOMContentLoaded", () => {
    const phase = document.querySelector("#prompt .phase");
    lastPhase = phase ? phase.textContent.replace(/\s+/g, " ").trim() : "";
    applyHandOrder();
    showTurn();
    syncSoundButton();
  });

  // --- rearranging the hand -----------------------------------------------------------

  function saveHandOrder() {
    const codes = handItems().map(cardOf);
    window.sessionStorage.setItem(orderKey(), JSON.stringify(codes));
  }

  // Buttons for phones: move the hand card last focused or tapped (while it is not your
  // turn a tap selects a card; on your turn a tap plays it, so arrange while you wait).
  let chosen = null;
  document.addEventListener("focusin", (event) => {
    const item = handItems().find((el) => el === event.target || el.contains(event.target));
    if (!item) return;
    if (chosen && chosen !== item) chosen.classList.remove("is-chosen");
    chosen = item;
    chosen.classList.add("is-chosen");
  });

  // Move a hand card one place left (step -1) or right (+1) and remember the new order.
  function moveCard(item, step) {
    const items = handItems();
    const next = items[items.indexOf(item) + step];
    if (!next) return;
    if (step < 0) item.parentNode.insertBefore(item, next);
    else item.parentNode.insertBefore(next, item);
    saveHandOrder();
  }

  function moveChosen(step) {
    const current = chosen && handItems().find((el) => cardOf(el) === cardOf(chosen));
    if (current) moveCard(current, step);
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Home" && event.key !== "End") return;
    const cards = document.querySelector("#hand .cards");
    if (!cards || !cards.contains(document.activeElement)) return;
    const items = handItems();
    if (!items.length) return;
    event.preventDefault(); // the hand's first or last card, not the page's top or bottom
    items[event.key === "Home" ? 0 : items.length - 1].focus();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const cards = document.querySelector("#hand .cards");
    if (!cards || !cards.contains(document.activeElement)) return;
    const items = handItems();
    const current = items.find((el) => el === document.activeElement || el.contains(document.activeElement));
    const step = event.key === "ArrowLeft" ? -1 : 1;
    event.preventDefault();
    if (!current) {
      if (items.length) items[step > 0 ? 0 : items.length - 1].focus();
      return;
    }
    if (event.altKey) {
      moveCard(current, step);
      current.focus();
    } else {
      const next = items[items.indexOf(current) + step];
      if (next) next.focus();
    }
  });

  document.addEventListener("click", (event) => {
    const sort = event.target.closest("[data-sort-hand]");
    if (sort) {
      window.sessionStorage.removeItem(orderKey());
      // The server sends the hand sorted by suit and rank: put the cards back in that order.
      const byServer = (a, b) => Number(a.dataset.serverIndex) - Number(b.dataset.serverIndex);
      putInOrder(handItems().sort(byServer));
      return;
    }
    const move = event.target.closest("[data-move-card]");
    if (move) {
      moveChosen(Number(move.dataset.moveCard));
      return;
    }
    const sound = event.target.closest("[data-turn-sound]");
    if (sound) {
      const on = window.localStorage.getItem(soundKey) !== "on";
      window.localStorage.setItem(soundKey, on ? "on" : "off");
      syncSoundButton();
      if (on) beep();
    }
  });

  function syncSoundButton() {
    for (const button of document.querySelectorAll("[data-turn-sound]")) {
      button.setAttribute("aria-pressed", window.localStorage.getItem(soundKey) === "on" ? "true" : "false");
    }
  }

  // --- card tooltips on focus and long-press ------------------------------------------

  let tip = null;
  function showTip(el) {
    const card = el.matches("[data-card][title]") ? el : el.querySelector("[data-card][title]");
    if (!card) return;
    if (!tip) {
      tip = document.createElement("div");
      tip.className = "card-tip";
      tip.setAttribute("aria-hidden", "true"); // screen readers read the title already
      document.body.appendChild(tip);
    }
    tip.textContent = card.getAttribute("title");
    const box = el.getBoundingClientRect();
    tip.style.left = Math.max(4, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - 260)) + "px";
    tip.style.top = box.bottom + window.scrollY + 6 + "px";
    tip.hidden = false;
  }
  function hideTip() {
    if (tip) tip.hidden = true;
  }
  // Only keyboard focus shows the tip: a tap on a phone focuses the card too, and a tip
  // popping over its neighbours there would hide the hand (a long-press still shows it).
  document.addEventListener("focusin", (event) => {
    const host = event.target.closest && event.target.closest(".card-button, .pickable, [data-card][tabindex]");
    let keyboard = false;
    try {
      keyboard = event.target.matches(":focus-visible");
    } catch (error) {
      keyboard = true; // a browser without :focus-visible: keep the old behaviour
    }
    if (host && keyboard) showTip(host);
    else hideTip();
  });
  document.addEventListener("focusout", hideTip);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideTip();
  });
  document.addEventListener("contextmenu", (event) => {
    const card = event.target.closest && event.target.closest("[data-card][title]");
    if (!card) return;
    event.preventDefault(); // a long-press on a phone: show the card instead of a menu
    showTip(card);
    window.setTimeout(hideTip, 4000);
  });
})();
