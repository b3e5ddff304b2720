import type { CampaignBrief, KitSummary } from "@content-studio/contract";
import type { CampaignBriefCellRow } from "../../db/types";
import type { PolicyActor } from "../../lib/policy";
import { briefPolicy } from "./campaigns.policy";
import type { BriefWithOwnerRow } from "./campaigns.repository";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * A brief as the contract answers it. `latestKit` is what the caller knows of the newest kit
 * generated from the brief (briefs do not read kits themselves); null when there is none.
 */
export function presentBrief(
  row: BriefWithOwnerRow,
  cells: readonly CampaignBriefCellRow[],
  actor: PolicyActor,
  latestKit: KitSummary | null = null,
): CampaignBrief {
  return {
    id: row.id,
    name: row.name,
    objective: row.objective,
    keyMessage: row.key_message,
    factIds: [...row.fact_ids],
    offers: {
      awareness: row.offers.awareness ?? null,
      consideration: row.offers.consideration ?? null,
      decision: row.offers.decision ?? null,
    },
    cells: cells.map((c) => ({
      personaId: c.persona_id,
      industryId: c.industry_id,
      buyingStage: c.buying_stage,
    })),
    assets: [...row.assets],
    articleContentType: row.article_content_type,
    languages: [...row.languages],
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    dueDate: row.due_date,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    latestKit,
    can: briefPolicy.capabilities(actor, row),
  };
}
