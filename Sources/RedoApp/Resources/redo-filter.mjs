// Lists (TaskFilter): which tasks a view shows and in what order, and the filter a query names.
import { isActive, isOverdue, localDay, ranked, swiftInt } from "./redo-rank.mjs";
import { currentTodo, deadlineOf } from "./redo-task.mjs";
import { int64Max, parseTaskTime, requireTime } from "./redo-time.mjs";

// `includeArchived` shows archived tasks and the others alike (the CLI's `--all`).
const defaultFilter = () => ({
  showArchived: false, includeArchived: false, overdueOnly: false, activeOnly: true, priorities: [], search: "",
  dueWithinDays: null, sort: "rank",
});
const sorts = ["rank", "priority", "dueDate", "createdDate", "title"];
export const sortLabels = Object.freeze({
  rank: "Most urgent first", priority: "Priority", dueDate: "Due date", createdDate: "Created date", title: "Title",
});
export const presets = Object.freeze([
  { slug: "all", name: "All Tasks", filter: defaultFilter() },
  { slug: "today", name: "Today", filter: { ...defaultFilter(), dueWithinDays: [0, 0] } },
  { slug: "urgent", name: "Urgent", filter: { ...defaultFilter(), overdueOnly: true, priorities: [4, 5], sort: "dueDate" } },
  { slug: "high", name: "High Priority", filter: { ...defaultFilter(), priorities: [4, 5], sort: "priority" } },
  { slug: "week", name: "This Week", filter: { ...defaultFilter(), dueWithinDays: [0, 7], sort: "dueDate" } },
].map((preset) => Object.freeze(preset)));

// Reads `preset`, `q`, `sort`, `archived`, `overdue`, `all` and `priority` (repeatable), from
// a query string, URLSearchParams or [name, value] pairs.
export const filterFromQuery = (query) => {
  const pairs = typeof query === "string" || query instanceof URLSearchParams
    ? Array.from(new URLSearchParams(query)) : Array.from(query || []);
  const values = new Map();
  for (const [name, value] of pairs) if (!values.has(name)) values.set(name, value);
  const preset = presets.find((one) => one.slug === values.get("preset"));
  const filter = preset ? { ...preset.filter, priorities: preset.filter.priorities.slice() } : defaultFilter();
  if (values.has("q")) filter.search = Array.from(values.get("q")).slice(0, 200).join("");
  if (sorts.includes(values.get("sort"))) filter.sort = values.get("sort");
  if (values.get("archived") === "1") {
    filter.showArchived = true;
    filter.activeOnly = false;
  }
  if (values.get("overdue") === "1") filter.overdueOnly = true;
  if (values.get("all") === "1") filter.activeOnly = false;
  const chosen = pairs.filter(([name]) => name === "priority").map(([, value]) => swiftInt(value))
    .filter((value) => value !== null && value >= 1 && value <= 5);
  if (chosen.length > 0) filter.priorities = [...new Set(chosen)];
  return filter;
};

const lowered = (value) => value.toLowerCase().normalize("NFC");

// Which tasks a list shows and in what order, the days counted in `options.timeZone`.
export const filterTasks = (filter, tasks, now, options = {}) => {
  const clock = requireTime(now, "now");
  const settings = { ...defaultFilter(), ...filter };
  const today = localDay(clock, options.timeZone);
  const needle = lowered(settings.search);
  const kept = Array.from(tasks).filter((task) => {
    if (!settings.includeArchived && settings.showArchived !== task.archived) return false;
    if (settings.activeOnly && !settings.showArchived && !isActive(task)) return false;
    if (settings.overdueOnly && !isOverdue(task, clock)) return false;
    if (settings.priorities.length > 0 && !settings.priorities.includes(task.priority)) return false;
    if (needle !== "" && !lowered(task.title).includes(needle) && !lowered(task.description || "").includes(needle)) {
      return false;
    }
    if (settings.dueWithinDays) {
      const todo = currentTodo(task);
      const deadline = todo && deadlineOf(todo);
      if (deadline === null || deadline === undefined) return false;
      const offset = Number(localDay(deadline, options.timeZone) - today);
      const [lower, upper] = settings.dueWithinDays;
      // Overdue work is due "today or earlier" for these views.
      if (offset > upper || (offset < lower && offset >= 0)) return false;
    }
    return true;
  });
  const list = ranked(kept, clock, options.ranking);
  const deadline = (task) => {
    const todo = currentTodo(task);
    return (todo && deadlineOf(todo)) ?? int64Max;
  };
  switch (settings.sort) {
    case "priority": return list.slice().sort((a, b) => b.priority - a.priority);
    case "dueDate": return list.slice().sort((a, b) => deadline(a) < deadline(b) ? -1 : deadline(a) > deadline(b) ? 1 : 0);
    case "createdDate": {
      const created = (task) => parseTaskTime(task.created);
      return list.slice().sort((a, b) => created(a) > created(b) ? -1 : created(a) < created(b) ? 1 : 0);
    }
    case "title": return list.slice().sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "accent" }));
    default: return list;
  }
};
