import type {
  ContentItemCapabilities,
  ContentStatus,
  LibraryAction,
  LibraryCapabilities,
  Role,
} from "@content-studio/contract";
import { CONTENT_STATUSES, LIBRARY_ACTIONS } from "@content-studio/contract";
import { definePolicy, type PolicyActor, type PolicyRefusal } from "../../lib/policy";

export type { PolicyActor, PolicyRefusal };

/** What the policy needs to know about an item. */
export interface PolicyItem {
  status: string;
  deleted_at: Date | null;
}

/** Lowest role for each action. */
const MIN_ROLE: Record<LibraryAction, Role> = {
  edit: "editor",
  optimize: "editor",
  visualize: "editor",
  repurpose: "editor",
  saveAsExample: "editor",
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

const statusOf = (item: PolicyItem): ContentStatus =>
  (CONTENT_STATUSES as readonly string[]).includes(item.status)
    ? (item.status as ContentStatus)
    : "draft";

/** Whether the item's state allows the action (whoever asks). */
function stateAllows(action: LibraryAction, item: PolicyItem, actor: PolicyActor): boolean {
  const status = statusOf(item);
  const live = item.deleted_at === null;
  switch (action) {
    // Published items are read-only until moved back to draft. An edit to an item in review
    // or approved sends it back to draft (and voids the approval). Optimising proposes an edit,
    // and an image or variations are saved onto the item, so they follow the same rule.
    case "edit":
    case "optimize":
    case "visualize":
    case "repurpose":
      return live && status !== "published";
    // Saving as an example copies the text and leaves the item as it is.
    case "saveAsExample":
    case "duplicate":
      return live;
    // Editors may trash what is not published; taking published content down is an admin's call.
    case "delete":
      return live && (status !== "published" || actor.role === "admin");
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
 * A viewer reads; an editor creates, edits drafts (and optimises, visualises and repurposes
 * them), saves items as examples, submits, duplicates and deletes unpublished items; an admin
 * also approves, rejects, publishes, unpublishes, restores from the Trash and purges.
 */
export const libraryPolicy = definePolicy<LibraryAction, PolicyItem>({
  actions: LIBRARY_ACTIONS,
  minRole: MIN_ROLE,
  allows: stateAllows,
  conflictMessages: {
    edit: "This content cannot be edited now. Published content is read-only until it is moved back to draft.",
    optimize:
      "This content cannot be optimised now. Published content is read-only until it is moved back to draft.",
    visualize:
      "This content cannot get a new image now. Published content is read-only until it is moved back to draft.",
    repurpose:
      "This content cannot be repurposed now. Published content is read-only until it is moved back to draft.",
    saveAsExample: "Content in the Trash cannot be saved as an example.",
    duplicate: "This content cannot be duplicated.",
    delete: "This content cannot be deleted.",
    submit: "Only drafts can be submitted for review.",
    approve: "Only content in review can be approved.",
    reject: "Only content in review or approved can be rejected.",
    publish: "Only approved content can be published.",
    unpublish: "Only published content can be moved back to draft.",
    restore: "Only content in the Trash can be restored.",
    purge: "Only content in the Trash can be deleted permanently.",
  },
});

/** Null when allowed. */
export function refusal(
  actor: PolicyActor,
  action: LibraryAction,
  item: PolicyItem,
): PolicyRefusal | null {
  return libraryPolicy.refusal(actor, action, item);
}

/** The caller's capabilities for one item (sent with every item). */
export function capabilitiesFor(actor: PolicyActor, item: PolicyItem): LibraryCapabilities {
  return libraryPolicy.capabilities(actor, item);
}

/** The result views' subset of an item's capabilities (sent with a ContentItem). */
export function contentItemCapabilitiesFor(
  actor: PolicyActor,
  item: PolicyItem,
): ContentItemCapabilities {
  const can = capabilitiesFor(actor, item);
  return {
    edit: can.edit,
    optimize: can.optimize,
    visualize: can.visualize,
    repurpose: can.repurpose,
    saveAsExample: can.saveAsExample,
  };
}
