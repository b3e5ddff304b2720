import {
  DASHBOARD_QUALITY_BANDS,
  LIBRARY_COUNT_CAP,
  type BuyingStage,
  type ContentStatus,
  type ContentType,
  type LibrarySort,
  type QualityBandId,
} from "@content-studio/contract";
import { sql, type SelectQueryBuilder, type Transaction } from "kysely";
import type {
  ContentItemRow,
  ContentItemVersionRow,
  Database,
  NewContentItem,
  NewContentItemVersion,
} from "../../db/types";
import { whereEqualsEach } from "../../db/filters";
import { idTable, liveRowsVersion, userNameOf, type Db } from "../../db/queries";

const items = idTable("content_item");

export interface LibraryFilters {
  q?: string;
  type?: ContentType;
  status?: ContentStatus;
  personaId?: string;
  industryId?: string;
  stage?: BuyingStage;
  quality?: QualityBandId;
  authorId?: string;
  trash: boolean;
}

/** A list row: the columns the table shows plus names from the joined tables. */
export interface LibraryListRow {
  id: string;
  title: string;
  content_type: string;
  persona_id: string;
  industry_id: string;
  buying_stage: string;
  status: string;
  quality_after: number | null;
  created_by: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  persona_title: string;
  industry_name: string;
  author_name: string | null;
  /** The sort key as text (exact round trip for the cursor). */
  sort_key: string;
}

/** A content item with the names the detail view shows. */
export type LibraryItemRow = ContentItemRow & {
  persona_title: string;
  industry_name: string;
  author_name: string | null;
  updated_by_name: string | null;
  approved_by_name: string | null;
  /** Who saved the current version, and when (not a later status change). */
  version_saved_by_name: string | null;
  version_saved_at: Date | null;
};

export interface Cursor {
  key: string;
  id: string;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type ItemQuery = SelectQueryBuilder<
  Database & { c: Database["content_item"] },
  "c",
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {}
>;

function applyFilters(query: ItemQuery, f: LibraryFilters): ItemQuery {
  let q = whereEqualsEach(query.where("c.deleted_at", f.trash ? "is not" : "is", null), {
    "c.content_type": f.type,
    "c.status": f.status,
    "c.persona_id": f.personaId,
    "c.industry_id": f.industryId,
    "c.buying_stage": f.stage,
    "c.created_by": f.authorId,
  });
  if (f.quality === "unscored") q = q.where("c.quality_after", "is", null);
  if (f.quality === "high") q = q.where("c.quality_after", ">=", DASHBOARD_QUALITY_BANDS.high);
  if (f.quality === "medium") {
    q = q
      .where("c.quality_after", ">=", DASHBOARD_QUALITY_BANDS.medium)
      .where("c.quality_after", "<", DASHBOARD_QUALITY_BANDS.high);
  }
  if (f.quality === "low") q = q.where("c.quality_after", "<", DASHBOARD_QUALITY_BANDS.medium);
  if (f.q) {
    const pattern = `%${escapeLike(f.q.toLowerCase())}%`;
    // Titles case-insensitively (trigram index), every section by full-text search.
    q = q.where(
      sql<boolean>`(lower(c.title) like ${pattern} or c.search_vector @@ websearch_to_tsquery('english', ${f.q}))`,
    );
  }
  return q;
}

/**
 * Planner settings for the rest of the transaction. The planner prices a sort-index walk that
 * tests the search condition row by row as cheap, but each row's test reads its stored
 * search_vector out of line (several pages per row), so the search chooses its plan itself:
 * - "indexes": the trigram and full-text indexes (bitmap scans), then a sort of the matches;
 * - "sort-index": walk the sort's index and test each row, stopping at a full page.
 */
async function planWith(db: Db, plan: "indexes" | "sort-index") {
  // One statement for the three settings (each statement is a round trip to the database).
  await sql`select
    set_config('enable_seqscan', 'off', true),
    set_config('enable_indexscan', ${plan === "sort-index" ? "on" : "off"}, true),
    set_config('enable_bitmapscan', ${plan === "indexes" ? "on" : "off"}, true)`.execute(db);
}

/** The sort expression of each order; all descending, ties broken by id. */
function sortExpression(sort: LibrarySort, trash: boolean) {
  if (trash) return { key: sql`c.deleted_at`, cast: "timestamptz" as const };
  if (sort === "created") return { key: sql`c.created_at`, cast: "timestamptz" as const };
  if (sort === "quality")
    return { key: sql`coalesce(c.quality_after, -1)`, cast: "float8" as const };
  return { key: sql`c.updated_at`, cast: "timestamptz" as const };
}

type Order = ReturnType<typeof sortExpression>;

function cursorValue(order: Order, cursor: Cursor) {
  return order.cast === "float8"
    ? sql`cast(${cursor.key} as float8)`
    : sql`cast(${cursor.key} as timestamptz)`;
}

/**
 * A page of the list: `total` counts the matches up to LIBRARY_COUNT_CAP (`capped` when there
 * are more), or is null when a search matched too many items to count them for less than the
 * page costs.
 */
export interface LibraryListResult {
  rows: LibraryListRow[];
  total: number | null;
  capped: boolean;
}

/** One page in sort order after the cursor (limit + 1 rows: the extra one says "more follow"). */
export async function listLibraryItems(
  db: Db,
  filters: LibraryFilters,
  sort: LibrarySort,
  page: { cursor?: Cursor; limit: number },
): Promise<LibraryListResult> {
  if (!filters.q) return listPage(db, filters, sort, page);
  // A search sets planner settings, which `set local` keeps inside one transaction.
  if (db.isTransaction) return searchPage(db, filters, sort, page);
  return db.transaction().execute((trx) => searchPage(trx, filters, sort, page));
}

/** The columns of a list row besides the sort key (items as c, persona p, industry i, user u). */
const LIST_COLUMNS = [
  "c.id",
  "c.title",
  "c.content_type",
  "c.persona_id",
  "c.industry_id",
  "c.buying_stage",
  "c.status",
  "c.quality_after",
  "c.created_by",
  "c.version",
  "c.created_at",
  "c.updated_at",
  "c.deleted_at",
  "p.title as persona_title",
  "i.name as industry_name",
  "u.name as author_name",
] as const;

/** The page's rows: the matches after the cursor, in sort order, with the names shown. */
function pageRows(
  db: Db,
  matches: ItemQuery,
  order: Order,
  page: { cursor?: Cursor; limit: number },
) {
  let q = matches;
  if (page.cursor) {
    q = q.where(
      sql<boolean>`(${order.key}, c.id) < (${cursorValue(order, page.cursor)}, ${page.cursor.id})`,
    );
  }
  return q
    .innerJoin("persona as p", "p.id", "c.persona_id")
    .innerJoin("industry as i", "i.id", "c.industry_id")
    .leftJoin("user as u", "u.id", "c.created_by")
    .select(LIST_COLUMNS)
    .select(sql<string>`cast(${order.key} as text)`.as("sort_key"))
    .orderBy(sql`${order.key} desc`)
    .orderBy("c.id", "desc")
    .limit(page.limit + 1);
}

/** Counts up to the cap (one row more says "over the cap"). */
async function cappedCount(db: Db, matches: ItemQuery): Promise<number> {
  const row = await db
    .selectFrom(
      matches
        .select(sql`1`.as("one"))
        .limit(LIBRARY_COUNT_CAP + 1)
        .as("t"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The plain list and filters: the planner's own plan, counted up to the cap. */
async function listPage(
  db: Db,
  filters: LibraryFilters,
  sort: LibrarySort,
  page: { cursor?: Cursor; limit: number },
): Promise<LibraryListResult> {
  const matches = applyFilters(db.selectFrom("content_item as c"), filters);
  // Counting stops at the cap: an exact count over a huge match would cost a full scan.
  const n = await cappedCount(db, matches);
  const rows = await pageRows(db, matches, sortExpression(sort, filters.trash), page).execute();
  return { rows, total: Math.min(n, LIBRARY_COUNT_CAP), capped: n > LIBRARY_COUNT_CAP };
}

/**
 * A search, planned from the planner's estimate of its matches (table statistics: the
 * full-text column's most common lexemes and the title expression's histogram):
 * - up to LIBRARY_COUNT_CAP estimated matches: the matches' keys come from the search indexes,
 *   at most the cap plus one; when that many come back the estimate was wrong and the sort-index
 *   walk below runs instead (counted as over the cap); otherwise they are sorted for the page
 *   and counted exactly;
 * - more: the match is dense, so walking the sort's index finds a page after a few hundred rows;
 *   nothing is counted (counting would read every match from the search indexes, which costs
 *   many times the page) and the total is null.
 */
async function searchPage(
  db: Db,
  filters: LibraryFilters,
  sort: LibrarySort,
  page: { cursor?: Cursor; limit: number },
): Promise<LibraryListResult> {
  const matches = applyFilters(db.selectFrom("content_item as c"), filters);
  const order = sortExpression(sort, filters.trash);
  if ((await estimatedRows(matches.select(sql`1`.as("one")))) <= LIBRARY_COUNT_CAP) {
    await planWith(db, "indexes");
    // The keys of at most cap + 1 matches, then the page from them and their count.
    let q = db
      .with(
        (cte) => cte("m").materialized(),
        () =>
          matches
            .select(["c.id as m_id", sql<unknown>`${order.key}`.as("m_key")])
            .limit(LIBRARY_COUNT_CAP + 1),
      )
      .selectFrom("m")
      .innerJoin("content_item as c", "c.id", "m.m_id")
      .innerJoin("persona as p", "p.id", "c.persona_id")
      .innerJoin("industry as i", "i.id", "c.industry_id")
      .leftJoin("user as u", "u.id", "c.created_by")
      .select(LIST_COLUMNS)
      .select([
        sql<string>`cast(m.m_key as text)`.as("sort_key"),
        sql<number>`(select count(*) from m)`.as("n"),
      ]);
    if (page.cursor) {
      q = q.where(
        sql<boolean>`(m.m_key, m.m_id) < (${cursorValue(order, page.cursor)}, ${page.cursor.id})`,
      );
    }
    const found = await q
      .orderBy(sql`m.m_key desc`)
      .orderBy("m.m_id", "desc")
      .limit(page.limit + 1)
      .execute();
    // An empty page after a cursor carries no count: count again (rare).
    const n = Number(found[0]?.n ?? (page.cursor ? await cappedCount(db, matches) : 0));
    if (n <= LIBRARY_COUNT_CAP) {
      return { rows: found.map(({ n: _n, ...row }) => row), total: n, capped: false };
    }
    await planWith(db, "sort-index");
    const rows = await pageRows(db, matches, order, page).execute();
    return { rows, total: LIBRARY_COUNT_CAP, capped: true };
  }
  await planWith(db, "sort-index");
  const rows = await pageRows(db, matches, order, page).execute();
  // A last page reached without a cursor holds every match.
  const complete = !page.cursor && rows.length <= page.limit;
  return { rows, total: complete ? rows.length : null, capped: false };
}

/** The planner's estimate of a query's rows (from table statistics; nothing is read). */
async function estimatedRows(query: { explain: ItemQuery["explain"] }): Promise<number> {
  const [row] = await query.explain("json");
  const value: unknown = row?.["QUERY PLAN"];
  const plan = (typeof value === "string" ? JSON.parse(value) : value) as
    [{ Plan: { "Plan Rows": number } }] | undefined;
  return plan?.[0]?.Plan["Plan Rows"] ?? Number.POSITIVE_INFINITY;
}

/** Users who created at least one item, by name. */
export function listAuthors(db: Db) {
  return db
    .selectFrom("user as u")
    .select(["u.id", "u.name"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("content_item as c")
          .select(sql`1`.as("one"))
          .whereRef("c.created_by", "=", "u.id"),
      ),
    )
    .orderBy("u.name")
    .execute();
}

export function findLibraryItem(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LibraryItemRow | undefined> {
  let query = db
    .selectFrom("content_item as c")
    .innerJoin("persona as p", "p.id", "c.persona_id")
    .innerJoin("industry as i", "i.id", "c.industry_id")
    .leftJoin("user as a", "a.id", "c.created_by")
    .leftJoin("user as ub", "ub.id", "c.updated_by")
    .leftJoin("user as ap", "ap.id", "c.approved_by")
    .leftJoin("content_item_version as v", (join) =>
      join.onRef("v.content_item_id", "=", "c.id").onRef("v.version", "=", "c.version"),
    )
    .leftJoin("user as vb", "vb.id", "v.created_by")
    .selectAll("c")
    .select([
      "p.title as persona_title",
      "i.name as industry_name",
      "a.name as author_name",
      "ub.name as updated_by_name",
      "ap.name as approved_by_name",
      "vb.name as version_saved_by_name",
      "v.created_at as version_saved_at",
    ])
    .where("c.id", "=", id);
  if (options.forUpdate) query = query.forUpdate("c");
  return query.executeTakeFirst();
}

/** Locks the item row for the rest of the transaction; its current version and status. */
export function lockLibraryItem(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom("content_item")
    .select(["id", "status", "version", "deleted_at", "approved_version"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export interface ItemUpdate {
  image_prompt?: string;
  title?: string;
  headline?: string;
  introduction?: string;
  body?: string;
  conclusion?: string;
  quality_after?: number | null;
  quality_report?: string | null;
  status?: ContentStatus;
  version?: number;
  updated_by?: string | null;
  updated_at?: Date;
  deleted_at?: Date | null;
  deleted_by?: string | null;
  approved_version?: number | null;
  approved_by?: string | null;
  approved_at?: Date | null;
  /** JSON: the item's visualization (see attachItemAsset). */
  visualization?: string;
  /** JSON: the item's repurposed variations (see attachItemAsset). */
  repurposed?: string;
}

export async function updateLibraryItem(db: Db, id: string, update: ItemUpdate): Promise<boolean> {
  const result = await db
    .updateTable("content_item")
    .set(update)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertLibraryItem(
  db: Db,
  row: NewContentItem | NewContentItem[],
): Promise<void> {
  await db.insertInto("content_item").values(row).execute();
}

/** Number of stored items, in the Trash too (tests and diagnostics). */
export const countLibraryItems = items.count;

/** Stores one version of an item's text (version 1 when an item is created). */
export async function insertContentVersion(
  db: Db,
  row: NewContentItemVersion | NewContentItemVersion[],
): Promise<void> {
  await db.insertInto("content_item_version").values(row).execute();
}

export function listVersions(db: Db, itemId: string) {
  return db
    .selectFrom("content_item_version as v")
    .select((eb) => [
      "v.version",
      "v.changed_sections",
      "v.quality_score",
      "v.note",
      "v.created_at",
      userNameOf(eb.ref("v.created_by")).as("created_by_name"),
    ])
    .where("v.content_item_id", "=", itemId)
    .orderBy("v.version", "desc")
    .execute();
}

export function findVersion(
  db: Db,
  itemId: string,
  version: number,
): Promise<(ContentItemVersionRow & { created_by_name: string | null }) | undefined> {
  return db
    .selectFrom("content_item_version as v")
    .selectAll("v")
    .select((eb) => userNameOf(eb.ref("v.created_by")).as("created_by_name"))
    .where("v.content_item_id", "=", itemId)
    .where("v.version", "=", version)
    .executeTakeFirst();
}

/** Re-scoring does not change the text: the current version keeps the new score. */
export async function updateVersionQuality(
  db: Db,
  itemId: string,
  version: number,
  score: number,
  report: string,
): Promise<void> {
  await db
    .updateTable("content_item_version")
    .set({ quality_score: score, quality_report: report })
    .where("content_item_id", "=", itemId)
    .where("version", "=", version)
    .execute();
}

export interface NewEvent {
  id: string;
  content_item_id: string;
  kind: string;
  from_status?: string | null;
  to_status?: string | null;
  version?: number | null;
  note?: string | null;
  actor_id: string | null;
  created_at?: Date;
}

export async function insertEvent(db: Db, event: NewEvent | NewEvent[]): Promise<void> {
  await db.insertInto("content_item_event").values(event).execute();
}

export function listEvents(db: Db, itemId: string) {
  return db
    .selectFrom("content_item_event as e")
    .select((eb) => [
      "e.id",
      "e.kind",
      "e.from_status",
      "e.to_status",
      "e.version",
      "e.note",
      "e.created_at",
      userNameOf(eb.ref("e.actor_id")).as("actor_name"),
    ])
    .where("e.content_item_id", "=", itemId)
    .orderBy("e.seq", "desc")
    .execute();
}

/** Deletes items that have been in the Trash since before `cutoff`; how many. */
export async function purgeTrashBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom("content_item")
    .where("deleted_at", "is not", null)
    .where("deleted_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const deleteLibraryItem = items.delete;

// ---- dashboard ----

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The tiles, from the counters (library_stats_*): every day after the one holding `since`
 * comes from the day counters; the part of that first day from `since` on is counted from the
 * live-items creation index (at most one day of items).
 */
export async function dashboardStats(db: Db, since: Date, threshold: number) {
  const sinceDay = utcDay(since);
  const nextDay = new Date(Date.parse(sinceDay) + 86_400_000);
  const { rows } = await sql<{
    total: number;
    last_week: number;
    high_quality: number;
    needs_refinement: number;
  }>`
    select
      (select coalesce(sum(items), 0) from library_stats_day)::int as total,
      ((select coalesce(sum(items), 0) from library_stats_day where day > cast(${sinceDay} as date))
        + (select count(*) from content_item
           where deleted_at is null and created_at >= ${since} and created_at < ${nextDay}))::int
        as last_week,
      (select coalesce(sum(items), 0) from library_stats_quality where quality >= ${threshold})::int
        as high_quality,
      (select coalesce(sum(items), 0) from library_stats_quality where quality < ${threshold})::int
        as needs_refinement`.execute(db);
  const row = rows[0]!;
  return {
    total: Number(row.total),
    lastWeek: Number(row.last_week),
    highQuality: Number(row.high_quality),
    needsRefinement: Number(row.needs_refinement),
  };
}

/** Mean pipeline time of the last `n` generations (duplicates are not generations). */
export async function averageGenerationTime(db: Db, n: number) {
  const row = await db
    .selectFrom(
      db
        .selectFrom("content_item")
        .select(sql<number>`(provenance->>'durationMs')::float8`.as("ms"))
        .where("duplicated_from", "is", null)
        .where(sql<boolean>`provenance ? 'durationMs'`)
        .orderBy("created_at", "desc")
        .limit(n)
        .as("g"),
    )
    .select([sql<number | null>`avg(g.ms)`.as("avg"), sql<number>`count(*)`.as("n")])
    .executeTakeFirstOrThrow();
  return { average: row.avg === null ? null : Number(row.avg), count: Number(row.n) };
}

export function recentItems(db: Db, limit: number) {
  return db
    .selectFrom("content_item as c")
    .innerJoin("persona as p", "p.id", "c.persona_id")
    .innerJoin("industry as i", "i.id", "c.industry_id")
    .select([
      "c.id",
      "c.title",
      "c.content_type",
      "c.created_at",
      "c.quality_after",
      "p.title as persona_title",
      "i.name as industry_name",
    ])
    .where("c.deleted_at", "is", null)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

/** Approved or published items per persona × industry × stage (from the counters). */
export async function coverageCells(db: Db) {
  const rows = await db
    .selectFrom("library_stats_coverage")
    .select([
      "persona_id",
      "industry_id",
      "buying_stage",
      "items as n",
      sql<number | null>`case when scored > 0 then cast(quality_sum / scored as float8) end`.as(
        "avg",
      ),
    ])
    .where("items", ">", 0)
    .orderBy(["persona_id", "industry_id", "buying_stage"])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), avg: r.avg === null ? null : Number(r.avg) }));
}

/** Items created per week (Monday, UTC) since `since` (a Monday), with their average score. */
export async function weeklyCounts(db: Db, since: Date) {
  const rows = await db
    .selectFrom("library_stats_day")
    .select([
      sql<string>`to_char(date_trunc('week', cast(day as timestamp)), 'YYYY-MM-DD')`.as("week"),
      sql<number>`sum(items)`.as("n"),
      sql<number | null>`cast(sum(quality_sum) / nullif(sum(scored), 0) as float8)`.as("avg"),
    ])
    .where(sql<boolean>`day >= cast(${utcDay(since)} as date)`)
    .groupBy(sql`1`)
    .having(sql<boolean>`sum(items) > 0`)
    .execute();
  return rows.map((r) => ({
    week: r.week,
    n: Number(r.n),
    avg: r.avg === null ? null : Number(r.avg),
  }));
}

/** The dashboard counters as stored (rows with items), in key order; scores sums as text. */
export async function readLibraryStats(db: Db) {
  const [days, qualities, coverage] = await Promise.all([
    sql<{ day: string; items: number; scored: number; quality_sum: string }>`
      select to_char(day, 'YYYY-MM-DD') as day, items, scored, trim_scale(quality_sum)::text as quality_sum
      from library_stats_day where items > 0 or scored > 0 or quality_sum <> 0
      order by day`.execute(db),
    sql<{ quality: number; items: number }>`
      select quality, items from library_stats_quality where items <> 0
      order by quality`.execute(db),
    sql<{ key: string; items: number; scored: number; quality_sum: string }>`
      select persona_id || '/' || industry_id || '/' || buying_stage as key, items, scored,
        trim_scale(quality_sum)::text as quality_sum
      from library_stats_coverage where items > 0 or scored > 0 or quality_sum <> 0
      order by persona_id, industry_id, buying_stage`.execute(db),
  ]);
  return { days: days.rows, qualities: qualities.rows, coverage: coverage.rows };
}

/** What readLibraryStats must return, counted from the items themselves. */
export async function recountLibraryStats(db: Db) {
  const [days, qualities, coverage] = await Promise.all([
    sql<{ day: string; items: number; scored: number; quality_sum: string }>`
      select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
        count(*)::int as items, count(quality_after)::int as scored,
        trim_scale(coalesce(sum(quality_after::numeric), 0))::text as quality_sum
      from content_item where deleted_at is null
      group by 1 order by 1`.execute(db),
    sql<{ quality: number; items: number }>`
      select quality_after as quality, count(*)::int as items
      from content_item where deleted_at is null and quality_after is not null
      group by 1 order by 1`.execute(db),
    sql<{ key: string; items: number; scored: number; quality_sum: string }>`
      select persona_id || '/' || industry_id || '/' || buying_stage as key,
        count(*)::int as items, count(quality_after)::int as scored,
        trim_scale(coalesce(sum(quality_after::numeric), 0))::text as quality_sum
      from content_item where deleted_at is null and status in ('approved', 'published')
      group by persona_id, industry_id, buying_stage
      order by persona_id, industry_id, buying_stage`.execute(db),
  ]);
  return { days: days.rows, qualities: qualities.rows, coverage: coverage.rows };
}

/**
 * A cheap fingerprint of the items in the Library (not in the Trash): count and latest change.
 * Every save, trash, restore and delete changes it, so the duplicate index is rebuilt only then.
 */
export function readLibraryTextsVersion(db: Db): Promise<string> {
  return liveRowsVersion(db, "content_item", "deleted_at");
}

/** The text of every item in the Library (not in the Trash), for the duplicate check. */
export async function listLibraryTexts(db: Db) {
  return db
    .selectFrom("content_item")
    .select(["id", "title", "headline", "introduction", "body", "conclusion", "duplicated_from"])
    .where("deleted_at", "is", null)
    .execute();
}

/**
 * An item and its duplicate family: the item it was duplicated from and the items duplicated
 * from it. A piece may restate these without being a near-duplicate of someone else's work.
 */
export async function listDuplicateFamily(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom("content_item")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("id", "=", id),
        eb("duplicated_from", "=", id),
        eb(
          "id",
          "=",
          eb
            .selectFrom("content_item as source")
            .select("source.duplicated_from")
            .where("source.id", "=", id),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}
