import { sql, type Kysely } from "kysely";

/**
 * Single sign-on (decision 0048). `sso_connection` holds the one OIDC provider (at most one
 * row): its client secret only sealed (AES-256-GCM under a key derived from the auth secret),
 * the confirmed email domains, the group → role mapping and the password sign-in switch.
 * `ssoProvider` is the SSO plugin's own table (its schema declares it, camelCase as
 * better-auth expects); the provider reaches the plugin from `sso_connection` per request and
 * this table stays empty: nothing writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sso_connection")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_secret_sealed", "text", (c) => c.notNull())
    .addColumn("discovery", "jsonb", (c) => c.notNull())
    .addColumn("allowed_origin", "text")
    .addColumn("domains", "jsonb", (c) => c.notNull())
    .addColumn("groups_claim", "text", (c) => c.notNull())
    .addColumn("group_roles", "jsonb", (c) => c.notNull())
    .addColumn("default_role", "text", (c) =>
      c.check(sql`default_role is null or default_role in ('admin', 'editor', 'viewer')`),
    )
    .addColumn("password_sign_in", "text", (c) =>
      c.notNull().check(sql`password_sign_in in ('everyone', 'break_glass_only')`),
    )
    .addColumn("break_glass_user_ids", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("ssoProvider")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("oidcConfig", "text")
    .addColumn("samlConfig", "text")
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("providerId", "text", (c) => c.notNull().unique())
    .addColumn("organizationId", "text")
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("domainVerified", "boolean")
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
