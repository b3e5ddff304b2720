import type { BuyingStage } from "@content-studio/contract";
import { sql } from "kysely";
import { idTable, rowsWhereIn, userNameOf, type Db } from "../../db/queries";
import type { CampaignBriefCellRow, CampaignBriefRow, NewCampaignBrief } from "../../db/types";

/** A brief row with its owner's name (empty when the account is gone). */
export type BriefWithOwnerRow = CampaignBriefRow & { owner_name: string };

function selectBriefs(db: Db) {
  return db.selectFrom("campaign_brief as b").select((eb) => [
    "b.id",
    "b.name",
    "b.objective",
    "b.key_message",
    "b.fact_ids",
    "b.offers",
    "b.assets",
    "b.article_content_type",
    "b.languages",
    "b.owner_id",
    // A date column comes back from the drivers as a local-time Date: read it as text.
    sql<string | null>`to_char(b.due_date, 'YYYY-MM-DD')`.as("due_date"),
    "b.created_at",
    "b.updated_at",
    sql<string>`coalesce(${userNameOf(eb.ref("b.owner_id"))}, '')`.as("owner_name"),
  ]);
}

/** Every brief, most recently changed first. */
export function listBriefRows(db: Db): Promise<BriefWithOwnerRow[]> {
  return selectBriefs(db).orderBy("b.updated_at", "desc").orderBy("b.id").limit(1000).execute();
}

export async function findBriefRow(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<BriefWithOwnerRow | undefined> {
  if (options.forUpdate) {
    // Lock the brief's own row.
    await db.selectFrom("campaign_brief").select("id").where("id", "=", id).forUpdate().execute();
  }
  return selectBriefs(db).where("b.id", "=", id).executeTakeFirst();
}

/** The cells of the briefs, in each brief's chosen order. */
export function listCellRows(db: Db, briefIds: readonly string[]): Promise<CampaignBriefCellRow[]> {
  return rowsWhereIn(db, "campaign_brief_cell", "brief_id", briefIds, ["brief_id", "sort_order"]);
}

export async function insertBriefRow(db: Db, row: NewCampaignBrief): Promise<void> {
  await db.insertInto("campaign_brief").values(row).execute();
}

const briefs = idTable("campaign_brief");
export const updateBriefRow = briefs.update;

/** Replaces a brief's cells with these, in this order. */
export async function replaceCellRows(
  db: Db,
  briefId: string,
  cells: readonly { personaId: string; industryId: string; buyingStage: BuyingStage }[],
): Promise<void> {
  await db.deleteFrom("campaign_brief_cell").where("brief_id", "=", briefId).execute();
  if (cells.length === 0) return;
  await db
    .insertInto("campaign_brief_cell")
    .values(
      cells.map((c, index) => ({
        brief_id: briefId,
        persona_id: c.personaId,
        industry_id: c.industryId,
        buying_stage: c.buyingStage,
        sort_order: index,
      })),
    )
    .execute();
}

/** Deletes a brief (its cells go with it); whether there was one. */
export const deleteBriefRow = briefs.delete;
