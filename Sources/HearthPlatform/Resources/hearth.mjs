const meta = document.querySelector('meta[name="csrf-token"]');
const csrf = meta ? meta.getAttribute("content") : null;
const signedIn = Boolean(csrf) && document.body.hasAttribute("data-signed-in");

// The browser's time zone for sign-up and similar forms.
let zone = null;
try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (_) {}
if (zone) {
  document.querySelectorAll('input[name="timeZone"][type="hidden"]')
    .forEach((input) => { input.value = zone; });
}

// The phone header's menu: the button opens and closes it; Escape or a tap outside closes it.
const toggle = document.querySelector(".menu-toggle");
const menu = document.getElementById("site-menu");
if (toggle && menu) {
  const setOpen = (open) => {
    menu.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => setOpen(!menu.classList.contains("open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.classList.contains("open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target) && !toggle.contains(event.target)) setOpen(false);
  });
}

// The toasts' live region is there from the start: screen readers announce only changes to
// a region they already know.
const toastRegion = document.createElement("div");
toastRegion.className = "toasts";
toastRegion.setAttribute("role", "status");
toastRegion.setAttribute("aria-live", "polite");
document.body.appendChild(toastRegion);
const toast = (text, options = {}) => {
  const box = document.createElement("div");
  box.className = options.error ? "toast error" : "toast";
  const words = document.createElement("p");
  words.textContent = text;
  box.appendChild(words);
  const close = () => { clearTimeout(timer); box.remove(); };
  if (typeof options.undo === "function") {
    const undo = document.createElement("button");
    undo.type = "button";
    undo.className = "button link";
    undo.textContent = options.undoLabel || "Undo";
    undo.addEventListener("click", () => { close(); options.undo(); });
    box.appendChild(undo);
  }
  toastRegion.appendChild(box);
  const timer = setTimeout(close, options.timeout || (options.undo ? 8000 : 4000));
  return close;
};

// A question in a dialog: resolves true when the person confirms. "Title?\n\nDetail" or
// "Title? Detail" gives a heading and a sentence; the confirm button says the title's words
// ("Delete Room") unless told, and is red for what cannot be taken back. With `field` (its
// label) the dialog asks for a line of text and resolves to it, or null.
const destructive = /^(stop sharing|delete|remove|leave|stop|forget|decline)\b/i;
const ask = (question, options = {}) => new Promise((resolve) => {
  if (typeof HTMLDialogElement === "undefined") { resolve(window.confirm(question)); return; }
  let [title, ...rest] = String(question).split("\n\n");
  const mark = title.indexOf("? ");
  if (!rest.length && mark > 0) {
    rest = [title.slice(mark + 2)];
    title = title.slice(0, mark + 1);
  }
  const dialog = document.createElement("dialog");
  dialog.className = "dialog";
  const heading = document.createElement("h2");
  heading.textContent = title;
  heading.id = `dialog-${Date.now()}`;
  dialog.setAttribute("aria-labelledby", heading.id);
  dialog.appendChild(heading);
  if (rest.length) {
    const detail = document.createElement("p");
    detail.textContent = rest.join("\n\n");
    dialog.appendChild(detail);
  }
  let input = null;
  if (options.field) {
    const field = document.createElement("div");
    field.className = "field";
    const label = document.createElement("label");
    input = document.createElement("input");
    input.type = "text";
    input.id = `${heading.id}-field`;
    input.maxLength = 100;
    label.htmlFor = input.id;
    label.textContent = options.field;
    field.append(label, input);
    dialog.appendChild(field);
  }
  const actions = document.createElement("div");
  actions.className = "actions";
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "button secondary";
  cancel.textContent = options.cancel || "Cancel";
  const yes = document.createElement("button");
  yes.type = "button";
  const verb = title.match(destructive);
  const label = options.confirm || (title.length <= 40 ? title.replace(/\?$/, "")
    : verb ? verb[1][0].toUpperCase() + verb[1].slice(1) : "Confirm");
  const danger = options.danger !== undefined ? options.danger : destructive.test(label);
  yes.className = danger ? "button danger" : "button primary";
  yes.textContent = label;
  actions.append(cancel, yes);
  dialog.appendChild(actions);
  document.body.appendChild(dialog);
  let answer = false;
  cancel.addEventListener("click", () => dialog.close());
  yes.addEventListener("click", () => { answer = true; dialog.close(); });
  if (input) {
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.isComposing) { event.preventDefault(); yes.click(); }
    });
  }
  dialog.addEventListener("close", () => {
    dialog.remove();
    resolve(input ? (answer && input.value.trim()) || null : answer);
  });
  dialog.showModal();
  (input || cancel).focus();
});

// Forms with data-confirm ask before they are sent.
document.addEventListener("submit", (event) => {
  const form = event.target;
  const question = form.getAttribute && form.getAttribute("data-confirm");
  if (!question || form.dataset.confirmed === "yes") return;
  event.preventDefault();
  const submitter = event.submitter;
  ask(question, form.hasAttribute("data-danger") ? { danger: true } : {}).then((yes) => {
    if (!yes) return;
    form.dataset.confirmed = "yes";
    form.requestSubmit(submitter || undefined);
    delete form.dataset.confirmed;
  });
});

// Sliders show and announce their value, with the words of its scale when it has them.
const showSlider = (input) => {
  const output = document.querySelector(`output[for="${input.id}"]`);
  const words = (input.getAttribute("data-words") || "").split("|");
  const word = words[Number(input.value) - Number(input.min || 0)];
  const text = word ? `${input.value} (${word})` : input.value;
  if (output) output.textContent = text;
  input.setAttribute("aria-valuetext", text);
};
document.querySelectorAll(".slider input[type=range]").forEach(showSlider);
document.addEventListener("input", (event) => {
  if (event.target.matches && event.target.matches(".slider input[type=range]")) showSlider(event.target);
});

// A tab bar wider than the screen shows its current tab, and fades where more tabs wait.
document.querySelectorAll(".tabs").forEach((bar) => {
  const current = bar.querySelector('[aria-current="page"]');
  if (current && bar.scrollWidth > bar.clientWidth) {
    const offset = current.getBoundingClientRect().left - bar.getBoundingClientRect().left;
    bar.scrollLeft += offset - (bar.clientWidth - current.offsetWidth) / 2;
  }
  const mark = () => {
    bar.classList.toggle("more-after", bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1);
    bar.classList.toggle("more-before", bar.scrollLeft > 1);
  };
  mark();
  bar.addEventListener("scroll", mark, { passive: true });
  window.addEventListener("resize", mark);
});

// An open menu closes on Escape, a tap outside, or a choice made inside it.
document.addEventListener("click", (event) => {
  document.querySelectorAll("details.menu[open]").forEach((menu) => {
    const summary = menu.querySelector("summary");
    const inSummary = summary && summary.contains(event.target);
    if (!menu.contains(event.target) || (event.target.closest("button, a") && !inSummary)) {
      menu.open = false;
    }
  });
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  document.querySelectorAll("details.menu[open]").forEach((menu) => {
    menu.open = false;
    const summary = menu.querySelector("summary");
    if (summary) summary.focus();
  });
});

// fetch with the CSRF header; a plain object or array body is sent as JSON.
const hearthFetch = (url, options = {}) => {
  const init = { credentials: "same-origin", ...options };
  const headers = new Headers(init.headers || {});
  if (csrf && !headers.has("X-CSRF-Token")) headers.set("X-CSRF-Token", csrf);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const body = init.body;
  if (body !== null && typeof body === "object" &&
      (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)) {
    init.body = JSON.stringify(body);
  }
  init.headers = headers;
  return fetch(url, init);
};

// What went wrong, in words: the server's message, or a sentence for the status it answered.
const statusWords = (status) => status >= 500 ? "Something went wrong on our side. Try again in a moment."
  : status === 404 ? "That is no longer here. Reload the page."
  : status === 403 ? "You can't change this; ask its owner."
  : status === 401 ? "You are logged out. Log in again to go on."
  : status === 429 ? "That was a lot at once. Wait a moment and try again."
  : "That didn't work. Check what you entered and try again.";
const errorText = async (response) => {
  try {
    const json = await response.json();
    return (json.error && json.error.message) || statusWords(response.status);
  } catch (_) {
    return statusWords(response.status);
  }
};

// Live events: one EventSource per page, shared by every subscriber.
const handlers = [];
const namedTypes = new Set(["share.participant", "share.deleted"]);
let source = null;
// The stream starts where the page was rendered, so that a change made before it connects
// still arrives, and a page shown again from the back button resumes after the last event seen.
let position = document.body.getAttribute("data-events-after");

const dispatch = (event) => {
  if (event.lastEventId) position = event.lastEventId;
  let data = null;
  try { data = JSON.parse(event.data); } catch (_) {}
  const type = data && typeof data.type === "string" ? data.type : event.type;
  const payload = data && data.payload !== undefined ? data.payload : data;
  for (const { prefix, handler } of handlers.slice()) {
    if (type.startsWith(prefix)) {
      try { handler(type, payload, event); } catch (error) { console.error(error); }
    }
  }
};

const listenFor = (name) => {
  namedTypes.add(name);
  if (source) source.addEventListener(name, dispatch);
};

const on = (prefix, handler) => {
  const entry = { prefix: String(prefix), handler };
  handlers.push(entry);
  if (entry.prefix && !entry.prefix.endsWith(".") && entry.prefix !== "message") {
    listenFor(entry.prefix);
  }
  return () => {
    const index = handlers.indexOf(entry);
    if (index >= 0) handlers.splice(index, 1);
  };
};

// The bell's one badge counts what waits: unread notices and invitations.
const showWaiting = (counts) => {
  const bell = document.getElementById("notification-bell");
  if (!bell) return;
  for (const [name, value] of Object.entries(counts)) {
    if (Number.isFinite(value)) bell.dataset[name] = String(Math.max(0, value));
  }
  const waiting = Number(bell.dataset.unread || 0) + Number(bell.dataset.invitations || 0);
  const badge = bell.querySelector(".badge");
  badge.querySelector(".count").textContent = String(waiting);
  badge.hidden = waiting <= 0;
};
const refreshBadge = async () => {
  if (!document.getElementById("notification-bell")) return;
  const response = await hearthFetch("/api/invitations");
  if (!response.ok) return;
  const json = await response.json();
  showWaiting({ invitations: Array.isArray(json.invitations) ? json.invitations.length : 0 });
};

// Replaces the element `id` with its fresh copy from the server's render of this page.
const refreshList = async (id = "invitation-list") => {
  const list = document.getElementById(id);
  if (!list) return;
  const response = await fetch(window.location.href, {
    credentials: "same-origin", headers: { Accept: "text/html" },
  });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById(id);
  const current = document.getElementById(id);
  if (fresh && current) current.replaceWith(document.importNode(fresh, true));
};

// On /notifications the list follows the notices as they come.
const showUnread = (count) => showWaiting({ unread: count });
const refreshBell = async () => {
  if (!document.getElementById("notification-bell")) return;
  const response = await hearthFetch("/api/notifications?limit=1");
  if (response.ok) showUnread((await response.json()).unread);
};

let pending = null;
const refreshInvitations = () => {
  clearTimeout(pending);
  pending = setTimeout(() => {
    refreshBadge().catch(() => {});
    refreshList().catch(() => {});
  }, 150);
};

const connect = () => {
  if (!signedIn || source || typeof EventSource === "undefined") return;
  const url = position ? `/api/events?after=${encodeURIComponent(position)}` : "/api/events";
  source = new EventSource(url);
  source.addEventListener("message", dispatch);
  for (const name of namedTypes) source.addEventListener(name, dispatch);
  let opened = false;
  // After a reconnect some events may have been missed: catch up.
  source.addEventListener("open", () => {
    if (opened) { refreshInvitations(); refreshBell().catch(() => {}); }
    opened = true;
  });
  // Refused for good when its position is no longer kept (a page left open for days): follow
  // from now instead, and catch up on what the header shows.
  source.addEventListener("error", () => {
    if (!position || !source || source.readyState !== EventSource.CLOSED) return;
    position = null;
    source = null;
    connect();
    refreshInvitations();
    refreshBell().catch(() => {});
  });
};

on("share.", refreshInvitations);
on("notification.", (type, payload) => {
  showUnread(payload && Number(payload.unread));
  refreshList("notification-list").catch(() => {});
});
connect();
window.addEventListener("pagehide", () => {
  if (source) { source.close(); source = null; }
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) { connect(); refreshInvitations(); }
});

// Push notifications on this device: offered where the browser can, from a click, since
// permission must come from a person's gesture.
const base64URLBytes = (text) => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};
const pushButton = document.getElementById("push-enable");
const pushStatus = document.getElementById("push-status");
const pushWorks = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
if (pushButton && pushWorks) {
  pushButton.hidden = false;
  pushButton.addEventListener("click", async () => {
    const say = (text) => { if (pushStatus) pushStatus.textContent = text; };
    try {
      pushButton.disabled = true;
      if (await Notification.requestPermission() !== "granted") {
        say("Notifications are blocked for this site; allow them in the browser's site settings.");
        return;
      }
      say("Turning on notifications...");
      const keyResponse = await hearthFetch("/api/push/key");
      if (!keyResponse.ok) throw new Error(await errorText(keyResponse));
      const { publicKey } = await keyResponse.json();
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: base64URLBytes(publicKey),
      });
      const saved = await hearthFetch("/api/push/subscriptions", {
        method: "POST", body: subscription.toJSON(),
      });
      if (!saved.ok) throw new Error(await errorText(saved));
      window.location.reload();
    } catch (error) {
      say("Could not turn on notifications: " + (error && error.message ? error.message : error));
    } finally {
      pushButton.disabled = false;
    }
  });
} else if (pushStatus && !pushWorks) {
  pushStatus.textContent = "This browser cannot receive push notifications.";
}

// An app whose pages open offline asks for the service worker, then has `paths` copied once
// the worker controls the page (at most hourly), so they open offline even if never visited.
const keepOffline = async (paths) => {
  if (!("serviceWorker" in navigator) || !navigator.onLine) return;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  const key = "hearth-offline:" + paths.join(" ");
  const last = Number(localStorage.getItem(key) || 0);
  const wanted = Date.now() - last > 3_600_000 ? [location.pathname + location.search, ...paths] : [location.pathname + location.search];
  await Promise.all(wanted.map((path) => fetch(path, { headers: { Accept: "text/html" }, credentials: "same-origin" }).catch(() => null)));
  if (wanted.length > 1) localStorage.setItem(key, String(Date.now()));
};

export const hearth = { fetch: hearthFetch, keepOffline, on, csrfToken: csrf, refreshInvitations, toast, ask, showSlider,
  errorText, statusWords };
