import { DEFAULT_COMPANY_VOICE } from "@content-studio/contract";
import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, migrateToLatest, type DatabaseHandle } from "./database";
import { migrationProvider } from "./migrations";

/** A database as the release before the company voice left it, with a seeded profile. */
async function databaseBeforeVoice(saved: boolean): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: "pglite" });
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo("2026-11-24-1700-library-change-notifications");
  if (error) throw error;
  await sql`insert into company_profile (id, company_name, short_prefix, description)
    values (1, 'Older Seed Co', 'OSC', 'Seeded before the voice existed.')`.execute(handle.db);
  if (saved) {
    await sql`insert into audit_log (actor_label, action, target_type, target_id)
      values ('An admin', 'company.profile_changed', 'company_profile', '1')`.execute(handle.db);
  }
  return handle;
}

describe("migration 2026-11-27-1140-company-voice", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it.each([
    ["never saved: still the sample", false, true],
    ["saved by an admin: not a sample", true, false],
  ])("marks an existing profile %s", async (_case, saved, isSample) => {
    handle = await databaseBeforeVoice(saved);
    await migrateToLatest(handle.db);
    const row = await handle.db
      .selectFrom("company_profile")
      .select(["is_sample", "voice"])
      .executeTakeFirstOrThrow();
    expect(row.is_sample).toBe(isSample);
    expect(row.voice).toEqual(DEFAULT_COMPANY_VOICE);
  });
});
