// The service worker of Web Push about turn-based tables: it shows each message the
// server pushed to this device (title, text, the table's link; never a card) and opens
// the table when the notification is tapped.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    return;
  }
  const shown = self.registration.showNotification(message.title || "", {
    body: message.body || "",
    data: { url: message.url || "/your-move/" },
    tag: message.url || "your-move",
  });
  event.waitUntil(shown);
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/your-move/";
  event.waitUntil(self.clients.openWindow(url));
});
