import { z } from "zod";
import { objectOfKeys } from "./object-of-keys";

// The lifecycle states and capabilities of a content item: light enough for the first screens
// (the dashboard, the library list) to check answers without the quality report's schemas.

/** Lifecycle: draft → in_review → approved → published, and back to draft. */
export const CONTENT_STATUSES = ["draft", "in_review", "approved", "published"] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/**
 * What the caller may do with one content item in the result views (computed by the server's
 * policy for the item): edit its text, optimise it, make an image, repurpose it, save it as an
 * example.
 */
export const CONTENT_ITEM_ACTIONS = [
  "edit",
  "optimize",
  "visualize",
  "repurpose",
  "saveAsExample",
] as const;
export const ContentItemCapabilitiesSchema = objectOfKeys(CONTENT_ITEM_ACTIONS, z.boolean());
export type ContentItemCapabilities = z.infer<typeof ContentItemCapabilitiesSchema>;
