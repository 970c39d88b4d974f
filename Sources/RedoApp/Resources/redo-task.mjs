// Nodes as replay orders them and the task state they build.
import { integerValue } from "./redo-json.mjs";
import { formatWall, parseTaskTime, parseWall } from "./redo-time.mjs";

export const records = new WeakMap();
export const recordOf = (node) => {
  let record = records.get(node);
  if (!record) {
    const timestamp = node.timestamp || {};
    record = {
      id: node.id, parents: node.parents || [], lamport: timestamp.lamport, wall: timestamp.wall,
      wallTime: parseWall(timestamp.wall), action: node.action, taskId: node.taskId,
      payload: (node.data && node.data.payload) || {}, userId: node.author && node.author.userId, node,
    };
    records.set(node, record);
  }
  return record;
};

// Replay's total order: lamport, then wall time, then id.
const precedes = (a, b) => {
  if (a.lamport !== b.lamport) return a.lamport < b.lamport;
  if (a.wallTime !== null && b.wallTime !== null) {
    if (a.wallTime !== b.wallTime) return a.wallTime < b.wallTime;
  } else if (a.wall !== b.wall) {
    return a.wall < b.wall;
  }
  return a.id < b.id;
};
export const byTotalOrder = (a, b) => precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0;
export const latest = (list) => list.reduce((found, item) => found === undefined || precedes(found, item) ? item : found, undefined);

// --- Task state -----------------------------------------------------------------------
export const newTask = (id, userId, title, created) => ({
  id, userId, title, description: "", privacy: false, storyPoints: 1, priority: 3, frequencyDays: null,
  created, lastUpdated: created, archived: false, todos: [], heads: [], headLamport: 1, nodeCount: 0,
});

export const applyFields = (task, fields) => {
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    switch (key) {
      case "title": if (typeof value === "string") task.title = value; break;
      case "description": if (typeof value === "string") task.description = value; break;
      case "privacy": if (typeof value === "boolean") task.privacy = value; break;
      case "storyPoints": task.storyPoints = integerValue(value) ?? task.storyPoints; break;
      case "priority": task.priority = integerValue(value) ?? task.priority; break;
      case "frequencyDays": task.frequencyDays = integerValue(value); break;
      case "archived": if (typeof value === "boolean") task.archived = value; break;
    }
  }
};

export const fieldOf = (task, name) => {
  switch (name) {
    case "title": return task.title;
    case "description": return task.description;
    case "privacy": return task.privacy;
    case "storyPoints": return task.storyPoints;
    case "priority": return task.priority;
    case "frequencyDays": return task.frequencyDays;
    case "archived": return task.archived;
    default: return null;
  }
};

// The "tallest chain" order: lamport, then wall, then node id.
export const isShorter = (a, b) => {
  if (a.lamport !== b.lamport) return a.lamport < b.lamport;
  if (a.wall !== b.wall) return a.wall < b.wall;
  return a.nodeId < b.nodeId;
};
const isOpenTodo = (todo) => todo.completed === null || todo.completed === undefined;

export const updateTodo = (task, id, change) => {
  const todo = task.todos.find((item) => item.id === id);
  if (todo) change(todo);
};
export const appendNote = (todo, note) => {
  if (note === "") return;
  todo.notes = todo.notes === "" ? note : todo.notes + "\n" + note;
};

const todoJSON = (todo) => {
  const json = {
    id: todo.id, deadline: formatWall(todo.deadline), notes: todo.notes, lamport: todo.lamport,
    wall: todo.wall, nodeId: todo.nodeId,
  };
  if (todo.completed !== null) json.completed = formatWall(todo.completed);
  return json;
};
// RedoTask.json, field for field.
export const taskJSON = (task) => {
  const json = {
    id: task.id, userId: task.userId, title: task.title, description: task.description,
    privacy: task.privacy, storyPoints: task.storyPoints, priority: task.priority,
    created: formatWall(task.created), lastUpdated: formatWall(task.lastUpdated), archived: task.archived,
    todos: task.todos.map(todoJSON), heads: task.heads.slice(), headLamport: task.headLamport,
    nodeCount: task.nodeCount,
  };
  if (task.frequencyDays !== null) json.frequencyDays = task.frequencyDays;
  return json;
};

// The open todo with the shortest deadline.
export const currentTodo = (task) => {
  let current = null;
  for (const todo of task.todos || []) {
    if (!isOpenTodo(todo)) continue;
    if (current && !isShorter(current, todo)) continue;
    current = todo;
  }
  return current;
};

export const deadlineOf = (todo) => parseTaskTime(todo.deadline);
