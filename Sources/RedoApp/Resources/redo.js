(() => {
  "use strict";

  // --- RFC 8785 -------------------------------------------------------------------------
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const canonicalize = (value) => {
    if (value === null || typeof value === "boolean") return JSON.stringify(value);
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error("NaN and Infinity have no JSON form");
      return JSON.stringify(value); // ECMAScript's Number to String, as RFC 8785 asks
    }
    if (typeof value === "string") {
      if (loneSurrogate.test(value)) throw new Error("lone UTF-16 surrogate in a string");
      return JSON.stringify(value);
    }
    if (Array.isArray(value)) return "[" + value.map(canonicalize).join(",") + "]";
    if (typeof value === "object") {
      // Array.prototype.sort compares UTF-16 code units, RFC 8785's property order.
      const keys = Object.keys(value).sort();
      return "{" + keys.map((key) => {
        if (loneSurrogate.test(key)) throw new Error("lone UTF-16 surrogate in a key");
        if (value[key] === undefined) throw new Error("undefined is not JSON: " + key);
        return JSON.stringify(key) + ":" + canonicalize(value[key]);
      }).join(",") + "}";
    }
    throw new Error("not JSON: " + typeof value);
  };

  // --- Ed25519 through WebCrypto ----------------------------------------------------------
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (text) => {
    if (!/^([0-9a-f]{2})*$/.test(text)) throw new Error("expected lowercase hex");
    const bytes = new Uint8Array(text.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.substr(i * 2, 2), 16);
    return bytes;
  };
  const pkcs8Prefix = unhex("302e020100300506032b657004220420");
  const importSeed = (seedHex) => {
    const seed = unhex(seedHex);
    if (seed.length !== 32) throw new Error("a private key is 64 hex characters");
    const der = new Uint8Array(48);
    der.set(pkcs8Prefix);
    der.set(seed, 16);
    return crypto.subtle.importKey("pkcs8", der, { name: "Ed25519" }, true, ["sign"]);
  };
  const seedOf = async (privateKey) =>
    hex(new Uint8Array(await crypto.subtle.exportKey("pkcs8", privateKey)).slice(16));
  const signBytes = async (privateKey, bytes) =>
    hex(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, privateKey, bytes)));
  const encoder = new TextEncoder();

  // A node from a draft: the body is canonicalized, hashed for its id and signed.
  const signNode = async (draft, identity, wall) => {
    const body = {
      version: 1,
      parents: draft.parents,
      timestamp: { lamport: draft.lamport, wall },
      author: {
        userId: identity.publicKey.slice(0, 32), deviceId: identity.deviceId,
        publicKey: identity.publicKey,
      },
      action: draft.action,
      taskId: draft.taskId,
      data: { payload: draft.payload },
    };
    const bytes = encoder.encode(canonicalize(body));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return { ...body, id: "sha256:" + hex(digest), signature: await signBytes(identity.privateKey, bytes) };
  };

  window.redo = { canonicalize, hex, unhex, importSeed, seedOf, signBytes, signNode };
  const app = document.querySelector("[data-redo-app]");
  if (!app || !window.hearth) return;

  // --- This browser's identity, in IndexedDB --------------------------------------------
  const openStore = () => new Promise((resolve, reject) => {
    const request = indexedDB.open("redo", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("keys");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const storeOp = async (mode, op) => {
    const db = await openStore();
    return new Promise((resolve, reject) => {
      const request = op(db.transaction("keys", mode).objectStore("keys"));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  };
  const loadIdentity = () => storeOp("readonly", (s) => s.get("device"));
  const saveIdentity = (identity) => storeOp("readwrite", (s) => s.put(identity, "device"));

  const panel = document.getElementById("redo-device");
  const status = panel.querySelector(".redo-device-status");
  const buttons = panel.querySelector(".redo-device-actions");
  const importBox = panel.querySelector(".redo-key-import");
  const messages = document.getElementById("redo-messages");
  const say = (text, isError = false) => {
    if (!messages) return;
    messages.textContent = text;
    messages.classList.toggle("error", isError);
  };
  let identity = null;

  const api = async (url, body) => {
    const response = await window.hearth.fetch(url, body === undefined ? {} : { method: "POST", body });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || "HTTP " + response.status);
    return data;
  };

  // The server learns the public key once, with a signature proving this browser holds it.
  const register = async () => {
    const me = (await api("/api/me")).user;
    const known = (await api("/api/redo/keys")).keys.some((k) => k.publicKey === identity.publicKey);
    if (!known) {
      const message = encoder.encode(canonicalize({
        purpose: "hearth-redo-key", accountId: me.id, publicKey: identity.publicKey,
      }));
      await api("/api/redo/keys", {
        publicKey: identity.publicKey, proof: await signBytes(identity.privateKey, message),
        label: "Browser " + identity.deviceId.slice(0, 8),
      });
    }
  };

  const publicKeyOf = async (privateKey) => {
    const jwk = await crypto.subtle.exportKey("jwk", privateKey);
    const raw = atob(jwk.x.replace(/-/g, "+").replace(/_/g, "/") + "=");
    return hex(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
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

  const adopt = async (privateKey, deviceId) => {
    identity = { privateKey, publicKey: await publicKeyOf(privateKey), deviceId };
    await saveIdentity(identity);
    await register();
    showState();
  };

  panel.addEventListener("click", async (event) => {
    const action = event.target.getAttribute && event.target.getAttribute("data-redo-key");
    if (!action) return;
    try {
      if (action === "create") {
        const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
        await adopt(pair.privateKey, crypto.randomUUID());
        say("Key created and registered with your account.");
      } else if (action === "import") {
        importBox.hidden = false;
        importBox.querySelector("textarea").focus();
      } else if (action === "import-confirm") {
        const exported = JSON.parse(importBox.querySelector("textarea").value);
        const key = await importSeed(exported.privateKey);
        if (exported.publicKey && exported.publicKey !== await publicKeyOf(key)) {
          throw new Error("publicKey does not belong to privateKey");
        }
        await adopt(key, crypto.randomUUID());
        importBox.hidden = true;
        say("Key imported and registered with your account.");
      } else if (action === "export") {
        const exported = {
          privateKey: await seedOf(identity.privateKey), publicKey: identity.publicKey,
          userId: identity.publicKey.slice(0, 32), deviceId: identity.deviceId,
        };
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([canonicalize(exported) + "\n"], { type: "application/json" }));
        link.download = "redo-key.json";
        link.click();
        say("Saved redo-key.json: it holds your private key. Use `redo key import redo-key.json`.");
      }
    } catch (error) {
      say("Key problem: " + error.message, true);
    }
  });

  // --- Changes: draft from the server, checked, signed here, posted --------------------
  const expectedActions = {
    add: [["CREATE", "CREATE_TODO"]], edit: [["UPDATE"]], snooze: [["SNOOZE"]], archive: [["ARCHIVE"]],
    complete: [["COMPLETE_TODO"], ["COMPLETE_TODO", "CREATE_TODO"]],
    unarchive: [["UNARCHIVE"], ["UNARCHIVE", "CREATE_TODO"]],
  };
  // Refuses to sign anything but what the person asked for. A task that forked on several
  // devices is first joined by a MERGE of its heads, which only sets its base.
  const check = (request, drafts) => {
    const merging = drafts.length > 1 && drafts[0].action === "MERGE";
    if (merging) {
      const merge = drafts[0];
      if (merge.parents.length < 2 || Object.keys(merge.payload).join() !== "base") {
        throw new Error("the server proposed a MERGE that does more than join the task's branches");
      }
    }
    const asked = merging ? drafts.slice(1) : drafts;
    const actions = asked.map((d) => d.action);
    const allowed = request.intent === "delete"
      ? !merging && actions.length > 0 && actions.every((a) => a === "DELETE")
      : !(merging && request.intent === "add")
        && expectedActions[request.intent].some((list) => list.join() === actions.join());
    if (!allowed) throw new Error("the server proposed " + drafts.map((d) => d.action).join(", ") + " for " + request.intent);
    for (const draft of drafts) {
      if (request.taskId && draft.taskId !== request.taskId) throw new Error("the draft is for another task");
    }
    const fields = request.fields || {};
    const first = asked[0].payload;
    for (const [name, value] of Object.entries(fields)) {
      if (canonicalize(first[name]) !== canonicalize(value)) throw new Error("the draft changes " + name + " differently");
    }
    if (request.intent === "edit" || request.intent === "add") {
      const extra = Object.keys(first).filter((name) => !(name in fields));
      if (extra.length) throw new Error("the draft also sets " + extra.join(", "));
    }
  };

  // While this page saves a change it reloads by itself; its own event need not reload it again.
  let saving = false;
  const perform = async (request) => {
    if (!identity) throw new Error("create or import a key first");
    saving = true;
    try {
      return await signAndSend(request);
    } catch (error) {
      saving = false;
      throw error;
    }
  };
  const signAndSend = async (request) => {
    const { drafts } = await api("/api/redo/drafts", request);
    check(request, drafts);
    const nodes = [];
    let clock = Date.now();
    for (const draft of drafts) {
      const previous = nodes[nodes.length - 1];
      const ready = draft.buildsOnPrevious
        ? { ...draft, parents: [previous.id], lamport: previous.timestamp.lamport + 1 }
        : draft;
      nodes.push(await signNode(ready, identity, new Date(clock++).toISOString()));
    }
    const { results } = await api("/api/redo/nodes", { nodes });
    const refused = results.filter((r) => r.status === "rejected");
    if (refused.length) throw new Error(refused.map((r) => (r.code || "") + " " + (r.message || "")).join("; "));
    return nodes;
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
      try {
        say("Signing…");
        await perform(request);
        say("Saved.");
        location.reload();
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
      if (button.dataset.then) location.assign(button.dataset.then); else location.reload();
    } catch (error) {
      say("Not saved: " + error.message, true);
      button.disabled = false;
    }
  });

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
    const path = "/api/redo/tasks/" + button.dataset.taskId + "/share/" + button.dataset.redoUnshare;
    const response = await window.hearth.fetch(path, { method: "DELETE" });
    if (response.ok) {
      if (button.dataset.then) location.assign(button.dataset.then); else location.reload();
    } else {
      const data = await response.json().catch(() => ({}));
      say("Not changed: " + ((data.error && data.error.message) || "HTTP " + response.status), true);
      button.disabled = false;
    }
  });

  // --- Saved views, in this browser ----------------------------------------------------
  const savedList = document.querySelector(".redo-saved-presets");
  const saved = () => JSON.parse(localStorage.getItem("redo.presets") || "[]");
  const drawSaved = () => {
    if (!savedList) return;
    savedList.replaceChildren(...saved().map((preset) => {
      const link = document.createElement("a");
      link.href = "/redo?" + preset.query;
      link.textContent = preset.name;
      return link;
    }));
  };
  const saveButton = document.querySelector("[data-redo-save-preset]");
  if (saveButton) {
    saveButton.addEventListener("click", () => {
      const name = window.prompt("Name this view");
      if (!name) return;
      const presets = saved().filter((p) => p.name !== name);
      presets.push({ name, query: location.search.replace(/^\?/, "") });
      localStorage.setItem("redo.presets", JSON.stringify(presets));
      drawSaved();
    });
  }
  drawSaved();

  // --- Live: another device's change reloads the list -----------------------------------
  let pending = null;
  window.hearth.on("redo.", () => {
    if (saving || (document.activeElement && document.activeElement.closest("form"))) return;
    clearTimeout(pending);
    pending = setTimeout(() => location.reload(), 300);
  });

  loadIdentity().then(async (stored) => {
    identity = stored || null;
    if (identity) await register();
    showState();
  }).catch((error) => {
    status.textContent = "This browser cannot keep a signing key: " + error.message;
  });
})();
