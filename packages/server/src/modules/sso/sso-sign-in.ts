import { AsyncLocalStorage } from "node:async_hooks";
import { ROLE_RANK, type Role } from "@content-studio/contract";
import { sso, type SSOOptions } from "@better-auth/sso";
import type { BetterAuthPlugin, ValidateUserInfoResult, ValidateUserInfoSource } from "better-auth";
import type { Kysely } from "kysely";
import type { Database, SsoDiscoveryRecord } from "../../db/types";
import { recordAudit } from "../audit/audit.service";
import { normalizeRole } from "../users/users.presenter";
import { updateUser } from "../users/users.repository";

/** The connection as the sign-in flow uses it: the client secret opened, for this request only. */
export interface SsoRuntimeConnection {
  providerId: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  discovery: SsoDiscoveryRecord;
  allowedOrigin: string | null;
  domains: string[];
  groupsClaim: string;
  groupRoles: { group: string; role: Role }[];
  defaultRole: Role | null;
  breakGlassUserIds: string[];
}

/** One SSO sign-in request: what the auth library's callbacks read and leave for the route. */
export interface SsoSignInState {
  connection: SsoRuntimeConnection;
  ip: string;
  /** The role the identity provider's groups map to (set when the user passed the checks). */
  role?: Role;
  /** What the auth library was doing when it asked: creating, linking or signing in a user. */
  action?: ValidateUserInfoSource["action"];
  /** Why the sign-in was refused, for the audit log. */
  refusal?: { email: string; reason: string };
  /** The user who signed in. */
  userId?: string;
}

/**
 * The connection and outcome of the SSO request being handled. The routes run the auth
 * library's sign-in and callback inside it; nothing reaches the database from the library's
 * callbacks that run inside its transaction (on PGlite that would wait for itself).
 */
export const ssoSignInStore = new AsyncLocalStorage<SsoSignInState>();

/** Auth library endpoints of the plugin that nobody may call: the provider is managed in Settings. */
export const BLOCKED_SSO_PATHS = [
  "/sso/register",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/providers",
  "/sso/get-provider",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
  "/sso/saml2",
];

/** The groups in a claim: an array of strings, or one string. */
export function groupsOf(claims: Record<string, unknown> | undefined, claim: string): string[] {
  const value = claims?.[claim];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The highest role any of the groups maps to; with none mapped, the default role (null: refused). */
export function mapRole(
  groups: string[],
  connection: Pick<SsoRuntimeConnection, "groupRoles" | "defaultRole">,
): Role | null {
  let best: Role | null = null;
  for (const { group, role } of connection.groupRoles) {
    if (groups.includes(group) && (best === null || ROLE_RANK[role] > ROLE_RANK[best])) best = role;
  }
  return best ?? connection.defaultRole;
}

function emailDomain(email: string): string {
  return email.toLowerCase().split("@")[1] ?? "";
}

/**
 * The gate the auth library asks before it creates, links or signs in an SSO user (nothing is
 * written yet): the email's domain must be one the admin confirmed, and the groups must map to
 * a role (or a default role be set).
 */
export function validateSsoUser(data: {
  user: Record<string, unknown>;
  source: ValidateUserInfoSource;
}): ValidateUserInfoResult | undefined {
  if (data.source.method !== "sso-oidc" && data.source.method !== "sso-saml") return undefined;
  const state = ssoSignInStore.getStore();
  const email = typeof data.user.email === "string" ? data.user.email.toLowerCase() : "";
  if (!state) {
    return { error: "sso_unavailable", errorDescription: "Single sign-on is not available." };
  }
  const domain = emailDomain(email);
  if (!state.connection.domains.includes(domain)) {
    state.refusal = { email, reason: `email domain ${domain || "(none)"} is not confirmed` };
    return {
      error: "domain_not_allowed",
      errorDescription: `Accounts at ${domain || "this address"} cannot sign in here.`,
    };
  }
  const role = mapRole(
    groupsOf(data.source.sso?.profile, state.connection.groupsClaim),
    state.connection,
  );
  if (role === null) {
    state.refusal = { email, reason: "no mapped group and no default role" };
    return {
      error: "no_role",
      errorDescription: "None of your groups at the identity provider gives access.",
    };
  }
  state.role = role;
  state.action = data.source.action;
  return undefined;
}

/**
 * After every SSO sign-in (outside the auth library's transaction): the user's role follows the
 * groups (a break-glass admin stays admin), and each change is audited.
 */
async function provisionSsoUser(
  db: Kysely<Database>,
  user: { id: string; email: string; name: string; role?: unknown },
): Promise<void> {
  const state = ssoSignInStore.getStore();
  if (!state?.role) return;
  state.userId = user.id;
  const actor = { id: user.id, label: `${user.name} <${user.email}>`, ip: state.ip };
  const target = { type: "user", id: user.id, label: user.email };
  const current = normalizeRole(typeof user.role === "string" ? user.role : null);
  const breakGlass = state.connection.breakGlassUserIds.includes(user.id) && current === "admin";
  const next = breakGlass ? "admin" : state.role;
  if (state.action === "create-user") {
    await recordAudit(db, {
      actor,
      action: "sso.user_provisioned",
      target,
      changes: { role: { to: next }, provider: { to: state.connection.name } },
    });
  }
  if (next !== current) await updateUser(db, user.id, { role: next });
  // A new user's entry above names the role; later changes each get their own.
  if (next !== current && state.action !== "create-user") {
    await recordAudit(db, {
      actor,
      action: "sso.role_synced",
      target,
      changes: { role: { from: current, to: next } },
    });
  }
  await recordAudit(db, {
    actor,
    action: "auth.sign_in",
    target,
    changes: { method: { to: "single sign-on" } },
  });
}

/** The SSO provider as the plugin takes it (a configured provider, never a table row). */
function pluginProvider(c: SsoRuntimeConnection) {
  return {
    providerId: c.providerId,
    domain: c.domains.join(","),
    oidcConfig: {
      issuer: c.issuer,
      pkce: true,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      discoveryEndpoint: `${c.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
      authorizationEndpoint: c.discovery.authorizationEndpoint,
      tokenEndpoint: c.discovery.tokenEndpoint,
      jwksEndpoint: c.discovery.jwksEndpoint,
      userInfoEndpoint: c.discovery.userInfoEndpoint ?? undefined,
      tokenEndpointAuthentication: c.discovery.tokenEndpointAuthentication,
      scopes: c.discovery.scopes,
    },
  };
}

/**
 * better-auth's SSO plugin for the authorization-code flow with PKCE, its callback and
 * provisioning. The provider comes from the request's store (decision 0048): no provider row
 * holds a secret, registration is off (limit 0, and the paths are refused), and accounts are
 * trusted for linking only by the confirmed domains (`domainVerification`), never by the
 * provider's `email_verified`.
 */
export function ssoPlugin(db: Kysely<Database>) {
  const options: SSOOptions = {
    providersLimit: 0,
    trustEmailVerified: false,
    domainVerification: { enabled: true },
    provisionUserOnEveryLogin: true,
    provisionUser: ({ user }) => provisionSsoUser(db, user),
    get defaultSSO() {
      const state = ssoSignInStore.getStore();
      return state ? [pluginProvider(state.connection)] : [];
    },
  };
  return sso(options);
}

/**
 * Lets the server reach an identity provider on a private or loopback address only while
 * that provider's own sign-in runs, and only when an admin allow-listed its origin.
 */
export const ssoAllowListPlugin = {
  id: "content-studio-sso-allow-list",
  init(context) {
    const original = context.isTrustedOrigin;
    return {
      context: {
        isTrustedOrigin(url: string, settings?: { allowRelativePaths: boolean }) {
          if (original.call(context, url, settings)) return true;
          const allowed = ssoSignInStore.getStore()?.connection.allowedOrigin;
          if (!allowed) return false;
          try {
            return new URL(url).origin === allowed;
          } catch {
            return false;
          }
        },
      },
    };
  },
} satisfies BetterAuthPlugin;
