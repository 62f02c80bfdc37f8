// Web Push on the "your move" page: this device's notifications about turn-based tables,
// turned on and off by the member (off by default). The browser subscribes with the
// server's VAPID public key; the subscription (endpoint and keys) goes to the server,
// which encrypts every message to this device alone. The worker (push-sw.js) shows it.
(function () {
  "use strict";
  const section = document.getElementById("push");
  if (!section) return;
  const on = section.querySelector('[data-push="on"]');
  const off = section.querySelector('[data-push="off"]');
  const state = section.querySelector(".push-state");
  const token = section.querySelector('input[name="csrfmiddlewaretoken"]').value;

  function say(key) {
    state.textContent = state.dataset[key] || "";
  }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    say(subscribed ? "onText" : "offText");
  }

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") +
      "=".repeat((4 - (base64url.length % 4)) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function post(url, fields) {
    const body = new URLSearchParams(fields);
    body.append("csrfmiddlewaretoken", token);
    return fetch(url, { method: "POST", body, credentials: "same-origin" });
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    on.disabled = true;
    say("unsupported");
    return;
  }
  const ready = navigator.serviceWorker.register(section.dataset.worker);
  ready.then((registration) => registration.pushManager.getSubscription())
    .then((subscription) => show(subscription !== null))
    .catch(() => say("unsupported"));

  on.addEventListener("click", async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      say("denied");
      return;
    }
    const registration = await ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(section.dataset.key),
    });
    const keys = subscription.toJSON().keys || {};
    const answer = await post(section.dataset.on, {
      endpoint: subscription.endpoint, p256dh: keys.p256dh || "", auth: keys.auth || "",
    });
    if (!answer.ok) {
      await subscription.unsubscribe();
      state.textContent = await answer.text();
      return;
    }
    show(true);
  });

  off.addEventListener("click", async () => {
    const registration = await ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await post(section.dataset.off, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    show(false);
  });
})();
