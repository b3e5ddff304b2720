import type {
  ContentItemCapabilities,
  ContentStatus,
  LibraryAction,
  LibraryCapabilities,
  Role,
} from "@content-studio/contract";
import {
  CONTENT_STATUSES,
  LIBRARY_ACTIONS,
  OWN_ITEM_APPROVAL_MESSAGE,
} from "@content-studio/contract";
import { definePolicy, type PolicyActor, type PolicyRefusal } from "../../lib/policy";

export type { PolicyActor, PolicyRefusal };

/** What the policy needs to know about an item. */
export interface PolicyItem {
  status: string;
  deleted_at: Date | null;
  /** Its author (who created it); null when that account is gone. */
  created_by: string | null;
}

/** The organisation's rules the policy follows (generation settings). */
export interface LibraryRules {
  /** An item's author may approve it (a one-person team); off by default. */
  allowSelfApproval: boolean;
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
  restore: "editor",
  purge: "admin",
};

const isAuthor = (item: PolicyItem, actor: PolicyActor) =>
  actor.id !== undefined && item.created_by === actor.id;

/**
 * Separation of duties, whatever the item's state (a refusal here is a 403): the author does
 * not approve their own item unless the organisation allows it; editors delete and restore
 * only their own items (admins any).
 */
function permitsFor(rules: LibraryRules) {
  return (action: LibraryAction, item: PolicyItem, actor: PolicyActor): boolean => {
    switch (action) {
      case "approve":
        return rules.allowSelfApproval || !isAuthor(item, actor);
      case "delete":
      case "restore":
        return actor.role === "admin" || isAuthor(item, actor);
      default:
        return true;
    }
  };
}

/** The item's lifecycle state, or null for a status this code does not know. */
const statusOf = (item: PolicyItem): ContentStatus | null =>
  (CONTENT_STATUSES as readonly string[]).includes(item.status)
    ? (item.status as ContentStatus)
    : null;

/**
 * Whether the item's state allows the action (whoever asks). A status this code does not know
 * allows nothing: the least permissive reading.
 */
function stateAllows(action: LibraryAction, item: PolicyItem, actor: PolicyActor): boolean {
  const status = statusOf(item);
  if (status === null) return false;
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
    // Published content is moved back to draft before it is deleted (by anyone); editors
    // delete drafts only (their own: see permitsFor).
    case "delete":
      return live && (actor.role === "admin" ? status !== "published" : status === "draft");
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

const DELETE_CONFLICT = (item: PolicyItem): string =>
  statusOf(item) === "published"
    ? "Published content cannot be deleted. Move it back to draft first."
    : item.deleted_at !== null
      ? "This content is already in the Trash."
      : "Editors can delete only drafts. Edit it (which moves it back to draft) or ask an admin.";

/**
 * A viewer reads; an editor creates, edits unpublished items (and optimises, visualises and
 * repurposes them), saves items as examples, submits, duplicates, and deletes and restores
 * their own drafts; an admin also approves (not their own item, unless the organisation
 * allows it), rejects, publishes, unpublishes, deletes any unpublished item, restores any item
 * and purges.
 */
function buildLibraryPolicy(rules: LibraryRules) {
  return definePolicy<LibraryAction, PolicyItem>({
    actions: LIBRARY_ACTIONS,
    minRole: MIN_ROLE,
    permits: permitsFor(rules),
    allows: stateAllows,
    forbiddenMessages: {
      approve: OWN_ITEM_APPROVAL_MESSAGE,
      delete: "Editors can delete only their own content. Ask its author or an admin.",
      restore: "Editors can restore only their own content. Ask an admin.",
    },
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
      delete: DELETE_CONFLICT,
      submit: "Only drafts can be submitted for review.",
      approve: "Only content in review can be approved.",
      reject: "Only content in review or approved can be rejected.",
      publish: "Only approved content can be published.",
      unpublish: "Only published content can be moved back to draft.",
      restore: "Only content in the Trash can be restored.",
      purge: "Only content in the Trash can be deleted permanently.",
    },
  });
}

const STRICT = buildLibraryPolicy({ allowSelfApproval: false });
const SELF_APPROVING = buildLibraryPolicy({ allowSelfApproval: true });

/** The policy under the organisation's rules. */
export const libraryPolicyFor = (rules: LibraryRules) =>
  rules.allowSelfApproval ? SELF_APPROVING : STRICT;

/** The policy under the default rules (no self-approval): enough for actions no setting changes. */
export const libraryPolicy = STRICT;

/** Null when allowed. */
export function refusal(
  actor: PolicyActor,
  action: LibraryAction,
  item: PolicyItem,
  rules: LibraryRules = { allowSelfApproval: false },
): PolicyRefusal | null {
  return libraryPolicyFor(rules).refusal(actor, action, item);
}

/** The caller's capabilities for one item (sent with every item). */
export function capabilitiesFor(
  actor: PolicyActor,
  item: PolicyItem,
  rules: LibraryRules,
): LibraryCapabilities {
  return libraryPolicyFor(rules).capabilities(actor, item);
}

/** The result views' subset of an item's capabilities (sent with a ContentItem). */
export function contentItemCapabilitiesFor(
  actor: PolicyActor,
  item: PolicyItem,
): ContentItemCapabilities {
  // None of these depends on the organisation's rules.
  const can = libraryPolicy.capabilities(actor, item);
  return {
    edit: can.edit,
    optimize: can.optimize,
    visualize: can.visualize,
    repurpose: can.repurpose,
    saveAsExample: can.saveAsExample,
  };
}
