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
