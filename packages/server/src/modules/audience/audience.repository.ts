import { sql, type Transaction } from "kysely";
import { idTable, type Db } from "../../db/queries";
import type { Database } from "../../db/types";
import { claimSettingOnce } from "../settings/settings.repository";

const findImport = idTable("intent_import").find;

/** Scope of a computed overview: every account, or one industry's. */
export type Scope = "all" | "aerospace" | "automotive" | "high-tech" | "industrial";

const inScope = (scope: Scope) => (scope === "all" ? sql`true` : sql`a.industry_id = ${scope}`);

// --- uploads waiting for confirmation ----------------------------------------------------------

export function insertImport(
  db: Db,
  row: {
    id: string;
    createdBy: string | null;
    expiresAt: Date;
    fileName: string;
    layout: string | null;
    rows: number;
    accounts: number;
    skippedRows: number;
    unknownIndustries: unknown[];
  },
) {
  return db
    .insertInto("intent_import")
    .values({
      id: row.id,
      created_by: row.createdBy,
      expires_at: row.expiresAt,
      file_name: row.fileName,
      layout: row.layout,
      rows: row.rows,
      accounts: row.accounts,
      skipped_rows: row.skippedRows,
      unknown_industries: JSON.stringify(row.unknownIndustries),
    })
    .execute();
}

export function insertImportChunk(db: Db, importId: string, seq: number, accountsJson: string) {
  return db
    .insertInto("intent_import_chunk")
    .values({ import_id: importId, seq, accounts: accountsJson })
    .execute();
}

export function deleteExpiredImports(db: Db, now: Date) {
  return db.deleteFrom("intent_import").where("expires_at", "<", now).execute();
}

/** The waiting upload, locked against a second commit until this transaction ends. */
export function lockImport(trx: Transaction<Database>, id: string) {
  return findImport(trx, id, { forUpdate: true });
}

export function deleteImport(db: Db, id: string) {
  return db.deleteFrom("intent_import").where("id", "=", id).execute();
}

// --- the store -----------------------------------------------------------------------------------

/** Claims a once-per-database marker; false when it was claimed before. */
export function claimSeedMarker(trx: Transaction<Database>, key: string): Promise<boolean> {
  return claimSettingOnce(trx, key, { version: 1 });
}

/** Serialises writers of the store (imports, the sample) until the transaction ends. */
export async function lockIntentStore(trx: Transaction<Database>) {
  await sql`select pg_advisory_xact_lock(hashtext('content-studio:intent-store'))`.execute(trx);
}

/** Removes every account (replace). */
export async function deleteAllAccounts(trx: Transaction<Database>) {
  await trx.deleteFrom("intent_account_topic").execute();
  await trx.deleteFrom("intent_account").execute();
}

/** Removes the accounts that came from the built-in sample (real data replaces it). */
export async function deleteSampleAccounts(trx: Transaction<Database>) {
  await sql`delete from intent_account_topic where domain in (
      select a.domain from intent_account a join intent_dataset d on d.id = a.dataset_id
      where d.is_sample)`.execute(trx);
  await sql`delete from intent_account where dataset_id in (
      select id from intent_dataset where is_sample)`.execute(trx);
}

/** The staged accounts of an upload as rows, straight from its chunks (no round trip). */
const stagedAccounts = (importId: string) => sql`(
  select a.value as acc
  from intent_import_chunk c cross join lateral jsonb_array_elements(c.accounts) a
  where c.import_id = ${importId}
)`;

/**
 * Moves an upload's accounts into the store, upserted by domain. An account already stored
 * takes the file's name, industry, intent, stage and country and keeps what it had besides: its
 * topics are the union of both (the file's score where both have a topic, the strongest
 * `maxTopics` kept) and so are its personas. Domains are unique within one upload and topics
 * within one account (the parser aggregates).
 */
export async function storeImportedAccounts(
  trx: Transaction<Database>,
  importId: string,
  datasetId: string,
  options: { storeIsEmpty: boolean; maxTopics: number },
) {
  await sql`insert into intent_account
      (domain, name, industry_id, intent, buying_stage, personas, country, dataset_id, updated_at)
    select s.acc->>'domain', s.acc->>'name', s.acc->>'industry', (s.acc->>'intent')::int,
      s.acc->>'buyingStage', s.acc->'activePersonas', s.acc->>'country', ${datasetId}, now()
    from ${stagedAccounts(importId)} s
    on conflict (domain) do update set
      name = excluded.name, industry_id = excluded.industry_id, intent = excluded.intent,
      buying_stage = excluded.buying_stage,
      personas = (select coalesce(jsonb_agg(distinct p.persona order by p.persona), '[]'::jsonb)
        from jsonb_array_elements_text(intent_account.personas || excluded.personas) p(persona)),
      country = excluded.country, dataset_id = excluded.dataset_id, updated_at = now()`.execute(
    trx,
  );
  await sql`insert into intent_account_topic (domain, topic, score)
    select s.acc->>'domain', t.value->>'topic', (t.value->>'score')::int
    from ${stagedAccounts(importId)} s cross join lateral jsonb_array_elements(s.acc->'topics') t
    on conflict (domain, topic) do update set score = excluded.score`.execute(trx);
  if (!options.storeIsEmpty) {
    await sql`delete from intent_account_topic t using (
        select domain, topic,
          row_number() over (partition by domain order by score desc, topic) as rank
        from intent_account_topic
        where domain in (select s.acc->>'domain' from ${stagedAccounts(importId)} s)
      ) ranked
      where t.domain = ranked.domain and t.topic = ranked.topic
        and ranked.rank > ${options.maxTopics}`.execute(trx);
  }
}

/** The accounts whose intent is at least `min`, by domain (for the surge events of an import). */
export function listAccountsWithIntentAtLeast(
  db: Db,
  min: number,
): Promise<{ domain: string; name: string; intent: number }[]> {
  return db
    .selectFrom("intent_account")
    .select(["domain", "name", "intent"])
    .where("intent", ">=", min)
    .execute();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("intent_account")
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function insertDataset(
  db: Db,
  row: {
    id: string;
    fileName: string;
    layout: string | null;
    isSample: boolean;
    mode: string;
    importedBy: string | null;
    importedByName: string | null;
    rows: number;
    accounts: number;
    skippedRows: number;
    storedAccounts: number;
    unknownIndustries: unknown;
  },
) {
  return db
    .insertInto("intent_dataset")
    .values({
      id: row.id,
      file_name: row.fileName,
      layout: row.layout,
      is_sample: row.isSample,
      mode: row.mode,
      imported_by: row.importedBy,
      imported_by_name: row.importedByName,
      rows: row.rows,
      accounts: row.accounts,
      skipped_rows: row.skippedRows,
      stored_accounts: row.storedAccounts,
      unknown_industries: JSON.stringify(row.unknownIndustries),
    })
    .execute();
}

export function setDatasetStoredAccounts(db: Db, id: string, stored: number) {
  return db
    .updateTable("intent_dataset")
    .set({ stored_accounts: stored })
    .where("id", "=", id)
    .execute();
}

export function findLatestDataset(db: Db) {
  return db
    .selectFrom("intent_dataset")
    .selectAll()
    .orderBy("imported_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function listDatasets(db: Db, limit: number) {
  return db
    .selectFrom("intent_dataset")
    .selectAll()
    .orderBy("imported_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

// --- computed overview ---------------------------------------------------------------------------

export async function aggregateIndustries(db: Db, scope: Scope) {
  const { rows } = await sql<{ industry: string; accounts: number; avg_intent: number }>`
    select a.industry_id as industry, count(*)::int as accounts, avg(a.intent)::float8 as avg_intent
    from intent_account a where ${inScope(scope)} group by a.industry_id`.execute(db);
  return rows;
}

export async function aggregateStages(db: Db, scope: Scope) {
  const { rows } = await sql<{ stage: string; accounts: number }>`
    select a.buying_stage as stage, count(*)::int as accounts
    from intent_account a where ${inScope(scope)} group by a.buying_stage`.execute(db);
  return rows;
}

export async function aggregateKeywords(db: Db, scope: Scope, surge: number, limit: number) {
  const { rows } = await sql<{ keyword: string; accounts: number }>`
    select t.topic as keyword, count(*)::int as accounts
    from intent_account_topic t join intent_account a on a.domain = t.domain
    where t.score >= ${surge} and ${inScope(scope)}
    group by t.topic order by count(*) desc, t.topic limit ${limit}`.execute(db);
  return rows;
}

export async function aggregatePersonas(db: Db, scope: Scope) {
  const { rows } = await sql<{ persona: string; accounts: number }>`
    select p.persona, count(*)::int as accounts
    from intent_account a cross join lateral jsonb_array_elements_text(a.personas) p(persona)
    where ${inScope(scope)} group by p.persona`.execute(db);
  return rows;
}

/** Per persona, its surging keywords with the number of its accounts on each (top N each). */
export async function aggregatePersonaKeywords(db: Db, scope: Scope, surge: number, per: number) {
  const { rows } = await sql<{ persona: string; keyword: string; accounts: number }>`
    select persona, keyword, accounts from (
      select p.persona, t.topic as keyword, count(*)::int as accounts,
        row_number() over (partition by p.persona order by count(*) desc, t.topic) as rank
      from intent_account a
        cross join lateral jsonb_array_elements_text(a.personas) p(persona)
        join intent_account_topic t on t.domain = a.domain and t.score >= ${surge}
      where ${inScope(scope)}
      group by p.persona, t.topic
    ) ranked where rank <= ${per} order by persona, rank`.execute(db);
  return rows;
}

export interface AccountRow {
  domain: string;
  name: string;
  industry_id: string;
  intent: number;
  buying_stage: string;
  personas: string[];
  keywords: string[];
}

const accountColumns = (perAccount: number) => sql`a.domain, a.name, a.industry_id, a.intent,
  a.buying_stage, a.personas,
  coalesce((select jsonb_agg(k.topic order by k.score desc, k.topic) from (
    select t.topic, t.score from intent_account_topic t where t.domain = a.domain
    order by t.score desc, t.topic limit ${perAccount}) k), '[]'::jsonb) as keywords`;

/** Accounts of a scope by intent, highest first; `after` continues a page (keyset). */
export async function listAccounts(
  db: Db,
  scope: Scope,
  options: {
    limit: number;
    keywordsPerAccount: number;
    after?: { intent: number; domain: string };
  },
) {
  const after = options.after
    ? sql`(a.intent < ${options.after.intent} or (a.intent = ${options.after.intent} and a.domain > ${options.after.domain}))`
    : sql`true`;
  const { rows } = await sql<AccountRow>`
    select ${accountColumns(options.keywordsPerAccount)}
    from intent_account a where ${inScope(scope)} and ${after}
    order by a.intent desc, a.domain limit ${options.limit}`.execute(db);
  return rows;
}

export function upsertSummary(db: Db, scope: string, accountCount: number, data: unknown) {
  return db
    .insertInto("intent_summary")
    .values({ scope, account_count: accountCount, data: JSON.stringify(data) })
    .onConflict((oc) =>
      oc.column("scope").doUpdateSet({
        account_count: accountCount,
        data: JSON.stringify(data),
        computed_at: new Date(),
      }),
    )
    .execute();
}

export function findSummary(db: Db, scope: string) {
  return db
    .selectFrom("intent_summary")
    .select(["account_count", "data"])
    .where("scope", "=", scope)
    .executeTakeFirst();
}

// --- content gaps ---------------------------------------------------------------------------------

/** Surging keyword × persona × stage × industry with how many accounts and how much intent. */
export async function aggregateGapGroups(db: Db, scope: Scope, surge: number) {
  const { rows } = await sql<{
    keyword: string;
    persona: string;
    stage: string;
    industry: string;
    accounts: number;
    intent: number;
  }>`
    select t.topic as keyword, p.persona, a.buying_stage as stage, a.industry_id as industry,
      count(*)::int as accounts, sum(t.score)::int as intent
    from intent_account_topic t
      join intent_account a on a.domain = t.domain
      cross join lateral jsonb_array_elements_text(a.personas) p(persona)
    where t.score >= ${surge} and ${inScope(scope)}
    group by t.topic, p.persona, a.buying_stage, a.industry_id`.execute(db);
  return rows;
}

/** Full-text document of a content item: title, headline, introduction, body and topic. */
const itemDocument = sql`to_tsvector('english', coalesce(c.title, '') || ' ' || coalesce(c.headline, '')
  || ' ' || coalesce(c.introduction, '') || ' ' || coalesce(c.body, '') || ' ' || coalesce(c.topic, ''))`;

/** Approved or published items mentioning the keyword, counted per persona and stage. */
export async function countCoveringItems(db: Db, keyword: string) {
  const { rows } = await sql<{ persona_id: string; buying_stage: string; items: number }>`
    select c.persona_id, c.buying_stage, count(*)::int as items
    from content_item c
    where c.status in ('approved', 'published')
      and c.deleted_at is null
      and ${itemDocument} @@ plainto_tsquery('english', ${keyword})
    group by c.persona_id, c.buying_stage`.execute(db);
  return rows;
}

// --- accounts to target ---------------------------------------------------------------------------

export function findContentItem(db: Db, id: string) {
  return db
    .selectFrom("content_item")
    .select([
      "id",
      "title",
      "persona_id",
      "industry_id",
      "buying_stage",
      "headline",
      "introduction",
      "body",
      "topic",
    ])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function listRecentContentItems(db: Db, limit: number) {
  return db
    .selectFrom("content_item")
    .select(["id", "title", "status", "buying_stage"])
    .where("deleted_at", "is", null)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Stored surging topics that the item's text matches (full text, English). */
export async function matchTopicsInItem(db: Db, itemId: string, surge: number, limit: number) {
  const { rows } = await sql<{ topic: string }>`
    with doc as (select ${itemDocument} as v from content_item c where c.id = ${itemId}),
      topics as (select distinct topic from intent_account_topic where score >= ${surge})
    select topics.topic from topics, doc
    where doc.v @@ plainto_tsquery('english', topics.topic)
    order by topics.topic limit ${limit}`.execute(db);
  return rows.map((r) => r.topic);
}

/** Accounts at the stage surging on any of the topics, highest intent first. */
export async function listAccountsOnTopics(
  db: Db,
  topics: string[],
  stage: string,
  surge: number,
  options: { limit: number; offset: number },
) {
  if (topics.length === 0) return { rows: [] as AccountRow[], total: 0 };
  const where = sql`a.buying_stage = ${stage} and exists (
    select 1 from intent_account_topic t
    where t.domain = a.domain and t.score >= ${surge} and t.topic in (${sql.join(topics)}))`;
  const [{ rows }, count] = await Promise.all([
    sql<AccountRow>`select ${accountColumns(5)} from intent_account a where ${where}
      order by a.intent desc, a.domain limit ${options.limit} offset ${options.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from intent_account a where ${where}`.execute(db),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}
