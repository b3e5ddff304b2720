import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { deriveKey, seal, SealError, unseal } from "./sealed";

const SECRET = "a-server-secret-of-at-least-32-characters";
const key = deriveKey(SECRET, "content-studio test v1");
const value = { to: "someone@example.test", text: "Open https://example.test/#token=abc" };

/** Flips one bit of the sealed bytes at `index` (negative: from the end). */
function flipByte(sealed: string, index: number): string {
  const [version, payload] = sealed.split(".");
  const bytes = Buffer.from(payload!, "base64url");
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = bytes[at]! ^ 0x01;
  return `${version}.${bytes.toString("base64url")}`;
}

describe("sealed values", () => {
  it("open to the value that was sealed, and show none of it", () => {
    const sealed = seal(key, value);
    expect(unseal(key, sealed)).toEqual(value);
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain("someone");
    expect(sealed).not.toContain("token");
  });

  it("differ each time the same value is sealed (a fresh IV)", () => {
    expect(seal(key, value)).not.toBe(seal(key, value));
  });

  it.each([
    ["the IV", 0],
    ["the ciphertext", 14],
    ["the tag", -1],
  ])("are refused when %s was altered", (_part, index) => {
    expect(() => unseal(key, flipByte(seal(key, value), index))).toThrow(SealError);
  });

  it("are refused when cut short, re-labelled or not sealed at all", () => {
    const sealed = seal(key, value);
    expect(() => unseal(key, sealed.slice(0, 20))).toThrow(SealError);
    expect(() => unseal(key, sealed.replace(/^v1\./, "v2."))).toThrow(SealError);
    expect(() => unseal(key, `${sealed}.extra`)).toThrow(SealError);
    expect(() => unseal(key, JSON.stringify(value))).toThrow(SealError);
    expect(() => unseal(key, "")).toThrow(SealError);
  });

  it("are refused under another secret or another purpose", () => {
    const sealed = seal(key, value);
    const otherSecret = deriveKey(`${SECRET}-changed`, "content-studio test v1");
    const otherPurpose = deriveKey(SECRET, "content-studio other v1");
    expect(() => unseal(otherSecret, sealed)).toThrow(SealError);
    expect(() => unseal(otherPurpose, sealed)).toThrow(SealError);
    // The same secret and purpose give the same key (every instance opens every other's values).
    expect(unseal(deriveKey(SECRET, "content-studio test v1"), sealed)).toEqual(value);
  });

  it("keep the key's bytes out of logs and inspection", () => {
    const bytes = key.export().toString("hex");
    expect(inspect(key)).not.toContain(bytes);
    expect(JSON.stringify({ key })).not.toContain(bytes);
  });
});
