// One task's DAG (TaskGraph): its graph rules and its state in total order.
import { NodeRejection, codes } from "./redo-errors.mjs";
import { has, integerValue } from "./redo-json.mjs";
import { resolveMerge } from "./redo-merge.mjs";
import { appendNote, applyFields, byTotalOrder, isShorter, newTask, updateTodo } from "./redo-task.mjs";
import { addDays, parseRFC3339 } from "./redo-time.mjs";

export class TaskGraph {
  constructor(taskId, nodes) {
    this.taskId = taskId;
    const sorted = nodes.slice().sort(byTotalOrder);
    this.ordered = sorted.filter((node, i) => i === 0 || sorted[i - 1].id !== node.id);
    this.positions = new Map(this.ordered.map((node, i) => [node.id, i]));
    this.parents = this.ordered.map((node) =>
      node.parents.map((id) => this.positions.has(id) ? this.positions.get(id) : null));
    this.rejected = this.ordered.map(() => null);
    this.valid = this.ordered.map(() => false);
    this.todoCreators = new Map();
    this.states = new Map();
  }

  evaluate() {
    this.decideValidity();
    const outcome = { task: null, isDeleted: false, rejections: this.rejected.filter(Boolean) };
    const live = this.liveNodes();
    if (live.length === 0) {
      outcome.isDeleted = this.ordered.some((node, i) => this.valid[i] && node.action === "DELETE");
      return outcome;
    }
    outcome.task = this.fold(live);
    return outcome;
  }

  position(id) {
    return this.positions.has(id) ? this.positions.get(id) : null;
  }

  decideValidity() {
    let original = null;
    this.ordered.forEach((node, index) => {
      if (node.action !== "CREATE") return;
      if (original !== null) {
        const first = this.ordered[original];
        if (first.wall < node.wall || (first.wall === node.wall && first.id < node.id)) return;
      }
      original = index;
    });
    this.ordered.forEach((node, index) => {
      const rejection = this.check(index, original);
      if (rejection) {
        this.rejected[index] = new NodeRejection(rejection.code, rejection.message, node.id);
        return;
      }
      this.valid[index] = true;
      if (node.action === "CREATE_TODO" && typeof node.payload.todoTaskId === "string") {
        const id = node.payload.todoTaskId;
        if (!this.todoCreators.has(id)) this.todoCreators.set(id, []);
        this.todoCreators.get(id).push(index);
      }
    });
  }

  check(index, original) {
    const node = this.ordered[index];
    if (node.action === "CREATE") {
      if (index !== original) {
        const first = original === null ? "" : this.ordered[original].id;
        return new NodeRejection(codes.duplicateCreate, "task " + this.taskId + " already has its CREATE " + first);
      }
      if (node.lamport !== 1) return new NodeRejection(codes.lamportViolation, "a CREATE has lamport 1");
      return null;
    }
    let highest = 0;
    const parents = this.parents[index];
    for (let slot = 0; slot < parents.length; slot++) {
      const parentId = node.parents[slot];
      const parentIndex = parents[slot];
      if (parentIndex === null) {
        return new NodeRejection(codes.parentNotFound,
          "parent " + parentId + " is not among task " + this.taskId + "'s nodes");
      }
      const cause = this.rejected[parentIndex];
      if (cause) {
        return new NodeRejection(cause.code,
          "it descends from rejected node " + parentId + " (" + cause.message + ")");
      }
      // The total order puts a valid parent first; one still undecided claims a later clock.
      if (!(parentIndex < index) || !this.valid[parentIndex]) {
        return new NodeRejection(codes.lamportViolation,
          "lamport " + node.lamport + " is not above parent " + parentId + "'s");
      }
      const parent = this.ordered[parentIndex];
      if (parent.action === "DELETE") {
        return new NodeRejection(codes.parentNotFound,
          "parent " + parentId + " is a DELETE tombstone, which ends its branch");
      }
      highest = Math.max(highest, parent.lamport);
    }
    if (node.lamport !== highest + 1) {
      return new NodeRejection(codes.lamportViolation, "lamport must be " + (highest + 1) + ", one above its parents'");
    }
    return this.checkReferences(index);
  }

  checkReferences(index) {
    const node = this.ordered[index];
    switch (node.action) {
      case "CREATE_TODO": {
        const id = typeof node.payload.todoTaskId === "string" ? node.payload.todoTaskId : "";
        const creators = this.todoCreators.get(id);
        if (creators && this.isAncestor(creators, index)) {
          return new NodeRejection(codes.invalidTodoRef, "todo " + id + " already exists on this branch");
        }
        break;
      }
      case "COMPLETE_TODO":
      case "SNOOZE": {
        // The todo must exist in the state the spec's replay has built when it reaches this node:
        // a valid CREATE_TODO before it in the total order, on any branch (see TaskGraph.swift).
        const id = typeof node.payload.todoTaskId === "string" ? node.payload.todoTaskId : "";
        if (!this.todoCreators.has(id)) {
          return new NodeRejection(codes.invalidTodoRef,
            "todo " + id + " does not exist in the state replayed before this node");
        }
        break;
      }
      case "DELETE": {
        const problem = this.deletedChainProblem(index);
        if (problem) return problem;
        break;
      }
      case "MERGE": {
        const base = typeof node.payload.base === "string" ? node.payload.base : "";
        const parents = this.parents[index];
        for (let slot = 0; slot < parents.length; slot++) {
          const baseIndex = this.position(base);
          if (parents[slot] === null || baseIndex === null || !this.ancestors([parents[slot]]).has(baseIndex)) {
            return new NodeRejection(codes.parentNotFound,
              "base " + base + " is not an ancestor of parent " + node.parents[slot]);
          }
        }
        break;
      }
    }
    return null;
  }

  // A DELETE's deletedChain lists every ancestor of its parent, or the nodes of one path from
  // the CREATE to it: both readings of v1.7 are taken, and both delete the whole branch.
  deletedChainProblem(index) {
    const head = this.parents[index][0];
    if (head === null || head === undefined) return null;
    const listed = this.ordered[index].payload.deletedChain;
    const chain = new Set((Array.isArray(listed) ? listed : []).filter((id) => typeof id === "string"));
    const branch = this.ancestors([head]);
    const onBranch = new Map([...branch].map((i) => [this.ordered[i].id, i]));
    const path = [...chain].filter((id) => onBranch.has(id)).map((id) => onBranch.get(id));
    if (path.length === chain.size) {
      if (path.length === branch.size) return null;
      // A path's nodes in the total order run from the CREATE to the head, each a parent of the next.
      path.sort((a, b) => a - b);
      if (path.length > 0 && this.ordered[path[0]].action === "CREATE" && path[path.length - 1] === head
        && path.every((position, i) => i === 0 || this.parents[position].includes(path[i - 1]))) {
        return null;
      }
    }
    return new NodeRejection(codes.missingDeletedChain,
      "deletedChain must list the " + branch.size + " nodes from the CREATE to the deleted head, or "
      + "one path between them (" + (branch.size - path.length) + " missing, "
      + (chain.size - path.length) + " not on the branch)");
  }

  // The given nodes and everything they descend from.
  ancestors(indices) {
    const seen = new Set();
    const stack = indices.slice();
    while (stack.length > 0) {
      const index = stack.pop();
      if (seen.has(index)) continue;
      seen.add(index);
      for (const parent of this.parents[index]) if (parent !== null) stack.push(parent);
    }
    return seen;
  }

  // Parents come before children in the total order, so the walk stops below the lowest target.
  isAncestor(candidates, index) {
    const lowest = Math.min(...candidates);
    const seen = new Set();
    const stack = this.parents[index].filter((p) => p !== null);
    while (stack.length > 0) {
      const current = stack.pop();
      if (candidates.includes(current)) return true;
      if (!(current > lowest) || seen.has(current)) continue;
      seen.add(current);
      for (const parent of this.parents[current]) if (parent !== null) stack.push(parent);
    }
    return false;
  }

  // Valid nodes outside every DELETE's branch (its parent and all its ancestors, whether its
  // deletedChain lists them all or one path through them) survive, and so does everything they
  // descend from.
  liveNodes() {
    const deletes = this.ordered.map((_, i) => i)
      .filter((i) => this.valid[i] && this.ordered[i].action === "DELETE");
    const deleted = this.ancestors(deletes.flatMap((i) => this.parents[i].filter((p) => p !== null)));
    const live = this.ordered.map(() => false);
    for (let index = this.ordered.length - 1; index >= 0; index--) {
      if (!this.valid[index]) continue;
      const node = this.ordered[index];
      const survives = node.action !== "DELETE" && !deleted.has(index);
      if (survives || live[index]) {
        live[index] = true;
        for (const parent of this.parents[index]) if (parent !== null) live[parent] = true;
      }
    }
    return this.ordered.map((_, i) => i).filter((i) => live[i]);
  }

  fold(live) {
    // Every live node descends from the CREATE, which the total order puts first.
    if (live.length === 0 || this.ordered[live[0]].action !== "CREATE") return null;
    const create = this.ordered[live[0]];
    const title = typeof create.payload.title === "string" ? create.payload.title : "";
    const task = newTask(create.taskId, create.userId, title, create.wallTime);
    applyFields(task, create.payload);
    for (const index of live.slice(1)) this.apply(this.ordered[index], task);
    const hasChild = this.ordered.map(() => false);
    for (const index of live) for (const parent of this.parents[index]) if (parent !== null) hasChild[parent] = true;
    const heads = live.filter((index) => !hasChild[index]);
    task.heads = heads.map((index) => this.ordered[index].id);
    task.headLamport = heads.length ? Math.max(...heads.map((index) => this.ordered[index].lamport)) : 1;
    task.nodeCount = live.length;
    return task;
  }

  apply(node, task) {
    const payload = node.payload;
    if (node.wallTime > task.lastUpdated) task.lastUpdated = node.wallTime;
    const notes = typeof payload.notes === "string" ? payload.notes : "";
    const todoTaskId = typeof payload.todoTaskId === "string" ? payload.todoTaskId : undefined;
    switch (node.action) {
      case "UPDATE":
        applyFields(task, payload);
        break;
      case "CREATE_TODO": {
        const todo = {
          id: todoTaskId ?? "", deadline: parseRFC3339(payload.deadline), notes, completed: null,
          lamport: node.lamport, wall: node.wall, nodeId: node.id,
        };
        const last = task.todos[task.todos.length - 1];
        task.todos.push(todo);
        if (last && isShorter(todo, last)) task.todos.sort((a, b) => isShorter(a, b) ? -1 : isShorter(b, a) ? 1 : 0);
        break;
      }
      case "COMPLETE_TODO": {
        const completed = parseRFC3339(payload.completed);
        updateTodo(task, todoTaskId, (todo) => {
          if (todo.completed === null) todo.completed = completed;
          appendNote(todo, notes);
        });
        break;
      }
      case "SNOOZE":
        updateTodo(task, todoTaskId, (todo) => {
          const days = has(payload, "daysToExtend") ? integerValue(payload.daysToExtend) : null;
          if (days !== null) {
            todo.deadline = addDays(todo.deadline, days);
          } else {
            const deadline = parseRFC3339(payload.newDeadline);
            if (deadline !== null) todo.deadline = deadline;
          }
          appendNote(todo, notes);
        });
        break;
      case "ARCHIVE":
        task.archived = true;
        break;
      case "UNARCHIVE":
        task.archived = false;
        break;
      case "MERGE":
        resolveMerge(this, node, task);
        break;
    }
  }

  // The task as it stood at a node: a fold of it and its ancestors. Pure, so kept.
  stateAt(id) {
    if (!this.states.has(id)) {
      const position = this.position(id);
      const closure = this.ancestors(position === null ? [] : [position]);
      const indices = this.ordered.map((_, i) => i).filter((i) => closure.has(i) && this.valid[i]);
      this.states.set(id, this.fold(indices));
    }
    return this.states.get(id);
  }
}
