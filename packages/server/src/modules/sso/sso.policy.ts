import type { Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type SsoAction = "manage";

/** Single sign-on: only admins see, test, set up, change and remove the provider. */
export const ssoPolicy = definePolicy<SsoAction>({
  actions: ["manage"],
  minRole: { manage: "admin" } satisfies Record<SsoAction, Role>,
});
