// Quick add: "Buy milk tomorrow 9am p1 every 3d".
// What a one-line entry says besides its title: a due day (relative to `today`, the person's
// local "YYYY-MM-DD"), a time on that day, a priority (p1, the most urgent, is the protocol's 5)
// and a repeat in days (the protocol repeats by frequencyDays only, so a month is 30 days), with
// the words the preview shows before adding. Pure: no clock.
import { priorityName } from "./redo-view.mjs";

const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const weekdayWords = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const monthWords = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// "sun" and "sat" are words too ("sun cream"), so those two days are only read in full.
const weekdayPattern = "(monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sunday)";
const unitDays = (unit) => /^(w|wk|wks|week|weeks)$/.test(unit) ? 7 : /^(m|mo|month|months)$/.test(unit) ? 30 : 1;
const dayUnits = "(d|day|days|w|wk|wks|week|weeks|mo|month|months)";
const ordinalPattern = "(\\d{1,2})(?:st|nd|rd|th)";
const shiftDay = (day, days) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};
const weekdayOf = (day) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
};
const daysBetween = (from, to) => (Date.parse(to + "T00:00:00Z") - Date.parse(from + "T00:00:00Z")) / 86400000;
// The next day after `today` that is the `wanted`th of its month (a month without it is skipped).
const nextDayOfMonth = (today, wanted) => {
  if (!(wanted >= 1 && wanted <= 31)) return undefined;
  for (let ahead = 1; ahead <= 62; ahead += 1) {
    const day = shiftDay(today, ahead);
    if (Number(day.slice(8)) === wanted) return day;
  }
  return undefined;
};
const ordinal = (n) => n + ((n % 100 >= 11 && n % 100 <= 13) ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th");
const pad = (number) => String(number).padStart(2, "0");
const clock = (hour, minute) =>
  hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 ? pad(hour) + ":" + pad(minute) : undefined;

// Each rule reads one field; a rule with `kinds` reads several at once ("the 1st of every month"
// is a due day and a repeat) and returns an object keyed by kind.
const quickRules = [
  {
    kinds: ["due", "repeat"],
    pattern: new RegExp("(?:^|\\s)(?:on\\s+)?(?:the\\s+)?" + ordinalPattern + "\\s+of\\s+(?:every|each)\\s+month(?=\\s|$)", "i"),
    read: (m, today) => {
      const due = nextDayOfMonth(today, Number(m[1]));
      return due && { due, repeat: 30 };
    },
  },
  {
    kind: "repeat",
    pattern: new RegExp("(?:^|\\s)every\\s+(?:(\\d+)\\s*" + dayUnits + "|(other)\\s+(day|week|month)|(day|week|month|year))(?=\\s|$)", "i"),
    read: (m) => {
      if (m[1]) return Number(m[1]) * unitDays(m[2].toLowerCase());
      if (m[3]) return 2 * unitDays(m[4].toLowerCase());
      return m[5].toLowerCase() === "year" ? 365 : unitDays(m[5].toLowerCase());
    },
  },
  {
    kind: "repeat",
    pattern: /(?:^|\s)(daily|weekly|monthly|yearly)(?=\s|$)/i,
    read: (m) => ({ daily: 1, weekly: 7, monthly: 30, yearly: 365 })[m[1].toLowerCase()],
  },
  {
    // "every monday", "every other friday": the weekday is left for the due rule below.
    kind: "repeat",
    pattern: new RegExp("(?:^|\\s)every(\\s+other)?(?=\\s+" + weekdayPattern + "\\.?(?:\\s|$))", "i"),
    read: (m) => m[1] ? 14 : 7,
  },
  {
    kind: "due",
    pattern: new RegExp("(?:^|\\s)in\\s+(\\d+|a|an|one)\\s*" + dayUnits + "(?=\\s|$)", "i"),
    read: (m, today) => shiftDay(today, (/^\d+$/.test(m[1]) ? Number(m[1]) : 1) * unitDays(m[2].toLowerCase())),
  },
  {
    kind: "due",
    pattern: /(?:^|\s)next\s+week(?=\s|$)/i,
    read: (m, today) => shiftDay(today, ((8 - weekdayOf(today)) % 7) || 7),
  },
  {
    kind: "due",
    pattern: /(?:^|\s)(\d{4})-(\d{2})-(\d{2})(?=\s|$)/,
    read: (m) => {
      const day = m[1] + "-" + m[2] + "-" + m[3];
      return shiftDay(day, 0) === day ? day : undefined;
    },
  },
  {
    kind: "due",
    pattern: /(?:^|\s)(today|tonight|tod|tomorrow|tmrw|tmr)(?=\s|$)/i,
    read: (m, today) => shiftDay(today, /^to(day|night|d)$/i.test(m[1]) ? 0 : 1),
  },
  {
    kind: "due",
    pattern: new RegExp("(?:^|\\s)(?:(?:on|next)\\s+)?" + weekdayPattern + "\\.?(?=\\s|$)", "i"),
    read: (m, today) => {
      const wanted = weekdays.indexOf(m[1].slice(0, 3).toLowerCase());
      return shiftDay(today, ((wanted - weekdayOf(today) + 7) % 7) || 7);
    },
  },
  {
    // "on the 1st": the next 1st of a month. Without the "on" an ordinal stays in the title
    // ("Book the 2nd appointment").
    kind: "due",
    pattern: new RegExp("(?:^|\\s)on\\s+(?:the\\s+)?" + ordinalPattern + "(?:\\s+of\\s+the\\s+month)?(?=\\s|$)", "i"),
    read: (m, today) => nextDayOfMonth(today, Number(m[1])),
  },
  {
    // "9am", "at 9:30 pm", "21:00", "noon": a time on the due day, "HH:MM".
    kind: "time",
    pattern: /(?:^|\s)(?:at\s+)?(?:(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|(\d{1,2}):(\d{2})|(noon|midday))(?=\s|$)/i,
    read: (m) => {
      if (m[6]) return "12:00";
      if (m[4]) return clock(Number(m[4]), Number(m[5]));
      const hour = Number(m[1]);
      if (hour < 1 || hour > 12) return undefined;
      return clock((hour % 12) + (/^p/i.test(m[3]) ? 12 : 0), Number(m[2] || 0));
    },
  },
  {
    kind: "priority",
    pattern: /(?:^|\s)(?:p|!)([1-5])(?=\s|$)/i,
    read: (m) => 6 - Number(m[1]),
  },
];
const fieldOf = { due: "due", time: "time", priority: "priority", repeat: "frequencyDays" };

// A day in words, as RedoPage.dayText draws it on the server: "Tue, Dec 1"; with its year when
// that is not the year of `today` ("Thu, Nov 25, 2027").
export const dayWords = (day, today = day) => {
  const [year, month, date] = day.split("-").map(Number);
  return weekdayWords[weekdayOf(day)] + ", " + monthWords[month - 1] + " " + date
    + (today.slice(0, 4) === day.slice(0, 4) ? "" : ", " + year);
};

// "tomorrow (Thu, Nov 26)", or the day alone when it is further off.
export const describeDay = (day, today) => {
  const ahead = daysBetween(today, day);
  if (ahead === 0) return "today (" + dayWords(day, today) + ")";
  if (ahead === 1) return "tomorrow (" + dayWords(day, today) + ")";
  return dayWords(day, today);
};

// What a task gets when no day is typed: as the planner's default deadline (redo-plan.mjs
// planFor), one repeat from today, or tomorrow when it does not repeat.
export const defaultDue = (today, frequencyDays) =>
  shiftDay(today, Number.isInteger(frequencyDays) && frequencyDays >= 1 ? frequencyDays : 1);

// A repeat as the protocol holds it, a count of days from the first deadline: "every 30 days
// from Tue, Dec 1". `today` only decides whether the day needs its year.
export const describeRepeat = (frequencyDays, firstDay, today = firstDay) => {
  const every = frequencyDays === 1 ? "every day"
    : frequencyDays === 7 ? "every week"
    : frequencyDays % 7 === 0 ? "every " + frequencyDays / 7 + " weeks"
    : "every " + frequencyDays + " days";
  return every + " from " + dayWords(firstDay, today);
};

// What the protocol cannot hold exactly, said before adding.
const notesOf = (understood, found) => {
  const repeat = understood.find((item) => item.kind === "repeat");
  if (!repeat) return [];
  const unit = /month/i.test(repeat.text) ? "month" : /year/i.test(repeat.text) ? "year" : null;
  if (!unit || !(found.frequencyDays === 30 || found.frequencyDays === 365)) return [];
  const day = understood.find((item) => item.kind === "due" && /\d(st|nd|rd|th)\b/i.test(item.text));
  const drift = unit === "month" && day ? ", so later deadlines drift from the " + ordinal(Number(found.due.slice(8))) : "";
  return [
    "Redo repeats by a count of days: a " + unit + " is " + found.frequencyDays
      + " days, counted from each completion" + drift + ".",
  ];
};

// `options.now`, the person's local time "HH:MM", places a time typed without a day: today if it
// is still to come, else tomorrow.
export const parseQuickAdd = (text, today, options = {}) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(today))) throw new TypeError("today must be a YYYY-MM-DD day");
  let rest = " " + String(text) + " ";
  const found = { due: null, time: null, priority: null, frequencyDays: null };
  const understood = [];
  for (const rule of quickRules) {
    const kinds = rule.kinds || [rule.kind];
    if (kinds.some((kind) => found[fieldOf[kind]] !== null)) continue;
    const match = rule.pattern.exec(rest);
    if (!match) continue;
    const read = rule.read(match, today);
    const values = rule.kinds ? read : { [rule.kind]: read };
    const valid = (value) => value !== undefined && (typeof value !== "number" || (value >= 1 && value <= 3650));
    if (!values || !kinds.every((kind) => valid(values[kind]))) continue;
    for (const kind of kinds) {
      found[fieldOf[kind]] = values[kind];
      understood.push({ kind, text: match[0].trim(), value: values[kind] });
    }
    rest = rest.slice(0, match.index) + " " + rest.slice(match.index + match[0].length);
  }
  if (found.time !== null && found.due === null) {
    const passed = typeof options.now === "string" && options.now >= found.time;
    found.due = shiftDay(today, passed ? 1 : 0);
  }
  const firstDay = found.due ?? defaultDue(today, found.frequencyDays);
  const summary = [
    "Due " + describeDay(firstDay, today) + (found.time ? " at " + found.time : "")
      + (found.due === null ? " — type a date to change it" : ""),
  ];
  if (found.priority !== null) summary.push(priorityName(found.priority));
  if (found.frequencyDays !== null) summary.push("Repeats " + describeRepeat(found.frequencyDays, firstDay, today));
  return {
    title: rest.replace(/\s+/g, " ").trim(), ...found, understood, summary, notes: notesOf(understood, found),
  };
};
