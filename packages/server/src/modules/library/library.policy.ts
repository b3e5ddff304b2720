import type {
  ContentStatus,
  LibraryAction,
  LibraryCapabilities,
  Role,
} from "@content-studio/contract";
import { LIBRARY_ACTIONS } from "@content-studio/contract";

/** What the policy needs to know about an item. */
export interface PolicyItem {
  status: string;
  deleted_at: Date | null;
}

export interface PolicyActor {
  role: Role;
}

/** Why an action is refused: the role never allows it, or the item's state does not now. */
export type PolicyRefusal = "forbidden" | "conflict";

const RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** Lowest role for each action. */
const MIN_ROLE: Record<LibraryAction, Role> = {
  edit: "editor",
  duplicate: "editor",
  delete: "editor",
  submit: "editor",
  approve: "admin",
  reject: "admin",
  publish: "admin",
  unpublish: "admin",
  restore: "admin",
  purge: "admin",
};

/** Whether the item's state allows the action (whoever asks). */
function stateAllows(action: LibraryAction, item: PolicyItem, role: Role): boolean {
  const status = item.status as ContentStatus;
  const live = item.deleted_at === null;
  switch (action) {
    // Published items are read-only until moved back to draft. An edit to an item in review
    // or approved sends it back to draft (and voids the approval).
    case "edit":
      return live && status !== "published";
    case "duplicate":
      return live;
    // Editors may trash what is not published; taking published content down is an admin's call.
    case "delete":
      return live && (status !== "published" || role === "admin");
    case "submit":
      return live && status === "draft";
    case "approve":
      return live && status === "in_review";
    case "reject":
      return live && (status === "in_review" || status === "approved");
    case "publish":
      return live && status === "approved";
    case "unpublish":
      return live && status === "published";
    case "restore":
    case "purge":
      return !live;
  }
}

/**
 * A viewer reads; an editor creates, edits drafts, submits, duplicates and deletes unpublished
 * items; an admin also approves, rejects, publishes, unpublishes, restores from the Trash and
 * purges. Null when allowed.
 */
export function refusal(
  actor: PolicyActor,
  action: LibraryAction,
  item: PolicyItem,
): PolicyRefusal | null {
  if (RANK[actor.role] < RANK[MIN_ROLE[action]]) return "forbidden";
  return stateAllows(action, item, actor.role) ? null : "conflict";
}

/** The caller's capabilities for one item (sent with every item). */
export function capabilitiesFor(actor: PolicyActor, item: PolicyItem): LibraryCapabilities {
  const can = {} as LibraryCapabilities;
  for (const action of LIBRARY_ACTIONS) can[action] = refusal(actor, action, item) === null;
  return can;
}
