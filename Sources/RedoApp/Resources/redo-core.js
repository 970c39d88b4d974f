// RedoCore for the browser: validation, replay, planning, signing and ranking of REDO v1 nodes,
// a port of Sources/RedoCore that must reach the same state from the same nodes.
(() => {
  "use strict";

  // --- RFC 8785 -------------------------------------------------------------------------
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const canonicalize = (value) => {
    if (value === null || typeof value === "boolean") return JSON.stringify(value);
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error("NaN and Infinity have no JSON form");
      return JSON.stringify(value); // ECMAScript's Number to String, as RFC 8785 asks
    }
    if (typeof value === "string") {
      if (loneSurrogate.test(value)) throw new Error("lone UTF-16 surrogate in a string");
      return JSON.stringify(value);
    }
    if (Array.isArray(value)) return "[" + value.map(canonicalize).join(",") + "]";
    if (typeof value === "object") {
      // Array.prototype.sort compares UTF-16 code units, RFC 8785's property order.
      const keys = Object.keys(value).sort();
      return "{" + keys.map((key) => {
        if (loneSurrogate.test(key)) throw new Error("lone UTF-16 surrogate in a key");
        if (value[key] === undefined) throw new Error("undefined is not JSON: " + key);
        return JSON.stringify(key) + ":" + canonicalize(value[key]);
      }).join(",") + "}";
    }
    throw new Error("not JSON: " + typeof value);
  };

  const encoder = new TextEncoder();
  const utf8 = (text) => encoder.encode(text);

  // --- JSON values as RedoCore reads them -------------------------------------------------
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const integerValue = (value) =>
    typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? value + 0 : null;
  const sameText = (a, b) => a === b || a.normalize("NFC") === b.normalize("NFC");

  // Swift compares strings by canonical equivalence: NFC, then Unicode scalar by scalar.
  const compareText = (a, b) => {
    if (a === b) return 0;
    const left = Array.from(a.normalize("NFC"), (c) => c.codePointAt(0));
    const right = Array.from(b.normalize("NFC"), (c) => c.codePointAt(0));
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      if (left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
    }
    return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
  };

  // Swift's JSON equality: numbers as doubles, strings by canonical equivalence.
  const jsonEqual = (a, b) => {
    if (typeof a === "string" && typeof b === "string") return sameText(a, b);
    if (Array.isArray(a) || Array.isArray(b)) {
      return Array.isArray(a) && Array.isArray(b) && a.length === b.length
        && a.every((item, i) => jsonEqual(item, b[i]));
    }
    if (isObject(a) && isObject(b)) {
      const keys = Object.keys(a);
      return keys.length === Object.keys(b).length
        && keys.every((key) => has(b, key) && jsonEqual(a[key], b[key]));
    }
    return a === b;
  };

  // What RedoCore's strict parser would have refused before validation begins.
  const jsonProblem = (value, depth) => {
    if (value === null || typeof value === "boolean") return null;
    if (typeof value === "number") {
      return Number.isFinite(value) ? null : [codes.schemaMismatch, "NaN and Infinity have no JSON form"];
    }
    if (typeof value === "string") {
      return loneSurrogate.test(value) ? [codes.encodingViolation, "lone UTF-16 surrogate in a string"] : null;
    }
    if (typeof value !== "object") return [codes.schemaMismatch, "a " + typeof value + " is not JSON"];
    if (depth >= 512) return [codes.schemaMismatch, "nesting deeper than 512 levels"];
    const entries = Array.isArray(value) ? value.map((item) => ["", item]) : Object.entries(value);
    for (const [key, item] of entries) {
      if (loneSurrogate.test(key)) return [codes.encodingViolation, "lone UTF-16 surrogate in a key"];
      const problem = jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  };

  // --- Hex and crypto -------------------------------------------------------------------
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (text) => {
    if (!/^([0-9a-f]{2})*$/.test(text)) throw new Error("expected lowercase hex");
    const bytes = new Uint8Array(text.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.substr(i * 2, 2), 16);
    return bytes;
  };
  const isLowercaseHex = (text, count) => text.length === count && /^[0-9a-f]*$/.test(text);
  const subtle = () => globalThis.crypto.subtle;

  const sha256Hex = async (bytes) => hex(new Uint8Array(await subtle().digest("SHA-256", bytes)));
  const contentID = async (bodyBytes) => "sha256:" + await sha256Hex(bodyBytes);

  const verifyingKeys = new Map();
  const verifyingKey = (publicKeyHex) => {
    if (!verifyingKeys.has(publicKeyHex)) {
      if (verifyingKeys.size > 1000) verifyingKeys.clear();
      verifyingKeys.set(publicKeyHex,
        subtle().importKey("raw", unhex(publicKeyHex), { name: "Ed25519" }, false, ["verify"]).catch(() => null));
    }
    return verifyingKeys.get(publicKeyHex);
  };
  const isValidSignature = async (signatureHex, publicKeyHex, message) => {
    if (!isLowercaseHex(signatureHex, 128) || !isLowercaseHex(publicKeyHex, 64)) return false;
    const key = await verifyingKey(publicKeyHex);
    if (!key) return false;
    try {
      return await subtle().verify({ name: "Ed25519" }, key, unhex(signatureHex), message);
    } catch {
      return false;
    }
  };

  const pkcs8Prefix = unhex("302e020100300506032b657004220420");
  // Extractable unless asked otherwise: a browser keeps its signing key non-extractable.
  const importSeed = (seedHex, extractable = true) => {
    const seed = unhex(seedHex);
    if (seed.length !== 32) throw new Error("a private key is 64 hex characters");
    const der = new Uint8Array(48);
    der.set(pkcs8Prefix);
    der.set(seed, 16);
    return subtle().importKey("pkcs8", der, { name: "Ed25519" }, extractable, ["sign"]);
  };
  const seedOf = async (privateKey) =>
    hex(new Uint8Array(await subtle().exportKey("pkcs8", privateKey)).slice(16));
  const publicKeyOf = async (privateKey) => {
    const jwk = await subtle().exportKey("jwk", privateKey);
    const raw = atob(jwk.x.replace(/-/g, "+").replace(/_/g, "/") + "=");
    return hex(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
  };
  const signBytes = async (privateKey, bytes) =>
    hex(new Uint8Array(await subtle().sign({ name: "Ed25519" }, privateKey, bytes)));

  // --- Wall times -----------------------------------------------------------------------
  // Unix milliseconds as BigInt: Swift holds them in an Int64, and snoozes can pass 2^53.
  const dayMs = 86400000n;
  const int64Max = 9223372036854775807n;

  const numberAt = (text, start, end) => {
    let value = 0;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (!(c >= 48 && c <= 57)) return null;
      value = value * 10 + (c - 48);
    }
    return value;
  };
  const daysIn = (month, year) => {
    if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
    return [4, 6, 9, 11].includes(month) ? 30 : 31;
  };
  // Howard Hinnant's days-from-civil and its inverse, on the proleptic Gregorian calendar.
  const daysFromCivil = (year, month, day) => {
    const y = BigInt(month <= 2 ? year - 1 : year);
    const era = (y >= 0n ? y : y - 399n) / 400n;
    const yearOfEra = y - era * 400n;
    const dayOfYear = BigInt(Math.trunc((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1);
    const dayOfEra = yearOfEra * 365n + yearOfEra / 4n - yearOfEra / 100n + dayOfYear;
    return era * 146097n + dayOfEra - 719468n;
  };
  const civil = (days) => {
    const z = days + 719468n;
    const era = (z >= 0n ? z : z - 146096n) / 146097n;
    const dayOfEra = z - era * 146097n;
    const yearOfEra = (dayOfEra - dayOfEra / 1460n + dayOfEra / 36524n - dayOfEra / 146096n) / 365n;
    const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n);
    const mp = (5n * dayOfYear + 2n) / 153n;
    const day = dayOfYear - (153n * mp + 2n) / 5n + 1n;
    const month = mp < 10n ? mp + 3n : mp - 9n;
    return [yearOfEra + era * 400n + (month <= 2n ? 1n : 0n), month, day];
  };
  const floorDiv = (value, divisor) => {
    const remainder = value % divisor;
    return remainder < 0n ? [value / divisor - 1n, remainder + divisor] : [value / divisor, remainder];
  };
  const pad = (value, width) => {
    const text = String(value);
    return text.length >= width ? text : "0".repeat(width - text.length) + text;
  };

  // `YYYY-MM-DDTHH:mm:ss` at the start of `text`, in milliseconds.
  const parseDateAndTime = (text) => {
    if (text.length < 19 || text[4] !== "-" || text[7] !== "-" || (text[10] !== "T" && text[10] !== "t")
      || text[13] !== ":" || text[16] !== ":") return null;
    const year = numberAt(text, 0, 4), month = numberAt(text, 5, 7), day = numberAt(text, 8, 10);
    const hour = numberAt(text, 11, 13), minute = numberAt(text, 14, 16), second = numberAt(text, 17, 19);
    if ([year, month, day, hour, minute, second].includes(null)) return null;
    if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year) || hour >= 24 || minute >= 60
      || second >= 60) return null;
    const days = daysFromCivil(year, month, day);
    return (days * 86400n + BigInt(hour * 3600 + minute * 60 + second)) * 1000n;
  };

  // The strict node form `YYYY-MM-DDTHH:mm:ss.sssZ`, with an upper-case `T` and `Z`.
  const parseWall = (text) => {
    if (typeof text !== "string" || text.length !== 24 || text[10] !== "T" || text[23] !== "Z"
      || text[19] !== ".") return null;
    const base = parseDateAndTime(text);
    const fraction = numberAt(text, 20, 23);
    return base === null || fraction === null ? null : base + BigInt(fraction);
  };

  // RFC 3339: any fractional digits (kept to milliseconds), `Z` or an offset.
  const parseRFC3339 = (text) => {
    if (typeof text !== "string") return null;
    const base = parseDateAndTime(text);
    if (base === null) return null;
    let index = 19;
    let fraction = 0;
    if (text[index] === ".") {
      index += 1;
      const start = index;
      while (index < text.length && text[index] >= "0" && text[index] <= "9") index += 1;
      if (index === start) return null;
      const count = Math.min(index - start, 3);
      fraction = numberAt(text, start, start + count) * [100, 10, 1][count - 1];
    }
    if (index >= text.length) return null;
    let offsetMinutes = 0;
    const sign = text[index];
    if (sign === "Z" || sign === "z") {
      index += 1;
    } else if (sign === "+" || sign === "-") {
      if (text.length !== index + 6 || text[index + 3] !== ":") return null;
      const hours = numberAt(text, index + 1, index + 3), minutes = numberAt(text, index + 4, index + 6);
      if (hours === null || hours >= 24 || minutes === null || minutes >= 60) return null;
      offsetMinutes = (hours * 60 + minutes) * (sign === "+" ? 1 : -1);
      index += 6;
    } else {
      return null;
    }
    if (index !== text.length) return null;
    return base + BigInt(fraction) - BigInt(offsetMinutes) * 60000n;
  };

  // WallTime.description: the node form, however far the instant is.
  const formatWall = (milliseconds) => {
    const [days, millisOfDay] = floorDiv(BigInt(milliseconds), dayMs);
    const [year, month, day] = civil(days);
    const seconds = millisOfDay / 1000n;
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600n, 2) + ":"
      + pad(seconds / 60n % 60n, 2) + ":" + pad(seconds % 60n, 2) + "." + pad(millisOfDay % 1000n, 3) + "Z";
  };
  // Within the years the wall form can write, as WallTime.adding(days:) keeps them.
  const earliestWall = -62167219200000n;
  const latestWall = 253402300799999n;
  const addDays = (milliseconds, days) => {
    const sum = milliseconds + BigInt(days) * dayMs;
    return sum < earliestWall ? earliestWall : sum > latestWall ? latestWall : sum;
  };

  // A time a task's JSON holds: the node form, or WallTime.description outside the years 0-9999
  // (which pads "-5" to "00-5").
  const parseTaskTime = (text) => {
    const wall = parseWall(text);
    if (wall !== null || typeof text !== "string") return wall;
    const parts = /^(\d{4,}|0{0,2}-\d+)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d\d\d)Z$/.exec(text);
    if (!parts) return null;
    const [hour, minute, second, milli] = parts.slice(4).map(BigInt);
    const days = daysFromCivil(Number(parts[1].replace(/^0+-/, "-")), Number(parts[2]), Number(parts[3]));
    return (days * 86400n + hour * 3600n + minute * 60n + second) * 1000n + milli;
  };
  const requireTime = (text, what) => {
    const time = typeof text === "bigint" ? text : parseRFC3339(text);
    if (time === null) throw new PlanError(what + " must be an RFC 3339 date-time");
    return time;
  };

  // --- Rejections -----------------------------------------------------------------------
  const codes = Object.freeze({
    schemaMismatch: "E_SCHEMA_MISMATCH", hashMismatch: "E_HASH_MISMATCH",
    invalidSignature: "E_INVALID_SIGNATURE", encodingViolation: "E_ENCODING_VIOLATION",
    forbiddenField: "E_FORBIDDEN_FIELD", duplicateCreate: "E_DUPLICATE_CREATE",
    invalidTodoRef: "E_INVALID_TODO_REF", missingDeletedChain: "E_MISSING_DELETED_CHAIN",
    lamportViolation: "E_LAMPORT_VIOLATION", parentNotFound: "E_PARENT_NOT_FOUND",
  });

  class NodeRejection extends Error {
    constructor(code, message, nodeId) {
      super(message);
      this.code = code;
      this.nodeId = nodeId;
    }
  }
  const schema = (message) => new NodeRejection(codes.schemaMismatch, message);
  const encoding = (message) => new NodeRejection(codes.encodingViolation, message);
  const reported = (rejection) =>
    ({ nodeId: rejection.nodeId, code: rejection.code, message: rejection.message });

  // --- Node structure (NodeValidator) ---------------------------------------------------
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
  const mergeableTaskFields = [...taskFields, "archived"].sort();
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
  const mergePayload = (payload, parents) => {
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
  const validateNode = async (json) => {
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

  // --- Nodes as replay reads them -------------------------------------------------------
  const records = new WeakMap();
  const recordOf = (node) => {
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
  const byTotalOrder = (a, b) => precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0;
  const latest = (list) => list.reduce((found, item) => found === undefined || precedes(found, item) ? item : found, undefined);

  // --- Task state -----------------------------------------------------------------------
  const newTask = (id, userId, title, created) => ({
    id, userId, title, description: "", privacy: false, storyPoints: 1, priority: 3, frequencyDays: null,
    created, lastUpdated: created, archived: false, todos: [], heads: [], headLamport: 1, nodeCount: 0,
  });

  const applyFields = (task, fields) => {
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

  const fieldOf = (task, name) => {
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
  const isShorter = (a, b) => {
    if (a.lamport !== b.lamport) return a.lamport < b.lamport;
    if (a.wall !== b.wall) return a.wall < b.wall;
    return a.nodeId < b.nodeId;
  };
  const isOpenTodo = (todo) => todo.completed === null || todo.completed === undefined;

  const updateTodo = (task, id, change) => {
    const todo = task.todos.find((item) => item.id === id);
    if (todo) change(todo);
  };
  const appendNote = (todo, note) => {
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
  const taskJSON = (task) => {
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

  // --- One task's DAG (TaskGraph) -------------------------------------------------------
  class TaskGraph {
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
          const id = typeof node.payload.todoTaskId === "string" ? node.payload.todoTaskId : "";
          const creators = this.todoCreators.get(id);
          if (!creators || !this.isAncestor(creators, index)) {
            return new NodeRejection(codes.invalidTodoRef, "no CREATE_TODO made todo " + id + " on this branch");
          }
          break;
        }
        case "DELETE": {
          const listed = Array.isArray(node.payload.deletedChain) ? node.payload.deletedChain : [];
          const chain = new Set(listed.filter((id) => typeof id === "string"));
          const branch = new Set([...this.ancestors(this.parents[index].filter((p) => p !== null))]
            .map((i) => this.ordered[i].id));
          const missing = [...branch].filter((id) => !chain.has(id)).length;
          const extra = [...chain].filter((id) => !branch.has(id)).length;
          if (missing > 0 || extra > 0) {
            return new NodeRejection(codes.missingDeletedChain,
              "deletedChain must list exactly the " + branch.size + " nodes from the CREATE to the deleted head "
              + "(" + missing + " missing, " + extra + " not on the branch)");
          }
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

    // Valid nodes outside every DELETE's chain survive, and so does everything they descend from.
    liveNodes() {
      const deleted = new Set();
      this.ordered.forEach((node, index) => {
        if (!this.valid[index] || node.action !== "DELETE") return;
        const chain = Array.isArray(node.payload.deletedChain) ? node.payload.deletedChain : [];
        for (const id of chain) if (typeof id === "string") deleted.add(id);
      });
      const live = this.ordered.map(() => false);
      for (let index = this.ordered.length - 1; index >= 0; index--) {
        if (!this.valid[index]) continue;
        const node = this.ordered[index];
        const survives = node.action !== "DELETE" && !deleted.has(node.id);
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

  // --- MERGE (MergeEvaluator) -----------------------------------------------------------
  // For each field, an explicit resolution wins; else the value of the only parent that changed
  // it from the base; else the default strategy. `undefined` stands for Swift's nil.
  const resolveMerge = (graph, merge, task) => {
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

  // --- Replay (TaskReplay) --------------------------------------------------------------
  const evaluateTask = (taskId, nodes) => new TaskGraph(taskId, nodes).evaluate();

  // Graph rules, the broken-branch rule, DELETE branch semantics, then state in total order.
  // The nodes given here have passed validateNode.
  const replay = (nodes) => {
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
  // newcomer must be valid on its own ancestry and leave every held node valid. Nodes already
  // held are neither accepted nor rejected again. `task` is the state with what was accepted.
  const admit = (incoming, held) => {
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
  const admitAll = (incoming, held) => {
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

  // --- Planning (DraftPlanner) ----------------------------------------------------------
  class PlanError extends Error {
    constructor(message) {
      super(message);
      this.name = "PlanError";
    }
  }

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

  const currentTodoOf = (task) => {
    let current = null;
    for (const todo of task.todos || []) {
      if (!isOpenTodo(todo)) continue;
      if (current && !isShorter(current, todo)) continue;
      current = todo;
    }
    return current;
  };

  // The heads a MERGE joins: all of them, or the latest ten with the one that holds the current
  // todo among them.
  const joined = (heads, task, nodes) => {
    const newestFirst = heads.slice().sort(byTotalOrder).reverse();
    if (newestFirst.length <= mostMergedHeads) return newestFirst;
    const todo = currentTodoOf(task);
    const holder = todo ? newestFirst.find((head) => ancestry(head.id, nodes).has(todo.nodeId)) : undefined;
    const others = newestFirst.filter((head) => !holder || head.id !== holder.id);
    return (holder ? [holder] : []).concat(others.slice(0, mostMergedHeads - (holder ? 1 : 0)));
  };

  const step = (nodeDraft, buildsOnPrevious = false) => ({ draft: nodeDraft, buildsOnPrevious });

  // Turns an intent into the drafts the protocol asks for: CREATE then CREATE_TODO for a new
  // task, COMPLETE_TODO then an explicit CREATE_TODO for a repeating one, a DELETE per branch. A
  // task that forked is joined by a MERGE first, and the change builds on it.
  // `task` is the task's JSON, `heads` its head nodes, `nodes` all its nodes.
  const plan = (intent, { task = null, heads = [], nodes = [], now, newID }) => {
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
    const todo = currentTodoOf(task);
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
  const headsOf = (taskNodes, task) => {
    const state = task === undefined && taskNodes.length > 0
      ? replay(taskNodes).tasks[taskNodes[0].taskId] : task;
    const wanted = new Set(state ? state.heads : []);
    const seen = new Set();
    return taskNodes.filter((node) => wanted.has(node.id) && !seen.has(node.id) && seen.add(node.id));
  };

  // What the CLI and the drafts API do around the planner: the task's nodes, its state and heads,
  // and the default deadline (now + the task's frequencyDays, else one day).
  const planFor = (intent, allNodes, taskId, now, newID) => {
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

  // --- Signing --------------------------------------------------------------------------
  // A node from a draft: the body is canonicalized, hashed for its id and signed.
  const signNode = async (nodeDraft, identity, wall) => {
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
  const signPlan = async (planned, identity, startWall) => {
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

  // --- Quick add: "Buy milk tomorrow p1 every 3d" --------------------------------------
  // What a one-line entry says besides its title: a due day (relative to `today`, the person's
  // local "YYYY-MM-DD"), a priority (p1, the most urgent, is the protocol's 5) and a repeat in
  // days (the protocol repeats by frequencyDays only, so a month is 30 days). Pure: no clock.
  const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
  // "sun" and "sat" are words too ("sun cream"), so those two days are only read in full.
  const weekdayPattern = "(monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sunday)";
  const unitDays = (unit) => /^(w|wk|wks|week|weeks)$/.test(unit) ? 7 : /^(m|mo|month|months)$/.test(unit) ? 30 : 1;
  const dayUnits = "(d|day|days|w|wk|wks|week|weeks|mo|month|months)";
  const shiftDay = (day, days) => {
    const [year, month, date] = day.split("-").map(Number);
    return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
  };
  const weekdayOf = (day) => {
    const [year, month, date] = day.split("-").map(Number);
    return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  };
  const quickRules = [
    {
      kind: "repeat",
      pattern: new RegExp("(?:^|\\s)every\\s+(?:(\\d+)\\s*" + dayUnits + "|(other)\\s+(day|week|month)|(day|week|month|year))(?=\\s|$)", "i"),
      read: (m) => {
        if (m[1]) return Number(m[1]) * unitDays(m[2].toLowerCase());
        if (m[3]) return 2 * unitDays(m[4].toLowerCase());
        return m[5].toLowerCase() === "year" ? 365 : unitDays(m[5].toLowerCase());
      },
    },
    {
      kind: "repeat",
      pattern: /(?:^|\s)(daily|weekly|monthly|yearly)(?=\s|$)/i,
      read: (m) => ({ daily: 1, weekly: 7, monthly: 30, yearly: 365 })[m[1].toLowerCase()],
    },
    {
      // "every monday": weekly, and the weekday is left for the due rule below.
      kind: "repeat",
      pattern: new RegExp("(?:^|\\s)every(?=\\s+" + weekdayPattern + "\\.?(?:\\s|$))", "i"),
      read: () => 7,
    },
    {
      kind: "due",
      pattern: new RegExp("(?:^|\\s)in\\s+(\\d+|a|an|one)\\s*" + dayUnits + "(?=\\s|$)", "i"),
      read: (m, today) => shiftDay(today, (/^\d+$/.test(m[1]) ? Number(m[1]) : 1) * unitDays(m[2].toLowerCase())),
    },
    {
      kind: "due",
      pattern: /(?:^|\s)next\s+week(?=\s|$)/i,
      read: (m, today) => shiftDay(today, ((8 - weekdayOf(today)) % 7) || 7),
    },
    {
      kind: "due",
      pattern: /(?:^|\s)(\d{4})-(\d{2})-(\d{2})(?=\s|$)/,
      read: (m) => {
        const day = m[1] + "-" + m[2] + "-" + m[3];
        return shiftDay(day, 0) === day ? day : undefined;
      },
    },
    {
      kind: "due",
      pattern: /(?:^|\s)(today|tonight|tod|tomorrow|tmrw|tmr)(?=\s|$)/i,
      read: (m, today) => shiftDay(today, /^to(day|night|d)$/i.test(m[1]) ? 0 : 1),
    },
    {
      kind: "due",
      pattern: new RegExp("(?:^|\\s)(?:(?:on|next)\\s+)?" + weekdayPattern + "\\.?(?=\\s|$)", "i"),
      read: (m, today) => {
        const wanted = weekdays.indexOf(m[1].slice(0, 3).toLowerCase());
        return shiftDay(today, ((wanted - weekdayOf(today) + 7) % 7) || 7);
      },
    },
    {
      kind: "priority",
      pattern: /(?:^|\s)(?:p|!)([1-5])(?=\s|$)/i,
      read: (m) => 6 - Number(m[1]),
    },
  ];

  const parseQuickAdd = (text, today) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(today))) throw new TypeError("today must be a YYYY-MM-DD day");
    let rest = " " + String(text) + " ";
    const found = { due: null, priority: null, frequencyDays: null };
    const understood = [];
    const field = { due: "due", priority: "priority", repeat: "frequencyDays" };
    for (const rule of quickRules) {
      if (found[field[rule.kind]] !== null) continue;
      const match = rule.pattern.exec(rest);
      if (!match) continue;
      const value = rule.read(match, today);
      if (value === undefined || (typeof value === "number" && !(value >= 1 && value <= 3650))) continue;
      found[field[rule.kind]] = value;
      understood.push({ kind: rule.kind, text: match[0].trim(), value });
      rest = rest.slice(0, match.index) + " " + rest.slice(match.index + match[0].length);
    }
    return { title: rest.replace(/\s+/g, " ").trim(), ...found, understood };
  };

  // --- Tasks in lists (RedoTask, Ranking, DeadlineText) ----------------------------------
  const currentTodo = (task) => currentTodoOf(task);
  const isDraft = (task) => !task.todos || task.todos.length === 0;
  const isActive = (task) => !task.archived && currentTodoOf(task) !== null;
  const deadlineOf = (todo) => parseTaskTime(todo.deadline);
  const isOverdue = (task, now) => {
    const todo = currentTodoOf(task);
    if (task.archived || !todo) return false;
    const deadline = deadlineOf(todo);
    return deadline !== null && deadline < requireTime(now, "now");
  };

  // U(t) = 1 + 10 / (1 + e^(0.4·t)), at least 0.1; t in days, negative when overdue.
  const urgency = (days) => Math.max(0.1, 1 + 10 / (1 + Math.exp(0.4 * days)));
  const standardRanking = {
    priorityWeight: (priority) => priority,
    complexityWeight: (points) => Math.sqrt(Math.max(points, 1)),
  };

  // R = W_p · U(t) · W_c. Zero for a task with no open todo or an archived one.
  const rankAt = (task, now, ranking) => {
    const todo = currentTodoOf(task);
    if (task.archived || !todo) return 0;
    const deadline = deadlineOf(todo);
    if (deadline === null) return 0;
    const days = Number(deadline - now) / 86400000;
    return ranking.priorityWeight(task.priority) * urgency(days) * ranking.complexityWeight(task.storyPoints);
  };
  const rank = (task, now, ranking = standardRanking) => rankAt(task, requireTime(now, "now"), ranking);

  // Highest rank first; ties by earlier deadline, then title, then id, so the order is stable.
  const ranked = (tasks, now, ranking) => {
    ranking = ranking || standardRanking;
    const clock = requireTime(now, "now");
    const list = Array.from(tasks);
    const ranks = list.map((task) => rankAt(task, clock, ranking));
    const deadlines = list.map((task) => {
      const todo = currentTodoOf(task);
      return (todo && deadlineOf(todo)) ?? int64Max;
    });
    const order = list.map((_, i) => i).sort((a, b) => {
      if (ranks[a] !== ranks[b]) return ranks[a] > ranks[b] ? -1 : 1;
      if (deadlines[a] !== deadlines[b]) return deadlines[a] < deadlines[b] ? -1 : 1;
      const titles = compareText(list[a].title, list[b].title);
      if (titles !== 0) return titles;
      return list[a].id < list[b].id ? -1 : list[a].id > list[b].id ? 1 : 0;
    });
    return order.map((i) => list[i]);
  };

  // Seconds east of UTC at an instant: in `timeZone` (IANA) or, without one, this device's zone.
  const zoneFormats = new Map();
  const zoneOffset = (milliseconds, timeZone) => {
    const instant = Number(milliseconds < -8640000000000000n ? -8640000000000000n
      : milliseconds > 8640000000000000n ? 8640000000000000n : milliseconds);
    if (!timeZone) return -new Date(instant).getTimezoneOffset() * 60;
    if (!zoneFormats.has(timeZone)) {
      zoneFormats.set(timeZone, new Intl.DateTimeFormat("en-US", {
        timeZone, hourCycle: "h23", era: "short", year: "numeric", month: "numeric", day: "numeric",
        hour: "numeric", minute: "numeric", second: "numeric",
      }));
    }
    const parts = {};
    for (const part of zoneFormats.get(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
    const year = parts.era === "BC" || parts.era === "B" ? 1 - Number(parts.year) : Number(parts.year);
    const local = new Date(0);
    local.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
    local.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
    return Math.round((local.getTime() - Math.floor(instant / 1000) * 1000) / 1000);
  };

  // Days since 1970-01-01 on the zone's wall clock.
  const localDay = (milliseconds, timeZone) => {
    const [seconds] = floorDiv(milliseconds, 1000n);
    return floorDiv(seconds + BigInt(zoneOffset(milliseconds, timeZone)), 86400n)[0];
  };

  // "Due today", "Due in 3 days", "2 days overdue": counted in calendar days of the zone.
  const describeDeadline = (deadline, now, options = {}) => {
    const due = typeof deadline === "bigint" ? deadline : parseTaskTime(deadline) ?? requireTime(deadline, "the deadline");
    const clock = requireTime(now, "now");
    const days = Number(localDay(due, options.timeZone) - localDay(clock, options.timeZone));
    if (days < 0) return -days + " " + (-days === 1 ? "day" : "days") + " overdue";
    if (days === 0) return due < clock ? "Overdue today" : "Due today";
    if (days === 1) return "Due tomorrow";
    if (days < 7) return "Due in " + days + " days";
    const weeks = Math.trunc(days / 7);
    return "Due in " + weeks + " " + (weeks === 1 ? "week" : "weeks");
  };

  // A task's status in a few words, as the web pages show it.
  const deadlineText = (task, now, options = {}) => {
    if (task.archived) return "Archived";
    const todo = currentTodoOf(task);
    if (!todo) return isDraft(task) ? "Draft" : "Done";
    return describeDeadline(todo.deadline, now, options);
  };

  // The first instant of local day `day` (days since 1970-01-01 on the zone's clock).
  const startOfLocalDay = (day, timeZone) => {
    const midnight = day * dayMs;
    const candidates = [];
    let guess = midnight;
    for (let i = 0; i < 3; i++) {
      guess = midnight - BigInt(zoneOffset(guess, timeZone)) * 1000n;
      if (localDay(guess, timeZone) === day) candidates.push(guess);
    }
    return candidates.length ? candidates.reduce((a, b) => a < b ? a : b) : guess;
  };
  const swiftInt = (textPart) => /^[+-]?[0-9]+$/.test(textPart) ? Number(textPart) : null;

  // Dates people type: today, tomorrow, +3d, 2w, 2026-12-01 (the end of that day in the zone),
  // or RFC 3339. Returns the node form, or null.
  const dueDate = (input, now, options = {}) => {
    const zone = options.timeZone;
    const clock = requireTime(now, "now");
    const lowered = input.toLowerCase().replace(/^[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+|[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+$/g, "");
    const today = localDay(clock, zone);
    const endOf = (day) => formatWall(startOfLocalDay(day + 1n, zone) - 1n);
    if (lowered === "today") return endOf(today);
    if (lowered === "tomorrow") return endOf(today + 1n);
    let digits = lowered.startsWith("+") ? lowered.slice(1) : lowered;
    const unit = /[dw]$/.test(digits) ? digits[digits.length - 1] : null;
    if (unit) digits = digits.slice(0, -1);
    const count = swiftInt(digits);
    if (count !== null && count >= 0 && count <= 36500 && (unit !== null || lowered.startsWith("+"))) {
      return endOf(today + BigInt(unit === "w" ? count * 7 : count));
    }
    const parts = lowered.split("-").filter((part) => part !== "").map(swiftInt);
    if (lowered.length === 10 && parts.length === 3 && !parts.includes(null) && parts[1] >= 1 && parts[1] <= 12
      && parts[2] >= 1 && parts[2] <= 31) {
      return endOf(daysFromCivil(parts[0], parts[1], 1) + BigInt(parts[2] - 1));
    }
    const instant = parseRFC3339(input);
    return instant === null ? null : formatWall(instant);
  };

  // --- Lists (TaskFilter) ---------------------------------------------------------------
  // `includeArchived` shows archived tasks and the others alike (the CLI's `--all`).
  const defaultFilter = () => ({
    showArchived: false, includeArchived: false, overdueOnly: false, activeOnly: true, priorities: [], search: "",
    dueWithinDays: null, sort: "rank",
  });
  const sorts = ["rank", "priority", "dueDate", "createdDate", "title"];
  const sortLabels = Object.freeze({
    rank: "Most urgent first", priority: "Priority", dueDate: "Due date", createdDate: "Created date", title: "Title",
  });
  const presets = Object.freeze([
    { slug: "all", name: "All Tasks", filter: defaultFilter() },
    { slug: "today", name: "Today", filter: { ...defaultFilter(), dueWithinDays: [0, 0] } },
    { slug: "urgent", name: "Urgent", filter: { ...defaultFilter(), overdueOnly: true, priorities: [4, 5], sort: "dueDate" } },
    { slug: "high", name: "High Priority", filter: { ...defaultFilter(), priorities: [4, 5], sort: "priority" } },
    { slug: "week", name: "This Week", filter: { ...defaultFilter(), dueWithinDays: [0, 7], sort: "dueDate" } },
  ].map((preset) => Object.freeze(preset)));

  // Reads `preset`, `q`, `sort`, `archived`, `overdue`, `all` and `priority` (repeatable), from
  // a query string, URLSearchParams or [name, value] pairs.
  const filterFromQuery = (query) => {
    const pairs = typeof query === "string" || query instanceof URLSearchParams
      ? Array.from(new URLSearchParams(query)) : Array.from(query || []);
    const values = new Map();
    for (const [name, value] of pairs) if (!values.has(name)) values.set(name, value);
    const preset = presets.find((one) => one.slug === values.get("preset"));
    const filter = preset ? { ...preset.filter, priorities: preset.filter.priorities.slice() } : defaultFilter();
    if (values.has("q")) filter.search = Array.from(values.get("q")).slice(0, 200).join("");
    if (sorts.includes(values.get("sort"))) filter.sort = values.get("sort");
    if (values.get("archived") === "1") {
      filter.showArchived = true;
      filter.activeOnly = false;
    }
    if (values.get("overdue") === "1") filter.overdueOnly = true;
    if (values.get("all") === "1") filter.activeOnly = false;
    const chosen = pairs.filter(([name]) => name === "priority").map(([, value]) => swiftInt(value))
      .filter((value) => value !== null && value >= 1 && value <= 5);
    if (chosen.length > 0) filter.priorities = [...new Set(chosen)];
    return filter;
  };

  const lowered = (value) => value.toLowerCase().normalize("NFC");

  // Which tasks a list shows and in what order, the days counted in `options.timeZone`.
  const filterTasks = (filter, tasks, now, options = {}) => {
    const clock = requireTime(now, "now");
    const settings = { ...defaultFilter(), ...filter };
    const today = localDay(clock, options.timeZone);
    const needle = lowered(settings.search);
    const kept = Array.from(tasks).filter((task) => {
      if (!settings.includeArchived && settings.showArchived !== task.archived) return false;
      if (settings.activeOnly && !settings.showArchived && !isActive(task)) return false;
      if (settings.overdueOnly && !isOverdue(task, clock)) return false;
      if (settings.priorities.length > 0 && !settings.priorities.includes(task.priority)) return false;
      if (needle !== "" && !lowered(task.title).includes(needle) && !lowered(task.description || "").includes(needle)) {
        return false;
      }
      if (settings.dueWithinDays) {
        const todo = currentTodoOf(task);
        const deadline = todo && deadlineOf(todo);
        if (deadline === null || deadline === undefined) return false;
        const offset = Number(localDay(deadline, options.timeZone) - today);
        const [lower, upper] = settings.dueWithinDays;
        // Overdue work is due "today or earlier" for these views.
        if (offset > upper || (offset < lower && offset >= 0)) return false;
      }
      return true;
    });
    const list = ranked(kept, clock, options.ranking);
    const deadline = (task) => {
      const todo = currentTodoOf(task);
      return (todo && deadlineOf(todo)) ?? int64Max;
    };
    switch (settings.sort) {
      case "priority": return list.slice().sort((a, b) => b.priority - a.priority);
      case "dueDate": return list.slice().sort((a, b) => deadline(a) < deadline(b) ? -1 : deadline(a) > deadline(b) ? 1 : 0);
      case "createdDate": {
        const created = (task) => parseTaskTime(task.created);
        return list.slice().sort((a, b) => created(a) > created(b) ? -1 : created(a) < created(b) ? 1 : 0);
      }
      case "title": return list.slice().sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "accent" }));
      default: return list;
    }
  };

  const wallTime = Object.freeze({
    parseWall, parseRFC3339, format: formatWall, addDays,
    toWall: (input) => {
      const instant = parseRFC3339(input);
      return instant === null ? null : formatWall(instant);
    },
  });

  const api = Object.freeze({
    canonicalize, codes, validateNode, replay, admit, admitAll, plan, planFor, headsOf, PlanError,
    signNode, signPlan, importSeed, seedOf, publicKeyOf, signBytes, hex, unhex, wallTime,
    currentTodo, isDraft, isActive, isOverdue, urgency, rank, ranked, describeDeadline, deadlineText, dueDate,
    presets, sortLabels, filterFromQuery, filterTasks, parseQuickAdd,
  });
  globalThis.redoCore = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})();
