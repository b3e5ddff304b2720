import {
  SSO_PROVIDER_ID,
  SsoSettingsBodySchema,
  type SsoDiscoveryBody,
  type SsoDiscoveryResult,
  type SsoSettings,
  type SsoSettingsBody,
  type SessionInfo,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Config } from "../../config";
import type { Database } from "../../db/types";
import { fieldError, orNotFound } from "../../lib/app-error";
import type { Sealer } from "../../lib/sealed";
import { allowedInput } from "../../lib/use-case";
import type { SessionUser } from "../../plugins/access";
import { auditBy, diffFields, recordAudit } from "../audit/audit.service";
import { findUserByEmail, findUserById } from "../users/users.repository";
import { discoverIssuer } from "./sso-discovery";
import type { SsoRuntimeConnection } from "./sso-sign-in";
import { ssoPolicy } from "./sso.policy";
import { presentDiscovery, presentSsoSettings } from "./sso.presenter";
import * as repo from "./sso.repository";

/** The purpose string of the key that seals client secrets (distinct from every other key). */
export const SSO_KEY_PURPOSE = "content-studio sso client secret v1";

interface SsoContext {
  db: Kysely<Database>;
  config: Pick<Config, "baseUrl">;
  ssoSealer: Sealer;
}

/** The redirect URL to register at the identity provider. */
export function ssoCallbackUrl(baseUrl: string): string {
  return new URL(`/api/auth/sso/callback/${SSO_PROVIDER_ID}`, baseUrl).toString();
}

/** The connection as an audit entry's target, under the provider's name. */
const auditTarget = (name: string) => ({ type: "sso", id: SSO_PROVIDER_ID, label: name });

function originOf(issuer: string): string {
  return new URL(issuer).origin;
}

/** GET /api/settings/sso */
export async function getSsoSettings(ctx: SsoContext, actor: SessionUser): Promise<SsoSettings> {
  ssoPolicy.authorize(actor, "manage");
  return presentSsoSettings(
    await repo.findSsoConnection(ctx.db),
    ssoCallbackUrl(ctx.config.baseUrl),
  );
}

/** POST /api/settings/sso/test-discovery: what the issuer's discovery document offers; saves nothing. */
export async function testSsoDiscovery(
  ctx: SsoContext,
  actor: SessionUser,
  body: SsoDiscoveryBody,
): Promise<SsoDiscoveryResult> {
  ssoPolicy.authorize(actor, "manage");
  const found = await discoverIssuer(
    body.issuer,
    body.allowPrivateIssuer ? originOf(body.issuer) : null,
  );
  return presentDiscovery(body.issuer, found);
}

/** Break-glass admins must be active admins now. */
async function checkBreakGlass(db: Kysely<Database>, ids: string[]): Promise<void> {
  for (const id of ids) {
    const user = await findUserById(db, id);
    if (!user || user.role !== "admin" || user.banned) {
      throw fieldError(
        "body.breakGlassUserIds",
        "Break-glass accounts must be active administrators.",
      );
    }
  }
}

/**
 * PUT /api/settings/sso: sets up or changes the provider. Discovery is tested first (nothing is
 * saved when it fails); a new issuer needs the client secret again (the stored one is never
 * sent to another issuer) and unlinks every account of the old one; changed domains need the
 * admin's confirmation; password sign-in goes off only with a break-glass admin named.
 */
export async function saveSsoSettings(
  ctx: SsoContext,
  actor: SessionUser,
  input: SsoSettingsBody,
): Promise<SsoSettings> {
  const body = allowedInput(actor, ssoPolicy, "manage", SsoSettingsBodySchema, input);
  const existing = await repo.findSsoConnection(ctx.db);
  const issuerChanged = !existing || existing.issuer !== body.issuer;
  const newSecret = body.clientSecret?.length ? body.clientSecret : null;
  if (!newSecret && issuerChanged) {
    throw fieldError(
      "body.clientSecret",
      existing ? "Enter the client secret again: the issuer changed." : "Enter the client secret.",
    );
  }
  const domainsChanged =
    !existing || [...existing.domains].sort().join(",") !== [...body.domains].sort().join(",");
  if (domainsChanged && !body.domainsConfirmed) {
    throw fieldError(
      "body.domainsConfirmed",
      "Confirm that your organisation owns these email domains.",
    );
  }
  const breakGlass = [...new Set(body.breakGlassUserIds)];
  if (body.passwordSignIn === "break_glass_only" && breakGlass.length === 0) {
    throw fieldError(
      "body.breakGlassUserIds",
      "Name at least one break-glass administrator before turning password sign-in off.",
    );
  }
  await checkBreakGlass(ctx.db, breakGlass);
  const allowedOrigin = body.allowPrivateIssuer ? originOf(body.issuer) : null;
  const discovery = await discoverIssuer(body.issuer, allowedOrigin, body.groupsClaim);

  const row = {
    provider_id: SSO_PROVIDER_ID,
    name: body.name,
    issuer: body.issuer,
    client_id: body.clientId,
    client_secret_sealed: newSecret
      ? ctx.ssoSealer.seal({ clientSecret: newSecret })
      : existing!.client_secret_sealed,
    discovery: JSON.stringify(discovery),
    allowed_origin: allowedOrigin,
    domains: JSON.stringify(body.domains),
    groups_claim: body.groupsClaim,
    group_roles: JSON.stringify(body.groupRoles),
    default_role: body.defaultRole,
    password_sign_in: body.passwordSignIn,
    break_glass_user_ids: JSON.stringify(breakGlass),
    updated_by: actor.id,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockSsoConnection(trx);
    await repo.saveSsoConnection(trx, row);
    const unlinked =
      before && before.issuer !== body.issuer
        ? await repo.deleteSsoAccounts(trx, SSO_PROVIDER_ID)
        : 0;
    const shown = {
      name: body.name,
      issuer: body.issuer,
      allowedOrigin,
      clientId: body.clientId,
      domains: body.domains,
      groupsClaim: body.groupsClaim,
      groupRoles: body.groupRoles,
      defaultRole: body.defaultRole,
      // Not "passwordSignIn": the audit log drops fields named like secrets (password, …).
      localSignIn: body.passwordSignIn,
      breakGlassUserIds: breakGlass,
    };
    const changes = before
      ? diffFields(
          {
            name: before.name,
            issuer: before.issuer,
            allowedOrigin: before.allowed_origin,
            clientId: before.client_id,
            domains: before.domains,
            groupsClaim: before.groups_claim,
            // jsonb keeps keys in its own order: rebuild the rows to compare them.
            groupRoles: before.group_roles.map(({ group, role }) => ({ group, role })),
            defaultRole: before.default_role,
            localSignIn: before.password_sign_in,
            breakGlassUserIds: before.break_glass_user_ids,
          },
          shown,
        )
      : Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, { to: v }]));
    // The audit log drops fields named like secrets: say that the credentials changed.
    if (newSecret) changes.credentials = { to: "client secret replaced" };
    if (unlinked > 0) changes.unlinkedAccounts = { to: unlinked };
    await recordAudit(trx, {
      ...auditBy(actor, before ? "sso.changed" : "sso.created", auditTarget(body.name)),
      changes,
    });
  });
  return presentSsoSettings(
    await repo.findSsoConnection(ctx.db),
    ssoCallbackUrl(ctx.config.baseUrl),
  );
}

/** DELETE /api/settings/sso: removes the provider, unlinks its accounts; passwords work for all again. */
export async function removeSsoSettings(ctx: SsoContext, actor: SessionUser): Promise<SsoSettings> {
  ssoPolicy.authorize(actor, "manage");
  await ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await repo.lockSsoConnection(trx), "Single sign-on is not set up.");
    await repo.deleteSsoConnection(trx);
    const unlinked = await repo.deleteSsoAccounts(trx, SSO_PROVIDER_ID);
    await recordAudit(trx, {
      ...auditBy(actor, "sso.removed", auditTarget(before.name)),
      changes: {
        issuer: { from: before.issuer },
        localSignIn: { from: before.password_sign_in, to: "everyone" },
        unlinkedAccounts: { to: unlinked },
      },
    });
  });
  return presentSsoSettings(undefined, ssoCallbackUrl(ctx.config.baseUrl));
}

/** The connection with its client secret opened, for one sign-in request; null when not set up. */
export async function loadSsoConnection(
  ctx: Pick<SsoContext, "db" | "ssoSealer">,
): Promise<SsoRuntimeConnection | null> {
  const row = await repo.findSsoConnection(ctx.db);
  if (!row) return null;
  const opened = ctx.ssoSealer.unseal(row.client_secret_sealed) as { clientSecret: string };
  return {
    providerId: row.provider_id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: opened.clientSecret,
    discovery: row.discovery,
    allowedOrigin: row.allowed_origin,
    domains: row.domains,
    groupsClaim: row.groups_claim,
    groupRoles: row.group_roles,
    defaultRole: row.default_role,
    breakGlassUserIds: row.break_glass_user_ids,
  };
}

/** What the sign-in page shows about single sign-on (GET /api/session). */
export async function ssoSignInInfo(db: Kysely<Database>): Promise<SessionInfo["sso"]> {
  const row = await repo.findSsoConnection(db);
  return row ? { name: row.name, passwordSignIn: row.password_sign_in } : null;
}

/**
 * Why a password sign-in for `email` is refused by the SSO settings, or null: with password
 * sign-in off, only the named break-glass admins (still active admins) may use a password.
 */
export async function passwordSignInRefusal(
  db: Kysely<Database>,
  email: string,
): Promise<string | null> {
  const row = await repo.findSsoConnection(db);
  if (!row || row.password_sign_in === "everyone") return null;
  const user = await findUserByEmail(db, email);
  if (user && row.break_glass_user_ids.includes(user.id) && user.role === "admin") return null;
  return `Password sign-in is turned off. Use "Sign in with ${row.name}".`;
}
