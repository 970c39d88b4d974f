// What a MERGE node makes of its parents' fields (MergeEvaluator).
import { jsonEqual } from "./redo-json.mjs";
import { mergePayload, mergeableTaskFields } from "./redo-node.mjs";
import { applyFields, fieldOf, updateTodo } from "./redo-task.mjs";
import { formatWall, parseRFC3339 } from "./redo-time.mjs";

// For each field, an explicit resolution wins; else the value of the only parent that changed
// it from the base; else the default strategy. `undefined` stands for Swift's nil.
export const resolveMerge = (graph, merge, task) => {
  let payload;
  try {
    payload = mergePayload(merge.payload, merge.parents);
  } catch {
    return;
  }
  const base = graph.stateAt(payload.base);
  if (!base) return;
  const parents = [];
  for (const id of merge.parents) {
    const position = graph.position(id);
    const state = position === null ? null : graph.stateAt(id);
    if (state) parents.push({ node: graph.ordered[position], state });
  }
  const explicit = new Map(payload.task.map((resolution) => [resolution.path, resolution]));
  const merged = {};
  for (const field of mergeableTaskFields) {
    const baseValue = fieldOf(base, field);
    const candidates = parents.map(({ node, state }) => ({ node, value: fieldOf(state, field) }));
    const changed = candidates.filter((candidate) => !jsonEqual(candidate.value, baseValue));
    if (explicit.has(field)) {
      const value = valueOf(explicit.get(field), candidates, payload);
      merged[field] = value === undefined ? fieldOf(task, field) : value;
    } else if (changed.length === 0) {
      continue;
    } else if (changed.every((candidate) => jsonEqual(candidate.value, changed[0].value))) {
      merged[field] = changed[0].value;
    } else {
      merged[field] = strategyValue(payload.defaultStrategy, changed, payload);
    }
  }
  applyFields(task, merged);
  for (const [id, resolutions] of payload.todos) {
    updateTodo(task, id, (todo) => {
      for (const resolution of resolutions) {
        const values = parents.map(({ node, state }) => ({ node, value: todoField(resolution.path, state, id) }));
        const chosen = valueOf(resolution, values, payload);
        if (chosen === undefined) continue;
        if (resolution.path === "notes" && typeof chosen === "string") todo.notes = chosen;
        if (resolution.path === "deadline" && typeof chosen === "string") {
          const deadline = parseRFC3339(chosen);
          if (deadline !== null) todo.deadline = deadline;
        }
      }
    });
  }
};

const todoField = (path, task, id) => {
  const todo = task.todos.find((item) => item.id === id);
  if (!todo) return null;
  return path === "notes" ? todo.notes : formatWall(todo.deadline);
};

const valueOf = (resolution, candidates, policy) => {
  switch (resolution.strategy) {
    case "manual": return resolution.value;
    case "ours":
    case "theirs": {
      const found = candidates.find((candidate) => candidate.node.id === resolution.chosenParent);
      return found ? found.value : undefined;
    }
    default: return strategyValue(resolution.strategy, candidates, policy);
  }
};

const strategyValue = (strategy, candidates, policy) => {
  if (candidates.length === 0) return undefined;
  const numbers = candidates.map((candidate) => candidate.value).filter((value) => typeof value === "number");
  if (strategy === "max" && numbers.length === candidates.length) {
    return numbers.reduce((found, value) => value > found ? value : found);
  }
  if (strategy === "min" && numbers.length === candidates.length) {
    return numbers.reduce((found, value) => value < found ? value : found);
  }
  if (strategy === "ours") return candidates[0].value;
  if (strategy === "theirs") return candidates[candidates.length - 1].value;
  let newest = candidates[0];
  for (const candidate of candidates.slice(1)) {
    if (isOlder(newest.node, candidate.node, policy.lwwTiebreakers)) newest = candidate;
  }
  return newest.value;
};

// Last-writer-wins order over the parents, by the policy's tiebreakers, then id.
const isOlder = (a, b, tiebreakers) => {
  for (const tiebreaker of tiebreakers) {
    if (tiebreaker === "lamport" && a.lamport !== b.lamport) return a.lamport < b.lamport;
    if (tiebreaker === "wall" && a.wall !== b.wall) return a.wall < b.wall;
    if (tiebreaker === "author" && a.userId !== b.userId) return a.userId < b.userId;
  }
  return a.id < b.id;
};
