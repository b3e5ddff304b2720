import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helper";
import { migrateToLatest } from "../database";
import { catalogueFact, SAMPLE_FACTS } from "../seed/proof-facts";
import { COMPANY_CATALOG } from "../seed/reference-data";
import { migrationProvider } from ".";

const THIS = "2026-11-27-1150-proof-fact-structure";

/** The facts seeded before this migration, as the seed wrote them then (no structure). */
const SEEDED = [
  ...COMPANY_CATALOG.keyMetrics.map((m) => ({
    id: `fact-catalogue-${m.id}`,
    ...catalogueFact(m.label),
  })),
  ...SAMPLE_FACTS,
];

describe(`migration ${THIS}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf(THIS) - 1]!;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      database.db,
    );
    const { error } = await new Migrator({
      db: database.db,
      provider: migrationProvider,
      migrationTableSchema: rows[0]?.schema ?? "public",
    }).migrateTo(previous);
    expect(error).toBeUndefined();

    const insert = (f: (typeof SEEDED)[number], id = f.id, statement = f.statement) =>
      sql`insert into proof_fact (id, statement, value, value_max, unit, subject_type, subject_id, source, owner, status)
          values (${id}, ${statement}, ${f.value}, ${f.valueMax}, ${f.unit}, ${f.subjectType},
                  ${f.subjectId}, ${f.source}, ${f.owner}, 'approved')`.execute(database.db);
    for (const f of SEEDED) await insert(f);
    // A seeded fact someone has since reworded, and a fact of the company's own.
    const reworded = SEEDED.find((f) => f.id === "fact-catalogue-m3")!;
    await sql`update proof_fact set statement = 'Customers see a 15-20% lower bill of materials.' where id = ${reworded.id}`.execute(
      database.db,
    );
    await insert(SEEDED[0]!, "fact-own", "Our own customers close 30% more quotes on time.");

    await migrateToLatest(database.db);
  });
  afterAll(() => database.destroy());

  const structures = async () =>
    new Map(
      (
        await database.db
          .selectFrom("proof_fact")
          .select(["id", "claim_measure", "claim_metric", "claim_direction"])
          .execute()
      ).map((r) => [
        r.id,
        r.claim_direction === null
          ? null
          : { measure: r.claim_measure, metric: r.claim_metric, direction: r.claim_direction },
      ]),
    );

  it("gives the seeded facts the structures a new database is seeded with", async () => {
    const after = await structures();
    for (const f of SEEDED.filter((s) => s.id !== "fact-catalogue-m3")) {
      expect(after.get(f.id), f.id).toEqual(f.structure ?? null);
    }
    expect(SEEDED.filter((f) => f.structure).length).toBeGreaterThanOrEqual(8);
  });

  it("leaves a reworded seeded fact and the company's own facts for the service to derive", async () => {
    const after = await structures();
    expect(after.get("fact-catalogue-m3")).toBeNull();
    expect(after.get("fact-own")).toBeNull();
  });

  it("refuses an unknown direction and a partial structure", async () => {
    await expect(
      sql`update proof_fact set claim_direction = 'sideways', claim_measure = 'x', claim_metric = 'y' where id = 'fact-own'`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`update proof_fact set claim_measure = 'quotes' where id = 'fact-own'`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });
});
