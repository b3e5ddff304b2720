import type { Kysely } from "kysely";
import { insertCompanyLists } from "../company-lists";
import { insertInOrder } from "../queries";
import type { Database } from "../types";
import { BUYING_STAGES } from "@content-studio/contract";
import { COMPANY_CATALOG, COMPANY_VOICE, INDUSTRIES, PERSONAS } from "./reference-data";

const json = (value: unknown) => JSON.stringify(value);

/**
 * Seeds reference data once per database. A marker row claimed inside the same transaction
 * makes it run exactly once, even with several instances starting together; later edits by
 * admins are never overwritten.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("app_setting")
      .values({ key: "seed.reference", value: json({ version: 1 }) })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed) return false;

    await insertInOrder(trx, "persona", PERSONAS, (p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      avg_age: p.avgAge,
      education: p.education,
      reporting_to: p.reportingTo,
      decision_maker: p.decisionMaker,
      influencer: p.influencer ?? null,
      pain_points: json(p.painPoints),
      goals: json(p.goals),
      content_preferences: json(p.contentPreferences),
      key_metrics: json(p.keyMetrics),
      buying_committee: json(p.buyingCommittee),
      buying_journey: json(p.buyingJourney),
      format_effectiveness: json(p.formatEffectiveness),
    }));
    await insertInOrder(trx, "industry", INDUSTRIES, (ind) => ({
      id: ind.id,
      name: ind.name,
      market_size: ind.marketSize,
      engineering_team_size: ind.engineeringTeamSize,
      production_volume: ind.productionVolume,
      key_drivers: json(ind.keyDrivers),
      top_challenges: json(ind.topChallenges),
      content_strategies: json(ind.contentStrategies),
      companies: json(ind.companies),
    }));
    await insertInOrder(trx, "buying_stage", BUYING_STAGES, (id) => ({ id }));
    await trx
      .insertInto("company_profile")
      .values({
        id: 1,
        company_name: COMPANY_CATALOG.companyName,
        short_prefix: COMPANY_CATALOG.shortPrefix,
        description: COMPANY_CATALOG.description,
        voice: json(COMPANY_VOICE),
        // The first-run profile is a sample until an admin saves it: no offers reach the writers.
        is_sample: true,
      })
      .execute();
    await insertCompanyLists(trx, {
      keyMetrics: COMPANY_CATALOG.keyMetrics,
      solutions: COMPANY_CATALOG.solutions,
      offers: COMPANY_CATALOG.offers.map((o, i) => ({ id: `offer-${i + 1}`, ...o })),
    });
    return true;
  });
}
