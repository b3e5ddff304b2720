import type { Kysely, Transaction } from "kysely";
import type { ContentItemRow, Database, NewContentItem } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

/** A content item with its persona title and industry name. */
export type ContentItemDetailRow = ContentItemRow & {
  persona_title: string;
  industry_name: string;
};

export async function insertContentItem(db: Db, row: NewContentItem): Promise<void> {
  await db.insertInto("content_item").values(row).execute();
}

export function findContentItem(db: Db, id: string): Promise<ContentItemDetailRow | undefined> {
  return db
    .selectFrom("content_item as c")
    .innerJoin("persona as p", "p.id", "c.persona_id")
    .innerJoin("industry as i", "i.id", "c.industry_id")
    .selectAll("c")
    .select(["p.title as persona_title", "i.name as industry_name"])
    .where("c.id", "=", id)
    .executeTakeFirst();
}

/** Number of stored items (tests and diagnostics). */
export async function countContentItems(db: Db): Promise<number> {
  const row = await db
    .selectFrom("content_item")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
