// Drafts for what a person asks (DraftPlanner), and their signing into nodes.
import { contentID, signBytes } from "./redo-crypto.mjs";
import { PlanError } from "./redo-errors.mjs";
import { canonicalize, has, integerValue, utf8 } from "./redo-json.mjs";
import { replay } from "./redo-replay.mjs";
import { byTotalOrder, currentTodo, deadlineOf, latest, recordOf } from "./redo-task.mjs";
import { addDays, formatWall, requireTime } from "./redo-time.mjs";

// Foundation's whitespacesAndNewlines, which is not quite JavaScript's trim().
const isBlank = (value) =>
  /^[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/.test(value);

// `id` and every node it descends from.
const ancestry = (id, nodes) => {
  const byId = new Map();
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const found = new Set();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop();
    if (found.has(current)) continue;
    found.add(current);
    const node = byId.get(current);
    if (node) stack.push(...node.parents);
  }
  return found;
};

const draft = (taskId, parents, lamport, action, payload) => ({ taskId, parents, lamport, action, payload });

// A DELETE of the branch ending at `head`: its deletedChain is `head` and all its ancestors.
const deleteDraft = (head, nodes) =>
  draft(head.taskId, [head.id], head.lamport + 1, "DELETE", { deletedChain: [...ancestry(head.id, nodes)].sort() });

const mostMergedHeads = 10;
// A MERGE joining `heads`, based on their latest common ancestor, with the default policy.
const mergeDraft = (heads, nodes) => {
  const byId = new Map();
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  let common = ancestry(heads[0].id, nodes);
  for (const head of heads.slice(1)) {
    const other = ancestry(head.id, nodes);
    common = new Set([...common].filter((id) => other.has(id)));
  }
  const base = latest([...common].map((id) => byId.get(id)).filter(Boolean));
  return draft(heads[0].taskId, heads.map((head) => head.id).sort(),
    Math.max(...heads.map((head) => head.lamport)) + 1, "MERGE", { base: base ? base.id : "" });
};

// The heads a MERGE joins: all of them, or the latest ten with the one that holds the current
// todo among them.
const joined = (heads, task, nodes) => {
  const newestFirst = heads.slice().sort(byTotalOrder).reverse();
  if (newestFirst.length <= mostMergedHeads) return newestFirst;
  const todo = currentTodo(task);
  const holder = todo ? newestFirst.find((head) => ancestry(head.id, nodes).has(todo.nodeId)) : undefined;
  const others = newestFirst.filter((head) => !holder || head.id !== holder.id);
  return (holder ? [holder] : []).concat(others.slice(0, mostMergedHeads - (holder ? 1 : 0)));
};

const step = (nodeDraft, buildsOnPrevious = false) => ({ draft: nodeDraft, buildsOnPrevious });

// Turns an intent into the drafts the protocol asks for: CREATE then CREATE_TODO for a new
// task, COMPLETE_TODO then an explicit CREATE_TODO for a repeating one, a DELETE per branch. A
// task that forked is joined by a MERGE first, and the change builds on it.
// `task` is the task's JSON, `heads` its head nodes, `nodes` all its nodes.
export const plan = (intent, { task = null, heads = [], nodes = [], now, newID }) => {
  const clock = requireTime(now, "now");
  if (intent.intent === "add") {
    const fields = { ...(intent.fields || {}) };
    if (typeof fields.title !== "string" || isBlank(fields.title)) throw new PlanError("a task needs a title");
    const deadline = requireTime(intent.deadline, "the deadline");
    const taskId = newID();
    return [
      step(draft(taskId, [], 1, "CREATE", fields)),
      step(draft(taskId, [], 0, "CREATE_TODO", { todoTaskId: newID(), deadline: formatWall(deadline) }), true),
    ];
  }
  const headRecords = heads.map(recordOf);
  const nodeRecords = nodes.map(recordOf);
  const head = latest(headRecords);
  if (!task || !head) throw new PlanError("no such task");
  if (intent.intent === "delete") {
    return headRecords.slice().sort(byTotalOrder).map((one) => step(deleteDraft(one, nodeRecords)));
  }
  const merge = headRecords.length > 1 ? step(mergeDraft(joined(headRecords, task, nodeRecords), nodeRecords)) : null;
  const followUp = (action, payload) => step(draft(task.id, [], 0, action, payload), true);
  const next = (action, payload = {}) =>
    merge ? followUp(action, payload) : step(draft(task.id, [head.id], head.lamport + 1, action, payload));
  return (merge ? [merge] : []).concat(steps(intent, task, next, followUp, clock, newID));
};

const steps = (intent, task, next, followUp, now, newID) => {
  const todo = currentTodo(task);
  const frequencyDays = integerValue(task.frequencyDays);
  switch (intent.intent) {
    case "edit": {
      const fields = { ...(intent.fields || {}) };
      if (Object.keys(fields).length === 0) throw new PlanError("nothing to change");
      if (has(fields, "title") && (typeof fields.title !== "string" || isBlank(fields.title))) {
        throw new PlanError("the title must not be empty");
      }
      return [next("UPDATE", fields)];
    }
    case "complete": {
      if (!todo) throw new PlanError(task.title + " has no open todo");
      const payload = { todoTaskId: todo.id, completed: formatWall(now) };
      if (typeof intent.notes === "string" && intent.notes !== "") payload.notes = intent.notes;
      const result = [next("COMPLETE_TODO", payload)];
      if (frequencyDays !== null && !task.archived) {
        result.push(followUp("CREATE_TODO",
          { todoTaskId: newID(), deadline: formatWall(addDays(now, frequencyDays)) }));
      }
      return result;
    }
    case "snooze": {
      if (!todo) throw new PlanError(task.title + " has no open todo to snooze");
      const payload = { todoTaskId: todo.id };
      const days = intent.days ?? null;
      const until = intent.until ?? null;
      const deadline = deadlineOf(todo);
      if (days !== null && until === null && Number.isInteger(days) && days >= 1 && deadline !== null && deadline < now) {
        // An overdue todo moves from now: the days are not added to a deadline long past.
        payload.newDeadline = formatWall(addDays(now, days));
      } else if (days !== null && until === null && Number.isInteger(days) && days >= 1) {
        payload.daysToExtend = days;
      } else if (days === null && until !== null) {
        payload.newDeadline = formatWall(requireTime(until, "until"));
      } else {
        throw new PlanError("snooze by a number of days (at least 1) or to a date, not both");
      }
      payload.notes = typeof intent.notes === "string" ? intent.notes
        : days !== null ? "Snoozed for " + days + " day" + (days === 1 ? "" : "s") : "Snoozed";
      return [next("SNOOZE", payload)];
    }
    case "reopen": {
      // The protocol has no un-complete: a todo done stays done, and a new one is due instead.
      if (todo) throw new PlanError(task.title + " already has an open todo");
      const deadline = requireTime(intent.deadline, "the deadline");
      return [next("CREATE_TODO", { todoTaskId: newID(), deadline: formatWall(deadline) })];
    }
    case "archive":
      if (task.archived) throw new PlanError(task.title + " is already archived");
      return [next("ARCHIVE", {})];
    case "unarchive": {
      if (!task.archived) throw new PlanError(task.title + " is not archived");
      const result = [next("UNARCHIVE", {})];
      if (!todo) {
        const deadline = requireTime(intent.deadline, "the deadline");
        result.push(followUp("CREATE_TODO", { todoTaskId: newID(), deadline: formatWall(deadline) }));
      }
      return result;
    }
    default:
      throw new PlanError("unknown intent " + intent.intent);
  }
};

// A task's head nodes (its live branch ends) among its nodes, as the planner's callers find
// them; `task` is the task's JSON when already replayed.
export const headsOf = (taskNodes, task) => {
  const state = task === undefined && taskNodes.length > 0
    ? replay(taskNodes).tasks[taskNodes[0].taskId] : task;
  const wanted = new Set(state ? state.heads : []);
  const seen = new Set();
  return taskNodes.filter((node) => wanted.has(node.id) && !seen.has(node.id) && seen.add(node.id));
};

// What the CLI and the drafts API do around the planner: the task's nodes, its state and heads,
// and the default deadline (now + the task's frequencyDays, else one day).
export const planFor = (intent, allNodes, taskId, now, newID) => {
  const clock = requireTime(now, "now");
  if (intent.intent === "add") {
    const every = integerValue((intent.fields || {}).frequencyDays) ?? 1;
    const deadline = intent.deadline ?? formatWall(addDays(clock, every));
    return plan({ ...intent, deadline }, { now, newID });
  }
  const nodes = [];
  const seen = new Set();
  for (const node of allNodes) {
    if (node.taskId === taskId && !seen.has(node.id)) {
      seen.add(node.id);
      nodes.push(node);
    }
  }
  const task = replay(nodes).tasks[taskId] || null;
  const heads = headsOf(nodes, task);
  let ready = intent;
  if (intent.intent === "unarchive" && intent.deadline == null && task) {
    ready = { ...intent, deadline: formatWall(addDays(clock, integerValue(task.frequencyDays) ?? 1)) };
  }
  return plan(ready, { task, heads, nodes, now, newID });
};

// A node from a draft: the body is canonicalized, hashed for its id and signed.
export const signNode = async (nodeDraft, identity, wall) => {
  const author = {
    userId: identity.publicKey.slice(0, 32), deviceId: identity.deviceId, publicKey: identity.publicKey,
  };
  if (typeof identity.name === "string") author.name = identity.name;
  const body = {
    version: 1,
    parents: nodeDraft.parents,
    timestamp: { lamport: nodeDraft.lamport, wall },
    author,
    action: nodeDraft.action,
    taskId: nodeDraft.taskId,
    data: { payload: nodeDraft.payload },
  };
  const bytes = utf8(canonicalize(body));
  return { ...body, id: await contentID(bytes), signature: await signBytes(identity.privateKey, bytes) };
};

// Signs a plan's steps in order, each follow-up on the node before it, one millisecond apart.
export const signPlan = async (planned, identity, startWall) => {
  let clock = requireTime(startWall, "the start time");
  const nodes = [];
  for (const item of planned) {
    const stepDraft = item.draft || item;
    const previous = nodes[nodes.length - 1];
    const ready = item.buildsOnPrevious && previous
      ? { ...stepDraft, parents: [previous.id], lamport: previous.timestamp.lamport + 1 }
      : stepDraft;
    nodes.push(await signNode(ready, identity, formatWall(clock)));
    clock += 1n;
  }
  return nodes;
};
