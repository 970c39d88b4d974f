// JSON as RedoCore reads and writes it: RFC 8785 canonical bytes, text order and equality as
// Swift has them, and the values a node may hold.
import { codes } from "./redo-errors.mjs";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const canonicalize = (value) => {
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
export const utf8 = (text) => encoder.encode(text);

// --- JSON values as RedoCore reads them -------------------------------------------------
export const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export const integerValue = (value) =>
  typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
    ? value + 0 : null;
const sameText = (a, b) => a === b || a.normalize("NFC") === b.normalize("NFC");

// Swift compares strings by canonical equivalence: NFC, then Unicode scalar by scalar.
export const compareText = (a, b) => {
  if (a === b) return 0;
  const left = Array.from(a.normalize("NFC"), (c) => c.codePointAt(0));
  const right = Array.from(b.normalize("NFC"), (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
};

// Swift's JSON equality: numbers as doubles, strings by canonical equivalence.
export const jsonEqual = (a, b) => {
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
export const jsonProblem = (value, depth) => {
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
