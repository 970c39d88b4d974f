import { hearth } from "./hearth.mjs";
import { hex, importSeed, publicKeyOf, seedOf, signBytes, unhex } from "./redo-crypto.mjs";
import { readImport } from "./redo-import.mjs";
import { canonicalize } from "./redo-json.mjs";
import { commandFor, isTyping, shortcuts } from "./redo-keys.mjs";
import { LocalLog, Sync } from "./redo-log.mjs";
import { validateNode } from "./redo-node.mjs";
import { planFor, signPlan } from "./redo-plan.mjs";
import { parseQuickAdd } from "./redo-quickadd.mjs";
import { deadlineText } from "./redo-rank.mjs";
import { currentTodo } from "./redo-task.mjs";
import * as view from "./redo-view.mjs";

const app = document.querySelector("[data-redo-app]");
if (app) {
  const encoder = new TextEncoder();

  const messages = document.getElementById("redo-messages");
  const say = (text, isError = false) => {
    if (!messages) return;
    messages.textContent = text;
    messages.classList.toggle("error", isError);
  };

  const api = async (url, body, method) => {
    const init = body === undefined ? { method: method || "GET" } : { method: method || "POST", body };
    const response = await hearth.fetch(url, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || hearth.statusWords(response.status));
    return data;
  };

  // --- This browser's signing key, in IndexedDB -----------------------------------------
  // The signing key is not extractable. Its seed is kept only encrypted under a second
  // non-extractable key, so that an export happens only through the button that asks first.
  const keyStore = async (mode, op) => {
    const request = indexedDB.open("redo", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("keys");
    const db = await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return new Promise((resolve, reject) => {
      const call = op(db.transaction("keys", mode).objectStore("keys"));
      call.onsuccess = () => resolve(call.result);
      call.onerror = () => reject(call.error);
    });
  };
  const identityFrom = async (seedHex, deviceId) => {
    const subtle = crypto.subtle;
    const publicKey = await publicKeyOf(await importSeed(seedHex));
    const privateKey = await importSeed(seedHex, false);
    const seed = unhex(seedHex);
    const sealKey = await subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealedSeed = await subtle.encrypt({ name: "AES-GCM", iv }, sealKey, seed);
    return { privateKey, publicKey, deviceId, sealKey, iv, sealedSeed };
  };
  const unsealedSeed = async (identity) => hex(new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: identity.iv }, identity.sealKey, identity.sealedSeed)));
  const loadIdentity = async () => {
    const stored = await keyStore("readonly", (s) => s.get("device"));
    if (!stored || !stored.privateKey.extractable) return stored || null;
    // A key saved before keys became non-extractable is sealed the same way once.
    const identity = await identityFrom(await seedOf(stored.privateKey), stored.deviceId);
    await keyStore("readwrite", (s) => s.put(identity, "device"));
    return identity;
  };

  const panel = document.getElementById("redo-device");
  const status = panel.querySelector(".redo-device-status");
  const buttons = panel.querySelector(".redo-device-actions");
  const importBox = panel.querySelector(".redo-key-import");
  const syncStatus = panel.querySelector(".redo-sync-status");
  const keyDetails = panel.querySelector(".redo-key-details");
  let identity = null;

  // The server learns the public key once, with a signature proving this browser holds it.
  // Every upload waits for it, so no change goes up signed by a key the server does not know.
  const register = async (again) => {
    const registered = `registered:${identity.publicKey}`;
    if (!again && log && await log.meta(registered)) return;
    const known = (await api("/api/redo/keys")).keys.some((k) => k.publicKey === identity.publicKey);
    if (!known) {
      const message = encoder.encode(canonicalize({
        purpose: "hearth-redo-key", accountId: app.dataset.account, publicKey: identity.publicKey,
      }));
      await api("/api/redo/keys", {
        publicKey: identity.publicKey, proof: await signBytes(identity.privateKey, message),
        label: "Browser " + identity.deviceId.slice(0, 8),
      });
    }
    if (log) await log.setMeta(registered, true);
  };

  // Only the settings page has the key's details, import and export.
  const showState = () => {
    status.textContent = identity
      ? "This browser signs your changes as you, with a key kept only here."
      : "This browser cannot keep a signing key, so it cannot save changes.";
    panel.classList.toggle("ready", Boolean(identity));
    if (!buttons) return;
    buttons.hidden = false;
    panel.querySelector('[data-redo-key="export"]').hidden = !identity;
    keyDetails.hidden = !identity;
    keyDetails.querySelector(".redo-key-id").textContent = identity ? identity.publicKey.slice(0, 32) : "";
  };

  // A browser that has no key yet makes one, without asking: the person came to add tasks.
  const firstKey = async () => {
    const made = await identityFrom(hex(crypto.getRandomValues(new Uint8Array(32))), crypto.randomUUID());
    await keyStore("readwrite", (s) => s.put(made, "device"));
    return made;
  };

  const adopt = async (seedHex, deviceId) => {
    identity = await identityFrom(seedHex, deviceId);
    await keyStore("readwrite", (s) => s.put(identity, "device"));
    await register(true);
    showState();
  };

  const exportKey = async () => {
    const question = "Export this browser's private key? Anyone with the file can sign changes as you.";
    if (!(await hearth.ask(question, { confirm: "Export the key" }))) {
      say("Nothing exported.");
      return;
    }
    const exported = {
      privateKey: await unsealedSeed(identity), publicKey: identity.publicKey,
      userId: identity.publicKey.slice(0, 32), deviceId: identity.deviceId,
    };
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([canonicalize(exported) + "\n"], { type: "application/json" }));
    link.download = "redo-key.json";
    link.click();
    say("Saved redo-key.json: it holds your private key. Use `redo key import redo-key.json`.");
  };

  panel.addEventListener("click", async (event) => {
    const action = event.target.getAttribute && event.target.getAttribute("data-redo-key");
    if (!action) return;
    try {
      if (action === "import") {
        importBox.hidden = false;
        importBox.querySelector("textarea").focus();
      } else if (action === "import-confirm") {
        const exported = JSON.parse(importBox.querySelector("textarea").value);
        const candidate = await identityFrom(exported.privateKey, crypto.randomUUID());
        if (exported.publicKey && exported.publicKey !== candidate.publicKey) {
          throw new Error("publicKey does not belong to privateKey");
        }
        await adopt(exported.privateKey, candidate.deviceId);
        importBox.hidden = true;
        say("Key imported and registered with your account.");
      } else if (action === "export") {
        await exportKey();
      }
    } catch (error) {
      say("Key problem: " + error.message, true);
    }
  });

  // --- The log this browser keeps, and its sync -----------------------------------------
  let log = null;
  let sync = null;
  // Buttons work once the key is read, which can be before the log is open.
  let logOpened = null;
  let logFailed = null;
  const logReady = new Promise((resolve, reject) => { logOpened = resolve; logFailed = reject; });
  logReady.catch(() => {});
  const list = document.getElementById("redo-list");
  const taskPage = document.querySelector("[data-redo-task-page]");

  const showSync = (text, isError = false) => {
    if (!syncStatus) return;
    syncStatus.textContent = text;
    syncStatus.classList.toggle("error", isError);
  };
  const describeWaiting = () => {
    const tasks = new Set(log.unsynced.map((r) => r.taskId)).size;
    const what = "changes to " + tasks + (tasks === 1 ? " task" : " tasks");
    if (!navigator.onLine) {
      return tasks ? "Offline: " + what + " saved here, to sync when you are back online."
        : "Offline: changes are saved here and sync when you are back online.";
    }
    return tasks ? "The " + what + " wait to sync." : "Everything is synced.";
  };

  const readOnly = () => new Set((list && list.dataset.readOnly || "").split(" ").filter(Boolean));
  const selected = new Set();
  // A shortcut that takes a task off the list moves the focus to its neighbour.
  let focusAfterRender = null;
  const render = () => {
    if (!log) return;
    const now = new Date().toISOString();
    const waiting = new Set(log.unsynced.map((r) => r.taskId));
    // A redraw keeps the focus on the task it was on.
    const active = document.activeElement;
    const onTask = list && active && active.classList && active.classList.contains("redo-task-title") && list.contains(active)
      ? active.closest(".redo-task").dataset.taskId : null;
    if (list) view.renderList(list, log.allTasks(), { now, readOnly: readOnly(), waiting, selected });
    const focusOn = focusAfterRender || onTask;
    if (list && focusOn) {
      const title = list.querySelector(`[data-task-id="${focusOn}"] .redo-task-title`);
      if (title) title.focus();
      focusAfterRender = null;
    }
    if (calendar) view.renderCalendar(calendar, log.allTasks(), { now, month: calendarMonth });
    renderRefused();
    renderOfflineTask(now);
    showState();
  };

  // The frame the service worker shows offline for a task page it holds no copy of, and the
  // server's answer for a task it does not hold (yet: this browser may not have sent it).
  const offlineTask = document.querySelector("[data-redo-offline-task]");
  const notOnServer = offlineTask && offlineTask.dataset.redoOfflineTask === "missing";
  const offlineTaskId = () => {
    const match = /^\/redo\/tasks\/([0-9a-f-]{36})/.exec(location.pathname);
    return match && match[1];
  };
  const renderOfflineTask = (now) => {
    if (!offlineTask) return;
    const task = log.task(offlineTaskId());
    if (!task) {
      offlineTask.replaceChildren(view.element("p", { class: "empty" }, notOnServer
        ? "There is no such task: it was deleted, or it is not shared with you."
        : "This browser holds no copy of this task; it opens once you are back online."));
      return;
    }
    const open = currentTodo(task) && !task.archived;
    const button = (intent, text, extra = {}) => view.element("button", {
      type: "button", class: "button " + (intent === "complete" ? "primary" : "secondary"),
      dataset: { redoAction: intent, taskId: task.id, ...extra },
    }, text);
    document.title = task.title + " · Redo";
    offlineTask.replaceChildren(
      view.element("h1", { class: "redo-title" }, task.title),
      view.element("p", { class: "hint" }, notOnServer
        ? "Not on the server yet: drawn from this browser's copy. The whole page opens once it has synced."
        : "Drawn from this browser's copy while offline: what you change here syncs when you are back online."),
      view.element("dl", { class: "redo-summary" },
        view.element("dt", {}, "Status"), view.element("dd", {}, task.archived ? "Archived" : open ? deadlineText(task, now) : "Done"),
        view.element("dt", {}, "Priority"), view.element("dd", {}, view.priorityName(task.priority)),
        view.element("dt", {}, "Repeats"), view.element("dd", {}, task.frequencyDays ? view.repeatText(task.frequencyDays) : "No"),
        view.element("dt", {}, "Description"), view.element("dd", {}, task.description || "—")),
      open ? view.element("section", { class: "redo-actions", "aria-label": "Actions" },
        button("complete", "Complete now"), button("snooze", "Snooze 1 day", { days: "1" })) : null);
  };

  // Once this browser's copy of a task the server did not hold has synced, the server draws
  // the whole page; once per task, so a task the server still refuses cannot loop.
  const openOnceOnServer = () => {
    const taskId = notOnServer && offlineTaskId();
    if (!taskId || !log.task(taskId) || log.unsynced.some((r) => r.taskId === taskId)) return;
    const key = "redo-reopened-" + taskId;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "yes");
    location.reload();
  };

  // Changes the server refused for good are out of the tasks; they wait here until the person
  // discards them or keeps a copy as a task of their own.
  let refusedBox = null;
  const renderRefused = () => {
    const changes = log.refusedChanges();
    if (!changes.length) {
      if (refusedBox) refusedBox.remove();
      refusedBox = null;
      return;
    }
    if (!refusedBox) {
      refusedBox = view.element("section", { class: "redo-refused flash flash-error", "aria-labelledby": "redo-refused-heading" });
      const tabs = app.querySelector(".tabs");
      if (tabs) tabs.after(refusedBox); else app.prepend(refusedBox);
    }
    refusedBox.replaceChildren(
      view.element("h2", { id: "redo-refused-heading" }, changes.length === 1 ? "A change was not saved" : changes.length + " changes were not saved"),
      view.element("ul", { class: "list" }, ...changes.map((change) => {
        const title = (log.task(change.taskId) || log.wantedTask(change.taskId) || { title: "A task" }).title;
        return view.element("li", { class: "redo-refused-change" },
          view.element("p", {}, "“" + title + "”: " + change.reasons.join(" ") + " Your change is not on the server and no longer shows here."),
          view.element("div", { class: "actions" },
            view.element("button", { type: "button", class: "button small secondary", dataset: { redoRefused: "discard", taskId: change.taskId }, "aria-label": "Discard my change to " + title }, "Discard"),
            log.wantedTask(change.taskId) ? view.element("button", { type: "button", class: "button small primary", dataset: { redoRefused: "copy", taskId: change.taskId }, "aria-label": "Keep my change to " + title + " as a task of my own" }, "Keep as my own task") : null));
      })));
  };

  const runSync = async () => {
    if (!sync) return null;
    if (!navigator.onLine) {
      showSync(describeWaiting());
      return null;
    }
    try {
      showSync("Syncing…");
      const report = await sync.run();
      await log.setMeta("ready", true);
      render();
      if (report.problems.length) showSync(report.problems[0], true); else showSync(describeWaiting());
      openOnceOnServer();
      return report;
    } catch (error) {
      if (log.unsynced.length) render();
      showSync("Not synced (" + error.message + "); your changes are safe here and sync later.", true);
      return null;
    }
  };

  // --- Changes: planned from this browser's own replay, signed here, kept, then synced ----
  const endOfDay = (date) => {
    const [year, month, day] = date.split("-").map(Number);
    return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
  };
  const pad = (number) => String(number).padStart(2, "0");
  const localDay = (date = new Date()) =>
    date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate());
  // Deadlines left out here are the planner's defaults: one repeat (or a day) from now. An
  // undo names exact instants (`deadline`, `untilTime`) rather than days.
  const intentOf = (request) => {
    switch (request.intent) {
      case "add":
        return { intent: "add", fields: request.fields, deadline: request.deadline ?? (request.due ? endOfDay(request.due) : undefined) };
      case "snooze":
        return {
          intent: "snooze", days: request.days,
          until: request.untilTime ?? (request.until ? endOfDay(request.until) : undefined), notes: request.notes,
        };
      case "complete": return { intent: "complete", notes: request.notes };
      case "reopen": return { intent: "reopen", deadline: request.deadline };
      default: return { intent: request.intent, fields: request.fields };
    }
  };

  const perform = async (request) => {
    if (!identity) throw new Error("this browser cannot keep a signing key");
    if (request.taskId && !log.task(request.taskId)) throw new Error("this browser does not hold that task yet; wait for the sync");
    const steps = planFor(
      intentOf(request), request.taskId ? log.nodesOf(request.taskId) : [], request.taskId,
      new Date().toISOString(), () => crypto.randomUUID());
    const nodes = await signPlan(steps, identity, new Date().toISOString());
    for (const node of nodes) {
      const verdict = await validateNode(node);
      if (!verdict.ok) throw new Error(verdict.code + " " + verdict.message);
    }
    const { rejections } = await log.add(nodes, { synced: false });
    if (rejections.length) throw new Error(rejections.map((r) => r.code + " " + r.message).join("; "));
    render();
    return nodes;
  };

  // --- Toasts, each with an Undo that writes new signed nodes --------------------------
  // The shared hearth.toast, one at a time: a newer change's toast replaces the last one.
  let closeToast = null;
  const toast = (text, options = {}) => {
    if (closeToast) closeToast();
    closeToast = hearth.toast(text, { ...options, timeout: options.undo ? 10000 : 5000 });
  };
  const quoted = (task) => "“" + task.title + "”";
  const dayText = (wall) => new Date(wall).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  const copy = (value) => value && JSON.parse(JSON.stringify(value));

  // What undoes a change, as new nodes: the protocol keeps every node, so an undo is a change
  // back (UNARCHIVE for ARCHIVE, an UPDATE to the old fields, a SNOOZE to the old deadline). It
  // has no un-complete and no undelete: a completed todo stays done and a new one is due when it
  // was, and a deleted task comes back as a new copy.
  const noteOf = (request, before, nodes) => {
    const after = log.task(request.taskId || (nodes[0] && nodes[0].taskId));
    const task = after || before;
    const was = before && currentTodo(before);
    const back = (intent) => [{ ...intent, taskId: task.id }];
    switch (request.intent) {
      case "add":
        return { text: "Added " + quoted(task) + ".", undo: back({ intent: "delete" }) };
      case "complete":
        return {
          text: "Completed " + quoted(task) + ".",
          undo: currentTodo(after)
            ? back({ intent: "snooze", untilTime: was.deadline, notes: "Completion undone" })
            : back({ intent: "reopen", deadline: was.deadline }),
        };
      case "snooze": {
        const todo = currentTodo(after);
        return {
          text: (request.due ? "Due " : "Snoozed to ") + dayText(todo.deadline) + ": " + quoted(task) + ".",
          undo: back({ intent: "snooze", untilTime: was.deadline, notes: request.due ? "Due date change undone" : "Snooze undone" }),
        };
      }
      case "archive": return { text: "Archived " + quoted(task) + ".", undo: back({ intent: "unarchive" }) };
      case "unarchive": return { text: "Unarchived " + quoted(task) + ".", undo: back({ intent: "archive" }) };
      case "delete": {
        const fields = { title: before.title, priority: before.priority, storyPoints: before.storyPoints };
        if (before.description) fields.description = before.description;
        if (before.frequencyDays) fields.frequencyDays = before.frequencyDays;
        return { text: "Deleted " + quoted(before) + ".", undo: [{ intent: "add", fields, deadline: was ? was.deadline : undefined }] };
      }
      case "edit": {
        // A repeat cannot be taken away by an UPDATE (frequencyDays is at least 1).
        const fields = {};
        for (const name of Object.keys(request.fields)) {
          if (name === "description") fields.description = before.description || "";
          else if (before[name] !== undefined && before[name] !== null) fields[name] = before[name];
        }
        return {
          text: "Saved " + quoted(task) + ".",
          undo: Object.keys(fields).length ? back({ intent: "edit", fields }) : null,
        };
      }
      default:
        return { text: "Saved." };
    }
  };
  const joinNotes = (notes, text) => ({
    text, undo: notes.some((note) => note.undo) ? notes.flatMap((note) => note.undo || []) : null,
  });

  // An undo is itself a change, whose toast has no undo of its own.
  const undoWith = async (requests) => {
    try {
      await logReady;
      for (const request of requests) await perform(request);
      const brought = requests.some((request) => request.intent === "add");
      await afterChange(requests[0], null, { text: brought ? "Brought back as a new copy (deleted tasks cannot be restored)." : "Undone." });
    } catch (error) {
      say("Not undone: " + error.message, true);
    }
  };
  const showNote = (note) => {
    if (note) toast(note.text, note.undo ? { undo: () => undoWith(note.undo) } : {});
  };
  const noteKey = "redo.toast";
  const keepNote = (note) => { if (note) sessionStorage.setItem(noteKey, JSON.stringify(note)); };
  const showKeptNote = () => {
    const kept = sessionStorage.getItem(noteKey);
    sessionStorage.removeItem(noteKey);
    if (!kept) return;
    try { showNote(JSON.parse(kept)); } catch (_) {}
  };

  // A change and its toast.
  const act = async (request) => {
    await logReady;
    const before = request.taskId ? copy(log.task(request.taskId)) : null;
    const nodes = await perform(request);
    return noteOf(request, before, nodes);
  };

  // On a task's own page a change shows as the server draws it, once it is there.
  const afterChange = async (request, then, note) => {
    if (!taskPage) {
      showNote(note);
      runSync();
      return;
    }
    const report = await runSync();
    if (report && !report.problems.length && !log.unsynced.length) {
      keepNote(note);
      if (then) location.assign(then); else location.reload();
    } else {
      showNote(note);
      say("Saved on this device. It syncs when the server can be reached.");
      document.querySelectorAll(".redo-title").forEach((title) => {
        const task = log.task(request.taskId);
        if (task) title.textContent = task.title;
      });
    }
  };

  const number = (form, name) => {
    const field = form.elements[name];
    return field && field.value !== "" ? Number(field.value) : undefined;
  };
  const fieldsOf = (form) => {
    const fields = {};
    const text = (name) => form.elements[name] && form.elements[name].value;
    if (text("title") !== undefined) fields.title = text("title").trim();
    if (text("description")) fields.description = text("description");
    for (const name of ["priority", "storyPoints", "frequencyDays"]) {
      const value = number(form, name);
      if (value !== undefined) fields[name] = value;
    }
    return fields;
  };

  // An edit writes only what the person changed, so that it cannot undo a concurrent edit of
  // another field made on another device (the task's fields merge last-writer-wins).
  const initialOf = (element) => {
    if (!element) return "";
    if (!element.options) return element.defaultValue;
    const chosen = Array.from(element.options).find((option) => option.defaultSelected);
    return chosen ? chosen.value : element.options.length ? element.options[0].value : "";
  };
  const changedOf = (form, fields) => {
    const changed = {};
    for (const [name, value] of Object.entries(fields)) {
      const initial = initialOf(form.elements[name]);
      const before = typeof value === "number" ? (initial === "" ? undefined : Number(initial))
        : name === "title" ? initial.trim() : initial;
      if (before !== value) changed[name] = value;
    }
    return changed;
  };

  // --- The quick add: one line, and what was understood of it ----------------------------
  const quickForm = document.querySelector(".redo-quick");
  const quickPreview = quickForm && quickForm.querySelector(".redo-quick-preview");
  // The words come from the pure reader: the due day and time (or the default when none was
  // typed), the priority and the repeat as the protocol will hold it, then what it cannot hold.
  const localTime = (date = new Date()) => pad(date.getHours()) + ":" + pad(date.getMinutes());
  const readQuick = (text) => parseQuickAdd(text, localDay(), { now: localTime() });
  const chipsOf = (parsed) => [
    ...parsed.summary.map((chip) => view.element("li", { class: "tag" }, chip)),
    ...parsed.notes.map((note) => view.element("li", { class: "redo-quick-note" }, note)),
  ];
  const drawPreview = () => {
    const text = quickForm.elements.title.value;
    quickPreview.replaceChildren(...(text.trim() ? chipsOf(readQuick(text)) : []));
    quickPreview.hidden = !text.trim();
  };
  if (quickPreview) quickForm.elements.title.addEventListener("input", drawPreview);
  const quickRequest = (form) => {
    const parsed = readQuick(form.elements.title.value);
    if (!parsed.title) throw new Error("give the task a name as well as when it is due");
    const request = { intent: "add", fields: { title: parsed.title } };
    if (parsed.priority !== null) request.fields.priority = parsed.priority;
    if (parsed.frequencyDays !== null) request.fields.frequencyDays = parsed.frequencyDays;
    if (parsed.due !== null) request.due = parsed.due;
    if (parsed.due !== null && parsed.time !== null) {
      const [year, month, day] = parsed.due.split("-").map(Number);
      const [hour, minute] = parsed.time.split(":").map(Number);
      request.deadline = new Date(year, month - 1, day, hour, minute).toISOString();
    }
    return request;
  };

  document.querySelectorAll("[data-redo-intent]").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      // One save at a time: a second Enter while the first is signed would add the task twice.
      if (form.dataset.busy) return;
      form.dataset.busy = "yes";
      const intent = form.getAttribute("data-redo-intent");
      let request = { intent, fields: fieldsOf(form) };
      if (form.dataset.taskId) request.taskId = form.dataset.taskId;
      // The due day on the edit form is a SNOOZE to that day, not a field of the task.
      let dueChange = null;
      try {
        if (form === quickForm) request = quickRequest(form);
        if (intent === "edit") {
          if (request.fields.description === undefined) request.fields.description = "";
          request.fields = changedOf(form, request.fields);
          const due = form.elements.due;
          if (due && due.value && due.value !== due.defaultValue) {
            dueChange = { intent: "snooze", taskId: request.taskId, until: due.value, due: true, notes: "Due date changed" };
          }
          if (Object.keys(request.fields).length === 0 && !dueChange) {
            say("Nothing to save: no field changed.");
            return;
          }
        } else {
          if (form.elements.due && form.elements.due.value) request.due = form.elements.due.value;
          if (form.elements.until && form.elements.until.value) request.until = form.elements.until.value;
        }
        if (form.elements.notes && form.elements.notes.value.trim()) request.notes = form.elements.notes.value.trim();
        const notes = [];
        if (intent !== "edit" || Object.keys(request.fields).length) notes.push(await act(request));
        if (dueChange) notes.push(await act(dueChange));
        if (form === quickForm) {
          form.reset();
          drawPreview();
        }
        if (intent === "edit") {
          for (const element of form.elements) {
            if ("defaultValue" in element && !element.options) element.defaultValue = element.value;
            if (element.options) for (const option of element.options) option.defaultSelected = option.selected;
          }
        }
        await afterChange(request, null, notes.length === 1 ? notes[0] : joinNotes(notes, notes.map((note) => note.text).join(" ")));
      } catch (error) {
        say("Not saved: " + error.message, true);
      } finally {
        delete form.dataset.busy;
      }
    });
  });

  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-redo-action]");
    if (!button) return;
    const request = { intent: button.dataset.redoAction, taskId: button.dataset.taskId };
    if (button.dataset.days) request.days = Number(button.dataset.days);
    if (button.dataset.confirm && !(await hearth.ask(button.dataset.confirm))) return;
    button.disabled = true;
    try {
      const note = await act(request);
      await afterChange(request, button.dataset.then, note);
    } catch (error) {
      say("Not saved: " + error.message, true);
    }
    button.disabled = !identity;
  });

  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-redo-refused]");
    if (!button) return;
    const taskId = button.dataset.taskId;
    button.disabled = true;
    try {
      if (button.dataset.redoRefused === "copy") {
        const wanted = log.wantedTask(taskId);
        const fields = { title: wanted.title, priority: wanted.priority, storyPoints: wanted.storyPoints };
        if (wanted.description) fields.description = wanted.description;
        if (wanted.frequencyDays) fields.frequencyDays = wanted.frequencyDays;
        const todo = currentTodo(wanted);
        await perform({ intent: "add", fields, deadline: todo ? todo.deadline : undefined });
        say("Kept “" + wanted.title + "” as a task of your own.");
      } else {
        say("Discarded your change.");
      }
      await log.discardRefused(taskId);
      render();
      runSync();
    } catch (error) {
      button.disabled = false;
      say("Not done: " + error.message, true);
    }
  });

  // The filters stay behind their button on a phone, unless some are in use.
  const filterPanel = document.querySelector("[data-redo-filters]");
  if (filterPanel && (window.matchMedia("(min-width: 40rem)").matches || /[?&](q|priority|overdue|archived|all)=/.test(location.search))) {
    filterPanel.open = true;
  }

  // --- Keyboard shortcuts on the list (? lists them) --------------------------------------
  const shortcutHelp = () => {
    let dialog = document.getElementById("redo-shortcuts");
    if (!dialog) {
      const rows = shortcuts.map((shortcut) => view.element("tr", {},
        view.element("th", { scope: "row" }, ...shortcut.keys.flatMap((key, index) =>
          [index ? " or " : null, view.element("kbd", {}, key === "ArrowDown" ? "↓" : key === "ArrowUp" ? "↑" : key)])),
        view.element("td", {}, shortcut.text)));
      dialog = view.element("dialog", { id: "redo-shortcuts", class: "card", "aria-labelledby": "redo-shortcuts-title" },
        view.element("h2", { id: "redo-shortcuts-title" }, "Keyboard shortcuts"),
        view.element("table", {}, view.element("tbody", {}, ...rows)),
        view.element("form", { method: "dialog" }, view.element("button", { class: "button primary" }, "Close")));
      document.body.append(dialog);
    }
    dialog.showModal();
  };
  const rows = () => Array.from(list.querySelectorAll(".redo-task"));
  const currentRow = () => document.activeElement && document.activeElement.closest && document.activeElement.closest(".redo-task");
  const moveTo = (step) => {
    const all = rows();
    if (!all.length) return;
    const index = all.indexOf(currentRow());
    const next = all[index < 0 ? (step > 0 ? 0 : all.length - 1) : Math.min(Math.max(index + step, 0), all.length - 1)];
    next.querySelector(".redo-task-title").focus();
  };
  if (list) {
    document.addEventListener("keydown", (event) => {
      const command = commandFor(event, isTyping(event.target));
      if (!command || document.querySelector("dialog[open]")) return;
      const row = currentRow();
      const press = (selector) => {
        const button = row && row.querySelector(selector);
        if (!button) return false;
        // The focus stays on the list: the next task takes the place of the one that left.
        const all = rows();
        const after = all[all.indexOf(row) + 1] || all[all.indexOf(row) - 1];
        button.click();
        focusAfterRender = after ? after.dataset.taskId : null;
        return true;
      };
      let handled = true;
      if (command === "add") document.getElementById("redo-add-title").focus();
      else if (command === "search") document.getElementById("redo-q").focus();
      else if (command === "help") shortcutHelp();
      else if (command === "next") moveTo(1);
      else if (command === "previous") moveTo(-1);
      else if (command === "complete") handled = press('[data-redo-action="complete"]');
      else if (command === "snooze") handled = press('[data-redo-action="snooze"]');
      else handled = false;  // Enter on a task's title opens it, as a link does
      if (handled) event.preventDefault();
    });
  }

  // --- Several tasks at once, from the list --------------------------------------------
  if (list) {
    list.addEventListener("change", (event) => {
      if (!event.target.classList.contains("redo-select")) return;
      if (event.target.checked) selected.add(event.target.dataset.taskId); else selected.delete(event.target.dataset.taskId);
      render();
      const again = list.querySelector('.redo-select[data-task-id="' + event.target.dataset.taskId + '"]');
      if (again) again.focus();
    });
    list.addEventListener("click", async (event) => {
      const button = event.target.closest && event.target.closest("[data-redo-batch]");
      if (!button) return;
      const intent = button.dataset.redoBatch;
      const chosen = Array.from(selected);
      if (intent === "clear") {
        selected.clear();
        render();
        return;
      }
      if (intent === "delete" && !(await hearth.ask("Delete " + chosen.length + " tasks?"))) return;
      const notes = [];
      const problems = [];
      for (const taskId of chosen) {
        const task = log.task(taskId);
        if (intent === "complete" && !(task && currentTodo(task))) continue;
        try {
          notes.push(await act({ intent, taskId }));
        } catch (error) {
          problems.push((task ? task.title : taskId) + ": " + error.message);
        }
      }
      selected.clear();
      render();
      runSync();
      const verb = { complete: "Completed", archive: "Archived", delete: "Deleted" }[intent];
      const done = notes.length;
      if (problems.length) say(verb + " " + done + "; not saved: " + problems.join("; "), true);
      showNote(joinNotes(notes, verb + " " + done + " task" + (done === 1 ? "" : "s") + "."));
    });
  }

  // --- The calendar of due dates --------------------------------------------------------
  const calendar = document.getElementById("redo-calendar");
  let calendarMonth = new Date();
  if (calendar) {
    calendar.addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("[data-redo-month]");
      if (!button) return;
      const step = Number(button.dataset.redoMonth);
      calendarMonth = step === 0 ? new Date() : new Date(calendarMonth.getFullYear(), calendarMonth.getMonth() + step, 1);
      render();
    });
  }

  // --- Import from another app (settings page) ------------------------------------------
  const importFile = document.getElementById("redo-import-file");
  if (importFile) {
    const preview = document.querySelector(".redo-import-preview");
    const start = document.querySelector("[data-redo-import]");
    let found = null;
    importFile.addEventListener("change", async () => {
      found = null;
      start.hidden = true;
      const file = importFile.files[0];
      if (!file) return preview.replaceChildren();
      try {
        found = readImport(await file.text(), localDay());
      } catch (error) {
        preview.replaceChildren(view.element("p", { class: "field-error" }, "Nothing to import: " + error.message + "."));
        return;
      }
      const names = found.tasks.slice(0, 5).map((task) => task.fields.title).join(", ") + (found.tasks.length > 5 ? ", …" : "");
      preview.replaceChildren(
        view.element("p", {}, `Found ${found.tasks.length} open task${found.tasks.length === 1 ? "" : "s"} in this ${found.source} export: ${names}.`),
        found.skipped.length ? view.element("p", { class: "hint" }, "Left out: " + found.skipped.join(", ") + ".") : null);
      start.textContent = `Import ${found.tasks.length} task${found.tasks.length === 1 ? "" : "s"}`;
      start.hidden = found.tasks.length === 0;
    });
    start.addEventListener("click", async () => {
      if (!found) return;
      start.disabled = true;
      importFile.disabled = true;
      await logReady;
      let done = 0;
      try {
        for (const task of found.tasks) {
          preview.replaceChildren(view.element("p", {}, `Importing ${done + 1} of ${found.tasks.length}…`));
          let deadline = task.deadline;
          if (!deadline && task.due) deadline = task.time ? new Date(task.due + "T" + task.time).toISOString() : endOfDay(task.due);
          await perform({ intent: "add", fields: task.fields, deadline });
          done++;
        }
        preview.replaceChildren(view.element("p", {}, `Imported ${done} task${done === 1 ? "" : "s"} from ${found.source}. `,
          view.element("a", { href: "/redo" }, "See them on the task list"), "."));
        start.hidden = true;
        runSync();
      } catch (error) {
        preview.replaceChildren(view.element("p", { class: "field-error" },
          `Imported ${done} of ${found.tasks.length} (they are on your task list); the next one failed: ${error.message}.`));
      } finally {
        start.disabled = false;
        importFile.disabled = false;
      }
    });
  }

  // --- Sharing ---------------------------------------------------------------------------
  const share = document.querySelector("[data-redo-share]");
  if (share) {
    share.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api("/api/redo/tasks/" + share.dataset.redoShare + "/share", {
          email: share.elements.email.value, permission: share.elements.permission.value,
        });
        say("Invitation sent to " + share.elements.email.value + ".");
        share.reset();
        location.reload();
      } catch (error) {
        say("Not shared: " + error.message, true);
      }
    });
  }

  // Removing a person, leaving, or withdrawing an invitation by email: each button names its URL.
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-redo-remove]");
    if (!button || !(await hearth.ask(button.dataset.confirm))) return;
    button.disabled = true;
    try {
      await api(button.dataset.redoRemove, undefined, "DELETE");
      if (button.dataset.then) location.assign(button.dataset.then); else location.reload();
    } catch (error) {
      say("Not changed: " + error.message, true);
      button.disabled = false;
    }
  });

  // --- Saved views, kept with the account (and here, for offline) ----------------------
  const savedList = document.querySelector(".redo-saved-presets");
  const viewsKey = "redo.views." + app.dataset.account;
  // A list only: an answer cut short by leaving the page must not become the stored list.
  const viewList = (value) => (Array.isArray(value) ? value : null);
  let views = [];
  try { views = viewList(JSON.parse(localStorage.getItem(viewsKey) || "[]")) || []; } catch (_) {}
  const drawSaved = () => {
    if (!savedList) return;
    savedList.replaceChildren(...views.map((saved) => view.element("span", { class: "redo-saved-view" },
      view.element("a", { href: "/redo?" + saved.query }, saved.name),
      view.element("button", {
        type: "button", class: "button link small", "aria-label": "Forget the view " + saved.name,
        dataset: { redoForgetView: saved.name },
      }, "×"))));
  };
  const keepViews = (list) => {
    if (!viewList(list)) return;
    views = list;
    localStorage.setItem(viewsKey, JSON.stringify(list));
    drawSaved();
  };
  const viewPath = (name) => "/api/redo/views/" + encodeURIComponent(name);
  const loadViews = async () => {
    // Views saved in this browser before they were kept with the account go up once.
    const legacy = JSON.parse(localStorage.getItem("redo.presets") || "[]");
    for (const preset of legacy) await api(viewPath(preset.name), { query: preset.query }, "PUT");
    localStorage.removeItem("redo.presets");
    keepViews((await api("/api/redo/views")).views);
  };
  const saveButton = document.querySelector("[data-redo-save-preset]");
  if (saveButton) {
    saveButton.addEventListener("click", async () => {
      const name = await hearth.ask("Save this view?", { field: "Its name", confirm: "Save" });
      if (!name) return;
      try {
        keepViews((await api(viewPath(name.trim()), { query: location.search.replace(/^\?/, "") }, "PUT")).views);
        say("Saved the view " + name.trim() + " for all your devices.");
      } catch (error) {
        say("View not saved: " + error.message, true);
      }
    });
  }
  if (savedList) {
    savedList.addEventListener("click", async (event) => {
      const button = event.target.closest && event.target.closest("[data-redo-forget-view]");
      if (!button) return;
      try {
        keepViews((await api(viewPath(button.dataset.redoForgetView), undefined, "DELETE")).views);
        say("Forgot the view " + button.dataset.redoForgetView + ".");
      } catch (error) {
        say("Not changed: " + error.message, true);
      }
    });
  }
  drawSaved();

  // --- Start: the key, then the log; another device's change arrives by sync ------------
  window.addEventListener("online", runSync);
  window.addEventListener("offline", () => showSync(describeWaiting()));
  let pending = null;
  hearth.on("redo.", () => {
    clearTimeout(pending);
    pending = setTimeout(async () => {
      const before = taskPage && canonicalHeads();
      const report = await runSync();
      // Another device's change to this task redraws its page as the server has it. This page's
      // own changes reload it themselves once sent (afterChange); a reload before that would
      // show the server's older copy.
      const fromElsewhere = report && report.received > 0 && !log.unsynced.length;
      if (taskPage && fromElsewhere && before !== canonicalHeads() && !(document.activeElement && document.activeElement.closest("form"))) {
        location.reload();
      }
    }, 300);
  });
  const canonicalHeads = () => {
    const task = log && log.task(taskPage.dataset.redoTaskPage);
    return task ? task.heads.join() : "";
  };

  // Every handler is in place: the buttons that wait for this script may be pressed.
  document.querySelectorAll("[data-redo-script]").forEach((button) => { button.disabled = false; });
  (async () => {
    try {
      identity = (await loadIdentity()) || (await firstKey());
    } catch (error) {
      status.textContent = "This browser cannot keep a signing key: " + error.message;
    }
    showState();
    log = await LocalLog.open(app.dataset.account);
    sync = new Sync(log, api, register);
    logOpened();
    // Before the first sync the server's own list stands, unless this browser holds unsent work.
    if ((await log.meta("ready")) || log.unsynced.length) render();
    showKeptNote();
    if (navigator.onLine && savedList) loadViews().catch((error) => say("Saved views: " + error.message, true));
    hearth.keepOffline(["/redo", "/redo/calendar", "/redo/analytics", "/redo/tasks/_offline"])
      .catch((error) => console.warn("Redo will not open offline in this browser:", error));
    await runSync();
  })().catch((error) => {
    logFailed(error);
    showSync("This browser cannot keep Redo's log: " + error.message, true);
  });
}
