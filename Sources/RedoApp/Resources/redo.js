(() => {
  "use strict";
  const core = globalThis.redoCore;
  const app = document.querySelector("[data-redo-app]");
  if (!app || !window.hearth || !core) return;
  const { LocalLog, Sync } = globalThis.redoLog;
  const view = globalThis.redoView;
  const encoder = new TextEncoder();

  const messages = document.getElementById("redo-messages");
  const say = (text, isError = false) => {
    if (!messages) return;
    messages.textContent = text;
    messages.classList.toggle("error", isError);
  };

  const api = async (url, body, method) => {
    const init = body === undefined ? { method: method || "GET" } : { method: method || "POST", body };
    const response = await window.hearth.fetch(url, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || "HTTP " + response.status);
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
    const publicKey = await core.publicKeyOf(await core.importSeed(seedHex));
    const privateKey = await core.importSeed(seedHex, false);
    const seed = core.unhex(seedHex);
    const sealKey = await subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealedSeed = await subtle.encrypt({ name: "AES-GCM", iv }, sealKey, seed);
    return { privateKey, publicKey, deviceId, sealKey, iv, sealedSeed };
  };
  const unsealedSeed = async (identity) => core.hex(new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: identity.iv }, identity.sealKey, identity.sealedSeed)));
  const loadIdentity = async () => {
    const stored = await keyStore("readonly", (s) => s.get("device"));
    if (!stored || !stored.privateKey.extractable) return stored || null;
    // A key saved before keys became non-extractable is sealed the same way once.
    const identity = await identityFrom(await core.seedOf(stored.privateKey), stored.deviceId);
    await keyStore("readwrite", (s) => s.put(identity, "device"));
    return identity;
  };

  const panel = document.getElementById("redo-device");
  const status = panel.querySelector(".redo-device-status");
  const buttons = panel.querySelector(".redo-device-actions");
  const importBox = panel.querySelector(".redo-key-import");
  const syncStatus = panel.querySelector(".redo-sync-status");
  let identity = null;

  // The server learns the public key once, with a signature proving this browser holds it.
  const register = async () => {
    const known = (await api("/api/redo/keys")).keys.some((k) => k.publicKey === identity.publicKey);
    if (known) return;
    const message = encoder.encode(core.canonicalize({
      purpose: "hearth-redo-key", accountId: app.dataset.account, publicKey: identity.publicKey,
    }));
    await api("/api/redo/keys", {
      publicKey: identity.publicKey, proof: await core.signBytes(identity.privateKey, message),
      label: "Browser " + identity.deviceId.slice(0, 8),
    });
  };

  const showState = () => {
    buttons.hidden = false;
    panel.querySelector('[data-redo-key="create"]').hidden = Boolean(identity);
    panel.querySelector('[data-redo-key="export"]').hidden = !identity;
    document.querySelectorAll("[data-redo-intent] button[type=submit], [data-redo-action]")
      .forEach((button) => { button.disabled = !identity; });
    status.textContent = identity
      ? "This browser signs your changes as " + identity.publicKey.slice(0, 32) + "."
      : "This browser has no signing key yet. Create one, or import the one your redo CLI uses.";
    panel.classList.toggle("ready", Boolean(identity));
  };

  const adopt = async (seedHex, deviceId) => {
    identity = await identityFrom(seedHex, deviceId);
    await keyStore("readwrite", (s) => s.put(identity, "device"));
    await register();
    showState();
  };

  const exportKey = async () => {
    const question = "Export this browser's private key? Anyone with the file can sign changes as you.";
    if (!window.confirm(question)) {
      say("Nothing exported.");
      return;
    }
    const exported = {
      privateKey: await unsealedSeed(identity), publicKey: identity.publicKey,
      userId: identity.publicKey.slice(0, 32), deviceId: identity.deviceId,
    };
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([core.canonicalize(exported) + "\n"], { type: "application/json" }));
    link.download = "redo-key.json";
    link.click();
    say("Saved redo-key.json: it holds your private key. Use `redo key import redo-key.json`.");
  };

  panel.addEventListener("click", async (event) => {
    const action = event.target.getAttribute && event.target.getAttribute("data-redo-key");
    if (!action) return;
    try {
      if (action === "create") {
        await adopt(core.hex(crypto.getRandomValues(new Uint8Array(32))), crypto.randomUUID());
        say("Key created and registered with your account.");
      } else if (action === "import") {
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
  const render = () => {
    if (!log) return;
    const now = new Date().toISOString();
    const waiting = new Set(log.unsynced.map((r) => r.taskId));
    if (list) view.renderList(list, log.allTasks(), { now, readOnly: readOnly(), waiting, selected });
    if (calendar) view.renderCalendar(calendar, log.allTasks(), { now, month: calendarMonth });
    showState();
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
      return report;
    } catch (error) {
      showSync("Not synced (" + error.message + "); your changes are safe here and sync later.", true);
      return null;
    }
  };

  // --- Changes: planned from this browser's own replay, signed here, kept, then synced ----
  const endOfDay = (date) => {
    const [year, month, day] = date.split("-").map(Number);
    return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
  };
  // Deadlines left out here are the planner's defaults: one repeat (or a day) from now.
  const intentOf = (request) => {
    switch (request.intent) {
      case "add":
        return { intent: "add", fields: request.fields, deadline: request.due ? endOfDay(request.due) : undefined };
      case "snooze":
        return { intent: "snooze", days: request.days, until: request.until ? endOfDay(request.until) : undefined, notes: request.notes };
      case "complete": return { intent: "complete", notes: request.notes };
      default: return { intent: request.intent, fields: request.fields };
    }
  };

  const perform = async (request) => {
    if (!identity) throw new Error("create or import a key first");
    if (request.taskId && !log.task(request.taskId)) throw new Error("this browser does not hold that task yet; wait for the sync");
    const steps = core.planFor(
      intentOf(request), request.taskId ? log.nodesOf(request.taskId) : [], request.taskId,
      new Date().toISOString(), () => crypto.randomUUID());
    const nodes = await core.signPlan(steps, identity, new Date().toISOString());
    for (const node of nodes) {
      const verdict = await core.validateNode(node);
      if (!verdict.ok) throw new Error(verdict.code + " " + verdict.message);
    }
    const { rejections } = await log.add(nodes, { synced: false });
    if (rejections.length) throw new Error(rejections.map((r) => r.code + " " + r.message).join("; "));
    render();
    return nodes;
  };

  // On a task's own page a change shows as the server draws it, once it is there.
  const afterChange = async (request, then) => {
    if (!taskPage) {
      say("Saved.");
      runSync();
      return;
    }
    const report = await runSync();
    if (report && !report.problems.length && !log.unsynced.length) {
      if (then) location.assign(then); else location.reload();
    } else {
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

  document.querySelectorAll("[data-redo-intent]").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const intent = form.getAttribute("data-redo-intent");
      const request = { intent, fields: fieldsOf(form) };
      if (form.dataset.taskId) request.taskId = form.dataset.taskId;
      if (intent === "edit") {
        if (request.fields.description === undefined) request.fields.description = "";
        request.fields = changedOf(form, request.fields);
        if (Object.keys(request.fields).length === 0) {
          say("Nothing to save: no field changed.");
          return;
        }
      }
      if (form.elements.due && form.elements.due.value) request.due = form.elements.due.value;
      if (form.elements.until && form.elements.until.value) request.until = form.elements.until.value;
      if (form.elements.notes && form.elements.notes.value.trim()) request.notes = form.elements.notes.value.trim();
      try {
        await perform(request);
        if (intent === "add") form.reset();
        if (intent === "edit") {
          for (const element of form.elements) {
            if ("defaultValue" in element && !element.options) element.defaultValue = element.value;
            if (element.options) for (const option of element.options) option.defaultSelected = option.selected;
          }
        }
        await afterChange(request);
      } catch (error) {
        say("Not saved: " + error.message, true);
      }
    });
  });

  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-redo-action]");
    if (!button) return;
    const request = { intent: button.dataset.redoAction, taskId: button.dataset.taskId };
    if (button.dataset.days) request.days = Number(button.dataset.days);
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    button.disabled = true;
    try {
      await perform(request);
      await afterChange(request, button.dataset.then);
    } catch (error) {
      say("Not saved: " + error.message, true);
    }
    button.disabled = !identity;
  });

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
      if (intent === "delete" && !window.confirm("Delete " + chosen.length + " tasks? There is no undelete.")) return;
      let done = 0;
      const problems = [];
      for (const taskId of chosen) {
        const task = log.task(taskId);
        if (intent === "complete" && !(task && core.currentTodo(task))) continue;
        try {
          await perform({ intent, taskId });
          done += 1;
        } catch (error) {
          problems.push((task ? task.title : taskId) + ": " + error.message);
        }
      }
      selected.clear();
      render();
      runSync();
      const verb = { complete: "Completed", archive: "Archived", delete: "Deleted" }[intent];
      if (problems.length) say(verb + " " + done + "; not saved: " + problems.join("; "), true);
      else say(verb + " " + done + " task" + (done === 1 ? "" : "s") + ".");
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
      } catch (error) {
        say("Not shared: " + error.message, true);
      }
    });
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-redo-unshare]");
    if (!button || !window.confirm(button.dataset.confirm)) return;
    button.disabled = true;
    try {
      await api("/api/redo/tasks/" + button.dataset.taskId + "/share/" + button.dataset.redoUnshare, undefined, "DELETE");
      if (button.dataset.then) location.assign(button.dataset.then); else location.reload();
    } catch (error) {
      say("Not changed: " + error.message, true);
      button.disabled = false;
    }
  });

  // --- Saved views, kept with the account (and here, for offline) ----------------------
  const savedList = document.querySelector(".redo-saved-presets");
  const viewsKey = "redo.views." + app.dataset.account;
  let views = JSON.parse(localStorage.getItem(viewsKey) || "[]");
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
      const name = window.prompt("Name this view");
      if (!name || !name.trim()) return;
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
  window.hearth.on("redo.", () => {
    clearTimeout(pending);
    pending = setTimeout(async () => {
      const before = taskPage && canonicalHeads();
      await runSync();
      if (taskPage && before !== canonicalHeads() && !(document.activeElement && document.activeElement.closest("form"))) {
        location.reload();
      }
    }, 300);
  });
  const canonicalHeads = () => {
    const task = log && log.task(taskPage.dataset.redoTaskPage);
    return task ? task.heads.join() : "";
  };

  (async () => {
    try {
      identity = await loadIdentity();
      if (identity && navigator.onLine) await register();
    } catch (error) {
      status.textContent = "This browser cannot keep a signing key: " + error.message;
    }
    showState();
    log = await LocalLog.open(app.dataset.account);
    sync = new Sync(log, api);
    if (await log.meta("ready")) render();
    if (navigator.onLine && savedList) loadViews().catch((error) => say("Saved views: " + error.message, true));
    await runSync();
  })().catch((error) => showSync("This browser cannot keep Redo's log: " + error.message, true));
})();
