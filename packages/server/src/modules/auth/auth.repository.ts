import type { Kysely } from "kysely";
import type { Database } from "../../db/types";

/**
 * The stored secret `name`, after storing `candidate` under that name unless one is there
 * already: every instance on one database ends up with the first one written.
 */
export async function claimSecret(
  db: Kysely<Database>,
  name: string,
  candidate: string,
): Promise<string> {
  await db
    .insertInto("app_secret")
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
