import {
  BUYING_STAGES,
  BuyingJourneySchema,
  CompanyVoiceSchema,
  DEFAULT_COMPANY_VOICE,
  FormatEffectivenessSchema,
  type BuyingStage,
  type CompanyCatalog,
  type CompanyVoice,
  type Industry,
  type Persona,
} from "@content-studio/contract";
import type { IndustryRow, PersonaRow } from "../../db/types";
import type { loadCompanyCatalogRows } from "./reference.repository";

export function presentPersona(row: PersonaRow): Persona {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    avgAge: row.avg_age,
    education: row.education,
    reportingTo: row.reporting_to,
    decisionMaker: row.decision_maker,
    ...(row.influencer === null ? {} : { influencer: row.influencer }),
    painPoints: row.pain_points,
    goals: row.goals,
    contentPreferences: row.content_preferences,
    keyMetrics: row.key_metrics,
    buyingCommittee: row.buying_committee,
    buyingJourney: BuyingJourneySchema.parse(row.buying_journey),
    formatEffectiveness: FormatEffectivenessSchema.array().parse(row.format_effectiveness),
  };
}

export function presentIndustry(row: IndustryRow): Industry {
  return {
    id: row.id,
    name: row.name,
    marketSize: row.market_size,
    engineeringTeamSize: row.engineering_team_size,
    productionVolume: row.production_volume,
    keyDrivers: row.key_drivers,
    topChallenges: row.top_challenges,
    contentStrategies: row.content_strategies,
    companies: row.companies,
  };
}

export function presentCompanyCatalog(
  rows: Awaited<ReturnType<typeof loadCompanyCatalogRows>>,
): CompanyCatalog {
  return {
    companyName: rows.profile?.company_name ?? "",
    shortPrefix: rows.profile?.short_prefix ?? "",
    description: rows.profile?.description ?? "",
    keyMetrics: rows.keyMetrics.map((m) => ({ id: m.id, label: m.label })),
    solutions: rows.solutions.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      product: s.product,
    })),
    offers: rows.offers.map((o) => ({
      name: o.name,
      url: o.url,
      stages: o.stages.filter((stage): stage is BuyingStage =>
        (BUYING_STAGES as readonly string[]).includes(stage),
      ),
    })),
  };
}

/**
 * The company voice from the profile row; the neutral default when none is stored or the
 * stored value no longer fits the contract.
 */
export function presentCompanyVoice(
  rows: Awaited<ReturnType<typeof loadCompanyCatalogRows>>,
): CompanyVoice {
  const parsed = CompanyVoiceSchema.safeParse(rows.profile?.voice);
  return parsed.success ? parsed.data : DEFAULT_COMPANY_VOICE;
}

/** Whether the profile is still the first-run sample (no admin has saved it). */
export function isSampleProfile(rows: Awaited<ReturnType<typeof loadCompanyCatalogRows>>): boolean {
  return rows.profile?.is_sample ?? false;
}
