import type { Role, TokenKind } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type TokenAction = "revoke";

/** What the policy needs of a token: whose it is and what kind. */
export interface PolicyToken {
  owner_id: string;
  kind: TokenKind;
}

/**
 * API tokens: everyone revokes their own; a service token belongs to the admins together, so
 * any admin may revoke one (and sees it listed). Nobody revokes another person's personal token.
 */
export const tokenPolicy = definePolicy<TokenAction, PolicyToken>({
  actions: ["revoke"],
  minRole: { revoke: "viewer" } satisfies Record<TokenAction, Role>,
  permits: (_action, token, actor) =>
    token.owner_id === actor.id || (token.kind === "service" && actor.role === "admin"),
  forbiddenMessages: { revoke: "Only its owner can revoke this token." },
});
