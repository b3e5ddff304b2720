import { randomBytes } from "node:crypto";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from "@content-studio/contract";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { createAccessControl } from "better-auth/plugins/access";
import type { Kysely } from "kysely";
import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import {
  BLOCKED_SSO_PATHS,
  ssoAllowListPlugin,
  ssoPlugin,
  validateSsoUser,
} from "../sso/sso-sign-in";
import { claimSecret } from "./auth.repository";

/** Header the bridge overwrites with Fastify's `request.ip`; clients cannot set it. */
export const CLIENT_IP_HEADER = "x-content-studio-client-ip";

const ac = createAccessControl({ user: ["create", "list", "set-role", "ban"] } as const);
const roles = Object.fromEntries(
  ROLES.map((role) => [
    role,
    ac.newRole(role === "admin" ? { user: ["create", "list", "set-role", "ban"] } : { user: [] }),
  ]),
);

/** The auth secret: AUTH_SECRET, else one generated once and kept in the database (shared by every instance). */
export async function loadAuthSecret(db: Kysely<Database>, configured?: string): Promise<string> {
  if (configured) return configured;
  return claimSecret(db, "auth", randomBytes(32).toString("base64url"));
}

function trustedOrigins(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const origins = new Set([url.origin]);
  if (url.hostname === "localhost" || url.hostname === "127.0.0.1") {
    origins.add(`${url.protocol}//localhost:${url.port}`);
    origins.add(`${url.protocol}//127.0.0.1:${url.port}`);
  }
  return [...origins];
}

export function createAuth(db: Kysely<Database>, config: Config, secret: string) {
  return betterAuth({
    appName: "Content Studio",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: trustedOrigins(config.baseUrl),
    database: { db: db as unknown as Kysely<unknown>, type: "postgres", transaction: true },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        // Set with a temporary password; our own column, never accepted from a request body.
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
      },
      // Single sign-on: the email's domain must be confirmed and the groups must map to a role.
      validateUserInfo: validateSsoUser,
    },
    account: {
      // Existing password accounts (whose email nobody verified) are linked to a single
      // sign-on identity only through a domain the admin confirmed (decision 0048).
      accountLinking: { enabled: true, requireLocalEmailVerified: false },
    },
    hooks: {
      // The SSO plugin's own provider management is never reachable (Settings manages the
      // one provider): not mounted over HTTP, and refused here for any direct call too.
      before: createAuthMiddleware(async (ctx) => {
        if (BLOCKED_SSO_PATHS.some((path) => ctx.path.startsWith(path))) {
          throw new APIError("FORBIDDEN", { message: "Single sign-on is managed in Settings." });
        }
      }),
    },
    session: {
      // Sliding (idle) expiry; the absolute limit is enforced in the access plugin.
      expiresIn: config.sessionIdleSeconds,
      updateAge: Math.min(3600, Math.floor(config.sessionIdleSeconds / 4)),
      cookieCache: { enabled: false },
    },
    // Login throttling is ours: database-backed, keyed on Fastify's request.ip and on the account.
    rateLimit: { enabled: false },
    advanced: {
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [
      admin({ ac, roles, defaultRole: "viewer", adminRoles: ["admin"] }),
      ssoPlugin(db),
      ssoAllowListPlugin,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
