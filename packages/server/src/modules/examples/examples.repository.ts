import type {
  BuyingStage,
  ContentType,
  ExampleCategory,
  ExampleOrigin,
} from "@content-studio/contract";
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import { runCancellable } from "../../db/cancellable";
import { whereEqualsEach } from "../../db/filters";
import { idTable } from "../../db/queries";
import type { Database, ExampleRow, IngestRunRow, IngestSource, NewExample } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export interface ExampleFilters {
  origins?: ExampleOrigin[];
  category?: ExampleCategory;
  contentType?: ContentType;
  personaId?: string;
  industryId?: string;
  buyingStage?: BuyingStage;
  tags: string[];
  /** tsquery text from search-words.ts; null for a search without words; undefined for none. */
  words?: string | null;
  includeArchived: boolean;
}

export type ExampleListRow = Omit<
  ExampleRow,
  "body" | "introduction" | "conclusion" | "headline" | "notes" | "search_words" | "content_hash"
> & {
  persona_title: string;
  industry_name: string | null;
};

/** The list's WHERE clause, for the page query and the count alike. */
function filtered<Q extends SelectQueryBuilder<Database & { e: Database["example"] }, "e", object>>(
  query: Q,
  filters: ExampleFilters,
): Q {
  let q = query as SelectQueryBuilder<Database & { e: Database["example"] }, "e", object>;
  if (!filters.includeArchived) q = q.where("e.archived_at", "is", null);
  if (filters.origins) q = q.where("e.origin", "in", filters.origins);
  q = whereEqualsEach(q, {
    "e.category": filters.category,
    "e.content_type": filters.contentType,
    "e.persona_id": filters.personaId,
    "e.industry_id": filters.industryId,
    "e.buying_stage": filters.buyingStage,
  });
  if (filters.tags.length > 0) {
    q = q.where(sql<boolean>`e.tags @> ${JSON.stringify(filters.tags)}::jsonb`);
  }
  if (filters.words !== undefined) {
    // A query without words matches nothing (punctuation is not a wildcard).
    q =
      filters.words === null
        ? q.where(sql<boolean>`false`)
        : q.where(sql<boolean>`e.search_words @@ to_tsquery('simple', ${filters.words})`);
  }
  return q as Q;
}

/** One page of examples and the total; an abort of `signal` stops the query (see runCancellable). */
export function listExamples(
  db: Kysely<Database>,
  filters: ExampleFilters,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<{ rows: ExampleListRow[]; total: number }> {
  return runCancellable(db, signal, (conn) => queryExamples(conn, filters, page));
}

async function queryExamples(
  db: Kysely<Database>,
  filters: ExampleFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ExampleListRow[]; total: number }> {
  const query = filtered(
    db
      .selectFrom("example as e")
      .innerJoin("persona as p", "p.id", "e.persona_id")
      .leftJoin("industry as i", "i.id", "e.industry_id"),
    filters,
  );
  const rows = await query
    .select([
      "e.id",
      "e.origin",
      "e.source_key",
      "e.source_path",
      "e.category",
      "e.title",
      "e.content_type",
      "e.persona_id",
      "e.industry_id",
      "e.buying_stage",
      "e.tags",
      "e.archived_at",
      "e.created_by",
      "e.created_at",
      "e.updated_at",
      "p.title as persona_title",
      "i.name as industry_name",
    ])
    .orderBy("e.updated_at", "desc")
    .orderBy("e.title")
    .orderBy("e.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  // A short first page is the whole answer; otherwise count without the joins (every example
  // has its persona), which costs far less than counting through the page query.
  if (page.offset === 0 && rows.length < page.limit) return { rows, total: rows.length };
  const countIn = (conn: Db) =>
    filtered(conn.selectFrom("example as e"), filters)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
  if (!filters.words) return { rows, total: Number((await countIn(db)).n) };
  // Counting a word that most examples contain: the planner prices a sequential scan below
  // the index bitmap, but the scan unpacks every row's words (10x the CPU at 10,000 rows).
  const count = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return countIn(trx);
  });
  return { rows, total: Number(count.n) };
}

export type ExampleDetailRow = ExampleRow & { persona_title: string; industry_name: string | null };

export function findExample(db: Db, id: string): Promise<ExampleDetailRow | undefined> {
  return db
    .selectFrom("example as e")
    .innerJoin("persona as p", "p.id", "e.persona_id")
    .leftJoin("industry as i", "i.id", "e.industry_id")
    .selectAll("e")
    .select(["p.title as persona_title", "i.name as industry_name"])
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** Good or bad examples for the generator and the quality check (not archived). */
export function listActiveExamples(db: Db, category?: ExampleCategory): Promise<ExampleRow[]> {
  let q = db.selectFrom("example").selectAll().where("archived_at", "is", null);
  if (category) q = q.where("category", "=", category);
  return q.orderBy("id").execute();
}

export async function loadSourceState(
  db: Db,
  sourceKey: string,
): Promise<Map<string, { id: string; hash: string; archived: boolean; title: string }>> {
  const rows = await db
    .selectFrom("example")
    .select(["id", "source_path", "content_hash", "archived_at", "title"])
    .where("source_key", "=", sourceKey)
    .execute();
  return new Map(
    rows.map((r) => [
      r.source_path,
      { id: r.id, hash: r.content_hash, archived: r.archived_at !== null, title: r.title },
    ]),
  );
}

/** Inserts or replaces examples by (source, path). One statement: all rows or none. */
export async function upsertExamples(db: Db, rows: NewExample[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("example")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["source_key", "source_path"]).doUpdateSet((eb) => ({
        origin: eb.ref("excluded.origin"),
        content_hash: eb.ref("excluded.content_hash"),
        category: eb.ref("excluded.category"),
        title: eb.ref("excluded.title"),
        content_type: eb.ref("excluded.content_type"),
        persona_id: eb.ref("excluded.persona_id"),
        industry_id: eb.ref("excluded.industry_id"),
        buying_stage: eb.ref("excluded.buying_stage"),
        tags: eb.ref("excluded.tags"),
        notes: eb.ref("excluded.notes"),
        headline: eb.ref("excluded.headline"),
        introduction: eb.ref("excluded.introduction"),
        body: eb.ref("excluded.body"),
        conclusion: eb.ref("excluded.conclusion"),
        search_words: eb.ref("excluded.search_words"),
        archived_at: null,
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/**
 * After a bulk ingest: moves the search index's pending entries into the index proper and
 * refreshes the planner's statistics (PGlite has no autovacuum; without them every search
 * is planned for an empty table).
 */
export async function mergeSearchIndex(db: Kysely<Database>): Promise<void> {
  await sql`vacuum (analyze) example`.execute(db);
}

export async function insertExample(db: Db, row: NewExample): Promise<void> {
  await db.insertInto("example").values(row).execute();
}

export async function updateExample(
  db: Db,
  id: string,
  patch: Partial<NewExample>,
): Promise<boolean> {
  const res = await db
    .updateTable("example")
    .set({ ...patch, updated_at: sql`now()` })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export const deleteExample = idTable("example").delete;

export async function archiveExamples(db: Db, ids: string[]): Promise<number> {
  const res = await db
    .updateTable("example")
    .set({ archived_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "in", ids)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- ingest runs ----

/** Ingest runs not finished yet (waiting for a worker or running). */
const ACTIVE: IngestRunRow["status"][] = ["queued", "running"];

/**
 * Records a queued run, or returns undefined when the source already has an unfinished one
 * (the database refuses it: a partial unique index).
 */
export async function createIngestRun(
  db: Db,
  run: {
    id: string;
    origin: ExampleOrigin;
    sourceKey: string;
    source: IngestSource;
    startedBy: string | null;
  },
): Promise<IngestRunRow | undefined> {
  return db
    .insertInto("ingest_run")
    .values({
      id: run.id,
      origin: run.origin,
      source_key: run.sourceKey,
      source: JSON.stringify(run.source),
      status: "queued",
      started_by: run.startedBy,
    })
    .onConflict((oc) => oc.column("source_key").where("status", "in", ACTIVE).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks an unfinished run running with its counters cleared (an attempt starts over; a rerun
 * after a dead worker finds what the earlier attempt stored unchanged). Undefined when the run
 * has finished already.
 */
export function claimIngestRun(db: Db, id: string): Promise<IngestRunRow | undefined> {
  return db
    .updateTable("ingest_run")
    .set({
      status: "running",
      total: 0,
      processed: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      errors: 0,
      failures: "[]",
      missing: "[]",
      message: null,
    })
    .where("id", "=", id)
    .where("status", "in", ACTIVE)
    .returningAll()
    .executeTakeFirst();
}

/** An ingest run's counters. */
export interface IngestCounts {
  total: number;
  processed: number;
  added: number;
  updated: number;
  unchanged: number;
  errors: number;
}

export async function updateIngestRun(
  db: Db,
  id: string,
  patch: Partial<
    IngestCounts & {
      status: IngestRunRow["status"];
      failures: string;
      missing: string;
      message: string | null;
      finished: boolean;
    }
  >,
): Promise<void> {
  const { finished, ...rest } = patch;
  // A finished run's staged upload goes in the same statement.
  await (finished ? withStagedPartsDeleted(db, id) : db)
    .updateTable("ingest_run")
    .set({ ...rest, ...(finished ? { finished_at: sql`now()` } : {}) })
    .where("id", "=", id)
    .execute();
}

function withStagedPartsDeleted(db: Db, runId: string) {
  return db.with("staged", (q) => q.deleteFrom("ingest_upload_part").where("run_id", "=", runId));
}

/** Closes an unfinished run as failed with `message` (its job was given up). */
export async function failUnfinishedRun(db: Db, id: string, message: string): Promise<boolean> {
  const res = await withStagedPartsDeleted(db, id)
    .updateTable("ingest_run")
    .set({ status: "failed", message, finished_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "in", ACTIVE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function findIngestRun(db: Db, id: string): Promise<IngestRunRow | undefined> {
  return db.selectFrom("ingest_run").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listIngestRuns(
  db: Db,
  options: { unfinished?: boolean; limit: number },
): Promise<IngestRunRow[]> {
  let q = db.selectFrom("ingest_run").selectAll();
  if (options.unfinished) q = q.where("status", "in", ACTIVE);
  return q.orderBy("started_at", "desc").limit(options.limit).execute();
}

// ---- staged uploads ----

/** Stages parts of an upload for its run (in `seq` order). */
export async function insertUploadParts(
  db: Db,
  parts: {
    run_id: string;
    seq: number;
    path: string | null;
    bytes: Uint8Array | null;
    object_offset?: number;
    object_size?: number;
  }[],
): Promise<void> {
  if (parts.length > 0) await db.insertInto("ingest_upload_part").values(parts).execute();
}

/**
 * The staged parts of a run without their bytes: (seq, path, size, and where a stored
 * upload's file starts in the run's object).
 */
export function listUploadParts(db: Db, runId: string) {
  return db
    .selectFrom("ingest_upload_part")
    .select([
      "seq",
      "path",
      "object_offset",
      sql<number>`coalesce(octet_length(bytes), object_size)`.as("size"),
    ])
    .where("run_id", "=", runId)
    .orderBy("seq")
    .execute();
}

/** Records where a run's upload is kept in the object store (in the run's transaction). */
export async function insertUploadObject(
  db: Db,
  row: { run_id: string; key: string; size: number; sha256: string; content_type: string },
): Promise<void> {
  await db.insertInto("ingest_upload_object").values(row).execute();
}

export function findUploadObject(db: Db, runId: string) {
  return db
    .selectFrom("ingest_upload_object")
    .select(["key", "size", "sha256", "content_type"])
    .where("run_id", "=", runId)
    .executeTakeFirst();
}

/** Forgets a run's stored upload (its object was deleted); answers its key, if there was one. */
export async function deleteUploadObject(db: Db, runId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom("ingest_upload_object")
    .where("run_id", "=", runId)
    .returning("key")
    .executeTakeFirst();
  return row?.key;
}

/** Of these object keys, the ones an unfinished run still reads. */
export async function uploadKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom("ingest_upload_object as o")
    .innerJoin("ingest_run as r", "r.id", "o.run_id")
    .select("o.key")
    .where("o.key", "in", keys)
    .where("r.status", "in", ACTIVE)
    .execute();
  return new Set(rows.map((r) => r.key));
}

/** Forgets the stored uploads of finished runs (the sweep deleted their objects). */
export async function deleteFinishedUploadObjects(db: Db): Promise<void> {
  await db
    .deleteFrom("ingest_upload_object")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("ingest_run as r")
          .select("r.id")
          .whereRef("r.id", "=", "ingest_upload_object.run_id")
          .where("r.status", "not in", ACTIVE),
      ),
    )
    .execute();
}

export async function readUploadPart(db: Db, runId: string, seq: number): Promise<Uint8Array> {
  const row = await db
    .selectFrom("ingest_upload_part")
    .select("bytes")
    .where("run_id", "=", runId)
    .where("seq", "=", seq)
    .executeTakeFirstOrThrow();
  if (!row.bytes) throw new Error(`Upload part ${seq} of run ${runId} is in the object store.`);
  return row.bytes;
}

/**
 * The sections of the examples chosen for a prompt, in one query (archived
 * examples are left out).
 */
export function findPromptExamples(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("example")
    .select(["id", "title", "category", "headline", "introduction", "body", "conclusion", "notes"])
    .where("id", "in", [...ids])
    .where("archived_at", "is", null)
    .execute();
}

/** Whom each of these examples was written for (archived examples are left out). */
export function findExampleAudiences(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("example")
    .select(["id", "persona_id", "industry_id"])
    .where("id", "in", [...ids])
    .where("archived_at", "is", null)
    .execute();
}
