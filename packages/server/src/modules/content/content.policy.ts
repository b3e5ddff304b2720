import type { ContentItemCapabilities, Role } from "@content-studio/contract";
import { definePolicy, type PolicyActor } from "../../lib/policy";
import { libraryPolicy, type PolicyItem } from "../library/library.policy";

export type ContentAction = "generate";

/**
 * Editors and admins generate content; viewers read. (Who changes the generation defaults is
 * the settings module's policy.)
 */
export const contentPolicy = definePolicy<ContentAction>({
  actions: ["generate"],
  minRole: { generate: "editor" } satisfies Record<ContentAction, Role>,
});

/** An action of the result views on one stored item. */
export type ContentItemAction = keyof ContentItemCapabilities;

/**
 * Editing, optimising, visualising, repurposing and saving an item as an example are decided
 * by the item's own policy in the library (which owns the item and its lifecycle): editors
 * and admins, on a live item; all but saving as an example also need it unpublished.
 */
export function authorizeItemAction(
  actor: PolicyActor,
  action: ContentItemAction,
  item: PolicyItem,
): void {
  libraryPolicy.authorize(actor, action, item);
}
