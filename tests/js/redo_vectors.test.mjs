// The shared protocol vectors (Tests/Fixtures/redo-vectors/protocol-vectors.json), which
// RedoCore's ProtocolVectorTests read too: the browser's core must give each case the same verdicts
// and the same task.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { validateNode } from "../../Sources/RedoApp/Resources/redo-node.mjs";
import { replay } from "../../Sources/RedoApp/Resources/redo-replay.mjs";

const file = path.join(import.meta.dirname, "..", "..", "Tests", "Fixtures", "redo-vectors", "protocol-vectors.json");
const vectors = JSON.parse(fs.readFileSync(file, "utf8"));

test("single nodes are accepted or refused with their code", async () => {
  for (const vector of vectors.nodes) {
    const verdict = await validateNode(vector.node);
    assert.equal(verdict.ok ? null : verdict.code, vector.code, vector.name);
  }
});

test("replays refuse the same nodes and reach the same task", async () => {
  assert.ok(vectors.replays.length >= 9);
  for (const vector of vectors.replays) {
    // Given nodes that each pass alone
    for (const node of vector.nodes) assert.ok((await validateNode(node)).ok, vector.name + ": " + node.id);
    // When they are replayed together
    const result = replay(vector.nodes);
    // Then exactly the listed nodes are refused, with their codes
    const refused = Object.fromEntries(result.rejections.map((rejection) => [rejection.nodeId, rejection.code]));
    assert.deepEqual(refused, vector.rejected, vector.name);
    // And the task is deleted, or has the listed todos
    const taskId = vector.nodes[0].taskId;
    assert.equal(result.deletedTaskIds.includes(taskId), vector.deleted, vector.name);
    assert.equal(result.tasks[taskId] === undefined, vector.deleted, vector.name);
    if (vector.deleted) continue;
    const todos = result.tasks[taskId].todos.map(({ id, deadline, completed }) =>
      completed === undefined ? { id, deadline } : { id, deadline, completed });
    assert.deepEqual(todos, vector.task.todos, vector.name);
  }
});
