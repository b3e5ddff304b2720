import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  TOKEN_LIMITS,
  TOKEN_PREFIX,
  TOKEN_SCOPE_LABELS,
  tokenScopesFor,
  type ApiTokenList,
  type CreateTokenBody,
  type CreatedApiToken,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import { hitBucket } from "../../lib/rate-limit.repository";
import type { Access, SessionUser, TokenAccess } from "../../plugins/access";
import { normalizeRole } from "../users/users.presenter";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import { presentToken } from "./tokens.presenter";
import { tokenPolicy } from "./tokens.policy";
import * as repo from "./tokens.repository";
import { requiredScope } from "./route-scopes";

interface TokensContext {
  db: Kysely<Database>;
}

/** `cs_` + 16 hex characters of id + `_` + 43 base64url characters (256 random bits). */
const TOKEN_PATTERN = /^cs_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A use is written to `last_used_at` at most this often per token. */
export const LAST_USED_RESOLUTION_SECONDS = 60;

/** A refused token's audit entry is written at most once per token in this window. */
const REFUSAL_AUDIT_WINDOW_SECONDS = 60;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function listTokens(ctx: TokensContext, actor: SessionUser): Promise<ApiTokenList> {
  const admin = actor.role === "admin";
  const rows = await repo.listTokensFor(ctx.db, actor.id, { allService: admin });
  const now = new Date();
  return {
    tokens: rows.map((row) => presentToken(row, actor, now)),
    grantableScopes: tokenScopesFor(actor.role),
    canCreateService: admin,
  };
}

/**
 * Makes a token with scopes from the creator's own (a service token only for an admin). The
 * secret is returned this once; only its SHA-256 is stored.
 */
export async function createToken(
  ctx: TokensContext,
  actor: SessionUser,
  input: CreateTokenBody,
): Promise<CreatedApiToken> {
  if (input.kind === "service" && actor.role !== "admin") {
    throw new AppError("forbidden", "Only administrators can create service tokens.");
  }
  const grantable = tokenScopesFor(actor.role);
  const beyond = input.scopes.filter((scope) => !grantable.includes(scope));
  if (beyond.length > 0) {
    throw new AppError(
      "forbidden",
      `Your role cannot grant ${beyond.map((s) => `"${s}"`).join(", ")}.`,
    );
  }
  const id = randomBytes(8).toString("hex");
  const secret = `${TOKEN_PREFIX}${id}_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000);
  const row = orNotFound(
    await ctx.db.transaction().execute(async (trx) => {
      if ((await repo.countActiveTokens(trx, actor.id)) >= TOKEN_LIMITS.maxPerOwner) {
        throw new AppError(
          "conflict",
          `You have ${TOKEN_LIMITS.maxPerOwner} tokens already. Revoke one you no longer use first.`,
        );
      }
      await repo.insertToken(trx, {
        id,
        owner_id: actor.id,
        kind: input.kind,
        name: input.name,
        scopes: JSON.stringify(input.scopes),
        token_hash: hashOf(secret),
        expires_at: expiresAt,
      });
      await recordAudit(trx, {
        actor: auditActorOf(actor),
        action: "token.created",
        target: { type: "api_token", id, label: input.name },
        changes: {
          kind: { to: input.kind },
          scopes: { to: input.scopes },
          expiresAt: { to: expiresAt.toISOString() },
        },
      });
      return repo.findTokenWithOwner(trx, id);
    }),
    "Token not found.",
  );
  return { token: presentToken(row, actor), secret };
}

/** Revokes a token (its owner; any admin for a service token); the next request with it is 401. */
export async function revokeTokenFor(
  ctx: TokensContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findTokenWithOwner(trx, id, { forUpdate: true });
    // Another person's personal token is answered as missing: its existence is theirs.
    if (!row || row.revoked_at || !visibleTo(row, actor)) {
      throw new AppError("not_found", "Token not found.");
    }
    tokenPolicy.authorize(actor, "revoke", row);
    await repo.revokeToken(trx, id, actor.id);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "token.revoked",
      target: { type: "api_token", id, label: row.name },
      changes: { owner: { to: `${row.owner_name} <${row.owner_email}>` } },
    });
  });
}

const visibleTo = (row: repo.TokenWithOwner, actor: SessionUser) =>
  row.owner_id === actor.id || (row.kind === "service" && actor.role === "admin");

/**
 * The user a Bearer token acts as: its owner, with the owner's current role and status, and
 * the token's scopes narrowed to what that role may grant now. Refused tokens answer 401; a
 * refusal of a real token (right secret or not) is audited with its reason, at most once a
 * minute per token.
 */
export async function resolveBearer(
  ctx: TokensContext,
  token: string,
  request: { ip: string },
): Promise<SessionUser> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw invalid();
  const row = await repo.findTokenForRequest(ctx.db, match[1]!);
  if (!row) throw invalid();
  const given = Buffer.from(hashOf(token), "hex");
  const stored = Buffer.from(row.token_hash, "hex");
  const owner = { id: row.ownerId, name: row.name, email: row.email, ip: request.ip };
  const refuse = async (reason: string, message: string) => {
    const hit = await hitBucket(
      ctx.db,
      `token-refused:${row.id}:${reason}`,
      REFUSAL_AUDIT_WINDOW_SECONDS,
    );
    if (hit.count === 1) {
      await recordAudit(ctx.db, {
        actor: auditActorOf({ ...owner, token: { name: row.tokenName } }),
        action: "token.refused",
        target: { type: "api_token", id: row.id, label: row.tokenName },
        changes: { reason: { to: reason } },
      });
    }
    return new AppError("unauthenticated", message);
  };
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    throw await refuse("wrong secret", INVALID_MESSAGE);
  }
  if (row.revoked_at) throw await refuse("revoked", "This API token has been revoked.");
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw await refuse("expired", "This API token has expired.");
  }
  if (row.banned) throw await refuse("owner deactivated", "This API token's owner is deactivated.");
  const role = normalizeRole(row.role);
  const grantable = tokenScopesFor(role);
  const scopes = row.scopes.filter((scope) => grantable.includes(scope));
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (Date.now() - lastUsed >= LAST_USED_RESOLUTION_SECONDS * 1000) {
    await repo.touchToken(ctx.db, row.id, LAST_USED_RESOLUTION_SECONDS);
  }
  return {
    ...owner,
    role,
    mustChangePassword: row.mustChangePassword === true,
    token: { id: row.id, name: row.tokenName, scopes },
  };
}

const INVALID_MESSAGE = "This API token is not valid.";
const invalid = () => new AppError("unauthenticated", INVALID_MESSAGE);

/** Why a token may not call a route (its method and URL pattern), or null when it may. */
export function tokenRouteRefusal(
  user: SessionUser,
  method: string,
  url: string,
  access: Access,
): string | null {
  const required = requiredScope(method, url, access);
  if (required === null) {
    return "API tokens cannot call this route; sign in to the application instead.";
  }
  if (user.token?.scopes.includes(required)) return null;
  return `This API token lacks the "${required}" scope (${TOKEN_SCOPE_LABELS[required].toLowerCase()}).`;
}

/** Bearer tokens for plugins/access.ts. */
export function tokenAccess(ctx: TokensContext): TokenAccess {
  return {
    resolve: (token, request) => resolveBearer(ctx, token, request),
    refusal: tokenRouteRefusal,
  };
}
