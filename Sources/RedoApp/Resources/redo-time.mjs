// Wall times as Unix milliseconds in BigInt, read and written exactly as RedoCore does.
import { PlanError } from "./redo-errors.mjs";

// Unix milliseconds as BigInt: Swift holds them in an Int64, and snoozes can pass 2^53.
export const dayMs = 86400000n;
export const int64Max = 9223372036854775807n;

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
export const daysFromCivil = (year, month, day) => {
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
export const floorDiv = (value, divisor) => {
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
export const parseWall = (text) => {
  if (typeof text !== "string" || text.length !== 24 || text[10] !== "T" || text[23] !== "Z"
    || text[19] !== ".") return null;
  const base = parseDateAndTime(text);
  const fraction = numberAt(text, 20, 23);
  return base === null || fraction === null ? null : base + BigInt(fraction);
};

// RFC 3339: any fractional digits (kept to milliseconds), `Z` or an offset.
export const parseRFC3339 = (text) => {
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
export const formatWall = (milliseconds) => {
  const [days, millisOfDay] = floorDiv(BigInt(milliseconds), dayMs);
  const [year, month, day] = civil(days);
  const seconds = millisOfDay / 1000n;
  return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600n, 2) + ":"
    + pad(seconds / 60n % 60n, 2) + ":" + pad(seconds % 60n, 2) + "." + pad(millisOfDay % 1000n, 3) + "Z";
};
// Within the years the wall form can write, as WallTime.adding(days:) keeps them.
const earliestWall = -62167219200000n;
const latestWall = 253402300799999n;
export const addDays = (milliseconds, days) => {
  const sum = milliseconds + BigInt(days) * dayMs;
  return sum < earliestWall ? earliestWall : sum > latestWall ? latestWall : sum;
};

// A time a task's JSON holds: the node form, or WallTime.description outside the years 0-9999
// (which pads "-5" to "00-5").
export const parseTaskTime = (text) => {
  const wall = parseWall(text);
  if (wall !== null || typeof text !== "string") return wall;
  const parts = /^(\d{4,}|0{0,2}-\d+)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d\d\d)Z$/.exec(text);
  if (!parts) return null;
  const [hour, minute, second, milli] = parts.slice(4).map(BigInt);
  const days = daysFromCivil(Number(parts[1].replace(/^0+-/, "-")), Number(parts[2]), Number(parts[3]));
  return (days * 86400n + hour * 3600n + minute * 60n + second) * 1000n + milli;
};
export const requireTime = (text, what) => {
  const time = typeof text === "bigint" ? text : parseRFC3339(text);
  if (time === null) throw new PlanError(what + " must be an RFC 3339 date-time");
  return time;
};

// An RFC 3339 date-time as the wall time a node carries, or null.
export const toWall = (input) => {
  const instant = parseRFC3339(input);
  return instant === null ? null : formatWall(instant);
};
