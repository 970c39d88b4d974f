import { validateNode } from "./redo-node.mjs";
import { admit, replay } from "./redo-replay.mjs";

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const finished = (transaction) => new Promise((resolve, reject) => {
  transaction.oncomplete = () => resolve();
  transaction.onerror = () => reject(transaction.error);
  transaction.onabort = () => reject(transaction.error || new Error("IndexedDB write aborted"));
});

// One account's Redo log in this browser: every node it holds, in the order it took them,
// each marked synced once the server has it. Tasks are replayed from it, one at a time.
export class LocalLog {
  constructor(db) {
    this.db = db;
    this.records = new Map();
    this.byTask = new Map();
    this.tasks = new Map();
    this.nextSeq = 1;
  }

  static async open(accountId) {
    const request = indexedDB.open("redo-log-" + accountId, 1);
    request.onupgradeneeded = () => {
      const nodes = request.result.createObjectStore("nodes", { keyPath: "id" });
      nodes.createIndex("taskId", "taskId");
      request.result.createObjectStore("meta");
    };
    const log = new LocalLog(await done(request));
    await log.load();
    return log;
  }

  async load() {
    const store = this.db.transaction("nodes", "readonly").objectStore("nodes");
    const all = await done(store.getAll());
    all.sort((a, b) => a.seq - b.seq);
    for (const record of all) this.remember(record);
    for (const taskId of this.byTask.keys()) this.replayTask(taskId);
  }

  remember(record) {
    this.records.set(record.id, record);
    if (!this.byTask.has(record.taskId)) this.byTask.set(record.taskId, []);
    this.byTask.get(record.taskId).push(record.node);
    this.nextSeq = Math.max(this.nextSeq, record.seq + 1);
  }

  replayTask(taskId) {
    const state = replay(this.byTask.get(taskId) || []);
    if (state.tasks[taskId]) this.tasks.set(taskId, state.tasks[taskId]); else this.tasks.delete(taskId);
  }

  nodesOf(taskId) { return (this.byTask.get(taskId) || []).slice(); }
  task(taskId) { return this.tasks.get(taskId) || null; }
  allTasks() { return Array.from(this.tasks.values()); }
  get unsynced() { return Array.from(this.records.values()).filter((r) => !r.synced && !r.refused); }
  get refused() { return Array.from(this.records.values()).filter((r) => r.refused); }

  // Takes valid nodes (checked by validateNode) into the log, per task, only those that
  // leave every node it already holds valid. Returns what it took and what it refused.
  async add(nodes, { synced }) {
    const groups = new Map();
    for (const node of nodes) {
      if (!groups.has(node.taskId)) groups.set(node.taskId, []);
      groups.get(node.taskId).push(node);
    }
    const accepted = [];
    const rejections = [];
    for (const [taskId, incoming] of groups) {
      const verdict = admit(incoming, this.nodesOf(taskId));
      accepted.push(...verdict.accepted);
      rejections.push(...verdict.rejections);
    }
    const records = accepted.map((node) => ({
      id: node.id, taskId: node.taskId, node, synced, seq: this.nextSeq++,
    }));
    const transaction = this.db.transaction("nodes", "readwrite");
    for (const record of records) transaction.objectStore("nodes").put(record);
    await finished(transaction);
    for (const record of records) this.remember(record);
    for (const taskId of new Set(records.map((r) => r.taskId))) this.replayTask(taskId);
    // Nodes this device already held may now be on the server too.
    if (synced) await this.markSynced(nodes.map((n) => n.id).filter((id) => this.records.has(id)));
    return { accepted, rejections };
  }

  async update(ids, change) {
    const transaction = this.db.transaction("nodes", "readwrite");
    for (const id of ids) {
      const record = this.records.get(id);
      if (!record) continue;
      change(record);
      transaction.objectStore("nodes").put(record);
    }
    await finished(transaction);
  }

  markSynced(ids) {
    const fresh = ids.filter((id) => this.records.get(id) && !this.records.get(id).synced);
    return fresh.length ? this.update(fresh, (r) => { r.synced = true; delete r.refused; }) : null;
  }

  markRefused(id, reason) { return this.update([id], (r) => { r.refused = reason; }); }

  // A task this account may no longer see leaves the browser with all its nodes.
  async forget(taskId) {
    const transaction = this.db.transaction("nodes", "readwrite");
    for (const node of this.nodesOf(taskId)) {
      transaction.objectStore("nodes").delete(node.id);
      this.records.delete(node.id);
    }
    await finished(transaction);
    this.byTask.delete(taskId);
    this.tasks.delete(taskId);
  }

  async meta(key) {
    return done(this.db.transaction("meta", "readonly").objectStore("meta").get(key));
  }

  async setMeta(key, value) {
    const transaction = this.db.transaction("meta", "readwrite");
    transaction.objectStore("meta").put(value, key);
    await finished(transaction);
  }
}

// Exchanges nodes with the server: this browser's new nodes go up (the server checks each),
// everyone's come down by cursor and are checked here before the log takes them.
export class Sync {
  constructor(log, fetchJSON) {
    this.log = log;
    this.fetchJSON = fetchJSON;
    this.running = null;
    this.again = false;
  }

  // One run at a time; a request during a run asks for one more run after it.
  run() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const report = { sent: 0, received: 0, problems: [] };
      try {
        do {
          this.again = false;
          await this.push(report);
          await this.pull(report);
        } while (this.again);
      } finally {
        this.running = null;
      }
      return report;
    })();
    return this.running;
  }

  async push(report) {
    const waiting = this.log.unsynced.sort((a, b) => a.seq - b.seq);
    for (let start = 0; start < waiting.length; start += 400) {
      const batch = waiting.slice(start, start + 400);
      const { results } = await this.fetchJSON("/api/redo/nodes", { nodes: batch.map((r) => r.node) });
      const kept = [];
      for (const result of results || []) {
        if (result.status === "rejected") {
          const reason = (result.code || "refused") + ": " + (result.message || "");
          await this.log.markRefused(result.id, reason);
          report.problems.push("The server refused a change: " + reason);
        } else {
          kept.push(result.id);
        }
      }
      await this.log.markSynced(kept);
      report.sent += kept.length;
    }
  }

  async pull(report) {
    let cursor = (await this.log.meta("cursor")) || 0;
    for (;;) {
      const page = await this.fetchJSON("/api/redo/nodes?since=" + cursor + "&limit=1000");
      report.received += await this.take(page.nodes || [], report);
      cursor = page.cursor || cursor;
      await this.log.setMeta("cursor", cursor);
      if (!page.more) break;
    }
    const { taskIds } = await this.fetchJSON("/api/redo/tasks");
    const visible = new Set(taskIds || []);
    for (const taskId of visible) {
      if (this.log.byTask.has(taskId)) continue;
      const page = await this.fetchJSON("/api/redo/tasks/" + taskId + "/nodes");
      report.received += await this.take(page.nodes || [], report);
    }
    // A task the server no longer shows this account was unshared or left: once nothing of
    // it waits to go up, it goes.
    for (const taskId of Array.from(this.log.byTask.keys())) {
      const pending = this.log.nodesOf(taskId).some((n) => {
        const record = this.log.records.get(n.id);
        return !record.synced && !record.refused;
      });
      if (!visible.has(taskId) && !pending) await this.log.forget(taskId);
    }
  }

  async take(entries, report) {
    const valid = [];
    for (const node of entries) {
      const verdict = await validateNode(node);
      if (verdict.ok) valid.push(node);
      else report.problems.push("A downloaded node was invalid: " + verdict.code + " " + verdict.message);
    }
    const { accepted } = await this.log.add(valid, { synced: true });
    return accepted.length;
  }
}

