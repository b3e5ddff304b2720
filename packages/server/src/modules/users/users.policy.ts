import type { Role, UserCapabilities } from "@content-studio/contract";
import { definePolicy, type PolicyActor } from "../../lib/policy";

export type UsersAction = "create";
export type UserAction = "changeRole" | "deactivate" | "rename" | "resetPassword";

/** What the policy needs to know about the account acted on. */
export interface PolicyUser {
  id: string;
}

/** Only admins create accounts. */
export const usersPolicy = definePolicy<UsersAction>({
  actions: ["create"],
  minRole: { create: "admin" } satisfies Record<UsersAction, Role>,
});

/** What an admin may not do to their own account here (403); renaming is allowed. */
const NOT_ON_ONESELF: ReadonlySet<UserAction> = new Set([
  "changeRole",
  "deactivate",
  "resetPassword",
]);

/**
 * Only admins manage accounts. An admin may not change their own role or deactivate
 * themselves (403: who asks decides, not the account's state): another admin does that, so nobody locks themself out by mistake. Nor may
 * they reset their own password through the admin reset (a temporary password or a link for
 * oneself skips the current-password check): they change it from their account, which asks
 * for the current one. Renaming is allowed on any account, their own included. That at least
 * one active admin remains is checked by the users service under a lock, not here.
 */
export const userPolicy = definePolicy<UserAction, PolicyUser>({
  actions: ["changeRole", "deactivate", "rename", "resetPassword"],
  minRole: "admin",
  permits: (action, user, actor) => !NOT_ON_ONESELF.has(action) || user.id !== actor.id,
  forbiddenMessages: {
    changeRole: "You cannot change your own role.",
    deactivate: "You cannot deactivate your own account.",
    resetPassword:
      "You cannot reset your own password here. Use Change password under Your account.",
  },
});

/** The caller's capabilities for one account (sent with each row of the users list). */
export function userCapabilitiesFor(actor: PolicyActor, user: PolicyUser): UserCapabilities {
  const can = userPolicy.capabilities(actor, user);
  return {
    changeRole: can.changeRole,
    deactivate: can.deactivate,
    resetPassword: can.resetPassword,
  };
}
