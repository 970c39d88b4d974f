// The planner's choices that undo and snoozing rely on, with the clock passed in.

import assert from "node:assert/strict";
import { test } from "node:test";
import { importSeed, publicKeyOf } from "../../Sources/RedoApp/Resources/redo-crypto.mjs";
import { PlanError } from "../../Sources/RedoApp/Resources/redo-errors.mjs";
import { plan, planFor, signPlan } from "../../Sources/RedoApp/Resources/redo-plan.mjs";
import { replay } from "../../Sources/RedoApp/Resources/redo-replay.mjs";
import { currentTodo } from "../../Sources/RedoApp/Resources/redo-task.mjs";

const ids = () => {
  let n = 0;
  return () => "00000000-0000-4000-8000-" + String((n += 1)).padStart(12, "0");
};

// A task's nodes as planFor leaves them (unsigned bodies are enough for replay's planning).
const taskWith = async (deadline) => {
  const identity = { privateKey: await importSeed("11".repeat(32)), deviceId: "test" };
  identity.publicKey = await publicKeyOf(identity.privateKey);
  const steps = plan({ intent: "add", fields: { title: "Bill" }, deadline }, { now: "2026-01-01T00:00:00Z", newID: ids() });
  const nodes = await signPlan(steps, identity, "2026-01-01T00:00:00.000Z");
  return { identity, nodes, taskId: nodes[0].taskId };
};

test("snoozing an overdue todo by days moves it from now", async () => {
  const { nodes, taskId } = await taskWith("2026-01-02T00:00:00.000Z");
  const [step] = planFor({ intent: "snooze", days: 2 }, nodes, taskId, "2026-03-10T08:00:00.000Z", ids());
  assert.equal(step.draft.action, "SNOOZE");
  assert.equal(step.draft.payload.newDeadline, "2026-03-12T08:00:00.000Z");
  assert.equal(step.draft.payload.daysToExtend, undefined);
});

test("snoozing a todo not yet due by days moves it from its deadline", async () => {
  const { nodes, taskId } = await taskWith("2026-01-02T00:00:00.000Z");
  const [step] = planFor({ intent: "snooze", days: 2 }, nodes, taskId, "2026-01-01T08:00:00.000Z", ids());
  assert.equal(step.draft.payload.daysToExtend, 2);
  assert.equal(step.draft.payload.newDeadline, undefined);
});

test("reopening a completed task makes a new todo due when the old one was", async () => {
  const { identity, nodes, taskId } = await taskWith("2026-01-02T00:00:00.000Z");
  const done = await signPlan(planFor({ intent: "complete" }, nodes, taskId, "2026-01-01T09:00:00.000Z", ids()),
    identity, "2026-01-01T09:00:00.000Z");
  const all = nodes.concat(done);
  assert.throws(() => planFor({ intent: "reopen", deadline: "2026-01-02T00:00:00.000Z" }, nodes, taskId, "2026-01-01T09:00:00.000Z", ids()),
    PlanError);
  const steps = planFor({ intent: "reopen", deadline: "2026-01-02T00:00:00.000Z" }, all, taskId, "2026-01-01T09:01:00.000Z", ids());
  assert.deepEqual(steps.map((s) => s.draft.action), ["CREATE_TODO"]);
  const reopened = await signPlan(steps, identity, "2026-01-01T09:01:00.000Z");
  const task = replay(all.concat(reopened)).tasks[taskId];
  assert.equal(currentTodo(task).deadline, "2026-01-02T00:00:00.000Z");
  assert.equal(task.todos.filter((todo) => todo.completed).length, 1);
});
