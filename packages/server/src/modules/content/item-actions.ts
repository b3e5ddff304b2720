import type { LibraryItemActions } from "../library/library-actions.routes";
import { optimizeContentItem } from "./optimize";
import { repurposeContentItem } from "./repurpose";
import { saveContentAsExample } from "./save-as-example";
import { visualizeContentItem } from "./visualize";

/**
 * The generator's actions on a stored item, served by the library under /api/library/:id/…
 * (wired in buildApp). Each stores its result through the library's services.
 */
export const contentItemActions: LibraryItemActions = {
  optimize: optimizeContentItem,
  visualize: visualizeContentItem,
  repurpose: repurposeContentItem,
  saveAsExample: saveContentAsExample,
};
