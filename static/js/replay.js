// Replay pages: the left and right arrow keys step back and forward (they click the links).
const REPLAY_KEYS = { ArrowLeft: "#replay .replay-prev", ArrowRight: "#replay .replay-next" };

document.addEventListener("keydown", (event) => {
  const selector = REPLAY_KEYS[event.key];
  if (!selector || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  if (event.target.closest && event.target.closest("input, textarea, select")) {
    return;
  }
  const link = document.querySelector(selector);
  if (link) {
    event.preventDefault();
    // A key pressed just after a step arrived may beat htmx to the new links: make sure
    // htmx has them, so the click swaps the step instead of loading the whole page.
    if (window.htmx) {
      window.htmx.process(link);
    }
    link.click();
  }
});
