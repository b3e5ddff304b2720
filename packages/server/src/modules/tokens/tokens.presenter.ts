import { TOKEN_PREFIX, type ApiToken } from "@content-studio/contract";
import type { PolicyActor } from "../../lib/policy";
import { tokenPolicy } from "./tokens.policy";
import type { TokenWithOwner } from "./tokens.repository";

/** A token row as the contract's ApiToken: never its hash. */
export function presentToken(row: TokenWithOwner, actor: PolicyActor, now = new Date()): ApiToken {
  const expiresAt = new Date(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    scopes: row.scopes,
    prefix: `${TOKEN_PREFIX}${row.id}`,
    ownerId: row.owner_id,
    ownerLabel: `${row.owner_name} <${row.owner_email}>`,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: expiresAt.toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    expired: expiresAt.getTime() <= now.getTime(),
    can: tokenPolicy.capabilities(actor, row),
  };
}
