// Hex, SHA-256 content ids and Ed25519 keys over WebCrypto.

export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
export const unhex = (text) => {
  if (!/^([0-9a-f]{2})*$/.test(text)) throw new Error("expected lowercase hex");
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.substr(i * 2, 2), 16);
  return bytes;
};
export const isLowercaseHex = (text, count) => text.length === count && /^[0-9a-f]*$/.test(text);
const subtle = () => globalThis.crypto.subtle;

const sha256Hex = async (bytes) => hex(new Uint8Array(await subtle().digest("SHA-256", bytes)));
export const contentID = async (bodyBytes) => "sha256:" + await sha256Hex(bodyBytes);

const verifyingKeys = new Map();
const verifyingKey = (publicKeyHex) => {
  if (!verifyingKeys.has(publicKeyHex)) {
    if (verifyingKeys.size > 1000) verifyingKeys.clear();
    verifyingKeys.set(publicKeyHex,
      subtle().importKey("raw", unhex(publicKeyHex), { name: "Ed25519" }, false, ["verify"]).catch(() => null));
  }
  return verifyingKeys.get(publicKeyHex);
};
export const isValidSignature = async (signatureHex, publicKeyHex, message) => {
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
export const importSeed = (seedHex, extractable = true) => {
  const seed = unhex(seedHex);
  if (seed.length !== 32) throw new Error("a private key is 64 hex characters");
  const der = new Uint8Array(48);
  der.set(pkcs8Prefix);
  der.set(seed, 16);
  return subtle().importKey("pkcs8", der, { name: "Ed25519" }, extractable, ["sign"]);
};
export const seedOf = async (privateKey) =>
  hex(new Uint8Array(await subtle().exportKey("pkcs8", privateKey)).slice(16));
export const publicKeyOf = async (privateKey) => {
  const jwk = await subtle().exportKey("jwk", privateKey);
  const raw = atob(jwk.x.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return hex(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
};
export const signBytes = async (privateKey, bytes) =>
  hex(new Uint8Array(await subtle().sign({ name: "Ed25519" }, privateKey, bytes)));
