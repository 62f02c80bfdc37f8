// The lobby's new-table forms: while a turn-based pace is chosen, the fields only a live
// table has (the away limit, the game's own clocks, marked data-live-only by the form)
// are hidden; a turn-based table plays without them. Back to "Live": they show again.
(function () {
  "use strict";
  document.querySelectorAll("form").forEach((form) => {
    const pace = form.querySelector('select[name$="move_deadline"]');
    if (!pace) return;
    const fields = Array.from(form.querySelectorAll("[data-live-only]"));
    function follow() {
      const turnBased = pace.value !== "";
      fields.forEach((field) => {
        const row = field.closest("p") || field;
        row.hidden = turnBased;
      });
    }
    pace.addEventListener("change", follow);
    follow();
  });
})();
