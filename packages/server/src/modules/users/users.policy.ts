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

/**
 * Only admins manage accounts. An admin may not change their own role or deactivate
 * themselves (409): another admin does that, so nobody locks themself out by mistake. Renaming
 * and resetting a password are allowed on any account, their own included. That at least one
 * active admin remains is checked by the users service under a lock, not here.
 */
export const userPolicy = definePolicy<UserAction, PolicyUser>({
  actions: ["changeRole", "deactivate", "rename", "resetPassword"],
  minRole: {
    changeRole: "admin",
    deactivate: "admin",
    rename: "admin",
    resetPassword: "admin",
  } satisfies Record<UserAction, Role>,
  allows: (action, user, actor) =>
    action === "changeRole" || action === "deactivate" ? user.id !== actor.id : true,
  conflictMessages: {
    changeRole: "You cannot change your own role.",
    deactivate: "You cannot deactivate your own account.",
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
