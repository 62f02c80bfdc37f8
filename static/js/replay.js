// Replay pages: the arrow keys step back and forward a turn, Home goes to the deal and End
// to the last step (they click the board's links); the slider asks for the turn it is set to.

// A step that has just arrived may not be known to htmx yet (it learns a swapped-in step a
// moment after the swap): before a key clicks a link or the slider sends its form, make sure
// htmx has it, so the step is swapped in instead of the whole page loading.
function readyForHtmx(element) {
  if (window.htmx) {
    window.htmx.process(element);
  }
}

const REPLAY_KEYS = {
  ArrowLeft: "#replay .replay-prev",
  ArrowRight: "#replay .replay-next",
  Home: "#replay .replay-first",
  End: "#replay .replay-last",
};

document.addEventListener("keydown", (event) => {
  const selector = REPLAY_KEYS[event.key];
  if (!selector || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const target = event.target;
  // Typing in a field keeps its keys; on the slider they move the board a turn at a time.
  if (target.closest && target.closest("input, textarea, select") && target.id !== "replay-slider") {
    return;
  }
  event.preventDefault();
  const link = document.querySelector(selector);
  if (link) {
    readyForHtmx(link);
    link.click();
  }
});

// The slider sends its form when it is let go (its change), through htmx once htmx has it.
document.addEventListener("change", (event) => {
  if (event.target.id !== "replay-slider") {
    return;
  }
  const form = event.target.form;
  readyForHtmx(form);
  form.requestSubmit();
});
