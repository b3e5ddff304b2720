import type { Role } from "@content-studio/contract";
import { roleAtLeast } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type KitAction = "run" | "manage";

/** What the policy needs to know about a kit (or the brief it runs): whose it is. */
export interface PolicyKit {
  owner_id: string;
}

/**
 * Kits: every role reads every kit; editors run kits of their own briefs and manage (cancel,
 * resume, retry, submit) the kits they started; admins run and manage all.
 */
export const kitPolicy = definePolicy<KitAction, PolicyKit>({
  actions: ["run", "manage"],
  minRole: { run: "editor", manage: "editor" } satisfies Record<KitAction, Role>,
  permits: (_action, kit, actor) =>
    roleAtLeast(actor.role, "admin") || (actor.id !== undefined && kit.owner_id === actor.id),
  forbiddenMessages: {
    run: "Only the brief's owner or an admin can generate a kit from this brief.",
    manage: "Only the person who started this kit or an admin can change it.",
  },
});
