import { sql, type Kysely } from "kysely";

/**
 * The intent-data store: imported datasets, the accounts they left in the store with their
 * topics, uploads waiting for confirmation, and the computed overview per industry filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("intent_dataset")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("layout", "text")
    .addColumn("is_sample", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('replace', 'merge')`))
    .addColumn("imported_by", "text")
    .addColumn("imported_by_name", "text")
    .addColumn("imported_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("rows", "integer", (c) => c.notNull())
    .addColumn("accounts", "integer", (c) => c.notNull())
    .addColumn("skipped_rows", "integer", (c) => c.notNull())
    .addColumn("stored_accounts", "integer", (c) => c.notNull())
    .addColumn("unknown_industries", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createIndex("intent_dataset_imported_idx")
    .on("intent_dataset")
    .columns(["imported_at desc", "id"])
    .execute();

  await db.schema
    .createTable("intent_account")
    .addColumn("domain", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("industry_id", "text", (c) =>
      c
        .notNull()
        .check(sql`industry_id in ('aerospace', 'automotive', 'high-tech', 'industrial', 'other')`),
    )
    .addColumn("intent", "integer", (c) => c.notNull().check(sql`intent between 0 and 100`))
    .addColumn("buying_stage", "text", (c) =>
      c.notNull().check(sql`buying_stage in ('awareness', 'consideration', 'decision')`),
    )
    .addColumn("personas", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("country", "text")
    // No foreign keys on the account tables: a check per inserted row tripled the time to
    // import 100,000 topics. Every write goes through one repository, in one transaction.
    .addColumn("dataset_id", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The overview's top accounts (all industries, or one) and the export, highest intent first.
  await db.schema
    .createIndex("intent_account_intent_idx")
    .on("intent_account")
    .columns(["intent desc", "domain"])
    .execute();
  await db.schema
    .createIndex("intent_account_industry_intent_idx")
    .on("intent_account")
    .columns(["industry_id", "intent desc", "domain"])
    .execute();
  await db.schema
    .createIndex("intent_account_stage_idx")
    .on("intent_account")
    .columns(["buying_stage", "intent desc"])
    .execute();
  await db.schema
    .createIndex("intent_account_dataset_idx")
    .on("intent_account")
    .column("dataset_id")
    .execute();

  await db.schema
    .createTable("intent_account_topic")
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull().check(sql`score between 0 and 100`))
    .addPrimaryKeyConstraint("intent_account_topic_pk", ["domain", "topic"])
    .execute();
  // Accounts surging on a topic (content gaps, accounts to target).
  await db.schema
    .createIndex("intent_account_topic_topic_idx")
    .on("intent_account_topic")
    .columns(["topic", "score"])
    .execute();

  await db.schema
    .createTable("intent_import")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("layout", "text")
    .addColumn("rows", "integer", (c) => c.notNull())
    .addColumn("accounts", "integer", (c) => c.notNull())
    .addColumn("skipped_rows", "integer", (c) => c.notNull())
    .addColumn("unknown_industries", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createIndex("intent_import_expires_idx")
    .on("intent_import")
    .column("expires_at")
    .execute();
  await db.schema
    .createTable("intent_import_chunk")
    .addColumn("import_id", "text", (c) =>
      c.notNull().references("intent_import.id").onDelete("cascade"),
    )
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("accounts", "jsonb", (c) => c.notNull())
    .addPrimaryKeyConstraint("intent_import_chunk_pk", ["import_id", "seq"])
    .execute();

  await db.schema
    .createTable("intent_summary")
    .addColumn("scope", "text", (c) => c.primaryKey())
    .addColumn("account_count", "integer", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("computed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
