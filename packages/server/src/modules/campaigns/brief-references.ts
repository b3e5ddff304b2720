import type { BuyingStage, CampaignBriefInput, FieldIssue } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { loadBindingFacts } from "../proof/proof.service";
import {
  listIndustryRows,
  listPersonaRows,
  loadCompanyCatalogRows,
} from "../reference/reference.repository";

/** What a brief may refer to: reference data, usable facts, the company profile's offers. */
export interface BriefReferences {
  personas: ReadonlyMap<string, string>;
  industries: ReadonlyMap<string, string>;
  /** Approved facts by id, with whether each is past its expiry date. */
  facts: ReadonlyMap<string, { expired: boolean }>;
  /** The profile's offers by name, with the stages each suits. */
  offers: ReadonlyMap<string, readonly BuyingStage[]>;
}

export async function loadBriefReferences(
  db: Kysely<Database> | Transaction<Database>,
): Promise<BriefReferences> {
  const [personas, industries, facts, catalog] = await Promise.all([
    listPersonaRows(db),
    listIndustryRows(db),
    loadBindingFacts({ db }),
    loadCompanyCatalogRows(db),
  ]);
  return {
    personas: new Map(personas.map((p) => [p.id, p.title])),
    industries: new Map(industries.map((i) => [i.id, i.name])),
    facts: new Map(facts.map((f) => [f.id, { expired: f.expired }])),
    offers: new Map(catalog.offers.map((o) => [o.name, o.stages as BuyingStage[]])),
  };
}

/** Why a fact cannot be used in a brief, or null when it can. */
export function factProblem(refs: BriefReferences, id: string): string | null {
  const fact = refs.facts.get(id);
  if (!fact) return `'${id}' is not an approved fact in the Proof Library.`;
  if (fact.expired) return `The fact '${id}' has expired.`;
  return null;
}

/** Why an offer cannot be the call to action of a stage, or null when it can. */
export function offerProblem(
  refs: BriefReferences,
  stage: BuyingStage,
  name: string,
): string | null {
  const stages = refs.offers.get(name);
  if (!stages) return `'${name}' is not an offer in the company profile.`;
  if (!stages.includes(stage)) return `The offer '${name}' does not suit the ${stage} stage.`;
  return null;
}

/** Every reference in the brief that does not resolve, each naming its field. */
export function referenceIssues(refs: BriefReferences, input: CampaignBriefInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  input.factIds.forEach((id, index) => {
    const problem = factProblem(refs, id);
    if (problem) issues.push({ path: `body.factIds.${index}`, message: problem });
  });
  for (const stage of ["awareness", "consideration", "decision"] as const) {
    const name = input.offers[stage];
    const problem = name ? offerProblem(refs, stage, name) : null;
    if (problem) issues.push({ path: `body.offers.${stage}`, message: problem });
  }
  input.cells.forEach((cell, index) => {
    if (!refs.personas.has(cell.personaId)) {
      issues.push({
        path: `body.cells.${index}.personaId`,
        message: `Unknown persona '${cell.personaId}'.`,
      });
    }
    if (!refs.industries.has(cell.industryId)) {
      issues.push({
        path: `body.cells.${index}.industryId`,
        message: `Unknown industry '${cell.industryId}'.`,
      });
    }
  });
  return issues;
}
