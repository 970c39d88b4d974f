// Hearth's service worker: shows each push notification and, when it is clicked, opens its
// page (focusing a tab that already shows it) after marking it read.
"use strict";

// Only a path on this server is ever opened, never another origin.
const localPath = (url) =>
  typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")
    ? url
    : "/notifications";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (_) { message = {}; }
  const title = typeof message.title === "string" && message.title ? message.title : "Hearth";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.id === "string" ? message.id : undefined,
      timestamp: Number.isFinite(message.occurredAt) ? message.occurredAt : Date.now(),
      icon: "/favicon.ico",
      data: { id: message.id, url: localPath(message.url) },
    }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { id, url } = event.notification.data || {};
  const target = typeof id === "string" ? "/notifications/" + encodeURIComponent(id) + "/open" : localPath(url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const wanted = new URL(localPath(url), self.location.origin).href;
    for (const client of windows) {
      if (client.url === wanted && "focus" in client) {
        await client.focus();
        return client.navigate(new URL(target, self.location.origin).href);
      }
    }
    return self.clients.openWindow(target);
  })());
});
