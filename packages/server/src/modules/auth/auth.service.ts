import {
  SetupAdminBodySchema,
  type SessionInfo,
  type SetupAdminBody,
  type SignInBody,
  type User,
} from "@content-studio/contract";
import { APIError } from "better-auth/api";
import { getCookies } from "better-auth/cookies";
import { parseCookies, serializeSignedCookie } from "better-call";
import type { Kysely } from "kysely";
import type { Config } from "../../config";
import { changeFeedOf } from "../../db/change-feed";
import type { Database } from "../../db/types";
import { AppError } from "../../lib/app-error";
import { describeRetry } from "../../lib/rate-limit";
import { clearBucket, hitBucket } from "../../lib/rate-limit.repository";
import type { CallerRequest, ResolveUser } from "../../plugins/access";
import { normalizeRole, presentUser } from "../users/users.presenter";
import * as users from "../users/users.repository";
import { createAccount } from "../users/users.service";
import { recordAudit } from "../audit/audit.service";
import { passwordSignInRefusal, ssoSignInInfo } from "../sso/sso.service";
import { CLIENT_IP_HEADER, type Auth } from "./auth";
import * as authRepo from "./auth.repository";
import { SessionCache } from "./session-cache";
import { readSignedCookie } from "./session-cookie";

/**
 * Sign-in throttling, per window: attempts per client IP (any account), and failed attempts
 * per account from one client IP (the lock an attacker runs into, cleared by a success).
 */
export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perIp: 30,
  failuresPerAccount: 5,
} as const;

/**
 * Guesses spread over many addresses: attempts on one account from addresses it has never
 * signed in from share one progressive delay (10 free, then 30 s doubling to at most an hour,
 * forgotten after a quiet day), so a day of guessing from any number of addresses gets about
 * 45 answers, later days about 24. Addresses the account has signed in from within
 * `knownClientDays` are not held up by it (only by their own failure limit above), so nobody
 * can lock the owner out of the places they sign in from.
 */
export const SIGN_IN_DELAY = {
  freeAttempts: 10,
  baseSeconds: 30,
  maxSeconds: 60 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
  knownClientDays: 90,
} as const;

/** Request headers for better-auth, with the client IP set from Fastify's view, never the client's. */
export function authHeaders(request: CallerRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** A signed-in user and the session cookies the route sends back. */
export interface SignedIn {
  user: User;
  setCookies: string[];
  /** Signed in with a temporary password: the next step is choosing a new one. */
  passwordChangeRequired: boolean;
}

/**
 * Resolves the caller's session without the auth library's endpoint dispatch: the signed
 * session cookie is read and checked with better-call's own cookie functions (the ones
 * better-auth uses, same secret and cookie name), then the session and its user are read by
 * token with one indexed query, or taken from the session cache (session-cache.ts), which
 * keeps them only until a session or user changes. The rules are better-auth's: an
 * idle-expired session is deleted; the idle expiry slides, written at most once per
 * `updateAge` (with the cookie sent again); plus ours: deactivated users and sessions past the
 * absolute limit get nothing (the latter is deleted). Expiry is checked on every request,
 * cached or not.
 */
export function createSessionResolver(
  auth: Auth,
  db: Kysely<Database>,
  config: Config,
): ResolveUser {
  const none = { user: null, setCookies: [] };
  const cookies = getCookies(auth.options);
  const secret = auth.options.secret;
  const idleSeconds = auth.options.session.expiresIn;
  const updateAgeSeconds = auth.options.session.updateAge;
  const cache = new SessionCache<
    NonNullable<Awaited<ReturnType<typeof authRepo.findSessionWithUser>>>
  >(changeFeedOf(db));
  return async (request) => {
    const header = request.headers.cookie;
    if (!header) return none;
    const jar = parseCookies(header);
    const signed = jar.get(cookies.sessionToken.name);
    if (!signed) return none;
    let { row, token } = cache.get(signed) ?? {};
    if (!row || !token) {
      token = (await readSignedCookie(header, cookies.sessionToken.name, secret)) ?? undefined;
      if (!token) return none;
      const verified = token;
      row = await cache.read(signed, verified, () => authRepo.findSessionWithUser(db, verified));
      if (!row) return none;
    }
    const now = Date.now();
    const expiresAt = new Date(row.expiresAt).getTime();
    if (expiresAt < now) {
      await users.deleteSession(db, row.sessionId);
      return none;
    }
    if (row.banned) return none;
    if (now - new Date(row.createdAt).getTime() > config.sessionAbsoluteSeconds * 1000) {
      await users.deleteSession(db, row.sessionId);
      return none;
    }
    const setCookies: string[] = [];
    // A client that chose not to be remembered keeps a browser-session cookie: no refresh.
    const remembered = !jar.has(cookies.dontRememberToken.name);
    if (remembered && expiresAt - idleSeconds * 1000 + updateAgeSeconds * 1000 <= now) {
      const extended = await authRepo.extendSession(
        db,
        row.sessionId,
        new Date(now + idleSeconds * 1000),
      );
      if (!extended) return none;
      setCookies.push(
        await serializeSignedCookie(cookies.sessionToken.name, token, secret, {
          ...cookies.sessionToken.attributes,
          maxAge: idleSeconds,
        }),
      );
    }
    return {
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        role: normalizeRole(row.role),
        sessionId: row.sessionId,
        ip: request.ip,
        mustChangePassword: row.mustChangePassword === true,
      },
      setCookies,
    };
  };
}

/**
 * Email + password sign-in with database-backed throttling per client IP and per account
 * (SIGN_IN_LIMITS, SIGN_IN_DELAY).
 * Each sign-in creates a new session (new id); the cookie is HttpOnly, SameSite=Lax.
 */
export async function signIn(
  ctx: { db: Kysely<Database>; auth: Auth },
  request: CallerRequest,
  body: SignInBody,
): Promise<SignedIn> {
  const { db, auth } = ctx;
  const ipHit = await hitBucket(db, `sign-in:ip:${request.ip}`, SIGN_IN_LIMITS.windowSeconds);
  if (ipHit.count > SIGN_IN_LIMITS.perIp) throw tooMany(ipHit.resetInSeconds);
  // Single sign-on may have turned password sign-in off for all but the break-glass admins.
  const refusal = await passwordSignInRefusal(db, body.email);
  if (refusal) {
    await recordAudit(db, {
      actor: { id: null, label: body.email, ip: request.ip },
      action: "auth.sign_in_failed",
      changes: { reason: { to: "password sign-in is off" } },
    });
    throw new AppError("forbidden", refusal);
  }
  const clientKey = `sign-in:account-ip:${body.email}:${request.ip}`;
  // Counted before the password is checked, in one atomic statement each, so guesses sent all
  // at once cannot all pass a read-then-check; a successful sign-in clears the client's count.
  const attempt = await hitBucket(db, clientKey, SIGN_IN_LIMITS.windowSeconds);
  if (attempt.count > SIGN_IN_LIMITS.failuresPerAccount) throw tooMany(attempt.resetInSeconds);
  // Addresses the account has signed in from before skip the account's delay; all others
  // queue behind it, the slot claimed before the password is checked.
  const known = await authRepo.isKnownSignInClient(
    db,
    body.email,
    request.ip,
    SIGN_IN_DELAY.knownClientDays * 24 * 60 * 60,
  );
  if (!known) {
    const claim = await authRepo.claimSignInAttempt(db, body.email, SIGN_IN_DELAY);
    if ("waitSeconds" in claim) throw tooMany(claim.waitSeconds);
    if (claim.delaySeconds > 0) {
      await recordAudit(db, {
        actor: { id: null, label: body.email, ip: request.ip },
        action: "auth.sign_in_delayed",
        changes: {
          attemptsFromNewAddresses: { to: claim.attempts },
          delaySeconds: { to: Math.round(claim.delaySeconds) },
        },
      });
    }
  }

  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: body.email, password: body.password, rememberMe: true },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    await clearBucket(db, clientKey);
    await authRepo.rememberSignInClient(db, body.email, request.ip);
    const row = await users.findUserById(db, response.user.id);
    if (!row) throw new AppError("unauthenticated", "Invalid email or password.");
    await recordAudit(db, {
      actor: { id: row.id, label: `${row.name} <${row.email}>`, ip: request.ip },
      action: "auth.sign_in",
      target: { type: "user", id: row.id, label: row.email },
    });
    return {
      user: presentUser(row),
      setCookies: headers.getSetCookie(),
      passwordChangeRequired: row.mustChangePassword,
    };
  } catch (error) {
    if (error instanceof APIError && [400, 401, 403].includes(error.statusCode)) {
      // Entries of failed sign-ins name the address that was tried, never the password.
      await recordAudit(db, {
        actor: { id: null, label: body.email, ip: request.ip },
        action: "auth.sign_in_failed",
        changes: {
          reason: {
            to: error.statusCode === 403 ? "account deactivated" : "wrong email or password",
          },
        },
      });
    }
    if (error instanceof APIError) {
      // A deactivated account (403 from the auth library) answers exactly like a wrong
      // password: the sign-in form must not tell anyone which accounts exist and are off. The
      // audit entry above keeps the reason for administrators.
      if ([400, 401, 403].includes(error.statusCode)) {
        throw new AppError("unauthenticated", "Invalid email or password.");
      }
    }
    throw error;
  }
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(
    "rate_limited",
    `Too many sign-in attempts. Please try again ${describeRetry(retryAfterSeconds)}.`,
    { retryAfterSeconds: Math.ceil(retryAfterSeconds) },
    retryAfterSeconds,
  );
}

/** Ends the caller's session; answers the cookies that clear it in the browser. */
export async function signOut(auth: Auth, request: CallerRequest): Promise<string[]> {
  if (!request.headers.cookie) return [];
  try {
    const { headers } = await auth.api.signOut({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    return headers.getSetCookie();
  } catch (error) {
    // No session to end is fine: the user is signed out either way.
    if (!(error instanceof APIError)) throw error;
    return [];
  }
}

/** GET /api/session: the signed-in user (fresh from the database) and whether setup is needed. */
export async function getSessionInfo(
  ctx: { db: Kysely<Database>; mailer: { enabled: boolean } },
  actor: { id: string } | undefined | null,
): Promise<SessionInfo> {
  const row = actor ? await users.findUserById(ctx.db, actor.id) : undefined;
  return {
    user: row ? presentUser(row) : null,
    setupRequired: !(await users.hasAnyUser(ctx.db)),
    passwordChangeRequired: row?.mustChangePassword === true,
    passwordRecovery: ctx.mailer.enabled ? "email" : "admin",
    sso: await ssoSignInInfo(ctx.db),
  };
}

/**
 * Creates the first administrator. The single setup row is claimed first, so parallel
 * requests create exactly one admin on every database; a failure releases the claim.
 */
export async function createFirstAdmin(
  ctx: { db: Kysely<Database>; auth: Auth },
  input: SetupAdminBody,
): Promise<User> {
  const { db } = ctx;
  if (await users.hasAnyUser(db)) throw alreadySetUp();
  if (!(await users.claimSetup(db))) throw alreadySetUp();
  try {
    if (await users.hasAnyUser(db)) throw alreadySetUp();
    const user = await createAccount(db, ctx.auth, { ...input, role: "admin" });
    await users.completeSetup(db, user.id);
    return user;
  } catch (error) {
    await users.releaseSetup(db);
    throw error;
  }
}

function alreadySetUp(): AppError {
  return new AppError(
    "already_set_up",
    "The administrator account already exists. Please sign in.",
  );
}

/** Start-up: undo a setup claim left by a crash, then create the admin from ADMIN_EMAIL if no user exists. */
export async function ensureInitialAdmin(
  ctx: { db: Kysely<Database>; auth: Auth },
  config: Config,
  log: (message: string) => void,
): Promise<void> {
  if (!(await users.hasAnyUser(ctx.db))) await users.releaseSetup(ctx.db);
  if (!config.admin || (await users.hasAnyUser(ctx.db))) return;
  // The same rules as the setup form: length, trimmed name, lower-cased email.
  const parsed = SetupAdminBodySchema.safeParse(config.admin);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = `ADMIN_${String(issue?.path[0] ?? "password").toUpperCase()}`;
    throw new Error(`${variable} refused: ${issue?.message ?? "invalid value"}`);
  }
  try {
    await createFirstAdmin(ctx, parsed.data);
    log(`Created the administrator account ${parsed.data.email} from ADMIN_EMAIL.`);
  } catch (error) {
    if (error instanceof AppError && error.code === "already_set_up") return;
    if (error instanceof AppError)
      throw new Error(`ADMIN_PASSWORD refused: ${error.message}`, { cause: error });
    throw error;
  }
}
