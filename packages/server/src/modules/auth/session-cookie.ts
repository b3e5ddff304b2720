import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * better-auth's signed cookie format: `encodeURIComponent(value + "." + signature)`, where the
 * signature is the standard (padded) base64 of HMAC-SHA256(secret, value): 44 characters
 * ending in "=". Reading and writing it here lets a request resolve its session without going
 * through the auth library's endpoint dispatch.
 */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
}

/** The signed value of a cookie, or null when it is malformed or its signature is wrong. */
export function verifyCookieValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}

/** The first cookie called `name` in a Cookie header, percent-decoded (as the browser sent it). */
export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface CookieAttributes {
  path?: string;
  domain?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "strict" | "lax" | "none" | "Strict" | "Lax" | "None" | boolean;
}

/** A Set-Cookie line as better-auth writes it (no Expires; the value percent-encoded). */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attributes.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  }
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Path=${attributes.path ?? "/"}`);
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure || name.startsWith("__Secure-")) parts.push("Secure");
  if (attributes.sameSite) {
    const same = attributes.sameSite === true ? "strict" : attributes.sameSite.toLowerCase();
    parts.push(`SameSite=${same.charAt(0).toUpperCase()}${same.slice(1)}`);
  }
  return parts.join("; ");
}
