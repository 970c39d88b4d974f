// Quick add: "Buy milk tomorrow p1 every 3d".
// What a one-line entry says besides its title: a due day (relative to `today`, the person's
// local "YYYY-MM-DD"), a priority (p1, the most urgent, is the protocol's 5) and a repeat in
// days (the protocol repeats by frequencyDays only, so a month is 30 days). Pure: no clock.
const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
// "sun" and "sat" are words too ("sun cream"), so those two days are only read in full.
const weekdayPattern = "(monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sunday)";
const unitDays = (unit) => /^(w|wk|wks|week|weeks)$/.test(unit) ? 7 : /^(m|mo|month|months)$/.test(unit) ? 30 : 1;
const dayUnits = "(d|day|days|w|wk|wks|week|weeks|mo|month|months)";
const shiftDay = (day, days) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};
const weekdayOf = (day) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
};
const quickRules = [
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
    // "every monday": weekly, and the weekday is left for the due rule below.
    kind: "repeat",
    pattern: new RegExp("(?:^|\\s)every(?=\\s+" + weekdayPattern + "\\.?(?:\\s|$))", "i"),
    read: () => 7,
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
    kind: "priority",
    pattern: /(?:^|\s)(?:p|!)([1-5])(?=\s|$)/i,
    read: (m) => 6 - Number(m[1]),
  },
];

export const parseQuickAdd = (text, today) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(today))) throw new TypeError("today must be a YYYY-MM-DD day");
  let rest = " " + String(text) + " ";
  const found = { due: null, priority: null, frequencyDays: null };
  const understood = [];
  const field = { due: "due", priority: "priority", repeat: "frequencyDays" };
  for (const rule of quickRules) {
    if (found[field[rule.kind]] !== null) continue;
    const match = rule.pattern.exec(rest);
    if (!match) continue;
    const value = rule.read(match, today);
    if (value === undefined || (typeof value === "number" && !(value >= 1 && value <= 3650))) continue;
    found[field[rule.kind]] = value;
    understood.push({ kind: rule.kind, text: match[0].trim(), value });
    rest = rest.slice(0, match.index) + " " + rest.slice(match.index + match[0].length);
  }
  return { title: rest.replace(/\s+/g, " ").trim(), ...found, understood };
};
