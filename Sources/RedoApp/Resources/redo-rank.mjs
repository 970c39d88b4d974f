// Tasks in lists: drafts, active and overdue ones, their rank and deadline text (RedoTask,
// Ranking, DeadlineText).
import { compareText } from "./redo-json.mjs";
import { currentTodo, deadlineOf } from "./redo-task.mjs";
import { dayMs, daysFromCivil, floorDiv, formatWall, int64Max, parseRFC3339, parseTaskTime, requireTime } from "./redo-time.mjs";

export const isDraft = (task) => !task.todos || task.todos.length === 0;
export const isActive = (task) => !task.archived && currentTodo(task) !== null;
export const isOverdue = (task, now) => {
  const todo = currentTodo(task);
  if (task.archived || !todo) return false;
  const deadline = deadlineOf(todo);
  return deadline !== null && deadline < requireTime(now, "now");
};

// U(t) = 1 + 10 / (1 + e^(0.4·t)), at least 0.1; t in days, negative when overdue.
export const urgency = (days) => Math.max(0.1, 1 + 10 / (1 + Math.exp(0.4 * days)));
const standardRanking = {
  priorityWeight: (priority) => priority,
  complexityWeight: (points) => Math.sqrt(Math.max(points, 1)),
};

// R = W_p · U(t) · W_c. Zero for a task with no open todo or an archived one.
const rankAt = (task, now, ranking) => {
  const todo = currentTodo(task);
  if (task.archived || !todo) return 0;
  const deadline = deadlineOf(todo);
  if (deadline === null) return 0;
  const days = Number(deadline - now) / 86400000;
  return ranking.priorityWeight(task.priority) * urgency(days) * ranking.complexityWeight(task.storyPoints);
};
export const rank = (task, now, ranking = standardRanking) => rankAt(task, requireTime(now, "now"), ranking);

// Highest rank first; ties by earlier deadline, then title, then id, so the order is stable.
export const ranked = (tasks, now, ranking) => {
  ranking = ranking || standardRanking;
  const clock = requireTime(now, "now");
  const list = Array.from(tasks);
  const ranks = list.map((task) => rankAt(task, clock, ranking));
  const deadlines = list.map((task) => {
    const todo = currentTodo(task);
    return (todo && deadlineOf(todo)) ?? int64Max;
  });
  const order = list.map((_, i) => i).sort((a, b) => {
    if (ranks[a] !== ranks[b]) return ranks[a] > ranks[b] ? -1 : 1;
    if (deadlines[a] !== deadlines[b]) return deadlines[a] < deadlines[b] ? -1 : 1;
    const titles = compareText(list[a].title, list[b].title);
    if (titles !== 0) return titles;
    return list[a].id < list[b].id ? -1 : list[a].id > list[b].id ? 1 : 0;
  });
  return order.map((i) => list[i]);
};

// Seconds east of UTC at an instant: in `timeZone` (IANA) or, without one, this device's zone.
const zoneFormats = new Map();
const zoneOffset = (milliseconds, timeZone) => {
  const instant = Number(milliseconds < -8640000000000000n ? -8640000000000000n
    : milliseconds > 8640000000000000n ? 8640000000000000n : milliseconds);
  if (!timeZone) return -new Date(instant).getTimezoneOffset() * 60;
  if (!zoneFormats.has(timeZone)) {
    zoneFormats.set(timeZone, new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", era: "short", year: "numeric", month: "numeric", day: "numeric",
      hour: "numeric", minute: "numeric", second: "numeric",
    }));
  }
  const parts = {};
  for (const part of zoneFormats.get(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const year = parts.era === "BC" || parts.era === "B" ? 1 - Number(parts.year) : Number(parts.year);
  const local = new Date(0);
  local.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  local.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return Math.round((local.getTime() - Math.floor(instant / 1000) * 1000) / 1000);
};

// Days since 1970-01-01 on the zone's wall clock.
export const localDay = (milliseconds, timeZone) => {
  const [seconds] = floorDiv(milliseconds, 1000n);
  return floorDiv(seconds + BigInt(zoneOffset(milliseconds, timeZone)), 86400n)[0];
};

// "Due today", "Due in 3 days", "2 days overdue": counted in calendar days of the zone.
export const describeDeadline = (deadline, now, options = {}) => {
  const due = typeof deadline === "bigint" ? deadline : parseTaskTime(deadline) ?? requireTime(deadline, "the deadline");
  const clock = requireTime(now, "now");
  const days = Number(localDay(due, options.timeZone) - localDay(clock, options.timeZone));
  if (days < 0) return -days + " " + (-days === 1 ? "day" : "days") + " overdue";
  if (days === 0) return due < clock ? "Overdue today" : "Due today";
  if (days === 1) return "Due tomorrow";
  if (days < 7) return "Due in " + days + " days";
  const weeks = Math.trunc(days / 7);
  return "Due in " + weeks + " " + (weeks === 1 ? "week" : "weeks");
};

// A task's status in a few words, as the web pages show it.
export const deadlineText = (task, now, options = {}) => {
  if (task.archived) return "Archived";
  const todo = currentTodo(task);
  if (!todo) return isDraft(task) ? "Draft" : "Done";
  return describeDeadline(todo.deadline, now, options);
};

// The first instant of local day `day` (days since 1970-01-01 on the zone's clock).
const startOfLocalDay = (day, timeZone) => {
  const midnight = day * dayMs;
  const candidates = [];
  let guess = midnight;
  for (let i = 0; i < 3; i++) {
    guess = midnight - BigInt(zoneOffset(guess, timeZone)) * 1000n;
    if (localDay(guess, timeZone) === day) candidates.push(guess);
  }
  return candidates.length ? candidates.reduce((a, b) => a < b ? a : b) : guess;
};
export const swiftInt = (textPart) => /^[+-]?[0-9]+$/.test(textPart) ? Number(textPart) : null;

// Dates people type: today, tomorrow, +3d, 2w, 2026-12-01 (the end of that day in the zone),
// or RFC 3339. Returns the node form, or null.
export const dueDate = (input, now, options = {}) => {
  const zone = options.timeZone;
  const clock = requireTime(now, "now");
  const lowered = input.toLowerCase().replace(/^[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+|[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+$/g, "");
  const today = localDay(clock, zone);
  const endOf = (day) => formatWall(startOfLocalDay(day + 1n, zone) - 1n);
  if (lowered === "today") return endOf(today);
  if (lowered === "tomorrow") return endOf(today + 1n);
  let digits = lowered.startsWith("+") ? lowered.slice(1) : lowered;
  const unit = /[dw]$/.test(digits) ? digits[digits.length - 1] : null;
  if (unit) digits = digits.slice(0, -1);
  const count = swiftInt(digits);
  if (count !== null && count >= 0 && count <= 36500 && (unit !== null || lowered.startsWith("+"))) {
    return endOf(today + BigInt(unit === "w" ? count * 7 : count));
  }
  const parts = lowered.split("-").filter((part) => part !== "").map(swiftInt);
  if (lowered.length === 10 && parts.length === 3 && !parts.includes(null) && parts[1] >= 1 && parts[1] <= 12
    && parts[2] >= 1 && parts[2] <= 31) {
    return endOf(daysFromCivil(parts[0], parts[1], 1) + BigInt(parts[2] - 1));
  }
  const instant = parseRFC3339(input);
  return instant === null ? null : formatWall(instant);
};
