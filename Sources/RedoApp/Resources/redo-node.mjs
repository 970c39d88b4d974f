// One node's structure and payload rules (NodeValidator, PayloadRules, MergePayload), checked
// before replay.
import { contentID, isLowercaseHex, isValidSignature } from "./redo-crypto.mjs";
import { NodeRejection, codes, encoding, schema } from "./redo-errors.mjs";
import { canonicalize, has, integerValue, isObject, jsonProblem, utf8 } from "./redo-json.mjs";
import { parseRFC3339, parseWall } from "./redo-time.mjs";

const actions = {
  CREATE: [0, 0], UPDATE: [1, 1], DELETE: [1, 1], COMPLETE_TODO: [1, 1], CREATE_TODO: [1, 1],
  SNOOZE: [1, 1], ARCHIVE: [1, 1], UNARCHIVE: [1, 1], MERGE: [2, 10],
};
const envelopeKeys = new Set([
  "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
]);
const authorKeys = new Set(["userId", "deviceId", "publicKey", "name", "email", "deviceName"]);
const maximumPayloadBytes = 1048576;

const rejectUnknownKeys = (members, allowed, place) => {
  const extra = Object.keys(members).sort().find((key) => !allowed.has(key));
  if (extra !== undefined) throw schema(place + " has an unknown field \"" + extra + "\"");
};
const string = (members, key, path = key) => {
  if (!has(members, key)) throw schema(path + " is missing");
  if (typeof members[key] !== "string") throw schema(path + " must be a string");
  return members[key];
};
const optionalString = (members, key, path) => has(members, key) ? string(members, key, path) : null;

const requireContentID = (text, field) => {
  if (!text.startsWith("sha256:") || !isLowercaseHex(text.slice(7), 64)) {
    throw encoding(field + " must be sha256: and 64 lowercase hex characters");
  }
};
const isHexByte = (b) => (b >= 48 && b <= 57) || (b >= 97 && b <= 102) || (b >= 65 && b <= 70);
const requireUUIDv4 = (text, field) => {
  const bytes = utf8(text);
  const malformed = () => schema(field + " must be a UUID v4, like 550e8400-e29b-41d4-a716-446655440000");
  if (bytes.length !== 36) throw malformed();
  bytes.forEach((byte, index) => {
    const isDash = [8, 13, 18, 23].includes(index);
    if (isDash !== (byte === 45) || (!isDash && !isHexByte(byte))) throw malformed();
    if (byte >= 65 && byte <= 70) throw encoding(field + " must be lowercase");
  });
  if (bytes[14] !== 52 || ![56, 57, 97, 98].includes(bytes[19])) {
    throw schema(field + " must be a version 4 UUID");
  }
};

const decodeAuthor = (author) => {
  if (!isObject(author)) throw schema("author must be an object");
  rejectUnknownKeys(author, authorKeys, "author");
  const publicKey = string(author, "publicKey", "author.publicKey");
  if (!isLowercaseHex(publicKey, 64)) throw encoding("author.publicKey must be 64 lowercase hex characters");
  const userId = string(author, "userId", "author.userId");
  if (!isLowercaseHex(userId, 32)) throw encoding("author.userId must be 32 lowercase hex characters");
  if (!publicKey.startsWith(userId)) {
    throw schema("author.userId must be the first 32 characters of author.publicKey");
  }
  const deviceId = string(author, "deviceId", "author.deviceId");
  if (deviceId === "") throw schema("author.deviceId must not be empty");
  return {
    userId, deviceId, publicKey,
    name: optionalString(author, "name", "author.name"),
    email: optionalString(author, "email", "author.email"),
    deviceName: optionalString(author, "deviceName", "author.deviceName"),
  };
};

const describeRange = ([low, high]) => low === high ? "exactly " + low : low + " to " + high;

// The envelope, strictly: every required field, no extra keys, lowercase hex everywhere.
const decode = (json) => {
  if (!isObject(json)) throw schema("a node is a JSON object");
  rejectUnknownKeys(json, envelopeKeys, "the node");
  const id = string(json, "id");
  requireContentID(id, "id");
  if (!has(json, "version") || integerValue(json.version) !== 1) throw schema("version must be 1");
  if (!has(json, "parents") || !Array.isArray(json.parents)) throw schema("parents must be an array");
  const parents = [];
  for (const parent of json.parents) {
    if (typeof parent !== "string") throw schema("parents must hold strings");
    requireContentID(parent, "parents");
    parents.push(parent);
  }
  const timestamp = has(json, "timestamp") ? json.timestamp : undefined;
  if (!isObject(timestamp)) throw schema("timestamp must be an object");
  rejectUnknownKeys(timestamp, new Set(["lamport", "wall"]), "timestamp");
  const lamport = has(timestamp, "lamport") ? integerValue(timestamp.lamport) : null;
  if (lamport === null || lamport < 1) throw schema("timestamp.lamport must be an integer of at least 1");
  const wall = string(timestamp, "wall", "timestamp.wall");
  if (parseWall(wall) === null) throw schema("timestamp.wall must look like 2025-10-26T00:00:00.000Z");
  const author = decodeAuthor(has(json, "author") ? json.author : undefined);
  const action = string(json, "action");
  if (!has(actions, action)) throw schema("unknown action \"" + action + "\"");
  const [low, high] = actions[action];
  if (parents.length < low || parents.length > high) {
    throw schema(action + " takes " + describeRange(actions[action]) + " parents, not " + parents.length);
  }
  if (new Set(parents).size !== parents.length) throw schema("parents lists an id twice");
  const taskId = string(json, "taskId");
  requireUUIDv4(taskId, "taskId");
  const data = has(json, "data") ? json.data : undefined;
  if (!isObject(data)) throw schema("data must be an object");
  rejectUnknownKeys(data, new Set(["payload"]), "data");
  const payload = has(data, "payload") ? data.payload : undefined;
  if (!isObject(payload)) throw schema("data.payload must be an object");
  // Every payload field is named in ASCII; RedoCore refuses any other name here.
  const odd = Object.keys(payload).sort().find((key) => /[^\x00-\x7f]/.test(key));
  if (odd !== undefined) throw schema("the payload has an unknown field \"" + odd + "\"");
  let signature = null;
  if (has(json, "signature")) {
    if (typeof json.signature !== "string") throw schema("signature must be a string");
    if (!isLowercaseHex(json.signature, 128)) {
      throw encoding("signature must be 128 lowercase hex characters");
    }
    signature = json.signature;
  }
  return { id, parents, lamport, wall, author, action, taskId, payload, signature };
};

// The hashed and signed part: the whole node without `id` and `signature`.
const bodyOf = (node) => {
  const author = { userId: node.author.userId, deviceId: node.author.deviceId, publicKey: node.author.publicKey };
  for (const key of ["name", "email", "deviceName"]) {
    if (typeof node.author[key] === "string") author[key] = node.author[key];
  }
  return {
    version: 1, parents: node.parents, timestamp: { lamport: node.lamport, wall: node.wall }, author,
    action: node.action, taskId: node.taskId, data: { payload: node.payload },
  };
};

// --- Payload rules (PayloadRules, MergePayload) ----------------------------------------
const reserved = ["guid", "todoTasks", "created", "archived", "deleted"];
const taskFields = ["title", "description", "privacy", "storyPoints", "priority", "frequencyDays"];
const strategies = new Set(["ours", "theirs", "union", "lww", "manual", "max", "min"]);
export const mergeableTaskFields = [...taskFields, "archived"].sort();
const mergeableTodoFields = ["deadline", "notes"];

const closed = (payload, allowed) => rejectUnknownKeys(payload, new Set(allowed), "the payload");
const text = (payload, key) => {
  if (has(payload, key) && typeof payload[key] !== "string") throw schema("payload." + key + " must be a string");
};
const integer = (payload, key, minimum, maximum = 1000000000) => {
  if (!has(payload, key)) return;
  const number = integerValue(payload[key]);
  if (number === null || number < minimum || number > maximum) {
    throw schema("payload." + key + " must be a whole number from " + minimum + " to " + maximum);
  }
};
const taskValues = (payload) => {
  if (has(payload, "title") && (typeof payload.title !== "string" || payload.title === "")) {
    throw schema("payload.title must be a non-empty string");
  }
  text(payload, "description");
  if (has(payload, "privacy") && typeof payload.privacy !== "boolean") {
    throw schema("payload.privacy must be true or false");
  }
  integer(payload, "storyPoints", 0);
  integer(payload, "priority", 1, 5);
  integer(payload, "frequencyDays", 1);
};
const dateTime = (payload, key, required) => {
  if (!has(payload, key)) {
    if (required) throw schema("payload." + key + " is missing");
    return;
  }
  if (parseRFC3339(payload[key]) === null) throw schema("payload." + key + " must be an RFC 3339 date-time");
};
const todoId = (payload, strict) => {
  if (!has(payload, "todoTaskId")) throw schema("payload.todoTaskId is missing");
  const value = payload.todoTaskId;
  if (typeof value !== "string" || value === "") throw schema("payload.todoTaskId must be a non-empty string");
  if (strict) requireUUIDv4(value, "payload.todoTaskId");
};

const optionalObject = (members, key, path) => {
  if (!has(members, key)) return null;
  if (!isObject(members[key])) throw schema(path + " must be an object");
  return members[key];
};

// A value chosen by hand obeys the rules the field has in the payloads that set it.
const checkManualValue = (value, field, todo) => {
  if (todo && field === "deadline") dateTime({ [field]: value }, field, true);
  else if (todo) text({ [field]: value }, field);
  else if (field === "archived") {
    if (typeof value !== "boolean") throw schema("payload.archived must be true or false");
  } else taskValues({ [field]: value });
};

const fieldResolutions = (members, key, allowed, parents) => {
  if (!has(members, key)) return [];
  const entries = members[key];
  if (!Array.isArray(entries)) throw schema("field resolutions must be an array");
  const todo = allowed === mergeableTodoFields;
  return entries.map((entry) => {
    if (!isObject(entry)) throw schema("a field resolution is an object");
    rejectUnknownKeys(entry, new Set(["path", "strategy", "chosenParent", "value", "notes"]), "a field resolution");
    let path = string(entry, "path", "resolution.path");
    if (path.startsWith("task.")) path = path.slice(5);
    if (!allowed.includes(path)) throw schema("resolution.path \"" + path + "\" is not a mergeable field");
    const strategy = string(entry, "strategy", "resolution.strategy");
    if (!strategies.has(strategy)) throw schema("unknown merge strategy \"" + strategy + "\"");
    const chosenParent = optionalString(entry, "chosenParent", "resolution.chosenParent");
    if ((strategy === "ours" || strategy === "theirs") && (chosenParent === null || !parents.includes(chosenParent))) {
      throw schema("strategy " + strategy + " needs chosenParent, one of the parents");
    }
    if (strategy === "manual") {
      if (!has(entry, "value")) throw schema("strategy manual needs a value");
      checkManualValue(entry.value, path, todo);
    }
    optionalString(entry, "notes", "resolution.notes");
    return { path, strategy, chosenParent, value: has(entry, "value") ? entry.value : undefined };
  });
};

// A MERGE payload, read and checked: the base, the policy and any per-field resolutions.
export const mergePayload = (payload, parents) => {
  closed(payload, ["base", "policy", "resolutions"]);
  const base = string(payload, "base", "payload.base");
  requireContentID(base, "payload.base");
  const policy = optionalObject(payload, "policy", "payload.policy") || {};
  rejectUnknownKeys(policy, new Set(["defaultStrategy", "lwwTiebreakers", "arrayStrategy"]), "payload.policy");
  const defaultStrategy = optionalString(policy, "defaultStrategy", "policy.defaultStrategy") ?? "lww";
  if (!strategies.has(defaultStrategy)) throw schema("unknown merge strategy \"" + defaultStrategy + "\"");
  let lwwTiebreakers = ["lamport", "wall", "author"];
  if (has(policy, "lwwTiebreakers")) {
    const list = policy.lwwTiebreakers;
    if (!Array.isArray(list) || !list.every((name) => ["lamport", "wall", "author"].includes(name))) {
      throw schema("policy.lwwTiebreakers holds lamport, wall or author");
    }
    lwwTiebreakers = list.slice();
  }
  const arrayStrategy = optionalString(policy, "arrayStrategy", "policy.arrayStrategy") ?? "union";
  if (!["union", "lww"].includes(arrayStrategy)) throw schema("policy.arrayStrategy is union or lww");
  const resolutions = optionalObject(payload, "resolutions", "payload.resolutions") || {};
  rejectUnknownKeys(resolutions, new Set(["task", "todos"]), "payload.resolutions");
  const task = fieldResolutions(resolutions, "task", mergeableTaskFields, parents);
  const todos = new Map();
  const todoList = has(resolutions, "todos") ? resolutions.todos : undefined;
  for (const entry of Array.isArray(todoList) ? todoList : []) {
    if (!isObject(entry)) throw schema("resolutions.todos holds objects");
    rejectUnknownKeys(entry, new Set(["todoTaskId", "fields"]), "a todo resolution");
    const id = string(entry, "todoTaskId", "resolutions.todos.todoTaskId");
    todos.set(id, fieldResolutions(entry, "fields", mergeableTodoFields, parents));
  }
  if (todoList !== undefined && !Array.isArray(todoList)) throw schema("resolutions.todos must be an array");
  return { base, defaultStrategy, lwwTiebreakers, arrayStrategy, task, todos };
};

const checkPayload = (node) => {
  const payload = node.payload;
  const forbidden = node.action === "UPDATE" ? [...reserved, "archive"] : reserved;
  const name = Object.keys(payload).sort().find((key) => forbidden.includes(key));
  if (name !== undefined) {
    throw new NodeRejection(codes.forbiddenField, "\"" + name + "\" may not appear in a " + node.action + " payload");
  }
  let size;
  try {
    size = utf8(canonicalize(payload)).length;
  } catch {
    size = Infinity;
  }
  if (size > maximumPayloadBytes) throw schema("the payload is " + size + " bytes; the limit is 1 MiB");
  switch (node.action) {
    case "CREATE":
      closed(payload, taskFields);
      if (!has(payload, "title")) throw schema("payload.title is missing");
      taskValues(payload);
      break;
    case "UPDATE":
      closed(payload, taskFields);
      if (Object.keys(payload).length === 0) throw schema("an UPDATE changes at least one field");
      taskValues(payload);
      break;
    case "CREATE_TODO":
      closed(payload, ["todoTaskId", "deadline", "notes"]);
      todoId(payload, true);
      dateTime(payload, "deadline", true);
      text(payload, "notes");
      break;
    case "COMPLETE_TODO":
      closed(payload, ["todoTaskId", "completed", "notes"]);
      todoId(payload, true);
      dateTime(payload, "completed", true);
      text(payload, "notes");
      break;
    case "SNOOZE": {
      closed(payload, ["todoTaskId", "daysToExtend", "newDeadline", "notes"]);
      todoId(payload, false);
      const days = has(payload, "daysToExtend"), until = has(payload, "newDeadline");
      if (days && !until) integer(payload, "daysToExtend", 1);
      else if (!days && until) dateTime(payload, "newDeadline", true);
      else throw schema("a SNOOZE has exactly one of daysToExtend and newDeadline");
      text(payload, "notes");
      break;
    }
    case "ARCHIVE":
    case "UNARCHIVE":
      closed(payload, []);
      break;
    case "DELETE": {
      closed(payload, ["deletedChain"]);
      const chain = has(payload, "deletedChain") ? payload.deletedChain : undefined;
      if (!Array.isArray(chain) || chain.length === 0) {
        throw new NodeRejection(codes.missingDeletedChain, "a DELETE lists its branch in payload.deletedChain");
      }
      for (const entry of chain) {
        if (typeof entry !== "string") throw schema("payload.deletedChain holds node ids");
        requireContentID(entry, "payload.deletedChain");
      }
      break;
    }
    case "MERGE":
      mergePayload(payload, node.parents);
      break;
  }
};

// The checks a single node must pass wherever it enters a store: schema, encodings, payload
// rules, content id and signature. Rules that need the rest of the graph are replay's.
export const validateNode = async (json) => {
  const nodeId = isObject(json) && typeof json.id === "string" ? json.id : undefined;
  const problem = jsonProblem(json, 0);
  if (problem) return { ok: false, code: problem[0], message: problem[1], nodeId };
  try {
    const node = decode(json);
    checkPayload(node);
    const body = utf8(canonicalize(bodyOf(node)));
    const computed = await contentID(body);
    if (computed !== node.id) throw new NodeRejection(codes.hashMismatch, "its content hashes to " + computed);
    if (node.signature === null) throw new NodeRejection(codes.invalidSignature, "it has no signature");
    if (!await isValidSignature(node.signature, node.author.publicKey, body)) {
      throw new NodeRejection(codes.invalidSignature, "the signature does not verify with author.publicKey");
    }
    return { ok: true };
  } catch (error) {
    if (!(error instanceof NodeRejection)) throw error;
    return { ok: false, code: error.code, message: error.message, nodeId };
  }
};
