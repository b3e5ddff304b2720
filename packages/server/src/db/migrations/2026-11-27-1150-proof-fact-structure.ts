import { sql, type Kysely } from "kysely";

/**
 * A fact's structure: what its figure measures (`claim_measure`, e.g. "engineering change
 * orders"), what kind of quantity it is (`claim_metric`, e.g. "count") and which way it goes
 * (`claim_direction`). All three or none; null for a qualitative fact, and for older facts
 * until someone sets it (the Proof Library derives it from the statement when reading those).
 *
 * The facts seeded before this migration get their structure written out here, matched by id
 * and by their seeded statement, so a fact someone has since reworded is left alone.
 */
const SEEDED: {
  id: string;
  statement: string;
  measure: string;
  metric: string;
  direction: string;
}[] = [
  {
    id: "fact-catalogue-m1",
    statement: "Customers see a 35-45% reduction in engineering change orders.",
    measure: "engineering change orders",
    metric: "count",
    direction: "reduction",
  },
  {
    id: "fact-catalogue-m2",
    statement: "Customers see a 20-30% decrease in time-to-market.",
    measure: "time-to-market",
    metric: "time",
    direction: "reduction",
  },
  {
    id: "fact-catalogue-m3",
    statement: "Customers see a 15-20% reduction in product cost.",
    measure: "product cost",
    metric: "cost",
    direction: "reduction",
  },
  {
    id: "fact-catalogue-m4",
    statement: "Customers see a 25-35% improvement in first-time quality.",
    measure: "first-time quality",
    metric: "rate",
    direction: "increase",
  },
  {
    id: "fact-catalogue-m5",
    statement: "Customers see a 40-50% faster design cycle time.",
    measure: "design cycle time",
    metric: "time",
    direction: "reduction",
  },
  {
    id: "fact-sample-generate-accuracy",
    statement:
      "NCS Generate should-cost estimates for machined parts land within 8% of accepted supplier quotes.",
    measure: "should-cost estimates for machined parts",
    metric: "accuracy",
    direction: "level",
  },
  {
    id: "fact-sample-analytics-savings",
    statement:
      "NCS Analytics finds savings opportunities of 6-10% of analysed direct-material spend.",
    measure: "savings opportunities in direct-material spend",
    metric: "cost",
    direction: "share",
  },
  {
    id: "fact-sample-aerospace-quotes",
    statement:
      "Aerospace customers challenge supplier quotes for castings and forgings with a bottom-up should-cost in 2x fewer review rounds.",
    measure: "supplier quote review rounds",
    metric: "count",
    direction: "reduction",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("proof_fact")
    .addColumn("claim_measure", "text")
    .addColumn("claim_metric", "text")
    .addColumn("claim_direction", "text", (c) =>
      c.check(
        sql`claim_direction is null or claim_direction in ('increase', 'reduction', 'share', 'level')`,
      ),
    )
    .execute();
  await sql`
    alter table proof_fact add constraint proof_fact_structure_whole check (
      (claim_measure is null) = (claim_metric is null)
      and (claim_metric is null) = (claim_direction is null)
    )`.execute(db);
  for (const f of SEEDED) {
    await sql`
      update proof_fact
      set claim_measure = ${f.measure}, claim_metric = ${f.metric}, claim_direction = ${f.direction}
      where id = ${f.id} and statement = ${f.statement} and value is not null
        and claim_direction is null`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
