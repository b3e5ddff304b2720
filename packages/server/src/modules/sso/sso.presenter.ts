import type { SsoDiscoveryResult, SsoSettings } from "@content-studio/contract";
import type { SsoDiscoveryRecord } from "../../db/types";
import type { SsoConnectionRow } from "./sso.repository";

/** The connection for Settings: whether a client secret is stored, never the secret. */
export function presentSsoSettings(
  row: SsoConnectionRow | undefined,
  callbackUrl: string,
): SsoSettings {
  if (!row) return { callbackUrl, connection: null };
  return {
    callbackUrl,
    connection: {
      name: row.name,
      issuer: row.issuer,
      allowPrivateIssuer: row.allowed_origin !== null,
      clientId: row.client_id,
      clientSecretSet: row.client_secret_sealed.length > 0,
      domains: row.domains,
      groupsClaim: row.groups_claim,
      groupRoles: row.group_roles.map(({ group, role }) => ({ group, role })),
      defaultRole: row.default_role,
      passwordSignIn: row.password_sign_in,
      breakGlassUserIds: row.break_glass_user_ids,
      updatedAt: new Date(row.updated_at).toISOString(),
    },
  };
}

export function presentDiscovery(issuer: string, found: SsoDiscoveryRecord): SsoDiscoveryResult {
  return {
    issuer,
    authorizationEndpoint: found.authorizationEndpoint,
    tokenEndpoint: found.tokenEndpoint,
    userInfoEndpoint: found.userInfoEndpoint,
    pkce: "S256",
    scopes: found.scopes,
  };
}
