import type { Selectable } from "kysely";
import { firstRow, idTable, userNameOf, type Db, type RowLock } from "../../db/queries";
import type { ContentExportTable, PublishingConnectionTable } from "../../db/types";

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
    .selectAll("c")
    .select((eb) => userNameOf(eb.ref("c.created_by")).as("creator_name"))
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
}

/** A connection's target never changes. */
const connections = idTable<"publishing_connection", "target">("publishing_connection");
export const countConnections = connections.count;
export const findConnection = connections.find;
export const insertConnection = connections.insert;
export const updateConnection = connections.update;
export const deleteConnection = connections.delete;

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

const contentExports = idTable("content_export");
export const findExport = contentExports.find;

export function findExportOf(
  db: Db,
  itemId: string,
  connectionId: string,
  lock: RowLock = {},
): Promise<ExportRow | undefined> {
  return firstRow(
    db
      .selectFrom("content_export")
      .selectAll()
      .where("content_item_id", "=", itemId)
      .where("connection_id", "=", connectionId),
    lock,
  );
}

export const insertExport = contentExports.insert;
export const updateExport = contentExports.update;
