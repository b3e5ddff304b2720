import { roleAtLeast, type Role } from "@content-studio/contract";
import type { CampaignBriefRow } from "../../db/types";
import { definePolicy } from "../../lib/policy";

export type BriefsAction = "create" | "assignOwner";
export type BriefAction = "edit" | "run" | "delete";

/** What the policy needs to know about a brief: whose it is. */
export type PolicyBrief = Pick<CampaignBriefRow, "owner_id">;

/**
 * Briefs as a whole: editors and admins create briefs (also by duplicating or importing one),
 * each owned by its creator; only admins give a brief to someone else. Viewers read.
 */
export const briefsPolicy = definePolicy<BriefsAction>({
  actions: ["create", "assignOwner"],
  minRole: { create: "editor", assignOwner: "admin" } satisfies Record<BriefsAction, Role>,
});

/**
 * One brief: every role reads every brief; editors edit, run and delete their own (403 for
 * another's); admins manage all. A brief has no lifecycle state, so nothing here is a 409.
 */
export const briefPolicy = definePolicy<BriefAction, PolicyBrief>({
  actions: ["edit", "run", "delete"],
  minRole: { edit: "editor", run: "editor", delete: "editor" } satisfies Record<BriefAction, Role>,
  permits: (_action, brief, actor) =>
    roleAtLeast(actor.role, "admin") || (actor.id !== undefined && brief.owner_id === actor.id),
  forbiddenMessages: {
    edit: "Only the brief's owner or an admin can edit this brief.",
    run: "Only the brief's owner or an admin can generate a kit from this brief.",
    delete: "Only the brief's owner or an admin can delete this brief.",
  },
});
