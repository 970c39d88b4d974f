// The quick add's reading of one line ("Buy milk tomorrow p1 every 3d"), with today passed in,
// and the words its preview shows before adding.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  dayWords, defaultDue, describeRepeat, parseQuickAdd,
} from "../../Sources/RedoApp/Resources/redo-quickadd.mjs";
import { priorityName } from "../../Sources/RedoApp/Resources/redo-view.mjs";

// A Wednesday.
const today = "2026-11-25";
const read = (text) => {
  const { title, due, priority, frequencyDays } = parseQuickAdd(text, today);
  return { title, due, priority, frequencyDays };
};
const only = (fields) => ({ title: "Task", due: null, priority: null, frequencyDays: null, ...fields });

test("the issue's example: a day, a priority and a repeat", () => {
  const parsed = parseQuickAdd("Buy milk tomorrow p1 every 3d", today);
  assert.deepEqual(read("Buy milk tomorrow p1 every 3d"),
    { title: "Buy milk", due: "2026-11-26", priority: 5, frequencyDays: 3 });
  assert.deepEqual(parsed.understood.map((u) => [u.kind, u.text]).sort(),
    [["due", "tomorrow"], ["priority", "p1"], ["repeat", "every 3d"]]);
});

test("a plain title is only a title", () => {
  assert.deepEqual(read("  Call   the plumber "), only({ title: "Call the plumber" }));
  assert.deepEqual(parseQuickAdd("Call the plumber", today).understood, []);
});

test("day words: today, tomorrow, weekdays, next week, in N days, ISO dates", () => {
  assert.equal(read("Task today").due, "2026-11-25");
  assert.equal(read("Task tomorrow").due, "2026-11-26");
  assert.equal(read("Task tmr").due, "2026-11-26");
  assert.equal(read("Task fri").due, "2026-11-27");
  assert.equal(read("Task Friday").due, "2026-11-27");
  assert.equal(read("Task on monday").due, "2026-11-30");
  assert.equal(read("Task sunday").due, "2026-11-29");
  // The same weekday as today is the one a week on.
  assert.equal(read("Task wed").due, "2026-12-02");
  // Next week starts on Monday.
  assert.equal(read("Task next week").due, "2026-11-30");
  assert.equal(read("Task in 3 days").due, "2026-11-28");
  assert.equal(read("Task in 1 day").due, "2026-11-26");
  assert.equal(read("Task in 2 weeks").due, "2026-12-09");
  assert.equal(read("Task in a week").due, "2026-12-02");
  assert.equal(read("Task 2026-12-24").due, "2026-12-24");
  assert.deepEqual(read("Task 2026-02-30"), only({ title: "Task 2026-02-30" }));
  for (const text of ["Task tomorrow", "Task fri", "Task in 3 days", "Task 2026-12-24"]) {
    assert.equal(read(text).title, "Task", text);
  }
});

test("days cross month and year ends", () => {
  assert.equal(parseQuickAdd("Task tomorrow", "2026-12-31").due, "2027-01-01");
  assert.equal(parseQuickAdd("Task in 3 days", "2028-02-27").due, "2028-03-01");
});

test("priorities p1 to p4 map onto the protocol's 5 (urgent) down to 2, p5 to 1", () => {
  assert.deepEqual(read("Task p1"), only({ priority: 5 }));
  assert.deepEqual(read("Task p2"), only({ priority: 4 }));
  assert.deepEqual(read("Task P3"), only({ priority: 3 }));
  assert.deepEqual(read("Task p4"), only({ priority: 2 }));
  assert.deepEqual(read("Task p5"), only({ priority: 1 }));
  assert.deepEqual(read("Task p9"), only({ title: "Task p9" }));
});

test("repeats in days, the protocol's only unit", () => {
  assert.deepEqual(read("Task every day"), only({ frequencyDays: 1 }));
  assert.deepEqual(read("Task every 3d"), only({ frequencyDays: 3 }));
  assert.deepEqual(read("Task every 3 days"), only({ frequencyDays: 3 }));
  assert.deepEqual(read("Task every week"), only({ frequencyDays: 7 }));
  assert.deepEqual(read("Task every 2 weeks"), only({ frequencyDays: 14 }));
  assert.deepEqual(read("Task every other week"), only({ frequencyDays: 14 }));
  assert.deepEqual(read("Task every month"), only({ frequencyDays: 30 }));
  assert.deepEqual(read("Task daily"), only({ frequencyDays: 1 }));
  assert.deepEqual(read("Task weekly"), only({ frequencyDays: 7 }));
  assert.deepEqual(read("Task every 0d"), only({ title: "Task every 0d" }));
});

test("words inside other words are left in the title", () => {
  assert.deepEqual(read("Put on sun cream"), only({ title: "Put on sun cream" }));
  assert.deepEqual(read("Fridays list"), only({ title: "Fridays list" }));
  assert.deepEqual(read("Everyday carry p2"), only({ title: "Everyday carry", priority: 4 }));
});

test("today must be given as a day", () => {
  assert.throws(() => parseQuickAdd("Task", undefined), TypeError);
  assert.throws(() => parseQuickAdd("Task", "2026-11-25T10:00:00Z"), TypeError);
});

test("every weekday: weekly, first due on that day", () => {
  assert.deepEqual(read("Take out the bins every monday"),
    { title: "Take out the bins", due: "2026-11-30", priority: null, frequencyDays: 7 });
  assert.deepEqual(read("Every Fri team notes"),
    { title: "team notes", due: "2026-11-27", priority: null, frequencyDays: 7 });
});

test("one priority scale in words, p1 the most urgent", () => {
  assert.deepEqual([5, 4, 3, 2, 1].map(priorityName),
    ["P1 · Urgent", "P2 · High", "P3 · Medium", "P4 · Low", "P5 · Someday"]);
  assert.equal(priorityName(9), "P1 · Urgent");
  assert.deepEqual(parseQuickAdd("Call the bank p2", today).summary.slice(1), ["P2 · High"]);
});

test("a day and a time: the deadline is that local time", () => {
  const parsed = parseQuickAdd("Call mum tomorrow 9am", today);
  assert.deepEqual({ title: parsed.title, due: parsed.due, time: parsed.time },
    { title: "Call mum", due: "2026-11-26", time: "09:00" });
  assert.deepEqual(parsed.summary, ["Due tomorrow (Thu, Nov 26) at 09:00"]);
  const time = (text) => parseQuickAdd(text, today).time;
  assert.equal(time("Task fri at 9:30 pm"), "21:30");
  assert.equal(time("Task fri 9.30am"), "09:30");
  assert.equal(time("Task fri 21:00"), "21:00");
  assert.equal(time("Task fri at 7 a.m."), "07:00");
  assert.equal(time("Task fri 12am"), "00:00");
  assert.equal(time("Task fri 12pm"), "12:00");
  assert.equal(time("Task fri noon"), "12:00");
  assert.equal(parseQuickAdd("Task fri at 9:30 pm", today).title, "Task");
  // Not times: left in the title
  for (const text of ["Task 13pm", "Task 25:00", "Task 9:75", "Task at 9", "Route 66"]) {
    assert.deepEqual([parseQuickAdd(text, today).time, parseQuickAdd(text, today).title], [null, text], text);
  }
});

test("a time without a day is today while it is to come, else tomorrow", () => {
  assert.equal(parseQuickAdd("Call 5pm", today).due, "2026-11-25");
  assert.equal(parseQuickAdd("Call 5pm", today, { now: "09:10" }).due, "2026-11-25");
  assert.equal(parseQuickAdd("Call 5pm", today, { now: "17:00" }).due, "2026-11-26");
  assert.deepEqual(parseQuickAdd("Call 5pm", today, { now: "18:00" }).summary, ["Due tomorrow (Thu, Nov 26) at 17:00"]);
  assert.deepEqual(parseQuickAdd("Stretch every day 7am", today, { now: "06:00" }).summary,
    ["Due today (Wed, Nov 25) at 07:00", "Repeats every day from Wed, Nov 25"]);
});

test("in 3 days", () => {
  const parsed = parseQuickAdd("Return the books in 3 days", today);
  assert.deepEqual([parsed.title, parsed.due, parsed.time], ["Return the books", "2026-11-28", null]);
  assert.deepEqual(parsed.summary, ["Due Sat, Nov 28"]);
});

test("every other Friday: 14 days, first due on the next Friday", () => {
  const parsed = parseQuickAdd("Team notes every other Friday", today);
  assert.deepEqual(read("Team notes every other Friday"),
    { title: "Team notes", due: "2026-11-27", priority: null, frequencyDays: 14 });
  assert.deepEqual(parsed.summary, ["Due Fri, Nov 27", "Repeats every 2 weeks from Fri, Nov 27"]);
  assert.deepEqual(parsed.notes, []);
  assert.equal(read("Team notes every other fri p3").priority, 3);
});

test("monthly on a day of the month: the next such day, then every 30 days, said so", () => {
  const rent = { title: "Pay rent", due: "2026-12-01", priority: null, frequencyDays: 30 };
  for (const text of ["Pay rent on the 1st every month", "Pay rent every month on the 1st",
    "Pay rent on the 1st of every month", "Pay rent monthly on the 1st", "Pay rent the 1st of each month"]) {
    assert.deepEqual(read(text), rent, text);
    const parsed = parseQuickAdd(text, today);
    assert.deepEqual(parsed.summary, ["Due Tue, Dec 1", "Repeats every 30 days from Tue, Dec 1"], text);
    assert.deepEqual(parsed.notes,
      ["Redo repeats by a count of days: a month is 30 days, counted from each completion, so later deadlines drift from the 1st."], text);
  }
  // The day named, also when it is past this month or missing from the next
  assert.equal(read("Invoice on the 15th every month").due, "2026-12-15");
  assert.equal(read("Invoice on the 25th every month").due, "2026-12-25");
  assert.equal(parseQuickAdd("Invoice on the 31st", "2027-01-31").due, "2027-03-31");
  assert.equal(read("Invoice on the 32nd").title, "Invoice on the 32nd");
  // An ordinal without "on" is part of the title
  assert.deepEqual(read("Book the 2nd appointment"), only({ title: "Book the 2nd appointment" }));
  // A month with no day named: the default deadline, one repeat on
  assert.deepEqual(parseQuickAdd("Pay rent monthly", today).summary,
    ["Due Fri, Dec 25 — type a date to change it", "Repeats every 30 days from Fri, Dec 25"]);
  assert.deepEqual(parseQuickAdd("Pay rent monthly", today).notes,
    ["Redo repeats by a count of days: a month is 30 days, counted from each completion."]);
  assert.deepEqual(parseQuickAdd("Renew the passport every year", today).notes,
    ["Redo repeats by a count of days: a year is 365 days, counted from each completion."]);
});

test("every 2 weeks and every day, with no day typed: the default deadline is one repeat on", () => {
  const fortnight = parseQuickAdd("Water the ferns every 2 weeks", today);
  assert.deepEqual([fortnight.title, fortnight.due, fortnight.frequencyDays], ["Water the ferns", null, 14]);
  assert.deepEqual(fortnight.summary,
    ["Due Wed, Dec 9 — type a date to change it", "Repeats every 2 weeks from Wed, Dec 9"]);
  const daily = parseQuickAdd("Stretch every day", today);
  assert.deepEqual(daily.summary,
    ["Due tomorrow (Thu, Nov 26) — type a date to change it", "Repeats every day from Thu, Nov 26"]);
  assert.deepEqual(daily.notes, []);
});

test("no day typed: due tomorrow, and the preview says how to change it", () => {
  const parsed = parseQuickAdd("Read a book", today);
  assert.equal(parsed.due, null);
  assert.deepEqual(parsed.summary, ["Due tomorrow (Thu, Nov 26) — type a date to change it"]);
  assert.equal(defaultDue(today), "2026-11-26");
  assert.equal(defaultDue(today, null), "2026-11-26");
  assert.equal(defaultDue(today, 7), "2026-12-02");
  assert.equal(defaultDue("2026-12-31", 1), "2027-01-01");
});

test("repeats and days in words", () => {
  assert.equal(describeRepeat(30, "2026-12-01"), "every 30 days from Tue, Dec 1");
  assert.equal(describeRepeat(1, "2026-11-26"), "every day from Thu, Nov 26");
  assert.equal(describeRepeat(7, "2026-11-30"), "every week from Mon, Nov 30");
  assert.equal(describeRepeat(21, "2026-11-30"), "every 3 weeks from Mon, Nov 30");
  assert.equal(describeRepeat(365, "2027-11-25", today), "every 365 days from Thu, Nov 25, 2027");
  assert.equal(dayWords("2027-01-01", "2026-12-31"), "Fri, Jan 1, 2027");
  assert.deepEqual(parseQuickAdd("Buy milk tomorrow p1 every 3d", today).summary,
    ["Due tomorrow (Thu, Nov 26)", "P1 · Urgent", "Repeats every 3 days from Thu, Nov 26"]);
});
