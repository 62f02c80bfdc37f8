// Say a short sentence through the page's aria-live region (templates/includes/announcer.html).
(function () {
  "use strict";
  window.clubAnnounce = function (text) {
    var region = document.getElementById("announcer");
    if (!region || !text) { return; }
    // Clearing first makes screen readers repeat an identical message.
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 50);
  };
})();
