import { liveRowsVersion, type Db } from "../../db/queries";

/**
 * A cheap fingerprint of the active examples (count and latest change): every insert, edit,
 * archive and delete changes it, so the similarity index is rebuilt only when it must be.
 */
export function readExamplesVersion(db: Db): Promise<string> {
  return liveRowsVersion(db, "example", "archived_at");
}
