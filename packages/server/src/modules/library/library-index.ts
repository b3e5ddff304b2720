import type { AppContext } from "../../app-context";
import { versionedCache } from "../../lib/versioned-cache";
import { SimilarityIndex } from "../quality/similarity";
import { htmlBlocks } from "../quality/text";
import * as repo from "./library.repository";

// One index of the Library's texts per database, rebuilt only when the items' fingerprint
// changes (see readLibraryTextsVersion).
const indexCache = versionedCache<SimilarityIndex>();

/**
 * The items in the Library as a similarity index, for the quality check's duplicate gate: copy
 * that restates an item already in the Library is a near-duplicate, not new work.
 */
export async function getLibraryIndex(ctx: Pick<AppContext, "db">): Promise<SimilarityIndex> {
  const version = await repo.readLibraryTextsVersion(ctx.db);
  return indexCache(ctx.db, version, async () => {
    const rows = await repo.listLibraryTexts(ctx.db);
    return SimilarityIndex.build(
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
    );
  });
}

/** Library items a version of `id` may restate: see listDuplicateFamily. */
export function duplicateFamily(ctx: Pick<AppContext, "db">, id: string): Promise<string[]> {
  return repo.listDuplicateFamily(ctx.db, id);
}
