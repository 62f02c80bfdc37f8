// A server that stops (a restart, a deploy) closes its sockets with 1001, "going away".
// htmx's websocket extension reconnects by itself only after an abnormal close, so a page
// whose server went away reconnects here, through the extension's own reconnect, after the
// delay the page's htmx settings give; if the server is not back yet, that attempt fails
// abnormally and the extension's own retries take over.
(function () {
  "use strict";
  const GOING_AWAY = 1001;
  document.addEventListener("htmx:wsClose", (event) => {
    const detail = event.detail || {};
    if (!detail.event || detail.event.code !== GOING_AWAY || !detail.socketWrapper) return;
    const delay = htmx.config.wsReconnectDelay;
    const wait = typeof delay === "function" ? delay(0) : 1000 * Math.random();
    setTimeout(() => detail.socketWrapper.reconnect(), wait);
  });
})();
