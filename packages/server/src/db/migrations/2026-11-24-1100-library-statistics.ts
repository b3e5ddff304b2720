import { sql, type Kysely } from "kysely";

/**
 * Counters for the dashboard summary, kept by the database in the transaction of every write to
 * content_item, so the summary reads a few hundred small rows instead of aggregating every item:
 * - library_stats_day: live items per UTC creation day, with how many are scored and the exact
 *   (numeric) sum of their scores (tiles, the weekly chart);
 * - library_stats_quality: live scored items per score (the tiles split at the organisation's
 *   threshold, which can change at any time; scores have three decimals, so at most 1,001 rows);
 * - library_stats_coverage: live approved or published items per persona × industry × stage,
 *   with their scored count and score sum (the coverage map).
 * "Live" means not in the Trash. Statement-level triggers read the statement's old and new rows
 * (transition tables), add the new ones, subtract the old ones, and touch only the counter rows
 * whose totals change (a title edit changes none), in key order. Counter rows that fall to zero
 * stay and are skipped by readers.
 */
/**
 * Adds rows (a query with a `sign` column: +1 added, -1 removed) to the counters; only the
 * counter rows whose totals change are written, in key order.
 */
const COUNT_DAYS = `
  insert into library_stats_day as s (day, items, scored, quality_sum)
  select (created_at at time zone 'UTC')::date, sum(sign),
    count(quality_after) filter (where sign > 0) - count(quality_after) filter (where sign < 0),
    coalesce(sum(sign * quality_after::numeric), 0)
  from (%s) r
  where deleted_at is null
  group by 1
  having sum(sign) <> 0 or coalesce(sum(sign * quality_after::numeric), 0) <> 0
    or count(quality_after) filter (where sign > 0) <> count(quality_after) filter (where sign < 0)
  order by 1
  on conflict (day) do update set items = s.items + excluded.items,
    scored = s.scored + excluded.scored, quality_sum = s.quality_sum + excluded.quality_sum`;

const COUNT_QUALITIES = `
  insert into library_stats_quality as s (quality, items)
  select quality_after, sum(sign)
  from (%s) r
  where deleted_at is null and quality_after is not null
  group by 1
  having sum(sign) <> 0
  order by 1
  on conflict (quality) do update set items = s.items + excluded.items`;

const COUNT_COVERAGE = `
  insert into library_stats_coverage as s
    (persona_id, industry_id, buying_stage, items, scored, quality_sum)
  select persona_id, industry_id, buying_stage, sum(sign),
    count(quality_after) filter (where sign > 0) - count(quality_after) filter (where sign < 0),
    coalesce(sum(sign * quality_after::numeric), 0)
  from (%s) r
  where deleted_at is null and status in ('approved', 'published')
  group by 1, 2, 3
  having sum(sign) <> 0 or coalesce(sum(sign * quality_after::numeric), 0) <> 0
    or count(quality_after) filter (where sign > 0) <> count(quality_after) filter (where sign < 0)
  order by 1, 2, 3
  on conflict (persona_id, industry_id, buying_stage) do update
    set items = s.items + excluded.items, scored = s.scored + excluded.scored,
      quality_sum = s.quality_sum + excluded.quality_sum`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table library_stats_day (
    day date primary key,
    items integer not null,
    scored integer not null,
    quality_sum numeric not null
  )`.execute(db);
  await sql`create table library_stats_quality (
    quality float8 primary key,
    items integer not null
  )`.execute(db);
  await sql`create table library_stats_coverage (
    persona_id text not null,
    industry_id text not null,
    buying_stage text not null,
    items integer not null,
    scored integer not null,
    quality_sum numeric not null,
    primary key (persona_id, industry_id, buying_stage)
  )`.execute(db);

  const columns =
    "created_at, quality_after, status, persona_id, industry_id, buying_stage, deleted_at";
  // One trigger function per operation, with static statements (planned once per session)
  // over that operation's transition tables.
  const rowsOf = {
    insert: `select 1 as sign, ${columns} from new_rows`,
    update: `select 1 as sign, ${columns} from new_rows union all select -1, ${columns} from old_rows`,
    delete: `select -1 as sign, ${columns} from old_rows`,
  };
  const referencing = {
    insert: "new table as new_rows",
    update: "old table as old_rows new table as new_rows",
    delete: "old table as old_rows",
  };
  for (const op of ["insert", "update", "delete"] as const) {
    const body = [COUNT_DAYS, COUNT_QUALITIES, COUNT_COVERAGE]
      .map((statement) => `${statement.replace("%s", rowsOf[op])};`)
      .join("\n");
    await sql
      .raw(
        `
      create function library_stats_on_${op}() returns trigger language plpgsql as $fn$
      begin
        ${body}
        return null;
      end
      $fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger library_stats_${op} after ${op} on content_item
      referencing ${referencing[op]}
      for each statement execute function library_stats_on_${op}()`,
      )
      .execute(db);
  }

  // The items stored so far.
  const existing = `select 1 as sign, ${columns} from content_item`;
  for (const statement of [COUNT_DAYS, COUNT_QUALITIES, COUNT_COVERAGE]) {
    await sql.raw(statement.replace("%s", existing)).execute(db);
  }

  // The summary's two remaining reads walk an index and stop early: the newest generations
  // (duplicates are not generations) and the live items created since a time.
  await sql`create index content_item_generation_created_idx on content_item (created_at desc)
    where duplicated_from is null`.execute(db);

  // The list's audience, type and status filters: matches are found (and counted up to the cap)
  // from this index alone, and only the page's rows are read. The coverage index alone left
  // every approved or published item of a persona and industry to be read and filtered.
  await sql`create index content_item_filters_idx on content_item
    (persona_id, industry_id, content_type, status, buying_stage)
    include (quality_after, created_by) where deleted_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
