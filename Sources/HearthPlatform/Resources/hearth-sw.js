// Hearth's service worker: shows each push notification with its buttons and, when it is
// clicked, opens its page (focusing a tab that already shows it) after marking it read. A
// button posts its token, which allows that one action of that one notice; if that fails, the
// notice's page opens so that the person can act there.
"use strict";

// Only a path on this server is ever opened, never another origin.
const localPath = (url) =>
  typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")
    ? url
    : "/notifications";

// The buttons of a push message that the notification can carry, and their tokens by action.
const buttons = (message) => {
  const list = Array.isArray(message.actions) ? message.actions : [];
  const valid = list.filter((item) => item && typeof item.action === "string" &&
    typeof item.title === "string" && typeof item.token === "string");
  const shown = valid.slice(0, self.Notification && Notification.maxActions || 2);
  return {
    actions: shown.map(({ action, title }) => ({ action, title })),
    tokens: Object.fromEntries(shown.map(({ action, token }) => [action, token])),
  };
};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (_) { message = {}; }
  const title = typeof message.title === "string" && message.title ? message.title : "Hearth";
  const { actions, tokens } = buttons(message);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.id === "string" ? message.id : undefined,
      timestamp: Number.isFinite(message.occurredAt) ? message.occurredAt : Date.now(),
      icon: "/favicon.ico",
      actions,
      data: { id: message.id, url: localPath(message.url), tokens },
    }));
});

// Posts a button's token without the session cookie: the token is the authority.
const act = async (token) => {
  const response = await fetch("/api/notifications/actions", {
    method: "POST",
    credentials: "omit",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  return response.ok;
};

const open = async (id, url) => {
  const target = typeof id === "string" ? "/notifications/" + encodeURIComponent(id) + "/open" : localPath(url);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const wanted = new URL(localPath(url), self.location.origin).href;
  for (const client of windows) {
    if (client.url === wanted && "focus" in client) {
      await client.focus();
      return client.navigate(new URL(target, self.location.origin).href);
    }
  }
  return self.clients.openWindow(target);
};

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { id, url, tokens } = event.notification.data || {};
  const token = event.action && tokens ? tokens[event.action] : undefined;
  event.waitUntil((async () => {
    if (typeof token === "string") {
      const done = await act(token).catch(() => false);
      if (done) return undefined;
    }
    return open(id, url);
  })());
});
