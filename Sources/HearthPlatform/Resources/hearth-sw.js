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

// Offline: a page whose response says "Hearth-Offline: keep" is copied on each visit and
// shown from the copy when the network fails; a page never copied falls back to the nearest
// "_offline" frame above it (/a/b/c: /a/b/_offline, then /a/_offline), which the app draws
// from the browser's own data. Static assets have hashed names, so a copy never goes stale.
// The copies go at log-out.
const pages = "hearth-pages";
const assets = "hearth-static";

const fromNetworkKeeping = async (request) => {
  const response = await fetch(request);
  if (response.ok && response.headers.get("Hearth-Offline") === "keep") {
    const cache = await caches.open(pages);
    await cache.put(request.url.split("#")[0], response.clone());
  }
  return response;
};

const offlineCopy = async (url) => {
  const cache = await caches.open(pages);
  const exact = await cache.match(url.href);
  if (exact) return exact;
  const parts = url.pathname.split("/").filter(Boolean);
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const frame = await cache.match(new URL("/" + parts.slice(0, depth).join("/") + "/_offline", url).href);
    if (frame) return frame;
  }
  return undefined;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/logout") {
    event.waitUntil(caches.delete(pages));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith((async () => {
      const cache = await caches.open(assets);
      const copy = await cache.match(request);
      if (copy) return copy;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })());
  } else if (request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html")) {
    event.respondWith(fromNetworkKeeping(request).catch(async (error) => {
      const copy = await offlineCopy(url);
      if (copy) return copy;
      throw error;
    }));
  }
});

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
      // A notice's replacement (the same tag) takes its place, quietly when it says it was done.
      tag: typeof message.tag === "string" ? message.tag : typeof message.id === "string" ? message.id : undefined,
      silent: message.quiet === true,
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
