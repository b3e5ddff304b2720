import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/types";
import { readSetting, writeSetting } from "../settings/settings.repository";

type Db = Kysely<Database> | Transaction<Database>;

import { BANNED_PHRASES_SETTING } from "../settings/settings.repository";

export { BANNED_PHRASES_SETTING };

/** The stored banned-phrase list, or undefined when none was ever saved. */
export async function readBannedPhrases(db: Db): Promise<unknown> {
  return readSetting(db, BANNED_PHRASES_SETTING);
}

export async function writeBannedPhrases(
  db: Db,
  phrases: string[],
  userId: string | null,
): Promise<void> {
  await writeSetting(db, BANNED_PHRASES_SETTING, { phrases }, userId);
}

/**
 * A cheap fingerprint of the active examples (count and latest change): every insert, edit,
 * archive and delete changes it, so the similarity index is rebuilt only when it must be.
 */
export async function readExamplesVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom("example")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      // As text, to keep PostgreSQL's microseconds (a Date would round them to milliseconds).
      sql<string | null>`max(updated_at)::text`.as("latest"),
    ])
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.latest ?? ""}`;
}
