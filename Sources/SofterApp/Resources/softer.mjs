import { hearth } from "./hearth.mjs";

const roomElement = document.querySelector("[data-softer-room]");
const roomId = roomElement ? roomElement.getAttribute("data-softer-room") : null;
const roomAPI = (id) => `/api/softer/rooms/${encodeURIComponent(id)}`;
const api = roomId ? roomAPI(roomId) : null;

const errorText = hearth.errorText;

const say = (text) => {
  let box = document.getElementById("softer-message");
  if (!box) {
    box = document.createElement("p");
    box.id = "softer-message";
    box.className = "softer-form-error";
    box.setAttribute("role", "alert");
    (roomElement || document.querySelector(".softer-app")).appendChild(box);
  }
  box.textContent = text;
  box.hidden = !text;
};

// On a room page: shows the message form when it is this person's turn.
let showCompose = () => {};

// "Your turn" leads the tab's title whenever a room waits for this person.
const baseTitle = roomElement
  ? `${roomElement.getAttribute("data-title")} · Hearth`
  : "Softer · Hearth";
const showTurnInTitle = () => {
  const live = document.querySelector("#softer-live .softer-live");
  const mine = live ? live.getAttribute("data-your-turn") === "true"
    : Boolean(document.querySelector('#softer-live [data-needs-you="true"]'));
  document.title = mine ? `Your turn · ${baseTitle}` : baseTitle;
};

const fetchLive = (query) => fetch(`${window.location.pathname}?live=1${query}`, {
  credentials: "same-origin", headers: { Accept: "text/html" },
});

// A room opens where its reader left off: at the first message this browser has not shown at the
// bottom of the screen, else at the newest. What was seen is kept per room in localStorage.
const seenKey = roomId ? `softer-seen:${roomId}` : null;
const ledgerMessages = () => [...document.querySelectorAll("#softer-live .softer-ledger [data-message]")];
const atNewest = () => window.innerHeight + window.scrollY >= document.scrollingElement.scrollHeight - 80;
const toNewest = () => window.scrollTo(0, document.scrollingElement.scrollHeight);
const markSeen = () => {
  const messages = ledgerMessages();
  if (!seenKey || messages.length === 0) return;
  try { localStorage.setItem(seenKey, messages[messages.length - 1].getAttribute("data-message")); } catch (_) { /* private mode */ }
};
const openWhereLeftOff = () => {
  // The browser's own restoring of the old position on reload would undo this.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  let seen = null;
  try { seen = localStorage.getItem(seenKey); } catch (_) { /* private mode */ }
  const messages = ledgerMessages();
  const index = seen ? messages.findIndex((message) => message.getAttribute("data-message") === seen) : -1;
  const firstUnseen = index >= 0 ? messages[index + 1] : null;
  if (firstUnseen) firstUnseen.scrollIntoView({ block: "start" });
  else { toNewest(); markSeen(); }
};

// On a room page the live section, rendered by the server, replaces the one on the page (and
// a reader at the newest message stays there); on the list, one room's row does (or the whole
// list, after an action from it).
let refreshing = null;
const refresh = () => {
  clearTimeout(refreshing);
  refreshing = setTimeout(async () => {
    let response;
    try { response = await fetchLive(""); } catch (_) { return; }
    if (response.status === 404 && roomId) { window.location.href = "/softer"; return; }
    if (!response.ok) return;
    const live = document.getElementById("softer-live");
    const followNewest = atNewest();
    if (live) live.innerHTML = await response.text();
    showCompose();
    showTurnInTitle();
    if (followNewest) { toNewest(); markSeen(); }
  }, 60);
};

const rowTimers = new Map();
const refreshRow = (id, deleted) => {
  clearTimeout(rowTimers.get(id));
  rowTimers.set(id, setTimeout(async () => {
    rowTimers.delete(id);
    const row = document.querySelector(`#softer-live [data-room="${CSS.escape(id)}"]`);
    const response = deleted ? null : await fetchLive(`&room=${encodeURIComponent(id)}`);
    if (response && !response.ok && response.status !== 404) return;
    if (!response || response.status === 404) {
      if (!row) return;
      if (row.parentElement.children.length === 1) { refresh(); return; }
      row.remove();
    } else {
      const holder = document.createElement("ul");
      holder.innerHTML = await response.text();
      const fresh = holder.firstElementChild;
      const list = document.querySelector("#softer-live .softer-rooms");
      if (row) row.replaceWith(fresh);
      else if (list) list.prepend(fresh);
      else { refresh(); return; }
    }
    showTurnInTitle();
  }, 60));
};

const roomOf = (payload) => {
  let data = payload;
  if (typeof data === "string") { try { data = JSON.parse(data); } catch (_) { data = null; } }
  return data && data.roomID;
};
hearth.on("softer.", (type, payload) => {
  const id = roomOf(payload);
  if (roomId) { if (id === roomId) refresh(); return; }
  // The list shows no typing; each other change refreshes its own row.
  if (id && type !== "softer.composing") refreshRow(id, type === "softer.deleted");
});

// Room actions, on a room page or in a row of the list; some ask first.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-softer-action]");
  if (!button) return;
  const row = button.closest("[data-room]");
  const id = roomId || (row && row.getAttribute("data-room"));
  if (!id) return;
  const question = button.getAttribute("data-confirm");
  if (question && !(await hearth.ask(question, { danger: button.hasAttribute("data-danger") }))) return;
  const action = button.getAttribute("data-softer-action");
  const method = button.getAttribute("data-method") || "POST";
  if (action === "delete") {
    const response = await hearth.fetch(roomAPI(id), { method: "DELETE" });
    if (response.ok) window.location.href = "/softer"; else say(await errorText(response));
    return;
  }
  button.disabled = true;
  try {
    const response = await hearth.fetch(`${roomAPI(id)}/${action}`,
      { method, body: method === "POST" ? {} : undefined });
    // I'm Here from the list takes the person into the room they just joined.
    if (response.ok && action === "here" && !roomId) {
      window.location.href = `/softer/rooms/${encodeURIComponent(id)}`;
      return;
    }
    say(response.ok ? "" : await errorText(response));
  } catch (_) {
    say("No connection. Try again when you are back online.");
  }
  button.disabled = false;
  if (roomId) refresh(); else refreshRow(id, false);
});

// --- The list: creating a room -------------------------------------------------------
const create = document.querySelector("[data-softer-create]");
if (create) {
  const rows = create.querySelector("[data-softer-rows]");
  create.querySelector("[data-softer-add-row]").addEventListener("click", () => {
    const row = rows.querySelector("[data-softer-row]").cloneNode(true);
    const index = rows.querySelectorAll("[data-softer-row]").length;
    row.querySelectorAll("input").forEach((input) => { input.value = ""; });
    row.querySelectorAll("[id]").forEach((element) => {
      const label = row.querySelector(`label[for="${element.id}"]`);
      element.id = element.id.replace(/-\d+$/, `-${index}`);
      if (label) label.setAttribute("for", element.id);
    });
    rows.appendChild(row);
    row.querySelector("input").focus();
  });
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = create.querySelector(".softer-form-error");
    const people = [...rows.querySelectorAll("[data-softer-row]")]
      .map((row) => ({
        row,
        contact: row.querySelector('[name="contact"]').value.trim(),
        nickname: row.querySelector('[name="contactNickname"]').value.trim(),
      }))
      .filter((person) => person.contact || person.nickname);
    const fail = (message, input) => {
      error.textContent = message;
      error.hidden = false;
      if (input) input.focus();
    };
    const own = create.querySelector('[name="nickname"]');
    if (!own.value.trim()) { fail("Choose the nickname the others will see for you.", own); return; }
    for (const person of people) {
      if (!person.nickname) {
        fail(`Give ${person.contact} a nickname.`, person.row.querySelector('[name="contactNickname"]'));
        return;
      }
      if (!person.contact) {
        fail(`Enter ${person.nickname}'s email.`, person.row.querySelector('[name="contact"]'));
        return;
      }
    }
    const participants = people.map(({ contact, nickname }) => ({ contact, nickname }));
    const tier = create.querySelector('[name="tier"]:checked');
    const turnLimit = create.querySelector('[name="turnLimitDays"]:checked');
    const body = {
      nickname: create.querySelector('[name="nickname"]').value,
      participants,
      tier: tier ? Number(tier.value) : undefined,
      turnLimitDays: turnLimit ? Number(turnLimit.value) : undefined,
    };
    const response = await hearth.fetch("/api/softer/rooms", { method: "POST", body });
    if (response.ok) {
      const json = await response.json();
      window.location.href = `/softer/rooms/${encodeURIComponent(json.room.id)}`;
      return;
    }
    error.textContent = await errorText(response);
    error.hidden = false;
  });
}

showTurnInTitle();

// --- One room: actions, compose, typing ----------------------------------------------------
if (roomId) {
  const compose = document.querySelector("[data-softer-compose]");
  const text = compose.querySelector("textarea");
  const send = compose.querySelector("[data-softer-send]");
  showCompose = () => {
    const live = document.querySelector("#softer-live .softer-live");
    const mine = live && live.getAttribute("data-your-turn") === "true";
    compose.hidden = !mine;
  };
  showCompose();

  const post = async (path, body) => {
    const response = await hearth.fetch(`${api}${path}`, { method: "POST", body: body || {} });
    if (!response.ok) say(await errorText(response)); else say("");
    refresh();
    return response;
  };

  // Typing: announced when the message starts, withdrawn when it empties, renewed while it lasts.
  let announced = 0;
  const composing = (on) => hearth.fetch(`${api}/composing`, { method: "POST", body: { composing: on } })
    .catch(() => null);
  text.addEventListener("input", () => {
    const empty = text.value.trim() === "";
    send.textContent = empty ? "Pass" : "Send";
    const now = Date.now();
    if (!empty && now - announced > 20000) { announced = now; composing(true); }
    if (empty && announced) { announced = 0; composing(false); }
  });
  window.addEventListener("pagehide", () => { if (announced) composing(false); });

  // Enter sends; Shift+Enter starts a new line (and so does Enter while an IME composes).
  text.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    compose.requestSubmit();
  });

  // Without a connection nothing is lost: the words stay in the box, Send comes back, and the
  // person is told what happened.
  compose.addEventListener("submit", async (event) => {
    event.preventDefault();
    const message = text.value.trim();
    if (!message) {
      const pass = await hearth.ask("Pass?\n\nSkip your turn. Others will see that you're listening.");
      if (!pass) return;
      try { await post("/pass"); } catch (_) { say("You did not pass: there is no connection. Try again when you are back online."); }
      return;
    }
    send.disabled = true;
    try {
      const response = await post("/messages", { text: message });
      if (response.ok) {
        text.value = "";
        send.textContent = "Pass";
        announced = 0;
      }
    } catch (_) {
      say("Your message was not sent: there is no connection. It is still in the box; press Send again when you are back online.");
    } finally {
      send.disabled = false;
    }
  });
  window.addEventListener("scroll", () => { if (atNewest()) markSeen(); }, { passive: true });
  openWhereLeftOff();

  // A typing note older than 30 seconds goes away even when nothing else happens.
  setInterval(refresh, 10000);
}
