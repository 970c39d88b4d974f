import { hearth } from "./hearth.mjs";
import { addDose, doseField, removeDose, scheduleRows } from "./auralyst-doses.mjs";

const app = document.querySelector("[data-auralyst-journal]");
const journalId = app ? app.getAttribute("data-auralyst-journal") : null;
const outboxKey = journalId ? `auralyst-outbox-${journalId}` : null;

// Confirmations show where the person is looking: a toast at the bottom of the screen.
const status = (text, options) => hearth.toast(text, options);
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
const fallback = (code) => code === 403
  ? "You can't change this journal; ask its owner." : hearth.statusWords(code);
const errorText = async (response) => {
  try {
    const json = await response.json();
    return { message: (json.error && json.error.message) || fallback(response.status),
             field: json.error && json.error.field, code: json.error && json.error.code };
  } catch (_) {
    return { message: fallback(response.status), field: null };
  }
};
// The server names fields as the API does ("symptoms.Headache", "schedules[0].time"); a
// person sees the words of the form's own label instead ("Dose 1, Time").
const controlFor = (form, field) => {
  if (!form || !field) return null;
  const dose = doseField(form, field);
  return dose ? dose.control : form.querySelector(`[name="${CSS.escape(field)}"]`);
};
const labelFor = (form, field) => {
  const dose = form && doseField(form, field);
  if (dose) return dose.words;
  const control = controlFor(form, field);
  const label = control && control.labels && control.labels[0];
  return label ? label.textContent.trim() : null;
};
const peopleWords = (form, error) => {
  if (!error || !error.field) return error;
  const name = labelFor(form, error.field) || "this field";
  let message = error.message;
  if (error.code === "missing_field") message = `Fill in ${name}.`;
  else if (message.startsWith(`${error.field} `)) message = name + message.slice(error.field.length);
  else if (/^schedules\[/.test(error.field)) message = `${name}: ${message}`;
  message = message.charAt(0).toUpperCase() + message.slice(1);
  return { ...error, message };
};

// --- Live refresh ----------------------------------------------------------------
// The parts of a page that follow changes: the journal's episode card, and the rest.
const liveIds = ["auralyst-episode-live", "auralyst-live"];
// Someone filling in a form inside a live section keeps it: the refresh waits.
const busy = () => liveIds.some((id) => {
  const live = document.getElementById(id);
  if (!live) return false;
  const active = document.activeElement;
  if (active && live.contains(active) && active.closest("form") && active.matches("input:not([type=checkbox]), textarea, select")) return true;
  return Array.from(live.querySelectorAll("details[open]")).some((d) => d.querySelector("form"));
});
let refreshing = null;
const refresh = (delay = 80) => {
  clearTimeout(refreshing);
  refreshing = setTimeout(async () => {
    if (busy()) { refresh(2000); return; }
    let response;
    try {
      response = await fetch(window.location.href, {
        credentials: "same-origin", headers: { Accept: "text/html" },
      });
    } catch (_) {
      return; // Offline: the page refreshes when the connection returns.
    }
    if (response.status === 404) { window.location.href = "/auralyst"; return; }
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    if (busy()) { refresh(2000); return; }
    for (const id of liveIds) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      // Unchanged markup is left alone, so a click in progress is not lost.
      if (fresh && current && fresh.innerHTML !== current.innerHTML) current.innerHTML = fresh.innerHTML;
    }
  }, delay);
};
const payloadOf = (payload) => {
  if (typeof payload === "string") { try { return JSON.parse(payload); } catch (_) { return {}; } }
  return payload || {};
};
if (journalId) {
  hearth.on("auralyst.", (type, payload) => {
    if (payloadOf(payload).journalId === journalId) refresh();
  });
  hearth.on("share.", (type, payload) => {
    if (payloadOf(payload).resourceID === journalId) refresh();
  });
}

// --- Forms -----------------------------------------------------------------------
const serialize = (form) => {
  const body = {};
  for (const element of form.elements) {
    if (!element.name || element.disabled) continue;
    const type = element.getAttribute("data-type");
    if (type === "list") {
      // Checkboxes sharing a name send the checked values, none checked an empty list.
      body[element.name] = body[element.name] || [];
      if (element.checked) body[element.name].push(element.value);
      continue;
    }
    if (element.type === "radio" && !element.checked) continue;
    let value;
    if (element.hasAttribute("data-unrated")) continue;
    if (type === "bool") value = element.checked;
    else if (element.value === "") continue;
    else if (type === "int" || element.type === "range") value = parseInt(element.value, 10);
    else if (type === "number") value = Number(element.value);
    // A datetime-local value goes as it is: the server reads it in the journal's zone.
    else if (type === "local") value = element.value;
    else if (type === "lines") value = element.value.split("\n").map((line) => line.trim()).filter(Boolean);
    else if (type === "tags") value = element.value.split(",").map((tag) => tag.trim()).filter(Boolean);
    else if (type === "yesno") value = element.value === "true";
    else value = element.value;
    if (element.name.startsWith("supply.")) {
      // Only what was changed: saving the editor leaves the count as the doses have left it.
      if (element.value === element.defaultValue) continue;
      body.supply = body.supply || {};
      body.supply[element.name.slice(7)] = value;
    } else if (element.name.startsWith("factor.")) {
      // "factor.<id>.<field>": one item of the entry's factors per factor
      const [, factorId, field] = element.name.split(".");
      body.factors = body.factors || [];
      let item = body.factors.find((sent) => sent.factorId === factorId);
      if (!item) { item = { factorId }; body.factors.push(item); }
      item[field] = value;
    } else if (element.name.startsWith("symptoms.")) {
      body.symptoms = body.symptoms || {};
      body.symptoms[element.name.slice(9)] = value;
    } else {
      body[element.name] = value;
    }
  }
  if (form.querySelector("[data-auralyst-schedules]")) body.schedules = scheduleRows(form);
  // The editor sends every rating, so one cleared there is cleared on the entry too.
  if (form.getAttribute("data-ratings") === "all") body.symptoms = body.symptoms || {};
  return body;
};

const showError = (form, error) => {
  error = peopleWords(form, error);
  const box = form.querySelector(".form-error");
  form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  if (box) { box.textContent = error ? error.message : ""; box.hidden = !error; }
  if (error && error.field) {
    const field = controlFor(form, error.field);
    if (field) { field.setAttribute("aria-invalid", "true"); field.focus(); }
  }
};

// --- The offline outbox: entries made without a connection ------------------------
const outbox = () => {
  if (!outboxKey) return [];
  try { return JSON.parse(localStorage.getItem(outboxKey) || "[]"); } catch (_) { return []; }
};
const saveOutbox = (items) => {
  if (outboxKey) localStorage.setItem(outboxKey, JSON.stringify(items));
  showOutbox();
};
const showOutbox = () => {
  const box = document.getElementById("auralyst-outbox");
  if (!box) return;
  const items = outbox();
  box.hidden = items.length === 0;
  box.replaceChildren();
  if (!items.length) return;
  const title = document.createElement("p");
  title.className = "hint";
  title.textContent = `${items.length} ${items.length === 1 ? "entry" : "entries"} saved on this device, waiting for a connection:`;
  const list = document.createElement("ul");
  list.className = "auralyst-outbox-list";
  for (const item of items) {
    const li = document.createElement("li");
    li.textContent = `Severity ${item.body.severity}${item.body.note ? ": " + item.body.note : ""}`;
    list.appendChild(li);
  }
  box.append(title, list);
};
let flushing = false;
const flush = async () => {
  if (flushing || !navigator.onLine) return;
  flushing = true;
  let sent = false;
  try {
    let items = outbox();
    while (items.length) {
      const item = items[0];
      let response;
      try {
        response = await hearth.fetch(item.api, { method: "POST", body: item.body });
      } catch (_) {
        break;
      }
      if (response.status >= 500) break;
      items = outbox().filter((queued) => queued.body.id !== item.body.id);
      saveOutbox(items);
      sent = true;
      if (response.ok) status("An entry made offline was sent.");
      else status(`An entry made offline was refused: ${(await errorText(response)).message}`);
    }
    if (sent) refresh();
  } finally {
    flushing = false;
  }
};
window.addEventListener("online", () => { flush(); refresh(); });
showOutbox();
flush();

const savedText = {
  entry: "Entry saved.", intake: "Dose logged.", note: "Note added.", "edit-entry": "Entry saved.",
  "edit-intake": "Dose saved.", share: "Invitation sent.", factor: "Factor added.",
  "rename-factor": "Factor renamed.", "factor-value": "Saved.", "dose-reminders": "Dose reminders saved.",
  refill: "Refill recorded.",
  "start-episode": "Episode started. Take care.", "end-episode": "Episode ended.",
  episode: "Episode saved.", "check-in": "Check-in reminder saved.",
};

// --- Rating sliders: a symptom is "Not rated" until its slider is moved ---------------
const unrate = (input) => {
  input.setAttribute("data-unrated", "");
  input.value = "0";
  input.setAttribute("aria-valuetext", "Not rated");
  const output = document.querySelector(`output[for="${input.id}"]`);
  if (output) output.textContent = "Not rated";
  const clear = document.querySelector(`[data-auralyst-unrate="${input.id}"]`);
  if (clear) clear.hidden = true;
};
const resetRatings = (form) => {
  form.querySelectorAll(".slider input[type=range]").forEach((input) => {
    if (input.closest(".auralyst-rating") && input.defaultValue === "0") unrate(input);
    else if (hearth.showSlider) hearth.showSlider(input);
  });
};
document.querySelectorAll("input[data-unrated]").forEach(unrate);

const newId = () => (window.crypto && crypto.randomUUID)
  ? crypto.randomUUID()
  : `e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.matches) return;
  if (form.matches("[data-auralyst-import]")) { event.preventDefault(); importFile(form); return; }
  if (!form.matches("[data-auralyst-form]")) return;
  event.preventDefault();
  const api = form.getAttribute("data-api");
  const method = form.getAttribute("data-method") || "POST";
  const body = serialize(form);
  const offline = form.getAttribute("data-offline") === "entry";
  if (offline) {
    body.id = newId();
    if (!body.timestamp) body.timestamp = new Date().toISOString();
  }
  const submit = form.querySelector('[type="submit"]');
  if (submit) submit.disabled = true;
  try {
    let response;
    try {
      if (offline && !navigator.onLine) throw new TypeError("offline");
      response = await hearth.fetch(api, { method, body });
    } catch (error) {
      if (!offline) { showError(form, { message: "No connection. Try again when you are back online." }); return; }
      saveOutbox(outbox().concat([{ api, body }]));
      form.reset();
      resetRatings(form);
      status("Saved on this device. It will be sent when you are back online.");
      return;
    }
    if (!response.ok) { showError(form, await errorText(response)); return; }
    showError(form, null);
    const json = await response.json().catch(() => ({}));
    const then = form.getAttribute("data-then");
    if (form.getAttribute("data-auralyst-form") === "create-journal" && json.journal) {
      window.location.href = `/auralyst/journals/${json.journal.id}`;
    } else if (then) {
      window.location.href = then;
    } else {
      // An editor keeps what was saved; a form for a new record empties for the next one.
      if (!form.hasAttribute("data-keep")) { form.reset(); resetRatings(form); }
      const details = form.closest("details");
      if (details) details.open = false;
      if (document.activeElement && form.contains(document.activeElement)) document.activeElement.blur();
      status(savedText[form.getAttribute("data-auralyst-form")] || "Saved.");
      refresh();
    }
  } finally {
    if (submit) submit.disabled = false;
  }
});

// --- Buttons and controls ----------------------------------------------------------
document.addEventListener("click", async (event) => {
  const target = event.target.closest && event.target.closest("button, [data-auralyst-print]");
  if (!target) return;
  if (target.hasAttribute("data-auralyst-print")) { window.print(); return; }
  if (target.hasAttribute("data-auralyst-unrate")) {
    const input = document.getElementById(target.getAttribute("data-auralyst-unrate"));
    if (input) { unrate(input); input.focus(); }
    return;
  }
  if (target.hasAttribute("data-auralyst-add-row")) { addDose(target); return; }
  if (target.hasAttribute("data-auralyst-remove-row")) { removeDose(target); return; }
  const remove = target.getAttribute("data-auralyst-delete");
  const post = target.getAttribute("data-auralyst-post");
  if (!remove && !post) return;
  const question = target.getAttribute("data-confirm");
  if (question && !(await hearth.ask(question))) return;
  target.disabled = true;
  let response;
  try {
    response = await hearth.fetch(remove || post, { method: remove ? "DELETE" : "POST" });
  } catch (_) {
    status("No connection. Try again when you are back online.");
    return;
  } finally {
    target.disabled = false;
  }
  if (!response.ok) { status((await errorText(response)).message, { error: true }); return; }
  const then = target.getAttribute("data-then");
  if (then) window.location.href = then;
  else { status(remove ? "Deleted." : "Done."); refresh(); }
});

document.addEventListener("change", (event) => {
  changed(event.target).catch(() => {
    if (event.target.matches("[data-auralyst-dose]")) {
      event.target.checked = !event.target.checked;
      event.target.disabled = false;
    }
    status("No connection. Try again when you are back online.");
  });
});
const changed = async (target) => {
  if (target.matches("[data-auto-submit]")) { target.form.submit(); return; }
  if (target.matches("[data-auralyst-paper]")) {
    // The report prints on the chosen paper at once; the address keeps it for a reload.
    const report = document.querySelector(".auralyst-report");
    if (report) report.dataset.paper = target.value;
    const url = new URL(window.location.href);
    url.searchParams.set("paper", target.value);
    history.replaceState(null, "", url);
    return;
  }
  if (target.matches("[data-auralyst-permission]")) {
    const response = await hearth.fetch(target.getAttribute("data-auralyst-permission"), {
      method: "PATCH", body: { permission: target.value },
    });
    if (response.ok) status("Permission changed.");
    else status((await errorText(response)).message, { error: true });
    return;
  }
  if (target.matches("[data-auralyst-dose]")) {
    const intake = target.getAttribute("data-intake");
    target.disabled = true;
    let response;
    if (target.checked) {
      const body = {
        medicationId: target.getAttribute("data-medication"), origin: "scheduled",
        scheduledDate: target.getAttribute("data-day"),
        // Taken now, or at the dose's time when it is checked off afterwards.
        timestamp: new Date(Math.min(Date.parse(target.getAttribute("data-at")), Date.now())).toISOString(),
      };
      if (target.getAttribute("data-schedule")) body.scheduleId = target.getAttribute("data-schedule");
      response = await hearth.fetch(`/api/auralyst/journals/${journalId}/intakes`, { method: "POST", body });
      if (response.ok) target.setAttribute("data-intake", (await response.json()).intake.id);
    } else if (intake) {
      response = await hearth.fetch(`/api/auralyst/journals/${journalId}/intakes/${intake}`, { method: "DELETE" });
      if (response.ok) target.removeAttribute("data-intake");
    }
    target.disabled = false;
    if (response && !response.ok) {
      target.checked = !target.checked;
      status((await errorText(response)).message, { error: true });
    } else {
      status(target.checked ? "Dose logged." : "Dose removed.");
    }
  }
};
// A slider still at "Not rated" counts as rated once touched, even if left at 0, where
// moving it fires no input event.
const rate = (event) => {
  if (event.type === "keydown" && !/^(Arrow|Home|End|Page)/.test(event.key)) return;
  const input = event.target;
  if (input.matches && input.matches("input[data-unrated]")) {
    input.removeAttribute("data-unrated");
    const clear = document.querySelector(`[data-auralyst-unrate="${input.id}"]`);
    if (clear) clear.hidden = false;
    if (hearth.showSlider) hearth.showSlider(input);
  }
};
for (const type of ["input", "change", "pointerdown", "keydown"]) document.addEventListener(type, rate);

// --- Import, with upload progress ---------------------------------------------------
const importFile = (form) => {
  const input = form.querySelector('input[type="file"]');
  const file = input && input.files[0];
  if (!file) return;
  const csv = /\.csv$/i.test(file.name) || file.type === "text/csv";
  const progress = form.querySelector("[data-auralyst-progress]");
  const request = new XMLHttpRequest();
  request.open("POST", `${form.getAttribute("data-auralyst-import")}?format=${csv ? "csv" : "json"}`);
  request.setRequestHeader("Content-Type", csv ? "text/csv" : "application/json");
  if (hearth.csrfToken) request.setRequestHeader("X-CSRF-Token", hearth.csrfToken);
  request.upload.onprogress = (e) => {
    if (!progress || !e.lengthComputable) return;
    progress.hidden = false; progress.max = e.total; progress.value = e.loaded;
  };
  request.onload = () => {
    if (progress) progress.hidden = true;
    let json = {};
    try { json = JSON.parse(request.responseText); } catch (_) {}
    if (request.status !== 200) {
      showError(form, { message: (json.error && json.error.message) || fallback(request.status) });
      return;
    }
    showError(form, null);
    const c = json.imported;
    const repairs = (json.repairs || []).length ? ` Fixed on the way in: ${json.repairs.join(" ")}` : "";
    const done = `Import Complete: imported ${plural(c.entries, "entry", "entries")}, `
      + `${plural(c.medications, "medication", "medications")}, ${plural(c.schedules, "dose time", "dose times")}, `
      + `${plural(c.intakes, "logged dose", "logged doses")}, ${plural(c.notes, "note", "notes")}.${repairs}`;
    const result = form.querySelector("[data-auralyst-result]");
    if (result) result.textContent = done;
    status(done);
    form.reset();
    refresh();
  };
  request.onerror = () => showError(form, { message: "The upload failed. Check the connection and try again." });
  request.send(file);
};
