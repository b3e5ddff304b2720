import type { AppContext } from "../../app-context";
import { SimilarityIndex } from "../quality/similarity";
import { htmlBlocks } from "../quality/text";
import * as repo from "./library.repository";

// One index of the Library's texts per database, rebuilt only when the items' fingerprint
// changes (see readLibraryTextsVersion). A build in progress is shared.
const indexCache = new WeakMap<object, { version: string; index: Promise<SimilarityIndex> }>();

/**
 * The items in the Library as a similarity index, for the quality check's duplicate gate: copy
 * that restates an item already in the Library is a near-duplicate, not new work.
 */
export async function getLibraryIndex(ctx: Pick<AppContext, "db">): Promise<SimilarityIndex> {
  const version = await repo.readLibraryTextsVersion(ctx.db);
  const cached = indexCache.get(ctx.db);
  if (cached?.version === version) return cached.index;
  const index = repo.listLibraryTexts(ctx.db).then((rows) =>
    SimilarityIndex.build(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        // Library items have no benchmark category; only the duplicate gate reads this index.
        category: "good" as const,
        // One line per block, as the check reads a draft: sentences never run across blocks.
        text: [
          r.headline,
          r.introduction,
          ...htmlBlocks(r.body).map((b) => b.text),
          r.conclusion,
        ].join("\n"),
      })),
    ),
  );
  indexCache.set(ctx.db, { version, index });
  try {
    return await index;
  } catch (error) {
    if (indexCache.get(ctx.db)?.index === index) indexCache.delete(ctx.db);
    throw error;
  }
}

/** Library items a version of `id` may restate: see listDuplicateFamily. */
export function duplicateFamily(ctx: Pick<AppContext, "db">, id: string): Promise<string[]> {
  return repo.listDuplicateFamily(ctx.db, id);
}
