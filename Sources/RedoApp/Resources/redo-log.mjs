import { codes } from "./redo-errors.mjs";
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
    for (const record of all) {
      // Before refusals were told apart, an unregistered key's refusal was kept as final.
      if (record.refused && /^(forbidden: author\.publicKey|unknown_key)/.test(record.refused)) delete record.refused;
      this.remember(record);
    }
    for (const taskId of this.byTask.keys()) this.replayTask(taskId);
  }

  remember(record) {
    this.records.set(record.id, record);
    if (!this.byTask.has(record.taskId)) this.byTask.set(record.taskId, []);
    this.byTask.get(record.taskId).push(record.node);
    this.nextSeq = Math.max(this.nextSeq, record.seq + 1);
  }

  // Refused nodes take no part: the task is what the server can hold.
  replayTask(taskId) {
    const state = replay(this.nodesOf(taskId));
    if (state.tasks[taskId]) this.tasks.set(taskId, state.tasks[taskId]); else this.tasks.delete(taskId);
  }

  nodesOf(taskId) { return (this.byTask.get(taskId) || []).filter((node) => !this.records.get(node.id).refused); }
  // The task as this browser's refused changes would have made it.
  wantedTask(taskId) { return replay(this.byTask.get(taskId) || []).tasks[taskId] || null; }
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

  // A refusal for good: the node and every node of its task built on it leave the replay,
  // kept (with the reason) until the person discards them or keeps a copy.
  async setAside(refusals) {
    const leaving = new Map();
    for (const { id, reason } of refusals) {
      const record = this.records.get(id);
      if (!record) continue;
      for (const member of refusedClosure(new Set([id]), this.byTask.get(record.taskId) || [])) {
        if (!leaving.has(member)) leaving.set(member, reason);
      }
    }
    await this.update(Array.from(leaving.keys()), (r) => { r.refused = leaving.get(r.id); });
    for (const taskId of new Set(Array.from(leaving.keys()).map((id) => this.records.get(id).taskId))) this.replayTask(taskId);
  }

  // Refused changes, one entry per task: its id, the reasons, and the nodes.
  refusedChanges() {
    const byTask = new Map();
    for (const record of this.refused) {
      if (!byTask.has(record.taskId)) byTask.set(record.taskId, { taskId: record.taskId, reasons: [], ids: [] });
      const entry = byTask.get(record.taskId);
      entry.ids.push(record.id);
      if (!entry.reasons.includes(record.refused)) entry.reasons.push(record.refused);
    }
    return Array.from(byTask.values());
  }

  async discardRefused(taskId) {
    const ids = this.refused.filter((r) => r.taskId === taskId).map((r) => r.id);
    const transaction = this.db.transaction("nodes", "readwrite");
    for (const id of ids) {
      transaction.objectStore("nodes").delete(id);
      this.records.delete(id);
    }
    await finished(transaction);
    const kept = (this.byTask.get(taskId) || []).filter((node) => this.records.has(node.id));
    if (kept.length) this.byTask.set(taskId, kept); else this.byTask.delete(taskId);
    this.replayTask(taskId);
  }

  // Work of this browser's that the server does not hold: waiting to go up, or refused.
  holdsUnsent(taskId) {
    return (this.byTask.get(taskId) || []).some((node) => !this.records.get(node.id).synced);
  }

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
// Refusals that may pass later: the node waits and is sent again.
export const temporaryRefusals = new Set(["unknown_key", "rate_limited", "unavailable", "internal", codes.parentNotFound]);

// `ids` with every node of `nodes` built on one of them.
export const refusedClosure = (ids, nodes) => {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (!out.has(node.id) && node.parents.some((parent) => out.has(parent))) {
        out.add(node.id);
        grew = true;
      }
    }
  }
  return out;
};

export class Sync {
  // `register` makes sure the server knows this browser's key; it runs before any upload.
  constructor(log, fetchJSON, register) {
    this.log = log;
    this.fetchJSON = fetchJSON;
    this.register = register || (async () => {});
    this.running = null;
    this.again = false;
    this.incomplete = new Set();
  }

  // One run at a time; a request during a run is answered by one more run after it, even
  // when the current one fails (it may have started before the connection came back).
  run() {
    if (this.running) {
      this.next = this.next || this.running.catch(() => {}).then(() => {
        this.next = null;
        return this.run();
      });
      return this.next;
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
    let waiting = this.log.unsynced.sort((a, b) => a.seq - b.seq);
    if (!waiting.length) return;
    await this.register(false);
    const refused = [];
    let unknownKey = false;
    for (let start = 0; start < waiting.length; start += 400) {
      const batch = waiting.slice(start, start + 400);
      const { results } = await this.fetchJSON("/api/redo/nodes", { nodes: batch.map((r) => r.node) });
      const kept = [];
      for (const result of results || []) {
        if (result.status !== "rejected") kept.push(result.id);
        else if (result.code === "unknown_key") unknownKey = true;
        else if (!temporaryRefusals.has(result.code)) {
          refused.push({ id: result.id, reason: refusalWords(result) });
        }
      }
      await this.log.markSynced(kept);
      report.sent += kept.length;
    }
    await this.log.setAside(refused);
    for (const reason of new Set(refused.map((r) => r.reason))) report.problems.push(reason);
    if (unknownKey) {
      // The server forgot this browser's key (it was revoked, or registering never finished):
      // register it again and send once more; the changes wait meanwhile.
      await this.register(true);
      this.again = true;
      report.problems.push("This browser's key was not registered to your account; it is now, and your changes are sent again.");
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
    // A task new here, one shared again after a removal (the cursor passed what was written
    // meanwhile), or one whose new nodes build on nodes never seen here, comes whole.
    const seenBefore = new Set((await this.log.meta("visibleTasks")) || []);
    for (const taskId of visible) {
      if (this.log.byTask.has(taskId) && seenBefore.has(taskId) && !this.incomplete.has(taskId)) continue;
      const page = await this.fetchJSON("/api/redo/tasks/" + taskId + "/nodes");
      report.received += await this.take(page.nodes || [], report);
    }
    this.incomplete.clear();
    await this.log.setMeta("visibleTasks", Array.from(visible));
    // A task the server no longer shows this account was unshared or left: once nothing of
    // this browser's own work on it is unsent or refused, it goes.
    for (const taskId of Array.from(this.log.byTask.keys())) {
      if (!visible.has(taskId) && !this.log.holdsUnsent(taskId)) await this.log.forget(taskId);
    }
  }

  async take(entries, report) {
    const valid = [];
    for (const node of entries) {
      const verdict = await validateNode(node);
      if (verdict.ok) valid.push(node);
      else report.problems.push("A downloaded node was invalid: " + verdict.code + " " + verdict.message);
    }
    const { accepted, rejections } = await this.log.add(valid, { synced: true });
    const taskOf = new Map(valid.map((node) => [node.id, node.taskId]));
    for (const rejection of rejections) {
      if (rejection.code === codes.parentNotFound && taskOf.has(rejection.nodeId)) this.incomplete.add(taskOf.get(rejection.nodeId));
    }
    return accepted.length;
  }
}


// The server's refusal in the words the person reads.
export const refusalWords = (result) => result.code === "forbidden"
  ? result.message
  : "The server found the change invalid: " + (result.message || "") + " (" + result.code + ").";
