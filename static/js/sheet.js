// A score sheet's Print button (no inline handler: the Content-Security-Policy forbids them).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
