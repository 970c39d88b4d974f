"use strict";
// hearth-sw.js in a sandbox standing in for the browser's service worker scope: what a push
// shows, what a button click posts, and what opens when the post fails or the body is clicked.

const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const source = fs.readFileSync(
  path.join(__dirname, "..", "..", "Sources", "HearthPlatform", "Resources", "hearth-sw.js"), "utf8");

// A scope with the parts of the service worker API the script uses, recording what it does.
const worker = ({ fetchOK = true, maxActions = 2 } = {}) => {
  const listeners = {};
  const record = { shown: [], fetched: [], opened: [] };
  const self = {
    location: { origin: "https://hearth.example" },
    addEventListener: (type, listener) => { listeners[type] = listener; },
    skipWaiting: () => {},
    registration: { showNotification: async (title, options) => { record.shown.push({ title, options }); } },
    clients: {
      claim: async () => {},
      matchAll: async () => [],
      openWindow: async (url) => { record.opened.push(url); },
    },
  };
  const context = {
    self, URL, JSON, Date, Number, Array, Object,
    Notification: { maxActions },
    fetch: async (url, init) => {
      record.fetched.push({ url, init });
      if (fetchOK === "throw") throw new TypeError("offline");
      return { ok: fetchOK };
    },
  };
  context.self.Notification = context.Notification;
  vm.runInNewContext(source, context);
  const dispatch = async (type, event) => {
    let done;
    listeners[type]({ ...event, waitUntil: (promise) => { done = promise; } });
    await done;
  };
  return { record, dispatch };
};

const message = {
  id: "n1", kind: "auralyst.dose", title: "Time for Ibuprofen", body: "200 mg · due at 08:00",
  url: "/auralyst/journals/j1/days/2026-11-20", occurredAt: 1790000000000,
  actions: [
    { action: "taken", title: "Taken", token: "n1.taken.sig1" },
    { action: "snooze", title: "Snooze 10 min", token: "n1.snooze.sig2" },
  ],
};

const push = async (sw, payload) => sw.dispatch("push", { data: { json: () => payload } });

const click = async (sw, shown, action) => sw.dispatch("notificationclick", {
  action,
  notification: { data: shown.options.data, close: () => {} },
});

test("a push shows the notice with its buttons, keeping their tokens out of sight", async () => {
  const sw = worker();
  await push(sw, message);
  const [shown] = sw.record.shown;
  assert.equal(shown.title, "Time for Ibuprofen");
  assert.equal(shown.options.body, "200 mg · due at 08:00");
  assert.equal(shown.options.tag, "n1");
  assert.deepEqual(JSON.parse(JSON.stringify(shown.options.actions)),
    [{ action: "taken", title: "Taken" }, { action: "snooze", title: "Snooze 10 min" }]);
  assert.deepEqual(JSON.parse(JSON.stringify(shown.options.data.tokens)),
    { taken: "n1.taken.sig1", snooze: "n1.snooze.sig2" });
});

test("a browser that shows one button gets the first; malformed buttons are dropped", async () => {
  const sw = worker({ maxActions: 1 });
  await push(sw, { ...message, actions: [{ action: "taken" }, ...message.actions] });
  assert.deepEqual(JSON.parse(JSON.stringify(sw.record.shown[0].options.actions)),
    [{ action: "taken", title: "Taken" }]);
});

test("a button posts its token without cookies and opens nothing when that works", async () => {
  const sw = worker();
  await push(sw, message);
  await click(sw, sw.record.shown[0], "taken");
  assert.equal(sw.record.fetched.length, 1);
  const [{ url, init }] = sw.record.fetched;
  assert.equal(url, "/api/notifications/actions");
  assert.equal(init.method, "POST");
  assert.equal(init.credentials, "omit");
  assert.deepEqual(JSON.parse(init.body), { token: "n1.taken.sig1" });
  assert.deepEqual(sw.record.opened, []);
});

test("a button whose post fails opens the notice, so the person can act there", async () => {
  for (const fetchOK of [false, "throw"]) {
    const sw = worker({ fetchOK });
    await push(sw, message);
    await click(sw, sw.record.shown[0], "snooze");
    assert.deepEqual(sw.record.opened, ["/notifications/n1/open"]);
  }
});

test("the body opens the notice; a push naming another origin opens only the inbox", async () => {
  const sw = worker();
  await push(sw, message);
  await click(sw, sw.record.shown[0], "");
  assert.deepEqual(sw.record.fetched, []);
  assert.deepEqual(sw.record.opened, ["/notifications/n1/open"]);

  const other = worker();
  await push(other, { title: "Hi", url: "https://evil.example/x" });
  await click(other, other.record.shown[0], "");
  assert.deepEqual(other.record.opened, ["/notifications"]);
});
