/**
 * Seeds the content library with realistic items for benchmarks:
 *   npx tsx packages/server/bench/seed-library.ts --count 100000 (--data-dir DIR | --database-url URL)
 * The database must already be migrated (start the server once). Items get every persona,
 * industry, stage and type, mostly drafts and published pieces, titles from a topic and a
 * headline pattern, bodies of twelve sentences drawn from the shipped example files, scores
 * between 0.3 and 0.98 (5% unscored), dates over the last year, version 1 each, 3% in the Trash.
 *
 * The load is set-based: one INSERT … SELECT over generate_series per table in one transaction,
 * with the secondary indexes of both tables dropped first and rebuilt once at the end (a GIN
 * index built from sorted entries is far cheaper than 100,000 single insertions into it), then
 * ANALYZE. Random choices come from the database's random() after setseed(), so every run on
 * one engine seeds the same data.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BUYING_STAGES, CONTENT_TYPES, INDUSTRY_IDS, PERSONA_IDS } from "@content-studio/contract";
import { sql, type Kysely, type Transaction } from "kysely";
import { openDatabase } from "../src/db/database";
import type { Database } from "../src/db/types";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
  },
});
const COUNT = Number(values.count);

const examplesRoot = path.resolve(import.meta.dirname, "../../../examples");
const sentences = ["good", "bad"]
  .flatMap((c) =>
    fs
      .readdirSync(path.join(examplesRoot, c))
      .map((f) => fs.readFileSync(path.join(examplesRoot, c, f), "utf8")),
  )
  .flatMap((t) => t.split(/(?<=[.!?])\s+/))
  .map((s) => s.trim())
  .filter((s) => s.length > 40 && !s.includes("\n") && !s.startsWith("#") && !s.includes("---"));

const TOPICS = [
  "should-cost analysis",
  "design-to-cost reviews",
  "tolerance stack-up",
  "supplier quote validation",
  "engineering change orders",
  "make-versus-buy decisions",
  "cost of quality",
  "digital twin costing",
  "sheet metal cost drivers",
  "additive manufacturing economics",
  "battery pack cost models",
  "cabin interior weight and cost",
  "PCB assembly cost",
  "machining cycle time",
  "tooling amortisation",
];
/** Headline patterns; `{t}` is the topic, `{i}` the industry. */
const PATTERNS = [
  "How {t} pays off in {i}",
  "Why {i} programs get {t} wrong",
  "A practical guide to {t} for {i} teams",
  "What engineering leaders get wrong about {t}",
  "The business case for {t} in {i}",
  "Five lessons on {t} from {i} suppliers",
  "Benchmarking {t}: {i} results",
  "{t} before the design freeze",
  "From quote to cost model: {t} in {i}",
  "Is your {i} team ready for {t}?",
];
const INDUSTRY_WORDS: Record<string, string> = {
  aerospace: "aerospace",
  automotive: "automotive",
  "high-tech": "high-tech",
  industrial: "industrial equipment",
};
/** Status shares of a library in use: most pieces are drafts or published. */
const STATUS_WEIGHTS = [
  ["draft", 0.4],
  ["in_review", 0.15],
  ["approved", 0.15],
  ["published", 0.3],
] as const;

const textArray = (list: readonly string[]) => sql`cast(${JSON.stringify(list)} as jsonb)`;

/** Drops the secondary indexes of the library tables; returns their definitions. */
async function dropIndexes(trx: Transaction<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string; def: string }>`
    select i.indexname as name, i.indexdef as def
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in ('content_item', 'content_item_version')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
  for (const row of rows) await sql`drop index ${sql.ref(row.name)}`.execute(trx);
  return rows.map((r) => r.def);
}

const laps: string[] = [];
let lapStarted = performance.now();
/** Notes the time since the previous lap under `name`. */
function lap(name: string) {
  const now = performance.now();
  laps.push(`${name} ${((now - lapStarted) / 1000).toFixed(1)} s`);
  lapStarted = now;
}

async function seed(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    // A bulk load runs longer than the pool's statement timeout for requests.
    await sql`set local statement_timeout = 0`.execute(trx);
    const indexes = await dropIndexes(trx);
    lapStarted = performance.now();
    // The sentences as a keyed table: each pick is one index lookup (a large array in every
    // row would be copied at each subscript).
    await sql`create temporary table seed_sentence (n integer primary key, s text not null)
      on commit drop`.execute(trx);
    await sql`insert into seed_sentence (n, s)
      select n, s from jsonb_array_elements_text(${textArray(sentences)})
        with ordinality as t(s, n)`.execute(trx);
    const sentence = (k: number) =>
      sql`(select s from seed_sentence where n = 1 + floor(p.r_text[${sql.lit(k)}] * ${sql.lit(sentences.length)})::int)`;
    const sentencesFrom = (from: number, to: number) =>
      sql.join(
        Array.from({ length: to - from + 1 }, (_, i) => sentence(from + i)),
        sql` || ' ' || `,
      );
    const [draft, review, approved, published] = STATUS_WEIGHTS;
    await sql`select setseed(0.42)`.execute(trx);
    // One row of random draws per item; every pick below reads its own draw.
    await sql`
      with lists as (
        select
          array(select jsonb_array_elements_text(${textArray(TOPICS)})) as topics,
          array(select jsonb_array_elements_text(${textArray(PATTERNS)})) as patterns,
          array(select jsonb_array_elements_text(${textArray(PERSONA_IDS)})) as personas,
          array(select jsonb_array_elements_text(${textArray(INDUSTRY_IDS)})) as industries,
          array(select jsonb_array_elements_text(${textArray(BUYING_STAGES)})) as stages,
          array(select jsonb_array_elements_text(${textArray(CONTENT_TYPES)})) as types,
          coalesce((select array_agg(id order by id) from "user"), '{}') as users
      ),
      draws as (
        select g, random() as r_topic, random() as r_pattern, random() as r_persona,
          random() as r_industry, random() as r_stage, random() as r_type, random() as r_status,
          random() as r_quality, random() as r_score, random() as r_author, random() as r_who,
          random() as r_created, random() as r_updated, random() as r_deleted,
          random() as r_duration,
          array[random(), random(), random(), random(), random(), random(), random(), random(),
            random(), random(), random(), random(), random(), random()] as r_text
        from generate_series(1, ${sql.lit(COUNT)}) g
      ),
      picked as (
        select d.*,
          l.topics[1 + floor(d.r_topic * cardinality(l.topics))::int] as topic,
          l.patterns[1 + floor(d.r_pattern * cardinality(l.patterns))::int] as pattern,
          l.industries[1 + floor(d.r_industry * cardinality(l.industries))::int] as industry,
          now() - d.r_created * interval '365 days' as created,
          l.personas, l.stages, l.types, l.users
        from draws d cross join lists l
      )
      insert into content_item (id, title, content_type, persona_id, industry_id, buying_stage,
        topic, status, headline, introduction, body, conclusion, quality_before, quality_after,
        provenance, created_by, created_at, updated_at, deleted_at)
      select id, title, content_type, persona_id, industry_id, buying_stage, topic, status,
        title, introduction, body, conclusion, quality, quality, provenance, created_by,
        created_at, updated_at,
        case when r_deleted < 0.03 then updated_at end
      from (
        select p.*,
          -- A version-4-shaped id from the seeded draws (gen_random_uuid() reads the system's
          -- random source per row, which costs more than the whole row elsewhere).
          overlay(overlay(md5(p.g || ':' || p.r_topic || ':' || p.r_text[1])::uuid::text
            placing '4' from 15) placing '8' from 20) as id,
          upper(left(t.raw, 1)) || substr(t.raw, 2) as title,
          p.types[1 + floor(p.r_type * cardinality(p.types))::int] as content_type,
          p.personas[1 + floor(p.r_persona * cardinality(p.personas))::int] as persona_id,
          p.industry as industry_id,
          p.stages[1 + floor(p.r_stage * cardinality(p.stages))::int] as buying_stage,
          case
            when p.r_status < ${sql.lit(draft[1])} then ${draft[0]}
            when p.r_status < ${sql.lit(draft[1] + review[1])} then ${review[0]}
            when p.r_status < ${sql.lit(draft[1] + review[1] + approved[1])} then ${approved[0]}
            else ${published[0]}
          end as status,
          ${sentencesFrom(1, 2)} as introduction,
          '<h2>Where cost is decided</h2><p>' || ${sentencesFrom(3, 5)} || '</p><p>' ||
            ${sentencesFrom(6, 8)} || '</p><h2>What to do next</h2><p>' ||
            ${sentencesFrom(9, 11)} || '</p><p>' || ${sentencesFrom(12, 13)} || '</p>' as body,
          ${sentence(14)} as conclusion,
          case when p.r_quality < 0.05 then null
            else round((0.3 + p.r_score * 0.68)::numeric, 3)::float8 end as quality,
          jsonb_build_object('provider', 'builtin', 'model', 'content-studio-writer-1',
            'promptVersion', 'seed', 'exampleIds', '[]'::jsonb,
            'usage', jsonb_build_object('inputTokens', 0, 'outputTokens', 0),
            'durationMs', 300 + floor(p.r_duration * 9000)::int,
            'refinementRounds', 0) as provenance,
          case when cardinality(p.users) > 0 and p.r_author < 0.9
            then p.users[1 + floor(p.r_who * cardinality(p.users))::int] end as created_by,
          p.created as created_at,
          least(now(), p.created + p.r_updated * interval '30 days') as updated_at
        from picked p
        cross join lateral (
          select replace(replace(p.pattern, '{t}', p.topic), '{i}', case p.industry
              when 'aerospace' then ${INDUSTRY_WORDS.aerospace}
              when 'automotive' then ${INDUSTRY_WORDS.automotive}
              when 'high-tech' then ${INDUSTRY_WORDS["high-tech"]}
              else ${INDUSTRY_WORDS.industrial} end) as raw
        ) t
      ) x`.execute(trx);
    lap("items");
    await sql`
      insert into content_item_version (content_item_id, version, title, headline, introduction,
        body, conclusion, quality_score, note, created_by, created_at)
      select id, 1, title, headline, introduction, body, conclusion, quality_after, 'Generated',
        created_by, created_at
      from content_item
      where provenance->>'promptVersion' = 'seed'`.execute(trx);
    lap("versions");
    for (const def of indexes) await sql.raw(def).execute(trx);
    lap("indexes");
  });
  // Fresh statistics, as after any bulk load (PGlite has no autovacuum); the vacuum also sets
  // the visibility map, so index-only scans need not visit the heap.
  await sql`vacuum analyze content_item`.execute(db);
  await sql`vacuum analyze content_item_version`.execute(db);
  lap("vacuum analyze");
  console.log(`seed-library: ${laps.join(", ")}`);
}

async function main() {
  const handle = values["database-url"]
    ? await openDatabase({ kind: "postgres", url: values["database-url"] })
    : await openDatabase({ kind: "pglite", dataDir: values["data-dir"] });
  try {
    const started = performance.now();
    await seed(handle.db);
    const cpu = process.cpuUsage();
    // With PGlite the database runs in this process, so its CPU time is the seed's work
    // whatever else the machine is doing.
    console.log(
      `seed-library: ${COUNT} items in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU s)`,
    );
  } finally {
    await handle.close();
  }
}

await main();
