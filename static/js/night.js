// A club night's round clock: counts down the seconds the server sent (so the phone's or
// the TV's own clock does not matter), as minutes:seconds. Pushed regions bring new clocks.
(function () {
  "use strict";
  function show() {
    const now = performance.now();
    for (const el of document.querySelectorAll("[data-seconds-left]")) {
      if (el._end === undefined) {
        el._end = now + parseFloat(el.dataset.secondsLeft) * 1000;
      }
      const left = Math.max(0, Math.ceil((el._end - now) / 1000));
      const text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("night-timer-over", left === 0);
    }
  }
  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:load", show);
  setInterval(show, 250);
})();

// The projector's long lists (tonight's players) show a page at a time, the pages taking
// turns; a push that redraws the list keeps the page it was on.
(function () {
  "use strict";
  const PAGE_SECONDS = 10;
  const current = {};
  function showPage(section, index) {
    const pages = section.querySelectorAll(".screen-page");
    if (!pages.length) return;
    const shown = index % pages.length;
    current[section.id] = shown;
    pages.forEach(function (page, i) { page.hidden = i !== shown; });
  }
  function keep() {
    for (const section of document.querySelectorAll("[data-pages]")) {
      showPage(section, current[section.id] || 0);
    }
  }
  function turn() {
    for (const section of document.querySelectorAll("[data-pages]")) {
      if (section.querySelectorAll(".screen-page").length > 1) {
        showPage(section, (current[section.id] || 0) + 1);
      }
    }
  }
  document.addEventListener("htmx:load", keep);
  setInterval(turn, PAGE_SECONDS * 1000);
})();
