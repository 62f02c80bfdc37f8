// Replay pages: the arrow keys step back and forward a turn, Home goes to the deal and End
// to the last step (they click the board's links); the slider asks for the turn it is set to.
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
    // A key pressed just after a step arrived may beat htmx to the new links: make sure
    // htmx has them, so the click swaps the step instead of loading the whole page.
    if (window.htmx) {
      window.htmx.process(link);
    }
    link.click();
  }
});
