import { filterFromQuery, filterTasks } from "./redo-filter.mjs";
import { deadlineText, isActive, isOverdue, rank } from "./redo-rank.mjs";
import { currentTodo } from "./redo-task.mjs";

export const element = (name, attributes = {}, ...children) => {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
};

const actionButton = (intent, text, label, task, extra = {}) => element("button", {
  type: "button", class: "button small secondary", "aria-label": label,
  dataset: { redoAction: intent, taskId: task.id, ...extra },
}, text);

// As RedoPage.priorityName and RedoPage.repeatText word them on the server. One scale, p1 the
// most urgent: P1 is the protocol's priority 5, P5 its 1.
export const priorityName = (priority) => {
  const level = 6 - Math.min(Math.max(priority, 1), 5);
  return "P" + level + " · " + ["Urgent", "High", "Medium", "Low", "Someday"][level - 1];
};
export const repeatText = (days) => ({ 1: "Daily", 7: "Weekly", 14: "Every two weeks", 30: "Monthly" })[days]
  || "Every " + days + " days";

const row = (task, now, canWrite, waiting, selected) => {
  const overdue = isOverdue(task, now);
  const every = task.frequencyDays ? " · " + repeatText(task.frequencyDays).toLowerCase() : "";
  const open = canWrite && currentTodo(task) && !task.archived;
  return element("li", {
    class: "redo-task priority-" + task.priority + (overdue ? " overdue" : "") + (task.archived ? " archived" : ""),
    dataset: { taskId: task.id },
  },
  canWrite ? element("input", {
    type: "checkbox", class: "redo-select", "aria-label": "Select " + task.title,
    checked: selected.has(task.id), dataset: { taskId: task.id },
  }) : null,
  element("div", { class: "redo-task-main" },
    element("a", { href: "/redo/tasks/" + task.id, class: "redo-task-title" }, task.title),
    element("p", { class: "redo-task-meta" },
      element("span", { class: "redo-due" }, deadlineText(task, now)),
      " · " + priorityName(task.priority) + " priority" + every
        + (task.storyPoints > 1 ? " · " + task.storyPoints + " points" : ""),
      waiting ? element("span", { class: "redo-unsynced", title: "Saved on this device, not yet on the server" }, " · not synced yet") : null)),
  open ? element("div", { class: "redo-task-actions" },
    actionButton("complete", "Done", "Complete " + task.title, task),
    actionButton("snooze", "+1d", "Snooze " + task.title + " one day", task, { days: "1" })) : null);
};

// Several tasks at once: shown while some are selected.
const batchBar = (count) => element("div", { class: "redo-batch", role: "toolbar", "aria-label": "Selected tasks", hidden: count === 0 },
  element("span", { class: "redo-batch-count" }, count + " selected"),
  ...[["complete", "Complete"], ["archive", "Archive"], ["delete", "Delete"]].map(([intent, text]) =>
    element("button", { type: "button", class: "button small " + (intent === "delete" ? "danger" : "secondary"), dataset: { redoBatch: intent } }, text)),
  element("button", { type: "button", class: "button small link", dataset: { redoBatch: "clear" } }, "Clear"));

// Redraws #redo-list from the replayed tasks, as the server draws it.
export const renderList = (section, tasks, { now, readOnly, waiting, selected = new Set() }) => {
  // The list page's query read as TaskFilter(query:) reads it on the server.
  const rows = filterTasks(filterFromQuery(location.search), tasks, now);
  if (!rows.length) {
    const message = tasks.length === 0
      ? "No tasks yet. Add your first one above; tasks from your other devices appear here once they sync."
      : "No task matches this view. Try All Tasks.";
    section.replaceChildren(element("p", { class: "empty" }, message));
    section.removeAttribute("aria-label");
    return;
  }
  section.setAttribute("aria-label", "Tasks");
  const shown = new Set(rows.map((task) => task.id));
  for (const id of Array.from(selected)) if (!shown.has(id)) selected.delete(id);
  section.replaceChildren(
    element("p", { class: "redo-count" }, rows.length + " of " + tasks.length + " tasks"),
    batchBar(selected.size),
    element("ol", { class: "redo-tasks" },
      ...rows.map((task) => row(task, now, !readOnly.has(task.id), waiting.has(task.id), selected))));
};

// A month of due dates, Monday first: each live task on the local day its todo is due.
export const renderCalendar = (section, tasks, { now, month }) => {
  const year = month.getFullYear();
  const index = month.getMonth();
  const byDay = new Map();
  for (const task of tasks) {
    const todo = isActive(task) ? currentTodo(task) : null;
    if (!todo) continue;
    const due = new Date(todo.deadline);
    if (due.getFullYear() !== year || due.getMonth() !== index) continue;
    if (!byDay.has(due.getDate())) byDay.set(due.getDate(), []);
    byDay.get(due.getDate()).push(task);
  }
  const title = month.toLocaleDateString(undefined, { month: "long", year: "numeric" });
  const today = new Date(now);
  const lead = (new Date(year, index, 1).getDay() + 6) % 7;
  const length = new Date(year, index + 1, 0).getDate();
  const cells = [];
  for (let i = 0; i < lead; i++) cells.push(element("td", { class: "outside" }));
  for (let day = 1; day <= length; day++) {
    const due = (byDay.get(day) || []).sort((a, b) => rank(b, now) - rank(a, now));
    const isToday = today.getFullYear() === year && today.getMonth() === index && today.getDate() === day;
    cells.push(element("td", { class: isToday ? "today" : null, "aria-current": isToday ? "date" : null },
      element("span", { class: "redo-day" }, String(day)),
      due.length ? element("ul", {}, ...due.map((task) => element("li", { class: isOverdue(task, now) ? "overdue" : null },
        element("a", { href: "/redo/tasks/" + task.id, title: task.title }, task.title)))) : null));
  }
  while (cells.length % 7) cells.push(element("td", { class: "outside" }));
  const weeks = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(element("tr", {}, ...cells.slice(start, start + 7)));
  const names = [1, 2, 3, 4, 5, 6, 7].map((d) => new Date(2024, 0, d).toLocaleDateString(undefined, { weekday: "short" }));
  const count = Array.from(byDay.values()).reduce((sum, list) => sum + list.length, 0);
  section.replaceChildren(
    element("div", { class: "redo-calendar-nav" },
      element("button", { type: "button", class: "button small secondary", dataset: { redoMonth: "-1" } }, "← Previous"),
      element("button", { type: "button", class: "button small secondary", dataset: { redoMonth: "0" } }, "This month"),
      element("button", { type: "button", class: "button small secondary", dataset: { redoMonth: "1" } }, "Next →")),
    element("table", { class: "redo-month" },
      element("caption", {}, title + " · " + (count ? count + " due" : "nothing due")),
      element("thead", {}, element("tr", {}, ...names.map((name) => element("th", { scope: "col" }, name)))),
      element("tbody", {}, ...weeks)));
};

