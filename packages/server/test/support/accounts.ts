import type { CreateUserBody, User } from "@content-studio/contract";
import { expect } from "vitest";
import { Agent, type TestApp } from "../helper";

/** Accounts for the account, password-reset and sign-in tests. */
export const PASSWORD = "Sturdy-Test-Passphrase-42";
export const NEW_PASSWORD = "Another-Solid-Phrase-77";
let counter = 0;
export const address = (label: string) => `${label}-${++counter}@example.test`;

/**
 * A body for POST /api/users: a viewer with PASSWORD at a fresh address. Any field can be
 * overridden, with an invalid value too.
 */
export function newUserBody(overrides: { [K in keyof CreateUserBody]?: unknown } = {}) {
  const email = address("person");
  return { name: `Person ${counter}`, email, password: PASSWORD, role: "viewer", ...overrides };
}

/** An admin creates a user with PASSWORD; a fresh address each time. */
export async function createUser(t: TestApp, admin: Agent, role: User["role"] = "viewer") {
  const email = address(role);
  const res = await admin.post("/api/users", newUserBody({ email, role }));
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json<{ data: User }>().data, email };
}

/** Signs in from `ip` in a new browser. */
export async function signIn(t: TestApp, email: string, password = PASSWORD, ip = "10.9.0.1") {
  const agent = new Agent(t.app);
  const res = await agent.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
    remoteAddress: ip,
  });
  return { agent, res };
}

/** The audit rows of one action (and target). */
export function auditRows(t: TestApp, action: string, targetId?: string) {
  let q = t.db.selectFrom("audit_log").selectAll().where("action", "=", action);
  if (targetId) q = q.where("target_id", "=", targetId);
  return q.execute();
}

/** The stored password-reset tokens (links and temporary passwords) of a user. */
export function resetTokenRows(t: TestApp, userId: string) {
  return t.db
    .selectFrom("password_reset_token")
    .selectAll()
    .where("user_id", "=", userId)
    .execute();
}

/** The token of a reset link (it travels in the fragment). */
export const linkToken = (link: string) => {
  const match = /#token=([\w-]+)/.exec(link);
  if (!match) throw new Error(`no token in ${link}`);
  return match[1]!;
};

/**
 * Uses a reset link's token: the new password is set, the old session ends, the new password
 * signs in, and the same token then fails (its answer returned for more checks).
 */
export async function resetOnceWith(t: TestApp, token: string, oldSession: Agent, email: string) {
  const reset = await t.anonymous.post("/api/auth/reset-password", {
    token,
    newPassword: NEW_PASSWORD,
  });
  expect(reset.statusCode, reset.body).toBe(200);
  expect((await oldSession.get("/api/personas")).statusCode).toBe(401);
  expect((await signIn(t, email, NEW_PASSWORD)).res.statusCode).toBe(200);
  const again = await t.anonymous.post("/api/auth/reset-password", {
    token,
    newPassword: "Yet-Another-Phrase-99",
  });
  expect(again.statusCode).toBe(400);
  return again;
}
