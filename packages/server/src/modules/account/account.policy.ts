import { definePolicy } from "../../lib/policy";

export type AccountAction = "editPreferences" | "rename" | "changePassword";

/** The account acted on. */
export interface PolicyAccount {
  id: string;
}

/**
 * Everyone signed in manages their own account (display preferences, name, password), and
 * only their own: an administrator resets someone else's password through the users policy.
 */
export const accountPolicy = definePolicy<AccountAction, PolicyAccount>({
  actions: ["editPreferences", "rename", "changePassword"],
  minRole: "viewer",
  // Someone else's account is not theirs to manage: a 403, whatever its state.
  permits: (_action, account, actor) => account.id === actor.id,
});
