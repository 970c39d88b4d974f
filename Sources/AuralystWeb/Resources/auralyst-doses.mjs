// The medication editor's scheduled doses: each a fieldset of steps (what, when, how often,
// reminders), read into the body's `schedules` and numbered as the server's errors number them
// ("schedules[1].time" is Dose 2's Time).

const rowsOf = (form) => Array.from(form.querySelectorAll("[data-auralyst-rows] [data-auralyst-row]"));

export const scheduleRows = (form) => rowsOf(form).map((row) => {
  const field = (name) => row.querySelector(`[data-field="${name}"]`);
  const value = (name) => (field(name) ? field(name).value.trim() : "");
  const schedule = { time: value("time") };
  const everyFewDays = row.querySelector('[data-field="cadence"][value="every"]');
  if (row.getAttribute("data-id")) schedule.id = row.getAttribute("data-id");
  if (value("label")) schedule.label = value("label");
  if (value("amount")) schedule.amount = Number(value("amount"));
  if (value("unit")) schedule.unit = value("unit");
  if (everyFewDays ? everyFewDays.checked : value("everyDays")) {
    schedule.everyDays = Number(value("everyDays"));
  } else {
    schedule.days = Array.from(row.querySelectorAll("[data-day]:checked"))
      .map((box) => Number(box.getAttribute("data-day")));
  }
  if (value("startDate")) schedule.startDate = value("startDate");
  schedule.isActive = field("isActive") ? field("isActive").checked : true;
  return schedule;
});

// The server's names for a dose's fields, where they are not the form's.
const serverNames = { interval: "everyDays", start: "startDate", days: "day" };

// The control a server's "schedules[i].name" names, and its words ("Dose 2, Time"); null for
// a field of anything else.
export const doseField = (form, name) => {
  const match = name && name.match(/^schedules\[(\d+)\]\.(\w+)$/);
  if (!match) return null;
  const row = rowsOf(form)[Number(match[1])];
  const field = serverNames[match[2]] || match[2];
  const control = row && row.querySelector(field === "day" ? "[data-day]" : `[data-field="${field}"]`);
  const label = field === "day" ? "Days of the week"
    : control && control.labels && control.labels[0] && control.labels[0].textContent.trim();
  const dose = `Dose ${Number(match[1]) + 1}`;
  return { control, words: label ? `${dose}, ${label}` : dose };
};

const numberDoses = (editor) => {
  editor.querySelectorAll("[data-auralyst-rows] [data-auralyst-row-title]").forEach((title, index) => {
    title.textContent = `Dose ${index + 1}`;
  });
};

// A new dose from the template, its ids, labels, hints and radio group its own.
export const addDose = (button) => {
  const editor = button.closest("[data-auralyst-schedules]");
  const template = editor.querySelector("[data-auralyst-row-template]");
  const row = template.content.firstElementChild.cloneNode(true);
  const key = `n${Date.now().toString(36)}`;
  row.querySelectorAll("[id]").forEach((el) => {
    const old = el.id;
    el.id = `${old}-${key}`;
    const label = row.querySelector(`label[for="${old}"]`);
    if (label) label.setAttribute("for", el.id);
    row.querySelectorAll(`[aria-describedby="${old}"]`)
      .forEach((described) => described.setAttribute("aria-describedby", el.id));
  });
  row.querySelectorAll("input[type=radio]").forEach((radio) => { radio.name = `${radio.name}-${key}`; });
  editor.querySelector("[data-auralyst-rows]").appendChild(row);
  numberDoses(editor);
  const first = row.querySelector("input");
  if (first) first.focus();
};

export const removeDose = (button) => {
  const editor = button.closest("[data-auralyst-schedules]");
  button.closest("[data-auralyst-row]").remove();
  numberDoses(editor);
};
