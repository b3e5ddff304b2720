import type { ContentItem } from "@content-studio/contract";
import { presentContentFields } from "../library/library.presenter";
import type { ContentItemDetailRow } from "./content.repository";

export function presentContentItem(row: ContentItemDetailRow): ContentItem {
  return presentContentFields(row);
}
