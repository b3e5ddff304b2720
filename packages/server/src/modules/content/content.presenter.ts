import type { ContentItem } from "@content-studio/contract";
import { presentContentFields } from "../library/library.presenter";
import type { PolicyActor } from "../../lib/policy";
import type { ContentItemDetailRow } from "./content.repository";

/** The item with the caller's capabilities for it (from the library's item policy). */
export function presentContentItem(row: ContentItemDetailRow, actor: PolicyActor): ContentItem {
  return presentContentFields(row, actor);
}
