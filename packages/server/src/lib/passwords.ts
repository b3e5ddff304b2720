import { hash, verify } from "@node-rs/argon2";
import { COMMON_PASSWORDS } from "./common-passwords";

// argon2id (algorithm 2) with OWASP's m=19 MiB, t=2, p=1.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(input.hash, input.password);
  } catch {
    return false;
  }
}

/**
 * Why a password is refused beyond its length (checked by the contract schema), or undefined.
 * Refuses passwords from a list of the most common ones, and ones built from the user's own email or name.
 */
export function passwordWeakness(
  password: string,
  context: { email?: string; name?: string } = {},
): string | undefined {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[^a-z0-9]/g, "");
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(stripped.replace(/\d+$/, ""))) {
    return "This password is too common. Choose a less predictable one.";
  }
  if (/^(.)\1+$/.test(password)) return "This password is too easy to guess.";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && stripped.includes(local.replace(/[^a-z0-9]/g, ""))) {
    return "The password must not contain your email address.";
  }
  const name = context.name?.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (name && name.length >= 4 && stripped.includes(name)) {
    return "The password must not contain your name.";
  }
  return undefined;
}
