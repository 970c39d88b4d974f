(() => {
  "use strict";
  const core = globalThis.redoCore;

  // Whole days since 1970 on this browser's wall clock.
  const localDay = (wall) => {
    const date = new Date(wall);
    return Math.floor((date.getTime() - date.getTimezoneOffset() * 60000) / 86400000);
  };

  const presets = {
    all: {},
    today: { dueWithin: [0, 0] },
    urgent: { overdueOnly: true, priorities: [4, 5], sort: "dueDate" },
    high: { priorities: [4, 5], sort: "priority" },
    week: { dueWithin: [0, 7], sort: "dueDate" },
  };

  // The list's filter from the page's query, as TaskFilter(query:) reads it on the server.
  const filterOf = (search) => {
    const query = new URLSearchParams(search);
    const filter = {
      showArchived: false, overdueOnly: false, activeOnly: true, priorities: [], search: "",
      dueWithin: null, sort: "rank", ...(presets[query.get("preset")] || {}),
    };
    if (query.has("q")) filter.search = query.get("q").slice(0, 200);
    if (["rank", "priority", "dueDate", "createdDate", "title"].includes(query.get("sort"))) {
      filter.sort = query.get("sort");
    }
    if (query.get("archived") === "1") {
      filter.showArchived = true;
      filter.activeOnly = false;
    }
    if (query.get("overdue") === "1") filter.overdueOnly = true;
    if (query.get("all") === "1") filter.activeOnly = false;
    const chosen = query.getAll("priority").map(Number).filter((p) => p >= 1 && p <= 5);
    if (chosen.length) filter.priorities = chosen;
    return filter;
  };

  const deadlineOf = (task) => {
    const todo = core.currentTodo(task);
    return todo ? Date.parse(todo.deadline) : Infinity;
  };

  const apply = (filter, tasks, now) => {
    const today = localDay(now);
    const needle = filter.search.toLowerCase();
    const kept = tasks.filter((task) => {
      if (filter.showArchived !== task.archived) return false;
      if (filter.activeOnly && !filter.showArchived && !core.isActive(task)) return false;
      if (filter.overdueOnly && !core.isOverdue(task, now)) return false;
      if (filter.priorities.length && !filter.priorities.includes(task.priority)) return false;
      if (needle && !task.title.toLowerCase().includes(needle)
          && !task.description.toLowerCase().includes(needle)) return false;
      if (filter.dueWithin) {
        const todo = core.currentTodo(task);
        if (!todo) return false;
        const offset = localDay(todo.deadline) - today;
        if (offset > filter.dueWithin[1] || (offset < filter.dueWithin[0] && offset >= 0)) return false;
      }
      return true;
    });
    const ranked = core.ranked(kept, now);
    const order = new Map(ranked.map((task, index) => [task.id, index]));
    const byRank = (a, b) => order.get(a.id) - order.get(b.id);
    switch (filter.sort) {
      case "priority": return ranked.slice().sort((a, b) => b.priority - a.priority || byRank(a, b));
      case "dueDate": return ranked.slice().sort((a, b) => deadlineOf(a) - deadlineOf(b) || byRank(a, b));
      case "createdDate": return ranked.slice().sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : byRank(a, b)));
      case "title": return ranked.slice().sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }) || byRank(a, b));
      default: return ranked;
    }
  };

  const element = (name, attributes = {}, ...children) => {
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

  const row = (task, now, canWrite, waiting, selected) => {
    const overdue = core.isOverdue(task, now);
    const every = task.frequencyDays ? " · every " + task.frequencyDays + "d" : "";
    const open = canWrite && core.currentTodo(task) && !task.archived;
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
        element("span", { class: "redo-due" }, core.deadlineText(task, now)),
        " · P" + task.priority + every + " · " + task.storyPoints + " pt"
          + " · rank " + core.rank(task, now).toFixed(1),
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
  const renderList = (section, tasks, { now, readOnly, waiting, selected = new Set() }) => {
    const rows = apply(filterOf(location.search), tasks, now);
    if (!rows.length) {
      const message = tasks.length === 0
        ? "No tasks yet. Add your first one above, or run `redo sync` from the CLI."
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
  const renderCalendar = (section, tasks, { now, month }) => {
    const year = month.getFullYear();
    const index = month.getMonth();
    const byDay = new Map();
    for (const task of tasks) {
      const todo = core.isActive(task) ? core.currentTodo(task) : null;
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
      const due = (byDay.get(day) || []).sort((a, b) => core.rank(b, now) - core.rank(a, now));
      const isToday = today.getFullYear() === year && today.getMonth() === index && today.getDate() === day;
      cells.push(element("td", { class: isToday ? "today" : null, "aria-current": isToday ? "date" : null },
        element("span", { class: "redo-day" }, String(day)),
        due.length ? element("ul", {}, ...due.map((task) => element("li", { class: core.isOverdue(task, now) ? "overdue" : null },
          element("a", { href: "/redo/tasks/" + task.id }, task.title)))) : null));
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

  globalThis.redoView = { filterOf, apply, renderList, renderCalendar, element };
})();
