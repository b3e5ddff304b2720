import { sql, type Kysely } from "kysely";

/** Accounts (better-auth's tables, camelCase as it expects), setup, secrets, limits, reference data. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("createdAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updatedAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("role", "text")
    .addColumn("banned", "boolean")
    .addColumn("banReason", "text")
    .addColumn("banExpires", "timestamptz")
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", "timestamptz", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updatedAt", "timestamptz", (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", "timestamptz")
    .addColumn("refreshTokenExpiresAt", "timestamptz")
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updatedAt", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", "timestamptz", (c) => c.notNull())
    .addColumn("createdAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updatedAt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  // One row at most: claiming it is what makes first-admin creation atomic on every database.
  await db.schema
    .createTable("app_setup")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("admin_user_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("app_secret")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("app_setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("rate_limit_bucket")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("persona")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("avg_age", "text", (c) => c.notNull())
    .addColumn("education", "text", (c) => c.notNull())
    .addColumn("reporting_to", "text", (c) => c.notNull())
    .addColumn("decision_maker", "boolean", (c) => c.notNull())
    .addColumn("influencer", "boolean")
    .addColumn("pain_points", "jsonb", (c) => c.notNull())
    .addColumn("goals", "jsonb", (c) => c.notNull())
    .addColumn("content_preferences", "jsonb", (c) => c.notNull())
    .addColumn("key_metrics", "jsonb", (c) => c.notNull())
    .addColumn("buying_committee", "jsonb", (c) => c.notNull())
    .addColumn("buying_journey", "jsonb", (c) => c.notNull())
    .addColumn("format_effectiveness", "jsonb", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("industry")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market_size", "text", (c) => c.notNull())
    .addColumn("engineering_team_size", "text", (c) => c.notNull())
    .addColumn("production_volume", "text", (c) => c.notNull())
    .addColumn("key_drivers", "jsonb", (c) => c.notNull())
    .addColumn("top_challenges", "jsonb", (c) => c.notNull())
    .addColumn("content_strategies", "jsonb", (c) => c.notNull())
    .addColumn("companies", "jsonb", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("buying_stage")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("company_profile")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("short_prefix", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("key_metric")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("solution")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
