// All tasks' state from their nodes (TaskReplay), and which new nodes may join a log. Like every
// redo-*.mjs module of the core, a port of Sources/RedoCore that must reach the same state from
// the same nodes.
import { NodeRejection, codes, reported } from "./redo-errors.mjs";
import { TaskGraph } from "./redo-graph.mjs";
import { byTotalOrder, recordOf, records, taskJSON } from "./redo-task.mjs";

const evaluateTask = (taskId, nodes) => new TaskGraph(taskId, nodes).evaluate();

// Graph rules, the broken-branch rule, DELETE branch semantics, then state in total order.
// The nodes given here have passed validateNode.
export const replay = (nodes) => {
  const groups = new Map();
  for (const node of nodes) {
    const record = recordOf(node);
    if (!groups.has(record.taskId)) groups.set(record.taskId, []);
    groups.get(record.taskId).push(record);
  }
  const result = { tasks: {}, deletedTaskIds: [], rejections: [] };
  for (const taskId of [...groups.keys()].sort()) {
    const outcome = evaluateTask(taskId, groups.get(taskId));
    result.rejections.push(...outcome.rejections.map(reported));
    if (outcome.task) result.tasks[taskId] = taskJSON(outcome.task);
    else if (outcome.isDeleted) result.deletedTaskIds.push(taskId);
  }
  result.rejections.sort((a, b) => (a.nodeId || "") < (b.nodeId || "") ? -1 : (a.nodeId || "") > (b.nodeId || "") ? 1 : 0);
  return result;
};

const replayTask = (records) => {
  if (records.length === 0) return { task: null, rejections: [] };
  const outcome = evaluateTask(records[0].taskId, records);
  return { task: outcome.task, rejections: outcome.rejections };
};

// Which of `incoming` one task's log may take besides the nodes it `held` (all valid): each
// newcomer must be valid among the nodes before it in the total order (its ancestry, and for a
// todo reference any branch) and leave every held node valid. Nodes already
// held are neither accepted nor rejected again. `task` is the state with what was accepted.
export const admit = (incoming, held) => {
  const heldRecords = held.map(recordOf);
  const known = new Set(heldRecords.map((node) => node.id));
  const rejections = [];
  const candidates = [];
  for (const node of incoming.map(recordOf)) {
    if (known.has(node.id)) continue;
    known.add(node.id);
    if (heldRecords.length > 0 && node.action === "CREATE") {
      rejections.push(new NodeRejection(codes.duplicateCreate,
        "task " + node.taskId + " already exists; its CREATE cannot be replaced", node.id));
    } else {
      candidates.push(node);
    }
  }
  const protectedIds = new Set(heldRecords.map((node) => node.id));
  const all = replayTask(heldRecords.concat(candidates));
  const finish = (accepted, refused, task) => ({
    accepted: accepted.map((record) => record.node), rejections: refused.map(reported),
    task: task ? taskJSON(task) : null,
  });
  if (!all.rejections.some((rejection) => protectedIds.has(rejection.nodeId))) {
    const refused = new Set(all.rejections.map((rejection) => rejection.nodeId));
    return finish(candidates.filter((node) => !refused.has(node.id)),
      rejections.concat(all.rejections.filter((rejection) => !protectedIds.has(rejection.nodeId))), all.task);
  }
  // Some newcomer would invalidate held nodes: take the newcomers one at a time, in the total
  // order, each only if everything taken so far stays valid.
  const accepted = [];
  for (const node of candidates.slice().sort(byTotalOrder)) {
    const outcome = replayTask(heldRecords.concat(accepted, [node])).rejections;
    const own = outcome.find((rejection) => rejection.nodeId === node.id);
    if (own) {
      rejections.push(own);
    } else if (outcome.length > 0) {
      const harmed = outcome[0];
      rejections.push(new NodeRejection(harmed.code,
        "it would make node " + (harmed.nodeId ?? "?") + " invalid: " + harmed.message, node.id));
    } else {
      accepted.push(node);
    }
  }
  return finish(accepted, rejections, replayTask(heldRecords.concat(accepted)).task);
};

// A store's admission of many tasks' nodes at once, as the CLI's store takes an import.
export const admitAll = (incoming, held) => {
  const heldByTask = new Map();
  for (const node of held) {
    if (!heldByTask.has(node.taskId)) heldByTask.set(node.taskId, []);
    heldByTask.get(node.taskId).push(node);
  }
  const fresh = new Map();
  const seen = new Set();
  for (const node of incoming) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    if (!fresh.has(node.taskId)) fresh.set(node.taskId, []);
    fresh.get(node.taskId).push(node);
  }
  const result = { accepted: [], rejections: [], tasks: {} };
  for (const [taskId, nodes] of fresh) {
    const outcome = admit(nodes, heldByTask.get(taskId) || []);
    result.accepted.push(...outcome.accepted);
    result.rejections.push(...outcome.rejections);
    result.tasks[taskId] = outcome.task;
  }
  return result;
};
