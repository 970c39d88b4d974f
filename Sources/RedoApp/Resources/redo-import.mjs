// Tasks from another task manager's export, read into what Redo adds: Todoist's CSV export
// (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, …, DATE) and Taskwarrior's `task export` JSON.
// Pure: `today` is the person's local "YYYY-MM-DD", used to read dates like "tomorrow".
import { parseQuickAdd } from "./redo-quickadd.mjs";

// RFC 4180: fields split on commas, quoted fields may hold commas, newlines and "" quotes.
export const parseCSV = (text) => {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') { field += '"'; index++; }
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") { row.push(field); field = ""; }
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      if (row.some((cell) => cell !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  row.push(field);
  if (row.some((cell) => cell !== "")) rows.push(row);
  return rows;
};

// Todoist's p1 is the most urgent, as Redo's is: p1..p4 are Redo's 5..2.
const todoistPriority = { 1: 5, 2: 4, 3: 3, 4: 2 };

const readTodoist = (text, today) => {
  const [header, ...rows] = parseCSV(text.replace(/^\uFEFF/, ""));
  const column = (name) => header.indexOf(name);
  const [type, content, description, priority, date] = ["TYPE", "CONTENT", "DESCRIPTION", "PRIORITY", "DATE"].map(column);
  const tasks = [];
  const skipped = [];
  for (const cells of rows) {
    const kind = cells[type];
    if (kind === "note" && tasks.length) {
      const last = tasks[tasks.length - 1].fields;
      last.description = (last.description ? last.description + "\n\n" : "") + cells[content];
    } else if (kind === "task") {
      const title = (cells[content] || "").replace(/\s@[\w-]+/g, "").trim();
      if (!title) { skipped.push("a task with no name"); continue; }
      const fields = { title };
      if (cells[description]) fields.description = cells[description];
      const level = todoistPriority[cells[priority]];
      if (level !== undefined) fields.priority = level;
      const task = { fields };
      const when = (cells[date] || "").trim();
      if (when) {
        const read = parseQuickAdd(when, today);
        if (read.frequencyDays !== null) fields.frequencyDays = read.frequencyDays;
        if (read.due !== null) task.due = read.due;
        else if (/^\d{4}-\d{2}-\d{2}/.test(when)) task.due = when.slice(0, 10);
        if (read.time) task.time = read.time;
        if (task.due === undefined && read.frequencyDays === null) skipped.push(`the date “${when}” of “${title}” (it gets the usual first deadline)`);
      }
      tasks.push(task);
    }
  }
  return { source: "Todoist", tasks, skipped };
};

// "20261210T170000Z", Taskwarrior's export form of an instant.
const taskwarriorTime = (text) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text || "");
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.000Z` : null;
};
const recurDays = (recur) => {
  const match = /^(\d*)\s*(d|day|days|daily|w|wk|wks|week|weeks|weekly|m|mo|mos|month|months|monthly|biweekly|fortnight|q|quarterly|y|yr|year|years|yearly|annual)$/i.exec(String(recur || "").trim());
  if (!match) return null;
  const count = match[1] ? Number(match[1]) : 1;
  const unit = match[2].toLowerCase();
  const days = /^(d|day|days|daily)$/.test(unit) ? 1 : /^(w|wk|wks|week|weeks|weekly)$/.test(unit) ? 7
    : /^(biweekly|fortnight)$/.test(unit) ? 14 : /^(q|quarterly)$/.test(unit) ? 91
    : /^(y|yr|year|years|yearly|annual)$/.test(unit) ? 365 : 30;
  return count * days;
};
const taskwarriorPriority = { H: 5, M: 3, L: 2 };

const readTaskwarrior = (entries) => {
  const tasks = [];
  const left = { completed: 0, deleted: 0, recurring: 0 };
  for (const entry of entries) {
    if (!entry || typeof entry.description !== "string") continue;
    // A recurring task's template: its pending instance carries the repeat.
    if (entry.status in left) { left[entry.status]++; continue; }
    const fields = { title: entry.description.trim() };
    const notes = [];
    if (entry.project) notes.push("Project: " + entry.project);
    if (Array.isArray(entry.tags) && entry.tags.length) notes.push("Tags: " + entry.tags.join(", "));
    for (const annotation of entry.annotations || []) notes.push(annotation.description);
    if (notes.length) fields.description = notes.join("\n");
    if (taskwarriorPriority[entry.priority]) fields.priority = taskwarriorPriority[entry.priority];
    const every = recurDays(entry.recur);
    if (every) fields.frequencyDays = every;
    const task = { fields };
    const due = taskwarriorTime(entry.due);
    if (due) task.deadline = due;
    tasks.push(task);
  }
  const skipped = [];
  if (left.completed) skipped.push(left.completed + " completed");
  if (left.deleted) skipped.push(left.deleted + " deleted");
  return { source: "Taskwarrior", tasks, skipped };
};

// The file's tasks, or an error in words when it is neither export.
export const readImport = (text, today) => {
  const trimmed = String(text).trim();
  if (trimmed.startsWith("[")) {
    let entries;
    try { entries = JSON.parse(trimmed); } catch (error) { throw new Error("the file looks like JSON but cannot be read: " + error.message); }
    if (Array.isArray(entries) && entries.every((entry) => entry && typeof entry === "object" && "uuid" in entry)) return readTaskwarrior(entries);
    throw new Error("this JSON is not a Taskwarrior export (task export): its entries have no uuid");
  }
  if (/^\uFEFF?TYPE,CONTENT\b/.test(trimmed)) return readTodoist(trimmed, today);
  throw new Error("this is neither a Todoist CSV export (it starts TYPE,CONTENT,…) nor a Taskwarrior JSON export");
};
