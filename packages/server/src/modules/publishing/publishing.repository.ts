import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { ContentExportTable, Database, PublishingConnectionTable } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export type ConnectionRow = Selectable<PublishingConnectionTable>;
export type ExportRow = Selectable<ContentExportTable>;
export type ConnectionListRow = ConnectionRow & { creator_name: string | null };
export type ExportListRow = ExportRow & {
  connection_name: string;
  target: ConnectionRow["target"];
};

export function listConnections(db: Db): Promise<ConnectionListRow[]> {
  return db
    .selectFrom("publishing_connection as c")
    .leftJoin("user as u", "u.id", "c.created_by")
    .selectAll("c")
    .select("u.name as creator_name")
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
}

export async function countConnections(db: Db): Promise<number> {
  const row = await db
    .selectFrom("publishing_connection")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findConnection(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = db.selectFrom("publishing_connection").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function insertConnection(
  db: Db,
  row: Insertable<PublishingConnectionTable>,
): Promise<ConnectionRow> {
  return db
    .insertInto("publishing_connection")
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateConnection(
  db: Db,
  id: string,
  update: Partial<Omit<Insertable<PublishingConnectionTable>, "id" | "created_at" | "target">>,
): Promise<ConnectionRow | undefined> {
  return db
    .updateTable("publishing_connection")
    .set({ ...update, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConnection(db: Db, id: string): Promise<void> {
  await db.deleteFrom("publishing_connection").where("id", "=", id).execute();
}

/** An item's exports with their connection's name and target, newest change first. */
export function listExportsOfItem(db: Db, itemId: string): Promise<ExportListRow[]> {
  return db
    .selectFrom("content_export as e")
    .innerJoin("publishing_connection as c", "c.id", "e.connection_id")
    .selectAll("e")
    .select(["c.name as connection_name", "c.target"])
    .where("e.content_item_id", "=", itemId)
    .orderBy("e.updated_at", "desc")
    .orderBy("e.id")
    .execute();
}

export function findExport(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ExportRow | undefined> {
  const query = db.selectFrom("content_export").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function findExportOf(
  db: Db,
  itemId: string,
  connectionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ExportRow | undefined> {
  const query = db
    .selectFrom("content_export")
    .selectAll()
    .where("content_item_id", "=", itemId)
    .where("connection_id", "=", connectionId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function insertExport(db: Db, row: Insertable<ContentExportTable>): Promise<ExportRow> {
  return db.insertInto("content_export").values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateExport(
  db: Db,
  id: string,
  update: Partial<Omit<Insertable<ContentExportTable>, "id" | "created_at">>,
): Promise<ExportRow | undefined> {
  return db
    .updateTable("content_export")
    .set({ ...update, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}
