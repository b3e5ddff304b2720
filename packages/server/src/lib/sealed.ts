import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";

/** The format marker at the start of every sealed value (also authenticated with it). */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: altered, cut, or sealed under another key. */
export class SealError extends Error {
  constructor() {
    super("The sealed value cannot be opened.");
    this.name = "SealError";
  }
}

/**
 * A 256-bit key for one purpose, derived from the server secret with HKDF-SHA256; `purpose`
 * (e.g. "content-studio mail v1") keeps keys for different uses apart, so one never opens
 * another's values. A KeyObject never prints its bytes when logged or inspected.
 */
export function deriveKey(secret: string, purpose: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync("sha256", secret, "", purpose, 32)));
}

/**
 * Encrypts and authenticates `value` (as JSON) with AES-256-GCM under a fresh random IV:
 * `v1.<base64url of IV | ciphertext | tag>`.
 */
export function seal(key: KeyObject, value: object): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** Opens a value from `seal`; throws SealError when it was altered or sealed under another key. */
export function unseal(key: KeyObject, sealed: string): unknown {
  const [version, payload, ...rest] = sealed.split(".");
  if (version !== VERSION || payload === undefined || rest.length > 0) throw new SealError();
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealError();
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  let text: string;
  try {
    text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new SealError();
  }
  return JSON.parse(text) as unknown;
}

/** Seals and opens values under one purpose's key (e.g. webhook signing secrets at rest). */
export interface Sealer {
  seal(value: object): string;
  /** Throws SealError when the value was altered or sealed under another server secret. */
  unseal(sealed: string): unknown;
}

/** A Sealer under the key derived from `secret` for `purpose`. */
export function sealerFor(secret: string, purpose: string): Sealer {
  const key = deriveKey(secret, purpose);
  return { seal: (value) => seal(key, value), unseal: (sealed) => unseal(key, sealed) };
}
