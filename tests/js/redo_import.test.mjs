// Reading the two exports Redo imports, from fixtures written to each tool's documented format.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseCSV, readImport } from "../../Sources/RedoApp/Resources/redo-import.mjs";

const fixture = (name) => readFileSync(new URL("../../Tests/Fixtures/redo-imports/" + name, import.meta.url), "utf8");
// A Wednesday.
const today = "2026-11-25";

test("CSV fields may hold quotes, commas and line breaks", () => {
  assert.deepEqual(parseCSV('a,"b, c","say ""hi""\nthere"\r\nd,,e\n'), [["a", "b, c", 'say "hi"\nthere'], ["d", "", "e"]]);
});

test("a Todoist export becomes tasks, notes joining their task", () => {
  const read = readImport(fixture("todoist.csv"), today);
  assert.equal(read.source, "Todoist");
  assert.deepEqual(read.tasks.map((task) => task.fields.title), ["Pay rent", "Water the plants", "Buy stamps, envelopes", "Send the report"]);
  const [rent, plants, stamps, report] = read.tasks;
  assert.equal(rent.fields.priority, 5);
  assert.equal(rent.due, "2026-12-01");
  assert.equal(rent.fields.frequencyDays, 30);
  assert.equal(rent.fields.description, "Transfer to the landlord's account\n\nLandlord changed banks, see the email");
  assert.equal(plants.fields.frequencyDays, 3);
  assert.equal(plants.fields.priority, 3);
  assert.equal(stamps.due, "2026-12-05");
  assert.equal(stamps.fields.priority, 2);
  assert.equal(report.fields.priority, 4);
  assert.equal(report.fields.description, 'Numbers for Q4, "final" version');
  assert.equal(report.due, undefined);
});

test("a Taskwarrior export brings its open tasks, and says what it left out", () => {
  const read = readImport(fixture("taskwarrior.json"), today);
  assert.equal(read.source, "Taskwarrior");
  assert.deepEqual(read.tasks.map((task) => task.fields.title), ["Renew the passport", "Clean the gutters", "Take out the bins", "Plan the trip"]);
  const [passport, gutters, bins, trip] = read.tasks;
  assert.deepEqual(passport, { fields: { title: "Renew the passport", description: "Project: admin\nTags: papers", priority: 5 }, deadline: "2026-12-10T17:00:00.000Z" });
  assert.deepEqual(gutters, { fields: { title: "Clean the gutters", description: "Ladder is in the shed" } });
  assert.deepEqual(bins, { fields: { title: "Take out the bins", priority: 2, frequencyDays: 7 }, deadline: "2026-12-01T07:00:00.000Z" });
  assert.equal(trip.fields.priority, 3);
  assert.deepEqual(read.skipped, ["1 completed", "1 deleted"]);
});

test("anything else is refused in words", () => {
  assert.throws(() => readImport("hello", today), /neither a Todoist CSV export/);
  assert.throws(() => readImport('[{"title":"x"}]', today), /not a Taskwarrior export/);
  assert.throws(() => readImport("[oops", today), /cannot be read/);
});
