import {
  expressionBuilder,
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from "kysely";
import type { Database } from "./types";

/** A repository's connection: the database, or the transaction it runs in. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Whether a read locks the row it finds until the transaction ends. */
export interface RowLock {
  forUpdate?: boolean;
}

/** The tables whose key is a text `id`. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: string } ? T : never;
}[keyof Database];

/** The tables with an `id` key and an `updated_at` stamp. */
type TableWithIdStamped = {
  [T in TableWithId]: "updated_at" extends keyof Database[T] ? T : never;
}[TableWithId];

/**
 * The connection as tables of plain rows: Kysely cannot type a query on a table chosen by a
 * type parameter, so the helpers below build theirs on this view and type what they return
 * with the chosen table's own row types.
 */
function untyped(db: Db) {
  return db as unknown as Kysely<Record<string, Record<string, unknown>>>;
}

/** Whether the query (a select, or an insert or update returning its rows) yields a row. */
export async function yieldsRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/** The query's first row, locked until the transaction ends when `lock.forUpdate`. */
export function firstRow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  lock: RowLock = {},
) {
  return (lock.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The rows of `table` whose `column` holds one of `keys` (e.g. the children of these parents),
 * ordered by the `orderBy` columns in turn, each ascending; no statement for no keys.
 */
export async function rowsWhereIn<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  keys: readonly string[],
  orderBy: readonly (keyof Database[T] & string)[],
): Promise<Selectable<Database[T]>[]> {
  if (keys.length === 0) return [];
  const keyColumn: string = column;
  let query = untyped(db).selectFrom(table).selectAll().where(keyColumn, "in", keys);
  for (const by of orderBy as readonly string[]) query = query.orderBy(by);
  return (await query.execute()) as Selectable<Database[T]>[];
}

/** Changes to a row of table `T`: any column but its id, its stamps and the `Fixed` ones. */
export type RowChanges<T extends keyof Database, Fixed extends string = never> = Omit<
  Updateable<Database[T]>,
  "id" | "created_at" | "updated_at" | Fixed
>;

/**
 * The statements on one row of `table` by its id, and the row count: a repository exports
 * those it needs under its own names. `update` stamps `updated_at` (so only tables with one
 * have it) and never touches the `Fixed` columns; `insert` and `update` answer with the row
 * as stored, `delete` with whether there was one.
 */
export function idTable<T extends TableWithId, Fixed extends string = never>(table: T) {
  type Row = Selectable<Database[T]>;
  const name: string = table;
  return {
    find: (db: Db, id: string, lock: RowLock = {}) =>
      firstRow(untyped(db).selectFrom(name).selectAll().where("id", "=", id), lock) as Promise<
        Row | undefined
      >,
    count: async (db: Db): Promise<number> => {
      const row = await untyped(db)
        .selectFrom(name)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    insert: (db: Db, row: Insertable<Database[T]>) =>
      untyped(db)
        .insertInto(name)
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<Row>,
    update: (
      db: Db,
      id: string,
      changes: T extends TableWithIdStamped ? RowChanges<T, Fixed> : never,
    ) =>
      untyped(db)
        .updateTable(name)
        .set({ ...changes, updated_at: new Date() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst() as Promise<Row | undefined>,
    delete: async (db: Db, id: string): Promise<boolean> => {
      const result = await untyped(db).deleteFrom(name).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/**
 * A cheap fingerprint of the rows of `table` that `goneColumn` does not mark as gone: their
 * count and latest `updated_at`. Every insert, edit, removal and delete changes it.
 */
export async function liveRowsVersion<T extends TableWithIdStamped>(
  db: Db,
  table: T,
  goneColumn: keyof Database[T] & string,
): Promise<string> {
  const row = await untyped(db)
    .selectFrom(table as string)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      // As text, to keep PostgreSQL's microseconds (a Date would round them to milliseconds).
      sql<string | null>`max(updated_at)::text`.as("latest"),
    ])
    .where(goneColumn, "is", null)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.latest ?? ""}`;
}

/**
 * The name of the user whose id is in `userId`, for a select list: null when the column is
 * null or the account is gone.
 */
export function userNameOf(userId: Expression<string | null>) {
  return expressionBuilder<Database>()
    .selectFrom("user")
    .select("user.name")
    .whereRef("user.id", "=", userId);
}

/** The tables whose rows keep their place in a list (`sort_order`). */
type OrderedTable = {
  [T in keyof Database]: "sort_order" extends keyof Database[T] ? T : never;
}[keyof Database];

/**
 * Inserts a row into `table` for each item of `items`, with the item's place in the list as
 * its `sort_order`; no statement for no items.
 */
export async function insertInOrder<T extends OrderedTable, I>(
  db: Db,
  table: T,
  items: readonly I[],
  rowOf: (item: I) => Omit<Insertable<Database[T]>, "sort_order">,
): Promise<void> {
  if (items.length === 0) return;
  await untyped(db)
    .insertInto(table)
    .values(items.map((item, i) => ({ ...rowOf(item), sort_order: i })))
    .execute();
}
