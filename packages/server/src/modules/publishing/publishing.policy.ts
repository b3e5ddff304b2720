import type { Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type ConnectionAction = "manage";

/** Connections: only admins see, add, change, test and delete them (their secrets included). */
export const connectionsPolicy = definePolicy<ConnectionAction>({
  actions: ["manage"],
  minRole: { manage: "admin" } satisfies Record<ConnectionAction, Role>,
});

export type ExportAction = "view" | "send";

/** What the export rule needs to know about a library item. */
export interface ExportItem {
  status: string;
  deleted_at: Date | null;
  version: number;
  approved_version: number | null;
}

/**
 * The item's approved version, when its state lets it leave the studio: approved or published,
 * not in the Trash, and the approval covering the current version (an edit voids it). Null
 * otherwise, and for a status this code does not know.
 */
export function exportableVersion(item: ExportItem): number | null {
  const live = item.deleted_at === null;
  const approved = item.status === "approved" || item.status === "published";
  if (!live || !approved || item.approved_version === null) return null;
  return item.approved_version === item.version ? item.approved_version : null;
}

export const NOT_EXPORTABLE_MESSAGE =
  "Only approved or published content can be sent as a draft, and only its approved version. Approve it first.";

/**
 * Everyone who reads the library sees an item's exports; only admins send drafts out (like
 * publishing), and only of an approved or published item's approved version (409 otherwise).
 */
export const exportPolicy = definePolicy<ExportAction, ExportItem>({
  actions: ["view", "send"],
  minRole: { view: "viewer", send: "admin" } satisfies Record<ExportAction, Role>,
  allows: (action, item) => (action === "view" ? true : exportableVersion(item) !== null),
  conflictMessages: { send: NOT_EXPORTABLE_MESSAGE },
});
