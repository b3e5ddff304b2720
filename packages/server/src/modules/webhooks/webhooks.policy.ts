import type { Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type WebhookAction = "manage";

/** Webhooks: only admins see, add, change, test and replay endpoints (their secrets included). */
export const webhooksPolicy = definePolicy<WebhookAction>({
  actions: ["manage"],
  minRole: { manage: "admin" } satisfies Record<WebhookAction, Role>,
});
