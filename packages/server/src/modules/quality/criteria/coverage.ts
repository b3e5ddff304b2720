import { tokenize } from "../text";
import { GENERIC_STEMS } from "../vocabulary";

// Item → its distinctive stems. Items are reference data (pain points, goals, challenges), so
// the same few hundred strings come back on every check.
const itemStemCache = new Map<string, string[]>();

function distinctiveStems(item: string): string[] {
  let stems = itemStemCache.get(item);
  if (!stems) {
    if (itemStemCache.size >= 5_000) itemStemCache.clear();
    stems = [...new Set(tokenize(item))].filter((s) => !GENERIC_STEMS.has(s));
    itemStemCache.set(item, stems);
  }
  return stems;
}

/**
 * Whether a text (as its set of stems) addresses an item (a pain point, goal, …): most of the
 * item's distinctive words appear. Items with no distinctive words count as addressed.
 */
export function coversItem(item: string, stems: ReadonlySet<string>): boolean {
  const itemStems = distinctiveStems(item);
  if (itemStems.length === 0) return true;
  const need =
    itemStems.length <= 2 ? itemStems.length : Math.max(2, Math.ceil(itemStems.length * 0.34));
  return itemStems.filter((s) => stems.has(s)).length >= need;
}

/** Items (pain points, goals, …) whose distinctive words mostly appear in the text. */
export function coverage(items: readonly string[], stems: ReadonlySet<string>) {
  const addressed: string[] = [];
  const missing: string[] = [];
  for (const item of items) {
    if (distinctiveStems(item).length === 0) continue;
    (coversItem(item, stems) ? addressed : missing).push(item);
  }
  return { addressed, missing };
}
