// The quick add's reading of one line ("Buy milk tomorrow p1 every 3d"), with today passed in.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseQuickAdd } from "../../Sources/RedoApp/Resources/redo-quickadd.mjs";

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
