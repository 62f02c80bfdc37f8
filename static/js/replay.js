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
    link.click();
  }
});
